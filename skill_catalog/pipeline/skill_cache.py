"""Skills parsed and checked by an earlier load, reused while none of their files changed.

Parsing SKILL.md (YAML), listing a folder's files (reading each file's first bytes) and running
the skill rules (scanning the body for links, reading linked references) is most of what
:func:`skill_catalog.api.load` does. A :class:`SkillCache` keeps, for each skill folder, the
result of that work with a fingerprint of the folder's content: the path, mode and SHA-256 of
each file. Like ``git``'s index, it keeps each file's inode, size, modification and
status-change times beside its digest, and reads the file again only when one of those
differs (any write, rename or replacement changes the status-change time, which no program can
set back); a checkout, ``touch`` or an editor saving unchanged text costs one read and no parse.
A file whose times were within a few seconds of the load is read again the next time
(:data:`RACY_NS`), since a second write in the same tick of the file system's clock would keep
them.
While the fingerprint and every path a rule looked up outside the folder's file list
(:mod:`skill_catalog.validate.probes`) are unchanged, the skill is rebuilt from the cache;
anything else is parsed and checked again. Library rules and the configured severities are
always applied afresh, since they depend on the other skills and the configuration.

The cache can be saved as JSON (``build`` keeps one beside the site's build state) or kept in
memory (``serve`` holds one across its rebuilds: :class:`skill_catalog.site.build.Session`).
The body is not saved: it is read again from SKILL.md, whose content is part of the
fingerprint, if and when it is asked for (a rebuild shows the bodies of the changed skills
only); its outline (the headings the search index weighs) is saved, so that no pass over
every skill needs the bodies. A skill whose frontmatter JSON cannot hold exactly (dates,
non-string keys) is simply not cached. Whatever the file holds, a broken or foreign cache only
means a slower load: every entry is checked against the files on disk, and anything
unexpected in it is ignored.
Since content fingerprints can be computed by anyone, a saved cache is also bound to what it
belongs to (:meth:`SkillCache.bind`; ``build`` binds it to its site's identity), so that one
planted beside a checkout is not read.
"""

from __future__ import annotations

import dataclasses as dc
import datetime as dt
import functools
import hashlib
import io
import json
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from skill_catalog.fs.safe_fs import EarlierFile, earlier_text, read_limited_inside, sha256_inside
from skill_catalog.fs.safe_write import OutputError, opened_regular, replace_file
from skill_catalog.fs.walk import FileEntry
from skill_catalog.model import Diagnostic, Severity, Skill, SkillFile, SkillFolder, SourceInfo
from skill_catalog.parse.encoding import DecodeProblem, decode
from skill_catalog.parse.frontmatter import SplitProblem, split
from skill_catalog.parse.outline import outline
from skill_catalog.pipeline.cache_folder import CacheFolder, entry_key
from skill_catalog.validate.probes import Probe, unchanged
from skill_catalog.version import __version__

FORMAT = 2


@functools.cache
def source_digest() -> str:
    """The package's own code (and version): results of other code are never reused."""
    digest = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parents[1]
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def settings_key(*settings: Any) -> str:
    """A key over the package's code and the settings (dataclasses) that parsing and checking
    depend on."""
    text = json.dumps([FORMAT, source_digest(), [dc.asdict(item) for item in settings]],
                      sort_keys=True, default=sorted)  # sets, in a stable order
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()


FileRecord = list[Any]
"""One file as a fingerprint saw it: [path, link, mode, inode, size, mtime, ctime, SHA-256]."""
RACY_NS = 3_000_000_000
"""A file whose times are this close to the moment it was read is "racily clean", as git says:
file systems take times from a coarse clock (a few milliseconds; FAT's mtime has two seconds), so
a second write within the same tick would keep every time of the stat and go unseen. Such a
file's record never matches (its inode is left out): it is read again next time."""


