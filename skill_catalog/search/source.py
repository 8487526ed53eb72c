"""Reading a built site's index from a file, a folder or an http(s)/file URL.

An index URL comes from the user and may point anywhere, so reading it is bounded: only
``http``, ``https`` and ``file`` (redirects only to http and https), a timeout, and a size cap
checked while reading, not trusted from ``Content-Length``.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from pathlib import Path
from typing import Any

from skill_catalog.search.files import INDEX_FILE, IndexFormatError, index_from_payload
from skill_catalog.search.index import SearchIndex

MAX_INDEX_BYTES = 64 * 1024 * 1024
TIMEOUT_SECONDS = 15.0
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]+):")
_ALLOWED = ("http", "https", "file")


def _read_limited(stream: Any, where: str, limit: int) -> bytes:
    data: bytes = stream.read(limit + 1)
    if len(data) > limit:
        raise IndexFormatError(f"{where}: larger than {limit} bytes")
    return data


def _fetch(url: str, limit: int) -> bytes:
    # Imported here: urllib.request brings http.client, ssl and email, 13 ms of every start.
    import urllib.error
    import urllib.request

    class SafeRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req: urllib.request.Request, fp: Any, code: int, msg: str,
                             headers: Any, newurl: str) -> urllib.request.Request | None:
            if urllib.parse.urlsplit(newurl).scheme.lower() not in ("http", "https"):
                raise IndexFormatError(f"refusing a redirect to {newurl}")
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    opener = urllib.request.build_opener(SafeRedirects)
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with opener.open(request, timeout=TIMEOUT_SECONDS) as response:
            return _read_limited(response, url, limit)
    except urllib.error.URLError as exc:
        raise IndexFormatError(f"cannot read {url}: {exc.reason}") from None
    except (OSError, ValueError) as exc:
        if isinstance(exc, IndexFormatError):
            raise
        raise IndexFormatError(f"cannot read {url}: {exc}") from None


def _read_path(path: Path, limit: int) -> tuple[bytes, str]:
    if path.is_dir():
        path = path / INDEX_FILE
    try:
        with path.open("rb") as stream:
            return _read_limited(stream, str(path), limit), path.resolve().as_uri()
    except OSError as exc:
        raise IndexFormatError(f"cannot read {path}: {exc.strerror or exc}") from None


def read_source(source: str | Path, limit: int = MAX_INDEX_BYTES) -> tuple[bytes, str]:
    """The bytes of the index at ``source`` and the URL they came from (the base for the
    documents' relative URLs). A folder or a URL ending in ``/`` means its
    ``search-index.json``."""
    if isinstance(source, Path):
        return _read_path(source, limit)
    scheme = _SCHEME.match(source)
    if scheme is None:
        return _read_path(Path(source), limit)
    name = scheme.group(1).lower()
    if name not in _ALLOWED:
        raise IndexFormatError(
            f"{source}: only http, https and file URLs (or a path) can name an index")
    url = source + INDEX_FILE if source.endswith("/") else source
    if name == "file":
        from urllib.request import url2pathname

        local = Path(url2pathname(urllib.parse.urlsplit(url).path))
        return _read_path(local, limit)
    return _fetch(url, limit), url


def load_index(source: str | Path, limit: int = MAX_INDEX_BYTES) -> SearchIndex:
    """Read ``search-index.json`` from a path, a site folder or an http(s)/file URL.

    :raises IndexFormatError: it cannot be read, is too large, or is not an index.
    """
    data, where = read_source(source, limit)
    try:
        payload = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise IndexFormatError(f"{where}: not JSON: {exc}") from None
    index = index_from_payload(payload)
    index.base = where
    return index
