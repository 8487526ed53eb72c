"""``prompts/``: the catalog's valid skills as prompt fragments, one file per client format.

Locations are relative to the library root (``<skill>/SKILL.md``), since the absolute paths of
the build machine mean nothing to a reader of the site; a pipeline that installs the skills
elsewhere renders its own fragment with ``skill-catalog prompt`` or a ``--template``.
"""

from __future__ import annotations

from skill_catalog.prompts import FORMATS, Prepared, prepare, render_prepared
from skill_catalog.site.context import SiteContext
from skill_catalog.site.write.output import OutputTree

MAIN_FILE = "prompts/available_skills.xml"
_SUFFIX = {"json": ".json", "markdown": ".md"}


def file_for(format_name: str) -> str:
    if format_name == "xml":
        return MAIN_FILE
    return f"prompts/{format_name}{_SUFFIX.get(format_name, '.txt')}"


def prepared(ctx: SiteContext) -> Prepared:
    """The entry of every published skill, as every prompt file lists it (computed once for
    all the formats)."""
    cwd = ctx.catalog.roots[0].absolute() if ctx.catalog.roots else None
    return prepare([s.skill for s in ctx.published], location="relative", cwd=cwd)


def fragment(ctx: SiteContext, format_name: str = "xml", entries: Prepared | None = None
             ) -> str:
    """The whole catalog's fragment in one format ('' when no skill is valid); pass
    ``entries`` (from :func:`prepared`) to render several formats."""
    return render_prepared(entries if entries is not None else prepared(ctx), format_name).text


def write_prompt_files(ctx: SiteContext, out: OutputTree, entries: Prepared | None = None
                       ) -> None:
    """Every format's file; ``entries`` as :func:`prepared` gives them, if already made."""
    entries = entries if entries is not None else prepared(ctx)
    for name in FORMATS:
        out.write_text(file_for(name), fragment(ctx, name, entries))


def described_files() -> list[tuple[str, str]]:
    """(path, what) of every prompt file, for the agents page."""
    return [(file_for(name), f"Prompt fragment: {fmt.title} ({fmt.summary.rstrip('.')}).")
            for name, fmt in FORMATS.items()]
