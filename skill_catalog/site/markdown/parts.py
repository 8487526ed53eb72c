"""What every Markdown engine returns: HTML with placeholders for its code blocks (shared by
:mod:`skill_catalog.site.markdown.engines` and the engine it imports only when used,
:mod:`skill_catalog.site.markdown.markdown_it_engine`)."""

from __future__ import annotations

import dataclasses as dc
import html

from skill_catalog.site.markdown.sanitize import BLOCK_CLOSE, BLOCK_OPEN


@dc.dataclass(slots=True, frozen=True)
class CodeBlock:
    """A fenced or indented code block, which the engine's HTML holds as a placeholder."""

    language: str
    """The info string's first word, entities decoded; empty when there is none."""
    html: str
    """The code, HTML-escaped (``&``, ``<`` and ``>``), as it goes inside ``<code>``."""


@dc.dataclass(slots=True, frozen=True)
class RawHtml:
    """An engine's output: HTML, and the code blocks its placeholders stand for."""

    html: str
    code_blocks: list[CodeBlock]
    sanitized: bool = False
    """True when ``html`` holds the engine's own markup only, already in the form the sanitiser
    would give it, so the sanitiser can be skipped. Links and images are the exception: their
    attributes are left as the engine wrote them, for the link pass, which checks every URL
    and re-serialises those tags anyway."""



def escape_code(code: str) -> str:
    """Code as it goes inside ``<code>``: ``&``, ``<`` and ``>`` escaped, quotes left alone."""
    return html.escape(code, quote=False)


def placeholder(blocks: list[CodeBlock], block: CodeBlock) -> str:
    """Keep ``block`` in ``blocks``; the placeholder line that stands for it in the HTML."""
    blocks.append(block)
    return f"{BLOCK_OPEN}{len(blocks) - 1}{BLOCK_CLOSE}\n"
