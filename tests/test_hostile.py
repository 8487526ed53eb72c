"""Hostile input, end to end (docs/security.md): the library of ``tests/hostile_library.py`` is
built once through the API, recording every file the build opens, and once through the CLI;
each guarantee of the threat model is checked on what came out."""

from __future__ import annotations

import dataclasses as dc
import html
import html.parser
import json
import os
import posixpath
import re
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from click.testing import CliRunner
from markupsafe import escape

import skill_catalog
from skill_catalog.catalog import Catalog
from skill_catalog.cli import cli
from skill_catalog.config import Limits, config_from_mapping, load_config
from skill_catalog.fs.walk import is_within
from skill_catalog.model import Skill
from skill_catalog.prompts import FORMATS, render
from skill_catalog.site.build import BuildResult, build
from skill_catalog.site.context import SiteContext
from skill_catalog.site.outputs.prompt_files import file_for
from skill_catalog.site.pages.render import CSP
from skill_catalog.site.pages.templates import templates_dir
from skill_catalog.site.pages.views import MAX_LISTED_FILES
from skill_catalog.site.publish import archive
from skill_catalog.site.publish.active_content import (
    page_name,
    raw_name,
    runs_as_document,
    runs_as_script,
)
from skill_catalog.site.publish.listed import listed_skills
from skill_catalog.site.urls import V01
from skill_catalog.site.write.output import MARKER
from tests.environment import REPO
from tests.helpers.libraries import write_skill
from tests.helpers.pages import CONTROL, EXPANSION, SKILL_PAGE_ALLOWANCE, page_problems, page_tags
from tests.helpers.reads import lines_run, recording_reads, run_unprivileged, world_readable_tmp
from tests.helpers.sites import RAW, html_pages, output_files, tree_digest
from tests.hostile_library import (
    CANARY,
    HOST_FILES,
    LINK_SCAN_BOMBS,
    SCRIPT_VECTORS,
    XSS_MARK,
    link_scan_bomb,
    make_hostile_library,
)

CONFIG = """\
title: Hostile library
base_url: https://catalog.example/skills/
repository:
  url: https://github.com/example/skills
roots: [library]
file_pages: markdown
"""
"""``file_pages: markdown``: the Markdown files get pages rendered at build time, whose HTML
these tests check (a superset of the default's pages, which render Markdown in the browser:
``tests/test_light_pages.py`` runs the hostile library's vectors through that viewer)."""
SITE_FILES = {
    ".nojekyll", ".skill-catalog-site", ".well-known", "404.html", "agents.html", "assets",
    "catalog.json", "catalog.schema.json", "changes.html", "changes.json", "changes.xml",
    "claude-code", "index.html", "llms.txt",
    "problems.html", "prompts",
    "robots.txt", "search", "search-index.json", "site-counts.js", "sitemap.xml", "skills",
}
"""Everything at the top of a site: no skill can add to it or replace one of these."""
PAGE_LIMIT = 3_000_000


@dc.dataclass(slots=True)
class Hostile:
    base: Path
    library: Path
    site: Path
    result: BuildResult
    opened: list[str]
    """Real paths of every file opened and folder listed during the API build."""

    @property
    def catalog(self) -> Catalog:
        return self.result.catalog

    def skill(self, folder: str) -> Skill:
        return next(s for s in self.catalog.skills if s.dir == self.library / folder)

    def page(self, folder: str) -> Path:
        ctx = SiteContext.create(self.catalog)
        site_skill = next(s for s in ctx.skills if s.skill.dir == self.library / folder)
        return self.site / site_skill.url / "index.html"

    def raw(self, folder: str) -> Path:
        """Where the skill's raw copies are: its v0.1 folder when the discovery indexes list
        it, else ``raw/`` beside its page."""
        ctx = SiteContext.create(self.catalog)
        site_skill = next(s for s in ctx.skills if s.skill.dir == self.library / folder)
        listed = {s.slug: name for s, name in listed_skills(ctx)[0]}
        name = listed.get(site_skill.slug)
        return self.site / V01 / name if name else self.site / site_skill.url / "raw"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Hostile:
    base = tmp_path_factory.mktemp("hostile")
    library = make_hostile_library(base)
    (base / "skill-catalog.yml").write_text(CONFIG, encoding="utf-8")
    config = load_config(base / "skill-catalog.yml")
    from skill_catalog.diff.site_changes import catalog_changes

    with recording_reads() as opened:  # as the command line builds it (compared below)
        result = build(config, output=base / "site", changes=catalog_changes)
    return Hostile(base, library, base / "site", result, list(opened))


@pytest.fixture(scope="module")
def cli_build(hostile: Hostile) -> subprocess.CompletedProcess[str]:
    """The same library built by ``skill-catalog build`` in the library's checkout."""
    return _run_cli(hostile.base, "build", "-o", "site-cli")


def _run_cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "skill_catalog", *args], cwd=cwd, env=env,
                          capture_output=True, encoding="utf-8", errors="replace", timeout=900,
                          check=False)


# --- 2. Containment ----------------------------------------------------------------------------


def _secrets() -> list[bytes]:
    secrets = [CANARY.encode()]
    passwd = Path("/etc/passwd")
    if passwd.is_file():
        first = passwd.read_bytes().split(b"\n", 1)[0]
        if first:
            secrets.append(first)
    return secrets


