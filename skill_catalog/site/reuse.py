"""Incremental builds: reuse the previous site's files of every skill that did not change.

A state file beside the site (:func:`state_path`) records, for the build that wrote it, a global
key (package version and code, templates and theme, configuration) and per skill a key
over everything its files show (its body and frontmatter, the content of every file of its
folder, diagnostics, the tool verdicts and install rows, ...), the files written for it (pages,
raw copies, zips, well-known copies), the notes met and its
:class:`~skill_catalog.site.publish.Published` record. When the global key and a skill's key
match, that skill's files stay as they are in the previous site, which the build then updates
in place (:func:`skill_catalog.site.output.commit_in_place`); anything else is written, so a
changed template, config or package can never leave a stale page. Groups of site-wide files
(search, prompts, the site-wide pages) are kept the same way, by a digest of their inputs
(:meth:`Reuse.site_wide`).

A skill's files are taken by the fingerprint its load computed
(:func:`skill_catalog.skill_cache.fingerprint`: each file's path, mode and SHA-256, hashed
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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skill_catalog.model import Diagnostic
from skill_catalog.site.output import MARKER, OutputTree
from skill_catalog.site.publish import Published, from_json, note_rows, notes_from_rows, to_json
from skill_catalog.site.serialize import Encoded, streamed_lines, write_json_streamed
from skill_catalog.site.templates import asset_files, templates_dir
from skill_catalog.skill_cache import source_digest

if TYPE_CHECKING:
    from skill_catalog.site.context import SiteSkill
    from skill_catalog.site.pages import PageWriter

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
        "config": effective_config(config),
        "site": writer.views.site,
    })


def skill_key(writer: PageWriter, site_skill: SiteSkill) -> str:
    """What the skill's files show: its folder's content (the fingerprint its load took, which
    stands for its body and frontmatter too), its place, and what its page says about it."""
    skill = site_skill.skill
    if not skill.fingerprint:  # loaded without a skill cache: nothing vouches for its files
        return "unknown " + os.urandom(16).hex()
    return _fast_digest({
        "slug": site_skill.slug,
        "url": site_skill.url,
        "dir": str(skill.dir),
        "files": skill.fingerprint,
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
    """The skill's :class:`~skill_catalog.site.publish.Published` record, as JSON data."""
    line: str | None = dc.field(default=None, compare=False, repr=False)
    """The record as the state file it was read from holds it (written again as it is)."""

    def item(self) -> Encoded | dict[str, Any]:
        """What the state file holds for the record."""
        if self.line is not None:
            return Encoded(self.line)
        return {name: getattr(self, name) for name in _RECORD_FIELDS}


_RECORD_FIELDS = ("slug", "key", "files", "notes", "published")


def state_path(site: Path) -> Path:
    """Where the build state of ``site`` is kept: beside it, like the build lock, so that it is
    never published (it names files of the build machine) and the site stays byte-identical."""
    return site.parent / f".{site.name}.skill-catalog-state.json"


def cache_path(site: Path) -> Path:
    """Where the skills parsed for ``site`` are kept (:mod:`skill_catalog.skill_cache`)."""
    return site.parent / f".{site.name}.skill-catalog-skills.json"


def site_identity(site: Path) -> list[int] | None:
    """Which marker file the state belongs to (a site replaced by other means has another, and
    a site checked out or unpacked elsewhere too: its inode and times cannot be foretold)."""
    try:
        st = os.stat(site / MARKER, follow_symlinks=False)
    except OSError:
        return None
    return [st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size]


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

    @classmethod
    def open(cls, site: Path, key: str) -> Reuse:
        from skill_catalog.site.output import journal_path

        try:
            text = state_path(site).read_text(encoding="utf-8")
            data = json.loads(text)
            if (data["format"] == FORMAT and data["global"] == key
                    and data["marker"] == site_identity(site)
                    and not journal_path(site).exists()):
                records = data["skills"]
                found = streamed_lines(text, "skills", len(records))
                lines: Sequence[str | None] = found or [None] * len(records)
                old = {record["slug"]: Record(**record, line=line)
                       for record, line in zip(records, lines, strict=True)}
                files = set(data["files"])
                for record in old.values():
                    files.update(record.files)
                groups = {str(name): [str(digest), [str(f) for f in paths]]
                          for name, (digest, paths) in data["groups"].items()}
                return cls(site, key, old, frozenset(files), old_groups=groups)
        except (OSError, ValueError, TypeError, KeyError):
            pass
        return cls(None, key, {}, frozenset())

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
        if not os.path.isfile(self.site / site_skill.url / "index.html"):
            return None
        writer.out.keep(record.files)  # checks each path
        writer.notes.extend(notes_from_rows(record.notes))
        self.new[site_skill.slug] = record
        return published

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
                and all(os.path.isfile(self.site / path) for path in old[1])):
            out.keep(old[1])
            self.new_groups[group] = old
            return
        before = len(out.files)
        write()
        self.new_groups[group] = [digest, out.files[before:]]

    def skill_files(self) -> set[str]:
        """The files of every skill of this build (pages, copies, zips)."""
        owned: set[str] = set()
        for record in self.new.values():
            owned.update(record.files)
        return owned

    def save(self, site: Path, files: list[str]) -> None:
        """Record this build beside ``site`` (once the site is in place)."""
        owned = self.skill_files()
        head = {
            "note": f"Build state of {site.name}, written by skill-catalog build.",
            "format": FORMAT,
            "global": self.global_key,
            "marker": site_identity(site),
            "files": sorted(path for path in files if path not in owned),
            "groups": dict(sorted(self.new_groups.items())),
        }
        path = state_path(site)
        temp = path.with_name(path.name + ".tmp")
        with temp.open("wb") as handle:
            write_json_streamed(handle, head, "skills",
                                (record.item() for _slug, record in sorted(self.new.items())))
        os.replace(temp, path)


__all__ = ["Reuse", "cache_path", "global_key", "site_identity", "skill_key", "state_path"]
