"""A name is not taken over silently (issue 23, attack 6).

Two folders claiming one skill name is an error on both (on the newcomer only, with
``--changed-since``), and no output picks a winner by discovery order: neither gets the page,
the discovery entry or the archive under that name, and ``show``/``files``/``file`` call the
name ambiguous. Published files name folders relative to the root, never by the absolute path
of the machine that built them.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.catalog import AmbiguousSkill
from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from skill_catalog.site.urls import assign_slugs
from tests.helpers.libraries import write_skill
from tests.hostile_library import make_hostile_library


def _claim(library: Path, folder: str, description: str) -> Path:
    return write_skill(library, folder, f"name: deploy\ndescription: {description}")


def _site(library: Path, out: Path, **config: object) -> dict[str, dict[str, object]]:
    build(config_from_mapping({"title": "T", **config}), roots=[library], output=out)
    entries = json.loads((out / "catalog.json").read_text(encoding="utf-8"))["skills"]
    return {entry["path"]: entry for entry in entries}


def _wellknown_names(out: Path) -> list[str]:
    index = json.loads((out / ".well-known" / "skills" / "index.json").read_text("utf-8"))
    return [entry["name"] for entry in index["skills"]]


def test_two_claimants_both_get_the_error(tmp_path: Path) -> None:
    library = tmp_path / "lib"
    _claim(library, "team-a/deploy", "Deploys A. Use when testing.")
    _claim(library, "team-b/deploy", "Deploys B. Use when testing.")
    catalog = skill_catalog.load([library])
    for skill in catalog:
        codes = [(d.code, str(d.severity)) for d in skill.diagnostics]
        assert codes == [("SC301", "error")]
        assert not skill.valid
    message = catalog.skills[0].diagnostics[0].message
    assert "team-b/deploy/" in message
    assert str(tmp_path) not in message


@pytest.mark.parametrize("newcomer", ["aa-new/deploy", "zz-new/deploy"])
def test_a_new_folder_never_takes_over_the_page_entry_or_archive(tmp_path: Path,
                                                                 newcomer: str) -> None:
    """Whether the new folder comes before or after the established one in discovery order,
    nothing published under the bare name ever becomes the newcomer's."""
    library = tmp_path / "lib"
    _claim(library, "mm-established/deploy", "The established one. Use when testing.")
    out = tmp_path / "site"
    _site(library, out)
    assert "The established one" in (out / "skills" / "deploy" / "index.html").read_text()
    assert _wellknown_names(out) == ["deploy"]

    _claim(library, newcomer, "EVIL newcomer. Use when testing.")
    for output in (out, tmp_path / "fresh"):  # an incremental rebuild and a first build
        entries = _site(library, output)
        assert {e["path"]: e["valid"] for e in entries.values()} == {
            "mm-established/deploy": False, newcomer: False}
        assert all(e["slug"] != "deploy" for e in entries.values())
        assert all([d["code"] for d in e["diagnostics"]] == ["SC301"] for e in entries.values())
        page = output / "skills" / "deploy" / "index.html"
        assert not page.exists()
        assert not (output / "skills" / "deploy.zip").exists()
        assert _wellknown_names(output) == []
        assert not (output / ".well-known" / "skills" / "deploy").exists()
        for entry in entries.values():  # each claimant keeps a page of its own
            assert (output / str(entry["url"]) / "index.html").is_file()
        assert "EVIL" not in (output / "llms.txt").read_text(encoding="utf-8")


def test_slugs_do_not_depend_on_discovery_order(tmp_path: Path) -> None:
    library = tmp_path / "lib"
    _claim(library, "x/deploy", "X. Use when testing.")
    _claim(library, "y/deploy", "Y. Use when testing.")
    write_skill(library, "z/deploy-", "name: Deploy\ndescription: Sanitised into the name.")
    skills = skill_catalog.load([library]).skills
    forward = assign_slugs(skills)
    backward = assign_slugs(list(reversed(skills)))
    assert forward == backward
    assert "deploy" not in forward.values()


