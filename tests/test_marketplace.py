"""The Claude Code marketplace the build publishes: claude-code/marketplace.json, whose plugin of
one skill has the skill's own zip as its archive, and the zips of plugins of several skills (the
real Claude Code reads them in test_marketplace_client.py)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.config import ConfigError, config_from_mapping
from skill_catalog.site.build import build
from skill_catalog.site.outputs import marketplace
from tests.helpers.libraries import write_skill

BASE = "https://skills.example.org/lib/"
SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>\n'


def _library(library: Path) -> None:
    write_skill(library, "map-maker", "name: map-maker\ndescription: Makes maps. Use for maps.\n"
                "metadata:\n  version: '1.4'", files={"assets/logo.svg": SVG,
                                                       "data/raw.bin": bytes(range(256))})
    write_skill(library, "plain-skill")
    write_skill(library, "broken", frontmatter="name: broken")


def _build(tmp_path: Path, out: str, **options: Any) -> Path:
    data = {"title": "Cartography Skills", "roots": ["library"], **options}
    config = config_from_mapping(data, path=tmp_path / "skill-catalog.yml")
    build(config, output=tmp_path / out, workers=1)
    return tmp_path / out


def _market(site: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((site / "claude-code" / "marketplace.json")
                                          .read_text(encoding="utf-8"))
    return document


def test_each_valid_skill_is_a_plugin_with_an_archive_source(library: Path,
                                                             tmp_path: Path) -> None:
    _library(library)
    site = _build(tmp_path, "site", base_url=BASE)
    market = _market(site)
    assert market["name"] == "cartography-skills"
    assert market["owner"] == {"name": "Cartography Skills", "url": BASE}
    assert [p["name"] for p in market["plugins"]] == ["map-maker", "plain-skill"]
    maps = market["plugins"][0]
    assert maps["version"] == "1.4"
    assert maps["description"] == "Makes maps. Use for maps."
    assert maps["homepage"] == BASE + "skills/map-maker/"
    source = maps["source"]
    assert source["source"] == "archive"
    # The archive is the skill's own zip, the one Claude.ai takes: one folder at the top,
    # no plugin manifest (the entry names the plugin and gives its version).
    assert source["url"] == BASE + "skills/map-maker.zip"
    data = (site / "skills" / "map-maker.zip").read_bytes()
    assert source["sha256"] == hashlib.sha256(data).hexdigest()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.namelist() == ["map-maker/SKILL.md", "map-maker/assets/logo.svg",
                                      "map-maker/data/raw.bin"]
        assert archive.read("map-maker/data/raw.bin") == bytes(range(256))
    assert not (site / "claude-code" / "plugins").exists()
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    [entry] = [s for s in catalog["skills"] if s["name"] == "map-maker"]
    assert entry["digest"]["archive"] == "sha256:" + source["sha256"]
    # Without metadata.version: the content digest, which changes with any file.
    plain = market["plugins"][1]["version"]
    assert plain.startswith("0.0.0-")
    assert len(plain) == len("0.0.0-") + 12
    (library / "plain-skill" / "notes.md").write_text("more\n", encoding="utf-8")
    again = _market(_build(tmp_path, "site2", base_url=BASE))
    assert again["plugins"][1]["version"] != plain
    assert again["plugins"][0] == maps


def test_one_archive_per_skill_byte_reproducible_and_kept_by_a_rebuild(library: Path,
                                                                      tmp_path: Path) -> None:
    """Each published skill has its zip and, when it is more than SKILL.md, the v0.2 archive:
    no third archive for Claude Code, and both the same bytes on every build."""
    _library(library)
    first = _build(tmp_path, "one", base_url=BASE)
    second = _build(tmp_path, "two", base_url=BASE)
    archives = sorted(p.relative_to(first).as_posix() for p in first.rglob("*.zip"))
    assert archives == [".well-known/agent-skills/map-maker.zip", "skills/map-maker.zip",
                        "skills/plain-skill.zip"]
    for name in archives:
        assert (first / name).read_bytes() == (second / name).read_bytes()
    before = _market(first)
    write_skill(library, "new-skill")
    _build(tmp_path, "one", base_url=BASE)  # incremental: the other skills are kept
    after = _market(first)
    assert [p["name"] for p in after["plugins"]] == ["map-maker", "new-skill", "plain-skill"]
    assert [after["plugins"][0], after["plugins"][2]] == before["plugins"]


def test_without_base_url_no_marketplace_and_the_build_says_so(library: Path,
                                                               tmp_path: Path) -> None:
    _library(library)
    site = str(tmp_path / "site")
    # The library holds a broken skill: the site is written, and the build exits 1.
    result = CliRunner().invoke(cli, ["build", str(library), "-o", site, "--quiet"])
    assert result.exit_code == 1, result.output
    result = CliRunner().invoke(cli, ["build", str(library), "-o", site])
    assert result.exit_code == 1, result.output
    assert not (tmp_path / "site" / "claude-code").exists()
    assert "No Claude Code marketplace (claude-code/marketplace.json)" in result.stdout
    assert "set base_url" in result.stdout
    result = CliRunner().invoke(cli, ["build", str(library), "-o", site, "--base-url", BASE])
    assert f"/plugin marketplace add {BASE}claude-code/marketplace.json" in result.stdout
    assert (tmp_path / "site" / "claude-code" / "marketplace.json").is_file()


def test_marketplace_options(library: Path, tmp_path: Path) -> None:
    _library(library)
    site = _build(tmp_path, "site", base_url=BASE, description="Maps and more.",
                  marketplace={"name": "maps", "owner": "Cartographers Ltd",
                               "homepage": "https://maps.example.org"})
    market = _market(site)
    assert market["name"] == "maps"
    assert market["owner"] == {"name": "Cartographers Ltd", "url": "https://maps.example.org/"}
    assert market["metadata"] == {"description": "Maps and more."}
    assert market["plugins"][0]["author"] == {"name": "Cartographers Ltd"}


@pytest.mark.parametrize(("name", "message"), [
    ("agent-skills", "reserved"), ("Maps", "lowercase"), ("a--b", "lowercase")])
def test_bad_marketplace_names_are_refused(name: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_mapping({"marketplace": {"name": name}})
    assert caught.value.problems[0][0] == "marketplace.name"
    assert message in caught.value.problems[0][2]


def test_a_reserved_title_does_not_name_the_marketplace(library: Path, tmp_path: Path) -> None:
    _library(library)
    assert _market(_build(tmp_path, "site", base_url=BASE, title="Agent Skills"))["name"] == \
        "skill-catalog"


def test_the_marketplace_command_writes_and_checks_the_repository_file(
        library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _library(library)
    (tmp_path / ".git").mkdir()
    (tmp_path / "skill-catalog.yml").write_text("title: Maps\nroots: [library]\n")
    monkeypatch.chdir(tmp_path)
    target = tmp_path / ".claude-plugin" / "marketplace.json"
    runner = CliRunner()
    missing = runner.invoke(cli, ["marketplace", "--check"])
    assert missing.exit_code == 1
    assert "missing" in missing.stderr
    wrote = runner.invoke(cli, ["marketplace"])
    assert wrote.exit_code == 1, wrote.output  # written; the library holds a broken skill
    assert "2 plugins" in wrote.stdout
    market = json.loads(target.read_text(encoding="utf-8"))
    assert market["name"] == "maps"
    binary = {"code": "ST041", "severity": "warning", "file": "data/raw.bin", "line": 1,
              "column": None, "accepted": None,
              "message": "data/raw.bin is an executable or compiled binary: a reader cannot "
                         "review what it does"}
    assert market["plugins"] == [
        {"name": "map-maker", "description": "Makes maps. Use for maps.", "version": "1.4",
         "author": {"name": "Maps"}, "source": "./library/map-maker", "strict": False,
         "skills": ["./"],
         "metadata": {"trust": {"status": "warning", "findings": [binary],
                                "findings_omitted": 0}}},
        {"name": "plain-skill", "description": "Does plain-skill things. Use when testing.",
         "author": {"name": "Maps"}, "source": "./library/plain-skill", "strict": False,
         "skills": ["./"],
         "metadata": {"trust": {"status": "clean", "findings": [], "findings_omitted": 0}}}]
    current = runner.invoke(cli, ["marketplace", "--check"])
    assert current.exit_code == 1  # up to date, and the broken skill is still an error
    assert "is up to date (2 plugins; 1 skill left out, named above)" in current.stdout
    assert "library/broken/SKILL.md:1:1: SC111 error" in current.stderr
    assert "Exit status 1: 1 skill with errors, named above." in current.stderr
    write_skill(library, "third-skill")
    drift = runner.invoke(cli, ["marketplace", "--check"])
    assert drift.exit_code == 1
    assert "out of date" in drift.stderr
    assert "third-skill" not in target.read_text(encoding="utf-8")  # --check writes nothing


def test_the_marketplace_command_refuses_skills_outside_the_root_and_links(
        library: Path, tmp_path: Path) -> None:
    _library(library)
    elsewhere = tmp_path / "repo"
    elsewhere.mkdir()
    runner = CliRunner()
    outside = runner.invoke(cli, ["marketplace", str(library), "--root", str(elsewhere)])
    assert outside.exit_code == 2
    assert "outside the repository" in outside.output
    (tmp_path / "away").mkdir()
    (tmp_path / ".claude-plugin").symlink_to(tmp_path / "away")
    linked = runner.invoke(cli, ["marketplace", str(library), "--root", str(tmp_path)])
    assert linked.exit_code == 2
    assert "symbolic link" in linked.output
    assert list((tmp_path / "away").iterdir()) == []


def test_the_marketplace_command_writes_git_subdir_sources_on_request(
        library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _library(library)
    (tmp_path / ".git").mkdir()
    config = tmp_path / "skill-catalog.yml"
    config.write_text("title: Maps\nroots: [library]\n")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    no_url = runner.invoke(cli, ["marketplace", "--sources", "git-subdir"])
    assert no_url.exit_code == 2
    assert "repository.url" in no_url.output
    assert not (tmp_path / ".claude-plugin").exists()
    config.write_text("title: Maps\nroots: [library]\nrepository:\n"
                      "  url: https://github.com/carto/maps.git\n"
                      "marketplace:\n  sources: git-subdir\n")
    assert runner.invoke(cli, ["marketplace"]).exit_code == 1  # the broken skill
    market = json.loads((tmp_path / ".claude-plugin" / "marketplace.json").read_text())
    assert [(p["name"], p["source"], p["skills"], p["strict"]) for p in market["plugins"]] == [
        ("map-maker", {"source": "git-subdir", "url": "carto/maps", "path": "library/map-maker"},
         ["./"], False),
        ("plain-skill", {"source": "git-subdir", "url": "carto/maps",
                         "path": "library/plain-skill"}, ["./"], False)]
    # --sources overrides the configuration, and --check compares with what it would write.
    assert runner.invoke(cli, ["marketplace", "--check"]).exit_code == 1
    assert "is up to date" in runner.invoke(cli, ["marketplace", "--check"]).stdout
    drift = runner.invoke(cli, ["marketplace", "--check", "--sources", "relative"])
    assert "out of date" in drift.stderr


@pytest.mark.parametrize(("url", "expected"), [
    ("https://github.com/carto/maps/", "carto/maps"),
    ("https://github.com/carto/maps.git", "carto/maps"),
    ("https://gitlab.example.org/carto/maps/", "https://gitlab.example.org/carto/maps"),
    ("https://github.com/carto/maps/tree/main/", "https://github.com/carto/maps/tree/main"),
])
def test_git_subdir_names_github_repositories_by_owner_and_name(url: str,
                                                                expected: str) -> None:
    from skill_catalog.site.outputs.marketplace import git_url

    assert git_url(url) == expected


def test_an_unknown_sources_value_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_mapping({"marketplace": {"sources": "github"}})
    assert caught.value.problems[0][0] == "marketplace.sources"


def _grouped_library(library: Path) -> None:
    write_skill(library, "maps/map-maker", "name: map-maker\ndescription: Makes maps. Use for "
                "maps.\nmetadata:\n  category: Cartography\n  version: '1.4'",
                files={"assets/logo.svg": SVG})
    write_skill(library, "maps/tile-cutter", "name: tile-cutter\ndescription: Cuts tiles. Use "
                "for tiles.\nmetadata:\n  category: Cartography")
    write_skill(library, "loose-skill")


def _zip_names(site: Path, plugin: str) -> list[str]:
    with zipfile.ZipFile(site / "claude-code" / "plugins" / f"{plugin}.zip") as archive:
        return archive.namelist()


@pytest.mark.parametrize(("group_by", "plugins"), [
    ("folder", {"library": ["loose-skill"], "maps": ["map-maker", "tile-cutter"]}),
    ("metadata.category", {"cartography": ["map-maker", "tile-cutter"],
                           "loose-skill": ["loose-skill"]}),
    ("skill", {"loose-skill": ["loose-skill"], "map-maker": ["map-maker"],
               "tile-cutter": ["tile-cutter"]}),
])
def test_skills_are_grouped_into_plugins_on_request(library: Path, tmp_path: Path,
                                                    group_by: str,
                                                    plugins: dict[str, list[str]]) -> None:
    _grouped_library(library)
    site = _build(tmp_path, "site", base_url=BASE, marketplace={"group_by": group_by})
    market = _market(site)
    assert [p["name"] for p in market["plugins"]] == sorted(plugins)
    for entry in market["plugins"]:
        skills = plugins[entry["name"]]
        if group_by == "skill":  # the skill's own zip: one folder, no manifest
            assert entry["source"]["url"] == f"{BASE}skills/{entry['name']}.zip"
            with zipfile.ZipFile(site / "skills" / f"{entry['name']}.zip") as archive:
                assert {n.split("/")[0] for n in archive.namelist()} == {entry["name"]}
            continue
        names = _zip_names(site, entry["name"])
        assert names[0] == ".claude-plugin/plugin.json"
        assert sorted({n.split("/")[1] for n in names[1:]}) == skills
        data = (site / "claude-code" / "plugins" / f"{entry['name']}.zip").read_bytes()
        assert entry["source"]["sha256"] == hashlib.sha256(data).hexdigest()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            manifest = json.loads(archive.read(".claude-plugin/plugin.json"))
            for name in skills:
                assert archive.read(f"skills/{name}/SKILL.md") == \
                    (next(library.rglob(f"{name}/SKILL.md"))).read_bytes()
        assert manifest["name"] == entry["name"]
        assert manifest["version"] == entry["version"]
        if len(skills) > 1:
            assert entry["description"] == f"2 skills: {', '.join(skills)}."
            assert entry["homepage"] == BASE
            assert entry["version"].startswith("0.0.0-")
    if group_by == "folder":
        assert "skills/map-maker/assets/logo.svg" in _zip_names(site, "maps")
        assert "one plugin per folder" in market["metadata"]["description"]


def test_a_grouped_plugin_follows_a_change_of_one_skill_in_an_incremental_build(
        library: Path, tmp_path: Path) -> None:
    _grouped_library(library)
    site = _build(tmp_path, "site", base_url=BASE, marketplace={"group_by": "folder"})
    before = _market(site)["plugins"]
    zipped = (site / "claude-code" / "plugins" / "maps.zip").read_bytes()
    (library / "maps" / "tile-cutter" / "notes.md").write_text("more\n", encoding="utf-8")
    written: list[str] = []
    real = marketplace.write_group
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(marketplace, "write_group",
                      lambda ctx, out, group, published: written.append(group.name)
                      or real(ctx, out, group, published))
        _build(tmp_path, "site", base_url=BASE, marketplace={"group_by": "folder"})
    assert written == ["maps"]  # library's zip is kept from the previous site
    after = _market(site)["plugins"]
    assert after[0] == before[0]  # library: its skill did not change
    assert after[1]["version"] != before[1]["version"]
    names = _zip_names(site, "maps")
    assert "skills/tile-cutter/notes.md" in names
    # map-maker was kept from the previous site: its entries are copied from its kept zip.
    assert "skills/map-maker/assets/logo.svg" in names
    fresh = _build(tmp_path, "fresh", base_url=BASE, marketplace={"group_by": "folder"})
    assert (site / "claude-code" / "plugins" / "maps.zip").read_bytes() == \
        (fresh / "claude-code" / "plugins" / "maps.zip").read_bytes() != zipped


def test_the_repository_marketplace_groups_skills_too(library: Path, tmp_path: Path) -> None:
    _grouped_library(library)
    (tmp_path / ".git").mkdir()
    config = tmp_path / "skill-catalog.yml"
    config.write_text("title: Maps\nroots: [library]\nrepository:\n"
                      "  url: https://github.com/carto/maps\nmarketplace:\n  group_by: folder\n")
    runner = CliRunner()
    assert runner.invoke(cli, ["marketplace", "-c", str(config)]).exit_code == 0
    market = json.loads((tmp_path / ".claude-plugin" / "marketplace.json").read_text())
    assert [(p["name"], p["source"], p["skills"]) for p in market["plugins"]] == [
        ("library", "./library/loose-skill", ["./"]),
        ("maps", "./library/maps", ["./map-maker", "./tile-cutter"])]
    assert "version" not in market["plugins"][1]  # several skills: Claude Code takes the commit
    assert runner.invoke(cli, ["marketplace", "-c", str(config), "--sources",
                               "git-subdir"]).exit_code == 0
    market = json.loads((tmp_path / ".claude-plugin" / "marketplace.json").read_text())
    assert [(p["name"], p["source"], p["skills"]) for p in market["plugins"]] == [
        ("library", {"source": "git-subdir", "url": "carto/maps", "path": "library/loose-skill"},
         ["./"]),
        ("maps", {"source": "git-subdir", "url": "carto/maps", "path": "library/maps"},
         ["./map-maker", "./tile-cutter"])]


@pytest.mark.parametrize("value", ["category", "metadata.", "metadata.a.b", "folders"])
def test_a_bad_group_by_is_a_config_error(value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_mapping({"marketplace": {"group_by": value}})
    assert caught.value.problems[0][0] == "marketplace.group_by"
    assert "metadata.<key>" in caught.value.problems[0][2]


HOOKS = '{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "id"}]}]}}\n'
"""A hooks file Claude Code would run at the start of each session of a plugin holding it."""


def _repository(tmp_path: Path, config: str = "") -> tuple[Path, CliRunner]:
    """A repository whose configuration (``skill-catalog.yml`` at its top) says ``config``."""
    (tmp_path / ".git").mkdir(exist_ok=True)
    (tmp_path / "skill-catalog.yml").write_text(
        "title: Maps\nrepository:\n  url: https://github.com/carto/maps\n" + config)
    return tmp_path, CliRunner()


def _repository_market(repo: Path, *args: str) -> tuple[dict[str, Any], Any]:
    result = CliRunner().invoke(cli, ["marketplace", "-c", str(repo / "skill-catalog.yml"),
                                      *args])
    assert result.exit_code in (0, 1), result.output
    document = json.loads((repo / ".claude-plugin" / "marketplace.json").read_text())
    return document, result


def _plugin_roots(repo: Path, document: dict[str, Any]) -> dict[str, Path]:
    """Each plugin's root folder, as Claude Code resolves its source in ``repo``."""
    roots = {}
    for plugin in document["plugins"]:
        source = plugin["source"]
        path = source["path"] if isinstance(source, dict) else source
        roots[plugin["name"]] = (repo / path).resolve()
    return roots


