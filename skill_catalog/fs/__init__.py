"""File-system primitives: bounded walk, reads that stay below a root, safe writes, YAML.

Reads below a root never follow a link out; writes never follow a link; YAML is parsed with
bounds on size, depth and aliases. Imports nothing of ours but :mod:`skill_catalog.errors`.
"""
