"""The link syntax of a Markdown body, found in time linear in its length.

Each function gives exactly what ``finditer`` (or ``sub``) of its plain pattern gives: the same
matches, in order, none overlapping. The plain patterns backtrack: on hostile bodies they try
every ``[`` or ``<a`` and scan from each to the end of the text (``"<a " * 20000``, 60 KB, took
23 s; a long line of backticks grows faster still). Here the long scans of each pattern (to the
next ``]``, ``>``, ``)``, to the end of a run) are done with plain searches whose answers are
kept while they hold, so no stretch of text is scanned more than a few times.
"""

from __future__ import annotations

import re

_SPACES = re.compile(r"\s*")
_DESTINATION_RUN = re.compile(r"[^)\s]*")
_ANGLE_END = re.compile(r"[>\n]")
_BACKTICKS = re.compile(r"`+")
_SHORT_CODE_SPAN = re.compile(r"(``*)(?:[^`\n]++|(?!\1)`)+?\1")
"""The plain code span pattern, rewritten to skip ahead faster (the same matches)."""
_REF_START = re.compile(r"^ {0,3}\[(?!\^)", re.MULTILINE)
_REF_REST = re.compile(r"\]:\s*(<[^>\n]*>|\S+)")
_TAG_START = re.compile(r"<(?:a|img|source|script|link)\b", re.IGNORECASE)
_ATTR_NAME = re.compile(r"\b(?:href|src)", re.IGNORECASE)
_ATTR = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_TITLE_OPENERS = "\"'("
_NONE = 1 << 62
"""A position past any text: "not found" in the caches below."""


def _end_of(run: re.Pattern[str], text: str, start: int) -> int:
    """Where ``run`` (a pattern that also matches nothing) ends when matched at ``start``."""
    match = run.match(text, start)
    return start if match is None else match.end()


class _Finder:
    """The first occurrence of ``char`` at or after a position, remembered while it answers."""

    __slots__ = ("_char", "_found", "_start", "_text")

    def __init__(self, text: str, char: str) -> None:
        self._text, self._char = text, char
        self._start, self._found = _NONE, _NONE

    def __call__(self, start: int) -> int:
        """The position, or ``_NONE``."""
        if not self._start <= start <= self._found:
            found = self._text.find(self._char, start)
            self._start, self._found = start, _NONE if found < 0 else found
        return self._found


def code_spans(text: str) -> list[tuple[int, int]]:
    r"""The (start, end) of what ``re.sub(r"(`+)(?:(?!\1).)+?\1", ...)`` replaces.

    Where no run is longer than three backticks the plain pattern is used: it fails at most a
    few times per line (for each length, only from the last run at least that long), each
    failure costing the rest of the line. Longer runs make it try every shorter closing from
    every backtick of the run, each time to the end of the line, so they are worked out here. A
    span opened by a run of ``m`` backticks, closed by ``k`` of them, holds no newline, and
    ``k`` is the largest length the plain pattern can try first: with ``M`` the longest later run
    of the line, it opens ``min(m, 2M - 1)`` backticks before the run's end (a shorter opening
    ``k`` may not be followed by ``k`` more backticks, so it must exceed half the opening) and
    closes at the first later run of at least ``k = min(opening, M)``.
    """
    if "````" not in text:
        return [match.span() for match in _SHORT_CODE_SPAN.finditer(text)]
    spans: list[tuple[int, int]] = []
    tick = text.find("`")
    while tick >= 0:
        line_end = text.find("\n", tick)
        if line_end < 0:
            line_end = len(text)
        _line_code_spans(text, tick, line_end, spans)
        tick = text.find("`", line_end)
    return spans