def _config_at_root(root: Path) -> list[str]:
    """What Claude Code reads at a plugin's root besides the skill it carries."""
    from skill_catalog.site.publish.plugin import PLUGIN_ROOT_NAMES

    folded = {name.casefold() for name in PLUGIN_ROOT_NAMES}
    return sorted(entry.name for entry in root.iterdir()
                  if entry.name.casefold().rstrip(". ") in folded and entry.name != "SKILL.md"
                  and not (entry.name == "agents"
                           and [p.name for p in entry.iterdir()] == ["openai.yaml"]))


@pytest.mark.parametrize("sources", ["relative", "git-subdir"])
@pytest.mark.parametrize("group_by", ["skill", "folder", "metadata.category"])
def test_no_plugin_root_holds_what_claude_code_reads_as_plugin_configuration(
        tmp_path: Path, sources: str, group_by: str) -> None:
    """The library at the repository's top: a folder ``hooks/`` (a pull request's skill, or
    not a skill at all) would be every plugin's hooks with the repository's top as their root
    (``source: ./``). No plugin's root is the top, nor holds anything of that kind."""
    repo, _runner = _repository(tmp_path, f"roots: [.]\nmarketplace:\n  group_by: {group_by}\n"
                                          f"  sources: {sources}\n")
    write_skill(repo, "orbit-planner", "name: orbit-planner\ndescription: Plans orbits. Use "
                "for burns.\nmetadata:\n  category: space")
    write_skill(repo, "ground-log", "name: ground-log\ndescription: Logs passes. Use after a "
                "pass.\nmetadata:\n  category: space")
    write_skill(repo, "hooks", "name: hooks\ndescription: Looks harmless. Use always.",
                files={"hooks.json": HOOKS})
    (repo / "commands").mkdir()
    (repo / "commands" / "deploy.md").write_text("Deploy.\n")
    (repo / ".mcp.json").write_text('{"mcpServers": {}}\n')
    document, result = _repository_market(repo)
    roots = _plugin_roots(repo, document)
    assert repo.resolve() not in roots.values()
    for name, root in roots.items():
        assert _config_at_root(root) == [], (name, root)
        assert root.is_relative_to(repo.resolve())
    if group_by == "skill":  # each skill's own folder is its plugin's root
        assert sorted(roots) == ["ground-log", "hooks", "orbit-planner"]
    else:  # one plugin of skills at the top would have the top as its root: left out
        assert "SC050" in result.stderr
        assert ".claude-plugin" in result.stderr
    for plugin in document["plugins"]:
        assert not {"hooks", "mcpServers", "lspServers", "agents", "commands"} & set(plugin)
        assert all(not path.startswith("./..") for path in plugin["skills"])


