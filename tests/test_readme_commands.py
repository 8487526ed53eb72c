"""The README's command synopses are held to the click commands, so that they cannot drift.

For every command of ``skill_catalog.cli``, the "Commands" section of README.md has a synopsis
line (`` `skill-catalog NAME ...` ``), or one per form of the command, which together show every
option of the command, each of its names (short and long), and no option the command lacks;
where one spells out an option's values (``text|json``) they are the command's choices; and
every option is explained, in one of the command's entries or in the section's opening
paragraph (for the options several commands share).
"""

from __future__ import annotations

import dataclasses as dc
import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.cli import cli
from tests.environment import REPO

README = REPO / "README.md"

SYNOPSIS = re.compile(r"^`(skill-catalog [^`]+)`$")
OPTION = re.compile(r"(?<![\w-])--?[A-Za-z0-9][\w-]*")
"""An option name as written in a synopsis: ``-c``, ``--changed-since``; not the ``-catalog``
of ``skill-catalog`` nor a value such as ``127.0.0.1``."""
VALUES = re.compile(r"(?<![\w-])(--?[A-Za-z0-9][\w-]*) ([a-z0-9][\w-]*(?:\|[a-z0-9][\w-]*)+)"
                    r"(?=[\]\s]|$)")
"""An option followed by its values spelled out, ``--format text|json`` (a metavar in capitals,
``TOOL|all``, is not a list of values)."""


@dc.dataclass(frozen=True, slots=True)
class Entry:
    """A command's synopsis (between the backticks) and the text explaining it."""

    synopsis: str
    explanation: str


def commands_section(readme: str) -> tuple[str, dict[str, list[Entry]]]:
    """The opening paragraph of the README's "Commands" section and each command's entries.

    An entry is a synopsis line and the lines after it up to a blank line or the next synopsis;
    a command with several forms has an entry for each."""
    start = readme.index("\n## Commands\n") + len("\n## Commands\n")
    end = readme.find("\n## ", start)
    lines = readme[start:end if end >= 0 else None].splitlines()
    intro: list[str] = []
    entries: dict[str, list[Entry]] = {}
    index = 0
    while index < len(lines):
        match = SYNOPSIS.match(lines[index])
        if match is None:
            if not entries:
                intro.append(lines[index])
            index += 1
            continue
        synopsis = match.group(1)
        body: list[str] = []
        index += 1
        while index < len(lines) and lines[index].strip() and not SYNOPSIS.match(lines[index]):
            body.append(lines[index])
            index += 1
        entries.setdefault(synopsis.split()[1], []).append(Entry(synopsis, "\n".join(body)))
    return "\n".join(intro), entries


