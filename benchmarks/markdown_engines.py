"""Markdown engines and the catalog's renderer on the real bodies of the shared corpus's SKILL.md.

Run: python -m benchmarks.markdown_engines [--repeats 5] [--corpus ../shared/corpus] [--no-bombs]

Three tables. "engine only": each engine turns every body into HTML with GFM features and raw
HTML on, nothing else (markdown-it-py, markdown-it-pyrs, cmarkgfm, Python-Markdown; the ones
not installed are skipped); cmarkgfm's is the floor. "render_markdown": the catalog's whole
renderer (sanitising, links, anchors, code blocks) per engine and highlighting mode
(``client``: code left for the browser, the site's default; ``server``: Pygments), each with its
ratio to the floor. Then each engine, in a child process, on nesting bombs, to see which ones
crash. The figures go in docs/performance.md, section "Markdown engines".
Install the optional engines with: pip install markdown-it-pyrs markdown
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import CORPUS, measure, ratio

BOMBS = {
    "100,000 '>'": "'>' * 100_000 + ' x'",
    "50,000 nested '- '": "'- ' * 50_000 + 'x'",
    "100,000 '['": "'[' * 100_000",
}
ENGINE_SNIPPETS = {
    "markdown-it-py": (
        "from markdown_it import MarkdownIt\n"
        "render = MarkdownIt('commonmark', {'html': True, 'maxNesting': 50}).render"
    ),
    "markdown-it-pyrs": (
        "import markdown_it_pyrs\n"
        "render = markdown_it_pyrs.MarkdownIt('gfm').enable_many(['footnote', 'tasklist']).render"
    ),
    "cmarkgfm": "import cmarkgfm\nrender = cmarkgfm.github_flavored_markdown_to_html",
    "Python-Markdown": "import markdown\nrender = markdown.markdown",
}
MODULES = {"markdown-it-py": "markdown_it", "markdown-it-pyrs": "markdown_it_pyrs",
           "cmarkgfm": "cmarkgfm", "Python-Markdown": "markdown"}


def bodies(corpus: Path) -> list[str]:
    import skill_catalog

    catalog = skill_catalog.load([corpus])
    return [skill.body for skill in catalog.skills if skill.body and skill.body.strip()]


def engine_renderers() -> dict[str, Callable[[str], object]]:
    """Each installed engine, configured for CommonMark + GFM with raw HTML kept."""
    found: dict[str, Callable[[str], object]] = {}
    from markdown_it import MarkdownIt
    from mdit_py_plugins.footnote import footnote_plugin
    from mdit_py_plugins.tasklists import tasklists_plugin

    mdit = MarkdownIt("commonmark", {"html": True, "maxNesting": 50})
    mdit.enable(["table", "strikethrough"]).use(footnote_plugin).use(tasklists_plugin)
    found["markdown-it-py"] = mdit.render
    if importlib.util.find_spec("markdown_it_pyrs"):
        import markdown_it_pyrs

        pyrs = markdown_it_pyrs.MarkdownIt("gfm").enable_many(["footnote", "tasklist"])
        found["markdown-it-pyrs"] = pyrs.render
    if importlib.util.find_spec("cmarkgfm"):
        import cmarkgfm
        from cmarkgfm.cmark import Options

        flags = Options.CMARK_OPT_UNSAFE | Options.CMARK_OPT_FOOTNOTES

        def cmark(text: str) -> object:
            return cmarkgfm.markdown_to_html_with_extensions(
                text, options=flags, extensions=["table", "autolink", "strikethrough", "tasklist"]
            )

        found["cmarkgfm"] = cmark
    if importlib.util.find_spec("markdown"):
        import markdown

        converter = markdown.Markdown(extensions=["tables", "fenced_code", "footnotes"])

        def python_markdown(text: str) -> object:
            converter.reset()
            return converter.convert(text)

        found["Python-Markdown"] = python_markdown
    return found


def bomb_outcome(engine: str, expression: str) -> str:
    """Run one engine on one bomb in a child process: its time, or how it died."""
    code = (
        "import time\n" + ENGINE_SNIPPETS[engine] + "\n"
        f"source = {expression}\n"
        "start = time.perf_counter(); render(source)\n"
        "print(f'{time.perf_counter() - start:.2f}s')\n"
    )
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120, check=False)
    except subprocess.TimeoutExpired:
        return "> 120 s"
    if done.returncode < 0:
        return f"crashed (signal {-done.returncode})"
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["error"])[-1]
        return last.split(":")[0]
    return done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--no-bombs", action="store_true", help="skip the nesting bombs")
    args = parser.parse_args()
    from skill_catalog.site.markdown.render import ENGINES, HIGHLIGHT_MODES, render_markdown

    texts = bodies(args.corpus)
    size = sum(len(t.encode("utf-8")) for t in texts)
    print(f"{len(texts)} SKILL.md bodies, {size / 1e6:.1f} MB, from {args.corpus}")

    print("\nengine only (Markdown -> HTML, GFM, raw HTML kept)")
    times: dict[str, list[float]] = {}
    for name, render in engine_renderers().items():
        times[name] = measure(name, lambda r=render: [r(t) for t in texts], args.repeats)
    for name, value in times.items():
        if name != "markdown-it-py":
            ratio(f"{name} vs markdown-it-py", value, times["markdown-it-py"])
    floor = times.get("cmarkgfm") or min(times.values(), key=statistics.median)

    print("\nrender_markdown (sanitising, links, anchors, code blocks); x = time / floor")
    for name, engine in ENGINES.items():
        if not engine.available():
            continue
        for mode in HIGHLIGHT_MODES:
            full = measure(
                f"render_markdown {name}, {mode}",
                lambda n=name, m=mode: [render_markdown(t, engine=n, highlight=m) for t in texts],
                args.repeats,
            )
            print(f"{'':<44} {statistics.median(full) / statistics.median(floor):6.2f}x the floor")

    if not args.no_bombs:
        print("\nnesting bombs, one child process each")
        for engine, module in MODULES.items():
            if importlib.util.find_spec(module):
                outcomes = [f"{label}: {bomb_outcome(engine, expr)}"
                            for label, expr in BOMBS.items()]
                print(f"{engine:<18} " + "; ".join(outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