def test_no_output_byte_holds_a_secret(hostile: Hostile,
                                       cli_build: subprocess.CompletedProcess[str]) -> None:
    """Every byte of both sites, zip members included, is free of the canary and of
    /etc/passwd, which the library reaches through links of every kind."""
    secrets = _secrets()
    leaks = []
    for site in (hostile.site, hostile.base / "site-cli"):
        files = list(output_files(site))
        assert len(files) > 1000
        for path in files:
            data = path.read_bytes()
            leaks += [(path, s) for s in secrets if s in data]
            if path.suffix == ".zip":
                with zipfile.ZipFile(path) as zipped:
                    for member in zipped.namelist():
                        content = zipped.read(member)
                        leaks += [(path, member, s) for s in secrets if s in content]
    assert leaks == []


def test_nothing_outside_the_roots_is_opened(hostile: Hostile) -> None:
    outside = os.path.realpath(hostile.base / "outside")
    opened = hostile.opened
    assert any(is_within(p, os.path.realpath(hostile.library)) for p in opened), "no record"
    leaked = [p for p in opened if is_within(p, outside) or p in ("/etc/passwd", "/dev/zero")]
    assert leaked == []


def test_special_files_are_never_opened(hostile: Hostile) -> None:
    special = []
    for folder, _dirs, files in os.walk(hostile.library):
        for name in files:
            path = Path(folder) / name
            mode = path.lstat().st_mode
            if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISCHR(mode):
                special.append(os.path.realpath(path))
    assert len(special) >= 3  # FIFO SKILL.md, FIFO script, socket (and a device as root)
    assert [p for p in hostile.opened if p in special] == []
    codes = {(d.code, d.file.name) for s in hostile.catalog.skills for d in s.diagnostics
             if d.file is not None}
    codes |= {(d.code, d.file.name) for d in hostile.catalog.diagnostics if d.file is not None}
    assert {("SC035", "SKILL.md"), ("SC035", "pipe.sh"), ("SC035", "socket.sock")} <= codes


def test_links_leaving_the_root_are_reported_and_not_followed(hostile: Hostile) -> None:
    skill = hostile.skill("symlink-escape")
    reported = {d.file.name for d in skill.diagnostics if d.code == "SC031" and d.file}
    assert reported == {"assets", "broken", "passwd", "zero", "secret.md"}
    assert {f.relpath for f in skill.files} == {"SKILL.md", "HTML.md"}
    library = {d.file.name for d in hostile.catalog.diagnostics if d.code == "SC031" and d.file}
    assert library == {"linked-folder", "SKILL.md"}
    assert not any(s.name == "secret" for s in hostile.catalog.skills)


def test_traversal_links_in_markdown_are_dropped(hostile: Hostile) -> None:
    page = hostile.page("symlink-escape")
    file_page = page.parent / "files" / "HTML.md.html"
    for path in (page, file_page):
        hrefs = [v for _tag, attrs in page_tags(path) for k, v in attrs if k in ("href", "src")]
        own = [h for h in hrefs if not h.startswith(("http:", "https:", "#"))]
        for href in own:
            target = posixpath.normpath(posixpath.join(
                path.parent.relative_to(hostile.site).as_posix(), href.split("#")[0]))
            assert not target.startswith(".."), href
            assert (hostile.site / target).exists(), href
        assert not any(h.startswith(("file:", "/")) or "%2e" in h.lower() or "%252e" in h.lower()
                       or "outside" in h or "passwd" in h for h in hrefs), hrefs


def test_every_output_stays_inside_the_output_folder(hostile: Hostile) -> None:
    site = os.path.realpath(hostile.site)
    for folder, dirs, files in os.walk(hostile.site):
        for name in dirs + files:
            path = Path(folder) / name
            assert not path.is_symlink(), path
            assert is_within(os.path.realpath(path), site), path
    # Nothing was written beside the site, nor into the library or the secrets.
    assert {p.name for p in hostile.base.iterdir()} <= {
        "outside", "library", "skill-catalog.yml", "site", ".site.lock", "site-cli",
        ".site-cli.lock", ".skill-catalog", ".skill-catalog-cache"}
    cache = hostile.base / ".skill-catalog-cache"  # beside the config, as .ruff_cache is
    for folder, dirs, files in os.walk(cache) if cache.exists() else ():
        for name in dirs + files:
            assert not (Path(folder) / name).is_symlink(), Path(folder) / name
        if Path(folder) == cache:
            assert set(files) <= {".gitignore", "CACHEDIR.TAG"}, files
            assert all(len(d) == 2 for d in dirs), dirs  # the shards
    assert {p.name for p in (hostile.base / ".skill-catalog").iterdir()} <= {
        ".gitignore", "site.state.json", "site.skills.json", "site-cli.state.json",
        "site-cli.skills.json"}
    assert sorted(p.name for p in (hostile.base / "outside").iterdir()) == [
        "SKILL.md", "dir", "secret.md"]
    assert not any(n.startswith(".skill-catalog") for n in os.listdir(hostile.library))


