"""Diagnostic codes: the rule registry and the codes discovery and parsing emit.

A leaf: it imports no rule module (they register themselves; :mod:`skill_catalog.validate.rules`
lists them). Each code has one entry: its stage, severity, fix and check.
"""
