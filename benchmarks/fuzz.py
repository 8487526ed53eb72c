"""A long fuzz run of the hostile-input properties (docs/security.md records the last result).

Run: python -m benchmarks.fuzz [--examples 1000] [--parse-examples 20000] [--rebuild-sequences 200]

1. Every property of ``tests/test_properties.py`` (arbitrary SKILL.md bytes, arbitrary YAML,
   hostile frontmatter values and Markdown, each built into a whole site and checked for script
   from content, unescaped input and malformed prompt files) with ``--examples`` examples each,
   randomised (the test suite runs them with its Hypothesis profile: 60 derandomised examples,
   150 in CI; tests/conftest.py).
2. The parser alone (``skill_catalog.load``) on ``--parse-examples`` arbitrary byte strings and
   arbitrary Unicode frontmatter: no exception may escape, every skill is either valid or has an
   error, and every diagnostic names a file of the skill.
3. ``tests/test_rebuild_sequences.py`` with ``--rebuild-sequences`` random sequences of edits,
   each rebuilt incrementally (by command and by a session) and compared with a fresh build.

Exit status 0 when every property held; a failing example is printed by Hypothesis.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def _timed(label: str, run: Callable[[], None]) -> bool:
    start = time.perf_counter()
    try:
        run()
    except Exception:  # a property failed: Hypothesis has printed the falsifying example
        traceback.print_exc()
        print(f"FAIL {label} after {time.perf_counter() - start:.1f}s", flush=True)
        return False
    print(f"ok   {label:<58} {time.perf_counter() - start:8.1f}s", flush=True)
    return True


def _parser_only(examples: int) -> list[tuple[str, Callable[[], None]]]:
    import skill_catalog

    fuzz_settings = settings(max_examples=examples, deadline=None, database=None,
                             suppress_health_check=list(HealthCheck))

    def check(folder: Path) -> None:
        catalog = skill_catalog.load([folder])
        assert len(catalog.skills) == 1
        skill = catalog.skills[0]
        assert skill.valid or skill.errors, skill.diagnostics
        assert all(d.file is None or folder in d.file.parents for d in skill.diagnostics)

    @fuzz_settings
    @given(data=st.binary(max_size=4000))
    def arbitrary_bytes(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "s").mkdir()
            (Path(tmp) / "s" / "SKILL.md").write_bytes(data)
            check(Path(tmp))

    @fuzz_settings
    @given(text=st.text(max_size=4000), body=st.text(max_size=500))
    def arbitrary_frontmatter(text: str, body: str) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "s").mkdir()
            (Path(tmp) / "s" / "SKILL.md").write_text(
                f"---\n{text}\n---\n{body}", encoding="utf-8", errors="surrogatepass")
            check(Path(tmp))

    return [(f"load: arbitrary bytes x{examples}", arbitrary_bytes),
            (f"load: arbitrary frontmatter text x{examples}", arbitrary_frontmatter)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=1000,
                        help="examples per site-building property (default 1000)")
    parser.add_argument("--parse-examples", type=int, default=20000,
                        help="examples per parser-only property (default 20000)")
    parser.add_argument("--rebuild-sequences", type=int, default=200,
                        help="edit sequences for the rebuild property (default 200)")
    args = parser.parse_args()
    # The suite's "long" profile (new examples on every run, no deadline) with this run's
    # count, loaded before the test modules are imported, as pytest loads it from conftest.
    importlib.import_module("tests.conftest")  # registers the suite's profiles
    settings.register_profile("fuzz", settings.get_profile("long"), max_examples=args.examples)
    settings.load_profile("fuzz")
    properties = importlib.import_module("tests.test_properties")
    runs: list[tuple[str, Callable[[], None]]] = [
        (f"site: {name.removeprefix('test_')} x{args.examples}", getattr(properties, name))
        for name in sorted(vars(properties)) if name.startswith("test_")
    ]
    runs += _parser_only(args.parse_examples)
    sequences = importlib.import_module("tests.test_rebuild_sequences").RebuildSequence
    sequences.TestCase.settings = settings(sequences.TestCase.settings,
                                           max_examples=args.rebuild_sequences)
    runs.append((f"rebuilds equal a fresh build x{args.rebuild_sequences} sequences",
                 lambda: sequences.TestCase().runTest()))
    start = time.perf_counter()
    results = [_timed(label, run) for label, run in runs]
    print(f"{sum(results)}/{len(results)} properties held; "
          f"{time.perf_counter() - start:.0f}s in all")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
