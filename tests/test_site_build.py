"""The HTML catalog build: pages, links, determinism, safe writes (no browser needed)."""

from __future__ import annotations

import contextlib
import html
import html.parser
import json
import multiprocessing
import os
import posixpath
import re
import shutil
import signal
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlsplit

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.model import Skill
from skill_catalog.parse.outline import outline
from skill_catalog.parse.tokens import estimate_tokens
from skill_catalog.pipeline.skill_cache import DeferredBody, SkillCache
from skill_catalog.site.build import Session, build
from skill_catalog.site.outputs import catalog_json, search_files
from skill_catalog.site.pages import parallel, views
from skill_catalog.site.reuse import Reuse, cache_path, site_identity, state_path
from skill_catalog.site.write import output
from skill_catalog.site.write.output import MARKER, OutputError, OutputTree, journal_path
from tests.environment import REPO
from tests.helpers.libraries import make_library, make_problem_library, write_skill
from tests.helpers.sites import tree_digest
from tests.processes import started


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("site")
    library = make_library(base)
    config = config_from_mapping({"title": "Test Skills", "base_url": "https://example.org/c/",
                                  "repository": {"url": "https://github.com/o/r"},
                                  "file_pages": "markdown"})  # Markdown pages rendered here
    build(config, roots=[library], output=base / "out")
    return base / "out"


def test_every_page_and_output_exists(site: Path) -> None:
    for rel in ("index.html", "problems.html", "agents.html", "404.html", "sitemap.xml",
                "robots.txt", "llms.txt", "catalog.json", "catalog.schema.json",
                "search-index.json", "prompts/available_skills.xml", ".nojekyll",
                ".well-known/skills/index.json", ".well-known/agent-skills/index.json",
                "skills/pdf-tools/index.html", "skills/pdf-tools.zip",
                "skills/pdf-tools/files/references/guide.md.html",
                "skills/pdf-tools/view.html", ".well-known/skills/pdf-tools/assets/d.png",
                "skills/broken-skill/index.html", "skills/broken-skill/raw/SKILL.md",
                "assets/style.css", "assets/site.js", "assets/search.js", "assets/viewer.js",
                MARKER):
        assert (site / rel).is_file(), rel
    assert not (site / "skills" / "broken-skill.zip").exists()
    # A script has no page of its own (the viewer shows it), and a listed skill's raw copies
    # are its .well-known/skills/ files: there is no second copy.
    assert not (site / "skills/pdf-tools/files/scripts").exists()
    assert not (site / "skills/pdf-tools/raw").exists()


def test_each_file_of_a_listed_skill_is_published_once(site: Path) -> None:
    """Raw copies, pages and the well-known folders hold every byte of a skill once: apart
    from the archives, no two files of the site hold the same bytes as a skill file."""
    library = {p.read_bytes() for p in site.parent.joinpath("skills").rglob("*") if p.is_file()}
    copies: dict[bytes, list[str]] = {}
    for path in site.rglob("*"):
        if path.is_file() and path.suffix != ".zip":
            data = path.read_bytes()
            if data in library:
                copies.setdefault(data, []).append(path.relative_to(site).as_posix())
    assert copies, "the raw copies hold the skills' files"
    assert {data: paths for data, paths in copies.items() if len(paths) > 1} == {}


def _cards(index_page: str) -> list[tuple[str, bool]]:
    """(name, hidden) of every card of the index page, in its order."""
    return [(html.unescape(name), bool(hidden)) for name, hidden in re.findall(
        r'<li class="skill[^"]*" id="[^"]*" data-name="([^"]*)" data-facets="[^"]*"( hidden)?>',
        index_page)]


