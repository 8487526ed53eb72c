"""GFM's extended autolinks (bare ``https://…``, ``www.…`` and e-mail addresses) for markdown-it-py.

markdown-it-py's own ``linkify`` needs the extra ``linkify-it-py`` package and follows linkify-it's
fuzzier rules (it links ``example.com``, which GitHub does not). This is the GFM specification's
"Autolinks (extension)" section instead, written to agree with cmark-gfm, GitHub's reference
implementation: the same triggers, valid-domain test and trailing-punctuation trimming, so both
engines of :mod:`skill_catalog.site.markdown.engines` link the same text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

_TRIGGER = re.compile(
    r"(?P<url>(?<![A-Za-z])(?:[Hh][Tt][Tt][Pp][Ss]?|[Ff][Tt][Pp])://)"
    r"|(?P<www>www\.)"
    r"|(?P<email>(?<![A-Za-z0-9.+_-])(?:mailto:)?[A-Za-z0-9.+_-]+@)"
)
_ASCII_SPACE = frozenset(" \t\n\r\f\v")
MAX_AUTOLINK = 2048
"""Longest bare URL linked (cmark-gfm has no bound): keeps the work per candidate bounded, so
text crafted with many almost-links renders in linear time."""
_PATH_STOP = re.compile(r"[ \t\n\r\f\v<]")
_WWW_BOUNDARY = frozenset("*_~(") | _ASCII_SPACE
_TRAILING = frozenset("?!.,:*_~'\"")
_INLINE_BOUNDARY_TOKENS = frozenset(
    {"softbreak", "hardbreak", "em_open", "em_close", "strong_open", "strong_close", "s_open",
     "s_close"}
)  # fmt: skip


def _is_hostchar(char: str) -> bool:
    """cmark-gfm's test: neither whitespace nor punctuation (Unicode-aware)."""
    return not char.isspace() and not unicodedata.category(char).startswith("P")


def _domain_end(text: str, start: int, limit: int, *, allow_short: bool) -> int:
    """End of a valid domain in ``text[start:limit]``, or ``start`` if there is none."""
    if start >= limit or text[start] in ".-":
        return start
    index, periods, underscores_last, underscores_before = start, 0, 0, 0
    while index < limit:
        char = text[index]
        if char == "_":
            underscores_last += 1
        elif char == ".":
            underscores_before, underscores_last = underscores_last, 0
            periods += 1
        elif char != "-" and not _is_hostchar(char):
            break
        index += 1
    if underscores_before or underscores_last:
        return start
    return index if (periods or allow_short) else start


def _trim(text: str, start: int, end: int) -> int:
    """Drop trailing punctuation, an unbalanced ``)`` or an entity-like ``&name;``."""
    less_than = text.find("<", start, end)
    if less_than != -1:
        end = less_than
    unbalanced = text.count(")", start, end) - text.count("(", start, end)
    while end > start:
        char = text[end - 1]
        if char in _TRAILING:
            end -= 1
        elif char == ";":
            back = end - 2
            while back > start and text[back].isascii() and text[back].isalpha():
                back -= 1
            end = back if back < end - 2 and text[back] == "&" else end - 1
        elif char == ")" and unbalanced > 0:
            unbalanced -= 1
            end -= 1
        else:
            break
    return end


def _path_end(text: str, start: int) -> int:
    """First ASCII whitespace or ``<`` at or after ``start`` (or the end of ``text``)."""
    match = _PATH_STOP.search(text, start)
    return match.start() if match else len(text)


def _email_end(text: str, at: int) -> int | None:
    """End of the domain after the ``@`` at ``at``, or None if the address is not valid."""
    end, periods = at + 1, 0
    while end < len(text):
        char = text[end]
        if char.isascii() and char.isalnum():
            pass
        elif char == "@":
            return None
        elif char == "." and end + 1 < len(text) and text[end + 1].isascii() and text[
            end + 1
        ].isalnum():
            periods += 1
        elif char not in "-_":
            break
        end += 1
    last = text[end - 1]
    if end - at < 2 or not periods or not (last == "." or (last.isascii() and last.isalpha())):
        return None
    return _trim(text, at, end)


