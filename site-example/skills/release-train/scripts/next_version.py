#!/usr/bin/env python3
"""Compute the next ground-segment release tag (calendar versioning).

Release tags look like  v2025.03.0, v2025.03.1, ...   (year.month.sequence)
Hotfix tags look like   v2025.03.1-hf1, v2025.03.1-hf2, ...

Usage:
    git tag --list 'v*' | next_version.py [--date YYYY-MM-DD]
    git tag --list 'v*' | next_version.py --hotfix v2025.03.1
    next_version.py --tags v2025.02.0 v2025.03.0
"""
import argparse
import re
import sys
from datetime import date

RELEASE = re.compile(r"^v(\d{4})\.(\d{2})\.(\d+)$")
HOTFIX = re.compile(r"^(v\d{4}\.\d{2}\.\d+)-hf(\d+)$")


def next_release(tags: list, today: date) -> str:
    prefix = (today.year, today.month)
    seqs = [int(m.group(3)) for t in tags if (m := RELEASE.match(t))
            and (int(m.group(1)), int(m.group(2))) == prefix]
    seq = max(seqs) + 1 if seqs else 0
    return f"v{today.year}.{today.month:02d}.{seq}"


def next_hotfix(tags: list, base: str) -> str:
    if not RELEASE.match(base):
        raise SystemExit(f"error: {base!r} is not a release tag like v2025.03.1")
    if base not in tags:
        raise SystemExit(f"error: release {base} not found among the tags")
    numbers = [int(m.group(2)) for t in tags if (m := HOTFIX.match(t)) and m.group(1) == base]
    return f"{base}-hf{max(numbers) + 1 if numbers else 1}"


def main() -> int:
    parser = argparse.ArgumentParser(description="Compute the next release or hotfix tag")
    parser.add_argument("--tags", nargs="*", help="existing tags (default: read from stdin)")
    parser.add_argument("--date", type=date.fromisoformat, default=date.today())
    parser.add_argument("--hotfix", metavar="BASE", help="compute a hotfix tag on top of BASE")
    args = parser.parse_args()

    if args.tags is not None:
        tags = args.tags
    elif not sys.stdin.isatty():
        tags = [line.strip() for line in sys.stdin if line.strip()]
    else:
        tags = []

    print(next_hotfix(tags, args.hotfix) if args.hotfix else next_release(tags, args.date))
    return 0


if __name__ == "__main__":
    sys.exit(main())
