"""Nothing is written through a link: not beside the site (build state, skill cache, lock,
journal, their temporary names), not at the site itself, not inside it, not on the way to it;
and no output folder inside a library root, even with ``--force``.

Each link is planted as a checkout would hold it (committed by a pull request): pointing at a
file or folder outside, which must stay exactly as it was, or nowhere (a dangling link, which
``open`` would create the target of).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping
from skill_catalog.fs.safe_write import OutputError, replace_file
from skill_catalog.mkdocs_adapter.outputs import Staging, publish
from skill_catalog.site.build import Session, build
from skill_catalog.site.write.output import own_files
from tests.environment import REPO
from tests.helpers.libraries import write_skill

PRECIOUS = "precious: must not change\n"


def _state(folder: Path) -> dict[str, str]:
    """Every entry below ``folder``: a file's digest, a link's target, a folder."""
    found = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[rel] = "-> " + os.readlink(path)
        elif path.is_file():
            found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[rel] = "folder"
    return found


@pytest.fixture
def setting(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A library (two skills), where the site goes, and a folder outside both holding a file
    that nothing may change."""
    library = tmp_path / "library"
    write_skill(library, "alpha", body="# Alpha\n\nSee [beta](../beta/SKILL.md).\n")
    write_skill(library, "beta")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "target.txt").write_text(PRECIOUS)
    return library, tmp_path / "work" / "site", outside


def _build(library: Path, site: Path, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["build", str(library), "-o", str(site), "-q", *extra])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


BESIDE = [path.relative_to("/work").as_posix() for path in own_files(Path("/work/site"))]


def test_every_name_beside_the_site_is_listed() -> None:
    assert BESIDE == [".site.lock", ".site.updating", ".skill-catalog", ".skill-catalog/.gitignore",
                      ".skill-catalog/site.state.json", ".skill-catalog/site.skills.json",
                      ".skill-catalog/site.state.json.tmp", ".skill-catalog/site.skills.json.tmp",
                      ".site.skill-catalog-state.json", ".site.skill-catalog-skills.json"]


@pytest.mark.parametrize("name", BESIDE)
@pytest.mark.parametrize("dangling", [False, True], ids=["to-a-file", "dangling"])
@pytest.mark.parametrize("rebuild", [False, True], ids=["first-build", "rebuild"])
def test_a_link_beside_the_site_is_refused(setting: tuple[Path, Path, Path], name: str,
                                           dangling: bool, rebuild: bool) -> None:
    library, site, outside = setting
    site.parent.mkdir(parents=True)
    if rebuild:
        assert _build(library, site)[0] == 0
        (library / "beta" / "SKILL.md").write_text(
            "---\nname: beta\ndescription: Changed. Use when testing.\n---\nNew body\n")
    before, site_before = _state(outside), _state(site) if rebuild else {}
    target = outside / ("missing.txt" if dangling else "target.txt")
    path = site.parent / name
    if path.is_dir() and not path.is_symlink():  # the folder of the last build's state
        shutil.rmtree(path)
    path.unlink(missing_ok=True)  # the state and cache of the last build
    path.parent.mkdir(exist_ok=True)
    path.symlink_to(target)
    code, output = _build(library, site)
    assert code == 2, output
    assert f"{site.parent / name} is a symbolic link" in " ".join(output.split())
    assert _state(outside) == before  # nothing created, truncated or written
    if rebuild:
        assert _state(site) == site_before


def test_a_link_at_the_site_itself_is_refused(setting: tuple[Path, Path, Path]) -> None:
    library, site, outside = setting
    site.parent.mkdir(parents=True)
    site.symlink_to(outside, target_is_directory=True)
    before = _state(outside)
    for extra in ((), ("--force",)):
        code, output = _build(library, site, *extra)
        assert code == 2, output
        assert "is a symbolic link" in output
        assert _state(outside) == before


