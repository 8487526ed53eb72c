"""``skill-catalog mcp --catalog URL|FOLDER``: the skills of a published catalog, served as they
were published.

A skill is served when the site's ``.well-known/skills/index.json`` lists it (the build put
there exactly the valid skills it publishes to agents: not withheld, not internal unless
``publish_internal``) and ``catalog.json`` describes it as valid, with the size and SHA-256 of
every file. Its files are the raw copies beside that index (``.well-known/skills/<name>/``),
fetched when a client reads one, never ahead; a file whose bytes differ from the digest
``catalog.json`` gives is refused (:func:`~skill_catalog.mcp.library.read`). A skill some of
whose files the raw copies leave out (a file that is not UTF-8 text, say: the build notes it,
SC040) is not served, since an entry must list every file; the log says why.

Everything read from the catalog is untrusted: its size is bounded (64 MiB for
``catalog.json``, the listed size for a file), names and paths are checked as the local mode
checks them, a URL may only be http(s) or file (:func:`~skill_catalog.search.source.read_source`),
and a site folder is read without following a link out of it.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs.safe_fs import open_inside, read_at_most
from skill_catalog.mcp.library import (
    MAX_RESOURCES,
    MAX_SKILL_BYTES,
    MAX_SKILL_MIB,
    SKILL_MD,
    BadUri,
    Changed,
    Refusal,
    Served,
    ServedFile,
    ServedSkill,
    skill_uri,
)
from skill_catalog.search import SearchIndex, load_index
from skill_catalog.search.files import IndexFormatError
from skill_catalog.search.source import read_source
from skill_catalog.site import V01
from skill_catalog.skill_access import FileRefused, check_relpath
from skill_catalog.spec.limits import is_spec_name

MAX_CATALOG_BYTES = 64 * 1024 * 1024
_HEX = re.compile(r"^[0-9a-f]{64}$")


class CatalogError(SkillCatalogError):
    """The published catalog cannot be read or is not one (exit 2)."""


class TooLong(CatalogError):
    """A file of the site is larger than it may be."""


class Site:
    """Where a published catalog lives: a folder, or a base URL ending with ``/``."""

    def __init__(self, source: str) -> None:
        self.url: str | None = None
        self.folder: Path | None = None
        if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", source):
            self.url = source if source.endswith("/") else source + "/"
            if self.url.lower().endswith("/catalog.json/"):
                self.url = self.url[: -len("catalog.json/")]
        else:
            folder = Path(source)
            self.folder = folder.parent if folder.name == "catalog.json" else folder
            if not self.folder.is_dir():
                raise CatalogError(f"{source}: no such folder (give a built site's folder or "
                                   "its URL)")

    def read(self, relpath: str, limit: int) -> bytes:
        """The bytes of ``relpath`` of the site (``/``-separated, checked), at most ``limit``.

        :raises TooLong: it is larger.
        :raises CatalogError: it cannot be read.
        """
        try:
            if self.url is not None:
                data, _where = read_source(self.url + quote(relpath, safe="/"), limit)
                return data
            assert self.folder is not None
            fd, _names = open_inside(os.path.abspath(self.folder), relpath)
            try:
                data = read_at_most(fd, limit + 1)
            finally:
                os.close(fd)
        except IndexFormatError as exc:
            if "larger than" in str(exc):
                raise TooLong(f"{relpath} of {self} is larger than {limit:,} bytes") from None
            raise CatalogError(str(exc).replace("index", "file")) from None
        except OSError as exc:
            raise CatalogError(f"cannot read {relpath} of {self}: "
                               f"{exc.strerror or exc}") from None
        if len(data) > limit:
            raise TooLong(f"{relpath} of {self} is larger than {limit:,} bytes")
        return data

    def json(self, relpath: str) -> Any:
        try:
            return json.loads(self.read(relpath, MAX_CATALOG_BYTES).decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            raise CatalogError(f"{relpath} of {self} is not JSON: {exc}") from None

    def __str__(self) -> str:
        return self.url or str(self.folder)


def published(source: str) -> Served:
    """The skills served from the catalog published at ``source`` (a site folder or URL).

    :raises CatalogError: its ``catalog.json`` or well-known index cannot be read.
    """
    site = Site(source)
    catalog = site.json("catalog.json")
    index = site.json(f"{V01}/index.json")
    if not isinstance(catalog, dict) or not isinstance(catalog.get("skills"), list):
        raise CatalogError(f"{site}: catalog.json has no 'skills' list; is it a skill-catalog "
                           "site?")
    if not isinstance(index, dict) or not isinstance(index.get("skills"), list):
        raise CatalogError(f"{site}: {V01}/index.json has no 'skills' list")
    described = {s.get("name"): s for s in catalog["skills"]
                 if isinstance(s, dict) and s.get("valid") is True}
    skills: dict[str, ServedSkill] = {}
    refused: list[Refusal] = []
    for item in index["skills"]:
        name = item.get("name") if isinstance(item, dict) else None
        if not isinstance(name, str) or not is_spec_name(name):
            refused.append(Refusal(f"{V01}/index.json", f"an entry's name {name!r} cannot "
                                   "be a skill:// name"))
            continue
        result = _skill(site, name, item, described.get(name))
        if isinstance(result, Refusal):
            refused.append(result)
        elif name not in skills:
            skills[name] = result
    listed = {item.get("name") for item in index["skills"] if isinstance(item, dict)}
    for entry in catalog["skills"]:
        if isinstance(entry, dict) and entry.get("name") not in listed:
            refused.append(Refusal(f"catalog.json: {str(entry.get('name'))[:100]}",
                                   _why_unlisted(entry)))
    return Served(dict(sorted(skills.items())), tuple(refused), _search_index(site))


def _why_unlisted(entry: dict[str, Any]) -> str:
    """Why the site's well-known index leaves out a skill catalog.json describes."""
    if entry.get("valid") is not True:
        return "invalid in the published catalog"
    trust = entry.get("trust")
    withheld = trust.get("withheld") if isinstance(trust, dict) else None
    if isinstance(withheld, str):
        return f"withheld: {withheld[:500]}"
    return f"the site's {V01}/index.json does not list it (see the build's SC040 notes)"


