"""JSON with stable keys: ``{"skills": [...], "diagnostics": [...], "summary": {...}}``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from skill_catalog.catalog import Catalog
from skill_catalog.display.escape import json_text
from skill_catalog.display.paths import as_given
from skill_catalog.model import Diagnostic
from skill_catalog.reporting.text import roots_as_given, summary


def diagnostic_dict(diagnostic: Diagnostic, roots: Sequence[Path] = ()) -> dict[str, Any]:
    return {
        "code": diagnostic.code,
        "severity": str(diagnostic.severity),
        "message": diagnostic.message,
        "file": as_given(diagnostic.file, roots) if diagnostic.file else None,
        "line": diagnostic.line,
        "column": diagnostic.column,
        **({"accepted": diagnostic.accepted} if diagnostic.accepted else {}),
    }


def render(catalog: Catalog) -> str:
    roots = roots_as_given(catalog)
    document = {
        "skills": [
            {
                "path": as_given(skill.dir, roots),
                "name": skill.name,
                "valid": skill.valid,
                "trust": skill.trust.status,
                "nested_in": as_given(skill.nested_in, roots) if skill.nested_in else None,
                "diagnostics": [diagnostic_dict(d, roots) for d in skill.diagnostics],
            }
            for skill in catalog.skills
        ],
        "diagnostics": [diagnostic_dict(d, roots) for d in catalog.diagnostics],
        "summary": summary(catalog),
    }
    return json_text(document)
