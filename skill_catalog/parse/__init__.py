"""SKILL.md -> frontmatter, body and file inventory. Never raises on bad input."""

from skill_catalog.parse.skill import parse_skill

__all__ = ["parse_skill"]
