"""``validate --changed-since REF``, path-to-skill mapping for pre-commit, and the pull-request
formats (GitHub annotations and SARIF) with repository-relative paths."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.display.paths import _git_root
from skill_catalog.pipeline.changes import (
    ChangesError,
    changed_paths,
    changed_skills,
    skill_folder_of,
    skill_folders,
)
from tests.helpers.git import git
from tests.helpers.libraries import write_skill


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A git repository with six committed skills on ``main``, as the current folder."""
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    lib = root / "skills"
    for name in ("alpha", "beta", "gamma", "delta", "omega", "stable"):
        write_skill(lib, name, files={"references/notes.md": f"# {name} notes\n"})
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "library")
    git(root, "checkout", "-q", "-b", "topic")
    monkeypatch.chdir(root)
    _git_root.cache_clear()
    yield root
    _git_root.cache_clear()


def validate_json(*args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, ["validate", "--format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.output)


def checked(report: dict) -> list[str]:
    return [Path(skill["path"]).name for skill in report["skills"]]


def test_only_changed_skills_are_checked(repo: Path) -> None:
    lib = repo / "skills"
    # committed on the branch: a reference edited, a skill added, a file moved between skills,
    # a skill deleted
    (lib / "alpha" / "references" / "notes.md").write_text("# changed\n", encoding="utf-8")
    write_skill(lib, "added")
    git(repo, "mv", "skills/beta/references/notes.md", "skills/gamma/references/moved.md")
    git(repo, "rm", "-q", "-r", "skills/omega")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "changes")
    # not committed: an untracked skill, and a staged edit
    write_skill(lib, "untracked")
    (lib / "delta" / "SKILL.md").write_text(
        (lib / "delta" / "SKILL.md").read_text(encoding="utf-8") + "\nMore.\n", encoding="utf-8")
    git(repo, "add", "skills/delta/SKILL.md")

    code, report = validate_json("skills", "--changed-since", "main")
    assert code == 0
    assert checked(report) == ["added", "alpha", "beta", "delta", "gamma", "untracked"]
    assert report["summary"]["skills"] == 6

    code, everything = validate_json("skills")
    assert checked(everything) == ["added", "alpha", "beta", "delta", "gamma", "stable",
                                   "untracked"]


def test_unchanged_library_checks_nothing(repo: Path) -> None:
    code, report = validate_json("skills", "--changed-since", "main")
    assert (code, report["skills"]) == (0, [])
    # an invalid but unchanged skill does not fail the run
    (repo / "skills" / "beta" / "SKILL.md").write_text("---\nname: Beta\n---\n", encoding="utf-8")
    git(repo, "commit", "-q", "-am", "break beta")
    git(repo, "branch", "-q", "-f", "main", "HEAD")
    code, report = validate_json("skills", "--changed-since", "main")
    assert (code, report["skills"]) == (0, [])
    code, report = validate_json("skills")
    assert code == 1


def test_changed_invalid_skill_fails(repo: Path) -> None:
    (repo / "skills" / "gamma" / "SKILL.md").write_text("---\nname: gamma\n---\n",
                                                       encoding="utf-8")
    code, report = validate_json("skills", "--changed-since", "main")
    assert code == 1
    assert checked(report) == ["gamma"]
    assert report["skills"][0]["valid"] is False
    assert "SC111" in {d["code"] for d in report["skills"][0]["diagnostics"]}


@pytest.mark.parametrize("new_first", [True, False])
def test_duplicate_names_consider_the_whole_library(repo: Path, new_first: bool) -> None:
    """A new skill taking an existing name is reported whichever of the two comes first."""
    existing = "b-team/shared-name"
    added = "a-team/shared-name" if new_first else "c-team/shared-name"
    write_skill(repo / "skills", existing)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "existing")
    git(repo, "branch", "-q", "-f", "main", "HEAD")
    write_skill(repo / "skills", added)
    _, report = validate_json("skills", "--changed-since", "main")
    codes = [d["code"] for s in report["skills"] for d in s["diagnostics"]]
    assert codes == ["SC301"]
    paths = {s["path"] for s in report["skills"]}
    assert f"skills/{added}" in paths
    assert paths <= {f"skills/{added}", f"skills/{existing}"}


