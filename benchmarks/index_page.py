"""The index page of a large catalog in headless Chromium: how long it takes to load, to show
a query's matches, to show the whole list again when the query is cleared, and to scroll,
as built (a batch of cards, "Show more") against the same page with every card shown, and
with every card shown under ``content-visibility: auto`` (the browser's own way of skipping
the layout of cards off screen). Then the problems page's load, as built and with every
skill shown.

    python -m benchmarks.index_page --site DIR        # a site built by skill-catalog
    python -m benchmarks.index_page --library DIR     # build one first, into a temporary folder

The page with every card shown is the built page with the batch taken out (the ``hidden``
attributes, ``data-batch`` and the "Show more" paragraph), served beside it with the same
scripts, stylesheet and search index; the third page adds a stylesheet that gives each card
``content-visibility: auto``. Times are milliseconds from the page's own clock
(``performance.now()``), min / median / max over ``--repeats`` fresh pages. Needs
/usr/bin/chromium and the ``playwright`` package. The numbers go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.common import ARGS, CHROMIUM
from tests.local_server import serve_folder

ALL_CARDS = "index-all-cards.html"
SKIPPED = "index-content-visibility.html"
SKIPPED_CSS = "assets/content-visibility.css"
ALL_PROBLEMS = "problems-all-shown.html"

LOADED = """() => new Promise(done => requestAnimationFrame(() => setTimeout(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  done([nav.domInteractive, nav.domContentLoadedEventEnd]);
}, 0)))"""

# What a reader does: focus the box (which opens the index), type a query (one input event,
# answered when the status line changes), then clear it as Escape does.
QUERY = """async (text) => {
  const painted = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const box = document.getElementById('skill-search');
  const status = document.getElementById('search-status');
  await window.skillSearch.rank('');
  let start = performance.now();
  await new Promise(answered => {
    new MutationObserver((_, observer) => { observer.disconnect(); answered(); })
      .observe(status, {childList: true, characterData: true, subtree: true});
    box.value = text;
    box.dispatchEvent(new Event('input', {bubbles: true}));
  });
  const shown = performance.now() - start;
  await painted();
  const queryPainted = performance.now() - start;
  start = performance.now();
  box.value = '';
  await window.skillSearch.search();
  const cleared = performance.now() - start;
  await painted();
  return [shown, queryPainted, cleared, performance.now() - start];
}"""

# 40 frames scrolling 400 pixels each (within the first batch): the median time between
# frames.
SCROLL = """() => new Promise(done => {
  const gaps = []; let last = 0; let n = 0;
  function step(now) {
    if (last) gaps.push(now - last);
    last = now;
    window.scrollBy(0, 400);
    if (++n < 40) requestAnimationFrame(step); else done(gaps);
  }
  requestAnimationFrame(step);
})"""

FIGURES = ["HTML parsed (domInteractive)", "ready (DOMContentLoaded)",
           "query typed: list updated", "query typed: painted", "cleared: list updated",
           "cleared: painted", "scrolling: ms per frame"]


def without_batch(page: str) -> str:
    """The index page with every card shown, as it was before pages had a batch."""
    page = re.sub(r'(<li class="skill[^>]*?) hidden>', r"\1>", page)
    page = re.sub(r' data-batch="\d+"', "", page)
    return re.sub(r'\s*<p id="list-more".*?</p>', "", page, flags=re.S)


def problems_without_batch(page: str) -> str:
    page = re.sub(r'(<section class="card problem-group"[^>]*?) hidden>', r"\1>", page)
    return re.sub(r'\s*<p class="list-more">.*?</p>', "", page, flags=re.S)


def with_content_visibility(page: str) -> str:
    return page.replace("</head>", f'<link rel="stylesheet" href="{SKIPPED_CSS}"></head>', 1)


def fresh_pages(browser: Any, url: str, repeats: int) -> Iterator[Any]:
    """``url`` loaded ``repeats`` times, each in a context of its own."""
    for _ in range(repeats):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(url, wait_until="load")
        yield page
        context.close()


def load_times(browser: Any, url: str, repeats: int) -> list[list[float]]:
    return [page.evaluate(LOADED) for page in fresh_pages(browser, url, repeats)]


def measure(browser: Any, url: str, text: str, repeats: int) -> list[list[float]]:
    rows = []
    for page in fresh_pages(browser, url, repeats):
        page.wait_for_function("() => window.skillSearch !== undefined")
        loaded = page.evaluate(LOADED)
        query = page.evaluate(QUERY, text)
        frames = page.evaluate(SCROLL)
        rows.append([*loaded, *query, statistics.median(frames)])
    return rows


def report(label: str, rows: list[list[float]], figures: list[str] = FIGURES) -> list[float]:
    print(label)
    medians = []
    for i, name in enumerate(figures):
        values = [row[i] for row in rows]
        medians.append(statistics.median(values))
        print(f"  {name:<32} min {min(values):8.1f}  median {medians[-1]:8.1f}  "
              f"max {max(values):8.1f} ms")
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--site", type=Path, help="a site built by skill-catalog")
    where.add_argument("--library", type=Path, help="a library to build first")
    parser.add_argument("--query", default="pdf forms")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="index-page-") as scratch:
        site = args.site
        if site is None:
            from skill_catalog.config import config_from_mapping
            from skill_catalog.site.build import build
            site = Path(scratch) / "site"
            build(config_from_mapping({}), roots=[args.library], output=site)
        page = (site / "index.html").read_text(encoding="utf-8")
        cards = page.count('<li class="skill')
        shown = cards - len(re.findall(r'<li class="skill[^>]*? hidden>', page))
        print(f"{cards} cards, {shown} shown at first; index.html {len(page.encode()):,} bytes; "
              f"query {args.query!r}")
        every_card = without_batch(page)
        (site / ALL_CARDS).write_text(every_card, encoding="utf-8")
        (site / SKIPPED).write_text(with_content_visibility(every_card), encoding="utf-8")
        (site / SKIPPED_CSS).write_text(
            ".skill-list > li { content-visibility: auto; contain-intrinsic-size: auto 11rem; }\n",
            encoding="utf-8")
        problems = (site / "problems.html").read_text(encoding="utf-8")
        (site / ALL_PROBLEMS).write_text(problems_without_batch(problems), encoding="utf-8")
        from playwright.sync_api import sync_playwright
        try:
            with sync_playwright() as playwright, serve_folder(site) as url:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                ours = report("as built", measure(browser, url + "index.html", args.query,
                                                   args.repeats))
                every = report("every card shown", measure(browser, url + ALL_CARDS,
                                                           args.query, args.repeats))
                skipped = report("every card shown, content-visibility: auto",
                                 measure(browser, url + SKIPPED, args.query, args.repeats))
                groups = problems.count('class="card problem-group"')
                print(f"problems page: {groups} skills with problems, "
                      f"{len(problems.encode()):,} bytes")
                problems_ours = report("  as built", load_times(
                    browser, url + "problems.html", args.repeats), FIGURES[:2])
                problems_all = report("  every skill shown", load_times(
                    browser, url + ALL_PROBLEMS, args.repeats), FIGURES[:2])
                browser.close()
        finally:
            for name in (ALL_CARDS, SKIPPED, SKIPPED_CSS, ALL_PROBLEMS):
                (site / name).unlink()
    print("ratios to as built (median over median): every card shown | content-visibility")
    for name, a, b, c in zip(FIGURES, ours, every, skipped, strict=True):
        print(f"  {name:<32} {b / a:6.2f}x  {c / a:6.2f}x")
    print("problems page: every skill shown / as built")
    for name, a, b in zip(FIGURES, problems_ours, problems_all, strict=False):
        print(f"  {name:<32} {b / a:6.2f}x")


if __name__ == "__main__":
    main()
