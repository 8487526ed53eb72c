"""docs/agents.md, generated from the tool profiles so the comparison cannot drift from them."""

from __future__ import annotations

from collections.abc import Callable

from skill_catalog.discovery.launch import is_project_template
from skill_catalog.discovery.profiles import DEFAULT_PROFILE, PROFILES
from skill_catalog.discovery.skill_checks import CHECKS
from skill_catalog.discovery.tool_profile import InstructionRules, Profile
from skill_catalog.model import Budget

INFERRED_MARK = " †"


def _code(items: list[str] | tuple[str, ...]) -> str:
    return "<br>".join(f"`{item}`" for item in items) or "none"


def _folders(profile: Profile, project: bool) -> str:
    templates = [r.template for r in profile.roots if is_project_template(r.template) == project]
    return _code(list(dict.fromkeys(templates)))


def _walk_up(profile: Profile) -> str:
    outside = "else `/`" if profile.no_git == "fs-root" else "else cwd only"
    text = {"none": "none", "git-root": f"to git root ({outside})", "fs-root": "to `/`"}
    order = "" if profile.walk_up == "none" else f", {profile.walk_order}"
    return text[profile.walk_up] + order


def _depth(profile: Profile) -> str:
    if profile.max_depth is None:
        return f"{profile.min_depth}-any"
    if profile.min_depth == profile.max_depth:
        return str(profile.max_depth)
    return f"{profile.min_depth}-{profile.max_depth}"


def _hidden(profile: Profile) -> str:
    values = {profile.scan_hidden if r.scan_hidden is None else r.scan_hidden
              for r in profile.roots}
    text = "per folder" if len(values) > 1 else ("read" if profile.scan_hidden else "skipped")
    if profile.skip_dirs:
        text += "; skips " + ", ".join(f"`{d}`" for d in sorted(profile.skip_dirs))
    return text


def _symlinks(profile: Profile) -> str:
    folders = "followed" if profile.follow_dir_links else "folders not followed"
    if not profile.follow_file_links:
        folders += "; linked SKILL.md ignored"
    if any(r.follow_links is not None for r in profile.roots):
        folders += " (not in every folder)"
    if profile.same_file == "realpath":
        folders += "; same file once"
    return folders


def _duplicates(profile: Profile) -> str:
    policy = {
        "first-wins": "first wins",
        "last-wins": "last wins",
        "keep-all": "all kept",
        "scope-precedence": "scope: " + " > ".join(profile.scope_order),
        "sorted-path-last-wins": "sorted path, last wins",
    }[profile.duplicates]
    key = {"name": "name", "folder": "folder", "name-or-folder": "name, else folder"}[profile.key]
    return f"{policy} (by {key}{', any case' if profile.key_casefold else ''})"


def budget_text(budget: Budget | None) -> str:
    """A budget in words, e.g. ``1% of context (chars), else 8,000; entry <= 1,536``."""
    if budget is None:
        return "none"
    parts: list[str] = []
    if budget.context_fraction is not None:
        parts.append(f"{budget.context_fraction:.0%} of context ({budget.unit})")
    if budget.fallback is not None:
        parts.append(f"else {budget.fallback:,}")
    if budget.fixed is not None:
        parts.append(f"{budget.fixed:,} {budget.unit}")
    if budget.per_entry_chars is not None:
        parts.append(f"entry <= {budget.per_entry_chars:,} chars")
    return ", ".join(parts) + f"; {budget.strategy}"


_Column = tuple[str, Callable[[Profile], str], frozenset[str]]
_COLUMNS: tuple[_Column, ...] = (
    ("project folders", lambda p: _folders(p, project=True), frozenset({"roots"})),
    ("global folders", lambda p: _folders(p, project=False), frozenset({"roots"})),
    ("walk-up", _walk_up, frozenset({"walk_up", "no_git", "walk_order"})),
    ("depth", _depth, frozenset({"min_depth", "max_depth"})),
    ("hidden", _hidden, frozenset({"scan_hidden", "skip_dirs"})),
    ("symlinks", _symlinks, frozenset({"follow_dir_links", "follow_file_links", "same_file"})),
    ("file name", lambda p: _code(p.file_names), frozenset({"file_names"})),
    ("duplicates", _duplicates, frozenset({"duplicates", "key", "key_casefold"})),
    ("rejects", lambda p: ", ".join(p.rejects) or "nothing", frozenset({"rejects"})),
    ("budget", lambda p: budget_text(p.budget), frozenset({"budget"})),
)


COLUMN_FIELDS = frozenset(field for _, _, fields in _COLUMNS for field in fields)
"""Profile fields shown in the table (an inferred one marks its cell)."""


