"""Frontmatter fields that agent tools add on top of the spec, by tool.

Config ``extensions: [claude-code, ...]`` accepts a tool's fields; without it they are still
recognised by name, and the diagnostic says which tool they belong to.
"""

from __future__ import annotations

from skill_catalog.observed import copilot

SPEC_FIELDS = ("allowed-tools", "compatibility", "description", "license", "metadata", "name")

EXTENSION_FIELDS: dict[str, frozenset[str]] = {
    # code.claude.com docs/skills.md, frontmatter reference
    "claude-code": frozenset({
        "argument-hint", "disable-model-invocation", "user-invocable", "model", "effort",
        "context", "agent", "hooks", "paths", "shell", "when_to_use", "arguments",
    }),
    # code.visualstudio.com agent-skills
    "copilot": copilot.EXTENSION_FIELDS,
    # charmbracelet/crush internal/skills/skills.go
    "crush": frozenset({"user-invocable", "disable-model-invocation"}),
    # cursor.com/docs/context/skills
    "cursor": frozenset({"disable-model-invocation"}),
}

TOOL_TITLES = {
    "claude-code": "Claude Code",
    "copilot": copilot.TITLE,
    "crush": "Crush",
    "cursor": "Cursor",
}


def tools_defining(field: str) -> list[str]:
    """The tools whose documented extensions include ``field``, in table order."""
    return [tool for tool, fields in EXTENSION_FIELDS.items() if field in fields]


def accepted_fields(enabled: frozenset[str]) -> frozenset[str]:
    fields = set(SPEC_FIELDS)
    for tool in enabled:
        fields |= EXTENSION_FIELDS.get(tool, frozenset())
    return frozenset(fields)
