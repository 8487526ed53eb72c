"""The real Claude Code reads the marketplace the build publishes: it validates the marketplace
without a warning, adds it by its URL, downloads each plugin's archive (the skill's own zip,
``skills/<slug>.zip``), installs the plugin and then lists the plugin's skill in what it sends
to its model (the loopback stub).

Claude Code refuses to download an archive from a loopback host, but honours ``HTTPS_PROXY``
and trusts the authority ``NODE_EXTRA_CA_CERTS`` names: the tests serve the built site as
``https://skills.example.com/`` from a proxy and an HTTPS server on 127.0.0.1 with a throwaway
authority (:mod:`tests.tls_proxy`), which answer for that host only, so nothing leaves the
machine. The CLI comes from ``python -m tests.realtools install``; without it the test skips
with that command, except in CI, where it must run.
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
from tests.helpers.libraries import make_library
from tests.helpers.mkdocs import build_ok, make_project, mkdocs_env
from tests.helpers.realclients import CLAUDE_CODE_ROOT_ENTRIES, claude_code_plugin_root
from tests.helpers.serve import need_agents
from tests.realtools.agents import AGENTS, NODE_BIN, AgentCli
from tests.tls_proxy import PublicHost, public_host

HOST = "skills.example.com"
BASE = f"https://{HOST}/catalog/"


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


def _cli(claude: AgentCli, home: Path, *args: str, cwd: Path,
         via: PublicHost | None = None) -> subprocess.CompletedProcess[str]:
    """Run the CLI with ``home``; ``via``: through that host's proxy, trusting its authority."""
    env = {"PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
           "HOME": str(home), "LANG": "C.UTF-8", "TERM": "dumb", "NO_COLOR": "1", "CI": "1",
           "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
           "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1",
           **(via.env() if via is not None else {})}
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


def _cached(home: Path, market: str, plugin: str) -> list[str]:
    """The files Claude Code keeps of an installed plugin, relative to its root."""
    [root] = (home / ".claude" / "plugins" / "cache" / market / plugin).iterdir()
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and p.name != ".in_use")


def test_claude_code_downloads_and_installs_the_skills_zip_from_the_published_marketplace(
        claude: AgentCli, tmp_path: Path) -> None:
    """The marketplace added by its URL, each plugin's archive downloaded by Claude Code itself
    (over HTTPS through the proxy): the skill's zip, the one Claude.ai takes, installs as a
    plugin whose skill Claude Code lists; the proxy was asked for the site's host only."""
    library = tmp_path / "library"
    _skill(library, "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.",
           "metadata:\n  version: 2.3.0\n",
           {"assets/logo.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>',
            "scripts/plan.py": b"print('burn')\n", "data/table.bin": bytes(range(256))})
    _skill(library, "ground-log", "Writes the ground station log. Use after a pass.")
    config = config_from_mapping({"title": "Test Skills", "base_url": BASE,
                                  "roots": ["library"]}, path=tmp_path / "skill-catalog.yml")
    web = tmp_path / "web"
    site = web / "catalog"
    build(config, output=site, workers=1)
    home = tmp_path / "home"
    home.mkdir()

    _validate(claude, home, site / "claude-code" / "marketplace.json")
    market = json.loads((site / "claude-code" / "marketplace.json").read_text())
    assert [p["name"] for p in market["plugins"]] == ["ground-log", "orbit-planner"]
    assert [p["source"]["url"] for p in market["plugins"]] == [
        f"{BASE}skills/ground-log.zip", f"{BASE}skills/orbit-planner.zip"]
    assert not (site / "claude-code" / "plugins").exists()
    # Each entry carries the skill's trust signals in metadata (validated above, --strict).
    [binary] = market["plugins"][1]["metadata"]["trust"]["findings"]
    assert (binary["code"], binary["file"]) == ("ST041", "data/table.bin")
    with public_host(web, HOST, tmp_path / "authority") as host:
        added = _cli(claude, home, "plugin", "marketplace", "add",
                     f"{BASE}claude-code/marketplace.json", cwd=tmp_path, via=host)
        assert added.returncode == 0, added.stdout + added.stderr
        for plugin in ("orbit-planner", "ground-log"):
            installed = _cli(claude, home, "plugin", "install", f"{plugin}@{market['name']}",
                             cwd=tmp_path, via=host)
            assert installed.returncode == 0, installed.stdout + installed.stderr
    assert host.paths == ["/catalog/claude-code/marketplace.json",
                          "/catalog/skills/orbit-planner.zip", "/catalog/skills/ground-log.zip"]
    assert set(host.asked) == {f"CONNECT {HOST}:443 HTTP/1.1"}
    # The zip's folder stripped: the skill's files at the plugin's root.
    assert _cached(home, market["name"], "orbit-planner") == [
        "SKILL.md", "assets/logo.svg", "data/table.bin", "scripts/plan.py"]
    assert _cached(home, market["name"], "ground-log") == ["SKILL.md"]

    project = tmp_path / "project"
    project.mkdir()
    run = claude.run(project, home)
    listing = claude.listing_text(run)
    assert listing is not None, run.output[-3000:]
    assert "orbit-planner:orbit-planner: Plans orbit manoeuvres." in listing, listing
    assert "ground-log:ground-log: Writes the ground station log." in listing, listing


