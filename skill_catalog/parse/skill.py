"""Read one SKILL.md into the :class:`~skill_catalog.model.Skill` the walk found."""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Sequence
from pathlib import Path

from skill_catalog.codes.registry import emit
from skill_catalog.fs import safe_yaml
from skill_catalog.fs.safe_fs import read_limited, read_limited_inside
from skill_catalog.fs.walk import FileEntry
from skill_catalog.model import Skill
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


def parse_skill(skill: Skill, entries: Sequence[FileEntry], limits: ParseLimits, *,
                contained: bool = True) -> None:
    """Fill ``skill`` in from its SKILL.md and folder; problems become diagnostics.

    Files are read without leaving the skill's library root
    (:func:`~skill_catalog.fs.safe_fs.open_inside`); ``contained=False`` reads SKILL.md wherever
    its path leads, as an agent tool that follows links out of its folders does (what such a
    tool would load is parsed, never published)."""
    path = skill.skill_md
    # SKILL.md is read once: the inventory takes its first bytes from this read.
    failure: str | None = None
    try:
        if contained:
            data, truncated = read_limited_inside(skill.root, path, limits.max_skill_md_bytes)
        else:
            data, truncated = read_limited(path, limits.max_skill_md_bytes)
    except OSError as exc:
        data, truncated, failure = b"", False, exc.strerror or str(exc)
    heads = None
    if failure is None and (not truncated or len(data) >= HEAD_BYTES):
        heads = {str(path): data[:HEAD_BYTES]}
    unreadable: list[tuple[Path, str]] = []
    skill.files, skill.files_truncated = inventory(skill.dir, entries, limits.max_files_per_skill,
                                                   unreadable, heads, root=skill.root)
    for file, reason in unreadable:
        if file != path:  # SKILL.md itself is reported below, once
            skill.diagnostics.append(emit(
                "SC036", f"cannot be read ({reason}); check its permissions", file=file))
    if skill.files_truncated:
        skill.diagnostics.append(emit(
            "SC039", f"the folder holds {len(entries)} files; only the first "
            f"{limits.max_files_per_skill} are listed", file=skill.dir))
    if failure is not None:
        skill.diagnostics.append(emit(
            "SC036", f"cannot be read ({failure}); check its permissions", file=path))
        return
    if truncated:
        skill.diagnostics.append(emit(
            "SC015", f"SKILL.md is larger than {limits.max_skill_md_bytes} bytes: move material "
            "into references/", file=path))
        return
    decoded = decode(data)
    if isinstance(decoded, DecodeProblem):
        skill.diagnostics.append(emit(decoded.code, decoded.message, file=path,
                                      line=decoded.line, column=decoded.column))
        return
    skill.source = decoded.source
    if decoded.source.bom:
        skill.diagnostics.append(emit(
            "SC013", "SKILL.md starts with a UTF-8 byte order mark: re-save it without one "
            "(skills-ref and some agent tools then find no frontmatter)", file=path, line=1))
    if decoded.source.crlf or decoded.source.lone_cr:
        kind = "lone CR (old Mac)" if decoded.source.lone_cr else "CRLF (Windows)"
        skill.diagnostics.append(emit(
            "SC014", f"SKILL.md uses {kind} line endings: convert to LF", file=path, line=1))
    parts = split(decoded.text)
    if isinstance(parts, SplitProblem):
        skill.diagnostics.append(emit(parts.code, parts.message, file=path, line=parts.line))
        return
    skill.body, skill.body_line = parts.body, parts.body_line
    if len(parts.frontmatter.encode()) > limits.max_frontmatter_bytes:
        skill.diagnostics.append(emit(
            "SC025", f"the frontmatter is larger than {limits.max_frontmatter_bytes} bytes; keep "
            "it to a few short keys", file=path, line=parts.frontmatter_line))
        return
    try:
        document = safe_yaml.load(
            parts.frontmatter, first_line=parts.frontmatter_line,
            max_depth=limits.yaml_max_depth, max_nodes=limits.yaml_max_nodes)
    except safe_yaml.YamlProblem as problem:
        code = "SC025" if _is_limit(problem.message) else "SC022"
        found = explain(problem, parts.frontmatter, parts.frontmatter_line)
        skill.diagnostics.append(emit(
            code, f"Invalid YAML in frontmatter: {found.message}",
            file=path, line=found.line, column=found.column))
        return
    if not isinstance(document.value, dict):
        skill.diagnostics.append(emit(
            "SC023", "SKILL.md frontmatter must be a YAML mapping: write 'name: ...' and "
            "'description: ...' lines between the --- fences", file=path,
            line=parts.frontmatter_line))
        return
    for key, line in document.duplicates:
        skill.diagnostics.append(emit(
            "SC024", f"key '{key}' is given twice (first at line {document.lines[key]}): keep "
            "one", file=path, line=line))
    for note in document.notes:
        skill.diagnostics.append(emit("SC026", note.message, file=path, line=note.line,
                                      column=note.column))
    skill.frontmatter = document.value
    skill.lines = document.lines
    skill.parsed = True


def _is_limit(message: str) -> bool:
    """The limits of :mod:`safe_yaml` (nesting, alias expansion, recursive aliases); an alias
    that names no anchor is a mistake in the YAML, not a limit."""
    return message.startswith((
        "YAML nesting", "YAML holds more than", "YAML alias refers", "YAML aliases expand"))
