"""The benchmark scripts stay runnable: each imports, so a module the package moves or
renames shows here rather than the next time somebody measures."""

from __future__ import annotations

import importlib

import pytest

from tests.conftest import REPO

SCRIPTS = sorted(p.stem for p in (REPO / "benchmarks").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("name", SCRIPTS)
def test_benchmark_script_imports(name: str) -> None:
    module = importlib.import_module(f"benchmarks.{name}")
    assert module.__doc__, name  # each says what it measures and how to run it
