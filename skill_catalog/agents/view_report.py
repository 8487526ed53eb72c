"""Tool views as text and JSON: one tool's view, the skill x tool matrix, instruction files.

The JSON keys are stable (scripts read them): a view is ``{"tool", "skills": [{"name", "path",
"scope"}], "shadowed": [{"name", "path", "by", "reason"}], "rejected": [{"path", "reason"}]}``
plus ``roots``; for a tool whose listing was observed each skill also has ``listed`` (and
``not_listed``, the reason, when the tool keeps it out of the model's listing); the matrix is
``{"tools": [...], "skills": [{"name", "path", "seen_by": {tool: status}}]}``.
The text forms escape every name, path and reason they quote
(:func:`~skill_catalog.display.escape.printable`); the matrix fits in :data:`WIDTH` columns.
"""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from skill_catalog.agents.agent_view import SkillCache, Status, ToolView
from skill_catalog.agents.instructions import InstructionFile
from skill_catalog.display.escape import json_text, printable
from skill_catalog.display.human import count
from skill_catalog.display.paths import as_given
from skill_catalog.fs.walk import is_within
from skill_catalog.model import Skill

_SYMBOLS: dict[Status, str] = {"loaded": "L", "shadowed": "S", "rejected": "R", "absent": "."}


def _under(path: Path, within: Sequence[Path]) -> bool:
    """True when ``within`` is empty or ``path`` lies below one of its folders."""
    if not within:
        return True
    lexical, real = str(path.absolute()), os.path.realpath(path)
    return any(is_within(lexical, str(w.absolute())) or is_within(real, os.path.realpath(w))
               for w in within)


def _listing(view: ToolView, skill_md: Path) -> dict[str, Any]:
    """For a tool whose listing was observed: whether the skill is in the model's listing."""
    if not view.readings:
        return {}
    reason = view.unlisted(skill_md)
    return {"listed": True} if reason is None else {"listed": False, "not_listed": reason}


def view_json(view: ToolView, within: Sequence[Path] = ()) -> dict[str, Any]:
    return {
        "tool": view.profile.name,
        "skills": [{"name": s.name, "path": str(s.path), "scope": s.scope,
                    **_listing(view, s.skill_md)}
                   for s in view.skills if _under(s.path, within)],
        "shadowed": [{"name": s.name, "path": str(s.path), "by": str(s.by), "reason": s.reason}
                     for s in view.shadowed if _under(s.path, within)],
        "rejected": [{"path": str(r.path), "reason": r.reason}
                     for r in view.rejected if _under(r.path, within)],
        "roots": [{"path": str(r.path), "scope": r.scope, "exists": r.path.is_dir(),
                   **({"skipped": r.skipped} if r.skipped else {})} for r in view.roots],
    }


def view_text(view: ToolView, within: Sequence[Path] = ()) -> str:
    data = view_json(view, within)
    launch = view.launch
    home = (f" with home {printable(str(launch.home))}" if launch.home is not None
            else " without a home folder")
    out = [f"{view.profile.title} ({view.profile.name}), started in "
           f"{printable(str(launch.cwd))}{home}: "
           f"{len(data['skills'])} loaded, {len(data['shadowed'])} shadowed, "
           f"{len(data['rejected'])} rejected"]
    if data["skills"]:
        names = [printable(s["name"]) for s in data["skills"]]
        width = max(len(name) for name in names)
        scope_width = max(len(s["scope"]) for s in data["skills"])
        out += ["", "Loaded:"]
        out += [f"  {name:<{width}}  {s['scope']:<{scope_width}}  {printable(s['path'])}"
                + (f"  (not in the model's listing: {printable(s['not_listed'])})"
                   if s.get("listed") is False else "")
                for name, s in zip(names, data["skills"], strict=True)]
    if data["shadowed"]:
        out += ["", "Shadowed:"]
        for s in data["shadowed"]:
            out += [f"  {printable(s['name'])}  {printable(s['path'])}",
                    f"      {printable(s['reason'])}"]
    if data["rejected"]:
        out += ["", "Rejected:"]
        for r in data["rejected"]:
            out += [f"  {printable(r['path'])}", f"      {printable(r['reason'])}"]
    out += ["", "Folders searched, in order (- missing):"]
    width = max((len(r.scope) for r in view.roots), default=0)
    for root in view.roots:
        mark = " " if root.path.is_dir() else "-"
        note = f"  (not read: {printable(root.skipped)})" if root.skipped else ""
        out.append(f"  {mark} {root.scope:<{width}}  {printable(str(root.path))}{note}")
    return "\n".join(out) + "\n"


@dc.dataclass(slots=True, frozen=True)
class MatrixRow:
    name: str
    path: Path
    seen_by: dict[str, Status]


def matrix(views: Mapping[str, ToolView], cache: SkillCache, within: Sequence[Path] = (),
           library: Iterable[Skill] = ()) -> list[MatrixRow]:
    """One row per skill file any tool found (loaded, shadowed or rejected), and per skill of
    ``library`` (the skills under PATHS, found by no tool or not)."""
    found: dict[str, Path] = {}
    names: dict[Path, str] = {}
    for skill in library:
        found.setdefault(os.path.realpath(skill.skill_md), skill.skill_md)
        names[skill.skill_md] = skill.key
    for view in views.values():
        items: Iterable[Any] = (*view.skills, *view.shadowed, *view.rejected)
        for item in items:
            found.setdefault(os.path.realpath(item.skill_md), item.skill_md)
    for skill_md, parsed in cache.items():
        names.setdefault(skill_md, parsed.key)
    rows: list[MatrixRow] = []
    for skill_md in found.values():
        if not _under(skill_md.parent, within):
            continue
        name = names.get(skill_md, skill_md.parent.name)
        seen = {tool: view.find(skill_md)[0] for tool, view in views.items()}
        rows.append(MatrixRow(name, skill_md.parent, seen))
    rows.sort(key=lambda r: (r.name.casefold(), str(r.path)))
    return rows


