"""Output is bounded by input (issue 23, attack 5): bytes, not time.

Every page the site writes is at most a small constant times the input it shows, plus a fixed
allowance (docs/security.md, "Output bounded by input", states the bounds these tests check):
a file of 1 MB of newlines once became a 126 MB page (a line-number gutter around each empty
line), two bytes of Markdown (``#\\n``) a heading with its anchor and self-link, a table row of
two bytes a thousand cells, and 20,000 broken links 20,000 diagnostics on the skill page and
the problems page. The library is :func:`tests.hostile_library.amplifier_skills`.
"""

from __future__ import annotations

import dataclasses as dc
import json
from pathlib import Path

import pytest

from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import BuildResult, build
from skill_catalog.site.markdown import render as markdown
from skill_catalog.site.markdown.render import highlight_file, render_markdown
from tests.helpers.pages import EXPANSION, KIB, SKILL_PAGE_ALLOWANCE
from tests.hostile_library import AMPLIFIER_FILES, amplifier_bodies, amplifier_skills

SIZE = 200_000
"""Bytes of each amplifying body and file."""
FILE_PAGE_ALLOWANCE = 128 * KIB
PROBLEMS_PER_SKILL = 16 * KIB
INDEX_PER_SKILL = 4 * KIB
SITE_PAGE_ALLOWANCE = 256 * KIB
CATALOG_PER_SKILL = 512 * KIB


@dc.dataclass
class Built:
    library: Path
    site: Path
    result: BuildResult


