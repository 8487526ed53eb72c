"""Ctrl-C and ``kill`` during a parallel ``build``: it stops, says nothing of its workers, leaves
no temporary folder or lock behind, keeps the previous site, and exits 130 (143 for SIGTERM).

Each build runs as ``skill-catalog build -j 2`` in a process group of its own, and the signal
goes to that whole group, as a terminal sends Ctrl-C to its foreground job (so the workers get
it too). No timing is asserted: a bound of 30 seconds only keeps a build that hangs (as one
did, until a second Ctrl-C) from hanging the suite; the build stops in well under a second.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import skill_catalog.site.build as site_build
import skill_catalog.site.write.output as site_output
from skill_catalog.config import config_from_mapping
from skill_catalog.process.interrupts import Terminated, deferred, exit_status
from skill_catalog.site.write.output import beside, build_lock
from tests.environment import REPO
from tests.helpers.libraries import write_skill
from tests.processes import started

SKILLS = 520
"""Enough for the load to be shared between two processes (250 skills each at least)."""
GIVE_UP = 30.0
"""Seconds after which a build that has not exited counts as hung (not a timing target)."""


def _library(root: Path) -> Path:
    library = root / "library"
    paragraph = "Some words about the task, and [a reference](references/guide.md).\n\n"
    for i in range(SKILLS):
        write_skill(library, f"skill-{i:04}", body=f"# Skill {i}\n\n" + paragraph * 40,
                    files={"references/guide.md": "# Guide\n\n" + "text\n" * 200,
                           "scripts/run.py": "#!/usr/bin/env python3\nprint('run')\n"})
    return library


def _digest(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """A library, the site a build made of it, and that site's files."""
    root = tmp_path_factory.mktemp("interrupts")
    library = _library(root)
    site = root / "site"
    done = subprocess.run(_command(library, site), cwd=REPO, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    return library, site, _digest(site)


def _command(library: Path, site: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "skill_catalog", "build", str(library), "-o", str(site),
            "-j", "2", "-q", *extra]


def _temporaries(site: Path) -> list[str]:
    """What a build keeps beside the site only while it runs."""
    return sorted(p.name for p in site.parent.iterdir() if p.name.startswith(f".{site.name}."))


def _writing(site: Path) -> bool:
    """Whether the workers are writing skills' pages into the build's temporary folder."""
    for temp in site.parent.glob(f".{site.name}.tmp-*"):
        skills = temp / "skills"
        if skills.is_dir() and any(skills.iterdir()):
            return True
    return False


def _loading(site: Path) -> bool:
    """Whether the build has started (its lock is taken) and is still reading the library
    (its temporary folder is made once the library is loaded)."""
    return ((site.parent / f".{site.name}.lock").exists()
            and not any(site.parent.glob(f".{site.name}.tmp-*")))


def _gone(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


def _interrupt(library: Path, site: Path, when: Callable[[Path], bool], signum: int,
               *, to_group: bool = True) -> subprocess.CompletedProcess[str]:
    """Start a build that writes every file again (``--force``), send ``signum`` once
    ``when(site)`` holds, and wait for it to exit (and for every process of its group)."""
    with started(_command(library, site, "--force"), cwd=REPO, stdout=subprocess.PIPE,
                 stderr=subprocess.PIPE, text=True) as process:
        deadline = time.monotonic() + 600
        while not when(site):
            assert process.poll() is None, "the build ended before the moment to stop it"
            assert time.monotonic() < deadline
            time.sleep(0.005)
        if to_group:
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        try:
            out, err = process.communicate(timeout=GIVE_UP)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the build did not exit within {GIVE_UP:.0f} s of the signal")
        settle = time.monotonic() + GIVE_UP
        while not _gone(process.pid) and time.monotonic() < settle:
            time.sleep(0.05)
        assert _gone(process.pid), "a worker of the build outlived it"
    # A large temporary folder is removed by a detached process (so that the build exits at
    # once): wait for it, within the same generous bound.
    settle = time.monotonic() + GIVE_UP
    while _temporaries(site) and time.monotonic() < settle:
        time.sleep(0.05)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@pytest.mark.parametrize(("stage", "when"), [("writing", _writing), ("loading", _loading)])
def test_ctrl_c_during_a_parallel_build(built: tuple[Path, Path, dict[str, str]], stage: str,
                                        when: Callable[[Path], bool]) -> None:
    library, site, before = built
    result = _interrupt(library, site, when, signal.SIGINT)
    assert result.returncode == 130, (stage, result.stderr)
    assert "Traceback" not in result.stderr
    assert "KeyboardInterrupt" not in result.stderr
    assert "Interrupted." in result.stderr
    assert _temporaries(site) == []  # no temporary folder, no lock, no journal
    assert _digest(site) == before  # the previous site, as it was


@pytest.mark.parametrize("to_group", [True, False], ids=["group", "main-process"])
def test_sigterm_during_a_parallel_build_cleans_up(built: tuple[Path, Path, dict[str, str]],
                                                  to_group: bool) -> None:
    library, site, before = built
    result = _interrupt(library, site, _writing, signal.SIGTERM, to_group=to_group)
    assert result.returncode == 128 + signal.SIGTERM, result.stderr
    assert "Traceback" not in result.stderr
    assert _temporaries(site) == []
    assert _digest(site) == before


def test_a_build_started_with_ctrl_c_ignored_keeps_ignoring_it(
        built: tuple[Path, Path, dict[str, str]]) -> None:
    """A shell starts a background job (``cmd &`` in a script, ``nohup cmd &``) with SIGINT
    ignored, so that a Ctrl-C at the terminal stops the foreground job only. The build keeps
    it ignored, as POSIX tools and Python itself do: it finishes and writes the same site."""
    library, site, before = built
    ignoring = ["sh", "-c", 'trap "" INT; exec "$@"', "sh", *_command(library, site, "--force")]
    with started(ignoring, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                 text=True) as process:
        deadline = time.monotonic() + 600
        while not _writing(site):
            assert process.poll() is None, "the build ended before the moment to stop it"
            assert time.monotonic() < deadline
            time.sleep(0.005)
        os.killpg(process.pid, signal.SIGINT)
        _out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    assert _digest(site) == before
    assert _temporaries(site) == []


def test_the_site_still_builds_after_interruptions(
        built: tuple[Path, Path, dict[str, str]]) -> None:
    library, site, before = built
    done = subprocess.run(_command(library, site), cwd=REPO, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    assert _digest(site) == before
    assert _temporaries(site) == []


@pytest.mark.usefixtures("ctrl_c_raises")
def test_a_signal_during_a_deferred_block_takes_effect_after_it() -> None:
    """The two renames that swap a new site in are never cut in two."""
    steps = []

    def block() -> None:
        with deferred():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the handler runs here: it only notes the signal
            steps.append("after the signal")

    with pytest.raises(KeyboardInterrupt):
        block()
    assert steps == ["after the signal"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_exit_statuses() -> None:
    assert exit_status(KeyboardInterrupt()) == 130
    assert exit_status(Terminated()) == 143


def _ctrl_c_after(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, and a Ctrl-C at this process as soon as it has returned."""
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)
        return result
    return wrapped


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_as_the_lock_file_is_created_leaves_no_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The moment the lock file appears is when a user sees the build start: a Ctrl-C then
    left it behind (test_ctrl_c_during_a_parallel_build[loading] failed so on a busy machine)."""
    monkeypatch.setattr(site_output, "open_regular", _ctrl_c_after(site_output.open_regular))
    with pytest.raises(KeyboardInterrupt), build_lock(tmp_path / "site"):
        pytest.fail("the lock was handed out after a Ctrl-C")
    assert not beside(tmp_path / "site", "lock").exists()


def test_ctrl_c_as_the_lock_is_taken_leaves_no_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_flock = fcntl.flock

    def flock(fd: int, operation: int) -> None:
        real_flock(fd, operation)
        if operation == fcntl.LOCK_EX:  # taken, and stopped before it is known to be held
            raise KeyboardInterrupt

    monkeypatch.setattr(fcntl, "flock", flock)
    with pytest.raises(KeyboardInterrupt), build_lock(tmp_path / "site"):
        pytest.fail("the lock was handed out after a Ctrl-C")
    assert not beside(tmp_path / "site", "lock").exists()


def test_ctrl_c_while_waiting_for_the_lock_leaves_the_holder_its_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another build holds the lock: stopping this one, which waits for it, must not remove the
    file the other holds (a third build would then lock a new file beside it)."""
    path = beside(tmp_path / "site", "lock")
    holder = os.open(path, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        real_flock = fcntl.flock

        def flock(fd: int, operation: int) -> None:
            if operation == fcntl.LOCK_EX:  # it would wait: the user presses Ctrl-C
                raise KeyboardInterrupt
            real_flock(fd, operation)

        monkeypatch.setattr(fcntl, "flock", flock)
        with pytest.raises(KeyboardInterrupt), build_lock(tmp_path / "site"):
            pytest.fail("the lock was handed out while another build held it")
        assert path.exists()
        assert os.fstat(holder).st_ino == os.stat(path).st_ino
    finally:
        os.close(holder)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_as_the_temporary_folder_is_made_leaves_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_skill(tmp_path / "library", "one")
    monkeypatch.setattr(site_build, "prepare", _ctrl_c_after(site_build.prepare))
    with pytest.raises(KeyboardInterrupt):
        site_build.build(config_from_mapping({}), roots=[tmp_path / "library"],
                         output=tmp_path / "site", workers=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library"]
