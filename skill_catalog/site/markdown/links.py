"""Rewriting links in rendered Markdown so they work inside the site.

A link to a file of the skill goes to that file's page (Markdown) or its raw copy; a text file
shown by the skill's viewer (:data:`VIEWER`) keeps the raw copy as its ``href`` and gets the
viewer's URL as ``data-view``, which the site's script puts in its place when the site is
served over HTTP (without script, and from ``file://``, where a page cannot read other files,
the link opens the raw copy). A link that leaves the skill folder, or names a file the skill
does not have, is dropped (its text stays); external images are dropped so that opening a
page never contacts another origin.
"""

from __future__ import annotations

import dataclasses as dc
import posixpath
from collections.abc import Callable, Mapping
from urllib.parse import unquote, urlsplit

from skill_catalog.parse.inventory import categorize
from skill_catalog.site.context import SiteSkill
from skill_catalog.site.markdown.link_pass import Target

Rewriter = Callable[[str, str], str | Target | None]
_SAFE_SCHEMES = ("http", "https", "mailto")
VIEWER = "view.html"
"""A skill's file viewer, beside its page: ``skills/<slug>/view.html?f=<relpath>``."""


@dc.dataclass(slots=True, frozen=True)
class FileLinks:
    """Where a skill's files are linked from its page (``skills/<slug>/``)."""

    hrefs: Mapping[str, str]
    """Each published file's page or raw copy, by relpath."""
    views: Mapping[str, str]
    """The viewer's URL of each file the viewer shows, by relpath."""


def is_markdown(relpath: str) -> bool:
    """A file the site renders as Markdown (by its extension)."""
    return relpath.lower().endswith((".md", ".markdown"))


def rewriter_for(site_skill: SiteSkill, base: str, hrefs: Mapping[str, str],
                 views: Mapping[str, str] | None = None, *, file_page: bool = False) -> Rewriter:
    """A rewriter for a document at ``base`` (folder relative to the skill root, ``""`` for
    SKILL.md). ``hrefs`` maps each published file's relpath to its URL from the skill page; a
    file the site did not publish is no link target; ``views`` the viewer's URL of the files
    it shows (links to them become :class:`Target`). ``file_page`` says the document is shown
    at ``files/<relpath>.html`` rather than on the skill page."""
    depth = base.count("/") + 1 if base else 0
    # A file page lives at files/<relpath>.html: one level deeper than the skill page, plus base.
    up = "../" * (depth + 1) if file_page else ""

    viewer = views or {}

    def target_href(relpath: str) -> str | None:
        if file_page and categorize(relpath) == "skill_md":
            return up + "index.html"
        href = hrefs.get(relpath)
        return None if href is None else up + href

    def rewrite(url: str, kind: str) -> str | Target | None:
        url = url.strip()
        if not url:
            return None
        parts = urlsplit(url)
        if parts.scheme:
            if kind == "image" or parts.scheme.lower() not in _SAFE_SCHEMES:
                return None
            return url
        if url.startswith("#"):
            return url if kind == "link" else None
        if url.startswith(("//", "/", "\\")):
            return None
        path = unquote(parts.path).replace("\\", "/")
        fragment = f"#{parts.fragment}" if parts.fragment else ""
        for candidate in (posixpath.normpath(posixpath.join(base, path)),
                          posixpath.normpath(path)):
            if candidate.startswith("../") or candidate == "..":
                continue
            href = target_href(candidate)
            if href is None:
                continue
            if kind == "image":
                return href
            view = viewer.get(candidate)
            if view is not None:
                return Target(href, up + view + fragment)
            return href + fragment
        return None

    return rewrite
