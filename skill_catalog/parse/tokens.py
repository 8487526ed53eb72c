"""Approximate token counts, as agent tools estimate them (about four characters a token)."""

from __future__ import annotations


def estimate_tokens(text: str) -> int:
    """Tokens in ``text`` by the chars/4 rule that Codex, Claude Code's budgets and most
    skill linters use; exact counts depend on each model's tokenizer."""
    return (len(text) + 3) // 4
