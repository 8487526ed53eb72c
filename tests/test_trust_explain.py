"""``skill-catalog trust explain CODE`` and the rule reference: every trust rule says what it
looks for, what it does not, and shows an example of each; every example is written into a
skill and run through the real checks here, so the examples cannot drift from what they do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.cli import cli
from skill_catalog.trust.explain import EXPLAINED, Example
from skill_catalog.validate.docs import rules_markdown
from skill_catalog.validate.rules import RULES

TRUST_CODES = sorted(code for code in RULES if code.startswith("ST"))


def _codes(tmp_path: Path, example: Example) -> set[str]:
    """The codes of every trust finding (any severity) on a skill holding ``example``."""
    folder = tmp_path / "library" / "example"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(example.skill_md(), encoding="utf-8")
    for rel, content in example.files().items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    [skill] = skill_catalog.load([tmp_path / "library"]).skills
    return {finding.code for finding in skill.trust_findings}


def test_every_trust_rule_is_explained() -> None:
    assert sorted(EXPLAINED) == TRUST_CODES
    for code, explained in EXPLAINED.items():
        assert explained.code == code
        assert explained.not_for.endswith("."), code
        assert explained.fires.display.strip(), code
        assert explained.quiet.display.strip(), code


@pytest.mark.parametrize("code", TRUST_CODES)
def test_the_example_that_fires_fires(tmp_path: Path, code: str) -> None:
    assert code in _codes(tmp_path, EXPLAINED[code].fires)


@pytest.mark.parametrize("code", TRUST_CODES)
def test_the_example_that_does_not_fire_does_not(tmp_path: Path, code: str) -> None:
    found = _codes(tmp_path, EXPLAINED[code].quiet)
    assert code not in found
    if code != "ST016":  # the other examples are harmless, not documentation of attacks
        assert not {c for c in found if RULES[c].severity.name in ("ERROR", "WARNING")}, found


def test_explain_prints_what_a_rule_looks_for_and_not(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["trust", "explain", "st020"])
    assert result.exit_code == 0, result.output
    explained = EXPLAINED["ST020"]
    assert "ST020" in result.output
    assert RULES["ST020"].summary in result.output
    assert explained.not_for in result.output
    assert explained.fires.display.strip().splitlines()[1] in result.output
    assert explained.quiet.display.strip().splitlines()[1] in result.output


def test_explain_json_has_every_part() -> None:
    result = CliRunner().invoke(cli, ["trust", "explain", "ST025", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["code"] == "ST025"
    assert data["severity"] == "warning"
    assert data["title"] == RULES["ST025"].title
    assert data["looks_for"] == RULES["ST025"].summary
    assert data["does_not_look_for"] == EXPLAINED["ST025"].not_for
    assert data["fires"]["text"] == EXPLAINED["ST025"].fires.display
    assert data["does_not_fire"]["file"] == EXPLAINED["ST025"].quiet.path


@pytest.mark.parametrize("code", ["ST999", "SC201", "nonsense", ""])
def test_explain_an_unknown_code_is_a_usage_error(code: str) -> None:
    result = CliRunner().invoke(cli, ["trust", "explain", code])
    assert result.exit_code == 2
    assert "not a trust rule" in result.output
    assert "ST001" in result.output  # it says which codes there are


def test_explain_lists_every_trust_rule_without_a_code() -> None:
    result = CliRunner().invoke(cli, ["trust", "explain"])
    assert result.exit_code == 0, result.output
    for code in TRUST_CODES:
        assert code in result.output


def test_the_rules_reference_shows_every_example() -> None:
    text = rules_markdown()
    for code, explained in EXPLAINED.items():
        section = text.split(f"### {code}\n", 1)[1].split("\n### ", 1)[0]
        assert f"Does not look for: {explained.not_for}" in section
        assert explained.fires.display.strip().splitlines()[0] in section
        assert explained.quiet.display.strip().splitlines()[0] in section
