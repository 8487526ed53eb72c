"""The processes a test starts, and the check that none outlives the session.

The suite may itself run with Ctrl-C ignored: a shell starts a background job (``cmd &``,
``nohup cmd &`` from a script) with SIGINT ignored, and a child inherits that, so a test that
sends SIGINT to a command it started would see it ignored, wait, fail, and leave the command
running. :func:`started` starts a command as a terminal's foreground job has it (SIGINT at its
default) in a process group of its own, and kills that whole group on the way out, whatever
happened (an assertion, a timeout, a Ctrl-C of the suite). Tests that send SIGINT to the test
process itself take :func:`ctrl_c_raises`.

Every process the session starts carries :data:`SESSION_MARK` in its environment (set here,
inherited by children that are given ``os.environ``), so the session's end can find the
``skill-catalog serve`` processes it left, even those a dead parent orphaned:
:func:`pytest_sessionfinish` kills them and fails the run, naming each.

Imported by ``conftest`` (so its hook and fixture are registered); standard library and pytest
only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SESSION_MARK = "SKILL_CATALOG_TEST_SESSION"
os.environ[SESSION_MARK] = str(os.getpid())
"""This session's mark (its pid): a nested session (a test running pytest) marks its own."""


def _ctrl_c_at_its_default() -> None:  # pragma: no cover - runs in the child, before exec
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def end_group(process: subprocess.Popen[Any]) -> None:
    """Kill ``process``'s whole group (it leads one: :func:`started`), reap it and close its
    pipes. Harmless when it already exited."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


@contextlib.contextmanager
def started(args: list[str], **options: Any) -> Iterator[subprocess.Popen[Any]]:
    """``subprocess.Popen(args, **options)`` with SIGINT at its default, in a new session (so
    a process group of its own, whose id is its pid); on the way out, the group is killed
    (:func:`end_group`)."""
    process = subprocess.Popen(args, start_new_session=True,
                               preexec_fn=_ctrl_c_at_its_default, **options)
    try:
        yield process
    finally:
        end_group(process)


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """For a test that sends SIGINT to this process: it raises KeyboardInterrupt, as it does
    in a Python started from a terminal, even when the suite was started with SIGINT ignored
    (Python then leaves it ignored)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _marked(pid: str, mark: str) -> bool:
    try:
        environ = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:  # gone, or another user's
        return False
    return f"{SESSION_MARK}={mark}".encode() in environ.split(b"\0")


def is_serve(argv: list[str]) -> bool:
    """Whether a command line runs ``skill-catalog serve`` (the script, ``-m skill_catalog``
    or ``-c "...skill_catalog.cli..."``)."""
    tool = next((i for i, arg in enumerate(argv)
                 if "skill_catalog" in arg or arg.endswith("skill-catalog")), None)
    if tool is None:
        return False
    command = next((arg for arg in argv[tool + 1:] if not arg.startswith("-")), None)
    return command == "serve"


def surviving_serves(mark: str | None = None) -> list[tuple[int, str]]:
    """The ``skill-catalog serve`` processes (and the build processes they forked) that carry
    this session's mark, as (pid, command line). Linux only (``/proc``); elsewhere none."""
    mark = mark or os.environ[SESSION_MARK]
    found = []
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().decode("utf-8", "replace").split("\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state != "Z" and is_serve(argv) and _marked(entry.name, mark):
            found.append((int(entry.name), " ".join(argv).strip()))
    return sorted(found)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """No test may leave a ``skill-catalog serve`` running: kill what is left and fail."""
    left = surviving_serves()
    if not left:
        return
    for pid, _command in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = ["a test left skill-catalog serve running (killed now; end it in the test's "
             "finally, with tests.processes.started):"]
    lines += [f"  pid {pid}: {command}" for pid, command in left]
    if reporter is not None:
        reporter.write_sep("!", "processes left running", red=True)
        for line in lines:
            reporter.write_line(line)
    else:  # pragma: no cover - run without the terminal reporter
        print("\n".join(lines))
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
