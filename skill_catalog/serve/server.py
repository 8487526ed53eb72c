"""``serve``: build the site into a temporary folder, serve it locally, rebuild and reload.

Three parts, each replaceable in tests:

- a *builder* (``Callable[[Path], object]``) writes the site into the folder it is given, the
  same folder (``site`` in the server's temporary workspace) on every build. The real one is an
  incremental :func:`skill_catalog.site.build.build`: the second and later builds write only
  the files of changed skills and the site-wide files and reuse the rest (a changed config
  makes the build a full one). A builder must leave the folder as it was when it fails, as
  that build does (it works in a temporary folder beside the site): the previous site then
  keeps being served and the error is logged (and shown in its place while there is no site
  yet). ``skill-catalog serve`` runs its builder in a process forked before the server's
  threads start (:class:`~skill_catalog.serve.build_process.BuildProcess`), since a build forks;
- a *watcher* reports that something under the library changed: ``watchfiles`` when it is
  installed (the ``serve`` extra), else a poll of file sizes and modification times every second;
- the *server* (standard library ``http.server``) answers from the site folder, injects
  ``<script src="/__reload.js" data-build="N"></script>`` before ``</body>`` of HTML responses,
  and streams ``reload`` events carrying the build number on ``/__reload`` (server-sent events)
  once a build is complete. The script is a same-origin file, so the site's
  ``script-src 'self'`` policy allows it, and the built site itself never contains it.

Requests are answered while a build updates the folder. Each changed file is replaced by one
rename, so a request reads either the old or the new file, never a half-written one; but while
the update runs, some pages may already be new and others still old (new pages are moved in
before the pages that link to them, removed files go last). A full build replaces the whole
folder with two renames; a request arriving between them waits for the new folder. Open pages
reload only when the build is complete.

The server listens on loopback addresses only unless remote access is asked for explicitly, and
then still answers only requests whose ``Host`` it was told about. It serves at most
:data:`MAX_CONNECTIONS` connections at once (one thread each; one more is answered 503), closes
a connection idle for :data:`IDLE_TIMEOUT_SECONDS`, answers a name no file system holds 404
and a malformed path 400, and logs an unexpected error in one line, never a traceback.
"""

from __future__ import annotations

import contextlib
import dataclasses as dc
import functools
import html
import importlib
import importlib.util
import ipaddress
import json
import mimetypes
import os
import re
import shutil
import socket
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar, Protocol

from skill_catalog.errors import SkillCatalogError, describe
from skill_catalog.fs.walk import FileEntry, walk
from skill_catalog.serve.build_process import Changes, build_counts

Builder = Callable[[Path], object]
"""Writes the site into the folder it is given (the same one each time: it does not exist
before the first build, and then holds the previous site, which the builder updates); a failed
build leaves the folder as it was."""
Log = Callable[[str], None]

RELOAD_PATH = "/__reload"
RELOAD_SCRIPT_PATH = "/__reload.js"
RELOAD_SCRIPT = """\
// Added by `skill-catalog serve` (never part of a built site): reload when a newer build exists.
(() => {
  const me = document.currentScript;
  const shown = me ? me.dataset.build : null;
  const events = new EventSource("/__reload");
  events.addEventListener("reload", (event) => {
    if (event.data !== shown) {
      events.close();
      location.reload();
    }
  });
})();
"""
KEEPALIVE_SECONDS = 15.0
POLL_SECONDS = 1.0
MAX_WATCHED_ENTRIES = 200_000
SWAP_WAIT_SECONDS = 2.0
"""How long a request waits for the site folder while a full build swaps it in (two renames)."""
IDLE_TIMEOUT_SECONDS = 20.0
"""A connection that sends nothing (no request, or a request head that stalls) for this long is
closed: idle sockets cannot hold the server's threads."""
MAX_CONNECTIONS = 100
"""Connections served at once, each by one thread (a page's reload stream holds one while the
page is open); one more is answered 503 and closed at once."""
NAME_MAX = 255
PATH_MAX = 4096
"""Longer file names or paths (bytes) exist in no site: such a request is answered 404 without
asking the file system."""
LOOPBACK_NAMES = frozenset({"localhost", "localhost.", "ip6-localhost"})
_BODY_END = re.compile(rb"</body\s*>", re.IGNORECASE)


