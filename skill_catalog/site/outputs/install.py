"""The ways to install a skill, as its page and ``catalog.json`` give them.

Four routes, each given only where it works for the skill:

- ``npx skills add <site> --skill <name>``: with ``base_url``, for the skills the well-known
  indexes list (:func:`~skill_catalog.site.publish.listed.listed_skills`);
- the site's Claude Code marketplace: ``/plugin marketplace add <url>`` then ``/plugin install
  <plugin>@<marketplace>``, with ``base_url``, for the skills it lists (the plugin may hold other
  skills: ``marketplace.group_by``);
- the skill's zip, for Claude.ai's "Upload skill", when the upload accepts it
  (:data:`~skill_catalog.agents.skill_checks.CLAUDE_AI_UPLOAD`);
- a copy by hand into each tool's folders (from the tool profiles of ``agents/profiles.py``,
  the tools the config's ``tools`` names), one command per folder that unpacks the zip there.

Invalid skills, and those the trust policy withholds (``trust.withhold``), have none; a route
is offered only to the tools whose verdict (:mod:`~skill_catalog.site.outputs.verdicts`) says
they load the skill, so no route installs a skill where its tool would reject it.
"""

from __future__ import annotations

import dataclasses as dc
import re
import shlex
from typing import Any

from skill_catalog.config import Config
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.outputs.marketplace import (
    BREAKS_BEFORE,
    MARKETPLACE,
    MIN_VERSION,
    marketplace_name,
    plugin_names,
)
from skill_catalog.site.outputs.verdicts import ToolVerdicts, profiles
from skill_catalog.site.publish.listed import listed_skills

_ENV_DEFAULT = re.compile(r"\$\{[A-Z_]+:-([^}]*)\}")
_ENV_BARE = re.compile(r"\$\{[A-Z_]+\}")


def _folder(template: str) -> str | None:
    """A root template as a reader would type it: ``{dir}/.claude/skills`` -> ``.claude/skills``;
    None for roots that exist only when a variable is set."""
    text = _ENV_DEFAULT.sub(lambda m: m.group(1), template)
    if _ENV_BARE.search(text):
        return None
    for prefix in ("{dir}/", "{cwd}/"):
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def _is_project(template: str) -> bool:
    return template.startswith(("{dir}/", "{cwd}/"))


@dc.dataclass(slots=True, frozen=True)
class ToolFolders:
    """Where one tool reads skills: a folder of the project and one of the user's home."""

    tool: str
    title: str
    project: str | None
    personal: str | None


def tool_folders(config: Config) -> list[ToolFolders]:
    """The first project folder and the first personal folder of each shown tool that has
    either."""
    found: list[ToolFolders] = []
    for profile in profiles(config):
        project = next((f for r in profile.roots if _is_project(r.template)
                        and (f := _folder(r.template))), None)
        personal = next((f for r in profile.roots if not _is_project(r.template)
                         and r.template.startswith(("~", "$")) and (f := _folder(r.template))),
                        None)
        if project is not None or personal is not None:
            found.append(ToolFolders(profile.name, profile.title, project, personal))
    return found


def _shell_path(path: str) -> str:
    """``path`` as a POSIX shell reads it: ``~/`` left unquoted so that it expands."""
    if path.startswith("~/"):
        rest = path[2:]
        return "~/" + (shlex.quote(rest) if rest else "")
    return shlex.quote(path)


