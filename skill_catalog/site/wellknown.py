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

Only valid skills whose name is ASCII ``a-z``, ``0-9`` and ``-`` (at most 64 characters) are
listed, each name once; :func:`wellknown_skipped` says which skills and files were left out.
"""

from __future__ import annotations

import codecs
import dataclasses as dc
import re
from typing import Any

from skill_catalog.model import Diagnostic
from skill_catalog.site.active_content import runs_as_document
from skill_catalog.site.archive import (
    Bundle,
    BundleFile,
    SourceError,
    bundle,
    open_source,
    write_zip,
)
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.digests import copy_with_sha256, path_sha256, prefixed
from skill_catalog.site.output import OutputTree
from skill_catalog.site.serialize import json_bytes
from skill_catalog.validate.registry import emit

V01 = ".well-known/skills"
V02 = ".well-known/agent-skills"
INDEX = "index.json"
SCHEMA_V02 = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"
MAX_NAME = 64
_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_URL_UNSAFE = frozenset('\\?#[]%')
_CHUNK = 1 << 20


@dc.dataclass(slots=True, frozen=True)
class Entry:
    """One skill of the well-known indexes."""

    site_skill: SiteSkill
    name: str
    bundle: Bundle
    served: tuple[BundleFile, ...]
    """The files of the v0.1 index: ``SKILL.md`` first, then the others in bundle order."""


@dc.dataclass(slots=True, frozen=True)
class Plan:
    entries: tuple[Entry, ...]
    """Sorted by name."""
    notes: tuple[Diagnostic, ...]


def listed_skills(ctx: SiteContext) -> tuple[list[tuple[SiteSkill, str]], list[Diagnostic]]:
    """``(skill, name)`` for every valid skill the indexes list, and a note for each one left
    out (cheap: reads no file)."""
    listed: list[tuple[SiteSkill, str]] = []
    owners: dict[str, SiteSkill] = {}
    notes: list[Diagnostic] = []
    for site_skill in ctx.published:
        skill = site_skill.skill
        name = skill.name or ""
        reason = None
        if not _NAME.match(name) or len(name) > MAX_NAME:
            reason = (f"its name {name!r} is not 1-{MAX_NAME} ASCII lowercase letters, digits "
                      "and single hyphens, which the discovery drafts and npx skills require")
        elif name in owners:
            reason = (f"the skill at {owners[name].skill.relpath} already publishes the name "
                      f"{name!r}")
        if reason is not None:
            notes.append(emit("SC040", f"left out of {V01} and {V02}: {reason}",
                              file=skill.skill_md))
            continue
        owners[name] = site_skill
        listed.append((site_skill, name))
    return sorted(listed, key=lambda pair: pair[1]), notes


def _url_safe(name: str) -> bool:
    """Printable ASCII without the characters a URL path cannot carry as they are (the path
    rule of the Cloudflare RFC v0.2.0, plus ``%``)."""
    return all(0x20 <= ord(c) < 0x7F and c not in _URL_UNSAFE for c in name)


def _is_utf8(site_skill: SiteSkill, item: BundleFile) -> bool:
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        with open_source(site_skill.skill, item.file.relpath) as handle:
            while chunk := handle.read(_CHUNK):
                decoder.decode(chunk)
        decoder.decode(b"", final=True)
    except (OSError, UnicodeDecodeError):
        return False
    return True


def plan(ctx: SiteContext) -> Plan:
    """What the well-known indexes list and serve, with a note for everything left out."""
    listed, notes = listed_skills(ctx)
    entries: list[Entry] = []
    for site_skill, name in listed:
        skill_bundle = bundle(site_skill.skill)
        if not skill_bundle.complete:
            notes.append(emit("SC040", f"left out of {V01} and {V02}: SKILL.md cannot be read",
                              file=site_skill.skill.skill_md))
            continue
        served: list[BundleFile] = []
        for item in skill_bundle.files:
            reason = None
            if item.name == "SKILL.md":
                served.insert(0, item)
                continue
            if not _url_safe(item.name):
                reason = ("its name is not printable ASCII or holds one of \\ ? # [ ] %, which "
                          "do not survive in a URL path")
            elif runs_as_document(item.name):
                reason = ("a browser would run its scripts as a page of the site's origin "
                          "(HTML, SVG or XML)")
            elif not _is_utf8(site_skill, item):
                reason = ("it is not UTF-8 text, which npx skills would corrupt (it fetches "
                          "files as text)")
            if reason is None:
                served.append(item)
            else:
                notes.append(emit(
                    "SC040", f"{item.file.relpath}: left out of {V01} (npx skills add): {reason}; "
                    f"the zip and {V02} carry it", file=site_skill.skill.dir / item.file.relpath))
        entries.append(Entry(site_skill, name, skill_bundle, tuple(served)))
    return Plan(tuple(entries), tuple(notes))


def wellknown_skipped(ctx: SiteContext) -> list[Diagnostic]:
    """An SC040 note for each skill left out of the well-known indexes and each file left out
    of the v0.1 folders (files left out of every bundle are in
    :func:`skill_catalog.site.feeds.publication_notes`)."""
    return list(plan(ctx).notes)


def _copy(out: OutputTree, relpath: str, site_skill: SiteSkill, item: BundleFile) -> str:
    try:
        with open_source(site_skill.skill, item.file.relpath) as source, \
                out.open(relpath) as target:
            return copy_with_sha256(source, target)
    except OSError as exc:
        raise SourceError(f"{site_skill.skill.dir}: cannot publish {item.file.relpath}: "
                          f"{exc.strerror or exc}") from exc


def _v01(out: OutputTree, entries: tuple[Entry, ...]) -> None:
    skills: list[dict[str, Any]] = []
    for entry in entries:
        for item in entry.served:
            _copy(out, f"{V01}/{entry.name}/{item.name}", entry.site_skill, item)
        skills.append({
            "name": entry.name,
            "description": entry.site_skill.skill.description,
            "files": [item.name for item in entry.served],
        })
    out.write_bytes(f"{V01}/{INDEX}", json_bytes({"skills": skills}))


def _v02(out: OutputTree, entries: tuple[Entry, ...]) -> None:
    skills: list[dict[str, Any]] = []
    for entry in entries:
        skill = entry.site_skill.skill
        if entry.bundle.only_skill_md:
            url = f"{entry.name}/SKILL.md"
            hex_digest = _copy(out, f"{V02}/{url}", entry.site_skill, entry.bundle.files[0])
            kind = "skill-md"
        else:
            url = f"{entry.name}.zip"
            with out.open(f"{V02}/{url}") as handle:
                write_zip(handle, skill, entry.bundle.files, "")
            hex_digest = path_sha256(out.root / V02 / url)
            kind = "archive"
        skills.append({
            "name": entry.name,
            "type": kind,
            "description": skill.description,
            "url": url,
            "digest": prefixed(hex_digest),
        })
    out.write_bytes(f"{V02}/{INDEX}", json_bytes({"$schema": SCHEMA_V02, "skills": skills}))


def write_wellknown(ctx: SiteContext, out: OutputTree) -> None:
    """Both well-known indexes and the files they point at."""
    entries = plan(ctx).entries
    _v01(out, entries)
    _v02(out, entries)

