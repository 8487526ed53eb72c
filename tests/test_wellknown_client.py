"""Real clients against a built site served over HTTP on 127.0.0.1.

``npx skills add <site URL>`` is vercel-labs/skills, the npm package ``skills``: 1.3.9 (reads
``/.well-known/skills/`` v0.1 only) in ``.cache/npm-skills`` and the current 1.7.4 (v0.2 first,
Node 22) in ``.cache/npm-skills17``, installed once (CI does it in .ci/run; a developer's first
run does it here). Without node or npm the test is skipped with a message, except in CI, where
it fails.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import re
import zipfile
from pathlib import Path
from urllib.parse import urljoin
from urllib.request import urlopen

import pytest

from tests.helpers.libraries import (
    DANGER,
    WARNING,
    make_library,
    make_outputs_library,
    trust_skill,
    write_skill,
)
from tests.helpers.mkdocs import build_ok, make_project, mkdocs_env
from tests.helpers.realclients import Installed, run_skills_cli
from tests.helpers.sites import write_outputs
from tests.local_server import serve_folder


@pytest.fixture
def served_site(library: Path, tmp_path: Path) -> Path:
    """A built site under ``www/catalog/``: served from ``www/`` it sits at a sub-path, as a
    GitHub Pages project site does."""
    make_outputs_library(library)
    write_outputs(library, tmp_path / "www" / "catalog")
    return tmp_path / "www"


@pytest.mark.parametrize("path", ["catalog/", "catalog"])
def test_skills_add_installs_the_files_byte_identical(
    skills_cli: Installed, served_site: Path, library: Path, tmp_path: Path, path: str
) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    with serve_folder(served_site) as url:
        run_skills_cli(skills_cli, ["add", url + path, "--skill", "pdf-tools", "--agent",
                                    "claude-code", "-y"], project, home)
    source = library / "pdf-tools"
    if skills_cli.release.version == "1.3.9":
        # v0.1 index only: text files, installed in .agents/skills and linked for Claude Code.
        installed = project / ".agents" / "skills" / "pdf-tools"
        index = json.loads((served_site / "catalog/.well-known/skills/index.json").read_text())
        expected = next(s["files"] for s in index["skills"] if s["name"] == "pdf-tools")
        assert not (installed / "assets" / "logo.png").exists()  # binary: in the zips only
        link = project / ".claude" / "skills" / "pdf-tools"
        assert link.resolve() == installed.resolve()
    else:
        # v0.2 index first: the skill's archive, every file (the binary too), copied for Claude.
        installed = project / ".claude" / "skills" / "pdf-tools"
        expected = [p.relative_to(source).as_posix() for p in source.rglob("*") if p.is_file()]
        assert "assets/logo.png" in expected
    got = sorted(p.relative_to(installed).as_posix() for p in installed.rglob("*") if p.is_file())
    assert got == sorted(expected)
    assert "references/guide.md" in got
    for relpath in got:
        assert (installed / relpath).read_bytes() == (source / relpath).read_bytes()
    assert not (project / ".agents" / "skills" / "simple-skill").exists()
    assert not (project / ".claude" / "skills" / "simple-skill").exists()
    assert not any(home.rglob("SKILL.md"))


def test_skills_add_lists_only_publishable_skills(
    skills_cli: Installed, served_site: Path, tmp_path: Path
) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    with serve_folder(served_site) as url:
        output = run_skills_cli(skills_cli, ["add", url + "catalog", "--list"], project, home)
    assert "Found 2 skills" in output
    assert "pdf-tools" in output
    assert "simple-skill" in output
    assert "broken" not in output
    assert "café" not in output
    assert not (project / ".agents").exists()


def test_v02_client_resolves_urls_and_verifies_digests(served_site: Path, library: Path) -> None:
    """What the agentskills v0.2 draft tells a client to do: fetch the index, resolve each url
    against the index URL (RFC 3986), check the digest, unpack archives."""
    with serve_folder(served_site) as url:
        index_url = url + "catalog/.well-known/agent-skills/index.json"
        with urlopen(index_url) as response:
            assert response.headers.get_content_type() == "application/json"
            index = json.load(response)
        fetched: dict[str, dict[str, bytes]] = {}
        for entry in index["skills"]:
            with urlopen(urljoin(index_url, entry["url"])) as response:
                data = response.read()
            assert entry["digest"] == "sha256:" + hashlib.sha256(data).hexdigest()
            if entry["type"] == "archive":
                with zipfile.ZipFile(io.BytesIO(data)) as archive:
                    fetched[entry["name"]] = {n: archive.read(n) for n in archive.namelist()}
            else:
                fetched[entry["name"]] = {"SKILL.md": data}
    assert set(fetched) == {"pdf-tools", "simple-skill"}
    for name, files in fetched.items():
        source = library / name
        expected = {p.relative_to(source).as_posix(): p.read_bytes()
                    for p in source.rglob("*") if p.is_file()}
        assert files == expected


INERT_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
             '<circle cx="4" cy="4" r="3" fill="#2a6"/></svg>\n')
SCRIPTED_SVG = ('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/steal?" + '
                'document.cookie)</script></svg>\n')


def test_skills_add_installs_inert_svgs_and_leaves_out_scripted_ones_with_the_reason(
        skills_cli: Installed, library: Path, tmp_path: Path) -> None:
    """An inert SVG in assets/ reaches the project through every route; a scripted one is not
    served from the site's origin (.well-known/skills, which 1.3.9 reads), and the build says
    why. 1.7.4 reads the v0.2 archive, which carries every file: there a script cannot run on
    the site's origin, so the scripted SVG arrives with the rest."""
    write_skill(library, "map-legend", files={"assets/logo.svg": INERT_SVG,
                                              "assets/beacon.svg": SCRIPTED_SVG})
    write_outputs(library, tmp_path / "www" / "catalog")
    site = tmp_path / "www" / "catalog"
    index = json.loads((site / ".well-known/skills/index.json").read_text())
    assert index["skills"][0]["files"] == ["SKILL.md", "assets/logo.svg"]
    catalog_notes = [d for d in json.loads((site / "catalog.json").read_text())["diagnostics"]
                     if d["code"] == "SC040"]
    assert [d["file"] for d in catalog_notes] == ["assets/beacon.svg"]
    message = catalog_notes[0]["message"]
    assert message.startswith("assets/beacon.svg: left out of .well-known/skills (npx skills "
                              "add): a browser would run its scripts"), message
    assert "it holds a <script> element" in message, message
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    with serve_folder(tmp_path / "www") as url:
        run_skills_cli(skills_cli, ["add", url + "catalog", "--skill", "map-legend", "--agent",
                             "claude-code", "-y"], project, home)
    installed = (project / ".claude" / "skills" / "map-legend").resolve()
    source = library / "map-legend"
    assert (installed / "assets" / "logo.svg").read_bytes() == \
        (source / "assets" / "logo.svg").read_bytes()
    if skills_cli.release.version == "1.3.9":
        assert not (installed / "assets" / "beacon.svg").exists()
    else:
        assert (installed / "assets" / "beacon.svg").read_bytes() == \
            (source / "assets" / "beacon.svg").read_bytes()


