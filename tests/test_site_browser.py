"""The built HTML catalog in a real headless Chromium: search, facets, copy buttons, file
links, the keyboard, the theme toggle, small screens, file://, a crawl of every page, and a
hostile library that must not run anything or reach the network.

The site is built by the real ``skill_catalog.site.build.build`` from ``make_library()`` (every
feature) plus a skill with wide content (long code lines, a wide table, unbroken words)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urldefrag, urlsplit

import pytest

from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from skill_catalog.site.pages import views
from tests.browser import serve
from tests.helpers.libraries import make_problem_library, write_skill
from tests.helpers.sites import GUIDE_PAGE, PDF_TOOLS_PAGE, build_browser_site, page_names
from tests.hostile_library import XSS_MARK, make_hostile_library

pytestmark = pytest.mark.browser

SCRIPT = "skills/pdf-tools/view.html?f=scripts/extract.py"
SCRIPT_RAW = ".well-known/skills/pdf-tools/scripts/extract.py"
WIDE = "skills/wide-content/index.html"
WIDE_FILE = "skills/wide-content/files/references/" + "very-long-reference-name-" * 3 + ".md.html"
WIDE_SCRIPT = "skills/wide-content/view.html?f=scripts/wide.py"

# What the pdf-tools page's copy button must put on the clipboard: the spec's format, written
# out here rather than computed, so that a change in the prompt renderer shows up.
PDF_TOOLS_FRAGMENT = """\
<available_skills>
  <skill>
    <name>pdf-tools</name>
    <description>Extract text and tables from PDF files. Use when the user hands over a PDF.</description>
    <location>pdf-tools/SKILL.md</location>
  </skill>
