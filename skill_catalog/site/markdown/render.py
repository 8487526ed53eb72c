"""The one Markdown renderer of the HTML catalog, and highlighted views of other files.

``render_markdown`` turns a skill's untrusted Markdown into an HTML fragment that is safe to
insert with ``|safe``:

1. cut to ``max_chars`` at a line boundary (a visible notice says so);
2. CommonMark + GFM to HTML by an engine of :mod:`~skill_catalog.site.markdown.engines`
   (tables, task lists, strikethrough, footnotes, GFM autolinks; code blocks and task
   checkboxes left as placeholders; raw HTML passes through);
3. nh3 keeps only the allow-list of :mod:`~skill_catalog.site.markdown.sanitize`, dropping scripts,
   event handlers, styles, forms and unsafe URLs, and re-serialises canonically. Skipped when
   the engine reports its HTML ``sanitized``: cmark's output for a document without raw HTML,
   already brought to that canonical form (most documents: the sanitiser was the costliest
   step after Pygments);
4. one pass over links, images and ids (:mod:`~skill_catalog.site.markdown.link_pass`): the site's
   ``rewrite_link`` decides where each link and image goes, external links get
   ``rel="nofollow noopener noreferrer"``, the author's ids are prefixed;
5. headings get unique anchors and a ``#`` self-link (:mod:`~skill_catalog.site.markdown.anchors`),
   task-list placeholders become disabled checkboxes, and code placeholders become code blocks
   (:mod:`~skill_catalog.site.markdown.highlight`): escaped text marked ``language-xxx`` for the
   browser's highlighter (``highlight="client"``), or Pygments' spans (``"server"``).

Only steps 4 and 5 add markup after the sanitiser, built from escaped values. Each pass is
skipped when the document cannot need it (no ids, no links, no headings, no placeholders).
"""

from __future__ import annotations

import dataclasses as dc
import html
import re
from collections.abc import Collection

from skill_catalog.display import human
from skill_catalog.site.markdown import link_pass
from skill_catalog.site.markdown.anchors import (
    HEADING,
    HEADING_PATTERN,
    AnchorAllocator,
    anchored,
    own_id,
    plain_texts,
)
from skill_catalog.site.markdown.engines import ENGINES, resolve
from skill_catalog.site.markdown.highlight import (
    HIGHLIGHT_MODES,
    HighlightMode,
    client_code_block,
    client_numbered_lines,
    code_block,
    file_language,
    lexer_for_file,
    numbered_lines,
    unnumbered_lines,
)
from skill_catalog.site.markdown.link_pass import (
    LINK_TAG_PATTERN,
    TAG_PATTERN,
    USER_ID_PREFIX,
    Fragments,
    TagRewriter,
    author_ids,
    prefixed_attributes,
)
from skill_catalog.site.markdown.parts import CodeBlock
from skill_catalog.site.markdown.sanitize import (
    BLOCK_CLOSE,
    BLOCK_OPEN,
    CHECKBOX_CHECKED,
    CHECKBOX_UNCHECKED,
    PLACEHOLDERS,
    clean,
)

__all__ = [
    "ENGINES",
    "HIGHLIGHT_MODES",
    "PAGE_IDS",
    "Heading",
    "HighlightMode",
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
        "prompt-fragment", "prompt-title", "toc-title", "problems-count",
        "build-notes", "install-plugin-add", "install-plugin", "install-download",
        "market-title", "market-add", "install-scope-project", "install-scope-personal",
    } | {f"install-folder-{n}" for n in range(1, 41)}
)  # fmt: skip
"""Ids the site's templates use: heading anchors avoid them (``main`` becomes ``main-1``)."""

