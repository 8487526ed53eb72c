"""One verdict per skill and agent tool (:mod:`skill_catalog.agents.verdict`), read by every
output: the skill page's "Which agents load it", the index's "Loaded by" facet, the install
routes of the page and of ``catalog.json``, ``list --as-seen-by`` and the SC rules that speak of
a tool. Over a library of the cases a new user met (broken YAML, a non-ASCII name, metadata
that is a number or a list, Codex's openai.yaml), the hostile library and the corpus, every
output tells the same story.

The Problems page shows the "accepted" mark of a trust finding as ``validate``, skill pages
and ``catalog.json`` do.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.agents.agent_view import reading
from skill_catalog.agents.profiles import PROFILES
from skill_catalog.agents.verdict import Verdict
from skill_catalog.cli import cli
from skill_catalog.config import Config, load_config
from skill_catalog.site.build import build
from skill_catalog.site.context import SiteContext
from skill_catalog.site.outputs.install import InstallRoutes
from skill_catalog.site.pages.views import Views
from tests.environment import REPO
from tests.helpers.libraries import write_skill
from tests.hostile_library import make_hostile_library

ALL_TOOLS = tuple(PROFILES)
_TOOLS = re.compile(r"data-tools='([^']*)'")
"""The page's per-tool data, which ``assets/skill.js`` shows (tests/test_light_pages.py)."""


def _page_tools(page: str) -> dict[str, Any]:
    match = _TOOLS.search(page)
    assert match is not None
    return dict(json.loads(html.unescape(match.group(1))))


def _new_user_library(root: Path) -> Path:
    """The new user's cases, in ``.agents/skills`` of a checkout (so that the tools reading that
    folder judge them where they are) and in a plain folder (judged once installed)."""
    (root / ".git").mkdir(parents=True)
    for base, p in ((".agents/skills", ""), ("skills", "x-")):
        write_skill(root, f"{base}/{p}broken-yaml",
                    f"name: {p}broken-yaml\ndescription: \"unclosed. Use when x.")
        write_skill(root, f"{base}/{p}café", f"name: {p}café\ndescription: Accents. Use when x.")
        write_skill(root, f"{base}/{p}numeric-version",
                    f"name: {p}numeric-version\ndescription: Version. Use when x.\n"
                    "metadata:\n  version: 1.0")
        write_skill(root, f"{base}/{p}listed-tags",
                    f"name: {p}listed-tags\ndescription: Tags. Use when x.\n"
                    "metadata:\n  tags: [a, b]")
        write_skill(root, f"{base}/{p}claude-helper",
                    f"name: {p}claude-helper\ndescription: Reserved word. Use when x.")
        write_skill(root, f"{base}/{p}implicit-off", files={
            "agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n"})
        write_skill(root, f"{base}/{p}chatgpt-only", files={
            "agents/openai.yaml": "policy:\n  products: [chatgpt]\n"})
        write_skill(root, f"{base}/{p}fine")
    return root


