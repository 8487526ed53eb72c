"""How file paths are shown in reports."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

_DISCOVERY_SETTINGS = ("GIT_DIR", "GIT_WORK_TREE", "GIT_CEILING_DIRECTORIES",
                       "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_COMMON_DIR")
"""Environment variables that change how git finds a repository from a folder."""


def display(path: Path | None) -> str:
    """Relative to the current folder when below it (like a compiler), else absolute."""
    if path is None:
        return "."
    try:
        return path.relative_to(Path.cwd()).as_posix() or "."
    except ValueError:
        return path.as_posix()


def as_given(path: Path | None, roots: Sequence[Path] = ()) -> str:
    """``path`` as the user gave it, as compilers and skills-ref print paths: joined to the
    spelling of the (deepest) root it lies below, so an absolute root gives absolute paths,
    ``skills`` gives ``skills/pdf/SKILL.md`` and ``.`` gives ``pdf/SKILL.md``; a root that is
    a file (``pdf/SKILL.md``) stands for its folder. A path below no root is shown as
    :func:`display` shows it. ``/``-separated."""
    if path is None:
        return "."
    best: tuple[int, str] | None = None
    for root in roots:
        base = root.parent if root.name == "SKILL.md" or _is_file(root) else root
        inside = _below(path, base.absolute())
        if inside is not None and (best is None or len(str(base.absolute())) > best[0]):
            spelled = base if inside == "." else base / inside
            best = (len(str(base.absolute())), spelled.as_posix())
    return best[1] if best is not None else display(path)


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def report_path(path: Path, roots: Sequence[Path]) -> str:
    """``path`` as a report others read shows it (JSON, SARIF): relative to the current folder
    when below it, else to the library root holding it, led by the root's name
    (``skills/pdf/SKILL.md``), else its name alone; never the machine's absolute path."""
    relative = _below(path, Path.cwd())
    if relative is not None:
        return relative
    for root in roots:
        inside = _below(path, root)
        if inside is not None:
            return root.name if inside == "." else f"{root.name}/{inside}"
    return path.name


def _below(path: Path, base: Path) -> str | None:
    for candidate, folder in ((path, base), (Path(os.path.realpath(path)),
                                              Path(os.path.realpath(base)))):
        try:
            return candidate.relative_to(folder).as_posix() or "."
        except ValueError:
            continue
    return None


@lru_cache(maxsize=4096)
def _git_root(folder: str) -> str | None:
    """What ``git -C folder rev-parse --show-toplevel`` answers for the real path ``folder``.

    Git looks for a repository from the folder upwards, so a folder that cannot be one (no
    ``.git``, no ``HEAD``, on its parent's file system) has its parent's answer: git runs once
    per repository top (or file-system root) instead of once per folder, and each folder on the
    way is cached. With the environment steering git's search, each folder asks git.
    """
    parent = os.path.dirname(folder)
    if parent == folder or _may_stop_git(folder, parent):
        return _rev_parse(folder)
    return _git_root(parent)


def _may_stop_git(folder: str, parent: str) -> bool:
    """Whether git's search from ``folder`` may end there or differ from its parent's."""
    if any(os.environ.get(name) for name in _DISCOVERY_SETTINGS):
        return True
    if os.path.lexists(os.path.join(folder, ".git")) or os.path.lexists(
            os.path.join(folder, "HEAD")):
        return True  # a repository's top or a git folder
    try:
        return os.stat(folder).st_dev != os.stat(parent).st_dev  # git stops at mount points
    except OSError:
        return True


def git_top(folder: Path) -> Path | None:
    """The top folder of the git working tree holding ``folder`` (None: none does)."""
    top = _git_root(os.path.realpath(folder))
    return Path(top) if top else None


def _rev_parse(folder: str) -> str | None:
    try:
        out = subprocess.run(["git", "-C", folder, "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def repository_relative(path: Path, roots: Sequence[Path] = ()) -> str:
    """The path relative to its git repository (or the current folder) with ``/`` separators,
    as GitHub annotations and code scanning want it; outside both, as :func:`report_path`
    gives it (never absolute)."""
    folder = path if path.is_dir() else path.parent
    base = _git_root(os.path.realpath(folder)) if folder.exists() else None
    for candidate in (base, os.getcwd()):
        if candidate:
            real_base = os.path.realpath(candidate)
            for p in (str(path), os.path.realpath(path)):
                if p == real_base or p.startswith(real_base.rstrip("/") + "/"):
                    return os.path.relpath(p, real_base).replace(os.sep, "/")
    return report_path(path, roots)
