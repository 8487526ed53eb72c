"""Markdown engines: CommonMark + GFM source -> unsanitised HTML in one common shape.

Two engines, one table entry each:

- ``markdown-it`` (markdown-it-py with mdit-py-plugins): always installed, the fallback.
- ``cmark`` (cmarkgfm, GitHub's cmark-gfm in C): optional (``pip install skill-catalog[fast]``),
  about ten times faster, and what ``engine="auto"`` picks when it is installed.

Both produce the same markup for the same input, which :mod:`skill_catalog.site.markdown`
then sanitises and finishes: fenced code highlighted by :func:`~skill_catalog.site.highlight.
code_block`, tables aligned with ``align=`` (never ``style=``), ``<del>`` for strikethrough,
GitHub-style footnotes (``fn-<label>``, ``fnref-<label>``), GFM autolinks, and task-list items
as ``<li class="task-list-item">`` holding a checkbox placeholder character from
:mod:`skill_catalog.site.sanitize` rather than an ``<input>``. Raw HTML passes through
untouched: the sanitiser deals with it. markdown-it-pyrs was measured too and left out: it
overflows the C stack (a crash, not an exception) on deeply nested block quotes and lists.
"""

from __future__ import annotations

import dataclasses as dc
import functools
import html
import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

from skill_catalog.site.autolink import gfm_autolink_plugin
from skill_catalog.site.highlight import code_block
from skill_catalog.site.sanitize import (
    BLOCK_CLOSE,
    BLOCK_OPEN,
    CHECKBOX_CHECKED,
    CHECKBOX_UNCHECKED,
)

MAX_NESTING = 50
"""markdown-it's nesting bound (block quotes, lists, brackets): deeper input renders as text or
is cut, quickly and without recursion errors. cmark-gfm needs no bound: it does not recurse."""


@dc.dataclass(slots=True, frozen=True)
class RawHtml:
    """An engine's output: unsanitised HTML, and the code blocks its placeholders stand for."""

    html: str
    code_blocks: list[str]


@dc.dataclass(slots=True, frozen=True)
class Engine:
    name: str
    available: Callable[[], bool]
    render: Callable[[str], RawHtml]
    description: str


def _block_placeholder(blocks: list[str], code: str, language: str) -> str:
    blocks.append(code_block(code, language).rstrip("\n"))
    return f"{BLOCK_OPEN}{len(blocks) - 1}{BLOCK_CLOSE}\n"


# --- markdown-it-py -------------------------------------------------------------------------


def _footnote_label(token: Token) -> str:
    label = token.meta.get("label")
    return str(label) if label else str(token.meta["id"] + 1)


def _ref_suffix(token: Token) -> str:
    sub = int(token.meta.get("subId", 0) or 0)
    return f"-{sub + 1}" if sub > 0 else ""


