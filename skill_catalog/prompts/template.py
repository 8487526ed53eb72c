"""Rendering the catalog through a user's own Jinja2 template.

Every agent product has its own prompt shape, and many build it at release time; a template
file lets them keep that shape and take the validated list from here. The template is rendered
in Jinja2's sandbox with undefined names as errors, and autoescaped when its file name ends in
``.xml``, ``.html`` or ``.htm`` (values are always cleaned of control characters).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from skill_catalog.errors import SkillCatalogError, template_place
from skill_catalog.prompts.entry import Entry

AUTOESCAPED_SUFFIXES = (".xml", ".html", ".htm")


class TemplateProblem(SkillCatalogError, ValueError):
    """The template could not be read or rendered; the message says where and why."""


def autoescaped(path: Path) -> bool:
    return path.suffix.lower() in AUTOESCAPED_SUFFIXES


def render_template(
    path: Path,
    entries: Sequence[Entry],
    *,
    tool: dict[str, Any] | None = None,
    budget: dict[str, Any] | None = None,
    overflow: str | None = None,
) -> str:
    """Render ``path`` with ``skills`` (one mapping per entry, see :meth:`Entry.as_dict`),
    ``tool`` (``{"name", "title"}`` or None), ``budget`` (the budget report as a mapping, or
    None) and ``overflow`` (the line naming skills a budget left out, or None)."""
    path = Path(path)
    env = SandboxedEnvironment(
        loader=jinja2.FileSystemLoader(str(path.parent.absolute())),
        autoescape=autoescaped(path),
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    try:
        template = env.get_template(path.name)
        return template.render(skills=[e.as_dict() for e in entries], tool=tool,
                               budget=budget, overflow=overflow)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateProblem(f"{exc.filename or path}:{exc.lineno}: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        raise TemplateProblem(f"{path}: template not found ({exc.name})") from None
    except jinja2.TemplateError as exc:  # at run time: the template line it happened on
        message = exc.message or str(exc)
        raise TemplateProblem(f"{template_place(exc) or path}: {message}") from None
    except UnicodeDecodeError as exc:
        raise TemplateProblem(f"{path}: not UTF-8 text ({exc.reason})") from None
