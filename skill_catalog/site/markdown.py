"""The one Markdown renderer of the HTML catalog, and highlighted views of other files.

``render_markdown`` turns a skill's untrusted Markdown into an HTML fragment that is safe to
insert with ``|safe``:

1. cut to ``max_chars`` at a line boundary (a visible notice says so);
2. CommonMark + GFM to HTML by an engine of :mod:`~skill_catalog.site.markdown_engines`
   (tables, task lists, strikethrough, footnotes, GFM autolinks, Pygments-highlighted fences;
   raw HTML passes through);
3. nh3 keeps only the allow-list of :mod:`~skill_catalog.site.sanitize`, dropping scripts,
   event handlers, styles, forms and unsafe URLs, and re-serialises canonically;
4. one pass over links, images and ids (:mod:`~skill_catalog.site.link_pass`): the site's
   ``rewrite_link`` decides where each link and image goes, external links get
   ``rel="nofollow noopener noreferrer"``, the author's ids are prefixed;
5. headings get unique anchors and a ``#`` self-link (:mod:`~skill_catalog.site.anchors`),
   and task-list placeholders become disabled checkboxes.

Only steps 4 and 5 add markup after the sanitiser, built from escaped values.
"""

from __future__ import annotations

import dataclasses as dc
import re
from collections.abc import Collection

from skill_catalog.site import link_pass
from skill_catalog.site.anchors import AnchorAllocator, add_anchors, find_headings
from skill_catalog.site.highlight import lexer_for_file, numbered_lines
from skill_catalog.site.link_pass import USER_ID_PREFIX, Fragments, TagRewriter, author_ids
from skill_catalog.site.markdown_engines import ENGINES, resolve
from skill_catalog.site.sanitize import (
    BLOCK_CLOSE,
    BLOCK_OPEN,
    CHECKBOX_CHECKED,
    CHECKBOX_UNCHECKED,
    PLACEHOLDERS,
    clean,
)

__all__ = [
    "ENGINES",
    "PAGE_IDS",
    "Heading",
    "LinkKind",
    "LinkRewriter",
    "Rendered",
    "highlight_file",
    "render_markdown",
]

LinkKind = link_pass.LinkKind
LinkRewriter = link_pass.LinkRewriter

PAGE_IDS: frozenset[str] = frozenset(
    {
        "main", "title", "content", "top", "search", "toc", "nav", "header", "footer",
        "skill-search", "skill-list", "search-status", "no-results", "theme-toggle",
        "body-title", "files-title", "fm-title", "diag-title", "lib-diag", "cost-title",
        "agents-title", "install-title", "install-npx", "npx-all", "npx-title", "prompt-all",
        "prompt-fragment", "prompt-title",
    }
)  # fmt: skip
"""Ids the site's templates use: heading anchors avoid them (``main`` becomes ``main-1``)."""

_SURROGATES = re.compile("[\ud800-\udfff]")
_CHECKBOX = '<input type="checkbox" class="task-list-item-checkbox" disabled'
_PLACED = re.compile(f"{BLOCK_OPEN}([0-9]+){BLOCK_CLOSE}|[{CHECKBOX_UNCHECKED}{CHECKBOX_CHECKED}]")
_TAG_WITH_PLACEHOLDER = re.compile("<[^>]*[\ufdd0-\ufdef][^>]*>")


@dc.dataclass(slots=True, frozen=True)
class Heading:
    level: int
    """1-6."""
    text: str
    """Plain text."""
    anchor: str
    """The heading's ``id``: unique in the document, never one of :data:`PAGE_IDS`."""


@dc.dataclass(slots=True, frozen=True)
class Rendered:
    html: str
    """Sanitised HTML fragment, safe to insert with ``|safe``."""
    headings: tuple[Heading, ...]
    """Headings with text, in document order: for the table of contents and for search."""
    truncated: bool
    """The input was longer than ``max_chars`` and was cut (the html ends with a notice)."""
    engine: str = ""
    """Which engine rendered it (``markdown-it`` or ``cmark``)."""


def _size(n_bytes: int) -> str:
    if n_bytes >= 1_000_000:
        return f"{n_bytes / 1_000_000:.1f} MB"
    if n_bytes >= 1_000:
        return f"{n_bytes / 1_000:.1f} KB"
    return f"{n_bytes} bytes"


