"""Code blocks and whole-file views, highlighted in the browser or by Pygments, and their CSS.

Two modes (``highlight: client | server`` in ``skill-catalog.yml``):

- ``client`` (the default): the code is escaped text in ``<code class="language-xxx">`` and the
  browser highlights it on page load with the vendored highlight.js
  (``templates/assets/vendor/highlight/``, started by ``templates/assets/highlight-init.js``),
  which only pages holding code load. Builds skip the costliest step of rendering Markdown.
- ``server``: Pygments highlights at build time (``<span class="k">``); pages need no script.

Highlighted code carries CSS classes only, never inline styles, because the site's
Content-Security-Policy forbids them; :func:`stylesheet` writes the rules for both modes' classes
(``.highlight .k`` for Pygments, ``.hljs .hljs-keyword`` for highlight.js), in a light and a dark
theme taken from the same Pygments styles, so both modes look alike. All markup built here is
escaped by construction and safe without a sanitiser pass.
"""

from __future__ import annotations

import functools
import html
import re
import sys
from typing import Literal

import pygments
from pygments import highlight as pygments_highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.style import Style
from pygments.styles import get_style_by_name
from pygments.token import STANDARD_TYPES, Token, _TokenType
from pygments.util import ClassNotFound

HighlightMode = Literal["client", "server"]
HIGHLIGHT_MODES: tuple[HighlightMode, ...] = ("client", "server")

LIGHT_STYLE = "default"
DARK_STYLE = "github-dark"
TOKEN_CLASSES: frozenset[str] = frozenset(c for c in STANDARD_TYPES.values() if c)
"""Every class a highlighted ``<span>`` can carry (the sanitiser's allow-list uses it)."""

_FORMATTER = HtmlFormatter(nowrap=True)
_MAX_LANGUAGE = 64
_CLASS_NAME = re.compile(r"[A-Za-z0-9_+#.-]{1,64}")
_FILE_LANGUAGES = {
    "dockerfile": "dockerfile", "containerfile": "dockerfile", "makefile": "makefile",
    "gnumakefile": "makefile", "gemfile": "ruby", "rakefile": "ruby", "cmakelists.txt": "cmake",
}  # fmt: skip
"""File names whose language their extension does not tell (for client-side highlighting)."""


@functools.lru_cache(maxsize=256)
def _lexer_by_name(name: str) -> Lexer | None:
    try:
        return get_lexer_by_name(name, stripnl=False, ensurenl=False)
    except (ClassNotFound, ValueError):
        return None


@functools.lru_cache(maxsize=1024)
def _lexer_for_filename(filename: str) -> Lexer | None:
    try:
        return get_lexer_for_filename(filename, stripnl=False, ensurenl=False)
    except (ClassNotFound, ValueError):
        return None


def lexer_for_language(language: str) -> Lexer | None:
    """The lexer for a fence's info word (``python``, ``sh``, ``yml``), or None if unknown."""
    name = language.strip().lower()
    if not name or len(name) > _MAX_LANGUAGE:
        return None
    return _lexer_by_name(name)


def lexer_for_file(filename: str) -> Lexer | None:
    """The lexer for a file name (``run.py``, ``Dockerfile``), or None if unknown."""
    name = filename.replace("\\", "/").rsplit("/", 1)[-1]
    return _lexer_for_filename(name) if name else None


def highlight_spans(code: str, lexer: Lexer | None) -> str:
    """``code`` as escaped HTML, with ``<span class=...>`` tokens when a lexer is given.

    Spans never cross a newline, so the result can be split into lines.
    """
    if lexer is None:
        return html.escape(code, quote=False)
    return str(pygments_highlight(code, lexer, _FORMATTER))


def code_block(code: str, language: str) -> str:
    """A fenced code block highlighted by Pygments: ``<div class="highlight"><pre data-lang=...>
    <code>`` with spans, or plain escaped text in ``<pre>`` for a language Pygments does not know.
    """
    lexer = lexer_for_language(language)
    body = highlight_spans(code, lexer)
    lang = f' data-lang="{html.escape(language, quote=True)}"' if language else ""
    if lexer is None:
        return f"<pre{lang}><code>{body}</code></pre>\n"
    return f'<div class="highlight"><pre{lang}><code>{body}</code></pre></div>\n'


def unnumbered_lines(code: str, lexer: Lexer) -> str:
    """``code`` highlighted by Pygments in ``<pre>``, without the line numbers of
    :func:`numbered_lines`."""
    return f'<div class="highlight"><pre><code>{highlight_spans(code, lexer)}</code></pre></div>\n'


