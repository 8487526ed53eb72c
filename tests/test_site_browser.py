"""The built catalog in a real headless Chromium: search, facets, copy, navigation, a crawl of
every page, file:// use, accessibility (axe-core) and a hostile library that must stay inert."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from tests.browser import launch, serve
from tests.conftest import IN_CI, REPO
from tests.hostile_library import make_hostile_library
from tests.test_site_build import make_library

pytestmark = pytest.mark.browser
AXE = REPO / ".cache" / "npm-axe" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with launch() as instance:
        yield instance


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    base = tmp_path_factory.mktemp("browser-site")
    library = make_library(base)
    config = config_from_mapping({"title": "Browser Skills", "description": "Test catalog.",
                                  "base_url": "https://example.org/skills/"})
    build(config, roots=[library], output=base / "out")
    with serve(base / "out") as url:
        yield base / "out", url


def new_page(chromium: Any, **options: Any) -> tuple[Any, Any, list[str]]:
    context = chromium.new_context(**options)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def wait_until(page: Any, expression: str, timeout: float = 10.0) -> None:
    """Poll ``expression`` with page.evaluate (the site's CSP forbids the in-page eval that
    Playwright's wait_for_function uses)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {expression}")
        page.wait_for_timeout(50)


def visible_names(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(
        "#skill-list > li.skill", "items => items.filter(i => i.offsetParent !== null)"
        ".map(i => i.dataset.name)"))


def test_typing_narrows_the_list_and_finds_a_skill_by_its_words(chromium: Any,
                                                                site: tuple[Path, str]) -> None:
    _root, url = site
    context, page, errors = new_page(chromium)
    page.goto(url + "index.html")
    assert len(visible_names(page)) == 3
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "skill-search"
    page.keyboard.type("merged pull requests")
    wait_until(page, "document.querySelector('#search-status').textContent.includes('1 of')")
    assert visible_names(page) == ["release-notes"]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url("**/skills/release-notes/**")
    assert "Draft release notes" in page.inner_text("main")
    assert errors == []
    context.close()


def test_a_facet_filters(chromium: Any, site: tuple[Path, str]) -> None:
    _root, url = site
    context, page, errors = new_page(chromium)
    page.goto(url + "index.html")
    page.check("fieldset[data-facet='category'] input[value='documents']")
    wait_until(page, "document.querySelectorAll('#skill-list > li.skill:not([hidden])')"
                           ".length === 1")
    assert visible_names(page) == ["pdf-tools"]
    page.check("fieldset[data-facet='status'] input[value='invalid']")
    wait_until(page, "document.querySelectorAll('#skill-list > li.skill:not([hidden])')"
                           ".length === 0")
    assert errors == []
    context.close()


def test_copy_button_puts_the_fragment_on_the_clipboard(chromium: Any,
                                                        site: tuple[Path, str]) -> None:
    _root, url = site
    context, page, errors = new_page(chromium)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
    page.goto(url + "skills/pdf-tools/index.html")
    expected = page.inner_text("#prompt-fragment")
    assert expected.startswith("<available_skills>")
    assert "<name>pdf-tools</name>" in expected
    page.click("button[data-copy='prompt-fragment']")
    wait_until(page, "document.querySelector(\"button[data-copy='prompt-fragment']\")"
                           ".textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    assert errors == []
    context.close()


def test_skill_page_shows_its_body_and_its_file_links_open(chromium: Any,
                                                           site: tuple[Path, str]) -> None:
    _root, url = site
    context, page, errors = new_page(chromium)
    page.goto(url + "skills/pdf-tools/index.html")
    body = page.inner_text(".markdown")
    assert "Steps" in body
    assert "A footnote." in body
    page.click(".markdown a:text('the reference')")
    page.wait_for_url("**/files/references/guide.md.html#tables")
    assert "Tables" in page.inner_text("main")
    page.go_back()
    page.click(".file-tree a:text('scripts/extract.py')")
    page.wait_for_url("**/files/scripts/extract.py.html")
    assert "print" in page.inner_text("main")
    assert errors == []
    context.close()


def test_crawl_finds_no_broken_link_and_no_console_error(chromium: Any,
                                                         site: tuple[Path, str]) -> None:
    _root, url = site
    context, page, errors = new_page(chromium)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400
            else None)
    seen: set[str] = set()
    queue = [url + "index.html"]
    while queue:
        current = queue.pop()
        if current in seen:
            continue
        seen.add(current)
        page.goto(current)
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            target = urljoin(current, href).split("#", 1)[0]
            if target.endswith("/"):
                target += "index.html"
            if target.startswith(url) and target.endswith(".html") and target not in seen:
                queue.append(target)
    assert len(seen) >= 8
    assert failed == []
    assert errors == []
    context.close()


@pytest.mark.parametrize("page_path", ["index.html", "skills/pdf-tools/index.html"])
def test_pages_work_from_file_urls(chromium: Any, site: tuple[Path, str], page_path: str) -> None:
    root, _url = site
    context, page, errors = new_page(chromium)
    page.goto((root / page_path).as_uri())
    if page_path == "index.html":
        page.fill("#skill-search", "release")
        wait_until(page, "document.querySelector('#search-status').textContent"
                               ".includes('of')")
        assert "release-notes" in visible_names(page)
    toggle = page.locator("#theme-toggle")
    before = page.evaluate("getComputedStyle(document.body).backgroundColor")
    toggle.click()
    after = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert before != after
    assert errors == []
    context.close()


@pytest.mark.parametrize("page_path", ["index.html", "skills/pdf-tools/index.html",
                                       "skills/pdf-tools/files/references/guide.md.html"])
def test_nothing_overflows_on_a_phone(chromium: Any, site: tuple[Path, str],
                                      page_path: str) -> None:
    _root, url = site
    context, page, _errors = new_page(chromium, viewport={"width": 375, "height": 800})
    page.goto(url + page_path)
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    context.close()


def axe_source() -> str:
    if not AXE.is_file() and shutil.which("npm"):
        subprocess.run(["npm", "install", "--prefix", str(AXE.parents[2]), "--no-save",
                        "--no-audit", "--no-fund", "axe-core@4"], check=False,
                       capture_output=True, timeout=300)
    if not AXE.is_file():
        message = f"axe-core is missing ({AXE}); run .ci/run's npm install line"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page_path", ["index.html", "skills/pdf-tools/index.html",
                                       "skills/pdf-tools/files/scripts/extract.py.html",
                                       "problems.html", "agents.html", "404.html"])
