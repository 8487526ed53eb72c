"""Sites built for the tests and read back (their files, digests and plain values); the browser
tests' site."""

from __future__ import annotations

import datetime as dt
import hashlib
import math
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import skill_catalog
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.site.build import build
from skill_catalog.site.context import SiteContext
from skill_catalog.site.outputs import writers
from skill_catalog.site.write.output import OutputTree
from tests.helpers.libraries import make_library, write_skill

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