def test_the_site_own_files_cannot_be_replaced(hostile: Hostile) -> None:
    """Skills named index, assets, search, skills, .well-known ... live under skills/<slug>/;
    the top of the site and its assets are exactly ours."""
    assert {p.name for p in hostile.site.iterdir()} == SITE_FILES
    ours = templates_dir() / "assets"
    for asset in (p for p in ours.rglob("*") if p.is_file()):
        rel = asset.relative_to(ours)
        assert (hostile.site / "assets" / rel).read_bytes() == asset.read_bytes()
    assert {p.name for p in (hostile.site / "assets").iterdir()} == {
        p.name for p in ours.iterdir()}
    assert "<title>Hostile library</title>" in (hostile.site / "index.html").read_text("utf-8")
    assert (hostile.site / ".well-known" / "skills" / "index.json").is_file()
    ctx = SiteContext.create(hostile.catalog)
    slugs = [s.slug for s in ctx.skills]
    assert len(set(slugs)) == len(slugs)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug) for slug in slugs)
    expected = {s.slug for s in ctx.skills} | {f"{s.slug}.zip" for s in ctx.published}
    assert {p.name for p in (hostile.site / "skills").iterdir()} == expected
    for site_skill in ctx.skills:  # no skill's page was overwritten by another's
        text = (hostile.site / site_skill.url / "index.html").read_text("utf-8")
        assert f"<h1>{html.escape(site_skill.skill.key)}</h1>" in text


def test_name_collisions_are_resolved_deterministically_with_a_diagnostic(
        hostile: Hostile) -> None:
    ctx = SiteContext.create(hostile.catalog)
    slug = {s.skill.dir.relative_to(hostile.library).as_posix(): s.slug for s in ctx.skills}
    # Two folders claim one name: neither gets it (no winner by order), both get SC301.
    assert re.fullmatch(r"same-name-[0-9a-f]{8}", slug["dupes/one/same-name"])
    assert re.fullmatch(r"same-name-[0-9a-f]{8}", slug["dupes/two/same-name"])
    assert "same-name" not in slug.values()
    # A name that is its own slug wins over one sanitised into it, whatever the folder order.
    for exact, sanitised in (("index", "INDEX"), ("uber-skill-x", "Über-Skill"),
                             ("well-known", ".well-known")):
        assert slug[exact] == exact
        assert re.fullmatch(rf"{exact}-[0-9a-f]{{8}}", slug[sanitised])
    assert slug["dotdot"] == "etc"
    for claimant in ("dupes/one/same-name", "dupes/two/same-name"):
        assert "SC301" in {d.code for d in hostile.skill(claimant).diagnostics}
    notes = [n.message for n in hostile.result.notes]
    assert any(m.startswith("references/case.md: not published") and "CASE.md" in m
               for m in notes)
    # page.html's neutral copy would be page.html.txt, the name of another file: in a listed
    # skill's v0.1 folder the file served under that name keeps it (the index lists it);
    # elsewhere the first file in order does. The other has no raw copy, with a note.
    raw = hostile.raw("weird-file-names") / "references"
    listed = raw.is_relative_to(hostile.site / V01)
    kept, lost = ("page.html.txt", "page.html") if listed else ("page.html", "page.html.txt")
    assert any(m.startswith(f"references/{lost}: not published") for m in notes)
    assert (raw / "CASE.md").read_text("utf-8") == "# CASE.md\n"
    assert (raw / "page.html.txt").read_bytes() == (
        hostile.library / "weird-file-names" / "references" / kept).read_bytes()


def test_file_names_that_cannot_be_published_get_a_note(hostile: Hostile) -> None:
    notes = {n.message.split(":", 1)[0] for n in hostile.result.notes
             if "not published" in n.message}
    assert {"references/back\\slash.md", "references/bell\x07.md", "references/line\nbreak.md",
            "references/not-utf8-\udcff.md"} <= notes


def test_two_builds_give_the_same_tree(hostile: Hostile,
                                       cli_build: subprocess.CompletedProcess[str]) -> None:
    assert cli_build.returncode == 1, cli_build.stderr  # written; the library has errors
    assert tree_digest(hostile.site) == tree_digest(hostile.base / "site-cli")


# --- 3. No script from skill content runs in the site -----------------------------------------


def test_pages_hold_no_script_from_content(hostile: Hostile) -> None:
    found = html_pages(hostile.site)
    # skill pages, Markdown pages, viewers, index, problems, agents, 404
    assert len(found) > len(hostile.catalog.skills)
    problems = {p.relative_to(hostile.site).as_posix(): page_problems(hostile.site, p)
                for p in found}
    assert {page: found for page, found in problems.items() if found} == {}


def test_script_vectors_never_appear_unescaped(hostile: Hostile) -> None:
    markup = [v for v in SCRIPT_VECTORS if "<" in v]
    for page in html_pages(hostile.site):
        text = page.read_text("utf-8")
        assert [v for v in markup if v in text] == [], page
    # ... while they are shown, escaped, where the skill put them.
    valid = hostile.page("xss-valid").read_text("utf-8")
    assert escape(f"MIT <script>alert('{XSS_MARK}')</script>") in valid
    frontmatter = hostile.page("xss-frontmatter").read_text("utf-8")
    assert escape(f"<script>alert('{XSS_MARK}')</script>") in frontmatter  # a metadata key


def test_every_page_ships_the_content_security_policy(hostile: Hostile) -> None:
    assert "script-src 'self'" in CSP
    assert "unsafe-inline" not in CSP
    assert "base-uri 'none'" in CSP
    assert "form-action 'none'" in CSP
    for page in html_pages(hostile.site):
        policies = [dict(a).get("content") for t, a in page_tags(page)
                    if t == "meta" and dict(a).get("http-equiv") == "Content-Security-Policy"]
        assert policies == [CSP], page


