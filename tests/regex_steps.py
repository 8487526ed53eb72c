"""The work Python's regular expression engine does on a text, counted: a backtracking matcher
over Python's own parse of the pattern (``re._parser``), trying what ``sre`` tries in the order
it tries it (leftmost start first, greedy or lazy repeats, alternatives in order, lookarounds,
back references), one step a character compared or a choice tried.

``sys.settrace`` counts Python lines, not what runs inside the C engine, so a pattern that
backtracks into quadratic or cubic time is invisible to it; this matcher makes that work a
number. It leaves out ``sre``'s shortcuts (a literal prefix searched for, a repeat that looks
at the next character first), which change the constant, not how the work grows."""

from __future__ import annotations

import re
from collections.abc import Iterator
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as p  # type: ignore[attr-defined]
from typing import Any


class TooMuch(Exception):
    """The step budget was spent."""


_SINGLE = (c.LITERAL, c.NOT_LITERAL, c.ANY, c.IN)
_REPEATS = (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT)
_IGNORECASE, _ASCII, _DOTALL, _MULTILINE = (int(re.IGNORECASE), int(re.ASCII), int(re.DOTALL),
                                            int(re.MULTILINE))
_SPACES = " \t\n\r\f\v"

Items = list[tuple[Any, Any]]
"""A sequence of the parse tree as plain lists and tuples (:func:`_plain`): walking
``re._parser.SubPattern`` objects and combining ``re.RegexFlag`` values cost most of the time,
and change no count."""


def _plain(sub: Any) -> Items:
    """``sub`` (a parse tree or one of its sequences) as :data:`Items`, every nested sequence
    converted too, a lookbehind's width computed once."""
    items: Items = []
    for op, value in sub:
        if op is c.BRANCH:
            value = (value[0], [_plain(branch) for branch in value[1]])
        elif op is c.SUBPATTERN:
            group, add, remove, inner = value
            value = (group, int(add), int(remove), _plain(inner))
        elif op in _REPEATS:
            low, high, inner = value
            value = (low, high, _plain(inner))
        elif op in (c.ASSERT, c.ASSERT_NOT):
            direction, inner = value
            value = (direction, _plain(inner), inner.getwidth()[0])
        elif op is c.ATOMIC_GROUP:
            value = _plain(value)
        elif op is c.IN:
            value = list(value)
        items.append((op, value))
    return items


