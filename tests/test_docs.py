"""Docs kept honest: generated references are current, every command has help."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.config import configuration_markdown, documented_options
from skill_catalog.validate.docs import rules_markdown
from skill_catalog.validate.registry import RULES, load_rules
from tests.conftest import REPO


def test_rules_reference_is_current() -> None:
    on_disk = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert on_disk == rules_markdown(), "run: skill-catalog rules --format markdown > docs/rules.md"


def test_every_rule_has_a_fix_and_summary() -> None:
    load_rules()
    for rule in RULES.values():
        assert rule.fix.strip(), rule.code
        assert rule.summary.strip(), rule.code


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
