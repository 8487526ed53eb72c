"""Frontmatter values as the real tools read them: YAML 1.2 scalars (``yes`` is a string,
``012`` the number 12), JavaScript's way of turning a number into text, and the repairs two
tools try when the YAML does not parse.

PyYAML reads YAML 1.1, so the mapping is composed (not constructed) and every plain scalar is
resolved here by the YAML 1.2 core schema, or kept as written (Codex reads each value as the
text of its scalar).
"""

from __future__ import annotations

import dataclasses as dc
import math
import re
from decimal import Decimal
from typing import Any, Literal

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode

from skill_catalog.fs.safe_yaml import C_SAFE_DEPTH_BOUND, depth_upper_bound

Plain = str | int | float | bool | None


@dc.dataclass(slots=True, frozen=True)
class Scalar:
    """One scalar value: its text (escapes and folding applied) and how it was written."""

    text: str
    style: str | None
    """None for a plain scalar; ``"`` / ``'`` quoted; ``|`` / ``>`` block."""


@dc.dataclass(slots=True, frozen=True)
class Collection:
    kind: Literal["sequence", "mapping"]
    texts: tuple[str, ...] = ()
    """The scalar items of a sequence (JavaScript joins them with commas)."""


Value = Scalar | Collection


class BadYaml(ValueError):
    """The frontmatter is not a YAML mapping the tool accepts."""


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f]")
_PLACEHOLDER = 0xF0000
"""Control characters PyYAML refuses stand in as private-use characters while parsing (the
JavaScript YAML reader keeps them), and are put back afterwards."""


def _hide_controls(text: str) -> str:
    return _CONTROL.sub(lambda m: chr(_PLACEHOLDER + ord(m.group())), text)


_INNER_TAB = re.compile(r"(?<=[^\s:?-])([ \t]*)\t")


def _hide_inner_tabs(text: str) -> str:
    """A tab inside a plain scalar (``a\tb``) is YAML that PyYAML refuses and every other
    reader accepts: it stands in as a private-use character while parsing."""
    if "\t" not in text:
        return text
    tab = chr(_PLACEHOLDER + 9)
    text = re.sub(r"^([^\s#][^:\n]*):\t", r"\1: ", text, flags=re.MULTILINE)
    return _INNER_TAB.sub(lambda m: m.group(1).replace("\t", tab) + tab, text)


_HIDDEN = re.compile(f"[{chr(_PLACEHOLDER)}-{chr(_PLACEHOLDER + 0x9F)}]")


def _show_controls(text: str) -> str:
    return _HIDDEN.sub(lambda m: chr(ord(m.group()) - _PLACEHOLDER), text)


MAX_DEPTH = 200
"""Nesting past which the pure-Python reader stops with :class:`BadYaml` (three frames a level,
well inside the interpreter's 1,000 wherever it is called from). Python's own
recursion limit stopped it somewhere past 450 levels anyway (where depended on the caller's
stack), after a scan whose work grows with the square of the open brackets (a second for
5,000 ``[``, once per tool); a fixed limit gives the same verdict at once, the same wherever
it is called from."""


class _Loader(yaml.SafeLoader):
    """Composes only: no value is built, so no YAML 1.1 resolution and no alias expansion.
    Nesting past :data:`MAX_DEPTH` is refused while scanning (the scanner keeps a possible
    key per open bracket) and while composing (block nesting)."""

    _depth = 0

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        if self.flow_level >= MAX_DEPTH:
            raise BadYaml(f"YAML nesting is deeper than {MAX_DEPTH} levels")
        super().fetch_flow_collection_start(token_class)

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise BadYaml(f"YAML nesting is deeper than {MAX_DEPTH} levels")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_C_LOADER: type[Any] | None = getattr(yaml, "CSafeLoader", None)


