"""Reading one file of a skill, as an agent's skill tool would, without ever leaving its folder.

A requested path is refused when it is absolute, holds ``..``, a backslash or a NUL byte (also
once percent-decoded), resolves - through symlinks too - outside the skill folder or through a
folder the walk skips (``.git``, ``node_modules``...), names a folder or a special file (FIFO,
device, socket), is larger than the size bound, or (unless asked for) holds binary data. By
default only ``SKILL.md`` and files under ``references/``, ``assets/`` and ``scripts/`` may be
read, the areas openseed's ``get_skill_asset`` allows, and that holds for where a file really
is: ``references/x``, a link to ``../notes/x``, is refused too. The file is opened component
by component (:func:`~skill_catalog.fs.safe_fs.open_inside`): what is checked is what is read.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote

from skill_catalog.errors import NotFound
from skill_catalog.fs.safe_fs import (
    IsFolder,
    LeavesFolder,
    SkippedFolder,
    UnsafeFile,
    open_inside,
    read_at_most,
)
from skill_catalog.model import Skill

AREAS = ("references", "assets", "scripts")
"""The folders a skill's files may be read from by default."""
MAX_FILE_BYTES = 1024 * 1024
"""Largest file read by default (1 MiB)."""
_DRIVE = re.compile(r"^[A-Za-z]:")


class FileRefused(NotFound, ValueError):
    """The file cannot be given out; the message says why and what to do instead."""


class TooLarge(FileRefused):
    """The file is larger than the size bound (``size``: its size, or more)."""

    def __init__(self, message: str, size: int) -> None:
        super().__init__(message)
        self.size = size


def _decodings(relpath: str) -> list[str]:
    """``relpath`` and each successive percent-decoding of it (``%252e`` -> ``%2e`` -> ``.``)."""
    forms = [relpath]
    for _ in range(4):
        decoded = unquote(forms[-1])
        if decoded == forms[-1]:
            break
        forms.append(decoded)
    return forms


def check_relpath(relpath: str) -> tuple[str, ...]:
    """The parts of ``relpath`` (a path relative to the skill folder, ``/``-separated), or
    :class:`FileRefused` when it could point anywhere but inside the folder."""
    if not relpath.strip():
        raise FileRefused("empty path: give a path relative to the skill folder")
    for form in _decodings(relpath):
        encoded = " (percent-encoded)" if form != relpath else ""
        if "\x00" in form:
            raise FileRefused(f"refused {relpath!r}: NUL byte in the path{encoded}")
        if "\\" in form:
            raise FileRefused(f"refused {relpath!r}: backslash in the path{encoded}; "
                              "separate folders with '/'")
        if form.startswith(("/", "~")) or _DRIVE.match(form):
            raise FileRefused(f"refused {relpath!r}: absolute path{encoded}; give a path "
                              "relative to the skill folder")
        if ".." in form.split("/"):
            raise FileRefused(f"refused {relpath!r}: '..' leaves the skill folder{encoded}")
    parts = tuple(p for p in relpath.split("/") if p not in ("", "."))
    if not parts:
        raise FileRefused(f"refused {relpath!r}: that is the skill folder itself, not a file")
    return parts


def _in_areas(skill: Skill, parts: tuple[str, ...]) -> bool:
    if len(parts) == 1:
        return parts[0] == skill.skill_md.name
    return parts[0] in AREAS


def _areas_refusal(skill: Skill, relpath: str) -> FileRefused:
    return FileRefused(f"refused {relpath!r}: only {skill.skill_md.name} and files under "
                       f"{', '.join(a + '/' for a in AREAS)} can be read (--any-path lifts "
                       "this)")


