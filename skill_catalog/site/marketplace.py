"""The Claude Code marketplace of the site: ``claude-code/marketplace.json`` and one plugin zip
per skill (``claude-code/plugins/<name>.zip``).

Each skill the well-known indexes list (a valid skill with a unique ASCII name) becomes a
plugin of that name: a zip holding ``.claude-plugin/plugin.json`` and the skill's bundle under
``skills/<name>/``, its entries copied (not compressed again) from ``skills/<slug>.zip``, so it
is as byte-reproducible as that zip. The marketplace lists each plugin with an ``archive``
source: its absolute HTTPS URL and the SHA-256 of its bytes (64 hex digits, no prefix).

An ``archive`` source is read by Claude Code 2.1.224 and later; a marketplace holding one fails
to load as a whole on releases older than 2.1.120. So the marketplace is published at its own
address (``claude-code/marketplace.json``), never at ``.claude-plugin/marketplace.json``, the
place a client looks when given a repository or a site folder: only someone who adds that URL
on purpose reads it. Claude Code downloads only the JSON of a marketplace added by URL, so the
archive URLs are absolute: without ``base_url`` the build writes no marketplace and says so
(:func:`status`).
"""

from __future__ import annotations

import dataclasses as dc
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skill_catalog.config import RESERVED_MARKETPLACE_NAMES, Config
from skill_catalog.model import Skill
from skill_catalog.site.archive import Bundle
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.digests import path_sha256
from skill_catalog.site.output import OutputTree
from skill_catalog.site.serialize import json_bytes, one_line
from skill_catalog.site.wellknown import listed_skills
from skill_catalog.site.zips import Member, ZipWriter

if TYPE_CHECKING:
    from skill_catalog.site.publish import Published

FOLDER = "claude-code"
MARKETPLACE = f"{FOLDER}/marketplace.json"
PLUGINS = f"{FOLDER}/plugins"
PLUGIN_MANIFEST = ".claude-plugin/plugin.json"
MIN_VERSION = "2.1.224"
"""The first Claude Code release that reads ``archive`` sources."""
BREAKS_BEFORE = "2.1.120"
"""Claude Code releases older than this fail to load a marketplace holding one."""
_SLUG = re.compile(r"[^a-z0-9]+")


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


def marketplace_name(config: Config) -> str:
    """The configured name, or the title in lowercase with hyphens (``skill-catalog`` when
    that is empty or reserved)."""
    if config.marketplace.name:
        return config.marketplace.name
    slug = _SLUG.sub("-", config.title.lower()).strip("-")[:64].strip("-")
    return slug if slug and slug not in RESERVED_MARKETPLACE_NAMES else "skill-catalog"


def owner(config: Config) -> str:
    return one_line(config.marketplace.owner or config.title) or "Skill catalog"


def plugin_info(ctx: SiteContext, site_skill: SiteSkill, name: str | None) -> PluginInfo | None:
    """What the skill's plugin needs, or None when it gets none (no base_url, or the skill is
    not listed under a name)."""
    if name is None or not ctx.base_url:
        return None
    return PluginInfo(name, owner(ctx.config), ctx.absolute(site_skill.url))


