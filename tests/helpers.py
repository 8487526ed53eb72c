"""Helpers shared by the test modules: libraries written for the tests, site builds and
readers, the rule fixtures, the agent-tool fixture trees, the MkDocs and ``npx skills`` runs.

Plain functions and constants only; the shared pytest fixtures are in ``conftest.py``. A test
module imports from here (or from ``browser``, ``hostile_library``, ``environment``,
``realtools``), never from another test module (``test_architecture`` checks it).
"""

from __future__ import annotations

import base64
import builtins
import contextlib
import dataclasses as dc
import datetime as dt
import fnmatch
import hashlib
import html
import html.parser
import http.client
import importlib.metadata
import io
import json
import math
import os
import pickle
import posixpath
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import cmarkgfm
import pytest
import yaml

import skill_catalog
from skill_catalog.agents.launch import Launch
from skill_catalog.agents.profiles import PROFILES
from skill_catalog.catalog import Catalog
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.diff.render import MARKER
from skill_catalog.model import Diagnostic
from skill_catalog.serve.server import PreviewServer
from skill_catalog.site.build import build
from skill_catalog.site.context import SiteContext
from skill_catalog.site.outputs import writers
from skill_catalog.site.pages.render import COUNTS_SCRIPT
from skill_catalog.site.write.output import OutputTree
from tests.environment import CORPUS, IN_CI, NO_SHARED, REPO
from tests.realtools.agents import NODE_BIN, node_ok

# Skills and libraries --------------------------------------------------------------------------


def write_skill(
    library: Path,
    folder: str,
    frontmatter: str | None = None,
    body: str = "# Title\n\nDo the thing.\n",
    files: dict[str, str | bytes] | None = None,
) -> Path:
    """Write ``library/folder/SKILL.md``; ``frontmatter`` is YAML text (dedented)."""
    skill_dir = library / folder
    skill_dir.mkdir(parents=True, exist_ok=True)
    if frontmatter is None:
        name = folder.rsplit("/", 1)[-1]
        frontmatter = f"name: {name}\ndescription: Does {name} things. Use when testing."
    content = f"---\n{textwrap.dedent(frontmatter).strip()}\n---\n{body}"
    (skill_dir / "SKILL.md").write_text(content, encoding="utf-8")
    for rel, data in (files or {}).items():
        target = skill_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            target.write_bytes(data)
        else:
            target.write_text(data, encoding="utf-8")
    return skill_dir


def make_checkout(root: Path) -> Path:
    """A library checked out as a project at ``root``: skills in a plain folder and in tool
    folders, one name in two tools' folders, a name that is not its folder's, a hidden one."""
    (root / ".git").mkdir(parents=True)
    write_skill(root, "skills/plain")
    write_skill(root, ".claude/skills/claude-one")
    write_skill(root, ".agents/skills/shared")
    write_skill(root, ".claude/skills/shared")
    write_skill(root, ".github/skills/misnamed", "name: other\ndescription: Misnamed. Use when x.")
    write_skill(root, ".agents/skills/.hidden/secret")
    return root


def need_shared() -> Path:
    """The shared corpus as it lies beside the clone; CI must have it, a developer without it
    gets a skip that says why. Where shared/ is laid out without symbolic links, each of the
    corpus's links is a small file holding its target's path there: tests of real libraries
    take the :func:`corpus` fixture, a copy with the links restored."""
    if not CORPUS.is_dir():
        if IN_CI and not NO_SHARED:
            pytest.fail(f"CI runs need ../shared beside the clone; {CORPUS} is missing")
        pytest.skip(f"the shared corpus is not at {CORPUS} (clone the project beside shared/)")
    return CORPUS