def _skill(site: Site, name: str, item: dict[str, Any],
           entry: dict[str, Any] | None) -> ServedSkill | Refusal:
    where = f"{V01}/{name}/"
    if entry is None:
        return Refusal(where, "catalog.json does not describe it as a valid skill")
    copies = item.get("files")
    files = entry.get("files")
    frontmatter = entry.get("frontmatter")
    if not isinstance(copies, list) or not isinstance(files, list) or \
            not isinstance(frontmatter, dict):
        return Refusal(where, "its entries in catalog.json and index.json are malformed")
    described: dict[str, tuple[int, str]] = {}
    for record in files:
        if not isinstance(record, dict):
            return Refusal(where, "a file record of catalog.json is malformed")
        relpath, size, sha256 = record.get("relpath"), record.get("size"), record.get("sha256")
        if not isinstance(relpath, str) or not isinstance(size, int) or \
                isinstance(size, bool) or size < 0 or not isinstance(sha256, str) or \
                not _HEX.match(sha256):
            return Refusal(where, f"catalog.json gives no size and SHA-256 for {relpath!r}")
        described[SKILL_MD if relpath.lower() == "skill.md" else relpath] = (size, sha256)
    if set(copies) != set(described):
        missing = sorted(set(described) - {c for c in copies if isinstance(c, str)})
        return Refusal(where, f"{len(missing)} of its files are not among its raw copies "
                       f"(e.g. {missing[0]!r}: only the zip carries it), and an MCP entry must "
                       "list every file" if missing else "its raw copies are not the files "
                       "catalog.json lists")
    served: list[ServedFile] = []
    for path in copies:
        try:
            check_relpath(path)
        except FileRefused as exc:
            return Refusal(where, str(exc))
        size, sha256 = described[path]
        served.append(ServedFile(path, path, size, sha256, skill_uri(name, path)))
    served.sort(key=lambda f: (f.name != SKILL_MD, f.name))
    if len(served) > MAX_RESOURCES or sum(f.size for f in served) > MAX_SKILL_BYTES:
        return Refusal(where, f"more than {MAX_RESOURCES} files or {MAX_SKILL_MIB} MiB, which "
                       "a skill served over MCP may hold (SEP-2640 limits)")
    if frontmatter.get("name") != name:
        return Refusal(where, "its frontmatter name is not its published name")

    def fetch(file: ServedFile) -> bytes:
        try:
            return site.read(f"{V01}/{name}/{file.name}", file.size)
        except TooLong:
            raise Changed(f"{file.uri}: refused, the published file is not the one the catalog "
                          f"describes (catalog.json: {file.size:,} bytes, {file.digest}; "
                          "fetched: more bytes)") from None
        except CatalogError as exc:
            raise BadUri(f"{file.uri}: {exc}") from None

    description = frontmatter.get("description")
    return ServedSkill(name, description if isinstance(description, str) else "",
                       frontmatter, tuple(served), None, fetch)


def _search_index(site: Site) -> SearchIndex | None:
    try:
        if site.url is not None:
            return load_index(site.url + "search-index.json")
        assert site.folder is not None
        return load_index(site.folder / "search-index.json")
    except IndexFormatError:
        return None
