"""The static catalog: pages, search, machine-readable outputs and archives, from one build."""
