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
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import IN_CI

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


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` over HTTP on 127.0.0.1 from a thread; yields the base URL
    (ending in ``/``)."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


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
