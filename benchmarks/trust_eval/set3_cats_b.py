"""set3 part b (in progress)."""
CATEGORIES = {}