def test_a_long_index_page_shows_a_batch(site: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Past twice the batch, the cards after the first batch are hidden, with the controls
    that show them; up to twice the batch every card is shown and there are no controls."""
    short = (site / "index.html").read_text(encoding="utf-8")
    cards = _cards(short)
    assert len(cards) == 3
    assert not any(hidden for _, hidden in cards)
    assert "data-batch" not in short
    assert 'id="list-more"' not in short
    monkeypatch.setattr(views, "INDEX_BATCH", 1)
    library = make_library(tmp_path)
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    long = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert _cards(long) == [(name, n >= 1) for n, (name, _) in enumerate(cards)]
    assert '<ol id="skill-list" class="skill-list" data-batch="1">' in long
    assert ('<span id="list-more-text">Showing 1 of 3 skills.</span> <button type="button"'
            ' id="show-more" class="button" hidden>Show 1 more</button> <a id="show-all"'
            ' class="button button-quiet" href="#skill-list">Show all 3</a>') in long
    monkeypatch.setattr(views, "INDEX_BATCH", 2)  # 3 cards: not more than twice the batch
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    assert _cards((tmp_path / "out" / "index.html").read_text(encoding="utf-8")) == cards


def _problem_groups(problems_page: str) -> list[tuple[str, bool]]:
    """(skill name, hidden) of every group of the problems page, in its order."""
    return [(name, bool(hidden)) for hidden, name in re.findall(
        r'<section class="card problem-group" aria-labelledby="g-\d+"( hidden)?>'
        r'\s*<h2[^>]*><a href="[^"]*">([^<]*)</a>', problems_page)]


def test_a_long_problems_page_shows_a_batch(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The problems page shows its first skills and a link that shows the rest."""
    library = make_problem_library(tmp_path)
    monkeypatch.setattr(views, "INDEX_BATCH", 1)
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    page = (tmp_path / "out" / "problems.html").read_text(encoding="utf-8")
    assert _problem_groups(page) == [("a-one", False), ("b-two", True), ("c-three", True)]
    assert ('<p class="list-more"><span>Showing 1 of 3 skills with problems.</span> <a'
            ' id="show-all" class="button button-quiet" href="#problem-list">Show all 3</a>'
            '</p>') in page
    monkeypatch.setattr(views, "INDEX_BATCH", 2)  # 3 skills: not more than twice the batch
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    page = (tmp_path / "out" / "problems.html").read_text(encoding="utf-8")
    assert _problem_groups(page) == [("a-one", False), ("b-two", False), ("c-three", False)]
    assert "list-more" not in page


def test_skill_page_shows_everything(site: Path) -> None:
    page = (site / "skills/pdf-tools/index.html").read_text(encoding="utf-8")
    for expected in ("Extract text and tables", "Apache-2.0", "Requires Python 3.11",
                     "documents", "Bash(python:*)", "<table", 'type="checkbox"', "<del>",
                     "footnote", 'data-lang="python"',
                     'href="../../.well-known/skills/pdf-tools/scripts/extract.py" '
                     'data-view="view.html?f=scripts/extract.py"',
                     "files/references/guide.md.html#tables",
                     "../../.well-known/skills/pdf-tools/assets/d.png",
                     "npx skills add https://example.org/c/ --skill pdf-tools",
                     "https://github.com/o/r/tree/main/", "Context cost"):
        assert expected in page, expected
    # The per-tool sections are the page's data, which assets/skill.js shows (browser tests).
    tools = json.loads(html.unescape(re.search(r"data-tools='([^']*)'", page).group(1)))
    assert tools["prompt"].startswith("<available_skills>")
    assert "Claude Code" in {row[0] for row in tools["agents"]}
    assert tools["install"]["rows"][0][1:] == [
        ".claude/skills/", "Claude Code, OpenCode",
        "mkdir -p .claude/skills && unzip -o pdf-tools.zip -d .claude/skills"]


def test_without_file_pages_the_skill_page_links_the_raw_copies(site: Path,
                                                                 tmp_path: Path) -> None:
    library = make_library(tmp_path)
    config = config_from_mapping({"title": "Test Skills", "base_url": "https://example.org/c/",
                                  "repository": {"url": "https://github.com/o/r"},
                                  "file_pages": False})
    out = tmp_path / "out"
    build(config, roots=[library], output=out)
    assert not list(out.glob("skills/*/files")), "no file page is written"
    page = (out / "skills/pdf-tools/index.html").read_text(encoding="utf-8")
    raw = "../../.well-known/skills/pdf-tools/"
    for expected in (f'href="{raw}scripts/extract.py"', f'href="{raw}references/guide.md#tables"',
                     f'href="{raw}references/guide.md"', f"{raw}assets/d.png"):
        assert expected in page, expected
    assert "files/" not in page
    assert "data-view" not in page
    assert crawl(out) == []
    # Everything else is what the default build writes.
    written = {p.relative_to(out) for p in out.rglob("*") if p.is_file()}
    default = {p.relative_to(site) for p in site.rglob("*") if p.is_file()}
    assert written == {p for p in default if "files" not in p.parts and p.name != "view.html"}
    for rel in written - {Path("skills/pdf-tools/index.html"), Path(MARKER)}:
        assert (out / rel).read_bytes() == (site / rel).read_bytes(), rel


def test_invalid_skill_is_on_the_problems_page(site: Path) -> None:
    problems = (site / "problems.html").read_text(encoding="utf-8")
    assert "Broken_Skill" in problems
    assert "SC105" in problems
    assert "must be lowercase" in problems


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.inline_scripts = 0
        self.handlers: list[str] = []
        self.ids: set[str] = set()
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append(name)
            if name == "id" and value:
                self.ids.add(value)
        for name in ("href", "src", "data-view"):  # data-view: the file viewer's URL
            value = values.get(name)
            if value and tag in ("a", "link", "script", "img"):
                self.links.append(value)
        if tag == "script" and not values.get("src"):
            self.inline_scripts += 1


def crawl(site: Path) -> list[str]:
    """Every internal link of every page; returns the broken ones. Links from the site's root
    (``/...``, in 404.html) must start with the path of its base URL."""
    broken = []
    base_url = json.loads((site / "catalog.json").read_text(encoding="utf-8"))["base_url"]
    base_path = urlsplit(base_url).path if base_url else None
    for page in site.rglob("*.html"):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        assert parser.inline_scripts == 0, page
        assert not parser.handlers, (page, parser.handlers)
        for link in parser.links:
            if urlsplit(link).scheme or link.startswith("//"):
                continue
            path = urlsplit(urldefrag(link)[0]).path  # the viewer's ?f=... names a file
            if path.startswith("/"):
                if base_path is None or not path.startswith(base_path):
                    broken.append(f"{page.relative_to(site)} -> {link}")
                    continue
                path = posixpath.relpath(path, base_path.rstrip("/") or "/")
                target = (site / unquote(path)).resolve()
            else:
                target = (page.parent / unquote(path)).resolve() if path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(site)} -> {link}")
    return broken