ROOT_CONFIG = [
    "hooks/hooks.json", ".mcp.json", ".lsp.json", "settings.json", "plugin.json",
    ".claude-plugin/plugin.json", "agents/reviewer.md", "agents/openai.yaml:agents/x.md",
    "commands/deploy.md", "skills/inner/notes.md", "output-styles/terse.md", "themes/dark.json",
    "monitors/monitors.json", "workflows/w.js", "bin/tool", "hljs/x.js", "Hooks/hooks.json",
    "HOOKS./hooks.json", ".MCP.json", "link:hooks",
]
"""What a skill's folder may hold that Claude Code reads at a plugin's root (``a:b``: both)."""


@pytest.mark.parametrize("sources", ["relative", "git-subdir"])
def test_a_skill_whose_folder_holds_plugin_configuration_is_no_plugin(
        tmp_path: Path, sources: str) -> None:
    """The skill's folder is its plugin's root: its own hooks/hooks.json (or any file or folder
    Claude Code reads there, in any letter case) would run at each session's start without the
    skill being used. The skill is left out, and an SC050 warning says why."""
    repo, _runner = _repository(tmp_path, f"roots: [skills]\nmarketplace:\n  sources: {sources}\n")
    write_skill(repo / "skills", "plain-skill")
    for number, entry in enumerate(ROOT_CONFIG):
        hooked = write_skill(repo / "skills", f"hooked-{number}")
        for path in entry.split(":"):
            if path == "link":
                continue
            if entry.startswith("link:"):
                (hooked / path).symlink_to(repo / "skills" / "plain-skill")
                continue
            (hooked / path).parent.mkdir(parents=True, exist_ok=True)
            (hooked / path).write_text(HOOKS if path.endswith(".json") else "x\n")
    document, result = _repository_market(repo)
    assert [p["name"] for p in document["plugins"]] == ["plain-skill"]
    assert result.exit_code == 0, result.output
    for number, entry in enumerate(ROOT_CONFIG):
        top = entry.split(":")[-1].split("/")[0]
        assert (f"skills/hooked-{number}/SKILL.md: SC050 warning: left out of .claude-plugin/"
                f"marketplace.json: the root of its plugin 'hooked-{number}', the folder "
                f"skills/hooked-{number}/, holds skills/hooked-{number}/{top}") in result.stderr
    assert f"{len(ROOT_CONFIG)} skills left out" in result.stdout


