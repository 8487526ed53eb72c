"""Validation: the rule modules, each rule one small function with a stable code.

Rules register in :mod:`skill_catalog.codes.registry`; :mod:`skill_catalog.validate.rules`
lists the rule modules in one ordered place, and importing it registers them all.
"""