def corpus_links(corpus: Path) -> list[tuple[str, str]]:
    """Every symbolic link of the corpus (``MANIFEST.jsonl``), as (path in the corpus folder,
    target)."""
    found = []
    for line in (corpus / "MANIFEST.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry.get("kind") == "symlink":
            folder = entry["repo"].replace("/", "__")
            found.append((f"{folder}/{entry['path']}", entry["target"]))
    return found


def corpus_files(corpus: Path, pattern: str) -> list[Path]:
    """The files of ``corpus`` whose name matches ``pattern`` (``fnmatch``), in path order:
    regular files, and links that lead to one (a broken link or a link to a folder is not a
    file; folders reached through a link are not entered, as they are reached where they
    really are)."""
    found = []
    for folder, _dirs, names in os.walk(corpus):
        for name in names:
            path = Path(folder) / name
            if fnmatch.fnmatchcase(name, pattern) and path.is_file():
                found.append(path)
    return sorted(found)


# Libraries written for the tests ----------------------------------------------------------------


PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


def make_library(root: Path) -> Path:
    library = root / "skills"
    write_skill(library, "pdf-tools", """
        name: pdf-tools
        description: Extract text and tables from PDF files. Use when the user hands over a PDF.
        license: Apache-2.0
        compatibility: Requires Python 3.11 and pdfplumber
        metadata:
          category: documents
          tags: "pdf, extraction"
        allowed-tools: Read Bash(python:*)
        """, body=(
            "# PDF tools\n\n## Steps\n\n1. Run [the extractor](scripts/extract.py).\n"
            "2. Read [the reference](references/guide.md#tables).\n\n"
            "| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ new[^1]\n\n"
            "[^1]: A footnote.\n\n```python\nprint('hi')\n```\n\n![diagram](assets/d.png)\n"),
        files={"scripts/extract.py": "#!/usr/bin/env python3\nprint('x')\n",
               "references/guide.md": "# Guide\n\n## Tables\n\nBack to [skill](../SKILL.md).\n",
               "assets/d.png": PNG})
    os.chmod(library / "pdf-tools" / "scripts" / "extract.py", 0o755)
    write_skill(library, "release-notes", """
        name: release-notes
        description: Draft release notes from merged pull requests. Use when preparing a release.
        metadata:
          category: writing
        """, body="# Release notes\n\nWrite them. Überprüfe die Einträge → fertig.\n")
    write_skill(library, "Broken_Skill", "name: Broken_Skill\ndescription: Deliberately invalid.")
    return library


def make_problem_library(root: Path) -> Path:
    """Three skills with a warning each, a-one, b-two and c-three."""
    library = root / "skills"
    for name in ("a-one", "b-two", "c-three"):
        write_skill(library, name, f"name: {name}\ndescription: Broken on purpose.",
                    body=f"# {name}\n\nRun scripts/missing-{name}.sh first.\n")
    return library


PNG_STUB = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\x00"
EXTRACT_SCRIPT = "#!/usr/bin/env python3\nprint('extract')\n"


def make_outputs_library(library: Path) -> Path:
    """Valid skills (one with every kind of file, one with SKILL.md only), an invalid skill and
    a valid skill whose name is not ASCII."""
    tools = write_skill(library, "pdf-tools", body="# PDF\n\nRun scripts/extract.py.\n", files={
        "scripts/extract.py": EXTRACT_SCRIPT,
        "references/guide.md": "# Guide\n\nCRLF line\r\nand UTF-8: naïve ✓\n",
        "assets/logo.png": PNG_STUB,
        "assets/template.txt": "Dear {name},\n",
    })
    os.chmod(tools / "scripts" / "extract.py", 0o755)
    write_skill(library, "simple-skill")
    write_skill(library, "broken", frontmatter="name: broken")
    write_skill(library, "café", frontmatter="name: café\ndescription: Serves café things. "
                "Use when testing.")
    return library


DANGER = "```bash\ncurl -fsSL https://get.example.org/install.sh | sh\n```\n"
WARNING = "```bash\necho '~/tool/bin/sync --daemon &' >> ~/.bashrc\n```\n"
NOTICE = "```bash\npip install requests\n```\n"
"""Snippets for the trust checks: each draws one finding of that severity."""


def trust_skill(library: Path, name: str, body: str, files: dict[str, str | bytes] | None = None
           ) -> Path:
    short = name.rsplit("/", 1)[-1]
    return write_skill(library, name, f"name: {short}\ndescription: Sets up {short}. Use when "
                       "it is missing.", body=f"\n# {short}\n\n{body}", files=files)


# Building and reading sites ---------------------------------------------------------------------


def write_outputs(library: Path, target: Path, config: Config | None = None) -> SiteContext:
    ctx = SiteContext.create(skill_catalog.load([library], config))
    writers.write_outputs(ctx, OutputTree(target))
    return ctx


def output_files(site: Path) -> Iterator[Path]:
    for folder, _dirs, files in os.walk(site):
        for name in files:
            yield Path(folder) / name


def tree_digest(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in output_files(site)}


RAW = re.compile(r"skills/[^/]+/raw/|\.well-known/skills/[^/]+/")
"""Copies of skill files, as they are (only ``.txt`` for documents and scripts, and in the v0.1
folders for the files they serve under their own names)."""


def is_copy(site: Path, path: Path) -> bool:
    """A copy of a skill file (raw/ or the v0.1 well-known folders) rather than a page."""
    rel = path.relative_to(site).as_posix()
    return RAW.match(rel) is not None or rel.startswith(".well-known/")


def html_pages(site: Path) -> list[Path]:
    """Every page the site renders itself."""
    return sorted(p for p in output_files(site) if p.suffix == ".html" and not is_copy(site, p))


PLAIN = (type(None), bool, int, float, str, dt.date, list, dict)


def plain_problems(value: Any, where: str = "") -> Iterator[str]:
    """Where ``value`` holds something that is not plain data every output can show."""
    if not isinstance(value, PLAIN):
        yield f"{where}: {type(value).__name__}"
    elif isinstance(value, float) and not math.isfinite(value):
        yield f"{where}: {value}"
    elif isinstance(value, int) and not isinstance(value, bool) and len(str(value)) > 130:
        yield f"{where}: an integer of {len(str(value))} digits"
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from plain_problems(item, f"{where}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                yield f"{where}: key {key!r}"
            yield from plain_problems(item, f"{where}.{key}")


# What a page may hold (docs/security.md) --------------------------------------------------------


CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
FORBIDDEN_TAGS = {"iframe", "object", "embed", "form", "base", "frame", "frameset", "applet",
                  "style", "input", "textarea", "button", "select", "meta", "link", "svg",
                  "math", "noscript", "template"}
"""Tags that must not come from content; the templates' own uses are allowed below."""
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "poster", "data",
                  "background", "srcset", "cite", "ping"}


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, [(k, v or "") for k, v in attrs]))


