"""Docs kept honest: generated references are current, every command has help, every relative
link leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.config import configuration_markdown, documented_options
from skill_catalog.validate.docs import _STAGES, rules_markdown
from skill_catalog.validate.rules import RULES
from tests.environment import REPO


def test_rules_reference_is_current() -> None:
    on_disk = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert on_disk == rules_markdown(), "run: skill-catalog rules --format markdown > docs/rules.md"


def test_every_rule_has_a_fix_and_summary() -> None:
    for rule in RULES.values():
        assert rule.fix.strip(), rule.code
        assert rule.summary.strip(), rule.code
        # whole sentences: a summary written over several docstring lines is not cut short
        assert rule.summary.endswith("."), (rule.code, rule.summary)
        assert rule.fix.endswith((".", ")", "`")), (rule.code, rule.fix)


def test_configuration_reference_is_current() -> None:
    text = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert text == configuration_markdown(), (
        "run: skill-catalog config --format markdown > docs/configuration.md")
    for key, _default, _doc in documented_options():
        assert f"`{key}`" in text


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_has_help(name: str) -> None:
    command = cli.commands[name]
    assert command.help, f"{name} has no help text"
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_is_in_the_readme(name: str) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"skill-catalog {name}" in readme, f"README.md does not mention 'skill-catalog {name}'"


def _heading_anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings: lowercased, punctuation dropped,
    spaces made hyphens, a repeated heading numbered (``-1``, ``-2``)."""
    seen: dict[str, int] = {}
    anchors = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", _prose(markdown), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _prose(markdown: str) -> str:
    """Markdown without fenced blocks and code spans, where a link is only an example."""
    return re.sub(r"`[^`\n]*`", "", re.sub(r"(?ms)^```.*?^```", "", markdown))


DOCS = [REPO / "README.md", REPO / "CHANGELOG.md", *sorted((REPO / "docs").glob("*.md"))]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_relative_links_resolve(doc: Path) -> None:
    """Every relative link of the README, the CHANGELOG and docs/ names a file that exists and,
    with ``#anchor``, a heading of that file (docs move: performance.md split in two)."""
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", _prose(doc.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        linked = (doc.parent / path).resolve() if path else doc
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in _heading_anchors(
                linked.read_text(encoding="utf-8")):
            broken.append(f"{target}: no such heading in {linked.name}")
    assert broken == [], f"{doc.relative_to(REPO)}: broken links:\n" + "\n".join(broken)


def test_rules_reference_has_each_stage_once_and_the_three_severity_words() -> None:
    """One section per stage (SC040, a build rule, once split "Finding skills" in two), every
    rule in its stage's section; the severities are error, warning and info, as every output
    names them (not "notes")."""
    text = rules_markdown()
    sections = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert len(sections) == len(set(sections)), sections
    for rule in RULES.values():
        section = text[:text.index(f"### {rule.code}\n")].rsplit("\n## ", 1)[1].split("\n")[0]
        assert section == _STAGES[rule.stage], rule.code
    severities = {line.split(" | ")[1] for line in text.splitlines() if line.startswith("| [SC")}
    assert severities == {"error", "warning", "info"}
    intro = text.split("\n## ", 1)[0]
    assert all(f"**{word}**" in intro for word in ("error", "warning", "info"))
    assert "note" not in intro.replace("`note`", "")
