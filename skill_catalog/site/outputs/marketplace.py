"""The Claude Code marketplace of the site: ``claude-code/marketplace.json``, the plugins that
group several skills, and the repository's own marketplace.

Each skill the well-known indexes list (a valid skill with a unique ASCII name) becomes a
plugin of that name whose archive is the skill's own zip, ``skills/<slug>.zip`` (the one
Claude.ai takes: Claude Code strips its single wrapping folder and reads the skill's folder as
the plugin's root, :mod:`skill_catalog.site.publish.plugin`), unless that folder holds what
Claude Code reads as plugin configuration (SC050). The marketplace lists each plugin with an
``archive`` source: its absolute HTTPS URL and the SHA-256 of its bytes (64 hex digits, no
prefix), and the name, description and version the zip has no manifest for.

An ``archive`` source is read by Claude Code 2.1.224 and later; a marketplace holding one fails
to load as a whole on releases older than 2.1.120. So the marketplace is published at its own
address (``claude-code/marketplace.json``), never at ``.claude-plugin/marketplace.json``, the
place a client looks when given a repository or a site folder: only someone who adds that URL
on purpose reads it. Claude Code downloads only the JSON of a marketplace added by URL, so the
archive URLs are absolute: without ``base_url`` the build writes no marketplace and says so
(:func:`status`).

``marketplace.group_by`` groups skills into plugins: one per skill (the default, each archive
the skill's zip, :mod:`~skill_catalog.site.publish.copies`), or one per folder or per value of
a metadata key (:func:`plugin_groups`), each with a zip of its own (``.claude-plugin/
plugin.json`` and each skill under ``skills/<name>/``) written with the site-wide files from its
skills' zips (:func:`write_group`; a rebuild keeps an unchanged one,
:func:`keep_or_write_groups`). The repository's own marketplace
(:func:`repository_marketplace`, ``skill-catalog marketplace``) groups the same way, with
relative or ``git-subdir`` sources.

Each plugin entry carries its skill's trust status and findings as ``metadata.trust`` (the
object ``catalog.json`` has; for a plugin of several skills their worst status and all their
findings, each file under its skill's name): Claude Code's ``plugin validate --strict``
(2.1.332) takes a plugin entry's ``metadata`` as a free-form object, where an unknown
top-level field would be warned about. Skills the config's ``trust.withhold`` withholds are
not listed.
"""

from __future__ import annotations

import dataclasses as dc
import hashlib
import os
import posixpath
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skill_catalog.codes.registry import emit
from skill_catalog.config import RESERVED_MARKETPLACE_NAMES, Config
from skill_catalog.model import Diagnostic
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.outputs.diagnostics_json import plugin_trust, trust_entry
from skill_catalog.site.publish.archive import archive_prefix
from skill_catalog.site.publish.digests import path_sha256
from skill_catalog.site.publish.groups import Group, plugin_groups, slug
from skill_catalog.site.publish.listed import listed_skills
from skill_catalog.site.publish.plugin import MARKETPLACE as MARKETPLACE  # the pages' import
from skill_catalog.site.publish.plugin import (
    PLUGIN_MANIFEST,
    PLUGINS,
    Plugin,
    PluginInfo,
    archive_root_config,
    metadata_version,
    plugin_manifest,
    plugin_root_config,
    plugin_version,
    site_plugin_groups,
)
from skill_catalog.site.publish.zips import ZipWriter, read_members
from skill_catalog.site.write.output import OutputTree, SiteWide
from skill_catalog.site.write.serialize import json_bytes, plain_line

if TYPE_CHECKING:
    from skill_catalog.site.publish.copies import Published

MIN_VERSION = "2.1.224"
"""The first Claude Code release that reads ``archive`` sources."""
BREAKS_BEFORE = "2.1.120"
"""Claude Code releases older than this fail to load a marketplace holding one."""


def plugin_names(ctx: SiteContext) -> dict[str, str]:
    """The plugin of each skill the site's marketplace lists, by slug (empty without
    ``base_url``: no marketplace)."""
    if not ctx.base_url:
        return {}
    return {site_skill.slug: group.name for group in site_plugin_groups(ctx)[0]
            for site_skill, _name in group.members}


def grouped(config: Config) -> bool:
    """Whether plugins hold several skills (made site-wide) rather than one each (made with
    the skill's other copies)."""
    return config.marketplace.group_by != "skill"


