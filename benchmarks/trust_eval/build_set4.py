"""Write the held-out labelled trust set `set4/` deterministically (standard library only).

    python benchmarks/trust_eval/build_set4.py [OUT_DIR]

Skills come from set4_cats_a.py ... set4_cats_d.py (each a CATEGORIES dict: name -> list of
skills made with set4_common.S), written by two helper sessions that had read neither the
checks nor the earlier sets. The layout is set3's (build_set3.build): folders s001..sNNN in
an order shuffled with a fixed seed, `name:` equal to the folder, labels.json mapping folder
-> {label, category, why}. Nothing here is ever run: the skills are data.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import build_set3  # noqa: E402
import set4_cats_a  # noqa: E402
import set4_cats_b  # noqa: E402
import set4_cats_c  # noqa: E402
import set4_cats_d  # noqa: E402

SEED = 35_0004
MODULES = [set4_cats_a, set4_cats_b, set4_cats_c, set4_cats_d]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    return build_set3.build(MODULES, SEED, Path(argv[0]) if argv else HERE / "set4")


if __name__ == "__main__":
    sys.exit(main())
