"""The publishing policy of trust statuses (config ``trust.withhold``): which skills are kept
out of what agents and pipelines fetch (prompt fragments, discovery indexes, marketplaces,
archives), and why. The skill's page still shows it, with that reason."""

from __future__ import annotations

from skill_catalog.model import Skill, relative_posix
from skill_catalog.trust import STATUS_ORDER, trust_status

NEVER = "never"


def at_least(status: str, level: str) -> bool:
    """Whether trust ``status`` is ``level`` or worse (``never`` is reached by none)."""
    if level == NEVER:
        return False
    return STATUS_ORDER.index(status) >= STATUS_ORDER.index(level)


def withheld(skill: Skill, level: str) -> str | None:
    """Why ``skill`` is withheld under ``trust.withhold: level``, or None when it is not: its
    trust status, its worst finding not accepted, and the policy."""
    if level == NEVER:
        return None
    status = trust_status(skill.diagnostics)
    if not at_least(status, level):
        return None
    counted = [d for d in skill.trust_findings if not d.accepted]
    worst = max(counted, key=lambda d: int(d.severity))
    where = relative_posix(worst.file, skill.dir) if worst.file is not None else None
    place = f" in {where}" + (f":{worst.line}" if worst.line else "") if where else ""
    others = len(counted) - 1
    more = f" and {others} more finding{'s' if others != 1 else ''}" if others else ""
    return (f"its trust status is {status} ({worst.code}{place}{more}), at or above the "
            f"policy trust.withhold: {level}")