def marketplace_name(config: Config) -> str:
    """The configured name, or the title in lowercase with hyphens (``skill-catalog`` when
    that is empty or reserved)."""
    if config.marketplace.name:
        return config.marketplace.name
    name = slug(config.title)
    return name if name and name not in RESERVED_MARKETPLACE_NAMES else "skill-catalog"


def owner(config: Config) -> str:
    return plain_line(config.marketplace.owner or config.title) or "Skill catalog"


def plugin_info(ctx: SiteContext, site_skill: SiteSkill, name: str | None) -> PluginInfo | None:
    """What the skill's own plugin needs, or None when it gets none (no base_url, plugins of
    several skills, a skill not listed under a name, or one whose folder holds plugin
    configuration: :func:`~skill_catalog.site.publish.plugin.site_plugin_groups`)."""
    if (name is None or not ctx.base_url or grouped(ctx.config)
            or archive_root_config(site_skill.skill)):
        return None
    return PluginInfo(name, owner(ctx.config), ctx.absolute(site_skill.url))


MAX_LISTED_NAMES = 20
"""Skills a grouped plugin's description names; a count stands for the rest."""


def group_description(group: Group) -> str:
    """A grouped plugin's description: its only skill's, or the names of its skills."""
    if len(group.members) == 1:
        return plain_line(group.members[0][0].skill.description or "")
    names = [name for _site_skill, name in group.members]
    shown = names[:MAX_LISTED_NAMES]
    rest = len(names) - len(shown)
    listed = ", ".join(shown) + (f" and {rest} more" if rest else "")
    return f"{len(names)} skills: {listed}."


def group_version(group: Group, published: Mapping[str, Published]) -> str:
    """Its only skill's :func:`plugin_version`, else ``0.0.0-`` and 12 hex digits of a digest
    over its skills' names and content digests (new with any change of their files)."""
    if len(group.members) == 1:
        site_skill = group.members[0][0]
        return plugin_version(site_skill.skill, published[site_skill.slug].skill_digest)
    lines = "".join(f"{name}\0{published[site_skill.slug].skill_digest}\n"
                    for site_skill, name in group.members)
    return "0.0.0-" + hashlib.sha256(lines.encode("utf-8")).hexdigest()[:12]


def group_path(group: Group) -> str:
    """The plugin's zip, relative to the site root."""
    return f"{PLUGINS}/{group.name}.zip"


def group_inputs(group: Group, published: Mapping[str, Published]) -> list[Any]:
    """Everything a grouped plugin's zip is made of besides the configuration (which an
    incremental build's global key covers): each skill's name, slug, digest and zip's
    digest. Equal inputs make the same bytes, so a rebuild may keep the previous zip."""
    return [group.name, [(name, site_skill.slug, published[site_skill.slug].skill_digest,
                          published[site_skill.slug].archive_digest)
                         for site_skill, name in group.members]]


def write_group(ctx: SiteContext, out: OutputTree, group: Group,
                published: Mapping[str, Published]) -> Plugin:
    """``claude-code/plugins/<group>.zip``: ``plugin.json``, then each skill's entries of its
    ``skills/<slug>.zip`` (read where the build has it: written now, or kept from the previous
    site) under ``skills/<name>/``, copied without compressing them again."""
    path = group_path(group)
    version = group_version(group, published)
    homepage = (ctx.absolute(group.members[0][0].url) if len(group.members) == 1
                else ctx.absolute(""))
    info = PluginInfo(group.name, owner(ctx.config), homepage)
    data = json_bytes(plugin_manifest(info, group_description(group), version))
    with out.open(path) as handle, ZipWriter(handle) as zipped:
        zipped.add_bytes(PLUGIN_MANIFEST, data, executable=False)
        for site_skill, name in group.members:
            prefix = archive_prefix(site_skill.skill)
            with out.path_of(site_skill.archive).open("rb") as source:
                for member in read_members(source):
                    if member.name.startswith(prefix):
                        zipped.add_member(f"skills/{name}/{member.name[len(prefix):]}",
                                          member, source)
    return Plugin(group.name, version, path, path_sha256(out.root / path))


