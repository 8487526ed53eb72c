"""What hosts serve a name as decides how the site publishes it (issue 32, item 3).

The shipped table (``skill_catalog/site/publish/media_types.json``) must agree with its sources:
mime-db (npm, pinned by ``.ci/run`` into ``.cache/npm-mime-db``: what GitHub Pages and Node hosts
use) and ``/etc/mime.types`` (Debian's ``media-types``: Apache, nginx and Python on Debian).
Chromium is the judge of which types run script: every type any of those tables gives is served
to it, and every one it runs script in must be classed active. Then a skill holding a hostile
file under every risky extension is built and each published file is served, over HTTP, under
every type any table gives its name: no script runs.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import mimetypes
import subprocess
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from skill_catalog.site.publish import media_types
from skill_catalog.site.publish.active_content import raw_name, runs_as_document
from tests.environment import IN_CI, REPO
from tests.helpers.libraries import write_skill
from tests.local_server import running

MIME_DB_PREFIX = REPO / ".cache" / "npm-mime-db"
MIME_DB = MIME_DB_PREFIX / "node_modules" / "mime-db" / "db.json"
MIME_TYPES = Path("/etc/mime.types")
RAN = "/__ran__/"


def _unavailable(message: str) -> None:
    if IN_CI:
        pytest.fail(f"CI checks the shipped media types against their sources; {message}")
    pytest.skip(message)


def shipped_version(source: str) -> str:
    return str(media_types.shipped()["sources"][source])


@functools.cache
def mime_db() -> dict[str, Any]:
    if not MIME_DB.is_file():
        version = shipped_version("mime-db")
        subprocess.run(["npm", "install", "--prefix", str(MIME_DB_PREFIX), "--no-save",
                        "--no-audit", "--no-fund", f"mime-db@{version}"],
                       check=False, capture_output=True, timeout=300)
    if not MIME_DB.is_file():
        _unavailable(f"{MIME_DB} is missing (npm install mime-db)")
    data: dict[str, Any] = json.loads(MIME_DB.read_text(encoding="utf-8"))
    return data


def installed_mime_db_version() -> str:
    package = json.loads((MIME_DB.parent / "package.json").read_text(encoding="utf-8"))
    return str(package["version"])


def media_types_version() -> str | None:
    found = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "media-types"],
                           capture_output=True, text=True, check=False)
    return found.stdout.strip() or None


def mime_types_text() -> str:
    if not MIME_TYPES.is_file():
        _unavailable(f"{MIME_TYPES} is missing (apt-get install media-types)")
    return MIME_TYPES.read_text(encoding="utf-8")


def every_table() -> dict[str, set[str]]:
    """extension -> types, from the sources themselves (not the shipped data) and Python."""
    table = media_types.parse_mime_db(mime_db())
    for extension, types in media_types.parse_mime_types(mime_types_text()).items():
        table.setdefault(extension, set()).update(types)
    for types_map in mimetypes.MimeTypes(filenames=()).types_map:
        for extension, media_type in types_map.items():
            table.setdefault(extension.lstrip(".").lower(), set()).add(media_type.lower())
    return table


def test_shipped_table_is_derived_from_mime_db_and_media_types() -> None:
    db = mime_db()
    assert installed_mime_db_version() == shipped_version("mime-db")
    installed = media_types_version()
    text = mime_types_text()
    if installed == shipped_version("media-types"):
        versions = {"mime-db": shipped_version("mime-db"), "media-types": installed}
        assert media_types.derive(db, text, versions=versions) == media_types.shipped()
    # Whatever media-types this machine has, no name it types as active is served as inert.
    for extension, types in media_types.parse_mime_types(text).items():
        level = max(media_types.risk(t) for t in types)
        assert media_types.extension_risk(extension) >= level, (extension, types)


@pytest.mark.parametrize("extension", ["xsd", "rng", "xhtm", "atom", "kml", "mml", "rdf",
                                       "rss", "smil", "wsdl", "xul", "svgz", "xml", "html"])
def test_the_reported_extensions_are_documents(extension: str) -> None:
    assert runs_as_document(f"evil.{extension}")
    assert raw_name(f"assets/evil.{extension}") == f"assets/evil.{extension}.txt"


@pytest.mark.parametrize(("name", "document"), [
    ("logo.svg.gz", True),  # a host may serve it as SVG with a gzip encoding
    ("notes.html.unknown", True),  # Apache: the right-most typed extension
    ("notes.html.txt", False),  # every table types .txt as text/plain
    ("main.rs", True),  # application/rls-services+xml in mime-db and media-types
    ("README.md", False),
    ("Makefile", False),
])
def test_every_extension_of_a_name_counts(name: str, document: bool) -> None:
    assert runs_as_document(name) is document


class _Typed(http.server.SimpleHTTPRequestHandler):
    """Serves a file with the type ``?type=`` names (or, for ``/typed``, the body
    ``?type=`` asks for), no policy header; records the paths below :data:`RAN`."""

    ran: list[str]

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        if url.path.startswith(RAN):
            self.ran.append(urllib.parse.unquote(url.path[len(RAN):]))
            self.send_response(204)
            self.end_headers()
            return
        query = urllib.parse.parse_qs(url.query)
        media_type = query["type"][0]
        if url.path == "/typed":
            body = hostile(query["mark"][0]).encode()
        else:
            path = Path(self.translate_path(url.path))
            body = path.read_bytes() if path.is_file() else b""
        self.send_response(200)
        self.send_header("Content-Type", media_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def hostile(mark: str) -> str:
    """A document that runs script as HTML, XHTML, SVG or any XML, and tells :data:`RAN`."""
    beacon = RAN + urllib.parse.quote(mark, safe="")
    return (f'<html xmlns="http://www.w3.org/1999/xhtml"><head><script>fetch("{beacon}")'
            f'</script></head><body><svg xmlns="http://www.w3.org/2000/svg" '
            f'onload="fetch(&quot;{beacon}&quot;)"/></body></html>\n')


@contextlib.contextmanager
def typed_server(folder: Path) -> Iterator[tuple[str, list[str]]]:
    ran: list[str] = []
    handler = functools.partial(type("Handler", (_Typed,), {"ran": ran}),
                                directory=str(folder))
    with running(http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)) as port:
        yield f"http://127.0.0.1:{port}", ran


def open_all(browser: Any, urls: list[str]) -> None:
    """Open each URL in a frame of one page, in batches, and let each load."""
    context = browser.new_context()
    try:
        page = context.new_page()
        for start in range(0, len(urls), 50):
            batch = urls[start:start + 50]
            page.set_content("".join(f'<iframe src="{u}"></iframe>' for u in batch))
            page.wait_for_load_state("load")
            page.wait_for_timeout(50)
    finally:
        context.close()


@pytest.mark.browser
def test_every_type_chromium_runs_script_in_is_classed_active(browser: Any,
                                                              tmp_path: Path) -> None:
    types = sorted({t for found in every_table().values() for t in found})
    with typed_server(tmp_path) as (origin, ran):
        open_all(browser, [f"{origin}/typed?" + urllib.parse.urlencode({"type": t, "mark": t})
                           for t in types])
    assert "text/html" in ran  # the check sees script run
    assert "image/svg+xml" in ran
    assert [t for t in sorted(set(ran)) if media_types.risk(t) < media_types.XML] == []


@pytest.mark.browser
def test_hostile_files_under_every_risky_extension_run_no_script(browser: Any,
                                                                 tmp_path: Path) -> None:
    table = every_table()
    risky = sorted(ext for ext, types in table.items()
                   if max(media_types.risk(t) for t in types) >= media_types.SCRIPT
                   and "/" not in ext and ext.isprintable())
    files: dict[str, str | bytes] = {f"assets/f.{ext}": hostile(ext) for ext in risky}
    library = tmp_path / "library"
    write_skill(library, "listed", files=files)  # raw copies in .well-known/skills/listed/
    write_skill(library, "not-listed", "name: Not_Listed\ndescription: Invalid. Use never.",
                files=files)  # raw copies in skills/not-listed/raw/
    site = tmp_path / "site"
    build(config_from_mapping({"base_url": "https://catalog.example/"}), roots=[library],
          output=site, workers=1)
    published = [p for p in site.rglob("*") if p.is_file() and "assets" in p.parts[-3:-1]
                 and p.relative_to(site).parts[0] != "assets"]
    assert len(published) == 2 * len(risky)  # the raw copies of both skills
    urls = []
    for path in published:
        extension = path.name.rsplit(".", 1)[-1].lower()
        for media_type in sorted(table.get(extension, {"application/octet-stream"})):
            relative = urllib.parse.quote(path.relative_to(site).as_posix())
            urls.append(relative + "?" + urllib.parse.urlencode({"type": media_type}))
    with typed_server(site) as (origin, ran):
        open_all(browser, [f"{origin}/{u}" for u in urls])
        assert ran == []
        open_all(browser, [f"{origin}/typed?type=application/xhtml%2Bxml&mark=control"])
    assert set(ran) == {"control"}
