"""Two snapshots side by side: what a change adds, removes, renames and changes, and what it
does to each tool's listing, to trust, to published archives and to validity."""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from skill_catalog.diff.snapshot import Finding, SideKind, SkillState, Snapshot, ToolState
from skill_catalog.trust import STATUS_ORDER

OWN_FILES = frozenset({"SKILL.md", "skill.md"})
T = TypeVar("T")


@dc.dataclass(slots=True, frozen=True)
class Side:
    label: str
    kind: SideKind
    skills: int


@dc.dataclass(slots=True, frozen=True)
class Added:
    name: str
    path: str
    description: str | None
    valid: bool
    trust: str


@dc.dataclass(slots=True, frozen=True)
class Removed:
    name: str
    path: str


@dc.dataclass(slots=True, frozen=True)
class Renamed:
    before: str
    after: str
    path_before: str
    path_after: str
    by: str
    """``folder`` (the same folder) or ``content`` (the same body and files elsewhere)."""


@dc.dataclass(slots=True, frozen=True)
class FieldChange:
    field: str
    before: Any
    """None when the field was absent (see ``present_before``)."""
    after: Any
    present_before: bool
    present_after: bool


@dc.dataclass(slots=True, frozen=True)
class Changed:
    name: str
    """The name after the change."""
    path: str
    path_before: str | None
    """The folder before, when it moved; None when it did not."""
    fields: tuple[FieldChange, ...]
    body: bool | None
    """Whether the body changed; None when a side cannot say."""
    files_added: tuple[str, ...]
    files_removed: tuple[str, ...]
    files_modified: tuple[str, ...]


@dc.dataclass(slots=True, frozen=True)
class LineChange:
    name: str
    before: str | None
    """The line before; None when it appears."""
    after: str | None
    """The line after; None when it goes."""
    reason: str | None = None
    """Why a line goes (the skill removed, not loaded, withheld, left out by the budget)."""


@dc.dataclass(slots=True, frozen=True)
class CutChange:
    name: str
    before: str | None
    """``listed``, ``shortened``, ``dropped`` (name only), ``omitted`` (left out by the budget),
    or None (not loaded, or absent)."""
    after: str | None


@dc.dataclass(slots=True, frozen=True)
class ToolChange:
    tool: str
    title: str
    appeared: tuple[LineChange, ...]
    gone: tuple[LineChange, ...]
    changed: tuple[LineChange, ...]
    budget: tuple[CutChange, ...]


@dc.dataclass(slots=True, frozen=True)
class TrustChange:
    name: str
    before: str | None
    """The status before; None for a skill added."""
    after: str
    appeared: tuple[Finding, ...]
    gone: tuple[Finding, ...]


@dc.dataclass(slots=True, frozen=True)
class ArchiveChange:
    name: str
    before: str | None
    after: str | None
    archive_before: str | None = None
    archive_after: str | None = None


@dc.dataclass(slots=True, frozen=True)
class ValidityChange:
    name: str
    before: bool | None
    """None for a skill added."""
    after: bool
    errors_appeared: tuple[str, ...]
    errors_gone: tuple[str, ...]


@dc.dataclass(slots=True, frozen=True)
class Diff:
    before: Side
    after: Side
    added: tuple[Added, ...]
    removed: tuple[Removed, ...]
    renamed: tuple[Renamed, ...]
    changed: tuple[Changed, ...]
    tools: tuple[ToolChange, ...] | None
    """None when a side cannot say what the tools list."""
    trust: tuple[TrustChange, ...]
    archives: tuple[ArchiveChange, ...]
    validity: tuple[ValidityChange, ...]
    unknown: tuple[str, ...]
    """What this comparison cannot say, given the kinds of its sides."""

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.renamed or self.changed or self.tools
                    or self.trust or self.archives or self.validity)


