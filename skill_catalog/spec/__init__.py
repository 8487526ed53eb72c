"""The Agent Skills specification's facts: the frontmatter's limits and the name pattern."""