def test_with_the_error_lowered_no_winner_is_picked_either(tmp_path: Path) -> None:
    """SC301 lowered to a warning: both skills are valid and published, each under a page of
    its own, and the name in the discovery indexes goes to neither (an SC040 note)."""
    library = tmp_path / "lib"
    _claim(library, "team-a/deploy", "A. Use when testing.")
    _claim(library, "team-b/deploy", "B. Use when testing.")
    out = tmp_path / "site"
    result = build(config_from_mapping({"title": "T", "rules": {"SC301": "warning"}}),
                   roots=[library], output=out)
    assert all(skill.valid for skill in result.catalog)
    slugs = [e["slug"] for e in json.loads((out / "catalog.json").read_text())["skills"]]
    assert len(slugs) == 2
    assert "deploy" not in slugs
    assert _wellknown_names(out) == []
    notes = [n.message for n in result.notes if n.code == "SC040"]
    assert notes == ["left out of .well-known/skills and .well-known/agent-skills: 2 skills "
                     "claim the name 'deploy'; it is published for none of them"] * 2


def test_show_files_and_file_call_the_name_ambiguous(tmp_path: Path) -> None:
    library = tmp_path / "lib"
    _claim(library, "team-a/deploy", "A. Use when testing.")
    _claim(library, "team-b/deploy", "B. Use when testing.")
    for args in (["show", "deploy"], ["files", "deploy"], ["file", "deploy", "SKILL.md"],
                 ["show", "DEPLOY"]):
        result = CliRunner().invoke(cli, [*args, str(library)])
        assert (result.exit_code, result.stdout) == (1, ""), args
        assert "ambiguous: deploy" in result.stderr.replace("DEPLOY", "deploy")
        assert "team-a/deploy/" in result.stderr
        assert "team-b/deploy/" in result.stderr
    with pytest.raises(AmbiguousSkill):
        skill_catalog.load([library]).get("deploy")


# --- validate --changed-since: the error goes to the newcomer ---------------------------------


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=t@e", "-c", "user.name=t", *args], cwd=repo,
                   check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    _git(tmp_path, "init", "-q", "-b", "main")
    _claim(tmp_path / "skills", "mm-established/deploy", "Established. Use when testing.")
    write_skill(tmp_path / "skills", "aa-other")  # before the established one, in path order
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "base")
    _git(tmp_path, "checkout", "-qb", "change")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _changed_report(*extra: str) -> tuple[int, dict[str, list[str]]]:
    result = CliRunner().invoke(cli, ["validate", "skills", "--changed-since", "main",
                                      "--format", "json", *extra])
    report = json.loads(result.stdout)
    return result.exit_code, {s["path"]: [d["code"] for d in s["diagnostics"]]
                              for s in report["skills"]}


@pytest.mark.parametrize("newcomer", ["aa-new/deploy", "zz-new/deploy"])
def test_changed_since_blames_the_added_folder_only(repo: Path, newcomer: str) -> None:
    _claim(repo / "skills", newcomer, "New. Use when testing.")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "add")
    code, skills = _changed_report()
    assert (code, skills) == (1, {f"skills/{newcomer}": ["SC301"]})


def test_changed_since_blames_the_established_skill_edited_beside_a_newcomer(repo: Path
                                                                             ) -> None:
    """Both changed: the established one (same path, same name at the merge base) is clean."""
    established = repo / "skills" / "mm-established" / "deploy" / "SKILL.md"
    established.write_text(established.read_text() + "\nEdited.\n", encoding="utf-8")
    _claim(repo / "skills", "aa-new/deploy", "New. Use when testing.")
    code, skills = _changed_report()
    assert (code, skills) == (1, {"skills/aa-new/deploy": ["SC301"],
                                  "skills/mm-established/deploy": []})


