"""The package's import graph, as docs/architecture.md describes it: no import cycle and no
import that points up a layer (the layers are read from that document, so that it says what is
enforced), counting imports inside functions (a lazy import hides a cycle from Python, not from
a reader) and those under ``if TYPE_CHECKING:`` (a type names a dependency too)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from tests.environment import REPO

PACKAGE = REPO / "skill_catalog"
ARCHITECTURE = REPO / "docs" / "architecture.md"

KNOWN_CYCLES: set[frozenset[str]] = set()
"""Cycles that remain, each to be removed (the test fails when one is gone, so that the list
only shrinks, and on any other cycle)."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, wherever it is (in a function, under ``if TYPE_CHECKING:``)."""
    return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]


def import_graph() -> dict[str, set[str]]:
    """Module (relative to the package, "" for its root) -> the package modules it imports.
    ``from package import module`` counts as an import of the module, not of the package."""
    modules = _modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:  # relative: made absolute
                    parts = ["skill_catalog", *(package.split(".") if package else [])]
                    parts = parts[: len(parts) - node.level + 1]
                    target = ".".join([*parts, *([node.module] if node.module else [])])
                else:
                    target = node.module or ""
                submodules = [f"{target}.{alias.name}" for alias in node.names]
                local = [_local(t) for t in submodules]
                targets = submodules if all(m in modules for m in local) else [target]
            for target in targets:
                module = _local(target)
                if module in modules and module != name:
                    graph[name].add(module)
    return graph


