"""The static catalog: pages, search, machine-readable outputs and archives, from one build.

Its parts form layers, each importing only those below it: ``build``, ``reuse``, ``pages``,
``outputs``, ``publish``, ``markdown``, ``write``, ``context``, ``urls`` (docs/architecture.md).

This module is the front door: the command line, ``serve``, the MkDocs adapter, the MCP server
and ``diff`` import what they use of the site from here, never from its parts
(``tests/test_architecture.py`` fails on a front end importing one). Each name is imported
from its part when first used, so that a front end needing a constant does not load the page
renderer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skill_catalog.site.build import BuildResult, NothingToBuild, Session
    from skill_catalog.site.build import build as build_site
    from skill_catalog.site.context import SiteContext, SiteSkill, is_internal, public_text
    from skill_catalog.site.dates import Dates
    from skill_catalog.site.markdown.links import rewriter_for
    from skill_catalog.site.markdown.render import PAGE_IDS, render_markdown
    from skill_catalog.site.outputs.catalog_json import CATALOG, json_safe
    from skill_catalog.site.outputs.diagnostics_json import relative_to_skill
    from skill_catalog.site.outputs.install import InstallRoutes
    from skill_catalog.site.outputs.marketplace import (
        MARKETPLACE,
        REPOSITORY_MARKETPLACE,
        NoRepositoryUrl,
        OutsideRoot,
        repository_marketplace,
        repository_root,
    )
    from skill_catalog.site.outputs.marketplace import status as marketplace_status
    from skill_catalog.site.outputs.prompt_files import MAIN_FILE as PROMPT_FILE
    from skill_catalog.site.outputs.wellknown import INDEX
    from skill_catalog.site.outputs.writers import (
        LLMS_TXT,
        Writer,
        write_listings,
        write_outputs,
        write_robots,
        write_sitemap,
    )
    from skill_catalog.site.pages.templates import environment as page_environment
    from skill_catalog.site.pages.views import (
        MAX_BODY_DISPLAY,
        MAX_LIBRARY_DIAGNOSTICS,
        MAX_LISTED_FILES,
        MAX_SKILL_DIAGNOSTICS,
        card_description,
        counts_of,
        description_view,
        diagnostic_view,
        files_notice,
        frontmatter_rows,
        secret_notice,
        size_label,
        trust_label,
        verdict_label,
    )
    from skill_catalog.site.publish.archive import bundle
    from skill_catalog.site.publish.digests import bundle_digest
    from skill_catalog.site.publish.listed import listed_skills
    from skill_catalog.site.publish.sources import read_sources, write_raw_copies
    from skill_catalog.site.reuse import state_path
    from skill_catalog.site.urls import V01
    from skill_catalog.site.write.output import (
        OutputError,
        OutputTree,
        check_output,
        remove_workspace,
    )
    from skill_catalog.site.write.serialize import clean_text, plain_line

_PARTS: dict[str, tuple[str, ...]] = {
    "build": ("BuildResult", "NothingToBuild", "Session"),
    "context": ("SiteContext", "SiteSkill", "is_internal", "public_text"),
    "dates": ("Dates",),
    "markdown.links": ("rewriter_for",),
    "markdown.render": ("PAGE_IDS", "render_markdown"),
    "outputs.catalog_json": ("CATALOG", "json_safe"),
    "outputs.diagnostics_json": ("relative_to_skill",),
    "outputs.install": ("InstallRoutes",),
    "outputs.marketplace": ("MARKETPLACE", "REPOSITORY_MARKETPLACE", "NoRepositoryUrl",
                            "OutsideRoot", "repository_marketplace", "repository_root"),
    "outputs.wellknown": ("INDEX",),
    "outputs.writers": ("LLMS_TXT", "Writer", "write_listings", "write_outputs", "write_robots",
                        "write_sitemap"),
    "pages.views": ("MAX_BODY_DISPLAY", "MAX_LIBRARY_DIAGNOSTICS", "MAX_LISTED_FILES",
                    "MAX_SKILL_DIAGNOSTICS", "card_description", "counts_of", "description_view",
                    "diagnostic_view", "files_notice", "frontmatter_rows", "secret_notice",
                    "size_label", "trust_label", "verdict_label"),
    "publish.archive": ("bundle",),
    "publish.digests": ("bundle_digest",),
    "publish.listed": ("listed_skills",),
    "publish.sources": ("read_sources", "write_raw_copies"),
    "reuse": ("state_path",),
    "urls": ("V01",),
    "write.output": ("OutputError", "OutputTree", "check_output", "remove_workspace"),
    "write.serialize": ("clean_text", "plain_line"),
}
_RENAMED = {"build_site": ("build", "build"),
            "PROMPT_FILE": ("outputs.prompt_files", "MAIN_FILE"),
            "page_environment": ("pages.templates", "environment"),
            "marketplace_status": ("outputs.marketplace", "status")}
"""Names the front door gives under another name (the part's own would hide the part)."""
_WHERE = {name: (part, name) for part, names in _PARTS.items() for name in names} | _RENAMED

__all__ = [
    "CATALOG",
    "INDEX",
    "LLMS_TXT",
    "MARKETPLACE",
    "MAX_BODY_DISPLAY",
    "MAX_LIBRARY_DIAGNOSTICS",
    "MAX_LISTED_FILES",
    "MAX_SKILL_DIAGNOSTICS",
    "PAGE_IDS",
    "PROMPT_FILE",
    "REPOSITORY_MARKETPLACE",
    "V01",
    "BuildResult",
    "Dates",
    "InstallRoutes",
    "NoRepositoryUrl",
    "NothingToBuild",
    "OutputError",
    "OutputTree",
    "OutsideRoot",
    "Session",
    "SiteContext",
    "SiteSkill",
    "Writer",
    "build_site",
    "bundle",
    "bundle_digest",
    "card_description",
    "check_output",
    "clean_text",
    "counts_of",
    "description_view",
    "diagnostic_view",
    "files_notice",
    "frontmatter_rows",
    "is_internal",
    "json_safe",
    "listed_skills",
    "marketplace_status",
    "page_environment",
    "plain_line",
    "public_text",
    "read_sources",
    "relative_to_skill",
    "remove_workspace",
    "render_markdown",
    "repository_marketplace",
    "repository_root",
    "rewriter_for",
    "secret_notice",
    "size_label",
    "state_path",
    "trust_label",
    "verdict_label",
    "write_listings",
    "write_outputs",
    "write_raw_copies",
    "write_robots",
    "write_sitemap",
]
"""Everything the front door offers (each name is in :data:`_WHERE`)."""


def __getattr__(name: str) -> object:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    part, attribute = where
    # Not kept here: the part's own name stays the one value (a test may patch it there).
    return getattr(importlib.import_module(f"{__name__}.{part}"), attribute)
