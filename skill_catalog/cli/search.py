"""``skill-catalog search``: rank skills for a query, from folders or a built site's index."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from skill_catalog.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    config_option,
    get_catalog,
    get_config,
    paths_argument,
)
from skill_catalog.search import (
    Hit,
    IndexFormatError,
    SearchIndex,
    build_index,
    load_index,
    local_url,
    query,
)

_DESCRIPTION_CHARS = 160


def _text(hits: list[Hit]) -> str:
    lines = []
    for hit in hits:
        mark = "  (invalid)" if not hit.valid else ""
        lines.append(f"{hit.name}{mark}  {hit.score:g}  {hit.url}")
        description = " ".join(hit.description.split())
        if len(description) > _DESCRIPTION_CHARS:
            description = description[: _DESCRIPTION_CHARS - 1] + "…"
        if description:
            lines.append(f"    {description}")
    return "".join(line + "\n" for line in lines)


def _json(hits: list[Hit]) -> str:
    return json.dumps([h.as_dict() for h in hits], indent=2, ensure_ascii=False) + "\n"


FORMATS = {"text": _text, "json": _json}


@click.command()
@click.argument("text", metavar="QUERY")
@paths_argument
@click.option("-n", "--limit", "n", type=click.IntRange(min=1), default=5, show_default=True,
              help="How many results to show.")
@click.option("-f", "--format", "fmt", type=click.Choice(sorted(FORMATS)), default="text",
              show_default=True, help="Output format.")
@click.option("--index", "index_source", metavar="FILE|URL",
              help="Query a built site's search-index.json (a file, a site folder, or an "
                   "http(s)/file URL) instead of reading skills.")
@config_option
def search(text: str, paths: tuple[Path, ...], n: int, fmt: str, index_source: str | None,
           config_path: Path | None) -> None:
    """Find skills matching QUERY by name, description and section headings.

    Reads the skills under PATHS (or the config's roots), or with --index a built catalog's
    index. An exact name (any case) comes first. Invalid skills are found too, marked
    invalid. Exit status: 0 when something matched, 1 when nothing did, 2 for a usage error.
    """
    index: SearchIndex
    if index_source is not None:
        if paths:
            raise click.UsageError("give either PATHs or --index, not both")
        try:
            index = load_index(index_source)
        except IndexFormatError as exc:
            raise click.UsageError(str(exc)) from None
    else:
        catalog = get_catalog(paths, get_config(config_path))
        index = build_index(catalog.skills, url_for=local_url)
    hits = query(index, text, n=n)
    click.echo(FORMATS[fmt](hits), nl=False)
    sys.exit(EXIT_OK if hits else EXIT_FINDINGS)


COMMANDS = [search]
