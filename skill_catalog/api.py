"""The public entry point: ``load(roots, config) -> Catalog``."""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from skill_catalog.catalog import Catalog
from skill_catalog.codes.registry import RuleContext, apply_overrides, check_library, emit
from skill_catalog.config import Config
from skill_catalog.discovery.library import Discovered, discover
from skill_catalog.display.human import did_you_mean
from skill_catalog.fs.safe_fs import folders_kept_open
from skill_catalog.model import Diagnostic, Skill, reading_order
from skill_catalog.parse.skill import ParseLimits
from skill_catalog.pipeline.checking import parse_and_check
from skill_catalog.pipeline.skill_cache import SkillCache, settings_key
from skill_catalog.pipeline.watched import Watched, kept
from skill_catalog.process.gc_tuning import rare_collections
from skill_catalog.process.progress import FINDING, Progress
from skill_catalog.trust.accept import accept
from skill_catalog.trust.policy import settle
from skill_catalog.validate import rules  # noqa: F401  (registers every rule it runs)

Roots = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]
"""One root (a path as ``str`` or path-like) or several."""


def resolve_roots(roots: Roots | None, config: Config) -> tuple[Path, ...]:
    """Roots given as arguments win; else the config's roots, relative to the config file.

    One path (``"skills"``, ``Path("skills")``) is one root, never a string's characters."""
    if isinstance(roots, (str, os.PathLike)):
        roots = [roots]
    elif isinstance(roots, bytes):
        raise TypeError("roots must be str or path-like paths, not bytes")
    given = [Path(r) for r in roots or ()]
    if not given:
        given = [config.folder / r for r in config.roots]
    return tuple(given)


def load(roots: Roots | None = None, config: Config | None = None, *,
         cache: SkillCache | None = None, workers: int | None = 1,
         progress: Progress | None = None) -> Catalog:
    """Discover, parse and validate every skill under ``roots``.

    :param roots: a library folder, skill folder or SKILL.md file (``str`` or path-like), or
        several; default: the config's roots.
    :param config: a :class:`~skill_catalog.config.Config` (default settings if None).
    :param cache: skills parsed and checked by earlier loads, reused where their files are
        unchanged and updated with the others (see :mod:`skill_catalog.pipeline.skill_cache`); the
        result is the same with or without it.
    :param workers: processes that parse and check the skills when none can be taken from
        ``cache`` (None: the available cores); the result is the same for any number.
    :param progress: told of the ``"finding"`` and ``"reading"`` stages
        (:mod:`skill_catalog.process.progress`).
    :returns: the :class:`~skill_catalog.catalog.Catalog`; bad input never raises, it becomes
        diagnostics on the skills (or on the catalog when it belongs to no skill).
    """
    with rare_collections(), folders_kept_open():
        return _load(roots, config or Config(), cache, workers, progress)


def _load(roots: Roots | None, config: Config, cache: SkillCache | None,
          workers: int | None, progress: Progress | None) -> Catalog:
    """The way through, each stage a function of the values the one before handed on:
    discover the skill folders, parse and check each (the skill rules, spec, lints and trust
    in one pass over it), check the library, accept and settle the trust findings, and make
    the catalog."""
    paths = resolve_roots(roots, config)
    limits = config.limits
    parse_limits = ParseLimits(
        max_skill_md_bytes=limits.max_skill_md_bytes,
        max_frontmatter_bytes=limits.max_frontmatter_bytes,
        yaml_max_depth=limits.yaml_max_depth,
        yaml_max_nodes=limits.yaml_max_nodes,
        max_files_per_skill=limits.max_files_per_skill,
    )
    context = RuleContext(
        extensions=frozenset(config.extensions),
        body_max_lines=limits.body_max_lines,
        body_max_tokens=limits.body_max_tokens,
        off=frozenset(code for code, severity in config.rules.items() if severity is None),
    )
    if cache is not None:
        cache.begin(settings_key(parse_limits, context))
    watched = cache.follow if cache is not None else None
    if isinstance(watched, Watched):  # serve, mcp: only the folders their watcher named
        assert cache is not None
        found, skills = watched.skills(paths, config, parse_limits, context, cache, workers,
                                       progress)
    else:
        if progress is not None:
            progress(FINDING, 0, 0)
        found = discover(paths, max_depth=limits.max_depth, max_entries=limits.max_entries)
        folders = kept(found.skills, config)
        skills = parse_and_check(folders, parse_limits, context, cache, workers, progress)
    if cache is not None and cache.folder is not None:
        cache.folder.finish()  # bounded: the least recently used entries pruned
    skills = check_library(skills, context, overrides=config.rules)
    if isinstance(watched, Watched):
        skills = watched.accept(skills, config.trust.accept, config.trust.inline_accept)
    else:
        skills = accept(skills, config.trust.accept, config.trust.inline_accept)
    skills = [_settled(s, config) for s in skills]
    problems = list(found.diagnostics)
    configured = {(config.folder / r).absolute() for r in config.roots}
    if configured <= {p.absolute() for p in paths}:  # the whole library, not a part of it
        problems += _unused_acceptances(skills, config)
    if not skills:
        problems.append(_no_skills(paths, found, config))
    diagnostics = tuple(sorted(apply_overrides(problems, config.rules), key=reading_order))
    return Catalog(tuple(skills), diagnostics, paths, config)