def test_facets_are_json_that_round_trips(hostile: Hostile) -> None:
    facets = [json.loads(dict(a)["data-facets"]) for t, a in page_tags(hostile.site / "index.html")
              if "data-facets" in dict(a)]
    assert len(facets) == len(hostile.catalog.skills)
    licences = {v for f in facets for v in f.get("license", [])}
    assert f"<img src=x onerror=alert('{XSS_MARK}')>" in licences


def test_skill_files_that_browsers_run_are_not_served_as_documents(hostile: Hostile) -> None:
    """Raw copies of HTML, SVG, XML and scripts are served as text (``.txt``); the v0.1
    well-known folders, whose names the index fixes, leave the documents out (and serve
    scripts under their own names, which are then their raw copies)."""
    raw = [p for p in output_files(hostile.site)
           if RAW.match(p.relative_to(hostile.site).as_posix())
           and not p.relative_to(hostile.site).as_posix().startswith(".well-known/")]
    wellknown = list(output_files(hostile.site / ".well-known" / "skills"))
    assert raw
    assert wellknown
    assert [p for p in raw if runs_as_script(p.name)] == []
    assert [p for p in wellknown if runs_as_document(p.name)] == []
    folder = hostile.raw("weird-file-names") / "assets"
    assert (folder / "logo.svg.txt").is_file()
    index = json.loads((hostile.site / V01 / "index.json").read_text("utf-8"))
    listed = {f for entry in index["skills"] for f in entry["files"]}
    if folder.is_relative_to(hostile.site / V01):  # listed: served under its name in v0.1
        assert "assets/evil.js" in listed
        assert (folder / "evil.js").is_file()
    else:
        assert (folder / "evil.js.txt").is_file()
    notes = [n.message for n in hostile.result.notes if "a browser would run" in n.message]
    assert {m.split(":", 1)[0] for m in notes} == {
        "assets/logo.svg", "references/index.html", "references/page.html"}
    with zipfile.ZipFile(hostile.site / "skills" / "weird-file-names.zip") as zipped:
        assert "weird-file-names/references/page.html" in zipped.namelist()  # the zip has all


HOST_CONFIG = {
    ".htaccess", ".htpasswd", "web.config", ".user.ini", "php.ini", "_headers", "_redirects",
    "_routes.json", "_worker.js", "cname", ".nojekyll", "netlify.toml", "vercel.json",
    "staticwebapp.config.json", "firebase.json", ".well-known",
}
SERVER_SCRIPT = re.compile(r"\.(php\d?|phtml|phar|aspx?|asa|ashx|asmx|jsp|cgi|pl|shtml)"
                           r"(\.|;|$)", re.IGNORECASE)


def host_would_act_on(relpath: str) -> list[str]:
    """The parts of a published path a web host would act on (independently of the code)."""
    return [part for part in relpath.split("/")
            if part.rstrip(". ").lower() in HOST_CONFIG or SERVER_SCRIPT.search(part)]


def test_no_skill_file_is_published_under_a_name_a_web_host_acts_on(hostile: Hostile) -> None:
    """A skill's ``.htaccess``, ``web.config``, ``_headers``, ``run.php`` ... land in the site
    (raw copies, file pages, .well-known folders) only under names no host acts on
    (``_htaccess.txt``, ``run_php.txt``: Apache runs ``run.php.txt`` as PHP where a host says
    ``AddHandler ... .php``); the zips keep their real names."""
    acted_on = []
    for path in output_files(hostile.site):
        relpath = path.relative_to(hostile.site).as_posix()
        if relpath.startswith(("skills/", ".well-known/")) and not relpath.endswith(".zip"):
            inner = relpath.split("/", 1)[1]  # .well-known itself is the site's own
            acted_on += [(relpath, part) for part in host_would_act_on(inner)]
    assert acted_on == []
    skill = hostile.skill("host-files")
    assert {f.relpath for f in skill.files} >= set(HOST_FILES)
    folder = hostile.raw("host-files")
    for relpath, published in [(".htaccess", "_htaccess.txt"), ("web.config", "web_config.txt"),
                               ("scripts/shell.php", "scripts/shell_php.txt"),
                               ("scripts/shell.php.txt", "scripts/shell_php_txt.txt"),
                               ("scripts/run.asp;.jpg", "scripts/run_asp;_jpg.txt"),
                               ("references/.well-known/security.txt",
                                "references/_well-known/security.txt")]:
        assert (folder / published).read_bytes() == (skill.dir / relpath).read_bytes()
    with zipfile.ZipFile(hostile.site / "skills" / "host-files.zip") as zipped:
        assert {f"host-files/{name}" for name in HOST_FILES} <= set(zipped.namelist())
    with zipfile.ZipFile(hostile.site / ".well-known" / "agent-skills" / "host-files.zip") as z:
        assert set(HOST_FILES) <= set(z.namelist())


