"""The HTML allow-list: what rendered Markdown may keep, enforced by nh3 (ammonia).

Everything a Markdown engine produces, raw HTML from the skill's author included, passes through
:func:`clean`. It keeps only the tags and attributes listed here, drops ``<script>``,
``<style>``, ``<iframe>`` and similar elements together with their content, drops every URL
whose scheme is not listed (after decoding entities and the tabs and newlines that browsers
ignore), removes comments and re-serialises the rest as well-formed HTML (after
:func:`limit_depth` has bounded the nesting, which nh3 handles in quadratic time). The pass in
:mod:`skill_catalog.site.markdown.link_pass` relies on that canonical form: attribute values
always in double quotes with ``"``, ``<`` and ``>`` escaped, no raw ``<`` in text. (cmark's
output for a document without raw HTML is brought to the same form without nh3; see
:mod:`skill_catalog.site.markdown.engines`.)

Not on the list, on purpose: ``style`` and ``on*`` attributes, ``<form>``, ``<input>`` (task
checkboxes are put back afterwards from placeholders), ``<base>``, ``<meta>``, ``<link>``,
``<object>``, ``<embed>``, ``<svg>``, ``<math>``, ``target`` and ``rel`` (rel is set by us).
"""

from __future__ import annotations

import operator
import re
from itertools import accumulate, repeat

import nh3

from skill_catalog.site.markdown.highlight import TOKEN_CLASSES

CHECKBOX_UNCHECKED = "\ufdd0"
CHECKBOX_CHECKED = "\ufdd1"
BLOCK_OPEN = "\ufdd2"
BLOCK_CLOSE = "\ufdd3"
"""Placeholders the engines leave for markup added after sanitising: task-list checkboxes, and
code blocks (``BLOCK_OPEN + index + BLOCK_CLOSE``), which are escaped by construction, would
only slow the sanitiser down, and carry classes (``language-python``, Pygments' spans) that
the allow-list need not know. They are Unicode noncharacters, reserved for internal
use; the renderer replaces every noncharacter of this block in the author's text before
rendering, so only the engines can produce them."""

PLACEHOLDERS = re.compile("[\ufdd0-\ufdef]")
MAX_DEPTH = 100
"""Deepest nesting of block containers handed to nh3; deeper start tags are dropped (their text
stays). For these tags html5ever's scope checks walk the stack of open elements, so nesting
costs quadratic time: 20,000 nested ``<div>`` take about a second, 400,000 (2 MB) would take
minutes. Inline tags cost linear time. Real documents stay far below 100."""
_BLOCK_NAMES = (
    r"(?:address|article|aside|blockquote|center|d[dlt]|details|dialog|dir|div|fieldset"
    r"|figcaption|figure|footer|header|hgroup|li|listing|main|menu|nav|ol|optgroup|pre|r[pt]"
    r"|search|section|summary|ul)"
)
BLOCK_NAMES = _BLOCK_NAMES
"""The block containers whose nesting :func:`limit_depth` bounds (a regular expression that
Python and JavaScript read alike: the browser's viewer bounds them the same way)."""
_NESTING = re.compile(rf"<(/?){_BLOCK_NAMES}\b([^>]*)>", re.IGNORECASE)
_NESTING_MARKS = re.compile(rf"<(/?){_BLOCK_NAMES}\b[^>]*>", re.IGNORECASE)
_STEP = {"": 1, "/": -1}
_EMPTY_CLASS = re.compile(r'(<[a-z][a-z0-9]*\b[^>]*?) class=""')


ALLOWED_TAGS: frozenset[str] = frozenset(
    {
        "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col",
        "colgroup", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption",
        "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li",
        "mark", "ol", "p", "pre", "q", "rp", "rt", "ruby", "s", "samp", "section", "small",
        "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot",
        "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr",
    }
)  # fmt: skip

CLEAN_CONTENT_TAGS: frozenset[str] = frozenset(
    {
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet",
        "noscript", "noembed", "noframes", "template", "textarea", "title", "xmp", "select",
        "svg", "math", "head", "audio", "video", "canvas",
    }
)  # fmt: skip
"""Removed together with everything inside them (the rest of disallowed tags keep their text)."""

