"""Read one skill folder (:class:`~skill_catalog.model.SkillFolder`, as discovery found it)
into a :class:`~skill_catalog.model.Skill`."""

from __future__ import annotations

import dataclasses as dc
from pathlib import Path
from typing import Any

from skill_catalog.codes.registry import emit
from skill_catalog.fs import safe_yaml
from skill_catalog.fs.safe_fs import read_limited, read_limited_inside
from skill_catalog.model import Diagnostic, Skill, SkillFile, SkillFolder, SourceInfo
from skill_catalog.parse.encoding import DecodeProblem, decode
from skill_catalog.parse.frontmatter import SplitProblem, split
from skill_catalog.parse.inventory import HEAD_BYTES, inventory
from skill_catalog.parse.yaml_hints import explain


@dc.dataclass(slots=True, frozen=True)
class ParseLimits:
    max_skill_md_bytes: int = 32 << 20
    max_frontmatter_bytes: int = 2 << 20
    yaml_max_depth: int = 64
    yaml_max_nodes: int = 10_000
    max_files_per_skill: int = 2_000


def parse_skill(folder: SkillFolder, limits: ParseLimits, *, contained: bool = True) -> Skill:
    """The skill in ``folder``, read from its SKILL.md and files (:attr:`SkillFolder.entries`);
    problems become diagnostics, after those discovery found.

    Files are read without leaving the skill's library root
    (:func:`~skill_catalog.fs.safe_fs.open_inside`); ``contained=False`` reads SKILL.md wherever
    its path leads, as an agent tool that follows links out of its folders does (what such a
    tool would load is parsed, never published)."""
    path = folder.skill_md
    diagnostics = list(folder.diagnostics)
    skill = _Parsing(folder, diagnostics)
    entries = folder.entries
    # SKILL.md is read once: the inventory takes its first bytes from this read.
    failure: str | None = None
    try:
        if contained:
            data, truncated = read_limited_inside(folder.root, path, limits.max_skill_md_bytes)
        else:
            data, truncated = read_limited(path, limits.max_skill_md_bytes)
    except OSError as exc:
        data, truncated, failure = b"", False, exc.strerror or str(exc)
    heads = None
    if failure is None and (not truncated or len(data) >= HEAD_BYTES):
        heads = {str(path): data[:HEAD_BYTES]}
    unreadable: list[tuple[Path, str]] = []
    skill.files, skill.files_truncated = inventory(folder.dir, entries, limits.max_files_per_skill,
                                                   unreadable, heads, root=folder.root)
    for file, reason in unreadable:
        if file != path:  # SKILL.md itself is reported below, once
            diagnostics.append(emit(
                "SC036", f"cannot be read ({reason}); check its permissions", file=file))
    if skill.files_truncated:
        diagnostics.append(emit(
            "SC039", f"the folder holds {len(entries)} files; only the first "
            f"{limits.max_files_per_skill} are listed", file=folder.dir))
    if failure is not None:
        diagnostics.append(emit(
            "SC036", f"cannot be read ({failure}); check its permissions", file=path))
        return skill.done()
    if truncated:
        diagnostics.append(emit(
            "SC015", f"SKILL.md is larger than {limits.max_skill_md_bytes} bytes: move material "
            "into references/", file=path))
        return skill.done()
    decoded = decode(data)
    if isinstance(decoded, DecodeProblem):
        diagnostics.append(emit(decoded.code, decoded.message, file=path,
                                      line=decoded.line, column=decoded.column))
        return skill.done()
    skill.source = decoded.source
    if decoded.source.bom:
        diagnostics.append(emit(
            "SC013", "SKILL.md starts with a UTF-8 byte order mark: re-save it without one "
            "(skills-ref and some agent tools then find no frontmatter)", file=path, line=1))
    if decoded.source.crlf or decoded.source.lone_cr:
        kind = "lone CR (old Mac)" if decoded.source.lone_cr else "CRLF (Windows)"
        diagnostics.append(emit(
            "SC014", f"SKILL.md uses {kind} line endings: convert to LF", file=path, line=1))
    parts = split(decoded.text)
    if isinstance(parts, SplitProblem):
        diagnostics.append(emit(parts.code, parts.message, file=path, line=parts.line))
        return skill.done()
    skill.body, skill.body_line = parts.body.encode("utf-8", "surrogatepass"), parts.body_line
    if len(parts.frontmatter.encode()) > limits.max_frontmatter_bytes:
        diagnostics.append(emit(
            "SC025", f"the frontmatter is larger than {limits.max_frontmatter_bytes} bytes; keep "
            "it to a few short keys", file=path, line=parts.frontmatter_line))
        return skill.done()
    try:
        document = safe_yaml.load(
            parts.frontmatter, first_line=parts.frontmatter_line,
            max_depth=limits.yaml_max_depth, max_nodes=limits.yaml_max_nodes)
    except safe_yaml.YamlProblem as problem:
        code = "SC025" if _is_limit(problem.message) else "SC022"
        found = explain(problem, parts.frontmatter, parts.frontmatter_line)
        diagnostics.append(emit(
            code, f"Invalid YAML in frontmatter: {found.message}",
            file=path, line=found.line, column=found.column))
        return skill.done()
    if not isinstance(document.value, dict):
        diagnostics.append(emit(
            "SC023", "SKILL.md frontmatter must be a YAML mapping: write 'name: ...' and "
            "'description: ...' lines between the --- fences", file=path,
            line=parts.frontmatter_line))
        return skill.done()
    for key, line in document.duplicates:
        diagnostics.append(emit(
            "SC024", f"key '{key}' is given twice (first at line {document.lines[key]}): keep "
            "one", file=path, line=line))
    for note in document.notes:
        diagnostics.append(emit("SC026", note.message, file=path, line=note.line,
                                      column=note.column))
    skill.frontmatter = document.value
    skill.lines = document.lines
    skill.parsed = True
    return skill.done()


@dc.dataclass(slots=True)
class _Parsing:
    """What :func:`parse_skill` has read so far of one folder (its own scratch: nothing it
    was given is changed); :meth:`done` hands it on as a :class:`Skill`."""

    folder: SkillFolder
    diagnostics: list[Diagnostic]
    files: tuple[SkillFile, ...] = ()
    files_truncated: bool = False
    source: SourceInfo = dc.field(default_factory=SourceInfo)
    body: bytes = b""
    body_line: int = 1
    frontmatter: dict[str, Any] = dc.field(default_factory=dict)
    lines: dict[str, int] = dc.field(default_factory=dict)
    parsed: bool = False

    def done(self) -> Skill:
        folder = self.folder
        return Skill(folder.root, folder.dir, folder.skill_md, self.frontmatter, self.lines,
                     self.body, self.body_line, self.files, self.files_truncated, self.source,
                     self.parsed, folder.nested_in, tuple(self.diagnostics))


def _is_limit(message: str) -> bool:
    """The limits of :mod:`safe_yaml` (nesting, alias expansion, recursive aliases); an alias
    that names no anchor is a mistake in the YAML, not a limit."""
    return message.startswith((
        "YAML nesting", "YAML holds more than", "YAML alias refers", "YAML aliases expand"))
