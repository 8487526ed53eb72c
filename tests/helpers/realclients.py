"""Real clients: the npx skills client (vercel-labs/skills) and Claude Code's plugin root."""

from __future__ import annotations

import dataclasses as dc
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.environment import IN_CI, REPO
from tests.realtools.agents import NODE_BIN, node_ok

# The npx skills client (vercel-labs/skills) -----------------------------------------------------


@dc.dataclass(slots=True, frozen=True)
class SkillsCli:
    """One release of vercel-labs/skills, installed in its own ``.cache`` folder, and the
    Node.js that runs it (1.7.4 needs Node >= 22.20: the one ``tests.realtools`` installs)."""

    version: str
    folder: str
    node22: bool = False

    @property
    def cache(self) -> Path:
        return REPO / ".cache" / self.folder

    @property
    def package(self) -> Path:
        return self.cache / "node_modules" / "skills"

    @property
    def npm_install(self) -> list[str]:
        return ["npm", "install", "--prefix", str(self.cache), "--no-save", "--no-audit",
                "--no-fund", f"skills@{self.version}"]

    def installed_version(self) -> str | None:
        try:
            return str(json.loads((self.package / "package.json").read_text())["version"])
        except (OSError, ValueError, KeyError):
            return None


RELEASES = (SkillsCli("1.3.9", "npm-skills"), SkillsCli("1.7.4", "npm-skills17", node22=True))


@dc.dataclass(slots=True, frozen=True)
class Installed:
    release: SkillsCli
    node: str
    entry: Path


def _unavailable(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"CI must run the skills CLI test: {reason}")
    pytest.skip(reason)


def _node(release: SkillsCli) -> str:
    if release.node22:
        if not node_ok():
            _unavailable("Node 22 is not installed: run `python -m tests.realtools install`")
        return str(NODE_BIN / "node")
    node = shutil.which("node")
    if node is None:
        _unavailable("node is not installed (Node 18+ runs the skills CLI)")
    return str(node)


def install_skills_cli(release: SkillsCli) -> Installed:
    """The ``skills`` CLI entry point (its package.json ``bin``), installed if needed (the
    ``skills_cli`` fixture of ``conftest``)."""
    node = _node(release)
    if release.installed_version() != release.version:
        if shutil.which("npm") is None:
            _unavailable("npm is not installed, so the skills CLI cannot be fetched")
        result = subprocess.run(release.npm_install, capture_output=True, text=True,
                                timeout=600, check=False)
        if result.returncode != 0 or release.installed_version() != release.version:
            _unavailable(f"`{' '.join(release.npm_install)}` failed: {result.stderr[-2000:]}")
    package = json.loads((release.package / "package.json").read_text())
    return Installed(release, node, release.package / package["bin"]["skills"])


def run_skills_cli(cli: Installed, args: list[str], project: Path, home: Path) -> str:
    """Run the CLI non-interactively in ``project``, with a private HOME and no telemetry."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "DISABLE_TELEMETRY": "1",
        "DO_NOT_TRACK": "1",
        "NO_COLOR": "1",
        "NODE_DISABLE_COMPILE_CACHE": "1",
    }
    result = subprocess.run([cli.node, str(cli.entry), *args], cwd=project, env=env,
                            capture_output=True,
                            text=True, timeout=300, stdin=subprocess.DEVNULL, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return output


CLAUDE_CODE_ROOT_ENTRIES = (".claude-plugin", "commands", "skills", "agents", "hooks", "themes",
                            "output-styles", "monitors", "workflows", "SKILL.md", ".mcp.json",
                            ".lsp.json")
"""What Claude Code 2.1.332 takes for a plugin's content at the top of an unpacked archive (its
bundle's list, checked in ``tests/test_marketplace_client.py``)."""


def claude_code_plugin_root(unpacked: Path) -> Path:
    """The plugin root Claude Code 2.1.332 takes in an archive unpacked into ``unpacked``, as its
    bundle decides it: the top, when it holds ``.claude-plugin``; else the one folder at the top
    (``__MACOSX`` and ``.DS_Store`` aside) when it holds ``.claude-plugin``, or when its name is
    none of :data:`CLAUDE_CODE_ROOT_ENTRIES` and it holds one of them; else the top."""
    entries = [e for e in unpacked.iterdir() if e.name not in ("__MACOSX", ".DS_Store")]
    if any(e.name == ".claude-plugin" for e in entries):
        return unpacked
    if len(entries) == 1 and entries[0].is_dir():
        folder = entries[0]
        if (folder / ".claude-plugin").exists():
            return folder
        if folder.name not in CLAUDE_CODE_ROOT_ENTRIES and any(
                e.name in CLAUDE_CODE_ROOT_ENTRIES for e in folder.iterdir()):
            return folder
    return unpacked