def _pair_renames(gone: dict[str, SkillState], new: dict[str, SkillState]
                  ) -> list[tuple[str, str, str]]:
    """(id before, id after, by) for skills that kept their folder, or their description,
    body and other files (when exactly one skill gone and one skill new have them)."""
    pairs: list[tuple[str, str, str]] = []
    by_path = {s.path: i for i, s in new.items()}
    for old_id, old in list(gone.items()):
        new_id = by_path.get(old.path)
        if new_id is not None and new_id in new:
            pairs.append((old_id, new_id, "folder"))
            del gone[old_id], new[new_id]
    def by_content(states: dict[str, SkillState]) -> dict[Any, list[str]]:
        found: dict[Any, list[str]] = {}
        for key, state in states.items():
            if state.content is not None:
                found.setdefault(state.content, []).append(key)
        return found

    olds, news = by_content(gone), by_content(new)
    for content, old_ids in olds.items():
        new_ids = news.get(content, [])
        if len(old_ids) == 1 and len(new_ids) == 1:  # only an unambiguous match
            pairs.append((old_ids[0], new_ids[0], "content"))
            del gone[old_ids[0]], new[new_ids[0]]
    return pairs


def _fields(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[FieldChange, ...]:
    changes = []
    for key in sorted({*before, *after}):
        if key in before and key in after and before[key] == after[key]:
            continue
        changes.append(FieldChange(key, before.get(key), after.get(key), key in before,
                                   key in after))
    return tuple(changes)


def _changed(old: SkillState, new: SkillState) -> Changed | None:
    fields = _fields(old.frontmatter, new.frontmatter)
    body = None if old.body is None or new.body is None else old.body != new.body
    added = tuple(sorted(p for p in new.files if p not in old.files))
    removed = tuple(sorted(p for p in old.files if p not in new.files))
    modified = [p for p in new.files if p in old.files and new.files[p] != old.files[p]]
    if fields or body:  # SKILL.md changed: the fields and the body say how
        modified = [p for p in modified if p not in OWN_FILES]
    moved = old.path if old.path != new.path else None
    if not (fields or body or added or removed or modified or moved):
        return None
    return Changed(new.name, new.path, moved, fields, body, added, removed,
                   tuple(sorted(modified)))


def _trust(name: str, old: SkillState | None, new: SkillState) -> TrustChange | None:
    before = {f.key: f for f in old.findings} if old is not None else {}
    after = {f.key: f for f in new.findings}
    appeared = tuple(f for k, f in after.items() if k not in before)
    gone = tuple(f for k, f in before.items() if k not in after)
    status = old.trust if old is not None else None
    if not appeared and not gone and (status == new.trust or status is None):
        return None
    return TrustChange(name, status, new.trust, appeared, gone)


def _validity(name: str, old: SkillState | None, new: SkillState) -> ValidityChange | None:
    before = set(old.errors) if old is not None else set()
    appeared = tuple(sorted(set(new.errors) - before))
    gone = tuple(sorted(before - set(new.errors)))
    valid = old.valid if old is not None else None
    if old is None and new.valid:
        return None
    if valid == new.valid and not appeared and not gone:
        return None
    return ValidityChange(name, valid, new.valid, appeared, gone)


def _archive(name: str, old: SkillState, new: SkillState) -> ArchiveChange | None:
    both_archives = old.archive is not None and new.archive is not None
    if old.digest == new.digest and not (both_archives and old.archive != new.archive):
        return None
    return ArchiveChange(name, old.digest, new.digest, old.archive, new.archive)


def _budget_state(state: ToolState, skill: str) -> str | None:
    line = state.lines.get(skill)
    if line is not None:
        return line.cut or "listed"
    return "omitted" if skill in state.omitted else None


_CUT = frozenset({"shortened", "dropped", "omitted"})


def _tool(old: ToolState, new: ToolState, removed: Iterable[str],
          renamed: Mapping[str, str]) -> ToolChange | None:
    gone_skills = set(removed)
    appeared, gone, changed, budget = [], [], [], []
    for skill in sorted({*old.lines, *new.lines, *old.omitted, *new.omitted}):
        before, after = old.lines.get(skill), new.lines.get(skill)
        if before is None and after is not None:
            appeared.append(LineChange(skill, None, after.text))
        elif before is not None and after is None:
            reason = ("removed" if skill in gone_skills else
                      f"renamed to {renamed[skill]}" if skill in renamed else
                      new.unlisted.get(skill)
                      or ("left out by the budget" if skill in new.omitted else None))
            gone.append(LineChange(skill, before.text, None, reason))
        elif before is not None and after is not None and before.text != after.text:
            changed.append(LineChange(skill, before.text, after.text))
        cut_before, cut_after = _budget_state(old, skill), _budget_state(new, skill)
        if cut_before != cut_after and (cut_before in _CUT or cut_after in _CUT):
            budget.append(CutChange(skill, cut_before, cut_after))
    if not (appeared or gone or changed or budget):
        return None
    return ToolChange(new.tool, new.title, tuple(appeared), tuple(gone), tuple(changed),
                      tuple(budget))


def unknown(before: Snapshot, after: Snapshot) -> tuple[str, ...]:
    """What a comparison of these sides cannot report (docs/diff.md)."""
    limits = []
    if before.tools is None or after.tools is None:
        limits.append("tools: a catalog.json does not hold what each tool lists")
    if any(s.body is None for s in (*before.skills, *after.skills)):
        limits.append("body: a catalog.json holds SKILL.md's digest, not its body's; a body "
                      "change shows as SKILL.md modified")
    return tuple(limits)


def _keep(into: list[T], item: T | None) -> None:
    if item is not None:
        into.append(item)


def compare(before: Snapshot, after: Snapshot) -> Diff:
    """What changes from ``before`` to ``after``."""
    old_ids, new_ids = before.ids, after.ids
    gone = {i: s for i, s in old_ids.items() if i not in new_ids}
    new = {i: s for i, s in new_ids.items() if i not in old_ids}
    renames = _pair_renames(gone, new)
    pairs = [(i, i) for i in old_ids if i in new_ids] + [(a, b) for a, b, _ in renames]
    changed: list[Changed] = []
    trust: list[TrustChange] = []
    archives: list[ArchiveChange] = []
    validity: list[ValidityChange] = []
    for old_id, new_id in pairs:
        old, now = old_ids[old_id], new_ids[new_id]
        _keep(changed, _changed(old, now))
        _keep(trust, _trust(new_id, old, now))
        _keep(archives, _archive(new_id, old, now))
        _keep(validity, _validity(new_id, old, now))
    for new_id, state in new.items():
        _keep(trust, _trust(new_id, None, state))
        _keep(validity, _validity(new_id, None, state))
    tools: tuple[ToolChange, ...] | None = None
    if before.tools is not None and after.tools is not None:
        renamed_to = {a: b for a, b, _by in renames}
        found = (_tool(before.tools[t], after.tools[t], gone, renamed_to)
                 for t in after.tools if t in before.tools)
        tools = tuple(t for t in found if t is not None)
    return Diff(
        before=Side(before.label, before.kind, len(before.skills)),
        after=Side(after.label, after.kind, len(after.skills)),
        added=tuple(Added(i, s.path, s.description, s.valid, s.trust) for i, s in new.items()),
        removed=tuple(Removed(i, s.path) for i, s in gone.items()),
        renamed=tuple(Renamed(a, b, old_ids[a].path, new_ids[b].path, by)
                      for a, b, by in renames),
        changed=tuple(sorted(changed, key=lambda c: c.name)),
        tools=tools,
        trust=tuple(trust),
        archives=tuple(archives),
        validity=tuple(validity),
        unknown=unknown(before, after),
    )


def _rank(status: str | None) -> int:
    return STATUS_ORDER.index(status) if status in STATUS_ORDER else -1


def _severity_rank(severity: str) -> int:
    return {"info": 1, "warning": 2, "error": 3}.get(severity, 0)


def failing_kinds(diff: Diff) -> set[str]:
    """Which ``--fail-on`` kinds (:data:`skill_catalog.diff.render.FAIL_KINDS`) ``diff``
    holds."""
    kinds: set[str] = set()
    for kind, present in (("added", diff.added), ("removed", diff.removed),
                          ("renamed", diff.renamed), ("changed", diff.changed),
                          ("tools", diff.tools), ("trust", diff.trust),
                          ("archives", diff.archives), ("validity", diff.validity)):
        if present:
            kinds.add(kind)
    if diff.tools and any(c.after in _CUT for t in diff.tools for c in t.budget):
        kinds.add("budget")
    if any(v.after is False and v.before is not False for v in diff.validity):
        kinds.add("invalid")
    for change in diff.trust:
        rose = _rank(change.after) > _rank(change.before)
        worst_new = max((_severity_rank(f.severity) for f in change.appeared
                         if f.accepted is None), default=0)
        if (rose and _rank(change.after) >= _rank("warning")) or worst_new >= 2:
            kinds.add("trust-warning")
        if (rose and change.after == "danger") or worst_new >= 3:
            kinds.add("trust-danger")
    return kinds
