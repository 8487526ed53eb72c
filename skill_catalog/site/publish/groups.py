"""Which Claude Code plugin each listed skill belongs to (``marketplace.group_by``), for the
site's marketplace and the repository's alike.

A plugin's name is a slug (lowercase ASCII letters, digits and hyphens) of what groups its
skills: the skill's own name, its folder, or its value of a metadata key. Different folders or
values can make the same slug (``a/b`` and ``a-b``, ``tools_`` and ``tools``, ``PDF`` and
``pdf``, a value and a skill's name): merged, a newcomer's skill would join a plugin others
trust and reach everyone who installed it with their next update. So a name that two
different folders or values (or a value and a skill's name) claim is given to none of them:
their skills are left out of the marketplaces, each with an SC051 warning naming the others.
"""

from __future__ import annotations

import dataclasses as dc
import posixpath
import re

from skill_catalog.codes.registry import emit
from skill_catalog.config import Config
from skill_catalog.model import Diagnostic
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.publish.listed import listed_skills

_SLUG = re.compile(r"[^a-z0-9]+")


@dc.dataclass(slots=True, frozen=True)
class Group:
    """One plugin of the marketplace and the skills it holds."""

    name: str
    members: tuple[tuple[SiteSkill, str], ...]
    """Each skill with its name in the discovery indexes (its folder in the plugin), by
    name."""


@dc.dataclass(slots=True, frozen=True)
class _Claim:
    """What puts a skill in a plugin: ``key`` is equal for the skills of one plugin only."""

    key: tuple[str, ...]
    name: str
    shown: str
    """The folder or value, as a message names it."""
    line: int | None


def slug(text: str) -> str:
    """``text`` lowercase, each run of other characters than ASCII letters and digits a hyphen,
    at most 64 characters."""
    return _SLUG.sub("-", text.lower()).strip("-")[:64].strip("-")


def _claim(config: Config, site_skill: SiteSkill, name: str) -> _Claim:
    """The plugin a listed skill (``name``) belongs to, by ``marketplace.group_by``: its own
    name; its folder's parent (the library root's name for a skill at the top of a root); or
    its value of the metadata key (its own name without one)."""
    group_by = config.marketplace.group_by
    skill = site_skill.skill
    own = _Claim(("skill", name), name, f"the skill name {name!r}", None)
    if group_by == "folder":
        parent = posixpath.dirname(skill.relpath) if skill.relpath != "." else ""
        root = skill.root.absolute()
        folder = (root / parent) if parent else root
        shown = posixpath.join(root.name, parent) if parent else root.name
        return _Claim(("folder", folder.as_posix()), slug(parent or root.name) or "skills",
                      f"the folder {shown + '/'!r}", None)
    if group_by.startswith("metadata."):
        key = group_by[len("metadata."):]
        metadata = skill.frontmatter.get("metadata")
        value = metadata.get(key) if isinstance(metadata, dict) else None
        if isinstance(value, str) and slug(value):
            return _Claim(("value", value), slug(value), f"{group_by}: {value!r}",
                          skill.line_of(group_by))
    return own


def plugin_groups(ctx: SiteContext) -> tuple[list[Group], list[Diagnostic]]:
    """Every plugin of the skills the discovery indexes list, by name, and an SC051 warning for
    each skill left out because another folder or value claims its plugin's name (no file is
    read)."""
    claims: dict[str, dict[tuple[str, ...], list[tuple[SiteSkill, str, _Claim]]]] = {}
    for site_skill, name in listed_skills(ctx)[0]:
        claim = _claim(ctx.config, site_skill, name)
        claims.setdefault(claim.name, {}).setdefault(claim.key, []).append(
            (site_skill, name, claim))
    groups: list[Group] = []
    notes: list[Diagnostic] = []
    for plugin, by_key in sorted(claims.items()):
        if len(by_key) == 1:
            [members] = by_key.values()
            groups.append(Group(plugin, tuple(sorted(((site_skill, name)
                                                      for site_skill, name, _ in members),
                                                     key=lambda pair: pair[1]))))
            continue
        shown = sorted({claim.shown for members in by_key.values()
                        for _site_skill, _name, claim in members})
        for members in by_key.values():
            for site_skill, _name, claim in members:
                others = ", ".join(other for other in shown if other != claim.shown)
                notes.append(emit(
                    "SC051", f"left out of the Claude Code marketplaces: {claim.shown} makes "
                    f"the plugin name {plugin!r}, and so does {others}; a plugin two of them "
                    "claim is made for none (a skill could otherwise join a plugin others "
                    "installed)", file=site_skill.skill.skill_md, line=claim.line))
    notes.sort(key=lambda note: (str(note.file), note.line or 0))
    return groups, notes
