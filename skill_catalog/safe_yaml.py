"""A bounded YAML reader: PyYAML's safe loader with limits, line numbers and duplicate keys.

The limits stop the classic attacks before any Python object is built: alias expansion
("billion laughs") is counted on the node graph, nesting depth is capped, and input size is
checked by the caller. libyaml's composer is recursive in C, so it is only used when a cheap
upper bound on the nesting depth proves it safe; otherwise the pure-Python composer runs with
an explicit depth guard.
"""

from __future__ import annotations

import dataclasses as dc
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_C_LOADER: type[Any] | None = getattr(yaml, "CSafeLoader", None)
_C_SAFE_DEPTH_BOUND = 1000


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


@dc.dataclass(slots=True)
class YamlDocument:
    value: Any
    lines: dict[str, int]
    """1-based line of each top-level key and of each ``parent.child`` key one level down."""
    columns: dict[str, int]
    duplicates: list[tuple[str, int]]
    """Keys given twice in one mapping, with the line of the repeated key."""


class _GuardedLoader(yaml.SafeLoader):
    """Pure-Python safe loader whose composer refuses to nest deeper than ``max_depth``."""

    max_depth = 64

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
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


def _depth_upper_bound(text: str) -> int:
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
    use_c = _C_LOADER is not None and _depth_upper_bound(text) <= _C_SAFE_DEPTH_BOUND
    loader: Any
    if use_c:
        loader = _C_LOADER(text)  # type: ignore[misc]
    else:
        loader = _GuardedLoader(text)
        loader.max_depth = max_depth
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
        _check_graph(node, max_depth=max_depth, max_nodes=max_nodes, offset=offset)
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
        return YamlDocument(value, lines, columns, duplicates)
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


def _check_graph(root: Node, *, max_depth: int, max_nodes: int, offset: int) -> None:
    """Reject deep nesting, recursive aliases and alias expansion beyond ``max_nodes``."""
    if _plain_tree_within(root, max_depth, max_nodes):
        return
    sizes: dict[int, int] = {}
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
            if not isinstance(key_node, ScalarNode):
                continue
            key = prefix + str(key_node.value)
            line = key_node.start_mark.line + 1 + offset
            if key in seen:
                duplicates.append((key, line))
            else:
                seen.add(key)
                lines[key] = line
                columns[key] = key_node.start_mark.column + 1
            if descend and isinstance(value_node, MappingNode):
                visit(value_node, key + ".", False)

    visit(root, "", True)
    return lines, columns, duplicates
