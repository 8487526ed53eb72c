"""A skill's Claude Code plugin: its zip (``claude-code/plugins/<name>.zip``), written with the
skill's other copies, what its ``plugin.json`` says and its version.

The zip holds ``.claude-plugin/plugin.json`` and the skill's bundle under ``skills/<name>/``,
its entries copied (not compressed again) from ``skills/<slug>.zip``. The marketplace that lists
the plugins, and the grouped plugins made site-wide, are
:mod:`skill_catalog.site.outputs.marketplace`.
"""

from __future__ import annotations

import dataclasses as dc
import os
import stat
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from skill_catalog.model import Skill
from skill_catalog.site.context import SiteSkill
from skill_catalog.site.publish.archive import Bundle
from skill_catalog.site.publish.digests import path_sha256
from skill_catalog.site.publish.zips import Member, ZipWriter
from skill_catalog.site.write.output import OutputTree
from skill_catalog.site.write.serialize import json_bytes, plain_line

FOLDER = "claude-code"
PLUGINS = f"{FOLDER}/plugins"
PLUGIN_MANIFEST = ".claude-plugin/plugin.json"

PLUGIN_ROOT_NAMES = frozenset({
    ".claude-plugin", "plugin.json",
    "commands", "skills", "agents", "hooks", "themes", "output-styles", "monitors", "workflows",
    "bin", "hljs",
    "SKILL.md", ".mcp.json", ".lsp.json", "settings.json",
})
"""Every name Claude Code reads at the top of a plugin's folder as part of the plugin, as its
2.1.332 bundle lists them: the manifest (``.claude-plugin/plugin.json``, or ``plugin.json``
at the top), the folders of components it loads by default (commands, skills, agents, hooks,
themes, output styles, monitors, workflows), ``bin/`` (put on the ``PATH`` of the Bash tool)
and ``hljs/`` (both in the folders a ``git-subdir`` source checks out), a ``SKILL.md`` at the
top (the plugin's own skill), MCP and LSP servers, and ``settings.json`` (default settings,
such as the main agent). ``hooks/hooks.json``, ``.mcp.json``, ``.lsp.json``, ``bin/`` and
``monitors/monitors.json`` run commands; the others change what every session of whoever
installs the plugin is told or may do. The one list every plugin the catalog makes is checked
against (:func:`plugin_root_config`)."""
CODEX_AGENTS = ("agents", "openai.yaml")
"""Codex's per-skill file (``agents/openai.yaml``): Claude Code loads only Markdown agents from
``agents/``, so a skill's ``agents/`` folder holding that file alone may be a plugin's root."""


def root_key(name: str) -> str:
    """How a file system may match ``name`` with another: Unicode composed (macOS stores
    decomposed names), case folded (macOS and Windows ignore case), trailing dots and spaces
    dropped (Windows does)."""
    return unicodedata.normalize("NFC", name).casefold().rstrip(". ")


_ROOT_KEYS = frozenset(root_key(name) for name in PLUGIN_ROOT_NAMES)


def plugin_root_config(folder: Path, *, own_skill: bool) -> list[str]:
    """The entries at the top of ``folder`` that Claude Code would read as plugin configuration
    were ``folder`` a plugin's root, by name, sorted (one that cannot be listed: ``folder``'s
    own name). ``own_skill``: ``folder`` is the folder of a skill the plugin carries, whose
    ``SKILL.md`` is then the plugin's skill. Reads only the folder's listing (and that of an
    ``agents/`` folder); a link counts as what it is named."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries)
    except OSError:
        return [folder.name]
    found = []
    for name in names:
        if root_key(name) not in _ROOT_KEYS:
            continue
        if own_skill and name == "SKILL.md" and _regular(folder / name):
            continue
        if name == CODEX_AGENTS[0] and _only_codex_agents(folder / name):
            continue
        found.append(name)
    return found


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False


def _only_codex_agents(folder: Path) -> bool:
    """``folder`` is a real folder holding nothing but the regular file ``openai.yaml``."""
    try:
        if not stat.S_ISDIR(folder.lstat().st_mode):
            return False
        with os.scandir(folder) as entries:
            names = [entry.name for entry in entries]
    except OSError:
        return False
    return names == [CODEX_AGENTS[1]] and _regular(folder / CODEX_AGENTS[1])


@dc.dataclass(slots=True, frozen=True)
class Plugin:
    """A skill's plugin zip, as the marketplace lists it."""

    name: str
    version: str
    path: str
    """The zip, relative to the site root."""
    sha256: str
    """Hex SHA-256 of the zip (no prefix)."""


@dc.dataclass(slots=True, frozen=True)
class PluginInfo:
    """What a skill's ``plugin.json`` says besides the skill's own fields."""

    name: str
    owner: str
    homepage: str
    """The skill's page, absolute."""


def metadata_version(skill: Skill) -> str | None:
    """``metadata.version`` when the skill gives one (a string or a number)."""
    metadata = skill.frontmatter.get("metadata")
    value = metadata.get("version") if isinstance(metadata, dict) else None
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and plain_line(value):
        return plain_line(value)
    return None


def plugin_version(skill: Skill, skill_digest: str | None) -> str:
    """``metadata.version`` when the skill gives one (a string or a number), else ``0.0.0-``
    and the first 12 hex digits of the skill's content digest (new with each change of its
    files)."""
    version = metadata_version(skill)
    if version is not None:
        return version
    hex_digest = (skill_digest or "").removeprefix("sha256:")
    return f"0.0.0-{hex_digest[:12] or 'unknown'}"


def manifest(skill: Skill, info: PluginInfo, version: str) -> dict[str, Any]:
    """The plugin's ``.claude-plugin/plugin.json``."""
    return plugin_manifest(info, plain_line(skill.description or ""), version)


def plugin_manifest(info: PluginInfo, description: str, version: str) -> dict[str, Any]:
    """A plugin's ``.claude-plugin/plugin.json``, for one skill (:func:`manifest`) or a group of
    them (:func:`skill_catalog.site.outputs.marketplace.write_group`)."""
    return {
        "name": info.name,
        "description": description,
        "version": version,
        "author": {"name": info.owner},
        "homepage": info.homepage,
    }


def write_plugin(out: OutputTree, site_skill: SiteSkill, info: PluginInfo,
                 skill_bundle: Bundle, members: Mapping[str, Member], version: str) -> Plugin:
    """``claude-code/plugins/<name>.zip``: ``plugin.json``, then the bundle's entries of
    ``skills/<slug>.zip`` (``members``, by bundle name) under ``skills/<name>/``."""
    path = f"{PLUGINS}/{info.name}.zip"
    data = json_bytes(manifest(site_skill.skill, info, version))
    with (out.root / site_skill.archive).open("rb") as source, out.open(path) as handle, \
            ZipWriter(handle) as zipped:
        zipped.add_bytes(PLUGIN_MANIFEST, data, executable=False)
        for item in skill_bundle.files:
            zipped.add_member(f"skills/{info.name}/{item.name}", members[item.name], source)
    return Plugin(info.name, version, path, path_sha256(out.root / path))
