"""Which lines of a file the trust checks need to read: one pass of RE2 (a linear-time engine,
the ``google-re2`` wheel) over the whole file with a *superset* of every check's pattern.

The checks themselves stay Python :mod:`re` patterns and code (shell splitting, Python's
``ast``), run as before, but only on the segments and lines where the superset matched: a line
none of the widened patterns can match holds no hit of any check. Each Python pattern is
translated mechanically (its parse tree, :mod:`re._parser`) into an RE2 pattern that matches
at least everything it matches: word boundaries and lookarounds dropped, back references
widened to any text, ``\\s``/``\\d``/``\\w`` widened to their Unicode meaning, ``^``/``$`` as
line anchors. Where RE2 is not installed, or a pattern cannot be translated, every line is a
candidate: the same findings, at the old speed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

try:  # pragma: no cover - the wheel is a dependency; the fallback keeps other platforms whole
    import re2 as _re2  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover
    _re2 = None

from re import _constants as _c  # type: ignore[attr-defined]
from re import _parser as _p  # type: ignore[attr-defined]

ENGINE = "re2" if _re2 is not None else None
"""The accelerating engine in use, or None (every line is read)."""

_NON_ASCII = r"\x{80}-\x{10ffff}"
_WIDE_CATEGORY = {
    # Every non-ASCII character: a superset of Python's Unicode classes whose automaton stays
    # small (Unicode letter tables would make RE2's automaton outgrow its memory).
    _c.CATEGORY_DIGIT: r"\d" + _NON_ASCII,
    _c.CATEGORY_SPACE: r"\s\x0b\x1c-\x1f" + _NON_ASCII,
    _c.CATEGORY_WORD: r"\w" + _NON_ASCII,
    # RE2's complements are of its ASCII classes, so already at least Python's.
    _c.CATEGORY_NOT_DIGIT: r"\D",
    _c.CATEGORY_NOT_SPACE: r"\S",
    _c.CATEGORY_NOT_WORD: r"\W",
}
"""Inside a class that is not negated: at least what Python's category holds."""
_NARROW_CATEGORY = {
    _c.CATEGORY_DIGIT: r"\d",
    _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_WORD: r"\w",
}
"""Inside a negated class: at most what Python's category holds (so the complement is at
least Python's)."""


def linear(pattern: re.Pattern[str]) -> Any:
    """``pattern`` compiled for RE2, which runs in time linear in the text (the same
    ``search``/``finditer`` and match objects, character offsets in a ``str``); the Python
    pattern itself where RE2 is not installed. Only patterns RE2 reads as Python does (no
    lookaround, no back reference): ``tests/test_trust_linear.py`` checks each one."""
    if _re2 is None:  # pragma: no cover
        return pattern
    options = _re2.Options()
    options.case_sensitive = not pattern.flags & re.IGNORECASE
    options.dot_nl = bool(pattern.flags & re.DOTALL)
    options.log_errors = False
    if pattern.flags & re.MULTILINE:
        options.posix_syntax = True
        options.one_line = False
    return _re2.compile(pattern.pattern, options)


class Untranslatable(Exception):
    """A construct with no RE2 superset here: the pattern gets no prefilter."""


_DOTTED_I = r"\x{130}\x{131}"
"""Python's case-insensitive ``i`` also matches ``İ`` and ``ı``, RE2's does not."""
_WORD_EDGE_BEFORE = r"(?:(?m:^)|[^0-9A-Za-z_])"
_WORD_EDGE_AFTER = r"(?:[^0-9A-Za-z_]|(?m:$))"
"""A word boundary next to a word character: any character that is not an ASCII letter,
digit or underscore (at least what Python's Unicode ``\\b`` allows there), or the line's
edge."""


def _char(code: int) -> str:
    if code in (0x49, 0x69):
        return f"[{chr(code)}{_DOTTED_I}]"
    if code < 0x80 and (chr(code).isalnum() or chr(code) == "_"):
        return chr(code)
    return f"\\x{{{code:x}}}"


def _class_char(code: int) -> str:
    if code < 0x80 and (chr(code).isalnum() or chr(code) == "_"):
        return chr(code)
    return f"\\x{{{code:x}}}"


def _class(items: Sequence[tuple[Any, Any]]) -> str:
    negated = bool(items) and items[0][0] is _c.NEGATE
    parts: list[str] = []
    covers_i = False
    for op, value in items[1:] if negated else items:
        if op is _c.LITERAL:
            parts.append(_class_char(value))
            covers_i = covers_i or value in (0x49, 0x69)
        elif op is _c.RANGE:
            parts.append(f"{_class_char(value[0])}-{_class_char(value[1])}")
            covers_i = covers_i or value[0] <= 0x69 <= value[1] or value[0] <= 0x49 <= value[1]
        elif op is _c.CATEGORY:
            table = _NARROW_CATEGORY if negated else _WIDE_CATEGORY
            if value not in table:
                raise Untranslatable(f"category {value} in a negated class")
            parts.append(table[value])
        else:
            raise Untranslatable(f"class item {op}")
    if not parts:
        raise Untranslatable("empty class")
    if covers_i and not negated:
        parts.append(_DOTTED_I)
    return f"[{'^' if negated else ''}{''.join(parts)}]"


