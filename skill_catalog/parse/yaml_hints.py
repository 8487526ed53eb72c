"""Explain a YAML error in the frontmatter: which line is wrong, and how to fix it.

PyYAML and libyaml report where reading gave up, which is often a line after the mistake: an
unclosed ``[`` on line 3 is reported at the ``:`` of the key on line 4. Each explanation here
is given only when the text at the line it names shows the mistake it describes (the opening
``[`` is there, the tab is there, the value starts with that character); otherwise the
parser's own words stand at the parser's line, with no advice. No explanation asks for a
change to YAML that is valid: a block scalar (``>-``, ``|``) is never blamed for an error
elsewhere.
"""

from __future__ import annotations

import dataclasses as dc
import re
from collections.abc import Callable
from typing import Any

from yaml.tokens import AliasToken, FlowMappingEndToken, FlowSequenceEndToken, ScalarToken

from skill_catalog.fs import safe_yaml


@dc.dataclass(slots=True, frozen=True)
class Explanation:
    message: str
    """The text after "Invalid YAML in frontmatter: "."""
    line: int | None
    column: int | None


@dc.dataclass(slots=True, frozen=True)
class _KeyLine:
    indent: int
    key: str
    colon: int
    """1-based column of the ``:`` after the key."""
    value: int | None
    """1-based column where the value starts on this line, None when nothing follows."""


# "key: value", "key:" or "- key: value": the key is everything up to the first ':' that is
# followed by a space or ends the line.
_KEY = re.compile(r"^(?P<indent> *)(?:- +)*(?P<key>[^\s#].*?)[ \t]*:(?=[ \t]|$)")
_BLOCK_HEADER = re.compile(r":[ \t]+[>|][-+0-9]*[ \t]*(?:#.*)?$")
_CLOSER = {"[": "]", "{": "}"}
_QUOTE_NAME = {'"': "double", "'": "single"}


def _key_line(text: str) -> _KeyLine | None:
    match = _KEY.match(text)
    if match is None:
        return None
    rest = text[match.end():]
    stripped = rest.lstrip(" \t")
    value = None if not stripped or stripped.startswith("#") else \
        match.end() + len(rest) - len(stripped) + 1
    return _KeyLine(len(match["indent"]), match["key"], match.end(), value)


_MAX_SCAN = 256 << 10
"""Frontmatter longer than this is not re-scanned for tokens (the pure-Python scanner is
slow): explanations that need to know where a value began are then left out."""


class _Source:
    """The frontmatter's lines, addressed by file line number."""

    def __init__(self, text: str, first_line: int, last_line: int | None) -> None:
        self.text = text
        self.first = first_line
        self.rows = text.split("\n")
        self.last = last_line
        """The line where the parser stopped: tokens are scanned up to it."""
        self._tokens: list[Any] | None = None

    def has(self, line: int | None) -> bool:
        return line is not None and 0 <= line - self.first < len(self.rows)

    def line(self, line: int | None) -> str:
        return self.rows[line - self.first] if line is not None and self.has(line) else ""

    def char(self, line: int | None, column: int | None) -> str:
        text = self.line(line)
        return text[column - 1] if column is not None and 0 < column <= len(text) else ""

    def content_before(self, line: int) -> int | None:
        """The nearest line above ``line`` that holds more than blanks or a comment."""
        for number in range(line - 1, self.first - 1, -1):
            stripped = self.line(number).strip()
            if stripped and not stripped.startswith("#"):
                return number
        return None

    def tokens(self) -> list[Any]:
        """The tokens up to the line where the parser stopped."""
        if self._tokens is None:
            self._tokens = [] if self.last is None or len(self.text) > _MAX_SCAN else \
                safe_yaml.scan(self.text, stop_line=self.last - self.first)
        return self._tokens

    def file_line(self, mark: Any) -> int:
        return int(mark.line) + self.first


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _starts_value(text: str, column: int) -> bool:
    """Whether the character at ``column`` is the first one of a value (after ``key:``, a
    ``- `` item, ``[``, ``{`` or ``,``, or at the start of the line)."""
    before = text[: column - 1].rstrip(" \t")
    if not before:
        return True
    return before.endswith((":", "[", "{", ",", "?", " -")) or before == "-"


