"""A bounded YAML reader: PyYAML's safe loader with limits, line numbers and duplicate keys.

The limits stop the classic attacks before any Python object is built: alias expansion
("billion laughs") is counted on the node graph, in values and in characters, nesting depth is
capped, and input size is checked by the caller. libyaml's composer is recursive in C, so it is
only used when a cheap upper bound on the nesting depth proves it safe; otherwise the
pure-Python composer runs with an explicit depth guard.

Every value comes out *plain*, so that whatever reads it later (a page, JSON, a prompt, a
message) can show it: ``None``, ``bool``, ``int`` (from a literal of at most
:data:`MAX_INT_CHARS` characters, so ``str`` always works), finite ``float``, ``str``,
``datetime.date``/``datetime.datetime``, ``list`` and ``dict`` with ``str`` keys. A value YAML
reads as anything else is kept in the nearest plain form, with a :class:`ValueNote` saying
where and why: a longer integer, ``.nan``/``.inf``, a lone ``=`` and a scalar its tag cannot
read (``!!int x``, ``2024-02-30``) as their text; ``!!binary`` as its base64 text; ``!!set``
as the list of its members; ``!!omap``/``!!pairs`` as the list of one-key mappings they are
written as; a key that is not a string (``1:``, ``true:``, ``null:``, ``? [a, b]``) as its
text. A merge key (``<<``) is merged, with a note, because not every reader merges.
"""

from __future__ import annotations

import dataclasses as dc
import datetime as dt
import math
from collections.abc import Callable
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

C_SAFE_DEPTH_BOUND = 1000
MAX_INT_CHARS = 100
"""Longest integer literal read as a number (about 100 digits; Python cannot even print an
integer of more than 4,300); a longer one is kept as its text."""
ALIAS_CHARS = 1 << 16
"""Characters alias expansion may add to the text of a document: the values read are at most
the document's length plus this (aliases of a long string cannot make them gigabytes)."""


class YamlProblem(Exception):
    """The text is not YAML we accept. ``line``/``column`` are 1-based in the caller's file.

    ``context`` is the parser's "while ..." phrase and ``context_line``/``context_column`` where
    that construct began (an unclosed ``[`` or quote is reported where reading gave up, and
    its context is where it opened)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None, *,
                 context: str | None = None, context_line: int | None = None,
                 context_column: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.context = context
        self.context_line = context_line
        self.context_column = context_column


@dc.dataclass(slots=True, frozen=True)
class ValueNote:
    """A value read in another form than YAML gives it (see the module's docstring)."""

    message: str
    """What the value is, how it was read and what to write instead."""
    line: int
    column: int


@dc.dataclass(slots=True)
class YamlDocument:
    value: Any
    lines: dict[str, int]
    """1-based line of each top-level key and of each ``parent.child`` key one level down."""
    columns: dict[str, int]
    duplicates: list[tuple[str, int]]
    """Keys given twice in one mapping, with the line of the repeated key."""
    notes: list[ValueNote] = dc.field(default_factory=list)
    """Values read in another form than YAML gives them, in document order."""


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, dt.date):
        return "a date"
    return "null" if value is None else f"a {type(value).__name__}"


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _key_text(node: Node) -> str:
    """A key as the read frontmatter spells it: a scalar's text, a collection (a complex key)
    written back in YAML flow style."""
    if isinstance(node, SequenceNode):
        return "[" + ", ".join(_key_text(n) for n in node.value) + "]"
    if isinstance(node, MappingNode):
        return "{" + ", ".join(f"{_key_text(k)}: {_key_text(v)}" for k, v in node.value) + "}"
    text = str(node.value)
    return "null" if not text and node.tag == "tag:yaml.org,2002:null" else text


