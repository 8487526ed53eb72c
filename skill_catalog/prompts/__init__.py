"""Prompt fragments: the catalog in the shapes real agent clients put in their prompts.

A format is one module in :mod:`skill_catalog.prompts.formats` and one entry in
:data:`FORMATS`; tool budgets are in :mod:`skill_catalog.prompts.budget`.

>>> import skill_catalog
>>> from skill_catalog.prompts import render
>>> fragment = render(skill_catalog.load(["skills/"]), "claude-code", budget="claude-code",
...                   context_tokens=200_000)            # doctest: +SKIP
>>> print(fragment.text, fragment.report.lines())        # doctest: +SKIP
"""

from __future__ import annotations

from skill_catalog.prompts.budget import (
    LISTINGS,
    BudgetReport,
    ToolBudget,
    ToolListing,
    UnknownTool,
    apply_budget,
    budget_tools,
    limit_for,
    tool_budget,
)
from skill_catalog.prompts.entry import LOCATION_MODES, Entry, LocationMode
from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.formats import FORMATS
from skill_catalog.prompts.render import (
    Fragment,
    Prepared,
    UnknownFormat,
    prepare,
    render,
    render_prepared,
)
from skill_catalog.prompts.template import TemplateProblem, render_template

__all__ = [
    "FORMATS",
    "LISTINGS",
    "LOCATION_MODES",
    "BudgetReport",
    "Entry",
    "Format",
    "Fragment",
    "Listing",
    "LocationMode",
    "Prepared",
    "TemplateProblem",
    "ToolBudget",
    "ToolListing",
    "UnknownFormat",
    "UnknownTool",
    "apply_budget",
    "budget_tools",
    "limit_for",
    "prepare",
    "render",
    "render_prepared",
    "render_template",
    "tool_budget",
]