def language_class(language: str) -> str:
    """``language-<name>`` for a ``<code>`` element, or ``""`` when the name is empty or holds
    characters that have no place in a class name (they are shown in ``data-lang`` anyway)."""
    return f"language-{language}" if _CLASS_NAME.fullmatch(language) else ""


@functools.lru_cache(maxsize=256)
def _client_pre(language: str) -> str:
    if not language:
        return "<pre><code>"
    token = language_class(language)
    code = f'<code class="{html.escape(token, quote=True)}">' if token else "<code>"
    return f'<pre data-lang="{html.escape(language, quote=True)}">{code}'


def client_code_block(escaped: str, language: str) -> str:
    """A fenced code block left for the browser: ``<pre data-lang=...><code
    class="language-...">`` holding the already escaped code, no spans, no final newline."""
    return f"{_client_pre(language)}{escaped}</code></pre>"


def file_language(filename: str) -> str:
    """The language name the browser's highlighter gets for a file: its extension in lower case
    (``py``, ``json``, ``yml``: highlight.js knows them as aliases), or a known file name's."""
    name = filename.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if name in _FILE_LANGUAGES:
        return _FILE_LANGUAGES[name]
    stem, dot, extension = name.rpartition(".")
    return extension if dot and stem and _CLASS_NAME.fullmatch(extension) else ""


def _numbered(body: str, div_class: str, code_attrs: str) -> str:
    if body.endswith("\n"):
        body = body[:-1]
    rows = [
        f'<span class="line" id="L{n}"><a class="line-number" href="#L{n}" data-line="{n}"'
        f' aria-label="Line {n}"></a>{line}</span>'
        for n, line in enumerate(body.split("\n"), start=1)
    ]
    return (
        f'<div class="{div_class}"><pre><code{code_attrs}>' + "\n".join(rows)
        + "</code></pre></div>\n"
    )


def numbered_lines(code: str, lexer: Lexer | None) -> str:
    """``<pre>`` with one ``<span class="line" id="L12">`` per line and a link to each line,
    highlighted by Pygments when a lexer is given.

    The number itself comes from CSS (``content: attr(data-line)``), so copying the code does
    not copy the numbers.
    """
    classes = "highlight numbered-code" if lexer is not None else "numbered-code"
    return _numbered(highlight_spans(code, lexer), classes, "")


def client_numbered_lines(code: str, language: str) -> str:
    """Like :func:`numbered_lines`, escaped text only, marked ``language-...`` for the browser
    (which highlights the whole text and splits it back into the lines)."""
    token = language_class(language)
    attrs = f' class="{html.escape(token, quote=True)}"' if token else ""
    return _numbered(html.escape(code, quote=False), "numbered-code", attrs)


# --- the stylesheet -------------------------------------------------------------------------


def _declarations(style: type[Style], ttype: _TokenType) -> str:
    """Every property a token rule sets, so one theme's rule fully overrides the other's."""
    s = style.style_for_token(ttype)
    parts = [
        f"color: #{s['color']}" if s["color"] else "color: inherit",
        f"background-color: #{s['bgcolor']}" if s["bgcolor"] else "background-color: transparent",
        "font-weight: bold" if s["bold"] else "font-weight: normal",
        "font-style: italic" if s["italic"] else "font-style: normal",
        "text-decoration: underline" if s["underline"] else "text-decoration: none",
        f"border: 1px solid #{s['border']}" if s["border"] else "border: none",
    ]
    return "; ".join(parts)


HLJS_SCOPES: dict[str, _TokenType] = {
    "keyword": Token.Keyword, "built_in": Token.Name.Builtin, "type": Token.Keyword.Type,
    "literal": Token.Keyword.Constant, "number": Token.Literal.Number,
    "operator": Token.Operator, "punctuation": Token.Punctuation,
    "property": Token.Name.Attribute, "regexp": Token.Literal.String.Regex,
    "string": Token.Literal.String, "char.escape": Token.Literal.String.Escape,
    "subst": Token.Literal.String.Interpol, "symbol": Token.Literal.String.Symbol,
    "class": Token.Name.Class, "function": Token.Name.Function,
    "variable": Token.Name.Variable, "variable.language": Token.Name.Builtin.Pseudo,
    "variable.constant": Token.Name.Constant, "title": Token.Name.Function,
    "title.class": Token.Name.Class, "title.class.inherited": Token.Name.Class,
    "title.function": Token.Name.Function, "title.function.invoke": Token.Name,
    "params": Token.Name, "comment": Token.Comment, "doctag": Token.Comment.Special,
    "meta": Token.Comment.Preproc, "meta.prompt": Token.Generic.Prompt,
    "meta keyword": Token.Keyword, "meta string": Token.Literal.String,
    "section": Token.Generic.Heading, "tag": Token.Name.Tag, "name": Token.Name.Tag,
    "attr": Token.Name.Attribute, "attribute": Token.Name.Attribute, "bullet": Token.Keyword,
    "code": Token.Literal.String.Backtick, "emphasis": Token.Generic.Emph,
    "strong": Token.Generic.Strong, "formula": Token.Literal.String.Other,
    "link": Token.Name.Label, "quote": Token.Comment, "selector-tag": Token.Name.Tag,
    "selector-id": Token.Name.Namespace, "selector-class": Token.Name.Class,
    "selector-attr": Token.Name.Attribute, "selector-pseudo": Token.Name.Decorator,
    "template-tag": Token.Comment.Preproc, "template-variable": Token.Name.Variable,
    "addition": Token.Generic.Inserted, "deletion": Token.Generic.Deleted,
}  # fmt: skip
"""highlight.js 11's scopes, each drawn like the Pygments token it corresponds to."""