class Steps:
    """Counts the steps of ``pattern.finditer(text)`` (every match, as a scan may ask)."""

    def __init__(self, pattern: re.Pattern[str], budget: int) -> None:
        tree = p.parse(pattern.pattern, pattern.flags)
        self.items = _plain(tree)
        self.flags = int(tree.state.flags)
        self.budget = budget
        self.steps = 0
        self.text = ""
        self.groups: dict[int, tuple[int, int]] = {}
        self._classes: dict[tuple[int, str, int], tuple[bool, int]] = {}

    def tick(self, count: int = 1) -> None:
        self.steps += count
        if self.steps > self.budget:
            raise TooMuch

    def finditer(self, text: str) -> int:
        self.text, self.steps, self.groups = text, 0, {}
        position = 0
        while position <= len(text):
            found = None
            for start in range(position, len(text) + 1):
                self.tick()
                for end in self._seq(self.items, 0, start, self.flags):
                    found = (start, end)
                    break
                if found:
                    break
            if found is None:
                break
            position = found[1] if found[1] > found[0] else found[1] + 1
        return self.steps

    # one character ----------------------------------------------------------------------

    def _same(self, char: str, code: int, flags: int) -> bool:
        if flags & _IGNORECASE:
            return char.lower() == chr(code).lower() or char.upper() == chr(code).upper()
        return ord(char) == code

    def _category(self, char: str, category: Any, flags: int) -> bool:
        ascii_only = bool(flags & _ASCII)
        if category in (c.CATEGORY_DIGIT, c.CATEGORY_NOT_DIGIT):
            yes = char.isdecimal() and (char.isascii() or not ascii_only)
            return yes if category is c.CATEGORY_DIGIT else not yes
        if category in (c.CATEGORY_SPACE, c.CATEGORY_NOT_SPACE):
            yes = char in _SPACES or (not ascii_only and char.isspace())
            return yes if category is c.CATEGORY_SPACE else not yes
        if category in (c.CATEGORY_WORD, c.CATEGORY_NOT_WORD):
            yes = self._word(char, flags)
            return yes if category is c.CATEGORY_WORD else not yes
        raise NotImplementedError(category)

    def _word(self, char: str, flags: int) -> bool:
        if flags & _ASCII:
            return char.isascii() and (char.isalnum() or char == "_")
        return char.isalnum() or char == "_"

    def _in(self, char: str, items: Items, flags: int) -> bool:
        """Whether ``char`` is in the class ``items``, ticking once for each item tried (as
        SRE does). A class's answer for a character is worked out once and replayed: the
        same steps are counted, without walking a large class again for every position."""
        key = (id(items), char, flags)
        known = self._classes.get(key)
        if known is None:
            known = self._classes[key] = self._in_once(char, items, flags)
        hit, tried = known
        self.tick(tried)
        return hit

    def _in_once(self, char: str, items: Items, flags: int) -> tuple[bool, int]:
        negated = bool(items) and items[0][0] is c.NEGATE
        variants = {char, char.lower(), char.upper()} if flags & _IGNORECASE else {char}
        hit = False
        tried = 0
        for op, value in items[1:] if negated else items:
            tried += 1
            if op is c.LITERAL:
                hit = any(ord(v) == value for v in variants)
            elif op is c.RANGE:
                hit = any(value[0] <= ord(v) <= value[1] for v in variants)
            elif op is c.CATEGORY:
                hit = self._category(char, value, flags)
            else:
                raise NotImplementedError(op)
            if hit:
                break
        return hit != negated, tried

    def _one(self, op: Any, value: Any, position: int, flags: int) -> bool:
        self.steps += 1
        if self.steps > self.budget:
            raise TooMuch
        if position >= len(self.text):
            return False
        char = self.text[position]
        if op is c.LITERAL:
            if flags & _IGNORECASE:
                return self._same(char, value, flags)
            return ord(char) == value
        if op is c.NOT_LITERAL:
            return not self._same(char, value, flags)
        if op is c.ANY:
            return bool(flags & _DOTALL) or char != "\n"
        return self._in(char, value, flags)

    # sequences ------------------------------------------------------------------------

    def _seq(self, items: Items, index: int, position: int, flags: int) -> Iterator[int]:
        """The end positions of ``items[index:]`` matched from ``position``, in the order the
        engine tries them."""
        if index == len(items):
            yield position
            return
        op, value = items[index]
        if op in _SINGLE:  # one character: no generator for the node
            if self._one(op, value, position, flags):
                yield from self._seq(items, index + 1, position + 1, flags)
            return
        for end in self._node(op, value, position, flags):
            yield from self._seq(items, index + 1, end, flags)

    def _node(self, op: Any, value: Any, position: int, flags: int) -> Iterator[int]:
        if op in _SINGLE:
            if self._one(op, value, position, flags):
                yield position + 1
        elif op is c.BRANCH:
            for branch in value[1]:
                self.tick()
                yield from self._seq(branch, 0, position, flags)
        elif op is c.SUBPATTERN:
            group, add, remove, sub = value
            inner = (flags | add) & ~remove
            for end in self._seq(sub, 0, position, inner):
                saved = self.groups.get(group) if group else None
                if group:
                    self.groups[group] = (position, end)
                yield end
                if group:
                    if saved is None:
                        self.groups.pop(group, None)
                    else:
                        self.groups[group] = saved
        elif op in _REPEATS:
            yield from self._repeat(op, value, position, flags)
        elif op is c.AT:
            self.tick()
            if self._at(value, position, flags):
                yield position
        elif op in (c.ASSERT, c.ASSERT_NOT):
            direction, items, width = value
            if direction > 0:
                ok = next(iter(self._seq(items, 0, position, flags)), None) is not None
            else:
                start = position - width
                ok = start >= 0 and any(e == position for e in self._seq(items, 0, start, flags))
            if ok == (op is c.ASSERT):
                yield position
        elif op is c.GROUPREF:
            start, end = self.groups.get(value, (0, 0))
            size = end - start
            self.tick(max(1, size))
            wanted = self.text[start:end]
            got = self.text[position: position + size]
            if (got.lower() == wanted.lower()) if flags & _IGNORECASE else got == wanted:
                yield position + size
        elif op is c.ATOMIC_GROUP:
            first = next(iter(self._seq(value, 0, position, flags)), None)
            if first is not None:
                yield first
        else:
            raise NotImplementedError(op)

    def _repeat(self, op: Any, value: Any, position: int, flags: int) -> Iterator[int]:
        low, high, items = value
        top = len(self.text) if high is c.MAXREPEAT else high
        if len(items) == 1 and items[0][0] in _SINGLE:
            single_op, single = items[0]
            count = 0
            while count < top and self._one(single_op, single, position + count, flags):
                count += 1
            if count < low:
                return
            if op is c.POSSESSIVE_REPEAT:
                yield position + count
            elif op is c.MAX_REPEAT:
                for taken in range(count, low - 1, -1):
                    self.tick()
                    yield position + taken
            else:
                for taken in range(low, count + 1):
                    self.tick()
                    yield position + taken
            return
        yield from self._repeat_items(op, items, low, top, 0, position, flags)

    def _repeat_items(self, op: Any, items: Items, low: int, top: int,
                      count: int, position: int, flags: int) -> Iterator[int]:
        self.tick()
        lazy = op is c.MIN_REPEAT
        if lazy and count >= low:
            yield position
        if count < top:
            for end in self._seq(items, 0, position, flags):
                if end == position and count >= low:
                    continue  # an empty iteration ends the repeat
                yield from self._repeat_items(op, items, low, top, count + 1, end, flags)
                if op is c.POSSESSIVE_REPEAT:
                    return
        if not lazy and count >= low:
            yield position

    def _at(self, code: Any, position: int, flags: int) -> bool:
        text = self.text
        multiline = bool(flags & _MULTILINE)
        if code is c.AT_BEGINNING or code is c.AT_BEGINNING_LINE:
            return position == 0 or ((multiline or code is c.AT_BEGINNING_LINE)
                                     and text[position - 1] == "\n")
        if code is c.AT_BEGINNING_STRING:
            return position == 0
        if code is c.AT_END or code is c.AT_END_LINE:
            if position == len(text) or (position == len(text) - 1 and text[-1] == "\n"):
                return True
            return (multiline or code is c.AT_END_LINE) and text[position] == "\n"
        if code is c.AT_END_STRING:
            return position == len(text)
        before = position > 0 and self._word(text[position - 1], flags)
        after = position < len(text) and self._word(text[position], flags)
        if code is c.AT_BOUNDARY:
            return before != after
        if code is c.AT_NON_BOUNDARY:
            return before == after
        raise NotImplementedError(code)


def steps(pattern: re.Pattern[str], text: str, budget: int) -> int | None:
    """The steps of ``pattern.finditer(text)``, or None past ``budget``."""
    try:
        return Steps(pattern, budget).finditer(text)
    except TooMuch:
        return None


def found(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """The spans this matcher finds (to check it against Python's engine)."""
    counter = Steps(pattern, 10**9)
    counter.text, counter.groups = text, {}
    spans = []
    position = 0
    while position <= len(text):
        hit = None
        for start in range(position, len(text) + 1):
            for end in counter._seq(counter.items, 0, start, counter.flags):
                hit = (start, end)
                break
            if hit:
                break
        if hit is None:
            break
        spans.append(hit)
        position = hit[1] if hit[1] > hit[0] else hit[1] + 1
    return spans
