"""Tool views as text and JSON: one tool's view, the skill x tool matrix, instruction files.

The JSON keys are stable (scripts read them): a view is ``{"tool", "skills": [{"name", "path",
"scope"}], "shadowed": [{"name", "path", "by", "reason"}], "rejected": [{"path", "reason"}]}``
plus ``roots``; for a tool whose listing was observed each skill also has ``listed`` (and
``not_listed``, the reason, when the tool keeps it out of the model's listing); the matrix is
``{"tools": [...], "skills": [{"name", "path", "seen_by": {tool: status}}]}``.
"""

from __future__ import annotations

import dataclasses as dc
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from skill_catalog.discovery.agent_view import SkillCache, Status, ToolView
from skill_catalog.discovery.instructions import InstructionFile
from skill_catalog.discovery.walk import is_within
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
    home = f" with home {launch.home}" if launch.home is not None else " without a home folder"
    out = [f"{view.profile.title} ({view.profile.name}), started in {launch.cwd}{home}: "
           f"{len(data['skills'])} loaded, {len(data['shadowed'])} shadowed, "
           f"{len(data['rejected'])} rejected"]
    if data["skills"]:
        width = max(len(s["name"]) for s in data["skills"])
        scope_width = max(len(s["scope"]) for s in data["skills"])
        out += ["", "Loaded:"]
        out += [f"  {s['name']:<{width}}  {s['scope']:<{scope_width}}  {s['path']}"
                + (f"  (not in the model's listing: {s['not_listed']})"
                   if s.get("listed") is False else "")
                for s in data["skills"]]
    if data["shadowed"]:
        out += ["", "Shadowed:"]
        for s in data["shadowed"]:
            out += [f"  {s['name']}  {s['path']}", f"      {s['reason']}"]
    if data["rejected"]:
        out += ["", "Rejected:"]
        for r in data["rejected"]:
            out += [f"  {r['path']}", f"      {r['reason']}"]
    out += ["", "Folders searched, in order (- missing):"]
    width = max((len(r.scope) for r in view.roots), default=0)
    for root in view.roots:
        mark = " " if root.path.is_dir() else "-"
        note = f"  (not read: {root.skipped})" if root.skipped else ""
        out.append(f"  {mark} {root.scope:<{width}}  {root.path}{note}")
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


def matrix_text(tools: Sequence[str], rows: Sequence[MatrixRow]) -> str:
    legend = ", ".join(f"{symbol} {status}" for status, symbol in _SYMBOLS.items())
    if not rows:
        return f"no skill found by any tool ({', '.join(tools)})\n"
    name_width = max(4, *(len(r.name) for r in rows))
    header = f"{'name':<{name_width}}  " + "  ".join(tools) + "  path"
    out = [header]
    for row in rows:
        cells = "  ".join(f"{_SYMBOLS[row.seen_by[t]]:^{len(t)}}" for t in tools)
        out.append(f"{row.name:<{name_width}}  {cells}  {row.path}")
    return "\n".join([*out, "", legend]) + "\n"


def library_json(skills: Sequence[Skill]) -> dict[str, Any]:
    return {"skills": [{"name": s.key, "path": str(s.dir), "valid": s.valid} for s in skills]}


def library_text(skills: Sequence[Skill]) -> str:
    if not skills:
        return "no skills found\n"
    width = max(len(s.key) for s in skills)
    lines = [f"{s.key:<{width}}  {'valid  ' if s.valid else 'invalid'}  {s.dir}" for s in skills]
    valid = sum(s.valid for s in skills)
    return "\n".join([*lines, "", f"{len(skills)} skills, {valid} valid"]) + "\n"


def instructions_json(tool: str, files: Sequence[InstructionFile]) -> dict[str, Any]:
    return {"tool": tool, "files": [{"path": str(f.path), "scope": f.scope} for f in files]}


def instructions_text(title: str, files: Sequence[InstructionFile]) -> str:
    if not files:
        return f"{title} loads no instruction file here\n"
    width = max(len(f.scope) for f in files)
    lines = [f"{i:>2}. {f.scope:<{width}}  {f.path}" for i, f in enumerate(files, start=1)]
    return "\n".join([f"{title} loads, in this order:", *lines]) + "\n"


def dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
