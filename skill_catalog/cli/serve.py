"""``skill-catalog serve``."""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import click

from skill_catalog.api import resolve_roots
from skill_catalog.cli.common import (
    cache_options,
    chosen_cache,
    chosen_workers,
    config_option,
    echo,
    get_config,
    note_cache_problem,
    workers_option,
)
from skill_catalog.display.paths import display
from skill_catalog.pipeline.watched import Watched
from skill_catalog.serve.build_process import BuildProcess
from skill_catalog.serve.server import PollingWatcher, PreviewServer, watched_paths

SLOW_FIRST_BUILD = 10.0
"""Seconds of a first build after which serve suggests -o."""


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@config_option
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; only loopback addresses without --allow-remote.")
@click.option("-p", "--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--allow-remote", is_flag=True,
              help="Allow a --host other than this machine (the preview is then reachable by "
                   "anyone who can reach that address).")
@click.option("--poll", is_flag=True,
              help="Watch by polling file times every second, even when watchfiles is installed.")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path),
              help="Build into this folder and keep it, with what its next build needs, when "
                   "serve stops: the next serve -o or build of it rewrites only what changed "
                   "(default: a temporary folder, removed on exit).")
@workers_option()
@cache_options
def serve(paths: tuple[Path, ...], config_path: Path | None, host: str, port: int,
          allow_remote: bool, poll: bool, output: Path | None) -> None:
    """Build the catalog, serve it at http://127.0.0.1:8000/, rebuild and reload on change.

    The site is built into a temporary folder (the config's output is left alone) or into
    the -o folder; a rebuild reuses the pages of unchanged skills, and open pages reload by
    themselves after it. Stop with Ctrl-C.
    """
    config = get_config(config_path)
    if not paths and not config.roots:
        raise click.UsageError(
            "nothing to serve: give PATHs, or run where a skill-catalog.yml with 'roots' is, "
            "or pass -c FILE")
    roots = resolve_roots(paths or None, config)
    theme = config.folder / config.theme if config.theme else None
    watch = watched_paths(roots, [config.path, theme])

    from skill_catalog.diff.site_changes import catalog_changes
    from skill_catalog.site import Session, build_site

    # The build process's copy holds the state from build to build; its loads re-read only
    # the skill folders the watcher reports changed (sent with each build request).
    session = Session(watched=Watched())
    watched = session.watched
    workers = chosen_workers()
    folder = chosen_cache(config)  # chosen once: the build process holds it
    noted: list[bool] = []

    def builder(target: Path) -> object:
        # Reload the config too, so edits to skill-catalog.yml apply without a restart (a
        # changed config makes that build a full one). Without force, the build updates the
        # previous site in place, reusing the files of unchanged skills, and leaves it as it
        # was on failure. The session keeps the build state and skill cache in memory. Each
        # build shows its progress and ends with build's summary line (it runs in the build
        # process, which writes to the same terminal).
        from skill_catalog.cli.build import progress_bar, report_build

        current = get_config(config_path, quiet=True) if config.path else config
        result = build_site(current, roots=paths or None, output=target, session=session,
                            workers=workers, progress=progress_bar(), changes=catalog_changes,
                            cache_folder=folder)
        if not noted:  # once, not at every rebuild
            note_cache_problem(folder)
            noted.append(True)
        report_build(result, summary_to_stderr=True)
        return result

    site = output.absolute() if output is not None else None
    if site is not None:  # refused at once, as build -o refuses it (not at the first build)
        from skill_catalog.site import OutputError, check_output

        try:
            check_output(site, roots=roots, protected=[config.folder] if config.path else [],
                         bases=[Path.cwd(), config.folder])
        except OutputError as exc:
            raise click.UsageError(str(exc)) from None
        # A folder that cannot be made or written is an error now (exit 2), not a failed
        # build served from then on: builds write a temporary folder beside it.
        site.parent.mkdir(parents=True, exist_ok=True)
        os.rmdir(tempfile.mkdtemp(prefix=f".{site.name}.check-", dir=site.parent))
    with contextlib.ExitStack() as stack:  # undone last to first
        if site is not None:
            stack.callback(_report_kept, site)
        # Builds fork their workers; they run in a process forked now, while this one has a
        # single thread, not beside the server's threads (see skill_catalog.serve.build_process).
        # The session lives there, so it is saved there when serve stops (-o only: a
        # temporary folder is removed), after stopping a rebuild under way: what it saves is
        # then the last complete build, whose site that rebuild left as it was.
        builds = stack.enter_context(
            BuildProcess(builder, on_close=session.save if site is not None else None,
                         on_changes=watched.changed if watched is not None else None))
        server = PreviewServer(builds, watch, host=host, port=port,  # ServeError: exit 2
                               allow_remote=allow_remote,
                               watcher=PollingWatcher(watch) if poll else None,
                               log=lambda message: echo(message, err=True), site=site,
                               on_changes=builds.changed)
        # `kill` stops it as Ctrl-C does (workspace removed, build process ended); set after
        # the fork, so that the build process keeps the default, which BuildProcess.close uses.
        stack.callback(signal.signal, signal.SIGTERM, signal.signal(signal.SIGTERM, _interrupt))
        rescan_on_signal(server.rescan, stack)
        started = time.monotonic()
        stack.enter_context(server)  # the first build; closing the server closes `builds`
        # Served from here on: Ctrl-C stops it cleanly, even before wait() is reached.
        with contextlib.suppress(KeyboardInterrupt):
            if site is None and time.monotonic() - started >= SLOW_FIRST_BUILD:
                echo("Tip: serve -o FOLDER keeps the site when serve stops, so that the "
                     "next start rewrites only what changed.", err=True)
            echo(f"Serving {', '.join(display(r) for r in roots)} at {server.url} "
                 f"(watching with {server.watcher.name}; Ctrl-C stops)", err=True)
            click.echo(server.url)
            server.wait()


def rescan_on_signal(rescan: Callable[[], object], stack: contextlib.ExitStack) -> None:
    """``kill -USR1`` makes the server walk the whole library again (in a thread of its own:
    the signal arrives in the main thread, which waits)."""
    if not hasattr(signal, "SIGUSR1"):
        return

    def asked(signum: int, frame: object) -> None:
        threading.Thread(target=rescan, name="skill-catalog-rescan", daemon=True).start()

    stack.callback(signal.signal, signal.SIGUSR1, signal.signal(signal.SIGUSR1, asked))


def _report_kept(site: Path) -> None:
    from skill_catalog.site import state_path

    if state_path(site).is_file():
        echo(f"The site stays in {site}; the next serve -o or build of it rewrites only "
             "what changed.", err=True)
    elif site.is_dir():
        echo(f"The site stays in {site} (no build of it completed, or it was stopped while "
             "a build moved files into it: the next build of it writes every page).", err=True)


COMMANDS = [serve]
