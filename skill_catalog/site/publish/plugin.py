"""A skill's Claude Code plugin: what its archive is, what may be at its root, its version.

A plugin of one skill (``marketplace.group_by: skill``, the default) has no archive of its own:
its marketplace entry names the skill's zip, ``skills/<slug>.zip``, the one Claude.ai's "Upload
skill" takes. Claude Code (2.1.224 and later) unpacks an ``archive`` source, strips a single
wrapping folder (unless it is named as a component: ``hooks``, ``skills``...) and takes what is
left as the plugin's root: the skill's folder, whose
``SKILL.md`` at the top is the plugin's own skill. That zip holds no ``.claude-plugin/
plugin.json`` (Claude.ai refuses a skill zip holding one): the marketplace entry gives the
plugin's name, description and version. The skill's folder being the plugin's root, a skill
holding what Claude Code reads at a plugin's root (:data:`PLUGIN_ROOT_NAMES`: ``hooks/``,
``.mcp.json``...) is not made a plugin (SC050, :func:`archive_root_config`).

A plugin of several skills (grouped) has a zip of its own, made site-wide by
:mod:`skill_catalog.site.outputs.marketplace`: ``.claude-plugin/plugin.json``
(:func:`plugin_manifest`) and each skill under ``skills/<name>/``.
"""

from __future__ import annotations

import dataclasses as dc
import os
import stat
import unicodedata
from pathlib import Path
from typing import Any

from skill_catalog.codes.registry import emit
from skill_catalog.model import Diagnostic, Skill
from skill_catalog.site.context import SiteContext
from skill_catalog.site.publish.archive import archive_prefix
from skill_catalog.site.publish.groups import Group, plugin_groups
from skill_catalog.site.write.serialize import plain_line

FOLDER = "claude-code"
PLUGINS = f"{FOLDER}/plugins"
"""Where the zips of plugins of several skills go (a plugin of one skill has none)."""
MARKETPLACE = f"{FOLDER}/marketplace.json"
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
against (:func:`plugin_root_config`, :func:`archive_root_config`)."""
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


def archive_root_config(skill: Skill) -> list[str]:
    """What Claude Code would read as plugin configuration in the plugin the skill's zip makes
    (:mod:`this module <skill_catalog.site.publish.plugin>`), sorted: the zip's folder itself
    when a name Claude Code reads at a plugin's root names it (Claude Code does not strip a
    wrapping folder named ``hooks``, ``skills``..., so the zip's top becomes the root and that
    folder the plugin's hooks or skills), else the top-level names of the skill's files that it
    would read in the skill's folder, the root (``hooks/``, ``.mcp.json``...), besides its own
    ``SKILL.md`` (the plugin's skill) and an ``agents/`` holding only Codex's ``openai.yaml``.
    Read from the skill's inventory, which the zip's entries are drawn from; no file is
    opened."""
    folder = archive_prefix(skill)
    if root_key(folder.rstrip("/")) in _ROOT_KEYS:
        return [folder]
    own = skill.skill_md.relative_to(skill.dir).as_posix()
    tops: dict[str, list[str]] = {}
    for item in skill.files:
        if item.relpath != own:
            top, _, rest = item.relpath.partition("/")
            tops.setdefault(top, []).append(rest)
    found = []
    for name, below in sorted(tops.items()):
        if root_key(name) not in _ROOT_KEYS:
            continue
        if name == CODEX_AGENTS[0] and below == [CODEX_AGENTS[1]]:
            continue
        found.append(name + "/" if below != [""] else name)
    return found


def site_plugin_groups(ctx: SiteContext) -> tuple[list[Group], list[Diagnostic]]:
    """The plugins of the site's marketplace (:func:`plugin_groups`) and why skills are left
    out: SC051 (a plugin name two folders or values claim) and, for plugins of one skill, SC050
    for each skill whose folder, the root of the plugin its zip makes, holds what Claude Code
    reads as plugin configuration (:func:`archive_root_config`). Reads no file."""
    groups, notes = plugin_groups(ctx)
    if ctx.config.marketplace.group_by != "skill":
        return groups, notes
    kept: list[Group] = []
    for group in groups:
        [(site_skill, _name)] = group.members
        found = archive_root_config(site_skill.skill)
        if not found:
            kept.append(group)
            continue
        folder = archive_prefix(site_skill.skill)
        where = (f"its zip's folder is named {folder}, which Claude Code keeps as a folder of "
                 "the plugin's root" if found == [folder] else
                 f"its folder, the root of the plugin its zip makes, holds {', '.join(found)}")
        notes.append(emit(
            "SC050", f"left out of {MARKETPLACE}: {where}, which Claude Code reads as plugin "
            "configuration (hooks, MCP servers, agents, commands, skills...) and would load, or "
            "run, in every session of whoever installs the plugin; its zip still serves "
            "Claude.ai and the other install routes", file=site_skill.skill.skill_md))
    notes.sort(key=lambda note: (str(note.file), note.line or 0))
    return kept, notes


@dc.dataclass(slots=True, frozen=True)
class Plugin:
    """A plugin's archive, as the marketplace lists it."""

    name: str
    version: str
    path: str
    """The zip, relative to the site root: the skill's own ``skills/<slug>.zip`` for a plugin of
    one skill, ``claude-code/plugins/<name>.zip`` for a plugin of several."""
    sha256: str
    """Hex SHA-256 of the zip (no prefix)."""


@dc.dataclass(slots=True, frozen=True)
class PluginInfo:
    """What a plugin's marketplace entry and manifest say besides its skills' own fields."""

    name: str
    owner: str
    homepage: str
    """The skill's page (the site, for a plugin of several skills), absolute."""


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


def plugin_manifest(info: PluginInfo, description: str, version: str) -> dict[str, Any]:
    """The ``.claude-plugin/plugin.json`` of a plugin of several skills
    (:func:`skill_catalog.site.outputs.marketplace.write_group`)."""
    return {
        "name": info.name,
        "description": description,
        "version": version,
        "author": {"name": info.owner},
        "homepage": info.homepage,
    }