def test_host_files_are_linked_under_their_neutral_names_and_noted(hostile: Hostile) -> None:
    """The skill page's links (body and file list) lead to the neutral copies; the v0.1
    well-known index, whose names a client installs files under, lists none of them, and a
    note names each one left out."""
    page = hostile.page("host-files")
    text = page.read_text("utf-8")
    raw = posixpath.relpath(hostile.raw("host-files").relative_to(hostile.site).as_posix(),
                            page.parent.relative_to(hostile.site).as_posix())
    hrefs = re.findall(rf'href="((?:files/|{re.escape(raw)}/)[^"#]+)"', text)
    assert len(hrefs) > len(HOST_FILES)
    for href in hrefs:
        assert (page.parent / unquote(href)).is_file(), href
        assert host_would_act_on(unquote(href).removeprefix(raw + "/")) == []
    # the viewer's address names the file by its own path, on the viewer's neutral page
    views = re.findall(r'data-view="([^"]+)"', text)
    assert views
    assert all(view.startswith("view.html?f=") for view in views)
    index = json.loads((hostile.site / ".well-known" / "skills" / "index.json").read_text())
    (entry,) = [s for s in index["skills"] if s["name"] == "host-files"]
    assert entry["files"] == ["SKILL.md", "references/notes.txt"]
    noted = {n.message.split(": left out", 1)[0] for n in hostile.result.notes
             if "a web host would act on its name" in n.message}
    assert noted == set(HOST_FILES) - {"references/notes.txt"}


@pytest.mark.parametrize(("relpath", "raw", "page"), [
    ("scripts/run.py", "scripts/run.py", "scripts/run.py.html"),
    ("references/page.html", "references/page.html.txt", "references/page.html.html"),
    ("assets/app.js", "assets/app.js.txt", "assets/app.js.html"),
    (".htaccess", "_htaccess.txt", "_htaccess.txt.html"),
    (".HTACCESS", "_HTACCESS.txt", "_HTACCESS.txt.html"),  # case-insensitive file systems
    ("sub/web.config", "sub/web_config.txt", "sub/web_config.txt.html"),
    ("run.php", "run_php.txt", "run_php.txt.html"),
    ("run.php.txt", "run_php_txt.txt", "run_php_txt.txt.html"),  # Apache's AddHandler
    ("shell.PHP5.jpg", "shell_PHP5_jpg.txt", "shell_PHP5_jpg.txt.html"),
    ("run.php.", "run_php_.txt", "run_php_.txt.html"),  # Windows drops the trailing dot
    ("run.asp;.jpg", "run_asp;_jpg.txt", "run_asp;_jpg.txt.html"),  # IIS stops at ';'
    ("page.shtml", "page_shtml.txt", "page_shtml.txt.html"),
    ("x.php/notes.md", "x_php/notes.md", "x_php/notes.md.html"),
    ("a/.well-known/b.txt", "a/_well-known/b.txt", "a/_well-known/b.txt.html"),
    ("config.json", "config.json", "config.json.html"),
    ("axis.config.json", "axis.config.json", "axis.config.json.html"),
    ("notes.pl.md", "notes_pl_md.txt", "notes_pl_md.txt.html"),
])
def test_published_names(relpath: str, raw: str, page: str) -> None:
    assert raw_name(relpath) == raw
    assert page_name(relpath) == page
    assert host_would_act_on(raw) == host_would_act_on(page) == []


def test_machine_readable_outputs_parse(hostile: Hostile) -> None:
    site = hostile.site
    for name in ("catalog.json", "search-index.json", ".well-known/skills/index.json",
                 ".well-known/agent-skills/index.json"):
        json.loads((site / name).read_text("utf-8"))
    urls = ET.parse(site / "sitemap.xml").getroot()
    assert len(urls) == 1 + len(SiteContext.create(hostile.catalog).published)
    text = (site / "llms.txt").read_text("utf-8")
    assert not CONTROL.search(text.replace("\t", ""))


# --- 4. Prompt fragments ----------------------------------------------------------------------


def _xml_block(text: str, root: str) -> ET.Element:
    start, end = text.index(f"<{root}>"), text.rindex(f"</{root}>") + len(root) + 3
    return ET.fromstring(text[start:end])


@pytest.mark.parametrize("name", list(FORMATS))
def test_prompt_formats_cannot_be_broken_out_of(hostile: Hostile, name: str) -> None:
    fmt = FORMATS[name]
    valid = [s for s in hostile.catalog.skills if s.valid]
    fragment = render(hostile.catalog, name, location="relative", cwd=hostile.library)
    text = fragment.text
    assert not CONTROL.search(text)
    assert len(fragment.entries) == len(valid)
    if fmt.xml_root is not None:
        skills = _xml_block(text, fmt.xml_root).findall("skill")
        assert len(skills) == len(valid)
        assert sorted((s.findtext("name") or "").strip() for s in skills) == sorted(
            e.name for e in fragment.entries)
    elif name == "json":
        assert [d["name"] for d in json.loads(text)] == [e.name for e in fragment.entries]
    else:
        lines = text.splitlines()
        for entry in fragment.entries:
            assert lines.count(fmt.entry(entry)) == 1, entry.name


def test_site_prompt_files_hold_one_skill_per_published_skill(hostile: Hostile) -> None:
    published = SiteContext.create(hostile.catalog).published
    for name, fmt in FORMATS.items():
        text = (hostile.site / file_for(name)).read_text("utf-8")
        assert not CONTROL.search(text), name
        if fmt.xml_root is not None:
            assert len(_xml_block(text, fmt.xml_root).findall("skill")) == len(published)
        elif name == "json":
            assert len(json.loads(text)) == len(published)
    whole = ET.parse(hostile.site / "prompts" / "available_skills.xml").getroot()
    assert whole.tag == "available_skills"
    assert len(whole) == len(published)


