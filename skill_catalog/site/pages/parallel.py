"""Writing the skills' files on several cores while the build goes on with the site-wide files.

Each skill's files (pages, raw copies, zips, well-known copies) depend only on that skill and
on state the parent computed before the workers start, so the order in which workers finish
changes nothing: the parent merges their results in skill order, and the output is the same
for any number of workers. The skills are shared among forked children by
:class:`~skill_catalog.process.parallel.Tasks` (the load's helper too), which inherit the
prepared writer instead of receiving it pickled and send back what they wrote (paths, notes,
the skills' records). While they run, the parent writes the files that do not depend on them
(search index, prompt files, index page). With one worker the same tasks run in this process.
:func:`write_all` is the entry point: every page of a
:class:`~skill_catalog.site.pages.render.PageWriter`, this way.
"""

from __future__ import annotations

import dataclasses as dc
import functools
from collections.abc import Callable, Sequence
from typing import Any

from skill_catalog.model import Diagnostic
from skill_catalog.process.gc_tuning import use_usual_thresholds, usual_collections
from skill_catalog.process.parallel import Forked, Tasks, available_cores, can_fork
from skill_catalog.process.progress import FINISHING, WRITING, Progress
from skill_catalog.site.pages.render import PageWriter, PreviousSite
from skill_catalog.site.publish.copies import Published

MIN_SKILLS_PER_WORKER = 40
"""Below this many skills to render a worker costs more (fork, imports) than it saves."""
MIN_SKILLS_FOR_BACKGROUND = 200
"""Below this many skills the site-wide files take too little time to be worth a process."""

Result = tuple[list[str], list[Diagnostic], Published, str]
"""What one skill's turn gives: the files written, the notes, the skill's record and key."""