class ServeError(SkillCatalogError):
    """The server cannot start (a refused host, a port in use)."""


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_host(host: str, allow_remote: bool) -> None:
    """Refuse to listen beyond this machine unless ``allow_remote``."""
    if not allow_remote and not is_loopback(host):
        raise ServeError(
            f"refusing to serve on {host}: the preview server is for this machine only "
            "(127.0.0.1, ::1, localhost); pass --allow-remote to listen on other addresses")


def inject_reload(page: bytes, build: int) -> bytes:
    """The HTML page with the reload script before its last ``</body>`` (or at its end)."""
    tag = f'<script src="{RELOAD_SCRIPT_PATH}" data-build="{build}"></script>\n'.encode()
    ends = list(_BODY_END.finditer(page))
    if not ends:
        return page + b"\n" + tag
    at = ends[-1].start()
    return page[:at] + tag + page[at:]


# --- watching ---------------------------------------------------------------------------------


class Watcher(Protocol):
    name: str

    def changes(self, stop: threading.Event) -> Iterator[object]:
        """Yield once per batch of changes, until ``stop`` is set: the paths changed (or
        watchfiles' ``(change, path)`` pairs), or a :class:`WatcherFailed` when the watcher
        failed and anything may have changed."""


MAX_BATCH_PATHS = 5_000
"""A batch naming more paths is taken as "anything may have changed". watchfiles (1.x) drops
the rescan event its notify crate sends when the kernel's event queue overflows (inotify's
``max_queued_events``, 16,384 by default): a burst that large comes with a batch this large."""


@dc.dataclass(slots=True, frozen=True)
class WatcherFailed:
    """What a watcher yields when it failed (and restarts): anything may have changed."""

    error: str


def changed_paths(batch: object) -> Changes:
    """The paths a batch from :meth:`Watcher.changes` names (absolute), or None when it
    may not name them all: a failure, an overflow, a batch of another kind."""
    if not isinstance(batch, (set, frozenset, list, tuple)) or len(batch) > MAX_BATCH_PATHS:
        return None
    paths: set[str] = set()
    for item in batch:
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], str):
            item = item[1]  # watchfiles: (Change, path)
        if not isinstance(item, (str, os.PathLike)):
            return None
        paths.add(os.path.abspath(item))
    return frozenset(paths)


def _existing(paths: Iterable[Path]) -> list[Path]:
    """The paths that exist, each real path once."""
    found: dict[str, Path] = {}
    for path in paths:
        if path.exists():
            found.setdefault(os.path.realpath(path), path)
    return list(found.values())


@dc.dataclass(slots=True)
class PollingWatcher:
    """Compares sizes, times and inodes of every file under the paths every ``interval`` (or
    as long as the last comparison took, when that is longer)."""

    paths: Sequence[Path]
    interval: float = POLL_SECONDS
    name: str = "polling"

    def snapshot(self) -> dict[str, tuple[int, ...]]:
        """``path -> (size, mtime_ns, ctime_ns, inode)`` of every file under the watched
        folders (the bounded, symlink-safe walk of discovery, whose stat of each file is
        taken as it is), and of the watched files themselves."""
        state: dict[str, tuple[int, ...]] = {}
        for path in _existing(self.paths):
            if path.is_dir():
                for item in walk(path, max_entries=MAX_WATCHED_ENTRIES):
                    if isinstance(item, FileEntry):
                        state[item.location] = (item.size, item.mtime_ns, item.ctime_ns,
                                                item.inode)
                continue
            with contextlib.suppress(OSError):
                info = path.stat()
                state[str(path)] = (info.st_size, info.st_mtime_ns, info.st_ctime_ns,
                                    info.st_ino)
        return state

    def changes(self, stop: threading.Event) -> Iterator[object]:
        started = time.monotonic()
        before = self.snapshot()
        # Between two looks, at least as long as a look takes: on a large library (10,000
        # skills take about half a second) polling keeps at most half a core busy.
        while not stop.wait(max(self.interval, time.monotonic() - started)):
            started = time.monotonic()
            now = self.snapshot()
            if now != before:
                changed = {p for p in now.keys() | before.keys() if now.get(p) != before.get(p)}
                before = now
                yield changed