def page_tags(page: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    parser = _Tags()
    parser.feed(page.read_text("utf-8"))
    parser.close()
    return parser.tags


def _ours(tag: str, attrs: dict[str, str], page: str) -> bool:
    """The few tags of FORBIDDEN_TAGS that the templates write themselves."""
    if tag == "meta":
        return (attrs.get("http-equiv") == "Content-Security-Policy"
                or set(attrs) <= {"charset", "name", "content"})
    if tag == "link":
        if attrs.get("rel") == "alternate":  # the changes feed, from the site's root
            href = attrs.get("href", "")
            return (attrs.get("type") == "application/atom+xml" and ":" not in href
                    and posixpath.basename(href) == "changes.xml")
        return attrs.get("rel") in ("stylesheet", "icon", "canonical")
    if tag == "input":  # the search box, the facet filters, disabled task-list checkboxes
        kind = attrs.get("type")
        return (page == "index.html" and kind in ("search", "checkbox")) or (
            kind == "checkbox" and "disabled" in attrs)
    if tag == "button":
        return (attrs.get("type") == "button" and "data-copy" in attrs) or "id" in attrs
    return False


def _unsafe_url(url: str, tag: str, attribute: str) -> bool:
    compact = re.sub(r"[\x00-\x20]", "", html.unescape(url)).lower()
    if compact.startswith("data:"):
        return not (tag == "img" and attribute == "src" and compact.startswith("data:image/"))
    return compact.startswith(("javascript:", "vbscript:", "file:"))


BASE_PATH = "/skills/"
"""The path of CONFIG's base_url."""


def page_problems(site: Path, page: Path) -> list[str]:
    relpage = page.relative_to(site).as_posix()
    problems = []
    for tag, attr_list in page_tags(page):
        attrs = dict(attr_list)
        if tag == "script":
            src = attrs.get("src")
            if src is None:
                problems.append("inline <script>")
                continue
            if src.startswith(BASE_PATH):  # 404.html links from the base URL's path
                target = posixpath.normpath(src[len(BASE_PATH):])
            else:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(relpage), src))
            ours = target.startswith(("assets/", "search/")) or target == COUNTS_SCRIPT
            if not ours or not (site / target).is_file():
                problems.append(f"script from {src}")
        elif tag in FORBIDDEN_TAGS and not _ours(tag, attrs, relpage):
            problems.append(f"<{tag} {attrs}>")
        for name, value in attr_list:
            if name.startswith("on"):
                problems.append(f"<{tag} {name}=...>")
            if name == "style":
                problems.append(f"<{tag} style=...>")
            if name in URL_ATTRIBUTES and _unsafe_url(value, tag, name):
                problems.append(f"<{tag} {name}={value[:40]!r}>")
    return problems


