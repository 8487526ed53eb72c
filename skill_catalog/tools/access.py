"""Reading one file of a skill, as an agent's skill tool would, without ever leaving its folder.

A requested path is refused when it is absolute, holds ``..``, a backslash or a NUL byte (also
once percent-decoded), resolves - through symlinks too - outside the skill folder, names a
folder or a special file (FIFO, device, socket), is larger than the size bound, or (unless
asked for) holds binary data. By default only ``SKILL.md`` and files under ``references/``,
``assets/`` and ``scripts/`` may be read, the areas openseed's ``get_skill_asset`` allows.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from urllib.parse import unquote

from skill_catalog.discovery.walk import is_within
from skill_catalog.model import Skill
from skill_catalog.safe_fs import read_at_most

AREAS = ("references", "assets", "scripts")
"""The folders a skill's files may be read from by default."""
MAX_FILE_BYTES = 1024 * 1024
"""Largest file read by default (1 MiB)."""
_DRIVE = re.compile(r"^[A-Za-z]:")


class FileRefused(ValueError):
    """The file cannot be given out; the message says why and what to do instead."""


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


def locate(skill: Skill, relpath: str, *, any_path: bool = False) -> Path:
    """The absolute path of file ``relpath`` of ``skill`` (symlinks kept, as listed), after
    every check but size and content. ``any_path`` lifts the default restriction to
    SKILL.md, ``references/``, ``assets/`` and ``scripts/``."""
    parts = check_relpath(relpath)
    if not any_path and not _in_areas(skill, parts):
        raise FileRefused(f"refused {relpath!r}: only {skill.skill_md.name} and files under "
                          f"{', '.join(a + '/' for a in AREAS)} can be read (--any-path "
                          "lifts this)")
    target = Path(os.path.abspath(skill.dir)).joinpath(*parts)
    real = os.path.realpath(target)
    if not is_within(real, os.path.realpath(skill.dir)):
        raise FileRefused(f"refused {relpath!r}: it resolves outside the skill folder "
                          "(through a symbolic link)")
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        raise FileRefused(f"no file {relpath!r} in skill {skill.key!r}") from None
    except OSError as exc:
        raise FileRefused(f"cannot read {relpath!r}: {exc.strerror}") from None
    if stat.S_ISDIR(mode):
        raise FileRefused(f"refused {relpath!r}: it is a folder (list files with "
                          "'skill-catalog files')")
    if not stat.S_ISREG(mode):
        raise FileRefused(f"refused {relpath!r}: not a regular file (FIFO, device or socket)")
    return target


def read_bytes(skill: Skill, relpath: str, *, any_path: bool = False,
               max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of file ``relpath`` of ``skill``, binary or not, at most ``max_bytes``."""
    target = locate(skill, relpath, any_path=any_path)
    real = os.path.realpath(target)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(
        os, "O_CLOEXEC", 0)
    try:
        fd = os.open(real, flags)
    except OSError as exc:
        raise FileRefused(f"cannot read {relpath!r}: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # swapped for something else since the check
            raise FileRefused(f"refused {relpath!r}: not a regular file")
        if info.st_size > max_bytes:
            raise FileRefused(f"refused {relpath!r}: {info.st_size:,} bytes is more than the "
                              f"limit of {max_bytes:,} (--max-bytes)")
        data = read_at_most(fd, max_bytes + 1)
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise FileRefused(f"refused {relpath!r}: more than the limit of {max_bytes:,} bytes "
                          "(--max-bytes)")
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
    library may point into another skill's folder)."""
    real = os.path.realpath(Path(skill.dir) / relpath)
    return is_within(real, os.path.realpath(skill.dir))
