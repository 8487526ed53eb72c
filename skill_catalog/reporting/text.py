"""Compiler-style text: ``path:line:col: CODE severity: message``, then a summary."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from skill_catalog.catalog import Catalog
from skill_catalog.display.escape import printable
from skill_catalog.display.human import count
from skill_catalog.display.paths import as_given
from skill_catalog.model import Diagnostic, Severity
from skill_catalog.trust import STATUS_ORDER


def roots_as_given(catalog: Catalog) -> tuple[Path, ...]:
    """The catalog's roots as the user gave them: those named on the command line as they
    are spelled; the configuration's roots (when none was named) relative to the current
    folder when below it, as the configuration's own file was found or named there."""
    config = catalog.config
    if config.path is None or not config.roots:
        return catalog.roots
    from_config = {config.folder / r for r in config.roots}
    cwd = Path.cwd()
    return tuple(Path(os.path.relpath(root, cwd))
                 if root in from_config and root.is_relative_to(cwd) else root
                 for root in catalog.roots)


def format_diagnostic(diagnostic: Diagnostic, roots: Sequence[Path] = ()) -> str:
    """``path:line:col: CODE severity: message``, the path as given (:func:`as_given`:
    relative to the root named as it was named)."""
    where = printable(as_given(diagnostic.file, roots))
    if diagnostic.line is not None:
        where += f":{diagnostic.line}:{diagnostic.column or 1}"
    severity = f"{diagnostic.severity}"
    if diagnostic.is_trust:
        severity = f"trust {severity}" + (" accepted" if diagnostic.accepted else "")
    message = printable(diagnostic.message)
    if diagnostic.accepted:
        message += f" [accepted: {printable(diagnostic.accepted)}]"
    return f"{where}: {diagnostic.code} {severity}: {message}"


def summary(catalog: Catalog) -> dict[str, int]:
    """Counts of skills and diagnostics; errors, warnings and notes leave trust findings out
    (they have counts of their own: skills by trust status, accepted findings)."""
    diagnostics = [d for d in catalog.all_diagnostics if not d.is_trust]
    statuses = [s.trust.status for s in catalog.skills]
    counts = {
        "skills": len(catalog.skills),
        "valid": len(catalog.valid_skills),
        "invalid": len(catalog.skills) - len(catalog.valid_skills),
        "errors": sum(d.severity is Severity.ERROR for d in diagnostics),
        "warnings": sum(d.severity is Severity.WARNING for d in diagnostics),
        "infos": sum(d.severity is Severity.INFO for d in diagnostics),
    }
    counts.update({f"trust_{status}": statuses.count(status) for status in STATUS_ORDER})
    counts["trust_accepted"] = sum(1 for d in catalog.all_diagnostics if d.accepted)
    return counts


def summary_lines(catalog: Catalog) -> list[str]:
    """The summary that ends a report: the counts, then the trust statuses when any is
    flagged or accepted."""
    s = summary(catalog)
    lines = [
        f"{count(s['skills'], 'skill')} checked: {s['valid']} valid, {s['invalid']} invalid; "
        f"{count(s['errors'], 'error')}, {count(s['warnings'], 'warning')}, "
        f"{s['infos']} info"
    ]
    flagged = [f"{s['trust_' + status]} {status}" for status in reversed(STATUS_ORDER[1:])
               if s["trust_" + status]]
    if flagged or s["trust_accepted"]:
        accepted = f", {count(s['trust_accepted'], 'accepted finding')}" if s[
            "trust_accepted"] else ""
        lines.append(f"trust: {', '.join(flagged) or 'nothing flagged'}{accepted} "
                     "(see docs/trust.md)")
    return lines


def render(catalog: Catalog) -> str:
    roots = roots_as_given(catalog)
    lines = [format_diagnostic(d, roots) for d in catalog.all_diagnostics]
    return "\n".join([*lines, *summary_lines(catalog)]) + "\n"