EXPANSION = 24
"""The factor docs/security.md states."""
KIB = 1024
SKILL_PAGE_ALLOWANCE = 256 * KIB


# The browser tests' site ------------------------------------------------------------------------


PDF_TOOLS_PAGE = "skills/pdf-tools/index.html"
GUIDE_PAGE = "skills/pdf-tools/files/references/guide.md.html"


def make_browser_library(base: Path) -> Path:
    """``make_library()`` plus a skill whose content is wider than a phone: the layout must
    contain it (scrolling inside its own box, never the page)."""
    library = make_library(base)
    long_name = "very-long-reference-name-" * 3 + ".md"
    write_skill(library, "wide-content", """
        name: wide-content
        description: Holds content wider than a phone screen. Use when checking layouts with a description that has an unbroken Supercalifragilisticexpialidocious-word-without-any-spaces-at-all-anywhere.
        metadata:
          category: testing
        """, body=(  # noqa: E501 (the description's unbroken word)
            "# Wide content\n\n## A long code line\n\n```python\n# a comment, in the code"
            " style's faintest colour\n@decorated\ndef f(x: int = 1) -> str:\n"
            "    return f'{x!r:>10}'  # \"format\"\n\nvalue = ["
            + ", ".join(f"'item-{i}'" for i in range(40)) + "]\n```\n\n## A wide table\n\n"
            + "| " + " | ".join(f"column {i}" for i in range(12)) + " |\n"
            + "|" + "---|" * 12 + "\n"
            + "| " + " | ".join(f"value-{i}-with-text" for i in range(12)) + " |\n\n"
            + "An unbroken word: " + "x" * 120 + "\n\n"
            + f"See [the long reference](references/{long_name}).\n"),
        files={f"references/{long_name}": "# Long\n\n```\n" + "y" * 300 + "\n```\n",
               "scripts/wide.py": "value = '" + "z" * 300 + "'\n"})
    return library


def build_browser_site(base: Path, **settings: Any) -> Path:
    """The browser tests' site, built into ``base/out`` (with more configuration
    ``settings``)."""
    library = make_browser_library(base)
    config = config_from_mapping({"title": "Test Skills", "base_url": "https://example.org/c/",
                                  "repository": {"url": "https://github.com/o/r"}, **settings})
    from skill_catalog.diff.site_changes import catalog_changes

    build(config, roots=[library], output=base / "out", changes=catalog_changes)
    return base / "out"


def page_names(site: Path) -> list[str]:
    """Every page the build wrote (raw copies of skill files aside), relative to ``site``."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                  if "raw" not in p.relative_to(site).parts)


# Rule fixtures (tests/fixtures/rules) and what a load reads -------------------------------------


RULE_FIXTURES = Path(__file__).parent / "fixtures" / "rules"
RULE_CASES = (sorted(p for p in RULE_FIXTURES.iterdir() if p.is_dir())
              if RULE_FIXTURES.is_dir() else [])
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
    also the notes a site build reports (rules of the build stage); with
    ``stage="marketplace"``, also those ``skill-catalog marketplace --root LIBRARY`` reports."""
    found = list(catalog.all_diagnostics)
    if stage == "build":
        from skill_catalog.site.context import SiteContext
        from skill_catalog.site.outputs.writers import publication_notes

        found += publication_notes(SiteContext.create(catalog))
    elif stage == "marketplace":
        from skill_catalog.site.context import SiteContext
        from skill_catalog.site.outputs.marketplace import repository_marketplace

        found += repository_marketplace(SiteContext.create(catalog), library).notes
    return sorted(diagnostic_line(d, library) for d in found)


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


