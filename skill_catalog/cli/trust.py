"""``skill-catalog trust``: the trust rules explained."""

from __future__ import annotations

import sys

import click

from skill_catalog.cli.common import EXIT_USAGE, Choice, did_you_mean, echo
from skill_catalog.display.escape import json_text
from skill_catalog.validate.docs import trust_codes, trust_explanation, trust_explanation_text
from skill_catalog.validate.rules import RULES


@click.group()
def trust() -> None:
    """The trust rules (codes ST0xx): what each looks for."""


@trust.command()
@click.argument("code", required=False)
@click.option("-f", "--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True)
def explain(code: str | None, fmt: str) -> None:
    """What trust rule CODE looks for, what it does not, and an example of each (one that
    fires, one that does not). Without CODE: every trust rule, one a line."""
    codes = trust_codes()
    if code is None:
        if fmt == "json":
            click.echo(json_text([trust_explanation(c) for c in codes]), nl=False)
        else:
            echo("".join(f"{c}  {RULES[c].severity!s:7}  {RULES[c].title}\n" for c in codes),
                 nl=False)
        return
    data = trust_explanation(code)
    if data is None:
        echo(f"skill-catalog: {code!r} is not a trust rule{did_you_mean(code.upper(), codes)}; "
             f"the trust rules are {', '.join(codes)} (skill-catalog rules lists every rule)",
             err=True)
        sys.exit(EXIT_USAGE)
    if fmt == "json":
        click.echo(json_text(data), nl=False)  # escaped by json_text
    else:
        echo(trust_explanation_text(data), nl=False)


COMMANDS = [trust]
