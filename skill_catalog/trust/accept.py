"""Accepted trust findings: silenced per skill and rule with a written reason, still reported,
marked accepted.

Two places can accept a finding:

- the configuration (``trust.accept``: skill, rule, reason), written by whoever runs the
  catalog; it accepts any finding of that rule in that skill;
- a marker in the skill's own file, on the finding's line or the line before, in whatever
  comment the file has (``<!-- skill-catalog: accept ST027 "pinned in CI" -->``,
  ``# skill-catalog: accept ST025 "..."``); it accepts the findings of the rules it names on
  those lines only, and only up to the severity the configuration allows a skill's author to
  accept itself (``trust.inline_accept``, default ``notice``: never a warning or danger
  finding, which is what an attacker would accept). A marker that is not honoured is
  reported on the finding.

Both are applied after the scan (:mod:`skill_catalog.trust.scan` is left as it is), to the
diagnostics of the loaded skills.
"""

from __future__ import annotations

import dataclasses as dc
import os
import re
from collections.abc import Sequence
from pathlib import Path

from skill_catalog.fs.safe_fs import read_limited_inside
from skill_catalog.model import SEVERITY_STATUS, Diagnostic, Severity, Skill, relative_posix

MARKER = re.compile(
    r"skill-catalog:\s*accept\s+(?P<codes>ST\d{3}(?:\s*[,\s]\s*ST\d{3})*)"
    r"(?:\s+(?:\"(?P<double>[^\"]*)\"|'(?P<single>[^']*)'))?")
"""``skill-catalog: accept ST020 "reason"`` (several codes separated by commas or spaces; the
reason in double or single quotes)."""
MIN_REASON = 10
"""Characters a written reason needs (as in ``trust.accept``)."""
MAX_FILE_BYTES = 512 << 10
"""How far a file is read for markers: as far as the trust scan reads it."""
_CEILING: dict[str, Severity | None] = {
    "never": None, "notice": Severity.INFO, "warning": Severity.WARNING,
    "danger": Severity.ERROR,
}


@dc.dataclass(slots=True, frozen=True)
class Acceptance:
    """A trust finding accepted for one skill, with the reason written down (the
    configuration's ``trust.accept`` entries)."""

    skill: str
    """The skill's name, or its folder relative to its root."""
    rule: str
    """An ``ST`` rule code."""
    reason: str


@dc.dataclass(slots=True, frozen=True)
class Marker:
    """An inline acceptance: the rules it names, its reason and where it is."""

    codes: frozenset[str]
    reason: str
    line: int


def accept(skills: Sequence[Skill], accepted: Sequence[Acceptance], inline_accept: str
           ) -> list[Skill]:
    """``skills`` with each trust finding that ``accepted`` (the configuration's
    ``trust.accept``) names (by the skill's name or folder, and the rule) marked accepted,
    with its reason; then the markers in the skills' own files applied
    (:func:`accept_inline`) up to ``inline_accept``. New skills where a finding changed, the
    others as they were."""
    return [accept_inline(_accept_configured(skill, accepted) if accepted else skill,
                          inline_accept) for skill in skills]


def _accept_configured(skill: Skill, acceptances: Sequence[Acceptance]) -> Skill:
    names = {skill.key, skill.relpath}
    reasons = {a.rule: a.reason for a in acceptances if a.skill in names}
    if not reasons:
        return skill
    return dc.replace(skill, diagnostics=tuple(
        dc.replace(d, accepted=reasons[d.code]) if d.is_trust and d.code in reasons else d
        for d in skill.diagnostics))


@dc.dataclass(slots=True, frozen=True)
class Markers:
    """The markers of one file by 1-based line, and which lines only lead up to the next
    (blank, or opening a fenced code block)."""

    by_line: dict[int, list[Marker]]
    leading: frozenset[int]

    def near(self, line: int, code: str) -> Marker | None:
        """The last marker naming ``code`` on ``line`` or on the line before it, skipping
        blank lines and the fence that opens the block ``line`` is in."""
        candidates = [line, line - 1]
        above = line - 1
        while above in self.leading and above > 1:
            above -= 1
            candidates.append(above)
        for number in candidates:
            named = [m for m in self.by_line.get(number, ()) if code in m.codes]
            if named:
                return named[-1]
        return None


