"""Driving Debian's Chromium through Playwright, shared by every browser test.

Import the fixtures into a test module (``from tests.browser import browser, browser_page``)
or use :func:`launch` and :func:`serve` directly. Without ``/usr/bin/chromium`` the tests
skip and say how to install it; in CI (``CI=true``) they fail instead, since CI must run them.
Playwright never downloads a browser here: it is pointed at the system Chromium.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.environment import IN_CI
from tests.local_server import running

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def need_chromium() -> Path:
    """The Chromium binary; skip (or, in CI, fail) when it is missing."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: apt-get install chromium"
        if IN_CI:
            pytest.fail(f"CI runs the browser tests; {message}")
        pytest.skip(message)
    return CHROMIUM


@contextlib.contextmanager
def launch() -> Iterator[Any]:
    """A headless Chromium ``Browser`` (Playwright's sync API), closed afterwards."""
    executable = need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(executable), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


class _PagesHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a site the way GitHub Pages does: under the path of its base URL, with its
    ``404.html`` (status 404) for any missing file."""

    prefix = "/"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return os.path.join(str(self.directory), "\0missing")
        return super().translate_path("/" + path[len(self.prefix):])

    def send_head(self) -> Any:
        path = self.translate_path(self.path.split("?", 1)[0].split("#", 1)[0])
        missing = os.path.join(str(self.directory), "404.html")
        if os.path.exists(path) or not os.path.isfile(missing):
            return super().send_head()
        page = open(missing, "rb")  # noqa: SIM115 (closed by the caller, as send_head does)
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(os.fstat(page.fileno()).st_size))
        self.end_headers()
        return page


def site_path(directory: Path) -> str:
    """The path of the site's base URL (``/c/`` for ``https://example.org/c/``), from its
    catalog.json; ``/`` without one."""
    catalog = directory / "catalog.json"
    base = json.loads(catalog.read_text(encoding="utf-8")).get("base_url") if (
        catalog.is_file()) else None
    return urllib.parse.urlsplit(base).path or "/" if base else "/"


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` over HTTP on 127.0.0.1 from a thread, at the path of its base URL
    and with its 404 page like GitHub Pages; yields the site's URL (ending in ``/``)."""
    prefix = site_path(directory)
    handler = functools.partial(type("Handler", (_PagesHandler,), {"prefix": prefix}),
                                directory=str(directory))
    with running(http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)) as port:
        yield f"http://127.0.0.1:{port}{prefix}"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the whole test session."""
    with launch() as instance:
        yield instance


@pytest.fixture
def browser_page(browser: Any) -> Iterator[Any]:
    """A fresh page in its own context. ``page.console_errors`` lists console errors and
    uncaught exceptions seen so far (assert it is empty at the end of a test)."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.console_errors = errors
    try:
        yield page
    finally:
        context.close()