def find_autolinks(text: str, *, boundary_before: bool = True) -> Iterator[tuple[int, int, str]]:
    """``(start, end, href)`` for each GFM extended autolink in ``text``.

    :param boundary_before: whether the position before ``text`` counts as a boundary (start of
        a line, or after emphasis), where a ``www.`` link may begin.
    """
    pos = 0
    run_end = -1  # the path end is shared by every candidate in a run of non-space characters
    while match := _TRIGGER.search(text, pos):
        start = match.start()
        end = start
        href = ""
        if match.group("email"):
            email_end = _email_end(text, match.end() - 1)
            if email_end is not None:
                end = email_end
                link = text[start:end]
                href = link if link.startswith("mailto:") else "mailto:" + link
        else:
            is_www = match.group("www") is not None
            before_ok = not is_www or (
                text[start - 1] in _WWW_BOUNDARY if start else boundary_before
            )
            domain_start = start if is_www else match.end()
            if before_ok and domain_start < len(text) and text[domain_start] not in ".-":
                if start >= run_end:
                    run_end = _path_end(text, start)
                trimmed = _trim(text, start, min(run_end, start + MAX_AUTOLINK))
                domain_end = _domain_end(text, domain_start, trimmed, allow_short=not is_www)
                if domain_end > domain_start + (4 if is_www else 0):
                    end = trimmed
                    href = ("http://" if is_www else "") + text[start:end]
        if end > start:
            yield start, end, href
            pos = end
        else:
            pos = start + 1


def _link_tokens(md: MarkdownIt, text: str, href: str, level: int) -> list[Token]:
    url = md.normalizeLink(href)
    opening = Token("link_open", "a", 1, attrs={"href": url}, markup="autolink", info="auto")
    opening.level = level
    inner = Token("text", "", 0, content=text)
    inner.level = level + 1
    closing = Token("link_close", "a", -1, markup="autolink", info="auto")
    closing.level = level
    return [opening, inner, closing]


def _split(md: MarkdownIt, token: Token, boundary_before: bool) -> list[Token] | None:
    text = token.content
    found = list(find_autolinks(text, boundary_before=boundary_before))
    if not found:
        return None
    pieces: list[Token] = []
    pos = 0
    for start, end, href in found:
        if start > pos:
            pieces.append(Token("text", "", 0, content=text[pos:start], level=token.level))
        if not md.validateLink(md.normalizeLink(href)):
            pieces.append(Token("text", "", 0, content=text[start:end], level=token.level))
        else:
            pieces.extend(_link_tokens(md, text[start:end], href, token.level))
        pos = end
    if pos < len(text):
        pieces.append(Token("text", "", 0, content=text[pos:], level=token.level))
    return pieces


def _autolink_rule(state: StateCore) -> None:
    md = state.md
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        result: list[Token] = []
        changed = False
        link_depth = 0
        previous: Token | None = None
        for token in block.children:
            if token.type == "link_open":
                link_depth += 1
            elif token.type == "link_close":
                link_depth -= 1
            elif token.type == "text" and link_depth == 0 and ("://" in token.content or
                                                              "www." in token.content or
                                                              "@" in token.content):
                boundary = previous is None or previous.type in _INLINE_BOUNDARY_TOKENS
                pieces = _split(md, token, boundary)
                if pieces is not None:
                    result.extend(pieces)
                    changed = True
                    previous = token
                    continue
            result.append(token)
            previous = token
        if changed:
            block.children = result


def gfm_autolink_plugin(md: MarkdownIt) -> None:
    """Link bare URLs, ``www.`` domains and e-mail addresses as GitHub does."""
    md.core.ruler.before("text_join", "gfm_autolink", _autolink_rule)
