"""YAML hints name the line that is wrong, and only give advice the text there bears out.

The parser reports where it gave up (an unclosed ``[`` is reported at the next key); the
diagnostic must name the line holding the mistake, and no hint may ask for a change to a valid
line (a folded ``>-`` block next to an error is valid YAML)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skill_catalog
from skill_catalog.fs import safe_yaml
from skill_catalog.model import Diagnostic
from skill_catalog.parse.yaml_hints import explain

# The profile's number of examples (tests/conftest.py). Here the hints are computed on a few YAML
# lines, a millisecond or so an example: 5 times the profile's count, which is sized for tests that
# build sites.
PROFILE_EXAMPLES = settings().max_examples


@pytest.fixture(params=["libyaml", "pure-python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both of safe_yaml's readers: their messages and positions differ."""
    if request.param == "pure-python":
        monkeypatch.setattr(safe_yaml, "_C_LOADER", None)
    elif safe_yaml._C_LOADER is None:
        pytest.skip("PyYAML without libyaml")
    return str(request.param)


def yaml_error(library: Path, frontmatter: str) -> Diagnostic:
    """The one diagnostic of a skill whose frontmatter (after the --- line 1) is given."""
    folder = library / "demo"
    folder.mkdir()
    (folder / "SKILL.md").write_text("---\n" + frontmatter + "---\n# Body\n", encoding="utf-8")
    (skill,) = skill_catalog.load([library]).skills
    assert [d.code for d in skill.diagnostics] == ["SC022"], skill.diagnostics
    return skill.diagnostics[0]


def test_unclosed_bracket_is_blamed_not_the_folded_block_after_it(library: Path,
                                                                  loader: str) -> None:
    found = yaml_error(library, "name: demo\ntags: [alpha, beta\ndescription: >-\n"
                                "  Folds text. Use when testing.\n")
    assert (found.line, found.column) == (3, 7)
    assert "'[' here (line 3, column 7) is never closed" in found.message
    assert "'>'" not in found.message
    assert "must be quoted" not in found.message


@pytest.mark.parametrize(("frontmatter", "line", "column", "hint"), [
    # unclosed brackets and quotes: the line where they open, not where reading stopped
    ("name: demo\nmetadata: {a: 1\ndescription: Does things.\n", 3, 11,
     "'{' here (line 3, column 11) is never closed: close the mapping with '}'"),
    ("name: demo\ndescription: Does things.\ntags: [a, b\n", 4, 7,
     "'[' here (line 4, column 7) is never closed"),
    ('name: demo\ndescription: "Does things.\nlicense: MIT\n', 3, 14,
     'double quote (") here (line 3, column 14) is never closed'),
    ("name: demo\ndescription: 'Does things.\nlicense: MIT\n", 3, 14,
     "single quote (') here (line 3, column 14) is never closed"),
    ('name: demo\ndescription: "Does things.\nlicense: "MIT"\n', 3, 14,
     "not closed on its line, so the value runs on over 'license:' on line 4"),
    ('name: demo\ndescription: "Does\nlicense: MIT\nmetadata:\n  a: "1"\n', 3, 14,
     "runs on over 'license:' on line 4"),
    # a colon in an unquoted value
    ("name: demo\ndescription: Deploys apps. Use when: releasing\n", 3, 36,
     "a value that contains ': ' must be quoted (description: \"...\")"),
    ("name: demo\ndescription: Deploys apps over\n  several lines. Note: quote it\n", 4, 22,
     "line 4 continues the value of 'description' (line 3)"),
    # tabs
    ("name: demo\nmetadata:\n\tauthor: someone\n", 4, 1, "indent with spaces, not tabs"),
    # indentation
    ("name: demo\nmetadata:\n  author: someone\n version: one\n", 5, 2,
     "line 5 is indented by 1 space, which matches no key or list item above it (0 or 2)"),
    ("name: demo\nmetadata:\n  author: someone\n    version: one\n", 5, 12,
     "if 'version' is a key, indent it like the keys beside it"),
    ("name: demo\ndescription: >-\nnot indented\nlicense: MIT\n", 4, 1,
     "the text of the block scalar on line 3 must be indented more than its key"),
    ("name: demo\ndescription: Does things.\n- stray item\n", 4, 1,
     "a '- ' list item at the indentation of the keys around it"),
    # values that start with a character YAML reads as syntax
    ("name: demo\ndescription: `code` first\n", 3, 14, "a value starting with '`' must be quoted"),
    ("name: demo\ndescription: *bold* claims\n", 3, 14, "'*' starts an alias"),
    ('name: demo\ndescription: "Quoted" then text\n', 3, 14,
     'ends at the closing " at column 21 and the text after it is not allowed'),
    ("name: demo\ndescription: 'Don't stop'\n", 3, 14, "write a ' inside single quotes as ''"),
    ("name: demo\ndescription: [Beta] a tool\n", 3, 14,
     "the value starts with '[', so YAML reads a list that ends at the ']' at column 19"),
    ("name: demo\ndescription: > text on the indicator line\n", 3, 14,
     "text follows the block scalar indicator '>'"),
    ("name: demo\ndescription: - dash first\n", 3, 14, "a value starting with '- ' is read"),
    ('name: demo\ndescription: "C:\\path"\n', 3, 17, "write \\\\ for a backslash"),
    ("name: demo\ndescription\n", 3, 1, "line 3 is not a 'key: value' line"),
])
def test_each_hint_names_the_wrong_line(library: Path, loader: str, frontmatter: str,
                                        line: int, column: int, hint: str) -> None:
    found = yaml_error(library, frontmatter)
    assert (found.line, found.column) == (line, column), found.message
    assert hint in found.message


