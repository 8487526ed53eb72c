"""Hostile frontmatter: alias bombs, deep nesting, recursion, size, huge numbers, Python tags and
several documents must each become a diagnostic, never an exception, a hang or a crash."""

from __future__ import annotations

import datetime as dt
import math
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import skill_catalog
from skill_catalog.config import Limits, config_from_mapping
from skill_catalog.fs import safe_yaml
from skill_catalog.model import Skill

HEAD = "---\nname: demo\ndescription: Does demo things. Use when testing.\n"


def load_frontmatter(library: Path, frontmatter: str) -> Skill:
    """Write ``library/demo/SKILL.md`` with ``frontmatter`` after name and description."""
    folder = library / "demo"
    folder.mkdir()
    (folder / "SKILL.md").write_text(HEAD + frontmatter + "---\n# Body\n", encoding="utf-8")
    catalog = skill_catalog.load([library])
    assert len(catalog.skills) == 1
    return catalog.skills[0]


def diagnostic(skill: Skill) -> tuple[str, int | None]:
    assert len(skill.diagnostics) == 1, skill.diagnostics
    found = skill.diagnostics[0]
    return found.code, found.line


def laughs(levels: int, fan_out: int = 10) -> str:
    """The classic alias bomb, nested under ``metadata`` (fan_out ** levels values)."""
    lines = ["metadata:", '  l0: &l0 "lol"']
    for level in range(1, levels + 1):
        refs = ", ".join([f"*l{level - 1}"] * fan_out)
        lines.append(f"  l{level}: &l{level} [{refs}]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused(library: Path) -> None:
    skill = load_frontmatter(library, laughs(9))  # 10**9 values once expanded
    code, line = diagnostic(skill)
    assert code == "SC025"
    assert "alias" in skill.diagnostics[0].message
    # The expansion passes 10,000 values at l4 (10**4 + ...), the line of that key.
    assert line == 4 + 1 + 4
    assert not skill.parsed
    assert skill.frontmatter == {}


def test_a_few_aliases_are_fine(library: Path) -> None:
    skill = load_frontmatter(library, laughs(2))
    assert skill.valid, skill.diagnostics
    assert skill.frontmatter["metadata"]["l2"] == [["lol"] * 10] * 10


@pytest.mark.parametrize("closed", [True, False], ids=["closed", "unclosed"])
def test_flow_nesting_100000_levels_deep(library: Path, closed: bool) -> None:
    depth = 100_000
    value = "[" * depth + ("]" * depth if closed else "")
    limit = sys.getrecursionlimit()
    skill = load_frontmatter(library, f"metadata:\n  deep: {value}\n")
    code, line = diagnostic(skill)
    assert code == "SC025"
    assert line == 5
    assert "nesting is deeper than 64 levels" in skill.diagnostics[0].message
    assert sys.getrecursionlimit() == limit


def test_flow_mapping_nesting(library: Path) -> None:
    depth = 50_000
    skill = load_frontmatter(library, "metadata:\n  deep: " + "{a: " * depth + "}" * depth + "\n")
    assert diagnostic(skill)[0] == "SC025"


@pytest.mark.parametrize(("depth", "indent"), [(300, 2), (700, 1)])
def test_block_nesting(library: Path, depth: int, indent: int) -> None:
    # 300 levels go through libyaml after the cheap depth bound; 700 through the guarded
    # pure-Python composer.
    block = "".join(" " * indent * level + f"k{level}:\n" for level in range(1, depth))
    skill = load_frontmatter(library, "metadata:\n" + block)
    code, line = diagnostic(skill)
    assert code == "SC025"
    # The first value 65 levels down is key k63 (line 67) or the mapping under it (line 68):
    # the two readers meet them in a different order.
    assert line in (4 + 63, 4 + 64)


def test_block_sequence_nesting(library: Path) -> None:
    skill = load_frontmatter(library, "metadata:\n  deep:\n    " + "- " * 5_000 + "x\n")
    assert diagnostic(skill)[0] == "SC025"


def test_nesting_within_the_limit_is_read(library: Path) -> None:
    skill = load_frontmatter(library, "metadata:\n  deep: " + "[" * 60 + "]" * 60 + "\n")
    assert [d.code for d in skill.diagnostics] == ["SC207"]  # a list, not a string
    assert skill.parsed


@pytest.mark.parametrize("value", ["&a [*a]", "&a {self: *a}", "&a [1, [2, *a]]"])
def test_recursive_aliases(library: Path, value: str) -> None:
    skill = load_frontmatter(library, f"metadata:\n  loop: {value}\n")
    assert diagnostic(skill) == ("SC025", 5)
    assert "refers to itself" in skill.diagnostics[0].message


def test_one_megabyte_frontmatter_is_read(library: Path) -> None:
    blob = "v" * (1 << 20)
    skill = load_frontmatter(library, f"metadata:\n  blob: \"{blob}\"\n")
    assert skill.valid, skill.diagnostics
    assert skill.frontmatter["metadata"]["blob"] == blob


def test_frontmatter_over_the_size_limit(library: Path) -> None:
    limit = Limits().max_frontmatter_bytes
    block = "".join(f"  key{i:06}: \"{'v' * 80}\"\n" for i in range(limit // 90 + 10))
    assert len(block) > limit
    skill = load_frontmatter(library, "metadata:\n" + block)
    assert diagnostic(skill) == ("SC025", 2)
    assert f"larger than {limit} bytes" in skill.diagnostics[0].message


def test_a_smaller_size_limit_from_the_config(library: Path) -> None:
    folder = library / "demo"
    folder.mkdir()
    block = "".join(f"  key{i}: \"{'v' * 80}\"\n" for i in range(30))
    (folder / "SKILL.md").write_text(HEAD + "metadata:\n" + block + "---\n", encoding="utf-8")
    config = config_from_mapping({"limits": {"max_frontmatter_bytes": 1024}})
    (skill,) = skill_catalog.load([library], config).skills
    assert diagnostic(skill) == ("SC025", 2)


def test_many_plain_values_hit_the_value_limit(library: Path) -> None:
    block = "".join(f"  k{i}: v\n" for i in range(6_000))
    skill = load_frontmatter(library, "metadata:\n" + block)
    assert diagnostic(skill)[0] == "SC025"


def notes(skill: Skill) -> list[tuple[int | None, int | None, str]]:
    """The SC026 diagnostics (values read in another form): line, column, message."""
    return [(d.line, d.column, d.message) for d in skill.diagnostics if d.code == "SC026"]


@pytest.mark.parametrize("literal", [
    "9" * 10_000,  # Python refuses to read a decimal integer of more than 4,300 digits
    "0x" + "f" * 5_000,  # reads in linear time, but then cannot be printed (6,000 digits)
    "-0b" + "1" * 200,
    "1" + ":59" * 100,  # sexagesimal: reading it multiplies by 60 at each part
])
def test_an_integer_too_long_to_show_is_kept_as_text(library: Path, literal: str) -> None:
    skill = load_frontmatter(library, f"metadata:\n  big: {literal}\n  small: 0x1F\n")
    assert skill.parsed
    assert skill.frontmatter["metadata"] == {"big": literal, "small": 31}
    ((line, column, message),) = notes(skill)
    assert (line, column) == (5, 8)
    assert f"is {len(literal)} characters long: it is kept as text; quote it" in message
    assert [d.code for d in skill.diagnostics] == ["SC026", "SC207"]  # small is a number
    str(skill.frontmatter)  # printable


def test_a_100_character_integer_is_still_a_number(library: Path) -> None:
    skill = load_frontmatter(library, "metadata:\n  id: " + "1" * 100 + "\n")
    assert skill.frontmatter["metadata"]["id"] == int("1" * 100)
    assert notes(skill) == []


@pytest.mark.parametrize("literal", [".nan", ".NaN", ".inf", "-.inf", "+.INF", "1.0e+99999",
                                     "!!float 1e400", "-1" + "0" * 400 + ".0"])
def test_non_finite_numbers_are_kept_as_text(library: Path, literal: str) -> None:
    skill = load_frontmatter(library, f"metadata:\n  x: {literal}\n  tiny: 1.0e-99999\n")
    metadata = skill.frontmatter["metadata"]
    assert metadata["x"] == literal.removeprefix("!!float ")
    assert metadata["tiny"] == 0.0
    ((line, column, message),) = notes(skill)
    assert (line, column) == (5, 6)
    assert "is not a finite number" in message


@pytest.mark.parametrize(("literal", "text", "what"), [
    ("2024-02-30", "2024-02-30", "a date"),  # the resolver takes it for a date; it is none
    ("0000-01-01", "0000-01-01", "a date"),
    ("!!timestamp yesterday", "yesterday", "a date"),
    ("!!int twelve", "twelve", "an integer"),
    ("!!float x", "x", "a number"),
    ("!!bool maybe", "maybe", "a boolean"),
    ("=", "=", "YAML 1.1's value key"),  # PyYAML's safe_load has no constructor for it
])
def test_a_scalar_its_type_cannot_read_is_kept_as_text(library: Path, literal: str, text: str,
                                                        what: str) -> None:
    skill = load_frontmatter(library, f"license: {literal}\n")
    assert skill.frontmatter["license"] == text
    ((line, column, message),) = notes(skill)
    assert (line, column) == (4, 10)
    assert f"cannot be read as {what}: it is kept as text" in message or what in message


def test_dates_and_times_stay_dates(library: Path) -> None:
    skill = load_frontmatter(library, "metadata:\n  day: 2024-01-01\n"
                                      "  at: 2001-12-14t21:59:43.10-05:00\n")
    metadata = skill.frontmatter["metadata"]
    assert metadata["day"] == dt.date(2024, 1, 1)
    assert metadata["at"].utcoffset() == dt.timedelta(hours=-5)
    assert notes(skill) == []  # SC207 says a date is not a string; nothing is lost
    assert [d.code for d in skill.diagnostics] == ["SC207", "SC207"]


@pytest.mark.parametrize(("value", "read", "says"), [
    ("!!binary aGVs\n    bG8=", "aGVsbG8=", "a !!binary value is kept as its base64 text"),
    ("!!set {b, a}", ["b", "a"], "a !!set is read as the list of its members"),
    ("!!omap [x: 1, y: 2]", [{"x": 1}, {"y": 2}], "!!omap is read as the list of one-key"),
    ("!!pairs [x: 1, x: 2]", [{"x": 1}, {"x": 2}], "!!pairs is read as the list of one-key"),
])
def test_tagged_collections_and_binary_have_a_plain_form(library: Path, value: str, read: Any,
                                                         says: str) -> None:
    skill = load_frontmatter(library, f"metadata:\n  x: {value}\n")
    assert skill.frontmatter["metadata"]["x"] == read
    ((line, column, message),) = notes(skill)
    assert (line, column) == (5, 6)
    assert says in message


def test_keys_that_are_not_strings_are_read_as_their_text(library: Path) -> None:
    skill = load_frontmatter(library, textwrap.dedent("""\
        metadata:
          1: one
          true: yes-key
          null: nothing
          2024-01-01: day
          1.5: number
          ? [a, {b: c}]
          : complex
          ? {k: v}
          : mapping
          0x""" + "f" * 200 + """: big
        """))
    metadata = skill.frontmatter["metadata"]
    # 1 and true are one key to Python (1 == True): as text they stay two.
    assert list(metadata) == ["1", "true", "null", "2024-01-01", "1.5", "[a, {b: c}]",
                              "{k: v}", "0x" + "f" * 200]
    assert [(line, column) for line, column, _ in notes(skill)] == [
        (5, 3), (6, 3), (7, 3), (8, 3), (9, 3), (10, 5), (12, 5), (14, 3)]
    messages = [message for _, _, message in notes(skill)]
    assert "the key '1' is a number, not a string: it is read as its text" in messages[0]
    assert "the key 'true' is a boolean" in messages[1]
    assert "the key 'null' is null" in messages[2]
    assert "the key '[a, {b: c}]' is a sequence, not a string" in messages[5]
    assert all(isinstance(key, str) for key in metadata)


def test_a_top_level_key_that_is_not_a_string(library: Path) -> None:
    skill = load_frontmatter(library, "404: not found\n")
    assert skill.frontmatter["404"] == "not found"
    assert sorted(d.code for d in skill.diagnostics) == ["SC026", "SC101"]


def test_merge_keys_are_merged_with_a_note(library: Path) -> None:
    skill = load_frontmatter(library, "metadata:\n  base: &b {x: '1', y: '2'}\n"
                                      "  more:\n    <<: *b\n    y: '3'\n")
    assert skill.frontmatter["metadata"]["more"] == {"x": "1", "y": "3"}
    ((line, column, message),) = notes(skill)
    assert (line, column) == (7, 5)
    assert "merge key (<<)" in message


def test_aliases_of_a_long_string_cannot_multiply_it(library: Path) -> None:
    blob = "v" * 40_000
    skill = load_frontmatter(library, f"metadata:\n  a: &a \"{blob}\"\n  b: [*a, *a, *a]\n")
    code, line = diagnostic(skill)
    assert (code, line) == ("SC025", 6)
    assert "aliases expand to more than" in skill.diagnostics[0].message
    document = safe_yaml.load(f"a: &a \"{blob}\"\nb: *a\n")
    assert document.value["b"] == blob  # twice the text is within the bound


def test_every_value_is_plain(library: Path) -> None:
    """Whatever the YAML, the frontmatter holds only types every output can show."""
    skill = load_frontmatter(library, textwrap.dedent("""\
        metadata:
          a: [.nan, !!binary aGk=, !!set {x}, {? [1]: 2}, !!omap [k: .inf], 2024-01-01]
        """))
    plain = (type(None), bool, int, float, str, dt.date, list, dict)

    def check(value: Any) -> None:
        assert isinstance(value, plain), value
        if isinstance(value, float):
            assert math.isfinite(value)
        if isinstance(value, list):
            for item in value:
                check(item)
        if isinstance(value, dict):
            for key, item in value.items():
                assert isinstance(key, str)
                check(item)

    check(skill.frontmatter)
    assert len(notes(skill)) == 6


@pytest.mark.parametrize("tag", [
    "!!python/object:os.system {}",
    "!!python/object/apply:os.system ['echo hacked']",
    "!!python/name:os.system",
    "!!python/module:os",
])
def test_python_tags_are_rejected(library: Path, tag: str) -> None:
    skill = load_frontmatter(library, f"metadata:\n  x: {tag}\n")
    assert diagnostic(skill) == ("SC022", 5)
    assert "could not determine a constructor" in skill.diagnostics[0].message


def test_several_documents_in_frontmatter(library: Path) -> None:
    # A --- line always closes the frontmatter; '...' ends a document, and more YAML after it
    # would be a second document.
    skill = load_frontmatter(library, "...\nname: again\n")
    # The '...' line is the one to remove, not the key after it where reading stopped.
    assert diagnostic(skill) == ("SC022", 4)
    assert "remove the '...' line" in skill.diagnostics[0].message


def test_safe_yaml_refuses_a_second_document() -> None:
    with pytest.raises(safe_yaml.YamlProblem) as caught:
        safe_yaml.load("a: 1\n---\nb: 2\n", first_line=10)
    assert caught.value.line == 11
    assert "another document" in caught.value.message


def test_safe_yaml_limits_are_enforced_on_the_node_graph() -> None:
    with pytest.raises(safe_yaml.YamlProblem) as caught:
        safe_yaml.load("a: &x [1, 2, 3]\nb: [*x, *x, *x]\n", max_nodes=10)
    assert "more than 10 values" in caught.value.message
    document = safe_yaml.load("a: &x [1, 2, 3]\nb: [*x, *x, *x]\n", max_nodes=100)
    assert document.value == {"a": [1, 2, 3], "b": [[1, 2, 3]] * 3}


EXOTIC = textwrap.dedent("""\
    a: [.nan, !!binary aGk=, !!set {x}, {? [1]: 2}, !!omap [k: .inf], 2024-01-01, 2024-02-30]
    1: &m {x: 1}
    b: {<<: *m, y: 0x""" + "f" * 120 + """}
    """)


def test_both_readers_give_the_same_plain_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """libyaml's reader and the pure-Python one (taken for deeply nested text) agree."""
    assert safe_yaml._C_LOADER is not None
    with_c = safe_yaml.load(EXOTIC, first_line=2)
    monkeypatch.setattr(safe_yaml, "_C_LOADER", None)
    pure = safe_yaml.load(EXOTIC, first_line=2)
    assert pure.value == with_c.value
    assert pure.notes == with_c.notes
    assert [(n.line, n.column) for n in pure.notes] == [
        (2, 5), (2, 11), (2, 26), (2, 40), (2, 49), (2, 60), (2, 79), (3, 1), (4, 5), (4, 16)]
