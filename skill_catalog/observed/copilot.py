"""GitHub Copilot (VS Code agent mode), as its source and documentation say; no Copilot client
runs here, so unlike the other modules of this package nothing below is checked against a real
run (microsoft/vscode ``promptFileLocations.ts``, ``promptFilesLocator.ts``; the
code.visualstudio.com page on agent skills).

The skills folders are ``.github/skills``, ``.agents/skills`` and ``.claude/skills`` of the
workspace, then ``~/.copilot/skills``, ``~/.agents/skills`` and ``~/.claude/skills``, one level
deep. The listing is a ``<skills>`` block after :data:`PREAMBLE`, one ``<skill>`` with
``<name>``, ``<description>`` and ``<file>`` each, within :data:`BUDGET_CHARS` characters; the
skills past it are named on one line after :data:`OVERFLOW_PREFIX`, at most
:data:`OVERFLOW_NAMES_CHARS` characters of names.
"""

from __future__ import annotations

TITLE = "GitHub Copilot"
SKILL_FOLDERS = (".github", ".agents", ".claude")
"""Folders of the workspace holding a ``skills`` folder, in search order."""
USER_FOLDERS = (".copilot", ".agents", ".claude")
"""Folders of the home directory holding a ``skills`` folder, in search order."""
INSTRUCTION_FILES = (".github/copilot-instructions.md", "AGENTS.md", "CLAUDE.md",
                     ".github/instructions/**/*.instructions.md")
EXTRA_SETTING = "chat.agentSkillsLocations"
BUDGET_CHARS = 15000
"""Characters of the listing's entries."""
OVERFLOW_NAMES_CHARS = 5000
"""Characters of names on the line of skills left out."""
OVERFLOW_PREFIX = "Additional skills available (invoke by name): "
PREAMBLE = (
    "Here is a list of skills that contain domain specific knowledge on a variety of topics.\n"
    "Each skill comes with a description of the topic and a file path that contains the "
    "detailed instructions.\n"
    "When a user asks you to perform a task that falls within the domain of a skill, use the "
    "'read_file' tool to acquire the full instructions from the file URI."
)
EXTENSION_FIELDS = frozenset({"argument-hint", "user-invocable", "disable-model-invocation"})
"""Frontmatter fields Copilot reads beyond the spec's."""
