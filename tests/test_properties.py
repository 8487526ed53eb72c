"""Property-based tests (Hypothesis): arbitrary SKILL.md bytes, arbitrary YAML and arbitrary
hostile strings go through load, validate and a whole site build without an exception
escaping, and nothing from the input reaches a page unescaped.

The example counts are kept modest for CI; ``benchmarks/fuzz.py`` runs the same properties
with many more examples (docs/security.md records its last run).
"""

from __future__ import annotations

import json
import shutil
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

import skill_catalog
from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping
from skill_catalog.observed import OBSERVED
from skill_catalog.prompts import FORMATS, render
from skill_catalog.site.build import BuildResult, build
from tests.helpers.pages import CONTROL, page_problems
from tests.helpers.sites import html_pages, plain_problems

PROBE = "<q-probe"
"""A tag no template writes: it may reach a page only escaped (``&lt;q-probe``)."""

HOSTILE_PIECES = [
    "<", ">", "&", '"', "'", "`", "\\", "/", ":", "#", "-", "\n", "\r", "\t", "\x00", "\x07",
    "\x1b[31m", "\u2028", "\u202e", "\ufeff", "\ud800", "\uffff", "]]>", "<!--", "-->",
    "<script>", "</script>", "javascript:", "data:text/html,", "onerror=", "<img src=x ",
    "</description>", "</skill>", "</available_skills>", "</skill_content>", "{{", "}}", "{%",
    "%}", "---", "...", "*", "&a", "!!python/object:os.system", "%2e%2e/", "../", "é", "ß",
]
hostile_text = st.lists(st.sampled_from(HOSTILE_PIECES) | st.text(max_size=8),
                        max_size=12).map("".join)
probed = st.tuples(hostile_text, hostile_text).map(lambda ab: f"{ab[0]}{PROBE} {ab[1]}>")

MARKDOWN_PIECES = [
    "# ", "## ", "> ", "- ", "1. ", "* ", "```", "~~~", "    ", "|", "---", "[", "]", "(", ")",
    "![", "](", "<", ">", "&", "\n", "\n\n", "javascript:alert(1)", "data:text/html,x",
    "vbscript:x", "../../outside/secret.md", "/etc/passwd", "file:///etc/passwd",
    "%2e%2e/%2e%2e/", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
    "<a href='javascript:alert(1)'>", "<iframe src=x>", "<svg onload=alert(1)>", "<style>",
    "<form>", "<base href=x>", "<meta http-equiv=refresh content=0>", "[^1]", "[^1]: note",
    "- [ ] ", "- [x] ", "<details open ontoggle=alert(1)>", "text", " ", "\t", "\x00",
    "\ufdd0", "\ufdd1", "<!--", "-->", "<![CDATA[", "]]>", "<math><mi xlink:href=x>",
]
markdown = st.lists(st.sampled_from(MARKDOWN_PIECES) | st.text(max_size=6),
                    max_size=60).map("".join)

yaml_scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                | hostile_text | probed)

