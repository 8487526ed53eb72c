"""Measure the search index: size per skill, ranking quality on real queries, and the first
query in headless Chromium at corpus size and at 10,000 skills. Optionally the same for lunr
(lunr.py builds, lunr.js answers in the page) to compare. The numbers go in docs/search.md.

    python -m benchmarks.search_index [--corpus ../shared/corpus] [--scale 10000]
        [--lunr-py DIR_WITH_lunr_PACKAGE] [--lunr-js PATH/TO/lunr.min.js]

Needs /usr/bin/chromium and the ``playwright`` package for the browser part.
"""

from __future__ import annotations

import argparse
import dataclasses as dc
import gzip
import html
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.common import ARGS, CHROMIUM
from skill_catalog import load
from skill_catalog.model import Skill
from skill_catalog.parse.outline import headings
from skill_catalog.search import build_index, query, write_index
from tests.local_server import serve_folder

REPO = Path(__file__).resolve().parents[1]
SEARCH_JS = REPO / "templates" / "assets" / "search.js"

# Real queries: words a person would type for a skill of the shared corpus, taken from what
# the skill is for rather than its name. A hit is the expected name in the top 3.
QUERIES = [
    ("lipinski drug-likeness filters", "medchem"),
    ("manage dns host records for domains", "namecheap"),
    ("volatility memory dump analysis", "memory-forensics"),
    ("pinecone vector database rag", "pinecone-rag"),
    ("codetour onboarding walkthrough", "code-tour"),
    ("rhinoceros 3d modeling scripts", "rhino3d-scripts"),
    ("port databricks notebooks to fabric", "databricks-migration"),
    ("paywall upsell modal", "paywall-upgrade-cro"),
    ("resolve git rebase conflict", "resolving-merge-conflicts"),
    ("jira jql tickets", "atlassian-mcp"),
    ("sred submission", "sred-project-organizer"),
    ("interview loops hiring pipeline", "interview-system-designer"),
    ("eventstream topology", "eventstream-cli"),
    ("link linear ticket to pull request", "pr-link-issue"),
    ("slow queries explain indexing", "sql-optimization-patterns"),
    ("clustering regression classification python", "scikit-learn"),
    ("bicep arm templates azure", "azure-cloud-architect"),
    ("blazor entity framework", "csharp-developer"),
    ("product requirements document epic", "breakdown-feature-prd"),
    ("poster visual art", "canvas-design"),
    ("airflow kafka etl pipelines", "senior-data-engineer"),
]
BROWSER_QUERIES = ["kubernetes deploy", "pdf", "memory dump", "react native", "sql"]


def _url(skill: Skill) -> str:
    return f"skills/{skill.root.name}/{skill.relpath}/".replace("/./", "/")


def _gz(data: bytes) -> int:
    return len(gzip.compress(data, 6, mtime=0))


def scaled(skills: list[Skill], count: int) -> list[Skill]:
    """``count`` skills made from real ones: copies renamed ``name-vK`` with two made-up words
    each, so that the vocabulary grows with the library as real ones do."""
    rng = random.Random(42)
    letters = "bcdfghjklmnpqrstvwxz"
    out: list[Skill] = []
    copy = 0
    while len(out) < count:
        for skill in skills:
            if len(out) >= count:
                break
            made_up = " ".join("".join(rng.choice(letters) for _ in range(7)) for _ in range(2))
            front = dict(skill.frontmatter)
            front["name"] = f"{skill.key}-v{copy}"
            front["description"] = f"{skill.description or ''} {made_up}"
            out.append(dc.replace(skill, frontmatter=front, dir=skill.dir / f"v{copy}",
                                  diagnostics=list(skill.diagnostics)))
        copy += 1
    return out


def page_html(skills: list[Skill], url_for: Callable[[Skill], str], extra: str = "") -> str:
    """A page following the index page contract (see templates/index.html)."""
    items = "".join(
        f'<li class="skill" data-name="{html.escape(s.key)}" data-facets="{{}}">'
        f'<a href="{html.escape(url_for(s))}">{html.escape(s.key)}</a></li>' for s in skills)
    return ('<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" '
            'content="script-src \'self\'"><input type="search" id="skill-search" '
            'data-index="search/"><p id="search-status"></p>'
            f'<ol id="skill-list">{items}</ol>{extra}'
            '<script src="assets/search.js" defer></script>')


