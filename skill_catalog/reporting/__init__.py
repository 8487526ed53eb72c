"""Diagnostics as text, JSON, GitHub workflow annotations and SARIF: one module per format."""

from __future__ import annotations

from collections.abc import Callable

from skill_catalog.catalog import Catalog
from skill_catalog.reporting import github, json_report, sarif, text

Formatter = Callable[[Catalog], str]

FORMATS: dict[str, Formatter] = {
    "text": text.render,
    "json": json_report.render,
    "github": github.render,
    "sarif": sarif.render,
}