def _compose(text: str) -> Node | None:
    """The document's nodes. libyaml composes them when it is there and the text cannot nest
    deeper than it safely recurses (what the library's own reader does): about 70 times faster,
    which matters since every observed tool reads every skill of a site. Only a success is
    taken from it; a failure is the pure-Python parser's (the one the readers were checked
    with against the real tools), with its message."""
    if _C_LOADER is not None and depth_upper_bound(text) <= C_SAFE_DEPTH_BOUND:
        try:
            return yaml.compose(text, Loader=_C_LOADER)
        except yaml.YAMLError:
            pass
    try:
        return yaml.compose(text, Loader=_Loader)
    except (yaml.YAMLError, RecursionError) as exc:
        raise BadYaml(str(exc).splitlines()[0] if str(exc) else "invalid YAML") from None


def document(text: str) -> Node | None:
    """The composed YAML document ``text`` (None when empty): nodes, not values, so a reader
    can apply a tool's own typing. Raises :class:`BadYaml` when it does not parse or holds more
    than one document."""
    return _compose(text)


_STYLES = ('"', "'", "|", ">")
"""Scalar styles other than plain (libyaml says ``""`` for plain, the Python parser None)."""


def _plain(node: ScalarNode) -> bool:
    return node.style not in _STYLES


def is_null(node: Node | None) -> bool:
    """A missing value, or a plain scalar the YAML 1.2 core schema reads as null."""
    return node is None or (isinstance(node, ScalarNode) and _plain(node)
                            and _NULL.match(node.value) is not None)


def is_bool(node: Node) -> bool | None:
    """The boolean a plain scalar is by the YAML 1.2 core schema (None: not a boolean)."""
    if isinstance(node, ScalarNode) and _plain(node) and _BOOL.match(node.value):
        return str(node.value).lower() == "true"
    return None


def mapping(text: str, *, unique_keys: bool, keep_controls: bool = False
            ) -> dict[str, Value] | None:
    """The top-level keys of the YAML document ``text`` with their values; None when the
    document is empty or not a mapping. Raises :class:`BadYaml` when it does not parse, or
    repeats a key and ``unique_keys`` is set (serde_yaml refuses that; JavaScript's reader
    keeps the last)."""
    node = _compose(_hide_inner_tabs(_hide_controls(text) if keep_controls else text))
    if not isinstance(node, MappingNode):
        return None
    out: dict[str, Value] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, ScalarNode):
            continue
        key = _show_controls(key_node.value)
        if unique_keys and key in out:
            raise BadYaml(f"duplicate key {key!r}")
        out[key] = _value(value_node, keep_controls)
    return out


def _value(node: Node, keep_controls: bool) -> Value:
    def shown(text: str) -> str:
        return _show_controls(text)

    if isinstance(node, ScalarNode):
        style = node.style if node.style in _STYLES else None
        return Scalar(shown(node.value), style)
    if isinstance(node, MappingNode):
        return Collection("mapping")
    items = tuple(shown(n.value) for n in node.value if isinstance(n, ScalarNode))
    return Collection("sequence", items)


_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_INT10 = re.compile(r"^[-+]?[0-9]+$")
_INT8 = re.compile(r"^0o[0-7]+$")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")


def core(value: Value) -> Plain | Collection:
    """A value by the YAML 1.2 core schema (quoted and block scalars are strings)."""
    if isinstance(value, Collection):
        return value
    text = value.text
    if value.style is not None:
        return text
    if _NULL.match(text):
        return None
    if _BOOL.match(text):
        return text.lower() == "true"
    if _INT10.match(text):
        # JavaScript reads every integer as a double: past about 300 digits it is Infinity, and
        # Python reads no decimal integer of more than 4,300 digits
        return int(text) if len(text) <= 300 else float(text)
    if _INT8.match(text):
        return int(text[2:], 8)
    if _INT16.match(text):
        return int(text[2:], 16)
    if _FLOAT.match(text):
        return float(text)
    if _INF.match(text):
        return -math.inf if text.startswith("-") else math.inf
    if _NAN.match(text):
        return math.nan
    return text


