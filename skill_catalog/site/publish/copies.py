"""One skill's published copies beside its pages: its zip, its well-known entries, its digests.

Everything comes from the skill's :class:`~skill_catalog.site.publish.sources.Source` list, read
once, and from its :class:`Plan` (what each copy holds, decided before anything is written):
each file is compressed once, into ``skills/<slug>.zip`` (entries under a ``<name>/`` folder, as
Claude.ai's "Upload skill" expects; the same zip is the skill's Claude Code plugin archive,
:mod:`~skill_catalog.site.publish.plugin`), and the v0.2 archive
(``.well-known/agent-skills/<name>.zip``, files at the root, as the v0.2 draft and its client
require) copies the same compressed bytes under its names. A listed skill's raw copies *are*
its v0.1 files (``.well-known/skills/<name>/<file>``: the site build writes them there, and its
pages link them), so no file is published twice; the v0.2 index points a skill that is only
``SKILL.md`` at that same file. What the site-wide outputs need (``catalog.json``, both
well-known indexes, the marketplace) is returned as a small :class:`Published` record, which
incremental builds keep for skills that did not change.
"""

from __future__ import annotations

import dataclasses as dc
import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from skill_catalog.codes.registry import emit
from skill_catalog.model import Diagnostic, Severity, Skill
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.publish import inert_xml
from skill_catalog.site.publish.active_content import (
    checkable_xml,
    host_acts_on_path,
    runs_as_document,
)
from skill_catalog.site.publish.archive import (
    Bundle,
    BundleFile,
    SourceError,
    archive_prefix,
    bundle,
)
from skill_catalog.site.publish.digests import bundle_digest, path_sha256, prefixed
from skill_catalog.site.publish.listed import listed_skills
from skill_catalog.site.publish.plugin import (
    Plugin,
    PluginInfo,
    plugin_version,
    site_plugin_groups,
)
from skill_catalog.site.publish.sources import Source, write_copy
from skill_catalog.site.publish.zips import Member, ZipWriter
from skill_catalog.site.urls import V01, V02, url_safe
from skill_catalog.site.write.output import OutputTree
from skill_catalog.site.write.serialize import Earlier


@dc.dataclass(slots=True, frozen=True)
class WellKnown:
    """A skill's entries in the well-known indexes."""

    name: str
    files: tuple[str, ...]
    """The v0.1 index's ``files``: ``SKILL.md`` first."""
    kind: str
    """v0.2 ``type``: ``skill-md`` or ``archive``."""
    url: str
    """v0.2 ``url``, relative to the index."""
    digest: str
    """v0.2 ``digest`` (``sha256:…``) of the file ``url`` names."""


@dc.dataclass(slots=True, frozen=True)
class Published:
    """What the site-wide outputs need to know of one skill's published copies."""

    sha256: dict[str, str | None]
    """Hex SHA-256 of each inventory file by relpath (None: it could not be read)."""
    skill_digest: str | None
    """The skill-level digest of its bundle (None when a file could not be read)."""
    archive_digest: str | None
    """``sha256:…`` of ``skills/<slug>.zip`` (None: invalid skills have no zip)."""
    wellknown: WellKnown | None
    """None when the well-known indexes leave the skill out."""
    plugin: Plugin | None = None
    """The skill's Claude Code plugin, whose archive is its zip (None: the marketplace leaves
    it out, or groups it with others)."""
    notes: tuple[Diagnostic, ...] = ()
    """SC040 notes: files left out of the zip or of the well-known folder, and why."""
    page_notes: tuple[Diagnostic, ...] = dc.field(default=(), compare=False)
    """SC040 notes of the skill's pages and raw copies (files without a copy or a page), set
    once they are written or kept; not part of the record's JSON (the build state keeps
    them beside it)."""
    catalog_line: Earlier | None = dc.field(default=None, compare=False)
    """The skill's entry in the previous site's ``catalog.json``, when the skill is kept
    from it (:mod:`~skill_catalog.site.reuse`): written again as it is."""
    last_changed: str | None = None
    """When the skill last changed (:mod:`skill_catalog.site.dates`), ISO 8601 UTC; None
    when the build does not date skills."""
    body_tokens: int | None = dc.field(default=None, compare=False)
    body_digest: str | None = dc.field(default=None, compare=False)
    """``sha256:…`` of the body, when the skill was written in this build (as
    :attr:`body_tokens`)."""
    """The body's token estimate, when the skill was written in this build (its page had
    the body at hand: ``catalog.json`` then need not read it again)."""


