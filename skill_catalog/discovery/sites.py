"""Sites that ``skill-catalog build`` wrote, as the walk must recognise them.

A site holds a marker file (:data:`SITE_MARKER`) at its root; the build keeps its state beside
the site (:func:`state_path`), recording which marker file it belongs to (:func:`site_identity`:
its device, inode, times and size, which a checkout or an unpacked archive cannot foretell: the
status-change time is set by no program). A folder is a site this tool built when its marker
is the one its build state names (:func:`built_here`): the walk skips it then (its
``.well-known`` copies of SKILL.md are not skills), and searches it like any folder otherwise,
so that a marker file dropped into a folder by a pull request cannot hide the skills in it.

Kept here, below :mod:`skill_catalog.site`, so that discovery can ask without importing the
site's writer (:mod:`skill_catalog.site.reuse` uses the same functions).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

SITE_MARKER = ".skill-catalog-site"
"""The file ``skill-catalog build`` leaves at the root of every site it writes."""
MAX_STATE_BYTES = 1 << 30
"""A build state larger than this is not read to recognise a site (a 10,000-skill site's is
about 20 MB)."""


STATE_FOLDER = ".skill-catalog"
"""The folder beside a site that holds its build state and skill cache, with a ``.gitignore``
that ignores the folder (as ``.pytest_cache`` or ``.mypy_cache`` do): a build run in a checkout
leaves nothing for ``git status`` to show."""
LEGACY_SUFFIXES = (".skill-catalog-state.json", ".skill-catalog-skills.json")
"""Where earlier releases kept them: ``.<site><suffix>`` beside the site (removed by a build)."""


def state_folder(site: Path) -> Path:
    """The folder of ``site``'s build state (:data:`STATE_FOLDER`, beside it)."""
    return site.parent / STATE_FOLDER


def state_path(site: Path) -> Path:
    """Where the build state of ``site`` is kept: beside it (in :func:`state_folder`), like the
    build lock, so that it is never published (it names files of the build machine) and the
    site stays byte-identical."""
    return state_folder(site) / f"{site.name}.state.json"


def cache_path(site: Path) -> Path:
    """Where the skills parsed for ``site`` are kept (:mod:`skill_catalog.pipeline.skill_cache`)."""
    return state_folder(site) / f"{site.name}.skills.json"


def legacy_paths(site: Path) -> list[Path]:
    """Where earlier releases kept the state and the cache of ``site``."""
    return [site.parent / f".{site.name}{suffix}" for suffix in LEGACY_SUFFIXES]


def site_identity(site: Path) -> list[int] | None:
    """Which marker file the state belongs to (a site replaced by other means has another, and
    a site checked out or unpacked elsewhere too: its inode and times cannot be foretold)."""
    try:
        return _identity(os.stat(site / SITE_MARKER, follow_symlinks=False))
    except OSError:
        return None


def _identity(st: os.stat_result) -> list[int]:
    """Device, inode, modification and status-change times, size. The status-change time is
    the one no program can set: an archive unpacked with its times kept, on a fresh file system
    that hands out the inode numbers it handed out before, still gives another."""
    return [st.st_dev, st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size]


def built_here(folder: str | Path) -> bool:
    """True when ``folder`` is a site skill-catalog built on this machine: it holds the marker
    as a regular file (not a link), and the build state beside it records that very file."""
    site = Path(folder)
    try:
        st = os.stat(site / SITE_MARKER, follow_symlinks=False)
        if not stat.S_ISREG(st.st_mode):
            return False
        fd = os.open(state_path(site), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_STATE_BYTES:
                return False
            state = json.load(handle)
    except (OSError, ValueError):
        return False
    return isinstance(state, dict) and state.get("marker") == _identity(st)
