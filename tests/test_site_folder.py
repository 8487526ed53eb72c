"""The site folder as a new user meets it (issue 32, new-user list): its mode, its links
opened from disk, its source links, and what a first build leaves beside it."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from tests.helpers import write_skill


@contextlib.contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o755), (0o027, 0o750)])
def test_a_new_site_folder_gets_the_mode_the_umask_gives(library: Path, tmp_path: Path,
                                                         mask: int, expected: int) -> None:
    """mkdtemp's private 0700 made a web server running as another user answer 403."""
    write_skill(library, "alpha")
    with umask(mask):
        build(config_from_mapping({}), roots=[library], output=tmp_path / "site", workers=1)
        build(config_from_mapping({}), roots=[library], output=tmp_path / "site", workers=1,
              force=True)
    assert mode(tmp_path / "site") == expected
    assert mode(tmp_path / "site" / "skills") == expected
    assert mode(tmp_path / "site" / "index.html") == expected & 0o666


def test_a_rebuild_keeps_the_mode_of_the_site_it_replaces(library: Path, tmp_path: Path) -> None:
    write_skill(library, "alpha")
    site = tmp_path / "site"
    build(config_from_mapping({}), roots=[library], output=site, workers=1)
    site.chmod(0o751)
    with umask(0o077):
        build(config_from_mapping({}), roots=[library], output=site, workers=1, force=True)
    assert mode(site) == 0o751