_SURROGATES = re.compile("[\ud800-\udfff]")
_PLACEHOLDER_BYTES = re.compile(b"\xef\xb7[\x90-\xaf]")
_CLIENT_CODE = '<code class="language-'
_CHECKBOX = '<input type="checkbox" class="task-list-item-checkbox" disabled'
_CHECKBOX_MARKUP = {
    CHECKBOX_UNCHECKED: f'{_CHECKBOX} aria-label="to do">',
    CHECKBOX_CHECKED: f'{_CHECKBOX} checked aria-label="done">',
}
_BLOCK = re.compile(f"{BLOCK_OPEN}([0-9]+){BLOCK_CLOSE}")
_PLACED = re.compile(f"{BLOCK_OPEN}([0-9]+){BLOCK_CLOSE}|[{CHECKBOX_UNCHECKED}{CHECKBOX_CHECKED}]")
_TAG_WITH_PLACEHOLDER = re.compile("<[^>]*[\ufdd0-\ufdef][^>]*>")
_HEADINGS_AND_LINKS = re.compile(f"{HEADING_PATTERN}|{LINK_TAG_PATTERN}", re.S)
_HEADINGS_AND_TAGS = re.compile(f"{HEADING_PATTERN}|{TAG_PATTERN}", re.S)
_HAS_ID = re.compile(r'\sid="')


@dc.dataclass(slots=True, frozen=True)
class Heading:
    level: int
    """1-6, as the author wrote it (the page may show it at another: ``top_heading``)."""
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
    has_code: bool = False
    """The HTML holds code blocks for the browser to highlight (``highlight="client"`` and a
    language given): the page showing it should load the highlighter."""
    expanded: bool = False
    """Rendered, the Markdown would have passed the bound of :data:`EXPANSION`: the html is
    the text, escaped, after a notice, and there are no headings."""


def _source(text: str, *, placeholders: bool = True) -> str:
    """``text`` with lone surrogates (which cannot be encoded) and, unless ``placeholders`` is
    false, the noncharacters the engines use as placeholders replaced by U+FFFD. Only non-ASCII
    text needs looking at; encoding it is the quickest way to look, and finds the placeholders
    (``EF B7 90`` to ``EF B7 AF``) too."""
    if text.isascii():
        return text
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        text = _SURROGATES.sub("\ufffd", text)
        data = text.encode("utf-8")
    if placeholders and _PLACEHOLDER_BYTES.search(data):
        text = PLACEHOLDERS.sub("\ufffd", text)
    return text


EXPANSION = 24
"""An HTML fragment made from a text (a body, a file) is at most this many times the text's
UTF-8 bytes, plus :data:`EXPANSION_ALLOWANCE`: a render that would be larger (a few bytes of
Markdown that make a heading with its anchors, a table row of a thousand cells, a line-number
gutter around each of a million empty lines) falls back to a plainer view that is always within
it (escaped text is at most 5 times its source: ``&`` becomes ``&amp;``)."""
EXPANSION_ALLOWANCE = 64 << 10


