"""``skill-catalog diff``: what a change does to what agents see (docs/diff.md)."""

from __future__ import annotations

import sys

import click

from skill_catalog.cli.common import EXIT_FINDINGS, EXIT_OK, Choice, did_you_mean, echo
from skill_catalog.diff import FAIL_KINDS, compare, diff_json, failing_kinds, markdown, open_side
from skill_catalog.diff import text as diff_text
from skill_catalog.display.escape import json_text


def _kinds(value: str | None) -> frozenset[str]:
    if not value:
        return frozenset()
    kinds = frozenset(k.strip() for k in value.split(",") if k.strip())
    for kind in sorted(kinds):
        if kind not in FAIL_KINDS:
            raise click.BadParameter(f"unknown kind {kind!r}{did_you_mean(kind, FAIL_KINDS)}; "
                                     f"known: {', '.join(FAIL_KINDS)}", param_hint="'--fail-on'")
    return kinds


@click.command()
@click.argument("before", required=False)
@click.argument("after", required=False)
@click.option("--base", metavar="REF",
              help="Compare the library at git REF with the working tree: short for "
                   "'diff git:REF .'.")
@click.option("-f", "--format", "fmt", type=Choice(["text", "markdown", "json"]),
              default="text", show_default=True, help="Output format.")
@click.option("--fail-on", "fail_on", metavar="KIND,...",
              help=f"Exit 1 when the change holds one of these kinds: {', '.join(FAIL_KINDS)}.")
@click.option("--context-tokens", type=click.IntRange(min=1), default=None,
              help="The model's context window in tokens, for the tool budgets that are a "
                   "share of it (default: each tool's own fallback).")
def diff(before: str | None, after: str | None, base: str | None, fmt: str,
         fail_on: str | None, context_tokens: int | None) -> None:
    """Say what a change does to what agents see: skills added, removed, renamed, changed;
    the lines each agent tool lists and its budget's cuts; trust findings; published archives
    whose digest changed; validity.

    BEFORE and AFTER are each a library folder, a built site folder, a catalog.json file or
    URL, or git:REF (the library at that commit of this repository, read without a checkout).
    Exit status: 0; 1 when --fail-on names a kind the change holds; 2 for a usage error.
    """
    kinds = _kinds(fail_on)
    if base is not None:
        if before is not None or after is not None:
            raise click.UsageError("give either --base REF or BEFORE AFTER, not both")
        before, after = f"git:{base}", "."
    if before is None or after is None:
        raise click.UsageError("give BEFORE and AFTER, or --base REF")
    with open_side(before, context_tokens=context_tokens) as old, \
            open_side(after, context_tokens=context_tokens) as new:
        result = compare(old, new)
    if fmt == "json":
        click.echo(json_text(diff_json(result)), nl=False)
    elif fmt == "markdown":
        click.echo(markdown(result), nl=False)  # escaped for Markdown, one line per value
    else:
        echo(diff_text(result), nl=False)
    sys.exit(EXIT_FINDINGS if kinds & failing_kinds(result) else EXIT_OK)


COMMANDS = [diff]
