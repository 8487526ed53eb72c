"""Fixture-driven tests: one folder per rule code under ``tests/fixtures/rules/``.

Each ``<CODE>-<title>/`` folder holds:

- ``library/``: a small skill library written for the test, which triggers the rule (and
  usually holds a clean skill that must stay quiet);
- ``outside/`` (optional): content beside the library that must never be read;
- ``setup.json`` (optional): what git cannot store as plain files, applied after copying the
  folder to a temporary place: ``text`` (exact text, optionally ``{"text", "encoding"}``),
  ``bytes`` (base64), ``symlinks`` (path -> target), ``fifos``, ``mkdirs``, ``chmod`` (path ->
  octal mode), ``roots`` (default ``["library"]``), ``config`` (a skill-catalog.yml mapping)
  and ``stage`` (``"build"`` adds the notes a site build reports);
- ``expected.txt``: every diagnostic of ``skill_catalog.load(roots)``, one ``CODE path:line``
  a line (path relative to ``library/``, ``:line`` left out when there is none), sorted;
- ``expected.root.txt`` (only beside a ``chmod`` that takes a permission away): what root sees,
  since root reads files whatever their mode.
"""

from __future__ import annotations

import base64
import builtins
import contextlib
import dataclasses as dc
import io
import json
import os
import pickle
import select
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

import skill_catalog
from skill_catalog.catalog import Catalog
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.model import Diagnostic
from skill_catalog.validate.rules import RULES

FIXTURES = Path(__file__).parent / "fixtures" / "rules"
CASES = sorted(p for p in FIXTURES.iterdir() if p.is_dir()) if FIXTURES.is_dir() else []
OUTSIDE_MARKER = "OUTSIDE-SECRET"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
PROC_FDS = os.path.isdir("/proc/self/fd")
"""Whether the real path of an open descriptor can be read (Linux)."""
NOBODY = 65534
CHILD_TIMEOUT = 120
T = TypeVar("T")


@dc.dataclass(slots=True)
class Materialized:
    """A fixture copied to a temporary folder, with everything ``setup.json`` asked for."""

    base: Path
    library: Path
    roots: list[Path]
    config: Config | None
    setup: dict[str, Any]

    def restore_permissions(self) -> None:
        """Give back the modes ``chmod`` took away, so the temporary folder can be removed."""
        for rel in self.setup.get("chmod", {}):
            path = self.base / rel
            if path.exists() or path.is_symlink():
                path.chmod(0o755 if path.is_dir() else 0o644)


def _write_text(path: Path, spec: str | dict[str, str]) -> None:
    if isinstance(spec, str):
        path.write_bytes(spec.encode("utf-8"))
    else:
        path.write_bytes(spec["text"].encode(spec.get("encoding", "utf-8")))


def materialize(case: Path, dest: Path) -> Materialized:
    """Copy ``case`` to ``dest`` and apply its ``setup.json``."""
    shutil.copytree(case, dest, symlinks=True)
    setup_file = case / "setup.json"
    setup: dict[str, Any] = json.loads(setup_file.read_text("utf-8")) if setup_file.exists() else {}
    unknown = set(setup) - {"text", "bytes", "symlinks", "fifos", "mkdirs", "chmod", "roots",
                            "config", "stage"}
    assert not unknown, f"{case.name}/setup.json has unknown keys {sorted(unknown)}"

    def target(rel: str) -> Path:
        path = dest / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    for rel in setup.get("mkdirs", []):
        (dest / rel).mkdir(parents=True, exist_ok=True)
    for rel, spec in setup.get("text", {}).items():
        _write_text(target(rel), spec)
    for rel, data in setup.get("bytes", {}).items():
        target(rel).write_bytes(base64.b64decode(data))
    for rel, link in setup.get("symlinks", {}).items():
        os.symlink(link, target(rel))
    for rel in setup.get("fifos", []):
        os.mkfifo(target(rel))
    for rel, mode in setup.get("chmod", {}).items():
        os.chmod(dest / rel, int(mode, 8))
    (dest / "library").mkdir(exist_ok=True)
    roots = [dest / r for r in setup.get("roots", ["library"])]
    config = config_from_mapping(setup["config"]) if "config" in setup else None
    return Materialized(dest, dest / "library", roots, config, setup)


