"""``metadata.internal: true``: shown and marked by default; kept out of every public output
with ``publish_internal: false``. The real ``npx skills`` 1.7.4 hides such a skill of a site
unless it is named, as the site says (1.3.9 lists it)."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from tests.helpers.libraries import write_skill
from tests.helpers.realclients import Installed, run_skills_cli
from tests.local_server import serve_folder

BASE = "https://skills.example.org/"
SECRET = "vault-rotator"
"""The internal skill's name: no file of a site that leaves it out may hold it."""


def _library(library: Path) -> None:
    write_skill(library, SECRET, f"name: {SECRET}\ndescription: Rotates the vault keys. Use "
                "monthly.\nmetadata:\n  internal: true", files={"assets/logo.svg":
                                                            '<svg xmlns="http://www.w3.org/2000/svg"/>'})
    write_skill(library, "quoted-internal", "name: quoted-internal\ndescription: Also internal. "
                "Use rarely.\nmetadata:\n  internal: 'True'")
    write_skill(library, "open-skill", "name: open-skill\ndescription: For everyone. Use "
                "freely.\nmetadata:\n  internal: false")


def _build(tmp_path: Path, out: str, **options: Any) -> Path:
    data = {"title": "Vault Skills", "roots": ["library"], "base_url": BASE, **options}
    config = config_from_mapping(data, path=tmp_path / "skill-catalog.yml")
    build(config, output=tmp_path / out, workers=1)
    return tmp_path / out


def test_internal_skills_are_published_and_marked_by_default(library: Path,
                                                             tmp_path: Path) -> None:
    _library(library)
    site = _build(tmp_path, "site")
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    assert {s["name"]: s["internal"] for s in catalog["skills"]} == {
        SECRET: True, "quoted-internal": True, "open-skill": False}
    page = (site / "skills" / SECRET / "index.html").read_text(encoding="utf-8")
    assert '<li class="badge badge-plain" title="metadata.internal is true' in page
    assert ">internal</li>" in page
    index = (site / "index.html").read_text(encoding="utf-8")
    assert index.count(">internal</li>") == 2
    assert ">internal</li>" not in (site / "skills" / "open-skill" / "index.html").read_text()
    listed = json.loads((site / ".well-known/skills/index.json").read_text())
    assert SECRET in [s["name"] for s in listed["skills"]]


def test_publish_internal_false_keeps_them_out_of_every_output(library: Path,
                                                                tmp_path: Path) -> None:
    _library(library)
    site = _build(tmp_path, "site", publish_internal=False)
    holding = [p.relative_to(site).as_posix() for p in site.rglob("*")
               if p.is_file() and (SECRET.encode() in p.read_bytes()
                                   or b"quoted-internal" in p.read_bytes()
                                   or SECRET in p.as_posix())]
    assert holding == []
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    assert [s["name"] for s in catalog["skills"]] == ["open-skill"]
    market = json.loads((site / "claude-code" / "marketplace.json").read_text())
    assert [p["name"] for p in market["plugins"]] == ["open-skill"]
    # validate still reads and checks them: they are the owner's skills.
    result = CliRunner().invoke(cli, ["validate", str(library), "-f", "json"])
    assert SECRET in [s["name"] for s in json.loads(result.stdout)["skills"]]


def test_the_repository_marketplace_leaves_them_out_too(library: Path, tmp_path: Path) -> None:
    _library(library)
    (tmp_path / ".git").mkdir()
    config = tmp_path / "skill-catalog.yml"
    config.write_text("title: Vault\nroots: [library]\npublish_internal: false\n")
    assert CliRunner().invoke(cli, ["marketplace", "-c", str(config)]).exit_code == 0
    market = json.loads((tmp_path / ".claude-plugin" / "marketplace.json").read_text())
    assert [p["name"] for p in market["plugins"]] == ["open-skill"]
    config.write_text("title: Vault\nroots: [library]\n")
    assert CliRunner().invoke(cli, ["marketplace", "-c", str(config)]).exit_code == 0
    market = json.loads((tmp_path / ".claude-plugin" / "marketplace.json").read_text())
    assert [p["name"] for p in market["plugins"]] == ["open-skill", "quoted-internal", SECRET]


