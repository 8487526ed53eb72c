"""One home for every fact: the spec's limits and name pattern live in
``skill_catalog/spec/limits.py``, each observed agent tool's facts (package, pinned version,
listing header, caps, budgets) in its ``skill_catalog/observed/<tool>.py``. A second definition
anywhere else in the package, or in the real-tools harness, fails here: an assignment of a
known fact's name, the name pattern compiled again, a spec limit written as a number a length
is compared with, or a tool's text or number written out again."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from tests.environment import REPO

PACKAGE = REPO / "skill_catalog"
SPEC_HOME = PACKAGE / "spec" / "limits.py"
TOOL_HOMES = tuple(PACKAGE / "observed" / f"{tool}.py"
                   for tool in ("claude_code", "codex", "copilot", "gemini_cli", "opencode"))
SPEC_NAMES = frozenset({"MAX_NAME", "MAX_DESCRIPTION", "MAX_COMPATIBILITY", "NAME_PATTERN"})
SPEC_LIMITS = frozenset({64, 1024, 500})
NAME_SHAPE = "[a-z0-9]+(-[a-z0-9]+)*"
_RE_CALLS = frozenset({"compile", "match", "fullmatch", "search", "findall", "finditer", "sub",
                       "subn", "split"})


def _sources() -> Iterator[tuple[str, str]]:
    """(path from the repository, text) of every package module and of the real-tools
    harness, which checks the observed models against the real tools."""
    for path in sorted([*PACKAGE.rglob("*.py"), *(REPO / "tests" / "realtools").glob("*.py")]):
        yield path.relative_to(REPO).as_posix(), path.read_text(encoding="utf-8")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings or bare string statements (prose,
    not a value)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def _has_literal(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Constant) and isinstance(n.value, (int, str))
               and not isinstance(n.value, bool) for n in ast.walk(node)) or any(
        isinstance(n, ast.Call) for n in ast.walk(node))


def spec_redefinitions(source: str) -> list[str]:
    """Assignments of a spec fact's name to a value of its own (not the spec's)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign):
            targets: list[ast.expr] = list(node.targets)
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        if node.value is not None and SPEC_NAMES.intersection(names) and _has_literal(node.value):
            found.append(f"line {node.lineno}: {', '.join(sorted(SPEC_NAMES.intersection(names)))}")
    return found


def _shape(pattern: str) -> str:
    return (pattern.replace("(?:", "(").replace("a-zA-Z0-9", "a-z0-9")
            .replace("A-Za-z0-9", "a-z0-9"))


def name_pattern_compilations(source: str) -> list[str]:
    """Calls of ``re.compile`` (``re.match``...) with the spec's name pattern written out."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                and node.func.attr in _RE_CALLS and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and NAME_SHAPE in _shape(node.args[0].value)):
            found.append(f"line {node.lineno}: re.{node.func.attr}({node.args[0].value!r})")
    return found


def _is_len(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "len")


def _limit(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in SPEC_LIMITS


def limit_literals(source: str) -> list[str]:
    """A length checked against one of the spec's limits written as a number, the way a limit
    of N characters is checked: ``len(x) > N``, ``len(x) <= N`` (or the same turned round;
    ``len(x) >= 64`` is some other threshold)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for left, op, right in zip(sides, node.ops, sides[1:], strict=False):
            if ((_is_len(left) and isinstance(op, (ast.Gt, ast.LtE)) and _limit(right))
                    or (_limit(left) and isinstance(op, (ast.Lt, ast.GtE)) and _is_len(right))):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def _fact(name: str, value: object) -> bool:
    if isinstance(value, str):
        return len(value) >= 12 or name in ("PACKAGE", "VERSION")
    return (isinstance(value, int) and not isinstance(value, bool) and value >= 1000
            and bool(value & (value - 1)))


