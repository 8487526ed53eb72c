"""Links, images and ids in sanitised HTML: the URL policy, the site's rewriter, ``rel`` and ids.

One pass over the start tags that matter (``<a>``, ``<img>`` and any tag with an ``id``) of HTML
already cleaned by :mod:`skill_catalog.site.markdown.sanitize`, relying on its canonical
serialisation:

- every ``href``/``src`` is checked against :func:`allowed_url` (http, https, mailto and
  relative URLs; ``data:`` only for PNG/GIF/JPEG/WebP images in ``<img src>``), then given to
  the site's rewriter, whose answer is checked again and escaped (a :class:`Target` answer
  adds the link's ``data-view``, the file viewer's URL, checked the same way);
- a link whose URL is dropped keeps its text (an ``<a>`` without ``href``); an image whose URL
  is dropped is replaced by its escaped alt text;
- external links (absolute http(s) or ``//host``) get ``rel="nofollow noopener noreferrer"``;
- ids and ``<a name>`` from the author's HTML (footnotes included) are prefixed with
  ``user-content-`` so they cannot clobber the page's own ids or globals, and ``#fragment``
  links to them are adjusted to match, as GitHub does.
"""

from __future__ import annotations

import dataclasses as dc
import html
import re
from collections.abc import Callable, Mapping
from typing import Literal
from urllib.parse import unquote

LinkKind = Literal["link", "image"]


@dc.dataclass(slots=True, frozen=True)
class Target:
    """A rewriter's answer for a link to a file the site's viewer shows: ``href`` opens the
    raw copy (without script), ``view`` the viewer (``data-view``, which the site's script
    puts in its place)."""

    href: str
    view: str


LinkRewriter = Callable[[str, LinkKind], str | Target | None]

USER_ID_PREFIX = "user-content-"
EXTERNAL_REL = "nofollow noopener noreferrer"

TAG_PATTERN = r'<(?:(a|img)|([a-z][a-z0-9]*)(?=[^>]*\sid="))((?:\s[^>]*)?)>'
"""The start tags the pass rewrites: links, images and any tag with an id (3 groups)."""
LINK_TAG_PATTERN = r"<(a|img)()((?:\s[^>]*)?)>"
""":data:`TAG_PATTERN` for HTML without ids: links and images only, a cheaper scan."""
_TAG = re.compile(TAG_PATTERN)
_LINK_TAG = re.compile(LINK_TAG_PATTERN)
_ATTR = re.compile(r'([^\s="]+)(?:="([^"]*)")?')
_IDS = re.compile(r'\s(?:id|name)="([^"]*)"')
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
_IGNORED_IN_URL = re.compile(r"[\t\n\r]")
_LEADING_JUNK = re.compile(r"^[\x00-\x20]+")
_DATA_IMAGE = re.compile(r"^data:image/(?:png|gif|jpeg|webp)[;,]", re.IGNORECASE)
_SAFE_SCHEMES = frozenset({"http", "https", "mailto"})


def allowed_url(url: str, kind: LinkKind) -> bool:
    """Whether ``url`` may appear in an ``href`` (``kind="link"``) or ``src`` (``"image"``).

    Reads the scheme as a browser does: ignoring leading spaces and control characters and
    any tab or newline.
    """
    if url.startswith(("https://", "http://")):
        return True
    compact = _LEADING_JUNK.sub("", _IGNORED_IN_URL.sub("", url))
    match = _SCHEME.match(compact)
    if match is None:
        return not compact.startswith("\\")
    scheme = match.group(1).lower()
    if scheme == "data":
        return kind == "image" and _DATA_IMAGE.match(compact) is not None
    return scheme in _SAFE_SCHEMES


def is_external(url: str) -> bool:
    """An absolute http(s) URL or a scheme-relative ``//host/...`` one."""
    lowered = url.strip().lower()
    return lowered.startswith(("http://", "https://", "//", "\\\\", "/\\"))


@dc.dataclass(slots=True)
class Fragments:
    """Where ``#name`` links should point once ids are prefixed and headings re-anchored."""

    anchors: frozenset[str]
    """Heading anchors (unprefixed; they win)."""
    aliases: Mapping[str, str]
    """An author's id on a heading -> that heading's anchor."""
    user_ids: frozenset[str]
    """Ids and names from the author's HTML, before prefixing."""

    def resolve(self, fragment: str) -> str:
        name = unquote(fragment)
        if name in self.anchors or name.startswith(USER_ID_PREFIX):
            return fragment
        if name in self.aliases:
            return self.aliases[name]
        if name in self.user_ids:
            return USER_ID_PREFIX + fragment
        return fragment


