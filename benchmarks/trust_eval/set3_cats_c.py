"""set3 part c (in progress)."""
CATEGORIES = {}
