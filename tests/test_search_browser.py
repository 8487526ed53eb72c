"""The index page's instant search in a real headless Chromium: typing narrows and ranks the
list exactly as the Python ranking does, facets filter, the keyboard works, hostile names stay
text, and all of it from http:// and from file:// under ``script-src 'self'``."""

from __future__ import annotations

import html
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tests.browser
from skill_catalog import load
from skill_catalog.model import Skill
from skill_catalog.search import build_index, query, write_index
from skill_catalog.search.text import words
from tests.browser import need_chromium, serve
from tests.environment import REPO

pytestmark = pytest.mark.browser

LIBRARY = REPO / "tests" / "fixtures" / "search" / "library"
SEARCH_JS = REPO / "templates" / "assets" / "search.js"
CSP = "default-src 'self'; script-src 'self'; style-src 'self'"
BATCH = 2


def _slug(skill: Skill) -> str:
    return skill.dir.name


def _url(skill: Skill) -> str:
    return f"skills/{_slug(skill)}/"


def _facets(skill: Skill) -> dict[str, list[str]]:
    metadata = skill.frontmatter.get("metadata") or {}
    license_ = skill.frontmatter.get("license")
    return {
        "category": [str(metadata.get("category", "other"))],
        "license": [str(license_)] if license_ else [],
        "tool": ["claude-code"] if len(skill.dir.name) % 2 else ["claude-code", "codex"],
    }


