"""The site's changes: ``changes.html``, the Atom feed ``changes.xml`` and ``changes.json``,
the history they are made from (docs/outputs.md, "Changes").

Each build compares the previous site's ``catalog.json`` with its own (the build is handed the
comparison, :data:`ChangesOf`: :func:`skill_catalog.diff.site_changes.catalog_changes`, which
says it as ``skill-catalog diff`` does) and, when something changed, puts an entry on top of the
history the previous site published in ``changes.json``; the last :data:`MAX_ENTRIES` are kept.
A first build (no previous site, or one without ``catalog.json``) has one entry listing the
skills. An entry's date is the build's (:class:`~skill_catalog.site.dates.Dates`: no wall-clock
time), never earlier than the entry below it; a build without a date (no
``SOURCE_DATE_EPOCH``, no git) gives its entry the date of the entry below it, or the Unix
epoch, and marks it undated (``dated``: false; the page says so). Its id is derived from the
entry below, the commit and what it says, so that it never changes once published (a feed
reader shows each entry once) and two builds of the same inputs give the same bytes.

Everything an entry says comes from the library: it is made printable where it is made, and
escaped here for HTML and XML (characters XML 1.0 forbids are removed).
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from skill_catalog.display.escape import printable
from skill_catalog.fs.safe_fs import read_limited
from skill_catalog.site.context import SiteContext
from skill_catalog.site.dates import Dates
from skill_catalog.site.write.output import OutputTree
from skill_catalog.site.write.serialize import clean_text, json_bytes, xml_text
from skill_catalog.version import __version__

CHANGES_PAGE = "changes.html"
FEED = "changes.xml"
HISTORY = "changes.json"
MAX_ENTRIES = 50
"""Entries the history, the page and the feed keep (newest first)."""
MAX_HISTORY_BYTES = 64 << 20
"""The largest previous ``changes.json`` read (50 bounded entries are far below)."""
HISTORY_VERSION = 1
EPOCH = "1970-01-01T00:00:00Z"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", re.ASCII)
"""The date of an undated entry with none below it (Atom requires one)."""
ATOM_NS = "http://www.w3.org/2005/Atom"

ChangesOf = Callable[[bytes | None, bytes], dict[str, Any] | None]
"""What the build is handed to compare two ``catalog.json`` (the previous one, None for a
first build, and its own): the new entry's ``title`` and ``sections`` (each ``{title, items,
more}``), or None when nothing changed."""


def _text(value: Any, limit: int = 2_000) -> str | None:
    """A string of a previous ``changes.json``, made printable again (the file could have
    been edited since)."""
    return printable(clean_text(value)[:limit]) if isinstance(value, str) else None


def _section(raw: Any) -> dict[str, Any] | None:
    if not isinstance(raw, dict):
        return None
    title, items, more = _text(raw.get("title")), raw.get("items"), raw.get("more", 0)
    if title is None or not isinstance(items, list):
        return None
    return {"title": title, "items": [t for t in map(_text, items[:1_000]) if t is not None],
            "more": more if isinstance(more, int) and not isinstance(more, bool) else 0}


def _entry(raw: Any) -> dict[str, Any] | None:
    """An entry of a previous ``changes.json``, with every value checked (None: not one)."""
    if not isinstance(raw, dict):
        return None
    fields = {key: _text(raw.get(key)) for key in ("id", "title", "updated")}
    sections = raw.get("sections")
    if any(value is None for value in fields.values()) or not isinstance(sections, list):
        return None
    if not _DATE.fullmatch(fields["updated"] or ""):
        return None  # Atom wants a date, and the next entry is dated after it
    commit = _text(raw.get("commit"), 64)
    return {**fields, "commit": commit, "dated": raw.get("dated") is not False,
            "sections": [s for s in map(_section, sections[:20]) if s is not None]}


def read_history(site: Path) -> list[dict[str, Any]]:
    """The entries the previous site's ``changes.json`` holds, newest first (none when it has
    none, or it cannot be read)."""
    try:
        data, truncated = read_limited(site / HISTORY, MAX_HISTORY_BYTES, follow=False)
        document = None if truncated else json.loads(data)
    except (OSError, ValueError, RecursionError):
        return []
    entries = document.get("entries") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        return []
    return [e for e in map(_entry, entries[:MAX_ENTRIES]) if e is not None]


def _uuid(*parts: str) -> str:
    digest = hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).digest()
    return f"urn:uuid:{uuid.UUID(bytes=digest[:16], version=5)}"


def updated(history: Sequence[dict[str, Any]], new: dict[str, Any] | None,
            dates: Dates) -> list[dict[str, Any]]:
    """The history with ``new`` (a :data:`ChangesOf` result) on top, dated and given its id;
    at most :data:`MAX_ENTRIES`."""
    if new is None:
        return list(history[:MAX_ENTRIES])
    below = history[0] if history else None
    date = dates.build or (below["updated"] if below is not None else EPOCH)
    if below is not None:
        date = max(date, below["updated"])
    sections = new["sections"]
    entry = {
        "id": _uuid("skill-catalog change", below["id"] if below else "", dates.commit or "",
                    json.dumps([new["title"], sections], sort_keys=True)),
        "title": new["title"],
        "updated": date,
        "commit": dates.commit,
        "dated": dates.build is not None,
        "sections": sections,
    }
    return [entry, *history[:MAX_ENTRIES - 1]]


def anchor(entry: Mapping[str, Any]) -> str:
    """The entry's ``id`` on the changes page."""
    return "change-" + hashlib.sha256(entry["id"].encode("utf-8")).hexdigest()[:16]