</available_skills>
"""


@pytest.fixture(scope="module")
def site(browser_site: Path) -> Path:
    return browser_site


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


def _visible_names(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(
        "#skill-list > li.skill", "els => els.filter(e => e.getClientRects().length > 0)"
        ".map(e => e.dataset.name)"))


def _search(page: Any, text: str) -> None:
    """Type ``text`` into the search box and wait until the list shows its result."""
    page.fill("#skill-search", "")
    page.focus("#skill-search")
    page.keyboard.type(text)
    page.wait_for_function("() => window.skillSearch !== undefined")
    page.evaluate("() => window.skillSearch.search()")


def _open_index(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.skillSearch !== undefined")


@pytest.fixture(scope="module")
def batched_site(batched_browser_site: Path) -> Path:
    return batched_browser_site


# ---- search, facets, copy, file links -----------------------------------------------------

@pytest.mark.parametrize("scheme", ["http", "file"])
def test_search_narrows_the_list_and_finds_a_skill_by_its_words(
        browser_page: Any, site: Path, base_url: str, scheme: str) -> None:
    page = browser_page
    _open_index(page, base_url + "index.html" if scheme == "http"
                else (site / "index.html").as_uri())
    everything = _visible_names(page)
    assert set(everything) == {"pdf-tools", "release-notes", "Broken_Skill", "wide-content"}
    _search(page, "merged pull requests")  # words of the description, not the name
    assert _visible_names(page) == ["release-notes"]
    assert page.text_content("#search-status") == "1 of 4 skills"
    _search(page, "extract")
    assert _visible_names(page) == ["pdf-tools"]
    _search(page, "zzzz-nothing-matches")
    assert _visible_names(page) == []
    assert page.is_visible("#no-results")
    page.fill("#skill-search", "")
    page.evaluate("() => window.skillSearch.search()")
    assert _visible_names(page) == everything
    assert page.console_errors == []


def test_search_folds_accents_in_the_index_and_the_query(browser_page: Any,
                                                       tmp_path: Path) -> None:
    """``cafe`` finds the skill named ``café-notes`` (whose page is ``skills/cafe-notes/``),
    ``creme brulee`` finds its words, and ``résumé`` finds ``resume``: over HTTP and from disk."""
    library = tmp_path / "library"
    write_skill(library, "café-notes", "name: café-notes\ndescription: Notes from the Crème "
                "brûlée tasting. Use when writing menus.")
    write_skill(library, "resume-writer", "name: resume-writer\ndescription: Writes a resume. "
                "Use when asked for one.")
    write_skill(library, "other", "name: other\ndescription: Something else. Use when bored.")
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    page = browser_page
    with serve(tmp_path / "out") as url:
        for address in (url + "index.html", (tmp_path / "out" / "index.html").as_uri()):
            _open_index(page, address)
            for text, found in [("cafe", ["café-notes"]), ("CAFE NOTES", ["café-notes"]),
                                ("creme brulee", ["café-notes"]), ("café", ["café-notes"]),
                                ("résumé", ["resume-writer"])]:
                _search(page, text)
                assert _visible_names(page) == found, (address, text)
            assert page.get_attribute("#skill-list li.skill a", "href").startswith(
                "skills/cafe-notes/")
    assert page.console_errors == []


def test_no_result_says_what_was_searched_and_offers_the_way_back(browser_page: Any,
                                                                 base_url: str) -> None:
    """Not just "0 of 4": the words searched, that nothing matched, and buttons that clear
    the search or the filters, whichever left nothing."""
    page = browser_page
    _open_index(page, base_url + "index.html")
    everything = _visible_names(page)
    _search(page, "zzzz nothing <b>here</b>")
    assert _visible_names(page) == []
    assert page.text_content("#search-status") == (
        "No skill matches \u201czzzz nothing <b>here</b>\u201d.")
    assert page.is_visible("#no-results")
    assert page.text_content("#no-results-text") == (
        "No skill matches \u201czzzz nothing <b>here</b>\u201d. Try other or fewer words, or "
        "clear the search to see all 4 skills.")
    assert page.eval_on_selector_all("#no-results b", "els => els.length") == 0  # text only
    # Where the cards were, beside the filters (not below their long column).
    page.set_viewport_size({"width": 1280, "height": 900})
    message = page.locator("#no-results").bounding_box()
    filters = page.locator(".facets").bounding_box()
    assert message is not None
    assert filters is not None
    assert message["x"] > filters["x"] + filters["width"]
    assert message["y"] < filters["y"] + filters["height"] / 2
    assert page.is_visible("#clear-search")
    assert not page.is_visible("#clear-filters")
    page.click("#clear-search")
    page.wait_for_function("() => document.getElementById('skill-search').value === ''")
    assert _visible_names(page) == everything
    assert not page.is_visible("#no-results")
    assert _active(page) == "skill-search"
    assert "q=" not in page.url
    # A query that finds skills, none of them with the filter chosen: clear the filters.
    page.check("fieldset.facet[data-facet=status] input[value=invalid]")
    _search(page, "extract")
    assert _visible_names(page) == []
    assert page.text_content("#no-results-text") == (
        "No skill matches \u201cextract\u201d with the filter chosen. Try other words, or "
        "clear the search or the filters.")
    assert page.is_visible("#clear-search")
    assert page.is_visible("#clear-filters")
    page.click("#clear-filters")
    assert _visible_names(page) == ["pdf-tools"]
    assert not page.is_checked("fieldset.facet[data-facet=status] input[value=invalid]")
    assert "status=" not in page.url
    # Filters alone.
    page.fill("#skill-search", "")
    page.evaluate("() => window.skillSearch.search()")
    page.check("fieldset.facet[data-facet=category] input[value=documents]")
    page.check("fieldset.facet[data-facet=status] input[value=invalid]")
    assert page.text_content("#no-results-text") == (
        "No skill has the 2 filters chosen. Clear the filters to see all 4 skills.")
    assert not page.is_visible("#clear-search")
    page.click("#clear-filters")
    assert _visible_names(page) == everything
    assert page.console_errors == []


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_long_index_shows_a_batch_then_the_rest(browser: Any, batched_site: Path,
                                                   script: bool) -> None:
    """With search.js, "Show more" and "Show all" reveal the cards; without any script the
    page's own "Show all" link does, through the stylesheet."""
    context = browser.new_context(java_script_enabled=script)
    try:
        page = context.new_page()
        with serve(batched_site) as url:
            page.goto(url + "index.html")
            if script:
                page.wait_for_function("() => window.skillSearch !== undefined")
            names = page.eval_on_selector_all("#skill-list > li.skill",
                                              "els => els.map(e => e.dataset.name)")
            assert len(names) == 4
            assert _visible_names(page) == names[:1]
            assert page.text_content("#list-more-text") == "Showing 1 of 4 skills."
            assert page.is_visible("#show-more") == script
            if script:
                page.click("#show-more")
                assert _visible_names(page) == names[:2]
                assert page.text_content("#list-more-text") == "Showing 2 of 4 skills."
            page.click("#show-all")
            assert _visible_names(page) == names
            assert not page.is_visible("#list-more")
    finally:
        context.close()


