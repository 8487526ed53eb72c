"""``new``: a fresh skill folder that passes skills-ref and ``validate``, ready to fill in.

The SKILL.md has the name, a placeholder description that says what to write, and a body that
links every example file, so nothing is left unreferenced. ``validate --strict`` flags the
placeholder (SC214, a warning) and nothing else until the description is written. Optional
folders each get one small example file; the script is executable and starts with a shebang.
"""

from __future__ import annotations

import dataclasses as dc
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from skill_catalog.authoring.naming import NAME_RULE, name_problem, suggest_name
from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs.safe_write import write_new

DESCRIPTION_PLACEHOLDER = "TODO: say what this skill does. Use when ..."
"""Plainly a placeholder: skills-ref accepts it, and ``validate --strict`` flags it (SC214)
until it is replaced."""


class ScaffoldError(SkillCatalogError):
    """The skill cannot be created (bad name, existing folder, unknown option)."""


@dc.dataclass(slots=True, frozen=True)
class ExampleFile:
    """One optional folder's example: where it goes, what it holds, how SKILL.md points at it."""

    relpath: str
    content: str
    mention: str
    executable: bool = False


EXAMPLES: dict[str, ExampleFile] = {
    "scripts": ExampleFile(
        "scripts/example.py",
        "#!/usr/bin/env python3\n"
        '"""Example script: replace it with one the agent should run instead of writing code."""\n'
        "\n"
        "import sys\n"
        "\n"
        "\n"
        "def main() -> int:\n"
        '    print("example: " + " ".join(sys.argv[1:]))\n'
        "    return 0\n"
        "\n"
        "\n"
        'if __name__ == "__main__":\n'
        "    sys.exit(main())\n",
        "Run [scripts/example.py](scripts/example.py) with the input as arguments.",
        executable=True,
    ),
    "references": ExampleFile(
        "references/REFERENCE.md",
        "# Reference\n\nDetails the agent reads only when it needs them: formats, tables, "
        "long examples.\n",
        "Read [references/REFERENCE.md](references/REFERENCE.md) when you need the details.",
    ),
    "assets": ExampleFile(
        "assets/template.md",
        "# Template\n\nA file the skill's output starts from (a template, an image, a schema).\n",
        "Start the output from [assets/template.md](assets/template.md).",
    ),
}
"""One entry per optional folder of the spec."""


def check_name(name: str) -> None:
    """Raise :class:`ScaffoldError` explaining the naming rule when ``name`` breaks it, with a
    name to try instead when one can be made from it (one that passes every name rule)."""
    problem = name_problem(name)
    if problem:
        suggestion = suggest_name(name)
        try_it = f" (try '{suggestion}')" if suggestion and suggestion != name else ""
        raise ScaffoldError(f"invalid skill name: {problem}{try_it}; {NAME_RULE}.")


def parse_extras(values: Iterable[str]) -> tuple[str, ...]:
    """``["scripts,references", "assets"]`` -> the folder names, checked, in table order."""
    wanted = {part.strip() for value in values for part in value.split(",") if part.strip()}
    unknown = sorted(wanted - set(EXAMPLES))
    if unknown:
        raise ScaffoldError(f"unknown folder {', '.join(unknown)}: choose among "
                            f"{', '.join(EXAMPLES)}")
    return tuple(folder for folder in EXAMPLES if folder in wanted)


def skill_md(name: str, extras: Iterable[str] = ()) -> str:
    """The SKILL.md text of a new skill."""
    title = " ".join(part.capitalize() for part in name.split("-"))
    steps = [EXAMPLES[folder].mention for folder in extras]
    lines = [
        "---",
        f"name: {name}",
        f'description: "{DESCRIPTION_PLACEHOLDER}"',
        "---",
        f"# {title}",
        "",
        "TODO: the instructions an agent follows once it has chosen this skill: the steps, the",
        "decisions, the pitfalls. Keep this file short; put long details in references/.",
        "",
        "## Steps",
        "",
    ]
    numbered = ["Work out what the user needs.", *steps, "Check the result before answering."]
    lines += [f"{i}. {step}" for i, step in enumerate(numbered, 1)]
    return "\n".join(lines) + "\n"


def scaffold(name: str, parent: Path, extras: Iterable[str] = ()) -> Path:
    """Create ``parent/name`` with SKILL.md and the ``extras`` folders; return the folder.

    :raises ScaffoldError: for an invalid name, an unknown folder in ``extras``, or when
        ``parent/name`` already exists (nothing is overwritten).
    """
    check_name(name)
    chosen = parse_extras(extras)
    folder = parent / name
    if folder.exists() or folder.is_symlink():
        raise ScaffoldError(f"{folder} already exists; choose another name or remove it first")
    parent.mkdir(parents=True, exist_ok=True)
    try:
        folder.mkdir()
    except FileExistsError:
        raise ScaffoldError(f"{folder} already exists") from None
    write_new(folder / "SKILL.md", skill_md(name, chosen).encode("utf-8"))
    for extra in chosen:
        example = EXAMPLES[extra]
        target = folder / example.relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        write_new(target, example.content.encode("utf-8"))
        if example.executable:
            mode = stat.S_IMODE(os.stat(target).st_mode)
            # Executable wherever it is readable (respects the umask's choices for group/other).
            target.chmod(mode | ((mode & 0o444) >> 2))
    return folder
