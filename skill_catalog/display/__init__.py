"""Text shown to people, in one form wherever it appears (CLI, site, MkDocs adapter).

Untrusted text escaped for terminals and JSON (:mod:`~skill_catalog.display.escape`); sizes,
counts, shortened text and frontmatter values (:mod:`~skill_catalog.display.human`); file
paths as reports show them (:mod:`~skill_catalog.display.paths`).
"""
