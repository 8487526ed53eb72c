"""Which output paths the site writer accepts: plain relative POSIX paths inside the site."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from skill_catalog.fs.names import name_key
from skill_catalog.site.write.output import OutputError, OutputTree, safe_relpath

SAFE = ["index.html", "skills/pdf-tools/index.html", "a/.hidden", ".well-known/skills/x.md",
        "a/.../b", "a/..b/c", "..a", "a..", "dir/file."]
UNSAFE = ["", "/", "/etc/passwd", "a//b", "a/", ".", "..", "./a", "a/.", "a/./b", "../a",
          "a/../b", "a/..", "a\\b", "a\x00b", "\\", "//"]


@pytest.mark.parametrize("path", SAFE)
def test_plain_relative_paths_are_accepted(path: str) -> None:
    assert safe_relpath(path) == path


@pytest.mark.parametrize("path", UNSAFE)
def test_paths_that_could_leave_the_site_or_alias_another_are_refused(path: str) -> None:
    with pytest.raises(OutputError, match="unsafe output path"):
        safe_relpath(path)


def _by_segments(path: str) -> bool:
    """The rule, said segment by segment."""
    return not (not path or "\x00" in path or "\\" in path
                or any(part in ("", ".", "..") for part in path.split("/")))


@given(st.text(alphabet="ab./\\\x00\n", max_size=12))
def test_the_check_is_the_segment_rule(path: str) -> None:
    try:
        safe_relpath(path)
        accepted = True
    except OutputError:
        accepted = False
    assert accepted == _by_segments(path)


def _merged_one_by_one(before: list[str], paths: list[str]) -> tuple[set[str], list[str]] | str:
    """What merging ``paths`` after ``before`` must give: the rule applied path by path, in
    order (the first refusal decides the error)."""
    written, files = {name_key(p) for p in before}, list(before)
    for path in paths:
        if not _by_segments(path):
            return "unsafe output path"
        if name_key(path) in written:
            return "written twice"
        written.add(name_key(path))
        files.append(path)
    return written, files


@given(st.lists(st.text(alphabet="aB./\\\x00\n\u00df\u00e9\u0301", max_size=6), max_size=5),
       st.lists(st.text(alphabet="aB.\u00df\u00e9\u0301", min_size=1, max_size=4), max_size=3,
                unique=True))
@example(["a", ".."], []).via("a refused path after a first one")
@example(["a", ""], []).via("an empty path last")
@example(["a/", "b"], []).via("a trailing slash before a line break")
@example(["a", "./b"], []).via("a dot segment at the start of a later path")
@example(["a\nb", "a"], ["b"]).via("a line break inside a name")
@example(["STRASSE"], ["stra\u00dfe"]).via("names equal once case-folded")
@example(["e\u0301"], ["\u00e9"]).via("names equal once normalised")
def test_merging_many_paths_at_once_is_the_rule_path_by_path(
        paths: list[str], before: list[str]) -> None:
    """merge() checks a skill's paths together (one search over their lines): the same
    outcome as one path at a time, line breaks in names, case-folding (``\u00df`` folds to
    ``ss``) and paths written twice included."""
    before = list({name_key(p): p for p in before if _by_segments(p)}.values())
    tree = OutputTree(Path("unused"))
    tree.merge(before)
    expected = _merged_one_by_one(before, paths)
    if isinstance(expected, str):
        with pytest.raises(OutputError, match=expected):
            tree.merge(paths)
    else:
        tree.merge(paths)
        assert (tree.written, tree.files) == expected


def test_folders_are_made_below_a_root_that_does_not_exist_yet(tmp_path: Path) -> None:
    out = OutputTree(tmp_path / "new" / "site")
    out.write_text("a/b/c.txt", "one")
    out.write_text("a/d.txt", "two")  # its folder is made already
    out.write_bytes("a/b/e/f.bin", b"three")
    assert (tmp_path / "new/site/a/b/c.txt").read_text(encoding="utf-8") == "one"
    assert (tmp_path / "new/site/a/d.txt").read_text(encoding="utf-8") == "two"
    assert (tmp_path / "new/site/a/b/e/f.bin").read_bytes() == b"three"


def test_a_folder_where_a_file_is_fails(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "taken").write_text("a file", encoding="utf-8")
    out = OutputTree(tmp_path / "site")
    with pytest.raises(FileExistsError):
        out.write_text("taken/inside.txt", "x")