def marketplace(ctx: SiteContext, published: Mapping[str, Published],
                groups: Mapping[str, tuple[Plugin, Group]] | None = None
                ) -> dict[str, Any] | None:
    """The marketplace document, or None without a base_url. ``groups``: the grouped plugins
    written (:func:`write_group`), by name; without them, each skill's own plugin."""
    if not ctx.base_url:
        return None
    config = ctx.config
    who = owner(config)
    entries: list[tuple[Plugin, str, str, dict[str, Any]]] = []
    if groups is None:
        entries = [(plugin, plain_line(site_skill.skill.description or ""),
                    ctx.absolute(site_skill.url), trust_entry(site_skill.skill))
                   for site_skill in ctx.published
                   if (plugin := published[site_skill.slug].plugin) is not None]
    else:
        entries = [(plugin, group_description(group),
                    ctx.absolute(group.members[0][0].url if len(group.members) == 1 else ""),
                    plugin_trust([(site_skill.skill, name)
                                  for site_skill, name in group.members]))
                   for plugin, group in groups.values()]
    entries.sort(key=lambda entry: entry[0].name)
    plugins = [{
        "name": plugin.name,
        "description": description,
        "version": plugin.version,
        "author": {"name": who},
        "homepage": homepage,
        "source": {"source": "archive", "url": ctx.absolute(plugin.path),
                   "sha256": plugin.sha256},
        "metadata": {"trust": trust},
    } for plugin, description, homepage, trust in entries]
    description = (plain_line(config.description)
                   or f"The Agent Skills of {plain_line(config.title)}, {_grouping(config)}.")
    return {
        "name": marketplace_name(config),
        "owner": {"name": who, "url": config.marketplace.homepage or ctx.base_url},
        "metadata": {"description": description},
        "plugins": plugins,
    }


def write_marketplace(ctx: SiteContext, out: OutputTree,
                      published: Mapping[str, Published]) -> None:
    """``claude-code/marketplace.json`` when the config has a base_url (and, with grouped
    plugins, their zips); nothing otherwise."""
    if not ctx.base_url:
        return
    groups = None
    if grouped(ctx.config):
        groups = {group.name: (_group_plugin(ctx, out, group, published), group)
                  for group in plugin_groups(ctx)[0]}
    document = marketplace(ctx, published, groups)
    if document is not None:
        out.write_bytes(MARKETPLACE, json_bytes(document))


def _group_plugin(ctx: SiteContext, out: OutputTree, group: Group,
                  published: Mapping[str, Published]) -> Plugin:
    """The grouped plugin's zip: written now, unless the build wrote it already or kept it
    from the previous site (:func:`keep_or_write_groups`)."""
    path = group_path(group)
    if not out.exists(path):
        return write_group(ctx, out, group, published)
    return Plugin(group.name, group_version(group, published), path,
                  path_sha256(out.path_of(path)))


def keep_or_write_groups(ctx: SiteContext, out: OutputTree, published: Mapping[str, Published],
                         site_wide: SiteWide) -> None:
    """Each grouped plugin's zip through ``site_wide`` (an incremental build's
    :meth:`~skill_catalog.site.reuse.Reuse.site_wide`): kept from the previous site when its
    :func:`group_inputs` are the same, else written (before :func:`write_marketplace`, which
    then only reads the zips' digests)."""
    if not ctx.base_url or not grouped(ctx.config):
        return
    for group in plugin_groups(ctx)[0]:
        def write(group: Group = group) -> None:
            write_group(ctx, out, group, published)

        site_wide(out, f"plugin {group.name}", group_inputs(group, published), write)


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


@dc.dataclass(slots=True, frozen=True)
class RepositoryMarketplace:
    """The repository's marketplace and what it leaves out."""

    document: dict[str, Any]
    notes: list[Diagnostic]
    """Why each skill the marketplace leaves out is left out: SC040 (no unique name, withheld),
    SC051 (its plugin's name is claimed twice), SC050 (its plugin's root holds plugin
    configuration)."""

    @property
    def data(self) -> bytes:
        """The document as the file holds it."""
        return json_bytes(self.document)