def _cell(profile: Profile, render: Callable[[Profile], str], fields: frozenset[str]) -> str:
    text = render(profile).replace("|", "\\|")
    return text + (INFERRED_MARK if fields & profile.inferred else "")


def _instructions_row(profile: Profile) -> str:
    rules: InstructionRules = profile.instructions
    if not rules.global_files and not rules.names:
        return f"| `{profile.name}` | none | none | | |"
    pick = {"all": "all", "first": "first found"}[rules.global_pick]
    glob_cell = _code([r.template for r in rules.global_files])
    if rules.global_files:
        glob_cell += f" ({pick})"
    names = _code(rules.names)
    choice = {"all": "every match", "first-per-folder": "first match per folder",
              "first-name-anywhere": "first name with any match, all its matches"}[rules.pick]
    walk = {"none": "cwd only", "git-root": "cwd to git root", "fs-root": "cwd to `/`"}
    where = walk[rules.walk_up]
    if rules.walk_up == "git-root":
        where += " (else `/`)" if rules.no_git == "fs-root" else " (else cwd)"
    if rules.walk_up != "none":
        where += f", loaded {rules.order}"
    extras = [text for flag, text in ((rules.skip_empty, "empty files skipped"),
                                      (rules.casefold_paths, "one path per lower-cased name"))
              if flag]
    return (f"| `{profile.name}` | {glob_cell} | {names} | {where} | "
            f"{'; '.join([choice, *extras])} |")


def agents_markdown() -> str:
    """docs/agents.md: the comparison table, instruction files, checks and per-tool notes."""
    out = [
        "# Agent tools: where they look for skills",
        "",
        "What each agent tool loads, as `skill-catalog list --as-seen-by TOOL` and "
        "`skill-catalog instructions --as-seen-by TOOL` evaluate it. Every row is one entry of "
        "`skill_catalog/discovery/profiles.py`; this page is generated by "
        "`skill-catalog agents --format markdown` and `tests/test_profiles.py` keeps it current.",
        "",
        "Folder templates: `{cwd}` the folder the tool starts in; `{dir}` each folder of the "
        "walk up from it; `{root}` the nearest folder holding `.git` (a folder, or a file in a "
        "worktree), else the cwd; `{extra}` a folder the user configured; `~` the home folder; "
        "`${VAR:-default}` an environment variable (unset and without default: no folder). "
        "Depth counts folders below a root: 1 is `<root>/<name>/SKILL.md`, 0 a SKILL.md in the "
        f"root itself. A value marked{INFERRED_MARK} is inferred or reverse engineered, in whole "
        "or in part, rather than read in the tool's source or docs; the notes below say which "
        "part.",
        "",
        "## Skills",
        "",
        "| tool | " + " | ".join(name for name, _, _ in _COLUMNS) + " |",
        "|---|" + "---|" * len(_COLUMNS),
    ]
    for profile in PROFILES.values():
        cells = [_cell(profile, render, fields) for _, render, fields in _COLUMNS]
        out.append(f"| `{profile.name}` | " + " | ".join(cells) + " |")
    out += [
        "",
        "## Instruction files",
        "",
        f"`skill-catalog instructions` lists them in load order (default tool: "
        f"`{DEFAULT_PROFILE}`): global files first, then the project folders.",
        "",
        "| tool | global files | in each project folder | folders | picks |",
        "|---|---|---|---|---|",
        *(_instructions_row(p) for p in PROFILES.values()),
        "",
        "## What makes a tool skip a skill",
        "",
        "| check | the skill is loaded only if |",
        "|---|---|",
        *(f"| `{c.key}` | {c.summary} |" for c in CHECKS.values()),
        "",
        "## Notes per tool",
    ]
    for profile in PROFILES.values():
        out += ["", f"### {profile.title} (`{profile.name}`)", "", f"Source: {profile.source}."]
        if profile.extra_setting:
            out += ["", f"Extra folders: `{profile.extra_setting}`."]
        if profile.inferred:
            out += ["", "Inferred: " + ", ".join(f"`{f}`" for f in sorted(profile.inferred))
                    + "."]
        out += [""] + [f"- {note}" for note in profile.notes]
    return "\n".join(out) + "\n"


def agents_text() -> str:
    """One line per profile: name, title and the folders it reads."""
    width = max(len(name) for name in PROFILES)
    lines = []
    for profile in PROFILES.values():
        folders = ", ".join(dict.fromkeys(r.template for r in profile.roots))
        lines.append(f"{profile.name:<{width}}  {profile.title}: {folders}")
    return "\n".join(lines) + "\n"