@dc.dataclass(slots=True)
class InstallRoutes:
    """What the routes of every skill depend on, computed once per build."""

    ctx: SiteContext
    folders: list[ToolFolders]
    npx_names: dict[str, str]
    """The name in the well-known indexes, by slug."""
    plugins: dict[str, str]
    """The marketplace plugin holding the skill, by slug."""
    plugin_sizes: dict[str, int]
    """How many skills each plugin holds."""
    verdicts: ToolVerdicts
    """Which tools load each skill: a folder is offered to those only."""

    @classmethod
    def create(cls, ctx: SiteContext, verdicts: ToolVerdicts | None = None) -> InstallRoutes:
        """The routes of ``ctx``'s skills; ``verdicts``: the build's tool verdicts, when its
        pages computed them already."""
        plugins = plugin_names(ctx)
        sizes: dict[str, int] = {}
        for plugin in plugins.values():
            sizes[plugin] = sizes.get(plugin, 0) + 1
        return cls(ctx, tool_folders(ctx.config),
                   {site_skill.slug: name for site_skill, name in listed_skills(ctx)[0]},
                   plugins, sizes, verdicts or ToolVerdicts.create(ctx))

    def _folders(self, site_skill: SiteSkill) -> list[ToolFolders]:
        """The shown tools' folders, of the tools that load the skill."""
        loading = set(self.verdicts.loading(site_skill))
        return [f for f in self.folders if f.tool in loading]

    def claude_ai(self, site_skill: SiteSkill) -> str | None:
        """The zip for Claude.ai's "Upload skill", when the upload accepts the skill."""
        if self.verdicts.upload_problem(site_skill) is not None:
            return None
        return site_skill.archive

    def npx(self, site_skill: SiteSkill | None) -> str | None:
        """``npx skills add <site> [--skill <name>]``, for a skill the well-known indexes list
        (or, without a skill, the whole site), with ``base_url``."""
        base = self.ctx.base_url
        if not base or (site_skill is not None and site_skill.slug not in self.npx_names):
            return None
        if site_skill is None:
            return f"npx skills add {base}"
        return f"npx skills add {base} --skill {self.npx_names[site_skill.slug]}"

    def marketplace_url(self) -> str | None:
        """The site's marketplace, absolute (None without ``base_url``)."""
        return self.ctx.absolute(MARKETPLACE) if self.ctx.base_url else None

    def claude_code(self, site_skill: SiteSkill) -> dict[str, Any] | None:
        """The site's marketplace and the plugin holding the skill, or None when it lists
        none."""
        plugin = self.plugins.get(site_skill.slug)
        url = self.marketplace_url()
        if plugin is None or url is None or "claude-code" in {
                v.tool for v in self.verdicts.of(site_skill) if not v.loads}:
            return None
        qualified = f"{plugin}@{marketplace_name(self.ctx.config)}"
        return {
            "marketplace": url,
            "plugin": qualified,
            "skills_in_plugin": self.plugin_sizes[plugin],
            "commands": [f"/plugin marketplace add {url}", f"/plugin install {qualified}"],
            "requires": MIN_VERSION,
        }

    def copies(self, site_skill: SiteSkill) -> list[dict[str, Any]]:
        """Each tool's folders with the skill's own folder in them (``.claude/skills/<name>/``):
        ``{"tool", "title", "project", "personal"}`` (None where the tool has no such
        folder)."""
        name = site_skill.skill.key
        return [{"tool": folders.tool, "title": folders.title,
                 "project": f"{folders.project}/{name}/" if folders.project else None,
                 "personal": f"{folders.personal}/{name}/" if folders.personal else None}
                for folders in self._folders(site_skill)]

    def for_catalog(self, site_skill: SiteSkill) -> dict[str, Any] | None:
        """``catalog.json``'s ``install``: None for a skill not published (invalid, or
        withheld)."""
        if not site_skill.published:
            return None
        return {
            "npx": self.npx(site_skill),
            "claude_code": self.claude_code(site_skill),
            "zip": site_skill.archive,
            "claude_ai": self.claude_ai(site_skill),
            "folders": self.copies(site_skill),
        }

    def for_page(self, site_skill: SiteSkill) -> dict[str, Any] | None:
        """The skill page's Install section: the routes, and for the copy by hand one row per
        distinct folder with the tools that read it and the command that unpacks the zip
        there (the zip holds the skill's ``<name>/`` folder). None for a skill not published
        (invalid, or withheld)."""
        if not site_skill.published:
            return None
        zip_name = site_skill.archive.rsplit("/", 1)[-1]
        rows: dict[tuple[str, str], dict[str, Any]] = {}
        for folders in self._folders(site_skill):
            for scope, folder in (("project", folders.project), ("personal", folders.personal)):
                if folder is None:
                    continue
                target = _shell_path(folder)  # unzip -d makes one folder level only
                row = rows.setdefault((scope, folder), {
                    "scope": scope, "folder": folder + "/", "tools": [],
                    "command": f"mkdir -p {target} && unzip -o {shlex.quote(zip_name)} -d "
                               f"{target}"})
                row["tools"].append(folders.title)
        ordered = sorted(rows.values(), key=lambda row: row["scope"] != "project")
        for number, row in enumerate(ordered, 1):
            row["id"] = f"install-folder-{number}"
        download = None
        if self.ctx.base_url:
            download = f"curl -fsSLO {self.ctx.absolute(site_skill.archive)}"
        return {
            "npx": self.npx(site_skill),
            "claude_code": self.claude_code(site_skill),
            "breaks_before": BREAKS_BEFORE,
            "zip": site_skill.archive,
            "claude_ai": self.claude_ai(site_skill),
            "claude_ai_problem": self.verdicts.upload_problem(site_skill),
            "zip_name": zip_name,
            "download": download,
            "name": site_skill.skill.key,
            "project_rows": [row for row in ordered if row["scope"] == "project"],
            "personal_rows": [row for row in ordered if row["scope"] == "personal"],
        }