def test_no_broken_internal_link_and_no_inline_script(site: Path) -> None:
    assert crawl(site) == []


def test_the_404_page_links_from_the_base_url_path(site: Path, tmp_path: Path) -> None:
    """Hosts serve 404.html at the missing page's own address, at any depth."""
    missing = (site / "404.html").read_text(encoding="utf-8")
    assert 'href="/c/assets/style.css"' in missing
    assert 'href="/c/index.html"' in missing
    assert 'href="assets/' not in missing
    assert 'src="assets/' not in missing
    plain = build(config_from_mapping({}), roots=[make_library(tmp_path)],
                  output=tmp_path / "out").output
    missing = (plain / "404.html").read_text(encoding="utf-8")
    assert 'href="assets/style.css"' in missing
    assert 'href="index.html"' in missing


def test_content_security_policy_on_every_page(site: Path) -> None:
    for page in site.rglob("*.html"):
        text = html.unescape(page.read_text(encoding="utf-8"))
        assert "Content-Security-Policy" in text
        assert "script-src 'self';" in text


def test_same_input_gives_byte_identical_site(tmp_path: Path) -> None:
    library = make_library(tmp_path)
    config = config_from_mapping({"title": "T"})
    build(config, roots=[library], output=tmp_path / "a")
    os.utime(library / "pdf-tools" / "SKILL.md", (1, 1))
    build(config, roots=[library], output=tmp_path / "b")
    assert tree_digest(tmp_path / "a") == tree_digest(tmp_path / "b")


def test_refuses_foreign_folder_unless_forced(tmp_path: Path) -> None:
    library = make_library(tmp_path)
    out = tmp_path / "precious"
    out.mkdir()
    (out / "thesis.tex").write_text("do not delete")
    config = config_from_mapping({})
    with pytest.raises(OutputError, match="did not write"):
        build(config, roots=[library], output=out)
    assert (out / "thesis.tex").read_text() == "do not delete"
    assert not cache_path(out).exists()  # nothing written beside a folder that is not ours
    build(config, roots=[library], output=out, force=True)
    assert (out / "index.html").is_file()


