"""The publishing policy of trust statuses (config ``trust.withhold`` and
``trust.withhold_secrets``): which skills are kept out of what agents and pipelines fetch
(prompt fragments, discovery indexes, marketplaces, archives), and why. The skill's page still
shows it, with that reason."""

from __future__ import annotations

import dataclasses as dc

from skill_catalog.model import STATUS_ORDER, Diagnostic, Skill, TrustVerdict, relative_posix

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


def held_secrets(skill: Skill, secrets: bool = True) -> tuple[Diagnostic, ...]:
    """The credentials ``skill`` holds that ``trust.withhold_secrets`` (``secrets``) withholds:
    its findings of :data:`SECRET_CODES` not accepted (none when ``secrets`` is false). A skill
    with one publishes none of its content, on the site either (issue 32)."""
    if not secrets:
        return ()
    return tuple(d for d in skill.trust_findings if d.code in SECRET_CODES and not d.accepted)


def in_frontmatter(skill: Skill, finding: Diagnostic) -> bool:
    """Whether ``finding`` is in the frontmatter of ``skill``'s SKILL.md (its name and
    description then may carry it too)."""
    return (finding.file == skill.skill_md and finding.line is not None
            and finding.line < skill.body_line)


SECRET_FIX = ("remove the secret and revoke it, accept the finding in trust.accept if it is not "
              "a secret, or set trust.withhold_secrets: false")
"""How a skill withheld for a secret is published again."""


def secret_reason(skill: Skill, held: tuple[Diagnostic, ...]) -> str:
    """Why a skill holding the credentials ``held`` (:func:`held_secrets`) is withheld."""
    return (f"it holds a credential ({held[0].code}{_place(skill, held[0])}, redacted), and "
            "trust.withhold_secrets keeps a skill with a secret out of what agents fetch and "
            f"its content off the site: {SECRET_FIX}")


def settle(skill: Skill, level: str, secrets: bool = True) -> TrustVerdict:
    """``skill``'s trust settled, once, after the scan and the acceptances: its status and
    worst finding (:meth:`TrustVerdict.of`), the credentials ``trust.withhold_secrets``
    (``secrets``) withholds it for, and why ``trust.withhold: level`` withholds it (its
    credential, or its status and worst finding; None when it is not withheld)."""
    verdict = TrustVerdict.of(skill.diagnostics)
    held = held_secrets(skill, secrets)
    if held:
        why: str | None = secret_reason(skill, held)
    elif level == NEVER or not at_least(verdict.status, level):
        why = None
    else:
        assert verdict.worst is not None
        others = verdict.counted - 1
        more = f" and {others} more finding{'s' if others != 1 else ''}" if others else ""
        why = (f"its trust status is {verdict.status} ({verdict.worst.code}"
               f"{_place(skill, verdict.worst)}{more}), at or above the policy "
               f"trust.withhold: {level}")
    return dc.replace(verdict, secrets=held, withheld=why)


def withheld(skill: Skill, level: str, secrets: bool = True) -> str | None:
    """Why ``skill`` is withheld under ``trust.withhold: level`` (and, with ``secrets``,
    ``trust.withhold_secrets``), or None when it is not (:func:`settle`)."""
    return settle(skill, level, secrets).withheld
