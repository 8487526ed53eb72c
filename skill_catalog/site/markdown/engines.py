"""Markdown engines: CommonMark + GFM source -> HTML in one common shape.

Two engines, one table entry each:

- ``cmark`` (cmarkgfm, GitHub's cmark-gfm in C): a core dependency (wheels for Linux, macOS and
  Windows), about twenty times faster than markdown-it-py, and what ``engine="auto"`` picks.
- ``markdown-it`` (markdown-it-py with mdit-py-plugins, in
  :mod:`skill_catalog.site.markdown.markdown_it_engine`, imported only when used): the fallback
  where cmarkgfm cannot be imported.

Both produce the same markup for the same input, which :mod:`skill_catalog.site.markdown.render`
then sanitises and finishes: fenced code is left as a placeholder standing for a
:class:`CodeBlock` (highlighted or marked for the browser after sanitising), tables aligned with
``align=`` (never ``style=``), ``<del>`` for strikethrough, GitHub-style footnotes
(``fn-<label>``, ``fnref-<label>``), GFM autolinks, and task-list items as
``<li class="task-list-item">`` holding a checkbox placeholder character from
:mod:`skill_catalog.site.markdown.sanitize` rather than an ``<input>``.

Raw HTML passes through untouched: the sanitiser deals with it. A cmark document without raw
HTML (most of them) needs no sanitiser: all its markup is cmark's own, which is brought to the
very form nh3 would give it and marked ``sanitized``. markdown-it-pyrs was measured too and left
out: it overflows the C stack (a crash, not an exception) on deeply nested block quotes and
lists.
"""

from __future__ import annotations

import ctypes
import dataclasses as dc
import functools
import html
import importlib
import os
import re
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

from skill_catalog.site.markdown.parts import CodeBlock, RawHtml, escape_code, placeholder
from skill_catalog.site.markdown.sanitize import (
    CHECKBOX_CHECKED,
    CHECKBOX_UNCHECKED,
    MAX_DEPTH,
    urls_kept,
)


@dc.dataclass(slots=True, frozen=True)
class Engine:
    name: str
    available: Callable[[], bool]
    render: Callable[[str], RawHtml]
    description: str


# --- cmark-gfm --------------------------------------------------------------------------------

_SOURCEPOS = r'(?: data-sourcepos="[^"]*")?'
_CMARK_CODE = re.compile(
    rf'<pre{_SOURCEPOS}><code(?: class="language-([^"]*)")?>(.*?)</code></pre>\n?', re.S
)
"""Code blocks, wherever they are: with raw HTML about, a ``<pre><code>`` may be the author's."""
_OWN_CODE = re.compile(r'<pre><code(?: class="language-([^"]*)")?>([^<]*)</code></pre>\n?')
"""cmark's own code blocks, whose text holds no ``<`` (used when there is no raw HTML)."""
_CMARK_TASK = re.compile(
    r'<li(?: data-sourcepos="([0-9]+):([0-9]+)-[^"]*")?>'
    rf'(\s*(?:<p{_SOURCEPOS}>)?)<input type="checkbox" (checked="" )?disabled="" /> ?'
)
_CHECKBOX = '<input type="checkbox" '
_CHECKED = '<input type="checkbox" checked="" disabled="" />'
_TASK_MARKER = re.compile(rb"(?:[-+*]|[0-9]{1,9}[.)])[ \t]+\[([ xX])\]")
_LINES = re.compile(r"\r\n|\r|\n")
_SOURCEPOS_ATTR = re.compile(r' data-sourcepos="[^"]*"')
_EXTENSIONS = ("table", "autolink", "strikethrough", "tasklist")
_MAYBE_RAW_HTML = re.compile(r"<[A-Za-z/!?]")
"""Where raw HTML (a tag, comment, declaration or processing instruction) could start."""
_OMITTED = "<!-- raw HTML omitted -->"
"""What cmark writes for raw HTML without ``CMARK_OPT_UNSAFE``: how a document with raw HTML
is told from one without (text cannot produce it: its ``<`` is escaped)."""

