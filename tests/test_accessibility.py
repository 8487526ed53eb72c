"""Accessibility of the built catalog: axe-core, run inside Chromium on every kind of page
(index, skill pages, file pages, problems, agents, 404), finds no serious or critical
violation, in the light and the dark theme, on a desktop and on a phone.

axe-core comes from npm (``.ci/run`` installs it into ``.cache/npm-axe``); without it the tests
install it once, skip where npm is missing, and fail in CI. The site's Content-Security-Policy
forbids injected scripts, so axe runs in a browser context created with ``bypass_csp=True``.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import serve
from tests.environment import IN_CI, REPO
from tests.helpers.sites import page_names

pytestmark = pytest.mark.browser

AXE_PREFIX = REPO / ".cache" / "npm-axe"
AXE = AXE_PREFIX / "node_modules" / "axe-core" / "axe.min.js"
NPM_INSTALL = ["install", "--prefix", str(AXE_PREFIX), "--no-save", "--no-audit", "--no-fund",
               "axe-core@4"]
SERIOUS = ("serious", "critical")


def _unavailable(message: str) -> None:
    if IN_CI:
        pytest.fail(f"CI runs the accessibility tests; {message}")
    pytest.skip(message)


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe.min.js, installed with npm on first use."""
    if not AXE.is_file():
        npm = shutil.which("npm")
        if npm is None:
            _unavailable(f"{AXE} is missing and npm is not installed")
        else:
            result = subprocess.run([npm, *NPM_INSTALL], cwd=REPO, capture_output=True,
                                    text=True, timeout=600, check=False)
            if not AXE.is_file():
                _unavailable(f"npm could not install axe-core: {result.stderr[-2000:]}")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def site(browser_site: Path) -> Path:
    return browser_site


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


def test_every_kind_of_page_is_checked(site: Path) -> None:
    pages = page_names(site)
    for expected in ("index.html", "skills/pdf-tools/index.html", "problems.html",
                     "agents.html", "404.html", "skills/pdf-tools/view.html",
                     "skills/pdf-tools/files/references/guide.md.html"):
        assert expected in pages


VIEWED = "skills/pdf-tools/view.html?f=scripts/extract.py"
"""The viewer showing a file (its page without ``?f=`` lists the files)."""


def _violations(page: Any, axe: str) -> list[str]:
    page.add_script_tag(content=axe)
    found = page.evaluate("""async (serious) => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.filter(v => serious.includes(v.impact)).map(v =>
            `${v.impact} ${v.id}: ${v.help} at ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""", list(SERIOUS))
    return list(found)


# (theme, how it is chosen, viewport width): the system setting, and the reader's choice with
# the theme toggle against the opposite system setting.
MODES = [
    ("light", "system", 1280),
    ("dark", "system", 1280),
    ("dark", "chosen", 1280),
    ("light", "chosen", 1280),
    ("light", "system", 375),
    ("dark", "system", 375),
]


@pytest.mark.parametrize(("theme", "how", "width"), MODES,
                         ids=[f"{t}-{h}-{w}" for t, h, w in MODES])
def test_axe_finds_no_serious_violation(browser: Any, axe_source: str, site: Path,
                                        base_url: str, theme: str, how: str,
                                        width: int) -> None:
    system = theme if how == "system" else ("light" if theme == "dark" else "dark")
    context = browser.new_context(bypass_csp=True, color_scheme=system,
                                  viewport={"width": width, "height": 900})
    if how == "chosen":
        context.add_init_script(
            f"try {{ localStorage.setItem('skill-catalog-theme', '{theme}'); }} catch (e) {{}}")
    problems: list[str] = []
    try:
        page = context.new_page()
        for rel in [*page_names(site), VIEWED]:
            page.goto(base_url + rel)
            if rel == VIEWED:
                page.wait_for_selector(".numbered-code code.hljs")
            scheme = page.evaluate(
                "() => getComputedStyle(document.documentElement).colorScheme")
            assert scheme == theme, rel
            problems += [f"{rel}: {v}" for v in _violations(page, axe_source)]
    finally:
        context.close()
    assert problems == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_passes_a_long_index_page_with_its_controls(
        browser: Any, axe_source: str, batched_browser_site: Path, theme: str) -> None:
    """The "Show more" and "Show all" controls of a list longer than twice the batch."""
    site = batched_browser_site
    context = browser.new_context(bypass_csp=True, color_scheme=theme)
    try:
        page = context.new_page()
        with serve(site) as url:
            page.goto(url + "index.html")
            page.wait_for_function("() => window.skillSearch !== undefined")
            assert page.is_visible("#show-more")
            assert page.is_visible("#show-all")
            problems = _violations(page, axe_source)
            page.click("#show-more")
            problems += _violations(page, axe_source)
    finally:
        context.close()
    assert problems == []
