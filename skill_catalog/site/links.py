"""Rewriting links in rendered Markdown so they work inside the site.

A link to a file of the skill goes to that file's page (text) or its raw copy (binary); a link
that leaves the skill folder, or names a file the skill does not have, is dropped (its text
stays); external images are dropped so that opening a page never contacts another origin.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from urllib.parse import unquote, urlsplit

from skill_catalog.parse.inventory import categorize
from skill_catalog.site.context import SiteSkill

Rewriter = Callable[[str, str], str | None]
_SAFE_SCHEMES = ("http", "https", "mailto")


def rewriter_for(site_skill: SiteSkill, base: str, hrefs: Mapping[str, str], *,
                 file_page: bool = False) -> Rewriter:
    """A rewriter for a document at ``base`` (folder relative to the skill root, ``""`` for
    SKILL.md). ``hrefs`` maps each published file's relpath to its URL from the skill page; a
    file the site did not publish is no link target. ``file_page`` says the document is shown
    at ``files/<relpath>.html`` rather than on the skill page."""
    depth = base.count("/") + 1 if base else 0
    # A file page lives at files/<relpath>.html: one level deeper than the skill page, plus base.
    up = "../" * (depth + 1) if file_page else ""

    def target_href(relpath: str) -> str | None:
        if file_page and categorize(relpath) == "skill_md":
            return up + "index.html"
        href = hrefs.get(relpath)
        return None if href is None else up + href

    def rewrite(url: str, kind: str) -> str | None:
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
            if href is not None:
                return href + (fragment if kind == "link" else "")
        return None

    return rewrite
