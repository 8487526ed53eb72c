"""A skill's files, read once for every copy the site makes of them.

The raw copies, the file pages, both zips, the well-known copies and the SHA-256 digests of a
skill all come from one read of each file, so every copy holds the same bytes even if the
library changes during the build. Files up to :data:`SMALL` bytes are kept in memory for the
skill's turn; larger ones are never read whole: one streaming pass gives their digest and
UTF-8 check, and each copy streams them from disk again in chunks of at most :data:`CHUNK`.
Every read goes through :func:`~skill_catalog.site.publish.archive.open_source` (regular files
inside the library root only).
"""

from __future__ import annotations

import codecs
import dataclasses as dc
import hashlib
import io
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import BinaryIO

from skill_catalog.fs.names import name_key
from skill_catalog.model import Skill, SkillFile
from skill_catalog.site.publish import archive
from skill_catalog.site.publish.active_content import raw_name
from skill_catalog.site.write.output import OutputTree

CHUNK = 1 << 20
SMALL = CHUNK
"""Files at most this long are read into memory once; longer ones are streamed."""


@dc.dataclass(slots=True, frozen=True)
class Source:
    """One file of a skill as this build read it."""

    file: SkillFile
    data: bytes | None
    """The whole content (files of at most :data:`SMALL` bytes), else None."""
    size: int
    sha256: str | None
    """Hex SHA-256 of the content; None when the file could not be read."""
    utf8: bool
    error: str | None = None
    """Why the file could not be read (None when it was)."""

    @property
    def relpath(self) -> str:
        return self.file.relpath

    @contextmanager
    def open(self, skill: Skill) -> Iterator[BinaryIO]:
        """The content as a binary stream (from memory, or from disk again for large files)."""
        if self.data is not None:
            yield io.BytesIO(self.data)
            return
        with archive.open_source(skill, self.relpath) as handle:
            yield handle

    def head(self, skill: Skill, limit: int) -> bytes:
        """At most ``limit`` bytes from the start, read in chunks of at most :data:`CHUNK`."""
        if self.data is not None:
            return self.data[:limit]
        parts: list[bytes] = []
        with self.open(skill) as handle:
            while limit > 0 and (chunk := handle.read(min(CHUNK, limit))):
                parts.append(chunk)
                limit -= len(chunk)
        return b"".join(parts)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def read_source(skill: Skill, item: SkillFile) -> Source:
    """Read ``item`` of ``skill`` once (see the module docstring)."""
    try:
        with archive.open_source(skill, item.relpath) as handle:
            first = handle.read(CHUNK)
            if len(first) < CHUNK:  # a short read of a regular file: its end
                return Source(item, first, len(first), hashlib.sha256(first).hexdigest(),
                              _is_utf8(first))
            digest = hashlib.sha256(first)
            decoder = codecs.getincrementaldecoder("utf-8")()
            utf8, size, chunk = True, 0, first
            while chunk:
                digest.update(chunk)
                size += len(chunk)
                if utf8:
                    try:
                        decoder.decode(chunk)
                    except UnicodeDecodeError:
                        utf8 = False
                chunk = handle.read(CHUNK)
            if utf8:
                try:
                    decoder.decode(b"", final=True)
                except UnicodeDecodeError:
                    utf8 = False
            return Source(item, None, size, digest.hexdigest(), utf8)
    except OSError as exc:
        return Source(item, None, 0, None, False, f"it cannot be read ({exc.strerror or exc})")


def write_copy(out: OutputTree, relpath: str, skill: Skill, source: Source) -> None:
    """Write the bytes of ``source`` to ``relpath`` in ``out`` (streamed for large files).

    :raises OSError: a large file could not be read again.
    """
    if source.data is not None:
        out.write_bytes(relpath, source.data)
        return
    with source.open(skill) as stream, out.open(relpath) as target:
        while chunk := stream.read(CHUNK):
            target.write(chunk)


def read_sources(skill: Skill) -> dict[str, Source]:
    """Every file of the skill's inventory, by relpath, in inventory order."""
    return {item.relpath: read_source(skill, item) for item in skill.files}


def _name_problem(relpath: str, raw_rel: str, claimed: dict[str, str]) -> str | None:
    """Why a skill file cannot get its own output files (its raw copy ``<raw_rel>``, its
    page ``files/<relpath>.html``), or None; ``claimed`` maps the case-folded raw names already
    given out to their files (case-insensitive file systems would merge two names that differ
    only in case). Files come in inventory order (sorted), so the same file wins every build."""
    problem = archive.name_problem(relpath)
    if problem is not None:
        return problem
    key = name_key(raw_rel)
    if key in claimed:
        return (f"its published name would clash with that of {claimed[key]} (names that differ"
                " only in letter case or Unicode normalisation, or a .txt copy of an HTML, SVG,"
                " XML or script file); the site keeps the first")
    claimed[key] = relpath
    return None


def write_raw_copies(out: OutputTree, folder: str, skill: Skill, sources: Mapping[str, Source],
                     left_out: Callable[[SkillFile, str], None],
                     names: Mapping[str, str] | None = None) -> dict[str, str]:
    """Copy every file of the skill into ``folder`` (``skills/<slug>/raw/``, or a listed
    skill's ``.well-known/skills/<name>/``) under the name ``names`` gives it (the v0.1 name
    of a file that folder serves), else under :func:`raw_name` (HTML, SVG, XML and scripts
    under a ``.txt`` name: served as they are, they would run on the site's origin); return
    each copied file's name below ``folder``, by relpath. A file that cannot be published is
    passed to ``left_out`` with the reason."""
    copies: dict[str, str] = {}
    names = names or {}
    # The names given come first: the folder serves them under those names (the bundle has
    # checked them already, case clashes included).
    claimed = {name_key(name): relpath for relpath, name in names.items()}
    for item in skill.files:
        source = sources[item.relpath]
        given = names.get(item.relpath)
        if given is not None:
            raw_rel, problem = given, source.error
        else:
            raw_rel = raw_name(item.relpath)
            problem = _name_problem(item.relpath, raw_rel, claimed) or source.error
        if problem is None:
            try:
                write_copy(out, folder + raw_rel, skill, source)
            except OSError as exc:
                problem = exc.strerror or str(exc)
            else:
                copies[item.relpath] = raw_rel
        if problem is not None:
            left_out(item, problem)
    return copies