def test_a_long_problems_page_shows_the_rest_through_its_link(
        browser_page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "INDEX_BATCH", 1)
    build(config_from_mapping({}), roots=[make_problem_library(tmp_path)],
          output=tmp_path / "out")
    page = browser_page
    with serve(tmp_path / "out") as url:
        page.goto(url + "problems.html")
        shown = ".problem-group h2 a"
        visible = "els => els.filter(e => e.getClientRects().length > 0).map(e => e.textContent)"
        assert page.eval_on_selector_all(shown, visible) == ["a-one"]
        page.click("#show-all")
        assert page.eval_on_selector_all(shown, visible) == ["a-one", "b-two", "c-three"]
        assert not page.is_visible("#show-all")
    assert page.console_errors == []


def test_a_facet_filters_the_list(browser_page: Any, base_url: str) -> None:
    page = browser_page
    _open_index(page, base_url + "index.html")
    page.check("fieldset.facet[data-facet=category] input[value=documents]")
    assert _visible_names(page) == ["pdf-tools"]
    assert page.text_content("#search-status") == "1 of 4 skills"
    page.check("fieldset.facet[data-facet=category] input[value=writing]")  # OR within a facet
    assert set(_visible_names(page)) == {"pdf-tools", "release-notes"}
    page.check("fieldset.facet[data-facet=status] input[value=invalid]")  # AND across facets
    assert _visible_names(page) == []
    assert page.is_visible("#no-results")
    for value in ("documents", "writing"):
        page.uncheck(f"fieldset.facet[data-facet=category] input[value={value}]")
    assert _visible_names(page) == ["Broken_Skill"]
    page.uncheck("fieldset.facet[data-facet=status] input[value=invalid]")
    assert len(_visible_names(page)) == 4
    assert page.console_errors == []