def body_digest(body: str) -> str:
    """``sha256:…`` of a skill's body (its UTF-8 bytes), as ``catalog.json`` gives it."""
    return "sha256:" + hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()


def note_rows(notes: Iterable[Diagnostic]) -> list[list[Any]]:
    """Diagnostics as JSON rows (for the site's manifest)."""
    return [[d.code, int(d.severity), d.message, str(d.file) if d.file else None, d.line,
             d.column] for d in notes]


def notes_from_rows(rows: Iterable[list[Any]]) -> list[Diagnostic]:
    """The inverse of :func:`note_rows`."""
    return [Diagnostic(code, Severity(severity), message, Path(file) if file else None, line,
                       column) for code, severity, message, file, line, column in rows]


def to_json(record: Published) -> dict[str, Any]:
    """``record`` as JSON data (kept in the site's manifest for incremental builds)."""
    wellknown = dc.asdict(record.wellknown) if record.wellknown is not None else None
    return {"sha256": record.sha256, "skill_digest": record.skill_digest,
            "archive_digest": record.archive_digest, "wellknown": wellknown,
            "plugin": dc.asdict(record.plugin) if record.plugin is not None else None,
            "notes": note_rows(record.notes), "last_changed": record.last_changed}


def from_json(data: dict[str, Any]) -> Published:
    """The inverse of :func:`to_json`.

    :raises TypeError, KeyError, ValueError: ``data`` is not such a record.
    """
    wellknown = data["wellknown"]
    if wellknown is not None:
        wellknown = WellKnown(**{**wellknown, "files": tuple(wellknown["files"])})
    plugin = Plugin(**data["plugin"]) if data["plugin"] is not None else None
    changed = data.get("last_changed")
    return Published(data["sha256"], data["skill_digest"], data["archive_digest"],
                     wellknown, plugin, tuple(notes_from_rows(data["notes"])),
                     last_changed=changed if isinstance(changed, str) else None)


def _note(skill: Skill, relpath: str, message: str) -> Diagnostic:
    return emit("SC040", f"{relpath}: {message}", file=skill.dir / relpath)


def _write_archive(out: OutputTree, site_skill: SiteSkill, skill_bundle: Bundle,
                   sources: Mapping[str, Source]) -> dict[str, Member]:
    """``skills/<slug>.zip``; returns its members by bundle name."""
    skill = site_skill.skill
    prefix = archive_prefix(skill)
    members: dict[str, Member] = {}
    with out.open(site_skill.archive) as handle, ZipWriter(handle) as zipped:
        for item in skill_bundle.files:
            source = sources[item.file.relpath]
            executable = item.file.executable
            try:
                if source.data is not None:
                    member = zipped.add_bytes(prefix + item.name, source.data,
                                              executable=executable)
                else:
                    with source.open(skill) as stream:
                        member = zipped.add_stream(prefix + item.name, stream,
                                                   executable=executable)
            except OSError as exc:
                raise SourceError(f"{skill.dir}: cannot publish {item.file.relpath}: "
                                  f"{exc.strerror or exc}") from exc
            members[item.name] = member
    return members


def _document_reason(skill: Skill, name: str, source: Source) -> str | None:
    """Why a document (a name hosts serve as HTML, SVG or any XML) cannot be served under its
    own name, or None for an inert SVG or XML file (:mod:`~skill_catalog.site.publish.inert_xml`,
    which parses it)."""
    if not checkable_xml(name):
        return ("a browser would run its scripts as a page of the site's origin (a host serves "
                "its name as HTML, XHTML, XSLT, a web archive, or XML under an encoding)")
    try:
        with source.open(skill) as stream:
            why = inert_xml.active_reason(stream)
    except OSError as exc:
        why = f"it cannot be read ({exc.strerror or exc})"
    if why is None:
        return None
    return f"a browser would run its scripts or fetch through it on the site's origin: {why}"