def _cut(text: str, max_chars: int) -> tuple[str, str | None]:
    """``text`` cut at the last line break within ``max_chars``, and the notice if it was cut."""
    text = _SURROGATES.sub("\ufffd", text)
    if len(text) <= max_chars:
        return text, None
    end = text.rfind("\n", 0, max_chars + 1)
    shown = text[: end + 1] if end > 0 else text[:max_chars]
    whole, part = len(text.encode("utf-8")), len(shown.encode("utf-8"))
    notice = (
        '<p class="truncated-notice" role="note">'
        f"This file is {_size(whole)}; only the first {_size(part)} are shown.</p>\n"
    )
    return shown, notice


def _fill_placeholders(clean_html: str, code_blocks: list[str]) -> str:
    """Put checkboxes and highlighted code where the engine left placeholders.

    Only in text: a placeholder that ended up inside a tag (raw HTML can put a code block in an
    attribute value) is removed first, so nothing added here can land in an attribute.
    """
    if not PLACEHOLDERS.search(clean_html):
        return clean_html
    clean_html = _TAG_WITH_PLACEHOLDER.sub(lambda m: PLACEHOLDERS.sub("", m.group()), clean_html)

    def fill(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            index = int(match.group(1))
            return code_blocks[index] if index < len(code_blocks) else ""
        checked = " checked" if match.group() == CHECKBOX_CHECKED else ""
        return f"{_CHECKBOX}{checked}>"

    return PLACEHOLDERS.sub("", _PLACED.sub(fill, clean_html))


def render_markdown(
    text: str,
    *,
    rewrite_link: LinkRewriter | None = None,
    max_chars: int = 2_000_000,
    engine: str = "auto",
    reserved_ids: Collection[str] = PAGE_IDS,
) -> Rendered:
    """Render untrusted Markdown to a safe HTML fragment (see the module docstring).

    :param rewrite_link: called as ``rewrite_link(url, "link" | "image")`` for every link and
        image that survived sanitising (Markdown, reference-style and raw HTML alike), with the
        URL as it appears in the attribute (entities decoded; percent-encoding as the engine
        normalised it). It returns the URL to use, or None to drop the link (its text stays)
        or the image (its alt text stays). Its answer is checked against the same URL policy.
        Links to ``#fragments`` of the page itself are not passed to it.
    :param max_chars: longer input is cut at a line boundary and ends with a visible notice.
    :param engine: ``"auto"`` (cmark when installed, else markdown-it), ``"cmark"`` or
        ``"markdown-it"``; ValueError for an unknown or missing engine.
    :param reserved_ids: ids of the surrounding page that heading anchors must not take.
    """
    chosen = resolve(engine)
    shown, notice = _cut(text, max_chars)
    raw = chosen.render(PLACEHOLDERS.sub("\ufffd", shown))
    cleaned = clean(raw.html)
    user_ids = author_ids(cleaned)
    allocator = AnchorAllocator({*reserved_ids, *(USER_ID_PREFIX + i for i in user_ids)})
    found = find_headings(cleaned, allocator)
    fragments = Fragments(
        anchors=frozenset(h.anchor for h in found),
        aliases={h.own_id: h.anchor for h in found if h.own_id},
        user_ids=user_ids,
    )
    out = add_anchors(TagRewriter(rewrite_link, fragments).run(cleaned), found)
    out = _fill_placeholders(out, raw.code_blocks)
    return Rendered(
        html=out + (notice or ""),
        headings=tuple(Heading(h.level, h.text, h.anchor) for h in found if h.text),
        truncated=notice is not None,
        engine=chosen.name,
    )


def highlight_file(text: str, filename: str, *, max_chars: int = 1_000_000) -> str:
    """A whole file as ``<pre>`` with highlighted, numbered lines (``id="L12"``), safe HTML.

    The language comes from the file name (Pygments); unknown types are plain escaped text.
    Longer input is cut at a line boundary and followed by a visible notice.
    """
    shown, notice = _cut(text, max_chars)
    return numbered_lines(shown, lexer_for_file(filename)) + (notice or "")
