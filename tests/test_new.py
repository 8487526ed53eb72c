"""``skill-catalog new``: the scaffolded skill is valid for skills-ref and for ``validate``;
``validate --strict`` fails on its placeholder description alone, until it is written; every
name ``new`` suggests passes every name rule."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from skill_catalog.authoring.naming import lowercase_fix, name_problem, suggest_name
from skill_catalog.authoring.scaffold import (
    DESCRIPTION_PLACEHOLDER,
    EXAMPLES,
    ScaffoldError,
    check_name,
    scaffold,
)
from skill_catalog.cli import cli

# The profile's number of examples (tests/conftest.py). Here suggesting a name from a short text is
# a pure function, under a millisecond an example: 8 times the profile's count, which is sized for
# tests that build sites.
PROFILE_EXAMPLES = settings().max_examples

ALL_EXTRAS = ",".join(EXAMPLES)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def diagnostics(report: str, code: str | None = None) -> list[str]:
    """The codes in a JSON report of validate, or the messages of ``code``."""
    found = [d for skill in json.loads(report)["skills"] for d in skill["diagnostics"]]
    if code is None:
        return [d["code"] for d in found]
    return [d["message"] for d in found if d["code"] == code]


@pytest.mark.parametrize("extras", ["", "scripts", "references,assets", ALL_EXTRAS])
def test_new_skill_fails_strict_validation_only_on_its_placeholder(tmp_path: Path,
                                                                   extras: str) -> None:
    args = ["new", "pdf-tools", "--in", str(tmp_path / "skills")]
    code, out = run(*args, *(["--with", extras] if extras else []))
    assert code == 0, out
    folder = tmp_path / "skills" / "pdf-tools"
    assert "Created" in out
    assert (folder / "SKILL.md").is_file()
    made = {p.relative_to(folder).parts[0] for p in folder.iterdir()} - {"SKILL.md"}
    assert made == {e for e in extras.split(",") if e}
    code, out = run("validate", "--format", "json", str(folder))
    assert code == 0, out
    code, out = run("validate", "--strict", "--format", "json", str(folder))
    assert code == 1, out
    assert diagnostics(out) == ["SC214"]
    # Once the description is written, nothing is left.
    skill_md = folder / "SKILL.md"
    skill_md.write_text(skill_md.read_text(encoding="utf-8").replace(
        DESCRIPTION_PLACEHOLDER, "Extracts tables from PDF files. Use when a PDF holds data."),
        encoding="utf-8")
    code, out = run("validate", "--strict", "--format", "json", str(folder))
    assert code == 0, out
    assert '"warnings": 0' in out
    assert '"infos": 0' in out


def test_new_skill_passes_skills_ref(tmp_path: Path) -> None:
    folder = scaffold("report-writer", tmp_path, [ALL_EXTRAS])
    agentskills = shutil.which("agentskills") or str(Path(sys.executable).parent / "agentskills")
    done = subprocess.run([agentskills, "validate", str(folder)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Valid skill" in done.stdout


def test_skill_md_content(tmp_path: Path) -> None:
    folder = scaffold("data-cleanup", tmp_path, ["references"])
    text = (folder / "SKILL.md").read_text(encoding="utf-8")
    assert text.startswith("---\nname: data-cleanup\n")
    assert 'description: "TODO: say what this skill does. Use when ..."' in text
    assert "# Data Cleanup" in text
    assert "[references/REFERENCE.md](references/REFERENCE.md)" in text
    assert "scripts/example.py" not in text


def test_script_is_executable_with_shebang(tmp_path: Path) -> None:
    script = scaffold("runner", tmp_path, ["scripts"]) / "scripts" / "example.py"
    assert script.read_text(encoding="utf-8").startswith("#!/usr/bin/env python3\n")
    assert os.access(script, os.X_OK)
    done = subprocess.run([str(script), "hello"], capture_output=True, text=True, timeout=60,
                          check=False)
    assert (done.returncode, done.stdout) == (0, "example: hello\n")


@pytest.mark.parametrize(("name", "reason"), [
    ("PDF-Tools", "not lowercase (try 'pdf-tools')"),
    ("My_Tool", "not lowercase (try 'my-tool')"),
    ("Claude-Helper", "not lowercase (try 'helper')"),
    ("PDF--Tools", "not lowercase (try 'pdf-tools')"),
    ("Café", "not lowercase (try 'cafe')"),
    ("pdf_tools", "(try 'pdf-tools')"),
    ("-pdf", "starts or ends with a hyphen"),
    ("pdf-", "starts or ends with a hyphen"),
    ("pdf--tools", "consecutive hyphens"),
    ("pdf_tools", "characters other than a-z, 0-9 and '-': '_'"),
    ("café", "characters other than a-z, 0-9 and '-': 'é'"),
    ("a" * 65, "has 65 characters"),
    ("", "the name is empty"),
    ("claude-helper", "contains 'claude'"),
])
def test_invalid_names_are_refused_with_the_rule(tmp_path: Path, name: str, reason: str) -> None:
    code, out = run("new", "--in", str(tmp_path), "--", name)
    assert code == 2
    assert reason in out
    assert "lowercase ASCII letters, digits and single hyphens" in out
    assert list(tmp_path.iterdir()) == []


def test_valid_names_pass_the_check() -> None:
    for name in ("a", "pdf", "pdf-tools-2", "x" * 64, "3d-models"):
        check_name(name)


def test_existing_folder_is_refused_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    code, out = run("new", "taken", "--in", str(tmp_path))
    assert code == 2
    assert "already exists" in out
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]


def test_unknown_extra_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScaffoldError, match="unknown folder examples: choose among scripts"):
        scaffold("fine", tmp_path, ["scripts,examples"])
    assert not (tmp_path / "fine").exists()


def test_with_option_repeated_and_comma_separated(tmp_path: Path) -> None:
    code, out = run("new", "both", "--in", str(tmp_path), "--with", "assets",
                    "--with", "scripts,assets")
    assert code == 0, out
    assert sorted(p.name for p in (tmp_path / "both").iterdir()) == ["SKILL.md", "assets",
                                                                     "scripts"]


@settings(max_examples=8 * PROFILE_EXAMPLES)
@given(st.text(max_size=80))
def test_every_suggested_name_passes_every_name_rule(text: str) -> None:
    suggestion = suggest_name(text)
    if suggestion is not None:
        assert name_problem(suggestion) is None, suggestion
        check_name(suggestion)


@pytest.mark.parametrize("name", ["My_Tool", "Claude-PDF", "ÉTÉ--Notes", "A" * 70, "x.Y z"])
def test_suggested_names_pass_validate_strict(tmp_path: Path, name: str) -> None:
    """What `new` suggests, scaffolded, breaks no name rule of validate --strict (only the
    placeholder description is left)."""
    code, out = run("new", "--in", str(tmp_path), "--", name)
    assert code == 2
    suggestion = out.split("(try '", 1)[1].split("'", 1)[0]
    code, out = run("new", suggestion, "--in", str(tmp_path))
    assert code == 0, out
    code, out = run("validate", "--strict", "--format", "json", str(tmp_path / suggestion))
    assert diagnostics(out) == ["SC214"]


def test_sc105_suggests_only_a_valid_name(tmp_path: Path) -> None:
    folder = tmp_path / "lib" / "My_Claude_Tool"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        "---\nname: My_Claude_Tool\ndescription: Does things. Use when testing.\n---\n# Body\n",
        encoding="utf-8")
    code, out = run("validate", "--format", "json", str(tmp_path / "lib"))
    assert code == 1
    (sc105,) = diagnostics(out, "SC105")
    assert sc105.endswith("Fix: use 'my-tool'.")


@pytest.mark.parametrize(("name", "fix"), [
    ("My_Claude_Tool", "my-tool"),
    ("НАВЫК", "навык"),           # no ASCII name can be made: its lowercase (SC110 stays)
    ("CLAUDE-НАВЫК", None),       # its lowercase holds a reserved word: nothing to suggest
    ("НАВЫК_ДВА", None),          # '_' breaks SC108
])
def test_sc105_fix_breaks_no_error_rule(name: str, fix: str | None) -> None:
    assert lowercase_fix(name) == fix
