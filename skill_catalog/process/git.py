"""Running git: one command, bounded in time, a failure said in words as the caller's error."""

from __future__ import annotations

import io
import subprocess
import tempfile
import threading
from collections.abc import Iterator, Sequence
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


def stream_git(args: Sequence[str], cwd: Path, *, error: type[SkillCatalogError],
               needed_for: str, timeout: float, chunk: int = 1 << 16) -> Iterator[bytes]:
    """What ``git -C cwd ARGS`` prints, chunk by chunk, for a caller that may stop reading
    early (git is then killed: a ``git log`` over a long history need not run to its end).
    Bounded in time like :func:`run_git`: past ``timeout`` seconds git is killed and ``error``
    raised; so is a non-zero exit once the output is read."""
    with tempfile.TemporaryFile() as errors:  # a pipe git could fill while stdout is read
        try:
            process = subprocess.Popen(["git", "-C", str(cwd), *args], stdout=subprocess.PIPE,
                                       stderr=errors, stdin=subprocess.DEVNULL)
        except FileNotFoundError:
            raise error(f"git is not installed; {needed_for} needs it") from None
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            process.kill()

        timer = threading.Timer(timeout, kill)
        timer.daemon = True
        timer.start()
        stdout = process.stdout
        assert isinstance(stdout, io.BufferedReader)
        finished = False
        try:
            while data := stdout.read1(chunk):
                yield data
            finished = True
        finally:
            timer.cancel()
            if not finished:  # the caller stopped early, or an error
                process.kill()
            stdout.close()
            code = process.wait()
        errors.seek(0)
        detail = errors.read(1 << 16).decode("utf-8", "replace").strip().splitlines()
    if killed.is_set():
        raise error(f"git {' '.join(args)} took more than {timeout:g} s")
    if code != 0:
        raise error(f"git {' '.join(args)} failed: {detail[-1] if detail else 'no detail'}")
