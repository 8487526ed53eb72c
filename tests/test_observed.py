"""The observed tools' reading and listing rules, without the real CLIs: each expectation here
is what the pinned release was seen to send (tests/test_realtools.py checks them against the
real tools whenever they are installed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from skill_catalog.agents.agent_view import see
from skill_catalog.agents.as_seen import as_seen
from skill_catalog.agents.launch import Launch
from skill_catalog.agents.profiles import PROFILES
from skill_catalog.cli import cli
from skill_catalog.observed import claude_code, codex, gemini_cli, opencode, yaml_values
from skill_catalog.observed.runtime_text import collation_key
from skill_catalog.observed.yaml_values import js_number, mapping, repair_js
from tests.helpers.reads import lines_run
from tests.realtools.trees import new_tree, plain, skill


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_claude_code_reads_broken_yaml_and_labels_names(tmp_path: Path) -> None:
    broken = _write(tmp_path / "broken/SKILL.md",
                    "---\nname: broken\ndescription: Unquoted colon: still read\n---\nb\n")
    assert claude_code.read(broken).description == "Unquoted colon: still read"
    label = _write(tmp_path / "folder/SKILL.md", "---\nname: Other.Name\ndescription: d\n---\n")
    assert claude_code.read(label).label == "folder (Other.Name)"
    spaced = _write(tmp_path / "spaced/SKILL.md", "---\nname: has space\ndescription: d\n---\n")
    assert claude_code.read(spaced).label == "spaced"
    bare = _write(tmp_path / "bare/SKILL.md", "\n\n## Heading here\n\nText.\n")
    assert claude_code.read(bare).description == "Heading here"


def test_claude_code_cleans_caps_and_escapes_the_description(tmp_path: Path) -> None:
    text = _write(tmp_path / "x/SKILL.md", "---\nname: x\ndescription: |\n  One.\n\n  Two  <b>"
                  " & c\nwhen_to_use: Later.\n---\n")
    assert claude_code.read(text).description == "One. Two  &lt;b&gt; & c - Later."
    spaced = _write(tmp_path / "z/SKILL.md", '---\nname: z\ndescription: "  a  "\n'
                    'when_to_use: "  b  "\n---\n')
    assert claude_code.read(spaced).description == "a -   b  "  # as Claude Code 2.1.332 sent
    long = _write(tmp_path / "y/SKILL.md", "---\nname: y\ndescription: " + "w" * 1600 + "\n---\n")
    description = claude_code.read(long).description
    assert len(description) == 1536
    assert description.endswith("w…")


def test_claude_code_keeps_unlisted_skills_out_of_the_listing(tmp_path: Path) -> None:
    hidden = _write(tmp_path / "h/SKILL.md",
                    "---\nname: h\ndescription: d\ndisable-model-invocation: yes\n---\n")
    assert claude_code.read(hidden).unlisted is not None
    shown = _write(tmp_path / "s/SKILL.md",
                   "---\nname: s\ndescription: d\ndisable-model-invocation: false\n---\n")
    assert claude_code.read(shown).unlisted is None


def test_claude_code_budget_keeps_descriptions_in_order_while_they_fit(tmp_path: Path) -> None:
    tree = new_tree(tmp_path)
    for name, size in (("a", 1000), ("b", 50), ("c", 1000), ("d", 50)):
        plain(tree.cwd / ".claude/skills", name, (name + " " + "z" * size)[:size])
    launch = Launch(tree.cwd, tree.home, {"SLASH_COMMAND_TOOL_CHAR_BUDGET": "7500"})
    seen = as_seen(see(PROFILES["claude-code"], launch))
    assert [line.text[:5] for line in seen.lines] == ["- a: ", "- b: ", "- c", "- d: "]
    assert seen.cuts.dropped == ("c",)
    # Claude Code 2.1.332 lists c with its description from 8,146 characters on.
    launch = Launch(tree.cwd, tree.home, {"SLASH_COMMAND_TOOL_CHAR_BUDGET": "8146"})
    assert as_seen(see(PROFILES["claude-code"], launch)).cuts.dropped == ("d",)


def test_claude_code_sorts_folders_as_localecompare() -> None:
    seen = ["a", "a_b", "a-", "a--b", "a-b", "a,b", "a.b", "a(b", "a@b", "a#b", "a+b", "a~b",
            "a1", "a10", "a9", "ab", "aB", "Ab", "AB", "ea", "éa", "eb"]
    shuffled = seen[::-1][1::2] + seen[::-1][::2]
    assert sorted(shuffled, key=collation_key) == seen


def test_codex_reads_scalars_as_written_and_refuses_a_bom(tmp_path: Path) -> None:
    number = _write(tmp_path / "n/SKILL.md", "---\nname: n\ndescription: 1e3\n---\n")
    assert codex.read(number).description == "1e3"
    bom = _write(tmp_path / "bom/SKILL.md", "\ufeff---\nname: bom\ndescription: d\n---\n")
    assert codex.read(bom).problem is not None
    repaired = _write(tmp_path / "r/SKILL.md",
                      "---\nname: r\ndescription: a: b  # cut\nextra: [unclosed\n---\n")
    assert codex.read(repaired).description == "a: b"
    long = _write(tmp_path / "l/SKILL.md", "---\nname: l\ndescription: " + "q" * 1025 + "\n---\n")
    assert codex.read(long).description == "q" * 1021 + "..."


def test_codex_shortens_descriptions_round_robin_to_its_token_budget(tmp_path: Path) -> None:
    tree = new_tree(tmp_path)
    for name in ("a", "bb", "ccc", "dddd", "e", "ff"):
        plain(tree.cwd / ".agents/skills", name, (name + " " + "abcdefghij" * 200)[:1000])
    config = tree.home / ".codex" / "config.toml"
    _write(config, "model_context_window = 30050\n[skills.bundled]\nenabled = false\n")
    seen = as_seen(see(PROFILES["codex"], Launch(tree.cwd, tree.home, {})))
    lengths = [len(line.text.split(": ", 1)[1].rsplit(" (file: ", 1)[0]) for line in seen.lines]
    assert lengths == [372, 370, 372, 370, 368, 370]  # what Codex 0.169.0 sent for 601 tokens
    assert "`r0` = `" in seen.text


def test_codex_charges_a_long_roots_table_to_the_budget(tmp_path: Path) -> None:
    short, long = new_tree(tmp_path / "s"), new_tree(tmp_path / ("l" * 60))
    for tree in (short, long):
        for index in range(12):
            plain(tree.cwd / ".agents/skills", f"s{index:02d}", "x" * 900)
        _write(tree.home / ".codex" / "config.toml", "model_context_window = 100000\n")
    used = [as_seen(see(PROFILES["codex"], Launch(t.cwd, t.home, {}))).cuts.limit
            for t in (short, long)]
    assert used[0] is not None
    assert used[1] is not None
    assert used[1] < used[0] <= 2000


def test_gemini_cli_falls_back_to_its_line_parser(tmp_path: Path) -> None:
    broken = _write(tmp_path / "b/SKILL.md",
                    "---\nname: b:c\ndescription: first\n  more: here\nbad: [x\n---\n")
    reading = gemini_cli.read(broken)
    assert reading.name == "b-c"
    assert reading.description == "first more: here"
    block = _write(tmp_path / "k/SKILL.md", "---\nname: k\ndescription: |\n  Line.\n---\n")
    assert gemini_cli.read(block).description == "Line.\n"


def test_yaml_values_follow_yaml_12_and_javascript() -> None:
    fields = mapping("a: yes\nb: 012\nc: 0x1F\nd: 1e3\ne: a\tb\n", unique_keys=True)
    assert fields is not None
    assert [fields[k].text for k in "abcde"] == ["yes", "012", "0x1F", "1e3", "a\tb"]
    assert [js_number(v) for v in (1000.0, 3.1, 1e21, 1e-7, 12)] == [
        "1000", "3.1", "1e+21", "1e-7", "12"]
    assert repair_js('description: "ok: quoted"\nx: a: b') == \
        'description: "ok: quoted"\nx: "a: b"'


def test_prompt_as_seen_by_prints_the_listing_and_refuses_paths(tmp_path: Path) -> None:
    tree = new_tree(tmp_path)
    skill(tree.cwd / ".claude/skills", "deploy", "name: deploy\ndescription: Ships it.")
    runner = CliRunner()
    result = runner.invoke(cli, ["prompt", "--as-seen-by", "claude-code", "--cwd",
                                 str(tree.cwd), "--home", str(tree.home)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (f"{claude_code.HEADER}\n\n- deploy: Ships it.\n")
    refused = runner.invoke(cli, ["prompt", str(tree.cwd), "--as-seen-by", "codex"])
    assert refused.exit_code == 2
    refused = runner.invoke(cli, ["prompt", str(tree.cwd), "--cwd", str(tree.cwd)])
    assert refused.exit_code == 2


def test_opencode_needs_string_name_and_description_and_sanitizes_colons(tmp_path: Path) -> None:
    colon = _write(tmp_path / "c/SKILL.md", "---\nname: c\ndescription: Has: a colon\n"
                                            "broken: [x\n---\n")
    assert opencode.read(colon).problem is not None  # [x still breaks the YAML
    fixed = _write(tmp_path / "f/SKILL.md", "---\nname: f\ndescription: Has: a colon\n---\n")
    assert opencode.read(fixed).description == "Has: a colon"
    number = _write(tmp_path / "n/SKILL.md", "---\nname: n\ndescription: 1e3\n---\n")
    assert opencode.read(number).problem is not None
    empty = _write(tmp_path / "e/SKILL.md", '---\nname: e\ndescription: ""\n---\n')
    assert opencode.read(empty).description == ""
    bom = _write(tmp_path / "b/SKILL.md", "\ufeff---\nname: b\ndescription: d\n---\n")
    assert opencode.read(bom).problem is None


def test_codex_reads_openai_yaml_as_0_169_and_0_171_did(tmp_path: Path) -> None:
    """Each ``agents/openai.yaml`` of the real-CLI probe (``POLICY_FILES``): ``off*`` kept out
    of the listing, ``on*`` listed (the file says so, or Codex ignores it whole), a product
    list without codex not loaded; then ``prompt --as-seen-by codex`` leaves the first out
    and says why."""
    from tests.realtools.trees import POLICY_FILES, policy_tree

    tree = policy_tree(tmp_path)
    root = tree.cwd / ".agents" / "skills"
    for folder in (*POLICY_FILES, "off-linked"):
        reading = codex.read(root / folder / "SKILL.md")
        if folder == "chatgpt-only":
            assert reading.problem is not None
            assert "products" in reading.problem
            continue
        assert reading.problem is None, folder
        assert (reading.unlisted is not None) == folder.startswith("off"), folder
    result = CliRunner().invoke(cli, ["prompt", "--as-seen-by", "codex", "--cwd", str(tree.cwd),
                                      "--home", str(tree.home)],
                                env={"CODEX_HOME": None, "XDG_CONFIG_HOME": None})
    assert result.exit_code == 0, result.output
    assert "- on-quoted: " in result.stdout
    assert "- off: " not in result.stdout
    assert "- off-only: " not in result.stdout
    assert str(tree.home / ".agents" / "skills") not in result.stdout  # its only skill unlisted


@pytest.mark.parametrize("opening", ["[", "{a: "])
def test_nesting_past_the_readers_limit_is_refused_in_bounded_work(opening: str) -> None:
    """Frontmatter nested past yaml_values.MAX_DEPTH is bad YAML to every reader, with one
    message wherever it is read from; the work does not grow with the brackets past it (the
    scan kept a possible key per open bracket: the square of 5,000 of them, once per tool)."""
    def deep(levels: int) -> str:
        # Enough lines that the bound sends it past libyaml to the pure-Python reader.
        return "name: x\nk: " + opening * levels + "\n" + "# :\n" * 1_100

    for levels in (yaml_values.MAX_DEPTH + 1, 5_000):
        with pytest.raises(yaml_values.BadYaml, match="deeper than 200 levels"):
            yaml_values.document(deep(levels))
    def refused(levels: int) -> None:
        with pytest.raises(yaml_values.BadYaml):
            yaml_values.document(deep(levels))

    near = lines_run(lambda: refused(yaml_values.MAX_DEPTH + 1))
    far = lines_run(lambda: refused(20_000))
    assert far < 2 * near
    nested = "name: x\nk: " + "[" * (yaml_values.MAX_DEPTH - 1) + "]" * (
        yaml_values.MAX_DEPTH - 1) + "\n" + "# :\n" * 1_100
    assert yaml_values.document(nested) is not None
