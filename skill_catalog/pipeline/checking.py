"""Each skill of a load parsed and checked: from the cache where its files are unchanged, else
afresh, and a new library's skills on several cores.

A skill's parse and its skill rules depend on that skill's files only (library rules, which
compare skills, run afterwards on the whole list). So when there is nothing in the cache to
reuse (a first build, ``--force``) and enough skills to be worth a process, the skills are
shared out in contiguous runs: forked children (which inherit everything and need nothing
pickled) each parse and check one run and send back the skills as they left them, while the
parent does the first run; it then takes the others' in order. The result is the same as one
process's, skill for skill, whatever the number of processes.
"""

from __future__ import annotations

import dataclasses as dc
import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from skill_catalog.codes.registry import RuleContext, check_skill
from skill_catalog.fs.walk import FileEntry
from skill_catalog.model import Skill
from skill_catalog.parse.skill import ParseLimits, parse_skill
from skill_catalog.pipeline.skill_cache import FileRecord, SkillCache, defer_body, fingerprint
from skill_catalog.process.forking import Forked, available_cores, can_fork
from skill_catalog.process.progress import READING, Progress
from skill_catalog.validate import (
    probes,
    rules,  # noqa: F401  (registers every rule it runs)
)
from skill_catalog.validate.probes import Probe

MIN_SKILLS_PER_PROCESS = 250
"""Below this many skills to parse a child costs more (fork, sending back) than it saves."""

_CARRIED = tuple(f.name for f in dc.fields(Skill) if f.name not in {"root", "dir", "skill_md"})
"""What parsing and checking fill in (a child sends these back; the parent holds the rest)."""

Outcome = tuple[tuple[Any, ...], list[FileRecord] | None, list[Probe], int]
"""A skill as a child left it: its fields, the fingerprint's file records (when caching),
the paths its rules looked up, and how many diagnostics it had before (from discovery)."""


def parse_and_check(skills: Sequence[Skill], files: Mapping[Path, list[FileEntry]],
                    limits: ParseLimits, context: RuleContext, cache: SkillCache | None,
                    workers: int | None = 1, progress: Progress | None = None) -> None:
    """Parse and check every skill of ``skills`` (whose folders' files are in ``files``),
    restoring the unchanged ones from ``cache`` and storing the others in it.

    :param workers: processes to share a new library's skills among (None: the available
        cores); a cache with entries to reuse is always worked through in this process.
    :param progress: told of the ``"reading"`` stage: after each skill this process takes,
        and after each child's run.
    """
    report = _reporter(progress, len(skills))
    report(0)
    shares = _shares(len(skills), workers) if cache is None or not cache.entries else 1
    if shares <= 1:
        for done, skill in enumerate(skills, 1):
            _restore_or_check(skill, files[skill.dir], limits, context, cache)
            report(done)
        return
    bounds = [len(skills) * i // shares for i in range(shares + 1)]
    runs = [skills[start:end] for start, end in itertools.pairwise(bounds)]
    children = [Forked(functools.partial(_checked_in_child, run, files, limits, context,
                                         cache is not None), "skill-catalog-load")
                for run in runs[1:]]
    try:
        for done, skill in enumerate(runs[0], 1):
            _restore_or_check(skill, files[skill.dir], limits, context, cache)
            report(done)
        for run, child, done in zip(runs[1:], children, bounds[2:], strict=True):
            for skill, outcome in zip(run, child.result(), strict=True):
                _take(skill, outcome, cache)
            report(done)
    finally:
        for child in children:
            child.close()


def _reporter(progress: Progress | None, total: int) -> Callable[[int], None]:
    if progress is None:
        return lambda done: None
    return lambda done: progress(READING, done, total)


def _shares(count: int, workers: int | None) -> int:
    wanted = available_cores() if workers is None else workers
    if wanted <= 1 or not can_fork():
        return 1
    return max(1, min(wanted, count // MIN_SKILLS_PER_PROCESS))


def _restore_or_check(skill: Skill, entries: list[FileEntry], limits: ParseLimits,
                      context: RuleContext, cache: SkillCache | None) -> None:
    if cache is not None:
        print_, records = fingerprint(entries, cache.known_files(skill.dir), str(skill.root))
        skill.fingerprint = print_
        if cache.restore(skill, print_, records, limits.max_skill_md_bytes):
            return
    looked_up, first = _check(skill, entries, limits, context)
    if cache is not None:
        defer_body(skill, limits.max_skill_md_bytes)  # as a restored skill's is
        cache.store(skill, print_, records, looked_up, first)


def _check(skill: Skill, entries: list[FileEntry], limits: ParseLimits, context: RuleContext
           ) -> tuple[list[Probe], int]:
    """Parse and check ``skill``; the paths its rules looked up outside its files, and how
    many diagnostics it had before (from discovery)."""
    first = len(skill.diagnostics)
    with probes.recording() as looked_up:
        parse_skill(skill, entries, limits)
        check_skill(skill, context)
    return looked_up, first


def _checked_in_child(run: Sequence[Skill], files: Mapping[Path, list[FileEntry]],
                      limits: ParseLimits, context: RuleContext, caching: bool
                      ) -> list[Outcome]:
    outcomes: list[Outcome] = []
    for skill in run:
        entries = files[skill.dir]
        records = None
        if caching:
            skill.fingerprint, records = fingerprint(entries, {}, str(skill.root))
        looked_up, first = _check(skill, entries, limits, context)
        if caching:  # the parent stores the skill; its body is not sent
            defer_body(skill, limits.max_skill_md_bytes)
        outcomes.append((tuple(getattr(skill, name) for name in _CARRIED), records, looked_up,
                         first))
    return outcomes


def _take(skill: Skill, outcome: Outcome, cache: SkillCache | None) -> None:
    fields, records, looked_up, first = outcome
    for name, value in zip(_CARRIED, fields, strict=True):
        setattr(skill, name, value)
    if cache is not None and records is not None:
        cache.store(skill, skill.fingerprint, records, looked_up, first)
