"""The one base of the errors skill-catalog raises on purpose.

The command line turns any of them into one message on standard error, escaped
(:func:`skill_catalog.display.escape.printable_lines`), and the exit status its class names:
2 for a usage error (a bad option value, configuration, output folder or git ref), 1 for a
lookup that found nothing (an unknown skill, a refused file). Nothing else prints them.
"""

from __future__ import annotations

from typing import ClassVar


class SkillCatalogError(Exception):
    """An error with a message meant for the user; ``exit_code`` is the command's status."""

    exit_code: ClassVar[int] = 2


class NotFound(SkillCatalogError):
    """What was asked for is not there, or is refused: a finding (exit 1), not a usage error."""

    exit_code: ClassVar[int] = 1
