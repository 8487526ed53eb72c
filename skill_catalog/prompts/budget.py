"""Agent tools' listing budgets: what a tool would shorten, drop or leave out of its listing.

The numbers of each tool's :class:`~skill_catalog.model.Budget` come from its tool profile
(``skill_catalog.agents.profiles.PROFILES[tool].budget``); how each tool *counts* an entry
(its own listing shape) and what it writes in place of skills left out is held here, in
:data:`LISTINGS`.

Units: ``fixed`` and ``context_fraction`` count ``Budget.unit`` (a token is four characters);
``fallback`` is in characters whatever the unit, as both tools that have one state it (Claude
Code and Codex: 8,000 characters when the context window is unknown).

Strategies (``Budget.strategy``):

``drop-descriptions`` (Claude Code)
    Every name stays listed; descriptions are dropped, entry by entry, until the listing fits;
    such an entry becomes a bare ``- name``. Claude Code drops the least-used skills' first; a
    static catalog has no usage history, so here they go from the end of the list backwards.
``truncate-descriptions`` (Codex >= 0.147)
    The longest descriptions are shortened first, down to a common length, until the listing
    fits; only if even names with no description do not fit are entries left out, from the end.
``omit-entries`` (Copilot; Codex before 0.147)
    Entries are kept in order while they fit; the rest are left out. Copilot names them on one
    line, "Additional skills available (invoke by name): a, b... and N more".
"""

from __future__ import annotations

import dataclasses as dc
import math
from collections.abc import Callable, Sequence
from typing import Any, Literal

from skill_catalog.errors import SkillCatalogError
from skill_catalog.model import Budget
from skill_catalog.observed import copilot
from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.format import Format

CHARS_PER_TOKEN = 4
ELLIPSIS = "…"
REPORT_NAMES = 20
"""Names shown per line of the text report (the JSON report has them all)."""


@dc.dataclass(slots=True, frozen=True)
class ToolListing:
    """How one tool lists skills when it applies its budget."""

    format: str
    """The prompt format whose entries the tool counts (and the default output format)."""
    overflow_names_chars: int | None = None
    """When set, skills left out are named on one overflow line of at most this many
    characters of names (Copilot: 5,000)."""


LISTINGS: dict[str, ToolListing] = {
    "claude-code": ToolListing("claude-code"),
    "codex": ToolListing("codex"),
    "copilot": ToolListing("copilot", overflow_names_chars=copilot.OVERFLOW_NAMES_CHARS),
}
"""Keyed by profile name (``skill_catalog.agents.profiles.PROFILES``)."""


class UnknownTool(SkillCatalogError, ValueError):
    """No budget is known for that tool."""


@dc.dataclass(slots=True, frozen=True)
class ToolBudget:
    """A tool's budget with what is needed to apply it."""

    tool: str
    title: str
    budget: Budget
    listing: ToolListing | None
    """None for a tool whose listing shape has no format here: entries are then counted in
    the output format."""


def budget_tools() -> dict[str, ToolBudget]:
    """Every tool whose profile gives its skill listing a budget, by profile name."""
    from skill_catalog.agents.profiles import PROFILES

    return {name: ToolBudget(name, profile.title, profile.budget, LISTINGS.get(name))
            for name, profile in PROFILES.items() if profile.budget is not None}


def tool_budget(tool: str) -> ToolBudget:
    """The budget of ``tool`` (a profile name such as ``claude-code``)."""
    budgets = budget_tools()
    if tool not in budgets:
        raise UnknownTool(f"no listing budget is known for {tool!r}; known: "
                          f"{', '.join(sorted(budgets))}")
    return budgets[tool]


@dc.dataclass(slots=True, frozen=True)
class Limit:
    chars: int | None
    """The room in characters, or None when the budget sets no limit."""
    source: Literal["fixed", "context", "fallback", "none"]
    explanation: str


def _n(value: int) -> str:
    return f"{value:,}"


def limit_for(budget: Budget, context_tokens: int | None = None) -> Limit:
    """The room ``budget`` gives, in characters, for a context window of ``context_tokens``
    (tokens count as four characters, the rule every one of these tools uses)."""
    per = CHARS_PER_TOKEN if budget.unit == "tokens" else 1
    unit = "tokens" if budget.unit == "tokens" else "characters"
    if budget.fixed is not None:
        chars = budget.fixed * per
        return Limit(chars, "fixed", f"a fixed {_n(budget.fixed)} {unit}")
    if budget.context_fraction is not None and context_tokens is not None:
        share = f"{budget.context_fraction * 100:g}% of a {_n(context_tokens)}-token context window"
        if budget.unit == "tokens":
            tokens = math.floor(context_tokens * budget.context_fraction)
            return Limit(tokens * CHARS_PER_TOKEN, "context",
                         f"{share} = {_n(tokens)} tokens, at 4 characters a token")
        chars = math.floor(context_tokens * CHARS_PER_TOKEN * budget.context_fraction)
        return Limit(chars, "context", f"{share}, at 4 characters a token")
    if budget.fallback is not None:
        why = "context window not given (--context-tokens)" if budget.context_fraction else \
            "the tool's default"
        return Limit(budget.fallback, "fallback",
                     f"fallback of {_n(budget.fallback)} characters: {why}")
    return Limit(None, "none", "no limit")


