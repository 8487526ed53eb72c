"""A skill's Claude Code plugin: its zip (``claude-code/plugins/<name>.zip``), written with the
skill's other copies, what its ``plugin.json`` says and its version.

The zip holds ``.claude-plugin/plugin.json`` and the skill's bundle under ``skills/<name>/``,
its entries copied (not compressed again) from ``skills/<slug>.zip``. The marketplace that lists
the plugins, and the grouped plugins made site-wide, are
:mod:`skill_catalog.site.outputs.marketplace`.
"""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Mapping
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
