"""Reading SKILL.md: frontmatter splitting, encodings, key lines, duplicates, the file inventory
and non-ASCII names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog.model import Diagnostic, Skill
from skill_catalog.parse.encoding import DecodeProblem, decode
from skill_catalog.parse.frontmatter import Split, SplitProblem, split
from skill_catalog.reporting.text import format_diagnostic
from tests.helpers.libraries import write_skill

FRONT = "---\nname: demo\ndescription: Does demo things. Use when testing.\n"


def load_one(library: Path) -> Skill:
    catalog = skill_catalog.load([library])
    assert len(catalog.skills) == 1, [s.relpath for s in catalog.skills]
    return catalog.skills[0]


def write_raw(library: Path, folder: str, data: bytes | str) -> Path:
    skill_dir = library / folder
    skill_dir.mkdir(parents=True, exist_ok=True)
    path = skill_dir / "SKILL.md"
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def codes(skill: Skill) -> list[str]:
    return sorted(d.code for d in skill.diagnostics)


def only(skill: Skill, code: str) -> Diagnostic:
    found = [d for d in skill.diagnostics if d.code == code]
    assert len(found) == 1, skill.diagnostics
    return found[0]


# Frontmatter splitting ----------------------------------------------------------------------


def test_three_dashes_inside_a_value_do_not_close_the_frontmatter(library: Path) -> None:
    write_raw(library, "demo", "---\nname: demo\ndescription: Turns a---b into a-b. Use when "
              "cleaning.\n---\n# Body\n")
    skill = load_one(library)
    assert skill.valid, skill.diagnostics
    assert skill.description == "Turns a---b into a-b. Use when cleaning."
    assert skill.body == "# Body\n"


def test_a_fence_in_the_body_stays_in_the_body(library: Path) -> None:
    body = "# Body\n\nA rule:\n\n---\n\nMore text.\n---\n"
    write_raw(library, "demo", FRONT + "---\n" + body)
    skill = load_one(library)
    assert skill.valid, skill.diagnostics
    assert skill.body == body
    assert skill.body_line == 5


def test_fences_may_carry_trailing_spaces(library: Path) -> None:
    write_raw(library, "demo", "---  \nname: demo\ndescription: Does demo. Use when testing.\n"
              "--- \t\n# Body\n")
    skill = load_one(library)
    assert skill.valid, skill.diagnostics
    assert skill.body == "# Body\n"


def test_a_fence_with_text_after_it_is_not_a_fence() -> None:
    result = split("---\nname: demo\n--- # end\nbody\n")
    assert isinstance(result, SplitProblem)
    assert result.code == "SC021"


def test_missing_closing_fence(library: Path) -> None:
    write_raw(library, "demo", FRONT + "# Body without a closing fence\n")
    skill = load_one(library)
    assert codes(skill) == ["SC021"]
    diagnostic = only(skill, "SC021")
    assert diagnostic.line == 1
    assert "closed with ---" in diagnostic.message
    assert not skill.parsed
    assert not skill.valid


@pytest.mark.parametrize(("before", "fence_line"), [("\n", 2), ("<!-- note -->\n\n", 3)])
def test_frontmatter_not_at_the_top_names_the_line(
    library: Path, before: str, fence_line: int
) -> None:
    write_raw(library, "demo", before + FRONT + "---\n# Body\n")
    skill = load_one(library)
    diagnostic = only(skill, "SC020")
    assert f"a --- fence was found at line {fence_line}" in diagnostic.message
    assert "move the frontmatter to the very top" in diagnostic.message
    assert diagnostic.line == 1


def test_no_frontmatter_at_all_says_how_to_start(library: Path) -> None:
    write_raw(library, "demo", "# Demo\n\nInstructions only.\n")
    diagnostic = only(load_one(library), "SC020")
    assert "begin the file with ---" in diagnostic.message


def test_split_reports_where_the_body_starts() -> None:
    result = split("---\na: 1\nb: 2\n---\nbody\n")
    assert result == Split(frontmatter="a: 1\nb: 2", frontmatter_line=2, body="body\n",
                           body_line=5)


# Encodings ----------------------------------------------------------------------------------


def test_utf8_bom_is_tolerated_and_reported(library: Path) -> None:
    write_raw(library, "demo", b"\xef\xbb\xbf" + (FRONT + "---\n# Body\n\nText.\n").encode())
    skill = load_one(library)
    assert codes(skill) == ["SC013"]
    assert only(skill, "SC013").line == 1
    assert skill.valid
    assert skill.source.bom
    assert skill.name == "demo"
    assert skill.body == "# Body\n\nText.\n"


@pytest.mark.parametrize(("newline", "kind"), [("\r\n", "CRLF"), ("\r", "lone CR")])
def test_crlf_and_lone_cr_are_tolerated_and_reported(
    library: Path, newline: str, kind: str
) -> None:
    text = FRONT + "metadata:\n  author: someone\n---\n# Body\n\nLine two.\n"
    write_raw(library, "demo", text.replace("\n", newline))
    skill = load_one(library)
    assert codes(skill) == ["SC014"]
    assert kind in only(skill, "SC014").message
    assert skill.valid
    assert skill.body == "# Body\n\nLine two.\n"
    assert skill.description == "Does demo things. Use when testing."
    assert skill.lines["metadata.author"] == 5
    assert skill.body_line == 7


def test_crlf_frontmatter_with_bom(library: Path) -> None:
    text = (FRONT + "---\n# Body\n").replace("\n", "\r\n")
    write_raw(library, "demo", b"\xef\xbb\xbf" + text.encode())
    skill = load_one(library)
    assert codes(skill) == ["SC013", "SC014"]
    assert skill.valid
    assert skill.body == "# Body\n"


@pytest.mark.parametrize(
    ("encoding", "label"),
    [("utf-16-le", "UTF-16 (little-endian)"), ("utf-16-be", "UTF-16 (big-endian)"),
     ("utf-32-le", "UTF-32 (little-endian)"), ("utf-32-be", "UTF-32 (big-endian)")],
)
def test_utf16_and_utf32_with_bom_are_named(library: Path, encoding: str, label: str) -> None:
    write_raw(library, "demo", ("\ufeff" + FRONT + "---\n# Body\n").encode(encoding))
    skill = load_one(library)
    diagnostic = only(skill, "SC011")
    assert label in diagnostic.message
    assert "re-save it as UTF-8" in diagnostic.message
    assert (diagnostic.line, diagnostic.column) == (1, 1)
    assert codes(skill) == ["SC011"]
    assert not skill.valid


def test_latin1_bytes_are_located_by_line_and_column(library: Path) -> None:
    data = "---\nname: demo\ndescription: Café recipes. Use when cooking.\n---\n".encode("latin-1")
    path = write_raw(library, "demo", data)
    skill = load_one(library)
    diagnostic = only(skill, "SC011")
    assert (diagnostic.line, diagnostic.column) == (3, 17)
    assert "0xE9" in diagnostic.message
    assert "Latin-1" in diagnostic.message
    assert format_diagnostic(diagnostic).startswith(f"{path.as_posix()}:3:17: SC011 error: ")


def test_nul_bytes_are_located(library: Path) -> None:
    write_raw(library, "demo", (FRONT + "---\n# Body\nab\x00c\n").encode())
    diagnostic = only(load_one(library), "SC012")
    assert (diagnostic.line, diagnostic.column) == (6, 3)


def test_utf16_without_bom_is_called_out_as_such(library: Path) -> None:
    write_raw(library, "demo", (FRONT + "---\n").encode("utf-16-le"))
    diagnostic = only(load_one(library), "SC012")
    assert "UTF-16 without a byte order mark" in diagnostic.message


@pytest.mark.parametrize("content", [b"", b"   \n\n\t  \r\n"], ids=["empty", "whitespace"])
def test_empty_and_whitespace_only_files(library: Path, content: bytes) -> None:
    write_raw(library, "demo", content)
    skill = load_one(library)
    assert codes(skill) == ["SC010"]
    assert "SKILL.md is empty" in only(skill, "SC010").message
    assert not skill.valid


@pytest.mark.parametrize("target", ["../../shared/demo/SKILL.md", "../demo-real/SKILL.md"])
def test_git_symlink_placeholder(library: Path, target: str) -> None:
    write_raw(library, "demo", target)  # what git writes for a link with core.symlinks=false
    skill = load_one(library)
    diagnostic = only(skill, "SC016")
    assert target in diagnostic.message
    assert "symbolic link checked out as a plain file" in diagnostic.message
    assert codes(skill) == ["SC016"]


def test_a_single_word_file_is_not_taken_for_a_placeholder(library: Path) -> None:
    write_raw(library, "demo", "TODO\n")
    assert codes(load_one(library)) == ["SC020"]


def test_decode_keeps_text_and_records_what_it_tolerated() -> None:
    decoded = decode(b"\xef\xbb\xbfa\r\nb\rc\n")
    assert not isinstance(decoded, DecodeProblem)
    assert decoded.text == "a\nb\nc\n"
    assert (decoded.source.bom, decoded.source.crlf, decoded.source.lone_cr) == (True, True, True)


# Key lines and duplicate keys ---------------------------------------------------------------


def test_key_lines_include_metadata_keys(library: Path) -> None:
    write_raw(library, "demo", (
        "---\n"
        "name: demo\n"
        "description: >\n"
        "  Does demo things.\n"
        "  Use when testing.\n"
        "# a comment\n"
        "license: MIT\n"
        "metadata:\n"
        "  author: someone\n"
        "\n"
        "  version: \"1.0\"\n"
        "allowed-tools: Read\n"
        "---\n"
        "# Body\n"))
    skill = load_one(library)
    assert skill.valid, skill.diagnostics
    assert skill.lines == {
        "name": 2, "description": 3, "license": 7, "metadata": 8, "metadata.author": 9,
        "metadata.version": 11, "allowed-tools": 12,
    }
    assert skill.body_line == 14
    assert skill.description == "Does demo things. Use when testing."


def test_diagnostics_point_at_the_key_line(library: Path) -> None:
    write_raw(library, "Demo",
              "---\n\ndescription: Does it. Use when testing.\n\nname: Demo\n---\n")
    diagnostic = only(load_one(library), "SC105")
    assert diagnostic.line == 5


def test_duplicate_keys_are_reported_where_repeated(library: Path) -> None:
    write_raw(library, "demo", (
        "---\n"
        "name: demo\n"
        "description: First. Use when testing.\n"
        "metadata:\n"
        "  author: a\n"
        "  author: b\n"
        "description: Second. Use when testing.\n"
        "---\n"))
    skill = load_one(library)
    duplicates = sorted((d.line, d.message) for d in skill.diagnostics if d.code == "SC024")
    assert duplicates == [
        (6, "key 'metadata.author' is given twice (first at line 5): keep one"),
        (7, "key 'description' is given twice (first at line 3): keep one"),
    ]
    # PyYAML keeps the last value; the first line is the one recorded.
    assert skill.description == "Second. Use when testing."
    assert skill.lines["description"] == 3
    assert not skill.valid


# The file inventory -------------------------------------------------------------------------


def test_inventory_categories_sizes_text_and_bits(library: Path) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
    skill_dir = write_skill(library, "demo", files={
        "scripts/run.py": "#!/usr/bin/env python3\nprint('hi')\n",
        "scripts/helpers/util.sh": "echo util\n",
        "references/guide.md": "# Guide\n",
        "assets/logo.png": png,
        "assets/empty.txt": "",
        "README.md": "# Readme\n",
        "notes/todo.txt": "later\n",
    })
    os.chmod(skill_dir / "scripts/run.py", 0o755)
    os.chmod(skill_dir / "scripts/helpers/util.sh", 0o644)
    skill = load_one(library)
    files = {f.relpath: f for f in skill.files}
    assert sorted(files) == [
        "README.md", "SKILL.md", "assets/empty.txt", "assets/logo.png", "notes/todo.txt",
        "references/guide.md", "scripts/helpers/util.sh", "scripts/run.py",
    ]
    assert [f.relpath for f in skill.files] == sorted(files)
    assert {k: f.category for k, f in files.items()} == {
        "README.md": "other", "SKILL.md": "skill_md", "assets/empty.txt": "assets",
        "assets/logo.png": "assets", "notes/todo.txt": "other",
        "references/guide.md": "references", "scripts/helpers/util.sh": "scripts",
        "scripts/run.py": "scripts",
    }
    assert files["assets/logo.png"].size == len(png)
    assert files["references/guide.md"].size == len("# Guide\n")
    assert files["SKILL.md"].size == (skill_dir / "SKILL.md").stat().st_size
    assert not files["assets/logo.png"].is_text
    assert files["assets/empty.txt"].is_text
    assert files["assets/empty.txt"].size == 0
    assert files["scripts/run.py"].is_text
    assert files["scripts/run.py"].executable
    assert files["scripts/run.py"].has_shebang
    util = files["scripts/helpers/util.sh"]
    assert not util.executable
    assert not util.has_shebang
    assert [f.relpath for f in skill.files_in("scripts")] == [
        "scripts/helpers/util.sh", "scripts/run.py"]
    assert not skill.files_truncated


def test_inventory_treats_latin1_text_as_binary_and_utf8_as_text(library: Path) -> None:
    write_skill(library, "demo", files={
        "references/latin1.txt": "Café au lait and crème brûlée.\n".encode("latin-1"),
        "references/utf8.txt": "Café 技能\n",
    })
    files = {f.relpath: f for f in load_one(library).files}
    assert not files["references/latin1.txt"].is_text
    assert files["references/utf8.txt"].is_text


def test_a_multibyte_character_cut_by_the_sample_is_still_text(library: Path) -> None:
    data = ("a" * 4095 + "é" + "b" * 10).encode()  # the 4,096-byte sample ends inside 'é'
    write_skill(library, "demo", files={"references/long.txt": data})
    files = {f.relpath: f for f in load_one(library).files}
    assert files["references/long.txt"].is_text


# Non-ASCII names (NFKC) ---------------------------------------------------------------------


def test_decomposed_name_matches_composed_folder(library: Path) -> None:
    write_skill(library, "caf\u00e9",
                "name: cafe\u0301\ndescription: Brews coffee. Use when tired.")
    skill = load_one(library)
    assert skill.valid, skill.diagnostics
    assert codes(skill) == ["SC110"]


def test_uppercase_cyrillic_name_is_invalid(library: Path) -> None:
    write_skill(library, "НАВЫК", "name: НАВЫК\ndescription: A skill. Use when testing.")
    skill = load_one(library)
    assert not skill.valid
    assert codes(skill) == ["SC105", "SC110"]
    assert "'навык'" in only(skill, "SC105").message


def test_cjk_name_is_valid_with_a_portability_warning(library: Path) -> None:
    write_skill(library, "技能", "name: 技能\ndescription: 处理文档的技能。")
    skill = load_one(library)
    assert skill.valid
    assert codes(skill) == ["SC110"]
    assert only(skill, "SC110").line == 2


def test_compatibility_ligature_folder_matches_after_nfkc(library: Path) -> None:
    write_skill(library, "\ufb01le-tools", "name: file-tools\ndescription: Files. Use when "
                "sorting.")
    skill = load_one(library)
    assert skill.valid
    assert codes(skill) == []