def metadata_version(skill: Skill) -> str | None:
    """``metadata.version`` when the skill gives one (a string or a number)."""
    metadata = skill.frontmatter.get("metadata")
    value = metadata.get("version") if isinstance(metadata, dict) else None
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and one_line(value):
        return one_line(value)
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
    return {
        "name": info.name,
        "description": one_line(skill.description or ""),
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


def marketplace(ctx: SiteContext, published: Mapping[str, Published]) -> dict[str, Any] | None:
    """The marketplace document, or None without a base_url."""
    if not ctx.base_url:
        return None
    config = ctx.config
    who = owner(config)
    entries: list[tuple[Plugin, SiteSkill]] = sorted(
        ((plugin, site_skill) for site_skill in ctx.published
         if (plugin := published[site_skill.slug].plugin) is not None),
        key=lambda pair: pair[0].name)
    plugins = [{
        "name": plugin.name,
        "description": one_line(site_skill.skill.description or ""),
        "version": plugin.version,
        "author": {"name": who},
        "homepage": ctx.absolute(site_skill.url),
        "source": {"source": "archive", "url": ctx.absolute(plugin.path),
                   "sha256": plugin.sha256},
    } for plugin, site_skill in entries]
    description = (one_line(config.description)
                   or f"The Agent Skills of {one_line(config.title)}, one plugin per skill.")
    return {
        "name": marketplace_name(config),
        "owner": {"name": who, "url": config.marketplace.homepage or ctx.base_url},
        "metadata": {"description": description},
        "plugins": plugins,
    }


def write_marketplace(ctx: SiteContext, out: OutputTree,
                      published: Mapping[str, Published]) -> None:
    """``claude-code/marketplace.json`` when the config has a base_url; nothing otherwise."""
    document = marketplace(ctx, published)
    if document is not None:
        out.write_bytes(MARKETPLACE, json_bytes(document))


def status(config: Config) -> str:
    """One line for the end of a build: where the marketplace is, or why there is none."""
    if not config.base_url:
        return (f"No Claude Code marketplace ({MARKETPLACE}): its plugin sources must be "
                "absolute URLs; set base_url in the configuration (or --base-url) to publish "
                "it.")
    return (f"Claude Code marketplace (2.1.224 or later): /plugin marketplace add "
            f"{config.base_url}{MARKETPLACE}")


REPOSITORY_MARKETPLACE = ".claude-plugin/marketplace.json"
"""Where Claude Code reads a repository's marketplace (``/plugin marketplace add owner/repo``)."""


SOURCES = ("relative", "git-subdir")
"""The kinds of plugin source the repository's marketplace can give (``marketplace.sources``)."""
_GITHUB = re.compile(r"^https://github\.com/([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\.git)?/?$")


class OutsideRoot(ValueError):
    """A skill of the library is not inside the repository the marketplace is written for."""


class NoRepositoryUrl(ValueError):
    """``git-subdir`` sources were asked for, and the configuration names no repository."""


def git_url(repository_url: str) -> str:
    """The repository as a ``git-subdir`` source names it: ``owner/repo`` for a GitHub web
    address (Claude Code clones it over HTTPS or SSH as the user's setup prefers), else the
    address as it is, without a trailing ``/``."""
    match = _GITHUB.match(repository_url)
    if match is not None:
        return f"{match.group(1)}/{match.group(2)}"
    return repository_url.rstrip("/")


def repository_root(start: Path) -> Path:
    """The repository holding ``start``: the nearest folder at or above it with a ``.git``,
    else ``start`` itself."""
    start = start.absolute()
    for folder in (start, *start.parents):
        if os.path.lexists(folder / ".git"):
            return folder
    return start


def repository_marketplace(ctx: SiteContext, root: Path,
                           sources: str | None = None) -> dict[str, Any]:
    """The marketplace of the library's own repository at ``root``: each skill the discovery
    indexes list is a plugin of the same name whose only component is the skill's folder
    (``strict: false``: the entry is the whole plugin, no ``plugin.json`` needed).

    ``sources`` (default: the config's ``marketplace.sources``) chooses the plugin source:
    ``relative``, the repository itself (``./``) with the skill's folder as its ``skills``
    path, which every Claude Code release that reads marketplaces reads through the
    repository the marketplace was added from; or ``git-subdir``, the repository's URL
    (``repository.url``) and the skill's folder as its ``path`` (the plugin's root, so its
    ``skills`` path is ``./``): Claude Code checks out that folder alone, and a marketplace
    added by the URL of its JSON file can install it too. ``version`` only from
    ``metadata.version``: without it Claude Code takes the commit, so the file need not change
    with every edit of a skill.

    :raises OutsideRoot: a listed skill's folder is not below ``root``.
    :raises NoRepositoryUrl: ``git-subdir`` without ``repository.url``.
    """
    config = ctx.config
    kind = sources or config.marketplace.sources
    repository = None
    if kind == "git-subdir":
        if not config.repository.url:
            raise NoRepositoryUrl("git-subdir sources name the repository to clone: set "
                                  "repository.url in the configuration (e.g. "
                                  "https://github.com/owner/repo)")
        repository = git_url(config.repository.url)
    who = owner(config)
    base = root.absolute()
    plugins: list[dict[str, Any]] = []
    for site_skill, name in listed_skills(ctx)[0]:
        skill = site_skill.skill
        try:
            relpath = skill.dir.absolute().relative_to(base).as_posix()
        except ValueError:
            raise OutsideRoot(f"{skill.dir}: the skill is outside the repository {base} (give "
                              "--root, the folder the repository starts at)") from None
        source: str | dict[str, str] = "./"
        skills = ["./" + relpath if relpath != "." else "./"]
        if repository is not None and relpath != ".":
            source = {"source": "git-subdir", "url": repository, "path": relpath}
            skills = ["./"]
        entry: dict[str, Any] = {
            "name": name,
            "description": one_line(skill.description or ""),
            "author": {"name": who},
            "source": source,
            "strict": False,
            "skills": skills,
        }
        version = metadata_version(skill)
        if version is not None:
            entry["version"] = version
        if ctx.base_url:
            entry["homepage"] = ctx.absolute(site_skill.url)
        plugins.append(entry)
    owner_entry: dict[str, Any] = {"name": who}
    if config.marketplace.homepage or ctx.base_url:
        owner_entry["url"] = config.marketplace.homepage or ctx.base_url
    description = (one_line(config.description)
                   or f"The Agent Skills of {one_line(config.title)}, one plugin per skill.")
    return {"name": marketplace_name(config), "owner": owner_entry,
            "metadata": {"description": description}, "plugins": plugins}


def repository_marketplace_bytes(ctx: SiteContext, root: Path,
                                 sources: str | None = None) -> bytes:
    """:func:`repository_marketplace` as the file holds it."""
    return json_bytes(repository_marketplace(ctx, root, sources))
