"""The built pages in Chromium, for what a reader meets on every page: the Problems link and
its badge, a search kept in the page's address (over HTTP and from ``file://``), and the
layout at 390 and 1280 pixels (content before the outline on a phone, nothing wider than the
screen, no word broken mid-way).

Screenshots of the layouts are saved under ``$SKILL_CATALOG_SCREENSHOTS`` when it is set (for
a person to look at); the tests assert the layout facts themselves."""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser import serve
from tests.helpers.libraries import write_skill
from tests.helpers.mkdocs import build_ok, make_project, mkdocs_env, need_material
from tests.helpers.sites import GUIDE_PAGE, PDF_TOOLS_PAGE, make_browser_library

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(browser_site: Path) -> Path:
    return browser_site


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


def _address(site: Path, base_url: str, scheme: str, rel: str) -> str:
    return base_url + rel if scheme == "http" else (site / rel).as_uri()


def _problems(site: Path) -> int:
    """Skills the problems page lists: the invalid ones and the valid ones with warnings."""
    skills = json.loads((site / "catalog.json").read_text(encoding="utf-8"))["skills"]
    return sum(not s["valid"] or any(d["severity"] == "warning" for d in s["diagnostics"])
               for s in skills)


# ---- the Problems link and badge ------------------------------------------------------------

@pytest.mark.parametrize("scheme", ["http", "file"])
def test_every_page_links_the_problems_page_with_its_count(
        browser_page: Any, site: Path, base_url: str, scheme: str) -> None:
    page = browser_page
    expected = _problems(site)
    assert expected > 0
    pages = ["index.html", PDF_TOOLS_PAGE, GUIDE_PAGE, "agents.html", "problems.html"]
    missing = "skills/no-such-skill/"
    if scheme == "http":  # the 404 page's links start from the base URL's path, for hosts
        pages += ["404.html", missing]  # the host's 404 page, at the missing address
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    for rel in pages:
        page.goto(_address(site, base_url, scheme, rel))
        page.wait_for_load_state("load")
        link = page.locator("header nav a", has_text="Problems")
        assert link.count() == 1, rel
        assert link.is_visible(), rel
        target = link.evaluate("a => a.href")
        assert urlsplit(target).path.endswith("/problems.html"), (rel, target)
        badge = link.locator(".pill")
        assert badge.is_visible(), rel
        assert badge.inner_text() == str(expected), rel
    assert failed == ([base_url + missing] if scheme == "http" else [])
    assert [e for e in page.console_errors if "404 (Not Found)" not in e] == []  # the page's


# ---- the search in the address --------------------------------------------------------------

def _visible_names(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(
        "#skill-list > li.skill", "els => els.filter(e => e.getClientRects().length > 0)"
        ".map(e => e.dataset.name)"))


def _settled(page: Any) -> None:
    page.wait_for_function("() => window.skillSearch !== undefined")
    page.evaluate("() => window.skillSearch.search()")


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_the_search_and_filters_are_kept_in_the_address(
        browser: Any, site: Path, base_url: str, scheme: str) -> None:
    """Typing and ticking filters replace the page's address (no history entry each); the
    address opened in another tab shows the same search, the same filters, the same list."""
    context = browser.new_context()
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        page = context.new_page()
        start = _address(site, base_url, scheme, "index.html")
        page.goto(start)
        _settled(page)
        entries = page.evaluate("() => history.length")
        page.focus("#skill-search")
        page.keyboard.type("tables pdf")
        page.check("fieldset.facet[data-facet=category] input[value=documents]")
        _settled(page)
        shown = _visible_names(page)
        assert shown == ["pdf-tools"]
        address = page.url
        query = parse_qs(urlsplit(address).query)
        assert query == {"q": ["tables pdf"], "category": ["documents"]}
        assert page.evaluate("() => history.length") == entries  # replaced, not pushed

        other = context.new_page()
        other.goto(address)
        _settled(other)
        assert other.input_value("#skill-search") == "tables pdf"
        assert other.is_checked("fieldset.facet[data-facet=category] input[value=documents]")
        assert _visible_names(other) == shown
        assert other.text_content("#search-status") == page.text_content("#search-status")

        # clearing the search and the filter leaves a bare address, and every skill
        other.fill("#skill-search", "")
        other.uncheck("fieldset.facet[data-facet=category] input[value=documents]")
        _settled(other)
        assert urlsplit(other.url).query == ""
        assert len(_visible_names(other)) == 4
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_a_shared_address_with_a_status_filter_opens_the_filter_on_a_phone(
        browser: Any, site: Path, base_url: str, scheme: str) -> None:
    """The filters start folded on a phone; an address that ticks one shows them open."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(_address(site, base_url, scheme, "index.html") + "?status=invalid")
        _settled(page)
        assert page.evaluate("() => document.querySelector('details.facets-panel').open")
        assert page.is_checked("fieldset.facet[data-facet=status] input[value=invalid]")
        assert _visible_names(page) == ["Broken_Skill"]
    finally:
        context.close()


# ---- layout at 390 and 1280 pixels ----------------------------------------------------------

WIDTHS = (390, 1280)

# Every word of the elements ``selector`` finds that the browser laid out on more than one
# line. A word runs up to a space, or to just after a hyphen or slash (where a line may break).
BROKEN_WORDS = """selector => {
  const broken = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/[^\\s\\-\\/]+[\\-\\/]?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects())
          .filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""

# The levels of the headings inside ``selector``, in document order.
HEADING_LEVELS = """selector => Array.from(document.querySelector(selector)
  .querySelectorAll("h1, h2, h3, h4, h5, h6")).map(h => Number(h.tagName.slice(1)))"""


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not laid out"
    return dict(box)


