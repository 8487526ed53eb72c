"""``build``: one pipeline run, every output of the site.

Everything is written into a temporary folder beside the output, under an exclusive lock. A
whole new site is swapped in at the end with two renames, so a failed, interrupted or
concurrent build never leaves a half-written or mixed site behind. When the previous site's
build state allows reuse (same version, templates and configuration), only the files of
changed skills and the site-wide files are written, and moved into the previous site at the
end (see :func:`skill_catalog.site.write.output.commit_in_place`).
"""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from skill_catalog.api import load
from skill_catalog.catalog import Catalog
from skill_catalog.config import Config
from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs.safe_fs import folders_kept_open
from skill_catalog.model import Diagnostic
from skill_catalog.pipeline.cache_folder import CacheFolder
from skill_catalog.pipeline.skill_cache import SkillCache
from skill_catalog.pipeline.watched import Watched
from skill_catalog.process.gc_tuning import rare_collections
from skill_catalog.process.interrupts import deferred
from skill_catalog.process.progress import Progress
from skill_catalog.site.changes import ChangesOf, page_view, read_history, updated, write_changes
from skill_catalog.site.context import SiteContext
from skill_catalog.site.dates import Dates, parsed, previous_catalog
from skill_catalog.site.outputs import (
    search_files,
    writers,
)
from skill_catalog.site.outputs.catalog_json import CATALOG
from skill_catalog.site.pages import parallel
from skill_catalog.site.pages.render import PageWriter
from skill_catalog.site.pages.templates import asset_files, environment
from skill_catalog.site.pages.views import Views
from skill_catalog.site.publish.copies import Published, skill_notes
from skill_catalog.site.reuse import (
    Remembered,
    Reuse,
    cache_path,
    global_key,
    site_identity,
    state_path,
)
from skill_catalog.site.write.output import (
    MARKER,
    OutputTree,
    build_lock,
    commit_in_place,
    discard,
    prepare,
    prepare_state_folder,
    refuse_links,
    settled,
    swap_in,
)


@dc.dataclass(slots=True)
class BuildResult:
    catalog: Catalog
    output: Path
    files: int
    """Number of files written."""
    notes: list[Diagnostic]
    """Problems met while writing (on top of the catalog's diagnostics)."""
    kept: int = 0
    """Number of files of unchanged skills left as they were (an incremental build)."""


class NothingToBuild(SkillCatalogError):
    """The roots hold no skill (SC303): nothing is written, a previous site stays as it is,
    and the command fails (exit 1) rather than publish an empty catalog."""

    exit_code: ClassVar[int] = 1

    def __init__(self, catalog: Catalog, output: Path):
        self.catalog = catalog
        self.output = output
        super().__init__(f"nothing built: no skill found, so {output.name}/ was not written "
                         "(a site already there is left as it is)")


@dc.dataclass(slots=True)
class Session:
    """What one process keeps between its builds of a site (``serve`` holds one): the skill
    cache and the build state, which a build then neither writes beside the site nor reads
    back. They are used only while the site is the one the last build of the session left
    (its marker file's identity); anything else makes the build read the files as usual.

    The files a build without a session left beside the site are taken by the session's first
    build and then removed (they describe an older site): a later build without the session
    writes the whole site, unless :meth:`save` wrote them again."""

    cache: SkillCache | None = None
    state: Remembered | None = None
    watched: Watched | None = None
    """Set by a process that watches the library (``serve``): each build's load then re-reads
    only the skill folders its watcher reported changed (:mod:`skill_catalog.pipeline.watched`)."""

    def save(self) -> bool:
        """Write the build state and the skill cache beside the site, as a build without a
        session leaves them, so that the next build of that folder (``build``, or a later
        ``serve -o``) reuses what is unchanged; False, writing nothing, when there is no
        build to describe or the site changed since the session's last build."""
        state, cache = self.state, self.cache
        if state is None or cache is None:
            return False
        with build_lock(state.site):
            if not state.is_current():
                return False
            prepare_state_folder(state.site)
            state.save()
            cache.write(cache_path(state.site))
            SkillCache.bind(cache_path(state.site), state.marker)
        return True

    def cache_for(self, marker: list[int]) -> SkillCache | None:
        """The skill cache kept, while the site's marker is the one the last build left (the
        cache's entries are checked against the files like those of any other)."""
        if self.state is None or self.state.marker != marker:
            return None
        return self.cache


