"""``skill-catalog new``."""

from __future__ import annotations

from pathlib import Path

import click

from skill_catalog.authoring.scaffold import EXAMPLES, scaffold
from skill_catalog.cli.common import echo
from skill_catalog.display.paths import display


@click.command()
@click.argument("name")
@click.option("--in", "parent", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), show_default=True, help="Folder to create the skill in.")
@click.option("--with", "extras", metavar=",".join(EXAMPLES), multiple=True,
              help="Optional folders to add, each with a small example file (comma-separated "
                   "or repeated).")
def new(name: str, parent: Path, extras: tuple[str, ...]) -> None:
    """Create the skill folder NAME with a SKILL.md that validates, ready to fill in.

    NAME must be a valid skill name: lowercase a-z, 0-9 and single hyphens. An existing folder
    is never overwritten.
    """
    folder = scaffold(name, parent, extras)  # ScaffoldError: exit 2, with the naming rule
    created = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    echo(f"Created {display(folder.absolute())}/: {', '.join(created)}")
    echo("Next: replace the TODOs in SKILL.md, then run "
         f"skill-catalog validate --strict {display(folder.absolute())}")


COMMANDS = [new]
