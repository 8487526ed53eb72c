"""Diagnostics as text, JSON, GitHub workflow annotations and SARIF, one module per format.

Importing the package loads no format (a format is needed by ``validate`` only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skill_catalog.catalog import Catalog

Formatter = Callable[["Catalog"], str]

FORMAT_NAMES = ("github", "json", "sarif", "text")


def formatter(name: str) -> Formatter:
    """The report format called ``name`` (one of :data:`FORMAT_NAMES`)."""
    from skill_catalog.reporting import github, json_report, sarif, text

    formats: dict[str, Formatter] = {
        "text": text.render,
        "json": json_report.render,
        "github": github.render,
        "sarif": sarif.render,
    }
    return formats[name]