def matrix_json(tools: Sequence[str], rows: Sequence[MatrixRow]) -> dict[str, Any]:
    return {"tools": list(tools),
            "skills": [{"name": r.name, "path": str(r.path), "seen_by": r.seen_by}
                       for r in rows]}


WIDTH = 100
"""Columns the skill x tool matrix fits in: tools get two-letter abbreviations (with a legend),
and a long name or path is shortened with an ellipsis (``--format json`` has them whole)."""


def abbreviations(tools: Sequence[str]) -> dict[str, str]:
    """A distinct two-character column heading per tool: the initials of a hyphenated name
    (``claude-code``: ``cc``), else its first letter and the first later one still free."""
    short: dict[str, str] = {}
    for tool in tools:
        letters = [c for c in tool.lower() if c.isalnum()] or ["x"]
        parts = [p for p in tool.lower().split("-") if p]
        candidates = [parts[0][0] + parts[1][0]] if len(parts) > 1 else []
        candidates += [letters[0] + c for c in letters[1:]]
        candidates += [letters[0] + str(i) for i in range(10)]
        short[tool] = next((c for c in candidates if c not in short.values()), tool[:2])
    return short


def _fit(text: str, width: int, *, keep_end: bool = False) -> str:
    if len(text) <= width:
        return text
    if width <= 1:
        return text[:width]
    return "\u2026" + text[-(width - 1):] if keep_end else text[: width - 1] + "\u2026"


def matrix_text(tools: Sequence[str], rows: Sequence[MatrixRow], width: int = WIDTH) -> str:
    if not rows:
        return f"no skill found by any tool ({', '.join(tools)})\n"
    short = abbreviations(tools)
    names = [printable(r.name) for r in rows]
    paths = [printable(display_path(r.path)) for r in rows]
    cells_width = 3 * len(tools)
    name_width = min(max(4, *(len(n) for n in names)), max(12, (width - cells_width) // 3))
    path_width = max(8, width - name_width - 2 - cells_width - 1)
    out = [f"{'name':<{name_width}}  " + " ".join(short[t] for t in tools) + "  path"]
    for row, name, path in zip(rows, names, paths, strict=True):
        cells = " ".join(f"{_SYMBOLS[row.seen_by[t]]:^2}" for t in tools)
        out.append(f"{_fit(name, name_width):<{name_width}}  {cells}  "
                   f"{_fit(path, path_width, keep_end=True)}".rstrip())
    out += ["", *_wrap(f"{symbol} {status}" for status, symbol in _SYMBOLS.items())]
    out += _wrap(f"{short[t]} {t}" for t in tools)
    return "\n".join(out) + "\n"


def _wrap(items: Iterable[str], width: int = WIDTH) -> list[str]:
    """``items`` joined by ``, `` in lines of at most ``width`` columns."""
    lines: list[str] = []
    line = ""
    for item in items:
        candidate = f"{line}, {item}" if line else item
        if line and len(candidate) > width:
            lines.append(line + ",")
            line = item
        else:
            line = candidate
    return [*lines, line] if line else lines


def display_path(path: Path) -> str:
    """A matrix row's folder: relative to the current folder when below it, else as it is."""
    try:
        return path.relative_to(Path.cwd()).as_posix() or "."
    except ValueError:
        return str(path)


def library_json(skills: Sequence[Skill], roots: Sequence[Path] = ()) -> dict[str, Any]:
    """The skills of a library, each path as given (:func:`as_given`, below ``roots``)."""
    return {"skills": [{"name": s.key, "path": as_given(s.dir, roots), "valid": s.valid}
                       for s in skills]}


def library_text(skills: Sequence[Skill], roots: Sequence[Path] = ()) -> str:
    if not skills:
        return "no skills found\n"
    names = [printable(s.key) for s in skills]
    width = max(len(name) for name in names)
    lines = [f"{name:<{width}}  {'valid  ' if s.valid else 'invalid'}  "
             f"{printable(as_given(s.dir, roots))}"
             for name, s in zip(names, skills, strict=True)]
    valid = sum(s.valid for s in skills)
    return "\n".join([*lines, "", f"{count(len(skills), 'skill')}, {valid} valid"]) + "\n"


def instructions_json(tool: str, files: Sequence[InstructionFile]) -> dict[str, Any]:
    return {"tool": tool, "files": [{"path": str(f.path), "scope": f.scope} for f in files]}


def instructions_text(title: str, files: Sequence[InstructionFile]) -> str:
    if not files:
        return f"{title} loads no instruction file here\n"
    width = max(len(f.scope) for f in files)
    lines = [f"{i:>2}. {f.scope:<{width}}  {printable(str(f.path))}"
             for i, f in enumerate(files, start=1)]
    return "\n".join([f"{title} loads, in this order:", *lines]) + "\n"


def dumps(data: Mapping[str, Any]) -> str:
    return json_text(data)
