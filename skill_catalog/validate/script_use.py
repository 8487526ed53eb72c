"""Which files of a skill's ``scripts/`` are imported or sourced by other code, not run.

SC210 asks a script an agent runs for an executable bit and a shebang. A file that is only
imported or sourced needs neither, and giving a module a shebang would be wrong:

- a package's ``__init__.py`` and the other modules of a package (a folder holding
  ``__init__.py``);
- test files (``test_*.py``, ``*_test.py``, ``conftest.py``, ``*.test.js``/``*.spec.ts``,
  anything under ``tests/``, ``test/`` or ``__tests__/``), which a test runner loads;
- Python modules another Python file of the skill imports (``from helpers import x`` in a
  sibling script, ``import lib.util``, ``from . import x``), resolved as Python would from the
  importing file's folder, and from ``scripts/`` and the skill folder for scripts started there
  (not when only a test imports it, nor when it has an ``if __name__ == "__main__"`` guard: then
  it is run too);
- shell files another shell file sources (``. lib.sh``, ``source "$(dirname "$0")/lib.sh"``);
- PowerShell modules (``.psm1``), which ``Import-Module`` loads;
- Python modules run only as ``python -m package.module`` (in SKILL.md or any text file of the
  skill) and never started by their path.

Reading is lazy: nothing is read unless a file that lacks the bit or the shebang is left after
the checks on names alone.
"""

from __future__ import annotations

import ast
import os
import posixpath
import re
from collections.abc import Callable, Iterable, Sequence

from skill_catalog.fs.safe_fs import read_limited_inside
from skill_catalog.model import Skill, SkillFile

_READ_LIMIT = 1 << 20
_MAX_READS = 500
"""Files read at most per skill to find imports and sources (each up to 1 MB)."""
_TEST_DIRS = frozenset({"tests", "test", "__tests__"})
_TEST_NAME = re.compile(r"test_.*\.py|.*_test\.py|conftest\.py|.*\.(test|spec)\.[cm]?[jt]sx?")
_SHELL_SUFFIXES = (".sh", ".bash", ".zsh", ".ksh")
_SOURCE = re.compile(r"(?:^|[;&|({]|\bthen|\bdo|\belse)\s*(?:\.|source)\s+(?P<rest>[^;&|#\n]+)",
                     re.MULTILINE)
_EXPANSION = re.compile(r"\$\{[^}]*\}|\$\((?:[^()]|\([^()]*\))*\)|\$\w+|`[^`]*`")
_PYTHON_M = re.compile(
    r"\b(?:python(?:[0-9.]*)|py|uv run|poetry run python|pipenv run python)"
    r"(?:\s+-[A-Za-z]+)*\s+-m\s+(?P<module>[A-Za-z_][\w.]*)")
_IMPORT_LINE = re.compile(
    r"^\s*(?:from\s+(?P<base>\.*[\w.]*)\s+import\s+(?P<names>[\w\s,()*]+)|"
    r"import\s+(?P<modules>[\w.]+(?:\s*,\s*[\w.]+)*))", re.MULTILINE)


_MAIN_GUARD = re.compile(r"^if\s+__name__\s*==\s*['\"]__main__['\"]", re.MULTILINE)
"""A module with this guard is also meant to be run: being imported does not excuse it."""


def _is_test(relpath: str) -> bool:
    parts = relpath.split("/")
    return bool(_TEST_DIRS.intersection(parts[:-1])) or bool(_TEST_NAME.fullmatch(parts[-1]))


def _folder(relpath: str) -> str:
    return relpath.rsplit("/", 1)[0] if "/" in relpath else ""


def _join(*parts: str) -> str:
    joined = posixpath.normpath("/".join(p for p in parts if p))
    return "" if joined == "." else joined


class _Files:
    """The skill's files by relative path, and their text, read once."""

    def __init__(self, skill: Skill) -> None:
        self.skill = skill
        self.by_path = {f.relpath: f for f in skill.files}
        self._texts: dict[str, str] = {}
        self._reads = 0

    def text(self, relpath: str) -> str:
        if relpath in self._texts:
            return self._texts[relpath]
        text = ""
        item = self.by_path.get(relpath)
        if item is not None and item.is_text and self._reads < _MAX_READS:
            self._reads += 1
            try:
                data, _ = read_limited_inside(self.skill.root,
                                            os.path.join(self.skill.dir, relpath), _READ_LIMIT)
                text = data.decode("utf-8", "replace")
            except OSError:
                pass
        self._texts[relpath] = text
        return text

    def where_module(self, base: str, dotted: Sequence[str]) -> list[str]:
        """The files that ``import a.b`` may load from folder ``base``: a/__init__.py,
        a.py, a/b.py, a/b/__init__.py."""
        found = []
        for end in range(1, len(dotted) + 1):
            stem = _join(base, *dotted[:end])
            for candidate in (stem + ".py", stem + "/__init__.py"):
                if candidate in self.by_path:
                    found.append(candidate)
        return found


