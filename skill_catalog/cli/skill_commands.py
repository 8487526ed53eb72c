"""``skill-catalog show``, ``files`` and ``file``: the skill tools of agent systems, on the
command line (activate a skill, list its files, read one file or get a script's path)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from skill_catalog.catalog import Catalog
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
from skill_catalog.display.paths import display
from skill_catalog.errors import NotFound
from skill_catalog.model import Skill
from skill_catalog.skill_access import (
    MAX_FILE_BYTES,
    file_path,
    files_text,
    is_binary,
    list_files,
    read_bytes,
    skill_content,
)

name_argument = click.argument("name")


def _skill(name: str, paths: tuple[Path, ...], config_path: Path | None) -> Skill:
    """Skill ``name`` (:meth:`Catalog.get`: an unknown or ambiguous name exits 1); a note on
    standard error when it has errors."""
    catalog: Catalog = get_catalog(paths, get_config(config_path))
    skill = catalog.get(name)
    if not skill.valid:
        echo(f"skill-catalog: note: {display(skill.skill_md)} has errors; agents that "
             "validate will not load it (see 'skill-catalog validate')", err=True)
    return skill


def _status(skill: Skill) -> int:
    """The status of show, files and file: 1 when the skill has errors (its text is printed
    all the same), as every command says of what it reads."""
    return EXIT_OK if skill.valid else EXIT_FINDINGS


@click.command()
@name_argument
@paths_argument
@config_option
@workers_option()
def show(name: str, paths: tuple[Path, ...], config_path: Path | None) -> None:
    """Print skill NAME as a skill tool returns it on activation: its body inside
    <skill_content name="...">, its folder, and the list of its files.

    The library is read from PATHS, or the config's roots. An unknown NAME is an error
    (exit 1) listing the closest names, and so is a NAME two skills claim (listing their
    folders); matching is exact, then case-insensitive. A skill with errors is printed with a
    note, and exits 1.
    """
    skill = _skill(name, paths, config_path)
    click.echo(skill_content(skill), nl=False)  # the body as it is; names and paths escaped
    sys.exit(_status(skill))


@click.command()
@name_argument
@paths_argument
@click.option("-f", "--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True)
@config_option
@workers_option()
def files(name: str, paths: tuple[Path, ...], fmt: str, config_path: Path | None) -> None:
    """List the files of skill NAME: scripts, references, assets and others, with sizes."""
    skill = _skill(name, paths, config_path)
    listing = list_files(skill)
    if fmt == "json":
        click.echo(json_text(listing.to_dict()), nl=False)
    else:
        echo(files_text(listing), nl=False)
    sys.exit(_status(skill))


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
@workers_option()
def file_command(name: str, relpath: str, paths: tuple[Path, ...], path_only: bool,
                 binary: bool, any_path: bool, max_bytes: int, config_path: Path | None) -> None:
    """Print file RELPATH of skill NAME (relative to the skill folder).

    Only SKILL.md and files under references/, assets/ and scripts/ by default. Refused
    (exit 1): absolute paths, '..', backslashes, NUL bytes, percent-encoded traversal, paths
    that resolve outside the skill folder (through symbolic links too), folders, FIFOs and
    other special files, files over --max-bytes, and binary files unless --binary.
    """
    skill = _skill(name, paths, config_path)
    if path_only:
        found = str(file_path(skill, relpath, any_path=any_path))
        if printable(found) != found:
            raise NotFound(f"refused {printable(relpath)!r}: its path holds control or "
                           "invisible characters, which a terminal or a shell would misread; "
                           "read the file without --path")
        click.echo(found)
        sys.exit(_status(skill))
    data = read_bytes(skill, relpath, any_path=any_path, max_bytes=max_bytes)
    if is_binary(data):
        if not binary:
            raise NotFound(f"refused {relpath!r}: binary file (NUL bytes or not UTF-8); "
                           "--binary writes its bytes as they are")
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        click.echo(data.decode("utf-8"), nl=False)  # the file, as it is
    sys.exit(_status(skill))


COMMANDS = [show, files, file_command]