def diagnostic_line(diagnostic: Diagnostic, library: Path) -> str:
    """``CODE path:line`` with the path relative to the library folder."""
    if diagnostic.file is None:
        where = "-"
    else:
        where = Path(os.path.relpath(diagnostic.file, library)).as_posix()
    if diagnostic.line is not None:
        where += f":{diagnostic.line}"
    return f"{diagnostic.code} {where}"


def diagnostic_lines(catalog: Catalog, library: Path, *, stage: str = "load") -> list[str]:
    """Every diagnostic of ``catalog`` as ``CODE path:line``, sorted; with ``stage="build"``,
    also the notes a site build reports (rules of the build stage)."""
    found = list(catalog.all_diagnostics)
    if stage == "build":
        from skill_catalog.site.context import SiteContext
        from skill_catalog.site.feeds import publication_notes

        found += publication_notes(SiteContext.create(catalog))
    return sorted(diagnostic_line(d, library) for d in found)


def expected_lines(case: Path, *, as_root: bool = IS_ROOT) -> list[str]:
    """The expected diagnostics (``expected.root.txt`` instead, for root, when present)."""
    expected = case / "expected.txt"
    if as_root and (case / "expected.root.txt").exists():
        expected = case / "expected.root.txt"
    lines = expected.read_text("utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def run_unprivileged(func: Callable[[], T]) -> T:
    """Run ``func`` in a forked child that has dropped root for ``nobody``, and return its
    result: how a permission problem is observed when the tests run as root."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
        except OSError as exc:
            payload = pickle.dumps(("no-setuid", str(exc)))
        else:
            try:
                payload = pickle.dumps(("ok", func()))
            except BaseException as exc:
                payload = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"))
        with os.fdopen(write_fd, "wb") as out:
            out.write(payload)
        os._exit(0)
    os.close(write_fd)
    chunks: list[bytes] = []
    with os.fdopen(read_fd, "rb", buffering=0) as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], CHILD_TIMEOUT)
            if not ready:  # a child stuck on a lock inherited through fork: fail, do not hang
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise AssertionError(f"the unprivileged child gave no answer in {CHILD_TIMEOUT}s")
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    status, value = pickle.loads(b"".join(chunks))
    if status == "no-setuid":
        # Root that cannot become another user (a user namespace without that uid) cannot
        # observe a permission problem at all; the root view is still checked by the caller.
        pytest.skip(f"cannot drop root privileges here: {value}")
    if status != "ok":
        raise AssertionError(f"unprivileged run failed: {value}")
    return value  # type: ignore[no-any-return]


@contextlib.contextmanager
def world_readable_tmp() -> Iterator[Path]:
    """A temporary folder that an unprivileged user can enter (pytest's is root-only)."""
    folder = Path(tempfile.mkdtemp(prefix="skill-catalog-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def recording_reads() -> Iterator[list[str]]:
    """Record (as real paths) every file opened and every folder listed inside the block
    (a file or folder opened with ``os.open`` by the real path of its descriptor, so that one
    opened relative to a folder's descriptor, ``dir_fd``, counts where it really is)."""
    seen: list[str] = []
    real_os_open, real_open, real_scandir = os.open, builtins.open, os.scandir

    def spy_os_open(path: Any, *args: Any, **kwargs: Any) -> int:
        fd = real_os_open(path, *args, **kwargs)
        # What was opened, as the kernel says (a name relative to dir_fd, a link not followed).
        seen.append(os.readlink(f"/proc/self/fd/{fd}") if PROC_FDS else
                    os.fsdecode(os.path.realpath(path)))
        return fd

    def spy_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, str | bytes | os.PathLike):
            seen.append(os.fsdecode(os.path.realpath(file)))
        return real_open(file, *args, **kwargs)

    def spy_scandir(path: Any = ".") -> Any:
        if isinstance(path, str | bytes | os.PathLike):
            seen.append(os.fsdecode(os.path.realpath(path)))
        return real_scandir(path)

    os.open, builtins.open, io.open, os.scandir = (
        spy_os_open, spy_open, spy_open, spy_scandir)
    try:
        yield seen
    finally:
        os.open, builtins.open, io.open, os.scandir = (
            real_os_open, real_open, real_open, real_scandir)


def _within(path: str, folder: Path) -> bool:
    real = os.path.realpath(folder)
    return path == real or path.startswith(real + os.sep)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rule_fixture(case: Path, tmp_path: Path) -> None:
    made = materialize(case, tmp_path / "case")
    try:
        with recording_reads() as opened_paths:
            catalog = skill_catalog.load(made.roots, made.config)
    finally:
        made.restore_permissions()
    stage = made.setup.get("stage", "load")
    assert diagnostic_lines(catalog, made.library, stage=stage) == expected_lines(case)
    outside = made.base / "outside"
    if outside.exists():
        leaked = [p for p in opened_paths if _within(p, outside)]
        assert leaked == [], "content outside the library was read"
        assert any(_within(p, made.library) for p in opened_paths), "the recorder saw nothing"
        for skill in catalog:
            text = repr(skill.frontmatter) + skill.body + " ".join(f.relpath for f in skill.files)
            assert OUTSIDE_MARKER not in text
            assert _within(os.path.realpath(skill.dir), made.library)


PERMISSION_CASES = [c for c in CASES if (c / "expected.root.txt").exists()]


@pytest.mark.parametrize("case", PERMISSION_CASES, ids=[c.name for c in PERMISSION_CASES])
def test_permission_fixture_as_unprivileged_user(case: Path) -> None:
    """``expected.txt`` of a permission case is checked even when the tests run as root: the
    library is loaded by a child process that has given up root."""
    with world_readable_tmp() as tmp:
        made = materialize(case, tmp / "case")

        def observe() -> list[str]:
            catalog = skill_catalog.load(made.roots, made.config)
            return diagnostic_lines(catalog, made.library, stage=made.setup.get("stage", "load"))

        try:
            seen = run_unprivileged(observe) if IS_ROOT else observe()
        finally:
            made.restore_permissions()
    assert seen == expected_lines(case, as_root=False)


def test_every_rule_has_a_fixture() -> None:
    folders = {c.name.split("-", 1)[0]: c.name for c in CASES}
    trust = FIXTURES.parent / "trust"  # the labelled set of tests/test_trust.py
    folders.update({c.name.split("-", 1)[0].upper(): c.name
                    for group in ("risky", "notice") for c in (trust / group).iterdir()})
    missing = sorted(code for code in RULES if code not in folders)
    assert missing == [], f"add tests/fixtures/rules/<CODE>-<title>/ for {missing}"


def test_every_fixture_names_a_rule_and_expects_it() -> None:
    for case in CASES:
        code, _, title = case.name.partition("-")
        assert code in RULES, f"{case.name}: no rule {code}"
        assert title == RULES[code].title, f"{case.name}: the rule is called {RULES[code].title}"
        assert (case / "library").is_dir() or "library/" in (case / "setup.json").read_text()
        lines = (case / "expected.txt").read_text("utf-8").splitlines()
        expected = [line.split()[0] for line in lines if line and not line.startswith("#")]
        assert code in expected, f"{case.name}/expected.txt never reports {code}"
        if (case / "expected.root.txt").exists():
            setup = json.loads((case / "setup.json").read_text("utf-8"))
            assert setup.get("chmod"), f"{case.name}: expected.root.txt is only for chmod cases"