# --- 5. Bounded resources ---------------------------------------------------------------------


def test_huge_body_and_long_description_pages_are_cut_with_a_notice(hostile: Hostile) -> None:
    body = hostile.page("huge-body")
    assert hostile.skill("huge-body").skill_md.stat().st_size > 20_000_000
    assert body.stat().st_size < PAGE_LIMIT
    assert 'class="truncated-notice"' in body.read_text("utf-8")
    description = hostile.page("long-description")
    assert description.stat().st_size < 100_000
    assert "characters long; only the beginning is shown" in description.read_text("utf-8")
    assert (hostile.site / "index.html").stat().st_size < 200_000


def test_a_huge_file_page_is_cut_with_a_notice(hostile: Hostile) -> None:
    page = hostile.page("huge-file").parent / "files" / "references" / "big.md.html"
    assert page.stat().st_size < PAGE_LIMIT
    text = page.read_text("utf-8")
    assert 'class="truncated-notice"' in text
    assert "The raw file holds all of it." in text
    raw = hostile.raw("huge-file") / "references" / "big.md"
    assert raw.stat().st_size == (hostile.library / "huge-file/references/big.md").stat().st_size


def test_a_folder_of_20000_files_is_listed_with_a_cap(hostile: Hostile) -> None:
    cap = Limits().max_files_per_skill  # the default: files read, listed and published
    skill = hostile.skill("many-files")
    assert skill.files_truncated
    assert len(skill.files) == cap < 20_000
    assert "SC039" in {d.code for d in skill.diagnostics}
    page = hostile.page("many-files")
    listed = [a for t, a in page_tags(page) if t == "li" and "file" in dict(a).get("class", "")]
    assert len(listed) == MAX_LISTED_FILES
    text = page.read_text("utf-8")
    assert (f"Only the first {MAX_LISTED_FILES} of {cap} files are listed here; "
            f"{cap - MAX_LISTED_FILES} more") in text
    assert "The folder holds more files than the catalog reads" in text
    assert page.stat().st_size < 500_000
    raw = hostile.raw("many-files") / "assets"
    assert len(os.listdir(raw)) == cap - 1  # every file of the inventory is published
    with zipfile.ZipFile(hostile.site / "skills" / "many-files.zip") as zipped:
        assert len(zipped.namelist()) == cap


@pytest.mark.parametrize(("folder", "code"), [
    ("billion-laughs", "SC025"), ("deep-yaml", "SC025"), ("huge-frontmatter", "SC025"),
    ("python-tag", "SC022"),
])
def test_yaml_bombs_are_refused_with_a_diagnostic(hostile: Hostile, folder: str,
                                                 code: str) -> None:
    skill = hostile.skill(folder)
    assert not skill.valid
    assert code in {d.code for d in skill.diagnostics if d.file == skill.skill_md}


def test_a_skill_md_over_the_size_limit_is_not_read(library: Path) -> None:
    write_skill(library, "big", body="x" * 5_000)
    write_skill(library, "small")
    config = config_from_mapping({"limits": {"max_skill_md_bytes": 4_096}})
    big, small = skill_catalog.load([library], config).skills
    assert [d.code for d in big.diagnostics] == ["SC015"]
    assert big.body == ""
    assert not big.valid
    assert small.valid


def test_flow_nesting_is_refused_while_scanning(monkeypatch: pytest.MonkeyPatch) -> None:
    """``[[[[...`` stops at the depth limit in the scanner, which otherwise keeps a possible
    key per open bracket over its 1,024-character look-ahead (about a second per document)."""
    import yaml.scanner

    from skill_catalog.fs import safe_yaml

    pending: list[int] = []
    real = yaml.scanner.Scanner.stale_possible_simple_keys

    def spy(self: Any) -> None:
        pending.append(len(self.possible_simple_keys))
        real(self)

    monkeypatch.setattr(yaml.scanner.Scanner, "stale_possible_simple_keys", spy)
    with pytest.raises(safe_yaml.YamlProblem, match="deeper than 64 levels") as caught:
        safe_yaml.load("name: x\ndescription: " + "[" * 5000 + "]" * 5000, first_line=2)
    assert (caught.value.line, caught.value.column) == (3, 13 + 65)
    assert max(pending) <= 66


def test_deep_markdown_renders(hostile: Hostile) -> None:
    assert hostile.skill("deep-markdown").valid
    page = hostile.page("deep-markdown")
    assert page.stat().st_size < PAGE_LIMIT
    assert page_problems(hostile.site, page) == []


def test_link_scan_bombs_are_published(hostile: Hostile) -> None:
    for name in LINK_SCAN_BOMBS:
        skill = hostile.skill(f"link-scan-bombs/{name}")
        assert skill.valid, name
        page = hostile.page(f"link-scan-bombs/{name}")
        assert page.stat().st_size < PAGE_LIMIT
        assert page_problems(hostile.site, page) == []


