"""Writing skills: a new skill folder, and the rules a name must pass."""
