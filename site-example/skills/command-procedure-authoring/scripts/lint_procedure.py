#!/usr/bin/env python3
"""Lint a named command procedure (YAML) for the Kestrel commanding gateway.

Usage:
    lint_procedure.py PROCEDURE.yaml [PROCEDURE.yaml ...]

Exit status: 0 clean, 1 findings, 2 unreadable file. Requires PyYAML.
"""
import re
import sys

try:
    import yaml
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit("error: PyYAML is required (pip install pyyaml)")

ID_RE = re.compile(r"^[A-Z]+(?:-[A-Z]+)*-\d{2}$")
BUDGET_S = 360
PER_STEP_OVERHEAD_S = 10


def lint(doc: dict) -> list:
    findings = []
    if not ID_RE.match(str(doc.get("id", ""))):
        findings.append(("P001", f"procedure ID {doc.get('id')!r} does not match UPPER-CASE-NN"))
    steps = doc.get("steps") or []
    budget = 0
    for index, step in enumerate(steps, start=1):
        if step.get("step") != index:
            findings.append(("P002", f"step {index} is numbered {step.get('step')!r}"))
        verify = step.get("verify")
        if not verify:
            findings.append(("P003", f"step {index} has no verify block"))
        else:
            budget += int(verify.get("within_s", 0))
        budget += PER_STEP_OVERHEAD_S
        on_fail = str(step.get("on_fail", ""))
        if on_fail not in ("ABORT", "CONTINUE") and not re.match(r"^GOTO \d+$", on_fail):
            findings.append(("P005", f"step {index} has unknown on_fail {on_fail!r}"))
        if "raw" in step:
            findings.append(("P005", f"step {index} uses raw commanding, which is forbidden"))
    if budget > BUDGET_S:
        findings.append(("P004", f"time budget {budget} s exceeds {BUDGET_S} s"))
    return findings


def main(paths: list) -> int:
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as fh:
                doc = yaml.safe_load(fh) or {}
        except (OSError, yaml.YAMLError) as exc:
            print(f"{path}: error: {exc}", file=sys.stderr)
            return 2
        for code, message in lint(doc):
            print(f"{path}: {code} {message}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
