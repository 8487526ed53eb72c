"""The machine-readable outputs: catalog.json, zips, well-known indexes, llms.txt, sitemap."""

from __future__ import annotations

import dataclasses as dc
import datetime as dt
import hashlib
import io
import json
import os
import stat
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urljoin
from xml.etree import ElementTree

import jsonschema
import pytest

import skill_catalog
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.fs.safe_fs import UnsafeFile
from skill_catalog.site.build import build
from skill_catalog.site.context import SiteContext
from skill_catalog.site.outputs import writers
from skill_catalog.site.outputs.catalog_json import json_safe
from skill_catalog.site.publish.archive import bundle, open_source
from skill_catalog.site.publish.digests import skill_digest
from skill_catalog.site.write.output import OutputTree
from skill_catalog.site.write.serialize import (
    Encoded,
    json_bytes,
    streamed_spans,
    write_json_streamed,
)
from tests.helpers.libraries import make_outputs_library, write_skill
from tests.helpers.sites import write_outputs

BASE = "https://example.org/catalog/"


def read_json(path: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def site(library: Path, tmp_path: Path) -> Path:
    make_outputs_library(library)
    write_outputs(library, tmp_path / "site")
    return tmp_path / "site"


def by_name(document: dict, name: str) -> dict:  # type: ignore[type-arg]
    return next(s for s in document["skills"] if s["name"] == name)


# catalog.json -------------------------------------------------------------------------------

def test_catalog_json_validates_against_its_schema(site: Path) -> None:
    schema = read_json(site / "catalog.schema.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    catalog = read_json(site / "catalog.json")
    jsonschema.Draft202012Validator(schema).validate(catalog)
    assert catalog["$schema"] == "catalog.schema.json"
    assert catalog["version"] == 1
    assert [s["path"] for s in catalog["skills"]] == ["broken", "café", "pdf-tools",
                                                      "simple-skill"]


def test_schema_rejects_a_catalog_that_breaks_it(site: Path) -> None:
    schema = read_json(site / "catalog.schema.json")
    catalog = read_json(site / "catalog.json")
    catalog["skills"][0]["digest"]["skill"] = "sha256:xyz"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(catalog, schema, cls=jsonschema.Draft202012Validator)


def test_invalid_skill_is_listed_as_invalid_without_archive(site: Path) -> None:
    broken = by_name(read_json(site / "catalog.json"), "broken")
    assert broken["valid"] is False
    assert broken["archive"] is None
    assert broken["digest"]["archive"] is None
    assert broken["url"] == "skills/broken/"
    assert any(d["severity"] == "error" and d["file"] == "SKILL.md" and d["line"] == 1
               for d in broken["diagnostics"])
    assert not (site / "skills" / "broken.zip").exists()


def test_catalog_describes_files_and_their_digests(site: Path, library: Path) -> None:
    tools = by_name(read_json(site / "catalog.json"), "pdf-tools")
    files = {f["relpath"]: f for f in tools["files"]}
    assert set(files) == {"SKILL.md", "scripts/extract.py", "references/guide.md",
                          "assets/logo.png", "assets/template.txt"}
    for relpath, entry in files.items():
        data = (library / "pdf-tools" / relpath).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["size"] == len(data)
    assert files["scripts/extract.py"]["executable"] is True
    assert files["scripts/extract.py"]["category"] == "scripts"
    assert files["assets/logo.png"]["text"] is False
    assert files["references/guide.md"]["text"] is True
    assert files["SKILL.md"]["executable"] is False
    expected = skill_digest((p, f["sha256"]) for p, f in files.items())
    assert tools["digest"]["skill"] == expected
    zip_bytes = (site / tools["archive"]).read_bytes()
    assert tools["digest"]["archive"] == "sha256:" + hashlib.sha256(zip_bytes).hexdigest()
    assert tools["archive"] == "skills/pdf-tools.zip"
    assert tools["tokens"]["body"] == (len("# PDF\n\nRun scripts/extract.py.\n") + 3) // 4
    assert tools["tokens"]["metadata"] > 0


def test_skill_digest_matches_the_rfc_worked_example() -> None:
    files = [("scripts/run.sh", hashlib.sha256(b"#!/bin/sh\n").hexdigest()),
             ("SKILL.md", hashlib.sha256(b"# Hello\n").hexdigest())]
    assert skill_digest(files) == (
        "sha256:34f7a8c484e9991f3e71a309f31332d6335efc01f544105c4185a7c4ab12eb1e")


def test_frontmatter_becomes_json(library: Path, tmp_path: Path) -> None:
    write_skill(library, "dated", frontmatter="""
        name: dated
        description: Has dates. Use when testing.
        metadata:
          created: 2024-01-02
          version: 1.5
    """)
    write_outputs(library, tmp_path / "site")
    dated = by_name(read_json(tmp_path / "site" / "catalog.json"), "dated")
    assert dated["frontmatter"]["metadata"] == {"created": "2024-01-02", "version": 1.5}


@pytest.mark.parametrize(("value", "expected"), [
    (dt.date(2024, 1, 2), "2024-01-02"),
    (dt.datetime(2024, 1, 2, 3, 4, 5), "2024-01-02T03:04:05"),
    (float("nan"), "nan"),
    (float("inf"), "inf"),
    (b"\x00\x01", "AAE="),
    ({3, 1, 2}, [1, 2, 3]),
    ({2: "a", None: "b", False: "c", dt.date(2024, 1, 2): "d"},
     {"2": "a", "null": "b", "false": "c", "2024-01-02": "d"}),
    ([1, (2, "x")], [1, [2, "x"]]),
    (complex(1, 2), "(1+2j)"),
])
def test_json_safe_values(value: object, expected: object) -> None:
    assert json_safe(value) == expected
    json.dumps(json_safe(value), allow_nan=False)


def test_json_safe_survives_cycles_and_lone_surrogates() -> None:
    loop: list[object] = []
    loop.append(loop)
    json.dumps(json_safe(loop))
    data = json_bytes({"name": "bad \ud800 name"})
    assert json.loads(data) == {"name": "bad \ud800 name"}


@pytest.mark.parametrize("items", [
    [],
    [{"a": 1}],
    [{"b": [1, "x,\ny"], "a": "café \ud800"}, {"skills": []}, "tail,", [None, True]],
])
def test_streamed_items_are_found_again_and_written_as_they_were(items: list[Any]) -> None:
    """An item of a streamed document (catalog.json, the build state) can be taken from the
    document as it was written and written again as it is: the same bytes."""
    head = {"note": "x", "zz": {"skills": [1]}, "files": ["a", "b"]}
    first = io.BytesIO()
    write_json_streamed(first, head, "skills", items)
    data = first.getvalue()
    assert json.loads(data)["skills"] == items
    digest = hashlib.sha256()
    spans = streamed_spans(io.BytesIO(data), "skills", len(items), digest)
    assert digest.digest() == hashlib.sha256(data).digest()
    if not items:
        assert spans is None
        return
    lines = [data[a:b].decode("utf-8") for a, b in spans]
    assert [json.loads(line) for line in lines] == items
    again = io.BytesIO()
    write_json_streamed(again, head, "skills", [Encoded(line) for line in lines])
    assert again.getvalue() == data
    for count in (len(items) + 1, len(items) - 1):  # not laid out so
        assert streamed_spans(io.BytesIO(data), "skills", count) is None
    assert streamed_spans(io.BytesIO(data), "other", len(items)) is None


# zips ---------------------------------------------------------------------------------------

def test_zip_holds_the_skill_folder_and_nothing_else(site: Path, library: Path) -> None:
    with zipfile.ZipFile(site / "skills" / "pdf-tools.zip") as archive:
        infos = archive.infolist()
        names = [i.filename for i in infos]
        assert names == sorted(names, key=lambda n: n.encode())
        assert set(names) == {"pdf-tools/SKILL.md", "pdf-tools/assets/logo.png",
                              "pdf-tools/assets/template.txt", "pdf-tools/references/guide.md",
                              "pdf-tools/scripts/extract.py"}
        for info in infos:
            assert info.date_time == (1980, 1, 1, 0, 0, 0)
            assert info.extra == b""
            assert info.create_system == 3
            mode = info.external_attr >> 16
            assert stat.S_ISREG(mode)
            executable = info.filename.endswith("extract.py")
            assert stat.S_IMODE(mode) == (0o755 if executable else 0o644)
            source = library / info.filename
            assert archive.read(info) == source.read_bytes()
        assert archive.comment == b""


def test_zips_are_byte_identical_across_builds(library: Path, tmp_path: Path) -> None:
    make_outputs_library(library)
    write_outputs(library, tmp_path / "one")
    for path in library.rglob("*"):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    (library / "pdf-tools" / "references" / "guide.md").chmod(0o600)
    write_outputs(library, tmp_path / "two")
    first, second = tree(tmp_path / "one"), tree(tmp_path / "two")
    assert first == second
    assert "skills/pdf-tools.zip" in first


def test_zip_of_a_non_ascii_skill_keeps_its_name(site: Path) -> None:
    with zipfile.ZipFile(site / "skills" / "cafe.zip") as archive:
        assert archive.namelist() == ["café/SKILL.md"]


def test_zip_skips_a_file_replaced_by_a_link_leaving_the_root(
    library: Path, tmp_path: Path
) -> None:
    make_outputs_library(library)
    secret = tmp_path / "secret.txt"
    secret.write_text("do not publish\n")
    ctx = SiteContext.create(skill_catalog.load([library]))
    template = library / "pdf-tools" / "assets" / "template.txt"
    template.unlink()
    template.symlink_to(secret)
    tools = next(s for s in ctx.published if s.slug == "pdf-tools")
    omitted = bundle(tools.skill).omitted
    assert [o.relpath for o in omitted] == ["assets/template.txt"]
    notes = [n.message for n in writers.write_outputs(ctx, OutputTree(tmp_path / "site"))]
    with zipfile.ZipFile(tmp_path / "site" / "skills" / "pdf-tools.zip") as archive:
        assert "pdf-tools/assets/template.txt" not in archive.namelist()
        assert all(b"do not publish" not in archive.read(n) for n in archive.namelist())
    assert any(m.startswith("assets/template.txt: left out of the zip") for m in notes)


def test_open_source_refuses_fifos_and_paths_leaving_the_root(library: Path) -> None:
    skill_dir = write_skill(library, "plain")
    os.mkfifo(skill_dir / "pipe")
    skill = skill_catalog.load([library]).get("plain")
    with pytest.raises(UnsafeFile), open_source(skill, "pipe"):
        pass
    with pytest.raises(UnsafeFile), open_source(skill, "../plain/SKILL.md"):
        pass
    with open_source(skill, "SKILL.md") as handle:
        assert handle.read().startswith(b"---\n")


def test_names_differing_only_in_case_are_published_once(library: Path, tmp_path: Path) -> None:
    write_skill(library, "cased",
                files={"references/Notes.md": "A\n", "references/notes.md": "B\n"})
    ctx = write_outputs(library, tmp_path / "site")
    with zipfile.ZipFile(tmp_path / "site" / "skills" / "cased.zip") as archive:
        assert archive.namelist() == ["cased/SKILL.md", "cased/references/Notes.md"]
    notes = [n.message for n in writers.publication_notes(ctx)]
    assert any(m.startswith("references/notes.md: left out") and "letter case" in m
               for m in notes)


@pytest.mark.parametrize("other", ["references/cafe\u0301.md", "references/CAFE\u0301.md",
                                   "references/CAF\u00c9.md"])
def test_names_differing_only_in_normalisation_are_published_once(
        library: Path, tmp_path: Path, other: str) -> None:
    """``café.md`` in NFC and in NFD are one file on macOS, as case pairs are on macOS and
    Windows: one key (case and normalisation folded) decides, for every copy (issue 32)."""
    write_skill(library, "accents", files={"references/caf\u00e9.md": "A\n", other: "B\n"})
    ctx = write_outputs(library, tmp_path / "site")
    with zipfile.ZipFile(tmp_path / "site" / "skills" / "accents.zip") as archive:
        names = archive.namelist()
    assert len(names) == 2
    notes = [n.message for n in writers.publication_notes(ctx)]
    assert any("left out" in m and "Unicode normalisation" in m for m in notes)
    build(config_from_mapping({}), roots=[library], output=tmp_path / "full", workers=1)
    copies = [p for p in (tmp_path / "full").rglob("*") if "caf" in p.name.casefold()]
    assert len(copies) == 1  # one raw copy, which the viewer shows
    build(config_from_mapping({"file_pages": "markdown"}), roots=[library],
          output=tmp_path / "pages", workers=1)
    copies = [p for p in (tmp_path / "pages").rglob("*") if "caf" in p.name.casefold()]
    assert len(copies) == 2  # one raw copy and one file page


def test_lowercase_skill_md_is_published_as_skill_md(library: Path, tmp_path: Path) -> None:
    skill_dir = write_skill(library, "lower")
    (skill_dir / "SKILL.md").rename(skill_dir / "skill.md")
    write_outputs(library, tmp_path / "site")
    with zipfile.ZipFile(tmp_path / "site" / "skills" / "lower.zip") as archive:
        assert archive.namelist() == ["lower/SKILL.md"]
    index = read_json(tmp_path / "site" / ".well-known" / "skills" / "index.json")
    assert index["skills"][0]["files"] == ["SKILL.md"]


# well-known ---------------------------------------------------------------------------------

def test_v01_index_lists_valid_ascii_skills_with_served_files(site: Path, library: Path) -> None:
    index = read_json(site / ".well-known" / "skills" / "index.json")
    assert [s["name"] for s in index["skills"]] == ["pdf-tools", "simple-skill"]
    tools = index["skills"][0]
    assert tools["description"] == "Does pdf-tools things. Use when testing."
    assert tools["files"][0] == "SKILL.md"
    # The binary file is left out: npx skills fetches files as text and would corrupt it.
    assert sorted(tools["files"]) == ["SKILL.md", "assets/template.txt", "references/guide.md",
                                      "scripts/extract.py"]
    for entry in index["skills"]:
        for relpath in entry["files"]:
            assert ".." not in relpath
            assert not relpath.startswith("/")
            served = site / ".well-known" / "skills" / entry["name"] / relpath
            assert served.read_bytes() == (library / entry["name"] / relpath).read_bytes()
    served_root = site / ".well-known" / "skills"
    assert sorted(p.name for p in served_root.iterdir()) == ["index.json", "pdf-tools",
                                                             "simple-skill"]
    assert not (served_root / "pdf-tools" / "assets" / "logo.png").exists()


def test_v02_index_urls_resolve_to_files_matching_their_digests(site: Path) -> None:
    index = read_json(site / ".well-known" / "agent-skills" / "index.json")
    assert index["$schema"] == "https://schemas.agentskills.io/discovery/0.2.0/schema.json"
    entries = {s["name"]: s for s in index["skills"]}
    assert set(entries) == {"pdf-tools", "simple-skill"}
    assert entries["pdf-tools"]["type"] == "archive"
    assert entries["simple-skill"]["type"] == "skill-md"
    index_url = BASE + ".well-known/agent-skills/index.json"
    for entry in entries.values():
        assert set(entry) == {"name", "type", "description", "url", "digest", "trust"}
        resolved = urljoin(index_url, entry["url"])
        assert resolved.startswith(BASE)
        data = (site / resolved.removeprefix(BASE)).read_bytes()
        assert entry["digest"] == "sha256:" + hashlib.sha256(data).hexdigest()
    # A skill that is only SKILL.md is served by the v0.1 folder's copy: one file for both.
    assert entries["simple-skill"]["url"] == "../skills/simple-skill/SKILL.md"
    simple = urljoin(index_url, entries["simple-skill"]["url"]).removeprefix(BASE)
    assert simple == ".well-known/skills/simple-skill/SKILL.md"
    assert not (site / ".well-known/agent-skills/simple-skill").exists()


def test_v02_archive_has_the_skill_files_at_its_root(site: Path, library: Path) -> None:
    data = (site / ".well-known" / "agent-skills" / "pdf-tools.zip").read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert sorted(archive.namelist()) == ["SKILL.md", "assets/logo.png",
                                              "assets/template.txt", "references/guide.md",
                                              "scripts/extract.py"]
        for name in archive.namelist():
            assert archive.read(name) == (library / "pdf-tools" / name).read_bytes()


def test_skipped_skills_are_reported(library: Path) -> None:
    make_outputs_library(library)
    write_skill(library / "second", "simple-skill")
    ctx = SiteContext.create(skill_catalog.load([library]))
    notes = [n for n in writers.publication_notes(ctx) if n.code == "SC040"]
    messages = [n.message for n in notes]
    assert any("'café' is not 1-64 ASCII" in m for m in messages)
    # Two folders claim 'simple-skill': both are invalid (SC301), so neither is published and
    # neither is a note here (tests/test_name_claims.py).
    assert not any("'simple-skill'" in m for m in messages)
    assert {s.skill.name for s in ctx.published}.isdisjoint({"simple-skill"})
    assert any(m.startswith("assets/logo.png: left out of .well-known/skills") for m in messages)
    assert not any("broken" in m for m in messages)


# llms.txt, sitemap.xml, robots.txt ----------------------------------------------------------

def test_llms_txt_without_base_url(site: Path) -> None:
    text = (site / "llms.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "# Skill catalog"
    assert lines[2].startswith("> 3 Agent Skills")
    assert "## Skills" in lines
    assert ("- [pdf-tools](.well-known/skills/pdf-tools/SKILL.md): Does pdf-tools things. "
            "Use when testing.") in lines
    assert "- [café](skills/cafe/): Serves café things. Use when testing." in lines
    assert "broken" not in text
    assert "npx skills add" not in text


def test_without_base_url_no_sitemap_and_plain_robots(site: Path) -> None:
    assert not (site / "sitemap.xml").exists()
    assert (site / "robots.txt").read_text() == "User-agent: *\nAllow: /\n"


def test_with_base_url_absolute_links_sitemap_and_robots(library: Path, tmp_path: Path) -> None:
    make_outputs_library(library)
    config = dc.replace(Config(), base_url="https://example.org/a&b/",
                        title="Org <Skills> & more", description="Our skills\nfor agents.")
    write_outputs(library, tmp_path / "site", config)
    site = tmp_path / "site"
    root = ElementTree.fromstring((site / "sitemap.xml").read_bytes())
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locs = [e.text for e in root.findall("s:url/s:loc", ns)]
    assert locs == ["https://example.org/a&b/", "https://example.org/a&b/skills/cafe/",
                    "https://example.org/a&b/skills/pdf-tools/",
                    "https://example.org/a&b/skills/simple-skill/"]
    assert (site / "robots.txt").read_text() == (
        "User-agent: *\nAllow: /\n\nSitemap: https://example.org/a&b/sitemap.xml\n")
    text = (site / "llms.txt").read_text(encoding="utf-8")
    assert text.startswith("# Org <Skills> & more\n\n> Our skills for agents.\n")
    assert ("- [simple-skill](https://example.org/a&b/.well-known/skills/simple-skill/SKILL.md)"
            ": Does simple-skill things. Use when testing.") in text
    assert "`npx skills add https://example.org/a&b/ --skill <name>`" in text
    catalog = read_json(site / "catalog.json")
    assert catalog["base_url"] == "https://example.org/a&b/"
    assert catalog["title"] == "Org <Skills> & more"


def test_every_output_is_byte_identical_across_builds(library: Path, tmp_path: Path) -> None:
    make_outputs_library(library)
    config = dc.replace(Config(), base_url=BASE)
    write_outputs(library, tmp_path / "one", config)
    write_outputs(library, tmp_path / "two", config)
    first = tree(tmp_path / "one")
    assert first == tree(tmp_path / "two")
    assert {"catalog.json", "catalog.schema.json", "llms.txt", "sitemap.xml", "robots.txt",
            ".well-known/skills/index.json", ".well-known/agent-skills/index.json"} <= set(first)
