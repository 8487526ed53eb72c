"""Find the file links and the mentioned paths in a Markdown body (no full Markdown parse)."""

from __future__ import annotations

import dataclasses as dc
import functools
import posixpath
import re
from collections.abc import Iterator
from urllib.parse import unquote

from skill_catalog.validate import link_syntax

_MENTION = re.compile(r"\b((?:scripts|references|assets)/[\w.@+/-]*\w)")
_MENTION_STARTS = ("scripts/", "references/", "assets/")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")


@dc.dataclass(slots=True, frozen=True)
class Link:
    target: str
    """The link as written (angle brackets removed)."""
    line: int
    """Line within the body, 1-based."""
    mention: bool = False
    """True for a bare path mentioned in text or code, not a Markdown link."""


_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})([^\n]*)$", re.MULTILINE)
_FENCE_AFTER_NEWLINE = re.compile(r"\n {0,3}(`{3,}|~{3,})([^\n]*)")
"""The fence lines after the first: the leading newline lets the engine skip from line to line."""


def _fence_lines(body: str) -> Iterator[tuple[int, int, str, str]]:
    """(start, end, fence, info) of every line that opens or may close a fenced block."""
    first = _FENCE_LINE.match(body)
    if first is not None:
        yield first.start(), first.end(), first.group(1), first.group(2)
    for match in _FENCE_AFTER_NEWLINE.finditer(body):
        yield match.start() + 1, match.end(), match.group(1), match.group(2)


def _code_blocks(body: str) -> list[tuple[int, int]]:
    """Offsets (start, end) of fenced code blocks; an unclosed fence runs to the end."""
    blocks: list[tuple[int, int]] = []
    opened: tuple[int, str] | None = None
    for start, end, fence, rest in _fence_lines(body):
        if opened is None:
            if fence[0] == "`" and "`" in rest:
                continue  # not a fence: an info string may not hold backticks
            opened = (start, fence)
        elif fence[0] == opened[1][0] and len(fence) >= len(opened[1]) and not rest.strip():
            blocks.append((opened[0], end))
            opened = None
    if opened is not None:
        blocks.append((opened[0], len(body)))
    return blocks


def _mentions(body: str) -> list[tuple[int, str]]:
    """(offset, path) of every scripts/, references/ or assets/ path mentioned in ``body``.

    Only the places where one of those words stands are tried, in order and never inside the
    previous match: exactly the matches a search through the whole body finds."""
    candidates: list[int] = []
    for needle in _MENTION_STARTS:
        found = body.find(needle)
        while found >= 0:
            candidates.append(found)
            found = body.find(needle, found + 1)
    candidates.sort()
    found_paths: list[tuple[int, str]] = []
    matched_to = 0
    for start in candidates:
        if start < matched_to:
            continue
        match = _MENTION.match(body, start)  # \b still sees the character before ``start``
        if match is None:
            continue
        end = matched_to = match.end()
        if start and body[start - 1] in "/.$~-":
            continue  # part of a longer path or a variable: not a path of this skill
        if body[end : end + 1] in ("#", "?", "%", "*", "{", "<", "$"):
            continue  # a pattern or placeholder, not a file name
        found_paths.append((start, match.group(1)))
    return found_paths


@functools.lru_cache(maxsize=64)
def scan(body: str, mentions: bool = True) -> tuple[Link, ...]:
    """Links outside code, then (with ``mentions``) path mentions anywhere, code included."""
    found = _links(body) if "](" in body or "]:" in body or "<" in body else []
    count = len(found)
    if mentions and ("scripts/" in body or "references/" in body or "assets/" in body):
        found += _mentions(body)
    if not found:
        return ()
    result: list[Link] = []
    line, counted_to = 1, 0
    for index, (offset, target) in enumerate(found):
        if offset < counted_to:  # the mentions start again from the top
            line, counted_to = 1, 0
        line += body.count("\n", counted_to, offset)
        counted_to = offset
        result.append(Link(target, line, index >= count))
    return tuple(result)


def _links(body: str) -> list[tuple[int, str]]:
    """(offset, target) of the links outside fenced code blocks and code spans, in order."""
    found: list[tuple[int, str]] = []
    position = 0
    segments: list[tuple[int, int]] = []
    if "```" in body or "~~~" in body:
        for start, end in _code_blocks(body):
            segments.append((position, start))
            position = end
    segments.append((position, len(body)))
    for start, end in segments:
        text = body[start:end] if start or end != len(body) else body
        has_inline, has_ref, has_html = "](" in text, "]:" in text, "<" in text
        if not (has_inline or has_ref or has_html):
            continue  # blanking code spans cannot create any of these
        if "`" in text:
            text = _blank_code_spans(text)
        if has_inline and "](" in text:
            found.extend((start + at, text[begin:end].strip("<>"))
                         for at, begin, end in link_syntax.inline_links(text))
        for present, needle, finder in (
            (has_ref, "]:", link_syntax.reference_definitions),
            (has_html, "<", link_syntax.html_links),
        ):
            if present and needle in text:
                found.extend((start + at, target.strip("<>")) for at, target in finder(text))
    found.sort(key=_offset)  # stable: links at one offset keep the order found
    return found


def _blank_code_spans(text: str) -> str:
    """``text`` with each code span replaced by as many spaces."""
    parts: list[str] = []
    position = 0
    for start, end in link_syntax.code_spans(text):
        parts += (text[position:start], " " * (end - start))
        position = end
    if not parts:
        return text
    parts.append(text[position:])
    return "".join(parts)


def _offset(item: tuple[int, str]) -> int:
    return item[0]


@dc.dataclass(slots=True, frozen=True)
class LocalLink:
    """A link or mention of a body that names a local file, with what the rules ask of it."""

    link: Link
    path: str
    """:func:`local_path` of the target."""
    leaves: bool
    """:func:`leaves_folder` of ``path``."""
    rel: str
    """``path`` relative to the skill folder (:func:`normalize`); "" when ``leaves``."""


def local_links(body: str) -> tuple[LocalLink, ...]:
    """The links and mentions of ``body`` (:func:`scan`) that name a local file, worked out
    once for all the rules that check them."""
    found: list[LocalLink] = []
    for link in scan(body):
        path = local_path(link.target)
        if path is None:
            continue
        leaves = leaves_folder(path)
        found.append(LocalLink(link, path, leaves, "" if leaves else normalize(path)))
    return tuple(found)


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
    if _DRIVE.match(path):
        return True
    return posixpath.normpath(path.replace("\\", "/")).startswith("..")


def normalize(path: str, base: str = "") -> str:
    """``path`` relative to the skill folder, from a file in folder ``base`` (``""``: the root)."""
    return posixpath.normpath(posixpath.join(base, path.replace("\\", "/")))
