"""The benchmark scripts stay runnable: each imports, so a module the package moves or
renames shows here rather than the next time somebody measures; and docs/performance.md says
how to run each."""

from __future__ import annotations

import importlib

import pytest

from tests.environment import REPO

SCRIPTS = sorted(p.stem for p in (REPO / "benchmarks").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("name", SCRIPTS)
def test_benchmark_script_imports(name: str) -> None:
    module = importlib.import_module(f"benchmarks.{name}")
    assert module.__doc__, name  # each says what it measures and how to run it


@pytest.mark.parametrize("name", [s for s in SCRIPTS if s != "common"])
def test_performance_md_says_how_to_run_each_script(name: str) -> None:
    text = (REPO / "docs" / "performance.md").read_text(encoding="utf-8")
    assert f"python -m benchmarks.{name}" in text, (
        f"docs/performance.md, 'How to rerun': add the command of benchmarks/{name}.py")
