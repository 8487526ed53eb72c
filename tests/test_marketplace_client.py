"""The real Claude Code reads the marketplace the build publishes: it validates the marketplace
and every plugin archive without a warning, adds the marketplace, installs a plugin from it,
and then lists the plugin's skill in what it sends to its model (the loopback stub).

Claude Code refuses to download an archive from a loopback host, so the test unpacks each zip
(after checking its SHA-256 against the marketplace) and points a copy of the marketplace at
the unpacked folders. The CLI comes from ``python -m tests.realtools install``; without it the
test skips with that command, except in CI, where it must run.
"""

from __future__ import annotations

import hashlib
import html
import json
import mmap
import os
import re
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from tests.helpers import build_ok, make_library, make_project, mkdocs_env, need_agents
from tests.realtools.agents import AGENTS, NODE_BIN, AgentCli

BASE = "https://skills.example.com/catalog/"


@pytest.fixture(scope="module")
def claude() -> AgentCli:
    need_agents("claude-code")
    return AGENTS["claude-code"]


def _skill(root: Path, name: str, description: str, extra: str = "",
           files: dict[str, bytes] | None = None) -> None:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {description}\n{extra}"
                                     f"---\n\n# {name}\n\nDo the thing.\n", encoding="utf-8")
    for relpath, data in (files or {}).items():
        (folder / relpath).parent.mkdir(parents=True, exist_ok=True)
        (folder / relpath).write_bytes(data)


def _cli(claude: AgentCli, home: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
           "HOME": str(home), "LANG": "C.UTF-8", "TERM": "dumb", "NO_COLOR": "1", "CI": "1",
           "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
           "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1"}
    return subprocess.run([str(claude.program()), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120, check=False, stdin=subprocess.DEVNULL)


def _validate(claude: AgentCli, home: Path, target: Path) -> dict[str, Any]:
    result = _cli(claude, home, "plugin", "validate", "--strict", "--json", str(target),
                  cwd=home)
    assert result.returncode == 0, result.stdout + result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    assert report["success"], report
    assert report["manifest"]["errors"] == [], report
    assert report["manifest"]["warnings"] == [], report
    return report


def _git_subdir_marketplace(repo: Path) -> Any:
    """``repo`` made a git repository whose library (``skills/``) has a configuration naming
    its URL, its marketplace written with ``git-subdir`` sources (exit 0) and committed; the
    ``marketplace`` command's result."""
    from click.testing import CliRunner

    from skill_catalog.cli import cli

    (repo / "skill-catalog.yml").write_text(
        "title: Test Skills\nroots: [skills]\n"
        "repository:\n  url: https://github.com/example/test-skills\n")
    git = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.org",
           "-c", "init.defaultBranch=main"]
    subprocess.run([*git, "init", "-q", str(repo)], check=True)
    written = CliRunner().invoke(cli, ["marketplace", "--sources", "git-subdir",
                                       "-c", str(repo / "skill-catalog.yml")])
    assert written.exit_code == 0, written.output
    subprocess.run([*git, "-C", str(repo), "add", "-A"], check=True)
    subprocess.run([*git, "-C", str(repo), "commit", "-q", "-m", "skills"], check=True)
    return written


