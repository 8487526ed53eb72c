"""Write the held-out labelled trust set `set5/` deterministically (standard library only).

    python benchmarks/trust_eval/build_set5.py [OUT_DIR]

Skills come from set5_cats_a.py ... set5_cats_f.py (each a CATEGORIES dict: name -> list of
skills made with set3_common.S), written by three helper sessions that had read neither the
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
import set5_cats_a  # noqa: E402
import set5_cats_b  # noqa: E402
import set5_cats_c  # noqa: E402
import set5_cats_d  # noqa: E402
import set5_cats_e  # noqa: E402
import set5_cats_f  # noqa: E402

SEED = 35_0005
MODULES = [set5_cats_a, set5_cats_b, set5_cats_c, set5_cats_d, set5_cats_e, set5_cats_f]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    return build_set3.build(MODULES, SEED, Path(argv[0]) if argv else HERE / "set5")


if __name__ == "__main__":
    sys.exit(main())
