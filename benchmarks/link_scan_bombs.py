"""Load, validate and build time of each link-scan bomb against plain prose of the same length.

Run: python -m benchmarks.link_scan_bombs [--size 200000] [--repeats 3] [--only NAME,...]

Each body of ``tests/hostile_library.LINK_SCAN_BOMBS`` (a piece repeated to ``--size``
characters: ``"<a " * N``, ``"[" * N + "](x)"``, identical headings...) is the body of a
one-skill library, built in this process with one worker; so is plain prose of the same length.
Prints the prose's time, then per body the minimum over ``--repeats`` builds and its ratio to
the prose's (a search that starts over at every ``[``, ``<a`` or backtick shows as a ratio that
grows with ``--size``). The unit test counts the Python lines each build runs instead
(``tests/test_hostile.py::test_link_scan_bombs_load_and_build_in_linear_work``); time spent
inside one regular expression shows only here.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from tests.helpers.libraries import write_skill
from tests.hostile_library import LINK_SCAN_BOMBS, link_scan_bomb


def seconds(work: Path, folder: str, body: str, repeats: int) -> float:
    """The fastest of ``repeats`` full builds (``--force``: nothing reused) of one skill."""
    library = work / folder
    write_skill(library, "bomb", body=body)
    config = config_from_mapping({})
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        result = build(config, roots=[library], output=work / f"{folder}-site", workers=1,
                       force=True)
        best = min(best, time.perf_counter() - start)
        assert [s.valid for s in result.catalog.skills] == [True], folder
    return best


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--size", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated body names")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(LINK_SCAN_BOMBS)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        seconds(work, "warm-up", "Plain words.\n", 1)
        prose = ("Plain words in a plain sentence, nothing to link.\n" * (args.size // 50 + 1)
                 )[:args.size]
        plain = seconds(work, "prose", prose, args.repeats)
        print(f"size {args.size:,} characters, {args.repeats} runs each, minimum")
        print(f"{'plain prose':<28} {plain:8.3f}s")
        for name in names:
            took = seconds(work, name, link_scan_bomb(name, args.size), args.repeats)
            print(f"{name:<28} {took:8.3f}s  {took / plain:7.1f}x prose", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