_FENCE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})[^`]*$")


NO_MARKERS = Markers({}, frozenset())


def markers(text: str) -> Markers:
    """The markers in ``text`` (lines counted as the trust scan counts them: CRLF and lone CR
    are line ends)."""
    if "skill-catalog:" not in text:
        return NO_MARKERS
    found: dict[int, list[Marker]] = {}
    leading: set[int] = set()
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip() or _FENCE.match(line):
            leading.add(number)
        if "skill-catalog:" not in line:
            continue
        for match in MARKER.finditer(line):
            codes = frozenset(re.findall(r"ST\d{3}", match["codes"]))
            reason = (match["double"] if match["double"] is not None else match["single"]) or ""
            found.setdefault(number, []).append(Marker(codes, " ".join(reason.split()), number))
    return Markers(found, frozenset(leading))


def accept_inline(skill: Skill, inline_accept: str) -> Skill:
    """``skill`` with the markers of its files applied to its trust findings not accepted
    yet (the same skill when none applies): a marker on the finding's line or the line before
    that names its rule accepts it, with the marker's reason and place, when the finding is no
    worse than ``inline_accept`` allows and the reason is written; otherwise the finding stays
    counted and its message says why the marker was not honoured."""
    if not any(_open(d) for d in skill.diagnostics):
        return skill
    texts = {f.relpath for f in skill.files if f.is_text}
    by_file: dict[Path, Markers] = {}
    changed = False
    result: list[Diagnostic] = []
    for d in skill.diagnostics:
        if not _open(d) or d.file is None or d.line is None:
            result.append(d)
            continue
        relpath = relative_posix(d.file, skill.dir)
        if relpath is None or relpath not in texts:
            result.append(d)
            continue
        if d.file not in by_file:
            gathered = skill.markers.get(relpath) if skill.markers is not None else None
            by_file[d.file] = (gathered if isinstance(gathered, Markers)
                               else _read_markers(skill, relpath))
        marker = by_file[d.file].near(d.line, d.code)
        if marker is None:
            result.append(d)
            continue
        result.append(_decide(d, marker, relpath, inline_accept))
        changed = True
    return dc.replace(skill, diagnostics=tuple(result)) if changed else skill


def _open(d: Diagnostic) -> bool:
    """A trust finding not accepted yet, with a line a marker can stand on or above."""
    return d.is_trust and not d.accepted and d.file is not None and bool(d.line)


def gather_markers(skill: Skill) -> dict[str, Markers]:
    """The markers of the files an acceptance may look at, taken while the check reads them
    (:func:`~skill_catalog.fs.safe_fs.files_read_once`: no file is opened again for them):
    SKILL.md and each text file with a trust finding on a line, by path in the skill.
    :func:`accept_inline` takes them from :attr:`Skill.markers` and reads only the files
    not gathered (a skill restored from the cache)."""
    texts = {f.relpath for f in skill.files if f.is_text}
    wanted = {skill.skill_md.name} & texts
    for d in skill.diagnostics:
        if _open(d) and d.file is not None:
            relpath = relative_posix(d.file, skill.dir)
            if relpath is not None and relpath in texts:
                wanted.add(relpath)
    return {relpath: _read_markers(skill, relpath) for relpath in sorted(wanted)}


def _read_markers(skill: Skill, relpath: str) -> Markers:
    try:
        data, _ = read_limited_inside(skill.root, os.path.join(skill.dir, relpath),
                                    MAX_FILE_BYTES)
    except OSError:
        return NO_MARKERS
    return markers(data.decode("utf-8", "replace"))


_BY_MARKER = re.compile(r" \(marker at [^()]+:\d+\)$")


def by_marker(reason: str) -> bool:
    """Whether an ``accepted`` reason came from a marker in the skill (it ends with the
    marker's place, as :func:`accept_inline` writes it) rather than the configuration."""
    return _BY_MARKER.search(reason) is not None


def _decide(d: Diagnostic, marker: Marker, relpath: str, inline_accept: str) -> Diagnostic:
    where = f"{relpath}:{marker.line}"
    ceiling = _CEILING[inline_accept]
    if ceiling is None:
        why = "the configuration ignores markers (trust.inline_accept: never)"
    elif d.severity > ceiling:
        why = (f"a skill cannot accept a {SEVERITY_STATUS[d.severity]} finding itself (trust."
               f"inline_accept: {inline_accept}); accept it in the configuration's "
               "trust.accept after review")
    elif len(marker.reason) < MIN_REASON:
        why = (f"the marker gives no reason; write one in quotes (at least {MIN_REASON} "
               "characters)")
    else:
        return dc.replace(d, accepted=f"{marker.reason} (marker at {where})")
    return dc.replace(d, message=f"{d.message} [the marker at {where} is not honoured: {why}]")
