"""Regenerate the README's screenshot (docs/screenshot.png) from the bundled example library.

    python -m tests.screenshot                       # docs/screenshot.png, 1280 x 900
    python -m tests.screenshot --width 390 --height 844 --out /tmp/phone.png
    python -m tests.screenshot --page skills/pass-planning/index.html --file --out /tmp/p.png
    python -m tests.screenshot --query cafe --out /tmp/search.png   # a search typed first

Builds ``site-example/`` with its own configuration (``site-example/skill-catalog.yml``) into a
temporary folder with this checkout's ``skill-catalog``, opens the page in headless Chromium
(``/usr/bin/chromium`` through Playwright, the light theme, one device pixel per CSS pixel)
over HTTP from a local server (or from ``file://`` with ``--file``) and saves the visible part
of the page. Run it whenever the templates or the example change what the first screen shows,
and look at the result before committing it. Not a test: nothing checks the image.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.local_server import serve_folder

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "site-example"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def build_example(out: Path) -> None:
    """``skill-catalog build`` of the example, as its README says (exit 1: it holds an invalid
    skill on purpose, for the Problems page)."""
    done = subprocess.run(
        [sys.executable, "-m", "skill_catalog", "build", "-c", str(EXAMPLE / "skill-catalog.yml"),
         "-o", str(out), "-q"], cwd=EXAMPLE, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1) or not (out / "index.html").is_file():
        raise SystemExit(f"the example did not build:\n{done.stderr}")


def shoot(site: Path, page_path: str, out: Path, width: int, height: int, *, from_disk: bool,
          query: str | None) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(viewport={"width": width, "height": height},
                                          device_scale_factor=1, color_scheme="light")
            page = context.new_page()
            if from_disk:
                page.goto((site / page_path).as_uri())
                _settle(page, query)
                page.screenshot(path=str(out))
            else:
                with serve_folder(site) as url:
                    page.goto(url + page_path)
                    _settle(page, query)
                    page.screenshot(path=str(out))
        finally:
            browser.close()


def _settle(page: Any, query: str | None) -> None:
    page.wait_for_load_state("load")
    page.evaluate("() => document.fonts.ready")
    if query is not None:
        page.wait_for_function("() => window.skillSearch !== undefined")
        page.fill("#skill-search", query)
        page.evaluate("() => window.skillSearch.search()")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshot.png")
    parser.add_argument("--page", default="index.html", help="a page of the site, relative")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--file", action="store_true", help="open the page from file://")
    parser.add_argument("--query", help="type this into the search box first")
    parser.add_argument("--site", type=Path, help="a site already built (skips the build)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="skill-catalog-screenshot-") as temp:
        site = args.site
        if site is None:
            site = Path(temp) / "site"
            build_example(site)
        shoot(site, args.page, args.out, args.width, args.height, from_disk=args.file,
              query=args.query)
    print(args.out)


if __name__ == "__main__":
    main()