def test_a_skill_with_codex_agents_metadata_is_still_a_plugin(tmp_path: Path) -> None:
    """``agents/openai.yaml`` (Codex's file) is no agent Claude Code loads: the skill stays."""
    repo, _runner = _repository(tmp_path, "roots: [skills]\n")
    write_skill(repo / "skills", "codex-aware", files={"agents/openai.yaml": "policy: {}\n"})
    document, result = _repository_market(repo)
    assert [p["name"] for p in document["plugins"]] == ["codex-aware"]
    assert "SC050" not in result.stderr


def _site_with_root_config(tmp_path: Path) -> Path:
    """A library with a skill for each :data:`ROOT_CONFIG` entry (``hooked-<n>``), skills named
    as folders Claude Code reads at a plugin's root (``hooks`` holding a ``hooks.json``,
    ``skills``), one with Codex's ``agents/openai.yaml`` and a plain one: its site."""
    library = tmp_path / "library"
    write_skill(library, "plain-skill")
    write_skill(library, "codex-aware", files={"agents/openai.yaml": "policy: {}\n"})
    write_skill(library, "hooks", files={"hooks.json": HOOKS})
    write_skill(library, "skills", files={"inner/notes.md": "x\n"})
    for number, entry in enumerate(ROOT_CONFIG):
        hooked = write_skill(library, f"hooked-{number}")
        for path in entry.split(":"):
            if path == "link":
                continue
            if entry.startswith("link:"):
                (hooked / path).symlink_to(library / "plain-skill")
                continue
            (hooked / path).parent.mkdir(parents=True, exist_ok=True)
            (hooked / path).write_text(HOOKS if path.endswith(".json") else "x\n")
    return _build(tmp_path, "site", base_url=BASE)