def test_link_scan_bombs_load_and_build_in_linear_work(tmp_path: Path) -> None:
    """Each body of ``LINK_SCAN_BOMBS`` is loaded, validated and built at 2.5, 5 and 10 KB,
    counting the lines of Python each build runs: doubling the body must about double the
    work it adds (linear: twice; a search that starts over at every ``[``, ``<a`` or heading:
    four times), and the page keeps within the bound of docs/security.md (as in
    test_amplification). Searching for links by backtracking took minutes (60 KB of ``<a ``
    took 23 s); giving each heading the first free anchor by trying every suffix took 13 s for
    15,000 headings. Time inside one regular expression is not counted here:
    ``python -m benchmarks.link_scan_bombs`` times each body at 200 KB against plain prose
    (docs/performance.md)."""
    config = config_from_mapping({})
    sizes = (2_500, 5_000, 10_000)

    def lines(folder: str, body: str) -> int:
        library, site = tmp_path / folder, tmp_path / f"{folder}-site"
        write_skill(library, "bomb", body=body)
        results: list[BuildResult] = []
        count = lines_run(lambda: results.append(
            build(config, roots=[library], output=site, workers=1)))
        assert [s.valid for s in results[0].catalog.skills] == [True]
        skill_md = library / "bomb" / "SKILL.md"
        page = site / "skills" / "bomb" / "index.html"
        assert page.stat().st_size <= (EXPANSION * skill_md.stat().st_size
                                       + SKILL_PAGE_ALLOWANCE), folder
        return count

    lines("warm-up", "Plain words.\n")
    superlinear: dict[str, tuple[int, int, int]] = {}
    for name in LINK_SCAN_BOMBS:
        small, middle, large = (lines(f"{name}-{size}", link_scan_bomb(name, size))
                                for size in sizes)
        # A body whose work hardly grows (one long line) adds a few dozen lines per doubling,
        # which branches taken past a length can triple: the allowance keeps those apart.
        if large - middle > 3 * (middle - small) + 1_000:
            superlinear[name] = (small, middle, large)
    assert superlinear == {}


