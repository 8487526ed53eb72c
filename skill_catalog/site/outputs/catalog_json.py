"""``catalog.json``: every skill, valid or not, for scripts and other tools; and its schema.

Skills keep discovery order (the order of the site); object keys are sorted. Valid skills carry
the relative URL of their zip and its SHA-256; the digests come from each skill's
:class:`~skill_catalog.site.publish.copies.Published` record, made when its files were published.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import math
from collections.abc import Mapping
from typing import Any

from skill_catalog.model import worst_first
from skill_catalog.parse.tokens import estimate_tokens
from skill_catalog.site.context import SiteContext, SiteSkill, is_internal
from skill_catalog.site.outputs.catalog_schema import SCHEMA
from skill_catalog.site.outputs.diagnostics_json import diagnostic_json as _diagnostic
from skill_catalog.site.outputs.diagnostics_json import trust_entry
from skill_catalog.site.outputs.install import InstallRoutes
from skill_catalog.site.publish.copies import Published, body_digest, skill_notes
from skill_catalog.site.write.output import OutputTree
from skill_catalog.site.write.serialize import Encoded, json_bytes, write_json_streamed

CATALOG = "catalog.json"
SCHEMA_FILE = "catalog.schema.json"
VERSION = 1
_MAX_DEPTH = 100
MAX_DIAGNOSTICS = 1_000
"""Diagnostics listed for one skill, worst first; ``diagnostics_omitted`` counts the rest (a
body of short links to missing files has one for every few bytes; ``validate`` lists every
one)."""


def _key(value: Any) -> str:
    if isinstance(value, str):
        return value
    safe = json_safe(value)
    return safe if isinstance(safe, str) else json.dumps(safe, sort_keys=True)


def json_safe(value: Any, _depth: int = 0) -> Any:
    """``value`` (as a YAML reader returns it) made JSON: dates and times as ISO 8601 strings,
    binary data as base64, sets as sorted lists, non-finite floats and anything else as
    strings, mapping keys as strings. Nesting deeper than 100 (or a cycle) becomes a string."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if _depth >= _MAX_DEPTH:
        return "..."
    if isinstance(value, dict):
        return {_key(k): json_safe(v, _depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v, _depth + 1) for v in value]
    if isinstance(value, set | frozenset):
        items = [json_safe(v, _depth + 1) for v in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    return str(value)


def skill_entry(site_skill: SiteSkill, record: Published,
                install: InstallRoutes) -> dict[str, Any]:
    """The ``catalog.json`` object of one skill (``install``: the build's routes)."""
    skill = site_skill.skill
    sha256 = record.sha256
    archive = site_skill.archive if site_skill.published else None
    diagnostics, omitted = worst_first(skill.diagnostics, MAX_DIAGNOSTICS)
    return {
        "name": skill.name,
        "slug": site_skill.slug,
        "description": site_skill.description,
        "valid": skill.valid,
        "internal": is_internal(skill),
        "url": site_skill.url,
        "path": skill.relpath,
        "nested_in": (skill.nested_in.relative_to(skill.root).as_posix() or "."
                      if skill.nested_in is not None else None),
        "frontmatter": json_safe(skill.frontmatter) if site_skill.frontmatter_shown else {},
        "files": [
            {
                "relpath": item.relpath,
                "category": item.category,
                "size": item.size,
                "text": item.is_text,
                "executable": item.executable,
                "sha256": sha256.get(item.relpath),
            }
            for item in skill.files
        ],
        "files_truncated": skill.files_truncated,
        "archive": archive,
        "install": install.for_catalog(site_skill),
        "digest": {"archive": record.archive_digest, "skill": record.skill_digest,
                   "body": None if not site_skill.content_shown else (
                       record.body_digest or body_digest(skill.read_body()))},
        "diagnostics": [_diagnostic(d, skill) for d in diagnostics],
        "diagnostics_omitted": omitted,
        "trust": {**trust_entry(skill), "withheld": site_skill.withheld},
        "last_changed": record.last_changed,
        "tokens": {
            "metadata": estimate_tokens(f"{skill.key}\n{skill.description or ''}"),
            "body": (record.body_tokens if record.body_tokens is not None
                     else estimate_tokens(skill.read_body())),
        },
    }


def library_diagnostics(ctx: SiteContext, published: Mapping[str, Published]
                        ) -> list[dict[str, Any]]:
    """``catalog.json``'s ``diagnostics``: the library's own, then every note of the build
    (SC040) with the slug of its skill, as the problems page lists them."""
    rows = [{**_diagnostic(d, None, ctx.catalog.roots), "skill": None,
             "message": ctx.public(d.message)} for d in ctx.catalog.diagnostics]
    rows += [{**_diagnostic(note, site_skill.skill), "skill": site_skill.slug}
             for site_skill, note in skill_notes(ctx, published)]
    return rows


def write_catalog_json(ctx: SiteContext, out: OutputTree,
                       published: Mapping[str, Published],
                       install: InstallRoutes | None = None) -> None:
    """``catalog.json``, one skill serialised at a time; ``install``: the build's install
    routes (with the tool verdicts its pages computed), made here when not given."""
    config = ctx.config
    head = {
        "$schema": SCHEMA_FILE,
        "version": VERSION,
        "title": config.title,
        "description": config.description,
        "base_url": ctx.base_url,
        "diagnostics": library_diagnostics(ctx, published),
    }
    install = install or InstallRoutes.create(ctx)
    with out.open(CATALOG) as handle:
        write_json_streamed(handle, head, "skills",
                            (_item(s, published[s.slug], install) for s in ctx.skills))


def _item(site_skill: SiteSkill, record: Published,
          install: InstallRoutes) -> Encoded | dict[str, Any]:
    """A skill's entry, or the previous site's, for a skill kept from it (whose key covers
    everything its entry shows but the record, which is then the previous one too)."""
    if record.catalog_line is not None:
        encoded = record.catalog_line.encoded()
        if encoded is not None:
            return encoded
    return skill_entry(site_skill, record, install)


def write_catalog_schema(ctx: SiteContext, out: OutputTree,
                         published: Mapping[str, Published]) -> None:
    """``catalog.schema.json``: the same for every site."""
    out.write_bytes(SCHEMA_FILE, json_bytes(SCHEMA))
