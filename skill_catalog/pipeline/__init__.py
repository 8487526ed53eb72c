"""The load pipeline behind ``load()``: parse and check each skill, cache, changes.

Each skill is parsed and checked (from the cache where unchanged), and ``--changed-since``
finds which skills a change touches.
"""
