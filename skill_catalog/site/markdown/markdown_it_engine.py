"""The fallback Markdown engine: markdown-it-py with mdit-py-plugins, brought to the common
shape of :mod:`skill_catalog.site.markdown.engines` (which imports this module only when the
engine is used: markdown-it and its plugins take 20 ms to import)."""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

from skill_catalog.site.markdown.autolink import gfm_autolink_plugin
from skill_catalog.site.markdown.parts import CodeBlock, RawHtml, escape_code, placeholder
from skill_catalog.site.markdown.sanitize import CHECKBOX_CHECKED, CHECKBOX_UNCHECKED

MAX_NESTING = 50
"""markdown-it's nesting bound (block quotes, lists, brackets): deeper input renders as text or
is cut, quickly and without recursion errors. cmark-gfm needs no bound: it does not recurse."""


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
    return placeholder(env["code_blocks"], CodeBlock(language, escape_code(token.content)))


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


def render(text: str) -> RawHtml:
    """markdown-it's HTML for ``text``, in the engines' common shape."""
    blocks: list[CodeBlock] = []
    out = _markdown_it().render(text, {"code_blocks": blocks})
    return RawHtml(str(out), blocks)
