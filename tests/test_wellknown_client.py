"""Real clients against a built site served over HTTP on 127.0.0.1.

``npx skills add <site URL>`` is vercel-labs/skills 1.3.9, the npm package ``skills``, installed
once into ``.cache/npm-skills`` (CI does it in .ci/run; a developer's first run does it here).
Without node or npm the test is skipped with a message, except in CI, where it fails.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urljoin
from urllib.request import urlopen

import pytest

from tests.conftest import IN_CI, REPO
from tests.test_site_outputs import build, make_library

SKILLS_VERSION = "1.3.9"
CACHE = REPO / ".cache" / "npm-skills"
PACKAGE = CACHE / "node_modules" / "skills"
NPM_INSTALL = ["npm", "install", "--prefix", str(CACHE), "--no-save", "--no-audit", "--no-fund",
               f"skills@{SKILLS_VERSION}"]


def _unavailable(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"CI must run the skills CLI test: {reason}")
    pytest.skip(reason)


def _installed_version() -> str | None:
    try:
        return str(json.loads((PACKAGE / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return None


@pytest.fixture(scope="module")
def skills_cli() -> Path:
    """The ``skills`` CLI entry point (its package.json ``bin``), installed if needed."""
    if shutil.which("node") is None:
        _unavailable("node is not installed (Node 18+ runs the skills CLI)")
    if _installed_version() != SKILLS_VERSION:
        if shutil.which("npm") is None:
            _unavailable("npm is not installed, so the skills CLI cannot be fetched")
        result = subprocess.run(NPM_INSTALL, capture_output=True, text=True, timeout=600,
                                check=False)
        if result.returncode != 0 or _installed_version() != SKILLS_VERSION:
            _unavailable(f"`{' '.join(NPM_INSTALL)}` failed: {result.stderr[-2000:]}")
    package = json.loads((PACKAGE / "package.json").read_text())
    return PACKAGE / package["bin"]["skills"]


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(ThreadingHTTPServer):
    request_queue_size = 256
    """npx skills fetches every file of every skill at once; the default backlog of 5 would
    refuse connections, and the client silently drops the skills it could not fetch."""


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1; yield its URL (ending with ``/``)."""
    server = _Server(("127.0.0.1", 0), partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def run_cli(cli: Path, args: list[str], project: Path, home: Path) -> str:
    """Run the CLI non-interactively in ``project``, with a private HOME and no telemetry."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "DISABLE_TELEMETRY": "1",
        "DO_NOT_TRACK": "1",
        "NO_COLOR": "1",
        "NODE_DISABLE_COMPILE_CACHE": "1",
    }
    result = subprocess.run(["node", str(cli), *args], cwd=project, env=env, capture_output=True,
                            text=True, timeout=300, stdin=subprocess.DEVNULL, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return output


@pytest.fixture
def served_site(library: Path, tmp_path: Path) -> Path:
    """A built site under ``www/catalog/``: served from ``www/`` it sits at a sub-path, as a
    GitHub Pages project site does."""
    make_library(library)
    build(library, tmp_path / "www" / "catalog")
    return tmp_path / "www"


@pytest.mark.parametrize("path", ["catalog/", "catalog"])
def test_skills_add_installs_the_files_byte_identical(
    skills_cli: Path, served_site: Path, library: Path, tmp_path: Path, path: str
) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    with serve(served_site) as url:
        run_cli(skills_cli, ["add", url + path, "--skill", "pdf-tools", "--agent", "claude-code",
                             "-y"], project, home)
    installed = project / ".agents" / "skills" / "pdf-tools"
    index = json.loads((served_site / "catalog/.well-known/skills/index.json").read_text())
    listed = next(s["files"] for s in index["skills"] if s["name"] == "pdf-tools")
    got = sorted(p.relative_to(installed).as_posix() for p in installed.rglob("*") if p.is_file())
    assert got == sorted(listed)
    assert "references/guide.md" in got
    for relpath in got:
        assert (installed / relpath).read_bytes() == (library / "pdf-tools" / relpath).read_bytes()
    assert not (installed / "assets" / "logo.png").exists()  # binary: in the zips only
    link = project / ".claude" / "skills" / "pdf-tools"
    assert link.resolve() == installed.resolve()
    assert not (project / ".agents" / "skills" / "simple-skill").exists()
    assert not any(home.rglob("SKILL.md"))


def test_skills_add_lists_only_publishable_skills(
    skills_cli: Path, served_site: Path, tmp_path: Path
) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    with serve(served_site) as url:
        output = run_cli(skills_cli, ["add", url + "catalog", "--list"], project, home)
    assert "Found 2 skills" in output
    assert "pdf-tools" in output
    assert "simple-skill" in output
    assert "broken" not in output
    assert "café" not in output
    assert not (project / ".agents").exists()


def test_v02_client_resolves_urls_and_verifies_digests(served_site: Path, library: Path) -> None:
    """What the agentskills v0.2 draft tells a client to do: fetch the index, resolve each url
    against the index URL (RFC 3986), check the digest, unpack archives."""
    with serve(served_site) as url:
        index_url = url + "catalog/.well-known/agent-skills/index.json"
        with urlopen(index_url) as response:
            assert response.headers.get_content_type() == "application/json"
            index = json.load(response)
        fetched: dict[str, dict[str, bytes]] = {}
        for entry in index["skills"]:
            with urlopen(urljoin(index_url, entry["url"])) as response:
                data = response.read()
            assert entry["digest"] == "sha256:" + hashlib.sha256(data).hexdigest()
            if entry["type"] == "archive":
                with zipfile.ZipFile(io.BytesIO(data)) as archive:
                    fetched[entry["name"]] = {n: archive.read(n) for n in archive.namelist()}
            else:
                fetched[entry["name"]] = {"SKILL.md": data}
    assert set(fetched) == {"pdf-tools", "simple-skill"}
    for name, files in fetched.items():
        source = library / name
        expected = {p.relative_to(source).as_posix(): p.read_bytes()
                    for p in source.rglob("*") if p.is_file()}
        assert files == expected
