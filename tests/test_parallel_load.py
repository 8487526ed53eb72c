"""A new library's skills parsed and checked in forked processes
(:mod:`skill_catalog.pipeline.checking`): the same catalog, and the same cache, as one process
gives."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.catalog import Catalog
from skill_catalog.cli import cli
from skill_catalog.model import Skill
from skill_catalog.pipeline import checking, skill_cache
from skill_catalog.pipeline.skill_cache import SkillCache
from skill_catalog.process import parallel
from skill_catalog.process.parallel import can_fork
from tests.helpers.reads import load_dump
from tests.hostile_library import make_hostile_library

pytestmark = pytest.mark.skipif(not can_fork(), reason="forked processes need fork (POSIX)")


@pytest.fixture(autouse=True)
def _no_racy_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files written moments before a load are "racily clean" (their inode is left out of the
    cache), and whether a file still is depends on when each load reads it: the libraries here are
    made just before their two loads, so the window is closed to compare the loads alone."""
    monkeypatch.setattr(skill_cache, "RACY_NS", 0)


@pytest.fixture
def children(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many skills each child process was given, in the order they were started."""
    given: list[int] = []

    def started(job: object, name: str) -> object:
        given.append(len(job.args[0]))  # type: ignore[attr-defined]
        return real_forked(job, name)  # type: ignore[arg-type]

    real_forked = parallel.Forked
    monkeypatch.setattr(parallel, "Forked", started)
    return given


def _loads(roots: list[Path], tmp_path: Path, workers: int) -> tuple[list[object], bytes]:
    """A load with an empty cache on ``workers`` processes, and the cache it leaves."""
    cache = SkillCache()
    catalog = skill_catalog.load(roots, cache=cache, workers=workers)
    cache.write(tmp_path / f"cache-{workers}.json")
    return load_dump(catalog), (tmp_path / f"cache-{workers}.json").read_bytes()


def test_the_corpus_loads_the_same_on_three_processes(
        tmp_path: Path, children: list[int], corpus: Path, corpus_catalog: Catalog) -> None:
    one = _loads([corpus], tmp_path, 1)
    assert children == []
    three = _loads([corpus], tmp_path, 3)
    assert len(children) == 2
    assert min(children) >= checking.MIN_SKILLS_PER_PROCESS
    assert three == one
    assert skill_catalog.load([corpus], workers=3).skills == corpus_catalog.skills


def test_hostile_skills_load_the_same_in_children(
        tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, children: list[int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Unreadable files, links out of the library, broken YAML, odd encodings: what a child
    reports about them is what the parent would have."""
    library = make_hostile_library(tmp_path_factory.mktemp("h"), big=False)
    monkeypatch.setattr(checking, "MIN_SKILLS_PER_PROCESS", 1)
    # Files written less than RACY_NS before a load are recorded without their inode: on a
    # busy machine the first load could still see them so and the second not. Not this test's
    # matter: the library's files count as old for both.
    monkeypatch.setattr(skill_cache, "RACY_NS", -(10**18))
    one = _loads([library], tmp_path, 1)
    four = _loads([library], tmp_path, 4)
    assert len(children) == 3
    assert four == one


def test_a_cache_to_reuse_is_worked_through_in_one_process(
        tmp_path: Path, children: list[int], monkeypatch: pytest.MonkeyPatch,
        corpus: Path) -> None:
    monkeypatch.setattr(checking, "MIN_SKILLS_PER_PROCESS", 1)
    cache = SkillCache()
    skill_catalog.load([corpus / "anthropics__skills"], cache=cache, workers=2)
    assert len(children) == 1
    again = skill_catalog.load([corpus / "anthropics__skills"], cache=cache, workers=2)
    assert len(children) == 1
    assert cache.hits == len(again.skills)


def test_a_failing_child_fails_the_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, corpus: Path) -> None:
    monkeypatch.setattr(checking, "MIN_SKILLS_PER_PROCESS", 1)
    real = checking.check_skill
    parent = os.getpid()

    def broken_in_children(skill: Skill, context: object) -> object:
        if os.getpid() != parent:
            raise RuntimeError("a rule broke")
        return real(skill, context)  # type: ignore[arg-type]

    monkeypatch.setattr(checking, "check_skill", broken_in_children)
    with pytest.raises(RuntimeError, match="a rule broke"):
        skill_catalog.load([corpus / "anthropics__skills"], workers=2)


@pytest.fixture
def hostile(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The hostile library, shared among processes from one skill each, on three cores."""
    monkeypatch.setattr(checking, "MIN_SKILLS_PER_PROCESS", 1)
    monkeypatch.setattr(checking, "available_cores", lambda: 3)
    return make_hostile_library(tmp_path_factory.mktemp("h"), big=False)


def test_validate_checks_on_every_core_with_the_same_report(
        hostile: Path, children: list[int]) -> None:
    """``validate`` shares a large library among the available cores; ``-j`` sets how many
    processes, and the report is the same."""
    runner = CliRunner()
    alone = runner.invoke(cli, ["validate", "-f", "json", "-j", "1", str(hostile)])
    assert children == []
    shared = runner.invoke(cli, ["validate", "-f", "json", str(hostile)])
    assert len(children) == 2
    assert shared.exit_code == alone.exit_code == 1
    assert json.loads(shared.output)["skills"]
    assert shared.output == alone.output


def test_prompt_reads_on_every_core_with_the_same_fragment(
        hostile: Path, children: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """So do the other commands that read a library (``prompt`` here), with no option."""
    runner = CliRunner()
    shared = runner.invoke(cli, ["prompt", str(hostile)])
    assert len(children) == 2
    monkeypatch.setattr(checking, "available_cores", lambda: 1)
    alone = runner.invoke(cli, ["prompt", str(hostile)])
    assert len(children) == 2
    assert "<available_skills>" in shared.output
    assert shared.output == alone.output