def test_no_plugin_of_the_site_carries_what_claude_code_reads_as_plugin_configuration(
        tmp_path: Path) -> None:
    """A plugin's archive is its skill's zip, whose folder Claude Code takes as the plugin's
    root (or, for a folder named hooks, skills..., keeps as a folder of the root): a skill
    holding any ROOT_CONFIG entry, or named so, is left out of the site's marketplace with an
    SC050 warning (its zip still serves Claude.ai), and every plugin listed, unpacked as
    Claude Code unpacks it, has nothing at its root but its skill."""
    from tests.helpers.realclients import claude_code_plugin_root

    site = _site_with_root_config(tmp_path)
    market = _market(site)
    listed = [p["name"] for p in market["plugins"]]
    # A link is not followed, so the zip holds no hooks/: that skill stays a plugin.
    linked = f"hooked-{ROOT_CONFIG.index('link:hooks')}"
    assert listed == ["codex-aware", linked, "plain-skill"]
    for plugin in market["plugins"]:
        zipped = site / plugin["source"]["url"].removeprefix(BASE)
        assert hashlib.sha256(zipped.read_bytes()).hexdigest() == plugin["source"]["sha256"]
        unpacked = tmp_path / "unpacked" / plugin["name"]
        with zipfile.ZipFile(zipped) as archive:
            archive.extractall(unpacked)
        root = claude_code_plugin_root(unpacked)
        assert root == unpacked / plugin["name"]
        assert (root / "SKILL.md").is_file()
        assert _config_at_root(root) == [], plugin["name"]
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    refused = {d["skill"]: d["message"] for d in catalog["diagnostics"] if d["code"] == "SC050"}
    assert sorted(refused) == sorted({"hooks", "skills"} | {
        f"hooked-{number}" for number in range(len(ROOT_CONFIG))} - {linked})
    assert refused["hooks"].startswith("left out of claude-code/marketplace.json: its zip's "
                                       "folder is named hooks/")
    assert "holds hooks/" in refused[f"hooked-{ROOT_CONFIG.index('hooks/hooks.json')}"]
    assert "holds .mcp.json" in refused[f"hooked-{ROOT_CONFIG.index('.mcp.json')}"]
    by_name = {entry["name"]: entry for entry in catalog["skills"]}
    for name in refused:
        assert by_name[name]["install"]["claude_code"] is None
        assert by_name[name]["install"]["zip"] == f"skills/{name}.zip"
        assert (site / "skills" / f"{name}.zip").is_file()
    assert by_name["plain-skill"]["install"]["claude_code"]["plugin"] == \
        f"plain-skill@{market['name']}"
    page = (site / "skills" / "hooks" / "index.html").read_text(encoding="utf-8")
    assert "/plugin install" not in page