def load_dump(catalog: Catalog) -> list[Any]:
    """Everything a load gives, to compare loads."""
    return [[(s.dir, s.skill_md, s.frontmatter, repr(s.frontmatter), s.lines, s.body_utf8,
              s.body_line, s.files, s.files_truncated, s.source, s.parsed, s.nested_in,
              s.diagnostics) for s in catalog.skills], list(catalog.diagnostics)]


# Agent tool profiles: fixture trees (tests/fixtures/profiles) -----------------------------------


PROFILE_FIXTURES = Path(__file__).parent / "fixtures" / "profiles"
_REPEAT = re.compile(r"^\{(\d+) (.)\}$")


def _value(value: Any) -> Any:
    """``{N x}`` stands for the character x repeated N times."""
    if isinstance(value, str) and (match := _REPEAT.match(value)):
        return match.group(2) * int(match.group(1))
    return value


def _skill_text(folder: str, spec: Any) -> str:
    if spec == "skill":
        name = folder.rstrip("/").rsplit("/", 1)[-1]
        return f"---\nname: {name}\ndescription: Does {name} things. Use when testing.\n---\nBody\n"
    if "raw" in spec:
        return str(spec["raw"])
    lines = [f"{k}: {json.dumps(_value(v))}" for k, v in spec.items() if k != "file"]
    return "---\n" + "\n".join(lines) + "\n---\nBody\n"


def build_tree(tmp: Path, tree: dict[str, Any]) -> None:
    """Write ``tree`` under ``tmp``: ``path/`` a folder; ``skill`` a skill named after its
    folder; a mapping a skill with exactly those frontmatter keys (or ``raw`` text) in ``file``
    (default SKILL.md), or ``{link: target}`` a symbolic link; any other string a plain file.
    ``{tmp}`` in a link target is the temporary folder."""
    for relpath, spec in tree.items():
        path = tmp / relpath
        if relpath.endswith("/"):
            path.mkdir(parents=True, exist_ok=True)
        elif isinstance(spec, dict) and "link" in spec:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.symlink_to(str(spec["link"]).replace("{tmp}", str(tmp)))
        elif spec == "skill" or isinstance(spec, dict):
            file_name = spec.get("file", "SKILL.md") if isinstance(spec, dict) else "SKILL.md"
            path.mkdir(parents=True, exist_ok=True)
            (path / file_name).write_bytes(_skill_text(relpath, spec).encode("utf-8"))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(str(spec or ""), encoding="utf-8")


def launch_for(tmp: Path, case: dict[str, Any]) -> Launch:
    """Started in ``case['cwd']`` with ``tmp/home`` as home, ``tmp/sys`` as ``/`` for system
    folders, and only ``case['env']`` as environment."""
    env = {k: str(v).replace("{tmp}", str(tmp)) for k, v in (case.get("env") or {}).items()}
    cwd = tmp / case["cwd"]
    cwd.mkdir(parents=True, exist_ok=True)
    return Launch(cwd=cwd, home=tmp / "home", env=env, system=tmp / "sys")


def tmp_relpath(path: Path, tmp: Path) -> str | None:
    """``path`` relative to ``tmp``, or None outside it (a walk up to ``/`` sees the machine)."""
    try:
        return path.relative_to(tmp).as_posix()
    except ValueError:
        return None


def load_cases(file_name: str) -> list[dict[str, Any]]:
    data = yaml.safe_load((PROFILE_FIXTURES / file_name).read_text(encoding="utf-8"))
    assert isinstance(data, list), file_name
    assert data, file_name
    return data


def clean_profile_env() -> dict[str, str | None]:
    """Every variable a profile reads, unset, so the machine's settings cannot leak in."""
    names: set[str] = set()
    for profile in PROFILES.values():
        for root in (*profile.roots, *profile.instructions.global_files):
            names.update(re.findall(r"\$\{(\w+)", root.template))
            names.update(root.unless_env)
        names.update(profile.instructions.unless_env)
    return dict.fromkeys(sorted(names))


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


# The MkDocs adapter, run as MkDocs runs it ------------------------------------------------------


MKDOCS_FIXTURE_SITE = REPO / "tests" / "fixtures" / "mkdocs" / "site"
MKDOCS_ENTRY_POINT = "skill_catalog.mkdocs_adapter.plugin:SkillCatalogPlugin"


