"""What the built pages say, read back from the HTML: the index page's numbers and filters,
what each tool does with a skill, the Problems link on every page, and the notes of a build
found where the build says they are."""

from __future__ import annotations

import html
import html.parser
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from skill_catalog.agents.profiles import PROFILES
from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from skill_catalog.site.pages import render as pages
from skill_catalog.site.pages import views
from tests.helpers.libraries import make_checkout, write_skill


class IndexPage(html.parser.HTMLParser):
    """The parts of a built index page the tests read: the header's numbers, every facet with
    its options (value, label, count) and every card's facets."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stats = ""
        self.facets: dict[str, list[dict[str, Any]]] = {}
        self.cards: list[dict[str, list[str]]] = []
        self._in_stats = False
        self._facet: str | None = None
        self._option: dict[str, Any] | None = None
        self._span: str | None = None
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "p" and "stats" in classes:
            self._in_stats = True
        elif tag == "fieldset" and "facet" in classes:
            self._facet = a["data-facet"]
            self.facets[self._facet or ""] = []
        elif tag == "input" and self._facet is not None:
            self._option = {"value": a["value"], "label": "", "count": ""}
            self.facets[self._facet].append(self._option)
        elif tag == "span" and self._option is not None:
            self._span = "label" if "facet-value" in classes else "count"
        elif tag == "li" and "data-facets" in a:
            self.cards.append(json.loads(a["data-facets"] or "{}"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "p":
            self._in_stats = False
        elif tag == "fieldset":
            self._facet = None
        elif tag == "label":
            self._option = None
        elif tag == "span":
            self._span = None

    def handle_data(self, data: str) -> None:
        if self._in_stats:
            self.stats += data
        if self._option is not None and self._span is not None:
            self._option[self._span] += data

    def header_numbers(self) -> dict[str, int]:
        """``{"skills": 7, "valid": 4, "with warnings": 2, ...}`` from the header line."""
        found = {}
        for part in self.stats.split("·"):
            match = re.fullmatch(r"\s*(\d+) (.+?)\s*", part)
            assert match, f"unreadable part {part!r} of {self.stats!r}"
            found[match.group(2)] = int(match.group(1))
        return found

    def options(self, facet: str) -> dict[str, int]:
        """label -> count of a facet's options."""
        return {o["label"].strip(): int(o["count"]) for o in self.facets[facet]}


def _index(site: Path) -> IndexPage:
    return IndexPage((site / "index.html").read_text(encoding="utf-8"))


def _status_library(root: Path) -> Path:
    """Seven skills: two clean, two valid with warnings, three invalid (all numbers differ)."""
    library = root / "skills"
    for name in ("clean-one", "clean-two"):
        write_skill(library, name)
    for name in ("warned-one", "warned-two"):
        write_skill(library, name, body="# W\n\nRun [it](scripts/missing.sh).\n")
    for name in ("Bad_One", "Bad_Two", "Bad_Three"):
        write_skill(library, name.lower(), f"name: {name}\ndescription: Invalid. Use when x.")
    return library


def test_the_header_and_the_status_filter_count_the_same_skills(tmp_path: Path) -> None:
    build(config_from_mapping({}), roots=[_status_library(tmp_path)], output=tmp_path / "out")
    page = _index(tmp_path / "out")
    header = page.header_numbers()
    assert header == {"skills": 7, "valid": 4, "with warnings": 2, "invalid": 3}
    status = page.options("status")
    for label, count in header.items():
        if label != "skills":
            assert status[label] == count, (label, page.stats, status)
    # ... and each option counts the cards that carry its value (what ticking it shows)
    for option in page.facets["status"]:
        carrying = sum(option["value"] in card.get("status", []) for card in page.cards)
        assert carrying == int(option["count"]), option
    assert len(page.cards) == header["skills"]


