"""Progress on long builds: the stages the library reports, and the bar the command draws on a
terminal (and nowhere else)."""

from __future__ import annotations

import io
import itertools
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog.cli import build as build_command
from skill_catalog.config import Config
from skill_catalog.pipeline import checking
from skill_catalog.process.parallel import can_fork
from skill_catalog.process.progress import FINDING, FINISHING, READING, STAGES, WRITING
from skill_catalog.site.build import NothingToBuild, build
from skill_catalog.site.pages import parallel
from tests.helpers.libraries import write_skill
from tests.processes import started

SKILLS = 7


def _library(root: Path) -> Path:
    for number in range(SKILLS):
        write_skill(root, f"skill-{number}", files={"references/guide.md": f"# Guide {number}\n"})
    return root


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []

    def __call__(self, stage: str, done: int, total: int) -> None:
        self.calls.append((stage, done, total))

    def stages(self) -> list[str]:
        return [stage for stage, _group in itertools.groupby(c[0] for c in self.calls)]

    def counts(self, stage: str) -> list[tuple[int, int]]:
        return [(done, total) for name, done, total in self.calls if name == stage]


def _check_counts(recorder: Recorder, stage: str, total: int) -> None:
    counts = recorder.counts(stage)
    assert counts[0] == (0, total)
    assert counts[-1] == (total, total)
    assert all(t == total for _d, t in counts)
    done = [d for d, _t in counts]
    assert done == sorted(done)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_build_reports_every_stage_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int) -> None:
    if workers > 1:
        if not can_fork():
            pytest.skip("forked processes need fork (POSIX)")
        # Small enough a library to be shared among processes: the children's runs are
        # reported when they come back.
        monkeypatch.setattr(checking, "MIN_SKILLS_PER_PROCESS", 2)
        monkeypatch.setattr(parallel, "MIN_SKILLS_PER_WORKER", 1)
    library = _library(tmp_path / "lib")
    recorder = Recorder()
    build(Config(), roots=[library], output=tmp_path / "site", workers=workers,
          progress=recorder)
    assert recorder.stages() == list(STAGES)
    assert recorder.counts(FINDING) == [(0, 0)]
    assert recorder.counts(FINISHING) == [(0, 0)]
    _check_counts(recorder, READING, SKILLS)
    _check_counts(recorder, WRITING, SKILLS)


def test_a_rebuild_counts_the_kept_skills(tmp_path: Path) -> None:
    library = _library(tmp_path / "lib")
    build(Config(), roots=[library], output=tmp_path / "site", workers=1)
    (library / "skill-3" / "SKILL.md").write_text(
        "---\nname: skill-3\ndescription: Edited. Use when testing.\n---\nNew.\n",
        encoding="utf-8")
    recorder = Recorder()
    result = build(Config(), roots=[library], output=tmp_path / "site", workers=1,
                   progress=recorder)
    assert result.kept  # an incremental build, which still counts every skill
    assert recorder.stages() == list(STAGES)
    _check_counts(recorder, READING, SKILLS)
    _check_counts(recorder, WRITING, SKILLS)


def test_a_load_reports_finding_and_reading(tmp_path: Path) -> None:
    recorder = Recorder()
    catalog = skill_catalog.load([_library(tmp_path / "lib")], progress=recorder)
    assert len(catalog.skills) == SKILLS
    assert recorder.stages() == [FINDING, READING]
    _check_counts(recorder, READING, SKILLS)


def test_an_empty_library_reports_the_stages_it_reaches(tmp_path: Path) -> None:
    """A library with no skill is not built (SC303, nothing written): it reports finding and
    reading, then stops."""
    (tmp_path / "lib").mkdir()
    recorder = Recorder()
    with pytest.raises(NothingToBuild):
        build(Config(), roots=[tmp_path / "lib"], output=tmp_path / "site", progress=recorder)
    assert recorder.stages() == [FINDING, READING]
    assert recorder.counts(READING) == [(0, 0)]
    assert not (tmp_path / "site").exists()


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_bar_is_redrawn_at_most_ten_times_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _Clock()
    monkeypatch.setattr(build_command.time, "monotonic", clock)
    stream = io.StringIO()
    show = build_command._ProgressLines(stream).show
    show(FINDING, 0, 0)
    for done in range(1001):
        show(READING, done, 1000)
        clock.now += 0.001  # a skill a millisecond: a second in all
    show(FINISHING, 0, 0)
    text = stream.getvalue()
    lines = text.split("\n")
    assert lines[0] == "  finding skills..."
    redraws = lines[1].split("\r")[1:]
    assert 10 <= len(redraws) <= 12  # the first, one per 100 ms, and the last
    assert redraws[0] == "  reading  [..............................] 0/1,000 skills"
    assert redraws[-1] == "  reading  [##############################] 1,000/1,000 skills"
    assert lines[2] == "  finishing: site-wide pages and indexes..."
    assert text.endswith("\n")


def test_a_stage_cut_short_ends_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    show = build_command._ProgressLines(stream).show
    show(WRITING, 0, 10)
    show(FINISHING, 0, 0)  # a failed skill run, say: the next line starts afresh
    assert stream.getvalue().split("\n")[1] == "  finishing: site-wide pages and indexes..."


def _command_on_a_terminal(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run ``skill-catalog ARGS`` with standard error on a pseudo-terminal; its code and what
    it wrote there."""
    leader, follower = pty.openpty()
    with started([sys.executable, "-m", "skill_catalog", *args], stdin=subprocess.DEVNULL,
                 stdout=subprocess.DEVNULL, stderr=follower, env=env) as process:
        os.close(follower)
        chunks: list[bytes] = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the terminal's other side closed
                break
            if not chunk:
                break
            chunks.append(chunk)
        os.close(leader)
        return process.wait(timeout=120), b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize(("extra", "ci", "shown"), [
    ([], False, True),
    (["-q"], False, False),
    ([], True, False),
])
def test_the_command_draws_progress_on_a_terminal_only(
        tmp_path: Path, extra: list[str], ci: bool, shown: bool) -> None:
    library = _library(tmp_path / "lib")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "true"
    code, text = _command_on_a_terminal(
        ["build", str(library), "-o", str(tmp_path / "site"), "-j", "1", *extra], env)
    assert code == 0, text
    labels = ["finding skills...", f"reading  [{'#' * 30}] 7/7 skills",
              f"writing  [{'#' * 30}] 7/7 skills", "finishing: site-wide pages and indexes..."]
    for label in labels:
        assert (label in text) is shown, text
    if shown:
        assert [text.index(label) for label in labels] == sorted(text.index(x) for x in labels)


def test_no_progress_when_standard_error_is_not_a_terminal(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    done = subprocess.run(
        [sys.executable, "-m", "skill_catalog", "build", str(_library(tmp_path / "lib")), "-o",
         str(tmp_path / "site")], capture_output=True, text=True, env=env, check=True)
    assert "skills..." not in done.stderr
    assert "[#" not in done.stderr
    assert "Built 7 skills" in done.stdout