def test_no_serious_accessibility_violation(chromium: Any, site: tuple[Path, str],
                                            page_path: str, scheme: str) -> None:
    source = axe_source()
    _root, url = site
    context, page, _errors = new_page(chromium, bypass_csp=True, color_scheme=scheme)
    page.goto(url + page_path)
    page.add_script_tag(content=source)
    violations = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""")
    assert violations == []
    context.close()


def test_hostile_library_pages_fire_no_dialog_and_contact_no_other_origin(
        chromium: Any, tmp_path: Path) -> None:
    library = make_hostile_library(tmp_path, big=False)
    out = tmp_path / "site"
    build(config_from_mapping({}), roots=[library], output=out)
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 20
    with serve(out) as url:
        context, page, _errors = new_page(chromium)
        dialogs: list[str] = []
        foreign: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.on("request", lambda r: foreign.append(r.url)
                if urlsplit(r.url).netloc != urlsplit(url).netloc
                and not r.url.startswith(("data:", "about:")) else None)
        for html_page in pages:
            page.goto(url + html_page.relative_to(out).as_posix().replace("#", "%23")
                      .replace("?", "%3F"))
            page.wait_for_timeout(20)
            assert page.evaluate("typeof window.XSS === 'undefined'")
        assert dialogs == []
        assert foreign == []
        context.close()