@pytest.fixture(scope="module", params=["client", "server"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The amplifiers built with client highlighting and the default file pages (the viewer
    for every text file, Markdown rendered in the browser), and with server highlighting and a
    page for every text file (``file_pages: all``)."""
    base = tmp_path_factory.mktemp(f"amplify-{request.param}")
    library = base / "library"
    amplifier_skills(library, SIZE)
    site = base / "site"
    settings = {"highlight": request.param}
    if request.param == "server":
        settings["file_pages"] = "all"
    result = build(config_from_mapping(settings), roots=[library], output=site)
    return Built(library, site, result)


def test_every_skill_page_is_bounded_by_its_skill_md_and_file_paths(built: Built) -> None:
    for skill in built.result.catalog.skills:
        page = built.site / "skills" / skill.dir.name / "index.html"
        listed = sum(len(f.relpath.encode()) for f in skill.files[:500])
        bound = EXPANSION * skill.skill_md.stat().st_size + 3 * listed + SKILL_PAGE_ALLOWANCE
        assert page.stat().st_size <= bound, (skill.dir.name, page.stat().st_size, bound)


def test_every_file_page_is_bounded_by_its_file(built: Built) -> None:
    pages = sorted((built.site / "skills" / "amplify-files" / "files").rglob("*.html"))
    mode = built.result.catalog.config.file_pages
    paged = [name for name in AMPLIFIER_FILES
             if (mode == "markdown" and name.endswith(".md")) or mode == "all"]
    assert sorted(page.name.removesuffix(".html") for page in pages) == sorted(paged)
    for page in pages:
        relpath = page.relative_to(page.parents[1]).as_posix().removesuffix(".html")
        source = built.library / "amplify-files" / relpath
        bound = (EXPANSION * min(source.stat().st_size, 1_000_000) + 6 * len(relpath)
                 + FILE_PAGE_ALLOWANCE)
        assert page.stat().st_size <= bound, (relpath, page.stat().st_size, bound)


def test_the_viewer_page_is_bounded_by_its_file_paths(built: Built) -> None:
    """The viewer lists the files it shows (the browser reads each from its raw copy)."""
    for skill in built.result.catalog.skills:
        viewer = built.site / "skills" / skill.dir.name / "view.html"
        if built.result.catalog.config.file_pages == "all":
            assert not viewer.exists()
            continue
        shown = [f.relpath for f in skill.files if f.is_text and f.category != "skill_md"]
        assert viewer.exists() == bool(shown), skill.dir.name
        if shown:
            # Each shown file's row (its size, language, source link), and with Markdown shown
            # every other file of the skill as a link a rendered document may point to.
            listed = [f.relpath for f in skill.files[:500]]
            bound = 6 * sum(len(relpath.encode()) for relpath in listed) + FILE_PAGE_ALLOWANCE
            bound += 400 * len(shown) + 40 * len(listed)
            assert viewer.stat().st_size <= bound, (skill.dir.name, viewer.stat().st_size)


def test_a_megabyte_of_newlines_is_a_page_of_about_a_megabyte(tmp_path: Path) -> None:
    library = tmp_path / "library"
    (library / "lines" / "references").mkdir(parents=True)
    (library / "lines" / "SKILL.md").write_text(
        "---\nname: lines\ndescription: A file of newlines. Use when testing.\n---\n"
        "[it](references/lines.txt)\n", encoding="utf-8")
    (library / "lines" / "references" / "lines.txt").write_text("\n" * 1_000_000)
    build(config_from_mapping({"file_pages": "all"}), roots=[library], output=tmp_path / "site")
    page = tmp_path / "site" / "skills" / "lines" / "files" / "references" / "lines.txt.html"
    assert page.stat().st_size < 1_200_000  # it was 126 MB
    assert "Line numbers are left out" in page.read_text("utf-8")


def test_diagnostics_are_capped_with_a_count_of_the_rest(built: Built) -> None:
    (skill,) = [s for s in built.result.catalog.skills if s.dir.name == "amplify-diagnostics"]
    assert len(skill.diagnostics) > 20_000
    page = (built.site / "skills" / "amplify-diagnostics" / "index.html").read_text("utf-8")
    assert page.count('class="diag diag-') == 100 + 1
    assert f"and {len(skill.diagnostics) - 100} more" in page
    problems = (built.site / "problems.html").read_text("utf-8")
    assert f"and {len(skill.diagnostics) - 10} more on" in problems
    assert (built.site / "problems.html").stat().st_size < 100 * KIB


def test_catalog_json_lists_1000_diagnostics_a_skill_and_counts_the_rest(built: Built) -> None:
    catalog = json.loads((built.site / "catalog.json").read_text("utf-8"))
    entries = {entry["path"]: entry for entry in catalog["skills"]}
    (skill,) = [s for s in built.result.catalog.skills if s.dir.name == "amplify-diagnostics"]
    entry = entries["amplify-diagnostics"]
    assert len(entry["diagnostics"]) == 1_000
    assert entry["diagnostics_omitted"] == len(skill.diagnostics) - 1_000
    assert entries["amplify-links"]["diagnostics_omitted"] == 0
    bound = sum(3 * s.skill_md.stat().st_size + 300 * len(s.files) + CATALOG_PER_SKILL
                for s in built.result.catalog.skills)
    assert (built.site / "catalog.json").stat().st_size <= bound


def test_site_wide_pages_grow_by_a_bounded_amount_per_skill(built: Built) -> None:
    skills = len(built.result.catalog.skills)
    for name, per_skill in [("problems.html", PROBLEMS_PER_SKILL),
                            ("index.html", INDEX_PER_SKILL)]:
        size = (built.site / name).stat().st_size
        assert size <= per_skill * skills + SITE_PAGE_ALLOWANCE, (name, size)
    # the search index: names, descriptions (cut) and outlines, never whole bodies
    search = sum(p.stat().st_size for p in (built.site / "search").iterdir())
    search += (built.site / "search-index.json").stat().st_size
    assert search <= INDEX_PER_SKILL * skills + SITE_PAGE_ALLOWANCE, search


@pytest.mark.parametrize("highlight", ["client", "server"])
@pytest.mark.parametrize("name", sorted(AMPLIFIER_FILES))
def test_file_views_keep_within_the_expansion(name: str, highlight: str) -> None:
    text = AMPLIFIER_FILES[name](SIZE)
    view = (render_markdown(text, highlight=highlight).html if name.endswith(".md")  # type: ignore[arg-type]
            else highlight_file(text, name, highlight=highlight))  # type: ignore[arg-type]
    assert len(view.encode()) <= EXPANSION * len(text.encode()) + 64 * KIB, name


@pytest.mark.parametrize("name", sorted(amplifier_bodies(16)))
def test_bodies_keep_within_the_expansion(name: str) -> None:
    text = amplifier_bodies(SIZE)[name]
    rendered = render_markdown(text)
    assert len(rendered.html.encode()) <= EXPANSION * len(text.encode()) + 64 * KIB, name


def test_the_renderer_applies_the_stated_factor() -> None:
    assert markdown.EXPANSION == EXPANSION
    assert markdown.EXPANSION_ALLOWANCE == 64 * KIB


def test_ordinary_markdown_and_code_keep_their_formatting() -> None:
    """The bound is far above what real text needs: headings, tables and numbered lines
    stay."""
    markdown = "".join(f"## Step {i}\n\nRun `tool {i}` and check the output.\n\n| a | b |\n"
                       "|---|---|\n| 1 | 2 |\n\n" for i in range(500))
    rendered = render_markdown(markdown)
    assert "shown as text" not in rendered.html
    assert len(rendered.headings) == 500
    code = "".join(f"def f{i}(x):\n    return x + {i}\n\n" for i in range(2_000))
    for highlight in ("client", "server"):
        view = highlight_file(code, "module.py", highlight=highlight)  # type: ignore[arg-type]
        assert 'id="L6000"' in view
        assert "left out" not in view
