"""A library to serve over MCP, and the server started as users start it (``skill-catalog mcp``),
over stdio or Streamable HTTP, for clients that are not ours (the official ``mcp`` SDK's and
FastMCP's)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from tests.helpers.libraries import DANGER, trust_skill

T = TypeVar("T")

GENERATED = 104
"""Plain skills besides the hand-made ones: more than one page of skills/list (100)."""
SERVED = {"alpha", "beta", *(f"gen-{i:03d}" for i in range(GENERATED))}
NOT_SERVED = {"broken": "invalid (SC111", "risky": "withheld: its trust status is danger",
              "hidden": "internal (metadata.internal: true)"}


def skill_md(name: str, description: str, body: str = "Do it.\n", extra: str = "") -> str:
    return f"---\nname: {name}\ndescription: {description}\n{extra}---\n{body}"


def make_library(base: Path) -> Path:
    """``base/library`` and ``base/skill-catalog.yml`` (withhold danger, no internal skills);
    returns the config file."""
    library = base / "library"
    alpha = library / "alpha"
    (alpha / "references").mkdir(parents=True)
    (alpha / "scripts").mkdir()
    (alpha / "assets").mkdir()
    (alpha / "SKILL.md").write_text(skill_md(
        "alpha", "Exercise every kind of file. Use when testing the MCP server.",
        "# Alpha\n\nRead [the guide](references/guide.md) and run scripts/run.sh.\n",
        "license: Apache-2.0\nmetadata:\n  version: \"2.1\"\n  team: tools\n"),
        encoding="utf-8")
    (alpha / "references" / "guide.md").write_text("# Guide\n\nStep one.\n", encoding="utf-8")
    (alpha / "references" / "ünï côde.md").write_text("Named oddly.\n", encoding="utf-8")
    (alpha / "references" / "windows.txt").write_bytes(b"line one\r\nline two\r\n")
    (alpha / "scripts" / "run.sh").write_text("#!/bin/sh\necho run\n", encoding="utf-8")
    (alpha / "scripts" / "run.sh").chmod(0o755)
    (alpha / "assets" / "logo.bin").write_bytes(bytes(range(256)) * 4)
    beta = library / "beta"
    beta.mkdir()
    (beta / "SKILL.md").write_text(skill_md("beta", "The second skill. Use when needed."),
                                   encoding="utf-8")
    (beta / "references").mkdir()
    (beta / "references" / "two words.md").write_text("A name with a space.\n",
                                                       encoding="utf-8")
    for i in range(GENERATED):
        folder = library / f"gen-{i:03d}"
        folder.mkdir()
        (folder / "SKILL.md").write_text(skill_md(
            f"gen-{i:03d}", f"Generated skill number {i}. Use when counting to {i}."),
            encoding="utf-8")
    broken = library / "broken"
    broken.mkdir()
    (broken / "SKILL.md").write_text("---\nname: broken\n---\nNo description.\n",
                                     encoding="utf-8")
    trust_skill(library, "risky", DANGER)
    hidden = library / "hidden"
    hidden.mkdir()
    (hidden / "SKILL.md").write_text(skill_md("hidden", "Internal only. Use when told.",
                                              extra="metadata:\n  internal: true\n"),
                                     encoding="utf-8")
    config = base / "skill-catalog.yml"
    config.write_text("roots: [library]\npublish_internal: false\ntrust:\n  withhold: danger\n",
                      encoding="utf-8")
    return config


def source_files(folder: Path) -> dict[str, bytes]:
    """Every file under a skill folder, by path relative to it."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def sha256(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "skill_catalog", "mcp", *args]


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1"}


@contextlib.contextmanager
def http_server(config: Path, *extra: str) -> Iterator[tuple[str, Path]]:
    """``skill-catalog mcp --http 127.0.0.1:0 -c CONFIG`` running; yields its URL and the file
    its log (standard error) goes to."""
    log = config.parent / f"mcp-http-{time.monotonic_ns()}.log"
    with log.open("w", encoding="utf-8") as err:
        process = subprocess.Popen(command("--http", "127.0.0.1:0", "-c", str(config), *extra),
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=err, env=environment(), cwd=config.parent)
    try:
        deadline = time.monotonic() + 120
        while True:
            found = re.search(r"listening at (http://\S+)", log.read_text(encoding="utf-8"))
            if found:
                break
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the server did not start:\n" + log.read_text())
            time.sleep(0.1)
        yield found.group(1), log
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_async(function: Callable[..., Awaitable[T]], *args: Any) -> T:
    """``anyio.run(function, *args)`` in a thread of its own: the session's Playwright browser
    (tests/browser.py) keeps an event loop running in the main thread, where a second one
    cannot start ("Already running asyncio in this thread")."""
    import anyio

    results: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            results.append(anyio.run(function, *args))
        except BaseException as error:  # re-raised in the test's thread
            errors.append(error)

    thread = threading.Thread(target=target, name="mcp-client")
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return results[0]