def test_copy_button_puts_the_fragment_on_the_clipboard(browser: Any, base_url: str) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    try:
        page = context.new_page()
        page.goto(base_url + PDF_TOOLS_PAGE)
        button = "button.copy[data-copy=prompt-fragment]"
        page.click(button)
        page.wait_for_function(f"() => document.querySelector('{button}').textContent "
                               "=== 'Copied'")
        assert page.evaluate("() => navigator.clipboard.readText()") == PDF_TOOLS_FRAGMENT
        page.click("button.copy[data-copy=install-npx]")
        page.wait_for_function("() => navigator.clipboard.readText().then(t => t.startsWith("
                               "'npx skills add'))")
        assert page.evaluate("() => navigator.clipboard.readText()") == (
            "npx skills add https://example.org/c/ --skill pdf-tools")
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_install_commands_copy_from_the_keyboard_offline(browser: Any, site: Path,
                                                         width: int) -> None:
    """Each install command has its button: reached with Tab, pressed with Enter, on the page
    opened from disk (no network), it puts the command on the clipboard and says so in its
    visible label, keeping the hidden words that tell one button from another."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.route("http*://**", lambda route: route.abort())  # nothing from the network
    try:
        page = context.new_page()
        page.goto((site / PDF_TOOLS_PAGE).as_uri())
        buttons = page.eval_on_selector_all(
            "section[aria-labelledby=install-title] button.copy",
            "els => els.map(b => [b.dataset.copy, b.textContent, "
            "document.getElementById(b.dataset.copy).textContent])")
        assert [b[0] for b in buttons][:4] == ["install-npx", "install-plugin-add",
                                               "install-plugin", "install-download"]
        assert len(buttons) > 6
        target, label, command = buttons[-1]
        assert label.startswith("Copy the command for ~/")
        assert command.startswith("mkdir -p ~/")
        assert "unzip -o pdf-tools.zip -d ~/" in command
        page.focus("button.copy[data-copy=install-download]")
        for _ in range(200):  # Tab from the download button to the last one
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.dataset.copy") == target:
                break
        else:
            pytest.fail(f"Tab never reached {target}")
        page.keyboard.press("Enter")
        selector = f"button.copy[data-copy={target}]"
        page.wait_for_function(f"() => document.querySelector('{selector} .copy-label')"
                               ".textContent === 'Copied'")
        assert page.evaluate("() => navigator.clipboard.readText()") == command
        assert page.text_content(selector) == label.replace("Copy", "Copied", 1)
        box = page.locator(selector).bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= width
    finally:
        context.close()


def test_skill_page_shows_its_body_and_its_file_links_open(browser_page: Any,
                                                            base_url: str) -> None:
    page = browser_page
    page.goto(base_url + PDF_TOOLS_PAGE)
    body = page.locator("section.body .markdown")
    assert body.locator("h3[data-level='1']").inner_text().startswith("PDF tools")
    assert body.locator("table td").all_text_contents() == ["1", "2"]
    assert "print('hi')" in body.locator("pre").text_content()
    # a link in the body opens the reference's page at its heading...
    page.click("section.body a:text('the reference')")
    page.wait_for_url(base_url + GUIDE_PAGE + "#tables")
    assert page.locator("#tables").is_visible()
    assert page.locator("main h1").first.text_content() == "references/guide.md"
    page.go_back()
    page.wait_for_url(base_url + PDF_TOOLS_PAGE)
    # ...and the file list opens the script in the skill's viewer, highlighted and numbered
    page.click(".file-tree a:text('scripts/extract.py')")
    page.wait_for_url(base_url + SCRIPT)
    page.wait_for_selector(".file-view .numbered-code code.hljs")
    assert page.locator(".file-view pre").text_content() == (
        "#!/usr/bin/env python3\nprint('x')")  # line numbers are not part of the text
    assert page.locator(".file-view .line-number").count() == 2
    assert page.locator("main h1").text_content() == "scripts/extract.py"
    assert page.title() == "scripts/extract.py · pdf-tools · Test Skills"
    assert page.locator("#viewer-meta a:text('raw')").get_attribute("href") == (
        "../../" + SCRIPT_RAW)
    page.go_back()
    page.wait_for_url(base_url + PDF_TOOLS_PAGE)
    assert page.locator("section.body .markdown h3").first.inner_text().startswith("PDF tools")
    # the breadcrumb of a file page leads back to its skill
    page.goto(base_url + GUIDE_PAGE)
    page.click("nav.breadcrumbs a:text('pdf-tools')")
    page.wait_for_url(re.compile(r".*/skills/pdf-tools/(index\.html)?$"))
    assert page.locator("h1").first.text_content() == "pdf-tools"
    assert page.console_errors == []


def test_the_viewer_shows_the_line_in_the_address_and_lists_the_files(
        browser_page: Any, base_url: str) -> None:
    """``#L2`` marks the second line once the file is in the page; without ``?f=`` (or with a
    name the viewer does not show) the page lists the files it shows, opening each there."""
    page = browser_page
    page.goto(base_url + SCRIPT + "#L2")
    page.wait_for_selector(".numbered-code")
    page.wait_for_function("() => document.querySelector(':target') !== null")
    assert page.evaluate("() => document.querySelector(':target').id") == "L2"
    assert page.evaluate("() => getComputedStyle(document.getElementById('L2'))"
                         ".backgroundColor") != page.evaluate(
        "() => getComputedStyle(document.getElementById('L1')).backgroundColor")
    page.goto(base_url + "skills/pdf-tools/view.html?f=../../catalog.json")
    assert "no file named “../../catalog.json”" in page.locator("main").inner_text()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(base_url + "skills/pdf-tools/view.html")
    assert not any("catalog.json" in url for url in requested)
    page.click("#viewer-files a:text('scripts/extract.py')")
    page.wait_for_url(base_url + SCRIPT)
    page.wait_for_selector(".numbered-code")
    assert page.console_errors == []


def test_without_script_and_from_file_urls_a_script_link_opens_the_raw_file(
        browser: Any, site: Path, base_url: str) -> None:
    """The viewer needs script and HTTP: without script the links open the raw copy, which
    the browser shows as text; from file:// too (a page there cannot read other files), and
    the viewer opened there says so and links the raw file."""
    expected = "#!/usr/bin/env python3\nprint('x')\n"
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + PDF_TOOLS_PAGE)
        page.click(".file-tree a:text('scripts/extract.py')")
        page.wait_for_url(base_url + SCRIPT_RAW)
        assert page.locator("body").inner_text() == expected
        page.goto(base_url + "skills/pdf-tools/view.html")  # the list, linking raw copies
        assert page.locator("#viewer-files a").get_attribute("href") == "../../" + SCRIPT_RAW
    finally:
        context.close()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto((site / PDF_TOOLS_PAGE).as_uri())
        page.click(".file-tree a:text('scripts/extract.py')")
        page.wait_for_url((site / SCRIPT_RAW).as_uri())
        assert page.locator("body").inner_text() == expected
        page.goto((site / "skills/pdf-tools/view.html").as_uri() + "?f=scripts/extract.py")
        assert "cannot read other files" in page.locator("#viewer-body").inner_text()
        page.click("#viewer-body a:text('Open the raw file')")
        page.wait_for_url((site / SCRIPT_RAW).as_uri())
    finally:
        context.close()


def test_without_file_pages_the_file_links_open_the_files_as_text(
        browser_page: Any, tmp_path: Path) -> None:
    """``file_pages: false``: the body's link and the file list open the raw copies, which
    the browser shows as text (GitHub Pages serves them as ``text/markdown``, ``text/x-python``)."""
    site = build_browser_site(tmp_path, file_pages=False)
    page = browser_page
    downloads: list[Any] = []
    missing: list[str] = []
    page.on("download", lambda download: downloads.append(download))
    page.on("response", lambda response: missing.append(urlsplit(response.url).path)
            if response.status >= 400 else None)
    with serve(site) as url:
        page.goto(url + PDF_TOOLS_PAGE)
        page.click("section.body a:text('the reference')")
        page.wait_for_url(url + ".well-known/skills/pdf-tools/references/guide.md#tables")
        assert page.locator("body").inner_text().startswith("# Guide\n\n## Tables")
        page.go_back()
        page.wait_for_url(url + PDF_TOOLS_PAGE)
        page.click(".file-tree a:text('scripts/extract.py')")
        page.wait_for_url(url + SCRIPT_RAW)
        assert page.locator("body").inner_text() == "#!/usr/bin/env python3\nprint('x')\n"
    assert downloads == []
    # Only what a browser asks for beside a text file, at the host's root (not the site's).
    assert set(missing) <= {"/favicon.ico"}


# ---- a crawl of the whole site --------------------------------------------------------------

def _ids(html_text: str) -> set[str]:
    return {unquote(m) for m in re.findall(r'\sid="([^"]*)"', html_text)}


def test_crawl_finds_no_broken_link_and_no_console_error(browser: Any, site: Path,
                                                         base_url: str) -> None:
    """Every page over http: no console error, no failed request, and every internal link
    (with its #fragment) leads somewhere; every page is linked from some other page."""
    context = browser.new_context()
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{page.url}: console: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"{page.url}: page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"{page.url}: failed: {r.url} "
                                                      f"{r.failure}"))
    page.on("response", lambda r: problems.append(f"{page.url}: HTTP {r.status}: {r.url}")
            if r.status >= 400 else None)
    targets: dict[str, set[str]] = {}  # internal URL (no fragment) -> linking pages
    fragments: set[tuple[str, str, str]] = set()
    try:
        for rel in page_names(site):
            page.goto(base_url + rel)
            page.wait_for_load_state("networkidle")
            urls = page.eval_on_selector_all(
                "a[href], link[href], script[src], img[src]",
                "els => els.map(e => e.href || e.src)")
            for url in urls:
                if not url.startswith(base_url):
                    continue
                path, fragment = urldefrag(url)
                targets.setdefault(path, set()).add(rel)
                if fragment:
                    fragments.add((rel, path, fragment))
        pages: dict[str, str] = {}
        for url in sorted(targets):
            response = context.request.get(url)
            if not response.ok:
                problems.append(f"broken link {url} on {sorted(targets[url])}")
            elif "html" in response.headers.get("content-type", ""):
                pages[url] = response.text()
        for rel, url, fragment in sorted(fragments):
            if url in pages and unquote(fragment) not in _ids(pages[url]):
                problems.append(f"{rel}: no #{fragment} in {url}")
    finally:
        context.close()
    assert problems == []
    linked = {unquote(urlsplit(url[len(base_url):]).path) for url in targets}
    linked |= {u + "index.html" for u in linked if u.endswith("/") or u == ""}
    orphans = [rel for rel in page_names(site) if rel not in linked and rel != "404.html"]
    assert orphans == []


