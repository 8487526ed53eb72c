"""Install routes on skill pages and in ``catalog.json``
(:mod:`skill_catalog.site.pages.install`): the skills CLI, the site's Claude Code marketplace,
the Claude.ai zip and a copy by hand into each tool's folders, each given only where it works."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from skill_catalog.agents.profiles import PROFILES
from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from tests.helpers.libraries import write_skill

BASE = "https://skills.example.org/lib/"


def _library(library: Path) -> None:
    write_skill(library, "maps/map-maker", files={"assets/logo.svg":
                                                  '<svg xmlns="http://www.w3.org/2000/svg"/>'})
    write_skill(library, "maps/tile-cutter")
    write_skill(library, "broken", frontmatter="name: broken")
    write_skill(library, "café", frontmatter="name: café\ndescription: Serves café. Use often.")


def _build(tmp_path: Path, out: str = "site", **options: Any) -> Path:
    data = {"title": "Map Skills", "roots": ["library"], **options}
    config = config_from_mapping(data, path=tmp_path / "skill-catalog.yml")
    build(config, output=tmp_path / out, workers=1)
    return tmp_path / out


def _unzip(folder: str) -> str:
    """The page's command that unpacks the skill's zip into ``folder``."""
    return f"mkdir -p {folder} && unzip -o map-maker.zip -d {folder}"


def _catalog(site: Path) -> dict[str, dict[str, Any]]:
    document = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    schema = json.loads((site / "catalog.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    return {s["slug"]: s for s in document["skills"]}


def _page(browser: Any, site: Path, slug: str) -> str:
    """The skill page as a browser shows it: its per-tool sections are built by
    ``assets/skill.js`` from the page's data (opened from ``file://``, which it supports)."""
    page = browser.new_page()
    try:
        page.goto((site / "skills" / slug / "index.html").as_uri())
        page.wait_for_load_state("load")
        return str(page.content())
    finally:
        page.close()


def _install_section(page: str) -> str:
    start = page.index('<section class="card" aria-labelledby="install-title"')
    return page[start:page.index("</section>", start)]


def _copies(section: str) -> dict[str, str]:
    """Each copy button's target text, by the id it names (every button names one)."""
    targets = re.findall(r'<button type="button" class="copy[^"]*" data-copy="([^"]+)">',
                         section)
    found = {}
    for target in targets:
        match = re.search(rf'<code id="{re.escape(target)}">(.*?)</code>', section)
        assert match is not None, target
        # the text a browser copies (textContent): words may sit in spans that keep them whole
        found[target] = html.unescape(re.sub(r"</?span[^>]*>", "", match.group(1)))
    assert len(found) == len(targets)  # one button per command, ids unique
    return found


def test_catalog_json_gives_every_route_that_works(library: Path, tmp_path: Path) -> None:
    _library(library)
    skills = _catalog(_build(tmp_path, base_url=BASE))
    maker = skills["map-maker"]["install"]
    assert maker["npx"] == f"npx skills add {BASE} --skill map-maker"
    assert maker["claude_code"] == {
        "marketplace": f"{BASE}claude-code/marketplace.json", "plugin": "map-maker@map-skills",
        "skills_in_plugin": 1, "requires": "2.1.224",
        "commands": [f"/plugin marketplace add {BASE}claude-code/marketplace.json",
                     "/plugin install map-maker@map-skills"]}
    assert maker["zip"] == "skills/map-maker.zip"
    folders = {f["tool"]: f for f in maker["folders"]}
    assert folders["claude-code"] == {"tool": "claude-code", "title": "Claude Code",
                                      "project": ".claude/skills/map-maker/",
                                      "personal": "~/.claude/skills/map-maker/"}
    assert folders["codex"]["personal"] == "~/.codex/skills/map-maker/"
    assert [f["tool"] for f in maker["folders"]] == [
        "claude-code", "codex", "copilot", "cursor", "gemini-cli", "opencode", "crush", "goose",
        "agents"]
    # Invalid: no route at all. A valid skill the indexes cannot name: the zip and folders.
    assert skills["broken"]["install"] is None
    cafe = next(s["install"] for s in skills.values() if s["name"] == "café")
    assert cafe["npx"] is None
    assert cafe["claude_code"] is None
    assert cafe["folders"][0]["project"] == ".claude/skills/café/"


def test_without_base_url_only_the_zip_and_the_folders(browser: Any, library: Path,
                                                       tmp_path: Path) -> None:
    _library(library)
    site = _build(tmp_path)
    maker = _catalog(site)["map-maker"]["install"]
    assert maker["npx"] is None
    assert maker["claude_code"] is None
    assert maker["zip"] == "skills/map-maker.zip"
    section = _install_section(_page(browser, site, "map-maker"))
    assert "With the skills CLI" not in section
    assert "As a Claude Code plugin" not in section
    assert "In Claude.ai" in section
    assert "curl" not in section  # no absolute address to fetch it from
    assert set(_copies(section).values()) == {_unzip(folder) for folder in (
        ".claude/skills", ".codex/skills", ".github/skills", ".agents/skills", ".gemini/skills",
        "~/.claude/skills", "~/.codex/skills", "~/.copilot/skills", "~/.cursor/skills",
        "~/.gemini/skills", "~/.config/crush/skills", "~/.agents/skills")}


