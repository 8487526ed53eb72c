"""The well-known discovery indexes: ``.well-known/skills/`` (v0.1) and
``.well-known/agent-skills/`` (agentskills draft v0.2.0), with the files they point at.

v0.1 is what ``npx skills add <site URL>`` (vercel-labs/skills 1.3.9,
``src/providers/wellknown.ts``) reads: ``{"skills": [{"name", "description", "files"}]}``, each
file fetched from ``.well-known/skills/<name>/<file>``. That client fetches every file as text
and writes it back as UTF-8, so only files that are UTF-8 text are listed there (a binary file
would arrive corrupted); the zip and the v0.2 archive carry every file.

v0.2 (``docs/well-known-uri.mdx`` on the agentskills ``jh/well-known-uri`` branch) lists
``{"name", "type", "description", "url", "digest"}``: a skill that is only ``SKILL.md`` is served
as ``.well-known/agent-skills/<name>/SKILL.md`` (type ``skill-md``), any other as
``.well-known/agent-skills/<name>.zip`` (type ``archive``) with the skill's files at the archive
root, as that draft requires (unlike ``skills/<slug>.zip``, which holds a ``<name>/`` folder for
Claude.ai). ``url`` is relative to the index (``<name>.zip``), so it resolves per RFC 3986 to the
right file wherever the site is hosted, under a sub-path too; ``digest`` is the SHA-256 of the
bytes written.

Each entry also carries the skill's ``trust`` object (its trust status and findings, as in
``catalog.json``): both clients of ``npx skills`` (1.3.9 and 1.7.4) ignore fields they do not
know, and the drafts define none that clashes.

Only valid skills not withheld by the config's ``trust.withhold``, whose name is ASCII
``a-z``, ``0-9`` and ``-`` (at most 64 characters), are listed, and a name only when one of
them claims it; :func:`listed_skills` notes the skills left out. The files are written with
each skill's other copies (:mod:`skill_catalog.site.publish.render`), which also notes the files
the v0.1 folders leave out; here the two indexes are written from those records.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from skill_catalog.model import Diagnostic, name_key, shared_names
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.outputs.diagnostics_json import trust_entry
from skill_catalog.site.write.output import OutputTree
from skill_catalog.site.write.serialize import write_json_streamed
from skill_catalog.validate.registry import emit

if TYPE_CHECKING:
    from skill_catalog.site.publish.render import Published

V01 = ".well-known/skills"
V02 = ".well-known/agent-skills"
INDEX = "index.json"
SCHEMA_V02 = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"
MAX_NAME = 64
_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_URL_UNSAFE = frozenset('\\?#[]%')


def listed_skills(ctx: SiteContext) -> tuple[list[tuple[SiteSkill, str]], list[Diagnostic]]:
    """``(skill, name)`` for every valid skill the indexes list, and a note for each one left
    out (cheap: reads no file)."""
    listed: list[tuple[SiteSkill, str]] = []
    notes: list[Diagnostic] = []
    # A name two published skills claim (SC301 switched off or lowered) is listed for neither:
    # the first in discovery order would take it over.
    shared = shared_names(site_skill.skill for site_skill in ctx.published)
    for site_skill in ctx.published:
        skill = site_skill.skill
        name = skill.name or ""
        reason = None
        if not _NAME.match(name) or len(name) > MAX_NAME:
            reason = (f"its name {name!r} is not 1-{MAX_NAME} ASCII lowercase letters, digits "
                      "and single hyphens, which the discovery drafts and npx skills require")
        elif name_key(name) in shared:
            reason = (f"{len(shared[name_key(name)])} skills claim the name {name!r}; it is "
                      "published for none of them")
        if reason is not None:
            notes.append(emit("SC040", f"left out of {V01} and {V02}: {reason}",
                              file=skill.skill_md))
            continue
        listed.append((site_skill, name))
    return sorted(listed, key=lambda pair: pair[1]), notes


def url_safe(name: str) -> bool:
    """Printable ASCII without the characters a URL path cannot carry as they are (the path
    rule of the Cloudflare RFC v0.2.0, plus ``%``)."""
    return all(0x20 <= ord(c) < 0x7F and c not in _URL_UNSAFE for c in name)


def write_indexes(ctx: SiteContext, out: OutputTree, published: Mapping[str, Published]) -> None:
    """Both ``index.json`` files, from the skills' records (their files are written already)."""
    entries = sorted(((entry, site_skill) for site_skill in ctx.published
                      if (entry := published[site_skill.slug].wellknown) is not None),
                     key=lambda pair: pair[0].name)
    v01: list[dict[str, Any]] = []
    v02: list[dict[str, Any]] = []
    for entry, site_skill in entries:
        description = site_skill.skill.description
        trust = trust_entry(site_skill.skill)
        v01.append({"name": entry.name, "description": description, "files": list(entry.files),
                    "trust": trust})
        v02.append({"name": entry.name, "type": entry.kind, "description": description,
                    "url": entry.url, "digest": entry.digest, "trust": trust})
    # One skill a line, as in catalog.json: encoded by json's C encoder (an indented document
    # goes through its Python one, 0.2 s for the two 6 MB indexes of 10,000 skills).
    with out.open(f"{V01}/{INDEX}") as handle:
        write_json_streamed(handle, {}, "skills", v01)
    with out.open(f"{V02}/{INDEX}") as handle:
        write_json_streamed(handle, {"$schema": SCHEMA_V02}, "skills", v02)
