"""SHA-256 digests of files and skills, as the discovery drafts define them.

A file's digest is the SHA-256 of its raw bytes. A skill's digest is the one of the Cloudflare
"Agent Skills Discovery" RFC v0.2.0 (§ Integrity and Verification): SHA-256 over the lines
``{path}\\0{hex}\\n`` of its files, sorted by path in byte order. Digests are written
``sha256:<64 lowercase hex>``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from skill_catalog.site.publish.archive import Bundle

PREFIX = "sha256:"


def prefixed(hex_digest: str) -> str:
    return PREFIX + hex_digest


def path_sha256(path: Path) -> str:
    """Hex SHA-256 of a file we wrote ourselves (an archive in the output tree)."""
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def skill_digest(files: Iterable[tuple[str, str]]) -> str:
    """The skill-level digest of ``(path, hex sha256)`` pairs (Cloudflare RFC v0.2.0)."""
    lines = sorted((path.encode("utf-8"), hex_digest) for path, hex_digest in files)
    manifest = b"".join(path + b"\0" + hex_digest.encode("ascii") + b"\n"
                        for path, hex_digest in lines)
    return prefixed(hashlib.sha256(manifest).hexdigest())


def bundle_digest(bundle: Bundle, file_digests: dict[str, str | None]) -> str | None:
    """The skill-level digest of a bundle, from its files' digests by relpath (None when one of
    them could not be read)."""
    pairs: list[tuple[str, str]] = []
    for item in bundle.files:
        hex_digest = file_digests.get(item.file.relpath)
        if hex_digest is None:
            return None
        pairs.append((item.name, hex_digest))
    return skill_digest(pairs)