def _settled(skill: Skill, config: Config) -> Skill:
    """``skill`` as the load hands it on: its diagnostics in reading order and its trust
    verdict settled (:func:`~skill_catalog.trust.policy.settle`)."""
    ordered = tuple(sorted(skill.diagnostics, key=reading_order))
    if ordered != skill.diagnostics:  # most are in order already (none or one finding)
        skill = dc.replace(skill, diagnostics=ordered)
    trust = config.trust
    return dc.replace(skill, verdict=settle(skill, trust.withhold, trust.withhold_secrets))


def _unused_acceptances(skills: Sequence[Skill], config: Config) -> list[Diagnostic]:
    """SC310 for each ``trust.accept`` entry that accepts nothing: it names no skill (by name
    or folder), or none of the skills it names has a finding of its rule; at the entry's line
    in the configuration. Checked when every root of the configuration is read (PATHs that
    name a part of the library, as pre-commit passes them, would make the other entries look
    unused)."""
    unused = []
    for index, entry in enumerate(config.trust.accept):
        named = [s for s in skills if entry.skill in (s.key, s.relpath)]
        if not named:
            known = sorted({s.key for s in skills} | {s.relpath for s in skills})
            why = f"no skill is called {entry.skill!r}{did_you_mean(entry.skill, known)}"
        elif not any(d.code == entry.rule for s in named for d in s.diagnostics):
            why = f"{entry.skill!r} has no {entry.rule} finding"
        else:
            continue
        line = config.lines.get(f"trust.accept.{index}", config.lines.get("trust.accept"))
        unused.append(emit("SC310", f"trust.accept entry {index + 1} ({entry.skill}, "
                                    f"{entry.rule}) accepts nothing: {why}",
                           file=config.path, line=line))
    return unused


def _no_skills(paths: Sequence[Path], found: Discovered, config: Config) -> Diagnostic:
    """SC303, saying why: every root failed, the include/exclude globs left out everything
    found, or the roots that could be read hold no SKILL.md."""
    failed = {d.file for d in found.diagnostics if d.code == "SC030"}
    readable = [p for p in paths if p.absolute() not in failed]
    if found.skills:
        why = (f"the {_count(len(found.skills), 'skill')} found are all left out by the "
               "config's include and exclude globs")
    elif not readable:
        why = ("the root failed (SC030)" if len(paths) == 1
               else f"all {len(paths)} roots failed (SC030)")
    else:
        names = ", ".join(f"'{p.name}'" for p in readable[:MAX_NAMED_ROOTS])
        if len(readable) > MAX_NAMED_ROOTS:
            names += f" and {len(readable) - MAX_NAMED_ROOTS} more"
        why = f"no SKILL.md below {names}"
        if len(readable) < len(paths):
            why += f" (and {_count(len(paths) - len(readable), 'root')} failed: SC030)"
    where = paths[0] if len(paths) == 1 else (config.path or None)
    return emit("SC303", f"no skill found: {why}; nothing to check or publish", file=where)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


MAX_NAMED_ROOTS = 3
"""Roots an SC303 message names."""