def mentions(text: str, option: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", text) is not None


def synopsis_problems(command: click.Command, entries: list[Entry], intro: str) -> list[str]:
    """What the synopses and explanations of ``command`` get wrong against its parameters."""
    name = entries[0].synopsis.split()[1]
    synopses = "\n".join(e.synopsis for e in entries)
    explanations = "\n".join([*(e.explanation for e in entries), intro])
    group = click.Context(cli, info_name="skill-catalog", **cli.context_settings)  # -h/--help
    help_names = set(command.get_help_option_names(
        click.Context(command, info_name=name, parent=group)))
    options = [p for p in command.params if isinstance(p, click.Option)]
    known = {n for o in options for n in (*o.opts, *o.secondary_opts)} | help_names
    shown = set(OPTION.findall(synopses))
    problems = [f"{name}: the synopsis shows {n}, which the command does not take"
                for n in sorted(shown - known)]
    for option in options:
        names = [*option.opts, *option.secondary_opts]
        problems += [f"{name}: the synopsis lacks {n}" for n in names
                     if n not in shown and not option.hidden]
        long = [n for n in names if n.startswith("--")] or names
        if not option.hidden and not any(mentions(explanations, n) for n in long):
            problems.append(f"{name}: {'/'.join(long)} is explained neither in its entries "
                            "nor in the section's opening paragraph")
    by_name = {n: o for o in options for n in o.opts}
    for option_name, values in VALUES.findall(synopses):
        option = by_name.get(option_name)
        if option is not None and isinstance(option.type, click.Choice):
            choices = {str(c) for c in option.type.choices}
            if set(values.split("|")) != choices:
                problems.append(f"{name}: the synopsis gives {option_name} {values}; the "
                                f"command takes {'|'.join(sorted(choices))}")
    return problems


INTRO, ENTRIES = commands_section(README.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_synopsis_matches_the_command(name: str) -> None:
    assert name in ENTRIES, f"README.md, section Commands: no synopsis of 'skill-catalog {name}'"
    command = cli.commands[name]
    if isinstance(command, click.Group):  # a synopsis names the subcommand it shows
        [sub] = {e.synopsis.split()[2] for e in ENTRIES[name]}
        command = command.commands[sub]
    problems = synopsis_problems(command, ENTRIES[name], INTRO)
    assert not problems, "README.md, section Commands:\n" + "\n".join(problems)


def test_every_synopsis_is_of_a_command() -> None:
    assert sorted(set(ENTRIES) - set(cli.commands)) == []


# The check itself, on a command made up for it: each kind of drift is reported.

@click.command()
@click.option("-f", "--format", "fmt", type=click.Choice(["text", "json"]))
@click.option("--strict/--lenient", default=False)
@click.option("-o", "--output")
@click.option("--secret", hidden=True)
def made_up() -> None:
    """A command for the checker's own tests."""


GOOD = Entry("skill-catalog made-up [-f/--format text|json] [--strict/--lenient] [-o/--output F]",
             ": With `--strict`, ... `--output` writes to F.")


def test_a_faithful_synopsis_passes() -> None:
    assert synopsis_problems(made_up, [GOOD], "`--format` picks the output's shape.") == []
    assert synopsis_problems(made_up, [dc.replace(GOOD, synopsis=GOOD.synopsis + " [-h/--help]")],
                             "`--format`") == []


def test_a_command_of_two_forms_is_held_to_both_synopses_together() -> None:
    forms = [Entry("skill-catalog made-up [-f/--format text|json] [--strict/--lenient]",
                   ": Checks; `--strict` fails on warnings."),
             Entry("skill-catalog made-up -o/--output F", ": Writes to F (`--output`).")]
    assert synopsis_problems(made_up, forms, "`--format`") == []
    assert synopsis_problems(made_up, forms[:1], "`--format`") == [
        "made-up: the synopsis lacks -o", "made-up: the synopsis lacks --output",
        "made-up: --output is explained neither in its entries nor in the section's opening "
        "paragraph"]


@pytest.mark.parametrize(("synopsis", "explanation", "problem"), [
    (GOOD.synopsis.replace("[-o/--output F]", "[--output F]"), GOOD.explanation, "lacks -o"),
    (GOOD.synopsis.replace("[-o/--output F]", ""), GOOD.explanation, "lacks --output"),
    (GOOD.synopsis.replace("/--lenient", ""), GOOD.explanation, "lacks --lenient"),
    (GOOD.synopsis + " [--quiet]", GOOD.explanation, "shows --quiet"),
    (GOOD.synopsis + " [-q]", GOOD.explanation, "shows -q"),
    (GOOD.synopsis.replace("text|json", "text|json|xml"), GOOD.explanation, "takes json|text"),
    (GOOD.synopsis.replace("text|json", "text"), GOOD.explanation, None),  # one value: a metavar
    (GOOD.synopsis, GOOD.explanation.replace("`--strict`", "strict"), "--strict/--lenient is"),
])
def test_drift_is_reported(synopsis: str, explanation: str, problem: str | None) -> None:
    problems = synopsis_problems(made_up, [Entry(synopsis, explanation)], "`--format`")
    if problem is None:
        assert problems == []
    else:
        assert [p for p in problems if problem in p], problems


def test_the_readme_parser_finds_entries() -> None:
    intro, entries = commands_section(
        "# x\n\n## Commands\n\nShared: `-c/--config FILE`.\n\n"
        "`skill-catalog a [-x]`\n: Does a; `-x` too.\n  More on a.\n"
        "`skill-catalog a -y`\n: Does a otherwise.\n\n"
        "`skill-catalog b`\n: Does b.\n\n## Next\n\n`skill-catalog c`\n: Not a command entry.\n")
    assert "--config" in intro
    assert entries == {"a": [Entry("skill-catalog a [-x]", ": Does a; `-x` too.\n  More on a."),
                             Entry("skill-catalog a -y", ": Does a otherwise.")],
                       "b": [Entry("skill-catalog b", ": Does b.")]}


def _set_up_section(readme: str) -> str:
    start = readme.index("\n## Set up\n")
    return readme[start:readme.index("\n## ", start + 1)]


def test_the_set_up_build_does_what_the_readme_says(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's first command, run as it is written (its ``skill-catalog`` part, from the
    repository's top folder, the output moved to a temporary folder): it writes the site and
    exits with the status the README gives, and the skills the README calls invalid are
    exactly the example's invalid ones (by folder)."""
    section = _set_up_section(README.read_text(encoding="utf-8"))
    command = re.search(r"```sh\n(.+?)\n```", section, re.S)
    assert command is not None
    words = shlex.split(command.group(1).split("&&")[-1])
    assert words[0].endswith("skill-catalog"), words
    args = words[1:]
    args[args.index("-o") + 1] = str(tmp_path / "site")
    stated = re.search(r"exits with status (\d)", section)
    assert stated is not None, "README.md, Set up: say the build's exit status"
    monkeypatch.chdir(REPO)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == int(stated.group(1)), result.output
    assert (tmp_path / "site" / "index.html").is_file()
    library = skill_catalog.load([REPO / "site-example" / "skills"])
    invalid = sorted(s.dir.name for s in library if not s.valid)
    assert invalid == sorted(re.findall(r"invalid skill, `([\w-]+)`", section))
    valid = sum(s.valid for s in library)
    assert f"the {valid} valid skills" in " ".join(section.split())
