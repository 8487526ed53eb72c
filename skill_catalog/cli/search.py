"""``skill-catalog search``: rank skills for a query, from folders or a built site's index."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from skill_catalog.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    Choice,
    config_option,
    echo,
    get_catalog,
    get_config,
    paths_argument,
    workers_option,
)
from skill_catalog.display.escape import json_text, printable
from skill_catalog.display.human import count
from skill_catalog.search import (
    Hit,
    SearchIndex,
    build_index,
    load_index,
    local_url,
    query,
)

_DESCRIPTION_CHARS = 160


def _text(hits: list[Hit]) -> str:
    """Each hit's name, score and URL, then its description on one line; what the index holds
    (a remote one included) is escaped (:func:`printable`)."""
    lines = []
    for hit in hits:
        mark = "  (invalid)" if not hit.valid else ""
        lines.append(f"{printable(hit.name)}{mark}  {hit.score:g}  {printable(hit.url)}")
        description = " ".join(hit.description.split())
        if len(description) > _DESCRIPTION_CHARS:
            description = description[: _DESCRIPTION_CHARS - 1] + "…"
        if description:
            lines.append(f"    {printable(description)}")
    return "".join(line + "\n" for line in lines)


def _json(hits: list[Hit]) -> str:
    return json_text([h.as_dict() for h in hits])


FORMATS = {"text": _text, "json": _json}


@click.command()
@click.argument("text", metavar="QUERY")
@paths_argument
@click.option("-n", "--limit", "n", type=click.IntRange(min=1), default=5, show_default=True,
              help="How many results to show.")
@click.option("-f", "--format", "fmt", type=Choice(sorted(FORMATS)), default="text",
              show_default=True, help="Output format.")
@click.option("--index", "index_source", metavar="FILE|URL",
              help="Query a built site's search-index.json (a file, a site folder, or an "
                   "http(s)/file URL) instead of reading skills.")
@config_option
@workers_option()
def search(text: str, paths: tuple[Path, ...], n: int, fmt: str, index_source: str | None,
           config_path: Path | None) -> None:
    """Find skills matching QUERY by name, description and section headings.

    Reads the skills under PATHS (or the config's roots), or with --index a built catalog's
    index. An exact name (any case) comes first. Invalid skills are found too, marked
    invalid. Exit status: 0 when something matched, 1 when nothing did (said on standard
    error), 2 for a usage error.
    """
    index: SearchIndex
    if index_source is not None:
        if paths:
            raise click.UsageError("give either PATHs or --index, not both")
        index = load_index(index_source)  # IndexFormatError: exit 2
    else:
        catalog = get_catalog(paths, get_config(config_path))
        index = build_index(catalog.skills, url_for=local_url)
    searched = count(len(index.docs), "skill")
    hits = query(index, text, n=n)
    click.echo(FORMATS[fmt](hits), nl=False)
    if not hits:
        echo(f"skill-catalog: no skill matches {text!r} (searched {searched})", err=True)
    sys.exit(EXIT_OK if hits else EXIT_FINDINGS)


COMMANDS = [search]