def test_claude_code_refuses_the_loopback_url_the_proxy_stands_in_for(
        claude: AgentCli, tmp_path: Path) -> None:
    """Why the proxy: the same marketplace with its archives at 127.0.0.1 is refused by the
    client's URL policy before anything is fetched."""
    library = tmp_path / "library"
    _skill(library, "ground-log", "Writes the ground station log. Use after a pass.")
    local = "https://127.0.0.1:8443/"
    config = config_from_mapping({"title": "Test Skills", "base_url": local,
                                  "roots": ["library"]}, path=tmp_path / "skill-catalog.yml")
    site = tmp_path / "site"
    build(config, output=site, workers=1)
    market = site / "claude-code" / "marketplace.json"
    assert json.loads(market.read_text())["plugins"][0]["source"]["url"].startswith(local)
    result = _cli(claude, tmp_path, "plugin", "validate", "--json", str(market), cwd=tmp_path)
    assert result.returncode != 0
    assert "must not point at a loopback" in result.stdout, result.stdout


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
    """``marketplace.group_by: folder``: one plugin per folder, each with a zip of its own;
    Claude Code validates each zip, downloads one and, once the plugin is installed, lists
    every skill of it."""
    library = tmp_path / "library"
    _skill(library / "orbits", "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.",
           files={"assets/logo.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>'})
    _skill(library / "orbits", "burn-timer", "Times engine burns. Use before a burn.")
    _skill(library, "ground-log", "Writes the ground station log. Use after a pass.")
    config = config_from_mapping({"title": "Test Skills", "base_url": BASE, "roots": ["library"],
                                  "marketplace": {"group_by": "folder"}},
                                 path=tmp_path / "skill-catalog.yml")
    web = tmp_path / "web"
    site = web / "catalog"
    build(config, output=site, workers=1)
    home = tmp_path / "home"
    home.mkdir()
    _validate(claude, home, site / "claude-code" / "marketplace.json")
    market = json.loads((site / "claude-code" / "marketplace.json").read_text())
    assert [p["name"] for p in market["plugins"]] == ["library", "orbits"]
    for plugin in market["plugins"]:
        assert plugin["source"]["url"] == f"{BASE}claude-code/plugins/{plugin['name']}.zip"
        unpacked = tmp_path / "unpacked" / plugin["name"]
        with zipfile.ZipFile(site / plugin["source"]["url"][len(BASE):]) as archive:
            archive.extractall(unpacked)
        report = _validate(claude, home, claude_code_plugin_root(unpacked))
        if plugin["name"] == "orbits":
            assert sorted(report["provides"]["skills"]) == ["orbits:burn-timer",
                                                            "orbits:orbit-planner"]
    with public_host(web, HOST, tmp_path / "authority") as host:
        added = _cli(claude, home, "plugin", "marketplace", "add",
                     f"{BASE}claude-code/marketplace.json", cwd=tmp_path, via=host)
        assert added.returncode == 0, added.stdout + added.stderr
        installed = _cli(claude, home, "plugin", "install", "orbits@test-skills", cwd=tmp_path,
                         via=host)
        assert installed.returncode == 0, installed.stdout + installed.stderr
    assert host.paths[-1] == "/catalog/claude-code/plugins/orbits.zip"
    project = tmp_path / "project"
    project.mkdir()
    run = claude.run(project, home)
    listing = claude.listing_text(run)
    assert listing is not None, run.output[-3000:]
    assert "orbits:orbit-planner: Plans orbit manoeuvres." in listing, listing
    assert "orbits:burn-timer: Times engine burns." in listing, listing
    assert "ground-log" not in listing


def test_claude_code_installs_from_the_marketplace_of_an_mkdocs_site(
        claude: AgentCli, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The ``/plugin`` commands an MkDocs skill page shows name a marketplace and a plugin that
    the real Claude Code validates (--strict), downloads (through the proxy) and installs."""
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
    with public_host(built.site, "docs.example.org", tmp_path / "authority") as host:
        added = _cli(claude, home, "plugin", "marketplace", "add",
                     f"{site_url}claude-code/marketplace.json", cwd=tmp_path, via=host)
        assert added.returncode == 0, added.stdout + added.stderr
        installed = _cli(claude, home, "plugin", "install", commands[1].split()[-1],
                         cwd=tmp_path, via=host)
        assert installed.returncode == 0, installed.stdout + installed.stderr
    assert "SKILL.md" in _cached(home, market_name, plugin_name)
    project = tmp_path / "agent-project"
    project.mkdir()
    listing = claude.listing_text(claude.run(project, home))
    assert listing is not None
    assert f"- {plugin_name}:pdf-tools" in listing, listing


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
    hook. A hand-written entry for that skill's folder does run it."""
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

    # The skill's folder as a plugin's root, as a git-subdir entry would make it: the hook runs.
    market["plugins"] = [{"name": "ground-log", "strict": False, "skills": ["./"],
                          "source": {"source": "git-subdir", "url": repo.as_uri(),
                                     "path": "skills/ground-log"}}]
    (local / ".claude-plugin" / "marketplace.json").write_text(json.dumps(market))
    _install_and_start(claude, tmp_path / "old-home", local, ["ground-log@test-skills"],
                       tmp_path)
    assert marker.exists()


def test_claude_code_runs_no_hook_of_a_skill_of_the_site_marketplace(
        claude: AgentCli, tmp_path: Path) -> None:
    """A skill's zip is its plugin's archive, the skill's folder the plugin's root: a skill
    holding ``hooks/hooks.json``, and a skill named ``hooks`` holding ``hooks.json`` (Claude
    Code keeps a wrapping folder of that name, which becomes the plugin's hooks), are left out
    of the site's marketplace (SC050), and installing the rest runs no hook. Hand-written
    entries naming those two zips do run both hooks: the refusal is what keeps them from
    running."""
    markers = {name: tmp_path / f"{name}-ran" for name in ("ground-log", "hooks")}
    library = tmp_path / "library"
    _skill(library, "orbit-planner", "Plans orbit manoeuvres. Use when a burn is due.")
    _skill(library, "ground-log", "Writes the ground station log. Use after a pass.",
           files={"hooks/hooks.json": _hook(markers["ground-log"])})
    _skill(library, "hooks", "Looks harmless. Use when testing.",
           files={"hooks.json": _hook(markers["hooks"])})
    config = config_from_mapping({"title": "Test Skills", "base_url": BASE,
                                  "roots": ["library"]}, path=tmp_path / "skill-catalog.yml")
    web = tmp_path / "web"
    site = web / "catalog"
    build(config, output=site, workers=1)
    catalog = json.loads((site / "catalog.json").read_text())
    assert sorted(d["skill"] for d in catalog["diagnostics"] if d["code"] == "SC050") == [
        "ground-log", "hooks"]
    market_file = site / "claude-code" / "marketplace.json"
    market = json.loads(market_file.read_text())
    assert [p["name"] for p in market["plugins"]] == ["orbit-planner"]
    [entry] = market["plugins"]
    handmade = {**market, "plugins": [entry] + [
        {**entry, "name": name, "homepage": f"{BASE}skills/{name}/",
         "source": {"source": "archive", "url": f"{BASE}skills/{name}.zip",
                    "sha256": hashlib.sha256((site / "skills" / f"{name}.zip").read_bytes())
                    .hexdigest()}}
        for name in markers]}
    (site / "claude-code" / "handmade.json").write_text(json.dumps(handmade))
    with public_host(web, HOST, tmp_path / "authority") as host:
        for home, url, plugins in [
                (tmp_path / "home", f"{BASE}claude-code/marketplace.json", ["orbit-planner"]),
                (tmp_path / "handmade-home", f"{BASE}claude-code/handmade.json",
                 ["ground-log", "hooks"])]:
            home.mkdir()
            added = _cli(claude, home, "plugin", "marketplace", "add", url, cwd=tmp_path,
                         via=host)
            assert added.returncode == 0, added.stdout + added.stderr
            for plugin in plugins:
                installed = _cli(claude, home, "plugin", "install",
                                 f"{plugin}@{market['name']}", cwd=tmp_path, via=host)
                assert installed.returncode == 0, installed.stdout + installed.stderr
    project = tmp_path / "project"
    project.mkdir()
    listing = claude.listing_text(claude.run(project, tmp_path / "home"))
    assert listing is not None
    assert "orbit-planner:orbit-planner: Plans orbit manoeuvres." in listing, listing
    assert not any(marker.exists() for marker in markers.values())
    claude.run(project, tmp_path / "handmade-home")
    assert all(marker.exists() for marker in markers.values()), markers


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
        # What tests.helpers.claude_code_plugin_root takes for a plugin's content.
        assert (".claude-plugin", *folders, *files) == CLAUDE_CODE_ROOT_ENTRIES
        manifest = data.find(b'=".claude-plugin",')
        assert manifest >= 0
        assert b'"plugin.json"' in data[manifest:manifest + 80]  # and at the top: plugin.json
        found |= {".claude-plugin", "plugin.json"}
        assert data.find(b"Loaded settings from settings.json for plugin ") >= 0
        found.add("settings.json")
    assert found == PLUGIN_ROOT_NAMES
