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
    if is_template_error(exc):  # a theme's or --template's mistake: where it is, and what
        place = template_place(exc)
        message = getattr(exc, "message", None) or str(exc)
        return f"{place}: {message}" if place else f"template: {message}"
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        names = [str(n) for n in (exc.filename, exc.filename2) if n is not None]
        return f"{' -> '.join(names)}: {reason}" if names else reason
    if isinstance(exc, KeyboardInterrupt):
        return "interrupted"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def is_template_error(exc: BaseException) -> bool:
    """Whether ``exc`` is Jinja2's (a template's syntax, a missing template, an undefined
    name), told without importing Jinja2."""
    return any(cls.__module__.split(".")[0] == "jinja2" for cls in type(exc).__mro__)


def template_place(exc: BaseException) -> str | None:
    """``file:line`` in the template where ``exc`` happened: a syntax error's own, else the
    innermost template frame of the traceback (Jinja2 rewrites its tracebacks so that each
    template line is a frame named after the template's file)."""
    filename, lineno = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    if isinstance(filename, str) and isinstance(lineno, int):
        return f"{filename}:{lineno}"
    place = None
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if not name.endswith((".py", ".pyc")) and not name.startswith("<"):
            place = f"{name}:{tb.tb_lineno}"
        tb = tb.tb_next
    return place