# cmark's own markup (no raw HTML) -> the form nh3 serialises it in (see _canonical)
_NESTED_LINK = re.compile(r"<a[ >][^<]*(?:<(?!/a>)[^<]*)*<a[ >]")
_CONTAINERS = re.compile(r"<(/?)(?:blockquote|li|ol|ul|section)[ >]")
"""The block containers of sanitize.limit_depth that cmark writes (code blocks are placeholders)."""
_STEP = {"": 1, "/": -1}
_FOOTNOTE_DATA = re.compile(
    r' data-footnote(?:s|-ref|-backref data-footnote-backref-idx="[^"]*")(?=[ >])'
)
_TAG_WITH_QUOT = re.compile(r"(<[^>]*&quot;[^>]*>)")
_SCHEMED_URLS = re.compile(
    r'<(?:a href|img src)="((?:[hH][tT][tT][pP][sS]?|[mM][aA][iI][lL][tT][oO]|[dD][aA][tT][aA])'
    r':[^"]*)"'
)
"""URLs whose scheme both nh3 and the link pass allow (they drop every other scheme alike)."""
_WEB_URL = re.compile(r"[hH][tT][tT][pP][sS]?://([A-Za-z0-9.-]+)(?::[0-9]{0,4})?(?:[/?#]|$)")
_NUMBER = re.compile(r"[0-9]+|0[xX][0-9A-Fa-f]*")


@dc.dataclass(slots=True, frozen=True)
class _Cmark:
    """cmarkgfm's C functions, its GFM extensions and our options, looked up once."""

    lib: Any
    ffi: Any
    extensions: tuple[Any, ...]
    options: int
    unsafe: int
    sourcepos: int
    free_node: Callable[[int], None] | None
    free: Callable[[int], None] | None

    def render(self, root: Any, options: int, extensions: Any) -> str:
        out = self.lib.cmark_render_html(root, options, extensions)
        try:
            return str(self.ffi.string(out).decode("utf-8"))
        finally:
            if self.free is not None:
                self.free(int(self.ffi.cast("uintptr_t", out)))

    def release(self, root: Any) -> None:
        if self.free_node is not None:
            self.free_node(int(self.ffi.cast("uintptr_t", root)))


def _releasers(path: str) -> tuple[Callable[[int], None] | None, Callable[[int], None] | None]:
    """``cmark_node_free`` and the C library's ``free``, through ctypes, where they can be had.

    cmarkgfm's wrappers free neither the syntax tree nor the rendered string (13 to 30 bytes
    per byte of Markdown, 175 MB per pass over the 13 MB of the corpus's SKILL.md bodies). Both
    functions are exported symbols on Linux and macOS; elsewhere the memory stays leaked, as
    with cmarkgfm's own wrappers.
    """
    if os.name != "posix":
        return None, None
    try:
        node_free = ctypes.CDLL(path).cmark_node_free
        free = ctypes.CDLL(None).free
    except (OSError, AttributeError):
        return None, None
    for function in (node_free, free):
        function.argtypes = [ctypes.c_void_p]
        function.restype = None
    return node_free, free


@functools.cache
def _cmark() -> _Cmark:
    binding = importlib.import_module("cmarkgfm._cmark")
    lib = binding.lib
    lib.cmark_gfm_core_extensions_ensure_registered()
    extensions = tuple(lib.cmark_find_syntax_extension(name.encode()) for name in _EXTENSIONS)
    if any(extension == binding.ffi.NULL for extension in extensions):
        raise ImportError("cmarkgfm lacks a GFM extension")
    free_node, free = _releasers(str(binding.__file__))
    return _Cmark(
        lib=lib,
        ffi=binding.ffi,
        extensions=extensions,
        options=lib.CMARK_OPT_FOOTNOTES | lib.CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE,
        unsafe=lib.CMARK_OPT_UNSAFE,
        sourcepos=lib.CMARK_OPT_SOURCEPOS,
        free_node=free_node,
        free=free,
    )