def author_ids(clean_html: str) -> frozenset[str]:
    """The ``id`` and ``name`` values present in cleaned HTML (entity-decoded)."""
    return frozenset(html.unescape(value) for value in _IDS.findall(clean_html))


def _prefixed(value: str) -> str:
    return value if value.startswith(USER_ID_PREFIX) else USER_ID_PREFIX + value


def _attributes(raw: str) -> list[tuple[str, str | None]]:
    """The attributes of a start tag, values entity-decoded; of ``id`` and ``name`` only the
    first non-empty one stays, as a prefixed ``id``."""
    attrs: list[tuple[str, str | None]] = []
    has_id = False
    for key, value in _ATTR.findall(raw):
        value = html.unescape(value)
        if key in ("id", "name"):
            if not has_id and value:
                attrs.append(("id", _prefixed(value)))
                has_id = True
            continue
        attrs.append((key, value))
    return attrs


def _attributes_html(attrs: list[tuple[str, str | None]]) -> str:
    return "".join(
        f" {key}" if value is None else f' {key}="{html.escape(value, quote=True)}"'
        for key, value in attrs
    )


def _serialize(name: str, attrs: list[tuple[str, str | None]]) -> str:
    return f"<{name}{_attributes_html(attrs)}>"


def prefixed_attributes(raw: str) -> str:
    """A start tag's attributes (``' a="1" id="x"'``) re-serialised with the author's id
    prefixed, as :meth:`TagRewriter.tag` writes those of a tag that is neither link nor image."""
    return _attributes_html(_attributes(raw))


class TagRewriter:
    """The pass described in the module docstring; one instance per document."""

    __slots__ = ("_fragments", "_rewrite")

    def __init__(self, rewrite: LinkRewriter | None, fragments: Fragments) -> None:
        self._rewrite = rewrite
        self._fragments = fragments

    def run(self, clean_html: str) -> str:
        pattern = _TAG if 'id="' in clean_html else _LINK_TAG
        return pattern.sub(lambda m: self.tag(m.group(1) or m.group(2), m.group(3)), clean_html)

    def _url(self, url: str, kind: LinkKind) -> str | Target | None:
        if url.startswith("#"):
            return "#" + self._fragments.resolve(url[1:])
        if not allowed_url(url, kind):
            return None
        if self._rewrite is not None:
            rewritten = self._rewrite(url, kind)
            if isinstance(rewritten, Target):
                if not allowed_url(rewritten.href, kind):
                    return None
                if kind == "image" or not allowed_url(rewritten.view, kind):
                    return rewritten.href
                return rewritten
            if rewritten is None or not allowed_url(rewritten, kind):
                return None
            return rewritten
        return url

    def tag(self, name: str, raw_attrs: str) -> str:
        """The start tag ``<name raw_attrs>`` rewritten (a match of :data:`TAG_PATTERN`)."""
        attrs = _attributes(raw_attrs)
        if name == "a":
            return self._link(attrs)
        if name == "img":
            return self._image(attrs)
        return _serialize(name, attrs)

    def _link(self, attrs: list[tuple[str, str | None]]) -> str:
        out: list[tuple[str, str | None]] = []
        for key, value in attrs:
            if key == "href":
                url = self._url(value or "", "link")
                if url is None:
                    continue
                if isinstance(url, Target):
                    out += [("href", url.href), ("data-view", url.view)]
                    continue
                out.append(("href", url))
                if is_external(url):
                    out.append(("rel", EXTERNAL_REL))
            else:
                out.append((key, value))
        return _serialize("a", out)

    def _image(self, attrs: list[tuple[str, str | None]]) -> str:
        alt = next((value or "" for key, value in attrs if key == "alt"), "")
        out: list[tuple[str, str | None]] = []
        for key, value in attrs:
            if key == "src":
                url = self._url(value or "", "image")
                if isinstance(url, Target):
                    url = url.href
                if url is None:
                    return html.escape(alt, quote=False)
                out.append(("src", url))
            else:
                out.append((key, value))
        if not any(key == "src" for key, _ in out):
            return html.escape(alt, quote=False)
        out.append(("loading", "lazy"))
        return _serialize("img", out)
