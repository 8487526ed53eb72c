"""Accepted trust findings: silenced per skill and rule with a written reason (config
``trust.accept``), still reported, marked accepted."""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Sequence

from skill_catalog.config import Acceptance
from skill_catalog.model import Skill


def accept(skills: Sequence[Skill], acceptances: Sequence[Acceptance]) -> None:
    """Mark each trust finding an acceptance names (by the skill's name or folder, and the
    rule) as accepted, with its reason."""
    if not acceptances:
        return
    for skill in skills:
        names = {skill.key, skill.relpath}
        reasons = {a.rule: a.reason for a in acceptances if a.skill in names}
        if not reasons:
            continue
        skill.diagnostics = [
            dc.replace(d, accepted=reasons[d.code]) if d.is_trust and d.code in reasons else d
            for d in skill.diagnostics]
