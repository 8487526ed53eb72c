"""``skill-catalog mcp``."""

from __future__ import annotations

import contextlib
import importlib.util
import re
from pathlib import Path

import click

from skill_catalog.api import load, resolve_roots
from skill_catalog.catalog import Catalog
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
from skill_catalog.errors import SkillCatalogError
from skill_catalog.pipeline.skill_cache import SkillCache
from skill_catalog.pipeline.watched import Watched

_ADDRESS = re.compile(r"^(?:(?P<host>\[[0-9A-Fa-f:.]+\]|[^:\[\]]+):)?(?P<port>\d{1,5})$")


class MissingExtra(SkillCatalogError):
    """The MCP SDK is not installed."""


def _address(value: str | None) -> tuple[str, int] | None:
    """``[HOST:]PORT`` -> ``(host, port)``; loopback (127.0.0.1) unless a host is given."""
    if value is None:
        return None
    match = _ADDRESS.match(value.strip())
    if match is None or int(match["port"]) > 65535:
        raise click.BadParameter(f"{value!r} is not [HOST:]PORT (e.g. 8765, 127.0.0.1:8765, "
                                 "[::1]:8765; port 0 picks a free one)", param_hint="--http")
    host = (match["host"] or "127.0.0.1").strip("[]")
    return host, int(match["port"])


@click.command(name="mcp")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@config_option
@workers_option("parsing and checking the skills at the first load, 250 or more each")
@cache_options
@click.option("--http", "http", metavar="[HOST:]PORT",
              help="Serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio. Without a "
                   "HOST only this machine can connect (127.0.0.1); a HOST given binds there.")
@click.option("--poll", is_flag=True,
              help="Watch by polling file times every second, even when watchfiles is installed.")
@click.option("--catalog", "catalog_source", metavar="URL|FOLDER",
              help="Serve a published catalog (a built site's folder or URL) instead of a "
                   "library: the skills its .well-known/skills index lists, each file fetched "
                   "when read and refused if its SHA-256 is not the one catalog.json gives.")
def mcp_command(paths: tuple[Path, ...], config_path: Path | None, http: str | None,
                poll: bool, catalog_source: str | None) -> None:
    """Serve the library to agents over MCP (read-only): the Skills extension (skills/list,
    skills/get, skill:// resources with SHA-256 digests) and tools to list, search, load a
    skill and read its files.

    It serves what build would publish: valid skills, less those the config's trust.withhold
    withholds and the internal ones (unless publish_internal); the log (standard error) says
    why each other skill is left out. The library is watched: after an edit, clients are sent
    notifications/resources/list_changed. Speaks stdio unless --http is given. Needs the mcp
    extra: pip install 'skill-catalog[mcp]'.
    """
    address = _address(http)
    if catalog_source is not None and (paths or config_path or poll):
        raise click.UsageError("--catalog serves a published catalog: give no PATH, -c or "
                               "--poll with it")
    config = get_config(config_path)
    if catalog_source is None and not paths and not config.roots:
        raise click.UsageError(
            "nothing to serve: give PATHs, or run where a skill-catalog.yml with 'roots' is, "
            "or pass -c FILE")
    if importlib.util.find_spec("mcp") is None or importlib.util.find_spec("uvicorn") is None:
        raise MissingExtra("skill-catalog mcp needs the MCP SDK: pip install "
                           "'skill-catalog[mcp]'")
    import anyio

    from skill_catalog.mcp.server import SkillServer
    from skill_catalog.serve.server import PollingWatcher, watched_paths

    roots = resolve_roots(paths or None, config)
    watch = watched_paths(roots, [config.path])
    cache = SkillCache(folder=chosen_cache(config))
    # Reloads re-read only the skill folders the watcher reports changed.
    cache.follow = watched = Watched()

    loads = [0]
    first_workers = chosen_workers()

    def current() -> Catalog:
        # The config is read again, so an edit of skill-catalog.yml applies without a restart.
        # The first load parses on every core (no thread runs yet: it may fork); a reload
        # parses the few changed skills in the server's thread, the others come from the cache.
        now = get_config(config_path) if config.path else config
        loads[0] += 1
        return load(paths or None, now, cache=cache, workers=first_workers if loads[0] == 1 else 1)

    def log(message: str) -> None:
        echo(f"skill-catalog mcp: {message}", err=True)

    if catalog_source is not None:
        from skill_catalog.mcp.published import published

        server = SkillServer(published=lambda: published(catalog_source), log=log)
    else:
        server = SkillServer(current, watch=watch, log=log,
                             watcher=PollingWatcher(watch) if poll else None,
                             on_changes=watched.changed)
    note_cache_problem(cache.folder)
    log(f"serving {len(server.served.skills)} skills "
        f"({len(server.served.refused)} left out)")
    with contextlib.suppress(KeyboardInterrupt):
        if address is None:
            anyio.run(server.run_stdio)
        else:
            host, port = address
            anyio.run(lambda: server.run_http(
                host, port, ready=lambda url: log(f"listening at {url} (Ctrl-C stops)")))


COMMANDS = [mcp_command]
