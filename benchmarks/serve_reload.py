"""Edit to screen: how long after a skill's SKILL.md is saved the page open in a browser shows
the edit, with ``skill-catalog serve`` on a real-bodied library of N skills (make_library.py).

It starts ``skill-catalog serve LIB --port 0`` (a temporary site, or ``-o`` a folder in
``--work``), opens that skill's page in headless Chromium (Debian's, through Playwright), and
for each repeat appends a line naming the repeat to the SKILL.md and waits until the page, which
reloads itself when the rebuild is complete, shows it. Prints the start-up (command to URL),
min / median / max of edit to screen, and the peak memory of all of serve's processes together
(the server, its build process and the workers of the first build: summed proportional set
size, sampled every 0.1 s). ``--poll`` makes serve poll for changes (without it, serve uses
watchfiles when installed).

Run: python -m benchmarks.serve_reload --size 2000 --repeats 5 [--work /dev/shm] [--poll]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.build_speed import OUT, compile_package
from benchmarks.common import ARGS, CHROMIUM, TreePeak
from benchmarks.make_library import make_library


def _target(library: Path, size: int) -> Path:
    return sorted(library.iterdir())[size // 2] / "SKILL.md"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--work", type=Path, help="where serve -o writes the site (default: "
                        "serve's own temporary folder)")
    parser.add_argument("--poll", action="store_true", help="serve --poll")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds to wait for one edit to show")
    args = parser.parse_args()
    compile_package()
    library = make_library(args.size, OUT / f"lib-{args.size}")
    target = _target(library, args.size)
    original = target.read_bytes()
    command = [sys.executable, "-m", "skill_catalog", "serve", str(library), "--port", "0"]
    site = None
    if args.work is not None:
        site = Path(tempfile.mkdtemp(prefix="serve-reload-", dir=args.work)) / "site"
        command += ["-o", str(site)]
    if args.poll:
        command.append("--poll")
    from playwright.sync_api import sync_playwright

    start = time.perf_counter()
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    memory = TreePeak(server.pid)
    times: list[float] = []
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        started = time.perf_counter() - start
        if not url.startswith("http"):
            raise SystemExit(f"serve did not start: {url!r}")
        slug = target.parent.name
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(f"{url}skills/{slug}/")
            for i in range(args.repeats):
                marker = f"Edited for the reload benchmark, {i} {time.time_ns()}."
                edited = time.perf_counter()
                with target.open("a", encoding="utf-8") as handle:
                    handle.write(f"\n{marker}\n")
                page.wait_for_function(
                    "marker => document.body && document.body.innerText.includes(marker)",
                    arg=marker, timeout=args.timeout * 1000, polling=20)
                times.append(time.perf_counter() - edited)
            browser.close()
    finally:
        target.write_bytes(original)
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
        peak = memory.stop()
        if site is not None:  # the site, its build state and skill cache
            shutil.rmtree(site.parent, ignore_errors=True)
    print(f"N = {args.size}, serve{' --poll' if args.poll else ''}"
          f"{' -o ' + str(args.work) if args.work else ''}")
    print(f"  start (command to URL)   {started:7.2f}s")
    print(f"  edit to screen           min {min(times):6.2f}s  median "
          f"{statistics.median(times):6.2f}s  max {max(times):6.2f}s  ({len(times)} edits)")
    print(f"  memory, all processes    {peak:7.0f} MB (peak, PSS)")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
