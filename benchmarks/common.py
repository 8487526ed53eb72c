"""Helpers shared by the benchmark scripts: repeats, min/median/max, ratios, and serving a
folder to headless Chromium."""

from __future__ import annotations

import functools
import http.server
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
"""How the benchmarks start Chromium (Debian's, through Playwright)."""


def measure(label: str, run: Callable[[], object], repeats: int) -> list[float]:
    """Run ``run`` ``repeats`` times; print and return the wall times in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    print(f"{label:<44} min {min(times):8.3f}s  median {statistics.median(times):8.3f}s  "
          f"max {max(times):8.3f}s")
    return times


def ratio(label: str, ours: list[float], theirs: list[float]) -> float:
    value = statistics.median(theirs) / statistics.median(ours)
    print(f"{label:<44} {value:6.2f}x (median over median)")
    return value


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1; yields its URL (ending in ``/``)."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
