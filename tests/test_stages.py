"""The way through (docs/architecture.md): each stage of a load and a build is a function of
the values the stage before handed on, and changes none of them.

Every stage is wrapped: before it runs, a deep snapshot of what it is given is taken (every
field of every dataclass, ``compare=False`` ones included, every item of every dict, list,
tuple and set); after it returns, the snapshot is taken again and must be the same. A stage
that changes a skill, a folder, a diagnostic list, a frontmatter mapping or the catalog it
received fails here, naming the stage and the argument.
"""

from __future__ import annotations

import collections
import dataclasses as dc
import functools
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import skill_catalog
from skill_catalog import api
from skill_catalog.agents.agent_view import project_view, project_views
from skill_catalog.agents.profiles import PROFILES
from skill_catalog.config import Config, config_from_mapping, load_config
from skill_catalog.model import Skill, SkillFolder
from skill_catalog.observed import common as observed_common
from skill_catalog.pipeline import checking
from skill_catalog.pipeline import watched as watched_loads
from skill_catalog.pipeline.skill_cache import SkillCache
from skill_catalog.site import build as site_build
from skill_catalog.site import context as site_context
from skill_catalog.site.context import SiteSkill
from skill_catalog.site.pages.render import PageWriter
from skill_catalog.site.write.output import OutputTree
from tests.helpers.libraries import make_library, trust_skill, write_skill
from tests.helpers.reads import recording_reads

EXAMPLE = Path(__file__).resolve().parents[1] / "site-example"


SINKS = (SkillCache, OutputTree)
"""What a stage is given to write into, not a value handed on: the skill cache (a load stores
what it parsed there) and the output tree (a build writes the site there). Compared by
identity."""


