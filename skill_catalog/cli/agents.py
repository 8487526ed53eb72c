"""``skill-catalog list``, ``skill-catalog instructions`` and ``skill-catalog agents``: what each
agent tool would load, from the tool profiles."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

import click

from skill_catalog.agents.agent_view import SkillCache, see, see_all
from skill_catalog.agents.agents_doc import agents_markdown, agents_text
from skill_catalog.agents.instructions import instruction_files
from skill_catalog.agents.launch import Launch
from skill_catalog.agents.profiles import DEFAULT_PROFILE, PROFILES
from skill_catalog.agents.tool_profile import Profile
from skill_catalog.agents.view_report import (
    dumps,
    instructions_json,
    instructions_text,
    library_json,
    library_text,
    matrix,
    matrix_json,
    matrix_text,
    view_json,
    view_text,
)
from skill_catalog.api import load
from skill_catalog.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    Choice,
    chosen_workers,
    config_option,
    did_you_mean,
    echo,
    get_catalog,
    get_config,
    paths_argument,
    workers_option,
)
from skill_catalog.reporting.text import roots_as_given

ALL = "all"


def _profile(tool: str, allow_all: bool) -> Profile | None:
    if allow_all and tool == ALL:
        return None
    if tool not in PROFILES:
        known = [*PROFILES, *([ALL] if allow_all else [])]
        raise click.BadParameter(f"unknown tool {tool!r}{did_you_mean(tool, known)}; known "
                                 f"tools: {', '.join(known)}", param_hint="'--as-seen-by'")
    return PROFILES[tool]


def _status(failed: Iterable[object]) -> int:
    return EXIT_FINDINGS if any(failed) else EXIT_OK


_format_option = click.option(
    "-f", "--format", "fmt", type=Choice(["text", "json"]), default="text",
    show_default=True, help="Output format.")
_cwd_option = click.option(
    "--cwd", type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Folder the tool is started in (default: the current folder).")
_home_option = click.option(
    "--home", type=click.Path(file_okay=False, path_type=Path),
    help="Home folder of the tool (default: yours). Environment variables still apply.")


@click.command("list")
@paths_argument
@click.option("--as-seen-by", "tool", metavar="TOOL",
              help=f"Show what TOOL would load ({', '.join(PROFILES)}, or '{ALL}' for a "
                   "skill x tool matrix).")
@_cwd_option
@_home_option
@click.option("--extra-path", "extra_paths", multiple=True, metavar="DIR",
              help="A folder configured in the tool's own settings (skills.paths, "
                   "skills_paths, --add-dir); repeatable.")
@_format_option
@config_option
@workers_option()
def list_skills(paths: tuple[Path, ...], tool: str | None, cwd: Path | None, home: Path | None,
                extra_paths: tuple[str, ...], fmt: str, config_path: Path | None) -> None:
    """List skills: those under PATHS, or those a tool would load.

    Without --as-seen-by: every skill under PATHS (or the configured roots) with its validity.
    With --as-seen-by TOOL: the skills TOOL would load when started in --cwd with --home as its
    home, each duplicate name's winner and the shadowed copies, and the skills it rejects, with
    reasons; PATHS then only narrow the report. Exit status: 0; 1 when a skill listed has
    errors (or, with --as-seen-by, the tool rejects one), or no skill is found; 2 for a usage
    error such as an unknown tool.
    """
    if tool is None:
        if cwd is not None or home is not None or extra_paths:
            raise click.UsageError("--cwd, --home and --extra-path need --as-seen-by TOOL")
        catalog = get_catalog(paths, get_config(config_path))
        skills = list(catalog)
        roots = roots_as_given(catalog)
        if fmt == "json":
            click.echo(dumps(library_json(skills, roots)), nl=False)
        else:
            echo(library_text(skills, roots), nl=False)
        sys.exit(_status(d.is_error for d in catalog.all_diagnostics))
    profile = _profile(tool, allow_all=True)
    launch = Launch.current(cwd, home)
    if profile is None:
        if extra_paths:
            raise click.UsageError("--extra-path needs a single tool, not 'all'")
        cache: SkillCache = {}
        views = see_all(PROFILES.values(), launch, cache=cache)
        library = load(paths, workers=chosen_workers()) if paths else ()
        rows = matrix(views, cache, paths, library)
        tools = list(views)
        if fmt == "json":
            click.echo(dumps(matrix_json(tools, rows)), nl=False)
        else:
            echo(matrix_text(tools, rows), nl=False)
        sys.exit(_status(status == "rejected" for row in rows
                         for status in row.seen_by.values()))
    try:
        view = see(profile, launch, extra_paths)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    report = view_json(view, paths)
    if fmt == "json":
        click.echo(dumps(report), nl=False)
    else:
        echo(view_text(view, paths), nl=False)
    invalid = _with_errors([Path(s["path"]) for s in report["skills"]])
    if invalid:
        echo(f"skill-catalog: {len(invalid)} of the skills {profile.title} loads "
             f"{'has' if len(invalid) == 1 else 'have'} errors (skill-catalog validate "
             f"names them): {', '.join(invalid)}", err=True)
    sys.exit(_status([*report["rejected"], *invalid]))


def _with_errors(folders: list[Path]) -> list[str]:
    """The names of the skills in ``folders`` (each a skill's) that have errors: a tool may
    load what the spec rejects, and ``list`` fails then too (exit 1)."""
    if not folders:
        return []
    catalog = load(folders, workers=chosen_workers())
    return [skill.name or skill.relpath for skill in catalog.skills if not skill.valid]


@click.command()
@click.option("--as-seen-by", "tool", metavar="TOOL", default=DEFAULT_PROFILE,
              show_default=True, help=f"The tool ({', '.join(PROFILES)}).")
@_cwd_option
@_home_option
@_format_option
def instructions(tool: str, cwd: Path | None, home: Path | None, fmt: str) -> None:
    """List the instruction files (AGENTS.md, CLAUDE.md, ...) a tool would load, in load order.

    Global files come first, then the project folders from the farthest parent to --cwd (or
    the tool's own order). Exit status 0, or 2 for an unknown tool.
    """
    profile = _profile(tool, allow_all=False)
    assert profile is not None
    files = instruction_files(profile, Launch.current(cwd, home))
    if fmt == "json":
        click.echo(dumps(instructions_json(profile.name, files)), nl=False)
    else:
        echo(instructions_text(profile.title, files), nl=False)


@click.command()
@click.option("-f", "--format", "fmt", type=Choice(["text", "markdown"]), default="text",
              show_default=True)
def agents(fmt: str) -> None:
    """List the agent tool profiles; --format markdown writes docs/agents.md."""
    click.echo(agents_markdown() if fmt == "markdown" else agents_text(), nl=False)  # ours


COMMANDS = [list_skills, instructions, agents]
