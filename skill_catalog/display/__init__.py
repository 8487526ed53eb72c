"""Text shown to people, in one form wherever it appears: untrusted text escaped for terminals
and JSON (escape), sizes, counts, shortened text and frontmatter values (human), file paths
(paths)."""
