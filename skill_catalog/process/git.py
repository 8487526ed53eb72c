"""Running git: one command, bounded in time, a failure said in words as the caller's error."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

from skill_catalog.errors import SkillCatalogError


def run_git(args: Sequence[str], cwd: Path, *, error: type[SkillCatalogError],
            needed_for: str, timeout: float) -> bytes:
    """What ``git -C cwd ARGS`` prints; no git, more than ``timeout`` seconds or a non-zero exit
    raise ``error`` naming the command (``needed_for``: what needs git, said when it is
    missing)."""
    try:
        done = subprocess.run(["git", "-C", str(cwd), *args], capture_output=True,
                              timeout=timeout, check=False)
    except FileNotFoundError:
        raise error(f"git is not installed; {needed_for} needs it") from None
    except subprocess.TimeoutExpired:
        raise error(f"git {' '.join(args)} took more than {timeout:g} s") from None
    if done.returncode != 0:
        detail = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise error(f"git {' '.join(args)} failed: {detail[-1] if detail else 'no detail'}")
    return done.stdout
