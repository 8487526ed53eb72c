"""set3 part d (in progress)."""
CATEGORIES = {}