def test_one_skill_is_one_skill(tmp_path: Path) -> None:
    write_skill(tmp_path / "skills", "only-one")
    build(config_from_mapping({}), roots=[tmp_path / "skills"], output=tmp_path / "out")
    assert _index(tmp_path / "out").header_numbers() == {"skill": 1, "valid": 1}
    footer = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "1 skill ·" in footer
    assert "1 skills" not in footer


def test_a_facet_that_every_skill_shares_is_not_shown(tmp_path: Path) -> None:
    """Every skill valid and clean, under one licence, loaded by every tool: no status, licence
    or tool filter; a category that differs is shown."""
    library = tmp_path / "skills"
    for name, category in (("a-one", "x"), ("b-two", "y"), ("c-three", "x")):
        write_skill(library, name, f"""
            name: {name}
            description: Does {name} things. Use when testing.
            license: MIT
            metadata:
              category: {category}
            """)
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    page = _index(tmp_path / "out")
    assert set(page.facets) == {"category"}
    assert page.options("category") == {"x": 2, "y": 1}
    # one licence on some skills only still narrows the list: shown
    write_skill(library, "d-four", "name: d-four\ndescription: Does d. Use when testing.")
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    page = _index(tmp_path / "out")
    assert page.options("license") == {"MIT": 3}


# ---- which agents load it --------------------------------------------------------------------


def _verdicts(page: str) -> dict[str, tuple[str, str]]:
    """title -> (state, text) of the skill page's "Which agents load it" list."""
    found = re.findall(r'<li class="verdict verdict-(?:yes|no) verdict-(\w+)"><strong>([^<]*)'
                       r"</strong>: ([^<]*)</li>", page)
    return {title: (state, html.unescape(text)) for state, title, text in found}


def test_which_agents_load_it_says_what_each_tools_profile_says(browser: Any,
                                                                 tmp_path: Path) -> None:
    """A checkout with a name in two tools' folders and a skill some tools reject: the page of
    each says, per tool, loaded, shadowed (by which copy, why) or rejected (why), as the tool's
    view of the checkout does; the "Loaded by" filter lists only the tools that load it."""
    root = make_checkout(tmp_path / "checkout")
    write_skill(root, ".agents/skills/broken", "name: Broken Name\n")
    config = config_from_mapping({"tools": ["claude-code", "codex", "copilot", "crush"]})
    build(config, roots=[root], output=tmp_path / "out")
    out = tmp_path / "out"

    def page_of(slug: str) -> dict[str, tuple[str, str]]:
        # The section is built by assets/skill.js from the page's data: as a browser shows it.
        page = browser.new_page()
        try:
            page.goto((out / "skills" / slug / "index.html").as_uri())
            page.wait_for_load_state("load")
            return _verdicts(str(page.content()))
        finally:
            page.close()

    claude, codex = PROFILES["claude-code"].title, PROFILES["codex"].title
    copilot, crush = PROFILES["copilot"].title, PROFILES["crush"].title
    # .claude/skills/shared and .agents/skills/shared: Copilot reads .agents first and keeps
    # the first; Crush keeps the last by path
    slugs = {s["path"]: s["slug"] for s in
             json.loads((out / "catalog.json").read_text(encoding="utf-8"))["skills"]}
    in_claude = page_of(slugs[".claude/skills/shared"])
    in_agents = page_of(slugs[".agents/skills/shared"])
    assert in_claude[claude][0] == "loaded"
    assert in_claude[copilot][0] == "shadowed"
    assert "shadowed by .agents/skills/shared" in in_claude[copilot][1]
    assert in_agents[copilot][0] == "loaded"
    assert in_agents[crush][0] == "shadowed"
    assert "shadowed by .claude/skills/shared" in in_agents[crush][1]
    assert in_agents[claude][0] == "installable"  # not in Claude Code's folders: once installed
    broken = page_of(slugs[".agents/skills/broken"])
    assert broken[codex][0] == "rejected"
    assert "description" in broken[codex][1]
    assert broken[crush][0] == "rejected"
    for page in (in_claude, in_agents, broken):
        assert str(tmp_path) not in json.dumps(page)  # no path of the build machine
    cards = dict(re.findall(
        r'id="skill-([^"]*)" data-name="[^"]*" data-facets="([^"]*)"',
        (out / "index.html").read_text(encoding="utf-8")))
    tools = {slug: json.loads(html.unescape(facets)).get("tool", [])
             for slug, facets in cards.items()}
    assert tools[slugs[".claude/skills/shared"]] == ["claude-code", "codex", "crush"]
    assert tools[slugs[".agents/skills/shared"]] == ["claude-code", "codex", "copilot"]
    assert tools[slugs[".agents/skills/broken"]] == ["claude-code"]