# ---- file:// -------------------------------------------------------------------------------

def test_copy_falls_back_without_the_clipboard_api_on_file_urls(browser: Any,
                                                                site: Path) -> None:
    """Where ``navigator.clipboard`` is missing, the button copies with execCommand; where that
    fails too, it selects the text and says to press Ctrl+C."""
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script("window.testClipboard = navigator.clipboard;"
                            "Object.defineProperty(Navigator.prototype, 'clipboard', "
                            "{get: () => undefined});")
    try:
        page = context.new_page()
        page.goto((site / PDF_TOOLS_PAGE).as_uri())
        assert page.evaluate("() => navigator.clipboard") is None
        button = "button.copy[data-copy=prompt-fragment]"
        page.click(button)
        page.wait_for_function(f"() => document.querySelector('{button}').textContent "
                               "=== 'Copied'")
        assert page.evaluate("() => window.testClipboard.readText()") == PDF_TOOLS_FRAGMENT
        # without execCommand either: the text is selected for the reader to copy
        page.reload()
        page.evaluate("() => { document.execCommand = () => false; }")
        page.click(button)
        page.wait_for_function(f"() => document.querySelector('{button}').textContent "
                               "=== 'Press Ctrl+C'")
        # (a selection's text leaves out the final line break)
        assert page.evaluate("() => window.getSelection().toString()") == (
            PDF_TOOLS_FRAGMENT.rstrip("\n"))
    finally:
        context.close()