def fingerprint(entries: Sequence[FileEntry], known: Mapping[str, FileRecord], root: str
                ) -> tuple[str, list[FileRecord]]:
    """The content of every file of a skill folder (the files the walk listed for it, below
    library root ``root``, which no read leaves): a digest of each file's path, mode and
    SHA-256, and the records it was made from. A file whose inode, size and times (as the
    walk saw them) equal its record in ``known`` is not read again."""
    records: list[FileRecord] = []
    for entry in entries:
        path = entry.location
        identity = [path, entry.is_link, entry.mode, entry.inode, entry.size, entry.mtime_ns,
                    entry.ctime_ns]
        old = known.get(path)
        try:
            if old is not None and old[:7] == identity:
                sha = old[7]
            else:
                sha = sha256_inside(root, path)
                if max(entry.mtime_ns, entry.ctime_ns) >= time.time_ns() - RACY_NS:
                    identity[3] = None
        except OSError as exc:
            records.append([path, entry.is_link, None, None, None, None, None,
                            f"unreadable: {exc.errno}"])
            continue
        records.append([*identity, sha])
    content = [(r[0], r[1], r[2], r[7]) for r in records]
    return hashlib.blake2b(repr(content).encode("utf-8", "surrogatepass"),
                           digest_size=16).hexdigest(), records


def _encode(value: Any) -> Any:
    """YAML dates and times as tagged JSON objects (anything else cannot be cached)."""
    if isinstance(value, dt.datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, dt.date):
        return {"$date": value.isoformat()}
    raise TypeError(f"{type(value).__name__} is not cached")


def _decode(obj: dict[str, Any]) -> Any:
    if len(obj) == 1:
        if isinstance(value := obj.get("$datetime"), str):
            return dt.datetime.fromisoformat(value)
        if isinstance(value := obj.get("$date"), str):
            return dt.date.fromisoformat(value)
    return obj


def _dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=False, default=_encode)


def _loads(text: str | bytes) -> Any:
    return json.loads(text, object_hook=_decode)


def _as_json(value: Any) -> Any:
    """A copy of ``value`` through the cache's JSON, or None when it would not come back
    exactly (tuples, sets, non-string keys, a mapping that looks like a tagged date)."""
    try:
        copy = _loads(_dumps(value))
    except (TypeError, ValueError, RecursionError):
        return None
    return copy if copy == value and repr(copy) == repr(value) else None


def skill_fields(skill: Skill, first: int) -> dict[str, Any] | None:
    """What parsing and checking gave ``skill`` as JSON data (its diagnostics from index
    ``first`` on: those before came from discovery, which always runs), or None when its
    frontmatter cannot be held exactly."""
    frontmatter, lines = _as_json(skill.frontmatter), _as_json(skill.lines)
    if frontmatter is None or lines is None:
        return None
    return {
        "frontmatter": frontmatter,
        "lines": lines,
        "body_line": skill.body_line,
        "body_size": body_length(skill),
        "outline": skill.outline,
        "files": [[f.relpath, f.category, f.size, f.is_text, f.executable, f.has_shebang]
                  for f in skill.files],
        "files_truncated": skill.files_truncated,
        "source": [skill.source.bom, skill.source.crlf, skill.source.lone_cr],
        "parsed": skill.parsed,
        "diagnostics": [_diagnostic_row(d) for d in skill.diagnostics[first:]],
    }


def _restored(found: SkillFolder, print_: str, f: Mapping[str, Any], max_skill_md_bytes: int
              ) -> Skill | None:
    """The skill of ``found`` from the fields ``f`` kept for it, or None when they do not
    make one."""
    try:
        source = SourceInfo(*f["source"])
        body_line, body_size = int(f["body_line"]), int(f["body_size"])
        diagnostics = tuple(_diagnostic(row, found.skill_md) for row in f["diagnostics"])
        inventory = tuple(SkillFile(*row) for row in f["files"])
        frontmatter, lines = dict(f["frontmatter"]), dict(f["lines"])
        kept_outline = f["outline"]
        if not isinstance(kept_outline, str):
            raise TypeError(kept_outline)
        body: bytes | DeferredBody = (
            DeferredBody.of(found, body_line, source, body_size, max_skill_md_bytes)
            if body_size else b"")
        return Skill(found.root, found.dir, found.skill_md, frontmatter, lines, body, body_line,
                     inventory, bool(f["files_truncated"]), source, bool(f["parsed"]),
                     found.nested_in, found.diagnostics + diagnostics, print_,
                     outline=kept_outline)
    except (OSError, TypeError, ValueError, KeyError, IndexError, AttributeError,
            RecursionError):
        return None


def _diagnostic_row(d: Diagnostic) -> list[Any]:
    return [d.code, int(d.severity), d.message, None if d.file is None else str(d.file),
            d.line, d.column]


