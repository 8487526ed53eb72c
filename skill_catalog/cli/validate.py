"""``skill-catalog validate``."""

from __future__ import annotations

import sys
from pathlib import Path

import click
import yaml

from skill_catalog.catalog import Catalog
from skill_catalog.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    Choice,
    cache_options,
    config_option,
    echo,
    get_catalog,
    get_config,
    paths_argument,
    workers_option,
    write_output,
)
from skill_catalog.config import configuration_markdown, effective_config
from skill_catalog.display.paths import display
from skill_catalog.model import Severity
from skill_catalog.pipeline.changes import belongs_to_no_skill, only_changed, skill_folders
from skill_catalog.reporting import FORMAT_NAMES, formatter
from skill_catalog.reporting.text import summary_lines
from skill_catalog.validate.docs import rules_markdown, rules_text


@click.command()
@paths_argument
@click.option("-f", "--format", "fmt", type=Choice(FORMAT_NAMES), default="text",
              show_default=True, help="Report format.")
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
@click.option("--fail-on", "fail_on", type=Choice(["trust", "trust-warning", "trust-danger"]),
              help="Trust findings fail too (exit 1): `trust` or `trust-warning` when a skill's "
                   "trust status is warning or danger, `trust-danger` only for danger "
                   "(default: the config's trust.fail_on, else never).")
@config_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the report to a file instead of standard output (the summary goes "
                   "to standard error; a link at FILE is refused, never written through).")
@click.option("--changed-since", metavar="REF",
              help="Check only skills with a file changed since git REF (merge base), or "
                   "modified, staged or untracked; library rules still see every skill.")
@workers_option()
@cache_options
def validate(paths: tuple[Path, ...], fmt: str, strict: bool, fail_on: str | None,
             config_path: Path | None, output: Path | None, changed_since: str | None) -> None:
    """Check every skill under PATHS (library folders, skill folders or SKILL.md files).

    Exit status: 0 when no skill has an error (warnings too with --strict), 1 when one has or
    when no skill is found at all, 2 for a usage or configuration error. A file inside a skill
    folder (as pre-commit passes them) stands for its skill; a file in a scripts/, references/
    or assets/ folder of no skill is noted and skipped, any other file is an error (SC030).
    """
    config = get_config(config_path)
    folders = skill_folders(paths)
    for path in belongs_to_no_skill(paths):
        if path.parent.name in RESOURCE_FOLDERS:
            echo(f"skill-catalog: note: {display(path)} belongs to no skill (no SKILL.md in its "
                 "folder or above): not checked", err=True)
        else:
            folders.append(path)  # a root that is a file: discovery says what is wrong
    catalog = (get_catalog(folders, config) if folders or not paths
               else Catalog((), (), (), config))
    if changed_since is not None:
        catalog = only_changed(catalog, changed_since)
    # Each format escapes what it quotes (github's lines are workflow commands on purpose).
    report = formatter(fmt)(catalog)
    if output is not None:
        write_output(output, report)
        for line in summary_lines(catalog):  # the report is in the file: its summary here
            echo(line, err=True)
        echo(f"Report written to {display(output.absolute())} ({fmt}).", err=True)
    else:
        click.echo(report, nl=False)
    worst = max((d.severity for d in catalog.all_diagnostics if not d.is_trust),
                default=Severity.INFO)
    failed = worst is Severity.ERROR or (strict and worst is Severity.WARNING)
    level = {"trust": "warning", "trust-warning": "warning", "trust-danger": "danger"}.get(
        fail_on or "", config.trust.fail_on)
    if level != "never":
        blocking = ("danger",) if level == "danger" else ("warning", "danger")
        failed = failed or any(s.trust.status in blocking for s in catalog.skills)
    sys.exit(EXIT_FINDINGS if failed else EXIT_OK)


RESOURCE_FOLDERS = frozenset({"scripts", "references", "assets"})
"""Folders whose files the pre-commit hook passes (``.pre-commit-hooks.yaml``)."""


@click.command()
@click.option("-f", "--format", "fmt", type=Choice(["text", "markdown"]), default="text",
              show_default=True)
def rules(fmt: str) -> None:
    """List every rule: code, severity, name and what it checks."""
    click.echo(rules_markdown() if fmt == "markdown" else rules_text(), nl=False)  # ours


@click.command("config")
@config_option
@click.option("-f", "--format", "fmt", type=Choice(["yaml", "markdown"]), default="yaml",
              show_default=True, help="yaml: the configuration in force; markdown: the reference "
              "of every option.")
def config_command(config_path: Path | None, fmt: str) -> None:
    """Show the configuration in force (after defaults), or the reference of every option."""
    if fmt == "markdown":
        click.echo(configuration_markdown(), nl=False)  # the reference: our own text
        return
    config = get_config(config_path, quiet=True)  # the first line names it
    source = str(config.path) if config.path else "defaults (no skill-catalog.yml found)"
    echo(f"# {source}")
    echo(yaml.safe_dump(effective_config(config), sort_keys=False, allow_unicode=True),
         nl=False)


COMMANDS = [validate, rules, config_command]
