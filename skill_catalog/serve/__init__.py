"""``serve``: a local preview that rebuilds the site in a child process and reloads the open
page."""
