"""Writing the skill pages on several cores, reusing unchanged skills of the previous site.

Each skill's pages live under ``skills/<slug>/`` and depend only on that skill and on state the
parent computed before the workers start, so the order in which workers finish changes nothing:
the parent merges their results in skill order, and the output is the same for any number of
workers. Workers are forked (Linux, macOS with fork) and inherit the prepared writer instead of
receiving it pickled.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from skill_catalog.model import Diagnostic

if TYPE_CHECKING:
    from skill_catalog.site.pages import PageWriter
    from skill_catalog.site.publish import Published
    from skill_catalog.site.reuse import Reuse

MIN_SKILLS_PER_WORKER = 40
"""Below this many skills to render a worker costs more (fork, imports) than it saves."""
_ACTIVE: PageWriter | None = None

Progress = Callable[[int, int], None]
Result = tuple[list[str], list[Diagnostic], "Published"]
"""What one skill's turn gives: the files written, the notes, the skill's record."""


def worker_count(skills: int, requested: int | None) -> int:
    if requested is not None:
        return max(1, requested)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cores or 1, skills // MIN_SKILLS_PER_WORKER))


def _write(writer: PageWriter, index: int) -> Result:
    files_before, notes_before = len(writer.out.files), len(writer.notes)
    record = writer.write_skill(writer.ctx.skills[index])
    written = writer.out.files[files_before:]
    notes = writer.notes[notes_before:]
    del writer.notes[notes_before:]
    return written, notes, record


def _write_in_worker(index: int) -> Result:
    writer = _ACTIVE
    assert writer is not None, "worker started without a writer"
    writer.out.written, writer.out.files, writer.notes = set(), [], []
    return _write(writer, index)


def write_skills(writer: PageWriter, workers: int | None = None,
                 progress: Progress | None = None, reuse: Reuse | None = None
                 ) -> dict[str, Published]:
    """Write every skill's pages and copies with ``writer`` on ``workers`` processes (default:
    the available cores, fewer for small libraries), reusing what ``reuse`` allows; return
    the skills' records by slug."""
    global _ACTIVE
    from skill_catalog.site.reuse import skill_key

    skills = writer.ctx.skills
    total = len(skills)
    results: list[Result | None] = [None] * total
    keys = [skill_key(writer, s) for s in skills] if reuse is not None else []
    todo = []
    for index, site_skill in enumerate(skills):
        files_before, notes_before = len(writer.out.files), len(writer.notes)
        record = (reuse.reuse(writer, site_skill, keys[index]) if reuse is not None
                  else None)
        if record is not None:
            results[index] = (writer.out.files[files_before:], writer.notes[notes_before:],
                              record)
            del writer.notes[notes_before:]
        else:
            todo.append(index)
    done = total - len(todo)
    count = worker_count(len(todo), workers)
    if count <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for index in todo:
            results[index] = _write(writer, index)
            done += 1
            if progress is not None:
                progress(done, total)
    else:
        writer.views.tools.prepare()
        _ACTIVE = writer
        try:
            with multiprocessing.get_context("fork").Pool(count) as pool:
                for index, result in zip(todo, pool.imap(_write_in_worker, todo, chunksize=4),
                                         strict=True):
                    writer.out.merge(result[0])
                    results[index] = result
                    done += 1
                    if progress is not None:
                        progress(done, total)
        finally:
            _ACTIVE = None
    published: dict[str, Published] = {}
    for index, outcome in enumerate(results):
        assert outcome is not None
        written, notes, record = outcome
        writer.notes.extend(notes)
        published[skills[index].slug] = record
        if reuse is not None:
            reuse.record(skills[index], keys[index], written, notes, record)
    return published
