"""Writing an index for tools and for the browser, and reading the tools' file back.

``write_index(index, out)`` writes:

- ``search-index.json``: the whole index in one file, for ``skill-catalog search --index``
  and any other tool;
- ``search/meta.js``: what the page needs before its first query (shard keys, stop words, a
  checksum of the document URLs, a version for cache busting);
- ``search/t-<key>.js`` (``u-<hex>.js`` for keys outside ``a-z0-9``): the terms and names whose
  longest shard key is ``<key>``, loaded only when a query needs them;
- ``search/docs.js``: document URLs by id, loaded only when the page's list does not match the
  checksum (otherwise the page recovers them from its own links).

The browser files are scripts that assign to ``window.skillSearchData`` rather than JSON, so
that they load from ``file://`` and under ``script-src 'self'`` without ``fetch``. Output is
byte-identical for the same index: sorted keys, no timestamps.
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
from collections.abc import Iterable, Iterator
from json.encoder import encode_basestring_ascii
from operator import itemgetter, sub
from pathlib import Path
from typing import Any

from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs.safe_write import write_file
from skill_catalog.search.index import FORMAT, VERSION, Doc, SearchIndex
from skill_catalog.search.rank import NAME_BONUS
from skill_catalog.search.text import MIN_PREFIX, STOPWORDS

INDEX_FILE = "search-index.json"
BROWSER_DIR = "search"
SHARD_BYTES = 16_384
"""A shard larger than this is split by one more character of its key."""
MAX_KEY = 5
_ASCII_KEY = re.compile(r"^[a-z0-9]+$")


class IndexFormatError(SkillCatalogError, ValueError):
    """A file or URL given as an index is not one this version can read."""


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class _Numerals(dict[int, str]):
    """``str`` of each integer asked for, made once: most numbers in an index repeat."""

    def __missing__(self, number: int) -> str:
        text = self[number] = str(number)
        return text


def _array(numbers: Iterable[int], numerals: _Numerals) -> str:
    """What :func:`_dumps` writes for a list of integers."""
    return f"[{','.join(map(numerals.__getitem__, numbers))}]"


def _object(members: Iterable[tuple[str, str]]) -> str:
    """What :func:`_dumps` writes for an object, from its ``(key, value as JSON)`` pairs."""
    return "{" + ",".join([f"{encode_basestring_ascii(key)}:{value}"
                           for key, value in sorted(members)]) + "}"


_FIRST, _SECOND = itemgetter(0), itemgetter(1)


def encode_postings(postings: Iterable[tuple[int, int]]) -> list[int]:
    """``[(doc, impact), ...]`` ascending by doc -> ``[doc gap, impact, doc gap, impact, ...]``."""
    pairs = list(postings)
    docs = list(map(_FIRST, pairs))
    flat = [0] * (2 * len(pairs))
    flat[0::2] = map(sub, docs, [0, *docs])
    flat[1::2] = map(_SECOND, pairs)
    return flat


def decode_postings(flat: list[int]) -> list[tuple[int, int]]:
    """The inverse of :func:`encode_postings`."""
    result = []
    doc = 0
    for i in range(0, len(flat) - 1, 2):
        doc += flat[i]
        result.append((doc, flat[i + 1]))
    return result


def url_checksum(urls: Iterable[str]) -> int:
    """FNV-1a (32 bit) over the UTF-16 code units of the sorted URLs joined by newlines; the
    page computes the same over its links to know their order is the index's doc order."""
    text = "\n".join(sorted(urls)).encode("utf-16-le", "surrogatepass")
    value = 0x811C9DC5
    for unit in struct.unpack(f"<{len(text) // 2}H", text):
        value = ((value ^ unit) * 0x01000193) & 0xFFFFFFFF
    return value


def shard_file(key: str) -> str:
    """The file name of a shard: readable for ``a-z0-9`` keys, hex of UTF-8 otherwise."""
    if _ASCII_KEY.match(key):
        return f"t-{key}.js"
    return f"u-{key.encode('utf-8', 'surrogatepass').hex()}.js"


def _entry_size(key: str, array: str) -> int:
    """The size a term or name counts for in :func:`plan_shards`, from its JSON ``array``: the
    key's length, 4, and each number's digits and one separator."""
    return len(key) + 4 + (len(array) - 1 if array != "[]" else 0)


def plan_shards(entries: dict[str, int]) -> dict[str, list[str]]:
    """Group strings (with their serialized sizes) by shard key: their first character,
    one more while a group is over :data:`SHARD_BYTES`. A string belongs to the longest key
    that is a prefix of it."""
    plan: dict[str, list[str]] = {}

    def place(members: list[str], depth: int) -> None:
        groups: dict[str, list[str]] = {}
        for member in members:
            groups.setdefault(member[:depth], []).append(member)
        for key, group in groups.items():
            size = sum(entries[m] for m in group)
            if size <= SHARD_BYTES or depth >= MAX_KEY or all(len(m) <= depth for m in group):
                plan[key] = group
                continue
            short = [m for m in group if len(m) <= depth]
            if short:
                plan[key] = short
            place([m for m in group if len(m) > depth], depth + 1)

    place(sorted(entries), 1)
    return plan


