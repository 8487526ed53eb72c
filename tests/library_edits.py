"""A small library of linked skills and the edits a library goes through, each given a number
to choose its target with (the rebuild and watched-load sequences draw them with Hypothesis):
bodies, names, files, folders, links between skills, a second root, a theme, and the awkward
ones (links out of the library, a site marker planted inside a skill, the same name twice,
bytes changed with size and time kept)."""

from __future__ import annotations

import os
import re
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

from tests.helpers.libraries import PNG, write_skill


def make_library(base: Path) -> tuple[Path, Path]:
    """Two roots: a library of five skills that link to each other, and an empty second root."""
    first, second = base / "lib", base / "more"
    second.mkdir(parents=True)
    write_skill(first, "csv-report", """
        name: csv-report
        description: Summarise a CSV file as a short report. Use when given tabular data.
        license: MIT
        metadata:
          category: data
        """, body=("# CSV report\n\nRun [the script](scripts/summary.py), then read "
                   "[the notes](references/notes.md#columns).\n\n| a | b |\n|---|---|\n"
                   "| 1 | 2 |\n\n- [x] load\n- [ ] chart\n"),
        files={"scripts/summary.py": "#!/usr/bin/env python3\nprint('summary')\n",
               "references/notes.md": "# Notes\n\n## Columns\n\n[Back](../SKILL.md).\n",
               "assets/logo.png": PNG})
    write_skill(first, "meeting-minutes", body=(
        "# Minutes\n\nSee [the CSV skill](../csv-report/SKILL.md) for tables.\n"))
    write_skill(first, "ticket-triage", """
        name: ticket-triage
        description: Sort incoming tickets by urgency. Use when the queue is long.
        allowed-tools: Read Grep
        """, files={"references/labels.md": "# Labels\n\n- bug\n- feature\n"})
    write_skill(first, "group/nested-parent", files={"references/a.md": "# A\n"})
    write_skill(first, "Bad_Name", "name: Bad_Name\ndescription: Invalid on purpose.")
    return first, second


