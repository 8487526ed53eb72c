"""``files``: a skill's scripts, references, assets and other files, grouped, with sizes."""

from __future__ import annotations

import dataclasses as dc
from pathlib import Path
from typing import Any

from skill_catalog.display import human
from skill_catalog.display.escape import printable
from skill_catalog.model import FileCategory, Skill, SkillFile
from skill_catalog.skill_access.access import inside

GROUPS: tuple[FileCategory, ...] = ("scripts", "references", "assets", "other")


@dc.dataclass(slots=True, frozen=True)
class SkillFiles:
    """The files of one skill (SKILL.md aside), by group, in path order."""

    name: str
    dir: Path
    groups: dict[str, tuple[SkillFile, ...]]
    truncated: bool = False
    """True when the folder held more files than the inventory lists."""

    @property
    def files(self) -> list[SkillFile]:
        return [f for group in GROUPS for f in self.groups.get(group, ())]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "dir": str(self.dir),
            "truncated": self.truncated,
            "files": {
                group: [{"path": f.relpath, "size": f.size, "text": f.is_text,
                         "executable": f.executable} for f in self.groups.get(group, ())]
                for group in GROUPS
            },
        }


def resources(skill: Skill) -> list[SkillFile]:
    """Every file of ``skill`` except SKILL.md, inside its folder, in path order."""
    return [f for f in skill.files if f.category != "skill_md" and inside(skill, f.relpath)]


def list_files(skill: Skill) -> SkillFiles:
    found = resources(skill)
    groups: dict[str, tuple[SkillFile, ...]] = {
        group: tuple(f for f in found if f.category == group) for group in GROUPS}
    return SkillFiles(skill.key, skill.dir, groups, skill.files_truncated)


def files_text(listing: SkillFiles) -> str:
    """The listing for people: one heading per non-empty group, one file a line."""
    lines = [f"{printable(listing.name)}: {printable(str(listing.dir))}"]
    for group in GROUPS:
        files = listing.groups.get(group, ())
        if not files:
            continue
        total = sum(f.size for f in files)
        lines.append(f"{group}/ ({len(files)} {'file' if len(files) == 1 else 'files'}, "
                     f"{human.size(total)})")
        names = [printable(f.relpath) for f in files]
        width = max(len(name) for name in names)
        for f, shown in zip(files, names, strict=True):
            traits = [t for t, on in (("binary", not f.is_text),
                                      ("executable", f.executable)) if on]
            suffix = f"  {', '.join(traits)}" if traits else ""
            lines.append(f"  {shown.ljust(width)}  {human.size(f.size):>10}{suffix}")
    if len(lines) == 1:
        lines.append("(no files besides SKILL.md)")
    if listing.truncated:
        lines.append("(more files than the inventory limit; not all are listed)")
    return "\n".join(lines) + "\n"
