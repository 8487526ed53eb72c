"""Incremental builds: reuse the previous site's files of every skill that did not change.

A state file beside the site (:func:`state_path`) records, for the build that wrote it, a global
key (package version and code, templates and theme, configuration) and per skill a key
over everything its files show (its body and frontmatter, the content of every file of its
folder, diagnostics, the tool verdicts and install rows, ...), the files written for it (pages,
raw copies, zips, well-known copies), the notes met and its
:class:`~skill_catalog.site.publish.copies.Published` record. When the global key and a skill's key
match, that skill's files stay as they are in the previous site, which the build then updates
in place (:func:`skill_catalog.site.write.output.commit_in_place`); anything else is written, so a
changed template, config or package can never leave a stale page. Groups of site-wide files
(search, prompts, the site-wide pages) are kept the same way, by a digest of their inputs
(:meth:`Reuse.site_wide`).

A skill's files are taken by the fingerprint its load computed
(:func:`skill_catalog.pipeline.skill_cache.fingerprint`: each file's path, mode and SHA-256, hashed
again only when its inode, size or times changed); a skill loaded without one is never reused.
"""

from __future__ import annotations

import dataclasses as dc
import hashlib
import io
import json
import os
import pickle
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skill_catalog.discovery.sites import cache_path, site_identity, state_path
from skill_catalog.fs.safe_fs import EarlierFile, earlier_text
from skill_catalog.fs.safe_write import OutputError, opened_regular, replace_file
from skill_catalog.model import Diagnostic
from skill_catalog.pipeline.skill_cache import source_digest
from skill_catalog.site.outputs.catalog_json import CATALOG
from skill_catalog.site.pages.templates import asset_files, templates_dir
from skill_catalog.site.publish.copies import (
    Published,
    from_json,
    note_rows,
    notes_from_rows,
    to_json,
)
from skill_catalog.site.write.output import OutputTree, journal_path
from skill_catalog.site.write.serialize import (
    Earlier,
    Encoded,
    streamed_spans,
    write_json_streamed,
)

if TYPE_CHECKING:
    from skill_catalog.site.context import SiteSkill
    from skill_catalog.site.pages.render import PageWriter

FORMAT = 4


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _fast_digest(data: dict[str, Any]) -> str:
    """A digest of ``data`` through pickle, three times as fast as JSON. Pickle's memo is off
    (``fast``), so that equal data gives equal bytes however its objects are shared; what
    pickle cannot take goes through JSON. A difference only means a skill is written again,
    never that a changed one is kept."""
    blob = io.BytesIO()
    pickler = pickle.Pickler(blob, protocol=5)
    pickler.fast = True
    try:
        pickler.dump((sys.version_info[:2], data))
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return _digest(data)
    return hashlib.sha256(blob.getbuffer()).hexdigest()