# ---- every note of a build, where the build says it is ---------------------------------------

def _notes_library(root: Path) -> Path:
    """A library whose build leaves things out: a binary file (not in the v0.1 well-known
    folder), a skill whose name the discovery indexes cannot carry, a file name that cannot be
    published (a backslash), and a second name claim."""
    library = root / "skills"
    write_skill(library, "with-binary", files={"assets/logo.png": b"\x89PNG\r\n\x1a\n\0\0"})
    write_skill(library, "café", "name: café\ndescription: Accented. Use when testing.")
    write_skill(library, "odd-file", files={"references/a\\b.md": "# odd\n"})
    write_skill(library, "plain-one")
    return library


class _Text(html.parser.HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.feed(text)

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _page_text(path: Path) -> str:
    return "".join(_Text(path.read_text(encoding="utf-8")).parts)


@pytest.mark.parametrize("workers", [1, 2])
def test_every_note_the_build_prints_is_on_the_problems_page_and_in_catalog_json(
        tmp_path: Path, workers: int) -> None:
    """``build`` prints its notes (SC040) and says the problems page lists them: each is
    there, with its skill, and in ``catalog.json``'s ``diagnostics``, as are the library's
    own diagnostics (a root that does not exist); an incremental rebuild keeps them all."""
    library = _notes_library(tmp_path)
    out = tmp_path / "out"
    config = config_from_mapping({"title": "Notes"})
    missing_root = tmp_path / "no-such-root"
    for attempt in ("first", "again"):
        result = build(config, roots=[library, missing_root], output=out, workers=workers)
        notes = result.notes
        assert {n.code for n in notes} == {"SC040"}, attempt
        messages = [n.message for n in notes]
        assert any("'café'" in m for m in messages), messages
        assert any(m.startswith("assets/logo.png: left out of .well-known/skills")
                   for m in messages), messages
        assert any("not published" in m for m in messages), messages
        library_level = result.catalog.diagnostics
        assert library_level, "the missing root is a diagnostic of the library"

        problems = " ".join(_page_text(out / "problems.html").split())
        catalog = json.loads((out / "catalog.json").read_text(encoding="utf-8"))
        listed = [(d["code"], d["severity"], d["message"], d["skill"])
                  for d in catalog["diagnostics"]]
        slugs = {s["path"]: s["slug"] for s in catalog["skills"]}
        for note in notes:
            assert " ".join(note.message.split()) in problems, (attempt, note.message)
            assert note.file is not None
            owner = next(s for s in result.catalog.skills if note.file.is_relative_to(s.dir))
            assert ("SC040", "warning", note.message, slugs[owner.relpath]) in listed, attempt
        # the library's own, named by the root, not by the build machine's path
        shown = [d.message.replace(str(missing_root), missing_root.name) for d in library_level]
        for diagnostic, message in zip(library_level, shown, strict=True):
            assert missing_root.name in message
            assert " ".join(message.split()) in problems, attempt
            assert (diagnostic.code, str(diagnostic.severity), message, None) in listed, attempt
        assert len(listed) == len(notes) + len(library_level), attempt
        assert str(tmp_path) not in json.dumps(catalog["diagnostics"])
        assert str(tmp_path) not in problems


def test_severities_have_one_word_on_every_page_and_in_catalog_json(tmp_path: Path) -> None:
    """error, warning and info, in the diagnostics of a skill page, its heading, the problems
    page and catalog.json: a valid skill with only an info is not headed "Warnings"."""
    library = tmp_path / "skills"
    crlf = write_skill(library, "crlf-only")
    skill_md = crlf / "SKILL.md"
    skill_md.write_bytes(skill_md.read_bytes().replace(b"\n", b"\r\n"))
    write_skill(library, "warned", body="# W\n\nRun [it](scripts/missing.sh).\n")
    write_skill(library, "bad-one", "name: Bad_One\ndescription: Invalid. Use when x.",
                body="# B\n\nRun [it](scripts/missing.sh).\n")
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    out = tmp_path / "out"

    def page(slug: str) -> str:
        return (out / "skills" / slug / "index.html").read_text(encoding="utf-8")

    def heading(slug: str) -> str:
        found = re.search(r'<h2 id="diag-title">([^<]*) <span class="count">', page(slug))
        assert found, slug
        return found.group(1)

    assert heading("crlf-only") == "Info"
    assert heading("warned") == "Warnings"
    assert heading("bad-one") == "Errors and warnings"
    words = set()
    for text in [page(s) for s in ("crlf-only", "warned", "bad-one")] + [
            (out / "problems.html").read_text(encoding="utf-8")]:
        words |= set(re.findall(r'<span class="diag-sev">([^<]*)</span>', text))
    assert words == {"error", "warning", "info"}
    catalog = json.loads((out / "catalog.json").read_text(encoding="utf-8"))
    assert {d["severity"] for s in catalog["skills"] for d in s["diagnostics"]} == words


def _many_notes(root: Path, skills: int) -> Path:
    """``skills`` skills with a file name that cannot be published: two SC040 notes each (left
    out of the zip and the indexes, and not published)."""
    library = root / "many"
    for index in range(skills):
        write_skill(library, f"s{index:03d}", files={"references/a\\b.md": "# odd\n"})
    return library


def test_build_says_how_many_more_notes_and_where_each_is_listed(tmp_path: Path) -> None:
    """Past the 20 notes printed, the line after them counts the rest by code and severity
    (the word every output uses: "warning", not "note") and names where every one is; the
    summary counts the build's own warnings apart from the library's."""
    library = _many_notes(tmp_path, 15)
    result = CliRunner().invoke(cli, ["build", str(library), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    printed = [line for line in result.stderr.splitlines() if ": SC040 warning: " in line]
    assert len(printed) == 20
    assert "... and 10 more (10 SC040 warnings): the problems page lists every one." in \
        result.stderr.splitlines()
    assert ("Built 15 skills (15 valid, 0 invalid; 0 errors, 0 warnings; the build's own: "
            "30 SC040 warnings) into ") in result.stdout
    assert "Details: the site's problems page." in result.stdout.splitlines()
    problems = _page_text(tmp_path / "site" / "problems.html")
    assert problems.count("SC040") == 30


def test_past_the_problems_page_cap_the_build_points_at_catalog_json(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "MAX_LIBRARY_DIAGNOSTICS", 12)
    monkeypatch.setattr(pages, "MAX_LIBRARY_DIAGNOSTICS", 12)
    library = _many_notes(tmp_path, 15)
    result = CliRunner().invoke(cli, ["build", str(library), "-o", str(tmp_path / "site"),
                                      "-j", "1"])
    assert result.exit_code == 0, result.output
    assert ("... and 10 more (10 SC040 warnings): catalog.json lists every one (the problems "
            "page, the first 12 of each list).") in result.stderr.splitlines()
    assert _page_text(tmp_path / "site" / "problems.html").count("SC040") == 12
    catalog = json.loads((tmp_path / "site" / "catalog.json").read_text(encoding="utf-8"))
    assert [d["code"] for d in catalog["diagnostics"]] == ["SC040"] * 30
