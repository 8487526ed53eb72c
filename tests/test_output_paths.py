"""Which output paths the site writer accepts: plain relative POSIX paths inside the site."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skill_catalog.site.output import OutputError, safe_relpath

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


@given(st.text(alphabet="ab./\\\x00", max_size=12))
def test_the_check_is_the_segment_rule(path: str) -> None:
    try:
        safe_relpath(path)
        accepted = True
    except OutputError:
        accepted = False
    assert accepted == _by_segments(path)