def _diagnostic(row: list[Any], skill_md: Path) -> Diagnostic:
    code, severity, message, file, line, column = row
    path = None if file is None else skill_md if file == str(skill_md) else Path(file)
    return Diagnostic(str(code), Severity(severity), str(message), path, line, column)


@dc.dataclass(slots=True, frozen=True)
class DeferredBody:
    """A skill's body left in its SKILL.md, read each time it is asked for
    (:attr:`Skill.held_body`):
    the bytes after line ``body_line`` when the file was taken as it is (no line endings
    rewritten) and they have the recorded ``size``, else what decoding and splitting the file
    give, as parsing did. Should SKILL.md have changed since the load (an edit while the site
    is written), that is the body it holds now: the next load sees the change and parses the
    file again."""

    skill_md: Path
    body_line: int
    source: SourceInfo
    size: int
    """The body's length in bytes (UTF-8)."""
    limit: int
    """How much of SKILL.md is read (``limits.max_skill_md_bytes``)."""
    root: str
    """The library root, which SKILL.md is read without leaving
    (:func:`~skill_catalog.fs.safe_fs.open_inside`: a file or folder swapped for a link out of
    the library gives no body)."""

    @classmethod
    def of(cls, skill: Skill | SkillFolder, body_line: int, source: SourceInfo, size: int,
           limit: int) -> DeferredBody:
        return cls(skill.skill_md, body_line, source, size, limit, str(skill.root))

    def __call__(self) -> bytes:
        try:
            data, truncated = read_limited_inside(self.root, self.skill_md, self.limit)
        except OSError:
            return b""
        return self.from_content(data, truncated)

    def from_content(self, data: bytes, truncated: bool = False) -> bytes:
        """The body in ``data``, the content of SKILL.md (its first ``limit`` bytes and
        whether there are more), as :meth:`__call__` gives it: for a caller that read the file
        already (a build publishing the skill's files), so that it is not read again."""
        if len(data) > self.limit:
            data, truncated = data[:self.limit], True
        source = self.source
        if not truncated and not (source.crlf or source.lone_cr):
            offset = 3 if source.bom else 0
            for _ in range(self.body_line - 1):
                offset = data.find(b"\n", offset) + 1
                if offset == 0:
                    break
            else:
                if len(data) - offset == self.size:
                    return data[offset:]
        decoded = decode(data)
        parts = None if isinstance(decoded, DecodeProblem) else split(decoded.text)
        if parts is None or isinstance(parts, SplitProblem):
            return b""
        return parts.body.encode("utf-8", "surrogatepass")


def defer_body(skill: Skill, limit: int) -> Skill:
    """``skill`` (just parsed) without its body, with its outline (which the search index
    needs of every skill): the body is read again from SKILL.md when asked for. A build needs
    the bodies one at a time (a skill's pages), and 10,000 skills hold about 95 MB of them."""
    held = skill.held_body
    if not isinstance(held, bytes):
        return skill
    kept = outline(held.decode("utf-8", "surrogatepass"))
    if not held:
        return dc.replace(skill, outline=kept)
    return dc.replace(skill, outline=kept, held_body=DeferredBody.of(
        skill, skill.body_line, skill.source, len(held), limit))


def body_length(skill: Skill) -> int:
    """The length of the body in bytes, without reading a deferred one."""
    held = skill.held_body
    return held.size if isinstance(held, DeferredBody) else len(skill.body_utf8)


@dc.dataclass(slots=True)
class CacheEntry:
    """What the cache holds for one skill folder."""

    fingerprint: str
    files: list[FileRecord]
    """The folder's files when the fingerprint was taken (for the next one)."""
    probes: list[Probe]
    """Paths looked up outside the folder's files, with the answer each got."""
    fields: dict[str, Any]
    """What parsing and the skill rules gave, as JSON data."""
    span: tuple[int, int] | None = None
    """Where the cache file it was read from holds it, while it is unchanged (copied from
    there when the cache is written: encoding is most of the cost of writing it)."""


