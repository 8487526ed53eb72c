"""What an HTML page of a site may hold (docs/security.md): its tags, URLs and problems."""

from __future__ import annotations

import html
import html.parser
import posixpath
import re
from pathlib import Path

from skill_catalog.site.pages.render import COUNTS_SCRIPT

# What a page may hold (docs/security.md) --------------------------------------------------------


CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
FORBIDDEN_TAGS = {"iframe", "object", "embed", "form", "base", "frame", "frameset", "applet",
                  "style", "input", "textarea", "button", "select", "meta", "link", "svg",
                  "math", "noscript", "template"}
"""Tags that must not come from content; the templates' own uses are allowed below."""
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "poster", "data",
                  "background", "srcset", "cite", "ping"}


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, [(k, v or "") for k, v in attrs]))


def page_tags(page: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    parser = _Tags()
    parser.feed(page.read_text("utf-8"))
    parser.close()
    return parser.tags


def _ours(tag: str, attrs: dict[str, str], page: str) -> bool:
    """The few tags of FORBIDDEN_TAGS that the templates write themselves."""
    if tag == "meta":
        return (attrs.get("http-equiv") == "Content-Security-Policy"
                or set(attrs) <= {"charset", "name", "content"})
    if tag == "link":
        if attrs.get("rel") == "alternate":  # the changes feed, from the site's root
            href = attrs.get("href", "")
            return (attrs.get("type") == "application/atom+xml" and ":" not in href
                    and posixpath.basename(href) == "changes.xml")
        return attrs.get("rel") in ("stylesheet", "icon", "canonical")
    if tag == "input":  # the search box, the facet filters, disabled task-list checkboxes
        kind = attrs.get("type")
        return (page == "index.html" and kind in ("search", "checkbox")) or (
            kind == "checkbox" and "disabled" in attrs)
    if tag == "button":
        return (attrs.get("type") == "button" and "data-copy" in attrs) or "id" in attrs
    return False


def _unsafe_url(url: str, tag: str, attribute: str) -> bool:
    compact = re.sub(r"[\x00-\x20]", "", html.unescape(url)).lower()
    if compact.startswith("data:"):
        return not (tag == "img" and attribute == "src" and compact.startswith("data:image/"))
    return compact.startswith(("javascript:", "vbscript:", "file:"))


BASE_PATH = "/skills/"
"""The path of CONFIG's base_url."""


def page_problems(site: Path, page: Path) -> list[str]:
    relpage = page.relative_to(site).as_posix()
    problems = []
    for tag, attr_list in page_tags(page):
        attrs = dict(attr_list)
        if tag == "script":
            src = attrs.get("src")
            if src is None:
                problems.append("inline <script>")
                continue
            if src.startswith(BASE_PATH):  # 404.html links from the base URL's path
                target = posixpath.normpath(src[len(BASE_PATH):])
            else:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(relpage), src))
            ours = target.startswith(("assets/", "search/")) or target == COUNTS_SCRIPT
            if not ours or not (site / target).is_file():
                problems.append(f"script from {src}")
        elif tag in FORBIDDEN_TAGS and not _ours(tag, attrs, relpage):
            problems.append(f"<{tag} {attrs}>")
        for name, value in attr_list:
            if name.startswith("on"):
                problems.append(f"<{tag} {name}=...>")
            if name == "style":
                problems.append(f"<{tag} style=...>")
            if name in URL_ATTRIBUTES and _unsafe_url(value, tag, name):
                problems.append(f"<{tag} {name}={value[:40]!r}>")
    return problems


EXPANSION = 24
"""The factor docs/security.md states."""
KIB = 1024
SKILL_PAGE_ALLOWANCE = 256 * KIB
