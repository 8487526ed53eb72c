"""``json``: ``[{"name", "description", "location"}]``, one object per skill.

``description`` is left out of an object whose description a budget dropped, ``location`` when
``--location none``. The overflow line of a budget has no place here; it is in the report.
"""

from __future__ import annotations

import json
from typing import Any

from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.format import Format, Listing


def _object(item: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {"name": item.name}
    if item.description is not None:
        data["description"] = item.description
    if item.location is not None:
        data["location"] = item.location
    return data


def entry(item: Entry) -> str:
    return json.dumps(_object(item), ensure_ascii=False)


def render(listing: Listing) -> str:
    return json.dumps([_object(e) for e in listing.entries], ensure_ascii=False, indent=2) + "\n"


FORMAT = Format(
    name="json",
    title="JSON",
    summary='a JSON array of {"name", "description", "location"}',
    render=render,
    entry=entry,
    uses_overflow=False,
)
