"""Trust signals: what a skill could make an agent do, found by reading its files.

Hidden text, instructions against the user, risky code, secrets, active or opaque content,
reach.

:func:`~skill_catalog.trust.scan.scan` reads a skill's text files once and returns every hit;
the rules of the ``ST`` family (:mod:`skill_catalog.validate.trust_rules`) each report theirs.
Trust findings never change whether a skill is valid: a skill's trust status
(:attr:`skill_catalog.model.Skill.trust`, settled once by
:func:`skill_catalog.trust.policy.settle`) is a verdict of its own.
"""

from __future__ import annotations

from collections.abc import Iterable

from skill_catalog.model import STATUS_ORDER, Diagnostic, TrustStatus, TrustVerdict

TRUST_PREFIX = "ST"


def trust_status(diagnostics: Iterable[Diagnostic]) -> TrustStatus:
    """``danger`` (an error-level trust finding), ``warning``, ``notice`` or ``clean``;
    accepted findings (suppressed with a reason) do not count. A loaded skill's is settled
    once: read ``skill.trust.status``."""
    return TrustVerdict.of(diagnostics).status


__all__ = ["STATUS_ORDER", "TRUST_PREFIX", "TrustStatus", "trust_status"]