_ALIGN = {"align"}
ALLOWED_ATTRIBUTES: dict[str, set[str]] = {
    "*": {"id", "title", "lang", "dir"},
    "a": {"href", "name", "aria-label"},
    "img": {"src", "alt", "width", "height", "align"},
    "td": {"align", "colspan", "rowspan"},
    "th": {"align", "colspan", "rowspan", "scope"},
    "col": {"span"},
    "colgroup": {"span"},
    "ol": {"start", "reversed", "type"},
    "li": {"value"},
    "details": {"open"},
    "time": {"datetime"},
    "pre": {"data-lang"},
    "p": _ALIGN, "div": _ALIGN, "table": _ALIGN,
    "h1": _ALIGN, "h2": _ALIGN, "h3": _ALIGN, "h4": _ALIGN, "h5": _ALIGN, "h6": _ALIGN,
}  # fmt: skip

ALLOWED_CLASSES: dict[str, set[str]] = {
    "span": set(TOKEN_CLASSES),
    "div": {"highlight"},
    "sup": {"footnote-ref"},
    "section": {"footnotes"},
    "a": {"footnote-backref"},
    "li": {"task-list-item"},
    "ul": {"contains-task-list"},
    "ol": {"contains-task-list"},
}
"""Classes our own markup uses; an author may use them too, which only changes the look."""

URL_SCHEMES: frozenset[str] = frozenset({"http", "https", "mailto", "data"})
"""What nh3 lets through on ``href`` and ``src``; ``data:`` is narrowed afterwards to images
in ``<img src>`` (:func:`skill_catalog.site.markdown.link_pass.allowed_url`). Relative URLs pass."""


def nesting_depth(html: str, tags: re.Pattern[str] = _NESTING_MARKS) -> int:
    """How deep the tags that ``tags`` matches (group 1: ``"/"`` in an end tag) nest in ``html``.

    Every start tag counts as open until its end tag (so implicitly closed tags over-count, which
    only makes the limit act sooner) and a stray end tag never goes below zero. Computed without
    a Python loop: the depth after each tag is the running sum of +1/-1 steps minus the lowest
    running sum so far (when negative).
    """
    sums = list(accumulate(map(_STEP.__getitem__, tags.findall(html))))
    floors = map(min, accumulate(sums, min), repeat(0))
    return max(map(operator.sub, sums, floors), default=0)


def limit_depth(html: str, max_depth: int = MAX_DEPTH) -> str:
    """``html`` without the block start tags (and their end tags) nested beyond ``max_depth``.

    An estimate on unparsed HTML; the result is sanitised afterwards like any other input.
    """
    if nesting_depth(html) <= max_depth:
        return html
    depth = 0
    dropped = 0

    def visit(match: re.Match[str]) -> str:
        nonlocal depth, dropped
        if match.group(1):
            if dropped:
                dropped -= 1
                return ""
            depth = max(depth - 1, 0)
            return match.group(0)
        if match.group(2).rstrip().endswith("/"):
            return match.group(0)
        if depth >= max_depth:
            dropped += 1
            return ""
        depth += 1
        return match.group(0)

    return _NESTING.sub(visit, html)


def clean(html: str) -> str:
    """``html`` reduced to the allow-list and re-serialised canonically."""
    cleaned = nh3.clean(
        limit_depth(html),
        tags=set(ALLOWED_TAGS),
        clean_content_tags=set(CLEAN_CONTENT_TAGS),
        attributes=ALLOWED_ATTRIBUTES,
        allowed_classes=ALLOWED_CLASSES,
        url_schemes=set(URL_SCHEMES),
        link_rel=None,
        strip_comments=True,
    )
    # nh3 leaves class="" where it removed every class; within tags only (text never holds "<").
    return _EMPTY_CLASS.sub(r"\1", cleaned)


def urls_kept(urls: list[str]) -> bool:
    """Whether :func:`clean` would keep every one of these ``href`` values (as written in an
    attribute, entities escaped). Besides the scheme, nh3 requires an absolute URL to parse as
    a WHATWG URL: ``http://x:99999`` or a host with ``%1F`` in it are dropped."""
    probe = "".join(f'<a href="{url}"></a>' for url in urls)
    kept = nh3.clean(probe, tags={"a"}, attributes={"a": {"href"}}, url_schemes=set(URL_SCHEMES),
                     link_rel=None)
    return kept.count("<a href=") == len(urls)
