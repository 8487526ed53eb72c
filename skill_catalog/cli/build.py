"""``skill-catalog build``."""

from __future__ import annotations

import dataclasses as dc
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import click

from skill_catalog.catalog import Catalog
from skill_catalog.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    cache_options,
    chosen_cache,
    chosen_workers,
    config_option,
    echo,
    get_config,
    note_cache_problem,
    workers_option,
)
from skill_catalog.config import ConfigError, with_base_url
from skill_catalog.display.human import count
from skill_catalog.display.paths import display
from skill_catalog.model import Diagnostic, Severity
from skill_catalog.process.interrupts import terminate_as_interrupt
from skill_catalog.process.progress import FINDING, FINISHING, READING, WRITING, Progress
from skill_catalog.reporting.text import format_diagnostic, roots_as_given, summary

if TYPE_CHECKING:
    from skill_catalog.site import BuildResult


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@config_option
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder (default: the config's 'output', else ./site).")
@click.option("--force", is_flag=True,
              help="Replace an output folder that holds files skill-catalog did not write (never "
                   "one inside a library root), and write every file again (no incremental "
                   "build).")
@click.option("--base-url", help="Public URL of the site (overrides the config's base_url).")
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1); errors always do.")
@workers_option("parsing (on a first build) and writing the skills")
@cache_options
@click.option("-q", "--quiet", is_flag=True,
              help="Print nothing but errors (warnings too with --strict), and no progress.")
def build(paths: tuple[Path, ...], config_path: Path | None, output: Path | None, force: bool,
          base_url: str | None, strict: bool, quiet: bool) -> None:
    """Build the static catalog of the skills under PATHS (default: the config's roots).

    With no arguments it reads ./skill-catalog.yml. Invalid skills are listed on the problems
    page and in catalog.json, and left out of the prompt files, archives and discovery indexes;
    the rest of the library is published. The previous site stays in place until the new one
    is complete. Exit status: 0 when no skill has an error (no warning either with --strict),
    1 when one has (the site is written all the same) or when no skill was found (nothing is
    written), 2 for a usage error.
    """
    from skill_catalog.diff.site_changes import catalog_changes
    from skill_catalog.site import NothingToBuild, build_site

    config = get_config(config_path, quiet=quiet)
    if base_url is not None:
        try:
            config = with_base_url(config, base_url)
        except ConfigError as exc:
            raise click.BadParameter(exc.problems[0][2], param_hint="'--base-url'") from None
    if not paths and not config.roots:
        raise click.UsageError(
            "nothing to build: give PATHs, or run where a skill-catalog.yml with 'roots' is, "
            "or pass -c FILE")
    folder = chosen_cache(config)
    bar = None if quiet else progress_bar()
    try:
        with terminate_as_interrupt():  # `kill` cleans up as Ctrl-C does
            result = build_site(config, roots=paths or None, output=output, force=force,
                                workers=chosen_workers(), progress=bar,
                                changes=catalog_changes, cache_folder=folder)
    except NothingToBuild as exc:
        for problem in exc.catalog.diagnostics:
            echo(format_diagnostic(problem), err=True)
        echo(f"skill-catalog: {exc}", err=True)
        sys.exit(EXIT_FINDINGS)
    except KeyboardInterrupt:
        end_line(bar)
        raise
    note_cache_problem(folder)
    if quiet:
        report_failures(result.catalog, strict)
    else:
        report_build(result)
    sys.exit(build_status(result.catalog, strict))


def report_failures(catalog: Catalog, strict: bool) -> None:
    """What ``build -q`` prints: only what fails the build (errors; warnings too with
    ``strict``), at most :data:`MAX_NOTES`, on standard error."""
    failing = [d for d in catalog.all_diagnostics if not d.is_trust and (
        d.severity is Severity.ERROR or (strict and d.severity is Severity.WARNING))]
    roots = roots_as_given(catalog)
    for diagnostic in failing[:MAX_NOTES]:
        echo(format_diagnostic(diagnostic, roots), err=True)
    if len(failing) > MAX_NOTES:
        echo(f"... and {len(failing) - MAX_NOTES} more ({_kinds(failing[MAX_NOTES:])}): "
             "skill-catalog validate lists every one.", err=True)


