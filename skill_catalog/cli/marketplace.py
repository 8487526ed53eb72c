"""``skill-catalog marketplace``: the Claude Code marketplace of the library's repository."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from skill_catalog.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    config_option,
    echo,
    get_catalog,
    get_config,
    paths_argument,
    workers_option,
)


@click.command()
@paths_argument
@config_option
@click.option("--root", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="The repository's top folder, where .claude-plugin/ goes (default: the "
                   "nearest folder holding .git above the configuration, else its folder).")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 when the file is missing or differs from what would "
                   "be written (for CI and pre-commit), or when a skill has errors.")
@click.option("--sources", type=click.Choice(["relative", "git-subdir"]), default=None,
              help="Plugin sources: relative (the skill folder's path, ./skills/pdf) or "
                   "git-subdir (repository.url and the skill's folder: only that folder is "
                   "cloned, and a "
                   "marketplace added by its JSON's URL installs too). Default: the "
                   "configuration's marketplace.sources.")
@workers_option()
def marketplace(paths: tuple[Path, ...], config_path: Path | None, root: Path | None,
                check: bool, sources: str | None) -> None:
    """Write .claude-plugin/marketplace.json for the repository of the skills under PATHS.

    Each valid skill with a unique name becomes a plugin of that name whose root is the skill's
    folder, given by its relative path, unless that folder holds something Claude Code reads as
    plugin configuration (hooks/, .mcp.json, agents/, ...: SC050): `/plugin marketplace add
    owner/repo`, then `/plugin install <skill>@<marketplace>`. Every skill left out is named on
    standard error with the reason, the errors of invalid skills first. Exit status: 0; 1 when
    a skill read has errors (the file is written all the same) or, with --check, when the file
    is missing or not up to date; 2 for a usage error.
    """
    from skill_catalog.fs.safe_write import OutputError, refuse_link, replace_file
    from skill_catalog.reporting.text import format_diagnostic
    from skill_catalog.site import (
        REPOSITORY_MARKETPLACE,
        NoRepositoryUrl,
        OutsideRoot,
        SiteContext,
        repository_marketplace,
        repository_root,
    )

    config = get_config(config_path)
    catalog = get_catalog(paths, config)
    ctx = SiteContext.create(catalog)
    top = root or repository_root(config.folder if config.path else Path.cwd())
    try:
        made = repository_marketplace(ctx, top, sources)
    except (OutsideRoot, NoRepositoryUrl) as exc:
        raise click.UsageError(str(exc)) from None
    invalid = [skill for skill in catalog.skills if any(d.is_error for d in skill.diagnostics)]
    for diagnostic in [*(d for d in catalog.diagnostics if d.is_error),
                       *(d for skill in invalid for d in skill.diagnostics if d.is_error)]:
        echo(format_diagnostic(diagnostic), err=True)
    for note in made.notes:
        echo(format_diagnostic(note), err=True)
    status = EXIT_FINDINGS if catalog.has_errors else EXIT_OK
    target = top / REPOSITORY_MARKETPLACE
    shown = os.path.relpath(target)
    count = len(made.document["plugins"])
    plugins = f"{count} plugin{'s' if count != 1 else ''}"
    left = len(invalid) + len({note.file for note in made.notes})
    left_out = f"; {left} skill{'s' if left != 1 else ''} left out, named above" if left else ""
    errors = ""
    if status:
        errors = ("Exit status 1: " + (f"{len(invalid)} skill{'s' if len(invalid) != 1 else ''}"
                                       " with errors, named above" if invalid
                                       else "errors in the library, named above") + ".")
    if check:
        try:
            current = target.read_bytes()
        except OSError:
            current = None
        if current != made.data:
            state = "missing" if current is None else "out of date"
            echo(f"{shown} is {state} ({plugins} to write{left_out}): run skill-catalog "
                 "marketplace", err=True)
            sys.exit(EXIT_FINDINGS)
        echo(f"{shown} is up to date ({plugins}{left_out}).")
        if errors:
            echo(errors, err=True)
        sys.exit(status)
    try:
        refuse_link(target.parent)
        target.parent.mkdir(exist_ok=True)
        data = made.data
        replace_file(target, lambda handle: handle.write(data))
    except OutputError as exc:
        raise click.UsageError(str(exc)) from None
    echo(f"Wrote {shown} ({plugins}{left_out}).")
    if errors:
        echo(errors, err=True)
    sys.exit(status)


COMMANDS = [marketplace]
