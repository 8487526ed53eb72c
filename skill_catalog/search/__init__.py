"""Search over a skill library: one index for the CLI, ``Catalog.search`` and the site's page.

Build it from skills (:func:`build_index`), query it (:func:`query`), write it for a site
(:func:`write_index`: ``search-index.json`` plus the browser's sharded ``search/*.js``) and read
a written one back from a path or URL (:func:`load_index`). See ``docs/search.md``.
"""

from skill_catalog.search.files import INDEX_FILE, IndexFormatError, write_index
from skill_catalog.search.index import Doc, SearchIndex, build_index, local_url
from skill_catalog.search.rank import Hit, query
from skill_catalog.search.source import load_index

__all__ = [
    "INDEX_FILE",
    "Doc",
    "Hit",
    "IndexFormatError",
    "SearchIndex",
    "build_index",
    "load_index",
    "local_url",
    "query",
    "write_index",
]