@dc.dataclass(slots=True, frozen=True)
class BudgetReport:
    """What a tool's budget does to a listing."""

    tool: str | None
    title: str
    strategy: str
    limit_chars: int | None
    limit_source: str
    explanation: str
    context_tokens: int | None
    skills: int
    chars_before: int
    chars_after: int
    shortened: tuple[str, ...] = ()
    """Skills whose description was cut (per-entry cap or the budget)."""
    descriptions_dropped: tuple[str, ...] = ()
    """Skills listed by name only."""
    omitted: tuple[str, ...] = ()
    """Skills left out of the listing."""
    overflow_line: str | None = None
    over_budget: bool = False
    """True when even the names do not fit: ``when_names_do_not_fit`` says what the tool does."""
    limit: int | None = None
    """The room in the tool's own unit (None: as ``limit_chars``)."""
    unit: str = "characters"
    when_names_do_not_fit: str | None = None
    """What the tool does when even the names do not fit its budget."""
    builtin: tuple[str, ...] = ()
    """Skills the tool ships itself, counted in its budget and not listed here."""

    @property
    def changed(self) -> bool:
        return bool(self.shortened or self.descriptions_dropped or self.omitted)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "title": self.title,
            "strategy": self.strategy,
            "limit_chars": self.limit_chars,
            "limit_source": self.limit_source,
            "explanation": self.explanation,
            "context_tokens": self.context_tokens,
            "skills": self.skills,
            "chars_before": self.chars_before,
            "chars_after": self.chars_after,
            "shortened": list(self.shortened),
            "descriptions_dropped": list(self.descriptions_dropped),
            "omitted": list(self.omitted),
            "overflow_line": self.overflow_line,
            "over_budget": self.over_budget,
            "limit": self.limit_chars if self.limit is None else self.limit,
            "unit": self.unit,
            "when_names_do_not_fit": self.when_names_do_not_fit,
            "builtin": list(self.builtin),
        }

    def lines(self) -> list[str]:
        """The report as text, one finding a line (for standard error)."""
        who = f"{self.title} ({self.tool})" if self.tool else self.title
        if self.limit is not None:
            limit = f"{_n(self.limit)} {self.unit}"
        else:
            limit = "no limit" if self.limit_chars is None else f"{_n(self.limit_chars)} characters"
        kept = self.skills - len(self.omitted)
        out = [f"budget for {who}: {limit} ({self.explanation}): {kept} of {self.skills} skills "
               f"listed, {len(self.descriptions_dropped)} by name only, "
               f"{len(self.shortened)} shortened",
               f"  listing: {self.skills} skill{'' if self.skills == 1 else 's'}, "
               f"{_n(self.chars_before)} characters"
               f" -> {_n(self.chars_after)}"]
        for label, names in (("descriptions shortened", self.shortened),
                             ("descriptions dropped, listed by name only",
                              self.descriptions_dropped),
                             ("left out", self.omitted)):
            if names:
                shown = ", ".join(names[:REPORT_NAMES])
                more = f"... and {len(names) - REPORT_NAMES} more" \
                    if len(names) > REPORT_NAMES else ""
                out.append(f"  {label} ({len(names)}): {shown}{more}")
        if self.overflow_line:
            line = self.overflow_line
            out.append(f"  overflow line: {line if len(line) <= 300 else line[:299] + ELLIPSIS}")
        if self.over_budget:
            action = self.when_names_do_not_fit or "the listing stays over its budget"
            out.append(f"  even the names do not fit: {action}")
        if self.builtin:
            out.append(f"  {self.title} also lists its own skills, counted above: "
                       f"{', '.join(self.builtin)}")
        if not self.changed and not self.over_budget:
            out.append("  fits: nothing shortened, dropped or left out")
        return out


