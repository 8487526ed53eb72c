"""Hostile frontmatter: alias bombs, deep nesting, recursion, size, huge numbers, Python tags and
several documents must each become a diagnostic, never an exception, a hang or a crash."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog import safe_yaml
from skill_catalog.config import Limits, config_from_mapping
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


def test_huge_integer_is_an_error_not_an_exception(library: Path) -> None:
    skill = load_frontmatter(library, "metadata:\n  big: " + "9" * 10_000 + "\n")
    code, _line = diagnostic(skill)
    assert code == "SC022"
    assert "invalid YAML value" in skill.diagnostics[0].message


def test_integers_below_python_limit_and_huge_floats_are_read(library: Path) -> None:
    skill = load_frontmatter(
        library, "metadata:\n  big: " + "9" * 4_000 + "\n  inf: 1.0e+99999\n  tiny: 1.0e-99999\n")
    assert skill.parsed
    metadata = skill.frontmatter["metadata"]
    assert metadata["big"] == int("9" * 4_000)
    assert math.isinf(metadata["inf"])
    assert metadata["tiny"] == 0.0
    assert sorted(d.code for d in skill.diagnostics) == ["SC207", "SC207", "SC207"]


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