def _python_imports(text: str) -> Iterable[tuple[int, list[str]]]:
    """(level, dotted name) of each module an import statement may load: ``from a import b``
    gives ``a`` and ``a.b`` (b may be a submodule); level counts the dots of a relative
    import."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        yield from _regex_imports(text)
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield 0, alias.name.split(".")
        elif isinstance(node, ast.ImportFrom):
            base = node.module.split(".") if node.module else []
            if base:
                yield node.level, base
            for alias in node.names:
                if alias.name != "*":
                    yield node.level, [*base, alias.name]


def _regex_imports(text: str) -> Iterable[tuple[int, list[str]]]:
    """The same from text that does not parse (Python 2, a syntax error)."""
    for match in _IMPORT_LINE.finditer(text):
        if match["modules"]:
            for module in match["modules"].split(","):
                yield 0, module.strip().split(".")
            continue
        base = match["base"]
        level = len(base) - len(base.lstrip("."))
        parts = [p for p in base.lstrip(".").split(".") if p]
        if parts:
            yield level, parts
        for name in re.split(r"[\s,()]+", match["names"]):
            if name and name != "*" and name.isidentifier():
                yield level, [*parts, name]


def _imported_python(files: _Files) -> dict[str, str]:
    found: dict[str, str] = {}
    for relpath in sorted(files.by_path):
        if not relpath.endswith(".py") or _is_test(relpath):
            continue  # a test importing the script it tests says nothing of how it is run
        folder = _folder(relpath)
        for level, dotted in _python_imports(files.text(relpath)):
            if level:
                bases = [_join(folder, *[".."] * (level - 1))]
            else:
                bases = list(dict.fromkeys([folder, "scripts", ""]))
            for base in bases:
                for module in files.where_module(base, dotted):
                    if module != relpath and module not in found and \
                            not _MAIN_GUARD.search(files.text(module)):
                        found[module] = f"imported by {relpath}"
    return found


def _is_shell(item: SkillFile) -> bool:
    name = item.relpath.rsplit("/", 1)[-1]
    return item.is_text and (name.endswith(_SHELL_SUFFIXES) or ("." not in name
                                                                and item.has_shebang))


def _sourced_shell(files: _Files, wanted: set[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for relpath in sorted(files.by_path):
        if not _is_shell(files.by_path[relpath]):
            continue
        folder = _folder(relpath)
        for match in _SOURCE.finditer(files.text(relpath)):
            path = _EXPANSION.sub("\0", match["rest"].replace('"', "").replace("'", ""))
            words = path.split()
            if not words:
                continue
            word = words[0]
            expanded = "\0" in word
            tail = word.rsplit("\0", 1)[-1].lstrip("/")
            if not tail:
                continue
            places = {_join(folder, tail), _join(tail)}
            for target in wanted - {relpath}:
                if target in places or (expanded and target.endswith("/" + _join(tail))):
                    found.setdefault(target, f"sourced by {relpath}")
    return found


def _run_as_module(files: _Files, wanted: set[str]) -> dict[str, str]:
    """Modules named in ``python -m`` and never started by their path."""
    texts: list[tuple[str, str]] = [("SKILL.md", files.skill.body)]
    texts += [(relpath, files.text(relpath)) for relpath, item in sorted(files.by_path.items())
              if item.is_text and item.category != "skill_md"]
    named: dict[str, str] = {}
    for where, text in texts:
        for match in _PYTHON_M.finditer(text):
            dotted = match["module"].strip(".").split(".")
            for base in ("", "scripts"):
                stem = _join(base, *dotted)
                for module in (stem + ".py", stem + "/__main__.py"):
                    if module in wanted:
                        named.setdefault(module, f"run with 'python -m {match['module']}' in "
                                                 f"{where}")
    for module in list(named):
        started = re.compile(r"(?:^|[;&|`]|\$\(|\$ |\bexec |\bsudo )\s*(?:\./|\S*/)?"
                             + re.escape(module) + r"\b", re.MULTILINE)
        if any(started.search(text) for _where, text in texts):
            del named[module]
    return named


def not_run(skill: Skill, candidates: Sequence[SkillFile]) -> dict[str, str]:
    """Of ``candidates`` (files of scripts/ without an executable bit or a shebang), those
    that are imported, sourced or run as a module rather than run: relpath -> why."""
    files = _Files(skill)
    reasons: dict[str, str] = {}
    packages = {_folder(p) for p in files.by_path if p.rsplit("/", 1)[-1] == "__init__.py"}
    for item in candidates:
        relpath = item.relpath
        if relpath.rsplit("/", 1)[-1] == "__init__.py":
            reasons[relpath] = "a package's __init__.py"
        elif relpath.endswith(".py") and _folder(relpath) in packages:
            reasons[relpath] = f"a module of the package {_folder(relpath)}/"
        elif _is_test(relpath):
            reasons[relpath] = "a test file"
        elif relpath.endswith(".psm1"):
            reasons[relpath] = "a PowerShell module"
    left = {item.relpath for item in candidates} - set(reasons)
    lookups: list[tuple[Callable[[], dict[str, str]], set[str]]] = []
    python = {p for p in left if p.endswith(".py")}
    shell = {item.relpath for item in candidates if item.relpath in left and _is_shell(item)}
    if python:
        lookups.append((lambda: _imported_python(files), python))
        lookups.append((lambda: _run_as_module(files, python), python))
    if shell:
        lookups.append((lambda: _sourced_shell(files, shell), shell))
    for lookup, wanted in lookups:
        if not wanted - set(reasons):
            continue
        for relpath, why in lookup().items():
            if relpath in wanted:
                reasons.setdefault(relpath, why)
    return reasons