def test_archives_and_copies_stream_from_disk(library: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """No published copy reads a skill file whole: reads come in chunks of at most 1 MiB."""
    write_skill(library, "big", files={"references/big.txt": "x" * 9_000_000 + "\n",
                                       "assets/blob.bin": os.urandom(3_000_000)})
    sizes: list[int] = []
    real_open_source = archive.open_source

    class Recording:
        def __init__(self, handle: Any) -> None:
            self._handle = handle

        def read(self, size: int = -1) -> bytes:
            sizes.append(size)
            return self._handle.read(size)  # type: ignore[no-any-return]

        def readinto(self, buffer: Any) -> int:
            sizes.append(len(buffer))
            return self._handle.readinto(buffer)  # type: ignore[no-any-return]

        def __getattr__(self, name: str) -> Any:
            return getattr(self._handle, name)

    def recording_open_source(skill: Skill, relpath: str) -> Any:
        import contextlib

        @contextlib.contextmanager
        def opened() -> Iterator[Any]:
            with real_open_source(skill, relpath) as handle:
                yield Recording(handle)
        return opened()

    monkeypatch.setattr(archive, "open_source", recording_open_source)
    build(config_from_mapping({}), roots=[library], output=tmp_path / "out")
    assert len(sizes) > 20  # the 9 MB file is read at least three times, 1 MiB at a time
    assert all(0 <= size <= 1 << 20 for size in sizes), sorted(set(sizes))
    with zipfile.ZipFile(tmp_path / "out" / "skills" / "big.zip") as zipped:
        assert len(zipped.read("big/references/big.txt")) == 9_000_001


# --- 6. Encodings -----------------------------------------------------------------------------

ENCODINGS = [
    ("utf16", "SC011", "UTF-16"), ("utf32", "SC011", "UTF-32"), ("latin1", "SC011", "Latin-1"),
    ("nul-bytes", "SC012", "NUL"), ("binary-garbage", "SC012", "NUL"),
    ("utf16-no-bom", "SC012", "UTF-16"), ("truncated-utf8", "SC011", "not valid UTF-8"),
    ("empty", "SC010", "empty"), ("lone-cr", "SC014", "lone CR"),
    ("utf8-bom", "SC013", "byte order mark"),
]


@pytest.mark.parametrize(("folder", "code", "words"), ENCODINGS,
                         ids=[e[0] for e in ENCODINGS])
def test_each_bad_encoding_is_a_diagnostic_naming_the_file(hostile: Hostile, folder: str,
                                                           code: str, words: str) -> None:
    skill = hostile.skill(folder)
    found = [d for d in skill.diagnostics if d.code == code]
    assert len(found) == 1
    assert found[0].file == skill.skill_md
    assert words in found[0].message
    # Tolerated oddities keep the skill valid; the others make it invalid, never a crash.
    assert skill.valid == (code in ("SC013", "SC014"))
    shown = (hostile.site / "problems.html") if not skill.valid else hostile.page(folder)
    assert f'<span class="diag-code">{code}</span>' in shown.read_text("utf-8")


def test_the_well_formed_skills_are_published(hostile: Hostile) -> None:
    ctx = SiteContext.create(hostile.catalog)
    slug = next(s.slug for s in ctx.skills if s.skill.name == "good-skill")
    assert slug == "good-skill"
    assert hostile.skill("good-skill").valid
    page = hostile.site / "skills" / "good-skill" / "index.html"
    assert "A well-formed skill." in page.read_text("utf-8")
    assert (hostile.site / "skills" / "good-skill" / "files" / "references" / "guide.md.html"
            ).is_file()
    with zipfile.ZipFile(hostile.site / "skills" / "good-skill.zip") as zipped:
        assert sorted(zipped.namelist()) == ["good-skill/SKILL.md",
                                             "good-skill/references/guide.md"]
    v01 = json.loads((hostile.site / ".well-known/skills/index.json").read_text("utf-8"))
    entry = next(s for s in v01["skills"] if s["name"] == "good-skill")
    assert entry == {"name": "good-skill", "description": hostile.skill("good-skill").description,
                     "files": ["SKILL.md", "references/guide.md"],
                     "trust": {"status": "clean", "findings": [], "findings_omitted": 0}}
    v02 = json.loads((hostile.site / ".well-known/agent-skills/index.json").read_text("utf-8"))
    assert "good-skill" in {s["name"] for s in v02["skills"]}
    assert len(v01["skills"]) >= 20


def test_an_unreadable_file_is_a_diagnostic() -> None:
    """As an ordinary user (the tests drop root for this): SC036 names the file, the build
    notes it, the rest is published."""
    with world_readable_tmp() as tmp:
        library = tmp / "library"
        write_skill(library, "locked", files={"references/locked.md": "# Locked\n"})
        write_skill(library, "fine")
        (library / "locked" / "references" / "locked.md").chmod(0)
        (tmp / "out").mkdir(mode=0o777)
        (tmp / "out").chmod(0o777)

        def observe() -> tuple[list[str], list[str], bool]:
            result = build(config_from_mapping({}), roots=[library], output=tmp / "out" / "s")
            lines = [f"{d.code} {d.file.relative_to(library) if d.file else ''}"
                     for s in result.catalog.skills for d in s.diagnostics]
            notes = [n.message for n in result.notes]
            return lines, notes, (tmp / "out/s/skills/fine/index.html").is_file()

        lines, notes, fine = run_unprivileged(observe)
    assert lines == ["SC036 locked/references/locked.md"]
    assert any(n.startswith("references/locked.md: ") for n in notes)
    assert fine


# --- 7. Nothing lost (the rest is in tests/test_site_build.py) -------------------------------


def test_cli_build_of_the_hostile_library(cli_build: subprocess.CompletedProcess[str],
                                          hostile: Hostile) -> None:
    assert cli_build.returncode == 1  # the site is written; the library has errors
    assert "Traceback" not in cli_build.stderr
    assert cli_build.stdout.startswith(f"Built {len(hostile.catalog.skills)} skills")
    assert "SC040" in cli_build.stderr  # the notes are printed, one line each


def test_cli_validate_of_the_hostile_library(hostile: Hostile) -> None:
    text = _run_cli(hostile.base, "validate", "library")
    assert text.returncode == 1
    assert "Traceback" not in text.stderr
    assert f"{len(hostile.catalog.skills)} skills checked" in text.stdout
    result = _run_cli(hostile.base, "validate", "library", "--format", "json")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    report = json.loads(result.stdout)
    assert report["summary"]["skills"] == len(hostile.catalog.skills)
    good = next(s for s in report["skills"] if s["name"] == "good-skill")
    assert good["valid"]
    assert good["path"].endswith("good-skill")


def test_cli_refuses_unsafe_output_folders(library: Path, tmp_path: Path) -> None:
    write_skill(library, "one")
    runner = CliRunner()
    foreign = tmp_path / "precious"
    foreign.mkdir()
    (foreign / "thesis.tex").write_text("do not delete")
    refused = runner.invoke(cli, ["build", str(library), "-o", str(foreign)])
    assert refused.exit_code == 2
    assert "did not write; refusing to replace it (use --force" in refused.output
    assert (foreign / "thesis.tex").read_text() == "do not delete"
    assert runner.invoke(cli, ["build", str(library), "-o", str(foreign), "--force"]
                         ).exit_code == 0
    assert (foreign / MARKER).is_file()
    assert not (foreign / "thesis.tex").exists()
    home = tmp_path / "home"
    home.mkdir()
    for target, words in ((library, "it holds the library"),
                          (library.parent, "it holds the library"),
                          (home, "choose a folder of its own"),
                          (Path("/"), "choose a folder of its own")):
        result = runner.invoke(cli, ["build", str(library), "-o", str(target), "--force"],
                               env={"HOME": str(home if target == home else "/nonexistent")})
        assert result.exit_code == 2, target
        assert words in result.output
        assert "Traceback" not in result.output
    assert sorted(p.name for p in library.iterdir()) == ["one"]


def test_a_site_built_inside_the_library_is_not_read_back(library: Path) -> None:
    """A configured output may lie inside a library root (``-o`` may not: see
    tests/test_write_links.py::test_an_output_inside_a_library_root_is_refused_even_with_force)."""
    write_skill(library, "one")
    config = config_from_mapping({"output": str(library / "site")})
    first = build(config, roots=[library])
    again = build(config, roots=[library])
    assert [s.key for s in first.catalog.skills] == [s.key for s in again.catalog.skills] == [
        "one"]


def test_security_doc_names_only_existing_tests() -> None:
    doc = (REPO / "docs" / "security.md").read_text(encoding="utf-8")
    named = set(re.findall(r"tests/(test_\w+)\.py::(test_\w+)", doc))
    assert len(named) > 40
    missing = [f"{module}::{test}" for module, test in sorted(named)
               if f"def {test}(" not in (REPO / "tests" / f"{module}.py").read_text("utf-8")]
    assert missing == []
