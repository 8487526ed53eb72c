"""A skill's published bundle, and deterministic zips of it.

The *bundle* is the list of files every copy of a skill carries (the zips, the well-known
folders, the digests): the files of the skill's inventory (``skill.files``, which never leaves
the skill folder), with the skill's own ``SKILL.md`` (or lowercase ``skill.md``) named
``SKILL.md``. A file is left out, with a reason, when its name could not be unpacked safely
everywhere (a backslash, a control character, a name that is not UTF-8, two names that differ
only in letter case) or when it cannot be opened as a regular file inside the library root.

Zips are byte-identical for the same input: entries sorted by name, every timestamp
1980-01-01 00:00, Unix permissions 0644 (0755 for executables), no extra fields, no directory
entries, no comment, deflated with zlib's default level. File contents are streamed from disk.
"""

from __future__ import annotations

import dataclasses as dc
import functools
import os
import shutil
import stat
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, BinaryIO

from skill_catalog.discovery.walk import is_within
from skill_catalog.model import Skill, SkillFile
from skill_catalog.safe_fs import UnsafeFile
from skill_catalog.site.context import SiteContext
from skill_catalog.site.output import OutputError, OutputTree

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
"""The earliest time a zip can record; used for every entry."""
_UNIX = 3
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


@functools.lru_cache(maxsize=4096)
def _realpath(path: str) -> str:
    """Real paths of folders, cached: a build opens thousands of files in few folders."""
    return os.path.realpath(path)


def clear_path_cache() -> None:
    """Forget cached folder real paths (each build starts afresh: folders may have changed)."""
    _realpath.cache_clear()


@contextmanager
def open_source(skill: Skill, relpath: str) -> Iterator[BinaryIO]:
    """Open ``relpath`` of ``skill`` for reading, only if it is a regular file whose real path
    lies inside the skill's library root (the walk's own containment rule).

    :raises UnsafeFile: a special file, or a path leaving the root.
    :raises OSError: the file cannot be opened.
    """
    if not _plain_relative(relpath):
        raise UnsafeFile(f"{relpath}: not a plain relative path")
    folder, _sep, name = relpath.rpartition("/")
    real = os.path.join(_realpath(os.path.join(str(skill.dir), folder)), name)
    if os.path.islink(real):
        real = os.path.realpath(real)
    if not is_within(real, _realpath(str(skill.root))):
        raise UnsafeFile(f"{relpath} resolves outside the library root")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(real, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafeFile(f"{relpath} is not a regular file")
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


def bundle(skill: Skill) -> Bundle:
    """What every published copy of ``skill`` holds, and what it leaves out and why."""
    own = skill.skill_md.relative_to(skill.dir).as_posix()
    chosen: dict[str, BundleFile] = {}
    omitted: list[Omitted] = []
    ordered = sorted(skill.files, key=lambda f: (f.relpath != own, f.relpath))
    for item in ordered:
        name = "SKILL.md" if item.relpath == own else item.relpath
        reason = name_problem(item.relpath) or _readable(skill, item.relpath)
        clash = chosen.get(name.casefold())
        if reason is None and clash is not None:
            reason = (f"its name differs from {clash.file.relpath} only in letter case; "
                      "macOS and Windows cannot hold both")
        if reason is None:
            chosen[name.casefold()] = BundleFile(name, item)
        else:
            omitted.append(Omitted(item.relpath, reason))
    files = sorted(chosen.values(), key=lambda f: f.name.encode("utf-8"))
    return Bundle(skill, tuple(files), tuple(omitted))


def copy_stream(source: BinaryIO, target: IO[bytes]) -> None:
    shutil.copyfileobj(source, target, _CHUNK)


def write_zip(target: IO[bytes], skill: Skill, files: Sequence[BundleFile], prefix: str) -> None:
    """Write a deterministic zip of ``files`` into the seekable ``target``, each entry named
    ``prefix + name``."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for item in files:
            info = zipfile.ZipInfo(prefix + item.name, date_time=ZIP_EPOCH)
            info.create_system = _UNIX
            info.compress_type = zipfile.ZIP_DEFLATED
            mode = 0o755 if item.file.executable else 0o644
            info.external_attr = (stat.S_IFREG | mode) << 16
            try:
                with open_source(skill, item.file.relpath) as source:
                    info.file_size = os.fstat(source.fileno()).st_size
                    with archive.open(info, "w") as entry:
                        copy_stream(source, entry)
            except OSError as exc:
                raise SourceError(f"{skill.dir}: cannot publish {item.file.relpath}: "
                                  f"{exc.strerror or exc}") from exc


def archive_prefix(skill: Skill) -> str:
    """The folder at the root of a skill's zip: its name (valid skills have one), as Claude.ai's
    "Upload skill" expects."""
    return (skill.name or skill.dir.name) + "/"


def write_archives(ctx: SiteContext, out: OutputTree) -> None:
    """``skills/<slug>.zip`` for every valid skill: the bundle inside a ``<name>/`` folder."""
    for site_skill in ctx.published:
        skill_bundle = bundle(site_skill.skill)
        if not skill_bundle.complete:
            raise SourceError(f"{site_skill.skill.skill_md}: cannot be read any more")
        with out.open(site_skill.archive) as handle:
            write_zip(handle, site_skill.skill, skill_bundle.files,
                      archive_prefix(site_skill.skill))


def read_written(out: OutputTree, relpath: str) -> Path:
    """The file ``relpath`` already written into ``out`` (to hash the bytes that are served)."""
    if not out.exists(relpath):
        raise OutputError(f"{relpath} has not been written yet; write_archives must run first")
    return out.root / relpath
