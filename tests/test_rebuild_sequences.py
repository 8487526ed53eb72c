"""Never a stale page: random sequences of edits to a library, each followed by an
incremental rebuild (as the ``build`` command makes it, and as ``serve``'s session makes it),
must leave the very site a fresh build of the same library writes.

Hypothesis picks the edits and where they land, and shrinks a failing sequence to a shortest
one. The edits are those a library goes through (bodies, names, files, folders, links between
skills, a second root, a theme) and the awkward ones (links out of the library, a site marker
planted inside a skill, the same name twice, bytes changed with size and time kept).

CI runs a modest, derandomised number of sequences; ``benchmarks/fuzz.py`` runs many more.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from skill_catalog.config import config_from_mapping
from skill_catalog.pipeline.watched import Watched
from skill_catalog.site.build import Session, build
from skill_catalog.site.pages import parallel
from tests.helpers.sites import tree_digest
from tests.library_edits import EDIT_NAMES, Edits, Snapshot, make_library, reported, snapshot


class RebuildSequence(RuleBasedStateMachine):
    """One library, a site rebuilt by command and one rebuilt by a session; after each batch of
    edits both must equal a fresh build."""

    def __init__(self) -> None:
        super().__init__()
        self.temp = tempfile.TemporaryDirectory(prefix="skill-catalog-rebuilds-")
        self.base = Path(self.temp.name)
        self.edits = Edits(self.base, *make_library(self.base))
        self.config = config_from_mapping({
            "title": "T", "base_url": "https://example.org/c/",
            "repository": {"url": "https://github.com/o/r"}, "theme": str(self.edits.theme)})
        self.session = Session()
        self.watched = Session(watched=Watched())  # as serve's: told what its watcher saw
        self.last = self._library_state()

    def _build(self, output: Path, session: Session | None = None) -> int:
        """Build into ``output``; the number of files kept from the site there."""
        return build(self.config, roots=[self.edits.first, self.edits.second], output=output,
                     session=session).kept

    def _library_state(self) -> Snapshot:
        """The files and folders a watcher of the roots and theme would report on."""
        state: Snapshot = {}
        for folder in (self.edits.first, self.edits.second, self.edits.theme):
            state.update(snapshot(folder))
        return state

    @initialize()
    def first_builds(self) -> None:
        self._build(self.base / "out")
        self._build(self.base / "served", self.session)
        self._build(self.base / "watched", self.watched)
        self.last = self._library_state()

    @rule(batch=st.lists(st.tuples(st.sampled_from(EDIT_NAMES), st.integers(0, 10_000)),
                         min_size=1, max_size=3))
    def edit_and_rebuild(self, batch: list[tuple[str, int]]) -> None:
        for name, n in batch:
            getattr(self.edits, name)(n)
        kept = [self._build(self.base / "out"), self._build(self.base / "served", self.session)]
        now = self._library_state()
        assert self.watched.watched is not None
        self.watched.watched.changed(reported(self.last, now, topmost=True))
        kept.append(self._build(self.base / "watched", self.watched))
        self.last = now
        if not any(name.startswith("theme_") for name, _ in batch):  # the theme: every page
            assert all(kept), f"nothing was kept after {batch}"
        fresh = self.base / "fresh"
        shutil.rmtree(fresh, ignore_errors=True)
        self._build(fresh)
        expected = tree_digest(fresh)
        for label in ("out", "served", "watched"):
            got = tree_digest(self.base / label)
            stale = sorted(p for p in got.keys() | expected.keys()
                           if got.get(p) != expected.get(p))
            assert not stale, f"{label} after {batch}: {stale[:10]}"

    def teardown(self) -> None:
        self.temp.cleanup()


# A sequence is up to five edits, each followed by two builds and a fresh one (about a second
# each): a seventh of the profile's examples (tests/conftest.py), 8 sequences by default.
RebuildSequence.TestCase.settings = settings(
    max_examples=max(1, settings().max_examples // 7), stateful_step_count=5)
test_rebuilds_equal_a_fresh_build = RebuildSequence.TestCase


class BackgroundSequence(RebuildSequence):
    """The same machine; only where the site-wide files are written differs."""


# The edits are the machine above's, which runs every kind of them; what this one adds is the
# forked writer of the site-wide files, which every build of a sequence uses: a third of the
# sequences above is enough for it (7 under CI, 2 by default; at the same count it took
# 177 s of a loaded CI run, the test above 98 s).
BackgroundSequence.TestCase.settings = settings(
    max_examples=max(1, settings().max_examples // 21), stateful_step_count=5)


def test_site_wide_files_written_in_the_background_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same sequences with the site-wide files written by a forked child, as libraries
    of 200 skills and more get them."""
    monkeypatch.setattr(parallel, "MIN_SKILLS_FOR_BACKGROUND", 0)
    BackgroundSequence.TestCase().runTest()
