"""``skill-catalog prompt``: the catalog as a prompt fragment in one client's shape."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from skill_catalog.agents.agent_view import see
from skill_catalog.agents.as_seen import as_seen
from skill_catalog.agents.launch import Launch
from skill_catalog.agents.profiles import PROFILES
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
    write_output,
)
from skill_catalog.display.escape import json_text
from skill_catalog.display.human import count
from skill_catalog.observed import OBSERVED, Seen
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
@click.option("-f", "--format", "fmt", type=Choice(list(FORMATS)), default=None,
              help="Prompt shape [default: xml, or the --budget-for tool's own].")
@click.option("--budget-for", "tool", type=Choice(_tool_names()), default=None,
              help="Budget the skills this tool would load (its rules, not only spec-valid "
                   "ones) as it does, and report that first on standard error.")
@click.option("--as-seen-by", "seen_by", type=Choice(list(OBSERVED)), default=None,
              help="Print the skill listing this tool sends its model when started in --cwd "
                   "with --home, exactly as it sends it (without the skills it ships).")
@click.option("--cwd", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="With --as-seen-by: the folder the tool is started in (default: here).")
@click.option("--home", type=click.Path(file_okay=False, path_type=Path),
              help="With --as-seen-by: the tool's home folder (default: yours).")
@click.option("--context-tokens", type=click.IntRange(min=1), default=None,
              help="The model's context window in tokens, for budgets that are a share of it.")
@click.option("--report", "json_report", is_flag=True,
              help="Write the budget report to standard error as JSON instead of text.")
@click.option("--template", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="Render through this Jinja2 template instead of a format "
              "(autoescaped when it ends in .xml, .html or .htm).")
@click.option("--location", type=Choice(LOCATION_MODES), default="absolute",
              show_default=True, help="SKILL.md as an absolute path, relative to the current "
              "folder, or left out.")
@config_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the fragment to a file instead of standard output (a link at FILE "
                   "is refused, never written through).")
@workers_option()
def prompt(paths: tuple[Path, ...], fmt: str | None, tool: str | None, seen_by: str | None,
           cwd: Path | None, home: Path | None, context_tokens: int | None, json_report: bool,
           template: Path | None, location: LocationMode, config_path: Path | None,
           output: Path | None) -> None:
    """Print the valid skills under PATHS as the catalog fragment an agent puts in its prompt.

    Formats: xml (the spec's <available_skills>), skills-ref (byte-exact to-prompt), crush,
    claude-code, codex, copilot, gemini, opencode, markdown, json. Invalid skills are left out
    with a note on standard error; when none is left nothing is printed. Exit status: 0, or 1
    when a skill read has errors (the fragment is printed all the same) or no skill is found,
    2 for a usage error.
    """
    if seen_by is not None:
        if paths or fmt or tool or template or location != "absolute":
            raise click.UsageError("--as-seen-by prints the tool's own listing: give no PATH, "
                                   "--format, --template, --location or --budget-for with it")
        view = see(PROFILES[seen_by], Launch.current(cwd, home))
        seen = as_seen(view, context_tokens=context_tokens)
        _seen_report(seen, PROFILES[seen_by].title, json_report)
        if output is not None:
            write_output(output, seen.text)
        else:
            click.echo(seen.text, nl=False)
        sys.exit(EXIT_OK)
    if cwd is not None or home is not None:
        raise click.UsageError("--cwd and --home need --as-seen-by TOOL")
    if fmt is not None and template is not None:
        raise click.UsageError("give either --format or --template, not both")
    if context_tokens is not None and tool is None:
        raise click.UsageError("--context-tokens needs --budget-for or --as-seen-by TOOL")
    if json_report and tool is None:
        raise click.UsageError("--report needs --budget-for or --as-seen-by TOOL")
    catalog = get_catalog(paths, get_config(config_path))
    if fmt is None:
        listing = budget_tools()[tool].listing if tool else None
        fmt = listing.format if listing else "xml"
    try:
        fragment = render(catalog, fmt, location=location, budget=tool,
                          context_tokens=context_tokens, template=template)
    except TemplateProblem as exc:
        raise click.UsageError(f"template: {exc}") from None
    if fragment.report is not None:  # the summary first: notes can run to hundreds of lines
        if json_report:
            click.echo(json_text(fragment.report.to_dict()), err=True, nl=False)
        else:
            for line in fragment.report.lines():
                echo(line, err=True)
    for note in fragment.notes:
        echo(f"skill-catalog: {note}", err=True)
    if output is not None:
        write_output(output, fragment.text)
    else:
        click.echo(fragment.text, nl=False)  # the fragment, as the prompt will hold it
    sys.exit(EXIT_FINDINGS if catalog.has_errors else EXIT_OK)


def _seen_report(seen: Seen, title: str, as_json: bool) -> None:
    """What the budget did and what the listing leaves out, on standard error."""
    cuts = seen.cuts
    if as_json:
        click.echo(json_text({
            "tool": title, "limit": cuts.limit, "unit": cuts.unit,
            "explanation": cuts.explanation, "used_before": cuts.used_before,
            "used_after": cuts.used_after, "shortened": list(cuts.shortened),
            "descriptions_dropped": list(cuts.dropped), "omitted": list(cuts.omitted),
            "over_budget": cuts.over_budget,
            "when_names_do_not_fit": cuts.overflow or None,
            "listed": [line.name for line in seen.lines], "builtin_left_out": list(seen.builtin),
            "not_listed": [{"name": n, "reason": r} for n, r in seen.unlisted],
        }), err=True, nl=False)
        return
    limit = "no limit" if cuts.limit is None else f"{cuts.limit:,} {cuts.unit}"
    echo(f"{title}: {count(len(seen.lines), 'skill')} listed; budget {limit}: "
         f"{cuts.explanation}", err=True)
    for label, names in (("descriptions shortened", cuts.shortened),
                         ("descriptions dropped, listed by name only", cuts.dropped),
                         ("left out by the budget", cuts.omitted)):
        if names:
            echo(f"  {label} ({len(names)}): {', '.join(names)}", err=True)
    if cuts.over_budget:
        echo(f"  even the names do not fit: {cuts.overflow}", err=True)
    for name, reason in seen.unlisted:
        echo(f"  not listed: {name}: {reason}", err=True)
    if seen.builtin:
        echo(f"  {title} also lists its own skills, left out here: "
             f"{', '.join(seen.builtin)}", err=True)


COMMANDS = [prompt]