def test_unknown_ref_is_a_usage_error(repo: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", "skills", "--changed-since", "no-such-ref"])
    assert result.exit_code == 2
    assert "no-such-ref" in result.output


def test_outside_a_repository(tmp_path: Path) -> None:
    outside = tmp_path / "plain"
    outside.mkdir()
    with pytest.raises(ChangesError, match="failed"):
        changed_paths("main", outside)


def test_changed_paths_include_renames_both_ways(repo: Path) -> None:
    git(repo, "mv", "skills/alpha/references/notes.md", "skills/beta/references/from-alpha.md")
    paths = {p.relative_to(repo).as_posix() for p in changed_paths("main", repo)}
    assert paths == {"skills/alpha/references/notes.md", "skills/beta/references/from-alpha.md"}
    assert changed_paths("main", repo, working_tree=False) == set()


def test_nested_skill_change_belongs_to_the_inner_skill(repo: Path) -> None:
    from skill_catalog import load

    write_skill(repo / "skills" / "alpha", "inner")
    catalog = load([repo / "skills"])
    touched = changed_skills(catalog.skills, [repo / "skills/alpha/inner/SKILL.md"])
    assert [s.dir.name for s in touched] == ["inner"]
    touched = changed_skills(catalog.skills, [repo / "skills/alpha/references/notes.md",
                                              repo / "README.md"])
    assert [s.dir.name for s in touched] == ["alpha"]


# --- paths given by pre-commit ----------------------------------------------------------------


def test_files_inside_a_skill_stand_for_the_skill(library: Path) -> None:
    skill = write_skill(library, "tools", files={"references/a.md": "# A\n",
                                                 "scripts/deep/run.sh": "#!/bin/sh\n"})
    (library / "scripts").mkdir()
    stray = library / "scripts" / "build.sh"
    stray.write_text("#!/bin/sh\n", encoding="utf-8")
    assert skill_folder_of(skill / "references" / "a.md") == skill
    assert skill_folder_of(skill / "scripts" / "deep" / "run.sh") == skill
    assert skill_folder_of(skill / "SKILL.md") == skill / "SKILL.md"
    assert skill_folder_of(library) == library
    assert skill_folder_of(stray) is None
    assert skill_folders([skill / "references" / "a.md", skill / "scripts" / "deep" / "run.sh",
                          stray]) == [skill]


def test_validate_accepts_files_inside_skills(library: Path) -> None:
    good = write_skill(library, "good", files={"references/a.md": "# A\n"})
    bad = write_skill(library, "bad", frontmatter="name: bad", files={"assets/t.txt": "t"})
    result = CliRunner().invoke(cli, ["validate", "--format", "json",
                                      str(good / "references" / "a.md"),
                                      str(bad / "assets" / "t.txt"), str(bad / "SKILL.md")])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    assert sorted(Path(s["path"]).name for s in report["skills"]) == ["bad", "good"]


def test_validate_with_only_files_outside_skills_checks_nothing(library: Path) -> None:
    """As the pre-commit hook passes them: a file under scripts/, references/ or assets/ of
    no skill is named in a note and not checked; the commit is not failed for it."""
    stray = library / "scripts" / "tool.py"
    stray.parent.mkdir()
    stray.write_text("print('not a skill')\n", encoding="utf-8")
    write_skill(library, "broken", frontmatter="name: broken")
    result = CliRunner().invoke(cli, ["validate", str(stray)])
    assert result.exit_code == 0, result.output
    assert "0 skills checked" in result.stdout
    assert "tool.py belongs to no skill" in result.stderr


def test_validate_names_a_file_given_as_a_root(library: Path) -> None:
    """Any other file that stands for no skill is a root that cannot be read: SC030 names
    it (not the folder around it), and with nothing else to check, SC303 fails the run."""
    stray = library / "notes.md"
    stray.write_text("# not a skill\n", encoding="utf-8")
    write_skill(library, "broken", frontmatter="name: broken")
    result = CliRunner().invoke(cli, ["validate", str(stray)])
    assert result.exit_code == 1, result.output
    assert "SC030 error: the root 'notes.md' is a file" in result.stdout
    assert "SC303 error: no skill found: the root failed" in result.stdout


# --- pull-request formats ---------------------------------------------------------------------


def test_github_annotations_point_at_repository_relative_lines(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    skill = repo / "skills" / "alpha"
    (skill / "SKILL.md").write_text("---\nname: alpha\ndescription: Does alpha things.\n"
                                    "extra: 1\n---\n# Alpha\n", encoding="utf-8")
    monkeypatch.chdir(repo / "skills")  # annotations stay relative to the repository top
    result = CliRunner().invoke(cli, ["validate", "--format", "github", "alpha"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    error = next(line for line in lines if "title=SC101" in line)
    assert error.startswith("::error file=skills/alpha/SKILL.md,line=4")
    warning = next(line for line in lines if "title=SC209" in line)
    assert warning.startswith("::warning file=skills/alpha/SKILL.md,line=3")


def sarif_for(repo: Path, *args: str) -> dict:
    result = CliRunner().invoke(cli, ["validate", "--format", "sarif", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def test_sarif_follows_github_ingestion_rules(repo: Path) -> None:
    """The properties GitHub code scanning requires or uses (docs: "SARIF support for code
    scanning"): version, tool.driver name and rules with id, help and descriptions; results
    with ruleId, message.text and physical locations whose URIs are repository-relative."""
    skills = repo / "skills"
    (skills / "alpha" / "SKILL.md").write_text("---\nname: Alpha\ndescription: x\n---\n",
                                               encoding="utf-8")
    (skills / "beta" / "scripts").mkdir()
    (skills / "beta" / "scripts" / "run.sh").write_text("echo hi\n", encoding="utf-8")
    document = sarif_for(repo, "skills")

    assert document["version"] == "2.1.0"
    assert "sarif" in document["$schema"]
    assert len(document["runs"]) == 1
    run = document["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "skill-catalog"
    assert isinstance(driver.get("version", driver.get("semanticVersion")), str)
    rules = driver["rules"]
    ids = [rule["id"] for rule in rules]
    assert len(ids) == len(set(ids))
    assert ids
    for rule in rules:
        assert rule["shortDescription"]["text"].strip()
        assert rule["fullDescription"]["text"].strip()
        assert rule["help"]["text"].strip()
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
        assert len(rule["shortDescription"]["text"]) <= 1024

    results = run["results"]
    assert {r["ruleId"] for r in results} >= {"SC105", "SC109", "SC210"}
    for result in results:
        assert result["ruleId"] in ids
        assert ids[result["ruleIndex"]] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note")
        assert result["message"]["text"].strip()
        assert len(result["locations"]) == 1
        physical = result["locations"][0]["physicalLocation"]
        uri = physical["artifactLocation"]["uri"]
        assert not uri.startswith(("/", "file:"))
        assert "\\" not in uri
        assert ".." not in uri
        assert (repo / uri).is_file(), uri
        assert physical["region"]["startLine"] >= 1
    script = next(r for r in results if r["ruleId"] == "SC210")
    uri = script["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "skills/beta/scripts/run.sh"
    assert len(json.dumps(document)) < 10 << 20  # upload limit is 10 MB gzipped


def test_sarif_uris_are_relative_to_the_repository_not_the_cwd(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / "skills" / "alpha" / "SKILL.md").write_text("---\nname: alpha\n---\n",
                                                        encoding="utf-8")
    monkeypatch.chdir(repo / "skills" / "alpha")
    document = sarif_for(repo, ".")
    uris = {loc["physicalLocation"]["artifactLocation"]["uri"]
            for r in document["runs"][0]["results"] for loc in r["locations"]}
    assert uris == {"skills/alpha/SKILL.md"}