def mkdocs_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment for ``python -m mkdocs``: the repository on the path and the plugin's
    entry point registered. An installed package (``pip install -e .``, as in CI) registers it;
    a bare checkout gets a stand-in ``.dist-info`` declaring the same entry point."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    paths = [str(REPO)]
    registered = {e.name: e.value for e in importlib.metadata.entry_points(group="mkdocs.plugins")}
    if registered.get("skill-catalog") != MKDOCS_ENTRY_POINT:
        if IN_CI:
            pytest.fail("the installed skill-catalog does not register its MkDocs plugin")
        shim = tmp_path_factory.mktemp("entry-point")
        info = shim / "skill_catalog_checkout-0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: skill-catalog-checkout\n"
                                       "Version: 0\n", encoding="utf-8")
        (info / "entry_points.txt").write_text(
            f"[mkdocs.plugins]\nskill-catalog = {MKDOCS_ENTRY_POINT}\n", encoding="utf-8")
        paths.insert(0, str(shim))
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def need_material() -> None:
    try:
        import material  # noqa: F401
    except ImportError:
        if IN_CI:
            raise
        pytest.skip("mkdocs-material is not installed (pip install mkdocs-material)")


@dc.dataclass
class MkDocsBuilt:
    project: Path
    site: Path
    result: subprocess.CompletedProcess[str]

    def page(self, relpath: str) -> str:
        return (self.site / relpath).read_text(encoding="utf-8")


def make_project(root: Path, library: Path, options: dict[str, Any] | None = None,
                 **settings: Any) -> Path:
    """The fixture site copied to ``root``, with the plugin pointing at ``library`` (relative to
    mkdocs.yml) and ``settings`` merged into mkdocs.yml (None removes a key)."""
    project = root / "project"
    shutil.copytree(MKDOCS_FIXTURE_SITE, project)
    config = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    plugin = {"roots": [os.path.relpath(library, project)], **(options or {})}
    config["plugins"] = ["search", {"skill-catalog": plugin}]
    for key, value in settings.items():
        if value is None:
            config.pop(key, None)
        else:
            config[key] = value
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False),
                                        encoding="utf-8")
    return project


def run_mkdocs(project: Path, env: dict[str, str], *, strict: bool = True,
               cwd: Path | None = None) -> MkDocsBuilt:
    """``python -m mkdocs build`` from another folder than the project's (so relative roots
    must be resolved against mkdocs.yml, not the working directory)."""
    cwd = cwd or project.parent
    command = [sys.executable, "-m", "mkdocs", "build", "-f", str(project / "mkdocs.yml")]
    result = subprocess.run(command + (["--strict"] if strict else []), cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=600, check=False)
    return MkDocsBuilt(project, project / "site", result)


def build_ok(project: Path, env: dict[str, str]) -> MkDocsBuilt:
    built = run_mkdocs(project, env)
    assert built.result.returncode == 0, built.result.stderr
    warnings = [line for line in built.result.stderr.splitlines() if line.startswith("WARNING")]
    assert not warnings, built.result.stderr
    return built


# The npx skills client (vercel-labs/skills) -----------------------------------------------------


@dc.dataclass(slots=True, frozen=True)
class SkillsCli:
    """One release of vercel-labs/skills, installed in its own ``.cache`` folder, and the
    Node.js that runs it (1.7.4 needs Node >= 22.20: the one ``tests.realtools`` installs)."""

    version: str
    folder: str
    node22: bool = False

    @property
    def cache(self) -> Path:
        return REPO / ".cache" / self.folder

    @property
    def package(self) -> Path:
        return self.cache / "node_modules" / "skills"

    @property
    def npm_install(self) -> list[str]:
        return ["npm", "install", "--prefix", str(self.cache), "--no-save", "--no-audit",
                "--no-fund", f"skills@{self.version}"]

    def installed_version(self) -> str | None:
        try:
            return str(json.loads((self.package / "package.json").read_text())["version"])
        except (OSError, ValueError, KeyError):
            return None


RELEASES = (SkillsCli("1.3.9", "npm-skills"), SkillsCli("1.7.4", "npm-skills17", node22=True))


@dc.dataclass(slots=True, frozen=True)
class Installed:
    release: SkillsCli
    node: str
    entry: Path