def _open(skill: Skill, relpath: str, any_path: bool) -> int:
    """The open descriptor of file ``relpath`` of ``skill``, after every check but size and
    content. The path is opened component by component inside the skill folder
    (:func:`~skill_catalog.fs.safe_fs.open_inside`), so the checks hold for the file that is
    read, through symbolic links and whatever changes meanwhile: it is a regular file inside
    the folder, in no folder the walk skips, and (unless ``any_path``) where it really is, not
    only where its path points, it lies in SKILL.md or an allowed folder."""
    parts = check_relpath(relpath)
    if not any_path and not _in_areas(skill, parts):
        raise _areas_refusal(skill, relpath)
    try:
        fd, names = open_inside(os.path.abspath(skill.dir), "/".join(parts))
    except FileNotFoundError:
        raise FileRefused(f"no file {relpath!r} in skill {skill.key!r}") from None
    except LeavesFolder:
        raise FileRefused(f"refused {relpath!r}: it resolves outside the skill folder "
                          "(through a symbolic link)") from None
    except SkippedFolder as exc:
        raise FileRefused(f"refused {relpath!r}: {exc.args[0].partition(': ')[2]}") from None
    except IsFolder:
        raise FileRefused(f"refused {relpath!r}: it is a folder (list files with "
                          "'skill-catalog files')") from None
    except UnsafeFile:
        raise FileRefused(f"refused {relpath!r}: not a regular file (FIFO, device or "
                          "socket)") from None
    except OSError as exc:
        raise FileRefused(f"cannot read {relpath!r}: {exc.strerror or exc}") from None
    if not any_path and not _in_areas(skill, names):
        os.close(fd)
        raise FileRefused(f"refused {relpath!r}: it is a symbolic link to "
                          f"{'/'.join(names)}, which is not {skill.skill_md.name} or under "
                          f"{', '.join(a + '/' for a in AREAS)} (--any-path lifts this)")
    return fd


def locate(skill: Skill, relpath: str, *, any_path: bool = False) -> Path:
    """The absolute path of file ``relpath`` of ``skill`` (symlinks kept, as listed), after
    every check but size and content (see :func:`read_bytes`). ``any_path`` lifts the default
    restriction to SKILL.md, ``references/``, ``assets/`` and ``scripts/``."""
    os.close(_open(skill, relpath, any_path))
    return Path(os.path.abspath(skill.dir)).joinpath(*check_relpath(relpath))


def read_bytes(skill: Skill, relpath: str, *, any_path: bool = False,
               max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of file ``relpath`` of ``skill``, binary or not, at most ``max_bytes``."""
    fd = _open(skill, relpath, any_path)
    try:
        size = os.fstat(fd).st_size
        if size > max_bytes:
            raise TooLarge(f"refused {relpath!r}: {size:,} bytes is more than the "
                           f"limit of {max_bytes:,} (--max-bytes)", size)
        data = read_at_most(fd, max_bytes + 1)
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise TooLarge(f"refused {relpath!r}: more than the limit of {max_bytes:,} bytes "
                       "(--max-bytes)", len(data))
    return data


def is_binary(data: bytes) -> bool:
    """True when ``data`` holds a NUL byte or is not UTF-8."""
    if b"\x00" in data:
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def read_text(skill: Skill, relpath: str, *, any_path: bool = False,
              max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of file ``relpath`` of ``skill``; binary files are refused."""
    data = read_bytes(skill, relpath, any_path=any_path, max_bytes=max_bytes)
    if is_binary(data):
        raise FileRefused(f"refused {relpath!r}: binary file (NUL bytes or not UTF-8); "
                          "--binary writes its bytes as they are")
    return data.decode("utf-8")


def file_path(skill: Skill, relpath: str, *, any_path: bool = False) -> Path:
    """The absolute path of file ``relpath`` of ``skill`` (e.g. a script to run), checked as
    :func:`read_bytes` checks it, without reading it."""
    return locate(skill, relpath, any_path=any_path)


def inside(skill: Skill, relpath: str) -> bool:
    """True when listed file ``relpath`` really lies inside the skill folder (a symlink in the
    library may point into another skill's folder), and can be opened there."""
    try:
        fd, _names = open_inside(os.path.abspath(skill.dir), relpath)
    except OSError:
        return False
    os.close(fd)
    return True
