"""``python -m tests.realtools install``: install Node 22 and the pinned agent CLIs into
``.cache/`` (what ``.ci/run`` does); ``python -m tests.realtools check``: exit 1 and say what
is missing."""

from __future__ import annotations

import sys

from tests.realtools.agents import install, missing


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "install":
        install()
    absent = missing()
    if absent:
        print("not installed: " + ", ".join(absent), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
