"""The built pages in Chromium, for what a reader meets on every page: the Problems link and
its badge, a search kept in the page's address (over HTTP and from ``file://``), and the
layout at 390 and 1280 pixels (content before the outline on a phone, nothing wider than the
screen, no word broken mid-way).

Screenshots of the layouts are saved under ``$SKILL_CATALOG_SCREENSHOTS`` when it is set (for
a person to look at); the tests assert the layout facts themselves."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser import serve
from tests.test_site_browser import GUIDE, SKILL, build_site

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory.mktemp("pages-site"))


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
    pages = ["index.html", SKILL, GUIDE, "agents.html", "problems.html"]
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