def _page(skills: list[Skill], batch: int | None = None) -> str:
    """A minimal index page following the contract the site's templates/index.html follows;
    with ``batch``, the list shows that many items and the rest are ``hidden``."""
    values: dict[str, dict[str, int]] = {}
    for skill in skills:
        for facet, vals in _facets(skill).items():
            for value in vals:
                values.setdefault(facet, {}).setdefault(value, 0)
                values[facet][value] += 1
    fieldsets = "".join(
        f'<fieldset class="facet" data-facet="{facet}"><legend>{facet}</legend>'
        + "".join(f'<label><input type="checkbox" name="{facet}" value="{html.escape(v)}"> '
                  f'{html.escape(v)} <span class="count">{n}</span></label>'
                  for v, n in sorted(counts.items()))
        + "</fieldset>"
        for facet, counts in sorted(values.items()))
    items = "".join(
        f'<li class="skill" id="skill-{_slug(s)}" data-name="{html.escape(s.key)}" '
        f'data-facets="{html.escape(json.dumps(_facets(s)))}"'
        f'{" hidden" if batch and n >= batch else ""}>'
        f'<a href="{_url(s)}">{html.escape(s.key)}</a> '
        f'<p>{html.escape(s.description or "")}</p></li>'
        for n, s in enumerate(skills))
    more = "" if not batch else (
        f'<p id="list-more"><span id="list-more-text">Showing {batch} of {len(skills)} skills.'
        f'</span> <button type="button" id="show-more" hidden>Show {batch} more</button>'
        f' <a id="show-all" href="#skill-list">Show all {len(skills)}</a></p>')
    batch_attribute = f' data-batch="{batch}"' if batch else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        "<title>Skills</title></head><body>"
        '<input type="search" id="skill-search" aria-controls="skill-list" data-index="search/"'
        ' placeholder="Search skills">'
        '<p id="search-status" role="status" aria-live="polite"></p>'
        f'{fieldsets}<ol id="skill-list"{batch_attribute}>{items}</ol>{more}'
        '<p id="no-results" hidden>No skill matches.</p>'
        '<script src="assets/search.js" defer></script></body></html>')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture library as a tiny site: index.html, assets/search.js, the index, and a page
    per skill so that following a link lands somewhere."""
    root = tmp_path_factory.mktemp("site")
    skills = list(load([LIBRARY]).skills)
    (root / "assets").mkdir()
    shutil.copy(SEARCH_JS, root / "assets" / "search.js")
    (root / "index.html").write_text(_page(skills), encoding="utf-8")
    (root / "batched.html").write_text(_page(skills, batch=BATCH), encoding="utf-8")
    (root / "favicon.ico").write_bytes(b"")
    for skill in skills:
        page = root / _url(skill) / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(f"<!doctype html><title>{html.escape(skill.key)}</title>", "utf-8")
    write_index(build_index(skills, url_for=_url), root)
    return root


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


def _visible(page: Any) -> list[str]:
    """Names of the list items shown, in order; checks that hidden ones are not rendered."""
    shown = page.eval_on_selector_all(
        "#skill-list > li.skill:not([hidden])", "els => els.map(e => e.dataset.name)")
    rendered = page.eval_on_selector_all(
        "#skill-list > li.skill", "els => els.filter(e => e.getClientRects().length > 0)"
        ".map(e => e.dataset.name)")
    assert rendered == shown
    return shown


def _type(page: Any, text: str) -> None:
    page.focus("#skill-search")
    page.keyboard.type(text)
    page.wait_for_function(
        "t => window.skillSearch && document.getElementById('skill-search').value === t", arg=text)
    page.evaluate("() => window.skillSearch.search()")


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.skillSearch !== undefined")


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_typing_narrows_and_ranks_the_list(browser_page: Any, site: Path, base_url: str,
                                           scheme: str) -> None:
    page = browser_page
    _open(page, base_url + "index.html" if scheme == "http" else (site / "index.html").as_uri())
    original = _visible(page)
    total = len(original)
    assert total == 12
    _type(page, "readiness probes")
    assert _visible(page) == ["kubernetes-deploy"]
    assert page.text_content("#search-status") == f"1 of {total} skills"
    page.fill("#skill-search", "")
    _type(page, "PDF")
    assert _visible(page)[0] == "pdf"
    assert set(_visible(page)) == {"pdf", "pdf-forms", "pdf-merge"}
    # clearing restores every skill in the original order
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => document.querySelectorAll('#skill-list > li:not([hidden])')"
                           f".length === {total}")
    assert _visible(page) == original
    assert page.console_errors == []


def test_prefix_while_typing_and_no_results(browser_page: Any, base_url: str) -> None:
    page = browser_page
    _open(page, base_url + "index.html")
    _type(page, "kubern")
    assert _visible(page) == ["kubernetes-deploy"]
    page.fill("#skill-search", "")
    _type(page, "qqqzzzx")
    assert _visible(page) == []
    assert page.is_visible("#no-results")
    assert page.text_content("#search-status") == "No skill matches \u201cqqqzzzx\u201d."
    # A theme's page without #no-results-text: the message goes into #no-results itself.
    assert page.text_content("#no-results") == (
        "No skill matches \u201cqqqzzzx\u201d. Try other or fewer words, or clear the search "
        "to see all 12 skills.")
    assert page.console_errors == []


def test_browser_ranks_like_python(browser_page: Any, site: Path, base_url: str) -> None:
    """The JavaScript mirror of the tokenizer and ranking gives Python's order and scores."""
    page = browser_page
    _open(page, base_url + "index.html")
    index = build_index(list(load([LIBRARY]).skills), url_for=_url)
    queries = [q["query"] for q in json.loads((LIBRARY.parent / "queries.json").read_text())]
    queries += ["Ｐｄｆ", "document", "pdf form", "pdf form ", "spreadsheets data", "merg",
                "the", "use when", "Kubernetes-Deploy", "constructor", "toString"]
    for text in queries:
        in_browser = page.evaluate("t => window.skillSearch.rank(t)", text)
        in_python = [{"url": h.url, "score": h.score * 20}
                     for h in query(index, text, n=None)]
        assert [(h["url"], round(h["score"])) for h in in_browser] == [
            (h["url"], round(h["score"])) for h in in_python], text
    assert page.console_errors == []


def test_browser_folds_accents_like_python(browser_page: Any, base_url: str) -> None:
    """One folding rule (``search/text.py``'s ``fold``, mirrored in ``search.js``): the page
    splits and folds text into the same words as Python, so an index built in Python and a
    query typed in the page meet (``cafe`` and ``Café``)."""
    page = browser_page
    _open(page, base_url + "index.html")
    blocks = [range(0x0300, 0x0370), range(0x1AB0, 0x1B00), range(0x1DC0, 0x1E00),
              range(0x20D0, 0x2100), range(0xFE20, 0xFE30)]
    marks = [chr(c) for block in blocks for c in block]
    texts = ["Café crème brûlée", "CAFÉ-NOTES", "naïve Ελληνικά Ёлка", "İstanbul ẞ straße",
             "øl łódź æble", "हिन्दी कुल", "한국어 ǖ Å Ω ǅ ﬁ", "e\u0301\u0327 A\u030a"]
    texts += [base + mark + " " + mark for base in "aoİ" for mark in marks]
    texts.append(" ".join(chr(c) for c in range(0xC0, 0x530)))  # Latin, Greek, Cyrillic
    in_browser = page.evaluate("ts => ts.map(t => window.skillSearch.words(t))", texts)
    assert in_browser == [words(text) for text in texts]
    assert words("Café crème brûlée") == ["cafe", "creme", "brulee"]
    assert page.console_errors == []


