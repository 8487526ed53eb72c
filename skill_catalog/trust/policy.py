"""The publishing policy of trust statuses (config ``trust.withhold`` and
``trust.withhold_secrets``): which skills are kept out of what agents and pipelines fetch
(prompt fragments, discovery indexes, marketplaces, archives), and why. The skill's page still
shows it, with that reason."""

from __future__ import annotations

from skill_catalog.model import Diagnostic, Skill, relative_posix
from skill_catalog.trust import STATUS_ORDER, trust_status

NEVER = "never"
SECRET_CODES = frozenset({"ST030"})
"""Findings of a credential in a known format: withheld under ``trust.withhold_secrets``."""


def at_least(status: str, level: str) -> bool:
    """Whether trust ``status`` is ``level`` or worse (``never`` is reached by none)."""
    if level == NEVER:
        return False
    return STATUS_ORDER.index(status) >= STATUS_ORDER.index(level)


def _place(skill: Skill, finding: Diagnostic) -> str:
    where = relative_posix(finding.file, skill.dir) if finding.file is not None else None
    return f" in {where}" + (f":{finding.line}" if finding.line else "") if where else ""


def withheld(skill: Skill, level: str, secrets: bool = True) -> str | None:
    """Why ``skill`` is withheld under ``trust.withhold: level`` (and, with ``secrets``,
    ``trust.withhold_secrets``), or None when it is not: its credential, or its trust
    status and worst finding not accepted, and the policy."""
    if secrets:
        held = [d for d in skill.trust_findings if d.code in SECRET_CODES and not d.accepted]
        if held:
            return (f"it holds a credential ({held[0].code}{_place(skill, held[0])}), and "
                    "trust.withhold_secrets keeps a skill with a secret out of what agents "
                    "fetch: remove the secret and revoke it, accept the finding in "
                    "trust.accept if it is not a secret, or set trust.withhold_secrets: false")
    if level == NEVER:
        return None
    status = trust_status(skill.diagnostics)
    if not at_least(status, level):
        return None
    counted = [d for d in skill.trust_findings if not d.accepted]
    worst = max(counted, key=lambda d: int(d.severity))
    place = _place(skill, worst)
    others = len(counted) - 1
    more = f" and {others} more finding{'s' if others != 1 else ''}" if others else ""
    return (f"its trust status is {status} ({worst.code}{place}{more}), at or above the "
            f"policy trust.withhold: {level}")