class Edits:
    """The edits, each given a number to choose its target with (Hypothesis draws it)."""

    def __init__(self, base: Path, first: Path, second: Path) -> None:
        self.base, self.first, self.second = base, first, second
        self.theme = base / "theme"
        self.theme.mkdir()

    def skills(self) -> list[Path]:
        return sorted(p.parent for root in (self.first, self.second)
                      for p in root.rglob("SKILL.md"))

    def files(self) -> list[Path]:
        return sorted(p for root in (self.first, self.second) for p in root.rglob("*")
                      if p.is_file() and not p.is_symlink())

    def skill(self, n: int) -> Path:
        skills = self.skills()
        return skills[n % len(skills)]

    def file(self, n: int, *, skill_md: bool = True) -> Path | None:
        files = [f for f in self.files() if skill_md or f.name != "SKILL.md"]
        return files[n % len(files)] if files else None

    @staticmethod
    def _append(path: Path, text: str) -> None:
        with path.open("a", encoding="utf-8") as handle:
            handle.write(text)

    @staticmethod
    def _edit(path: Path, edit: Callable[[str], str]) -> None:
        path.write_text(edit(path.read_text(encoding="utf-8", errors="replace")),
                        encoding="utf-8")

    # --- one method per edit; ``n`` picks the target --------------------------------------

    def body_appended(self, n: int) -> None:
        self._append(self.skill(n) / "SKILL.md", f"\nMore text, number {n}.\n")

    def heading_added(self, n: int) -> None:
        self._append(self.skill(n) / "SKILL.md", f"\n## Added {n % 3}\n\nText.\n")

    def body_made_long(self, n: int) -> None:
        self._append(self.skill(n) / "SKILL.md", "\nline\n" * 260)

    def link_to_another_skill(self, n: int) -> None:
        source, other = self.skill(n), self.skill(n // 7 + 1)
        target = self.file(n // 3) or other / "SKILL.md"
        self._append(source / "SKILL.md", f"\nSee [this]({os.path.relpath(target, source)}) and"
                     f" [that]({os.path.relpath(other, source)}/).\n")

    def link_to_a_missing_file(self, n: int) -> None:
        self._append(self.skill(n) / "SKILL.md", f"\nSee [later](references/later{n % 2}.md).\n")

    def linked_file_created(self, n: int) -> None:
        path = self.skill(n) / "references" / f"later{n % 2}.md"
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"# Later {n}\n\n[Up](../SKILL.md)\n", encoding="utf-8")

    def description_changed(self, n: int) -> None:
        self._edit(self.skill(n) / "SKILL.md",
                   lambda t: t.replace("description: ", f"description: Now {n}. ", 1))

    def name_taken_from_another(self, n: int) -> None:
        other = self.skill(n // 5 + 1).name.lower()
        self._edit(self.skill(n) / "SKILL.md",
                   lambda t: re.sub(r"(?m)^name:.*$", f"name: {other}", t, count=1))

    def metadata_added(self, n: int) -> None:
        self._edit(self.skill(n) / "SKILL.md", lambda t: t.replace(
            "---\n", f"---\nmetadata:\n  category: c{n % 3}\n", 1))

    def frontmatter_broken(self, n: int) -> None:
        self._edit(self.skill(n) / "SKILL.md", lambda t: t.replace("---\n", "---\n: [\n", 1))

    def line_endings_crlf(self, n: int) -> None:
        path = self.skill(n) / "SKILL.md"
        path.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))

    def skill_renamed(self, n: int) -> None:
        skill = self.skill(n)
        skill.rename(skill.with_name(f"{skill.name}-{n % 10}"))

    def skill_removed(self, n: int) -> None:
        if len(self.skills()) > 2:
            shutil.rmtree(self.skill(n))

    def skill_copied(self, n: int) -> None:
        skill = self.skill(n)
        copy = skill.with_name(f"{skill.name}-copy")
        if not copy.exists():
            shutil.copytree(skill, copy, symlinks=True)

    def skill_moved_to_the_second_root(self, n: int) -> None:
        skill = self.skill(n)
        if not (self.second / skill.name).exists():
            shutil.move(skill, self.second / skill.name)

    def skill_copied_to_the_second_root(self, n: int) -> None:
        skill = self.skill(n)  # the first root's copy wins: the same SKILL.md is listed once
        if not (self.second / skill.name).exists():
            shutil.copytree(skill, self.second / skill.name, symlinks=True)

    def nested_skill_added(self, n: int) -> None:
        write_skill(self.skill(n) / "references", f"inner-{n % 2}")

    def file_removed(self, n: int) -> None:
        path = self.file(n, skill_md=False)
        if path is not None:
            path.unlink()

    def binary_added(self, n: int) -> None:
        path = self.skill(n) / "assets" / f"blob{n % 2}.bin"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(bytes([n % 256, 0, 255, 1]) * 8)

    def mode_flipped(self, n: int) -> None:
        path = self.file(n)
        if path is not None:
            path.chmod(path.stat().st_mode ^ 0o111)

    def touched(self, n: int) -> None:
        path = self.file(n)
        if path is not None:
            os.utime(path)

    def bytes_changed_size_and_time_kept(self, n: int) -> None:
        path = self.file(n)
        if path is None or not path.stat().st_size:
            return
        before = path.stat()
        data = bytearray(path.read_bytes())
        data[0] = ord("A") if data[0] != ord("A") else ord("B")
        path.write_bytes(bytes(data))
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))

    def names_differing_in_case(self, n: int) -> None:
        folder = self.skill(n) / "references"
        folder.mkdir(exist_ok=True)
        (folder / "Case.md").write_text("# Upper\n", encoding="utf-8")
        (folder / "case.md").write_text("# lower\n", encoding="utf-8")

    def file_in_a_skipped_folder(self, n: int) -> None:
        folder = self.skill(n) / "node_modules"
        folder.mkdir(exist_ok=True)
        (folder / "x.js").write_text(f"// {n}\n", encoding="utf-8")

    def link_inside_the_library(self, n: int) -> None:
        link, target = self.skill(n) / f"link{n % 2}.md", self.file(n // 3)
        if target is not None and not link.is_symlink() and not link.exists():
            link.symlink_to(target)

    def link_out_of_the_library(self, n: int) -> None:
        link = self.skill(n) / "outside.md"
        if not link.is_symlink():
            secret = self.base / "secret.txt"
            secret.write_text("outside the roots\n", encoding="utf-8")
            link.symlink_to(secret)

    def site_marker_planted(self, n: int) -> None:
        folder = self.skill(n) / "references"
        folder.mkdir(exist_ok=True)
        (folder / ".skill-catalog-site").write_text("", encoding="utf-8")

    def agents_md_written(self, n: int) -> None:
        (self.first / "AGENTS.md").write_text(f"# Agents {n}\n", encoding="utf-8")

    def theme_template_changed(self, n: int) -> None:
        (self.theme / "file.html").write_text(
            '{% extends "base.html" %}{% block main %}<pre>' + str(n % 3)
            + "</pre>{% endblock %}", encoding="utf-8")

    def theme_template_removed(self, n: int) -> None:
        (self.theme / "file.html").unlink(missing_ok=True)


EDIT_NAMES = sorted(name for name, value in vars(Edits).items()
                    if callable(value) and not name.startswith("_")
                    and name not in {"skills", "files", "skill", "file"})


Snapshot = dict[str, tuple[int, ...]]


def snapshot(base: Path) -> Snapshot:
    """Every path below ``base``: type, and for a file its size, times, inode and mode."""
    state: Snapshot = {}
    for folder, dirs, files in os.walk(base):
        for name in dirs + files:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            if stat.S_ISDIR(info.st_mode):
                state[path] = (stat.S_IFMT(info.st_mode),)
            else:
                state[path] = (stat.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns,
                               info.st_ctime_ns, info.st_ino, info.st_mode)
    return state


def reported(before: Snapshot, after: Snapshot, *, topmost: bool) -> set[str]:
    """The paths a watcher reports between two snapshots (``topmost``: not those inside a
    folder that appeared or went, as a rename or a copied folder is reported)."""
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    if not topmost:
        return changed
    moved = {p for p in changed if (p in before) != (p in after)}
    return {p for p in changed
            if not any(p.startswith(m + os.sep) for m in moved)}
