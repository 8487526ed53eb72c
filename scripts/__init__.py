"""Maintenance commands (not part of the package): ``python -m scripts.NAME``."""
