"""Every rule module, in one explicit, ordered place: importing this module registers every
rule with :mod:`skill_catalog.codes.registry` (a leaf that imports no rule module; the
codes discovery and parsing emit are its own table, :mod:`skill_catalog.codes.declared`)."""

from __future__ import annotations

from skill_catalog.codes.registry import RULES
from skill_catalog.validate import library_rules, lint_rules, spec_rules, trust_rules

__all__ = ["MODULES", "RULES"]

MODULES = (spec_rules, lint_rules, library_rules, trust_rules)
"""The rule modules; rules run in code order whatever the order here. ``RULES`` imported from
here is complete."""

