"""``skill-catalog show``, ``files`` and ``file``: the skill tools of agent systems, on the
command line (activate a skill, list its files, read one file or get a script's path)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NoReturn

import click

from skill_catalog.catalog import Catalog, UnknownSkill
from skill_catalog.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    config_option,
    get_catalog,
    get_config,
    paths_argument,
)
from skill_catalog.model import Skill
from skill_catalog.tools import (
    MAX_FILE_BYTES,
    FileRefused,
    file_path,
    files_text,
    is_binary,
    list_files,
    read_bytes,
    skill_content,
)

name_argument = click.argument("name")


def _fail(message: str) -> NoReturn:
    click.echo(f"skill-catalog: {message}", err=True)
    sys.exit(EXIT_FINDINGS)


def _skill(name: str, paths: tuple[Path, ...], config_path: Path | None) -> Skill:
    catalog: Catalog = get_catalog(paths, get_config(config_path))
    try:
        return catalog.get(name)
    except UnknownSkill as exc:
        _fail(str(exc))


@click.command()
@name_argument
@paths_argument
@config_option
def show(name: str, paths: tuple[Path, ...], config_path: Path | None) -> None:
    """Print skill NAME as a skill tool returns it on activation: its body inside
    <skill_content name="...">, its folder, and the list of its files.

    The library is read from PATHS, or the config's roots. An unknown NAME is an error
    (exit 1) listing the closest names; matching is exact, then case-insensitive.
    """
    skill = _skill(name, paths, config_path)
    if not skill.valid:
        click.echo(f"skill-catalog: note: {skill.skill_md} has errors; agents that validate "
                   "will not load it (see 'skill-catalog validate')", err=True)
    click.echo(skill_content(skill), nl=False)
    sys.exit(EXIT_OK)


@click.command()
@name_argument
@paths_argument
@click.option("-f", "--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@config_option
def files(name: str, paths: tuple[Path, ...], fmt: str, config_path: Path | None) -> None:
    """List the files of skill NAME: scripts, references, assets and others, with sizes."""
    listing = list_files(_skill(name, paths, config_path))
    if fmt == "json":
        click.echo(json.dumps(listing.to_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(files_text(listing), nl=False)
    sys.exit(EXIT_OK)


@click.command(name="file")
@name_argument
@click.argument("relpath")
@paths_argument
@click.option("--path", "path_only", is_flag=True,
              help="Print the file's absolute path instead of its contents (e.g. a script "
                   "to run).")
@click.option("--binary", is_flag=True, help="Write binary files' bytes as they are.")
@click.option("--any-path", is_flag=True,
              help="Allow any file in the skill folder, not only SKILL.md, references/, "
                   "assets/ and scripts/.")
@click.option("--max-bytes", type=click.IntRange(min=1), default=MAX_FILE_BYTES,
              show_default=True, help="Refuse files larger than this.")
@config_option
def file_command(name: str, relpath: str, paths: tuple[Path, ...], path_only: bool,
                 binary: bool, any_path: bool, max_bytes: int, config_path: Path | None) -> None:
    """Print file RELPATH of skill NAME (relative to the skill folder).

    Only SKILL.md and files under references/, assets/ and scripts/ by default. Refused
    (exit 1): absolute paths, '..', backslashes, NUL bytes, percent-encoded traversal, paths
    that resolve outside the skill folder (through symbolic links too), folders, FIFOs and
    other special files, files over --max-bytes, and binary files unless --binary.
    """
    skill = _skill(name, paths, config_path)
    try:
        if path_only:
            click.echo(str(file_path(skill, relpath, any_path=any_path)))
            sys.exit(EXIT_OK)
        data = read_bytes(skill, relpath, any_path=any_path, max_bytes=max_bytes)
    except FileRefused as exc:
        _fail(str(exc))
    if is_binary(data):
        if not binary:
            _fail(f"refused {relpath!r}: binary file (NUL bytes or not UTF-8); --binary "
                  "writes its bytes as they are")
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        click.echo(data.decode("utf-8"), nl=False)
    sys.exit(EXIT_OK)


COMMANDS = [show, files, file_command]