def _render_footnote_ref(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    label = _footnote_label(token)
    number = token.meta["id"] + 1
    return (
        f'<sup class="footnote-ref"><a href="#fn-{quote(label)}" '
        f'id="fnref-{html.escape(label)}{_ref_suffix(token)}">{number}</a></sup>'
    )


def _render_footnote_block_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return '<section class="footnotes">\n<ol>\n'


def _render_footnote_block_close(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return "</ol>\n</section>\n"


def _render_footnote_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return f'<li id="fn-{html.escape(_footnote_label(tokens[idx]))}">\n'


def _render_footnote_close(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return "</li>\n"


def _render_footnote_anchor(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    label = _footnote_label(token)
    sub = int(token.meta.get("subId", 0) or 0)
    number = token.meta["id"] + 1
    index = f"{number}-{sub + 1}" if sub else str(number)
    extra = f'<sup class="footnote-ref">{sub + 1}</sup>' if sub else ""
    return (
        f' <a href="#fnref-{quote(label)}{_ref_suffix(token)}" class="footnote-backref" '
        f'aria-label="Back to reference {index}">\u21a9{extra}</a>'
    )


def _render_fence(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    info = token.info.strip().split(maxsplit=1) if token.info else []
    language = html.unescape(info[0]) if info else ""
    return _block_placeholder(env["code_blocks"], token.content, language)


def _common_shape(state: StateCore) -> None:
    """Bring markdown-it's output to the engines' common shape (see the module docstring)."""
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type in ("th_open", "td_open"):
            style = str(token.attrs.pop("style", ""))
            if style.startswith("text-align:"):
                token.attrs["align"] = style.removeprefix("text-align:")
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            token.attrs.pop("class", None)
        elif token.type == "list_item_open" and token.attrs.get("class") == "task-list-item":
            inline = tokens[index + 2]
            first = inline.children[0] if inline.children else None
            if first is not None and first.type == "html_inline":
                checked = 'checked="checked"' in first.content
                first.type = "text"
                first.content = CHECKBOX_CHECKED if checked else CHECKBOX_UNCHECKED
        elif token.type == "inline" and token.children:
            for child in token.children:
                if child.type in ("s_open", "s_close"):
                    child.tag = "del"


@functools.cache
def _markdown_it() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": True, "maxNesting": MAX_NESTING})
    md.enable(["table", "strikethrough"])
    md.use(footnote_plugin, inline=False)
    md.use(tasklists_plugin)
    md.use(gfm_autolink_plugin)
    md.core.ruler.push("skill_catalog_common_shape", _common_shape)
    rules: dict[str, Any] = {
        "fence": _render_fence,
        "footnote_ref": _render_footnote_ref,
        "footnote_block_open": _render_footnote_block_open,
        "footnote_block_close": _render_footnote_block_close,
        "footnote_open": _render_footnote_open,
        "footnote_close": _render_footnote_close,
        "footnote_anchor": _render_footnote_anchor,
    }
    for name, rule in rules.items():
        md.add_render_rule(name, rule)
    return md


def _render_markdown_it(text: str) -> RawHtml:
    blocks: list[str] = []
    out = _markdown_it().render(text, {"code_blocks": blocks})
    return RawHtml(str(out), blocks)


# --- cmark-gfm --------------------------------------------------------------------------------

_SOURCEPOS = r'(?: data-sourcepos="[^"]*")?'
_CMARK_CODE = re.compile(
    rf'<pre{_SOURCEPOS}><code(?: class="language-([^"]*)")?>(.*?)</code></pre>\n?', re.S
)
_CMARK_TASK = re.compile(
    r'<li(?: data-sourcepos="([0-9]+):([0-9]+)-[^"]*")?>'
    rf'(\s*(?:<p{_SOURCEPOS}>)?)<input type="checkbox" (checked="" )?disabled="" /> ?'
)
_CHECKED = '<input type="checkbox" checked="" disabled="" />'
_TASK_MARKER = re.compile(rb"(?:[-+*]|[0-9]{1,9}[.)])[ \t]+\[([ xX])\]")
_LINES = re.compile(r"\r\n|\r|\n")
_EXTENSIONS = ["table", "autolink", "strikethrough", "tasklist"]


def _cmark_module() -> Any:
    return importlib.import_module("cmarkgfm")


def _cmark_available() -> bool:
    try:
        _cmark_module()
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


def _render_cmark(text: str) -> RawHtml:
    cmark = _cmark_module()
    options = cmark.Options
    flags = (
        options.CMARK_OPT_UNSAFE
        | options.CMARK_OPT_FOOTNOTES
        | options.CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
    )
    out: str = cmark.markdown_to_html_with_extensions(text, options=flags, extensions=_EXTENSIONS)
    lines: list[str] = []
    if _CHECKED in out:  # only then are source positions needed (see _task_cmark)
        out = cmark.markdown_to_html_with_extensions(
            text, options=flags | options.CMARK_OPT_SOURCEPOS, extensions=_EXTENSIONS
        )
        lines = _LINES.split(text)
    blocks: list[str] = []
    out = _CMARK_CODE.sub(
        lambda m: _block_placeholder(
            blocks, html.unescape(m.group(2)), html.unescape(m.group(1) or "")
        ),
        out,
    )
    return RawHtml(_CMARK_TASK.sub(lambda m: _task_cmark(m, lines), out), blocks)


ENGINES: dict[str, Engine] = {
    engine.name: engine
    for engine in (
        Engine(
            "cmark",
            _cmark_available,
            _render_cmark,
            "cmark-gfm through cmarkgfm (optional, fast): pip install skill-catalog[fast]",
        ),
        Engine(
            "markdown-it",
            lambda: True,
            _render_markdown_it,
            "markdown-it-py with mdit-py-plugins (always installed)",
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
