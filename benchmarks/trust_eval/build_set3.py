"""Write the held-out labelled trust set `set3/` deterministically (standard library only).

    python benchmarks/trust_eval/build_set3.py [OUT_DIR]

Skills come from set3_cats_a.py ... set3_cats_d.py (each a CATEGORIES dict: name -> list of
skills made with set3_common.S). Folders are s001..sNNN in an order shuffled with a fixed seed;
`name:` equals the folder. labels.json maps folder -> {label, category, why}.
Nothing here is ever run: the skills are data.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import set3_cats_a  # noqa: E402
import set3_cats_b  # noqa: E402
import set3_cats_c  # noqa: E402
import set3_cats_d  # noqa: E402

SEED = 35_0003
MODULES = [set3_cats_a, set3_cats_b, set3_cats_c, set3_cats_d]
PLAIN_OK = re.compile(r"^[A-Za-z(][^\n]*$")
# Neutral notes the builder appends to half of all skills, risky and harmless alike, so that
# a reserved documentation host (example.invalid, 203.0.113.x) is not by itself a label.
NOTES = [
    "Team wiki page: https://wiki.corp.example.invalid/dev/{n}",
    "Questions go to the platform channel (https://chat.corp.example.invalid/#platform).",
    "Staging host for manual checks: 203.0.113.200 (VPN only).",
    "Report problems at https://issues.corp.example.invalid/projects/DEV.",
    "An internal copy of the upstream docs is at https://docs.corp.example.invalid/.",
    "Status of shared services: https://status.corp.example.invalid.",
    "Owner: developer-experience team; last reviewed {month} 2026.",
    "The internal package mirror is listed at https://wiki.corp.example.invalid/mirrors.",
]
MONTHS = ["March", "May", "July", "September", "October", "November"]


def yaml_scalar(text):
    """A YAML scalar for text: plain when that is safe, else double-quoted with escapes."""
    risky_plain = (": " in text or " #" in text or text.endswith(":") or '"' in text
                   or "'" in text[:1] or any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F
                                             or ord(c) > 0x7E for c in text)
                   or text.strip() != text or text.lower() in ("yes", "no", "true", "false",
                                                               "null", "on", "off"))
    if PLAIN_OK.match(text) and not risky_plain:
        return text
    out = []
    for c in text:
        o = ord(c)
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif o < 0x20 or o == 0x7F or 0x80 <= o <= 0x9F or o in (0xFEFF,) or 0xD800 <= o <= 0xDFFF \
                or o in (0xFFFE, 0xFFFF):
            out.append(f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def skill_md(name, sk):
    lines = ["---", f"name: {name}"]
    if sk["desc_raw"] is not None:
        lines.append(sk["desc_raw"].rstrip("\n"))
    else:
        lines.append("description: " + yaml_scalar(sk["desc"]))
    if sk["fm"]:  # a string of lines, or (set4) a list of them
        fm = sk["fm"] if isinstance(sk["fm"], str) else "\n".join(sk["fm"])
        lines.append(fm.rstrip("\n"))
    lines.append("---")
    body = sk["body"].strip("\n")
    if sk["title"] and not body.startswith("#"):
        body = f"# {sk['title']}\n\n{body}"
    return "\n".join(lines) + "\n\n" + body + "\n"


def collect(modules):
    items = []
    for mod in modules:
        for cat, skills in mod.CATEGORIES.items():
            for i, sk in enumerate(skills):
                items.append((cat, i, sk))
    return items


def write_skill(folder, name, sk):
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_bytes(skill_md(name, sk).encode("utf-8"))
    for rel, content in sorted(sk["files"].items()):
        if callable(content):
            content = content()
        p = folder / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            content = content.encode("utf-8")
        p.write_bytes(content)


def tree_sha256(root):
    """sha256 over sorted relative paths and file contents (to check regeneration is exact)."""
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in sorted(os.walk(root)):
        dirnames.sort()
        for f in sorted(filenames):
            p = os.path.join(dirpath, f)
            h.update(os.path.relpath(p, root).encode() + b"\0")
            with open(p, "rb") as fh:
                h.update(fh.read() + b"\0")
    return h.hexdigest()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    return build(MODULES, SEED, Path(argv[0]) if argv else HERE / "set3")


def build(modules, seed, out):
    """Write the skills of ``modules`` to ``out`` (shuffled with ``seed``) and labels.json;
    print the counts and the tree's digest. Later sets (build_set4.py) call it with theirs."""
    items = collect(modules)
    pick = random.Random(seed + 1)
    for k, (cat, i, sk) in enumerate(items):
        if pick.random() < 0.5:
            note = pick.choice(NOTES).format(n=pick.randint(100, 999), month=pick.choice(MONTHS))
            body = sk["body"].rstrip("\n") + "\n\n## Notes\n\n- " + note + "\n"
            items[k] = (cat, i, dict(sk, body=body))
    rng = random.Random(seed)
    rng.shuffle(items)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    labels = {}
    width = max(3, len(str(len(items))))
    for n, (cat, _i, sk) in enumerate(items, 1):
        name = f"s{n:0{width}d}"
        write_skill(out / name, name, sk)
        labels[name] = {"label": sk["label"], "category": cat, "why": sk["why"]}
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    counts = {}
    for lab in labels.values():
        c = counts.setdefault(lab["category"], [0, 0])
        c[0 if lab["label"] == "risky" else 1] += 1
    for cat in sorted(counts):
        print(f"{cat:26} risky {counts[cat][0]:3}  harmless {counts[cat][1]:3}")
    tr = sum(c[0] for c in counts.values())
    th = sum(c[1] for c in counts.values())
    print(f"{'total':26} risky {tr:3}  harmless {th:3}  skills {len(labels)}")
    print(f"tree sha256 {tree_sha256(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