def test_claude_code_validates_and_installs_from_the_published_marketplace(
        claude: AgentCli, tmp_path: Path) -> None:
    library = tmp_path / "library"
    _skill(library, "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.",
           "metadata:\n  version: 2.3.0\n",
           {"assets/logo.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>',
            "scripts/plan.py": b"print('burn')\n", "data/table.bin": bytes(range(256))})
    _skill(library, "ground-log", "Writes the ground station log. Use after a pass.")
    config = config_from_mapping({"title": "Test Skills", "base_url": BASE,
                                  "roots": ["library"]}, path=tmp_path / "skill-catalog.yml")
    site = tmp_path / "site"
    build(config, output=site, workers=1)
    home = tmp_path / "home"
    home.mkdir()

    _validate(claude, home, site / "claude-code" / "marketplace.json")
    market = json.loads((site / "claude-code" / "marketplace.json").read_text())
    assert [p["name"] for p in market["plugins"]] == ["ground-log", "orbit-planner"]
    # Each entry carries the skill's trust signals in metadata (validated above, --strict).
    [binary] = market["plugins"][1]["metadata"]["trust"]["findings"]
    assert (binary["code"], binary["file"]) == ("ST041", "data/table.bin")
    local = tmp_path / "local-market"
    for plugin in market["plugins"]:
        source = plugin["source"]
        assert source["url"].startswith(BASE)
        zipped = site / source["url"][len(BASE):]
        assert hashlib.sha256(zipped.read_bytes()).hexdigest() == source["sha256"]
        unpacked = local / "plugins" / plugin["name"]
        with zipfile.ZipFile(zipped) as archive:
            archive.extractall(unpacked)
        report = _validate(claude, home, unpacked)
        assert report["provides"]["skills"] == [f"{plugin['name']}:{plugin['name']}"]
        plugin["source"] = f"./plugins/{plugin['name']}"
    assert (local / "plugins" / "orbit-planner" / "skills" / "orbit-planner" / "assets"
            / "logo.svg").is_file()
    (local / ".claude-plugin").mkdir()
    (local / ".claude-plugin" / "marketplace.json").write_text(json.dumps(market))

    added = _cli(claude, home, "plugin", "marketplace", "add", str(local), cwd=tmp_path)
    assert added.returncode == 0, added.stdout + added.stderr
    installed = _cli(claude, home, "plugin", "install", f"orbit-planner@{market['name']}",
                     cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr

    project = tmp_path / "project"
    project.mkdir()
    run = claude.run(project, home)
    listing = claude.listing_text(run)
    assert listing is not None, run.output[-3000:]
    assert "orbit-planner:orbit-planner: Plans orbit manoeuvres." in listing, listing
    assert "ground-log" not in listing


def test_claude_code_installs_from_the_repository_marketplace(claude: AgentCli,
                                                              tmp_path: Path) -> None:
    from click.testing import CliRunner

    from skill_catalog.cli import cli

    repo = tmp_path / "repo"
    _skill(repo / "skills", "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.",
           files={"assets/logo.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>'})
    _skill(repo / "skills", "ground-log", "Writes the ground station log. Use after a pass.")
    (repo / ".git").mkdir()
    (repo / "skill-catalog.yml").write_text("title: Test Skills\nroots: [skills]\n")
    written = CliRunner().invoke(cli, ["marketplace", "-c", str(repo / "skill-catalog.yml")])
    assert written.exit_code == 0, written.output
    home = tmp_path / "home"
    home.mkdir()
    _validate(claude, home, repo)
    added = _cli(claude, home, "plugin", "marketplace", "add", str(repo), cwd=tmp_path)
    assert added.returncode == 0, added.stdout + added.stderr
    installed = _cli(claude, home, "plugin", "install", "ground-log@test-skills", cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    project = tmp_path / "project"
    project.mkdir()
    run = claude.run(project, home)
    listing = claude.listing_text(run)
    assert listing is not None, run.output[-3000:]
    assert "ground-log:ground-log: Writes the ground station log." in listing, listing
    assert "orbit-planner" not in listing


def test_claude_code_installs_a_git_subdir_source_of_the_repository_marketplace(
        claude: AgentCli, tmp_path: Path) -> None:
    """``--sources git-subdir``: Claude Code validates the marketplace, clones only the
    skill's folder (the test points the source's URL at the local repository instead of
    GitHub) and lists the skill."""
    repo = tmp_path / "repo"
    _skill(repo / "skills", "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.",
           files={"assets/logo.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>'})
    _skill(repo / "skills", "ground-log", "Writes the ground station log. Use after a pass.")
    _git_subdir_marketplace(repo)
    home = tmp_path / "home"
    home.mkdir()
    _validate(claude, home, repo)
    market = json.loads((repo / ".claude-plugin" / "marketplace.json").read_text())
    sources = {p["name"]: p["source"] for p in market["plugins"]}
    assert sources["orbit-planner"] == {"source": "git-subdir", "url": "example/test-skills",
                                        "path": "skills/orbit-planner"}
    local = tmp_path / "elsewhere"
    (local / ".claude-plugin").mkdir(parents=True)
    for plugin in market["plugins"]:
        plugin["source"]["url"] = repo.as_uri()
    (local / ".claude-plugin" / "marketplace.json").write_text(json.dumps(market))
    added = _cli(claude, home, "plugin", "marketplace", "add", str(local), cwd=tmp_path)
    assert added.returncode == 0, added.stdout + added.stderr
    installed = _cli(claude, home, "plugin", "install", "orbit-planner@test-skills",
                     cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    cached = [p.relative_to(home).as_posix() for p in (home / ".claude" / "plugins" / "cache")
              .rglob("*") if p.is_file() and p.name != ".in_use"]
    assert sorted(p.rsplit("/", 1)[-1] for p in cached) == ["SKILL.md", "logo.svg"], cached
    project = tmp_path / "project"
    project.mkdir()
    run = claude.run(project, home)
    listing = claude.listing_text(run)
    assert listing is not None, run.output[-3000:]
    assert "orbit-planner:orbit-planner: Plans orbit manoeuvres." in listing, listing
    assert "ground-log" not in listing


def test_claude_code_installs_a_plugin_of_several_skills(claude: AgentCli,
                                                         tmp_path: Path) -> None:
    """``marketplace.group_by: folder``: one plugin per folder; Claude Code validates each zip
    and, once the plugin is installed, lists every skill of it."""
    library = tmp_path / "library"
    _skill(library / "orbits", "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.",
           files={"assets/logo.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>'})
    _skill(library / "orbits", "burn-timer", "Times engine burns. Use before a burn.")
    _skill(library, "ground-log", "Writes the ground station log. Use after a pass.")
    config = config_from_mapping({"title": "Test Skills", "base_url": BASE, "roots": ["library"],
                                  "marketplace": {"group_by": "folder"}},
                                 path=tmp_path / "skill-catalog.yml")
    site = tmp_path / "site"
    build(config, output=site, workers=1)
    home = tmp_path / "home"
    home.mkdir()
    _validate(claude, home, site / "claude-code" / "marketplace.json")
    market = json.loads((site / "claude-code" / "marketplace.json").read_text())
    assert [p["name"] for p in market["plugins"]] == ["library", "orbits"]
    local = tmp_path / "local-market"
    for plugin in market["plugins"]:
        zipped = site / plugin["source"]["url"][len(BASE):]
        assert hashlib.sha256(zipped.read_bytes()).hexdigest() == plugin["source"]["sha256"]
        unpacked = local / "plugins" / plugin["name"]
        with zipfile.ZipFile(zipped) as archive:
            archive.extractall(unpacked)
        report = _validate(claude, home, unpacked)
        plugin["source"] = f"./plugins/{plugin['name']}"
        if plugin["name"] == "orbits":
            assert sorted(report["provides"]["skills"]) == ["orbits:burn-timer",
                                                            "orbits:orbit-planner"]
    (local / ".claude-plugin").mkdir()
    (local / ".claude-plugin" / "marketplace.json").write_text(json.dumps(market))
    added = _cli(claude, home, "plugin", "marketplace", "add", str(local), cwd=tmp_path)
    assert added.returncode == 0, added.stdout + added.stderr
    installed = _cli(claude, home, "plugin", "install", "orbits@test-skills", cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    project = tmp_path / "project"
    project.mkdir()
    run = claude.run(project, home)
    listing = claude.listing_text(run)
    assert listing is not None, run.output[-3000:]
    assert "orbits:orbit-planner: Plans orbit manoeuvres." in listing, listing
    assert "orbits:burn-timer: Times engine burns." in listing, listing
    assert "ground-log" not in listing


def test_claude_code_validates_the_marketplace_of_an_mkdocs_site(
        claude: AgentCli, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The ``/plugin`` commands an MkDocs skill page shows name a marketplace and a plugin that
    the real Claude Code validates (--strict), the plugin's archive unpacked as it would be."""
    site_url = "https://docs.example.org/"
    built = build_ok(make_project(tmp_path, make_library(tmp_path), site_url=site_url),
                     mkdocs_env(tmp_path_factory))
    page = built.page("skills/pdf-tools/index.html")
    commands = [html.unescape(c) for c in re.findall(r"<code>(/plugin [^<]*)</code>", page)]
    assert commands == [f"/plugin marketplace add {site_url}claude-code/marketplace.json",
                        commands[1]], commands
    plugin_name, _, market_name = commands[1].removeprefix("/plugin install ").partition("@")
    home = tmp_path / "home"
    home.mkdir()
    _validate(claude, home, built.site / "claude-code" / "marketplace.json")
    market = json.loads((built.site / "claude-code" / "marketplace.json").read_text())
    assert market["name"] == market_name
    [plugin] = [p for p in market["plugins"] if p["name"] == plugin_name]
    zipped = built.site / plugin["source"]["url"].removeprefix(site_url)
    assert hashlib.sha256(zipped.read_bytes()).hexdigest() == plugin["source"]["sha256"]
    with zipfile.ZipFile(zipped) as archive:
        archive.extractall(tmp_path / "unpacked")
    report = _validate(claude, home, tmp_path / "unpacked")
    assert report["provides"]["skills"] == [f"{plugin_name}:pdf-tools"]


def _hook(marker: Path) -> bytes:
    """A plugin's hooks/hooks.json that writes ``marker`` at the start of each session."""
    return json.dumps({"hooks": {"SessionStart": [{"hooks": [
        {"type": "command", "command": f"touch {marker}"}]}]}}).encode()


def _install_and_start(claude: AgentCli, home: Path, market: Path, plugins: list[str],
                       tmp_path: Path) -> str:
    """Add the marketplace at ``market`` to a fresh ``home``, install ``plugins``, start one
    session against the model stub and return the skill listing it sent."""
    home.mkdir()
    added = _cli(claude, home, "plugin", "marketplace", "add", str(market), cwd=tmp_path)
    assert added.returncode == 0, added.stdout + added.stderr
    for plugin in plugins:
        installed = _cli(claude, home, "plugin", "install", plugin, cwd=tmp_path)
        assert installed.returncode == 0, installed.stdout + installed.stderr
    project = tmp_path / f"project-{home.name}"
    project.mkdir()
    run = claude.run(project, home)
    listing = claude.listing_text(run)
    assert listing is not None, run.output[-3000:]
    return listing


def test_claude_code_runs_no_hook_of_a_library_at_the_repository_top(
        claude: AgentCli, tmp_path: Path) -> None:
    """The library at the repository's top, with a folder ``hooks/`` (here a skill holding
    ``hooks.json``, which a pull request could add): installing any plugin of the repository's
    marketplace runs no hook. The same repository with the plugin's root at its top (the
    layout the marketplace had, ``source: ./``) does run it: the test would see a hook run."""
    from click.testing import CliRunner

    from skill_catalog.cli import cli

    marker = tmp_path / "hook-ran"
    repo = tmp_path / "repo"
    _skill(repo, "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.")
    _skill(repo, "hooks", "Looks harmless. Use when testing.", files={"hooks.json": _hook(marker)})
    (repo / ".git").mkdir()
    (repo / "skill-catalog.yml").write_text("title: Test Skills\nroots: [.]\n")
    written = CliRunner().invoke(cli, ["marketplace", "-c", str(repo / "skill-catalog.yml")])
    assert written.exit_code == 0, written.output
    _validate(claude, tmp_path, repo)
    listing = _install_and_start(claude, tmp_path / "home", repo,
                                 ["orbit-planner@test-skills", "hooks@test-skills"], tmp_path)
    assert "orbit-planner:orbit-planner: Plans orbit manoeuvres." in listing, listing
    assert "hooks:hooks: Looks harmless." in listing, listing
    assert not marker.exists()

    # The old layout: each plugin's root is the repository's top.
    market_file = repo / ".claude-plugin" / "marketplace.json"
    market = json.loads(market_file.read_text())
    for plugin in market["plugins"]:
        plugin["skills"] = [f"./{plugin['name']}"]
        plugin["source"] = "./"
    market_file.write_text(json.dumps(market))
    _install_and_start(claude, tmp_path / "old-home", repo, ["orbit-planner@test-skills"],
                       tmp_path)
    assert marker.exists()


def test_claude_code_runs_no_hook_of_a_skill_offered_as_a_git_subdir_plugin(
        claude: AgentCli, tmp_path: Path) -> None:
    """``--sources git-subdir`` makes the skill's folder the plugin's root: a skill holding
    ``hooks/hooks.json`` is not offered (SC050 says why), and installing the others runs no
    hook; the site's plugin zip of that skill carries the hook under ``skills/<name>/``, where
    it does not run either. A hand-written entry for that skill's folder does run it."""


    marker = tmp_path / "hook-ran"
    repo = tmp_path / "repo"
    _skill(repo / "skills", "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.")
    _skill(repo / "skills", "ground-log", "Writes the ground station log. Use after a pass.",
           files={"hooks/hooks.json": _hook(marker)})
    written = _git_subdir_marketplace(repo)
    assert "skills/ground-log/SKILL.md: SC050 warning" in written.stderr
    _validate(claude, tmp_path, repo)
    market = json.loads((repo / ".claude-plugin" / "marketplace.json").read_text())
    assert [p["name"] for p in market["plugins"]] == ["orbit-planner"]
    for plugin in market["plugins"]:
        plugin["source"]["url"] = repo.as_uri()
    local = tmp_path / "elsewhere"
    (local / ".claude-plugin").mkdir(parents=True)
    (local / ".claude-plugin" / "marketplace.json").write_text(json.dumps(market))
    listing = _install_and_start(claude, tmp_path / "home", local,
                                 ["orbit-planner@test-skills"], tmp_path)
    assert "orbit-planner:orbit-planner: Plans orbit manoeuvres." in listing, listing
    assert not marker.exists()

    # The site's plugin zip of the skill holding hooks/: installed, listed, and no hook runs.
    config = config_from_mapping({"title": "Test Skills", "base_url": BASE,
                                  "roots": [str(repo / "skills")]},
                                 path=tmp_path / "skill-catalog.yml")
    build(config, output=tmp_path / "site", workers=1)
    site_market = json.loads((tmp_path / "site" / "claude-code" / "marketplace.json").read_text())
    zipped = tmp_path / "site" / "claude-code" / "plugins" / "ground-log.zip"
    with zipfile.ZipFile(zipped) as archive:
        assert "skills/ground-log/hooks/hooks.json" in archive.namelist()
        archive.extractall(tmp_path / "zip-market" / "plugins" / "ground-log")
    [entry] = [p for p in site_market["plugins"] if p["name"] == "ground-log"]
    entry["source"] = "./plugins/ground-log"
    site_market["plugins"] = [entry]
    (tmp_path / "zip-market" / ".claude-plugin").mkdir()
    (tmp_path / "zip-market" / ".claude-plugin" / "marketplace.json").write_text(
        json.dumps(site_market))
    listing = _install_and_start(claude, tmp_path / "zip-home", tmp_path / "zip-market",
                                 [f"ground-log@{site_market['name']}"], tmp_path)
    assert "ground-log:ground-log: Writes the ground station log." in listing, listing
    assert not marker.exists()

    # The skill's folder as a plugin's root, as a git-subdir entry would make it: the hook runs.
    market["plugins"] = [{"name": "ground-log", "strict": False, "skills": ["./"],
                          "source": {"source": "git-subdir", "url": repo.as_uri(),
                                     "path": "skills/ground-log"}}]
    (local / ".claude-plugin" / "marketplace.json").write_text(json.dumps(market))
    _install_and_start(claude, tmp_path / "old-home", local, ["ground-log@test-skills"],
                       tmp_path)
    assert marker.exists()


def _array_at(data: mmap.mmap, start: bytes) -> list[str]:
    """The JSON-like array of strings in the CLI's bundle that starts with ``start``."""
    at = data.find(start)
    assert at >= 0, start
    end = data.find(b"]", at)
    return [item.strip('"') for item in data[at + 1:end].decode().split(",")]


def test_the_plugin_root_names_are_what_the_pinned_claude_code_scans_a_plugin_root_for(
        claude: AgentCli) -> None:
    """``PLUGIN_ROOT_NAMES`` is read off the real client's bundle: the folders it loads
    components from, the files it reads at a plugin's top, the folders a ``git-subdir`` checkout
    adds (``bin``, ``hljs``), the manifests and the plugin's ``settings.json``; a release that
    reads one more name fails here."""
    from skill_catalog.site.publish.plugin import PLUGIN_ROOT_NAMES

    program = claude.program().resolve()
    with program.open("rb") as handle, mmap.mmap(handle.fileno(), 0,
                                                 access=mmap.ACCESS_READ) as data:
        folders = _array_at(data, b'["commands","skills","agents","hooks"')
        files = _array_at(data, b'["SKILL.md",".mcp.json"')
        checkout = _array_at(data, b',"bin","hljs"]')
        found = {*folders, *files, *checkout}
        manifest = data.find(b'=".claude-plugin",')
        assert manifest >= 0
        assert b'"plugin.json"' in data[manifest:manifest + 80]  # and at the top: plugin.json
        found |= {".claude-plugin", "plugin.json"}
        assert data.find(b"Loaded settings from settings.json for plugin ") >= 0
        found.add("settings.json")
    assert found == PLUGIN_ROOT_NAMES