def site_for(skills: list[Skill], root: Path) -> dict[str, Any]:
    """Write a page and our index; return sizes."""
    (root / "assets").mkdir(parents=True)
    shutil.copy(SEARCH_JS, root / "assets" / "search.js")
    (root / "index.html").write_text(page_html(skills, _url), encoding="utf-8")
    (root / "favicon.ico").write_bytes(b"")
    start = time.perf_counter()
    index = build_index(skills, url_for=_url)
    built = time.perf_counter() - start
    written = write_index(index, root)
    sizes = {rel: (root / rel).stat().st_size for rel in written}
    shards = [v for k, v in sizes.items() if "/t-" in k or "/u-" in k]
    return {
        "skills": len(skills),
        "build_s": round(built, 2),
        "full_json_bytes_per_skill": round(sizes["search-index.json"] / len(skills)),
        "browser_bytes_per_skill": round(
            sum(v for k, v in sizes.items() if k.startswith("search/")) / len(skills)),
        "shards": len(shards),
        "shard_median": int(statistics.median(shards)),
        "shard_max": max(shards),
        "meta_bytes": sizes["search/meta.js"],
        "page_bytes_per_skill": round((root / "index.html").stat().st_size / len(skills)),
    }


def measure_page(browser: Any, url: str, queries: list[str], js: str,
                 rounds: int = 3) -> dict[str, Any]:
    """For each query, ``rounds`` times in a fresh page: the bytes loaded after the page
    itself, and the time the first query takes (``js`` is an async function of the query
    that answers it and returns ``[ms to open the index, ms to rank and update the list, ms
    until painted]``), then the same query again (warm)."""
    cold, after_open, answered, warms, transfers, gz_transfers = [], [], [], [], [], []
    for _round in range(rounds):
        for text in queries:
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            page.wait_for_load_state("load")
            # a person types into a page already painted
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r)))")
            loaded: list[Any] = []

            def keep(request: Any, into: list[Any] = loaded) -> None:
                into.append(request)

            page.on("requestfinished", keep)
            opening, ranking, painting = page.evaluate(js, text)
            cold.append(opening + ranking + painting)
            after_open.append(ranking + painting)
            answered.append(ranking)
            warms.append(sum(page.evaluate(js, text)[1:]))
            bodies = [r.response().body() for r in loaded if r.response() is not None]
            transfers.append(sum(len(b) for b in bodies))
            gz_transfers.append(sum(_gz(b) for b in bodies))
            context.close()
    return {"cold_first_query_ms_median": round(statistics.median(cold), 1),
            "first_query_after_focus_answered_ms_median": round(statistics.median(answered), 1),
            "first_query_after_focus_ms_median": round(statistics.median(after_open), 1),
            "first_query_after_focus_ms_p90": round(
                statistics.quantiles(after_open, n=10)[-1], 1),
            "warm_query_ms_median": round(statistics.median(warms), 1),
            "first_query_kb_max": round(max(transfers) / 1024, 1),
            "first_query_kb_gzip_max": round(max(gz_transfers) / 1024, 1)}


OUR_QUERY = """async (t) => {
  const start = performance.now();
  await window.skillSearch.rank('');           // what focusing the box does: open the index
  const opened = performance.now();
  document.getElementById('skill-search').value = t;
  await window.skillSearch.search();                 // ranked, list updated
  const answered = performance.now();
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));  // until painted
  return [opened - start, answered - opened, performance.now() - answered];
}"""

LUNR_QUERY = """async (t) => {
  const start = performance.now();
  if (!window.lunrIndex) window.lunrIndex = lunr.Index.load(window.lunrData);
  const opened = performance.now();
  window.lunrIndex.search(t.split(/\\s+/).map(w => w + '*').join(' '));
  return [opened - start, performance.now() - opened, 0];  // ranking only: no list update
}"""


def hit_rate(ranker: Callable[[str], list[str]]) -> tuple[int, list[str]]:
    misses = []
    for text, expected in QUERIES:
        if expected not in ranker(text)[:3]:
            misses.append(f"{text!r} -> {expected}")
    return len(QUERIES) - len(misses), misses