def report_build(result: BuildResult, *, summary_to_stderr: bool = False) -> None:
    """What ``build`` (and each build of ``serve``) prints when done: the problems that belong
    to no skill and the notes of the build (at most :data:`MAX_NOTES`) on standard error,
    then the summary (on standard output, unless ``summary_to_stderr``: serve's standard
    output is its URL)."""
    shown = [*result.catalog.diagnostics, *result.notes]
    for note in shown[:MAX_NOTES]:
        echo(format_diagnostic(note), err=True)
    if len(shown) > MAX_NOTES:
        echo(rest_line(result, shown[MAX_NOTES:]), err=True)
    echo(summary_line(result), err=summary_to_stderr)
    counts = summary(result.catalog)
    if counts["errors"] or counts["warnings"]:
        echo("Details: the site's problems page, or skill-catalog validate.",
             err=summary_to_stderr)
    elif result.notes:  # the build's own: validate does not see them
        echo("Details: the site's problems page.", err=summary_to_stderr)
    if counts["valid"]:
        from skill_catalog.site import marketplace_status as status

        echo(status(result.catalog.config), err=summary_to_stderr)


def _kinds(diagnostics: Sequence[Diagnostic]) -> str:
    """``40 SC040 warnings``, ``1 SC030 error and 3 SC040 warnings``: by code, in order."""
    kinds = Counter((d.code, str(d.severity)) for d in diagnostics)
    parts = [count(n, f"{code} {severity}") for (code, severity), n in sorted(kinds.items())]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def rest_line(result: BuildResult, rest: Sequence[Diagnostic]) -> str:
    """The line after the first :data:`MAX_NOTES` printed: how many more of each kind, and
    where they are all listed (the problems page, unless one of its lists is capped too)."""
    from skill_catalog.site import MAX_LIBRARY_DIAGNOSTICS

    capped = max(len(result.catalog.diagnostics), len(result.notes)) > MAX_LIBRARY_DIAGNOSTICS
    where = (f"catalog.json lists every one (the problems page, the first "
             f"{MAX_LIBRARY_DIAGNOSTICS} of each list)" if capped
             else "the problems page lists every one")
    return f"... and {len(rest)} more ({_kinds(rest)}): {where}."


def summary_line(result: BuildResult) -> str:
    """``Built 3 skills (2 valid, 1 invalid; 1 error, 0 warnings) into site (120 files
    written).``, with ``; the build's own: 4 SC040 warnings`` after the counts when the build
    noted what it left out of some copies (those are not the library's counts, which
    ``validate`` gives too)."""
    counts = summary(result.catalog)
    kept = f", {count(result.kept, 'file')} of unchanged skills kept" if result.kept else ""
    notes = f"; the build's own: {_kinds(result.notes)}" if result.notes else ""
    return (f"Built {count(counts['skills'], 'skill')} ({counts['valid']} valid, "
            f"{counts['invalid']} invalid; {count(counts['errors'], 'error')}, "
            f"{count(counts['warnings'], 'warning')}{notes}) into {display(result.output)} "
            f"({count(result.files, 'file')} written{kept}).")


def build_status(catalog: Catalog, strict: bool) -> int:
    """1 when a skill (or a root) has an error, or a warning with ``strict``; else 0: the
    status of every command (the site is written all the same)."""
    worst = max((d.severity for d in catalog.all_diagnostics if not d.is_trust),
                default=Severity.INFO)
    failed = worst is Severity.ERROR or (strict and worst is Severity.WARNING)
    return EXIT_FINDINGS if failed else EXIT_OK


MAX_NOTES = 20
"""Build notes printed; the problems page lists them all."""


def end_line(bar: Progress | None) -> None:
    """Finish the progress bar's line, if one is open (before a message after it)."""
    lines = getattr(bar, "__self__", None)
    if isinstance(lines, _ProgressLines) and lines.open_line:
        lines.stream.write("\n")
        lines.open_line = False


def progress_bar() -> Progress | None:
    """Progress on an interactive terminal, a line per stage, the bars redrawn at most ten
    times a second; nothing in CI or when standard error is not a terminal."""
    stream = sys.stderr
    if not stream.isatty() or os.environ.get("CI"):
        return None
    return _ProgressLines(stream).show


@dc.dataclass(slots=True)
class _ProgressLines:
    stream: TextIO
    stage: str = ""
    drawn_at: float = 0.0
    open_line: bool = False

    def show(self, stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        if stage == self.stage and (not self.open_line  # this stage's line is finished
                                    or (done < total and now - self.drawn_at < 0.1)):
            return
        if stage != self.stage and self.open_line:
            self.stream.write("\n")
        self.stage, self.drawn_at = stage, now
        label = _STAGE_LABELS.get(stage, stage)
        if not total:
            self.stream.write(f"  {label}\n")
            self.open_line = False
        else:
            width = 30
            filled = width * done // total
            bar = "#" * filled + "." * (width - filled)
            self.stream.write(f"\r  {label:<8} [{bar}] {done:,}/{total:,} skills")
            self.open_line = done < total
            if not self.open_line:
                self.stream.write("\n")
        self.stream.flush()


_STAGE_LABELS = {
    FINDING: "finding skills...",
    READING: "reading",
    WRITING: "writing",
    FINISHING: "finishing: site-wide pages and indexes...",
}


COMMANDS = [build]