ODD_SCALARS = [
    ".nan", ".NaN", ".inf", "-.inf", "+.INF", "1.0e+400", "-1.5e-400", "1.5", "0", "-0", "0o17",
    "017", "0x_1F", "190:20:30", "~", "null", "Null", "", "yes", "No", "on", "OFF", "true",
    "2024-01-01", "2024-02-30", "0000-01-01", "2001-12-14t21:59:43.10-05:00",
    "2001-12-14 21:59:43.10 -5", "2002-12-14", "9999-12-31T23:59:59Z", "=", "<<", "!!binary aGk=",
    "!!binary ===", "!!int twelve", "!!float x", "!!bool maybe", "!!timestamp soon", "!!str 1",
    "!!null x", "!!int 0x" + "f" * 120, "!!float .nan", "!!binary " + "QUJD" * 300,
]
long_integers = st.tuples(st.integers(1, 6_000), st.sampled_from(["", "-", "+"]),
                          st.sampled_from(["9", "0x", "0b", "1:"])).map(
    lambda t: t[1] + {"9": "9" * t[0], "0x": "0x" + "f" * t[0], "0b": "0b" + "1" * t[0],
                      "1:": "1" + ":59" * (t[0] // 3 + 1)}[t[2]])
yaml_scalar_text = (st.sampled_from(ODD_SCALARS) | long_integers
                    | st.integers().map(str) | st.floats().map(str)
                    | st.dates().map(str) | st.datetimes().map(str)
                    | hostile_text.map(json.dumps) | st.text(max_size=12).map(json.dumps))
"""YAML scalars as written in a frontmatter: every type a safe reader builds, and text its
tag cannot read."""


def _flow_mapping(pairs: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"? {k} : {v}" for k, v in pairs) + "}"


yaml_value_text = st.recursive(yaml_scalar_text, lambda inner: st.one_of(
    st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
    st.lists(st.tuples(inner, inner), max_size=4).map(_flow_mapping),
    st.lists(inner, max_size=4).map(lambda keys: "!!set " + _flow_mapping(
        [(k, "") for k in keys])),
    st.tuples(st.sampled_from(["!!omap", "!!pairs"]), st.lists(st.tuples(inner, inner),
                                                               max_size=3)).map(
        lambda t: t[0] + " [" + ", ".join(_flow_mapping([kv]) for kv in t[1]) + "]"),
    st.tuples(st.lists(st.tuples(inner, inner), max_size=3), inner).map(
        lambda t: "{<<: " + _flow_mapping(t[0]) + ", z: " + t[1] + "}"),
    st.tuples(inner, st.integers(0, 1 << 30)).map(  # an anchor is defined once
        lambda t: f"[&a{t[1]} {t[0]}, *a{t[1]}, *a{t[1]}]"),
), max_leaves=8)
"""YAML values as flow text, collections of :data:`yaml_scalar_text` included (complex keys,
tagged collections, merge keys, aliases)."""

PLACES = {
    "name": "name: {v}\ndescription: Odd name. Use when testing.",
    "description": "name: one\ndescription: {v}",
    "license": "name: one\ndescription: Odd licence. Use when testing.\nlicense: {v}",
    "compatibility": "name: one\ndescription: Odd. Use when testing.\ncompatibility: {v}",
    "allowed-tools": "name: one\ndescription: Odd. Use when testing.\nallowed-tools: {v}",
    "metadata value": "name: one\ndescription: Odd. Use when testing.\nmetadata:\n  x: {v}",
    "metadata key": "name: one\ndescription: Odd. Use when testing.\nmetadata:\n  ? {v}\n  : x",
    "unknown field": "name: one\ndescription: Odd. Use when testing.\nx-field: {v}",
    "top-level key": "name: one\ndescription: Odd. Use when testing.\n? {v}\n: x",
}
"""Where :func:`test_any_yaml_value_is_safe_downstream` puts the value."""
yaml_values = st.recursive(
    yaml_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(hostile_text, inner, max_size=4),
    max_leaves=16)


@contextmanager
def library() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="skill-catalog-prop-") as folder:
        base = Path(folder)
        (base / "lib" / "one").mkdir(parents=True)
        (base / "lib" / "two").mkdir()
        (base / "lib" / "two" / "SKILL.md").write_text(
            "---\nname: two\ndescription: A plain skill beside the fuzzed one. Use when "
            "testing.\n---\nBody.\n", encoding="utf-8")
        yield base


def build_site(base: Path) -> BuildResult:
    """Load and build; the well-formed neighbour is always published."""
    result = build(config_from_mapping({}), roots=[base / "lib"], output=base / "site")
    assert (base / "site" / "skills" / "two" / "index.html").is_file()
    assert (base / "site" / "skills" / "two.zip").is_file()
    return result


def check_site(base: Path, result: BuildResult) -> None:
    """Every page is free of script from content and of the probe tag; every prompt file is
    well formed and lists each published skill once."""
    site = base / "site"
    for page in html_pages(site):
        assert page_problems(site, page) == [], page
        assert PROBE not in page.read_text("utf-8"), page
    valid = [s for s in result.catalog.skills if s.valid]
    whole = ET.parse(site / "prompts" / "available_skills.xml").getroot()
    assert len(whole.findall("skill")) == len(valid)
    assert len(json.loads((site / "prompts" / "json.json").read_text("utf-8"))) == len(valid)
    json.loads((site / "catalog.json").read_text("utf-8"))
    for name in FORMATS:
        text = render(result.catalog, name).text
        assert not CONTROL.search(text), name


def write_frontmatter(base: Path, document: dict[str, Any], body: str) -> None:
    text = yaml.safe_dump(document, allow_unicode=True, sort_keys=False)
    (base / "lib" / "one" / "SKILL.md").write_text(f"---\n{text}---\n{body}", encoding="utf-8",
                                                   errors="surrogatepass")


@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes_never_escape_as_an_exception(data: bytes) -> None:
    with library() as base:
        (base / "lib" / "one" / "SKILL.md").write_bytes(data)
        catalog = skill_catalog.load([base / "lib"])
        assert len(catalog.skills) == 2
        check_site(base, build_site(base))


@given(prefix=st.sampled_from([b"", b"---\n", b"---\nname: one\ndescription: ",
                               b"---\nname: one\ndescription: x\n---\n"]),
       data=st.binary(max_size=2000))
def test_arbitrary_bytes_after_a_plausible_start(prefix: bytes, data: bytes) -> None:
    with library() as base:
        (base / "lib" / "one" / "SKILL.md").write_bytes(prefix + data)
        check_site(base, build_site(base))


@given(text=st.text(max_size=2000))
def test_arbitrary_yaml_text_as_frontmatter(text: str) -> None:
    with library() as base:
        (base / "lib" / "one" / "SKILL.md").write_text(
            f"---\n{text}\n---\nBody\n", encoding="utf-8", errors="surrogatepass")
        check_site(base, build_site(base))


@example(name="one", description="Use when ", extra={"license": {}}, body="")  # found by fuzz
@given(name=st.one_of(st.just("one"), hostile_text, probed),
       description=st.one_of(probed, hostile_text.map(lambda t: f"Use when {t}")),
       extra=st.dictionaries(st.sampled_from(["license", "compatibility", "allowed-tools",
                                              "metadata", "version", "<script>"]),
                             yaml_values, max_size=4),
       body=markdown)
def test_hostile_frontmatter_values_reach_pages_only_escaped(
        name: str, description: str, extra: dict[str, Any], body: str) -> None:
    with library() as base:
        write_frontmatter(base, {"name": name, "description": description, **extra}, body)
        result = build_site(base)
        check_site(base, result)
        skill = next(s for s in result.catalog.skills if s.dir.name == "one")
        if skill.parsed and PROBE in description:  # it was read, and shown only escaped
            index = (base / "site" / "index.html").read_text("utf-8")
            assert "&lt;q-probe" in index


def run_cli(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code in (0, 1), (args, result.output)
    return result.stdout


@example(value="0x" + "f" * 5_000, place="metadata value")  # issue 23: stopped build and prompt
@example(value="9" * 5_000, place="metadata key")
@example(value="9" * 5_000, place="description")  # the tools' JavaScript-number readers
@example(value="0x" + "f" * 300, place="description")
@given(value=yaml_value_text, place=st.sampled_from(sorted(PLACES)))
def test_any_yaml_value_is_safe_downstream(value: str, place: str) -> None:
    """Whatever YAML value stands wherever in a frontmatter, it is read into plain data, the
    skill's frontmatter diagnostics name a line, and every command and output format finishes
    (the rest of the library published)."""
    with library() as base:
        skill_md = base / "lib" / "one" / "SKILL.md"
        skill_md.write_text("---\n" + PLACES[place].format(v=value) + "\n---\nBody.\n",
                            encoding="utf-8", errors="surrogatepass")
        result = build_site(base)
        check_site(base, result)
        skill = next(s for s in result.catalog.skills if s.dir.name == "one")
        assert list(plain_problems(skill.frontmatter)) == []
        assert all(d.line is not None for d in skill.diagnostics if d.file == skill.skill_md)
        lib = str(base / "lib")
        for output in ("text", "json", "github", "sarif"):
            run_cli("validate", lib, "--format", output)
        json.loads(run_cli("validate", lib, "--format", "json"))
        for name in FORMATS:
            run_cli("prompt", lib, "--format", name)
        run_cli("list", lib, "--format", "json")
        run_cli("search", "odd", lib)
        run_cli("show", "--", skill.key, lib)
        json.loads(run_cli("files", "--format", "json", "--", skill.key, lib))
        # the real tools' own readers (YAML 1.2, JavaScript's numbers)
        project, home = base / "project", base / "home"
        (project / ".git").mkdir(parents=True)
        home.mkdir()
        for folder in (".claude", ".agents", ".gemini"):
            shutil.copytree(base / "lib", project / folder / "skills")
        for tool in OBSERVED:
            run_cli("prompt", "--as-seen-by", tool, "--cwd", str(project), "--home", str(home))
        run_cli("list", "--as-seen-by", "all", "--cwd", str(project), "--home", str(home))


@given(body=markdown, reference=markdown)
def test_hostile_markdown_renders_safely(body: str, reference: str) -> None:
    with library() as base:
        write_frontmatter(base, {"name": "one", "description": "Fuzzed body. Use when testing."},
                          body + "\n[ref](references/ref.md)\n")
        (base / "lib" / "one" / "references").mkdir()
        (base / "lib" / "one" / "references" / "ref.md").write_text(
            reference, encoding="utf-8", errors="surrogatepass")
        check_site(base, build_site(base))
