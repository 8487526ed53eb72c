"""One agent tool's verdict on one skill of a checked-out library, decided in one place.

:func:`~skill_catalog.agents.agent_view.reading` is how a tool reads a SKILL.md on its own
(the observed reader of a tool whose real CLI was run, else the profile's frontmatter checks).
The tool views (:func:`~skill_catalog.agents.agent_view.see`, behind ``list`` and ``prompt
--as-seen-by``) and :func:`judge` (behind skill pages, the index's "Loaded by" facet, the
install routes and ``catalog.json``) both read it, so they cannot disagree.
"""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from skill_catalog.agents.agent_view import (
    Rejected,
    Shadowed,
    ToolView,
    project_view,
    reading,
    would_load,
)
from skill_catalog.agents.tool_profile import Profile
from skill_catalog.model import Skill

State = Literal["loaded", "installable", "shadowed", "rejected"]
LABELS: dict[State, str] = {
    "loaded": "loads it from this repository",
    "installable": "loads it once installed",
    "shadowed": "does not load this copy (shadowed)",
    "rejected": "rejects it",
}
"""What a skill page says of each state of a tool's verdict."""


@dc.dataclass(slots=True, frozen=True)
class Verdict:
    """What one tool does with one skill of a library checked out as a project."""

    tool: str
    title: str
    state: State
    reason: str
    unlisted: str | None = None
    """Loaded, but kept out of the model's listing, and why."""

    @property
    def loads(self) -> bool:
        """The tool loads the skill: from where it is, or once installed in its folders."""
        return self.state in ("loaded", "installable")

    @property
    def label(self) -> str:
        return LABELS[self.state]

    def shown(self) -> dict[str, str | bool | None]:
        """As a skill page shows it."""
        return {"tool": self.tool, "title": self.title, "state": self.state,
                "label": self.label, "loaded": self.loads, "reason": self.reason,
                "unlisted": self.unlisted}


def judge(skill: Skill, profile: Profile, project_root: Path, *,
          view: ToolView | None = None, real: Callable[[Path], str] = os.path.realpath,
          found: dict[str, str | None] | None = None) -> Verdict:
    """``profile``'s verdict on ``skill`` in the checkout at ``project_root``: its view of the
    checkout says the tool loads, shadows or rejects it; a skill outside the tool's folders is
    judged by how the tool reads it alone (:func:`reading`): it loads once installed, or the
    tool rejects it.

    :param view: the tool's :func:`~skill_catalog.agents.agent_view.project_view` of the
        checkout, to judge many skills against one walk.
    """
    seen = view or project_view(profile, project_root)
    status, item = seen.find(skill.skill_md, real=real)
    if status == "loaded":
        reason = would_load(skill, profile, project_root, seen, real=real).reason
        return Verdict(profile.name, profile.title, "loaded", reason,
                       seen.unlisted(skill.skill_md))
    if isinstance(item, Shadowed | Rejected):
        state: State = "shadowed" if isinstance(item, Shadowed) else "rejected"
        return Verdict(profile.name, profile.title, state, _within(item.reason, seen.launch.cwd))
    alone = reading(skill, profile, found)
    if alone.problem is not None:
        return Verdict(profile.name, profile.title, "rejected",
                       f"{alone.problem} ({profile.title} does not load it)")
    return Verdict(profile.name, profile.title, "installable",
                   "not in its skill folders in this checkout (see Install)", alone.unlisted)


def _within(reason: str, project: Path) -> str:
    """A tool's ``reason`` with the paths below ``project`` made relative to it: a page never
    shows the folder the site was built in."""
    base = str(project)
    return reason.replace(base + os.sep, "").replace(base, ".")