class _PlainConstructor(SafeConstructor):
    """PyYAML's safe constructor giving only plain values (see the module's docstring) and
    recording a :class:`ValueNote` for each value it reads in another form."""

    line_offset = 0

    def __init__(self) -> None:
        super().__init__()
        self.notes: list[ValueNote] = []

    def note(self, node: Node, message: str) -> None:
        mark = node.start_mark
        self.notes.append(ValueNote(message, mark.line + 1 + self.line_offset, mark.column + 1))

    def read_scalar(self, node: Any, what: str, read: Callable[[Any], Any]) -> Any:
        """``read(node)``, or the scalar's text, with a note, when ``what`` cannot be read
        from it or the result has no plain form."""
        if not isinstance(node, ScalarNode):
            return read(node)  # SafeConstructor's own error, with its place
        text = str(node.value)
        try:
            value = read(node)
        except (ValueError, OverflowError, ArithmeticError, KeyError, AttributeError):
            self.note(node, f"{_shown(text)} cannot be read as {what}: it is kept as text; "
                      "quote it, or write a valid value")
            return text
        if isinstance(value, float) and not math.isfinite(value):
            self.note(node, f"{_shown(text)} is not a finite number (JSON and most readers "
                      "have none): it is kept as text; quote it, or write a number")
            return text
        return value

    def construct_plain_int(self, node: Any) -> Any:
        if isinstance(node, ScalarNode) and len(str(node.value)) > MAX_INT_CHARS:
            text = str(node.value)
            self.note(node, f"the integer {_shown(text)} is {len(text)} characters long: it "
                      "is kept as text; quote it")
            return text
        return self.read_scalar(node, "an integer", super().construct_yaml_int)

    def construct_plain_float(self, node: Any) -> Any:
        return self.read_scalar(node, "a number", super().construct_yaml_float)

    def construct_plain_bool(self, node: Any) -> Any:
        return self.read_scalar(node, "a boolean", super().construct_yaml_bool)

    def construct_plain_timestamp(self, node: Any) -> Any:
        return self.read_scalar(node, "a date", super().construct_yaml_timestamp)

    def construct_plain_binary(self, node: Any) -> Any:
        text = "".join(self.construct_scalar(node).split())
        self.note(node, "a !!binary value is kept as its base64 text: write it as a string, "
                  "or leave the data in a file of the skill")
        return text

    def construct_plain_value(self, node: Any) -> Any:
        text = self.construct_scalar(node)
        self.note(node, f"{_shown(text)} is YAML 1.1's value key, which PyYAML cannot read as a "
                  "value: it is read as text; quote it")
        return text

    def construct_plain_set(self, node: Any) -> Any:
        self.note(node, "a !!set is read as the list of its members: write a list "
                  "([a, b])")
        return list(self.construct_mapping(node))

    def construct_plain_pairs(self, node: Any) -> Any:
        tag = "!!omap" if node.tag.endswith(":omap") else "!!pairs"
        self.note(node, f"{tag} is read as the list of one-key mappings it is written as (not "
                  "every reader knows the tag): write a plain mapping")
        return self.construct_yaml_seq(node)

    def key(self, node: Any) -> str:
        """A mapping key as a string: a key of another type becomes its text, with a note."""
        if isinstance(node, ScalarNode):
            value = self.construct_object(node, deep=True)
            if isinstance(value, str):
                return value
            text = _key_text(node)
            self.note(node, f"the key {_shown(text)} is {_kind(value)}, not a string: it is "
                      "read as its text; quote it")
            return text
        text = _key_text(node)
        self.note(node, f"the key {_shown(text)} is a {node.id}, not a string: it is read as "
                  "its text; write a string key")
        return text

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        if not isinstance(node, MappingNode):
            raise ConstructorError(None, None, f"expected a mapping node, but found {node.id}",
                                   node.start_mark)
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.note(key_node, "a merge key (<<) is merged here, but YAML 1.2 readers "
                          "(Codex's among them) read it as a key named '<<': write the keys "
                          "out")
        self.flatten_mapping(node)
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            mapping[self.key(key_node)] = self.construct_object(value_node, deep=deep)
        return mapping


_PlainConstructor.yaml_constructors = {
    **SafeConstructor.yaml_constructors,
    **{f"tag:yaml.org,2002:{tag}": method for tag, method in [
        ("int", _PlainConstructor.construct_plain_int),
        ("float", _PlainConstructor.construct_plain_float),
        ("bool", _PlainConstructor.construct_plain_bool),
        ("timestamp", _PlainConstructor.construct_plain_timestamp),
        ("binary", _PlainConstructor.construct_plain_binary),
        ("set", _PlainConstructor.construct_plain_set),
        ("value", _PlainConstructor.construct_plain_value),
        ("omap", _PlainConstructor.construct_plain_pairs),
        ("pairs", _PlainConstructor.construct_plain_pairs)]},
}


