"""Fixture-driven tests: one folder per rule code under ``tests/fixtures/rules/``.

Each ``<CODE>-<title>/`` folder holds:

- ``library/``: a small skill library written for the test, which triggers the rule (and
  usually holds a clean skill that must stay quiet);
- ``outside/`` (optional): content beside the library that must never be read;
- ``setup.json`` (optional): what git cannot store as plain files, applied after copying the
  folder to a temporary place: ``text`` (exact text, optionally ``{"text", "encoding"}``),
  ``bytes`` (base64), ``symlinks`` (path -> target), ``fifos``, ``mkdirs``, ``chmod`` (path ->
  octal mode), ``roots`` (default ``["library"]``), ``config`` (a skill-catalog.yml mapping)
  and ``stage`` (``"build"`` adds the notes a site build reports);
- ``expected.txt``: every diagnostic of ``skill_catalog.load(roots)``, one ``CODE path:line``
  a line (path relative to ``library/``, ``:line`` left out when there is none), sorted;
- ``expected.root.txt`` (only beside a ``chmod`` that takes a permission away): what root sees,
  since root reads files whatever their mode.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog.validate.rules import RULES
from tests.helpers.reads import IS_ROOT, recording_reads, run_unprivileged, world_readable_tmp
from tests.helpers.rules import RULE_CASES, RULE_FIXTURES, diagnostic_lines, materialize

OUTSIDE_MARKER = "OUTSIDE-SECRET"


def expected_lines(case: Path, *, as_root: bool = IS_ROOT) -> list[str]:
    """The expected diagnostics (``expected.root.txt`` instead, for root, when present)."""
    expected = case / "expected.txt"
    if as_root and (case / "expected.root.txt").exists():
        expected = case / "expected.root.txt"
    lines = expected.read_text("utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def _within(path: str, folder: Path) -> bool:
    real = os.path.realpath(folder)
    return path == real or path.startswith(real + os.sep)


@pytest.mark.parametrize("case", RULE_CASES, ids=[c.name for c in RULE_CASES])
def test_rule_fixture(case: Path, tmp_path: Path) -> None:
    made = materialize(case, tmp_path / "case")
    try:
        with recording_reads() as opened_paths:
            catalog = skill_catalog.load(made.roots, made.config)
    finally:
        made.restore_permissions()
    stage = made.setup.get("stage", "load")
    assert diagnostic_lines(catalog, made.library, stage=stage) == expected_lines(case)
    outside = made.base / "outside"
    if outside.exists():
        leaked = [p for p in opened_paths if _within(p, outside)]
        assert leaked == [], "content outside the library was read"
        assert any(_within(p, made.library) for p in opened_paths), "the recorder saw nothing"
        for skill in catalog:
            text = repr(skill.frontmatter) + skill.body + " ".join(f.relpath for f in skill.files)
            assert OUTSIDE_MARKER not in text
            assert _within(os.path.realpath(skill.dir), made.library)


PERMISSION_CASES = [c for c in RULE_CASES if (c / "expected.root.txt").exists()]


@pytest.mark.parametrize("case", PERMISSION_CASES, ids=[c.name for c in PERMISSION_CASES])
def test_permission_fixture_as_unprivileged_user(case: Path) -> None:
    """``expected.txt`` of a permission case is checked even when the tests run as root: the
    library is loaded by a child process that has given up root."""
    with world_readable_tmp() as tmp:
        made = materialize(case, tmp / "case")

        def observe() -> list[str]:
            catalog = skill_catalog.load(made.roots, made.config)
            return diagnostic_lines(catalog, made.library, stage=made.setup.get("stage", "load"))

        try:
            seen = run_unprivileged(observe) if IS_ROOT else observe()
        finally:
            made.restore_permissions()
    assert seen == expected_lines(case, as_root=False)


def test_every_rule_has_a_fixture() -> None:
    folders = {c.name.split("-", 1)[0]: c.name for c in RULE_CASES}
    trust = RULE_FIXTURES.parent / "trust"  # the labelled set of tests/test_trust.py
    folders.update({c.name.split("-", 1)[0].upper(): c.name
                    for group in ("risky", "notice") for c in (trust / group).iterdir()})
    missing = sorted(code for code in RULES if code not in folders)
    assert missing == [], f"add tests/fixtures/rules/<CODE>-<title>/ for {missing}"


def test_every_fixture_names_a_rule_and_expects_it() -> None:
    for case in RULE_CASES:
        code, _, title = case.name.partition("-")
        assert code in RULES, f"{case.name}: no rule {code}"
        assert title == RULES[code].title, f"{case.name}: the rule is called {RULES[code].title}"
        assert (case / "library").is_dir() or "library/" in (case / "setup.json").read_text()
        lines = (case / "expected.txt").read_text("utf-8").splitlines()
        expected = [line.split()[0] for line in lines if line and not line.startswith("#")]
        assert code in expected, f"{case.name}/expected.txt never reports {code}"
        if (case / "expected.root.txt").exists():
            setup = json.loads((case / "setup.json").read_text("utf-8"))
            assert setup.get("chmod"), f"{case.name}: expected.root.txt is only for chmod cases"