def feed_id(ctx: SiteContext) -> str:
    """The feed's id: its URL when the site has a base URL, else a URN made from the title."""
    if ctx.base_url:
        return ctx.absolute(FEED)
    return _uuid("skill-catalog changes feed", ctx.config.title)


def entry_html(entry: Mapping[str, Any]) -> str:
    """An entry's sections as HTML (the feed's content; the page's template says the same)."""
    parts = []
    for section in entry["sections"]:
        items = "".join(f"<li>{html.escape(item)}</li>" for item in section["items"])
        more = (f"<li>and {section['more']} more</li>" if section["more"] else "")
        parts.append(f"<h3>{html.escape(section['title'])}</h3><ul>{items}{more}</ul>")
    if entry.get("commit"):
        parts.append(f"<p>Commit {html.escape(entry['commit'])}</p>")
    return "".join(parts)


def atom_feed(ctx: SiteContext, entries: Sequence[Mapping[str, Any]], dates: Dates) -> str:
    """``changes.xml``: an Atom 1.0 feed (RFC 4287) of the entries."""
    title = f"{ctx.config.title}: changes"
    newest = entries[0]["updated"] if entries else (dates.build or EPOCH)
    lines = ['<?xml version="1.0" encoding="utf-8"?>', f'<feed xmlns="{ATOM_NS}">',
             f"  <id>{xml_text(feed_id(ctx))}</id>",
             f"  <title>{xml_text(title)}</title>",
             f"  <updated>{xml_text(newest)}</updated>",
             f"  <author><name>{xml_text(ctx.config.title)}</name></author>",
             f'  <generator uri="https://pypi.org/project/skill-catalog/" '
             f'version="{xml_text(__version__)}">skill-catalog</generator>',
             f'  <link rel="alternate" type="text/html" '
             f'href="{xml_text(ctx.absolute(CHANGES_PAGE))}"/>']
    if ctx.base_url:
        lines.append(f'  <link rel="self" type="application/atom+xml" '
                     f'href="{xml_text(ctx.absolute(FEED))}"/>')
    for entry in entries:
        link = ctx.absolute(f"{CHANGES_PAGE}#{anchor(entry)}")
        lines += ["  <entry>",
                  f"    <id>{xml_text(entry['id'])}</id>",
                  f"    <title>{xml_text(entry['title'])}</title>",
                  f"    <updated>{xml_text(entry['updated'])}</updated>",
                  f'    <link rel="alternate" type="text/html" href="{xml_text(link)}"/>',
                  f'    <content type="html">{xml_text(entry_html(entry))}</content>',
                  "  </entry>"]
    lines.append("</feed>")
    return "\n".join(lines) + "\n"


def write_changes(ctx: SiteContext, out: OutputTree, entries: Sequence[Mapping[str, Any]],
                  dates: Dates) -> None:
    """``changes.json`` and ``changes.xml`` (the page is a template's:
    :meth:`~skill_catalog.site.pages.render.PageWriter.write_changes`)."""
    out.write_bytes(HISTORY, json_bytes({"version": HISTORY_VERSION, "entries": list(entries)}))
    out.write_text(FEED, atom_feed(ctx, entries, dates))


def page_view(entries: Sequence[Mapping[str, Any]], dates: Dates) -> dict[str, Any]:
    """What the changes page's template is given."""
    return {
        "entries": [{**entry, "anchor": anchor(entry), "date": entry["updated"][:10]}
                    for entry in entries],
        "max_entries": MAX_ENTRIES,
        "date_source": dates.source,
        "feed": FEED,
    }