@dc.dataclass(slots=True)
class WatchfilesWatcher:
    """``watchfiles`` (native file-system events); its default filter skips .git and caches."""

    paths: Sequence[Path]
    name: str = "watchfiles"

    RETRY_SECONDS: ClassVar[tuple[float, ...]] = (1.0, 5.0, 30.0)
    """Pauses before watching again after a failure (the last one repeats)."""

    def changes(self, stop: threading.Event) -> Iterator[object]:
        """watchfiles' batches; when it fails (a watch limit reached, a watched folder
        gone), a :class:`WatcherFailed`, then watching again after a pause."""
        watchfiles = importlib.import_module("watchfiles")  # optional: the ``serve`` extra
        failures = 0
        while not stop.is_set():
            paths = _existing(self.paths)
            if not paths:
                stop.wait()
                return
            try:
                for batch in watchfiles.watch(*paths, stop_event=stop, debounce=300, step=50,
                                              rust_timeout=1000):
                    failures = 0
                    yield batch
                return
            except Exception as exc:  # the Rust side's errors, OSError for a path gone
                yield WatcherFailed(describe(exc))
                pause = self.RETRY_SECONDS[min(failures, len(self.RETRY_SECONDS) - 1)]
                failures += 1
                if stop.wait(pause):
                    return


def what_changed(batch: object, changes: Changes) -> str:
    """How a log line names a batch (its :func:`changed_paths` ``changes``)."""
    if isinstance(batch, WatcherFailed):
        return f"watching failed ({batch.error}), watching again; the whole library walked"
    if changes is None:
        return "many changes at once: the whole library walked"
    return "change seen"


def default_watcher(paths: Sequence[Path]) -> Watcher:
    """watchfiles when installed, else polling."""
    if importlib.util.find_spec("watchfiles") is None:
        return PollingWatcher(paths)
    return WatchfilesWatcher(paths)


# --- building ---------------------------------------------------------------------------------


class SiteState:
    """The site folder, the current build number, the last error, and who waits for news."""

    def __init__(self, builder: Builder, site: Path, log: Log, *, temporary: bool = True
                 ) -> None:
        self.builder = builder
        self.site = site
        """Where every build goes (the builder updates the previous site in place)."""
        self.temporary = temporary
        """Whether the folder is the server's own (removed when nothing could be built)."""
        self.log = log
        self.build_number = 0
        """Successful builds so far (none yet: there is no site to serve)."""
        self.error: str | None = None
        self.stopping = False
        self.changed = threading.Condition()
        self._build_lock = threading.Lock()
        self.last_build = ""
        """How the last successful build went (its time, files written and kept)."""

    def rebuild(self) -> bool:
        """Build into the site folder; on failure the builder left the previous site as it was,
        and it keeps being served."""
        with self._build_lock:
            number = self.build_number + 1
            started = time.monotonic()
            try:
                result = self.builder(self.site)
            except Exception as exc:  # any failure of the build must not stop the server
                if not self.build_number and self.temporary:  # nothing served: leave nothing
                    shutil.rmtree(self.site, ignore_errors=True)
                detail = describe(exc)
                self.log("the build under way was stopped" if self.stopping
                         else f"build failed: {detail}")
                with self.changed:
                    self.error = detail
                    self.changed.notify_all()
                return False
            self.last_build = f"{time.monotonic() - started:.1f} s{_counts(result)}"
            with self.changed:
                self.build_number, self.error = number, None
                self.changed.notify_all()
            return True

    def snapshot(self) -> tuple[Path | None, int, str | None]:
        """The site folder (None before the first successful build), the build number and the
        last build error."""
        with self.changed:
            return self.site if self.build_number else None, self.build_number, self.error

    def wait_for_build(self, seen: int, timeout: float) -> int:
        """Block until a build newer than ``seen`` (or stop, or ``timeout``); the build number."""
        with self.changed:
            self.changed.wait_for(lambda: self.build_number != seen or self.stopping, timeout)
            return self.build_number

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            self.changed.notify_all()