def utf8_size(text: str) -> int:
    """The UTF-8 bytes of ``text`` (lone surrogates count as three)."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def within_expansion(fragment: str, source_bytes: int) -> bool:
    """True when ``fragment`` keeps within the bound of :data:`EXPANSION` for a source of
    ``source_bytes`` bytes."""
    budget = EXPANSION * source_bytes + EXPANSION_ALLOWANCE
    return len(fragment) <= budget and utf8_size(fragment) <= budget


def _expansion_notice(fragment: str, source_bytes: int, what: str) -> str:
    times = utf8_size(fragment) // max(source_bytes, 1)
    return ('<p class="truncated-notice" role="note">'
            f"{what}: with them this view would be {times:,} times the size of its text. "
            "The raw file holds all of it.</p>\n")


def plain_text(text: str) -> str:
    """``text`` escaped in ``<pre><code>``: the view of last resort, at most 5 times the text
    (plus 24 bytes)."""
    return f'<pre class="plain-text"><code>{html.escape(text, quote=False)}</code></pre>\n'


def _cut(text: str, max_chars: int) -> tuple[str, str | None]:
    """``text`` cut at the last line break within ``max_chars``, and the notice if it was cut."""
    if len(text) <= max_chars:
        return text, None
    end = text.rfind("\n", 0, max_chars + 1)
    shown = text[: end + 1] if end > 0 else text[:max_chars]
    whole, part = len(text.encode("utf-8")), len(shown.encode("utf-8"))
    notice = (
        '<p class="truncated-notice" role="note">'
        f"This file is {human.size(whole, nbsp=True)}; only the first "
        f"{human.size(part, nbsp=True)} are shown.</p>\n"
    )
    return shown, notice


def _code_html(block: CodeBlock, highlight: HighlightMode) -> str:
    if highlight == "client":
        return client_code_block(block.html, block.language)
    return code_block(html.unescape(block.html), block.language).rstrip("\n")


def _fill_placeholders(
    clean_html: str, code_blocks: list[CodeBlock], highlight: HighlightMode, *, own: bool
) -> str:
    """Put checkboxes and code blocks where the engine left placeholders.

    Only in text: unless the HTML is the engine's ``own`` (no raw HTML, so every placeholder is
    in text and well formed, and plain string operations do), a placeholder that ended up inside
    a tag (raw HTML can put a code block in an attribute value) is removed first, so nothing
    added here can land in an attribute.
    """
    if own:
        for box, markup in _CHECKBOX_MARKUP.items():
            if box in clean_html:
                clean_html = clean_html.replace(box, markup)
        if not code_blocks:
            return clean_html
        return _BLOCK.sub(lambda m: _code_html(code_blocks[int(m[1])], highlight), clean_html)
    if not PLACEHOLDERS.search(clean_html):
        return clean_html
    clean_html = _TAG_WITH_PLACEHOLDER.sub(lambda m: PLACEHOLDERS.sub("", m.group()), clean_html)

    def fill(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            index = int(match.group(1))
            return _code_html(code_blocks[index], highlight) if index < len(code_blocks) else ""
        return _CHECKBOX_MARKUP[match.group()]

    return PLACEHOLDERS.sub("", _PLACED.sub(fill, clean_html))


def _check_mode(highlight: str) -> HighlightMode:
    if highlight == "client":
        return "client"
    if highlight == "server":
        return "server"
    raise ValueError(f"unknown highlight mode {highlight!r}; choose one of: client, server")


def outline_levels(levels: list[int], top: int) -> list[int]:
    """Heading ``levels`` as an outline starting at ``top``: the first heading and every one
    no deeper than it get ``top``, and each other one is one level below the nearest earlier
    heading of a smaller level, so no level is skipped (``h1, h3, h2, h4`` from ``top=3``:
    ``3, 4, 4, 5``); at most 6."""
    out: list[int] = []
    stack: list[int] = []  # the levels of the open sections, outermost first
    for level in levels:
        while stack and stack[-1] >= level:
            stack.pop()
        stack.append(level)
        out.append(min(6, top + len(stack) - 1))
    return out


def _anchored(place: tuple[int, int, str], attrs: str, content: str) -> str:
    """:func:`anchored` at the (level, author's level, anchor) given to the heading; a heading
    moved to another level keeps its author's in ``data-level`` (for the stylesheet)."""
    level, written, anchor = place
    if level != written:
        attrs = f'{attrs} data-level="{written}"'
    return anchored(str(level), attrs, content, anchor)


def _anchors_and_links(
    cleaned: str,
    rewrite_link: LinkRewriter | None,
    allocator: AnchorAllocator,
    user_ids: frozenset[str],
    top_heading: int | None = None,
) -> tuple[str, list[Heading]]:
    """Steps 4 and 5 for headings, links, images and ids: the anchors are allocated for all
    headings at once, then one pass over the HTML rewrites headings and tags together.
    ``top_heading``: see :func:`render_markdown`."""
    heads = HEADING.findall(cleaned)
    texts = plain_texts([content for _, _, content in heads])
    anchors = allocator.allocate_all(texts)
    written = [int(head[0]) for head in heads]
    levels = written if top_heading is None else outline_levels(written, top_heading)
    headings = [Heading(level, text, anchor)
                for level, text, anchor in zip(written, texts, anchors, strict=True) if text]
    linked = bool(user_ids) or "<a" in cleaned or "<img" in cleaned
    placed = zip(levels, written, anchors, strict=True)
    if not linked:
        if not heads:
            return cleaned, headings
        out = HEADING.sub(lambda m: _anchored(next(placed), m[2], m[3]), cleaned)
        return out, headings
    aliases: dict[str, str] = {}
    if '="#' in cleaned:  # links to fragments of the page: to the anchors, once they are known
        for (_, attrs, _), anchor in zip(heads, anchors, strict=True):
            own = own_id(attrs)
            if own:
                aliases[own] = anchor
    rewriter = TagRewriter(rewrite_link, Fragments(frozenset(anchors), aliases, user_ids))

    def visit(match: re.Match[str]) -> str:
        level, attrs, content = match.group(1, 2, 3)
        if level is None:
            return rewriter.tag(match.group(4) or match.group(5), match.group(6))
        if attrs and _HAS_ID.search(attrs):
            attrs = prefixed_attributes(attrs)
        if "<" in content:
            content = rewriter.run(content)
        return _anchored(next(placed), attrs, content)

    pattern = _HEADINGS_AND_TAGS if 'id="' in cleaned else _HEADINGS_AND_LINKS
    return pattern.sub(visit, cleaned), headings


def render_markdown(
    text: str,
    *,
    rewrite_link: LinkRewriter | None = None,
    max_chars: int = 2_000_000,
    engine: str = "auto",
    reserved_ids: Collection[str] = PAGE_IDS,
    highlight: HighlightMode = "server",
    top_heading: int | None = None,
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
    :param highlight: ``"client"`` leaves fenced code as escaped text marked ``language-xxx``
        for the browser's highlighter (see ``Rendered.has_code``); ``"server"`` (the default,
        self-contained HTML needing only ``highlight.css``) highlights it with Pygments.
    :param top_heading: the level the document's headings start from on the page that shows
        it (under the page's own ``h2``: 3); the others follow as an outline, skipping no
        level (:func:`outline_levels`), and a heading so moved keeps its author's level in
        ``data-level``. None keeps the author's levels. ``Rendered.headings`` keep the
        author's levels either way.
    """
    mode = _check_mode(highlight)
    chosen = resolve(engine)
    shown, notice = _cut(_source(text), max_chars)
    raw = chosen.render(shown)
    cleaned = raw.html if raw.sanitized else clean(raw.html)
    user_ids = author_ids(cleaned) if 'id="' in cleaned or 'name="' in cleaned else frozenset()
    taken = {*reserved_ids, *(USER_ID_PREFIX + i for i in user_ids)} if user_ids else reserved_ids
    out, headings = _anchors_and_links(cleaned, rewrite_link, AnchorAllocator(taken), user_ids,
                                       top_heading)
    out = _fill_placeholders(out, raw.code_blocks, mode, own=raw.sanitized)
    size = utf8_size(shown)
    if not within_expansion(out, size):
        return Rendered(
            html=(_expansion_notice(out, size, "The Markdown is shown as text, without its "
                                    "formatting") + plain_text(shown) + (notice or "")),
            headings=(), truncated=notice is not None, engine=chosen.name, expanded=True)
    return Rendered(
        html=out + (notice or ""),
        headings=tuple(headings),
        truncated=notice is not None,
        engine=chosen.name,
        has_code=mode == "client" and bool(raw.code_blocks) and _CLIENT_CODE in out,
    )


def highlight_file(
    text: str, filename: str, *, max_chars: int = 1_000_000, highlight: HighlightMode = "server"
) -> str:
    """A whole file as ``<pre>`` with numbered lines (``id="L12"``), safe HTML.

    ``highlight="server"``: highlighted by Pygments, the language from the file name; unknown
    types are plain escaped text. ``"client"``: escaped text marked with the file's language
    (:func:`~skill_catalog.site.markdown.highlight.file_language`) for the browser's highlighter.
    Longer input is cut at a line boundary and followed by a visible notice.

    The view keeps within the bound of :data:`EXPANSION`: when the line numbers would pass it
    (a file of many short lines), they are left out, and when highlighting would too, the
    file is shown as plain text; a notice says which.
    """
    mode = _check_mode(highlight)
    shown, notice = _cut(_source(text, placeholders=False), max_chars)
    size = utf8_size(shown)
    language = file_language(filename)
    lexer = lexer_for_file(filename) if mode == "server" else None
    view = (client_numbered_lines(shown, language) if mode == "client"
            else numbered_lines(shown, lexer))
    if not within_expansion(view, size):
        left_out = "Line numbers are left out"
        numbered = view
        view = (client_code_block(html.escape(shown, quote=False), language) + "\n"
                if mode == "client" else unnumbered_lines(shown, lexer)
                if lexer is not None else plain_text(shown))
        if not within_expansion(view, size):
            left_out, view = "Highlighting and line numbers are left out", plain_text(shown)
        view = _expansion_notice(numbered, size, left_out) + view
    return view + (notice or "")
