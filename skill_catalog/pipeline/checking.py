"""Each skill of a load parsed and checked: from the cache where its files are unchanged, else
afresh, and a new library's skills on several cores.

A skill's parse and its skill rules depend on that skill's files only (library rules, which
compare skills, run afterwards on the whole list). So when there is nothing in the cache to
reuse (a first build, ``--force``) and enough skills to be worth a process, the skills are
shared out in contiguous runs (:class:`~skill_catalog.process.parallel.Tasks`): forked
children (which inherit everything and need nothing pickled) each parse and check one run and
send back the skills they made (frozen values, as any process makes them, without their
bodies), while the parent does the first run; it then takes the others' in order. The result
is the same as one process's, skill for skill, whatever the number of processes.
"""

from __future__ import annotations

import dataclasses as dc
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
from skill_catalog.process.parallel import Tasks, available_cores, can_fork
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
"""A skill as a process made it: the skill, the fingerprint's file records (None when there is
nothing to store), the paths its rules looked up, and where it came from: ``"here"`` (parsed
and checked in this process, to be stored in the cache and its folder), ``"child"`` (parsed
and checked in a child, which stored it in the cache folder) or ``"folder"`` (restored by a
child from the cache folder); a skill restored in this process comes with no records."""


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
    work = _Work(limits, context, cache)
    tasks = Tasks(work, folders, shares, "skill-catalog-load", here=True, in_child=work.forked)
    for folder, (skill, records, looked_up, came) in tasks.results():
        if cache is not None and records is not None:
            cache.store(skill, skill.fingerprint, records, looked_up, len(folder.diagnostics),
                        to_folder=came == "here")
            cache.hits += came == "folder"
        skills.append(skill)
        report(len(skills))
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


class _Work:
    """The load's work on one folder: the skill restored from the cache or parsed and checked
    (each file read once), with the records and paths the cache is to store it with. In a
    forked child (:meth:`forked`) the cache's entries by folder are the parent's to keep: the
    child looks skills up in the cache folder only, stores the ones it made there, and leaves
    their bodies out of what it sends back (the cache reads a body again when asked)."""

    def __init__(self, limits: ParseLimits, context: RuleContext, cache: SkillCache | None
                 ) -> None:
        self.limits, self.context, self.cache = limits, context, cache
        self.child = False

    def forked(self) -> None:
        """Called first in a child."""
        self.child = True

    def __call__(self, folder: SkillFolder) -> Outcome:
        cache, limit = self.cache, self.limits.max_skill_md_bytes
        with files_read_once():  # the fingerprint, the parse and the rules read each file once
            if cache is None:
                return _check(folder, self.limits, self.context)[0], None, [], "here"
            print_, records = fingerprint(folder.entries, cache.known_files(folder.dir),
                                          str(folder.root))
            if not self.child:
                restored = cache.restore(folder, print_, records, limit)
                if restored is not None:
                    return restored, None, [], "folder"
            elif (held := cache.folder_skill(folder, print_, limit)) is not None:
                return held[0], records, held[1], "folder"
            skill, looked_up = _check(folder, self.limits, self.context)
        skill = defer_body(dc.replace(skill, fingerprint=print_), limit)
        if not self.child:
            return skill, records, looked_up, "here"
        fields = skill_fields(skill, len(folder.diagnostics))
        if fields is not None:
            cache.to_folder(skill, print_, looked_up, fields)
        return skill, records, looked_up, "child"


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