def _tree_digest(folder: Path | None) -> list[tuple[str, str]]:
    if folder is None or not folder.is_dir():
        return []
    return [(p.relative_to(folder).as_posix(), hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()]


def global_key(writer: PageWriter, theme: Path | None) -> str:
    from skill_catalog.config import effective_config

    config = writer.ctx.config
    return _digest({
        "format": FORMAT,
        "code": source_digest(),  # the version and every module
        "templates": _tree_digest(templates_dir()),
        "theme": _tree_digest(theme),
        "assets": sorted(asset_files(theme)),
        # where the cache folder is changes no page
        "config": {k: v for k, v in effective_config(config).items() if k != "cache_dir"},
        "site": writer.views.site,
        "roots": [(str(root.absolute()), root.name) for root in writer.ctx.catalog.roots],
    })


def skill_key(writer: PageWriter, site_skill: SiteSkill) -> str:
    """What the skill's files and its entry in ``catalog.json`` show: its folder's content (the
    fingerprint its load took, which stands for its body and frontmatter too), its place and
    diagnostics, and what its page says about it besides."""
    skill = site_skill.skill
    if not skill.fingerprint:  # loaded without a skill cache: nothing vouches for its files
        return "unknown " + os.urandom(16).hex()
    return _fast_digest({
        "slug": site_skill.slug,
        "url": site_skill.url,
        "dir": str(skill.dir),
        "root": str(skill.root),
        "nested_in": str(skill.nested_in),
        "files": skill.fingerprint,
        "diagnostics": note_rows(skill.diagnostics),
        "view": writer.views.skill_key_view(site_skill),
    })


@dc.dataclass(slots=True)
class Record:
    slug: str
    key: str
    files: list[str]
    """Paths written for the skill, relative to the site root."""
    notes: list[list[Any]]
    published: dict[str, Any]
    """The skill's :class:`~skill_catalog.site.publish.copies.Published` record, as JSON data."""
    span: tuple[int, int] | None = dc.field(default=None, compare=False, repr=False)
    """Where the state file it was read from holds it (copied from there when it is saved
    again: :class:`~skill_catalog.fs.safe_fs.EarlierFile`)."""

    def item(self, source: EarlierFile | None) -> Encoded | dict[str, Any]:
        """What the state file holds for the record."""
        text = earlier_text(source, self.span)
        if text is not None:
            return Encoded(text)
        return {name: getattr(self, name) for name in _RECORD_FIELDS}


_RECORD_FIELDS = ("slug", "key", "files", "notes", "published")


def _previous_catalog(site: Path, state: Any) -> tuple[EarlierFile | None,
                                                        dict[str, tuple[int, int]]]:
    """``site``'s ``catalog.json`` and where it holds each skill's entry, by slug, if the file
    is the one the build state recorded (``state``: its SHA-256 and its entries' slugs)."""
    if not isinstance(state, dict):
        return None, {}
    slugs = state.get("slugs")
    if not isinstance(slugs, list) or not all(isinstance(slug, str) for slug in slugs):
        return None, {}
    path = site / CATALOG
    digest = hashlib.sha256()
    try:
        with opened_regular(path, os.O_RDONLY) as handle:  # no link, FIFO or device
            identity = EarlierFile.identity_of(os.fstat(handle.fileno()))
            spans = streamed_spans(handle, "skills", len(slugs), digest)
    except (OSError, OutputError):  # gone (or not a file): every entry is made again
        return None, {}
    if spans is None or digest.hexdigest() != state.get("sha256"):
        return None, {}
    return EarlierFile(path, identity), dict(zip(slugs, spans, strict=True))


def _as_left(site: Path, marker: object) -> bool:
    """Whether ``site`` is as the build that recorded ``marker`` (its :func:`site_identity`)
    left it: the same marker file, and no unfinished update."""
    return marker == site_identity(site) and not os.path.lexists(journal_path(site))


@dc.dataclass(slots=True)
class Reuse:
    """What the previous site offers, and what this build records for the next one."""

    site: Path | None
    """The previous site, which this build updates in place; None when there is nothing to
    reuse (no site, another configuration or version, an interrupted update): the build then
    writes a whole new site and swaps it in."""
    global_key: str
    old: dict[str, Record]
    old_files: frozenset[str]
    """Every file of the previous site."""
    new: dict[str, Record] = dc.field(default_factory=dict)
    old_groups: dict[str, list[Any]] = dc.field(default_factory=dict)
    """Site-wide files of the previous build by group: [digest of their inputs, paths]."""
    new_groups: dict[str, list[Any]] = dc.field(default_factory=dict)
    state: EarlierFile | None = None
    """The build state the previous records were read from (see :meth:`Record.item`)."""
    catalog: EarlierFile | None = None
    """The previous site's ``catalog.json``, from which the entries of kept skills are copied."""
    catalog_spans: dict[str, tuple[int, int]] = dc.field(default_factory=dict)
    """Where it holds each skill's entry, by slug."""
    catalog_order: list[str] | None = None
    """The skills of this build's ``catalog.json`` (:meth:`wrote_catalog`), by slug."""

    @classmethod
    def open(cls, site: Path, key: str, memory: Remembered | None = None) -> Reuse:
        """What the previous site ``site`` offers to a build with global key ``key``: what its
        build state says, or ``memory`` of the build that wrote it, in the same process
        (:class:`Remembered`: nothing is read back), while the site is the one it wrote."""
        if memory is not None:
            if (memory.site == site and memory.global_key == key
                    and _as_left(site, memory.marker)):
                # A copy: the build empties its records once it has taken what it keeps, and
                # the memory must stay whole should this build be stopped (serve -o saves it).
                return cls._offered(site, key, dict(memory.records), memory.files,
                                    memory.groups, memory.catalog, None)
            return cls.nothing(key)
        try:
            path = state_path(site)
            with opened_regular(path, os.O_RDONLY) as handle:  # never through a link
                identity = EarlierFile.identity_of(os.fstat(handle.fileno()))
                text = handle.read()
            data = json.loads(text)
            if (data["format"] == FORMAT and data["global"] == key
                    and _as_left(site, data["marker"])):
                records = data["skills"]
                found = streamed_spans(io.BytesIO(text), "skills", len(records))
                del text
                spans: Sequence[tuple[int, int] | None] = found or [None] * len(records)
                old = {record["slug"]: Record(**record, span=span)
                       for record, span in zip(records, spans, strict=True)}
                files = set(data["files"])
                for record in old.values():
                    files.update(record.files)
                groups = {str(name): [str(digest), [str(f) for f in paths]]
                          for name, (digest, paths) in data["groups"].items()}
                return cls._offered(site, key, old, files, groups, data.get("catalog"),
                                    EarlierFile(path, identity) if found else None)
        except (OSError, ValueError, TypeError, KeyError):
            pass
        return cls.nothing(key)

    @classmethod
    def nothing(cls, key: str) -> Reuse:
        """No previous site to reuse: the build writes a whole new one."""
        return cls(None, key, {}, frozenset())

    @classmethod
    def _offered(cls, site: Path, key: str, old: dict[str, Record], files: Iterable[str],
                 groups: dict[str, list[Any]], catalog_state: Any, state: EarlierFile | None
                 ) -> Reuse:
        catalog, catalog_spans = _previous_catalog(site, catalog_state)
        return cls(site, key, old, frozenset(files), old_groups=groups, state=state,
                   catalog=catalog, catalog_spans=catalog_spans)

    def reuse(self, writer: PageWriter, site_skill: SiteSkill, key: str) -> Published | None:
        """Keep the skill's files of the previous site when its key matches; return its record
        (None when it must be written again)."""
        record = self.old.get(site_skill.slug)
        if self.site is None or record is None or record.key != key:
            return None
        try:
            published = from_json(record.published)
        except (TypeError, KeyError, ValueError):
            return None
        if not os.path.isfile(f"{self.site}/{site_skill.url}index.html"):  # url ends in /
            return None
        writer.out.keep(record.files)  # checks each path
        writer.notes.extend(notes_from_rows(record.notes))
        self.new[site_skill.slug] = record
        # Its catalog.json entry shows what the key covers and this same record.
        span = self.catalog_spans.get(site_skill.slug)
        if self.catalog is None or span is None:
            return published
        return dc.replace(published, catalog_line=Earlier(self.catalog, *span))

    @staticmethod
    def skill_key(writer: PageWriter, site_skill: SiteSkill) -> str:
        """:func:`skill_key`, for the writers of :mod:`skill_catalog.site.pages.parallel`,
        which sit below this module and are handed a :class:`Reuse` instead of importing it."""
        return skill_key(writer, site_skill)

    def record(self, site_skill: SiteSkill, key: str, files: list[str],
               notes: list[Diagnostic], published: Published) -> None:
        self.new[site_skill.slug] = Record(site_skill.slug, key, sorted(files),
                                           note_rows(notes), to_json(published))

    def site_wide(self, out: OutputTree, group: str, inputs: object,
                  write: Callable[[], None]) -> None:
        """Write a group of site-wide files with ``write``, or keep the previous site's when
        they were made from equal ``inputs`` (everything they show besides what the global
        key covers: package code, templates, configuration)."""
        digest = _fast_digest({"group": group, "inputs": inputs})
        old = self.old_groups.get(group)
        if (self.site is not None and old is not None and old[0] == digest
                and all(os.path.isfile(f"{self.site}/{path}") for path in old[1])):
            out.keep(old[1])
            self.new_groups[group] = old
            return
        before = len(out.files)
        write()
        self.new_groups[group] = [digest, out.files[before:]]

    def wrote_catalog(self, slugs: list[str]) -> None:
        """Note that ``catalog.json`` was written with the entries of these skills, in this
        order (the next build takes the entries of the skills it keeps from it)."""
        self.catalog_order = slugs

    def skill_files(self) -> set[str]:
        """The files of every skill of this build (pages, copies, zips)."""
        return _skill_files(self.new)

    def _catalog_state(self, site: Path) -> dict[str, Any] | None:
        """What the next build checks ``catalog.json`` against before copying from it."""
        if self.catalog is not None:
            self.catalog.close()  # catalog.json is written: the previous one is not read again
        if self.catalog_order is None:
            return None
        with open(site / CATALOG, "rb") as handle:
            digest = hashlib.file_digest(handle, "sha256").hexdigest()
        return {"sha256": digest, "slugs": self.catalog_order}

    def save(self, site: Path, files: list[str]) -> None:
        """Record this build beside ``site`` (once the site is in place)."""
        memory = self._recorded(site, files)
        try:
            memory.save(self.state)
        finally:
            self._let_go()

    def remember(self, site: Path, files: list[str]) -> Remembered:
        """What :meth:`save` would record, kept in memory instead (once the site is in place)."""
        self._let_go()
        return self._recorded(site, files)

    def _recorded(self, site: Path, files: list[str]) -> Remembered:
        return Remembered(site, self.global_key, site_identity(site), self.new, files,
                          self.new_groups, self._catalog_state(site))

    def _let_go(self) -> None:
        """Close the previous build state file (nothing is copied from it after)."""
        if self.state is not None:
            self.state.close()


def _skill_files(records: dict[str, Record]) -> set[str]:
    owned: set[str] = set()
    for record in records.values():
        owned.update(record.files)
    return owned


@dc.dataclass(slots=True, frozen=True)
class Remembered:
    """A build's state held in memory for the next build of the same site in the same process
    (:class:`~skill_catalog.site.build.Session`), instead of a file written and read back."""

    site: Path
    global_key: str
    marker: list[int] | None
    """The site's :func:`site_identity` once the build was in place: another means another
    site, or one changed since."""
    records: dict[str, Record]
    files: list[str]
    groups: dict[str, list[Any]]
    catalog: dict[str, Any] | None

    def is_current(self) -> bool:
        """Whether the site is still as the build it describes left it."""
        return _as_left(self.site, self.marker)

    def save(self, source: EarlierFile | None = None) -> None:
        """Write this state beside the site, as the build state file that a build without a
        session reads; records read from ``source`` (the previous state file) are copied from
        there."""
        owned = _skill_files(self.records)
        head = {
            "note": f"Build state of {self.site.name}, written by skill-catalog build.",
            "format": FORMAT,
            "global": self.global_key,
            "marker": self.marker,
            "files": sorted(path for path in self.files if path not in owned),
            "groups": dict(sorted(self.groups.items())),
        }
        if self.catalog is not None:
            head["catalog"] = self.catalog
        replace_file(state_path(self.site), lambda handle: write_json_streamed(
            handle, head, "skills",
            (record.item(source) for _slug, record in sorted(self.records.items()))))


__all__ = [
    "Remembered", "Reuse", "cache_path", "global_key", "site_identity", "skill_key", "state_path",
]
