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


def describe(exc: BaseException) -> str:
    """An error as the user is told it, in one line of words, never a class name or a
    traceback, wherever it is told (the command line, ``serve``'s log and pages): the message of
    a :class:`SkillCatalogError`; for an ``OSError`` (a folder missing or unwritable, a full
    disk) the file(s) and the reason (``/proc/.site.lock: No such file or directory``). Any
    other exception is a defect of skill-catalog, named by its class so that it can be
    reported."""
    if isinstance(exc, SkillCatalogError):
        return str(exc)
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        names = [str(n) for n in (exc.filename, exc.filename2) if n is not None]
        return f"{' -> '.join(names)}: {reason}" if names else reason
    if isinstance(exc, KeyboardInterrupt):
        return "interrupted"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