def js_number(value: float | int) -> str:
    """``String(n)`` in JavaScript: ``1000``, ``3.1``, ``1e+21``, ``Infinity``, ``NaN``."""
    try:
        number = float(value)
    except OverflowError:  # an integer beyond the largest double, as JavaScript reads it
        number = math.inf if value > 0 else -math.inf
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "-Infinity" if number < 0 else "Infinity"
    if number == 0:
        return "0"
    # repr is the shortest text that reads back as the same double, as JavaScript's digits.
    exact = Decimal(repr(abs(number))).normalize()
    _sign, digit_tuple, exponent = exact.as_tuple()
    assert isinstance(exponent, int)
    digits = "".join(map(str, digit_tuple))
    k, n = len(digits), len(digits) + exponent
    sign = "-" if number < 0 else ""
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    e = n - 1
    head = digits[0] + ("." + digits[1:] if k > 1 else "")
    return f"{sign}{head}e{'+' if e >= 0 else '-'}{abs(e)}"


def js_string(value: Plain | Collection) -> str:
    """``String(value)`` in JavaScript for a YAML value (a sequence joins its items with
    commas; a mapping is ``[object Object]``)."""
    if isinstance(value, Collection):
        return ",".join(value.texts) if value.kind == "sequence" else "[object Object]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return js_number(value)
    return value


_KEY_LINE = re.compile(r"^([A-Za-z0-9_-]+):[ \t]*(.*)$")
_JS_KEY_LINE = re.compile(r"^([\w-]+):\s*([^\r\n\u2028\u2029]*)$", re.ASCII)
_INDICATORS = tuple("[{*&!|>'\"%@`")


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _fully_quoted(value: str) -> bool:
    return len(value) >= 2 and value[0] in "\"'" and value[-1] == value[0]


def repair_js(text: str) -> str:
    """Claude Code's second try at frontmatter that does not parse: a top-level ``key: value``
    whose value holds ``": "`` or starts with a YAML indicator is quoted, unless it already is
    (a line holding a carriage return never matches, so CRLF files are not repaired)."""
    out = []
    for line in text.split("\n"):
        match = _JS_KEY_LINE.match(line)
        if match:
            value = match.group(2).strip()
            if value and not _fully_quoted(value) and (
                    ": " in value or value.startswith(_INDICATORS)):
                line = f"{match.group(1)}: {_quoted(value)}"
        out.append(line)
    return "\n".join(out)


_COMMENT = re.compile(r"\s+#.*$")
_BLOCK = re.compile(r"^[|>][-+]?$")


def repair_codex(text: str) -> str | None:
    """Codex's second try: each top-level ``key: value`` (continuation lines joined) is quoted
    when it is plain text, after cutting a trailing ``# comment``; block scalars stay as they
    are. None when a line cannot be read that way (an indented or tab-indented first line, a
    key without a space, a quote that does not close)."""
    lines = text.replace("\r\n", "\n").split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _KEY_LINE.match(line)
        if match is None or (match.group(2) and line[len(match.group(1)) + 1] not in " \t"):
            return None
        key, value = match.group(1), match.group(2).strip()
        continued: list[str] = []
        while index < len(lines) and lines[index].startswith(" ") and lines[index].strip():
            continued.append(lines[index])
            index += 1
        if index < len(lines) and lines[index].startswith("\t"):
            return None
        if _BLOCK.match(value) or (not value and continued):
            out += [f"{key}: {value}", *continued]
            continue
        value = _COMMENT.sub("", " ".join([value, *(c.strip() for c in continued)]).strip())
        if value.startswith(("'", '"')):
            if not _fully_quoted(value):
                return None
            out.append(f"{key}: {value}")
        else:
            out.append(f"{key}: {_quoted(value)}" if value else f"{key}:")
    return "\n".join(out)
