"""``skill-catalog prompt``: the catalog as a prompt fragment in one client's shape."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from skill_catalog.cli.common import EXIT_OK, config_option, get_catalog, get_config, paths_argument
from skill_catalog.prompts import (
    FORMATS,
    LOCATION_MODES,
    LocationMode,
    TemplateProblem,
    budget_tools,
    render,
)


def _tool_names() -> list[str]:
    return sorted(budget_tools())


@click.command()
@paths_argument
@click.option("-f", "--format", "fmt", type=click.Choice(list(FORMATS)), default=None,
              help="Prompt shape [default: xml, or the --budget-for tool's own].")
@click.option("--budget-for", "tool", type=click.Choice(_tool_names()), default=None,
              help="Apply this tool's listing budget: shorten, drop or leave out what it "
                   "would, and report it on standard error.")
@click.option("--context-tokens", type=click.IntRange(min=1), default=None,
              help="The model's context window in tokens, for budgets that are a share of it.")
@click.option("--report", "json_report", is_flag=True,
              help="Write the budget report to standard error as JSON instead of text.")
@click.option("--template", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="Render through this Jinja2 template instead of a format "
              "(autoescaped when it ends in .xml, .html or .htm).")
@click.option("--location", type=click.Choice(LOCATION_MODES), default="absolute",
              show_default=True, help="SKILL.md as an absolute path, relative to the current "
              "folder, or left out.")
@config_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the fragment to a file instead of standard output.")
def prompt(paths: tuple[Path, ...], fmt: str | None, tool: str | None,
           context_tokens: int | None, json_report: bool, template: Path | None,
           location: LocationMode, config_path: Path | None, output: Path | None) -> None:
    """Print the valid skills under PATHS as the catalog fragment an agent puts in its prompt.

    Formats: xml (the spec's <available_skills>), skills-ref (byte-exact to-prompt), crush,
    claude-code, codex, copilot, gemini, opencode, markdown, json. Invalid skills are left out
    with a note on standard error; when none is left nothing is printed (exit 0).
    """
    if fmt is not None and template is not None:
        raise click.UsageError("give either --format or --template, not both")
    if context_tokens is not None and tool is None:
        raise click.UsageError("--context-tokens needs --budget-for TOOL")
    if json_report and tool is None:
        raise click.UsageError("--report needs --budget-for TOOL")
    catalog = get_catalog(paths, get_config(config_path))
    if fmt is None:
        listing = budget_tools()[tool].listing if tool else None
        fmt = listing.format if listing else "xml"
    try:
        fragment = render(catalog, fmt, location=location, budget=tool,
                          context_tokens=context_tokens, template=template)
    except TemplateProblem as exc:
        raise click.UsageError(f"template: {exc}") from None
    for note in fragment.notes:
        click.echo(f"skill-catalog: {note}", err=True)
    if fragment.report is not None:
        if json_report:
            click.echo(json.dumps(fragment.report.to_dict(), ensure_ascii=False, indent=2),
                       err=True)
        else:
            for line in fragment.report.lines():
                click.echo(line, err=True)
    if output is not None:
        output.write_text(fragment.text, encoding="utf-8")
    else:
        click.echo(fragment.text, nl=False)
    sys.exit(EXIT_OK)


COMMANDS = [prompt]
