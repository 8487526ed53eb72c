"""GitHub Actions workflow commands: ``::error file=...,line=...::message``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from skill_catalog.catalog import Catalog
from skill_catalog.display.escape import printable
from skill_catalog.display.paths import repository_relative
from skill_catalog.model import Diagnostic, Severity
from skill_catalog.reporting.text import summary_lines

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _escape_data(value: str) -> str:
    """The workflow command rules (``%``, CR and LF as ``%25``, ``%0D``, ``%0A``), then the
    escaping of every other control character (:func:`printable`)."""
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return printable(value)


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def annotation(diagnostic: Diagnostic, roots: Sequence[Path] = ()) -> str:
    props: list[str] = []
    if diagnostic.file is not None:
        props.append(f"file={_escape_property(repository_relative(diagnostic.file, roots))}")
    if diagnostic.line is not None:
        props.append(f"line={diagnostic.line}")
        if diagnostic.column is not None:
            props.append(f"col={diagnostic.column}")
    message = diagnostic.message
    level = _LEVEL[diagnostic.severity]
    title = diagnostic.code
    if diagnostic.accepted:  # a trust finding accepted with a reason: shown, not as a problem
        level, title = "notice", f"{diagnostic.code} (accepted)"
        message += f" [accepted: {diagnostic.accepted}]"
    props.append(f"title={_escape_property(title)}")
    return f"::{level} {','.join(props)}::{_escape_data(message)}"


def render(catalog: Catalog) -> str:
    lines = [annotation(d, catalog.roots) for d in catalog.all_diagnostics]
    # The plain summary keeps the log readable; annotations carry the findings.
    return "\n".join([*lines, *summary_lines(catalog)]) + "\n"
