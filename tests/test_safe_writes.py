"""Every file skill-catalog writes goes through one primitive that never follows a link
(:mod:`skill_catalog.fs.safe_write`), and the GitHub action writes nothing inside the
checkout: a new raw write anywhere fails here.

The code is read as a syntax tree: a call that writes a file by name (``open`` in a writing
mode, ``Path.write_text``/``write_bytes``/``open("w")``, ``os.open`` with a writing flag,
``shutil``'s copies and moves, ``tarfile``/``zipfile`` opened by name to write) is allowed only
in ``fs/safe_write.py``. The action's scripts are read line by line: output goes only to the
runner's own files (``$GITHUB_OUTPUT``, ``$GITHUB_STEP_SUMMARY``), to ``/dev/null``, or to a
file ``mktemp`` made in ``$RUNNER_TEMP``; no script writes a file with Python.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.environment import REPO
from tests.helpers.libraries import write_skill

PACKAGE = REPO / "skill_catalog"
SAFE_MODULE = PACKAGE / "fs" / "safe_write.py"
WRITING_MODE = re.compile(r"[wax+]")
WRITING_FLAGS = {"O_WRONLY", "O_RDWR", "O_CREAT", "O_APPEND", "O_TRUNC"}
SHUTIL_WRITES = {"copy", "copy2", "copyfile", "copytree", "move", "copymode", "copystat"}


def _string(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _mode(call: ast.Call, position: int) -> str | None:
    for keyword in call.keywords:
        if keyword.arg == "mode":
            return _string(keyword.value)
    return _string(call.args[position]) if len(call.args) > position else None


def _constants(tree: ast.Module) -> dict[str, ast.AST]:
    """Module-level ``NAME = value``: flags are often named once."""
    named: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    named[target.id] = node.value
    return named


def _flag_names(node: ast.AST, constants: dict[str, ast.AST], depth: int = 0) -> set[str]:
    names: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute):
            names.add(sub.attr)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            names.add(sub.value)  # getattr(os, "O_CREAT", 0)
        elif isinstance(sub, ast.Name) and sub.id in constants and depth < 4:
            names |= _flag_names(constants[sub.id], constants, depth + 1)
    return names


def raw_writes(source: str, filename: str = "<code>") -> list[str]:
    """Each call in ``source`` that writes a file by name, as ``line: call``."""
    tree = ast.parse(source, filename)
    constants = _constants(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        why = None
        if isinstance(func, ast.Name) and func.id == "open":
            mode = _mode(node, 1)
            if mode is not None and WRITING_MODE.search(mode):
                why = f"open(..., {mode!r})"
        elif isinstance(func, ast.Attribute):
            owner = func.value.id if isinstance(func.value, ast.Name) else None
            if func.attr in ("write_text", "write_bytes") and len(node.args) == 1:
                why = f"Path.{func.attr}"  # an output tree's takes (relpath, data)
            elif func.attr == "open" and owner not in ("os", "tarfile"):
                mode = _mode(node, 0)  # Path.open(mode), not ZipFile.open(name, mode)
                if mode is not None and WRITING_MODE.search(mode):
                    why = f".open({mode!r})"
            elif owner == "os" and func.attr == "open" and len(node.args) > 1:
                flags = _flag_names(node.args[1], constants) & WRITING_FLAGS
                if flags:
                    why = f"os.open with {', '.join(sorted(flags))}"
            elif owner == "shutil" and func.attr in SHUTIL_WRITES:
                why = f"shutil.{func.attr}"
            elif owner == "tarfile" and func.attr == "open":
                mode = _mode(node, 1)
                if mode is not None and WRITING_MODE.search(mode):
                    why = f"tarfile.open(..., {mode!r})"
            elif func.attr == "ZipFile":
                mode = _mode(node, 1)
                if mode is not None and WRITING_MODE.search(mode):
                    why = f"ZipFile(..., {mode!r})"
        if why is not None:
            found.append(f"{filename}:{node.lineno}: {why}")
    return found


def test_the_detector_finds_each_kind_of_raw_write() -> None:
    """The check itself: each way of writing a file by name is found, reads are not."""
    writes = '''
import os, shutil, tarfile, zipfile
from pathlib import Path
FLAGS = os.O_WRONLY | os.O_CREAT
open(p, "w"); open(p, mode="ab"); Path(p).write_text("x"); p.write_bytes(b"")
p.open("w"); os.open(p, os.O_RDWR | os.O_CREAT); os.open(p, FLAGS, 0o600)
os.open(p, getattr(os, "O_CREAT", 0)); shutil.copy(a, b); shutil.move(a, b)
tarfile.open(p, "w:gz"); zipfile.ZipFile(p, "w")
'''
    assert len(raw_writes(writes)) == 12, raw_writes(writes)
    reads = '''
import os
open(p); open(p, "rb"); p.read_text(); p.open(); os.open(p, os.O_RDONLY)
out.write_text("a/b.html", text); out.write_bytes("x.json", data); archive.open(info, "w")
'''
    assert raw_writes(reads) == []


def test_no_raw_write_outside_the_safe_module() -> None:
    found: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == SAFE_MODULE:
            continue
        found += raw_writes(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
    assert found == [], ("write these through skill_catalog.fs.safe_write (write_file, "
                         "replace_file, create_new, write_new):\n" + "\n".join(found))


# --- the GitHub action and workflows ----------------------------------------------------------

ACTION = REPO / ".github" / "actions" / "skill-catalog" / "action.yml"
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
REDIRECT = re.compile(r"(?<![<>&0-9])(?:[0-9]?>>?|&>)\s*(?P<target>\"[^\"]*\"|\S+)")


def _scripts() -> list[tuple[str, str]]:
    scripts = [(f"action.yml: {s.get('name')}", s["run"])
               for s in yaml.safe_load(ACTION.read_text(encoding="utf-8"))["runs"]["steps"]
               if "run" in s]
    for path in WORKFLOWS:
        for job in yaml.safe_load(path.read_text(encoding="utf-8"))["jobs"].values():
            scripts += [(f"{path.name}: {s.get('name')}", s["run"]) for s in job["steps"]
                        if "run" in s]
    return scripts


def _temporaries(script: str) -> set[str]:
    """Variables a script sets to a new file ``mktemp`` made in the runner's temporary folder."""
    return set(re.findall(r'(\w+)="\$\(mktemp (?:-d )?"\$\{?RUNNER_TEMP[^)]*\)"', script))