def build(
    config: Config,
    *,
    roots: Iterable[str | Path] | None = None,
    output: Path | None = None,
    force: bool = False,
    workers: int | None = None,
    progress: Progress | None = None,
    session: Session | None = None,
    changes: ChangesOf | None = None,
    cache_folder: CacheFolder | None = None,
) -> BuildResult:
    """Load the library and write the whole site to ``output`` (default: the config's).

    :param force: replace a folder skill-catalog did not write, and write every file again
        instead of reusing the previous site's files of unchanged skills.
    :param workers: processes that parse (with nothing cached) and write the skills (default:
        the available cores; the output is the same for any number).
    :param progress: told how far the build has got, stage by stage (``finding``, ``reading``,
        ``writing``, ``finishing``: :mod:`skill_catalog.process.progress`).
    :param session: keep what the next build of ``output`` needs in memory, instead of the
        files beside the site (for a process that builds the same site again and again).
    :param changes: compares the previous site's ``catalog.json`` with this build's: the site
        then has a changes page and feed (:mod:`skill_catalog.site.changes`; the command line
        hands :func:`skill_catalog.diff.site_changes.catalog_changes`).
    :param cache_folder: the cache folder shared with the other commands
        (:mod:`skill_catalog.pipeline.cache_folder`): skills the build state beside the site
        does not hold (a new output folder, a CI run with the cache restored) are looked up
        there by content, and new results stored there; the site is the same without it.
    :raises skill_catalog.site.write.output.OutputError: when the output folder may not be replaced.
    :raises NothingToBuild: when the roots hold no skill (nothing is written).
    """
    target = (output or config.folder / config.output).absolute()
    # Where a checkout could have planted a link: the working folder, the config's folder.
    bases = [Path.cwd(), config.folder.absolute()]
    refuse_links(target, bases)  # before anything is opened beside the output
    with build_lock(target), rare_collections():
        # The cache is trusted only beside the site it was made for: one planted in a checkout
        # (a pull request) belongs to no site of this machine.
        owner = site_identity(target)
        memory = session.state if session is not None else None
        if force or owner is None:
            cache = SkillCache()
        else:
            cache = ((session.cache_for(owner) if session is not None else None)
                     or SkillCache.read(cache_path(target), owner))
        if session is not None and not force:
            cache.follow = session.watched
        cache.folder = None if force else cache_folder
        catalog = load(roots, config, cache=cache, workers=workers, progress=progress)
        if not catalog.skills:
            raise NothingToBuild(catalog, target)
        # An output folder inside a library root is refused when it was asked for (-o, the
        # API's output) or with --force; the configured one may lie there (a new folder, or
        # the site a build left: discovery skips it), never replacing library files.
        made: list[Path] = []
        try:
            with deferred():  # Ctrl-C or kill meanwhile takes effect once the folder is known
                made.append(prepare(target, roots=catalog.roots,
                                    protected=[config.folder] if config.path else [],
                                    force=force, inside_roots=output is None and not force,
                                    bases=bases,
                                    skill_dirs=(skill.dir for skill in catalog.skills)))
            temp = made[0]
            if session is None:
                prepare_state_folder(target)
                cache.write(cache_path(target))  # once the output folder is known to be ours
                del cache  # its memory is needed for the pages
            out = OutputTree(temp)
            notes, reuse = write_site(catalog, out, workers=workers, progress=progress,
                                      previous=None if force else target, memory=memory,
                                      history=target, changes=changes)
            if reuse.site is None:
                swap_in(temp, target)
            else:
                files = set(out.files)
                owned = reuse.skill_files()
                written = [f for f in out.files if f not in out.kept]
                written.sort(key=lambda f: f not in owned)  # skills' files before site-wide ones
                commit_in_place(temp, target, written,
                                sorted(f for f in reuse.old_files if f not in files))
        except BaseException:
            for folder in made:
                discard(folder)
            raise
        if session is None:
            reuse.save(target, out.files)
            SkillCache.bind(cache_path(target), site_identity(target))
        else:
            cache.drop_unused()
            cache.close()
            session.cache, session.state = cache, reuse.remember(target, out.files)
            for stale in (state_path(target), cache_path(target)):  # they describe an older site
                stale.unlink(missing_ok=True)
        settled(target)  # recorded: what describes the site before an update is gone
    return BuildResult(catalog, target, len(out.files) - len(out.kept), notes, len(out.kept))


