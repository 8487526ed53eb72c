"""Validation: a registry of rules, each one small function with a stable code."""

from skill_catalog.codes.registry import RULES, Rule, RuleContext, run_rules

__all__ = ["RULES", "Rule", "RuleContext", "run_rules"]