def test_changed_since_blames_a_skill_renamed_into_the_name(repo: Path) -> None:
    other = repo / "skills" / "aa-other" / "SKILL.md"
    other.write_text(other.read_text().replace("name: aa-other", "name: deploy"), "utf-8")
    code, skills = _changed_report()
    assert code == 1
    assert "SC301" in skills["skills/aa-other"]
    assert "skills/mm-established/deploy" not in skills


def test_changed_since_blames_a_folder_moved_onto_the_name(repo: Path) -> None:
    """A folder moved (a new path) is not the established one, even with the old text."""
    (repo / "skills" / "aa-other").rename(repo / "skills" / "bb-moved")
    moved = repo / "skills" / "bb-moved" / "SKILL.md"
    moved.write_text(moved.read_text().replace("name: aa-other", "name: deploy"), "utf-8")
    code, skills = _changed_report()
    assert (code, skills) == (1, {"skills/bb-moved": ["SC109", "SC301"]})


def test_changed_since_with_two_new_claimants_blames_both(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    _git(tmp_path, "init", "-q", "-b", "main")
    write_skill(tmp_path / "skills", "other")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "base")
    _claim(tmp_path / "skills", "a/deploy", "A. Use when testing.")
    _claim(tmp_path / "skills", "b/deploy", "B. Use when testing.")
    monkeypatch.chdir(tmp_path)
    code, skills = _changed_report()
    assert (code, skills) == (1, {"skills/a/deploy": ["SC301"], "skills/b/deploy": ["SC301"]})


# --- published files never hold the build machine's absolute path -----------------------------


def _files_holding(folder: Path, needles: set[bytes]) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            found += [f"{path.relative_to(folder)}: {n.decode()}" for n in needles if n in data]
    return found


def test_no_output_names_the_folder_it_was_built_in(tmp_path_factory: pytest.TempPathFactory,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The hostile library (links out of the root, duplicate names, nested skills, broken
    files), a claimant of a name, a missing root and a file given as a root, built from
    another folder: no byte of the site or of the JSON and SARIF reports holds the path of
    the folder it was built in."""
    base = tmp_path_factory.mktemp("b")  # short: the library holds a UNIX socket
    library = make_hostile_library(base, big=False)
    _claim(library, "claims/a/deploy", "A. Use when testing.")
    _claim(library, "claims/b/deploy", "B. Use when testing.")
    (base / "outside-target").mkdir(exist_ok=True)
    os.symlink(base / "outside-target", library / "absolute-link-out")
    (base / "notes.txt").write_text("not a library\n", encoding="utf-8")
    config = base / "skill-catalog.yml"
    config.write_text(f"title: T\nroots: [{library.name}, missing-root, notes.txt]\n"
                      "base_url: https://skills.example.org/\n", encoding="utf-8")
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    monkeypatch.chdir(elsewhere)
    site = base / "site"
    result = CliRunner().invoke(cli, ["build", "-c", str(config), "-o", str(site), "-q"])
    assert result.exit_code == 1, result.stderr  # the library has errors; the site is written
    reports = base / "reports"
    reports.mkdir()
    for fmt in ("json", "sarif"):
        CliRunner().invoke(cli, ["validate", "-c", str(config), "--format", fmt,
                                 "-o", str(reports / f"report.{fmt}")])
    needles = {str(base).encode(), os.path.realpath(base).encode()}
    assert (site / "index.html").is_file()
    assert _files_holding(site, needles) == []
    assert _files_holding(reports, needles) == ["report.json: " + str(base)]
    # The JSON report prints paths as given (issue 32), as compilers do: the configuration was
    # named by its absolute path, so its roots are absolute there; SARIF's stay relative.
    document = json.loads((reports / "report.json").read_text(encoding="utf-8"))
    assert all(s["path"].startswith(f"{base}/") for s in document["skills"])