def _is_word(code: int) -> bool:
    return code < 0x80 and (chr(code).isalnum() or chr(code) == "_")


def _word_at_edge(items: Sequence[tuple[Any, Any]], last: bool) -> bool:
    """Every match of ``items`` begins (``last`` false) or ends (true) with a word
    character."""
    if not items:
        return False
    op, value = items[-1 if last else 0]
    if op is _c.LITERAL:
        return _is_word(value)
    if op is _c.BRANCH:
        return all(_word_at_edge(list(branch), last) for branch in value[1])
    if op is _c.SUBPATTERN:
        return _word_at_edge(list(value[3]), last)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT) and value[0] >= 1:
        return _word_at_edge(list(value[2]), last)
    return False


_ZERO_WIDTH = (_c.AT, _c.ASSERT, _c.ASSERT_NOT)


def _sequence(items: Iterable[tuple[Any, Any]], at_start: bool = False,
              at_end: bool = False) -> str:
    """``items`` in RE2's syntax; ``at_start``/``at_end``: nothing of the pattern comes before
    or after them, so a word boundary there may take the character beside the match."""
    nodes = list(items)
    out: list[str] = []
    for index, (op, value) in enumerate(nodes):
        first = at_start and all(o in _ZERO_WIDTH for o, _ in nodes[:index])
        last = at_end and all(o in _ZERO_WIDTH for o, _ in nodes[index + 1:])
        if op is _c.AT and value is _c.AT_BOUNDARY:
            if first and _word_at_edge(nodes[index + 1:], last=False):
                out.append(_WORD_EDGE_BEFORE)
            elif last and _word_at_edge(nodes[:index], last=True):
                out.append(_WORD_EDGE_AFTER)
            # elsewhere dropped, which only widens: taking the character there could take
            # one that the next part of the pattern needs
            continue
        out.append(_node(op, value, first, last))
    return "".join(out)


def _node(op: Any, value: Any, first: bool = False, last: bool = False) -> str:
    if op is _c.LITERAL:
        return _char(value)
    if op is _c.NOT_LITERAL:
        return f"[^{_class_char(value)}]"
    if op is _c.ANY:
        return "."
    if op is _c.IN:
        return _class(value)
    if op is _c.CATEGORY:
        return f"[{_WIDE_CATEGORY[value]}]"
    if op is _c.BRANCH:
        return "(?:" + "|".join(_sequence(branch, first, last) for branch in value[1]) + ")"
    if op is _c.SUBPATTERN:
        _group, add_flags, del_flags, pattern = value
        mode = _flags(add_flags)
        if _flags(del_flags):
            mode += "-" + _flags(del_flags)
        return f"(?{mode}:{_sequence(pattern, first, last)})"
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, high, pattern = value
        inner = f"(?:{_sequence(pattern)})"
        if low > 1000 or (high is not _c.MAXREPEAT and high > 1000):
            return f"{inner}*" if low == 0 else f"{inner}+"  # RE2 counts to 1000; wider
        top = "" if high is _c.MAXREPEAT else str(high)
        return f"{inner}{{{low},{top}}}"
    if op is _c.AT:
        if value in (_c.AT_BEGINNING, _c.AT_BEGINNING_STRING, _c.AT_BEGINNING_LINE):
            return "(?m:^)"  # a segment starts at a line start of its file
        if value in (_c.AT_END, _c.AT_END_STRING, _c.AT_END_LINE):
            return "(?m:$)"
        return ""  # a word boundary not at the pattern's edge: dropped, which only widens
    if op in (_c.ASSERT, _c.ASSERT_NOT):
        return ""  # lookarounds: dropped, which only widens
    if op is _c.GROUPREF:
        return "(?s:.*)"
    if op is _c.ATOMIC_GROUP:
        return f"(?:{_sequence(value)})"
    raise Untranslatable(f"opcode {op}")


def _flags(flags: int) -> str:
    return ("i" if flags & re.IGNORECASE else "") + ("s" if flags & re.DOTALL else "")


def superset(pattern: re.Pattern[str]) -> str:
    """An RE2 pattern matching at least what ``pattern`` matches, at the same places (for a
    pattern run on lines or segments that start at line starts of the file)."""
    parsed = _p.parse(pattern.pattern, pattern.flags)
    flags = _flags(pattern.flags)
    body = _sequence(parsed, at_start=True, at_end=True)
    return f"(?{flags}:{body})" if flags else f"(?:{body})"


_CONTINUATION = re.compile(
    rb"\\(?:[ \t\x0b\x0c\r\x1c-\x1f]|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]|"
    rb"\xe2\x81\x9f|\xe3\x80\x80)*\n")