def _shoot(page: Any, name: str) -> None:
    """Save a screenshot of the whole page for a person to look at, when asked to."""
    folder = os.environ.get("SKILL_CATALOG_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def assert_fits(page: Any, where: str) -> None:
    """Nothing makes the page wider than the window (it would scroll sideways)."""
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{where}: {overflow}px wider than the window"


def assert_headings_in_order(page: Any, selector: str, where: str) -> None:
    """One ``h1``, first; no heading more than one level below the one before it."""
    levels = page.evaluate(HEADING_LEVELS, selector)
    assert levels, where
    assert levels[0] == 1, (where, levels)
    assert levels.count(1) == 1, (where, levels)
    jumps = [(a, b) for a, b in itertools.pairwise(levels) if b > a + 1]
    assert not jumps, (where, levels)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_skill_page_shows_the_skill_before_its_outline_on_a_phone(
        browser: Any, base_url: str, width: int) -> None:
    """390 px: the body first, the outline after it, folded; 1280 px: the outline open in a
    column to the left of the body, both at the top."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(base_url + PDF_TOOLS_PAGE)
        page.wait_for_load_state("load")
        _shoot(page, f"site-skill-{width}")
        body, outline = _box(page, "section.body"), _box(page, "details.toc")
        cost = _box(page, "section[aria-labelledby=cost-title]")
        is_open = page.evaluate("() => document.querySelector('details.toc').open")
        if width < 860:
            assert body["y"] + body["height"] <= outline["y"], (body, outline)
            assert body["y"] < cost["y"]
            assert not is_open
            page.click("details.toc > summary")  # it unfolds
            assert page.locator("details.toc nav a", has_text="Steps").is_visible()
        else:
            assert is_open
            assert outline["x"] + outline["width"] <= body["x"], (outline, body)
            assert outline["y"] < body["y"] + body["height"]
        assert_fits(page, f"skill page at {width}")
        assert_headings_in_order(page, "main", f"skill page at {width}")
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("rel", ["index.html", PDF_TOOLS_PAGE, "skills/wide-content/index.html",
                                 GUIDE_PAGE, "changes.html"])
def test_site_pages_fit_and_break_no_word(browser: Any, base_url: str, rel: str,
                                          width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(base_url + rel)
        page.wait_for_load_state("load")
        assert_fits(page, f"{rel} at {width}")
        cells = ".skill-name, .skill-description, .kv dt, .kv dd, .stats, .badges, h1"
        assert page.evaluate(BROKEN_WORDS, cells) == [], f"{rel} at {width}"
        assert_headings_in_order(page, "main", f"{rel} at {width}")
    finally:
        context.close()


# ---- the MkDocs pages, under the default theme and Material ---------------------------------

MKDOCS_CONTENT = {"mkdocs": 'div[role="main"]', "material": "article.md-content__inner"}
"""Where each theme puts the page's content."""
MKDOCS_PAGES = ("skills/index.html", "skills/wide-content/index.html",
                "skills/pdf-tools/index.html")


@pytest.fixture(scope="module")
def mkdocs_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The browser tests' library in an MkDocs site, built with each theme."""
    need_material()
    root = tmp_path_factory.mktemp("mkdocs-layout")
    library = make_browser_library(root / "library")
    write_skill(library, "metadata-heavy", """
        name: metadata-heavy
        description: Carries long metadata keys. Use when checking the metadata table.
        metadata:
          maintainer-organisation: Platform Engineering and Developer Experience
          classification.confidentiality: internal
          homepage: https://example.org/a/rather/long/path/to/the/documentation/index.html
        """, body="Only text, and ### no heading.\n\n### A third-level heading first\n")
    env = mkdocs_env(tmp_path_factory)
    sites = {}
    for theme in MKDOCS_CONTENT:
        project = make_project(root / theme, library, theme={"name": theme})
        sites[theme] = build_ok(project, env).site
    return sites


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("theme", list(MKDOCS_CONTENT))
def test_mkdocs_pages_fit_break_no_word_and_keep_heading_order(
        browser: Any, mkdocs_sites: dict[str, Path], theme: str, width: int) -> None:
    """The index and skill pages: no wider than the window, no word of the metadata, files
    or index tables split over two lines (nor made breakable anywhere by the theme), the
    headings an outline (the body's below "Instructions"), no empty outline box."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        with serve(mkdocs_sites[theme]) as url:
            for rel in MKDOCS_PAGES:
                page.goto(url + rel)
                page.wait_for_load_state("load")
                where = f"{theme} {rel} at {width}"
                _shoot(page, f"mkdocs-{theme}-{rel.replace('/', '-')}-{width}")
                assert_fits(page, where)
                tables = ".skill-catalog-table"
                assert page.locator(tables).count(), where
                assert page.evaluate(BROKEN_WORDS, f"{tables} :is(td, th)") == [], where
                breaks = page.eval_on_selector_all(
                    f"{tables} :is(td, th, a, code)",
                    "els => els.map(e => getComputedStyle(e))"
                    ".map(s => s.wordBreak + ' ' + s.overflowWrap)")
                assert set(breaks) == {"normal break-word"}, (where, set(breaks))
                assert_headings_in_order(page, MKDOCS_CONTENT[theme], where)
                outline = page.evaluate("""() => Array.from(document.querySelectorAll(
                    '#toc-collapse, .md-sidebar--secondary nav.md-nav--secondary'))
                    .filter(e => e.getClientRects().length > 0)
                    .map(e => e.querySelectorAll('a').length)""")
                assert 0 not in outline, (where, outline)  # a visible outline lists something
    finally:
        context.close()
