"""Diagnostics as the site's JSON outputs write them (``catalog.json``), and a skill's trust
signals as ``catalog.json``, the ``.well-known`` indexes and the marketplaces carry them."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from skill_catalog.model import Diagnostic, Skill, relative_posix
from skill_catalog.trust import STATUS_ORDER
from skill_catalog.trust.secrets import redact_secrets

MAX_TRUST_FINDINGS = 100
"""Trust findings listed for one skill (``validate`` lists every one)."""


def relative_to_skill(path: Path | None, skill: Skill) -> str | None:
    """``path`` relative to the skill folder (``../`` when it lies elsewhere in the root)."""
    if path is None:
        return None
    inside = relative_posix(path, skill.dir)
    if inside is not None:
        return inside
    inside_root = relative_posix(path, skill.root)
    if inside_root is None:
        return path.name
    return posixpath.relpath(inside_root, skill.relpath)


def diagnostic_json(diagnostic: Diagnostic, skill: Skill | None,
                roots: Sequence[Path] = ()) -> dict[str, Any]:
    """A diagnostic's JSON: its file relative to ``skill``'s folder, or without a skill to the
    one of ``roots`` holding it; a credential its message or reason quotes from a skill (a
    link target, a path) redacted."""
    return {
        "code": diagnostic.code,
        "severity": str(diagnostic.severity),
        "message": redact_secrets(diagnostic.message),
        "file": (relative_to_skill(diagnostic.file, skill) if skill is not None
                 else root_relative(diagnostic.file, roots)),
        "line": diagnostic.line,
        "column": diagnostic.column,
        **({"accepted": redact_secrets(diagnostic.accepted)} if diagnostic.accepted else {}),
    }


def trust_entry(skill: Skill) -> dict[str, Any]:
    """A skill's trust signals as ``catalog.json``, the ``.well-known`` indexes and the
    marketplaces carry them: its status (docs/trust.md) and its findings, those that count
    worst first, then the accepted ones (``accepted``: the written reason), at most
    :data:`MAX_TRUST_FINDINGS` (``findings_omitted`` counts the rest)."""
    findings = sorted(skill.trust_findings,
                      key=lambda d: (d.accepted is not None, -int(d.severity)))
    shown = findings[:MAX_TRUST_FINDINGS]
    return {
        "status": skill.trust.status,
        "findings": [{**diagnostic_json(d, skill), "accepted": d.accepted} for d in shown],
        "findings_omitted": len(findings) - len(shown),
    }


def root_relative(path: Path | None, roots: Sequence[Path]) -> str | None:
    """``path`` relative to the library root holding it (``.`` for the root itself), or None:
    a published file never names a folder of the build machine."""
    for root in roots:
        inside = relative_posix(path, root.absolute()) if path is not None else None
        if inside is not None:
            return inside
    return None


def plugin_trust(members: Sequence[tuple[Skill, str]]) -> dict[str, Any]:
    """The trust object of a marketplace plugin holding ``members`` (each skill with its name
    in the plugin): :func:`trust_entry` for one skill; for several, the worst status of theirs
    and their findings, each ``file`` prefixed with its skill's name (``<name>/SKILL.md``),
    at most :data:`MAX_TRUST_FINDINGS` in all."""
    if len(members) == 1:
        return trust_entry(members[0][0])
    entries = [(name, trust_entry(skill)) for skill, name in members]
    status = max((entry["status"] for _name, entry in entries), key=STATUS_ORDER.index)
    findings = [{**finding, "file": f"{name}/{finding['file']}" if finding["file"] else name}
                for name, entry in entries for finding in entry["findings"]]
    findings.sort(key=lambda f: (f["accepted"] is not None, -_SEVERITY_RANK[f["severity"]]))
    omitted = sum(entry["findings_omitted"] for _name, entry in entries)
    return {"status": status, "findings": findings[:MAX_TRUST_FINDINGS],
            "findings_omitted": omitted + max(0, len(findings) - MAX_TRUST_FINDINGS)}


_SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}