def test_skills_add_reads_indexes_carrying_trust_and_never_sees_withheld_skills(
    skills_cli: Installed, library: Path, tmp_path: Path
) -> None:
    """Each index entry's ``trust`` object (status and findings) is a field the clients do not
    know: both releases still list and install the skill; a skill the config's trust.withhold
    keeps out is in neither index, so neither client offers it."""
    from skill_catalog.config import config_from_mapping

    trust_skill(library, "hooked", WARNING)
    trust_skill(library, "installer", DANGER)
    config = config_from_mapping({"trust": {"withhold": "danger"}})
    write_outputs(library, tmp_path / "www" / "catalog", config)
    index = json.loads((tmp_path / "www/catalog/.well-known/skills/index.json").read_text())
    assert [(s["name"], s["trust"]["status"]) for s in index["skills"]] == [("hooked",
                                                                            "warning")]
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    with serve_folder(tmp_path / "www") as url:
        listing = run_skills_cli(skills_cli, ["add", url + "catalog", "--list"], project, home)
        assert "Found 1 skill" in listing
        assert "hooked" in listing
        assert "installer" not in listing
        run_skills_cli(skills_cli, ["add", url + "catalog", "--skill", "hooked", "--agent",
                             "claude-code", "-y"], project, home)
    installed = next(project.rglob("hooked/SKILL.md"))
    assert installed.read_bytes() == (library / "hooked" / "SKILL.md").read_bytes()


def test_the_mkdocs_sites_npx_route_installs_the_skill(
    skills_cli: Installed, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The ``npx skills add`` command an MkDocs skill page shows, run as shown against the
    built site (its site_url replaced by where it is served), installs that skill."""
    site_url = "https://docs.example.org/"
    library = make_library(tmp_path)
    built = build_ok(make_project(tmp_path, library, site_url=site_url),
                     mkdocs_env(tmp_path_factory))
    page = built.page("skills/pdf-tools/index.html")
    commands = [html.unescape(c) for c in re.findall(r"<code>(npx skills add [^<]*)</code>", page)]
    assert len(commands) == 1, commands
    project, home = tmp_path / "installed", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    with serve_folder(built.site) as url:
        args = commands[0].replace(site_url, url).split()[2:]
        run_skills_cli(skills_cli, [*args, "--agent", "claude-code", "-y"], project, home)
    installed = [p for p in project.rglob("SKILL.md") if p.parent.name == "pdf-tools"]
    assert installed, sorted(str(p.relative_to(project)) for p in project.rglob("*"))
    assert installed[0].read_bytes() == (library / "pdf-tools" / "SKILL.md").read_bytes()