def test_the_zips_of_plugins_of_several_skills_carry_only_the_manifest_and_the_skills(
        tmp_path: Path) -> None:
    """Whatever a skill's folder holds, a grouped plugin's zip has at its top only
    ``.claude-plugin/plugin.json`` and ``skills/<name>/``: the skill's hooks/ lands under
    skills/<name>/, where Claude Code reads no configuration, so no skill is left out."""
    library = tmp_path / "library"
    write_skill(library, "hooked", files={"hooks/hooks.json": HOOKS, ".mcp.json": "{}",
                                          "settings.json": "{}", "bin/tool": "x"})
    write_skill(library, "hooks", files={"hooks.json": HOOKS})
    for group_by in ("folder", "metadata.category"):
        site = _build(tmp_path, f"site-{group_by}", base_url=BASE,
                      marketplace={"group_by": group_by})
        plugins = _market(site)["plugins"]
        assert sorted(p["name"] for p in plugins) == (
            ["library"] if group_by == "folder" else ["hooked", "hooks"])
        for plugin in plugins:
            names = _zip_names(site, plugin["name"])
            assert {name.split("/")[0] for name in names} == {".claude-plugin", "skills"}
            assert [n for n in names if n.startswith(".claude-plugin/")] == [
                ".claude-plugin/plugin.json"]