def _line_code_spans(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    # The runs longer than every later run of the line: the longest later run of any run is
    # the first of these after it. Their lengths fall, so there are at most about sqrt(2n).
    longest: list[tuple[int, int]] = []
    for run in _BACKTICKS.finditer(text, start, end):
        length = run.end() - run.start()
        while longest and longest[-1][1] <= length:
            longest.pop()
        longest.append((run.start(), length))
    runs = _BACKTICKS.finditer(text, start, end)
    upcoming = 0
    for run in runs:
        at, length = run.start(), run.end() - run.start()
        while length:  # a run, or what is left of one after a span closed in it
            while upcoming < len(longest) and longest[upcoming][0] <= at:
                upcoming += 1
            if upcoming == len(longest):
                return  # no later run on the line: nothing opened from here closes
            later = longest[upcoming][1]
            opening = min(length, 2 * later - 1)
            closing = min(opening, later)
            close = next(r for r in runs if r.end() - r.start() >= closing)
            spans.append((at + length - opening, close.start() + closing))
            at, length = close.start() + closing, close.end() - close.start() - closing


class _LinkEnds:
    r"""The rest of an inline link after its text, ``](destination "title")``, matched at the
    ``]`` positions it is asked about (``None`` where it does not match).

    Asked in increasing order, each scan starts where the last one of its kind stopped or
    reuses its answer, so a stream of questions costs time linear in the text. The plain
    pattern: ``\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+["'(][^)]*)?\)``.
    """

    __slots__ = ("_angle", "_angle_end", "_last_paren", "_memo", "_run", "_run_end", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._last_paren = text.rfind(")")
        self._memo: tuple[int, tuple[int, int, int] | None] = (-1, None)
        # (from, found) of the last search for the ">" or newline ending a <destination>
        self._angle: tuple[int, int] = (_NONE, _NONE)
        # (from, end) of the last plain destination: every character between is part of it
        self._run: tuple[int, int] = (_NONE, _NONE)
        # the last destination end of each kind given to _after, and its answer
        self._angle_end: tuple[int, int | None] = (-1, None)
        self._run_end: tuple[int, int | None] = (-1, None)

    def at(self, close: int) -> tuple[int, int, int] | None:
        """(destination start, destination end, link end) for the ``]`` at ``close``."""
        if self._memo[0] != close:
            self._memo = (close, self._match(close))
        return self._memo[1]

    def _match(self, close: int) -> tuple[int, int, int] | None:
        text = self._text
        if text[close + 1 : close + 2] != "(":
            return None
        start = _end_of(_SPACES, text, close + 2)
        if start >= self._last_paren or text[start] == ")":
            return None  # a destination, then a ")" after it, are needed
        if text[start] == "<":
            search_from, found = self._angle
            if not search_from <= start < found:
                angle = _ANGLE_END.search(text, start + 1)
                found = _NONE if angle is None else angle.start()
                self._angle = (start, found)
            if found != _NONE and text[found] == ">":
                if self._angle_end[0] != found + 1:
                    self._angle_end = (found + 1, self._after(found + 1))
                if (link_end := self._angle_end[1]) is not None:
                    return start, found + 1, link_end
        run_from, run_end = self._run
        if not run_from <= start < run_end:
            run_end = _end_of(_DESTINATION_RUN, text, start)
            self._run = (start, run_end)
        if self._run_end[0] != run_end:
            self._run_end = (run_end, self._after(run_end))
        link_end = self._run_end[1]
        return None if link_end is None else (start, run_end, link_end)

    def _after(self, end: int) -> int | None:
        r"""The end of ``(?:\s+["'(][^)]*)?\)`` at ``end``, or None."""
        text = self._text
        if text[end : end + 1] == ")":
            return end + 1
        title = _end_of(_SPACES, text, end)
        if title == end or title >= self._last_paren or text[title] not in _TITLE_OPENERS:
            return None
        return text.index(")", title + 1) + 1


def inline_links(text: str) -> list[tuple[int, int, int]]:
    r"""(link start, destination start, destination end) of each match of the plain
    ``!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+["'(][^)]*)?\)``.

    The link text from a ``[`` ends at one ``]`` only: the first one if no ``[`` comes before
    it (a *near* end); else the text holds bracketed groups, each running to the next ``]``,
    and ends at the first ``]`` whose stretch since the previous ``]`` holds no ``[`` (a *far*
    end, shared by every ``[`` before the last of a stretch). Near and far ends each come in
    increasing order, each to its own :class:`_LinkEnds`.
    """
    found: list[tuple[int, int, int]] = []
    near, far = _LinkEnds(text), _LinkEnds(text)
    next_close = _Finder(text, "]")
    # (first, limit, end): a far text whose first "]" is in [first, limit) ends at ``end``.
    walked: tuple[int, int, int] = (_NONE, _NONE, _NONE)
    matched_to = 0
    bracket = text.find("[")
    while bracket >= 0:
        close = next_close(bracket + 1)
        if close == _NONE:
            break
        if text.find("[", bracket + 1, close) < 0:
            link = near.at(close)
        else:
            if not walked[0] <= close < walked[1]:
                walked = _far_end(text, close)
            link = None if walked[2] == _NONE else far.at(walked[2])
        if link is None:
            bracket = text.find("[", bracket + 1)
            continue
        bang = bracket > matched_to and text[bracket - 1] == "!"
        found.append((bracket - 1 if bang else bracket, link[0], link[1]))
        matched_to = link[2]
        bracket = text.find("[", matched_to)
    return found


def _far_end(text: str, close: int) -> tuple[int, int, int]:
    """The ``walked`` triple of :func:`inline_links` for a text whose first ``]`` is ``close``."""
    previous = close
    while True:
        following = text.find("]", previous + 1)
        if following < 0:
            return close, previous + 1, _NONE
        if text.find("[", previous + 1, following) < 0:
            return close, following, following
        previous = following


def reference_definitions(text: str) -> list[tuple[int, str]]:
    r"""(start, destination) of each match of the plain
    ``^ {0,3}\[(?!\^)[^\]]+\]:\s*(<[^>\n]*>|\S+)`` (multi-line): the label runs to the
    first ``]`` after it, whichever line that is on."""
    found: list[tuple[int, str]] = []
    next_close = _Finder(text, "]")
    tried: tuple[int, re.Match[str] | None] = (-1, None)
    position = 0
    while (start := _REF_START.search(text, position)) is not None:
        close = next_close(start.end())
        if close == _NONE:
            break
        if close > start.end():
            if tried[0] != close:
                tried = (close, _REF_REST.match(text, close))
            if (rest := tried[1]) is not None:
                found.append((start.start(), rest.group(1)))
                position = rest.end()
                continue
        position = start.start() + 1
    return found


def html_links(text: str) -> list[tuple[int, str]]:
    r"""(start, URL) of each match of the plain (case-insensitive)
    ``<(?:a|img|source|script|link)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']``: the
    first ``href=``/``src=`` with a quoted value that starts before the tag's first ``>``."""
    found: list[tuple[int, str]] = []
    next_gt = _Finder(text, ">")
    bare = (_NONE, _NONE)  # (from, to): no href=/src= with a quoted value starts in between
    position = 0
    while (tag := _TAG_START.search(text, position)) is not None:
        name_end = tag.end()
        if not bare[0] <= name_end <= bare[1]:
            bare = (name_end, name_end)
        tag_end = min(next_gt(name_end), len(text))
        if (match := _first_attribute(text, bare[1], tag_end)) is not None:
            found.append((tag.start(), match.group(1)))
            position = match.end()
        else:
            bare = (bare[0], tag_end)
            position = tag.start() + 1
    return found


def _first_attribute(text: str, start: int, end: int) -> re.Match[str] | None:
    """The first ``href=``/``src=`` with a quoted value whose name starts in [start, end)."""
    position = start
    while (name := _ATTR_NAME.search(text, position, end)) is not None:
        if (match := _ATTR.match(text, name.start())) is not None:
            return match
        position = name.end()
    return None
