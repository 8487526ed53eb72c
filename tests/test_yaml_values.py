"""Any YAML value is safe downstream (issue 23, attack 4): a library holding every kind of value
a YAML reader builds (integers of thousands of digits, NaN and infinities, dates, binary, sets,
ordered maps, pairs, merge keys, nulls, keys that are not strings), in every place of a
frontmatter, goes through every command and every output format; each odd skill gets a
diagnostic with its line, and the rest of the library is published.

``tests/test_properties.py`` runs the same checks on generated values.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result

import skill_catalog
from skill_catalog.agents.profiles import PROFILES
from skill_catalog.catalog import Catalog
from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping
from skill_catalog.model import Skill
from skill_catalog.observed import OBSERVED
from skill_catalog.prompts import FORMATS
from skill_catalog.site.build import build
from tests.helpers.pages import CONTROL, page_problems
from tests.helpers.sites import html_pages, plain_problems
from tests.hostile_library import YAML_VALUES, yaml_value_skills


@pytest.fixture(scope="module")
def values_library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("yaml-values")
    library = base / "library"
    yaml_value_skills(library)
    (library / "well-formed").mkdir()
    (library / "well-formed" / "SKILL.md").write_text(
        "---\nname: well-formed\ndescription: A plain skill beside the odd ones. Use when "
        "testing.\n---\nBody.\n", encoding="utf-8")
    return library


@pytest.fixture(scope="module")
def catalog(values_library: Path) -> Catalog:
    return skill_catalog.load([values_library])


def odd_skills(catalog: Catalog) -> list[Skill]:
    return [s for s in catalog.skills if s.dir.name.startswith("yaml-")]


def test_the_library_holds_every_kind_in_every_place(catalog: Catalog) -> None:
    assert len(odd_skills(catalog)) == 3 * len(YAML_VALUES)


def test_every_value_is_read_into_plain_data(catalog: Catalog) -> None:
    problems = [f"{skill.dir.name}{problem}" for skill in catalog.skills
                for problem in plain_problems(skill.frontmatter)]
    assert problems == []
    assert all(skill.parsed for skill in catalog.skills)


def test_each_odd_skill_gets_a_diagnostic_with_a_line(catalog: Catalog) -> None:
    for skill in odd_skills(catalog):
        on_frontmatter = [d for d in skill.diagnostics if d.file == skill.skill_md]
        assert on_frontmatter, skill.dir.name
        assert all(d.line is not None for d in on_frontmatter), (skill.dir.name,
                                                                 on_frontmatter)


@pytest.mark.parametrize("kind", ["huge-hex", "huge-decimal", "sexagesimal", "nan",
                                  "infinity", "overflow", "bad-date", "binary", "set", "omap",
                                  "pairs", "bad-tag"])
def test_a_value_with_no_plain_form_is_named_at_its_line(catalog: Catalog, kind: str) -> None:
    """Every value given in another form gets SC026 at the line and column where it is
    written: in the fields skill, once for each of its places."""
    (skill,) = [s for s in catalog.skills if s.dir.name == f"yaml-{kind}-fields"]
    places = {(d.line, d.column) for d in skill.diagnostics if d.code == "SC026"}
    length = len(YAML_VALUES[kind])
    expected = {(4, 10), (5, 16), (6, 16), (8, 10), (9, 10), (9, 10 + length + 2), (10, 5),
                (13, 13), (15, 12), (16, 3)}
    assert expected <= places, sorted(places)


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code in (0, 1), (args, result.output)
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("output", ["text", "json", "github", "sarif"])
def test_validate_finishes_in_every_format(values_library: Path, output: str) -> None:
    result = run("validate", str(values_library), "--format", output)
    assert result.exit_code == 1  # the odd skills have errors
    if output in ("json", "sarif"):
        json.loads(result.stdout)
    if output == "json":
        paths = [s["path"] for s in json.loads(result.stdout)["skills"]]
        assert len(paths) == 3 * len(YAML_VALUES) + 1


@pytest.mark.parametrize("name", list(FORMATS))
def test_prompt_finishes_in_every_format(values_library: Path, name: str) -> None:
    result = run("prompt", str(values_library), "--format", name)
    assert "well-formed" in result.stdout
    assert not CONTROL.search(result.stdout)
    if name == "json":
        json.loads(result.stdout)


@pytest.mark.parametrize("args", [[], ["--format", "json"], ["--as-seen-by", "all"],
                                  ["--as-seen-by", "claude-code", "--format", "json"]])
def test_list_finishes(values_library: Path, args: list[str]) -> None:
    result = run("list", str(values_library), *args)
    if "json" in args:
        json.loads(result.stdout)


@pytest.fixture(scope="module")
def project(values_library: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A checkout whose tool folders hold the library, and an empty home beside it."""
    base = tmp_path_factory.mktemp("project")
    (base / "home").mkdir()
    project = base / "project"
    (project / ".git").mkdir(parents=True)
    for folder in (".claude", ".agents", ".gemini", ".codex", ".opencode", ".github"):
        shutil.copytree(values_library, project / folder / "skills")
    return project


