"""The site folder as a new user meets it (issue 32, new-user list): its mode, its links
opened from disk, its source links, and what a first build leaves beside it."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping, load_config
from skill_catalog.site.build import build
from tests.browser import serve
from tests.environment import REPO
from tests.helpers.libraries import write_skill

EXAMPLE = REPO / "site-example"


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


def source_links(page: Path) -> set[str]:
    return set(re.findall(r'href="(https://github\.com/o/r/(?:tree|blob)/[^"]*)"',
                          page.read_text(encoding="utf-8")))


def git_repository(folder: Path) -> None:
    subprocess.run(["git", "init", "-q", str(folder)], check=True)


@pytest.mark.parametrize(("in_git", "path", "expected"), [
    (True, "", "skills/csv-cleaner"),  # the README's layout: roots: [skills]
    (False, "", "skills/csv-cleaner"),  # no checkout: the configuration's folder is the top
    (True, "catalog", "catalog/skills/csv-cleaner"),  # the configuration in a sub-folder
])
def test_source_links_keep_every_folder_between_repository_and_skill(
        tmp_path: Path, in_git: bool, path: str, expected: str) -> None:
    """``tree/main/csv-cleaner`` for ``skills/csv-cleaner`` (and the example's
    ``site-example/csv-cleaner``) left the library root out, on skill and file pages."""
    project = tmp_path / "project"
    write_skill(project / "skills", "csv-cleaner", files={"notes.md": "Notes.\n"})
    if in_git:
        git_repository(tmp_path if path else project)
    repository = {"url": "https://github.com/o/r", **({"path": path} if path else {})}
    config = config_from_mapping({"roots": ["skills"], "repository": repository},
                                 path=project / "skill-catalog.yml")
    if path:
        (tmp_path / path).parent.mkdir(exist_ok=True)
        project.rename(tmp_path / path)
        config = config_from_mapping({"roots": ["skills"], "repository": repository},
                                     path=tmp_path / path / "skill-catalog.yml")
    site = tmp_path / "site"
    build(config, output=site, workers=1)
    skill = site / "skills" / "csv-cleaner"
    assert source_links(skill / "index.html") == {f"https://github.com/o/r/tree/main/{expected}"}
    # The viewer, which shows notes.md, gives its source link (it links it once it shows it).
    assert (f'data-source="https://github.com/o/r/blob/main/{expected}/notes.md"'
            in (skill / "view.html").read_text(encoding="utf-8"))


def test_the_bundled_example_links_its_skills_where_they_are(tmp_path: Path) -> None:
    config = load_config(EXAMPLE / "skill-catalog.yml")
    build(config, output=tmp_path / "site", workers=1)
    page = (tmp_path / "site" / "skills" / "access-review" / "index.html").read_text("utf-8")
    expected = "https://github.com/example/skill-catalog/tree/main/site-example/skills/access-review"
    assert f'href="{expected}"' in page
    assert (EXAMPLE / "skills" / "access-review" / "SKILL.md").is_file()


@pytest.mark.browser
def test_every_link_between_pages_works_opened_from_disk_and_over_http(
        library: Path, tmp_path: Path, browser_page: Any) -> None:
    """Opened from disk, as the README suggests, a card's link to ``skills/<slug>/`` showed a
    folder listing. Follow every link from the index to a skill page and its breadcrumbs, and
    from the problems page, from file:// and over HTTP: each lands on a page of the site."""
    write_skill(library, "alpha", files={"notes.md": "Notes.\n"})
    write_skill(library, "bad-one", "name: Bad_One\ndescription: Invalid. Use never.")
    site = tmp_path / "site"
    build(config_from_mapping({}), roots=[library], output=site, workers=1)
    with serve(site) as url:
        for base in (site.as_uri() + "/", url):
            page = browser_page
            page.goto(base + "index.html")
            page.click("text=alpha")
            assert page.url == base + "skills/alpha/index.html"
            assert page.locator("h1").inner_text().startswith("alpha")
            page.click("nav.breadcrumbs >> text=Skills")
            assert page.url == base + "index.html"
            page.goto(base + "skills/alpha/view.html?f=notes.md")
            page.click("nav.breadcrumbs >> text=alpha")
            assert page.url == base + "skills/alpha/index.html"
            page.goto(base + "problems.html")
            page.click("main >> text=Bad_One")
            assert page.url == base + "skills/bad-one/index.html"
            assert "Index of" not in page.content()
            page.screenshot(path=str(tmp_path / f"{base.split(':')[0]}.png"))


def test_the_readme_first_command_leaves_git_status_clean(tmp_path: Path) -> None:
    """``skill-catalog build -c site-example/skill-catalog.yml -o site`` in the repository
    left ``.site.skill-catalog-*.json`` untracked: the build state now lives in a folder that
    ignores itself, and the files earlier releases left are removed."""
    checkout = tmp_path / "checkout"
    shutil.copytree(EXAMPLE, checkout / "site-example")
    shutil.copy(REPO / ".gitignore", checkout / ".gitignore")
    (checkout / ".site.skill-catalog-state.json").write_text("{}")  # an earlier release's
    git = ["git", "-C", str(checkout), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(checkout)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "checkout"], check=True)
    result = CliRunner().invoke(cli, ["build", "-c", str(checkout / "site-example" /
                                                        "skill-catalog.yml"),
                                      "-o", str(checkout / "site"), "-q"])
    assert result.exit_code in (0, 1), result.output  # 1: the example shows findings
    assert (checkout / "site" / "index.html").is_file()
    status = subprocess.run([*git, "status", "--porcelain", "--untracked-files=all"],
                            capture_output=True, text=True, check=True).stdout
    assert status == " D .site.skill-catalog-state.json\n"  # the old file, removed
    assert (checkout / ".skill-catalog" / "site.state.json").is_file()


def test_a_full_rebuild_keeps_the_folder_a_server_started_in(library: Path,
                                                              tmp_path: Path) -> None:
    """A server started in the site folder (``python3 -m http.server -d .``, ``php -S``, a
    shell there) holds the folder, not its name: a full rebuild that renamed a new folder into
    place left it in a deleted folder, answering 404. The folder stays; its entries change."""
    write_skill(library, "alpha", body="# Alpha\n\nFirst version.\n")
    site = tmp_path / "site"
    build(config_from_mapping({}), roots=[library], output=site, workers=1)
    held = os.open(site, os.O_RDONLY)
    try:
        write_skill(library, "alpha", body="# Alpha\n\nSecond version.\n")
        build(config_from_mapping({}), roots=[library], output=site, workers=1, force=True)
        page = os.open("skills/alpha/index.html", os.O_RDONLY, dir_fd=held)
        with os.fdopen(page, "rb") as handle:
            assert b"Second version." in handle.read()
    finally:
        os.close(held)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".skill-catalog", "library", "site"]
