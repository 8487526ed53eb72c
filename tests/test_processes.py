"""The suite's own process handling (``tests/processes.py``, ``helpers.need_agents``): a
command a test starts gets Ctrl-C even when the suite runs with SIGINT ignored (``nohup ... &``),
nothing it started survives the test, a ``skill-catalog serve`` left running fails the session,
and a missing real client skips with the command that installs it (fails in CI)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.environment import REPO
from tests.helpers.serve import DEADLINE, need_agents
from tests.processes import SESSION_MARK, is_serve, started
from tests.realtools.agents import AGENTS


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state == "Z"


def _wait_gone(pid: int) -> bool:
    give_up = time.monotonic() + DEADLINE
    while not _gone(pid) and time.monotonic() < give_up:
        time.sleep(0.05)
    return _gone(pid)


def test_a_command_gets_ctrl_c_even_when_the_suite_ignores_it() -> None:
    """As ``( trap '' INT; pytest ) &`` runs the suite: the command still sees SIGINT at its
    default, so Python raises KeyboardInterrupt in it as it does under a terminal."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        # The line is printed inside the try: Ctrl-C may come as soon as it is read (an
        # uncaught KeyboardInterrupt would end the child by SIGINT, status -2).
        script = ("import signal, sys, time\n"
                  "try:\n"
                  "    print(signal.getsignal(signal.SIGINT) is signal.default_int_handler, "
                  "flush=True)\n"
                  "    time.sleep(600)\nexcept KeyboardInterrupt:\n    sys.exit(130)\n")
        with started([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) as child:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "True"
            os.killpg(child.pid, signal.SIGINT)
            assert child.wait(timeout=DEADLINE) == 130
    finally:
        signal.signal(signal.SIGINT, previous)


def test_leaving_the_block_kills_the_whole_group_even_on_failure() -> None:
    """A test that fails (or times out) with a command running: the command and what it
    started are killed on the way out."""
    pids: list[int] = []

    def failing_test() -> None:
        with started(["sh", "-c", "sleep 600 & echo $!; wait"], stdout=subprocess.PIPE,
                     text=True) as child:
            assert child.stdout is not None
            pids[:] = [child.pid, int(child.stdout.readline())]
            raise AssertionError("the test failed")

    with pytest.raises(AssertionError, match="the test failed"):
        failing_test()
    child, grandchild = pids
    assert _wait_gone(child)
    assert _wait_gone(grandchild)


def test_commands_carry_the_session_mark() -> None:
    done = subprocess.run([sys.executable, "-c", f"import os; print(os.environ['{SESSION_MARK}'])"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == str(os.getpid())


@pytest.mark.parametrize(("argv", "serve"), [
    (["/usr/bin/python3", "-m", "skill_catalog", "serve", "lib"], True),
    (["/v/bin/python", "-c", "from skill_catalog.cli import main; main()", "serve"], True),
    (["/v/bin/skill-catalog", "serve", "--port", "0"], True),
    (["/v/bin/skill-catalog", "build", "serve"], False),  # a library called serve
    (["/v/bin/python", "-m", "pytest", "tests/test_serve.py"], False),
    (["/v/bin/skill-catalog", "build", "lib"], False),
    (["python3", "-m", "http.server", "serve"], False),
])
def test_what_counts_as_a_serve(argv: list[str], serve: bool) -> None:
    assert is_serve(argv) is serve


_LEAKY = '''
import os, subprocess, sys
from pathlib import Path

def test_starts_a_serve_and_forgets_it(tmp_path):
    skill = tmp_path / "lib" / "one"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\\nname: one\\ndescription: One. Use when testing.\\n---\\nBody\\n")
    serve = subprocess.Popen(
        [sys.executable, "-m", "skill_catalog", "serve", str(tmp_path / "lib"), "--port", "0",
         "--poll"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert serve.stdout.readline().startswith("http://127.0.0.1:")
    Path(os.environ["SERVE_PID_FILE"]).write_text(str(serve.pid))
    if os.environ.get("CLEAN_UP"):
        serve.kill()
        serve.wait()
'''


@pytest.mark.parametrize("clean", [False, True], ids=["left-running", "stopped"])
def test_a_serve_left_running_fails_the_session_and_is_killed(tmp_path: Path,
                                                               clean: bool) -> None:
    (tmp_path / "test_leaky.py").write_text(textwrap.dedent(_LEAKY), encoding="utf-8")
    pid_file = tmp_path / "serve.pid"
    env = {**os.environ, "PYTHONPATH": str(REPO), "SERVE_PID_FILE": str(pid_file),
           "CLEAN_UP": "1" if clean else ""}
    with started([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                  "-p", "tests.processes", str(tmp_path / "test_leaky.py")],
                 cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                 text=True) as inner:
        out, _ = inner.communicate(timeout=4 * DEADLINE)
    pid = int(pid_file.read_text())
    assert "1 passed" in out, out
    if clean:
        assert inner.returncode == 0, out
        assert "left skill-catalog serve running" not in out
    else:
        assert inner.returncode == pytest.ExitCode.TESTS_FAILED, out
        assert "a test left skill-catalog serve running" in out
        assert f"pid {pid}: " in out
    assert _wait_gone(pid)


def test_a_missing_client_skips_with_the_fix_and_fails_in_ci(tmp_path: Path) -> None:
    """Nothing is installed under ``tmp_path``: the test skips, naming the npm package and
    the command that installs it; in CI, where the clients are installed, it fails."""
    spec = AGENTS["claude-code"].spec
    with pytest.raises(pytest.skip.Exception, match=r"python -m tests\.realtools install") as skip:
        need_agents("claude-code", prefix=tmp_path, in_ci=False)
    assert spec in str(skip.value)
    assert AGENTS["codex"].spec not in str(skip.value)  # only what the test needs
    wanted = f"CI must run the real claude-code: .*{re.escape(spec)}"
    with pytest.raises(pytest.fail.Exception, match=wanted):
        need_agents("claude-code", prefix=tmp_path, in_ci=True)
