"""Agent tools: each one's profile, what it loads and shows, and how to launch it."""
