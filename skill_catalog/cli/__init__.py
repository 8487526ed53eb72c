"""The command line: a thin click layer over the library. Exit codes: 0 ok, 1 findings, 2 usage.

Errors become messages here, in one place: a :class:`~skill_catalog.errors.SkillCatalogError`
is printed as ``skill-catalog: MESSAGE`` with its exit status, an ``OSError`` (a folder missing
or unwritable, a full disk) as the file and the reason with status 2, never a traceback, and
click's own usage errors keep their form; all are escaped
(:func:`~skill_catalog.display.escape.printable_lines`), as everything else the commands print.

Each command lives in its own module (listing its click commands in ``COMMANDS``) and is added
to the group here. A module is imported only when one of its commands is used (or listed, by
``--help``), so that ``skill-catalog validate`` does not pay for Jinja2, the search index or
the preview server at start-up.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from typing import Any

import click

from skill_catalog.display.escape import printable_lines
from skill_catalog.errors import SkillCatalogError, describe, is_template_error
from skill_catalog.version import __version__

COMMAND_MODULES: Mapping[str, str] = {
    "validate": "validate",
    "rules": "validate",
    "config": "validate",
    "build": "build",
    "prompt": "prompt",
    "show": "skill_commands",
    "files": "skill_commands",
    "file": "skill_commands",
    "search": "search",
    "list": "agents",
    "instructions": "agents",
    "agents": "agents",
    "new": "new",
    "serve": "serve",
    "marketplace": "marketplace",
    "diff": "diff",
    "mcp": "mcp",
    "trust": "trust",
}
"""Command name -> the module of ``skill_catalog.cli`` that defines it."""


class LazyCommands(MutableMapping[str, click.Command]):
    """The group's commands by name, each module imported the first time one is looked up."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._commands: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._commands:
            module = importlib.import_module(f"{__name__}.{self._modules[name]}")
            for command in module.COMMANDS:
                self._commands.setdefault(str(command.name), command)
        return self._commands[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._modules.setdefault(name, "")
        self._commands[name] = command

    def __delitem__(self, name: str) -> None:
        del self._modules[name]
        self._commands.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


@contextlib.contextmanager
def _messages() -> Iterator[None]:
    """Turn the errors raised within into escaped messages and their exit status."""
    try:
        yield
    except SkillCatalogError as exc:
        click.echo(f"skill-catalog: {printable_lines(str(exc))}", err=True)
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        raise  # the reader went away (``| head``): nothing to tell it
    except OSError as exc:  # the environment (a folder missing, unwritable, full): exit 2
        click.echo(f"skill-catalog: {printable_lines(describe(exc))}", err=True)
        sys.exit(2)
    except Exception as exc:
        if not is_template_error(exc):
            raise
        # A theme's template: its file, line and mistake (exit 2, as a bad option).
        click.echo(f"skill-catalog: {printable_lines(describe(exc))}", err=True)
        sys.exit(2)
    except click.UsageError as exc:
        raise click.UsageError(printable_lines(exc.format_message()), exc.ctx) from None  # 2
    except click.ClickException as exc:
        raise click.ClickException(printable_lines(exc.format_message())) from None  # 1


class _Commands(click.Group):
    """The group: every error of parsing or running a command goes through :func:`_messages`;
    a command stopped by Ctrl-C (or ``kill``, where the command turns it into the same
    exception) exits with 130 (143), as a shell reports it, not click's 1."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        with _messages():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            with _messages():
                return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            from skill_catalog.process.interrupts import exit_status

            click.echo("Interrupted.", err=True)
            raise click.exceptions.Exit(exit_status(exc)) from None


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="skill-catalog")
def cli() -> None:
    """Validate an Agent Skills library and publish it as a catalog."""


cli.commands = LazyCommands(COMMAND_MODULES)


def main(args: Sequence[str] | None = None) -> Any:
    """Console-script entry point."""
    return cli.main(args=args, prog_name="skill-catalog")
