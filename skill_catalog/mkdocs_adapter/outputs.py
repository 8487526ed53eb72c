"""The files the MkDocs adapter adds beside the pages: raw copies of skill files and the
catalog's machine-readable outputs, staged in a private folder, then moved into ``site_dir``.

Everything is written through an :class:`~skill_catalog.site.write.output.OutputTree` rooted in a
fresh temporary folder, so the write-once and path-safety checks of ``skill-catalog build``
hold here too: no skill or file name can address a path outside the folder or write a file
twice. Only when MkDocs has written its own site are the staged files moved into it; a file
MkDocs produced (a page, a theme asset, ``sitemap.xml``) is never replaced. Nothing here
imports MkDocs.
"""

from __future__ import annotations

import contextlib
import dataclasses as dc
import errno
import os
import shutil
import tempfile
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from urllib.parse import quote

from skill_catalog.codes.registry import emit
from skill_catalog.fs.names import name_key
from skill_catalog.fs.safe_write import create_new, is_link, link_refused
from skill_catalog.model import Diagnostic, Skill, SkillFile
from skill_catalog.site import (
    Dates,
    InstallRoutes,
    OutputTree,
    SiteContext,
    SiteSkill,
    Writer,
    read_sources,
    write_listings,
    write_raw_copies,
    write_robots,
    write_sitemap,
)
from skill_catalog.site import write_outputs as write_site_outputs

SITE_OWNED: frozenset[Writer] = frozenset({write_sitemap, write_robots})
"""Writers of the catalog whose file belongs to the MkDocs site: MkDocs writes ``sitemap.xml``
itself (listing the skill pages too), and ``robots.txt`` is the site owner's."""


@dc.dataclass(slots=True)
class Staging:
    """A private folder the adapter's files are written into before they join the site."""

    root: Path
    out: OutputTree
    notes: dict[str, list[Diagnostic]] = dc.field(default_factory=dict)
    """By slug, the files left out of a skill's raw copies (names that cannot be published,
    files that cannot be read)."""

    @classmethod
    def create(cls) -> Staging:
        root = Path(tempfile.mkdtemp(prefix="skill-catalog-mkdocs-"))
        return cls(root, OutputTree(root))

    def discard(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


@dc.dataclass(slots=True, frozen=True)
class PublishedFile:
    """What became of one file of a skill: its raw copy's URL from the skill page, or why it
    has none."""

    file: SkillFile
    href: str | None
    problem: str | None = None


def _note(skill: Skill, item: SkillFile, message: str) -> Diagnostic:
    return emit("SC040", f"{item.relpath}: {message}", file=skill.dir / item.relpath)


def copy_raw_files(site_skill: SiteSkill, page_dir: str, staging: Staging
                   ) -> tuple[PublishedFile, ...]:
    """Copy each file of the skill to ``<page_dir>raw/`` as ``skill-catalog build`` does
    (:func:`~skill_catalog.site.publish.sources.write_raw_copies`); return, per file, its URL from
    the skill page or None, and why it was left out. A skill withheld for a secret gets no
    copies (:attr:`~skill_catalog.site.context.SiteSkill.content_shown`)."""
    skill = site_skill.skill
    if not site_skill.content_shown:  # withheld for a secret: no copy of any file
        return tuple(PublishedFile(item, None) for item in skill.files)
    problems: dict[str, str] = {}

    def left_out(item: SkillFile, problem: str) -> None:
        problems[item.relpath] = problem
        staging.notes.setdefault(site_skill.slug, []).append(
            _note(skill, item, f"not published: {problem}"))

    copies = write_raw_copies(staging.out, page_dir + "raw/", skill, read_sources(skill),
                              left_out)
    return tuple(PublishedFile(item, "raw/" + quote(copies[item.relpath]))
                 if item.relpath in copies else PublishedFile(item, None, problems[item.relpath])
                 for item in skill.files)


def write_outputs(ctx: SiteContext, out: OutputTree,
                  page_notes: Mapping[str, Sequence[Diagnostic]] | None = None,
                  dates: Dates | None = None, install: InstallRoutes | None = None
                  ) -> list[Diagnostic]:
    """The catalog's machine-readable outputs (zips, well-known indexes, catalog.json, llms.txt,
    prompts, search-index.json), by the same writers as ``skill-catalog build``, in its order:
    :func:`~skill_catalog.site.write_listings`, each skill's published copies, then
    :func:`~skill_catalog.site.outputs.writers.write_site_wide` (less :data:`SITE_OWNED`);
    returns the notes of what they and the pages (``page_notes``, by slug:
    :attr:`Staging.notes`) left out, which ``catalog.json`` lists too. ``install``: the routes
    the pages show, handed to ``catalog.json`` as the site build hands its own."""
    # search-index.json only: the MkDocs site has its own search box.
    write_listings(ctx, out, browser=False)
    return write_site_outputs(ctx, out, skip=SITE_OWNED, page_notes=page_notes,
                              dates=dates, install=install)


def staged_files(root: Path) -> list[str]:
    """Every file below ``root``, as sorted ``/``-separated paths."""
    found: list[str] = []
    for folder, _dirs, names in os.walk(root):
        base = Path(folder).relative_to(root)
        found += [(base / name).as_posix() for name in names]
    return sorted(found)


def publish(staging: Staging, site_dir: Path, owned: Collection[str]) -> tuple[int, list[str]]:
    """Move the staged files into ``site_dir``, leaving alone every path in ``owned`` (files
    MkDocs wrote, case-folded); return how many were moved and which were skipped.

    Nothing is written through a link: a link among the folders of ``site_dir`` that a file
    goes into is refused (:class:`OutputError`), and one at a file's own name is removed
    itself before the file takes its place."""
    owned_keys = {name_key(path) for path in owned}
    site_dir = site_dir.absolute()
    moved, skipped = 0, []
    checked: set[Path] = set()
    for relpath in staged_files(staging.root):
        if name_key(relpath) in owned_keys:
            skipped.append(relpath)
            continue
        target = site_dir / relpath
        _make_folders(target.parent, site_dir, checked)
        if target.is_dir() and not target.is_symlink():
            skipped.append(relpath)
            continue
        target.unlink(missing_ok=True)  # a stale copy (--dirty builds): never write through it
        _move(staging.root / relpath, target)
        moved += 1
    return moved, skipped


def _make_folders(folder: Path, site_dir: Path, checked: set[Path]) -> None:
    """``folder`` (inside ``site_dir``) and the folders between, made where missing; a link
    among them is refused."""
    if folder in checked:
        return
    if folder != site_dir:
        _make_folders(folder.parent, site_dir, checked)
        if is_link(folder):
            raise link_refused(folder)
        with contextlib.suppress(FileExistsError):
            folder.mkdir()
    checked.add(folder)


def _move(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target``, or copy it into a new file there (never through a
    link) when they lie on different file systems."""
    try:
        os.replace(source, target)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        with source.open("rb") as src, os.fdopen(create_new(target), "wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        source.unlink()
