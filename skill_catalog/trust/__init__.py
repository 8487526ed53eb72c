"""Trust signals: what a skill could make an agent do, found by reading its files.

Hidden text, instructions against the user, risky code, secrets, active or opaque content,
reach.

:func:`~skill_catalog.trust.scan.scan` reads a skill's text files once and returns every hit;
the rules of the ``ST`` family (:mod:`skill_catalog.validate.trust_rules`) each report theirs.
Trust findings never change whether a skill is valid: a skill's trust status
(:func:`trust_status`) is a verdict of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from skill_catalog.model import Diagnostic, Severity

TrustStatus = Literal["clean", "notice", "warning", "danger"]
TRUST_PREFIX = "ST"
_STATUS: dict[Severity, TrustStatus] = {
    Severity.INFO: "notice", Severity.WARNING: "warning", Severity.ERROR: "danger",
}
STATUS_ORDER: tuple[TrustStatus, ...] = ("clean", "notice", "warning", "danger")


def trust_status(diagnostics: Iterable[Diagnostic]) -> TrustStatus:
    """``danger`` (an error-level trust finding), ``warning``, ``notice`` or ``clean``;
    accepted findings (suppressed with a reason) do not count."""
    worst: Severity | None = None
    for d in diagnostics:
        if d.is_trust and not d.accepted and (worst is None or d.severity > worst):
            worst = d.severity
    return "clean" if worst is None else _STATUS[worst]
