"""Markdown to safe HTML: the engines, the sanitiser, links and code."""