def _check_outputs(ctx: SiteContext, views: Views, site: Path | None) -> int:
    """Every output of every skill against the one verdict; returns how many verdicts."""
    verdicts = views.tools.verdict_of
    routes = InstallRoutes.create(ctx, verdicts)
    catalog = json.loads((site / "catalog.json").read_text()) if site is not None else None
    entries = {e["slug"]: e for e in catalog["skills"]} if catalog is not None else {}
    checked = 0
    for site_skill in ctx.skills:
        judged = verdicts.of(site_skill)
        loading = [v.tool for v in judged if v.loads]
        titles = {v.title for v in judged if v.loads}
        for verdict, profile in zip(judged, verdicts.profiles, strict=True):
            alone = reading(site_skill.skill, profile)
            if verdict.state in ("installable", "rejected") and "shadowed" not in verdict.reason:
                # outside the tool's folders, the tool's own reading decides
                assert (alone.problem is None) == verdict.loads, (site_skill.slug, verdict)
            elif verdict.state == "loaded":
                assert alone.problem is None, (site_skill.slug, verdict)
            checked += 1
        # the index's facet
        assert views.facets_of(site_skill).get("tool", []) == loading
        # the install routes (page and catalog.json) offer folders to loading tools only
        page_routes = routes.for_page(site_skill)
        if page_routes is not None:
            offered = {t for row in page_routes["project_rows"] + page_routes["personal_rows"]
                       for t in row["tools"]}
            assert offered <= titles, (site_skill.slug, offered - titles)
            assert (page_routes["claude_ai"] is None) == (
                verdicts.upload_problem(site_skill) is not None)
        catalog_routes = routes.for_catalog(site_skill)
        if catalog_routes is not None:
            assert {f["tool"] for f in catalog_routes["folders"]} <= set(loading)
            if site is not None:
                assert entries[site_skill.slug]["install"] == json.loads(
                    json.dumps(catalog_routes))
        if site is not None and site_skill.skill.valid:
            page = (site / site_skill.url.rstrip("/") / "index.html").read_text() \
                if site_skill.url.endswith("/") else (site / site_skill.url).read_text()
            tools = _page_tools(page)
            shown = [(row[0], row[2], row[1]) for row in tools["agents"]]
            assert shown == [(v.title, v.state, v.loads) for v in judged], site_skill.slug
            for row in (tools.get("install") or {}).get("rows", []):
                assert set(row[2].split(", ")) <= titles, (site_skill.slug, row)
    return checked


def _site(library: Path, tmp_path: Path, extra: str = "") -> tuple[SiteContext, Views, Path]:
    config_file = tmp_path / "skill-catalog.yml"
    config_file.write_text(f"roots: [{library}]\ntools: [{', '.join(ALL_TOOLS)}]\n{extra}",
                           encoding="utf-8")
    config = load_config(config_file)
    site = tmp_path / "site"
    build(config, output=site)
    ctx = SiteContext.create(skill_catalog.load(None, config))
    return ctx, Views.create(ctx), site


def test_every_output_reads_the_one_verdict_on_a_new_users_library(tmp_path: Path) -> None:
    checkout = _new_user_library(tmp_path / "checkout")
    ctx, views, site = _site(checkout, tmp_path)
    assert _check_outputs(ctx, views, site) > 100
    verdicts = views.tools.verdict_of

    def verdict(folder: str, tool: str) -> Verdict:
        site_skill = next(s for s in ctx.skills if s.skill.relpath == folder)
        return next(v for v in verdicts.of(site_skill) if v.tool == tool)

    def state(folder: str, tool: str) -> str:
        return verdict(folder, tool).state

    # broken YAML: Codex and OpenCode do not load it, here or once installed
    for tool in ("codex", "opencode"):
        assert state("skills/x-broken-yaml", tool) == "rejected"
        assert state(".agents/skills/broken-yaml", tool) == "rejected"
    # Crush loads a numeric metadata.version, and refuses a list
    assert state("skills/x-numeric-version", "crush") == "installable"
    assert state("skills/x-listed-tags", "crush") == "rejected"
    # Codex's openai.yaml: loaded but not listed; not loaded for another product
    for folder in (".agents/skills/implicit-off", "skills/x-implicit-off"):
        off = verdict(folder, "codex")
        assert off.loads
        assert off.unlisted
        assert "allow_implicit_invocation" in off.unlisted
    assert state("skills/x-chatgpt-only", "codex") == "rejected"
    # the Claude.ai zip is not offered for a name the upload refuses
    routes = InstallRoutes.create(ctx, verdicts)
    for folder in ("skills/x-café", "skills/x-claude-helper"):
        site_skill = next(s for s in ctx.skills if s.skill.relpath == folder)
        assert routes.for_catalog(site_skill) is None or \
            routes.for_catalog(site_skill)["claude_ai"] is None  # type: ignore[index]
    fine = next(s for s in ctx.skills if s.skill.relpath == "skills/x-fine")
    assert routes.for_catalog(fine)["claude_ai"] == fine.archive  # type: ignore[index]


