"""Everything a user sees, digested, to prove a refactoring changes none of it: sites, reports
in every format, prompt fragments in every format and tool listings, for the bundled example,
the shared corpus and the hostile library.

Run it from the checkout before the change and from the checkout after it, with the same
``--work`` folder (inputs are copied there once, so that paths inside the outputs agree):

    python -m benchmarks.same_outputs --work /tmp/same --label before
    python -m benchmarks.same_outputs --work /tmp/same --label after --compare before

Exit status 1 when ``--compare`` finds a difference (each one is printed).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from benchmarks.common import CORPUS, REPO

FORMATS = ("xml", "skills-ref", "crush", "claude-code", "codex", "copilot", "gemini", "opencode",
           "markdown", "json")
REPORTS = ("text", "json", "github", "sarif")


def _inputs(work: Path) -> dict[str, Path]:
    inputs = work / "inputs"
    if not inputs.is_dir():
        staging = work / "inputs.tmp"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        shutil.copytree(REPO / "site-example", staging / "site-example", symlinks=True)
        sys.path.insert(0, str(REPO))
        from tests.hostile_library import make_hostile_library

        make_hostile_library(staging / "hostile", big=False)
        os.replace(staging, inputs)
    return {"site-example": inputs / "site-example",
            "hostile": inputs / "hostile" / "library", "corpus": CORPUS}


def _run(out: Path, name: str, *args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "skill_catalog", *args], capture_output=True,
                          cwd=out.parent, check=False, env={**os.environ, "NO_COLOR": "1"})
    (out / f"{name}.out").write_bytes(done.stdout)
    (out / f"{name}.err").write_bytes(done.stderr)
    (out / f"{name}.status").write_text(str(done.returncode))


def produce(work: Path) -> Path:
    """Every output into ``work/out`` (emptied first)."""
    out = work / "out"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for label, library in _inputs(work).items():
        config = library / "skill-catalog.yml"
        source = ["-c", str(config)] if config.is_file() else [str(library)]
        _run(out, f"{label}-build", "build", *source, "-o", str(out / f"{label}-site"))
        for report in REPORTS:
            _run(out, f"{label}-validate-{report}", "validate", *source, "-f", report)
        for fmt in FORMATS:
            _run(out, f"{label}-prompt-{fmt}", "prompt", *source, "-f", fmt)
        _run(out, f"{label}-list", "list", *source)
    return out


STATE = re.compile(r"^\.skill-catalog/[\w-]+\.(state|skills)\.json$")
"""The build state and skill cache beside a site: they record file identities (inode,
change time), which differ between any two runs; they are not shown to anyone."""


def digest(out: Path) -> dict[str, str]:
    """Path (relative to ``out``) -> sha256 of every file, and the target of every link (the
    build state beside each site left out)."""
    found = {}
    for folder, dirs, files in os.walk(out):
        dirs.sort()
        for name in sorted(files + [d for d in dirs if Path(folder, d).is_symlink()]):
            path = Path(folder, name)
            relative = path.relative_to(out).as_posix()
            if STATE.match(relative):
                continue
            if path.is_symlink():
                found[relative] = "link:" + os.readlink(path)
            else:
                found[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--label", required=True)
    parser.add_argument("--compare", help="the label of an earlier run to compare with")
    args = parser.parse_args()
    work = args.work.resolve()
    manifest = digest(produce(work))
    (work / f"{args.label}.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))
    print(f"{args.label}: {len(manifest)} files digested into {work / args.label}.json")
    if not args.compare:
        return 0
    earlier = json.loads((work / f"{args.compare}.json").read_text())
    differing = sorted(k for k in earlier.keys() | manifest.keys()
                       if earlier.get(k) != manifest.get(k))
    for path in differing:
        print(f"differs: {path} ({earlier.get(path, 'missing')[:12]} -> "
              f"{manifest.get(path, 'missing')[:12]})")
    print(f"{len(differing)} of {len(manifest)} files differ from {args.compare}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