def _closes_on_line(text: str, column: int) -> bool:
    """Whether the ``[``/``{`` at ``column`` is matched later on the same line (quoted text
    skipped): then the bracket is not the one left open."""
    depth = 0
    quote = ""
    for char in text[column - 1:]:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return True
    return False


def _stopped(problem: safe_yaml.YamlProblem) -> str:
    where = f" at line {problem.line}" if problem.line is not None else ""
    if problem.column is not None and problem.line is not None:
        where += f" column {problem.column}"
    return f"{problem.message}{where}"


# --- one function per kind of mistake; each returns None unless the text shows it --------

def _unclosed_flow(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    context = problem.context or ""
    if "flow sequence" not in context and "flow mapping" not in context:
        return None
    line, column = problem.context_line, problem.context_column
    opener = source.char(line, column)
    if opener not in _CLOSER or line is None or column is None:
        return None
    if _closes_on_line(source.line(line), column):
        return None
    kind = "list" if opener == "[" else "mapping"
    advice = f"close the {kind} with '{_CLOSER[opener]}' where it ends"
    if _starts_value(source.line(line), column):
        advice += f", or quote the whole value if the '{opener}' is part of the text"
    return Explanation(
        f"{_stopped(problem)}; the '{opener}' here (line {line}, column {column}) is never "
        f"closed: {advice}", line, column)


def _unclosed_quote(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    if "quoted scalar" not in (problem.context or "") or "end of stream" not in problem.message:
        return None
    line, column = problem.context_line, problem.context_column
    quote = source.char(line, column)
    if quote not in _QUOTE_NAME or column is None or not _starts_value(source.line(line), column):
        return None
    return Explanation(
        f"{_stopped(problem)}; the {_QUOTE_NAME[quote]} quote ({quote}) here (line {line}, "
        f"column {column}) is never closed: end the value with {quote}", line, column)


def _unknown_escape(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    if "unknown escape character" not in problem.message or problem.column is None:
        return None
    for column in (problem.column, problem.column - 1):
        if source.char(problem.line, column) == "\\":
            return Explanation(
                f"{problem.message}; inside double quotes a backslash starts an escape "
                f"(column {column}): write \\\\ for a backslash, or quote the value with single "
                "quotes instead", problem.line, column)
    return None


def _block_scalar_header(problem: safe_yaml.YamlProblem,
                         source: _Source) -> Explanation | None:
    if "block scalar" not in (problem.context or ""):
        return None
    line, column = problem.context_line, problem.context_column
    indicator = source.char(line, column)
    if indicator not in (">", "|") or line != problem.line:
        return None
    return Explanation(
        f"{problem.message}; text follows the block scalar indicator '{indicator}' at column "
        f"{column}: leave '{indicator}' alone at the end of the line and put the text on the "
        "lines below, indented, or quote the whole value", line, column)


def _mapping_value(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    if not problem.message.startswith("mapping values are not allowed"):
        return None
    line, column = problem.line, problem.column
    text = source.line(line)
    if line is None or column is None or source.char(line, column) != ":":
        return None
    here = _key_line(text)
    if here is not None and here.colon == column:
        # The first ': ' of the line: the line is read as more of the key or value above it.
        previous = source.content_before(line)
        if previous is not None:
            before = source.line(previous)
            if _indent(before) == _indent(text) and _key_line(before) is None \
                    and not before.lstrip(" ").startswith(("-", "#")) \
                    and _owner_above(source, previous, _indent(before)) is None:
                return Explanation(
                    f"{_stopped(problem)}; line {previous} is not a 'key: value' line, so YAML "
                    f"reads it with line {line} as one key: add ': ' after the key on line "
                    f"{previous}, or start it with '#' if it is a comment", previous,
                    _indent(before) + 1)
        above = _owner_above(source, line, _indent(text))
        if above is None:
            return None
        owner_line, owner = above
        fix_text = (f"if the line is text, quote the value of '{owner.key}' or write it as a "
                    f"folded block ({owner.key}: >)")
        if re.fullmatch(r"[\w.-]+", here.key):
            message = (f"line {line} is indented more than '{owner.key}' (line {owner_line}), "
                       f"so YAML reads it as more of that value, where ': ' is not allowed: if "
                       f"'{here.key}' is a key, indent it like the keys beside it; {fix_text}")
        else:
            message = (f"line {line} continues the value of '{owner.key}' (line "
                       f"{owner_line}), which is not quoted, and an unquoted value cannot "
                       f"hold ': '; {fix_text.removeprefix('if the line is text, ')}")
        return Explanation(f"{problem.message}; {message}", line, column)
    if here is not None and here.value is not None and here.value < column:
        return Explanation(
            f"{problem.message}; a value that contains ': ' must be quoted ({here.key}: "
            f"\"...\") or written as a folded block ({here.key}: >)", line, column)
    return None


def _owner_above(source: _Source, line: int, indent: int) -> tuple[int, _KeyLine] | None:
    """The key whose plain value the indented ``line`` continues."""
    for number in range(line - 1, source.first - 1, -1):
        text = source.line(number)
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        if _indent(text) < indent:
            key = _key_line(text)
            return (number, key) if key is not None and key.value is not None else None
    return None


def _sequence_entry(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    if "sequence entries are not allowed" not in problem.message:
        return None
    line, column = problem.line, problem.column
    text = source.line(line)
    here = _key_line(text)
    if column is None or source.char(line, column) != "-" or here is None \
            or here.value != column:
        return None
    return Explanation(
        f"{problem.message}; a value starting with '- ' is read as a list item: quote the "
        f"value ({here.key}: \"- ...\"), or put each item on its own line under "
        f"'{here.key}:', indented", line, column)


def _bad_character(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    """A character that cannot start a token (tab, backtick, '@', '%'), an alias ('*') that
    names no anchor, or a tag ('!') no constructor knows: from the character at the column."""
    message = problem.message
    line, column = problem.line, problem.column
    if column is None:
        return None
    char = source.char(line, column)
    text = source.line(line)
    if "cannot start any token" in message and char == "\t":
        if not text[: column - 1].strip(" \t"):
            return Explanation(f"{message}; indent with spaces, not tabs (a tab at column "
                               f"{column})", line, column)
        return Explanation(f"{message}; replace the tab at column {column} with a space",
                           line, column)
    reasons = {
        "`": "cannot start any token", "@": "cannot start any token",
        "%": "cannot start any token", "*": "undefined alias", "!": "constructor for the tag",
    }
    if char not in reasons or reasons[char] not in message or not _starts_value(text, column):
        return None
    why = {"*": " ('*' starts an alias to an anchor)", "!": " ('!' starts a YAML tag)"}
    return Explanation(
        f"{message}; a value starting with '{char}' must be quoted{why.get(char, '')}",
        line, column)


def _alias_or_anchor(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    """``*bold* text`` or ``& text``: a value starting with '*' or '&' is read as an alias or
    an anchor, whose name must be letters and digits."""
    context = problem.context or ""
    if "scanning an alias" not in context and "scanning an anchor" not in context:
        return None
    line, column = problem.context_line, problem.context_column
    char = source.char(line, column)
    if column is None or char not in ("*", "&") or not _starts_value(source.line(line), column):
        return None
    what = "an alias to an anchor" if char == "*" else "an anchor"
    return Explanation(f"{problem.message}; a value starting with '{char}' must be quoted "
                       f"('{char}' starts {what})", line, column)


def _after_value(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    """Text after a value that ended early: a quoted value or a [...]/{...} followed by more
    text, or a line whose indentation matches no key above it."""
    if not (problem.context or "").startswith("while parsing a block"):
        return None
    line, column = problem.line, problem.column
    if line is None or column is None or not source.has(line):
        return None
    ended = _token_before(source, line, column)
    if ended is not None:
        found = _text_after_value(problem, source, ended)
        if found is not None:
            return found
    text = source.line(line)
    if column != _indent(text) + 1:
        return None
    return _misplaced_line(problem, source, line, text)


def _token_before(source: _Source, line: int, column: int) -> Any | None:
    before = None
    for token in source.tokens():
        end = (source.file_line(token.end_mark), token.end_mark.column + 1)
        if end <= (line, column) and (source.file_line(token.start_mark),
                                       token.start_mark.column + 1) < (line, column):
            before = token
    return before


def _text_after_value(problem: safe_yaml.YamlProblem, source: _Source,
                      ended: Any) -> Explanation | None:
    line = problem.line
    assert line is not None
    end_line = source.file_line(ended.end_mark)
    if end_line != line:
        return None
    if isinstance(ended, ScalarToken) and ended.style in _QUOTE_NAME:
        quote = str(ended.style)
        start_line = source.file_line(ended.start_mark)
        start_column = ended.start_mark.column + 1
        if start_line != line:
            return _quote_runs_on(problem, source, quote, start_line, start_column, line)
        inner = ("write a ' inside single quotes as ''" if quote == "'"
                 else 'write a " inside double quotes as \\"')
        return Explanation(
            f"{problem.message}; the value starting at column {start_column} is quoted, so it "
            f"ends at the closing {quote} at column {ended.end_mark.column} and the text after "
            f"it is not allowed: quote the whole value ({inner}), or write it as a folded block "
            "(>)", line, start_column)
    if isinstance(ended, AliasToken):
        start_column = ended.start_mark.column + 1
        if source.file_line(ended.start_mark) == line and \
                _starts_value(source.line(line), start_column):
            return Explanation(
                f"{problem.message}; a value starting with '*' must be quoted ('*' starts an "
                "alias to an anchor)", line, start_column)
        return None
    if isinstance(ended, FlowSequenceEndToken | FlowMappingEndToken):
        start = _flow_start(source, ended)
        if start is None or source.file_line(start.start_mark) != line:
            return None
        opener = "[" if isinstance(ended, FlowSequenceEndToken) else "{"
        start_column = start.start_mark.column + 1
        kind = "list" if opener == "[" else "mapping"
        return Explanation(
            f"{problem.message}; the value starts with '{opener}', so YAML reads a {kind} that "
            f"ends at the '{_CLOSER[opener]}' at column {ended.end_mark.column}, and the text "
            "after it is not allowed: quote the whole value, or write it as a folded block (>)",
            line, start_column)
    return None


def _flow_start(source: _Source, end: Any) -> Any | None:
    depth = 0
    for token in reversed(source.tokens()):
        name = type(token).__name__
        if name in ("FlowSequenceEndToken", "FlowMappingEndToken"):
            depth += 1
        elif name in ("FlowSequenceStartToken", "FlowMappingStartToken"):
            depth -= 1
            if depth == 0:
                return token
    return None


def _quote_runs_on(problem: safe_yaml.YamlProblem, source: _Source, quote: str,
                   start_line: int, start_column: int, end_line: int) -> Explanation | None:
    """A quoted value that spans lines is valid YAML; it is blamed only when a line it swallowed
    looks like a key of the same mapping (the closing quote was forgotten)."""
    owner = _key_line(source.line(start_line))
    if owner is None or owner.value != start_column:
        return None
    for number in range(start_line + 1, end_line + 1):
        swallowed = _key_line(source.line(number))
        if swallowed is not None and swallowed.indent <= owner.indent:
            return Explanation(
                f"{_stopped(problem)}; the {_QUOTE_NAME[quote]} quote ({quote}) here (line "
                f"{start_line}, column {start_column}) is not closed on its line, so the value "
                f"runs on over '{swallowed.key}:' on line {number}: end the value with {quote} "
                f"on line {start_line}", start_line, start_column)
    return None


def _swallowing_quote(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    """The parser stopped somewhere after a quoted value that ran on over a key's line: the
    quote left open there is the mistake (a later quote then closed it, and the text after
    that one opened another)."""
    for token in source.tokens():
        if isinstance(token, ScalarToken) and token.style in _QUOTE_NAME:
            start_line = source.file_line(token.start_mark)
            end_line = source.file_line(token.end_mark)
            if end_line > start_line:
                found = _quote_runs_on(problem, source, str(token.style), start_line,
                                       token.start_mark.column + 1, end_line)
                if found is not None:
                    return found
    return None


def _misplaced_line(problem: safe_yaml.YamlProblem, source: _Source, line: int,
                    text: str) -> Explanation | None:
    indent = _indent(text)
    keys = [(number, key) for number in range(source.first, line)
            if (key := _key_line(source.line(number))) is not None]
    if not keys:
        return None
    items = {_indent(row) for number in range(source.first, line)
             if (row := source.line(number)).lstrip(" ").startswith("- ")}
    indents = sorted({key.indent for _number, key in keys} | items)
    stripped = text.lstrip(" ")
    if indent not in indents:
        spaces = " or ".join(str(i) for i in indents)
        return Explanation(
            f"{problem.message}; line {line} is indented by {indent} space"
            f"{'' if indent == 1 else 's'}, which matches no key or list item above it "
            f"({spaces}): indent it like the lines it belongs with", line, problem.column)
    if stripped.startswith("- ") or stripped == "-":
        return Explanation(
            f"{problem.message}; a '- ' list item at the indentation of the keys around it: "
            "put it under a key written alone on its line ('key:'), indented, or remove the "
            "'- '", line, problem.column)
    return None


def _not_a_key(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    if "expected ':'" not in problem.message or "simple key" not in (problem.context or ""):
        return None
    line = problem.context_line
    if line is None or not source.has(line):
        return None
    text = source.line(line)
    if _key_line(text) is not None:
        return None
    above = source.content_before(line)
    if above is not None and _BLOCK_HEADER.search(source.line(above)) \
            and _indent(text) <= _indent(source.line(above)):
        return Explanation(
            f"{_stopped(problem)}; the text of the block scalar on line {above} must be "
            "indented more than its key: indent this line", line, problem.context_column)
    return Explanation(
        f"{_stopped(problem)}; line {line} is not a 'key: value' line: add ': ' after the key, "
        "or start the line with '#' if it is a comment", line, problem.context_column)


def _second_document(problem: safe_yaml.YamlProblem, source: _Source) -> Explanation | None:
    line = problem.line
    if line is None:
        return None
    if "another document" in problem.message and source.line(line).startswith("---"):
        return Explanation(
            f"{problem.message}; a line starting with '---' starts a second YAML document: "
            "the frontmatter must be a single document (remove the line)", line, problem.column)
    if "document start" in problem.message:
        above = source.content_before(line)
        if above is not None and source.line(above).rstrip() == "...":
            return Explanation(
                f"{_stopped(problem)}; '...' here ends the YAML document and more YAML follows: "
                "the frontmatter must be a single document (remove the '...' line)", above, 1)
    return None


_EXPLAINERS: tuple[Callable[[safe_yaml.YamlProblem, _Source], Explanation | None], ...] = (
    _unclosed_flow, _unclosed_quote, _unknown_escape, _block_scalar_header, _mapping_value,
    _sequence_entry, _bad_character, _alias_or_anchor, _after_value, _not_a_key, _second_document,
    _swallowing_quote,
)


def explain(problem: safe_yaml.YamlProblem, frontmatter: str, first_line: int) -> Explanation:
    """The diagnostic for ``problem`` in ``frontmatter`` (whose first line is file line
    ``first_line``): a hint and the line it names when the text there shows the mistake,
    else the parser's message at the parser's line."""
    source = _Source(frontmatter, first_line, problem.line)
    for explainer in _EXPLAINERS:
        found = explainer(problem, source)
        if found is not None:
            return found
    return Explanation(problem.message, problem.line, problem.column)