def test_a_link_on_the_way_to_the_site_is_refused(setting: tuple[Path, Path, Path],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder of the checkout (the working folder) between it and the output."""
    library, site, outside = setting
    checkout = site.parent
    checkout.mkdir(parents=True)
    (checkout / "public").symlink_to(outside, target_is_directory=True)
    monkeypatch.chdir(checkout)
    before = _state(outside)
    result = CliRunner().invoke(cli, ["build", str(library), "-o", "public/site"])
    assert result.exit_code == 2, result.output
    assert f"{checkout / 'public'} is a symbolic link on the way" in " ".join(
        result.output.split())
    assert _state(outside) == before


def _edit(library: Path) -> None:
    (library / "alpha" / "SKILL.md").write_text(
        "---\nname: alpha\ndescription: Edited. Use when testing.\n---\n# Alpha again\n")


def test_a_linked_folder_inside_the_site_is_not_written_through(
        setting: tuple[Path, Path, Path]) -> None:
    """An incremental build moves the changed skill's files into the previous site: a folder
    there swapped for a link (a committed site, a persistent CI workspace) is refused before
    anything moves, and --force writes a whole new site without touching what it points to."""
    library, site, outside = setting
    assert _build(library, site)[0] == 0
    decoy = outside / "alpha"
    decoy.mkdir()
    (decoy / "index.html").write_text(PRECIOUS)
    (decoy / "SKILL.md").write_text(PRECIOUS)
    os.rename(site / "skills" / "alpha", site.parent / "moved-away")
    (site / "skills" / "alpha").symlink_to(decoy, target_is_directory=True)
    _edit(library)
    before = _state(outside)
    code, output = _build(library, site)
    assert code == 2, output
    assert f"{site / 'skills' / 'alpha'} is a symbolic link" in " ".join(output.split())
    assert "--force" in output
    assert _state(outside) == before
    assert not os.path.lexists(site.parent / ".site.updating")  # refused before any move
    code, output = _build(library, site, "--force")
    assert code == 0, output
    assert _state(outside) == before
    assert not (site / "skills" / "alpha").is_symlink()
    assert "Alpha again" in (site / "skills" / "alpha" / "index.html").read_text()


def test_stale_files_are_not_removed_through_a_link(setting: tuple[Path, Path, Path]) -> None:
    """A skill removed from the library: its files are deleted from the previous site, never
    from where a link in their place leads."""
    library, site, outside = setting
    assert _build(library, site)[0] == 0
    decoy = outside / "beta"
    decoy.mkdir()
    for name in os.listdir(site / "skills" / "beta"):
        if (site / "skills" / "beta" / name).is_file():
            (decoy / name).write_text(PRECIOUS)
    raw = site / ".well-known" / "skills" / "beta"  # its raw copies
    assert (raw / "SKILL.md").is_file()
    raw.rename(site.parent / "moved-away")
    raw.symlink_to(decoy, target_is_directory=True)
    for path in (library / "beta").iterdir():
        path.unlink()
    (library / "beta").rmdir()
    before = _state(outside)
    code, output = _build(library, site)
    assert code == 2, output
    assert "is a symbolic link" in output
    assert _state(outside) == before


def test_a_link_at_a_file_of_the_site_is_replaced_not_followed(
        setting: tuple[Path, Path, Path]) -> None:
    library, site, outside = setting
    assert _build(library, site)[0] == 0
    for page in (site / "index.html", site / "skills" / "alpha" / "index.html"):
        page.unlink()
        page.symlink_to(outside / "target.txt")
    _edit(library)
    before = _state(outside)
    code, output = _build(library, site)
    assert code == 0, output
    assert _state(outside) == before
    for page in (site / "index.html", site / "skills" / "alpha" / "index.html"):
        assert not page.is_symlink()
        assert "<html" in page.read_text()


@pytest.mark.parametrize("name", [".skill-catalog/site.state.json.tmp",
                                  ".skill-catalog/site.skills.json.tmp",
                                  ".skill-catalog/site.state.json", ".site.lock"])
def test_serve_saving_its_session_does_not_write_through_a_link(
        setting: tuple[Path, Path, Path], name: str) -> None:
    """``serve -o`` writes the build state and the skill cache when it stops: a link planted
    meanwhile is refused there too."""
    library, site, outside = setting
    session = Session()
    build(config_from_mapping({}), roots=[library], output=site, session=session)
    (site.parent / name).parent.mkdir(exist_ok=True)
    (site.parent / name).symlink_to(outside / "target.txt")
    before = _state(outside)
    with pytest.raises(OutputError, match="is a symbolic link"):
        session.save()
    assert _state(outside) == before


def test_replace_file_refuses_links_at_both_names(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text(PRECIOUS)
    path = tmp_path / "state.json"
    (tmp_path / "state.json.tmp").symlink_to(outside)
    with pytest.raises(OutputError, match=r"state\.json\.tmp is a symbolic link"):
        replace_file(path, lambda handle: handle.write(b"new"))
    (tmp_path / "state.json.tmp").unlink()
    path.symlink_to(tmp_path / "nowhere.txt")
    with pytest.raises(OutputError, match=r"state\.json is a symbolic link"):
        replace_file(path, lambda handle: handle.write(b"new"))
    assert not (tmp_path / "nowhere.txt").exists()
    path.unlink()
    (tmp_path / "state.json.tmp").write_text("left by a killed build")
    replace_file(path, lambda handle: handle.write(b"new"))
    assert path.read_bytes() == b"new"
    assert not (tmp_path / "state.json.tmp").exists()
    assert outside.read_text() == PRECIOUS


def test_mkdocs_outputs_are_not_moved_through_a_link(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    site_dir = tmp_path / "site"
    (site_dir / "skills").mkdir(parents=True)
    (site_dir / "skills" / "alpha").symlink_to(outside, target_is_directory=True)
    staging = Staging.create()
    try:
        staging.out.write_text("catalog.json", "{}")
        staging.out.write_text("skills/alpha/raw/SKILL.md", "text")
        with pytest.raises(OutputError, match="is a symbolic link"):
            publish(staging, site_dir, owned=set())
    finally:
        staging.discard()
    assert list(outside.iterdir()) == []


# --- attack 10: no output folder inside a library root --------------------------------------


def test_an_output_inside_a_library_root_is_refused_even_with_force(
        setting: tuple[Path, Path, Path], tmp_path: Path) -> None:
    library, _site, _outside = setting
    (library / "notes").mkdir()
    (library / "notes" / "todo.txt").write_text("keep me")
    before = _state(library)
    alias = tmp_path / "alias"
    alias.symlink_to(library, target_is_directory=True)
    for output in (library / "alpha", library / "notes", library / "new-folder",
                   library / "alpha" / "deeper", alias / "beta", alias / "new-folder"):
        for extra in ((), ("--force",)):
            code, text = _build(library, output, *extra)
            assert code == 2, (output, extra, text)
            assert "inside the library root" in " ".join(text.split()), (output, text)
            assert _state(library) == before
    # The library named through a link, the output through its real path: the same folder.
    code, text = _build(alias, library / "beta", "--force")
    assert code == 2, text
    assert "inside the library root" in text
    for output in (library, library.parent):  # the root itself, a folder holding it
        code, text = _build(library, output, "--force")
        assert code == 2
        assert "it holds the library" in text
    assert _state(library) == before


def test_a_configured_output_inside_a_root_never_replaces_library_files(
        setting: tuple[Path, Path, Path]) -> None:
    """The configured output may lie inside a root (a new folder, or the site a build left
    there), but --force cannot make it replace a folder of the library."""
    library, _site, _outside = setting
    before = _state(library)
    config = config_from_mapping({"output": str(library / "alpha")})
    for force in (False, True):
        with pytest.raises(OutputError):
            build(config, roots=[library], force=force)
    assert _state(library) == before
    config = config_from_mapping({"output": str(library / "site")})
    build(config, roots=[library])
    with pytest.raises(OutputError, match="inside the library root"):
        build(config, roots=[library], force=True)


def test_serve_refuses_an_output_inside_a_library_root(setting: tuple[Path, Path, Path]
                                                       ) -> None:
    """Refused at once (a subprocess: a serve that starts instead would not stop by itself)."""
    library, _site, _outside = setting
    before = _state(library)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "skill_catalog", "serve", str(library), "-o",
             str(library / "site"), "--port", "0"], cwd=REPO, capture_output=True, text=True,
            timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("serve started instead of refusing its output folder")
    assert result.returncode == 2, result.stderr
    assert "inside the library root" in " ".join(result.stderr.split())
    assert "Traceback" not in result.stderr
    assert _state(library) == before
