"""Edit to notification: how long after a skill file is saved a client connected to
``skill-catalog mcp`` receives ``notifications/resources/list_changed``, on a real-bodied library
of N skills (make_library.py); and how long after that ``skills/get`` shows the new digest.

It starts ``skill-catalog mcp LIB`` over stdio with the official ``mcp`` SDK's client (the
initialize handshake, as agent tools connect today), and for each repeat appends a line naming
the repeat to one skill's SKILL.md and waits for the notification. Prints the start-up (command
to first answer) and min / median / max of edit to notification. ``--poll`` makes the server
poll (without it, watchfiles when installed). The issue asks for under 1 s at 2,000 skills.

Run: python -m benchmarks.mcp_list_changed --size 2000 --repeats 5 [--poll]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import anyio

from benchmarks.build_speed import OUT
from benchmarks.make_library import make_library


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--poll", action="store_true", help="skill-catalog mcp --poll")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds to wait for one notification")
    args = parser.parse_args()
    import mcp_types
    from mcp import Client, StdioServerParameters

    library = make_library(args.size, OUT / f"lib-{args.size}")
    target = sorted(library.iterdir())[args.size // 2] / "SKILL.md"
    name = target.parent.name
    original = target.read_bytes()
    command = ["-m", "skill_catalog", "mcp", str(library), *(["--poll"] if args.poll else [])]
    changed = anyio.Event()
    arrived = [0.0]

    async def on_message(message: Any) -> None:
        if isinstance(message, mcp_types.ResourceListChangedNotification):
            arrived[0] = time.perf_counter()
            changed.set()

    async def run() -> tuple[float, list[float], list[float]]:
        nonlocal changed
        started = time.perf_counter()
        params = StdioServerParameters(command=sys.executable, args=command)
        async with Client(params, mode="legacy", message_handler=on_message) as client:
            await client.list_tools()
            startup = time.perf_counter() - started
            await anyio.sleep(2)  # the watcher's first look
            notified, refreshed = [], []
            for repeat in range(args.repeats):
                changed = anyio.Event()
                edited = time.perf_counter()
                with target.open("ab") as handle:
                    handle.write(f"\nEdit {repeat}.\n".encode())
                with anyio.fail_after(args.timeout):
                    await changed.wait()
                notified.append(arrived[0] - edited)
                await client.read_resource(f"skill://{name}/SKILL.md")  # the new bytes
                refreshed.append(time.perf_counter() - edited)
                await anyio.sleep(1)
            return startup, notified, refreshed

    try:
        startup, notified, refreshed = anyio.run(run)
    finally:
        target.write_bytes(original)
    print(f"mcp list_changed, {args.size} skills ({'poll' if args.poll else 'watchfiles'})")
    print(f"  start-up (command to first answer): {startup:.2f} s")
    for label, values in (("edit -> list_changed", notified),
                          ("edit -> new bytes read", refreshed)):
        print(f"  {label}: min {min(values):.3f} s, median {statistics.median(values):.3f} s, "
              f"max {max(values):.3f} s ({len(values)} edits)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