def repository_marketplace(ctx: SiteContext, root: Path,
                           sources: str | None = None) -> RepositoryMarketplace:
    """The marketplace of the library's own repository at ``root``: one plugin per group of the
    skills the discovery indexes list (:func:`plugin_groups`; one skill each by default) whose
    root is the skill's folder, or the folder the group's skills share, and whose skills are
    those folders (``strict: false``: the entry is the whole plugin, no ``plugin.json``
    needed).

    Claude Code reads a plugin's root for more than skills (hooks it runs at each session's
    start, MCP servers, agents, commands, ``bin/``...: :data:`PLUGIN_ROOT_NAMES`), so a plugin
    whose root holds any of them (the repository's top always does: ``.claude-plugin/``) is
    left out with an SC050 warning (:func:`plugin_root_config`).

    ``sources`` (default: the config's ``marketplace.sources``) chooses the plugin source:
    ``relative``, that folder's path in the repository (``./skills/pdf``), which Claude Code
    reads through the repository the marketplace was added from; or ``git-subdir``, the
    repository's URL (``repository.url``) and that folder as its ``path``: Claude Code checks
    out that folder alone, and a marketplace added by the URL of its JSON file can install it
    too. ``version`` only from ``metadata.version``: without it Claude Code takes the commit,
    so the file need not change with every edit of a skill.

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
    groups, notes = plugin_groups(ctx)
    notes = [*listed_skills(ctx, REPOSITORY_MARKETPLACE)[1], *notes]
    plugins: list[dict[str, Any]] = []
    for group in groups:
        relpaths: list[str] = []
        for site_skill, _name in group.members:
            try:
                relpaths.append(site_skill.skill.dir.absolute().relative_to(base).as_posix())
            except ValueError:
                raise OutsideRoot(f"{site_skill.skill.dir}: the skill is outside the repository "
                                  f"{base} (give --root, the folder the repository starts "
                                  "at)") from None
        common = posixpath.commonpath(relpaths) if len(relpaths) > 1 else relpaths[0]
        common = "" if common == "." else common
        refused = _root_config(base, common, relpaths)
        if refused:
            notes += _root_notes(group, common, refused)
            continue
        source: str | dict[str, str] = _dot_path(common)
        if repository is not None:
            source = {"source": "git-subdir", "url": repository, "path": common}
        entry: dict[str, Any] = {
            "name": group.name,
            "description": group_description(group),
            "author": {"name": who},
            "source": source,
            "strict": False,
            "skills": [_dot_path(posixpath.relpath(relpath, common or "."))
                       for relpath in relpaths],
        }
        version = (metadata_version(group.members[0][0].skill) if len(group.members) == 1
                   else None)
        if version is not None:
            entry["version"] = version
        if ctx.base_url:
            entry["homepage"] = ctx.absolute(group.members[0][0].url
                                             if len(group.members) == 1 else "")
        entry["metadata"] = {"trust": plugin_trust([(site_skill.skill, name)
                                                    for site_skill, name in group.members])}
        plugins.append(entry)
    owner_entry: dict[str, Any] = {"name": who}
    if config.marketplace.homepage or ctx.base_url:
        owner_entry["url"] = config.marketplace.homepage or ctx.base_url
    description = (plain_line(config.description)
                   or f"The Agent Skills of {plain_line(config.title)}, {_grouping(config)}.")
    document = {"name": marketplace_name(config), "owner": owner_entry,
                "metadata": {"description": description}, "plugins": plugins}
    return RepositoryMarketplace(document, sorted(notes, key=_note_order))


def _note_order(note: Diagnostic) -> tuple[str, int, str]:
    return str(note.file), note.line or 0, note.code


def _root_config(base: Path, common: str, relpaths: list[str]) -> list[str]:
    """What Claude Code would read as configuration at the root of a plugin made of the skill
    folders ``relpaths`` that share the folder ``common`` (in the repository ``base``). The
    repository's top is never a plugin's root: it holds the marketplace (``.claude-plugin/``)
    and whatever the repository needs besides its skills."""
    found = plugin_root_config(base / common, own_skill=common in relpaths)
    if not common:
        found = sorted({*found, ".claude-plugin"})
    return found


def _root_notes(group: Group, common: str, refused: list[str]) -> list[Diagnostic]:
    """An SC050 warning for each skill of a plugin left out for what its root holds."""
    where = f"the folder {common}/" if common else "the repository's top folder"
    names = ", ".join(posixpath.join(common, name) for name in refused)
    return [emit("SC050", f"left out of {REPOSITORY_MARKETPLACE}: the root of its plugin "
                          f"{group.name!r}, {where}, holds {names}, which Claude Code reads as "
                          "plugin configuration (hooks, MCP servers, agents, commands...) and "
                          "would load, or run, in every session of whoever installs the plugin",
                 file=site_skill.skill.skill_md)
            for site_skill, _name in group.members]


def _dot_path(relpath: str) -> str:
    """A path relative to a plugin's root as Claude Code reads it (``./`` first)."""
    return "./" if relpath in ("", ".") else "./" + relpath


def _grouping(config: Config) -> str:
    """How the marketplace's plugins are made, in words (its default description)."""
    group_by = config.marketplace.group_by
    if group_by == "skill":
        return "one plugin per skill"
    if group_by == "folder":
        return "one plugin per folder"
    return f"one plugin per value of {group_by}"