@pytest.mark.parametrize(("group_by", "layout", "merged"), [
    ("folder", {"a/b/trusted": None, "a-b/newcomer": None}, "a-b"),
    ("folder", {"tools/trusted": None, "tools_/newcomer": None}, "tools"),
    ("metadata.category", {"trusted": "PDF", "newcomer": "pdf"}, "pdf"),
    ("metadata.category", {"trusted": "Pdf Tools", "newcomer": "pdf-tools"}, "pdf-tools"),
    ("metadata.category", {"pdf": None, "newcomer": "pdf"}, "pdf"),
])
def test_two_folders_or_values_making_one_plugin_name_make_no_plugin(
        tmp_path: Path, group_by: str, layout: dict[str, str | None], merged: str) -> None:
    """A newcomer's skill whose folder or value differs from a trusted plugin's but slugs to
    the same name would join that plugin and reach whoever installed it: neither the site's
    marketplace nor the repository's makes it, and an SC051 warning names the skill's file,
    the line of its value, and the other claim."""
    repo, _runner = _repository(tmp_path, f"roots: [library]\nbase_url: {BASE}\n"
                                          f"marketplace:\n  group_by: {group_by}\n")
    library = repo / "library"
    write_skill(library, "other/bystander")
    for folder, value in layout.items():
        name = folder.rsplit("/", 1)[-1]
        extra = f"\nmetadata:\n  category: {value}" if value is not None else ""
        write_skill(library, folder, f"name: {name}\ndescription: Does {name} things. Use "
                    f"when testing.{extra}")
    document, result = _repository_market(repo)
    assert merged not in [p["name"] for p in document["plugins"]]
    assert [p["skills"] for p in document["plugins"]] == [["./"]]  # the bystander only
    for folder, value in layout.items():
        line = ":5:1" if value is not None else ""
        assert f"library/{folder}/SKILL.md{line}: SC051 warning: left out of the Claude Code " \
               f"marketplaces: " in result.stderr, result.stderr
    assert f"makes the plugin name {merged!r}" in result.stderr
    site = _build(tmp_path, "site", base_url=BASE, marketplace={"group_by": group_by})
    assert merged not in [p["name"] for p in _market(site)["plugins"]]
    assert not (site / "claude-code" / "plugins" / f"{merged}.zip").exists()
    catalog = json.loads((site / "catalog.json").read_text())
    assert sorted(d["skill"] for d in catalog["diagnostics"] if d["code"] == "SC051") == \
        sorted(folder.rsplit("/", 1)[-1] for folder in layout)