@pytest.mark.parametrize("tool", sorted(OBSERVED))
def test_prompt_as_seen_by_each_tool_finishes(project: Path, tool: str) -> None:
    """The real tools' own readers (YAML 1.2, JavaScript's numbers) get the same values."""
    result = run("prompt", "--as-seen-by", tool, "--cwd", str(project),
                 "--home", str(project.parent / "home"))
    assert "well-formed" in result.stdout


@pytest.mark.parametrize("tool", ["all", *sorted(PROFILES)])
def test_list_as_seen_by_each_tool_finishes(project: Path, tool: str) -> None:
    run("list", "--as-seen-by", tool, "--cwd", str(project), "--home",
        str(project.parent / "home"), "--format", "text" if tool == "all" else "json")


@pytest.mark.parametrize("output", ["text", "json"])
def test_search_finishes(values_library: Path, output: str) -> None:
    run("search", "value", str(values_library), "--format", output)


def test_show_and_files_finish_for_every_skill(values_library: Path, catalog: Catalog) -> None:
    """Each skill named in its own folder (a command reads the whole library it is given: the
    library's 61 skills read 183 times took most of this module's time)."""
    for skill in catalog.skills:
        run("show", "--", skill.key, str(skill.dir))
        run("files", "--", skill.key, str(skill.dir))
        json.loads(run("files", "--format", "json", "--", skill.key, str(skill.dir)).stdout)
    run("show", "--", "well-formed", str(values_library))  # and once in the whole library


def test_every_output_of_the_site_is_written(values_library: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    result = build(config_from_mapping({}), roots=[values_library], output=site)
    skills = result.catalog.skills
    valid = [s for s in skills if s.valid]
    assert any(s.key == "well-formed" for s in valid)
    catalog = json.loads((site / "catalog.json").read_text("utf-8"))
    jsonschema.Draft202012Validator(
        json.loads((site / "catalog.schema.json").read_text("utf-8"))).validate(catalog)
    assert len(catalog["skills"]) == len(skills)
    assert all((site / entry["url"] / "index.html").is_file() for entry in catalog["skills"])
    index = json.loads((site / ".well-known" / "skills" / "index.json").read_text("utf-8"))
    assert len(index["skills"]) == len(valid)
    for entry in catalog["skills"]:
        if entry["archive"]:
            assert (site / entry["archive"]).is_file()
    json.loads((site / "search-index.json").read_text("utf-8"))
    assert "well-formed" in (site / "llms.txt").read_text("utf-8")
    for page in html_pages(site):
        assert page_problems(site, page) == [], page
    for prompt in (site / "prompts").iterdir():
        assert "well-formed" in prompt.read_text("utf-8")