def shorten(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, ending with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    if limit <= 1:
        return text[:limit]
    return text[:limit - 1].rstrip() + ELLIPSIS


def overflow_line(names: Sequence[str], names_chars: int) -> str:
    """Copilot's line for skills left out: names while they fit, then "... and N more"."""
    shown: list[str] = []
    used = 0
    for name in names:
        cost = len(name) + (2 if shown else 0)
        if used + cost > names_chars:
            break
        shown.append(name)
        used += cost
    line = copilot.OVERFLOW_PREFIX + ", ".join(shown)
    rest = len(names) - len(shown)
    return f"{line}... and {rest} more" if rest else line


Cost = Callable[[Entry], int]


def _total(entries: Sequence[Entry], cost: Cost) -> int:
    return sum(cost(e) for e in entries)


def _with_description(entry: Entry, text: str | None) -> Entry:
    return dc.replace(entry, description=text)


def _drop_descriptions(entries: list[Entry], limit: int, cost: Cost) -> list[str]:
    total = _total(entries, cost)
    dropped: list[str] = []
    for i in reversed(range(len(entries))):
        if total <= limit:
            break
        if entries[i].description is None:
            continue
        bare = _with_description(entries[i], None)
        total -= cost(entries[i]) - cost(bare)
        entries[i] = bare
        dropped.append(bare.name)
    return dropped[::-1]


def _cut_all(entries: Sequence[Entry], cap: int) -> list[Entry]:
    return [e if e.description is None or len(e.description) <= cap
            else _with_description(e, shorten(e.description, cap) if cap > 0 else None)
            for e in entries]


def _truncate_descriptions(
    entries: list[Entry], limit: int, cost: Cost
) -> tuple[list[Entry], bool]:
    """Shorten the longest descriptions to one common length, the largest that fits.
    Returns the entries and whether even no descriptions at all would not fit."""
    longest = max((len(e.description or "") for e in entries), default=0)
    low, high = 0, longest
    while low < high:  # largest cap whose listing fits
        middle = (low + high + 1) // 2
        if _total(_cut_all(entries, middle), cost) <= limit:
            low = middle
        else:
            high = middle - 1
    cut = _cut_all(entries, low)
    return cut, _total(cut, cost) > limit


def apply_budget(
    entries: Sequence[Entry],
    budget: Budget,
    counted: Format,
    *,
    context_tokens: int | None = None,
    tool: str | None = None,
    title: str | None = None,
    overflow_names_chars: int | None = None,
) -> tuple[tuple[Entry, ...], str | None, BudgetReport]:
    """Apply ``budget`` to ``entries`` as the tool would, counting each entry as ``counted``
    spells it plus a newline. Returns the entries left, the overflow line (or None) and the
    report."""

    def cost(entry: Entry) -> int:
        return len(counted.entry(entry)) + 1

    items = list(entries)
    before = _total(items, cost)
    shortened: list[str] = []
    if budget.per_entry_chars is not None:
        for i, item in enumerate(items):
            if item.description is not None and len(item.description) > budget.per_entry_chars:
                items[i] = _with_description(item, shorten(item.description,
                                                           budget.per_entry_chars))
                shortened.append(item.name)
    limit = limit_for(budget, context_tokens)
    dropped: list[str] = []
    omitted: list[str] = []
    over = False
    if limit.chars is not None and _total(items, cost) > limit.chars:
        if budget.strategy == "drop-descriptions":
            dropped = _drop_descriptions(items, limit.chars, cost)
            over = _total(items, cost) > limit.chars
        elif budget.strategy == "truncate-descriptions":
            cut, too_many = _truncate_descriptions(items, limit.chars, cost)
            for old, new in zip(items, cut, strict=True):
                if new.description is None and old.description is not None:
                    dropped.append(new.name)
                elif new.description != old.description and new.name not in shortened:
                    shortened.append(new.name)
            items = cut
            while too_many and items:
                omitted.insert(0, items.pop().name)
                too_many = _total(items, cost) > limit.chars
            listed = {e.name for e in items}
            shortened = [n for n in shortened if n in listed]
            dropped = [n for n in dropped if n in listed]
        else:
            kept: list[Entry] = []
            used = 0
            for item in items:
                if omitted or used + cost(item) > limit.chars:
                    omitted.append(item.name)
                else:
                    kept.append(item)
                    used += cost(item)
            items = kept
    overflow = overflow_line(omitted, overflow_names_chars) \
        if omitted and overflow_names_chars is not None else None
    when = {
        "drop-descriptions": "every name is listed anyway, and the listing stays over budget",
        "truncate-descriptions": "every description goes and entries are left out from the end",
        "omit-entries": "the entries that do not fit are left out"
                        + (", named on one 'Additional skills available' line"
                           if overflow_names_chars is not None else ""),
    }[budget.strategy]
    report = BudgetReport(
        tool=tool,
        title=title or tool or "custom budget",
        strategy=budget.strategy,
        limit_chars=limit.chars,
        limit_source=limit.source,
        explanation=limit.explanation,
        context_tokens=context_tokens,
        skills=len(entries),
        chars_before=before,
        chars_after=_total(items, cost),
        shortened=tuple(shortened),
        descriptions_dropped=tuple(dropped),
        omitted=tuple(omitted),
        overflow_line=overflow,
        over_budget=over or bool(omitted),
        when_names_do_not_fit=when,
    )
    return tuple(items), overflow, report