def test_a_version_control_folder_in_the_site_folder_survives_builds(tmp_path: Path) -> None:
    """A site published from a checkout (a ``gh-pages`` worktree) keeps its ``.git`` through a
    forced first build and every rebuild, whole or in place; what else was there goes."""
    library = make_library(tmp_path)
    out = tmp_path / "pages"
    (out / ".git" / "refs").mkdir(parents=True)
    (out / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n")
    (out / "stale.html").write_text("from an older tool")
    config = config_from_mapping({})
    build(config, roots=[library], output=out, force=True)
    assert (out / ".git" / "HEAD").read_text() == "ref: refs/heads/gh-pages\n"
    assert not (out / "stale.html").exists()
    assert (out / "index.html").is_file()
    (library / "pdf-tools" / "SKILL.md").write_text(
        (library / "pdf-tools" / "SKILL.md").read_text() + "\nOne more line.\n")
    build(config, roots=[library], output=out)
    build(config, roots=[library], output=out, force=True)
    assert (out / ".git" / "HEAD").read_text() == "ref: refs/heads/gh-pages\n"
    assert "One more line." in (out / "skills" / "pdf-tools" / "index.html").read_text()


def test_refuses_home_and_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = make_library(tmp_path)
    config = config_from_mapping({})
    with pytest.raises(OutputError):
        build(config, roots=[library], output=library, force=True)
    with pytest.raises(OutputError):
        build(config, roots=[library], output=tmp_path, force=True)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    with pytest.raises(OutputError):
        build(config, roots=[library], output=tmp_path / "home", force=True)


def test_cli_build_reads_config_in_current_folder(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    make_library(tmp_path)
    (tmp_path / "skill-catalog.yml").write_text("title: Here\nroots: [skills]\noutput: out\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build"])
    assert result.exit_code == 1, result.output  # an invalid skill: written, and exit 1
    assert "Built 3 skills" in result.output
    assert "Here" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_killed_build_leaves_previous_site(tmp_path: Path) -> None:
    """Kill a build at many points: the previous site is always intact, or complete and new,
    or (killed while an incremental build moves its files in) without a broken link, and the
    next build makes a whole new site."""
    library = make_library(tmp_path)
    for i in range(30):
        write_skill(library, f"extra-{i}", body="# x\n" + "text\n" * 2000)
    out = tmp_path / "out"
    build(config_from_mapping({}), roots=[library], output=out)
    before = tree_digest(out)
    code = ("import pathlib; from skill_catalog.site.build import build; "
            "from skill_catalog.config import config_from_mapping; "
            f"build(config_from_mapping({{}}), roots=[{str(library)!r}], "
            f"output=pathlib.Path({str(out)!r}))")
    for delay in (0.2, 0.4, 0.6, 0.8, 1.0, 1.3):
        (library / "extra-0" / "SKILL.md").write_text(
            f"---\nname: extra-0\ndescription: changed {delay}. Use when testing.\n---\nBody\n")
        with started([sys.executable, "-c", code], cwd=REPO) as process:
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            process.wait()
        after = tree_digest(out)
        if journal_path(out).exists():  # killed while moving the new files in: no broken link
            assert crawl(out) == []
            build(config_from_mapping({}), roots=[library], output=out)  # a whole new site
            assert not journal_path(out).exists()
            after = tree_digest(out)
        if after != before:  # the build finished before the kill: a complete new site
            assert (out / MARKER).is_file()
            assert f"changed {delay}" in (out / "catalog.json").read_text(encoding="utf-8")
            assert crawl(out) == []
            before = after
    build(config_from_mapping({}), roots=[library], output=out)  # still buildable afterwards
    assert (out / "index.html").is_file()
    leftovers = [p.name for p in tmp_path.iterdir()
                 if p.name.startswith((".out.tmp-", ".out.old-"))]
    assert leftovers == []  # the next build removes what killed builds left behind


def test_concurrent_builds_do_not_corrupt(tmp_path: Path) -> None:
    library = make_library(tmp_path)
    out = tmp_path / "out"
    code = ("from skill_catalog.site.build import build; "
            "from skill_catalog.config import config_from_mapping; import pathlib; "
            f"build(config_from_mapping({{}}), roots=[{str(library)!r}], "
            f"output=pathlib.Path({str(out)!r}))")
    with contextlib.ExitStack() as stack:
        processes = [stack.enter_context(started([sys.executable, "-c", code], cwd=REPO))
                     for _ in range(3)]
        assert all(p.wait(timeout=120) == 0 for p in processes)
    assert crawl(out) == []
    assert (out / "skills" / "pdf-tools" / "index.html").is_file()


def test_output_is_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    library = make_library(tmp_path)
    for i in range(12):
        write_skill(library, f"extra-{i}", body=f"# Extra {i}\n\nSee [x](missing.md).\n")
    config = config_from_mapping({"title": "T"})
    build(config, roots=[library], output=tmp_path / "one", workers=1)
    build(config, roots=[library], output=tmp_path / "two", workers=2)
    build(config, roots=[library], output=tmp_path / "three", workers=3)
    assert tree_digest(tmp_path / "one") == tree_digest(tmp_path / "two")
    assert tree_digest(tmp_path / "one") == tree_digest(tmp_path / "three")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_build_holds_no_body_once_its_pages_are_written(tmp_path: Path, workers: int) -> None:
    """The bodies stay in SKILL.md (``skill_cache.DeferredBody``): each is read for its
    skill's pages and let go, and the passes over every skill (search index, catalog.json)
    read them without keeping them; at 10,000 skills they would be about 95 MB."""
    library = make_library(tmp_path)
    result = build(config_from_mapping({"title": "T"}), roots=[library],
                   output=tmp_path / "out", workers=workers)
    bodies = [s for s in result.catalog.skills if s.body_line > 1]
    assert len(bodies) >= 3
    assert all(isinstance(s.held_body, DeferredBody) for s in bodies)
    page = (tmp_path / "out" / "skills" / "pdf-tools" / "index.html").read_text()
    pdf = next(s for s in bodies if s.key == "pdf-tools")
    assert html.escape(pdf.read_body().splitlines()[0].lstrip("# ")) in page


def test_no_body_is_read_but_for_its_pages(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A build reads each body for its skill's pages only: the search index takes the
    outline the load took (or the skill cache kept), and the ``catalog.json`` entry its token
    estimate from the page, which gives what the page shows. A rebuild reads none but the
    changed skill's, and its search index is a fresh build's."""
    library = make_library(tmp_path)
    passes: list[str] = []
    real = Skill.read_body

    def counted(skill: Skill) -> str:
        passes.append(skill.key)
        return real(skill)

    monkeypatch.setattr(Skill, "read_body", counted)
    config = config_from_mapping({"title": "T"})
    result = build(config, roots=[library], output=tmp_path / "out", workers=1)
    skills = result.catalog.skills
    assert passes == []
    entries = json.loads((tmp_path / "out" / "catalog.json").read_text())["skills"]
    for skill in skills:
        assert skill.outline == outline(real(skill))
        entry = next(e for e in entries if e["path"] == skill.relpath)
        assert entry["tokens"]["body"] == estimate_tokens(real(skill))
    assert next(s for s in skills if s.key == "pdf-tools").outline == "PDF tools\nSteps"

    skill_md = library / "release-notes" / "SKILL.md"
    skill_md.write_text(skill_md.read_text("utf-8") + "\n## Sources\n\nThe merged PRs.\n",
                        "utf-8")
    result = build(config, roots=[library], output=tmp_path / "out", workers=1)
    assert passes == []
    assert next(s for s in result.catalog.skills if s.key == "release-notes").outline == \
        "Release notes\nSources"
    build(config, roots=[library], output=tmp_path / "fresh", workers=1, force=True)
    for name in ("search-index.json", "catalog.json"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "fresh" / name).read_bytes()


def first_build(tmp_path: Path, **settings: Any) -> tuple[Path, Config, Path]:
    """The test library written into ``tmp_path`` and its site built once into ``out``
    there; returns the library, the config (title "T" and ``settings``) and the site."""
    library = make_library(tmp_path)
    config = config_from_mapping({"title": "T", **settings})
    build(config, roots=[library], output=tmp_path / "out")
    return library, config, tmp_path / "out"


def test_incremental_rebuild_equals_a_fresh_build(tmp_path: Path) -> None:
    library = make_library(tmp_path)
    config = config_from_mapping({"title": "T"})
    out = tmp_path / "out"
    first = build(config, roots=[library], output=out)
    page = out / "skills" / "release-notes" / "index.html"
    untouched = out / "skills" / "pdf-tools" / "index.html"
    inode = untouched.stat().st_ino
    kept = {p: p.stat().st_ino for p in (out / "skills" / "pdf-tools").rglob("*")}
    kept[out / "assets" / "style.css"] = (out / "assets" / "style.css").stat().st_ino
    with (library / "release-notes" / "SKILL.md").open("a", encoding="utf-8") as handle:
        handle.write("\nA new closing line.\n")
    result = build(config, roots=[library], output=out)
    assert "A new closing line." in page.read_text(encoding="utf-8")
    assert untouched.stat().st_ino == inode  # left in place, not rendered again
    assert {p: p.stat().st_ino for p in kept} == kept  # unchanged files are left alone
    assert result.files < first.files  # the changed skill and the site-wide files only
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")
    # A changed configuration renders everything again.
    build(config_from_mapping({"title": "Other"}), roots=[library], output=out)
    assert "Other" in untouched.read_text(encoding="utf-8")


def test_files_rewritten_with_the_same_bytes_leave_every_page_alone(tmp_path: Path) -> None:
    """A checkout, ``touch`` or an editor saving unchanged text gives files new times and
    inodes: the content decides, so nothing is written again."""
    library, config, out = first_build(tmp_path)
    unchanged = build(config, roots=[library], output=out)
    for path in sorted(p for p in library.rglob("*") if p.is_file()):
        data, mode = path.read_bytes(), path.stat().st_mode
        path.unlink()
        path.write_bytes(data)
        path.chmod(mode)
    rewritten = build(config, roots=[library], output=out)
    assert rewritten.files == unchanged.files
    assert rewritten.kept == unchanged.kept > 0


def test_a_skill_cache_planted_in_a_checkout_is_not_trusted(tmp_path: Path) -> None:
    """A pull request could commit a skill cache (and a site and build state) beside the
    output, with the right content fingerprints but a skill's error removed. A fresh checkout
    gives the site new inodes and times, so the cache belongs to no site here: ignored."""
    repo = tmp_path / "repo"
    library = repo / "skills"
    write_skill(library, "good")
    write_skill(library, "bad", "name: bad\n")  # no description: an error
    config = config_from_mapping({})
    out = repo / "site"

    def errors() -> list[str]:
        catalog = build(config, roots=[library], output=out).catalog
        return [d.code for d in catalog.all_diagnostics if d.is_error]

    assert "SC111" in errors()
    # Beside the site it was made for, the cache is used.
    assert len(SkillCache.read(cache_path(out), site_identity(out)).entries) == 2
    planted = tmp_path / "planted"
    shutil.copytree(repo, planted, symlinks=True)
    cache = planted / ".skill-catalog" / "site.skills.json"
    text = cache.read_text(encoding="ascii")
    assert '"SC111"' in text
    cache.write_text(re.sub(r'\["SC111"[^\]]*\]', "", text).replace("[, ", "[").replace(", ]", "]"),
                     encoding="ascii")
    shutil.rmtree(repo)
    shutil.copytree(planted, repo, symlinks=True)  # the checkout: same paths, new inodes
    assert "SC111" in errors()


def test_site_wide_files_are_kept_when_what_they_show_is_unchanged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library, config, out = first_build(tmp_path)
    written: list[str] = []
    target = OutputTree._target

    def spy(self: OutputTree, relpath: str) -> str:  # every file written goes through it
        written.append(relpath)
        return target(self, relpath)

    monkeypatch.setattr(OutputTree, "_target", spy)
    skill_md = library / "release-notes" / "SKILL.md"
    with skill_md.open("a", encoding="utf-8") as handle:  # the body only: same headings
        handle.write("\nA new closing line.\n")
    result = build(config, roots=[library], output=out)
    site_wide = {"index.html", "problems.html", "agents.html", "404.html",
                 "prompts/available_skills.xml", "search-index.json", "search/meta.js",
                 "assets/style.css", "assets/search.js"}
    assert not site_wide & set(written), written
    assert "skills/release-notes/index.html" in written
    assert result.kept > 0
    written.clear()
    skill_md.write_text(skill_md.read_text(encoding="utf-8").replace(
        "description: ", "description: Newly described. ", 1), encoding="utf-8")
    build(config, roots=[library], output=out)
    assert {"index.html", "prompts/available_skills.xml", "search-index.json"} <= set(written)
    assert "404.html" not in written
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")


EDITS = {
    "skill removed": lambda lib: shutil.rmtree(lib / "release-notes"),
    "skill renamed": lambda lib: (lib / "release-notes").rename(lib / "zz-notes"),
    "skill added": lambda lib: write_skill(lib, "added-skill", body="# Added\n"),
    "file removed": lambda lib: (lib / "pdf-tools" / "references" / "guide.md").unlink(),
    "file becomes folder": lambda lib: (
        (lib / "pdf-tools" / "references" / "guide.md").unlink(),
        (lib / "pdf-tools" / "references" / "guide.md").mkdir(),
        (lib / "pdf-tools" / "references" / "guide.md" / "inner.md").write_text("# In\n")),
    "folder becomes file": lambda lib: (
        shutil.rmtree(lib / "pdf-tools" / "references"),
        (lib / "pdf-tools" / "references").write_text("now a file\n")),
    "same size, same time": lambda lib: _same_size_same_time(
        lib / "pdf-tools" / "scripts" / "extract.py"),
    "skill becomes invalid": lambda lib: (lib / "release-notes" / "SKILL.md").write_text(
        "---\nname: release-notes\n---\nNo description.\n"),
    "warning fixed": lambda lib: (lib / "Broken_Skill").rename(lib / "other-folder"),
    "description changed": lambda lib: _replace(lib / "pdf-tools" / "SKILL.md", "description: ",
                                                "description: Reworded. "),
    "heading added": lambda lib: _replace(lib / "pdf-tools" / "SKILL.md", "\n#", "\n## New\n\n#"),
    # Another skill's folder changes what these pages and catalog entries say (SC301, SC302).
    "name taken by another skill": lambda lib: write_skill(
        lib / "more", "release-notes", "name: release-notes\ndescription: The same name."),
    "skill nested inside another": lambda lib: write_skill(
        lib / "pdf-tools" / "references", "inner-skill",
        "name: inner-skill\ndescription: Lives inside pdf-tools."),
}


def test_a_diagnostic_that_another_skill_changes_is_written_again(tmp_path: Path) -> None:
    """A skill whose folder is unchanged can still say something new: here its second
    diagnostic (SC301) names the other skill of the same name, which moved."""
    library = tmp_path / "skills"
    write_skill(library, "a-first", "name: same\ndescription: The first. Use when testing.")
    write_skill(library, "b-second", "name: same\ndescription: The second. Use when testing.")
    config = config_from_mapping({"title": "T"})
    out = tmp_path / "out"
    build(config, roots=[library], output=out)
    (library / "a-first").rename(library / "a-moved")
    build(config, roots=[library], output=out)
    entry = next(s for s in json.loads((out / "catalog.json").read_text(encoding="utf-8"))
                 ["skills"] if s["path"] == "b-second")
    assert [d["code"] for d in entry["diagnostics"]] == ["SC109", "SC301"]
    assert "a-moved" in entry["diagnostics"][1]["message"]
    assert "a-moved" in (out / entry["url"] / "index.html").read_text(encoding="utf-8")
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")


def test_catalog_entries_of_kept_skills_are_copied_from_the_previous_catalog(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the changed skill's catalog.json entry is made again; the others are copied from
    the previous catalog.json, unless that file is not the one the build state recorded."""
    library, config, out = first_build(tmp_path)
    made: list[str] = []
    real = catalog_json.skill_entry

    def counting(site_skill: Any, *rest: Any) -> dict[str, Any]:
        made.append(site_skill.skill.relpath)
        return real(site_skill, *rest)

    monkeypatch.setattr(catalog_json, "skill_entry", counting)
    notes = library / "release-notes" / "SKILL.md"
    notes.write_text(notes.read_text(encoding="utf-8") + "More.\n", encoding="utf-8")
    build(config, roots=[library], output=out)
    assert made == ["release-notes"]
    catalog = out / "catalog.json"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("Extract text", "Tampered"),
                       encoding="utf-8")
    made.clear()
    notes.write_text(notes.read_text(encoding="utf-8") + "Again.\n", encoding="utf-8")
    build(config, roots=[library], output=out)
    assert sorted(made) == ["Broken_Skill", "pdf-tools", "release-notes"]
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")
    # Without catalog.json every entry is made again; the other skills' files are still kept.
    catalog.unlink()
    made.clear()
    kept = (out / "assets" / "style.css").stat().st_ino
    build(config, roots=[library], output=out)
    assert sorted(made) == ["Broken_Skill", "pdf-tools", "release-notes"]
    assert (out / "assets" / "style.css").stat().st_ino == kept
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_failure_writing_site_wide_files_in_the_background_fails_the_update(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library, config, out = first_build(tmp_path)
    before = tree_digest(out)
    monkeypatch.setattr(parallel, "MIN_SKILLS_FOR_BACKGROUND", 0)

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(search_files, "write", broken)
    write_skill(library, "added-skill", body="# Added\n")
    with pytest.raises(OSError, match="No space left"):
        build(config, roots=[library], output=out)
    assert tree_digest(out) == before
    assert not any(p.name.startswith(".out.tmp-") for p in tmp_path.iterdir())  # discarded


def _same_size_same_time(path: Path) -> None:
    """Change a file's bytes but keep its size and modification time (as `cp -p` could)."""
    st = path.stat()
    data = path.read_bytes()
    path.write_bytes(data.replace(b"'x'", b"'y'"))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def state_records(site: Path) -> list[str]:
    """The lines of the build state of ``site`` that hold its skills' records."""
    text = state_path(site).read_text(encoding="utf-8")
    start = text.index('\n  "skills": [\n')
    lines = text[start:].splitlines()[2:]
    assert lines[-2:] == ["  ]", "}"]
    return lines[:-2]


@pytest.fixture(params=[False, True], ids=["in-process", "background"])
def background(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Site-wide files of an update written in the build's process, or by a forked child
    (which large libraries get)."""
    if request.param:
        monkeypatch.setattr(parallel, "MIN_SKILLS_FOR_BACKGROUND", 0)
    return bool(request.param)


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_incremental_rebuild_after_each_kind_of_edit(tmp_path: Path, edit: str,
                                                     background: bool) -> None:
    library, config, out = first_build(tmp_path, base_url="https://example.org/")
    EDITS[edit](library)
    build(config, roots=[library], output=out)
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")
    # The build state's records of kept skills are written again as they were read: the
    # same text as a fresh build's.
    assert state_records(out) == state_records(tmp_path / "fresh")
    assert crawl(out) == []
    assert not journal_path(out).exists()


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_session_rebuild_after_each_kind_of_edit_equals_a_fresh_build(
        tmp_path: Path, edit: str) -> None:
    """``serve``'s builds: the build state and skill cache stay in memory, not in files."""
    library = make_library(tmp_path)
    config = config_from_mapping({"title": "T", "base_url": "https://example.org/"})
    out, session = tmp_path / "out", Session()
    build(config, roots=[library], output=out, session=session)
    EDITS[edit](library)
    result = build(config, roots=[library], output=out, session=session)
    assert result.kept > 0
    assert session.cache is not None
    assert session.cache.hits > 0
    assert not state_path(out).exists()
    assert not cache_path(out).exists()
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")
    assert crawl(out) == []


def test_a_session_forgets_a_site_that_changed_behind_its_back(tmp_path: Path) -> None:
    """A build without the session replaces the site: the session's memory is of another
    site (its marker file), so its next build writes every file, and reads no stale state."""
    library, config, out = first_build(tmp_path)
    session = Session()
    taken = build(config, roots=[library], output=out, session=session)
    assert taken.kept > 0  # its first build takes the files the build before it left
    assert not state_path(out).exists()  # they described that site, not this one
    build(config_from_mapping({"title": "Other"}), roots=[library], output=out)
    _replace(library / "pdf-tools" / "SKILL.md", "description: ", "description: Reworded. ")
    again = build(config, roots=[library], output=out, session=session)
    assert again.kept == 0
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")


def test_a_saved_session_lets_the_next_build_start_from_the_site(tmp_path: Path) -> None:
    """``serve -o`` saves its session when it stops: the next build of the folder reuses the
    pages of unchanged skills, and restores unchanged skills from the skill cache."""
    library = make_library(tmp_path)
    config = config_from_mapping({"title": "T"})
    out, session = tmp_path / "out", Session()
    build(config, roots=[library], output=out, session=session)
    _replace(library / "pdf-tools" / "SKILL.md", "description: ", "description: Reworded. ")
    build(config, roots=[library], output=out, session=session)
    assert not state_path(out).exists()
    assert session.save()
    assert state_path(out).is_file()
    assert SkillCache.read(cache_path(out), site_identity(out)).entries  # bound to this site
    kept = out / "skills" / "pdf-tools" / "index.html"
    inode = kept.stat().st_ino
    _replace(library / "release-notes" / "SKILL.md", "Write them.", "Write them well.")
    again = build(config, roots=[library], output=out)
    assert again.kept > 0
    assert kept.stat().st_ino == inode  # left in place
    assert "Write them well." in (out / "skills" / "release-notes" / "index.html").read_text(
        encoding="utf-8")
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")


def test_a_session_whose_site_changed_behind_its_back_saves_nothing(tmp_path: Path) -> None:
    library, config, out = first_build(tmp_path)
    session = Session()
    assert not session.save()  # no build yet: nothing to describe
    build(config, roots=[library], output=out, session=session)
    build(config_from_mapping({"title": "Other"}), roots=[library], output=out)
    state = state_path(out).read_bytes()
    assert not session.save()
    assert state_path(out).read_bytes() == state


def test_a_failed_session_build_keeps_the_session_usable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = make_library(tmp_path)
    config = config_from_mapping({"title": "T"})
    out, session = tmp_path / "out", Session()
    build(config, roots=[library], output=out, session=session)
    remembered = session.state
    _replace(library / "pdf-tools" / "SKILL.md", "description: ", "description: Reworded. ")

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(search_files, "write", broken)
    with pytest.raises(RuntimeError):
        build(config, roots=[library], output=out, session=session)
    monkeypatch.undo()
    assert session.state is remembered  # the site is still the one it describes
    result = build(config, roots=[library], output=out, session=session)
    assert result.kept > 0
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")


def test_update_interrupted_while_moving_files_is_repaired(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library, config, out = first_build(tmp_path)
    (library / "release-notes").rename(library / "renamed-notes")
    moved: list[str] = []
    real_replace = os.replace

    def interrupted(source: Any, target: Any) -> None:
        if len(moved) == 3:
            raise KeyboardInterrupt
        moved.append(str(target))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build(config, roots=[library], output=out)
    monkeypatch.undo()
    assert len(moved) == 3
    assert journal_path(out).exists()
    assert crawl(out) == []  # new pages arrive before the pages that link to them
    build(config, roots=[library], output=out)  # a whole new site, swapped in
    assert not journal_path(out).exists()
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")


@pytest.mark.parametrize("with_session", [False, True], ids=["state file", "session"])
def test_interrupted_before_the_update_is_recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   with_session: bool) -> None:
    """Ctrl-C after an incremental build moved its files in but before it recorded them (the
    build state beside the site, or a session's memory of it): what is recorded is the site
    before the update, whose marker file the update left as it was. The next build trusts none
    of it: a skill edited back as it was gets its page written again, not left as the
    interrupted build wrote it."""
    library, config, out = first_build(tmp_path)
    session = Session() if with_session else None
    if session is not None:
        build(config, roots=[library], output=out, session=session)  # takes the state file
    skill_md = library / "release-notes" / "SKILL.md"
    before = skill_md.read_text(encoding="utf-8")
    skill_md.write_text(before.replace("Write them.", "Write them twice."), encoding="utf-8")

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Reuse, "remember" if with_session else "save", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build(config, roots=[library], output=out, session=session)
    monkeypatch.undo()
    page = out / "skills" / "release-notes" / "index.html"
    assert "Write them twice." in page.read_text(encoding="utf-8")  # the update was moved in
    skill_md.write_text(before, encoding="utf-8")
    build(config, roots=[library], output=out, session=session)
    assert "Write them twice." not in page.read_text(encoding="utf-8")
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(out) == tree_digest(tmp_path / "fresh")


def test_large_previous_site_is_removed_in_the_background(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(output, "BACKGROUND_REMOVAL", 1)
    library = make_library(tmp_path)
    out = tmp_path / "out"
    build(config_from_mapping({"title": "One"}), roots=[library], output=out)
    build(config_from_mapping({"title": "Two"}), roots=[library], output=out)  # a whole new site
    assert "Two" in (out / "index.html").read_text(encoding="utf-8")
    deadline = time.monotonic() + 30
    while any(p.name.startswith((".out.old-", ".out.trash-")) for p in tmp_path.iterdir()):
        assert time.monotonic() < deadline, "the previous site was never removed"
        time.sleep(0.05)
    assert crawl(out) == []


def test_an_unfinished_background_removal_does_not_hold_up_the_next_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A previous site still being removed (or whose removal was cut short) is handed to
    another background removal, not removed by the build."""
    library, config, out = first_build(tmp_path)
    trash = tmp_path / ".out.trash-abc"
    (trash / "skills" / "x").mkdir(parents=True)
    (trash / "skills" / "x" / "index.html").write_text("old")
    handed: list[list[Path]] = []
    monkeypatch.setattr(output, "_remove_in_background", lambda folders: handed.append(
        list(folders)))
    build(config, roots=[library], output=out)
    assert handed == [[trash]]
    assert trash.is_dir()  # left to the background process


@pytest.mark.parametrize("run", [4, output.CHUNK_RUN])
def test_text_written_whole_or_in_pieces_is_the_same_utf8(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: int) -> None:
    monkeypatch.setattr(output, "CHUNK_RUN", run)  # pieces joined into runs of this size
    out = OutputTree(tmp_path)
    text = "Ünïcode \ud800 lone surrogate, then more ✓\n"
    out.write_text("whole.html", text)
    out.write_chunks("pieces.html", [text[:8], text[8:9], text[9:], ""])
    expected = text.replace("\ud800", "\ufffd").encode("utf-8")
    assert (tmp_path / "whole.html").read_bytes() == expected
    assert (tmp_path / "pieces.html").read_bytes() == expected
    with pytest.raises(OutputError, match="written twice"):
        out.write_chunks("whole.html", ["again"])


def test_agents_page_links_a_catalog_fragment_too_large_to_show(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library, config, out = first_build(tmp_path)
    page = (out / "agents.html").read_text(encoding="utf-8")
    prompt = (out / "prompts" / "available_skills.xml").read_text(encoding="utf-8")
    assert html.escape(prompt.strip(), quote=False) in page
    monkeypatch.setattr("skill_catalog.site.pages.views.MAX_INLINE_PROMPT", len(prompt) // 2)
    build(config, roots=[library], output=tmp_path / "large")
    page = (tmp_path / "large" / "agents.html").read_text(encoding="utf-8")
    assert "&lt;skill&gt;" not in page
    assert 'id="prompt-all"' not in page
    assert 'href="prompts/available_skills.xml"' in page
    assert "too large to show here" in page


def test_an_output_file_is_never_written_through_something_already_there(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me\n")
    site = tmp_path / "site"
    site.mkdir()
    (site / "planted.html").symlink_to(outside)
    (site / "existing.html").write_text("old\n")
    out = OutputTree(site)
    # a link is refused by name (safe_write.create_new), a file as already there
    with pytest.raises(OutputError, match=r"planted\.html is a symbolic link"):
        out.write_text("planted.html", "new\n")
    with pytest.raises(FileExistsError):
        out.write_text("existing.html", "new\n")
    assert outside.read_text() == "keep me\n"
    assert (site / "existing.html").read_text() == "old\n"


def _build_in_worker(library: str, out: str) -> int:
    result = build(config_from_mapping({"title": "T"}), roots=[library], output=Path(out),
                   workers=2)
    return len(result.catalog.skills)


def test_a_build_inside_a_pool_worker_writes_in_that_process(tmp_path: Path) -> None:
    # A pool's workers are daemonic and may not have children: the build must not try.
    library = make_library(tmp_path)
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        count = pool.apply(_build_in_worker, (str(library), str(tmp_path / "in-worker")))
    build(config_from_mapping({"title": "T"}), roots=[library], output=tmp_path / "here")
    assert count > 2
    assert tree_digest(tmp_path / "in-worker") == tree_digest(tmp_path / "here")
