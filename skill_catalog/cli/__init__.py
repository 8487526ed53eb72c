"""The command line: a thin click layer over the library. Exit codes: 0 ok, 1 findings, 2 usage.

Each command lives in its own module (listing its click commands in ``COMMANDS``) and is added
to the group here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from skill_catalog import __version__
from skill_catalog.cli import agents, build, new, prompt, search, serve, skill_commands, validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="skill-catalog")
def cli() -> None:
    """Validate an Agent Skills library and publish it as a catalog."""


for _module in (validate, build, prompt, skill_commands, search, agents, new, serve):
    for _command in _module.COMMANDS:
        cli.add_command(_command)


def main(args: Sequence[str] | None = None) -> Any:
    """Console-script entry point."""
    return cli.main(args=args, prog_name="skill-catalog")
