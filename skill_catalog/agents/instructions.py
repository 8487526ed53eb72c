"""The instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, ...) a tool loads, in load order.

The rules are data in each profile's ``InstructionRules``; this module evaluates any of them:
global files first, then the project folders from the walk up (farthest parent first, or the
start folder first), picking every match, the first match per folder, or every match of the
first name found anywhere. Files are only looked at (``stat``), never read.
"""

from __future__ import annotations

import dataclasses as dc
import glob
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from skill_catalog.agents.launch import Launch, expand, folders_up
from skill_catalog.agents.tool_profile import InstructionRules, Profile

_MAX_MATCHES = 1_000
"""Cap on the files one ``**`` pattern may contribute (a runaway rules folder)."""


@dc.dataclass(slots=True, frozen=True)
class InstructionFile:
    path: Path
    scope: str
    """``global``/``personal``/``managed`` for files outside the project, else ``project``."""


def _is_file(path: Path, skip_empty: bool) -> bool:
    try:
        st = path.stat()
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and not (skip_empty and st.st_size == 0)


def _matches(pattern: Path, skip_empty: bool) -> Iterator[Path]:
    """The regular files ``pattern`` names: itself, or its ``*``/``**`` matches sorted."""
    text = str(pattern)
    if not glob.has_magic(text):
        if _is_file(pattern, skip_empty):
            yield pattern
        return
    start = _magic_start(text)
    found = sorted(glob.iglob(glob.escape(text[:start]) + text[start:], recursive=True,
                              include_hidden=True))
    for name in found[:_MAX_MATCHES]:
        if _is_file(Path(name), skip_empty):
            yield Path(name)


def _magic_start(text: str) -> int:
    """Where the pattern part of ``text`` begins (the folder before it is taken literally)."""
    first = min(text.index(c) for c in "*?[" if c in text)
    return text.rfind(os.sep, 0, first) + 1


def _global_files(rules: InstructionRules, launch: Launch) -> list[InstructionFile]:
    files: list[InstructionFile] = []
    for root in rules.global_files:
        if any(launch.env.get(name) for name in root.unless_env):
            continue
        path = expand(root.template, launch)
        if path is None:
            continue
        found = [InstructionFile(p, root.scope) for p in _matches(path, rules.skip_empty)]
        files.extend(found)
        if found and rules.global_pick == "first":
            break
    return files


def _project_files(rules: InstructionRules, launch: Launch) -> list[InstructionFile]:
    folders = folders_up(launch.cwd, rules.walk_up, rules.no_git)
    if rules.order == "root-first":
        folders.reverse()
    if rules.pick == "first-name-anywhere":
        for name in rules.names:
            found = [p for folder in folders for p in _matches(folder / name, rules.skip_empty)]
            if found:
                return [InstructionFile(p, "project") for p in found]
        return []
    files: list[InstructionFile] = []
    claimed: set[str] = set()
    for folder in folders:
        for name in rules.names:
            candidate = folder / name
            if rules.casefold_paths:
                key = str(candidate).lower()
                if key in claimed:
                    continue
                claimed.add(key)
            found = list(_matches(candidate, rules.skip_empty))
            files.extend(InstructionFile(p, "project") for p in found)
            if found and rules.pick == "first-per-folder":
                break
    return files


def instruction_files(profile: Profile, launch: Launch) -> list[InstructionFile]:
    """The instruction files ``profile``'s tool loads when started as ``launch`` says, in the
    order it loads them (later files are more specific); each file once."""
    rules = profile.instructions
    if any(launch.env.get(name) for name in rules.unless_env):
        return []
    files = [*_global_files(rules, launch), *_project_files(rules, launch)]
    seen: set[Path] = set()
    unique: list[InstructionFile] = []
    for item in files:
        if item.path not in seen:
            seen.add(item.path)
            unique.append(item)
    return unique
