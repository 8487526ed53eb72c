"""An HTTP server on 127.0.0.1 run from a thread, for tests and benchmarks (standard library
only, so that ``tests/realtools`` and ``benchmarks`` may import it too)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def running(server: socketserver.TCPServer) -> Iterator[int]:
    """Serve with ``server`` from a daemon thread; yield its port; shut it down, close it and
    join the thread on the way out."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files of a folder, without a log line per request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


class FolderServer(http.server.ThreadingHTTPServer):
    request_queue_size = 256
    """npx skills fetches every file of every skill at once; the default backlog of 5 would
    refuse connections, and the client silently drops the skills it could not fetch."""


@contextlib.contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1; yield its URL (ending with ``/``)."""
    server = FolderServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    with running(server) as port:
        yield f"http://127.0.0.1:{port}/"
