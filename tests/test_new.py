"""``skill-catalog new``: the scaffolded skill is valid for us (strictly) and for skills-ref."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.scaffold import EXAMPLES, ScaffoldError, check_name, scaffold

ALL_EXTRAS = ",".join(EXAMPLES)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("extras", ["", "scripts", "references,assets", ALL_EXTRAS])
def test_new_skill_passes_strict_validation(tmp_path: Path, extras: str) -> None:
    args = ["new", "pdf-tools", "--in", str(tmp_path / "skills")]
    code, out = run(*args, *(["--with", extras] if extras else []))
    assert code == 0, out
    folder = tmp_path / "skills" / "pdf-tools"
    assert "Created" in out
    assert (folder / "SKILL.md").is_file()
    made = {p.relative_to(folder).parts[0] for p in folder.iterdir()} - {"SKILL.md"}
    assert made == {e for e in extras.split(",") if e}
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
