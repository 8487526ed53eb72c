"""Options, arguments and helpers shared by the commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from skill_catalog.api import load
from skill_catalog.catalog import Catalog
from skill_catalog.config import Config, ConfigError, find_config, load_config

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
F = TypeVar("F", bound=Callable[..., Any])


def get_config(path: Path | None) -> Config:
    """The config named with -c, else ./skill-catalog.yml if present, else defaults."""
    try:
        if path is not None:
            return load_config(path)
        found = find_config()
        return load_config(found) if found else Config()
    except ConfigError as exc:
        raise click.UsageError(f"invalid configuration:\n{exc}") from None


def get_catalog(paths: Sequence[Path], config: Config, workers: int | None = None) -> Catalog:
    """Load PATHS, or the config's roots when no PATH is given, parsing and checking the
    skills of a large library on ``workers`` processes (None: the available cores; the
    catalog is the same for any number)."""
    if not paths and not config.roots:
        raise click.UsageError(
            "no skills to read: give one or more PATHs, or a skill-catalog.yml with 'roots'")
    return load(paths or None, config, workers=workers)


def workers_option(doing: str) -> Callable[[F], F]:
    """``-j/--workers``: how many processes do ``doing`` (default: the available cores)."""
    return click.option("-j", "--workers", type=click.IntRange(min=1),
                        help=f"Processes {doing} (default: the available cores).")


config_option = click.option(
    "-c", "--config", "config_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Configuration file (default: ./skill-catalog.yml when present).")
paths_argument = click.argument(
    "paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
