"""Shared pytest fixtures (plain helpers are in ``helpers/``) and the Hypothesis profiles."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from skill_catalog.catalog import Catalog

# One Chromium for the whole session: declared here so that every module shares it (importing
# the fixture into two modules would start two Playwright instances, which cannot coexist).
from tests.browser import browser, browser_page  # noqa: F401
from tests.environment import IN_CI
from tests.helpers.libraries import corpus_links, need_shared
from tests.helpers.realclients import RELEASES, Installed, SkillsCli, install_skills_cli
from tests.helpers.sites import build_browser_site

# Ctrl-C for tests that send SIGINT to this process, and the session-end check that no test
# left a `skill-catalog serve` running (tests/processes.py).
from tests.processes import ctrl_c_raises, pytest_sessionfinish  # noqa: F401

# Hypothesis: one profile for the whole suite, chosen by HYPOTHESIS_PROFILE (CI=true picks "ci").
# A property test takes the profile's number of examples; a test that needs another number
# states it as a multiple of ``settings().max_examples`` and says why. The quick profiles are
# derandomised (the same examples on every run, so a failure is reproduced by running again);
# "long" draws new ones on every run, to look further. docs/architecture.md, "What is checked".
_COMMON = {"deadline": None,  # no timing thresholds in tests (benchmarks/ measures time)
           "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}
settings.register_profile("default", max_examples=60, derandomize=True, **_COMMON)
settings.register_profile("ci", max_examples=150, derandomize=True, **_COMMON)
settings.register_profile("long", max_examples=1000, derandomize=False, **_COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if IN_CI else "default"))


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shared corpus with its symbolic links (skill folders linked into tool folders,
    SKILL.md files linked from elsewhere, broken ones), as the upstream repositories hold them:
    ``restore_links.py`` copies it once per session into a temporary folder (a few seconds).
    The same whether shared/ holds the links or small files standing for them."""
    shared = need_shared()
    dest = tmp_path_factory.mktemp("corpus") / "corpus"
    done = subprocess.run([sys.executable, str(shared / "restore_links.py"), str(dest)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    links = corpus_links(shared)
    assert links, "MANIFEST.jsonl lists no symbolic link"
    assert all((dest / path).is_symlink() for path, _target in links), "links not restored"
    return dest


@pytest.fixture(scope="session")
def corpus_catalog(corpus: Path) -> Catalog:
    """The restored corpus as ``skill_catalog.load`` reads it (default workers), loaded once
    for the tests that only read the catalog (a load is about 15 s on a busy machine): never
    change it."""
    import skill_catalog

    return skill_catalog.load([corpus])


@pytest.fixture(scope="session")
def shared_catalog() -> Catalog:
    """The corpus as shared/ lays it out (links may be small files standing for them), loaded
    once, read only."""
    import skill_catalog

    return skill_catalog.load([need_shared()])


@pytest.fixture(scope="session")
def browser_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The browser tests' site (``build_browser_site``), built once for every module that
    reads it (accessibility, site and pages in Chromium): never change it. Its Markdown files
    have pages rendered at build time (``file_pages: markdown``), which these tests check;
    tests/test_light_pages.py checks the default, Markdown in the viewer."""
    return build_browser_site(tmp_path_factory.mktemp("browser-site"), file_pages="markdown")


@pytest.fixture(scope="session")
def batched_browser_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same site with an index page that shows one card at first (``INDEX_BATCH`` 1), as
    a library of more than twice the batch has it; built once, never change it."""
    from skill_catalog.site.pages import views

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(views, "INDEX_BATCH", 1)
        return build_browser_site(tmp_path_factory.mktemp("batched-site"),
                                  file_pages="markdown")


@pytest.fixture
def library(tmp_path: Path) -> Path:
    root = tmp_path / "library"
    root.mkdir()
    return root


@pytest.fixture(scope="module", params=RELEASES, ids=lambda r: f"skills-{r.version}")
def skills_cli(request: pytest.FixtureRequest) -> Installed:
    """The ``skills`` CLI (``npx skills``) of each release, installed if needed."""
    release: SkillsCli = request.param
    return install_skills_cli(release)
