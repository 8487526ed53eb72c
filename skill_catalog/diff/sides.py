"""The two sides of ``skill-catalog diff``, each given as a string: a library folder, a built
site folder, a ``catalog.json`` file or URL, or ``git:REF``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from skill_catalog.api import load
from skill_catalog.config import Config, find_config, load_config
from skill_catalog.diff.git_side import exported
from skill_catalog.diff.site_side import (
    CatalogJsonError,
    read_catalog_file,
    read_catalog_url,
    snapshot_from_catalog_json,
)
from skill_catalog.diff.snapshot import SideKind, Snapshot, snapshot_of
from skill_catalog.discovery.sites import SITE_MARKER
from skill_catalog.site import CATALOG

GIT_PREFIX = "git:"


def library_snapshot(folder: Path, label: str, kind: SideKind,
                     context_tokens: int | None = None, workers: int | None = 1) -> Snapshot:
    """The library in ``folder``: its ``skill-catalog.yml`` (roots, rules, trust policy) when
    it has one, else the folder itself as the one root."""
    found = find_config(folder)
    config = load_config(found) if found is not None else Config()
    catalog = load(None if config.roots else [folder], config, workers=workers)
    return snapshot_of(catalog, folder, label=label, kind=kind, context_tokens=context_tokens)


def side_kind(spec: str) -> SideKind:
    """What kind of side ``spec`` names (without reading it)."""
    if spec.startswith(GIT_PREFIX):
        return "git"
    if spec.startswith(("http://", "https://")):
        return "catalog.json"
    path = Path(spec)
    if path.is_dir():
        return "site" if (path / SITE_MARKER).is_file() and (path / CATALOG).is_file() \
            else "library"
    return "catalog.json"


@contextlib.contextmanager
def open_side(spec: str, *, cwd: Path | None = None, context_tokens: int | None = None,
              workers: int | None = 1) -> Iterator[Snapshot]:
    """The :class:`Snapshot` ``spec`` names; a ``git:REF`` side's temporary folder is removed
    when the block ends.

    :param cwd: the folder a ``git:REF`` side stands for, in its repository (default: the
        current folder).
    """
    kind = side_kind(spec)
    if kind == "git":
        with exported(spec[len(GIT_PREFIX):], cwd or Path.cwd()) as folder:
            yield library_snapshot(folder, spec, kind, context_tokens, workers)
        return
    if spec.startswith(("http://", "https://")):
        yield snapshot_from_catalog_json(read_catalog_url(spec), spec, kind)
        return
    path = Path(spec)
    if kind == "library":
        yield library_snapshot(path, spec, kind, context_tokens, workers)
        return
    file = path / CATALOG if kind == "site" else path
    if not file.exists():
        raise CatalogJsonError(f"{spec}: no such folder or file")
    yield snapshot_from_catalog_json(read_catalog_file(file), spec, kind)
