"""Incremental builds: reuse the previous site's pages of every skill that did not change.

The site's marker file (``.skill-catalog-site``) records, for the build that wrote it, a global
key (package version, templates and theme, configuration, site-wide counts) and per skill a key
over everything its pages show (the content of every file, diagnostics,
the tool verdicts and install rows, ...), the files written under ``skills/<slug>/`` and the
notes met. When the global key and a skill's key match, that skill's files are hard-linked from
the previous site instead of being rendered again; anything else is rendered, so a changed
template, config or package version can never leave a stale page.
"""

from __future__ import annotations

import dataclasses as dc
import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skill_catalog import __version__
from skill_catalog.model import Diagnostic, Severity
from skill_catalog.safe_fs import sha256_file
from skill_catalog.site.output import MARKER, OutputError
from skill_catalog.site.templates import asset_files, templates_dir

if TYPE_CHECKING:
    from skill_catalog.site.context import SiteSkill
    from skill_catalog.site.pages import PageWriter

FORMAT = 1


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _tree_digest(folder: Path | None) -> list[tuple[str, str]]:
    if folder is None or not folder.is_dir():
        return []
    return [(p.relative_to(folder).as_posix(), hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()]


def global_key(writer: PageWriter, theme: Path | None) -> str:
    from skill_catalog.config import effective_config

    config = writer.ctx.config
    return _digest({
        "format": FORMAT,
        "version": __version__,
        "templates": _tree_digest(templates_dir()),
        "theme": _tree_digest(theme),
        "assets": sorted(asset_files(theme)),
        "config": effective_config(config),
        "site": writer.views.site,
        "counts": writer.views.counts,
    })


def skill_key(writer: PageWriter, site_skill: SiteSkill) -> str:
    skill = site_skill.skill
    files = []
    for item in skill.files:
        try:
            files.append((item.relpath, sha256_file(skill.dir / item.relpath), item.executable))
        except OSError:
            files.append((item.relpath, "unreadable", False))
    return _digest({
        "slug": site_skill.slug,
        "url": site_skill.url,
        "body": hashlib.sha256(skill.body.encode("utf-8", "surrogatepass")).hexdigest(),
        "frontmatter": skill.frontmatter,
        "files": files,
        "view": writer.views.skill_key_view(site_skill),
    })


@dc.dataclass(slots=True)
class Record:
    key: str
    files: list[str]
    """Paths written for the skill, relative to the site root."""
    notes: list[list[Any]]


@dc.dataclass(slots=True)
class Reuse:
    """What the previous site offers, and what this build records for the next one."""

    previous: Path | None
    global_key: str
    old: dict[str, Record]
    new: dict[str, Record] = dc.field(default_factory=dict)

    @classmethod
    def open(cls, output: Path | None, key: str) -> Reuse:
        old: dict[str, Record] = {}
        if output is not None:
            try:
                data = json.loads((output / MARKER).read_text(encoding="utf-8"))
                if data.get("format") == FORMAT and data.get("global") == key:
                    old = {slug: Record(**record) for slug, record in data["skills"].items()}
            except (OSError, ValueError, TypeError, KeyError):
                old = {}
        return cls(output, key, old)

    def reuse(self, writer: PageWriter, site_skill: SiteSkill, key: str) -> bool:
        """Hard-link the skill's previous files into the new tree when its key matches."""
        record = self.old.get(site_skill.slug)
        if self.previous is None or record is None or record.key != key:
            return False
        prefix = f"{site_skill.url}"
        if not all(path.startswith(prefix) for path in record.files):
            return False
        sources = [self.previous / path for path in record.files]
        if not all(p.is_file() and not p.is_symlink() for p in sources):
            return False
        for path, source in zip(record.files, sources, strict=True):
            target = writer.out.root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(source, target)
            except OSError:
                import shutil

                shutil.copyfile(source, target)
        writer.out.merge(record.files)
        writer.notes.extend(_notes(record.notes))
        self.new[site_skill.slug] = record
        return True

    def record(self, site_skill: SiteSkill, key: str, files: list[str],
               notes: list[Diagnostic]) -> None:
        self.new[site_skill.slug] = Record(key, sorted(files), [
            [d.code, int(d.severity), d.message, str(d.file) if d.file else None, d.line,
             d.column] for d in notes])

    def manifest(self) -> str:
        return json.dumps({
            "note": "This folder was written by skill-catalog build.",
            "format": FORMAT,
            "global": self.global_key,
            "skills": {slug: dc.asdict(record) for slug, record in sorted(self.new.items())},
        }, sort_keys=True, indent=1) + "\n"


def _notes(rows: list[list[Any]]) -> list[Diagnostic]:
    notes = []
    for code, severity, message, file, line, column in rows:
        notes.append(Diagnostic(code, Severity(severity), message,
                                Path(file) if file else None, line, column))
    return notes


__all__ = ["OutputError", "Reuse", "global_key", "skill_key"]
