"""SARIF 2.1.0 for GitHub code scanning: rules with help, results with physical locations."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from skill_catalog.catalog import Catalog
from skill_catalog.codes.registry import Rule
from skill_catalog.display.escape import json_text
from skill_catalog.display.paths import repository_relative
from skill_catalog.model import Severity
from skill_catalog.trust.accept import by_marker
from skill_catalog.validate.rules import RULES
from skill_catalog.version import __version__

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
DOCS_URL = "https://github.com/skill-catalog/skill-catalog/blob/main/docs/rules.md"
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


_SECURITY_SEVERITY = {Severity.ERROR: "8.0", Severity.WARNING: "5.0", Severity.INFO: "2.0"}


def _properties(rule: Rule) -> dict[str, Any]:
    """Tags; a trust rule (ST) is a security rule with a ``security-severity``, which code
    scanning uses to rank its alerts (critical, high, medium, low)."""
    if not rule.code.startswith("ST"):
        return {"tags": [rule.stage, rule.source]}
    return {"tags": ["security", "trust", rule.stage],
            "security-severity": _SECURITY_SEVERITY[rule.severity]}


def artifact_uri(path: str) -> str:
    """A ``/``-separated relative path as the URI reference SARIF wants (RFC 3986): each
    character outside the unreserved set percent-encoded as UTF-8 (a space as ``%20``, ``é``
    as ``%C3%A9``, ``%`` as ``%25``, ``#`` and ``?``, which would end the path, too)."""
    return quote(path, safe="/")


def render(catalog: Catalog) -> str:
    codes = sorted(RULES)
    index = {code: i for i, code in enumerate(codes)}
    rules = [
        {
            "id": rule.code,
            "name": "".join(part.capitalize() for part in rule.title.split("-")),
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": f"{rule.summary} Fix: {rule.fix}"},
            "help": {
                "text": rule.fix,
                "markdown": f"**{rule.code} {rule.title}**: {rule.summary}\n\nFix: {rule.fix}",
            },
            "helpUri": f"{DOCS_URL}#{rule.code.lower()}",
            "defaultConfiguration": {"level": _LEVEL[rule.severity]},
            "properties": _properties(rule),
        }
        for rule in (RULES[c] for c in codes)
    ]
    results: list[dict[str, Any]] = []
    for diagnostic in catalog.all_diagnostics:
        result: dict[str, Any] = {
            "ruleId": diagnostic.code,
            "ruleIndex": index[diagnostic.code],
            "level": _LEVEL[diagnostic.severity],
            "message": {"text": diagnostic.message},
        }
        if diagnostic.accepted:  # accepted with a reason: shown as suppressed
            kind = "inSource" if by_marker(diagnostic.accepted) else "external"
            result["suppressions"] = [{"kind": kind, "status": "accepted",
                                       "justification": diagnostic.accepted}]
        if diagnostic.file is not None:
            region = {"startLine": diagnostic.line or 1}
            if diagnostic.column:
                region["startColumn"] = diagnostic.column
            result["locations"] = [{
                "physicalLocation": {
                    "artifactLocation": {
                        "uri": artifact_uri(repository_relative(diagnostic.file, catalog.roots)),
                        "uriBaseId": "%SRCROOT%",
                    },
                    "region": region,
                }
            }]
        results.append(result)
    document = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "skill-catalog",
                "version": __version__,
                "informationUri": "https://github.com/skill-catalog/skill-catalog",
                "rules": rules,
            }},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }
    return json_text(document)