def tool_facts(source: str) -> dict[object, str]:
    """A tool module's module-level facts worth a home (value -> name): its package and
    version, texts of a dozen characters or more, numbers of a thousand or more that are not
    powers of two."""
    facts: dict[object, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            name = ", ".join(ast.unparse(t) for t in node.targets)
            if _fact(name, node.value.value):
                facts[node.value.value] = name
    return facts


def repeated_facts(source: str, facts: dict[object, str]) -> list[str]:
    """Literals of ``source`` (docstrings aside) that write out one of ``facts`` again: the
    same number (in decimal: ``0x0600`` is a code point, not Claude Code's cap), or a text
    holding the fact's text."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in prose:
            continue
        value = node.value
        if isinstance(value, bool):
            continue
        if isinstance(value, int) and value in facts:
            if (ast.get_source_segment(source, node) or "").lower().startswith("0x"):
                continue  # written in hex: a code point or a mask, not a count
            found.append(f"line {node.lineno}: {value} ({facts[value]})")
        elif isinstance(value, str):
            found += [f"line {node.lineno}: {fact!r} ({name})" for fact, name in facts.items()
                      if isinstance(fact, str) and fact in value]
    return found


def test_the_spec_limits_and_name_pattern_have_one_home() -> None:
    found = {}
    for relpath, source in _sources():
        if relpath == SPEC_HOME.relative_to(REPO).as_posix():
            continue
        problems = (spec_redefinitions(source) + name_pattern_compilations(source)
                    + limit_literals(source))
        if problems:
            found[relpath] = problems
    assert found == {}, "import them from skill_catalog/spec/limits.py"


def test_the_home_holds_the_spec_facts() -> None:
    source = SPEC_HOME.read_text(encoding="utf-8")
    assert spec_redefinitions(source)  # the one definition, seen by the scan
    from skill_catalog.spec.limits import MAX_NAME, NAME_PATTERN, is_spec_name

    assert NAME_SHAPE in _shape(NAME_PATTERN.pattern)
    assert is_spec_name("pdf-processing")
    assert not is_spec_name("pdf-processing\n")  # no ``$`` letting a newline through
    assert not is_spec_name("a" * (MAX_NAME + 1))
    for bad in ("Pdf", "a--b", "-a", "a-", "", "pdf_processing"):
        assert not is_spec_name(bad), bad


COINCIDENCES = {("skill_catalog/config.py", 5000): "the SC202 body token limit",
                ("skill_catalog/serve/server.py", 5000): "serve's watch batch bound"}
"""Numbers that equal a tool's fact by chance: (module, value) -> what they are there."""


def test_each_tool_fact_has_one_home() -> None:
    homes = {home.relative_to(REPO).as_posix(): tool_facts(home.read_text(encoding="utf-8"))
             for home in TOOL_HOMES}
    assert all(homes.values()), homes
    found = {}
    for relpath, source in _sources():
        for home, facts in homes.items():
            kept = {v: n for v, n in facts.items() if (relpath, v) not in COINCIDENCES}
            if relpath != home and (repeated := repeated_facts(source, kept)):
                found[f"{relpath} (a fact of {home})"] = repeated
    assert found == {}, "import the fact from its tool's module"


def test_the_scans_see_a_second_definition() -> None:
    source = ('import re\n'
              'MAX_NAME = 64\n'
              'MAX_DESCRIPTION: int = 1024\n'
              'MAX_COMPATIBILITY = limits.MAX_COMPATIBILITY\n'
              '_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")\n'
              'def f(name):\n'
              '    """The ^[a-z0-9]+(?:-[a-z0-9]+)*$ shape, in prose."""\n'
              '    re.fullmatch("[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*", name)\n'
              '    return len(name) > 64 or 500 < len(name) or len(name) > 65 or len(name) >= 64\n'
              'HEADER = "The listing starts here:"\n'
              'BUDGET = 30_000\n'
              'KIB = 1024\n')
    assert spec_redefinitions(source) == ["line 2: MAX_NAME", "line 3: MAX_DESCRIPTION"]
    assert [p.split(":")[0] for p in name_pattern_compilations(source)] == ["line 5", "line 8"]
    assert [p.split(":")[0] for p in limit_literals(source)] == ["line 9", "line 9"]
    facts = tool_facts(source)
    assert facts == {"The listing starts here:": "HEADER", 30_000: "BUDGET"}
    other = ('"""The listing starts here: in a docstring, prose."""\n'
             'PREAMBLE = "<x>The listing starts here:</x>"\n'
             'Budget(fallback=30000, cap=1024)\n')
    assert [p.split(":")[0] for p in repeated_facts(other, facts)] == ["line 2", "line 3"]


DISPLAY_HOME = PACKAGE / "site" / "pages" / "views.py"
"""The display limits of a page (how much of a body, a description, a file list, the
diagnostics it shows), which the site's pages and the MkDocs adapter's both import."""


def _assigned(source: str) -> dict[str, int]:
    """Module-level names assigned a value of their own (a literal or a call), by line."""
    found = {}
    for node in ast.parse(source).body:
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        if targets and node.value is not None and _has_literal(node.value):  # type: ignore[union-attr]
            found.update({n.id: node.lineno for t in targets for n in ast.walk(t)
                          if isinstance(n, ast.Name)})
    return found


def test_display_limits_are_defined_once() -> None:
    limits = {name for name in _assigned(DISPLAY_HOME.read_text(encoding="utf-8"))
              if name.startswith("MAX_")}
    assert {"MAX_BODY_DISPLAY", "MAX_LISTED_FILES", "MAX_SKILL_DIAGNOSTICS"} <= limits
    again = [f"{path} line {line}: {name}" for path, source in _sources()
             if path != DISPLAY_HOME.relative_to(REPO).as_posix()
             for name, line in _assigned(source).items() if name in limits]
    assert again == []


def test_the_display_limit_check_sees_a_second_definition() -> None:
    assert _assigned("MAX_BODY_DISPLAY = 2_000_000\nx: int = 3\n") == {
        "MAX_BODY_DISPLAY": 1, "x": 2}
    assert _assigned("from a import MAX_BODY_DISPLAY\nY = MAX_BODY_DISPLAY\n") == {}
