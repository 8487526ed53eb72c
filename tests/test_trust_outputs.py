"""Trust signals where they are used (issue 26, items 3 and 5): accepted inline in a skill's own
files with a reason (never a danger finding unless the config allows it), carried by
catalog.json, the .well-known indexes and the marketplaces, and the config's trust.withhold
policy keeping flagged skills out of prompts, indexes, marketplaces and zips while their page
says why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.cli import cli
from skill_catalog.config import ConfigError, config_from_mapping
from skill_catalog.model import Diagnostic, Skill
from skill_catalog.site.build import build
from skill_catalog.trust import trust_status
from tests.helpers.libraries import DANGER, NOTICE, WARNING, trust_skill

BASE = "https://skills.example.org/"


def _load(library: Path, **trust: Any) -> dict[str, Skill]:
    config = config_from_mapping({"trust": trust} if trust else {})
    return {s.key: s for s in skill_catalog.load([library], config).skills}


def _finding(skill: Skill, code: str) -> Diagnostic:
    [found] = [d for d in skill.trust_findings if d.code == code]
    return found


# Inline acceptance ----------------------------------------------------------------------------

def test_a_marker_accepts_a_warning_with_its_reason_and_place(library: Path) -> None:
    trust_skill(library, "hooked", '<!-- skill-catalog: accept ST025 "the setup guide asks the '
                'user first" -->\n' + WARNING)
    trust_skill(library, "unmarked", WARNING)
    # By default a skill accepts only its own notices: a stranger's pull request cannot
    # silence the warnings of the skill it adds.
    refused = _finding(_load(library)["hooked"], "ST025")
    assert refused.accepted is None
    assert "inline_accept" in refused.message
    skills = _load(library, inline_accept="warning")
    finding = _finding(skills["hooked"], "ST025")
    assert finding.accepted == "the setup guide asks the user first (marker at SKILL.md:8)"
    assert trust_status(skills["hooked"].diagnostics) == "clean"
    assert _finding(skills["unmarked"], "ST025").accepted is None
    assert trust_status(skills["unmarked"].diagnostics) == "warning"


def test_a_marker_stands_on_the_line_or_just_before_it_and_names_the_rule(
        library: Path) -> None:
    reason = '"pinned by the lock file in CI"'
    trust_skill(library, "same-line", f"```bash\npip install requests  # skill-catalog: accept "
                f"ST027 {reason}\n```\n")
    trust_skill(library, "far-above", f"<!-- skill-catalog: accept ST027 {reason} -->\n\nSome "
                f"prose.\n\n{NOTICE}")
    trust_skill(library, "other-rule", f"<!-- skill-catalog: accept ST025 {reason} -->\n{NOTICE}")
    trust_skill(library, "several",
                f"<!-- skill-catalog: accept ST025, ST027 {reason} -->\n{NOTICE}")
    skills = _load(library)
    assert _finding(skills["same-line"], "ST027").accepted is not None
    assert _finding(skills["several"], "ST027").accepted is not None
    for name in ("far-above", "other-rule"):
        assert _finding(skills[name], "ST027").accepted is None, name
        assert trust_status(skills[name].diagnostics) == "notice"


def test_a_marker_without_a_reason_is_reported_not_honoured(library: Path) -> None:
    trust_skill(library, "terse", "<!-- skill-catalog: accept ST025 \"ok\" -->\n" + WARNING)
    trust_skill(library, "silent", "<!-- skill-catalog: accept ST025 -->\n" + WARNING)
    skills = _load(library, inline_accept="warning")
    for name in ("terse", "silent"):
        finding = _finding(skills[name], "ST025")
        assert finding.accepted is None
        assert "[the marker at SKILL.md:8 is not honoured: the marker gives no reason" in \
            finding.message
        assert trust_status(skills[name].diagnostics) == "warning"


def test_a_skill_cannot_accept_its_own_danger_finding_unless_the_config_allows(
        library: Path) -> None:
    trust_skill(library, "installer", '<!-- skill-catalog: accept ST020 "our own installer, '
                'trust us" -->\n' + DANGER)
    finding = _finding(_load(library)["installer"], "ST020")
    assert finding.accepted is None
    assert "a skill cannot accept a danger finding itself" in finding.message
    assert "trust.accept" in finding.message
    allowed = _load(library, inline_accept="danger")["installer"]
    assert _finding(allowed, "ST020").accepted == ("our own installer, trust us (marker at "
                                                   "SKILL.md:8)")
    assert trust_status(allowed.diagnostics) == "clean"


def test_markers_are_ignored_when_the_config_says_never_and_it_is_said(library: Path) -> None:
    trust_skill(library, "pinned", '<!-- skill-catalog: accept ST027 "pinned by the lock file" -->'
                "\n" + NOTICE)
    finding = _finding(_load(library, inline_accept="never")["pinned"], "ST027")
    assert finding.accepted is None
    assert "trust.inline_accept: never" in finding.message


def test_a_marker_in_a_script_comment_accepts_its_line(library: Path) -> None:
    trust_skill(library, "scripted", "Run `scripts/setup.sh`.\n", files={
        "scripts/setup.sh": "#!/bin/sh\n# skill-catalog: accept ST025 \"asked for in the "
                            "setup prompt\"\necho '~/tool/bin/sync --daemon &' >> ~/.bashrc\n"})
    finding = _finding(_load(library, inline_accept="warning")["scripted"], "ST025")
    assert finding.accepted == "asked for in the setup prompt (marker at scripts/setup.sh:2)"


def test_reports_show_an_inline_acceptance_as_accepted(library: Path) -> None:
    trust_skill(library, "hooked", '<!-- skill-catalog: accept ST025 "the setup guide asks the '
                'user first" -->\n' + WARNING)
    config = library.parent / "warnings-accepted.yml"
    config.write_text("trust:\n  inline_accept: warning\n", encoding="utf-8")
    runner = CliRunner()
    text = runner.invoke(cli, ["validate", "-c", str(config), str(library)])
    assert "ST025 trust warning accepted:" in text.output
    assert "[accepted: the setup guide asks the user first (marker at SKILL.md:8)]" in \
        text.output
    data = json.loads(runner.invoke(
        cli, ["validate", "-c", str(config), "-f", "json", str(library)]).output)
    [diagnostic] = [d for d in data["skills"][0]["diagnostics"] if d["code"] == "ST025"]
    assert diagnostic["accepted"].startswith("the setup guide asks the user first")
    assert data["skills"][0]["trust"] == "clean"
    assert runner.invoke(cli, ["validate", "-c", str(config), "--fail-on", "trust",
                               str(library)]).exit_code == 0
    # without the configuration's leave, the skill cannot accept its own warning
    assert runner.invoke(cli, ["validate", "--fail-on", "trust", str(library)]).exit_code == 1


@pytest.mark.parametrize(("key", "value"), [("inline_accept", "always"), ("withhold", "notice")])
def test_the_trust_policies_take_only_their_levels(key: str, value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_mapping({"trust": {key: value}})
    assert f"trust.{key}" in str(caught.value)


# Outputs --------------------------------------------------------------------------------------

def _library(library: Path) -> None:
    trust_skill(library, "installer", DANGER)
    trust_skill(library, "hooked", WARNING)
    trust_skill(library, "pinned", '<!-- skill-catalog: accept ST027 "pinned by the lock file in '
                'CI" -->\n' + NOTICE)
    trust_skill(library, "plain", "Do it.\n")


def _site(tmp_path: Path, library: Path, **trust: Any) -> Path:
    config = config_from_mapping({"title": "Setup Skills", "base_url": BASE, "roots": ["library"],
                                  **({"trust": trust} if trust else {})},
                                 path=tmp_path / "skill-catalog.yml")
    site = tmp_path / ("site-" + "-".join(str(v) for v in trust.values()) if trust else "site")
    result = build(config, output=site, workers=1)
    (site / "notes.txt").write_text("\n".join(f"{n.code} {n.message}" for n in result.notes))
    return site


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_catalog_json_and_the_indexes_carry_each_skills_trust(library: Path,
                                                               tmp_path: Path) -> None:
    _library(library)
    site = _site(tmp_path, library)
    catalog = _json(site / "catalog.json")
    jsonschema.Draft202012Validator(_json(site / "catalog.schema.json")).validate(catalog)
    entries = {s["name"]: s for s in catalog["skills"]}
    installer = entries["installer"]["trust"]
    assert installer["status"] == "danger"
    assert installer["withheld"] is None
    [finding] = [f for f in installer["findings"] if f["code"] == "ST020"]
    assert finding["severity"] == "error"
    assert finding["file"] == "SKILL.md"
    assert finding["line"] == 9
    assert "get.example.org" in finding["message"]
    assert finding["accepted"] is None
    assert entries["installer"]["archive"] == "skills/installer.zip"  # the default publishes
    pinned = entries["pinned"]["trust"]
    assert pinned["status"] == "clean"
    assert pinned["findings"][0]["accepted"] == ("pinned by the lock file in CI (marker at "
                                                 "SKILL.md:8)")
    assert entries["plain"]["trust"] == {"status": "clean", "findings": [],
                                         "findings_omitted": 0, "withheld": None}
    expected = {name: {k: v for k, v in entry["trust"].items() if k != "withheld"}
                for name, entry in entries.items()}
    for index in (".well-known/skills/index.json", ".well-known/agent-skills/index.json"):
        listed = {s["name"]: s["trust"] for s in _json(site / index)["skills"]}
        assert listed == expected, index
    market = {p["name"]: p for p in _json(site / "claude-code" / "marketplace.json")["plugins"]}
    assert {name: p["metadata"]["trust"] for name, p in market.items()} == expected


def test_the_withhold_policy_keeps_flagged_skills_out_of_what_agents_fetch(
        library: Path, tmp_path: Path) -> None:
    _library(library)
    site = _site(tmp_path, library, withhold="warning")
    published = {"pinned", "plain"}
    catalog = {s["name"]: s for s in _json(site / "catalog.json")["skills"]}
    for name in ("installer", "hooked"):
        entry = catalog[name]
        assert entry["valid"] is True  # the policy is not the spec's verdict
        assert entry["archive"] is None
        assert "at or above the policy trust.withhold: warning" in entry["trust"]["withheld"]
        assert not (site / "skills" / f"{name}.zip").exists()
        assert not (site / "claude-code" / "plugins" / f"{name}.zip").exists()
        assert not (site / ".well-known" / "skills" / name).exists()
        page = (site / "skills" / name / "index.html").read_text(encoding="utf-8")
        assert "Withheld from agents:" in page
        assert ">withheld</li>" in page  # the badge
        assert "Download .zip" not in page
        assert f"--skill {name}" not in page  # no npx command
        assert f"{name}.zip" not in page
    assert "its trust status is danger (ST020 in SKILL.md:9)" in catalog["installer"]["trust"][
        "withheld"]
    for name in published:
        assert catalog[name]["trust"]["withheld"] is None
        assert (site / "skills" / f"{name}.zip").is_file()
    for index in (".well-known/skills/index.json", ".well-known/agent-skills/index.json"):
        assert {s["name"] for s in _json(site / index)["skills"]} == published
    market = _json(site / "claude-code" / "marketplace.json")
    assert {p["name"] for p in market["plugins"]} == published
    for prompt in (site / "prompts").iterdir():
        text = prompt.read_text(encoding="utf-8")
        assert "plain" in text, prompt.name
        assert "installer" not in text, prompt.name
        assert "hooked" not in text, prompt.name
    llms = (site / "llms.txt").read_text(encoding="utf-8")
    assert "[plain]" in llms
    assert "[installer]" not in llms
    search = (site / "search-index.json").read_text(encoding="utf-8")
    assert "installer" in search  # people still find its page
    notes = (site / "notes.txt").read_text(encoding="utf-8")
    assert "SC040 withheld from the prompt files" in notes
    assert notes.count("withheld from") == 2


def test_the_withhold_policy_at_danger_leaves_warnings_published(library: Path,
                                                                  tmp_path: Path) -> None:
    _library(library)
    site = _site(tmp_path, library, withhold="danger")
    names = {s["name"] for s in _json(site / ".well-known" / "skills" / "index.json")["skills"]}
    assert names == {"hooked", "pinned", "plain"}


def test_prompt_and_marketplace_commands_follow_the_withhold_policy(library: Path,
                                                                    tmp_path: Path) -> None:
    _library(library)
    (tmp_path / ".git").mkdir()
    config = tmp_path / "skill-catalog.yml"
    config.write_text("title: Setup\nroots: [library]\ntrust:\n  withhold: danger\n")
    runner = CliRunner()
    for args in (["prompt"], ["prompt", "--budget-for", "claude-code"]):
        result = runner.invoke(cli, [*args, "-c", str(config)])
        assert result.exit_code == 0, result.output
        assert "hooked" in result.stdout, args
        assert "installer" not in result.stdout, args
        assert "installer/SKILL.md: left out: withheld: its trust status is danger" in \
            result.stderr
    default = runner.invoke(cli, ["prompt", str(library)])
    assert "<name>installer</name>" in default.stdout
    fragment = skill_catalog.load([library]).prompt()  # the API: the catalog's own policy
    assert "installer" in fragment.text
    from skill_catalog.prompts import render

    held = render(skill_catalog.load([library]), withhold="danger")
    assert "installer" not in held.text
    assert any("withheld" in note for note in held.notes)
    written = runner.invoke(cli, ["marketplace", "-c", str(config)])
    assert written.exit_code == 0, written.output
    market = _json(tmp_path / ".claude-plugin" / "marketplace.json")
    assert {p["name"] for p in market["plugins"]} == {"hooked", "pinned", "plain"}
    hooked = next(p for p in market["plugins"] if p["name"] == "hooked")
    assert hooked["metadata"]["trust"]["status"] == "warning"


def test_a_plugin_of_several_skills_carries_their_worst_status_and_every_finding(
        library: Path, tmp_path: Path) -> None:
    trust_skill(library, "setup/hooked", WARNING)
    trust_skill(library, "setup/pinned", NOTICE)
    trust_skill(library, "plain", "Do it.\n")
    config = config_from_mapping({"title": "Setup", "base_url": BASE, "roots": ["library"],
                                  "marketplace": {"group_by": "folder"}},
                                 path=tmp_path / "skill-catalog.yml")
    build(config, output=tmp_path / "site", workers=1)
    market = {p["name"]: p for p in _json(tmp_path / "site" / "claude-code" /
                                          "marketplace.json")["plugins"]}
    trust = market["setup"]["metadata"]["trust"]
    assert trust["status"] == "warning"
    assert [(f["code"], f["file"]) for f in trust["findings"]] == [
        ("ST025", "hooked/SKILL.md"), ("ST027", "pinned/SKILL.md")]
    assert market["library"]["metadata"]["trust"] == {"status": "clean", "findings": [],
                                                      "findings_omitted": 0}


def test_ci_reports_mark_accepted_findings_and_where_they_were_accepted(library: Path) -> None:
    from skill_catalog.reporting import github, sarif

    trust_skill(library, "hooked", '<!-- skill-catalog: accept ST025 "the setup guide asks the '
                'user first" -->\n' + WARNING)
    trust_skill(library, "pinned", NOTICE)
    config = config_from_mapping({"trust": {"inline_accept": "warning", "accept": [
        {"skill": "pinned", "rule": "ST027", "reason": "pinned by the lock file in CI"}]}})
    catalog = skill_catalog.load([library], config)
    lines = [line for line in github.render(catalog).splitlines() if "title=ST0" in line]
    assert len(lines) == 2
    for line in lines:
        assert line.startswith("::notice ")
        assert "(accepted)" in line
        assert "[accepted: " in line
    results = json.loads(sarif.render(catalog))["runs"][0]["results"]
    kinds = {r["ruleId"]: r["suppressions"][0]["kind"] for r in results if r.get("suppressions")}
    assert kinds == {"ST025": "inSource", "ST027": "external"}


def test_mkdocs_pages_show_the_trust_status_and_accepted_findings(library: Path) -> None:
    from skill_catalog.mkdocs_adapter.pages import diagnostics_table, status
    from skill_catalog.site import page_environment

    trust_skill(library, "installer", DANGER)
    trust_skill(library, "pinned", '<!-- skill-catalog: accept ST027 "pinned by the lock file in '
                'CI" -->\n' + NOTICE)
    trust_skill(library, "plain", "Do it.\n")
    skills = _load(library)
    assert status(skills["installer"]) == "valid · trust:\N{NO-BREAK SPACE}danger"
    assert status(skills["plain"]) == "valid"
    table = diagnostics_table(page_environment(), skills["pinned"].diagnostics,
                              skills["pinned"], [library])
    assert "info (accepted)" in table
    assert "[accepted: pinned by the lock file in CI (marker at SKILL.md:8)]" in table


# Secrets withheld by default (issue 32's decision) ----------------------------------------------

LIVE_KEY = "AKIA" + "Q7ZK2MV9XJ4PLW3T"
"""A live-looking AWS key ID (random letters, not a documentation example)."""


@pytest.mark.parametrize(("where", "files"), [
    ("SKILL.md", None),
    ("a reference", {"references/setup.md": f"Use `{LIVE_KEY}`.\n"}),
    ("a script", {"scripts/run.sh": f"export AWS_ACCESS_KEY_ID={LIVE_KEY}\n"}),
    ("a file with a byte that is not UTF-8",
     {"references/notes.md": b"caf\xe9 " + LIVE_KEY.encode()}),
    ("with the skill's own acceptance marker", {"scripts/run.sh": "# skill-catalog: accept ST030 "
                                                "\"a test account, revoked\"\n"
                                                f"KEY={LIVE_KEY}\n"}),
])
def test_a_skill_holding_a_secret_is_withheld_by_default(library: Path, tmp_path: Path,
                                                         where: str,
                                                         files: dict[str, str | bytes] | None
                                                         ) -> None:
    trust_skill(library, "keyed", f"Key: {LIVE_KEY}\n" if files is None else "Do it.\n", files)
    trust_skill(library, "plain", "Do it.\n")
    trust_skill(library, "documented", "Keys look like `AKIAIOSFODNN7EXAMPLE` or "
                "`AKIAXXXXXXXXXXXXXXXX`; OpenAI's like `sk-XXXXXXXXXXXXXXXXXXXXXXXX`.\n")
    site = _site(tmp_path, library)  # the defaults: withhold never, withhold_secrets on
    catalog = {s["name"]: s for s in _json(site / "catalog.json")["skills"]}
    reason = catalog["keyed"]["trust"]["withheld"]
    assert "trust.withhold_secrets" in reason
    assert "set trust.withhold_secrets: false" in reason
    assert catalog["documented"]["trust"]["withheld"] is None
    assert not (site / "skills" / "keyed.zip").exists()
    for index in (".well-known/skills/index.json", ".well-known/agent-skills/index.json"):
        assert {s["name"] for s in _json(site / index)["skills"]} == {"plain", "documented"}
    market = _json(site / "claude-code" / "marketplace.json")
    assert {p["name"] for p in market["plugins"]} == {"plain", "documented"}
    for prompt in (site / "prompts").iterdir():
        assert "keyed" not in prompt.read_text(encoding="utf-8")
    assert "withhold_secrets" in (site / "notes.txt").read_text(encoding="utf-8")
    for path in site.rglob("*.zip"):
        assert LIVE_KEY.encode() not in path.read_bytes()


def test_withhold_secrets_can_be_turned_off(library: Path, tmp_path: Path) -> None:
    trust_skill(library, "keyed", f"Key: {LIVE_KEY}\n")
    site = _site(tmp_path, library, withhold_secrets=False)
    assert (site / "skills" / "keyed.zip").is_file()
    names = {s["name"] for s in _json(site / ".well-known" / "skills" / "index.json")["skills"]}
    assert names == {"keyed"}


def test_the_prompt_command_withholds_a_secret_by_default(library: Path) -> None:
    trust_skill(library, "keyed", f"Key: {LIVE_KEY}\n")
    trust_skill(library, "plain", "Do it.\n")
    catalog = skill_catalog.load([library])
    from skill_catalog.prompts import render

    text = str(render(catalog, "xml").text)
    assert "plain" in text
    assert "keyed" not in text