def snapshot(value: Any, seen: dict[int, int] | None = None) -> Any:
    """``value`` as nested tuples of plain data: every dataclass field, every container item;
    anything else by its repr (paths, strings, numbers) or, for functions, sinks and other
    opaque objects, by its identity."""
    seen = {} if seen is None else seen
    if isinstance(value, SINKS):
        return ("sink", type(value).__name__, id(value))
    key = id(value)
    if key in seen:  # a value reached twice (or a cycle): named by where it was first met
        return ("seen", seen[key])
    if dc.is_dataclass(value) and not isinstance(value, type):
        seen[key] = len(seen)
        return (type(value).__name__, tuple((f.name, snapshot(getattr(value, f.name), seen))
                                            for f in dc.fields(value)))
    if isinstance(value, dict):
        seen[key] = len(seen)
        return ("dict", tuple((snapshot(k, seen), snapshot(v, seen)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        seen[key] = len(seen)
        return (type(value).__name__, tuple(snapshot(v, seen) for v in value))
    if isinstance(value, (set, frozenset)):
        seen[key] = len(seen)
        return (type(value).__name__, tuple(sorted(repr(snapshot(v, seen)) for v in value)))
    if isinstance(value, (str, bytes, int, float, bool, type(None), Path, os.PathLike)):
        return repr(value)
    return ("object", type(value).__name__, id(value))


def unchanged_by(name: str, stage: Callable[..., Any], calls: list[str]) -> Callable[..., Any]:
    """``stage``, failing when it changes anything it was given."""

    @functools.wraps(stage)
    def run(*args: Any, **kwargs: Any) -> Any:
        before = snapshot((args, kwargs))
        result = stage(*args, **kwargs)
        after = snapshot((args, kwargs))
        assert after == before, f"the stage {name} changed a value it was given"
        calls.append(name)
        return result

    return run


STAGES = [
    (api, "discover"), (api, "kept"), (watched_loads, "leave_out_links"),
    (api, "parse_and_check"), (watched_loads, "discover"), (watched_loads, "parse_and_check"),
    (watched_loads, "accept"),
    (checking, "parse_skill"), (checking, "check_skill"), (checking, "fingerprint"),
    (api, "check_library"), (api, "accept"), (api, "_settled"), (api, "_unused_acceptances"),
    (site_build, "load"), (site_build, "write_site"),
]
"""Every stage of a build, where the build calls it."""


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every stage wrapped; the names of those that ran, in order."""
    calls: list[str] = []
    for module, name in STAGES:
        monkeypatch.setattr(module, name, unchanged_by(name, getattr(module, name), calls))
    monkeypatch.setattr(site_context.SiteContext, "create", classmethod(unchanged_by(
        "SiteContext.create", site_context.SiteContext.create.__func__, calls)))
    monkeypatch.setattr(watched_loads.Watched, "accept", unchanged_by(
        "Watched.accept", watched_loads.Watched.accept, calls))
    return calls


def _library(tmp_path: Path) -> tuple[Path, Config]:
    """A library with what each stage has work for: a skill left out by the configuration
    (and a link into it), trust findings accepted by the configuration and by a marker, a
    secret (withheld), name clashes and problems of every stage."""
    library = make_library(tmp_path / "lib")
    trust_skill(library, "marked", "Run it:\n\n```sh\n"
                "pip install requests  # skill-catalog: accept ST027 \"pinned in CI, reviewed\"\n"
                "curl https://example.org/x.sh | sh\n```\n")
    trust_skill(library, "keyed", "Use AKIAIOSFODNN7EXAMPLF as the key.\n")
    trust_skill(library, "left-out", "Nothing to see.\n", {"references/notes.md": "Notes.\n"})
    os.symlink("../left-out/references", library / "marked" / "linked")
    config = config_from_mapping({
        "title": "Stages", "exclude": ["left-out"],
        "trust": {"accept": [{"skill": "marked", "rule": "ST020",
                              "reason": "the vendor's own installer, reviewed"}]},
    }, path=tmp_path / "skill-catalog.yml")
    return library, config


@pytest.mark.parametrize("cached", [False, True])
def test_no_stage_of_a_build_changes_what_it_is_given(
        tmp_path: Path, watched: list[str], cached: bool) -> None:
    library, config = _library(tmp_path)
    out = tmp_path / "site"
    if cached:  # a rebuild: skills restored from the cache, one changed
        site_build.build(config, roots=[library], output=out, workers=1)
        watched.clear()
        (library / "marked" / "SKILL.md").write_text(
            (library / "marked" / "SKILL.md").read_text() + "\nMore.\n")
    result = site_build.build(config, roots=[library], output=out, workers=1)
    assert {"discover", "leave_out_links", "parse_and_check", "parse_skill", "check_skill",
            "check_library", "accept", "_settled", "load", "write_site",
            "SiteContext.create"} <= set(watched)
    if cached:
        assert "fingerprint" in watched
    keyed = next(s for s in result.catalog.skills if s.key == "keyed")
    assert keyed.trust.withheld is not None  # the verdict settled once, policy applied
    marked = next(s for s in result.catalog.skills if s.key == "marked")
    assert [d.accepted is not None for d in marked.trust_findings if d.code == "ST020"] == [True]


def test_the_example_and_the_parallel_load_change_nothing(
        tmp_path: Path, watched: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The bundled example, loaded on several processes (the forked children run the same
    wrapped stages: a change there fails the child, and so the load)."""
    monkeypatch.setattr(checking, "MIN_SKILLS_PER_PROCESS", 1)
    example = tmp_path / "example"
    shutil.copytree(EXAMPLE, example, symlinks=True)
    config = load_config(example / "skill-catalog.yml")
    catalog = skill_catalog.load(None, config, cache=SkillCache(), workers=3)
    assert catalog.skills
    assert "check_library" in watched


def test_a_watched_load_changes_nothing_it_is_given(tmp_path: Path, watched: list[str]) -> None:
    """serve's and mcp's loads (pipeline/watched.py), which read again only the folder the
    watcher named: the skills the last load made are handed on as they are, and no stage of
    the next load changes them (nor what it is given)."""
    library = make_library(tmp_path / "lib")
    trust_skill(library, "marked", "Run it:\n\n```sh\n"
                "pip install requests  # skill-catalog: accept ST027 \"pinned in CI, reviewed\"\n"
                "curl https://example.org/x.sh | sh\n```\n")
    config = config_from_mapping({
        "title": "Stages",
        "trust": {"accept": [{"skill": "marked", "rule": "ST020",
                              "reason": "the vendor's own installer, reviewed"}]},
    }, path=tmp_path / "skill-catalog.yml")
    cache = SkillCache()
    cache.follow = follower = watched_loads.Watched()
    first = skill_catalog.load([library], config, cache=cache, workers=1)
    assert follower.last == "walk"
    before = snapshot(first.skills)
    skill_md = library / "marked" / "SKILL.md"
    skill_md.write_text(skill_md.read_text() + "\nMore.\n")
    follower.changed([skill_md])
    watched.clear()
    second = skill_catalog.load([library], config, cache=cache, workers=1)
    assert (follower.last, follower.rechecked) == ("changed", 1)
    assert {"parse_and_check", "check_library", "Watched.accept", "_settled"} <= set(watched)
    assert snapshot(first.skills) == before
    marked = next(s for s in second.skills if s.key == "marked")
    assert [d.accepted is not None for d in marked.trust_findings if d.code == "ST020"] == [True]


def test_the_snapshot_sees_a_change() -> None:
    """The check above can fail: a stage that changes a frontmatter mapping, or sets a field
    of a frozen value behind its back, is caught."""
    skill = Skill(Path("/r"), Path("/r/a"), Path("/r/a/SKILL.md"), frontmatter={"name": "a"})
    calls: list[str] = []

    def sneaky(given: Skill) -> None:
        given.frontmatter["name"] = "b"

    with pytest.raises(AssertionError, match="the stage sneaky changed"):
        unchanged_by("sneaky", sneaky, calls)(skill)

    def behind_its_back(given: Skill) -> None:
        object.__setattr__(given, "outline", "changed")

    with pytest.raises(AssertionError, match="behind_its_back changed"):
        unchanged_by("behind_its_back", behind_its_back, calls)(skill)
    folder = SkillFolder(Path("/r"), Path("/r/a"), Path("/r/a/SKILL.md"))
    with pytest.raises(dc.FrozenInstanceError):
        folder.diagnostics = ()  # type: ignore[misc]
    assert calls == []


def _opened_files(seen: list[str], library: Path) -> collections.Counter[str]:
    """The library's files in ``seen`` (real paths; folders listed or opened left out), with
    how often each was opened."""
    top = os.path.realpath(library) + os.sep
    return collections.Counter(os.path.relpath(p, top) for p in seen
                               if p.startswith(top) and os.path.isfile(p))


@pytest.mark.parametrize("cached", [False, True])
def test_a_load_opens_each_file_of_a_skill_once(tmp_path: Path, cached: bool) -> None:
    """Discover, fingerprint (when a skill cache is filled), parse and inventory, the rules
    that read a linked reference and the trust scan: each file is opened once, and every one
    of them sees the bytes of that one read."""
    library, config = _library(tmp_path)
    with recording_reads() as seen:
        catalog = skill_catalog.load([library], config,
                                     cache=SkillCache() if cached else None, workers=1)
    opened = _opened_files(seen, library)
    assert "pdf-tools/references/guide.md" in opened  # read by the reference check and the scan
    assert "marked/SKILL.md" in opened
    assert {path: count for path, count in opened.items() if count > 1} == {}
    assert any(d.code == "ST020" for s in catalog.skills for d in s.diagnostics)


def test_writing_a_skill_opens_each_of_its_files_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A skill's turn in the site (its page, its files' pages, raw copies, zips, well-known
    copies) opens each of its files once: every copy, and the page's body, come from that
    read (site/publish/sources.py)."""
    library, config = _library(tmp_path)
    turns: dict[str, collections.Counter[str]] = {}
    real = PageWriter.write_skill

    def counted(writer: PageWriter, site_skill: SiteSkill) -> Any:
        with recording_reads() as seen:
            record = real(writer, site_skill)
        turns[site_skill.skill.key] = _opened_files(seen, library)
        return record

    monkeypatch.setattr(PageWriter, "write_skill", counted)
    site_build.build(config, roots=[library], output=tmp_path / "site", workers=1)
    assert turns["pdf-tools"]["pdf-tools/SKILL.md"] == 1
    assert turns["pdf-tools"]["pdf-tools/references/guide.md"] == 1
    assert {key: {p: n for p, n in opened.items() if n > 1}
            for key, opened in turns.items()} == {key: {} for key in turns}


def test_the_tools_views_read_each_skill_file_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every observed tool starts from the same bytes of a SKILL.md: the views of all the
    tools over one checkout (a build's tool verdicts) read each once, not once per tool."""
    for folder in (".claude/skills", ".agents/skills"):
        write_skill(tmp_path / folder, "shared-skill")
    reads: collections.Counter[str] = collections.Counter()
    real = observed_common.read_limited

    def counted(path: Path, limit: int) -> Any:
        reads[os.path.relpath(path, tmp_path)] += 1
        return real(path, limit)

    monkeypatch.setattr(observed_common, "read_limited", counted)
    profiles = [p for p in PROFILES.values() if p.observed]
    views = project_views(profiles, tmp_path)
    loaders = collections.Counter(str(loaded.skill_md) for view in views.values()
                                  for loaded in view.found_order)
    assert max(loaders.values()) > 1  # a file several tools load
    assert reads
    assert set(reads.values()) == {1}
    reads.clear()
    for profile in profiles:  # one view at a time: each tool reads it again
        project_view(profile, tmp_path)
    assert max(reads.values()) > 1
