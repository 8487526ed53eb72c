"""A skill withheld because it holds a credential (issue 32) has none of its content on the site:
no body on its page (a notice says where the credential is, redacted, and how to fix it), no raw
copies, no file pages, nothing in the search index or catalog.json that could carry the secret;
a skill withheld only for its trust status keeps its page with its body."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import skill_catalog
from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from tests.helpers.libraries import DANGER, trust_skill, write_skill
from tests.helpers.mkdocs import build_ok, make_project, mkdocs_env
from tests.helpers.sites import output_files

AWS_ID = "AKIA" + "R4TW7QJ2LZ8NX5KD"
AWS_SECRET = "wJ9rQ2mZt" + "Xv7Lp4NcB8yHs3KdF6gRe1TuWa5oYiE"
GITHUB = "ghp_" + "Zq8Wm3Rt6Yp1Xk4Nb7Vc2Lj5Hs9Df0GaQeT3Ru"
DESCRIBED = "ghp_" + "Mn4Bv7Cx1Zl8Kj5Hg2Fd9Sa6Qw3Er0TyUiOp7P"
SECRETS = (AWS_ID, AWS_SECRET, GITHUB, DESCRIBED)
SHOWN = "Kept-body marker 7c1e"


def _library(library: Path) -> None:
    trust_skill(library, "keyed", "## Configure wombat\n\n```ini\n[default]\n"
                f"aws_access_key_id = {AWS_ID}\naws_secret_access_key = \"{AWS_SECRET}\"\n```\n\n"
                f"Read [the setup](references/{GITHUB}.md).\n",
                files={"references/setup.md": f"# Setup\n\nToken: `{GITHUB}`.\n",
                       "scripts/run.sh": f"#!/bin/sh\nexport AWS_ACCESS_KEY_ID={AWS_ID}\n"
                                         f"export GH_TOKEN={GITHUB}\n"})
    write_skill(library, "described", f"name: described\ndescription: Calls the API with "
                f"{DESCRIBED}. Use when releasing.", body="# Described\n\nRelease it.\n")
    trust_skill(library, "risky", f"## Quokka\n\n{SHOWN}\n\n{DANGER}",
                files={"references/more.md": f"# More\n\n{SHOWN} in a reference.\n"})
    trust_skill(library, "plain", "Do it.\n")
    write_skill(library, "Broken_Keyed", "name: Broken_Keyed\ndescription: Invalid, keyed.",
                body=f"# Broken\n\nexport GH_TOKEN={GITHUB}\n",
                files={"references/key.md": f"id {AWS_ID}\n"})


def _leaks(site: Path) -> list[tuple[str, str]]:
    """Every file of ``site`` holding a secret, with the secret."""
    return [(path.relative_to(site).as_posix(), secret) for path in output_files(site)
            for secret in SECRETS if secret.encode() in path.read_bytes()]


def test_no_byte_of_the_site_carries_a_withheld_secret(library: Path, tmp_path: Path) -> None:
    _library(library)
    config = config_from_mapping({"title": "Keys", "base_url": "https://skills.example.org/",
                                  "roots": ["library"], "trust": {"withhold": "danger"}},
                                 path=tmp_path / "skill-catalog.yml")
    site = tmp_path / "site"
    build(config, output=site, workers=1)
    assert _leaks(site) == []
    keyed = (site / "skills" / "keyed" / "index.html").read_text(encoding="utf-8")
    assert "withheld" in keyed
    assert "SKILL.md:" in keyed
    assert "trust.withhold_secrets" in keyed
    assert "Configure" not in keyed  # not even the body's headings
    assert "references/setup.md" in keyed  # the file list keeps its names
    assert not (site / "skills" / "keyed" / "raw").exists()
    assert not list((site / "skills" / "keyed").glob("files/**/*.html"))
    described = (site / "skills" / "described" / "index.html").read_text(encoding="utf-8")
    assert "Release it." not in described
    index = (site / "search-index.json").read_text(encoding="utf-8")
    assert "calls" not in index
    assert "wombat" not in index
    catalog = {s["name"]: s for s in json.loads((site / "catalog.json").read_text())["skills"]}
    assert catalog["described"]["description"] is None
    assert catalog["keyed"]["description"] == "Sets up keyed. Use when it is missing."
    # Withheld for its trust status only: the page keeps its body, the files their pages.
    risky = (site / "skills" / "risky" / "index.html").read_text(encoding="utf-8")
    assert SHOWN in risky
    assert "withheld" in risky
    assert any(SHOWN.encode() in p.read_bytes() for p in (site / "skills" / "risky").rglob("*")
               if p.is_file() and p.name != "index.html")
    assert "quokka" in index


def test_nor_does_the_mkdocs_site(library: Path, tmp_path: Path,
                                  tmp_path_factory: pytest.TempPathFactory) -> None:
    _library(library)
    project = make_project(tmp_path, library, {"config": "skill-catalog.yml"},
                           site_url="https://docs.example.org/")
    (project / "skill-catalog.yml").write_text("trust:\n  withhold: danger\n", encoding="utf-8")
    built = build_ok(project, mkdocs_env(tmp_path_factory))
    assert _leaks(built.site) == []
    keyed = built.page("skills/keyed/index.html")
    assert "trust.withhold_secrets" in keyed
    assert "references/setup.md" in keyed
    assert "Configure" not in keyed
    assert not (built.site / "skills" / "keyed" / "raw").exists()
    assert "Calls the API" not in built.page("skills/described/index.html")
    assert SHOWN in built.page("skills/risky/index.html")


def test_the_mcp_server_serves_none_of_it(library: Path) -> None:
    from skill_catalog.mcp.library import served

    _library(library)
    result = served(skill_catalog.load([library]))
    assert set(result.skills) == {"plain", "risky"}  # the default withhold: never
    refused = {r.where.split("/")[-2]: r.reason for r in result.refused}
    assert "trust.withhold_secrets" in refused["keyed"]
    assert "trust.withhold_secrets" in refused["described"]
    assert not [secret for secret in SECRETS for reason in refused.values() if secret in reason]
