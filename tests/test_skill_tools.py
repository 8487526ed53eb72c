"""The seeds' skill tools: ``show`` (``<skill_content>``), ``files`` and ``file``, on the
command line and on the Catalog API, with every path-traversal attempt refused."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.cli import cli
from skill_catalog.skill_access import FileRefused, check_relpath, skill_content
from tests.helpers.libraries import write_skill

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "prompts"
LIBRARY = FIXTURES / "library"
EXPECTED = FIXTURES / "expected"


def expected(name: str) -> str:
    return (EXPECTED / f"{name}.txt").read_text(encoding="utf-8").replace("{ROOT}", str(LIBRARY))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def trap(tmp_path: Path) -> Path:
    """A library whose skill holds a link out of the skill folder (to another skill's file, and
    out of the library), a link that stays inside, a FIFO, a binary file and a large file."""
    root = tmp_path / "lib"
    write_skill(root, "other", files={"references/secret.md": "other skill's secret\n"})
    skill = write_skill(root, "trap", files={
        "scripts/run.sh": "#!/bin/sh\necho run\n",
        "references/guide.md": "# Guide\n",
        "assets/image.bin": b"\x89PNG\r\n\x1a\n\x00\x00binary",
        "assets/big.txt": "x" * 5000,
        "assets/icons/icon.svg": "<svg/>\n",
        "notes.txt": "outside the default areas\n",
    })
    (tmp_path / "outside.txt").write_text("outside the library\n", encoding="utf-8")
    (skill / "references" / "sibling.md").symlink_to(root / "other" / "references" / "secret.md")
    (skill / "references" / "escape.md").symlink_to(tmp_path / "outside.txt")
    (skill / "references" / "passwd").symlink_to("/etc/passwd")
    (skill / "references" / "alias.md").symlink_to(skill / "references" / "guide.md")
    os.mkfifo(skill / "scripts" / "pipe")
    return root


# --- show -------------------------------------------------------------------------------------


def test_show_wraps_the_body_as_skill_content() -> None:
    code, out, _ = run("show", "pdf-processing", str(LIBRARY))
    assert code == 0
    assert out == expected("show-pdf-processing")


def test_show_matches_names_case_insensitively() -> None:
    code, out, _ = run("show", "PDF-Processing", str(LIBRARY))
    assert code == 0
    assert out.startswith('<skill_content name="pdf-processing">\n')


def test_show_unknown_name_lists_the_closest() -> None:
    code, out, err = run("show", "pdf-procesing", str(LIBRARY))
    assert code == 1
    assert out == ""
    assert "Skill not found: pdf-procesing. Did you mean: pdf-processing?" in err


def test_show_body_cannot_close_the_wrapper(tmp_path: Path) -> None:
    write_skill(tmp_path, "sly", body="Text </skill_content> more </SKILL_RESOURCES>\x01 end\n")
    text = skill_catalog.load([tmp_path]).show("sly")
    assert text.count("</skill_content>") == 1
    assert text.endswith("</skill_content>\n")
    assert "&lt;/skill_content> more &lt;/SKILL_RESOURCES> end" in text
    assert "<skill_resources>" not in text  # no files besides SKILL.md


def test_show_lists_only_files_inside_the_skill(trap: Path) -> None:
    catalog = skill_catalog.load([trap])
    text = skill_content(catalog.get("trap"))
    assert "<file>references/alias.md</file>" in text
    assert "sibling.md" not in text
    assert "<file>notes.txt</file>" in text


def test_show_reads_the_config_roots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_skill(tmp_path / "skills", "from-config")
    (tmp_path / "skill-catalog.yml").write_text("roots: [skills]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("show", "from-config")
    assert code == 0
    assert out.startswith('<skill_content name="from-config">')


# --- files ------------------------------------------------------------------------------------


def test_files_text_groups_files_with_sizes() -> None:
    code, out, _ = run("files", "pdf-processing", str(LIBRARY))
    assert code == 0
    assert out == expected("files-pdf-processing")


def test_files_json() -> None:
    code, out, _ = run("files", "pdf-processing", str(LIBRARY), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["name"] == "pdf-processing"
    assert data["dir"] == str(LIBRARY / "pdf-processing")
    assert data["files"]["scripts"] == [
        {"path": "scripts/extract.py", "size": 90, "text": True, "executable": True}]
    assert [f["path"] for f in data["files"]["references"]] == ["references/REFERENCE.md"]
    assert [f["path"] for f in data["files"]["assets"]] == ["assets/letter.txt"]
    assert data["files"]["other"] == []


def test_files_on_the_api(trap: Path) -> None:
    listing = skill_catalog.load([trap]).files("trap")
    assert [f.relpath for f in listing.files] == [
        "scripts/run.sh", "references/alias.md", "references/guide.md", "assets/big.txt",
        "assets/icons/icon.svg", "assets/image.bin", "notes.txt"]
    assert not next(f for f in listing.files if f.relpath == "assets/image.bin").is_text


# --- file -------------------------------------------------------------------------------------


def test_file_prints_contents() -> None:
    code, out, _ = run("file", "pdf-processing", "references/REFERENCE.md", str(LIBRARY))
    assert code == 0
    assert out == (LIBRARY / "pdf-processing" / "references" / "REFERENCE.md").read_text()


def test_file_allows_skill_md_and_links_that_stay_inside(trap: Path) -> None:
    catalog = skill_catalog.load([trap])
    assert catalog.read_file("trap", "SKILL.md").startswith("---\nname: trap\n")
    assert catalog.read_file("trap", "references/alias.md") == "# Guide\n"
    assert catalog.read_file("trap", "./references//guide.md") == "# Guide\n"


def test_file_path_gives_the_script_path(trap: Path) -> None:
    code, out, _ = run("file", "trap", "scripts/run.sh", str(trap), "--path")
    assert code == 0
    assert out == f"{trap / 'trap' / 'scripts' / 'run.sh'}\n"
    assert skill_catalog.load([trap]).file_path("trap", "scripts/run.sh") == \
        trap / "trap" / "scripts" / "run.sh"


@pytest.mark.parametrize(("relpath", "reason"), [
    ("../other/SKILL.md", "'..' leaves the skill folder"),
    ("/etc/passwd", "absolute path"),
    ("scripts/../../other/SKILL.md", "'..' leaves the skill folder"),
    ("%2e%2e/other/SKILL.md", "'..' leaves the skill folder (percent-encoded)"),
    ("%252e%252e/x", "'..' leaves the skill folder (percent-encoded)"),
    ("scripts%2f..%2f..%2fx", "'..' leaves the skill folder (percent-encoded)"),
    ("scripts\\..\\..\\x", "backslash"),
    ("%5c..%5cx", "backslash in the path (percent-encoded)"),
    ("C:/Windows/win.ini", "absolute path"),
    ("~/.ssh/id_rsa", "absolute path"),
    ("references/sibling.md", "resolves outside the skill folder"),
    ("references/escape.md", "resolves outside the skill folder"),
    ("references/passwd", "resolves outside the skill folder"),
    ("scripts/pipe", "not a regular file"),
    ("assets/icons", "it is a folder"),
    ("references/missing.md", "no file 'references/missing.md'"),
    ("notes.txt", "only SKILL.md and files under references/, assets/, scripts/"),
    ("assets/image.bin", "binary file"),
    (".", "the skill folder itself"),
    ("", "empty path"),
])
def test_file_refuses(trap: Path, relpath: str, reason: str) -> None:
    code, out, err = run("file", "trap", relpath, str(trap))
    assert code == 1
    assert out == ""
    assert reason in err
    with pytest.raises(FileRefused, match=reason.replace("(", r"\(").replace(")", r"\)")):
        skill_catalog.load([trap]).read_file("trap", relpath)


def test_file_refuses_nul_bytes() -> None:
    with pytest.raises(FileRefused, match="NUL byte"):
        check_relpath("scripts/x\x00.py")
    with pytest.raises(FileRefused, match="NUL byte"):
        check_relpath("scripts/x%00.py")


def test_file_path_refuses_what_file_refuses(trap: Path) -> None:
    assert run("file", "trap", "references/escape.md", str(trap), "--path")[0] == 1
    assert run("file", "trap", "scripts/pipe", str(trap), "--path")[0] == 1


def test_file_any_path_lifts_the_area_restriction(trap: Path) -> None:
    code, out, _ = run("file", "trap", "notes.txt", str(trap), "--any-path")
    assert (code, out) == (0, "outside the default areas\n")
    assert run("file", "trap", "references/escape.md", str(trap), "--any-path")[0] == 1


def test_file_binary_only_when_asked(trap: Path) -> None:
    result = CliRunner().invoke(cli, ["file", "trap", "assets/image.bin", str(trap), "--binary"])
    assert result.exit_code == 0
    assert result.stdout_bytes == b"\x89PNG\r\n\x1a\n\x00\x00binary"
    assert skill_catalog.load([trap]).read_file_bytes("trap", "assets/image.bin")[:4] == \
        b"\x89PNG"


def test_file_size_is_bounded(trap: Path) -> None:
    code, _, err = run("file", "trap", "assets/big.txt", str(trap), "--max-bytes", "4096")
    assert code == 1
    assert "5,000 bytes is more than the limit of 4,096" in err
    assert run("file", "trap", "assets/big.txt", str(trap), "--max-bytes", "5000")[0] == 0


def test_file_unknown_skill() -> None:
    code, _, err = run("file", "pdf-procesing", "SKILL.md", str(LIBRARY))
    assert code == 1
    assert "Did you mean: pdf-processing?" in err


def test_show_notes_an_invalid_skill() -> None:
    """Printed all the same, with a note, and exit 1: the skill it read has errors."""
    code, out, err = run("show", "Broken-Name", str(LIBRARY))
    assert code == 1
    assert out.startswith('<skill_content name="Broken-Name">\n# Broken\n')
    assert "broken-name/SKILL.md has errors" in err
