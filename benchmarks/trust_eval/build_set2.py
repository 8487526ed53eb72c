"""Writes benchmarks/trust_eval/set2: a second labelled set for scoring the trust scan.

Written by a helper session that had not read the trust checks, their tests, their
documentation, set1's category modules or set1's generated skills and labels. It works
from issue 35's risk classes, the Agent Skills format and real public skills (for the
shape of harmless ones). Every payload is inert: hosts are reserved names (.invalid,
.test, .example) or documentation addresses (192.0.2.x, 198.51.100.x, 203.0.113.x),
keys are fake, and nothing here is ever run.

    python benchmarks/trust_eval/build_set2.py   # rewrites set2/ and labels.json
"""
from __future__ import annotations

import json
import random
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "set2"
SEED = 35_2026_12_02

SKILLS: list[dict] = []


def add(cat, label, why, desc, body, files=None, tools=None, extra_fm="", raw_desc=False):
    """One skill. `files` maps relative paths to str (UTF-8) or bytes; a callable value
    is called with the skill folder and writes its own files (used for large padding)."""
    SKILLS.append({"cat": cat, "label": label, "why": why, "desc": desc, "body": body,
                   "files": files or {}, "tools": tools, "extra_fm": extra_fm,
                   "raw_desc": raw_desc})


def R(cat, why, desc, body, **kw):
    add(cat, "risky", why, desc, body, **kw)


def H(cat, why, desc, body, **kw):
    add(cat, "harmless", why, desc, body, **kw)


NOTES = (
    "Work from the repository root unless the user names another folder.",
    "Keep the user's existing naming and formatting conventions.",
    "Prefer small, reviewable changes over large rewrites.",
    "Tested with current releases of the tools named above.",
    "Mention the tool versions you used in the final summary.",
    "If the project has its own contributing guide, it wins over this skill on style.",
)
USE_WHEN = re.compile(r"\bUse (?:when|whenever|for|on|in|before|after|at)\b[^.<>\n]*\.")


def enrich(body: str, desc: str, rng: random.Random) -> str:
    """Short bodies get the 'When to use' section and a note real skills usually have.
    Applied the same way to risky and harmless skills; neutral text only."""
    if len(body) > 700:
        return body
    m = USE_WHEN.search(desc)
    if not m or not m.group(0).isascii():
        return body
    lines = body.lstrip("\n").split("\n")
    if not lines or not lines[0].startswith("# "):
        return body
    head, rest = lines[0], "\n".join(lines[1:]).strip("\n")
    when = m.group(0)[4].upper() + m.group(0)[5:]
    return (f"{head}\n\n## When to use\n\n{when}\n\n## Steps\n\n{rest}\n\n"
            f"## Notes\n\n- {rng.choice(NOTES)}\n")


def write():
    sys.path.insert(0, str(HERE))
    from build_set1 import write_skill  # the same SKILL.md and files as set1's
    from set2_cats_a import register as reg_a
    from set2_cats_b import register as reg_b
    from set2_cats_c import register as reg_c
    from set2_cats_d import register as reg_d

    for reg in (reg_a, reg_b, reg_c, reg_d):
        reg(R, H)
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    order = list(range(len(SKILLS)))
    random.Random(SEED).shuffle(order)
    labels = {}
    for n, i in enumerate(order, 1):
        s = SKILLS[i]
        name = f"t{n:03d}"
        d = OUT / name
        d.mkdir()
        body = enrich(s["body"], s["desc"], random.Random(f"{SEED}-{i}"))
        write_skill(d, name, s, body)
        labels[name] = {"label": s["label"], "category": s["cat"], "why": s["why"]}
    text = json.dumps(labels, indent=1, ensure_ascii=False) + "\n"
    (OUT / "labels.json").write_text(text, encoding="utf-8")
    counts: dict[str, dict[str, int]] = {}
    for v in labels.values():
        counts.setdefault(v["category"], {"risky": 0, "harmless": 0})[v["label"]] += 1
    for c, v in sorted(counts.items()):
        print(f"{c:28} risky {v['risky']:3}  harmless {v['harmless']:3}")
    r = sum(v["risky"] for v in counts.values())
    print("total", len(labels), "risky", r, "harmless", len(labels) - r)


if __name__ == "__main__":
    write()