def _served(skill: Skill, skill_bundle: Bundle, sources: Mapping[str, Source],
            notes: list[Diagnostic]) -> list[BundleFile]:
    """The files of the v0.1 folder (``SKILL.md`` first), with a note for each one left out."""
    served: list[BundleFile] = []
    for item in skill_bundle.files:
        reason = None
        if item.name == "SKILL.md":
            served.insert(0, item)
            continue
        if not url_safe(item.name):
            reason = ("its name is not printable ASCII or holds one of \\ ? # [ ] %, which do "
                      "not survive in a URL path")
        elif host_acts_on_path(item.name):
            reason = ("a web host would act on its name (a server's configuration file, or a "
                      "server-side script such as PHP, ASP or CGI)")
        elif runs_as_document(item.name):
            reason = _document_reason(skill, item.name, sources[item.file.relpath])
        if reason is None and not sources[item.file.relpath].utf8:
            reason = ("it is not UTF-8 text, which npx skills would corrupt (it fetches files "
                      "as text)")
        if reason is None:
            served.append(item)
        else:
            notes.append(_note(skill, item.file.relpath, f"left out of {V01} (npx skills add): "
                               f"{reason}; the zip and {V02} carry it"))
    return served


@dc.dataclass(slots=True, frozen=True)
class Plan:
    """What a skill's published copies hold, decided before any is written
    (:func:`plan`)."""

    bundle: Bundle
    digest: str | None
    """The skill-level digest of the bundle (None when a file could not be read)."""
    wellknown_name: str | None
    """The skill's name in the well-known indexes; None when they leave it out (an invalid
    skill, a name they cannot carry or that two skills claim)."""
    served: tuple[BundleFile, ...]
    """The files of its v0.1 folder (``SKILL.md`` first); empty when it is not listed."""
    notes: tuple[Diagnostic, ...]
    """SC040 notes: files left out of the zip or of the v0.1 folder, and why."""

    def wellknown_folder(self) -> str | None:
        """``.well-known/skills/<name>/`` for a listed skill: where its raw copies go."""
        return f"{V01}/{self.wellknown_name}/" if self.served else None

    def served_names(self) -> dict[str, str]:
        """The v0.1 name of each served file, by relpath (``SKILL.md`` for ``skill.md``)."""
        return {item.file.relpath: item.name for item in self.served}


def plan(site_skill: SiteSkill, sources: Mapping[str, Source], *,
         wellknown_name: str | None) -> Plan:
    """What the skill's copies will hold (reads only the SVG and XML files the v0.1 folder
    could serve, to check they are inert).

    :param wellknown_name: the skill's name in the well-known indexes, None when they leave it
        out (:func:`skill_catalog.site.publish.listed.listed_skills` decides, site-wide).
    """
    skill = site_skill.skill
    sha256 = {relpath: source.sha256 for relpath, source in sources.items()}
    skill_bundle = bundle(skill, {relpath: source.error for relpath, source in sources.items()})
    digest = bundle_digest(skill_bundle, sha256)
    if not site_skill.published:  # invalid, or withheld by the trust policy: no copies
        return Plan(skill_bundle, digest, None, (), ())
    notes = [_note(skill, omitted.relpath, f"left out of the zip and the well-known indexes: "
                   f"{omitted.reason}") for omitted in skill_bundle.omitted]
    served: list[BundleFile] = []
    if wellknown_name is not None and skill_bundle.complete:
        served = _served(skill, skill_bundle, sources, notes)
    return Plan(skill_bundle, digest, wellknown_name if served else None, tuple(served),
                tuple(notes))


def _copy(out: OutputTree, relpath: str, site_skill: SiteSkill, source: Source,
          raw: Mapping[str, str]) -> None:
    """``relpath`` with the bytes of ``source``, unless it is the file's raw copy already."""
    if raw.get(source.relpath) == relpath and out.exists(relpath):
        return
    try:
        write_copy(out, relpath, site_skill.skill, source)
    except OSError as exc:
        raise SourceError(f"{site_skill.skill.dir}: cannot publish {source.relpath}: "
                          f"{exc.strerror or exc}") from exc


