"""A side read from a built site's ``catalog.json`` (a file, a site folder, or a URL).

``catalog.json`` holds each skill's name, folder, frontmatter, validity and error codes,
trust status and findings (at most 100 a skill), the SHA-256 of each file and of the body, and
the digests of its published zip and bundle: a diff against it says all of that. It does not
hold what any tool would list (that needs each SKILL.md as the tool reads it), so a diff with
such a side has no ``tools`` (docs/diff.md); a ``catalog.json`` of an older release, or a skill
whose content is withheld, has no body digest (a body change then shows as SKILL.md
modified).

The file may come from anyone (a URL): it is read with a size bound, and every value is checked
for its type before use; what does not fit is an error naming the skill, not a traceback.
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from skill_catalog.diff.snapshot import Finding, SideKind, SkillState, Snapshot
from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs.safe_fs import read_limited

MAX_CATALOG_BYTES = 1 << 30
"""The largest ``catalog.json`` read (a 10,000-skill site's is well below)."""
URL_TIMEOUT = 60


class CatalogJsonError(SkillCatalogError):
    """A ``catalog.json`` side could not be read or is not one skill-catalog wrote (exit 2)."""


def read_catalog_url(url: str) -> bytes:
    """The bytes at an ``http(s)`` URL, at most :data:`MAX_CATALOG_BYTES`."""
    if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
        raise CatalogJsonError(f"{url}: only http and https URLs are read")
    try:
        with urllib.request.urlopen(url, timeout=URL_TIMEOUT) as response:
            data: bytes = response.read(MAX_CATALOG_BYTES + 1)
    except (OSError, ValueError) as exc:
        raise CatalogJsonError(f"{url}: cannot be read: {exc}") from None
    if len(data) > MAX_CATALOG_BYTES:
        raise CatalogJsonError(f"{url}: larger than {MAX_CATALOG_BYTES:,} bytes")
    return data


def read_catalog_file(path: Path) -> bytes:
    try:
        data, truncated = read_limited(path, MAX_CATALOG_BYTES)
    except OSError as exc:
        raise CatalogJsonError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if truncated:
        raise CatalogJsonError(f"{path}: larger than {MAX_CATALOG_BYTES:,} bytes")
    return data


def _get(item: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str,
         default: Any = None, *, required: bool = False) -> Any:
    value = item.get(key, default)
    if value is None and not required:
        return default
    if not isinstance(value, kind):
        raise CatalogJsonError(f"{where}: '{key}' is not what catalog.json holds there")
    return value


def _finding(raw: Any, where: str) -> Finding:
    if not isinstance(raw, dict):
        raise CatalogJsonError(f"{where}: a trust finding is not an object")
    line = raw.get("line")
    return Finding(str(raw.get("code", "")), str(raw.get("severity", "")),
                   str(raw.get("message", "")), _get(raw, "file", str, where),
                   line if isinstance(line, int) and not isinstance(line, bool) else None,
                   _get(raw, "accepted", str, where))


def _skill(raw: Any, index: int, source: str) -> SkillState:
    where = f"{source}: skills[{index}]"
    if not isinstance(raw, dict):
        raise CatalogJsonError(f"{where}: not an object")
    path = _get(raw, "path", str, where, required=True)
    name = _get(raw, "name", str, where) or path.rsplit("/", 1)[-1]
    where = f"{source}: skill {name!r}"
    files: dict[str, str | None] = {}
    for item in _get(raw, "files", list, where, []):
        if not isinstance(item, dict) or not isinstance(item.get("relpath"), str):
            raise CatalogJsonError(f"{where}: a file entry has no relpath")
        files[item["relpath"]] = _get(item, "sha256", str, where)
    diagnostics = _get(raw, "diagnostics", list, where, [])
    errors = sorted({str(d.get("code")) for d in diagnostics
                     if isinstance(d, dict) and d.get("severity") == "error"})
    trust = _get(raw, "trust", dict, where, {})
    digest = _get(raw, "digest", dict, where, {})
    body = _get(digest, "body", str, where)
    return SkillState(
        name=name,
        path=path,
        description=_get(raw, "description", str, where),
        frontmatter=_get(raw, "frontmatter", dict, where, {}),
        body=body.removeprefix("sha256:") if body is not None else None,
        files=files,
        valid=bool(_get(raw, "valid", bool, where, False)),
        errors=tuple(errors),
        trust=str(trust.get("status", "clean")),
        findings=tuple(_finding(f, where) for f in _get(trust, "findings", list, where, [])),
        digest=_get(digest, "skill", str, where),
        archive=_get(digest, "archive", str, where),
    )


def snapshot_from_catalog_json(data: bytes, label: str, kind: SideKind) -> Snapshot:
    """The side a ``catalog.json`` describes."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise CatalogJsonError(f"{label}: not JSON: {exc}") from None
    if not isinstance(document, dict) or not isinstance(document.get("skills"), list):
        raise CatalogJsonError(f"{label}: not a catalog.json skill-catalog wrote (no 'skills' "
                               "list)")
    skills = tuple(_skill(raw, i, label) for i, raw in enumerate(document["skills"]))
    return Snapshot(label, kind, skills, None)