def test_the_marketplace_command_says_what_it_leaves_out_of_the_marketplace(
        tmp_path: Path) -> None:
    """A skill left out for its name is named against the file the command writes, not the
    site's .well-known indexes it does not write."""
    repo, _runner = _repository(tmp_path, "roots: [skills]\n")
    write_skill(repo / "skills", "plain-skill")
    write_skill(repo / "skills", "café", "name: café\ndescription: Notes. Use for notes.")
    _document, result = _repository_market(repo)
    assert "left out of .claude-plugin/marketplace.json: its name 'café'" in result.stderr
    assert ".well-known" not in result.output


@pytest.mark.parametrize(("group_by", "sources"), [("skill", "git-subdir"),
                                                   ("folder", "relative")])
def test_the_hostile_library_gives_no_plugin_root_holding_plugin_configuration(
        tmp_path: Path, group_by: str, sources: str) -> None:
    """The hostile library (links out of the root, special files, odd names...) with a
    ``hooks/`` folder and an ``.mcp.json`` at the repository's top and in its library root:
    every plugin of the repository's marketplace is rooted inside the repository and holds
    nothing Claude Code reads as plugin configuration."""
    from tests.hostile_library import make_hostile_library

    library = make_hostile_library(tmp_path, big=False)
    for top in (tmp_path, library):
        (top / "hooks").mkdir()
        (top / "hooks" / "hooks.json").write_text(HOOKS)
        (top / ".mcp.json").write_text('{"mcpServers": {}}\n')
    repo, _runner = _repository(tmp_path, f"roots: [library]\nmarketplace:\n"
                                          f"  group_by: {group_by}\n")
    document, result = _repository_market(repo, "--sources", sources)
    assert "Traceback" not in result.output
    roots = _plugin_roots(repo, document)
    assert roots
    for name, root in roots.items():
        assert root.is_relative_to(repo.resolve()), name
        assert root != repo.resolve()
        assert _config_at_root(root) == [], (name, root)
