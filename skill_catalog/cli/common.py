"""Options, arguments and helpers shared by the commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from skill_catalog.api import load
from skill_catalog.catalog import Catalog
from skill_catalog.config import Config, find_config, load_config
from skill_catalog.display.escape import printable_lines
from skill_catalog.display.human import did_you_mean as did_you_mean  # re-exported
from skill_catalog.display.paths import display
from skill_catalog.fs.safe_write import write_file
from skill_catalog.pipeline.cache_folder import (
    CacheFolder,
    default_cache_dir,
    user_secret,
    user_secret_path,
)
from skill_catalog.pipeline.skill_cache import SkillCache

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
F = TypeVar("F", bound=Callable[..., Any])


def echo(text: str, *, err: bool = False, nl: bool = True) -> None:
    """Print a command's text, escaped line by line
    (:func:`~skill_catalog.display.escape.printable_lines`): what a library holds never
    reaches the terminal or a CI log as a control character or a workflow command. Only what
    is meant to be printed as it is (a skill's body, a file's bytes, a prompt fragment) is
    written with ``click.echo`` directly."""
    click.echo(printable_lines(text), err=err, nl=nl)


class Choice(click.Choice):  # type: ignore[type-arg]
    """``click.Choice`` that names the closest choice of a mistyped value (exit 2)."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            choices = [str(c) for c in self.choices]
            self.fail(f"{value!r} is not one of {', '.join(map(repr, choices))}"
                      f"{did_you_mean(str(value), choices)}.", param, ctx)


def get_config(path: Path | None, *, quiet: bool = False) -> Config:
    """The config named with -c, else ./skill-catalog.yml if present (said on standard error,
    unless ``quiet``: a file in the current folder is never used silently), else defaults.

    :raises ConfigError: listing every problem of the file (exit 2).
    """
    if path is not None:
        return load_config(path)
    found = find_config()
    if found is None:
        return Config()
    if not quiet:
        echo(f"skill-catalog: using the configuration {display(found.absolute())} of the "
             "current folder (-c FILE chooses another)", err=True)
    return load_config(found)


def write_output(path: Path, text: str) -> None:
    """Write ``text`` to the file named with ``-o``, never through a link
    (:func:`~skill_catalog.fs.safe_write.write_file`, from the current folder).

    :raises OutputError: a link there or on the way, a missing or unwritable folder (exit 2).
    """
    write_file(path, text.encode("utf-8"), bases=(Path.cwd(),))


def get_catalog(paths: Sequence[Path], config: Config) -> Catalog:
    """Load PATHS, or the config's roots when no PATH is given, parsing and checking the
    skills of a large library on the processes ``-j/--workers`` chose (:func:`chosen_workers`;
    the catalog is the same for any number), with the cache folder when the command takes
    ``--cache-dir`` and ``--no-cache`` (:func:`chosen_cache`)."""
    if not paths and not config.roots:
        raise click.UsageError(
            "no skills to read: give one or more PATHs, or a skill-catalog.yml with 'roots'")
    folder = chosen_cache(config)
    cache = SkillCache(folder=folder) if folder is not None else None
    catalog = load(paths or None, config, workers=chosen_workers(), cache=cache)
    note_cache_problem(folder)
    return catalog


_CACHE_DIR, _NO_CACHE = "skill_catalog.cache_dir", "skill_catalog.no_cache"


def cache_options(command: F) -> F:
    """``--cache-dir DIR`` and ``--no-cache``, which ``build``, ``validate``, ``serve`` and
    ``mcp`` take: where the cache folder is (:mod:`skill_catalog.pipeline.cache_folder`), or
    none. Kept for :func:`chosen_cache`, not passed to the command."""

    def keep(key: str) -> Callable[[click.Context, click.Parameter, Any], None]:
        def callback(ctx: click.Context, _param: click.Parameter, value: Any) -> None:
            ctx.meta[key] = value
        return callback

    command = click.option(
        "--no-cache", is_flag=True, callback=keep(_NO_CACHE), expose_value=False,
        help="Neither read nor write the cache folder.")(command)
    return click.option(
        "--cache-dir", type=click.Path(path_type=Path), metavar="DIR",
        envvar="SKILL_CATALOG_CACHE_DIR", callback=keep(_CACHE_DIR), expose_value=False,
        help="The cache folder, shared by build, validate, serve and mcp (default: the "
             "config's cache_dir, else .skill-catalog-cache beside the config; none without a "
             "config; also SKILL_CATALOG_CACHE_DIR). Results are keyed by content, the "
             "version and the rule settings: a cache never changes an output.")(command)


def chosen_cache(config: Config) -> CacheFolder | None:
    """The cache folder ``--cache-dir``, the config's ``cache_dir`` or the default name
    (:func:`~skill_catalog.pipeline.cache_folder.default_cache_dir`); None with
    ``--no-cache`` or for a command that takes neither option."""
    ctx = click.get_current_context(silent=True)
    if ctx is None or _CACHE_DIR not in ctx.meta or ctx.meta.get(_NO_CACHE):
        return None
    given = ctx.meta.get(_CACHE_DIR)
    if isinstance(given, Path):  # chosen by whoever runs the command: trusted as they write it
        return CacheFolder(given.absolute())
    # A place the checkout decides, where a pull request could commit a folder: its entries
    # must carry an HMAC under the per-user secret, which no checkout holds.
    path = (default_cache_dir(config.path) if config.cache_dir is None
            else (config.folder / config.cache_dir).absolute())
    if path is None:  # no configuration file: no cache unless one is named
        return None
    secret = user_secret()
    folder = CacheFolder(path, secret=secret)
    if secret is None:
        folder.disable(f"no per-user secret could be made at {user_secret_path()}")
    return folder


def note_cache_problem(folder: CacheFolder | None) -> None:
    """Say on standard error why the cache folder was not used (a link, a file, no
    permission): the command ran without it."""
    if folder is not None and folder.problem is not None:
        echo(f"skill-catalog: note: the cache folder was not used: {folder.problem}", err=True)


_WORKERS = "skill_catalog.workers"


def workers_option(doing: str = "parsing and checking the skills, 250 or more each",
                   ) -> Callable[[F], F]:
    """``-j/--workers``, which every command that reads a library takes (a test checks it):
    how many processes do ``doing`` (default: the available cores). The value is kept for
    :func:`chosen_workers`, not passed to the command."""

    def keep(ctx: click.Context, _param: click.Parameter, value: int | None) -> None:
        ctx.meta[_WORKERS] = value

    return click.option("-j", "--workers", type=click.IntRange(min=1), callback=keep,
                        expose_value=False,
                        help=f"Processes {doing} (default: the available cores).")


def chosen_workers() -> int | None:
    """The number ``-j/--workers`` gave (None: the available cores)."""
    ctx = click.get_current_context(silent=True)
    value = ctx.meta.get(_WORKERS) if ctx is not None else None
    return value if isinstance(value, int) else None


config_option = click.option(
    "-c", "--config", "config_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Configuration file (default: ./skill-catalog.yml when present).")
paths_argument = click.argument(
    "paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