def _cmark_available() -> bool:
    try:
        _cmark()
    except ImportError:
        return False
    return True


def _task_cmark(match: re.Match[str], lines: Sequence[str]) -> str:
    checked = bool(match.group(4))
    if checked and match.group(1):
        # cmark-gfm ticks an item whose text merely contains "[x]" ("- [ ] in [X] days"):
        # read the item's own marker in the source, at the position cmark reports (in bytes).
        line, column = int(match.group(1)), int(match.group(2))
        source = lines[line - 1].encode("utf-8")[column - 1 :] if line <= len(lines) else b""
        marker = _TASK_MARKER.match(source)
        checked = marker is not None and marker.group(1) in b"xX"
    box = CHECKBOX_CHECKED if checked else CHECKBOX_UNCHECKED
    return f'<li class="task-list-item">{match.group(3)}{box} '


def _parse_and_render(text: str) -> tuple[str, bool]:
    """cmark's HTML for ``text`` (with source positions if a task is ticked, see _task_cmark),
    and whether the document holds raw HTML. One parse, one to three renders of the tree."""
    cmark = _cmark()
    lib = cmark.lib
    data = text.encode("utf-8")
    parser = lib.cmark_parser_new(cmark.options)
    try:
        for extension in cmark.extensions:
            lib.cmark_parser_attach_syntax_extension(parser, extension)
        lib.cmark_parser_feed(parser, data, len(data))
        root = lib.cmark_parser_finish(parser)
        try:
            extensions = lib.cmark_parser_get_syntax_extensions(parser)
            unsafe = cmark.options | cmark.unsafe
            out = cmark.render(root, unsafe, extensions)
            if _CHECKED in out:
                out = cmark.render(root, unsafe | cmark.sourcepos, extensions)
            raw_html = _MAYBE_RAW_HTML.search(text) is not None and (
                _OMITTED in cmark.render(root, cmark.options, extensions)
            )
        finally:
            cmark.release(root)
    finally:
        lib.cmark_parser_free(parser)
    return out, raw_html


def _plainly_valid(url: str) -> bool:
    """An http(s) URL whose host is ASCII letters, digits, dots and hyphens, not punycode and
    not ending in a number (which WHATWG parses as IPv4), with a port below 10000: the URL
    parser behind nh3 accepts it. Anything else is asked of nh3 itself."""
    match = _WEB_URL.match(url)
    if match is None:
        return False
    host = match.group(1).lower().rstrip(".")
    return bool(host) and "xn--" not in host and not _NUMBER.fullmatch(host.rpartition(".")[2])


def _canonical(own: str) -> str | None:
    """cmark's own markup (no raw HTML, code blocks and checkboxes already placeholders) as nh3
    would serialise it, or None when only the sanitiser will do (nested links, deep nesting, a
    URL nh3 finds malformed).

    Within :mod:`~skill_catalog.site.markdown.sanitize`'s allow-list by construction; what nh3 would
    change is done here with plain replacements: void tags lose their ``/``, the footnotes'
    ``data-`` attributes go, ``&quot;`` becomes ``"`` in text (not in attribute values), and
    no-break spaces become ``&nbsp;``. Text and attribute values never hold ``<`` or ``>``
    (cmark escapes them), so `` />`` only ends void tags, and only ``title``, ``alt`` and
    footnote ``id`` values can hold ``&quot;``. The attributes of links and images are left to
    the link pass, whose URL policy is stricter than nh3's but for one thing: nh3 also drops
    absolute URLs that do not parse (``http://x:99999``), which is checked here.
    tests/test_markdown.py holds the result to nh3's, on fixtures and generated documents.
    """
    if "footnote-ref" in own and _NESTED_LINK.search(own):
        return None  # a footnote reference inside a link's text: html5ever moves it out
    marks = _CONTAINERS.findall(own)  # balanced: no end tag before its start tag
    if len(marks) > 2 * MAX_DEPTH and max(accumulate(map(_STEP.__getitem__, marks))) > MAX_DEPTH:
        return None  # the sanitiser's depth limit applies
    doubtful = [url for url in _SCHEMED_URLS.findall(own) if not _plainly_valid(url)]
    if doubtful and not urls_kept(doubtful):
        return None  # nh3 drops a URL the link pass would keep (an invalid host or port)
    own = own.replace(" />", ">")
    if "data-footnote" in own:
        own = _FOOTNOTE_DATA.sub("", own)
    if "\xa0" in own:
        own = own.replace("\xa0", "&nbsp;")
    if "&quot;" in own:
        if 'title="' not in own and "<img" not in own and 'id="' not in own:
            return own.replace("&quot;", '"')
        parts = _TAG_WITH_QUOT.split(own)
        parts[::2] = [part.replace("&quot;", '"') for part in parts[::2]]
        own = "".join(parts)
    return own