"""A backslash ending a line, before whitespace as :meth:`str.rstrip` strips it (UTF-8)."""


def join_continuations(data: bytes) -> bytes | None:
    """``data`` with each line continuation (a backslash, trailing whitespace, the newline)
    replaced by as many spaces: lines joined as the shell checks join them, every offset
    kept; None when there is none."""
    if b"\\" not in data or _CONTINUATION.search(data) is None:
        return None
    return _CONTINUATION.sub(lambda match: b" " * len(match.group()), data)


def continued_lines(data: bytes) -> set[int]:
    """0-based numbers of the lines of ``data`` that a line continuation joins to another
    (the line ending with it and the next): where the shell checks read a logical line
    made of several."""
    found: set[int] = set()
    if b"\\" not in data:
        return found
    line = 0
    position = 0
    for match in _CONTINUATION.finditer(data):
        line += data.count(b"\n", position, match.start())
        last = line + data.count(b"\n", match.start(), match.end())
        found.update(range(line, last + 1))
        line, position = last, match.end()
    return found


def joined_runs(data: bytes) -> list[tuple[int, int, int]]:
    """(start, end, 0-based number of the first line) of each logical line of ``data`` that
    line continuations make of several lines: from the start of its first line to the end
    of its last (its newline excluded)."""
    runs: list[tuple[int, int, int]] = []
    line = 0
    position = 0
    for match in _CONTINUATION.finditer(data):
        start = data.rfind(b"\n", 0, match.start()) + 1
        line += data.count(b"\n", position, match.start())
        newline = data.find(b"\n", match.end())
        end = len(data) if newline < 0 else newline
        if runs and start <= runs[-1][1]:  # the run's last line goes on
            runs[-1] = (runs[-1][0], end, runs[-1][2])
        else:
            runs.append((start, end, line))
        position = match.start()
    return runs


class LineFinder:
    """The lines of a text where any of the given patterns could match."""

    __slots__ = ("_compiled", "_group", "_patterns", "_ready")

    def __init__(self, patterns: Iterable[re.Pattern[str]], group: int = 3) -> None:
        """``group``: patterns compiled into one RE2 program. RE2's automaton for a long
        alternation of patterns with ``[^\\n]*`` gaps outgrows its cache and slows down
        (measured: 3 a program is fastest for the code and instruction checks); literal-led
        patterns such as the secret formats combine well. Translated and compiled on first
        use, not when the module is imported."""
        self._patterns = tuple(patterns)
        self._group = group
        self._compiled: list[Any] | None = None
        self._ready = False

    @property
    def _regexes(self) -> list[Any] | None:
        """The RE2 programs, or None without RE2 or a translation."""
        if not self._ready:
            self._compiled, self._ready = self._compile(), True
        return self._compiled

    def _compile(self) -> list[Any] | None:
        if _re2 is None:
            return None
        try:
            translated = [superset(pattern) for pattern in self._patterns]
            options = _re2.Options()
            options.max_mem = 64 << 20
            options.never_capture = True
            options.log_errors = False
            return [_re2.compile("|".join(translated[i: i + self._group]).encode("utf-8"),
                                 options)
                    for i in range(0, len(translated), self._group)]
        except (Untranslatable, _re2.error):
            return None

    @property
    def ready(self) -> bool:
        """Compiled (or found not compilable) already."""
        return self._ready

    @property
    def active(self) -> bool:
        return self._regexes is not None

    def lines(self, data: bytes, searched: bytes | None = None) -> set[int] | None:
        """0-based numbers of the lines of ``data`` (a file's UTF-8 bytes) that a match
        touches, or None when there is no prefilter (every line is a candidate). ``searched``,
        when given, is what the patterns run on instead: ``data`` with some characters
        replaced by others of the same length (continuation lines joined)."""
        if self._regexes is None:
            return None
        target = data if searched is None else searched
        found: set[int] = set()
        for regex in self._regexes:
            line = 0
            position = 0
            for match in regex.finditer(target):
                start, end = match.span()
                line += data.count(b"\n", position, start)
                last = line + data.count(b"\n", start, end)
                found.update(range(line, last + 1))
                line, position = last, end
        return found

    def candidates(self, data: bytes) -> set[int] | None:
        """:meth:`lines`, reading shell continuations (a backslash at the end of a line)
        both as written and joined, as the shell checks read them: the joined text of each
        logical line made of several, each on its own (not the whole file a second time)."""
        found = self.lines(data)
        if found is None:
            return None
        joined = join_continuations(data)
        if joined is not None:
            for start, end, first in joined_runs(data):
                found.update(first + number
                             for number in self.lines(data[start:end], joined[start:end]) or ())
        return found

    def any_match(self, data: bytes) -> bool:
        """Whether a pattern could match anywhere in ``data`` (True without RE2)."""
        if self._regexes is None:
            return True
        return any(regex.search(data) is not None for regex in self._regexes)