def hljs_selector(scope: str) -> str:
    """The CSS selector of a highlight.js scope: ``title.function`` is ``<span class="hljs-title
    function_">``, ``meta keyword`` a keyword span inside a meta span."""
    parts = []
    for name in scope.split(" "):
        first, *rest = name.split(".")
        parts.append(f".hljs-{first}" + "".join(f".{sub}{'_' * n}" for n, sub in
                                                 enumerate(rest, start=1)))
    return " ".join(parts)


def _grouped(style: type[Style], selectors: dict[str, _TokenType], scope: str) -> list[str]:
    grouped: dict[str, list[str]] = {}
    for selector, ttype in sorted(selectors.items()):
        grouped.setdefault(_declarations(style, ttype), []).append(selector)
    return [
        ", ".join(f"{scope}{selector}" for selector in group) + f" {{ {decls}; }}"
        for decls, group in grouped.items()
    ]


def _theme_rules(style_name: str, scope: str) -> list[str]:
    style = get_style_by_name(style_name)
    base = style.style_for_token(Token)
    fg = f"#{base['color']}" if base["color"] else "inherit"
    pygments_classes = {f".highlight .{cls}": ttype for ttype, cls in STANDARD_TYPES.items() if cls}
    hljs_classes = {f".hljs {hljs_selector(name)}": ttype for name, ttype in HLJS_SCOPES.items()}
    return [
        f"{scope}.highlight {{ color: {fg}; background-color: {style.background_color}; }}",
        *_grouped(style, pygments_classes, scope),
        f"{scope}.hljs {{ color: {fg}; }}",
        *_grouped(style, hljs_classes, scope),
    ]


_NUMBERED_CODE = """\
/* numbered file views (highlight_file): the numbers are generated content, so copying the
   code does not copy them; the line named in the URL fragment is marked */
.numbered-code .line-number { display: inline-block; min-width: 4ch; margin-right: 1.5ch;
  text-align: right; color: inherit; opacity: 0.55; text-decoration: none; user-select: none; }
.numbered-code .line-number::before { content: attr(data-line); }
.numbered-code .line-number:hover { opacity: 1; }
.numbered-code .line:target { background-color: rgba(234, 179, 8, 0.25); }"""


def stylesheet(light: str = LIGHT_STYLE, dark: str = DARK_STYLE) -> str:
    """CSS for highlighted code: Pygments' classes under ``.highlight``, highlight.js's under
    ``.hljs`` (the class it gives the ``<code>`` elements it highlights).

    Light is the default; dark applies under ``prefers-color-scheme: dark`` and under
    ``[data-theme="dark"]``; ``[data-theme="light"]`` forces light back in a dark system theme
    (its rules are more specific than the media query's and set every property).
    """
    header = (
        "/* Generated by `python -m skill_catalog.site.markdown.highlight > "
        "templates/assets/highlight.css`;\n"
        f"   Pygments {pygments.__version__} styles: light {light!r}, dark {dark!r}."
        " Do not edit by hand. */\n"
    )
    media = "\n".join("  " + rule for rule in _theme_rules(dark, ""))
    blocks = [
        "/* light (default) */",
        *_theme_rules(light, ""),
        "/* dark, following the system */",
        f"@media (prefers-color-scheme: dark) {{\n{media}\n}}",
        "/* the reader's explicit choice */",
        *_theme_rules(light, '[data-theme="light"] '),
        *_theme_rules(dark, '[data-theme="dark"] '),
        _NUMBERED_CODE,
    ]
    return header + "\n".join(blocks) + "\n"


if __name__ == "__main__":  # pragma: no cover - regenerates templates/assets/highlight.css
    sys.stdout.write(stylesheet())
