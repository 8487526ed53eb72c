"""A skill's published bundle, and reading its files safely.

The *bundle* is the list of files every copy of a skill carries (the zips, the well-known
folders, the digests): the files of the skill's inventory (``skill.files``, which never leaves
the skill folder), with the skill's own ``SKILL.md`` (or lowercase ``skill.md``) named
``SKILL.md``. A file is left out, with a reason, when its name could not be unpacked safely
everywhere (a backslash, a control character, a name that is not UTF-8, two names that differ
only in letter case) or when it cannot be opened as a regular file inside the library root.

The zips of a bundle are written by :mod:`skill_catalog.site.publish.copies` with
:mod:`skill_catalog.site.publish.zips`.
"""

from __future__ import annotations

import dataclasses as dc
import os
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import IO, BinaryIO

from skill_catalog.fs.names import name_key
from skill_catalog.fs.safe_fs import UnsafeFile, open_inside
from skill_catalog.model import Skill, SkillFile
from skill_catalog.site.write.output import OutputError

_CHUNK = 1 << 20


class SourceError(OutputError):
    """A skill file changed or became unsafe to read while the site was being written."""


@dc.dataclass(slots=True, frozen=True)
class BundleFile:
    name: str
    """Path inside the bundle (``/``-separated): the relpath, or ``SKILL.md``."""
    file: SkillFile


@dc.dataclass(slots=True, frozen=True)
class Omitted:
    relpath: str
    reason: str


@dc.dataclass(slots=True, frozen=True)
class Bundle:
    skill: Skill
    files: tuple[BundleFile, ...]
    """Sorted by name (UTF-8 byte order)."""
    omitted: tuple[Omitted, ...]

    @property
    def only_skill_md(self) -> bool:
        return len(self.files) == 1

    @property
    def complete(self) -> bool:
        """True when ``SKILL.md`` is in the bundle (it can only be missing if it became
        unreadable after the library was loaded)."""
        return any(item.name == "SKILL.md" for item in self.files)


def name_problem(relpath: str) -> str | None:
    """Why ``relpath`` cannot be an entry name that unpacks safely everywhere, or None."""
    try:
        relpath.encode("utf-8")
    except UnicodeEncodeError:
        return "its name is not valid UTF-8"
    if "\\" in relpath:
        return "its name holds a backslash, which Windows tools read as a folder separator"
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in relpath):
        return "its name holds a control character"
    if not _plain_relative(relpath):
        return "its path is not a plain relative path"
    return None


def _plain_relative(relpath: str) -> bool:
    """No absolute path, no empty, ``.`` or ``..`` segment."""
    return all(part not in ("", ".", "..") for part in relpath.split("/"))


@contextmanager
def open_source(skill: Skill, relpath: str) -> Iterator[BinaryIO]:
    """Open ``relpath`` of ``skill`` for reading, only if it is a regular file inside the
    skill's library root, reached without leaving the root or passing through a folder the
    walk skips (:func:`~skill_catalog.fs.safe_fs.open_inside`: each component is opened without
    following a link, so a folder swapped for a link out of the root after the walk is
    refused, not read).

    :raises UnsafeFile: a special file, or a path leaving the root.
    :raises OSError: the file cannot be opened.
    """
    if not _plain_relative(relpath):
        raise UnsafeFile(f"{relpath}: not a plain relative path")
    fd, _names = open_inside(skill.root, os.path.join(str(skill.dir), relpath))
    try:
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle


def _readable(skill: Skill, relpath: str) -> str | None:
    try:
        with open_source(skill, relpath):
            return None
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"


def bundle(skill: Skill, unreadable: Mapping[str, str | None] | None = None) -> Bundle:
    """What every published copy of ``skill`` holds, and what it leaves out and why.

    :param unreadable: why each file cannot be read (None for readable ones), when the caller
        has read them already; by default each file is opened to find out.
    """
    own = skill.skill_md.relative_to(skill.dir).as_posix()
    chosen: dict[str, BundleFile] = {}
    omitted: list[Omitted] = []
    ordered = sorted(skill.files, key=lambda f: (f.relpath != own, f.relpath))
    for item in ordered:
        name = "SKILL.md" if item.relpath == own else item.relpath
        reason = name_problem(item.relpath) or (
            _readable(skill, item.relpath) if unreadable is None else unreadable[item.relpath])
        clash = chosen.get(name_key(name))
        if reason is None and clash is not None:
            reason = (f"its name differs from {clash.file.relpath} only in letter case or "
                      "Unicode normalisation; macOS and Windows cannot hold both")
        if reason is None:
            chosen[name_key(name)] = BundleFile(name, item)
        else:
            omitted.append(Omitted(item.relpath, reason))
    files = sorted(chosen.values(), key=lambda f: f.name.encode("utf-8"))
    return Bundle(skill, tuple(files), tuple(omitted))


def copy_stream(source: BinaryIO, target: IO[bytes]) -> None:
    shutil.copyfileobj(source, target, _CHUNK)


def archive_prefix(skill: Skill) -> str:
    """The folder at the root of a skill's zip: its name (valid skills have one), as Claude.ai's
    "Upload skill" expects."""
    return (skill.name or skill.dir.name) + "/"
