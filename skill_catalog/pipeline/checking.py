"""Each skill of a load parsed and checked: from the cache where its files are unchanged, else
afresh, and a new library's skills on several cores.

A skill's parse and its skill rules depend on that skill's files only (library rules, which
compare skills, run afterwards on the whole list). So when there is nothing in the cache to
reuse (a first build, ``--force``) and enough skills to be worth a process, the skills are
shared out in contiguous runs: forked children (which inherit everything and need nothing
pickled) each parse and check one run and send back the skills they made (frozen values, as
any process makes them), while the parent does the first run; it then takes the others' in
order. The result is the same as one
process's, skill for skill, whatever the number of processes.
"""

from __future__ import annotations

import dataclasses as dc
import functools
import itertools
from collections.abc import Callable, Sequence

from skill_catalog.codes.registry import RuleContext, check_skill
from skill_catalog.fs.safe_fs import files_read_once
from skill_catalog.model import Skill, SkillFolder
from skill_catalog.parse.skill import ParseLimits, parse_skill
from skill_catalog.pipeline.skill_cache import (
    FileRecord,
    SkillCache,
    defer_body,
    fingerprint,
    skill_fields,
)
from skill_catalog.process.forking import Forked, available_cores, can_fork
from skill_catalog.process.progress import READING, Progress
from skill_catalog.trust.accept import gather_markers
from skill_catalog.validate import (
    probes,
    rules,  # noqa: F401  (registers every rule it runs)
)
from skill_catalog.validate.probes import Probe

MIN_SKILLS_PER_PROCESS = 250
"""Below this many skills to parse a child costs more (fork, sending back) than it saves."""

Outcome = tuple[Skill, list[FileRecord] | None, list[Probe], str]
"""A skill as a child made it: the skill, the fingerprint's file records (when caching), the
paths its rules looked up, and where it came from: ``"checked"`` (parsed and checked, stored in
the cache folder by the child when there is one) or ``"cached"`` (restored from the cache
folder)."""


def parse_and_check(folders: Sequence[SkillFolder], limits: ParseLimits, context: RuleContext,
                    cache: SkillCache | None, workers: int | None = 1,
                    progress: Progress | None = None) -> list[Skill]:
    """Every skill of ``folders`` parsed and checked by the skill rules, in their order:
    restored from ``cache`` where unchanged, the others stored in it.

    :param workers: processes to share a new library's skills among (None: the available
        cores); a cache with entries to reuse is always worked through in this process.
    :param progress: told of the ``"reading"`` stage: after each skill this process takes,
        and after each child's run.
    """
    report = _reporter(progress, len(folders))
    report(0)
    shares = _shares(len(folders), workers) if cache is None or not cache.entries else 1
    skills: list[Skill] = []
    if shares <= 1:
        for done, folder in enumerate(folders, 1):
            skills.append(_restore_or_check(folder, limits, context, cache))
            report(done)
        return skills
    bounds = [len(folders) * i // shares for i in range(shares + 1)]
    runs = [folders[start:end] for start, end in itertools.pairwise(bounds)]
    children = [Forked(functools.partial(_checked_in_child, run, limits, context, cache),
                       "skill-catalog-load")
                for run in runs[1:]]
    try:
        for done, folder in enumerate(runs[0], 1):
            skills.append(_restore_or_check(folder, limits, context, cache))
            report(done)
        for run, child, done in zip(runs[1:], children, bounds[2:], strict=True):
            for folder, (skill, records, looked_up, came) in zip(run, child.result(),
                                                                 strict=True):
                if cache is not None and records is not None:
                    cache.store(skill, skill.fingerprint, records, looked_up,
                                len(folder.diagnostics), to_folder=False)  # the child did
                    cache.hits += came == "cached"
                skills.append(skill)
            report(done)
    finally:
        for child in children:
            child.close()
    return skills


def _reporter(progress: Progress | None, total: int) -> Callable[[int], None]:
    if progress is None:
        return lambda done: None
    return lambda done: progress(READING, done, total)


def _shares(count: int, workers: int | None) -> int:
    wanted = available_cores() if workers is None else workers
    if wanted <= 1 or not can_fork():
        return 1
    return max(1, min(wanted, count // MIN_SKILLS_PER_PROCESS))


def _restore_or_check(folder: SkillFolder, limits: ParseLimits, context: RuleContext,
                      cache: SkillCache | None) -> Skill:
    with files_read_once():  # the fingerprint, the parse and the rules read each file once
        return _restore_or_check_once(folder, limits, context, cache)


def _restore_or_check_once(folder: SkillFolder, limits: ParseLimits, context: RuleContext,
                           cache: SkillCache | None) -> Skill:
    if cache is None:
        return _check(folder, limits, context)[0]
    print_, records = fingerprint(folder.entries, cache.known_files(folder.dir),
                                  str(folder.root))
    restored = cache.restore(folder, print_, records, limits.max_skill_md_bytes)
    if restored is not None:
        return restored
    skill, looked_up = _check(folder, limits, context)
    skill = defer_body(dc.replace(skill, fingerprint=print_), limits.max_skill_md_bytes)
    cache.store(skill, print_, records, looked_up, len(folder.diagnostics))
    return skill


def _check(folder: SkillFolder, limits: ParseLimits, context: RuleContext
           ) -> tuple[Skill, list[Probe]]:
    """The skill of ``folder`` parsed and checked, and the paths its rules looked up outside
    its files."""
    with probes.recording() as looked_up:
        skill = parse_skill(folder, limits)
        found = check_skill(skill, context)
    if found:
        skill = dc.replace(skill, diagnostics=skill.diagnostics + tuple(found))
    if skill.parsed:  # the acceptance markers, from the files as this check read them
        skill = dc.replace(skill, markers=gather_markers(skill))
    return skill, looked_up


def _checked_in_child(run: Sequence[SkillFolder], limits: ParseLimits, context: RuleContext,
                      cache: SkillCache | None) -> list[Outcome]:
    """The skills of ``run``, in a forked child: from the cache folder where it holds them,
    else parsed and checked (and stored there: the parent stores them in its entries by
    folder only)."""
    outcomes: list[Outcome] = []
    for folder in run:
        with files_read_once():
            if cache is None:
                outcomes.append((_check(folder, limits, context)[0], None, [], "checked"))
                continue
            print_, records = fingerprint(folder.entries, {}, str(folder.root))
            held = cache.folder_skill(folder, print_, limits.max_skill_md_bytes)
            if held is not None:
                outcomes.append((held[0], records, held[1], "cached"))
                continue
            skill, looked_up = _check(folder, limits, context)
        # the parent stores the skill; its body is not sent
        skill = defer_body(dc.replace(skill, fingerprint=print_), limits.max_skill_md_bytes)
        fields = skill_fields(skill, len(folder.diagnostics))
        if fields is not None:
            cache.to_folder(skill, print_, looked_up, fields)
        outcomes.append((skill, records, looked_up, "checked"))
    return outcomes