def test_valid_block_scalars_beside_an_error_are_never_blamed(library: Path,
                                                               loader: str) -> None:
    found = yaml_error(library, "description: >-\n  Text: with a colon, [a bracket\n"
                                "notes: |\n  `code` and 'quotes\nlicense: [MIT\n")
    assert found.line == 6
    assert "'[' here (line 6, column 10)" in found.message


def test_no_hint_without_evidence_on_the_line(library: Path, loader: str) -> None:
    # A '`' inside a flow list, not at the start of a value: the parser's words stand alone.
    found = yaml_error(library, "name: demo\ntags: [a`b, c, d e: f: g]\n")
    assert found.line == 3
    assert "must be quoted" not in found.message


def test_an_alias_naming_no_anchor_is_invalid_yaml_not_a_limit(library: Path) -> None:
    found = yaml_error(library, "name: demo\ndescription: *nothing\n")
    assert "'*' starts an alias" in found.message


def test_a_duplicate_key_is_reported_at_its_second_line(library: Path) -> None:
    folder = library / "demo"
    folder.mkdir()
    (folder / "SKILL.md").write_text(
        "---\nname: demo\ndescription: >-\n  Folds. Use when testing.\nname: demo\n---\n",
        encoding="utf-8")
    (skill,) = skill_catalog.load([library]).skills
    assert [(d.code, d.line) for d in skill.diagnostics] == [("SC024", 5)]
    assert "first at line 2" in skill.diagnostics[0].message


# --- property: one broken line among valid blocks is the line named -------------------------

VALID_BLOCKS = [
    ["name: demo-skill"],
    ["description: >-", "  Folds text: with a colon", "  and [brackets and 'quotes"],
    ["notes: |", "  keeps `code` and {braces", "  - not a list"],
    ["metadata:", "  author: someone", '  version: "1.0"'],
    ["allowed-tools:", "  - Read", "  - Bash"],
    ["tags: [a, b]"],
    ["license: 'MIT'"],
    ["compatibility: Works on Linux"],
]

BROKEN_BLOCKS = [  # (lines, index of the wrong line)
    (["tags: [a, b"], 0),
    (["meta: {a: 1"], 0),
    (['summary: "never closed'], 0),
    (["summary: 'never closed"], 0),
    (["summary: Use this: for things"], 0),
    (["summary: `code` first"], 0),
    (["summary: @mention first"], 0),
    (['summary: "quoted" then text'], 0),
    (["summary: [Beta] then text"], 0),
    (["summary: > text after the indicator"], 0),
    (["summary: - item on the key line"], 0),
    (["summary: *star* text"], 0),
    (["extra:", "  author: me", " version: 1"], 2),
    (["extra:", "\tauthor: me"], 1),
    (["extra: one", "  two: three"], 1),
    (["extra"], 0),
    (["extra: >-", "not indented"], 1),
    (['summary: "C:\\path"'], 0),
    (["summary: 'Don't'"], 0),
    (["- stray item"], 0),
    (["extra: &", "  a: 1"], 0),
]


@settings(max_examples=5 * PROFILE_EXAMPLES)
@given(valid=st.permutations(VALID_BLOCKS), keep=st.integers(1, len(VALID_BLOCKS)),
       broken=st.sampled_from(BROKEN_BLOCKS), position=st.integers(0, len(VALID_BLOCKS)),
       pure_python=st.booleans())
def test_the_line_named_is_the_broken_line(valid: list[list[str]], keep: int,
                                           broken: tuple[list[str], int], position: int,
                                           pure_python: bool) -> None:
    blocks = valid[:keep]
    # A '- ' item first makes the whole frontmatter a list: the item is not the one wrong line.
    position = min(max(position, broken[0][0].startswith("- ")), len(blocks))
    lines = [line for block in blocks[:position] for line in block]
    wrong = len(lines) + broken[1] + 2  # file line: the frontmatter starts on line 2
    lines += broken[0] + [line for block in blocks[position:] for line in block]
    text = "\n".join(lines) + "\n"
    saved = safe_yaml._C_LOADER
    if pure_python:
        safe_yaml._C_LOADER = None
    try:
        with pytest.raises(safe_yaml.YamlProblem) as caught:
            safe_yaml.load(text, first_line=2)
    finally:
        safe_yaml._C_LOADER = saved
    found = explain(caught.value, text, 2)
    assert found.line == wrong, (text, found)
    assert found.message != caught.value.message, "a hint is given"
