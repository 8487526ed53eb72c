"""JSON with stable keys: ``{"skills": [...], "diagnostics": [...], "summary": {...}}``."""

from __future__ import annotations

import json
from typing import Any

from skill_catalog.catalog import Catalog
from skill_catalog.model import Diagnostic
from skill_catalog.reporting.paths import display
from skill_catalog.reporting.text import summary
from skill_catalog.trust import trust_status


def diagnostic_dict(diagnostic: Diagnostic) -> dict[str, Any]:
    return {
        "code": diagnostic.code,
        "severity": str(diagnostic.severity),
        "message": diagnostic.message,
        "file": display(diagnostic.file) if diagnostic.file else None,
        "line": diagnostic.line,
        "column": diagnostic.column,
        **({"accepted": diagnostic.accepted} if diagnostic.accepted else {}),
    }


def render(catalog: Catalog) -> str:
    document = {
        "skills": [
            {
                "path": display(skill.dir),
                "name": skill.name,
                "valid": skill.valid,
                "trust": trust_status(skill.diagnostics),
                "nested_in": display(skill.nested_in) if skill.nested_in else None,
                "diagnostics": [diagnostic_dict(d) for d in skill.diagnostics],
            }
            for skill in catalog.skills
        ],
        "diagnostics": [diagnostic_dict(d) for d in catalog.diagnostics],
        "summary": summary(catalog),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