def test_the_real_skills_cli_hides_an_internal_skill_unless_named(
        library: Path, tmp_path: Path, skills_cli: Installed) -> None:
    _library(library)
    site = _build(tmp_path, "www")
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    with serve_folder(site) as url:
        listing = run_skills_cli(skills_cli, ["add", url, "--list"], project, home)
        assert "open-skill" in listing
        # 1.3.9 reads metadata.internal of local and GitHub skills only, not of a site's.
        assert (SECRET in listing) is (skills_cli.release.version == "1.3.9")
        # The string 'True' is internal for the catalog, not for npx skills (boolean only).
        assert "quoted-internal" in listing
        run_skills_cli(skills_cli, ["add", url, "--skill", SECRET, "--agent", "claude-code", "-y"],
                       project, home)
    installed = (project / ".claude" / "skills" / SECRET).resolve()
    assert (installed / "SKILL.md").read_bytes() == (library / SECRET / "SKILL.md").read_bytes()


def test_sc207_says_what_quoting_internal_costs(library: Path) -> None:
    """SC207 asks for string metadata; for ``internal: true`` quoting it would make npx skills
    list the skill, and the warning says so instead of only "quote it"."""
    import skill_catalog

    _library(library)
    skills = {s.key: s for s in skill_catalog.load([library])}
    [warning] = [d for d in skills[SECRET].diagnostics if d.code == "SC207"]
    assert "npx skills hides a skill only for the boolean" in warning.message
    assert warning.line == 5
    assert [d.code for d in skills["quoted-internal"].diagnostics if d.code == "SC207"] == []
    [other] = [d for d in skills["open-skill"].diagnostics if d.code == "SC207"]
    assert other.message.endswith("quote it")


def _contents(site: Path) -> dict[str, bytes]:
    """Every file of the site by path, and every member of each zip as ``zip!member``."""
    found: dict[str, bytes] = {}
    for path in site.rglob("*"):
        if path.is_file():
            relpath = path.relative_to(site).as_posix()
            found[relpath] = path.read_bytes()
            if path.suffix == ".zip":
                with zipfile.ZipFile(path) as archive:
                    for member in archive.namelist():
                        found[f"{relpath}!{member}"] = member.encode() + archive.read(member)
    return found


def test_links_into_an_internal_skill_publish_none_of_it(library: Path, tmp_path: Path) -> None:
    """A public skill's symbolic link to the internal SKILL.md, hard link to one of its files,
    and link to one of its folders carry nothing of it into any output (issue 32, item 7)."""
    _library(library)
    (library / SECRET / "refs").mkdir()
    (library / SECRET / "refs" / "plan.md").write_text("ROTATION-PLAN\n", encoding="utf-8")
    public = library / "open-skill"
    (public / "linked.md").symlink_to(Path("..") / SECRET / "SKILL.md")
    os.link(library / SECRET / "refs" / "plan.md", public / "hard.md")
    (public / "folder").symlink_to(Path("..") / SECRET / "refs")
    (public / "whole").symlink_to(Path("..") / SECRET)
    site = _build(tmp_path, "site", publish_internal=False)
    holding = sorted(name for name, data in _contents(site).items()
                     if any(secret in data or secret in name.encode()
                            for secret in (SECRET.encode(), b"ROTATION-PLAN", b"Rotates")))
    assert holding == []
    files = json.loads((site / "catalog.json").read_text(encoding="utf-8"))["skills"][0]
    assert [f["relpath"] for f in files["files"]] == ["SKILL.md"]
    page = (site / "skills" / "open-skill" / "index.html").read_text(encoding="utf-8")
    assert "publish_internal: false" in page
