"""``serve``: a local preview that rebuilds in a child process and reloads the page."""