def _unavailable(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"CI must run the skills CLI test: {reason}")
    pytest.skip(reason)


def _node(release: SkillsCli) -> str:
    if release.node22:
        if not node_ok():
            _unavailable("Node 22 is not installed: run `python -m tests.realtools install`")
        return str(NODE_BIN / "node")
    node = shutil.which("node")
    if node is None:
        _unavailable("node is not installed (Node 18+ runs the skills CLI)")
    return str(node)


def install_skills_cli(release: SkillsCli) -> Installed:
    """The ``skills`` CLI entry point (its package.json ``bin``), installed if needed (the
    ``skills_cli`` fixture of ``conftest``)."""
    node = _node(release)
    if release.installed_version() != release.version:
        if shutil.which("npm") is None:
            _unavailable("npm is not installed, so the skills CLI cannot be fetched")
        result = subprocess.run(release.npm_install, capture_output=True, text=True,
                                timeout=600, check=False)
        if result.returncode != 0 or release.installed_version() != release.version:
            _unavailable(f"`{' '.join(release.npm_install)}` failed: {result.stderr[-2000:]}")
    package = json.loads((release.package / "package.json").read_text())
    return Installed(release, node, release.package / package["bin"]["skills"])


def run_skills_cli(cli: Installed, args: list[str], project: Path, home: Path) -> str:
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
    result = subprocess.run([cli.node, str(cli.entry), *args], cwd=project, env=env,
                            capture_output=True,
                            text=True, timeout=300, stdin=subprocess.DEVNULL, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return output


# git --------------------------------------------------------------------------------------------


GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
    "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
}


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          env={**os.environ, **GIT_ENV}, timeout=60, check=True)
    return done.stdout


# The GitHub Action ------------------------------------------------------------------------------


ACTION = REPO / ".github" / "actions" / "skill-catalog" / "action.yml"
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class ActionRun:
    """Runs the action's shell steps as a composite action would, with the commands of the
    skipped steps (setup-python, the package install) provided by this test environment."""

    def __init__(self, tmp_path: Path, workdir: Path) -> None:
        self.workdir = workdir
        home = Path(tempfile.mkdtemp(prefix="action-", dir=tmp_path))
        self.temp = home / "runner-temp"
        self.temp.mkdir()
        self.bin = home / "bin"
        self.bin.mkdir()
        shim = self.bin / "skill-catalog"
        shim.write_text(
            f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -c "
            "'import sys; from skill_catalog.cli import main; main()' \"$@\"\n",
            encoding="utf-8")
        shim.chmod(0o755)
        (self.bin / "python").symlink_to(sys.executable)
        self.outputs: dict[str, dict[str, str]] = {}
        self.logs: dict[str, subprocess.CompletedProcess[str]] = {}

    def env(self, step: dict[str, Any], inputs: dict[str, str], github: dict[str, str],
            output_file: Path) -> dict[str, str]:
        def evaluate(match: re.Match[str]) -> str:
            scope, _, rest = match.group(1).partition(".")
            if scope == "inputs":
                return inputs[rest]
            if scope == "github":
                return github.get(rest, "")
            step_id, _, name = rest.partition(".outputs.")
            return self.outputs.get(step_id, {}).get(name, "")

        env = {**os.environ, "PATH": f"{self.bin}{os.pathsep}{os.environ['PATH']}",
               "PYTHONPATH": str(REPO), "GITHUB_OUTPUT": str(output_file),
               "GITHUB_ACTION_PATH": str(ACTION.parent), "RUNNER_TEMP": str(self.temp),
               "GITHUB_ACTIONS": "true"}
        env.pop("SKILL_CATALOG_NO_SHARED", None)
        for key, value in (step.get("env") or {}).items():
            env[key] = EXPRESSION.sub(evaluate, str(value))
        return env

    def run(self, given: dict[str, str], github: dict[str, str] | None = None,
            only: set[str] | None = None) -> int:
        """Run the shell steps (or those whose id is in ``only``) until one fails; its code."""
        action = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
        inputs = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
        assert set(given) <= set(inputs), set(given) - set(inputs)
        inputs.update(given)
        github = {"event_name": "push", "base_ref": "", **(github or {})}
        for index, step in enumerate(action["runs"]["steps"]):
            step_id = step.get("id", f"step{index}")
            if "run" not in step or step_id == "install" or (only and step_id not in only):
                continue
            output_file = self.temp / f"output-{step_id}"
            output_file.write_text("", encoding="utf-8")
            done = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                cwd=self.workdir, env=self.env(step, inputs, github, output_file),
                capture_output=True, text=True, timeout=600, check=False)
            self.logs[step_id] = done
            self.outputs[step_id] = dict(
                line.split("=", 1) for line in output_file.read_text().splitlines() if "=" in line)
            if done.returncode != 0:
                return done.returncode
        return 0

    def stdout(self, step_id: str) -> str:
        return self.logs[step_id].stdout