def _wellknown(out: OutputTree, site_skill: SiteSkill, skill_plan: Plan,
               sources: Mapping[str, Source], members: Mapping[str, Member],
               raw: Mapping[str, str]) -> WellKnown:
    skill_bundle, name = skill_plan.bundle, skill_plan.wellknown_name
    assert name is not None, "only listed skills have well-known entries"
    for item in skill_plan.served:
        _copy(out, f"{V01}/{name}/{item.name}", site_skill, sources[item.file.relpath], raw)
    if skill_bundle.only_skill_md:
        # The v0.1 SKILL.md: the index's URL is resolved against the index's own (RFC 3986).
        url = f"../{V01.rsplit('/', 1)[1]}/{name}/SKILL.md"
        item = skill_bundle.files[0]
        hex_digest = sources[item.file.relpath].sha256
        kind = "skill-md"
    else:
        url = f"{name}.zip"
        with (out.root / site_skill.archive).open("rb") as source, \
                out.open(f"{V02}/{url}") as handle, ZipWriter(handle) as zipped:
            for item in skill_bundle.files:
                zipped.add_member(item.name, members[item.name], source)
        hex_digest = path_sha256(out.root / V02 / url)
        kind = "archive"
    assert hex_digest is not None, "bundle files are readable"
    return WellKnown(name, tuple(item.name for item in skill_plan.served), kind, url,
                     prefixed(hex_digest))


def publish(out: OutputTree, site_skill: SiteSkill, sources: Mapping[str, Source],
            skill_plan: Plan, *, raw: Mapping[str, str],
            plugin: PluginInfo | None = None) -> Published:
    """Write the skill's zip and well-known copies (valid skills only) as ``skill_plan`` says,
    and return its record, with notes on what was left out.

    :param raw: the output path of each file's raw copy, by relpath: a v0.1 file that is one
        already is not written again.
    :param plugin: what the skill's Claude Code plugin needs (its archive is the skill's zip);
        None makes none (:func:`skill_catalog.site.outputs.marketplace.plugin_info` decides).
    :raises SourceError: ``SKILL.md`` of a valid skill could not be read.
    """
    skill = site_skill.skill
    sha256 = {relpath: source.sha256 for relpath, source in sources.items()}
    skill_bundle, digest = skill_plan.bundle, skill_plan.digest
    if not site_skill.published:  # invalid, or withheld by the trust policy: no copies
        return Published(sha256, digest, None, None)
    if not skill_bundle.complete:
        raise SourceError(f"{skill.skill_md}: cannot be read any more")
    members = _write_archive(out, site_skill, skill_bundle, sources)
    archive_digest = prefixed(path_sha256(out.root / site_skill.archive))
    wellknown = None
    if skill_plan.wellknown_name is not None:
        wellknown = _wellknown(out, site_skill, skill_plan, sources, members, raw)
    own_plugin = None
    if plugin is not None:  # its archive is the zip just written
        own_plugin = Plugin(plugin.name, plugin_version(skill, digest), site_skill.archive,
                            archive_digest.removeprefix("sha256:"))
    return Published(sha256, digest, archive_digest, wellknown, own_plugin,
                     skill_plan.notes)


def skill_notes(ctx: SiteContext, published: Mapping[str, Published]
                ) -> list[tuple[SiteSkill, Diagnostic]]:
    """Every SC040 note of a build, with the skill it is about, in skill order: the skill
    withheld by the trust policy or left out of the well-known indexes (or, SC050 and SC051,
    of the site's marketplace), then its files left out of its copies, pages or raw
    copies. The build prints them; the problems page and
    ``catalog.json`` list them all."""
    by_file = {site_skill.skill.skill_md: site_skill for site_skill in ctx.published}
    unnamed: dict[str, list[Diagnostic]] = {}
    for note in [*listed_skills(ctx)[1], *(site_plugin_groups(ctx)[1] if ctx.base_url else ())]:
        if note.file is not None and note.file in by_file:
            unnamed.setdefault(by_file[note.file].slug, []).append(note)
    found: list[tuple[SiteSkill, Diagnostic]] = []
    for site_skill in ctx.skills:
        record = published.get(site_skill.slug)
        withheld = ([emit("SC040", f"withheld from the prompt files, {V01}, {V02}, the "
                          f"marketplaces and the zips: {site_skill.withheld}",
                          file=site_skill.skill.skill_md)]
                    if site_skill.withheld is not None else [])
        notes = [*withheld, *unnamed.get(site_skill.slug, ()),
                 *((*record.notes, *record.page_notes) if record is not None else ())]
        found += [(site_skill, note) for note in notes]
    return found