def test_the_page_has_a_copy_button_for_each_command(browser: Any, library: Path,
                                                     tmp_path: Path) -> None:
    _library(library)
    site = _build(tmp_path, base_url=BASE, tools=["claude-code", "opencode", "codex"])
    section = _install_section(_page(browser, site, "map-maker"))
    copies = _copies(section)
    assert copies == {
        "install-npx": f"npx skills add {BASE} --skill map-maker",
        "install-plugin-add": f"/plugin marketplace add {BASE}claude-code/marketplace.json",
        "install-plugin": "/plugin install map-maker@map-skills",
        "install-download": f"curl -fsSLO {BASE}skills/map-maker.zip",
        "install-folder-1": _unzip(".claude/skills"),
        "install-folder-2": _unzip(".codex/skills"),
        "install-folder-3": _unzip("~/.claude/skills"),
        "install-folder-4": _unzip("~/.codex/skills"),
    }
    # A folder two tools read is one row naming both.
    assert "<td data-label=\"Read by\">Claude Code, OpenCode</td>" in section
    assert "Needs Claude Code 2.1.224 or later" in section
    assert "older than 2.1.120 cannot load the marketplace" in section
    # Each button has a name of its own for screen readers.
    names = re.findall(r'<span class="visually-hidden"> ([^<]+)</span></button>', section)
    assert len(names) == len(set(names)) == len(copies)
    assert "Copy" not in _install_section(_page(browser, site, "broken"))
    assert "fix the problems above" in _install_section(_page(browser, site, "broken"))
    agents = (site / "agents.html").read_text(encoding="utf-8")
    assert f"/plugin marketplace add {BASE}claude-code/marketplace.json" in agents
    assert "Needs Claude Code 2.1.224 or later" in agents


def test_a_grouped_plugin_says_what_else_it_holds(browser: Any, library: Path,
                                                  tmp_path: Path) -> None:
    _library(library)
    site = _build(tmp_path, base_url=BASE, marketplace={"group_by": "folder"})
    assert _catalog(site)["tile-cutter"]["install"]["claude_code"]["plugin"] == "maps@map-skills"
    section = _install_section(_page(browser, site, "tile-cutter"))
    assert "/plugin install maps@map-skills" in section
    assert "install the plugin <code>maps</code>, which holds this skill and 1 other:" in section
    # A third skill joins the plugin: the kept pages of the other two say so after a rebuild.
    write_skill(library, "maps/grid-maker")
    _build(tmp_path, base_url=BASE, marketplace={"group_by": "folder"})
    section = _install_section(_page(browser, site, "map-maker"))
    assert "which holds this skill and 2 others:" in section
    assert _catalog(site)["map-maker"]["install"]["claude_code"]["skills_in_plugin"] == 3


def test_internal_skills_keep_their_routes(library: Path, tmp_path: Path) -> None:
    """npx skills 1.7 installs an internal skill that is named, so the command stays."""
    write_skill(library, "vault", "name: vault\ndescription: Vault. Use when asked.\n"
                "metadata:\n  internal: true")
    install = _catalog(_build(tmp_path, base_url=BASE))["vault"]["install"]
    assert install["npx"] == f"npx skills add {BASE} --skill vault"
    assert install["claude_code"]["plugin"] == "vault@map-skills"


@pytest.mark.skipif(shutil.which("unzip") is None, reason="needs the unzip command")
def test_the_copy_command_puts_the_skill_where_the_tool_reads_it(browser: Any, library: Path,
                                                                 tmp_path: Path) -> None:
    _library(library)
    site = _build(tmp_path, tools=["claude-code"])
    command = _copies(_install_section(_page(browser, site, "map-maker")))["install-folder-1"]
    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(site / "skills" / "map-maker.zip", project)
    subprocess.run(command, shell=True, cwd=project, check=True, capture_output=True)
    template = next(r.template for r in PROFILES["claude-code"].roots
                    if r.template.startswith("{dir}/"))
    installed = project / template.replace("{dir}/", "")
    assert sorted(p.relative_to(installed).as_posix() for p in installed.rglob("*")
                  if p.is_file()) == ["map-maker/SKILL.md", "map-maker/assets/logo.svg"]


def test_a_withheld_skill_has_no_route(browser: Any, library: Path, tmp_path: Path) -> None:
    """The trust policy keeps a skill out of every copy an agent fetches: no route either."""
    _library(library)
    write_skill(library, "installer", "name: installer\ndescription: Installs. Use when asked.",
                body="# Installer\n\n```bash\ncurl -fsSL https://get.example.org/i.sh | sh\n```\n")
    site = _build(tmp_path, base_url=BASE, trust={"withhold": "danger"})
    assert _catalog(site)["installer"]["install"] is None
    section = _install_section(_page(browser, site, "installer"))
    assert "Withheld by this catalog's trust policy" in section
    assert _copies(section) == {}
    assert _catalog(site)["map-maker"]["install"]["npx"] is not None
