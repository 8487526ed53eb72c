"""Which skills the well-known discovery indexes list, and under which name: valid skills not
withheld by the config's ``trust.withhold``, whose name is ASCII ``a-z``, ``0-9`` and ``-`` (at
most 64 characters), a name only when one of them claims it. Each listed skill's copies are
published under that name (:mod:`skill_catalog.site.publish.copies`); the marketplace and the
install routes list the same skills.
"""

from __future__ import annotations

from skill_catalog.codes.registry import emit
from skill_catalog.model import Diagnostic, name_key, shared_names
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.urls import V01, V02
from skill_catalog.spec.limits import MAX_NAME, is_spec_name


def listed_skills(ctx: SiteContext, outputs: str = f"{V01} and {V02}",
                  ) -> tuple[list[tuple[SiteSkill, str]], list[Diagnostic]]:
    """``(skill, name)`` for every valid skill the indexes list, and a note for each one left
    out of ``outputs`` (what the caller writes; cheap: reads no file)."""
    listed: list[tuple[SiteSkill, str]] = []
    notes: list[Diagnostic] = []
    # A name two published skills claim (SC301 switched off or lowered) is listed for neither:
    # the first in discovery order would take it over.
    shared = shared_names(site_skill.skill for site_skill in ctx.published)
    for site_skill in ctx.published:
        skill = site_skill.skill
        name = skill.name or ""
        reason = None
        if not is_spec_name(name):
            reason = (f"its name {name!r} is not 1-{MAX_NAME} ASCII lowercase letters, digits "
                      "and single hyphens, which the discovery drafts and npx skills require")
        elif name_key(name) in shared:
            reason = (f"{len(shared[name_key(name)])} skills claim the name {name!r}; it is "
                      "published for none of them")
        if reason is not None:
            notes.append(emit("SC040", f"left out of {outputs}: {reason}",
                              file=skill.skill_md))
            continue
        listed.append((site_skill, name))
    return sorted(listed, key=lambda pair: pair[1]), notes