def test_facets_filter_or_within_and_across(browser_page: Any, base_url: str) -> None:
    page = browser_page
    _open(page, base_url + "index.html")
    page.check("input[name=category][value=data]")
    assert sorted(_visible(page)) == ["Legacy Exporter", "csv-cleaning", "sql-migrations"]
    page.check("input[name=category][value=writing]")
    assert len(_visible(page)) == 5
    page.check("input[name=license][value=MIT]")
    assert sorted(_visible(page)) == ["commit-messages", "csv-cleaning", "sql-migrations"]
    assert page.text_content("#search-status") == "3 of 12 skills"
    _type(page, "postgresql")
    assert _visible(page) == ["sql-migrations"]
    page.uncheck("input[name=category][value=data]")
    assert _visible(page) == []
    assert page.console_errors == []


def test_keyboard(browser_page: Any, base_url: str) -> None:
    page = browser_page
    _open(page, base_url + "index.html")
    page.click("body")
    page.keyboard.press("/")
    assert page.evaluate("() => document.activeElement.id") == "skill-search"
    page.keyboard.type("pdf")
    page.wait_for_function("() => document.getElementById('search-status').textContent"
                           " === '3 of 12 skills'")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.textContent") == "pdf"
    assert page.eval_on_selector_all("li.skill.active", "els => els.map(e => e.id)") == [
        "skill-pdf"]
    page.keyboard.press("ArrowDown")
    second = page.evaluate("() => document.activeElement.getAttribute('href')")
    assert second == f"skills/{_visible(page)[1]}/"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("() => document.activeElement.id") == "skill-search"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith(second)
    page.go_back()
    page.wait_for_function("() => window.skillSearch !== undefined")
    page.focus("#skill-search")
    page.fill("#skill-search", "")
    page.keyboard.type("zzz")
    page.keyboard.press("Escape")
    assert page.input_value("#skill-search") == ""
    # "/" typed into the search box is text, not a shortcut
    page.keyboard.type("a/b")
    assert page.input_value("#skill-search") == "a/b"
    assert page.console_errors == []


def test_hostile_names_stay_text(browser_page: Any, base_url: str) -> None:
    page = browser_page
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    _open(page, base_url + "index.html")
    _type(page, "zanzibar")
    assert _visible(page) == ["<img src=x onerror=alert(1)>"]
    page.fill("#skill-search", "<img src=x onerror=alert(1)>")
    page.evaluate("() => window.skillSearch.search()")
    assert _visible(page)[0] == "<img src=x onerror=alert(1)>"
    assert page.evaluate("() => window.pwned") is None
    assert page.query_selector("#skill-list img") is None
    assert dialogs == []
    assert page.console_errors == []


def test_without_index_falls_back_to_text_matching(browser_page: Any, site: Path,
                                                  tmp_path: Path) -> None:
    """A page whose index files are missing still filters, by the list's own text."""
    bare = tmp_path / "bare"
    shutil.copytree(site, bare, ignore=shutil.ignore_patterns("search", "search-index.json"))
    page = browser_page
    _open(page, (bare / "index.html").as_uri())
    _type(page, "mojibake")
    assert _visible(page) == ["csv-cleaning"]
    assert "matching text only" in (page.text_content("#search-status") or "")
    assert any("search index" in e or "ERR_FILE_NOT_FOUND" in e for e in page.console_errors)


def test_page_order_not_matching_index_loads_docs(browser_page: Any, site: Path,
                                                 tmp_path: Path) -> None:
    """When the page lists other skills than the index (the checksum differs), the page
    loads docs.js to map results to its items, and still finds them."""
    partial = tmp_path / "partial"
    shutil.copytree(site, partial)
    text = (partial / "index.html").read_text(encoding="utf-8")
    start = text.index('<li class="skill" id="skill-pdf"')
    text = text[:start] + text[text.index("</li>", start) + 5:]
    (partial / "index.html").write_text(text, encoding="utf-8")
    page = browser_page
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url.rsplit("/", 1)[-1]))
    _open(page, (partial / "index.html").as_uri())
    _type(page, "pdf")
    assert _visible(page) == ["pdf-forms", "pdf-merge"]
    assert any(name.startswith("docs.js") for name in loaded)
    assert page.console_errors == []


