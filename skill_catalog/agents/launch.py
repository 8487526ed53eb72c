"""Where an agent tool is started, and the folder templates of tool profiles evaluated there.

A profile names its folders as templates rather than code so that one evaluator serves every
tool and a test can pass a fake home and environment:

``{cwd}``
    the folder the tool is started in;
``{dir}``
    each folder of the profile's walk up from ``{cwd}`` (see :func:`folders_up`);
``{root}``
    the project root: the nearest folder at or above ``{cwd}`` holding ``.git`` (a folder, or a
    file in a worktree), else ``{cwd}``;
``{extra}``
    a folder the user configured (``skills.paths``, ``skills_paths``, ``--add-dir``);
``~``
    the home folder, at the start of the template or of a ``${VAR:-default}`` default;
``${VAR}`` / ``${VAR:-default}``
    an environment variable; an empty one counts as unset, and an unset one without a default
    means the folder does not exist for that launch (``${CRUSH_SKILLS_DIR}``).

A template starting with ``/`` (``/etc/claude-code/...``) is looked up under ``Launch.system``,
so tests can re-root system folders too.
"""

from __future__ import annotations

import dataclasses as dc
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

WalkUp = Literal["none", "git-root", "fs-root"]
"""How far up from the start folder a tool looks: not at all, to the folder holding ``.git``,
or to the filesystem root."""
NoGit = Literal["fs-root", "cwd"]
"""What a ``git-root`` walk does outside a repository: go on to ``/``, or stay in the cwd."""

PROJECT_TOKENS = ("{cwd}", "{dir}", "{root}")
_ENV = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?::-(?P<default>[^}]*))?\}")


@dc.dataclass(slots=True, frozen=True)
class Launch:
    """How a tool is started: its working folder, home, environment and filesystem root."""

    cwd: Path
    home: Path | None = None
    """None leaves every folder under ``~`` out (a checkout judged as a project alone)."""
    env: Mapping[str, str] = dc.field(default_factory=dict)
    system: Path = Path("/")
    """Where templates starting with ``/`` are looked up (tests point it at a temporary tree)."""

    @classmethod
    def current(cls, cwd: Path | None = None, home: Path | None = None) -> Launch:
        """This process's view: the real cwd, home and environment unless given."""
        return cls(
            cwd=Path(os.path.realpath(cwd or Path.cwd())),
            home=Path(home).absolute() if home is not None else Path.home(),
            env=dict(os.environ),
        )


def git_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding ``.git`` (folder, or file for worktrees)."""
    for folder in (start, *start.parents):
        if os.path.lexists(folder / ".git"):
            return folder
    return None


def folders_up(cwd: Path, walk_up: WalkUp, no_git: NoGit = "fs-root") -> list[Path]:
    """The folders a tool searches, nearest first: ``cwd``, then its parents as far as the rule
    says. A ``git-root`` walk outside any repository follows ``no_git``."""
    if walk_up == "none":
        return [cwd]
    chain = [cwd, *cwd.parents]
    if walk_up == "git-root":
        root = git_root(cwd)
        if root is not None:
            return chain[: chain.index(root) + 1]
        if no_git == "cwd":
            return [cwd]
    return chain


def is_project_template(template: str) -> bool:
    """True when the folder depends on where the tool starts rather than on home or system."""
    return any(token in template for token in PROJECT_TOKENS)


def expand(
    template: str, launch: Launch, *, folder: Path | None = None, extra: Path | None = None
) -> Path | None:
    """The absolute folder ``template`` names for ``launch``, or None when it names none (an unset
    variable without default, ``~`` without a home, ``{dir}`` or ``{extra}`` not given)."""
    text = template
    values: dict[str, Path | None] = {"{cwd}": launch.cwd, "{dir}": folder, "{extra}": extra}
    if "{root}" in text:
        values["{root}"] = git_root(launch.cwd) or launch.cwd
    for token, value in values.items():
        if token in text:
            if value is None:
                return None
            text = text.replace(token, str(value))
    missing: list[str] = []

    def variable(match: re.Match[str]) -> str:
        value = launch.env.get(match["name"], "")
        if value:
            return value
        if match["default"] is None:
            missing.append(match["name"])
            return ""
        return str(match["default"])

    text = _ENV.sub(variable, text)
    if missing:
        return None
    if text == "~" or text.startswith("~/"):
        if launch.home is None:
            return None
        text = str(launch.home) + text[1:]
    elif template.startswith("/"):
        text = str(launch.system / text.lstrip("/"))
    path = Path(text)
    return path if path.is_absolute() else launch.cwd / path


def user_path(given: str | Path, launch: Launch) -> Path | None:
    """A folder a user configured: ``~`` expanded against the launch's home, relative to cwd."""
    text = str(given)
    if text == "~" or text.startswith("~/"):
        if launch.home is None:
            return None
        text = str(launch.home) + text[1:]
    path = Path(text)
    return path if path.is_absolute() else launch.cwd / path
