import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog.parse import skill as parse_module
from skill_catalog.process.gc_tuning import (
    GEN0_THRESHOLD,
    paused_collections,
    rare_collections,
    usual_collections,
    usual_thresholds,
)


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.set_threshold(*before)


def test_collections_are_rarer_inside_and_as_before_after(thresholds: tuple[int, int, int]
                                                          ) -> None:
    with rare_collections():
        assert gc.get_threshold() == (GEN0_THRESHOLD, 10, 10)
        with rare_collections():
            assert gc.get_threshold() == (GEN0_THRESHOLD, 10, 10)
        assert gc.get_threshold() == (GEN0_THRESHOLD, 10, 10)
    assert gc.get_threshold() == thresholds


def test_a_switched_off_collector_stays_off(thresholds: tuple[int, int, int]) -> None:
    gc.set_threshold(0)
    with rare_collections():
        assert gc.get_threshold()[0] == 0
    assert gc.get_threshold()[0] == 0


def test_load_parses_with_rare_collections_and_restores(
        thresholds: tuple[int, int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "SKILL.md").write_text(
        "---\nname: demo\ndescription: Demo skill for the collector test.\n---\nBody.\n")
    seen: list[int] = []
    parse = parse_module.parse_skill

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(gc.get_threshold()[0])
        return parse(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("skill_catalog.pipeline.checking.parse_skill", spy)
    catalog = skill_catalog.load([tmp_path])
    assert [s.name for s in catalog.skills] == ["demo"]
    assert seen == [GEN0_THRESHOLD]
    assert gc.get_threshold() == thresholds


def test_pages_are_written_at_the_usual_pace(thresholds: tuple[int, int, int]) -> None:
    with rare_collections():
        assert usual_thresholds() == thresholds
        with usual_collections():
            assert gc.get_threshold() == thresholds
        assert gc.get_threshold()[0] == GEN0_THRESHOLD
    assert usual_thresholds() == thresholds


@pytest.mark.parametrize("enabled", [True, False])
def test_a_pause_stops_collections_and_leaves_the_collector_as_it_was(enabled: bool) -> None:
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        with paused_collections():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