def _local(name: str) -> str:
    """``skill_catalog.a.b`` -> ``a.b``, the package itself -> "" (other names unchanged)."""
    return "" if name == "skill_catalog" else name.removeprefix("skill_catalog.")


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def strong(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                strong(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            strong(node)
    return found


def test_no_import_cycle_but_the_known_ones() -> None:
    found = set(cycles(import_graph()))
    new = [sorted(c) for c in found - KNOWN_CYCLES]
    gone = [sorted(c) for c in KNOWN_CYCLES - found]
    assert not new, f"new import cycles: {new}"
    assert not gone, f"cycles removed: take them off KNOWN_CYCLES: {gone}"


Layers = dict[tuple[str, ...], list[set[str]]]


def declared_layers(text: str) -> Layers:
    """The ``text`` block of docs/architecture.md that follows "## Layers": each container
    (``()`` for the package, ``("site",)`` for its indented children, ...) -> its layers, high
    to low, each a set of unit names (``a | b``: units at the same level, which may not import
    each other)."""
    block = text.partition("\n## Layers\n")[2].partition("```text\n")[2].partition("```")[0]
    layers: Layers = defaultdict(list)
    parents: list[str] = []
    for line in block.splitlines():
        if not line.strip():
            continue
        depth = (len(line) - len(line.lstrip(" "))) // 4
        parents = parents[:depth]
        units = {unit.strip() for unit in line.split("|")}
        layers[tuple(parents)].append(units)
        parents.append(next(iter(units)))
    return dict(layers)


def placement(module: str, layers: Layers) -> tuple[str, ...] | None:
    """The units ``module`` belongs to, outermost first (``site.pages.views`` -> ``("site",
    "pages")``); None when a container it is in does not list it."""
    parts = module.split(".") if module else []
    found: tuple[str, ...] = ()
    while found in layers and len(found) < len(parts):
        unit = parts[len(found)]
        if not any(unit in level for level in layers[found]):
            return None
        found += (unit,)
    return found


def upward_imports(graph: dict[str, set[str]], layers: Layers) -> set[str]:
    """Every import of a unit by a unit that is not above it in the same container, as
    ``"importer -> imported"``."""
    found = set()
    for importer, targets in graph.items():
        for target in targets:
            a, b = placement(importer, layers), placement(target, layers)
            if a is None or b is None:
                continue
            common = 0
            while common < min(len(a), len(b)) and a[common] == b[common]:
                common += 1
            if common == min(len(a), len(b)):
                continue  # the same unit, or a container and what it holds
            levels = layers[a[:common]]
            level_a = next(i for i, level in enumerate(levels) if a[common] in level)
            level_b = next(i for i, level in enumerate(levels) if b[common] in level)
            if level_a >= level_b:
                found.add(f"{importer} -> {target}")
    return found


def test_every_module_has_a_layer_and_every_layer_a_module() -> None:
    layers = declared_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    modules = _modules()
    unplaced = sorted(name for name in modules if name and placement(name, layers) is None)
    assert not unplaced, f"modules in no layer of docs/architecture.md: {unplaced}"
    placed = {placement(name, layers) for name in modules}
    ghosts = sorted(".".join((*container, unit)) for container, levels in layers.items()
                    for level in levels for unit in level if (*container, unit) not in placed)
    assert not ghosts, f"layers of docs/architecture.md that hold no module: {ghosts}"


def test_no_import_points_up_a_layer() -> None:
    found = upward_imports(import_graph(), declared_layers(
        ARCHITECTURE.read_text(encoding="utf-8")))
    assert not found, f"imports that point up or sideways: {sorted(found)}"


def test_the_layer_check_sees_upward_and_sideways_imports() -> None:
    layers = declared_layers("x\n## Layers\n\n```text\ncli\nsite\n    pages\n    write\n"
                             "fs | model\n```\n")
    assert layers == {(): [{"cli"}, {"site"}, {"fs", "model"}],
                      ("site",): [{"pages"}, {"write"}]}
    assert placement("site.pages.views", layers) == ("site", "pages")
    assert placement("site.other", layers) is None
    graph = {"cli": {"site.pages.views", "fs"}, "site.pages.views": {"site.write.output"},
             "site.write.output": {"site.pages", "fs"}, "fs": {"model", "cli"},
             "site": {"site.pages"}}
    assert upward_imports(graph, layers) == {
        "site.write.output -> site.pages", "fs -> model", "fs -> cli"}


def test_the_graph_sees_lazy_and_type_checking_imports() -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n"
                     "def f():\n    import b\n")
    names = [alias.name for node in _imports(tree) if isinstance(node, ast.Import)
             for alias in node.names]
    assert sorted(names) == ["a", "b"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        frozenset({"a", "b", "c"})]


def test_the_package_root_imports_only_the_public_api() -> None:
    graph = import_graph()
    assert graph[""] <= {"api", "catalog", "config", "model", "version"}, graph[""]
    assert "" not in {target for targets in graph.values() for target in targets}, (
        "a module imports the package root (import from the module that defines it)")


def test_every_module_imports_on_its_own() -> None:
    """Each module imported first, in a fresh interpreter, works: no import order hides a
    cycle (one child process imports them one after the other, forgetting the package each
    time)."""
    script = (
        "import importlib, sys\n"
        "names = sys.argv[1:]\n"
        "failed = []\n"
        "for name in names:\n"
        "    for loaded in [m for m in sys.modules if m.split('.')[0] == 'skill_catalog']:\n"
        "        del sys.modules[loaded]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as error:\n"
        "        failed.append(f'{name}: {error!r}')\n"
        "print('\\n'.join(failed))\n")
    names = sorted("skill_catalog" + (f".{name}" if name else "") for name in _modules()
                   if not name.endswith("__main__"))
    done = subprocess.run([sys.executable, "-c", script, *names], capture_output=True,
                          text=True, check=True, cwd=REPO)
    assert done.stdout.strip() == "", done.stdout


def imported_test_modules(tree: ast.AST) -> list[str]:
    """The test modules (and ``conftest``) that ``tree`` imports, anywhere in it."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        found += [name for name in names
                  if re.fullmatch(r"tests\.(test_\w+|conftest)", name)]
    return found


def test_no_test_module_imports_another_or_conftest() -> None:
    """Shared helpers live in tests/helpers/ and fixtures in tests/conftest.py: a test module
    imported by another runs its tests' module-level code twice and hides what is shared."""
    ours = [path for path in sorted((REPO / "tests").rglob("*.py"))
            if "fixtures" not in path.relative_to(REPO / "tests").parts]  # skills' scripts
    assert REPO / "tests" / "helpers" / "libraries.py" in ours
    found = {path.relative_to(REPO).as_posix(): imported for path in ours
             if (imported := imported_test_modules(ast.parse(path.read_text(encoding="utf-8"))))}
    assert found == {}


def test_the_test_import_check_sees_every_form() -> None:
    tree = ast.parse("import tests.test_a\nfrom tests.test_b import x\nfrom tests import test_c\n"
                     "from tests.conftest import y\ndef f():\n    from tests.test_d import z\n"
                     "from tests.helpers import w\nfrom tests import browser\n")
    assert sorted(imported_test_modules(tree)) == [
        "tests.conftest", "tests.test_a", "tests.test_b", "tests.test_c", "tests.test_d"]


def test_the_package_root_holds_only_the_public_api_and_the_domain() -> None:
    """Everything else lives in a subpackage named for its one concern (docs/architecture.md)."""
    loose = {path.name for path in PACKAGE.glob("*.py")}
    assert loose <= {"__init__.py", "__main__.py", "api.py", "catalog.py", "config.py",
                     "errors.py", "model.py", "version.py"}, sorted(loose)
    for package in (path.parent for path in PACKAGE.rglob("__init__.py")):
        first = ast.get_docstring(ast.parse((package / "__init__.py").read_text("utf-8")))
        where = package.relative_to(PACKAGE)
        assert first, f"{where}/ has no docstring saying what it holds"
        summary = first.split("\n\n")[0]
        assert "\n" not in summary, f"{where}/: its docstring's summary is not one line"


FRONT_DOORS = {"site"}
"""Packages whose parts nothing outside them imports: their ``__init__`` is the one way in."""


def through_front_doors(graph: dict[str, set[str]]) -> set[str]:
    """Every import of a part of a front-door package (``site.build``) from outside it, as
    ``"importer -> imported"``."""
    return {f"{importer} -> {target}" for importer, targets in graph.items()
            for target in targets for door in FRONT_DOORS
            if target.startswith(f"{door}.") and importer != door
            and not importer.startswith(f"{door}.")}


def test_front_ends_import_the_site_through_its_front_door() -> None:
    """The command line, ``serve``, the MkDocs adapter, the MCP server and ``diff`` import
    ``skill_catalog.site``, never one of its parts (docs/architecture.md)."""
    found = through_front_doors(import_graph())
    assert not found, f"imports of the site's parts (import from skill_catalog.site): {found}"


def test_the_front_door_check_sees_a_part_imported() -> None:
    graph = {"cli.build": {"site", "site.pages.views"}, "site.build": {"site.pages.views"},
             "site": {"site.build"}, "mkdocs_adapter.pages": {"site.urls", "model"}}
    assert through_front_doors(graph) == {"cli.build -> site.pages.views",
                                          "mkdocs_adapter.pages -> site.urls"}


def test_the_site_front_door_gives_every_name_it_lists() -> None:
    import skill_catalog.site as site

    assert sorted(site.__all__) == sorted(site._WHERE)
    for name in site.__all__:
        assert getattr(site, name) is not None, name
    with pytest.raises(AttributeError):
        site.no_such_name  # noqa: B018