def _assign(var: str, payload: str) -> str:
    """A script that stores the JSON ``payload`` under ``var``; ``<`` is escaped (it can only
    occur inside JSON strings) so that no file could close a script element even if inlined."""
    payload = payload.replace("<", "\\u003c")
    return (f"window.skillSearchData=window.skillSearchData||{{}};"
            f"window.skillSearchData[{json.dumps(var)}]={payload};\n")


def _browser_files(index: SearchIndex, terms: dict[str, str], names: dict[str, str],
                   version: str) -> Iterator[tuple[str, str]]:
    # plan on the strings themselves; a term and a name that are equal share a shard
    sizes = {t: _entry_size(t, v) for t, v in terms.items()}
    for k, v in names.items():
        sizes[k] = sizes.get(k, 0) + _entry_size(k, v)
    plan = plan_shards(sizes)
    for key in sorted(plan):
        members = plan[key]
        shard = _object([
            ("t", _object([(m, terms[m]) for m in members if m in terms])),
            ("n", _object([(m, names[m]) for m in members if m in names])),
        ])
        yield f"{BROWSER_DIR}/{shard_file(key)}", _assign(f"t:{key}", shard)
    meta = {
        "format": FORMAT,
        "version": VERSION,
        "v": version,
        "count": len(index.docs),
        "sum": url_checksum(d.url for d in index.docs),
        "keys": sorted(plan),
        "stop": sorted(STOPWORDS),
        "minPrefix": MIN_PREFIX,
        "nameBonus": NAME_BONUS,
    }
    yield f"{BROWSER_DIR}/meta.js", _assign("meta", _dumps(meta))
    yield f"{BROWSER_DIR}/docs.js", _assign("docs", _dumps([d.url for d in index.docs]))


def index_files(index: SearchIndex, *, browser: bool = True) -> list[tuple[str, str]]:
    """``(path, text)`` of ``search-index.json`` and, with ``browser``, of each of the
    browser's ``search/`` files, paths ``/``-separated, in writing order (what
    :func:`write_index` writes)."""
    # Each term's postings are turned into JSON text once, for both files and the shard plan.
    numerals = _Numerals()
    terms = {t: _array(encode_postings(p), numerals) for t, p in index.postings.items()}
    names = {k: _array(v, numerals) for k, v in index.names.items()}
    full = _object([
        ("format", _dumps(FORMAT)),
        ("version", _dumps(VERSION)),
        ("docs", _dumps([{"url": d.url, "name": d.name, "description": d.description,
                           "valid": d.valid} for d in index.docs])),
        ("terms", _object(terms.items())),
        ("names", _object(names.items())),
        ("browser", _dumps(f"{BROWSER_DIR}/meta.js")),
    ]) + "\n"
    if not browser:
        return [(INDEX_FILE, full)]
    version = hashlib.sha256(full.encode("utf-8")).hexdigest()[:12]
    return [(INDEX_FILE, full), *_browser_files(index, terms, names, version)]


def write_index(index: SearchIndex, out_dir: Path) -> list[str]:
    """Write ``search-index.json`` and the browser's ``search/`` files under ``out_dir``.

    :returns: the paths written, relative to ``out_dir``, ``/``-separated, in writing order.
    """
    files = index_files(index)
    (out_dir / BROWSER_DIR).mkdir(parents=True, exist_ok=True)
    for rel, text in files:  # never through a link found at one of these names
        write_file(out_dir / rel, text.encode("utf-8"))
    return [rel for rel, _text in files]


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        raise IndexFormatError(f"{what}: expected a list of non-negative integers")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise IndexFormatError(f"{what}: expected a string")
    return value


def index_from_payload(data: Any) -> SearchIndex:
    """Check and read a ``search-index.json`` object; every id is checked against the docs."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise IndexFormatError(f"not a skill-catalog search index (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise IndexFormatError(
            f"search index version {data.get('version')!r}; this skill-catalog reads {VERSION}")
    raw_docs, raw_terms, raw_names = data.get("docs"), data.get("terms"), data.get("names")
    if not (isinstance(raw_docs, list) and isinstance(raw_terms, dict)
            and isinstance(raw_names, dict)):
        raise IndexFormatError("search index: 'docs' must be a list, 'terms' and 'names' objects")
    docs = []
    for i, d in enumerate(raw_docs):
        if not isinstance(d, dict):
            raise IndexFormatError(f"docs[{i}]: expected an object")
        docs.append(Doc(url=_text(d.get("url"), f"docs[{i}].url"),
                        name=_text(d.get("name"), f"docs[{i}].name"),
                        description=_text(d.get("description", ""), f"docs[{i}].description"),
                        valid=d.get("valid") is not False))
    postings = {}
    for term, flat in raw_terms.items():
        pairs = decode_postings(_ints(flat, f"terms[{term!r}]"))
        if len(flat) % 2 or any(doc >= len(docs) or impact < 1 for doc, impact in pairs):
            raise IndexFormatError(f"terms[{term!r}]: bad postings")
        postings[term] = pairs
    names = {}
    for key, ids in raw_names.items():
        if any(i >= len(docs) for i in _ints(ids, f"names[{key!r}]")):
            raise IndexFormatError(f"names[{key!r}]: id out of range")
        names[key] = ids
    return SearchIndex(docs=docs, postings=postings, names=names)

