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
them claims it; :func:`~skill_catalog.site.publish.listed.listed_skills` decides and notes the
skills left out. The files are written with each skill's other copies
(:mod:`skill_catalog.site.publish.copies`), which also notes the files the v0.1 folders leave
out; here the two indexes are written from those records.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from skill_catalog.site.context import SiteContext
from skill_catalog.site.outputs.diagnostics_json import trust_entry
from skill_catalog.site.urls import V01, V02
from skill_catalog.site.write.output import OutputTree
from skill_catalog.site.write.serialize import write_json_streamed

if TYPE_CHECKING:
    from skill_catalog.site.publish.copies import Published

INDEX = "index.json"
SCHEMA_V02 = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"


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