def _c_loader() -> type[Any] | None:
    """libyaml's parser with :class:`_PlainConstructor`, when libyaml is there."""
    try:
        from yaml._yaml import CParser
    except ImportError:  # pragma: no cover - PyYAML built without libyaml
        return None

    class CLoader(CParser, _PlainConstructor, Resolver):
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            _PlainConstructor.__init__(self)
            Resolver.__init__(self)

    return CLoader


_C_LOADER = _c_loader()


class _GuardedLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser,
                     yaml.composer.Composer, _PlainConstructor, Resolver):
    """Pure-Python loader whose composer refuses to nest deeper than ``max_depth``."""

    max_depth = 64

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        _PlainConstructor.__init__(self)
        Resolver.__init__(self)
        self._depth = 0

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        """Refuse ``[``/``{`` nesting past the limit while scanning: the scanner looks ahead up
        to 1,024 characters and keeps a possible key per open bracket, so ``[[[[...`` would
        otherwise cost about a second per document before the composer's guard is reached."""
        if self.flow_level >= self.max_depth:
            mark = self.get_mark()
            raise YamlProblem(f"YAML nesting is deeper than {self.max_depth} levels",
                              mark.line + 1, mark.column + 1)
        super().fetch_flow_collection_start(token_class)

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self._depth += 1
        try:
            if self._depth > self.max_depth:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise YamlProblem(
                    f"YAML nesting is deeper than {self.max_depth} levels",
                    mark.line + 1,
                    mark.column + 1,
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def depth_upper_bound(text: str) -> int:
    """Every extra level of YAML nesting needs one of these characters or a new line."""
    return sum(text.count(c) for c in "[{-?:") + text.count("\n") + 1


def load(
    text: str,
    *,
    first_line: int = 1,
    max_depth: int = 64,
    max_nodes: int = 10_000,
) -> YamlDocument:
    """Read one YAML document. Raises YamlProblem with a file line (``first_line`` based)."""
    offset = first_line - 1
    use_c = _C_LOADER is not None and depth_upper_bound(text) <= C_SAFE_DEPTH_BOUND
    loader: Any
    if use_c:
        loader = _C_LOADER(text)  # type: ignore[misc]
    else:
        loader = _GuardedLoader(text)
        loader.max_depth = max_depth
    loader.line_offset = offset
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = exc.problem or exc.context or "invalid YAML"
            where = exc.context_mark
            raise YamlProblem(
                problem,
                mark.line + 1 + offset if mark else None,
                mark.column + 1 if mark else None,
                context=exc.context,
                context_line=where.line + 1 + offset if where else None,
                context_column=where.column + 1 if where else None,
            ) from None
        except yaml.YAMLError as exc:
            raise YamlProblem(str(exc).splitlines()[0]) from None
        except RecursionError:
            raise YamlProblem(f"YAML nesting is deeper than {max_depth} levels") from None
        except YamlProblem as exc:
            if exc.line is not None:
                exc.line += offset
            raise
        if node is None:
            return YamlDocument(None, {}, {}, [])
        _check_graph(node, max_depth=max_depth, max_nodes=max_nodes, offset=offset,
                     max_chars=len(text) + ALIAS_CHARS)
        lines, columns, duplicates = _key_positions(node, offset)
        try:
            value = loader.construct_document(node)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            raise YamlProblem(
                exc.problem or "invalid YAML value",
                mark.line + 1 + offset if mark else None,
                mark.column + 1 if mark else None,
            ) from None
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            raise YamlProblem(f"invalid YAML value: {exc}") from None
        notes = sorted(loader.notes, key=lambda n: (n.line, n.column))
        return YamlDocument(value, lines, columns, duplicates, notes)
    finally:
        loader.dispose()


def scan(text: str, *, max_depth: int = 64, stop_line: int | None = None) -> list[Any]:
    """The tokens of ``text`` up to the first error, or up to the first token starting after
    0-based line ``stop_line``. Used only to explain an error (where a quoted value or a
    flow collection began), with :func:`load`'s guard on ``[``/``{`` nesting."""
    scanner = _GuardedLoader(text)
    scanner.max_depth = max_depth
    tokens: list[Any] = []
    try:
        while (token := scanner.get_token()) is not None:  # type: ignore[no-untyped-call]
            if stop_line is not None and token.start_mark.line > stop_line:
                break
            tokens.append(token)
    except (yaml.YAMLError, YamlProblem):
        pass
    finally:
        scanner.dispose()
    return tokens


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _plain_tree_within(root: Node, max_depth: int, max_nodes: int) -> bool:
    """True when no node is reached twice (no alias is used) and the tree keeps within both
    limits: then :func:`_check_graph` has nothing to report, and this single pass is cheaper."""
    seen: set[int] = set()
    stack: list[tuple[Node, int]] = [(root, 1)]
    count = 0
    while stack:
        node, depth = stack.pop()
        count += 1
        if depth > max_depth or count > max_nodes or id(node) in seen:
            return False
        seen.add(id(node))
        if isinstance(node, SequenceNode):
            stack.extend((child, depth + 1) for child in node.value)
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                stack.append((key, depth + 1))
                stack.append((value, depth + 1))
    return True


def _check_graph(root: Node, *, max_depth: int, max_nodes: int, offset: int,
                 max_chars: int) -> None:
    """Reject deep nesting, recursive aliases and alias expansion beyond ``max_nodes`` values
    or ``max_chars`` characters of scalars (a tree with no alias has no more characters than
    its text)."""
    if _plain_tree_within(root, max_depth, max_nodes):
        return
    sizes: dict[int, int] = {}
    chars: dict[int, int] = {}
    on_path: set[int] = set()
    # Iterative post-order walk: (node, depth, children_done)
    stack: list[tuple[Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        ident = id(node)
        if done:
            on_path.discard(ident)
            total = 1 + sum(sizes[id(c)] for c in _children(node))
            if total > max_nodes:
                aliased = "; remove the anchors and aliases (&name / *name)" if any(
                    isinstance(c, Node) and id(c) in sizes and sizes[id(c)] > 1
                    for c in _children(node)) else ""
                raise YamlProblem(
                    f"YAML holds more than {max_nodes} values, counting alias expansion"
                    f"{aliased}",
                    node.start_mark.line + 1 + offset,
                    node.start_mark.column + 1,
                )
            sizes[ident] = total
            weight = (len(str(node.value)) + 1 if isinstance(node, ScalarNode)
                      else 1 + sum(chars[id(c)] for c in _children(node)))
            if weight > max_chars:
                raise YamlProblem(
                    f"YAML aliases expand to more than {max_chars} characters; remove the "
                    "anchors and aliases (&name / *name)",
                    node.start_mark.line + 1 + offset,
                    node.start_mark.column + 1,
                )
            chars[ident] = weight
            continue
        if ident in sizes:
            continue
        if ident in on_path:
            raise YamlProblem(
                "YAML alias refers to itself (recursive structure)",
                node.start_mark.line + 1 + offset,
                node.start_mark.column + 1,
            )
        if depth > max_depth:
            raise YamlProblem(
                f"YAML nesting is deeper than {max_depth} levels",
                node.start_mark.line + 1 + offset,
                node.start_mark.column + 1,
            )
        on_path.add(ident)
        stack.append((node, depth, True))
        stack.extend(
            (child, depth + 1, False) for child in _children(node) if id(child) not in sizes
        )


def _key_positions(
    root: Node, offset: int
) -> tuple[dict[str, int], dict[str, int], list[tuple[str, int]]]:
    lines: dict[str, int] = {}
    columns: dict[str, int] = {}
    duplicates: list[tuple[str, int]] = []
    if not isinstance(root, MappingNode):
        return lines, columns, duplicates

    def visit(mapping: MappingNode, prefix: str, descend: bool) -> None:
        seen: set[str] = set()
        for key_node, value_node in mapping.value:
            key = prefix + _key_text(key_node)
            line = key_node.start_mark.line + 1 + offset
            if key in seen:
                duplicates.append((key, line))
            else:
                seen.add(key)
                lines[key] = line
                columns[key] = key_node.start_mark.column + 1
            if descend and isinstance(value_node, MappingNode):
                visit(value_node, key + ".", False)
            elif isinstance(value_node, SequenceNode):  # each item's line: ``key.0``
                for index, item in enumerate(value_node.value):
                    lines.setdefault(f"{key}.{index}", item.start_mark.line + 1 + offset)

    visit(root, "", True)
    return lines, columns, duplicates