def _render_cmark(text: str) -> RawHtml:
    out, raw_html = _parse_and_render(text)
    lines = _LINES.split(text) if "data-sourcepos" in out else []
    blocks: list[CodeBlock] = []
    if raw_html:  # code first: the author's HTML may hold a task item inside a <pre><code>
        if "<pre" in out:
            out = _CMARK_CODE.sub(lambda m: _code_placeholder(blocks, m), out)
        if _CHECKBOX in out:
            out = _CMARK_TASK.sub(lambda m: _task_cmark(m, lines), out)
        return RawHtml(out, blocks)
    if _CHECKBOX in out:
        out = _CMARK_TASK.sub(lambda m: _task_cmark(m, lines), out)
    if lines:
        out = _SOURCEPOS_ATTR.sub("", out)
    if "<pre>" in out:
        out = _OWN_CODE.sub(lambda m: _own_code_placeholder(blocks, m), out)
    canonical = _canonical(out)
    if canonical is None:
        return RawHtml(out, blocks)
    return RawHtml(canonical, blocks, sanitized=True)


def _render_markdown_it(text: str) -> RawHtml:
    from skill_catalog.site.markdown.markdown_it_engine import render  # 20 ms of imports, when used

    return render(text)


def _own_code_placeholder(blocks: list[CodeBlock], match: re.Match[str]) -> str:
    """cmark escapes ``&<>"`` in code; the common shape escapes ``&<>`` only."""
    language = html.unescape(match.group(1)) if match.group(1) else ""
    return placeholder(blocks, CodeBlock(language, match.group(2).replace("&quot;", '"')))


def _code_placeholder(blocks: list[CodeBlock], match: re.Match[str]) -> str:
    code = html.unescape(match.group(2))
    return placeholder(blocks, CodeBlock(html.unescape(match.group(1) or ""), escape_code(code)))


ENGINES: dict[str, Engine] = {
    engine.name: engine
    for engine in (
        Engine(
            "cmark",
            _cmark_available,
            _render_cmark,
            "cmark-gfm through cmarkgfm (a dependency; fast): pip install cmarkgfm",
        ),
        Engine(
            "markdown-it",
            lambda: True,
            _render_markdown_it,
            "markdown-it-py with mdit-py-plugins (always installed; the fallback)",
        ),
    )
}
"""In order of preference for ``engine="auto"``."""


def resolve(name: str) -> Engine:
    """The engine called ``name``, or the first available one for ``"auto"``."""
    if name == "auto":
        return next(engine for engine in ENGINES.values() if engine.available())
    engine = ENGINES.get(name)
    if engine is None:
        known = ", ".join(["auto", *ENGINES])
        raise ValueError(f"unknown Markdown engine {name!r}; choose one of: {known}")
    if not engine.available():
        raise ValueError(f"Markdown engine {name!r} is not installed: {engine.description}")
    return engine