def _counts(result: object) -> str:
    """``", N files written, M kept"`` for a site build's result, else nothing."""
    counts = build_counts(result)
    if counts.files is not None and counts.kept is not None:
        written = "1 file" if counts.files == 1 else f"{counts.files} files"
        return f", {written} written, {counts.kept} kept"
    return ""


# --- serving ----------------------------------------------------------------------------------


_REFUSAL_BODY = b"Too many connections: try again in a moment.\n"
_REFUSAL = (b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            b"Content-Length: " + str(len(_REFUSAL_BODY)).encode() + b"\r\nRetry-After: 1\r\n"
            b"Connection: close\r\n\r\n" + _REFUSAL_BODY)
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


class _Server(ThreadingHTTPServer):
    """One thread per connection, at most ``max_connections`` at once; a connection idle for
    ``idle_timeout`` seconds is closed (the handler sets it on the socket)."""

    daemon_threads = True
    state: SiteState
    allowed_hosts: frozenset[str] | None
    log: Log

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler], *,
                 idle_timeout: float, max_connections: int) -> None:
        self.idle_timeout = idle_timeout
        self.max_connections = max_connections
        self._slots = threading.BoundedSemaphore(max_connections)
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve the connection in a thread if one of the slots is free, else answer 503."""
        if not self._slots.acquire(blocking=False):
            with contextlib.suppress(OSError):
                request.settimeout(1.0)
                request.sendall(_REFUSAL)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line in the log, not a traceback on the console; a client that went away or
        timed out is not an error."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError | TimeoutError):
            return
        self.log(f"serve: a request failed: {type(error).__name__}: {error}")


class PreviewHandler(BaseHTTPRequestHandler):
    """Files of the current build, the reload script and the reload event stream."""

    server: _Server
    server_version = "skill-catalog-serve"

    def setup(self) -> None:
        super().setup()
        # Every read and write of the connection: a client that sends nothing is dropped
        # (handle_one_request ends the connection on TimeoutError).
        self.connection.settimeout(self.server.idle_timeout)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the console shows builds, not every request."""

    def do_HEAD(self) -> None:
        self._respond(head=True)

    def do_GET(self) -> None:
        self._respond(head=False)

    def _respond(self, *, head: bool) -> None:
        """Answer the request; an unexpected error is answered 500 (when nothing was sent yet)
        and logged in one line."""
        self._answering = False
        try:
            self._answer(head)
        except (ConnectionError, TimeoutError):
            raise
        except Exception as exc:
            self.server.log(f"serve: {self.command} {self.path[:200]!r} failed: "
                            f"{type(exc).__name__}: {exc}")
            if not self._answering:
                with contextlib.suppress(OSError):
                    self._send(HTTPStatus.INTERNAL_SERVER_ERROR, b"Internal error\n",
                               "text/plain", head)

    def _answer(self, head: bool) -> None:
        if not self._host_allowed():
            self._send(HTTPStatus.FORBIDDEN, b"Host not allowed\n", "text/plain", head)
            return
        path = urllib.parse.urlsplit(self.path).path
        problem = bad_path(path)
        if problem is not None:
            self._send(HTTPStatus.BAD_REQUEST, problem.encode() + b"\n", "text/plain", head)
            return
        if path == RELOAD_PATH:
            self._events()
        elif path == RELOAD_SCRIPT_PATH:
            self._send(HTTPStatus.OK, RELOAD_SCRIPT.encode(), "text/javascript", head)
        else:
            self._file(path, head)

    def _host_allowed(self) -> bool:
        allowed = self.server.allowed_hosts
        if allowed is None:
            return True
        host = (self.headers.get("Host") or "").strip().lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name.strip("[]") in allowed or is_loopback(name.strip("[]"))

    def _send(self, status: HTTPStatus, body: bytes, content_type: str, head: bool,
              extra: dict[str, str] | None = None) -> None:
        self._answering = True
        self.send_response(status)
        charset = "; charset=utf-8" if content_type.startswith(("text/", "application/json")) \
            else ""
        self.send_header("Content-Type", content_type + charset)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _file(self, url_path: str, head: bool) -> None:
        root, number, error = self.server.state.snapshot()
        if root is None:
            message = error or "The first build is not finished yet."
            page = (f"<!doctype html><title>skill-catalog serve</title><body><h1>No site yet</h1>"
                    f"<pre>{html.escape(message)}</pre></body>").encode()
            status = HTTPStatus.SERVICE_UNAVAILABLE if error is None else HTTPStatus.OK
            self._send(status, inject_reload(page, number), "text/html", head)
            return
        status, body, target = HTTPStatus.OK, None, None
        for attempt in (1, 2):
            target = resolve(root, url_path)
            if target is None or not os.path.exists(target):
                # A site with a base URL's path (https://x.org/c/) links its 404 page's
                # styles and pages from that path: served below it too, as a host would.
                inside = below_base(url_path, base_path(root, number))
                if inside is not None:
                    target = resolve(root, inside)
            if target is not None and _is_dir(target):
                if not url_path.endswith("/"):
                    location = url_path + "/"
                    query = urllib.parse.urlsplit(self.path).query
                    self._send(HTTPStatus.MOVED_PERMANENTLY, b"", "text/plain", head,
                               {"Location": location + (f"?{query}" if query else "")})
                    return
                target = target / "index.html"
            body = _read(target)
            if body is not None:
                break
            if attempt == 1:
                wait_for_folder(root, SWAP_WAIT_SECONDS)  # a full build may be swapping it in
        if body is None or target is None:
            status, target = HTTPStatus.NOT_FOUND, root / "404.html"
            body = _read(target)
            if body is None:
                self._send(status, b"Not found\n", "text/plain", head)
                return
        content_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if target.suffix == ".md":
            content_type = "text/markdown"
        if content_type == "text/html":
            body = inject_reload(body, number)
        self._send(status, body, content_type, head)

    def _events(self) -> None:
        """Server-sent events: ``reload`` with the current build number now and after each
        build, a comment every few seconds so a closed page is noticed."""
        state = self.server.state
        self._answering = True
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = state.snapshot()[1]
        try:
            self.wfile.write(f"retry: 1000\nevent: reload\ndata: {seen}\n\n".encode())
            self.wfile.flush()
            while True:
                number = state.wait_for_build(seen, KEEPALIVE_SECONDS)
                if state.stopping:
                    return
                message = (f"event: reload\ndata: {number}\n\n" if number != seen
                           else ": keep-alive\n\n")
                seen = number
                self.wfile.write(message.encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            return


def _read(path: Path | None) -> bytes | None:
    """The bytes of a regular file, or None (no path, missing, not a file, unreadable, a name
    the file system refuses)."""
    if path is None:
        return None
    try:
        return path.read_bytes() if path.is_file() else None
    except (OSError, ValueError):
        return None


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def bad_path(url_path: str) -> str | None:
    """Why the path of a request is malformed (answered 400), or None: a ``%`` not followed by
    two hex digits, an escape that decodes to NUL or to bytes that are not UTF-8."""
    if _BAD_ESCAPE.search(url_path):
        return "Bad request: '%' must be followed by two hexadecimal digits"
    try:
        decoded = urllib.parse.unquote_to_bytes(url_path).decode("utf-8")
    except UnicodeDecodeError:
        return "Bad request: the path is not UTF-8"
    if "\0" in decoded:
        return "Bad request: the path holds a NUL byte"
    return None


def wait_for_folder(folder: Path, timeout: float) -> bool:
    """Wait until ``folder`` exists (a full build swaps the site folder in with two renames, so
    it is missing for a moment), at most ``timeout`` seconds; whether it exists."""
    give_up = time.monotonic() + timeout
    while not folder.is_dir():
        if time.monotonic() >= give_up:
            return False
        time.sleep(0.01)
    return True


@functools.lru_cache(maxsize=8)
def base_path(root: Path, number: int) -> str:
    """The path of the base URL build ``number`` in ``root`` was made for (``/c/`` for
    ``https://x.org/c/``; ``/`` without one), from its ``catalog.json``."""
    try:
        with open(root / "catalog.json", encoding="utf-8") as handle:
            base = json.load(handle).get("base_url")
    except (OSError, ValueError, AttributeError):
        return "/"
    return urllib.parse.urlsplit(base).path or "/" if isinstance(base, str) else "/"


def below_base(url_path: str, base: str) -> str | None:
    """``url_path`` below the base URL's path ``base`` (``/c/x`` -> ``/x``), or None when it
    is not below it (or the base is ``/``)."""
    if base == "/" or not (url_path + "/").startswith(base):
        return None
    return "/" + url_path[len(base):]


def resolve(root: Path, url_path: str) -> Path | None:
    """The file or folder of the build that ``url_path`` names, or None if it would leave it."""
    decoded = urllib.parse.unquote(url_path)
    parts = [p for p in decoded.split("/") if p not in ("", ".")]
    if any(p == ".." or "\\" in p or "\0" in p for p in parts):
        return None
    if len(os.fsencode(decoded)) > PATH_MAX or any(len(os.fsencode(p)) > NAME_MAX
                                                   for p in parts):
        return None
    target = root.joinpath(*parts)
    real_root = os.path.realpath(root)
    real = os.path.realpath(target)
    if real != real_root and not real.startswith(real_root + os.sep):
        return None
    return target


# --- the whole -------------------------------------------------------------------------------


class PreviewServer:
    """Builds, serves and rebuilds; use as a context manager or call :meth:`close`.

    :param builder: writes the site into the folder it is given (the same each time).
    :param watch: files and folders whose changes trigger a rebuild.
    :param watcher: how changes are noticed (default: watchfiles if installed, else polling).
    :param site: the folder to build into and leave behind (``serve -o``); default: ``site``
        in a temporary workspace, removed on close.
    :param idle_timeout: seconds a connection may send nothing before it is closed.
    :param max_connections: connections served at once (one thread each); more are refused.
    :param on_changes: told, before each rebuild, the paths the watcher reported changed
        (None: anything may have changed), so that the build can re-read only those
        (:class:`~skill_catalog.pipeline.watched.Watched`).
    """

    def __init__(self, builder: Builder, watch: Sequence[Path], *, host: str = "127.0.0.1",
                 port: int = 8000, allow_remote: bool = False, watcher: Watcher | None = None,
                 log: Log | None = None, site: Path | None = None,
                 idle_timeout: float = IDLE_TIMEOUT_SECONDS,
                 max_connections: int = MAX_CONNECTIONS,
                 on_changes: Callable[[Changes], object] | None = None) -> None:
        check_host(host, allow_remote)
        self.on_changes = on_changes
        self.log: Log = log or (lambda message: print(message, file=sys.stderr, flush=True))
        self.workspace: Path | None = None
        if site is None:
            self.workspace = Path(tempfile.mkdtemp(prefix="skill-catalog-serve-"))
            site = self.workspace / "site"
        self.state = SiteState(builder, site, self.log, temporary=self.workspace is not None)
        self.watcher = watcher or default_watcher(watch)
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        server_class = _server_class(host)
        try:
            self.httpd = server_class((host, port), PreviewHandler, idle_timeout=idle_timeout,
                                      max_connections=max_connections)
        except OSError as exc:
            self._remove_workspace()
            raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
        self.httpd.state = self.state
        self.httpd.log = self.log
        # Without --allow-remote, a request must name this machine (a guard against DNS
        # rebinding: a web page cannot read the preview through a name it controls).
        self.httpd.allowed_hosts = None if allow_remote else frozenset(LOOPBACK_NAMES)

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    @property
    def url(self) -> str:
        host = str(self.httpd.server_address[0])
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self.port}/"

    def start(self) -> None:
        """Start watching (so that edits made during the first build count), build once, then
        serve; watching and serving run in background threads."""
        self._spawn(self._watch, "watch")
        self.state.rebuild()
        self._spawn(self.httpd.serve_forever, "serve")

    def _spawn(self, target: Callable[[], object], name: str) -> None:
        thread = threading.Thread(target=target, name=f"skill-catalog-{name}", daemon=True)
        thread.start()
        self._threads.append(thread)

    def _watch(self) -> None:
        try:
            for batch in self.watcher.changes(self._stop):
                if self._stop.is_set():
                    return
                changes = changed_paths(batch)
                self.log(f"{what_changed(batch, changes)}: rebuilding")
                self._rebuild(changes)
        except Exception as exc:  # the server keeps serving the last build
            self.log(f"watching stopped: {exc}")

    def _rebuild(self, changes: Changes) -> None:
        if self.on_changes is not None:
            self.on_changes(changes)
        if self.state.rebuild():
            self.log(f"build {self.state.build_number} ready "
                     f"({self.state.last_build}): pages reload")

    def rescan(self) -> None:
        """Rebuild now, the whole library walked again (as after a watcher failure): what
        ``kill -USR1`` asks of ``skill-catalog serve``."""
        if not self._stop.is_set():
            self.log("full walk asked for: rebuilding")
            self._rebuild(None)

    def wait(self) -> None:
        """Block until interrupted (Ctrl-C) or closed."""
        with contextlib.suppress(KeyboardInterrupt):
            while not self._stop.wait(3600):
                pass

    def close(self) -> None:
        """Stop watching and serving, then remove the workspace (a ``site`` given is left). A
        builder with a ``close`` method (:class:`~skill_catalog.serve.build_process.BuildProcess`)
        is closed first, which stops a build under way instead of waiting for it."""
        self._stop.set()
        self.state.stop()
        stop_builds = getattr(self.state.builder, "close", None)
        if callable(stop_builds):
            try:
                stop_builds()
            except Exception as exc:  # the rest must still be closed
                self.log(f"stopping the builds: {exc}")
        if any(t.name == "skill-catalog-serve" for t in self._threads):
            self.httpd.shutdown()
        self.httpd.server_close()
        for thread in self._threads:
            thread.join(timeout=10)
        self._remove_workspace()

    def _remove_workspace(self) -> None:
        """Remove the workspace (in the background when the site in it is large: removing a
        10,000-skill site takes a quarter of a minute)."""
        if self.workspace is not None:
            from skill_catalog.site import remove_workspace

            remove_workspace(self.workspace, self.state.site)

    def __enter__(self) -> PreviewServer:
        try:
            self.start()
        except BaseException:  # Ctrl-C during the first build: stop watching, remove the folder
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _server_class(host: str) -> type[_Server]:
    if ":" not in host:
        return _Server

    class _Server6(_Server):
        address_family = socket.AF_INET6

    return _Server6


def watched_paths(roots: Iterable[Path], extra: Iterable[Path | None] = ()) -> list[Path]:
    """The roots (a SKILL.md root stands for its folder) and extra files such as the config."""
    paths = [root.parent if root.is_file() else root for root in roots]
    paths += [p for p in extra if p is not None]
    return paths
