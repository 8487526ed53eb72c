"""File-system primitives: the bounded walk, reads below a root that never follow a link out,
writes that never follow a link, bounded YAML."""
