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
                   "be written (for CI and pre-commit).")
@click.option("--sources", type=click.Choice(["relative", "git-subdir"]), default=None,
              help="Plugin sources: relative (./, every Claude Code release) or git-subdir "
                   "(repository.url and the skill's folder: only that folder is cloned, and a "
                   "marketplace added by its JSON's URL installs too). Default: the "
                   "configuration's marketplace.sources.")
@workers_option()
def marketplace(paths: tuple[Path, ...], config_path: Path | None, root: Path | None,
                check: bool, sources: str | None) -> None:
    """Write .claude-plugin/marketplace.json for the repository of the skills under PATHS.

    Each valid skill with a unique name becomes a plugin of that name, its source the
    repository itself and its skill folder given by a relative path, which every Claude Code
    release that reads marketplaces understands: `/plugin marketplace add owner/repo`, then
    `/plugin install <skill>@<marketplace>`. Exit status: 0; 1 when a skill read has errors
    (the file is written all the same) or, with --check, when the file is not up to date; 2
    for a usage error.
    """
    from skill_catalog.fs.safe_write import OutputError, refuse_link, replace_file
    from skill_catalog.reporting.text import format_diagnostic
    from skill_catalog.site.context import SiteContext
    from skill_catalog.site.outputs.marketplace import (
        REPOSITORY_MARKETPLACE,
        NoRepositoryUrl,
        OutsideRoot,
        repository_marketplace_bytes,
        repository_root,
    )
    from skill_catalog.site.publish.listed import listed_skills

    config = get_config(config_path)
    catalog = get_catalog(paths, config)
    ctx = SiteContext.create(catalog)
    top = root or repository_root(config.folder if config.path else Path.cwd())
    try:
        data = repository_marketplace_bytes(ctx, top, sources)
    except (OutsideRoot, NoRepositoryUrl) as exc:
        raise click.UsageError(str(exc)) from None
    for note in listed_skills(ctx)[1]:
        echo(format_diagnostic(note), err=True)
    status = EXIT_FINDINGS if catalog.has_errors else EXIT_OK
    target = top / REPOSITORY_MARKETPLACE
    shown = os.path.relpath(target)
    if check:
        try:
            current = target.read_bytes()
        except OSError:
            current = None
        if current != data:
            state = "missing" if current is None else "out of date"
            echo(f"{shown} is {state}: run skill-catalog marketplace", err=True)
            sys.exit(EXIT_FINDINGS)
        echo(f"{shown} is up to date.")
        sys.exit(status)
    try:
        refuse_link(target.parent)
        target.parent.mkdir(exist_ok=True)
        replace_file(target, lambda handle: handle.write(data))
    except OutputError as exc:
        raise click.UsageError(str(exc)) from None
    count = len(listed_skills(ctx)[0])
    echo(f"Wrote {shown} ({count} plugin{'s' if count != 1 else ''}).")
    sys.exit(status)


COMMANDS = [marketplace]