@dc.dataclass(slots=True)
class SkillCache:
    """Parse-and-check results by skill folder; see the module docstring."""

    settings: str = ""
    entries: dict[str, CacheEntry] = dc.field(default_factory=dict)
    used: set[str] = dc.field(default_factory=set)
    """Folders looked up or stored since :meth:`begin` (the others are dropped on save)."""
    hits: int = 0
    """Skills restored from the cache since :meth:`begin`."""
    source: EarlierFile | None = None
    """The file the entries were read from (see :attr:`CacheEntry.span`)."""
    folder: CacheFolder | None = None
    """The cache folder shared by every command (:mod:`skill_catalog.pipeline.cache_folder`),
    where what the entries by folder miss is looked up by content, and every new result
    stored."""
    follow: Any = None
    """In memory only: a :class:`skill_catalog.pipeline.watched.Watched`, set by a process
    that watches its library (``serve``, ``mcp``), with which a load walks and checks again
    only the skill folders its watcher reported changed."""

    def begin(self, settings: str) -> None:
        """Start a load with these settings (a change empties the cache)."""
        if settings != self.settings:
            self.settings, self.entries = settings, {}
        self.used, self.hits = set(), 0

    def known_files(self, folder: Path) -> dict[str, FileRecord]:
        """The files of ``folder`` as the cached fingerprint saw them, by path."""
        entry = self.entries.get(str(folder))
        if entry is None:
            return {}
        try:
            return {str(record[0]): record for record in entry.files if len(record) == 8}
        except TypeError:
            return {}

    def restore(self, found: SkillFolder, print_: str, files: list[FileRecord],
                max_skill_md_bytes: int) -> Skill | None:
        """The skill of ``found`` as the cache holds it, if its folder's content is unchanged
        (``print_``, from :func:`fingerprint` with ``files``); else None. What the entries
        by folder do not hold is looked up in the cache folder, by content (:attr:`folder`)."""
        folder = str(found.dir)
        self.used.add(folder)
        entry = self.entries.get(folder)
        if entry is None or entry.fingerprint != print_ or not unchanged(entry.probes):
            found_in_folder = self.from_folder(found, print_)
            if found_in_folder is None:
                return None
            entry = self.entries[folder] = CacheEntry(print_, files, *found_in_folder)
        skill = _restored(found, print_, entry.fields, max_skill_md_bytes)
        if skill is None:
            return None
        if files != entry.files:  # the same content, under new inodes or times
            entry.files, entry.span = files, None
        self.hits += 1
        return skill

    def from_folder(self, found: SkillFolder, print_: str
                    ) -> tuple[list[Probe], dict[str, Any]] | None:
        """The probes and fields the cache folder holds for ``found`` with content
        ``print_``, while every probe gets the same answer; else None."""
        if self.folder is None:
            return None
        payload = self.folder.get(self.folder_key(found, print_))
        if payload is None:
            return None
        try:
            probes_row, fields = _loads(payload)
            probes = [(str(p), bool(e)) for p, e in probes_row]
            if not isinstance(fields, dict) or not unchanged(probes):
                return None
        except (ValueError, TypeError, RecursionError):
            return None
        return probes, fields

    def folder_skill(self, found: SkillFolder, print_: str, max_skill_md_bytes: int
                     ) -> tuple[Skill, list[Probe]] | None:
        """The skill of ``found`` (content ``print_``) and its probes from the cache folder
        only (a child process of a load, whose entries by folder are its parent's)."""
        held = self.from_folder(found, print_)
        if held is None:
            return None
        skill = _restored(found, print_, held[1], max_skill_md_bytes)
        return None if skill is None else (skill, held[0])

    def folder_key(self, found: SkillFolder | Skill, print_: str) -> str:
        """The cache folder's key for ``found`` with content ``print_``
        (:func:`~skill_catalog.pipeline.cache_folder.entry_key`)."""
        return entry_key(self.settings, found.root, found.dir, found.nested_in, print_)

    def store(self, skill: Skill, print_: str, files: list[FileRecord], probes: list[Probe],
              first: int, to_folder: bool = True) -> None:
        """Remember what parsing and checking gave ``skill``: its fields, and its diagnostics
        from index ``first`` on (those before came from discovery, which always runs); in the
        cache folder too, unless ``to_folder`` is False (a child process stored it there)."""
        folder = str(skill.dir)
        self.used.add(folder)
        fields = skill_fields(skill, first)
        if fields is None:
            self.entries.pop(folder, None)
            return
        self.entries[folder] = CacheEntry(print_, files, probes, fields)
        if to_folder:
            self.to_folder(skill, print_, probes, fields)

    def to_folder(self, skill: Skill, print_: str, probes: list[Probe],
                  fields: dict[str, Any]) -> None:
        """Store ``fields`` and ``probes`` in the cache folder (if any) under ``skill``'s key."""
        if self.folder is not None:
            payload = _dumps([probes, fields]).encode("ascii")
            self.folder.put(self.folder_key(skill, print_), payload)

    @classmethod
    def read(cls, path: Path, owner: object = None) -> SkillCache:
        """The cache saved at ``path`` (an empty one if there is none or it is unusable).

        :param owner: what the cache must have been bound to (:meth:`bind`), e.g. the identity
            of the site it was made for; None accepts any cache.
        """
        try:
            with opened_regular(path, os.O_RDONLY) as handle:  # no link, FIFO or device
                identity = EarlierFile.identity_of(os.fstat(handle.fileno()))
                text = handle.read().decode("ascii")
            data = _loads(text)
            if data.get("format") != FORMAT or (owner is not None and data.get("owner") != owner):
                return cls()
            entries = {str(folder): CacheEntry(str(row[0]), list(row[1]),
                                          [(str(p), bool(e)) for p, e in row[2]], dict(row[3]))
                       for folder, row in data["skills"].items()}
            _take_spans(text, entries)
            return cls(str(data["settings"]), entries, source=EarlierFile(path, identity))
        except (OSError, OutputError, ValueError, TypeError, KeyError, AttributeError,
                IndexError, RecursionError):
            return cls()

    def drop_unused(self) -> None:
        """Keep only the entries used since :meth:`begin`, in order: what :meth:`write` saves,
        and what a cache kept in memory instead holds."""
        self.entries = {folder: self.entries[folder]
                        for folder in sorted(self.used & self.entries.keys())}

    @staticmethod
    def bind(path: Path, owner: object) -> None:
        """Record in the cache saved at ``path`` what it belongs to (see :meth:`read`)."""
        with opened_regular(path, os.O_RDWR) as handle:  # never through a link
            handle.seek(-3, os.SEEK_END)
            if handle.read() == b"}}\n":
                handle.seek(-2, os.SEEK_END)
                handle.write(f', "owner": {_dumps(owner)}}}\n'.encode("ascii", "backslashreplace"))

    def write(self, path: Path) -> None:
        """Save the entries used since :meth:`begin` to ``path`` (replaced atomically, never
        written through a link: :func:`~skill_catalog.fs.safe_write.replace_file`)."""
        self.drop_unused()

        def write(binary: BinaryIO) -> None:
            handle = io.TextIOWrapper(binary, encoding="ascii", write_through=True)
            try:
                handle.write(f'{{"format": {FORMAT}, "settings": {json.dumps(self.settings)}, '
                             '"skills": {')
                first = True
                for folder, entry in self.entries.items():
                    line = earlier_text(self.source, entry.span)
                    if line is None:
                        row = [entry.fingerprint, entry.files, entry.probes, entry.fields]
                        line = json.dumps(folder) + ": " + _dumps(row)
                    handle.write(("\n" if first else ",\n") + line)
                    first = False
                handle.write("\n}}\n")
            finally:
                handle.detach()  # the binary file is closed by its owner

        try:
            replace_file(path, write)
        finally:
            self.close()

    def close(self) -> None:
        """Let go of the file the entries were read from (nothing is copied from it after)."""
        if self.source is not None:
            self.source.close()
            self.source = None


def _take_spans(text: str, entries: Mapping[str, CacheEntry]) -> None:
    """Give each entry read from ``text`` (ASCII: a character is a byte) where its line lies
    (see :meth:`SkillCache.write`: one entry a line, in the order read; a string cannot hold a
    line break)."""
    spans: list[tuple[int, int]] = []
    start = text.find("\n") + 1
    for folder in entries:
        end = text.find("\n", start)
        if start == 0 or end < 0 or not text.startswith(json.dumps(folder) + ": ", start):
            return
        spans.append((start, end - 1 if text[end - 1] == "," else end))
        start = end + 1
    if not text.startswith("}", start):
        return
    for entry, span in zip(entries.values(), spans, strict=True):
        entry.span = span


__all__ = ["SkillCache", "fingerprint", "settings_key", "source_digest"]