LUMINANCE = """(element, property = 'backgroundColor') => {
    // relative luminance (WCAG) of an element's colour; for backgrounds, the first opaque one
    // among the element and its ancestors
    let css = getComputedStyle(element)[property];
    while (property === 'backgroundColor' && /rgba\\(.*, 0\\)$/.test(css) && element.parentElement) {
        element = element.parentElement;
        css = getComputedStyle(element)[property];
    }
    const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}"""


def _theme(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => {
        const rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
        const button = document.getElementById('theme-toggle');
        return {set: document.documentElement.getAttribute('data-theme'),
                dark: rgb.slice(0, 3).reduce((a, b) => a + b, 0) < 3 * 128,
                pressed: button.getAttribute('aria-pressed'), hidden: button.hidden};
    }""")


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_theme_toggle_switches_and_persists(browser: Any, site: Path, base_url: str,
                                            scheme: str) -> None:
    def url(rel: str) -> str:
        return base_url + rel if scheme == "http" else (site / rel).as_uri()

    context = browser.new_context(color_scheme="light")
    try:
        page = context.new_page()
        page.goto(url("index.html"))
        assert _theme(page) == {"set": None, "dark": False, "pressed": "false", "hidden": False}
        page.click("#theme-toggle")
        assert _theme(page) == {"set": "dark", "dark": True, "pressed": "true", "hidden": False}
        page.reload()
        assert _theme(page)["dark"]
        page.goto(url(PDF_TOOLS_PAGE))  # another page of the site keeps the choice
        assert _theme(page) == {"set": "dark", "dark": True, "pressed": "true", "hidden": False}
        code = page.evaluate(f"() => ({LUMINANCE})(document.querySelector('main pre'))")
        assert code < 0.1  # code blocks follow the chosen theme too
        page.click("#theme-toggle")
        page.goto(url("index.html"))
        assert _theme(page) == {"set": "light", "dark": False, "pressed": "false",
                                "hidden": False}
    finally:
        context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_light_and_dark_themes_render(browser: Any, base_url: str, theme: str) -> None:
    """Following the system setting, every page takes the theme's colours: background, text,
    cards and code blocks, with readable contrast between text and background."""
    context = browser.new_context(color_scheme=theme)
    try:
        page = context.new_page()
        # The last one is missing: the host answers with 404.html, styled at any depth.
        for rel in ("index.html", PDF_TOOLS_PAGE, SCRIPT, GUIDE_PAGE, "problems.html", "agents.html",
                    "404.html", "skills/pdf-tools/files/no/such/page.html"):
            response = page.goto(base_url + rel)
            assert response.status == (404 if "no/such" in rel else 200), rel
            if "view.html" in rel:
                page.wait_for_selector(".numbered-code code.hljs")
            colours = page.evaluate(f"""() => {{
                const lum = {LUMINANCE};
                const card = document.querySelector('.card, .skill article');
                const code = document.querySelector('main pre');
                return {{bg: lum(document.body), text: lum(document.body, 'color'),
                        card: card ? lum(card) : null, code: code ? lum(code) : null,
                        scheme: getComputedStyle(document.documentElement).colorScheme}};
            }}""")
            dark = theme == "dark"
            assert (colours["bg"] < 0.1) == dark, (rel, colours)
            assert colours["scheme"] == theme, rel
            contrast = (max(colours["bg"], colours["text"]) + 0.05) / (
                min(colours["bg"], colours["text"]) + 0.05)
            assert contrast >= 7, (rel, colours)
            for part in ("card", "code"):
                if colours[part] is not None:
                    assert (colours[part] < 0.1) == dark, (rel, part, colours)
    finally:
        context.close()


# ---- keyboard ------------------------------------------------------------------------------

def _active(page: Any) -> str:
    return str(page.evaluate(
        "() => { const e = document.activeElement; return e.id || e.getAttribute('href') "
        "|| e.tagName; }"))


def test_keyboard_slash_focuses_search_arrows_move_enter_opens(browser_page: Any,
                                                               base_url: str) -> None:
    page = browser_page
    _open_index(page, base_url + "index.html")
    links = page.eval_on_selector_all("#skill-list > li.skill",
                                      "els => els.map(e => e.querySelector('a').getAttribute("
                                      "'href'))")
    assert _active(page) == "BODY"
    page.keyboard.press("/")
    assert _active(page) == "skill-search"
    assert page.input_value("#skill-search") == ""  # the slash is not typed
    page.keyboard.press("ArrowDown")
    assert _active(page) == links[0]
    page.keyboard.press("ArrowDown")
    assert _active(page) == links[1]
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert _active(page) == links[2]
    page.keyboard.press("Enter")
    page.wait_for_url(base_url + links[2].replace("index.html", "") + "**")
    assert page.url.startswith(base_url + links[2])
    # Enter in the search box opens the best match
    _open_index(page, base_url + "index.html")
    page.keyboard.press("/")
    page.keyboard.type("release notes")
    page.keyboard.press("Enter")
    page.wait_for_url("**/skills/release-notes/**")
    assert page.locator("h1").first.text_content() == "release-notes"
    assert page.console_errors == []


# ---- small screens -------------------------------------------------------------------------

@pytest.mark.parametrize("rel", ["index.html", PDF_TOOLS_PAGE, SCRIPT, GUIDE_PAGE, WIDE, WIDE_FILE,
                                 WIDE_SCRIPT, "skills/broken-skill/index.html", "problems.html",
                                 "agents.html", "404.html"])
def test_nothing_overflows_at_375_pixels(browser: Any, base_url: str, rel: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 800})
    try:
        page = context.new_page()
        page.goto(base_url + rel)
        if "view.html" in rel:
            page.wait_for_selector(".numbered-code code.hljs")
        widths = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
        assert widths[0] <= widths[1], widths
        # the search box and header stay fully on screen
        boxes = page.evaluate("""() => [...document.querySelectorAll(
            '.site-header a, #theme-toggle, #skill-search, h1')].map(e => {
                const r = e.getBoundingClientRect(); return [e.tagName, r.left, r.right]; })""")
        assert [b for b in boxes if b[1] < 0 or b[2] > 375] == []
    finally:
        context.close()


@pytest.mark.parametrize(("device", "hinted"), [
    ({"viewport": {"width": 1280, "height": 900}}, True),
    ({"viewport": {"width": 390, "height": 844}}, False),
    ({"viewport": {"width": 1280, "height": 900}, "has_touch": True, "is_mobile": True}, False),
], ids=["desktop", "phone-width", "touch-screen"])
def test_the_slash_hint_shows_only_where_there_is_a_keyboard(browser: Any, base_url: str,
                                                             device: dict[str, Any],
                                                             hinted: bool) -> None:
    """The "/" key focuses the search: its hint is shown beside the box on a desktop, not on
    a phone or a touch screen, where no key would do it."""
    context = browser.new_context(**device)
    try:
        page = context.new_page()
        page.goto(base_url + "index.html")
        assert page.is_visible(".search-hint") is hinted
    finally:
        context.close()


LONG_NAME = "project-workflow-analysis-blueprint-generator-with-a-long-name-x"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_site_s_own_tables_fit_a_phone_even_for_a_long_name(browser: Any, tmp_path: Path,
                                                                 width: int) -> None:
    """The install table's commands hold the skill's name (up to 64 characters, one word):
    at 390 px it must wrap inside its cell, so that no table of the page's own scrolls
    sideways (a skill's own Markdown table may scroll inside its box), over HTTP and from
    disk, and the page never does."""
    assert len(LONG_NAME) == 64
    library = tmp_path / "library"
    write_skill(library, LONG_NAME, f"name: {LONG_NAME}\ndescription: Has the longest name "
                "a skill may have. Use when checking layouts.", body="# Long\n\n"
                "| a | b |\n|---|---|\n| " + "wide " * 60 + "| x |\n")
    build(config_from_mapping({"base_url": "https://example.org/catalog/"}), roots=[library],
          output=tmp_path / "out")
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        with serve(tmp_path / "out") as url:
            for address in (url + f"skills/{LONG_NAME}/index.html",
                            (tmp_path / "out" / "skills" / LONG_NAME / "index.html").as_uri()):
                page.goto(address)
                assert page.eval_on_selector_all("table.install-table", "t => t.length") == 2
                sideways = page.evaluate("""() => [...document.querySelectorAll('table')]
                    .filter(t => !t.closest('.markdown') && t.scrollWidth > t.clientWidth)
                    .map(t => t.className + ' ' + t.scrollWidth + '>' + t.clientWidth)""")
                assert sideways == [], address
                widths = page.evaluate(
                    "() => [document.scrollingElement.scrollWidth, innerWidth]")
                assert widths[0] <= widths[1], address
    finally:
        context.close()


def test_filters_fold_away_on_small_screens(browser: Any, base_url: str) -> None:
    """On a phone the filter panel starts closed so that the skills come first; it opens on
    demand and still filters."""
    context = browser.new_context(viewport={"width": 375, "height": 800})
    try:
        page = context.new_page()
        _open_index(page, base_url + "index.html")
        assert not page.is_visible("fieldset.facet[data-facet=status]")
        page.click(".facets-panel > summary")
        page.check("fieldset.facet[data-facet=status] input[value=invalid]")
        assert _visible_names(page) == ["Broken_Skill"]
    finally:
        context.close()


# ---- hostile content -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("hostile-site")
    library = make_hostile_library(base, big=False)
    build(config_from_mapping({"title": "Hostile"}), roots=[library], output=base / "out")
    return base / "out"


_GLOBALS = "() => Object.getOwnPropertyNames(window)"
# After the load event: let timers set to 0, pending promises and two frames run.
SETTLE = ("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => "
          "setTimeout(done, 0))))")


def test_hostile_library_runs_nothing_and_reaches_no_other_origin(browser: Any,
                                                                  hostile_site: Path) -> None:
    """Open every HTML file of the hostile site (raw copies included): no dialog, no request
    to any origin but the local server, no CSP complaint about the site's own code, and no
    global variable beyond the ones the site's scripts define."""
    pages = sorted(p.relative_to(hostile_site).as_posix() for p in hostile_site.rglob("*.html"))
    assert len(pages) > 20
    ours = {"skillSearch", "skillSearchData", "hljs", "skillCatalogHighlight", "globalsAtStart",
            "skillCatalogSetupCopy", "skillCatalogMarkScrollers",
            # a viewer that renders Markdown: the vendored renderer, sanitiser and allow-list
            "markdownit", "DOMPurify", "skillCatalogMarkdownPolicy"}
    with serve(hostile_site) as base_url:
        context = browser.new_context()
        # what the window holds before any of the page's scripts run
        context.add_init_script("window.globalsAtStart = Object.getOwnPropertyNames(window);")
        page = context.new_page()
        seen: list[str] = []
        page.on("dialog", lambda d: (seen.append(f"{page.url}: dialog {d.message}"),
                                     d.dismiss()))
        for event, check in _request_checks(base_url).items():
            page.on(event, lambda r, check=check: seen.extend(check(page.url, r)))
        page.on("console", lambda m: seen.append(f"{page.url}: console: {m.text}")
                if m.type == "error" and _about_our_code(m.text) else None)
        page.on("pageerror", lambda e: seen.append(f"{page.url}: page error: {e}"))
        try:
            for rel in pages:
                page.goto(base_url + quote(rel))
                page.evaluate(SETTLE)
                extra = set(page.evaluate(_GLOBALS)) - ours - set(
                    page.evaluate("() => window.globalsAtStart"))
                if extra:
                    seen.append(f"{rel}: globals {sorted(extra)}")
                if XSS_MARK in (page.evaluate("() => document.title") or ""):
                    seen.append(f"{rel}: the title was rewritten")
        finally:
            context.close()
    assert seen == []


def _request_checks(base_url: str) -> dict[str, Callable[[str, Any], list[str]]]:
    """Request events -> a check listing what is wrong with one request."""
    def local(page_url: str, request: Any) -> list[str]:
        url = request.url
        if url.startswith((base_url, "data:")):
            return []
        return [f"{page_url}: request to {url}"]
    return {"request": local}


def _about_our_code(text: str) -> bool:
    """A console error from a CSP violation by the site's own files (scripts, styles, fonts
    under assets/ or search/), or any error that is not a CSP report at all."""
    if "Content Security Policy" not in text:
        return True
    return bool(re.search(r"/(assets|search)/|'self'.*inline|inline.*'self'", text))


def test_hostile_pages_fit_a_phone(browser: Any, hostile_site: Path) -> None:
    """Deep nesting, endless words and long file names wrap or scroll in their own box: no
    page of the hostile site is wider than a 375-pixel screen."""
    with serve(hostile_site) as base_url:
        context = browser.new_context(viewport={"width": 375, "height": 800})
        try:
            page = context.new_page()
            wide = []
            for rel in page_names(hostile_site):
                page.goto(base_url + quote(rel))
                widths = page.evaluate("() => [document.scrollingElement.scrollWidth, "
                                       "innerWidth]")
                if widths[0] > widths[1]:
                    wide.append((rel, widths))
        finally:
            context.close()
    assert wide == []