def _lines(script: str) -> list[tuple[int, str, bool]]:
    """(number, code without a comment, whether it is Python) for each line of ``script``:
    Python runs in ``python -c '...'`` or ``python - <<'PY'`` blocks."""
    lines: list[tuple[int, str, bool]] = []
    end: str | None = None  # what closes the Python block under way
    for number, line in enumerate(script.splitlines(), 1):
        if end is not None:
            if (line.strip() == end) if end == "PY" else end in line:
                end = None
            lines.append((number, line, True))
            continue
        code = "" if line.lstrip().startswith("#") else line.split(" #", 1)[0]
        if re.search(r"python3? -c '", code) and code.count("'") % 2:
            end = "'"
            lines.append((number, code.split("python", 1)[0], False))
            lines.append((number, code.split("-c '", 1)[1], True))
            continue
        if re.search(r"<<\s*'PY'", code):
            end = "PY"
        lines.append((number, code, False))
    return lines


def test_the_action_and_workflows_write_only_their_own_temporary_files() -> None:
    """A write inside the checkout follows whatever link a pull request committed there
    (self-hosted runners: any file the runner can write); the scripts write only the
    runner's files and files ``mktemp`` created (exclusively) in ``$RUNNER_TEMP``."""
    problems = []
    for where, script in _scripts():
        allowed = {'"$GITHUB_OUTPUT"', '"$GITHUB_STEP_SUMMARY"', "/dev/null", "&1", "&2"}
        allowed |= {f'"${name}"' for name in _temporaries(script)}
        for number, code, python in _lines(script):
            if python:
                if re.search(r"\b(write_text|write_bytes|dump)\(|open\(.*['\"][wax]", code):
                    problems.append(f"{where}:{number}: writes a file with Python")
                continue
            for match in REDIRECT.finditer(code):
                if match.group("target").rstrip(";") not in allowed:
                    problems.append(f"{where}:{number}: writes {match.group('target')}")
            if re.search(r"\bmktemp\b", code) and "RUNNER_TEMP" not in code:
                problems.append(f"{where}:{number}: a temporary file outside $RUNNER_TEMP")
            if re.search(r"\b(tee|cp|mv|dd|touch)\b", code):
                problems.append(f"{where}:{number}: writes a file with {code.strip()!r}")
    assert problems == []


# --- the primitive, through the commands -----------------------------------------------------

def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "skill_catalog", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    write_skill(tmp_path / "lib", "pdf",
                "name: pdf\ndescription: Fill PDF forms. Use when $(touch pwned) the user asks.")
    return tmp_path


@pytest.mark.parametrize("command", [
    ["validate", "lib"], ["validate", "lib", "-f", "sarif"], ["prompt", "lib", "-f", "markdown"],
])
def test_dash_o_never_writes_through_a_committed_link(library: Path, command: list[str]) -> None:
    """``-o .bashrc`` where a pull request committed ``.bashrc`` as a link to the user's
    start-up file: refused (exit 2), the file it points to untouched."""
    victim = library / "home-bashrc"
    victim.write_text("# mine\n", encoding="utf-8")
    (library / ".bashrc").symlink_to(victim)
    done = run(*command, "-o", ".bashrc", cwd=library)
    assert done.returncode == 2, done.stderr
    assert "symbolic link" in done.stderr
    assert "Traceback" not in done.stderr
    assert victim.read_text(encoding="utf-8") == "# mine\n"
    assert (library / ".bashrc").is_symlink()


def test_dash_o_never_writes_through_a_linked_folder(library: Path) -> None:
    elsewhere = library / "elsewhere"
    elsewhere.mkdir()
    (library / "reports").symlink_to(elsewhere)
    done = run("validate", "lib", "-f", "sarif", "-o", "reports/skills.sarif", cwd=library)
    assert done.returncode == 2
    assert "reports is a symbolic link on the way" in done.stderr
    assert list(elsewhere.iterdir()) == []


def test_dash_o_replaces_a_hard_link_instead_of_writing_into_it(library: Path) -> None:
    other = library / "other.txt"
    other.write_text("keep\n", encoding="utf-8")
    os.link(other, library / "report.txt")
    done = run("validate", "lib", "-o", "report.txt", cwd=library)
    assert done.returncode == 0, done.stderr
    assert other.read_text(encoding="utf-8") == "keep\n"
    assert "pdf" in (library / "report.txt").read_text(encoding="utf-8") or \
        "1 skill checked" in (library / "report.txt").read_text(encoding="utf-8")
    assert [p.name for p in library.iterdir() if p.name.endswith(".tmp")] == []