def _order(page: Any) -> list[str]:
    """Every item's name in the page's order, hidden ones included."""
    return list(page.eval_on_selector_all("#skill-list > li.skill",
                                          "els => els.map(e => e.dataset.name)"))


def _focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.textContent"))


def test_a_long_list_shows_a_batch_then_more_then_all(browser_page: Any,
                                                      base_url: str) -> None:
    page = browser_page
    _open(page, base_url + "batched.html")
    order = _order(page)
    assert _visible(page) == order[:BATCH]
    assert page.text_content("#list-more-text") == "Showing 2 of 12 skills."
    assert page.is_visible("#show-more")  # only the script can show more; the page shows all
    page.click("#show-more")
    assert _visible(page) == order[:2 * BATCH]
    assert _focused(page) == order[BATCH]  # the keyboard goes on from the first one revealed
    assert page.text_content("#list-more-text") == "Showing 4 of 12 skills."
    assert page.text_content("#show-more") == "Show 2 more"
    page.click("#show-all")
    assert _visible(page) == order
    assert not page.is_visible("#list-more")
    assert _focused(page) == order[2 * BATCH]
    assert page.url.endswith("batched.html")  # the script handled the link
    assert page.console_errors == []


def test_a_query_shows_a_batch_of_its_matches_and_clearing_puts_the_page_back(
        browser_page: Any, site: Path, base_url: str) -> None:
    page = browser_page
    _open(page, base_url + "batched.html")
    order = _order(page)
    index = build_index(list(load([LIBRARY]).skills), url_for=_url)
    ranked = [h.url.split("/")[1] for h in query(index, "pdf", n=None)]
    names = {_url(s).split("/")[1]: s.key for s in load([LIBRARY]).skills}
    assert len(ranked) == 3
    _type(page, "pdf")
    assert _visible(page) == [names[r] for r in ranked[:BATCH]]
    assert page.text_content("#search-status") == "3 of 12 skills"
    assert page.text_content("#list-more-text") == "Showing 2 of 3 matching skills."
    assert page.text_content("#show-more") == "Show 1 more"
    page.click("#show-more")
    assert _visible(page) == [names[r] for r in ranked]
    assert not page.is_visible("#list-more")
    # a new query starts again from one batch, moved to the top in ranked order
    page.fill("#skill-search", "")
    _type(page, "rel")
    assert _visible(page) == ["release-notes", "accessibility-audit"]
    assert _order(page) != order
    # clearing shows the first batch again, and every item is back in its place
    page.focus("#skill-search")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('skill-search').value === ''")
    page.evaluate("() => window.skillSearch.search()")
    assert _order(page) == order
    assert _visible(page) == order[:BATCH]
    assert page.text_content("#list-more-text") == "Showing 2 of 12 skills."
    assert page.console_errors == []


def test_a_link_to_a_card_or_the_list_shows_it(browser_page: Any, base_url: str) -> None:
    page = browser_page
    _open(page, base_url + "batched.html")
    order = _order(page)
    page.evaluate("() => { window.location.hash = 'skill-pdf-merge'; }")  # the 10th of 12
    page.wait_for_function("() => !document.getElementById('skill-pdf-merge').hidden")
    assert _visible(page) == order[:10]
    assert page.text_content("#list-more-text") == "Showing 10 of 12 skills."
    # "Show all" followed before the script ran: the page loads with the list targeted
    _open(page, base_url + "batched.html#skill-list")
    assert _visible(page) == order
    assert not page.is_visible("#list-more")
    assert page.console_errors == []


def test_facets_show_a_batch_of_their_matches(browser_page: Any, base_url: str) -> None:
    page = browser_page
    _open(page, base_url + "batched.html")
    page.click("#show-all")
    page.check("input[name=category][value=data]")
    shown = _visible(page)
    assert len(shown) == BATCH
    assert set(shown) < {"Legacy Exporter", "csv-cleaning", "sql-migrations"}
    assert page.text_content("#list-more-text") == "Showing 2 of 3 matching skills."
    page.click("#show-more")
    assert sorted(_visible(page)) == ["Legacy Exporter", "csv-cleaning", "sql-migrations"]
    assert page.console_errors == []


def test_missing_chromium_skips_with_the_fix_but_fails_in_ci(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tests.browser, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.setattr(tests.browser, "IN_CI", False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        need_chromium()
    monkeypatch.setattr(tests.browser, "IN_CI", True)
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium"):
        need_chromium()
