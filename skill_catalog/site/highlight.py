"""Syntax highlighting with Pygments: fenced code, whole-file views and the stylesheet.

Highlighted code carries CSS classes only (``<span class="k">``), never inline styles, because
the site's Content-Security-Policy forbids them; :func:`stylesheet` writes the matching rules
for a light and a dark theme. Pygments escapes every character of the code it is given, so
the markup built here is safe without a sanitiser pass; languages it does not know are shown as
plain escaped text.
"""

from __future__ import annotations

import functools
import html
import sys

import pygments
from pygments import highlight as pygments_highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.style import Style
from pygments.styles import get_style_by_name
from pygments.token import STANDARD_TYPES, Token, _TokenType
from pygments.util import ClassNotFound

LIGHT_STYLE = "default"
DARK_STYLE = "github-dark"
TOKEN_CLASSES: frozenset[str] = frozenset(c for c in STANDARD_TYPES.values() if c)
"""Every class a highlighted ``<span>`` can carry (the sanitiser's allow-list uses it)."""

_FORMATTER = HtmlFormatter(nowrap=True)
_MAX_LANGUAGE = 64


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
    """A fenced code block: ``<div class="highlight"><pre data-lang=...><code>``."""
    lexer = lexer_for_language(language)
    body = highlight_spans(code, lexer)
    lang = f' data-lang="{html.escape(language, quote=True)}"' if language else ""
    if lexer is None:
        return f"<pre{lang}><code>{body}</code></pre>\n"
    return f'<div class="highlight"><pre{lang}><code>{body}</code></pre></div>\n'


def numbered_lines(code: str, lexer: Lexer | None) -> str:
    """``<pre>`` with one ``<span class="line" id="L12">`` per line and a link to each line.

    The number itself comes from CSS (``content: attr(data-line)``), so copying the code does
    not copy the numbers.
    """
    body = highlight_spans(code, lexer)
    if body.endswith("\n"):
        body = body[:-1]
    rows = [
        f'<span class="line" id="L{n}"><a class="line-number" href="#L{n}" data-line="{n}"'
        f' aria-label="Line {n}"></a>{line}</span>'
        for n, line in enumerate(body.split("\n"), start=1)
    ]
    classes = "highlight numbered-code" if lexer is not None else "numbered-code"
    return f'<div class="{classes}"><pre><code>' + "\n".join(rows) + "</code></pre></div>\n"


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


def _theme_rules(style_name: str, scope: str) -> list[str]:
    style = get_style_by_name(style_name)
    base = style.style_for_token(Token)
    fg = f"#{base['color']}" if base["color"] else "inherit"
    rules = [f"{scope}.highlight {{ color: {fg}; background-color: {style.background_color}; }}"]
    grouped: dict[str, list[str]] = {}
    for ttype, cls in sorted(STANDARD_TYPES.items(), key=lambda item: item[1]):
        if cls:
            grouped.setdefault(_declarations(style, ttype), []).append(cls)
    for decls, classes in grouped.items():
        selectors = ", ".join(f"{scope}.highlight .{cls}" for cls in classes)
        rules.append(f"{selectors} {{ {decls}; }}")
    return rules


_NUMBERED_CODE = """\
/* numbered file views (highlight_file): the numbers are generated content, so copying the
   code does not copy them; the line named in the URL fragment is marked */
.numbered-code .line-number { display: inline-block; min-width: 4ch; margin-right: 1.5ch;
  text-align: right; color: inherit; opacity: 0.55; text-decoration: none; user-select: none; }
.numbered-code .line-number::before { content: attr(data-line); }
.numbered-code .line-number:hover { opacity: 1; }
.numbered-code .line:target { background-color: rgba(234, 179, 8, 0.25); }"""


def stylesheet(light: str = LIGHT_STYLE, dark: str = DARK_STYLE) -> str:
    """CSS for highlighted code, scoped to ``.highlight``.

    Light is the default; dark applies under ``prefers-color-scheme: dark`` and under
    ``[data-theme="dark"]``; ``[data-theme="light"]`` forces light back in a dark system theme
    (its rules are more specific than the media query's and set every property).
    """
    header = (
        "/* Generated by `python -m skill_catalog.site.highlight > "
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
