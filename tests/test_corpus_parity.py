"""Our ``valid`` equals skills-ref 0.1.1's verdict on every real skill of the shared corpus.

The reference verdict is skills-ref's own ``validate_metadata()`` applied to the frontmatter as a
full YAML parser (PyYAML's safe loader) reads it, split the way skills-ref's parser splits it.
Every difference must be one of the deliberate ones in docs/compatibility.md, each recognised
here by a detector; anything else fails the test.
"""

from __future__ import annotations

import collections
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

import skill_catalog
from skill_catalog.catalog import Catalog
from tests.environment import REPO

skills_ref_validator = pytest.importorskip("skills_ref.validator")


def reference_verdict(skill_md: Path) -> tuple[bool, dict[str, Any] | None]:
    """(valid, metadata) as skills-ref 0.1.1 would judge it with a full YAML reader."""
    try:
        content = skill_md.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return False, None  # skills-ref crashes with a traceback: certainly not valid
    if not content.startswith("---"):
        return False, None
    parts = content.split("---", 2)
    if len(parts) < 3:
        return False, None
    try:
        metadata = yaml.safe_load(parts[1])
    except yaml.YAMLError:
        return False, None
    if not isinstance(metadata, dict):
        return False, None
    if "metadata" in metadata and isinstance(metadata["metadata"], dict):
        metadata["metadata"] = {str(k): str(v) for k, v in metadata["metadata"].items()}
    try:
        errors = skills_ref_validator.validate_metadata(metadata, skill_md.parent)
    except TypeError:  # sorted() over mixed-type keys: skills-ref crashes
        return False, metadata
    return not errors, metadata


def _line_split_differs(text: str) -> bool:
    """skills-ref splits on the first two '---' anywhere; we split on whole '---' lines."""
    head = text.split("---", 2)
    match = re.match(r"---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(\r?\n|$)", text, re.S)
    return match is None or len(head) < 3 or head[1].strip() != match.group(1).strip()


# Each deliberate difference: (id in docs/compatibility.md, detector(skill, text) -> bool)
def _has(code: str) -> Any:
    return lambda skill, text: any(d.code == code for d in skill.diagnostics)


DELIBERATE = {
    "line-anchored-fences": lambda skill, text: _line_split_differs(text),
    "utf8-bom-tolerated": lambda skill, text: text.startswith("\ufeff"),
    "metadata-must-be-a-mapping": _has("SC116"),
    "duplicate-keys-are-errors": _has("SC024"),
    "yaml-safety-limits": _has("SC025"),
    "duplicate-names-are-errors": _has("SC301"),
}


def explain(skill: skill_catalog.Skill) -> list[str]:
    text = skill.skill_md.read_bytes().decode("utf-8", "replace")
    return [key for key, detect in DELIBERATE.items() if detect(skill, text)]


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["links restored", "as shared"])
def test_valid_flag_matches_skills_ref_on_the_whole_corpus(
        layout: str, request: pytest.FixtureRequest) -> None:
    """On the corpus as its repositories hold it (symbolic links restored: a SKILL.md linked
    from elsewhere is read through its link, a broken one is no skill), and as shared/ lays it
    out (where a link may be a small file holding its target's path: a SKILL.md that skills-ref
    and we both find invalid)."""
    catalog: Catalog = request.getfixturevalue(
        "corpus_catalog" if layout == "links restored" else "shared_catalog")
    assert len(catalog) > 1000
    unexplained: list[str] = []
    explained: collections.Counter[str] = collections.Counter()
    for skill in catalog:
        ref_valid, _ = reference_verdict(skill.skill_md)
        if ref_valid == skill.valid:
            continue
        reasons = explain(skill)
        if reasons:
            explained.update(reasons)
        else:
            codes = [d.code for d in skill.errors]
            unexplained.append(f"{skill.skill_md}: ours={skill.valid} ref={ref_valid} {codes}")
    assert not unexplained, "\n".join(unexplained[:20])


def test_every_deliberate_difference_is_documented() -> None:
    text = (REPO / "docs" / "compatibility.md").read_text(encoding="utf-8")
    for key in DELIBERATE:
        assert f"`{key}`" in text, f"docs/compatibility.md does not list {key}"


@pytest.mark.parametrize(
    ("frontmatter", "ref_valid", "ours_valid"),
    [
        # The same verdict...
        ("name: x\ndescription: ok", True, True),
        ("name: X\ndescription: ok", False, False),
        ("name: x\ndescription: ok\nversion: 1", False, False),
        ("name: x\ndescription: ok\nmetadata:\n  n: 1", True, True),
        ("name: x\ndescription: ok\ncompatibility: ''", True, True),
        ("name: x\ndescription: ok\nallowed-tools:\n  - Read", True, True),
        # ...and the deliberate differences, each shown once.
        ("name: x\ndescription: a---b", True, True),
        ("name: x\ndescription: ok\nmetadata: flat", True, False),
        ("name: x\ndescription: ok\ndescription: again", True, False),
    ],
)
def test_reference_and_ours_on_small_cases(
    library: Path, frontmatter: str, ref_valid: bool, ours_valid: bool
) -> None:
    skill_dir = library / "x"
    skill_dir.mkdir()
    (skill_dir / "SKILL.md").write_text(f"---\n{frontmatter}\n---\nBody\n", encoding="utf-8")
    assert reference_verdict(skill_dir / "SKILL.md")[0] is ref_valid
    (skill,) = skill_catalog.load([library]).skills
    assert skill.valid is ours_valid, skill.diagnostics
