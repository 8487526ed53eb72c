"""Writes benchmarks/trust_eval/set1: labelled skills for scoring the trust scan.

Written by an author who had not read the trust checks, their tests or their
documentation. Every payload is inert: hosts are example.invalid or
203.0.113.x (TEST-NET-3); nothing here is ever run.

    python benchmarks/trust_eval/build_set1.py   # rewrites set1/ and labels.json
"""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "set1"

SKILLS: list[dict] = []


def add(cat, label, why, desc, body, files=None, tools=None, extra_fm="", raw_desc=False):
    SKILLS.append({"cat": cat, "label": label, "why": why, "desc": desc, "body": body,
                   "files": files or {}, "tools": tools, "extra_fm": extra_fm,
                   "raw_desc": raw_desc})


def R(cat, why, desc, body, **kw):
    add(cat, "risky", why, desc, body, **kw)


def H(cat, why, desc, body, **kw):
    add(cat, "harmless", why, desc, body, **kw)


from cats_a import register as reg_a  # noqa: E402
from cats_b import register as reg_b  # noqa: E402
from cats_c import register as reg_c  # noqa: E402
from cats_d import register as reg_d  # noqa: E402


def write_skill(folder: Path, name: str, s: dict, body: str) -> None:
    """One registered skill written into ``folder`` (an empty folder named ``name``): SKILL.md
    from its frontmatter fields and ``body``, then its files (text, bytes, or a callable that
    writes into the folder itself). build_set2.py writes its skills with this too."""
    if s["raw_desc"]:
        desc_line = "description: " + s["desc"]
    else:
        desc_line = "description: " + json.dumps(s["desc"], ensure_ascii=False)
    fm = ["---", f"name: {name}", desc_line]
    if s["tools"]:
        fm.append(f"allowed-tools: {s['tools']}")
    if s["extra_fm"]:
        fm.append(s["extra_fm"].rstrip("\n"))
    fm.append("---")
    text = "\n".join(fm) + "\n" + body.lstrip("\n")
    if not text.endswith("\n"):
        text += "\n"
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    for rel, content in s["files"].items():
        if callable(content):
            content(folder)
            continue
        p = folder / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8")


def write():
    reg_a(R, H)
    reg_b(R, H)
    reg_c(R, H)
    reg_d(R, H)
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    order = list(range(len(SKILLS)))
    random.Random(20261202).shuffle(order)
    labels = {}
    for n, i in enumerate(order, 1):
        s = SKILLS[i]
        name = f"s{n:03d}"
        d = OUT / name
        d.mkdir()
        write_skill(d, name, s, s["body"])
        labels[name] = {"label": s["label"], "category": s["cat"], "why": s["why"]}
    text = json.dumps(labels, indent=1, ensure_ascii=False) + "\n"
    (OUT / "labels.json").write_text(text, encoding="utf-8")
    counts = {}
    for v in labels.values():
        counts.setdefault(v["category"], {"risky": 0, "harmless": 0})[v["label"]] += 1
    for c, v in sorted(counts.items()):
        print(f"{c:28} risky {v['risky']:3}  harmless {v['harmless']:3}")
    print("total", len(labels))


if __name__ == "__main__":
    import sys
    sys.path.insert(0, str(HERE))
    write()