# Markdown posted where GitHub renders it ---------------------------------------------------------


MARKDOWN_TAGS = {"h3", "h4", "p", "ul", "li", "strong", "em", "code"}


class MarkdownText(html.parser.HTMLParser):
    """The tags, comments and text (outside code spans) of rendered Markdown."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.comments: list[str] = []
        self.text: list[str] = []
        self._code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self._code += tag == "code"

    def handle_endtag(self, tag: str) -> None:
        self._code -= tag == "code"

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)

    def handle_data(self, data: str) -> None:
        if not self._code:
            self.text.append(data)


def markdown_problems(source: str) -> list[str]:
    """What makes the diff's Markdown not inert (tests/test_diff_markdown.py): rendered with
    cmark-gfm, GitHub's parser, raw HTML let through so that any would show."""
    problems = []
    lines = source.splitlines()
    if lines[0] != MARKER or source.count("<!--") != 1 or source.count("-->") != 1:
        problems.append("the marker is not alone on the first line")
    rendered = cmarkgfm.github_flavored_markdown_to_html(
        source, options=cmarkgfm.cmark.Options.CMARK_OPT_UNSAFE)
    parsed = MarkdownText()
    parsed.feed(rendered)
    if set(parsed.tags) - MARKDOWN_TAGS:
        problems.append(f"tags {set(parsed.tags) - MARKDOWN_TAGS}")
    if parsed.comments != [MARKER[4:-3]]:
        problems.append(f"comments {parsed.comments}")
    if parsed.tags.count("h3") != 1 or parsed.tags.count("h4") > 6:
        problems.append("a heading was injected")
    prose = "".join(parsed.text)
    for pattern, what in ((r"@\w", "mention"), (r"#\d", "issue reference"),
                          (r"://", "URL"), (r"(?i)www\.", "www link")):
        if re.search(pattern, prose):
            problems.append(what)
    return problems


def lines_run(call: Callable[[], object]) -> int:
    """How many lines of Python (any module's) ``call()`` runs: work counted, not timed."""
    count = 0

    def line(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        count += 1
        return line

    previous = sys.gettrace()
    sys.settrace(line)
    try:
        call()
    finally:
        sys.settrace(previous)
    return count


CLAUDE_CODE_ROOT_ENTRIES = (".claude-plugin", "commands", "skills", "agents", "hooks", "themes",
                            "output-styles", "monitors", "workflows", "SKILL.md", ".mcp.json",
                            ".lsp.json")
"""What Claude Code 2.1.332 takes for a plugin's content at the top of an unpacked archive (its
bundle's list, checked in ``tests/test_marketplace_client.py``)."""


def claude_code_plugin_root(unpacked: Path) -> Path:
    """The plugin root Claude Code 2.1.332 takes in an archive unpacked into ``unpacked``, as its
    bundle decides it: the top, when it holds ``.claude-plugin``; else the one folder at the top
    (``__MACOSX`` and ``.DS_Store`` aside) when it holds ``.claude-plugin``, or when its name is
    none of :data:`CLAUDE_CODE_ROOT_ENTRIES` and it holds one of them; else the top."""
    entries = [e for e in unpacked.iterdir() if e.name not in ("__MACOSX", ".DS_Store")]
    if any(e.name == ".claude-plugin" for e in entries):
        return unpacked
    if len(entries) == 1 and entries[0].is_dir():
        folder = entries[0]
        if (folder / ".claude-plugin").exists():
            return folder
        if folder.name not in CLAUDE_CODE_ROOT_ENTRIES and any(
                e.name in CLAUDE_CODE_ROOT_ENTRIES for e in folder.iterdir()):
            return folder
    return unpacked