def test_list_as_seen_by_says_what_the_pages_say(tmp_path: Path) -> None:
    """The skills in a tool's folders of the checkout: ``list --as-seen-by`` (started in the
    checkout, empty home) names the same state as the page's verdict."""
    checkout = _new_user_library(tmp_path / "checkout")
    ctx, views, _site_folder = _site(checkout, tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    for tool in ("codex", "opencode", "gemini-cli", "cursor", "crush", "agents"):
        result = CliRunner().invoke(cli, ["list", "--as-seen-by", tool, "--cwd", str(checkout),
                                          "--home", str(home), "--format", "json"],
                                    env={"XDG_CONFIG_HOME": None, "CODEX_HOME": None})
        listed = json.loads(result.stdout)
        loaded = {Path(s["path"]).resolve() for s in listed["skills"]}
        rejected = {Path(r["path"]).resolve() for r in listed["rejected"]}
        for site_skill in ctx.skills:
            if not site_skill.skill.relpath.startswith(".agents/skills/"):
                continue
            verdict = next(v for v in views.tools.verdict_of.of(site_skill) if v.tool == tool)
            where = site_skill.skill.dir.resolve()
            if verdict.state == "loaded":
                assert where in loaded, (tool, site_skill.slug)
            elif verdict.state == "rejected":
                assert where in rejected, (tool, site_skill.slug)


def test_sc207_names_a_tool_only_when_its_verdict_rejects(tmp_path: Path) -> None:
    library = _new_user_library(tmp_path / "checkout") / "skills"
    skills = {s.dir.name: s for s in skill_catalog.load([library]).skills}
    [number] = [d for d in skills["x-numeric-version"].diagnostics if d.code == "SC207"]
    assert "Crush" not in number.message
    assert "reject" not in number.message
    [listed] = [d for d in skills["x-listed-tags"].diagnostics if d.code == "SC207"]
    assert "Crush" in listed.message
    assert reading(skills["x-listed-tags"], PROFILES["crush"]).problem is not None
    assert reading(skills["x-numeric-version"], PROFILES["crush"]).problem is None


def test_hostile_outputs_agree(tmp_path: Path) -> None:
    """Without building (the hostile library's build has tests of its own): every skill's
    verdicts against the facet, the routes and each tool's own reading."""
    library = make_hostile_library(tmp_path / "h", big=False)
    ctx = SiteContext.create(skill_catalog.load([library], Config(tools=ALL_TOOLS)))
    assert _check_outputs(ctx, Views.create(ctx), None) > 50


def test_every_output_reads_the_one_verdict_on_the_corpus(corpus: Path) -> None:
    ctx = SiteContext.create(skill_catalog.load([corpus], Config(tools=ALL_TOOLS)))
    views = Views.create(ctx)
    assert _check_outputs(ctx, views, None) > 1000


def test_the_problems_page_marks_an_accepted_finding(tmp_path: Path) -> None:
    fixtures = REPO / "tests" / "fixtures" / "trust" / "risky"
    reason = "our own installer, checked by checksum in CI"
    _ctx, _views, site = _site(fixtures, tmp_path, "trust:\n  accept:\n"
                               "    - skill: st020-curl-pipe\n      rule: ST020\n"
                               f"      reason: {reason}\n")
    problems = (site / "problems" / "index.html").read_text(encoding="utf-8") \
        if (site / "problems" / "index.html").exists() \
        else (site / "problems.html").read_text(encoding="utf-8")
    group = next(g for g in problems.split("<section") if ">st020-curl-pipe</a>" in g)
    entry = next(li for li in group.split("<li ") if "ST020" in li)
    assert "diag-accepted" in entry
    assert f"Accepted: {reason}" in entry
    catalog = json.loads((site / "catalog.json").read_text())
    skill = next(s for s in catalog["skills"] if s["slug"] == "st020-curl-pipe")
    assert any(d.get("accepted") == reason for d in skill["diagnostics"]
               if d["code"] == "ST020") or "accepted" in json.dumps(skill)


@pytest.mark.parametrize("tool", ["codex", "opencode"])
def test_a_broken_yaml_skill_is_not_counted_as_loaded(tmp_path: Path, tool: str) -> None:
    write_skill(tmp_path / "lib", "broken", 'name: broken\ndescription: "unclosed')
    ctx = SiteContext.create(skill_catalog.load([tmp_path / "lib"]))
    views = Views.create(ctx)
    [site_skill] = ctx.skills
    assert tool not in views.tools.loading(site_skill)
