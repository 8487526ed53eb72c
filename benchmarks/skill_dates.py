"""How long dating every skill by git takes: the site's one ``git log`` pass
(:func:`skill_catalog.site.dates.git_dates`) against one ``git log -1`` per skill.

A repository is made with ``--size`` skill folders (a SKILL.md and a script each), added over
``--commits`` commits, then ``--edits`` more commits that each edit a few skills, so that the
newest commits date some skills and the oldest the others (the pass reads the history back
to the oldest). Timed, as the median of ``--repeats`` runs:

- ``one pass``: ``git_dates`` for every skill;
- ``per skill``: ``git log -1 --format=%ct -- <folder>`` for ``--sample`` skills, scaled to
  every skill (the alternative the site does not use);

and their ratio. Both must agree on the sampled skills' dates.

Run: python -m benchmarks.skill_dates --size 10000 --commits 200 --edits 300 [--work /dev/shm]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from skill_catalog.site.dates import git_dates

ENV = {**os.environ, "GIT_AUTHOR_NAME": "B", "GIT_AUTHOR_EMAIL": "b@example.invalid",
       "GIT_COMMITTER_NAME": "B", "GIT_COMMITTER_EMAIL": "b@example.invalid",
       "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}


def _git(repo: Path, *args: str, when: int | None = None) -> str:
    env = dict(ENV)
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"@{when} +0000"
    return subprocess.run(["git", "-C", str(repo), *args], env=env, check=True,
                          capture_output=True, text=True).stdout


def make_repo(root: Path, size: int, commits: int, edits: int) -> list[Path]:
    _git(root, "init", "-q", "-b", "main")
    skills = root / "skills"
    folders = [skills / f"skill-{n:05d}" for n in range(size)]
    rng = random.Random(7)
    when = 1_700_000_000
    per = max(1, size // commits)
    for start in range(0, size, per):
        for folder in folders[start:start + per]:
            (folder / "scripts").mkdir(parents=True)
            (folder / "SKILL.md").write_text(
                f"---\nname: {folder.name}\ndescription: Does {folder.name} things.\n---\n# T\n",
                encoding="utf-8")
            (folder / "scripts" / "run.sh").write_text("#!/bin/sh\necho hi\n", encoding="utf-8")
        when += 3600
        _git(root, "add", "-A")
        _git(root, "commit", "-q", "-m", f"add {start}", when=when)
    for n in range(edits):
        for folder in rng.sample(folders, 3):
            with open(folder / "scripts" / "run.sh", "a", encoding="utf-8") as handle:
                handle.write(f"echo {n}\n")
        when += 3600
        _git(root, "commit", "-q", "-a", "-m", f"edit {n}", when=when)
    _git(root, "gc", "-q")  # packed, as a repository is
    return folders


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--commits", type=int, default=200)
    parser.add_argument("--edits", type=int, default=300)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.work) as work:
        root = Path(work) / "repo"
        root.mkdir()
        began = time.perf_counter()
        folders = make_repo(root, args.size, args.commits, args.edits)
        print(f"repository: {args.size} skills, {args.commits} + {args.edits} commits "
              f"(made in {time.perf_counter() - began:.1f} s)")
        passes = []
        dated = None
        for _ in range(args.repeats):
            began = time.perf_counter()
            dated = git_dates([root / "skills"], folders)
            passes.append(time.perf_counter() - began)
        assert dated is not None
        assert len(dated.folders) == len(folders), "every skill dated"
        sample = random.Random(1).sample(folders, min(args.sample, len(folders)))
        singles = []
        for _ in range(args.repeats):
            began = time.perf_counter()
            for folder in sample:
                seconds = int(_git(root, "log", "-1", "--format=%ct", "--",
                                   str(folder.relative_to(root))).strip())
                assert dated.folders[os.path.abspath(folder)] == seconds, folder
            singles.append((time.perf_counter() - began) * len(folders) / len(sample))
        one, each = statistics.median(passes), statistics.median(singles)
        print(f"one pass:  {one:8.3f} s for {len(folders)} skills")
        print(f"per skill: {each:8.3f} s for {len(folders)} skills "
              f"(scaled from {len(sample)})")
        print(f"ratio: per skill / one pass = {each / one:.0f}x")


if __name__ == "__main__":
    main()
