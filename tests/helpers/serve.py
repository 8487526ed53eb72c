"""The preview server: a stub builder and requests to it."""

from __future__ import annotations

import html
import html.parser
import http.client
from collections.abc import Callable
from pathlib import Path

import pytest

from skill_catalog.serve.server import PreviewServer
from tests.environment import IN_CI

# The preview server -----------------------------------------------------------------------------


def need_agents(*tools: str, prefix: Path | None = None, in_ci: bool = IN_CI) -> None:
    """Skip unless the real agent CLIs of ``tools`` (``tests.realtools.agents.AGENTS`` keys;
    every one when none is named) and Node are installed at their pinned versions, saying
    what is missing and how to install it. In CI, where they are installed, fail instead: the
    real clients are ground truth there, and a test that skips proves nothing."""
    from tests.realtools.agents import unavailable

    reason = unavailable(tools or None, prefix)
    if reason is None:
        return
    if in_ci:
        pytest.fail(f"CI must run the real {', '.join(tools) or 'agent CLIs'}: {reason}")
    pytest.skip(reason)


DEADLINE = 60.0
"""Upper bound on any wait (a safety net, not a measurement)."""


def stub_builder(library: Path, calls: list[Path]) -> Callable[[Path], object]:
    """A stand-in for the site build: one page listing each SKILL.md's text, a page per skill
    folder, a 404 page and a well-known file, written over the previous site in the same folder;
    fails, leaving that folder as it was, when the library holds a file named FAIL."""

    def build(target: Path) -> object:
        if (library / "FAIL").exists():
            raise RuntimeError("the build broke on purpose")
        target.mkdir(parents=True, exist_ok=True)
        texts = [html.escape(p.read_text(encoding="utf-8"))
                 for p in sorted(library.rglob("SKILL.md"))]
        (target / "index.html").write_text(
            "<!doctype html><html><body><main>" + "".join(f"<pre>{t}</pre>" for t in texts)
            + "</main></BODY></html>", encoding="utf-8")
        (target / "skills" / "one").mkdir(parents=True, exist_ok=True)
        (target / "skills" / "one" / "index.html").write_text("<p>one</p></body>",
                                                              encoding="utf-8")
        (target / "404.html").write_text("<body>missing page</body>", encoding="utf-8")
        (target / ".well-known").mkdir(exist_ok=True)
        (target / ".well-known" / "index.json").write_text('{"skills": []}', encoding="utf-8")
        calls.append(target)
        return None

    return build


def get(server: PreviewServer, path: str, host: str | None = None
        ) -> tuple[int, dict[str, str], bytes]:
    return get_port(server.port, path, host)


def get_port(port: int, path: str, host: str | None = None
             ) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
    try:
        conn.request("GET", path, headers={"Host": host} if host else {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()