def lunr_index(skills: list[Skill], lunr_dir: str) -> tuple[Any, dict[str, Any]]:
    sys.path.insert(0, lunr_dir)
    from lunr import lunr  # type: ignore[import-not-found]

    docs = [{"id": str(i), "name": s.key.replace("-", " "), "description": s.description or "",
             "headings": " ".join(headings(s.body))} for i, s in enumerate(skills)]
    fields = [{"field_name": "name", "boost": 5}, {"field_name": "description", "boost": 2},
              {"field_name": "headings", "boost": 1}]
    index = lunr(ref="id", fields=fields, documents=docs)
    serialized = index.serialize()
    # lunr.js inserts terms in its own (UTF-16) order and throws "Out of order word insertion"
    # on lunr.py's order for some non-ASCII terms: sort as JavaScript does.
    serialized["invertedIndex"].sort(key=lambda e: e[0].encode("utf-16-be", "surrogatepass"))
    return index, serialized


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--scale", type=int, default=10_000)
    parser.add_argument("--lunr-py", help="folder holding the lunr (lunr.py) package")
    parser.add_argument("--lunr-js", type=Path, help="lunr.min.js from the npm package lunr")
    args = parser.parse_args()

    skills = list(load([args.corpus]).skills)
    print(f"corpus: {len(skills)} skills")
    index = build_index(skills, url_for=_url)
    hits, misses = hit_rate(lambda t: [h.name for h in query(index, t, n=3)])
    print(f"ours: top-3 hit rate {hits}/{len(QUERIES)}; misses: {misses}")

    with tempfile.TemporaryDirectory() as tmp:
        corpus_site, big_site = Path(tmp) / "corpus", Path(tmp) / "big"
        results = {"corpus": site_for(skills, corpus_site),
                   "scaled": site_for(scaled(skills, args.scale), big_site)}
        lunr_sizes: dict[str, Any] = {}
        if args.lunr_py:
            lunr_idx, serialized = lunr_index(skills, args.lunr_py)
            raw = json.dumps(serialized, separators=(",", ":")).encode()
            lunr_sizes = {"bytes_per_skill": round(len(raw) / len(skills)),
                          "gzip_bytes_per_skill": round(_gz(raw) / len(skills))}
            names = {str(i): s.key for i, s in enumerate(skills)}
            hits, misses = hit_rate(lambda t: [names[r["ref"]] for r in lunr_idx.search(t)[:3]])
            print(f"lunr.py: top-3 hit rate {hits}/{len(QUERIES)}; misses: {misses}")
            print(f"lunr.py: serialized index {lunr_sizes}")
            if args.lunr_js:
                for name, group, site in (("corpus", skills, corpus_site),
                                          ("scaled", scaled(skills, args.scale), big_site)):
                    if name == "scaled":
                        _, serialized = lunr_index(group, args.lunr_py)
                    lunr_dir = site / "lunr"
                    lunr_dir.mkdir()
                    shutil.copy(args.lunr_js, lunr_dir / "lunr.min.js")
                    (lunr_dir / "data.js").write_text(
                        "window.lunrData=" + json.dumps(serialized, separators=(",", ":"))
                        + ";", encoding="utf-8")
                    (site / "lunr.html").write_text(page_html(
                        group, _url, '<script src="lunr/lunr.min.js"></script>'
                        '<script src="lunr/data.js"></script>'), encoding="utf-8")

        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name, site in (("corpus", corpus_site), ("scaled", big_site)):
                with serve_folder(site) as base:
                    results[name]["browser"] = measure_page(
                        browser, base + "index.html", BROWSER_QUERIES, OUR_QUERY)
                    if (site / "lunr.html").exists():
                        results[name]["lunr_browser"] = measure_page(
                            browser, base + "lunr.html", BROWSER_QUERIES, LUNR_QUERY)
                        data = (site / "lunr" / "data.js").stat().st_size
                        results[name]["lunr_data_kb"] = round(data / 1024, 1)
                        results[name]["lunr_data_kb_gzip"] = round(
                            _gz((site / "lunr" / "data.js").read_bytes()) / 1024, 1)
            browser.close()
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
