"""The listing an observed tool sends its model, for one launch: the tool view's loaded skills,
in the order the tool found them, rendered by the tool's observed renderer."""

from __future__ import annotations

from skill_catalog.agents.agent_view import ToolView
from skill_catalog.observed import OBSERVED, Item, Seen, Setting


class NotObserved(ValueError):
    """The tool's listing was not observed (no verified renderer)."""


def observed_tools() -> list[str]:
    return list(OBSERVED)


def as_seen(view: ToolView, *, context_tokens: int | None = None) -> Seen:
    """The listing ``view``'s tool would send, leaving out the skills the tool ships itself."""
    profile = view.profile
    tool = OBSERVED.get(profile.observed or "")
    if tool is None:
        raise NotObserved(f"the listing of {profile.title} was not observed; observed tools: "
                          f"{', '.join(OBSERVED)}")
    items = [Item(s.skill_md, s.root, s.scope, view.readings[s.skill_md])
             for s in view.found_order if s.skill_md in view.readings]
    setting = Setting(view.launch.env, view.launch.home, context_tokens,
                      tuple((r.path, r.scope) for r in view.roots if not r.skipped))
    return tool.render(items, setting)