def write_site(catalog: Catalog, out: OutputTree, *, workers: int | None = None,
               progress: Progress | None = None, previous: Path | None = None,
               memory: Remembered | None = None, history: Path | None = None,
               changes: ChangesOf | None = None) -> tuple[list[Diagnostic], Reuse]:
    """Every output of the site into ``out``, reusing the files of unchanged skills of the
    ``previous`` site where its build state (or ``memory`` of it) allows (they are then
    claimed in ``out.kept``, not written); returns the notes met on the way and the reuse
    made. ``history``: the site whose ``catalog.json`` and ``changes.json`` date the skills
    and hold the changes so far (:mod:`skill_catalog.site.dates`); ``changes``: see
    :func:`build`."""
    with folders_kept_open():  # the skills' folders, for every read below them
        return _write_site(catalog, out, workers, progress, previous, memory, history, changes)


def _ours(site: Path | None) -> Path | None:
    """``site`` when a build wrote it (its marker file is there), else None."""
    return site if site is not None and (site / MARKER).is_file() else None


def _write_site(catalog: Catalog, out: OutputTree, workers: int | None,
                progress: Progress | None, previous: Path | None, memory: Remembered | None,
                history: Path | None = None, changes: ChangesOf | None = None
                ) -> tuple[list[Diagnostic], Reuse]:
    ctx = SiteContext.create(catalog)
    theme = Path(catalog.config.folder / catalog.config.theme) if catalog.config.theme else None
    site = _ours(history)
    before = previous_catalog(site) if site is not None else None
    dates = Dates.create([s.skill for s in ctx.skills], catalog.roots, parsed(before))
    writer = PageWriter(ctx, out, environment(theme),
                        Views.create(ctx, dates, changes=changes is not None))
    key = global_key(writer, theme)
    reuse = Reuse.open(previous, key, memory) if previous is not None else Reuse.nothing(key)
    writer.reuse = reuse
    out.kept_in = reuse.site  # the files it keeps stay there (a grouped plugin reads them)

    def site_wide() -> None:
        """What does not depend on the skills' files (written while workers make those)."""
        assets = asset_files(theme)  # their bytes are part of the global key

        def copy_assets() -> None:
            for relpath, source in assets.items():
                out.copy_file(relpath, source)

        reuse.site_wide(out, "assets", sorted(assets), copy_assets)
        # GitHub Pages publishing from a branch runs Jekyll, which drops dot-folders.
        out.write_text(".nojekyll", "")
        writers.write_listings(ctx, out, reuse.site_wide,
                               entries=writer.views.tools.catalog_entries())

    def machine_readable(published: dict[str, Published]) -> None:
        writers.write_site_wide(ctx, out, published, reuse.site_wide,
                                install=writer.views.install)

    published = parallel.write_all(writer, search_files.PAGE_SCRIPTS, workers=workers,
                                   progress=progress, meanwhile=site_wide,
                                   afterwards=machine_readable)
    reuse.wrote_catalog([site_skill.slug for site_skill in ctx.skills])
    if changes is not None:
        with open(out.path_of(CATALOG), "rb") as handle:
            entry = changes(before, handle.read())
        entries = updated(read_history(site) if site is not None else [], entry, dates)
        write_changes(ctx, out, entries, dates)
        writer.write_changes(page_view(entries, dates))
    out.write_text(MARKER, "This folder was written by skill-catalog build.\n")
    return [note for _skill, note in skill_notes(ctx, published)], reuse