def worker_count(skills: int, requested: int | None) -> int:
    if requested is not None:
        return max(1, requested)
    return max(1, min(available_cores(), skills // MIN_SKILLS_PER_WORKER))


def _write(writer: PageWriter, index: int, key: str | None) -> Result:
    site_skill = writer.ctx.skills[index]
    files_before, notes_before = len(writer.out.files), len(writer.notes)
    record = writer.write_skill(site_skill)
    written = writer.out.files[files_before:]
    notes = writer.notes[notes_before:]
    del writer.notes[notes_before:]
    if key is None:  # no previous site to compare with: the key is for the next build's
        key = writer.reuse.skill_key(writer, site_skill) if writer.reuse is not None else ""
    return written, notes, record, key


def _write_task(writer: PageWriter, task: tuple[int, str | None]) -> Result:
    return _write(writer, *task)


def _start_child(writer: PageWriter) -> None:
    """In a forked worker: what the writer wrote before the fork is the parent's (the child
    sends back only what it writes), and pages are written at the usual collection pace."""
    writer.out.written, writer.out.files, writer.notes = set(), [], []
    use_usual_thresholds()


class SkillRun:
    """Every skill's files, written by :meth:`start` and gathered by :meth:`finish`."""

    def __init__(self, writer: PageWriter, workers: int | None = None,
                 progress: Progress | None = None, reuse: PreviousSite | None = None) -> None:
        self.writer = writer
        self.progress = progress
        self.reuse = reuse
        total = len(writer.ctx.skills)
        self.results: list[Result | None] = [None] * total
        self.done = 0
        self.todo: list[tuple[int, str | None]] = []
        if progress is not None:
            progress(WRITING, 0, total)
        self._reuse_previous()
        self.tasks = Tasks(functools.partial(_write_task, writer), self.todo,
                           worker_count(len(self.todo), workers), "skill-catalog-write",
                           in_child=functools.partial(_start_child, writer))

    def _reuse_previous(self) -> None:
        """Take what the previous site offers; queue the rest (keys are computed up front only
        when there is a previous site to compare them with, else by the workers)."""
        writer, reuse = self.writer, self.reuse
        for index, site_skill in enumerate(writer.ctx.skills):
            if reuse is None or reuse.site is None:
                self.todo.append((index, None))
                continue
            key = reuse.skill_key(writer, site_skill)
            files_before, notes_before = len(writer.out.files), len(writer.notes)
            record = reuse.reuse(writer, site_skill, key)
            if record is None:
                self.todo.append((index, key))
                continue
            self.results[index] = (writer.out.files[files_before:],
                                   writer.notes[notes_before:], record, key)
            del writer.notes[notes_before:]
            self._tick()
        if reuse is not None:
            reuse.old.clear()  # what was not reused is not needed any more (memory)

    def _tick(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(WRITING, self.done, len(self.results))

    def start(self) -> None:
        """Start the workers (nothing to do with one: :meth:`finish` writes everything)."""
        if self.tasks.parallel:
            self.writer.views.tools.prepare()
        self.tasks.start()

    def close(self) -> None:
        """Stop the workers (at once, if the build failed or was interrupted before
        :meth:`finish`); the caller calls it in a ``finally``."""
        self.tasks.close()

    def finish(self) -> dict[str, Published]:
        """Wait for the workers (or write everything here with one), merge what they wrote in
        skill order, record it for the next build; return the skills' records by slug."""
        writer = self.writer
        with usual_collections():
            for (index, _key), result in self.tasks.results():
                self.results[index] = result
                self._tick()
        written_here = {index for index, _key in self.todo}
        remote = written_here if self.tasks.parallel else set()
        published: dict[str, Published] = {}
        for index, outcome in enumerate(self.results):
            assert outcome is not None
            written, notes, record, key = outcome
            site_skill = writer.ctx.skills[index]
            if index in remote:
                writer.out.merge(written)
            writer.notes.extend(notes)
            published[site_skill.slug] = dc.replace(record, page_notes=tuple(notes))
            # A kept skill's record is already the next build's (Reuse.reuse took it over).
            if self.reuse is not None and index in written_here:
                self.reuse.record(site_skill, key, written, notes, record)
        return published


def write_all(writer: PageWriter, search_scripts: Sequence[str], *, workers: int | None = None,
          progress: Progress | None = None,
          meanwhile: Callable[[], None] | None = None,
          afterwards: Callable[[dict[str, Published]], None] | None = None,
          ) -> dict[str, Published]:
    """Every page of ``writer``, and each skill's copies (keeping what its ``reuse`` allows);
    ``meanwhile`` runs while worker processes write the skills, ``afterwards`` once they are
    written, with their records. Returns the skills' records by slug."""
    reuse = writer.reuse

    def site_wide() -> tuple[list[str], list[str], dict[str, list[Any]]]:
        """The site-wide files: (written or kept, kept, their groups for the state)."""
        before = len(writer.out.files)
        groups = set(reuse.new_groups) if reuse is not None else set()
        if meanwhile is not None:
            meanwhile()
        writer.write_index(search_scripts)
        files = writer.out.files[before:]
        return (files, [f for f in files if f in writer.out.kept],
                {} if reuse is None else {name: record for name, record
                                          in reuse.new_groups.items() if name not in groups})

    # An update of a previous site mostly compares and keeps skills: the site-wide files
    # are then the larger part, written meanwhile by a child process, which is joined last:
    # the pages and files that need the skills' records are written while it finishes. It is
    # forked here, before the skills are compared and kept.
    background = (Forked(site_wide, "skill-catalog-site-wide")
                  if reuse is not None and reuse.site is not None
                  and len(writer.ctx.skills) >= MIN_SKILLS_FOR_BACKGROUND and can_fork()
                  else None)
    run: SkillRun | None = None
    try:
        run = SkillRun(writer, workers, progress, reuse)
        run.start()
        if background is None:
            site_wide()
        published = run.finish()
        if progress is not None:
            progress(FINISHING, 0, 0)
        writer.write_closing_pages(published)
        if afterwards is not None:
            afterwards(published)
        if background is not None:
            files, kept, groups = background.result()
            writer.out.merge(files)
            writer.out.kept.update(kept)
            if reuse is not None:
                reuse.new_groups.update(groups)
    finally:
        if run is not None:
            run.close()
        if background is not None:
            background.close()
    return published
