"""The trust flags on the shared corpus, each read by hand (issue 35): the verdicts live in
``tests/trust_reviewed/corpus_flags.json`` (true-risk, documentation-about-risk or wrong, with
a reason). A change that flips a reviewed verdict shows here: a flag reviewed as wrong and
fixed comes back, a true risk is no longer flagged, or a flag nobody has reviewed appears."""

from __future__ import annotations

import json
from pathlib import Path

from skill_catalog import Catalog
from skill_catalog.model import Severity
from tests.environment import REPO

REVIEWED = REPO / "tests" / "trust_reviewed" / "corpus_flags.json"


def _flags(catalog: Catalog, root: Path) -> set[tuple[str, str, str]]:
    """(skill folder, code, FILE:LINE) of every warning or danger trust finding, paths
    relative to the corpus."""
    found = set()
    for skill in catalog.skills:
        for finding in skill.trust_findings:
            if finding.severity in (Severity.ERROR, Severity.WARNING):
                where = Path(finding.file or skill.skill_md).relative_to(root).as_posix()
                found.add((skill.dir.relative_to(root).as_posix(), finding.code,
                           f"{where}:{finding.line}"))
    return found


def test_reviewed_verdicts_hold_on_the_corpus(corpus: Path, corpus_catalog: Catalog) -> None:
    reviewed = json.loads(REVIEWED.read_text(encoding="utf-8"))["flags"]
    now = _flags(corpus_catalog, corpus.resolve())
    keys = {(r["skill"], r["code"], r["where"]): r for r in reviewed}
    came_back = [k for k, r in keys.items() if not r["flagged"] and k in now]
    lost = [k for k, r in keys.items() if r["verdict"] == "true-risk" and k not in now]
    unreviewed = sorted(now - set(keys))
    assert not came_back, f"flags reviewed as wrong and fixed are back: {came_back}"
    assert not lost, f"true risks no longer flagged: {lost}"
    described = {(skill.dir.relative_to(corpus.resolve()).as_posix(),
                  f"{Path(f.file or skill.skill_md).relative_to(corpus.resolve()).as_posix()}:"
                  f"{f.line}")
                 for skill in corpus_catalog.skills for f in skill.trust_findings
                 if f.code == "ST016"}
    not_shown = [k for k, r in keys.items()
                 if r.get("shown_as") and (k[0], k[2]) not in described]
    assert not not_shown, f"documentation about attacks no longer shown as ST016: {not_shown}"
    assert not unreviewed, ("flags nobody has reviewed: read each and record its verdict in "
                            f"{REVIEWED.relative_to(REPO)}: {unreviewed}")


def test_every_reviewed_flag_has_a_verdict_and_a_reason() -> None:
    data = json.loads(REVIEWED.read_text(encoding="utf-8"))
    assert set(data["verdicts"]) == {"true-risk", "documentation-about-risk", "wrong"}
    for row in data["flags"]:
        assert row["verdict"] in data["verdicts"], row
        assert len(row["reason"]) >= 20, row
        assert isinstance(row["flagged"], bool), row
