"""How file paths are shown in reports."""

from __future__ import annotations

import os
import subprocess
from functools import lru_cache
from pathlib import Path


def display(path: Path | None) -> str:
    """Relative to the current folder when below it (like a compiler), else absolute."""
    if path is None:
        return "."
    try:
        return path.relative_to(Path.cwd()).as_posix() or "."
    except ValueError:
        return path.as_posix()


@lru_cache(maxsize=32)
def _git_root(folder: str) -> str | None:
    try:
        out = subprocess.run(["git", "-C", folder, "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def repository_relative(path: Path) -> str:
    """The path relative to its git repository (or the current folder) with ``/`` separators,
    as GitHub annotations and code scanning want it."""
    folder = path if path.is_dir() else path.parent
    base = _git_root(str(folder)) if folder.exists() else None
    for candidate in (base, os.getcwd()):
        if candidate:
            real_base = os.path.realpath(candidate)
            for p in (str(path), os.path.realpath(path)):
                if p == real_base or p.startswith(real_base.rstrip("/") + "/"):
                    return os.path.relpath(p, real_base).replace(os.sep, "/")
    return path.as_posix()
