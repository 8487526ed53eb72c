"""Compiler-style text: ``path:line:col: CODE severity: message``, then a summary."""

from __future__ import annotations

import re

from skill_catalog.catalog import Catalog
from skill_catalog.model import Diagnostic, Severity
from skill_catalog.reporting.paths import display

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` without control characters (a skill name must not drive the terminal)."""
    return _CONTROL.sub("\N{REPLACEMENT CHARACTER}", text)


def format_diagnostic(diagnostic: Diagnostic) -> str:
    where = printable(display(diagnostic.file))
    if diagnostic.line is not None:
        where += f":{diagnostic.line}:{diagnostic.column or 1}"
    return f"{where}: {diagnostic.code} {diagnostic.severity}: {printable(diagnostic.message)}"


def summary(catalog: Catalog) -> dict[str, int]:
    diagnostics = catalog.all_diagnostics
    return {
        "skills": len(catalog.skills),
        "valid": len(catalog.valid_skills),
        "invalid": len(catalog.skills) - len(catalog.valid_skills),
        "errors": sum(d.severity is Severity.ERROR for d in diagnostics),
        "warnings": sum(d.severity is Severity.WARNING for d in diagnostics),
        "infos": sum(d.severity is Severity.INFO for d in diagnostics),
    }


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def render(catalog: Catalog) -> str:
    lines = [format_diagnostic(d) for d in catalog.diagnostics]
    for skill in catalog.skills:
        lines.extend(format_diagnostic(d) for d in skill.diagnostics)
    s = summary(catalog)
    plural = "" if s["skills"] == 1 else "s"
    lines.append(
        f"{s['skills']} skill{plural} checked: {s['valid']} valid, {s['invalid']} invalid; "
        f"{_count(s['errors'], 'error')}, {_count(s['warnings'], 'warning')}, "
        f"{s['infos']} info"
    )
    return "\n".join(lines) + "\n"
