"""Find the file links and the mentioned paths in a Markdown body (no full Markdown parse)."""

from __future__ import annotations

import bisect
import dataclasses as dc
import functools
import posixpath
import re
from urllib.parse import unquote

_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
_INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+[\"'(][^)]*)?\)"
)
_REF_DEF = re.compile(r"^ {0,3}\[(?!\^)[^\]]+\]:\s*(<[^>\n]*>|\S+)", re.MULTILINE)
_HTML_ATTR = re.compile(
    r"""<(?:a|img|source|script|link)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""",
    re.IGNORECASE,
)
_MENTION = re.compile(r"\b((?:scripts|references|assets)/[\w.@+/-]*\w)")
_NEWLINE = re.compile("\n")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


@dc.dataclass(slots=True, frozen=True)
class Link:
    target: str
    """The link as written (angle brackets removed)."""
    line: int
    """Line within the body, 1-based."""
    mention: bool = False
    """True for a bare path mentioned in text or code, not a Markdown link."""


_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})([^\n]*)$", re.MULTILINE)


def _code_blocks(body: str) -> list[tuple[int, int]]:
    """Offsets (start, end) of fenced code blocks; an unclosed fence runs to the end."""
    blocks: list[tuple[int, int]] = []
    if "```" not in body and "~~~" not in body:
        return blocks
    opened: tuple[int, str] | None = None
    for match in _FENCE_LINE.finditer(body):
        fence, rest = match.group(1), match.group(2)
        if opened is None:
            if fence[0] == "`" and "`" in rest:
                continue  # not a fence: an info string may not hold backticks
            opened = (match.start(), fence)
        elif fence[0] == opened[1][0] and len(fence) >= len(opened[1]) and not rest.strip():
            blocks.append((opened[0], match.end()))
            opened = None
    if opened is not None:
        blocks.append((opened[0], len(body)))
    return blocks


@functools.lru_cache(maxsize=64)
def scan(body: str, mentions: bool = True) -> tuple[Link, ...]:
    """Links outside code, then (with ``mentions``) path mentions anywhere, code included."""
    found: list[tuple[int, Link]] = []
    position = 0
    segments: list[tuple[int, int]] = []
    for start, end in _code_blocks(body):
        segments.append((position, start))
        position = end
    segments.append((position, len(body)))
    for start, end in segments:
        text = body[start:end]
        if "`" in text:
            text = _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), text)
        checks = (
            (_INLINE_LINK, "]("), (_REF_DEF, "]:"), (_HTML_ATTR, "<"),
        )
        for regex, needle in checks:
            if needle not in text:
                continue
            for match in regex.finditer(text):
                offset = start + match.start()
                found.append((offset, Link(match.group(1).strip("<>"), 0)))
    if mentions and ("scripts/" in body or "references/" in body or "assets/" in body):
        for match in _MENTION.finditer(body):
            if match.start() and body[match.start() - 1] in "/.$~-":
                continue  # part of a longer path or a variable: not a path of this skill
            if body[match.end() : match.end() + 1] in ("#", "?", "%", "*", "{", "<", "$"):
                continue  # a pattern or placeholder, not a file name
            found.append((match.start(), Link(match.group(1), 0, mention=True)))
    found.sort(key=lambda item: (item[1].mention, item[0]))
    if not found:
        return ()
    newlines = [m.start() for m in _NEWLINE.finditer(body)]
    return tuple(
        Link(link.target, bisect.bisect_left(newlines, offset) + 1, link.mention)
        for offset, link in found
    )


def local_path(target: str) -> str | None:
    """The path part of a link to a local file, or None for URLs, anchors and empty links."""
    if target.startswith("#") or not target:
        return None
    if _SCHEME.match(target) and not target.lower().startswith("file:"):
        return None
    path = target.split("#", 1)[0].split("?", 1)[0]
    return unquote(path) if path else None


def leaves_folder(path: str) -> bool:
    """True for absolute paths, ``file:`` URLs, and relative paths that climb above the folder."""
    if path.lower().startswith("file:") or path.startswith(("/", "\\", "~")):
        return True
    if re.match(r"^[A-Za-z]:[\\/]", path):
        return True
    return posixpath.normpath(path.replace("\\", "/")).startswith("..")


def normalize(path: str, base: str = "") -> str:
    """``path`` relative to the skill folder, from a file in folder ``base`` (``""``: the root)."""
    return posixpath.normpath(posixpath.join(base, path.replace("\\", "/")))
