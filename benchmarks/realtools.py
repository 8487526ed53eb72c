"""Real agent CLIs on a large library: does ``prompt --as-seen-by`` still agree with what the
tool sends when the library is big enough for its budget to cut, and how long do both take?

Uses the harness of ``tests/realtools`` (the pinned CLIs, installed by ``python -m
tests.realtools install``): ``N`` skills of about ``SIZE`` characters each are written into the
project skills folder of each tool, the tool runs once against the model stub, and its listing
is compared with skill-catalog's, line by line.

    python -m benchmarks.realtools [N] [SIZE] [TOOL...]
"""

from __future__ import annotations

import difflib
import sys
import tempfile
import time
from pathlib import Path

from skill_catalog.agents.agent_view import see
from skill_catalog.agents.as_seen import as_seen
from skill_catalog.agents.launch import Launch
from skill_catalog.agents.profiles import PROFILES
from tests.realtools.agents import AGENTS, comparable, missing
from tests.realtools.trees import budget_tree

FOLDERS = {"claude-code": ".claude/skills", "codex": ".agents/skills",
           "gemini-cli": ".agents/skills", "opencode": ".agents/skills"}


def compare(tool: str, count: int, size: int, base: Path) -> bool:
    """Run ``tool`` on a library of ``count`` skills; print timings and any difference."""
    agent = AGENTS[tool]
    tree = budget_tree(base, FOLDERS[tool], count, size)
    run = agent.run(tree.cwd, tree.home)
    expected = agent.seen(run) or ""
    started = time.perf_counter()
    launch = Launch(tree.cwd, tree.home, {**run.env, "HOME": str(tree.home)})
    seen = as_seen(see(PROFILES[tool], launch))
    ours_seconds = time.perf_counter() - started
    same = comparable(tool, seen.text) == comparable(tool, expected)
    cut = seen.cuts
    print(f"{tool:<12} {count} skills: tool {run.seconds:6.1f}s, skill-catalog "
          f"{ours_seconds:6.3f}s; {len(seen.lines)} listed, {len(cut.shortened)} shortened, "
          f"{len(cut.dropped)} by name only, {len(cut.omitted)} left out: "
          f"{'same listing' if same else 'DIFFERENT'}"
          + (" (Gemini CLI's order within a folder varies: compared as a set)"
             if tool == "gemini-cli" else ""))
    if not same:
        for line in difflib.unified_diff(expected.split("\n"), seen.text.split("\n"), "tool",
                                         "skill-catalog", lineterm="", n=0):
            print("   ", line[:160])
    return same


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 200
    size = int(argv[1]) if len(argv) > 1 else 600
    tools = argv[2:] or list(AGENTS)
    absent = missing()
    if absent:
        print("not installed: " + ", ".join(absent) + " (python -m tests.realtools install)")
        return 2
    results = []
    with tempfile.TemporaryDirectory() as temporary:
        for tool in tools:
            results.append(compare(tool, count, size, Path(temporary) / tool))
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
