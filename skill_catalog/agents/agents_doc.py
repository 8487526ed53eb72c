"""docs/agents.md, generated from the tool profiles so the comparison cannot drift from them."""

from __future__ import annotations

from collections.abc import Callable

from skill_catalog.agents.launch import is_project_template
from skill_catalog.agents.profiles import DEFAULT_PROFILE, PROFILES
from skill_catalog.agents.skill_checks import CHECKS, CLAUDE_AI_UPLOAD
from skill_catalog.agents.tool_profile import InstructionRules, Profile
from skill_catalog.model import Budget
from skill_catalog.observed import OBSERVED

INFERRED_MARK = " †"
VERIFIED_MARK = " ✓"
DOCUMENTED_MARK = " (docs)"


def _code(items: list[str] | tuple[str, ...]) -> str:
    return "<br>".join(f"`{item}`" for item in items) or "none"


def _folders(profile: Profile, project: bool) -> str:
    shown: dict[str, str] = {}
    for root in profile.roots:
        if is_project_template(root.template) == project:
            mark = DOCUMENTED_MARK if root.documented and profile.verified else ""
            shown.setdefault(root.template, f"`{root.template}`{mark}")
    return "<br>".join(shown.values()) or "none"


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


def _rejects(profile: Profile) -> str:
    tool = OBSERVED.get(profile.observed or "")
    if tool is not None:
        return tool.rejects
    return ", ".join(profile.rejects) or "nothing"


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
    ("rejects", lambda p: _rejects(p), frozenset({"rejects"})),
    ("budget", lambda p: budget_text(p.budget), frozenset({"budget"})),
)


COLUMNS = _COLUMNS
"""The table's columns: (title, how a profile's cell is written, the profile fields it shows)."""
COLUMN_FIELDS = frozenset(field for _, _, fields in _COLUMNS for field in fields)
"""Profile fields shown in the table (an inferred one marks its cell)."""


def verified_rule(profile: Profile, fields: frozenset[str]) -> bool:
    """True when the rule held in ``fields`` was checked by running the tool."""
    return profile.verified is not None and not fields & profile.unverified


def _cell(profile: Profile, render: Callable[[Profile], str], fields: frozenset[str]) -> str:
    text = render(profile).replace("|", "\\|")
    if verified_rule(profile, fields):
        return text + VERIFIED_MARK
    return text + (INFERRED_MARK if fields & profile.inferred else "")


def verified_against(profile: Profile) -> str:
    """``Claude Code 2.1.332`` (the releases run: ``Codex CLI 0.171.0 and 0.169.0``), or ""
    for a profile never run."""
    if profile.verified is None:
        return ""
    return f"{profile.title} {' and '.join(profile.verified.versions)}"


def rule_status(profile: Profile) -> list[tuple[str, str]]:
    """Per rule (table column, then the listing and the instruction files): "verified against
    <tool> <version>" or "from documentation only" (the seeds: "from the seed notes only")."""
    documentation = ("from the seed notes only" if profile.source.startswith("seed")
                     else "from documentation only")
    release = verified_against(profile)
    out: list[tuple[str, str]] = []
    for name, _render, fields in _COLUMNS:
        if not verified_rule(profile, fields):
            out.append((name, documentation))
            continue
        status = f"verified against {release}"
        kept = [r.template for r in profile.roots if r.documented
                and is_project_template(r.template) == (name == "project folders")]
        if name in ("project folders", "global folders") and kept:
            status += " (" + ", ".join(f"`{k}`" for k in kept) + f": {documentation})"
        out.append((name, status))
    if profile.extra_setting:
        out.append((f"extra folders ({profile.extra_setting})",
                    f"verified against {release}" if release
                    and "extra_template" not in profile.unverified else documentation))
    listing = f"verified against {release}" if release and profile.observed else documentation
    out.append(("listing sent to the model", listing))
    out.append(("instruction files", documentation))
    return out


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
        "`skill_catalog/agents/profiles.py`; this page is generated by "
        "`skill-catalog agents --format markdown` and `tests/test_profiles.py` keeps it current.",
        "",
        "Folder templates: `{cwd}` the folder the tool starts in; `{dir}` each folder of the "
        "walk up from it; `{root}` the nearest folder holding `.git` (a folder, or a file in a "
        "worktree), else the cwd; `{extra}` a folder the user configured; `~` the home folder; "
        "`${VAR:-default}` an environment variable (unset and without default: no folder). "
        "Depth counts folders below a root: 1 is `<root>/<name>/SKILL.md`, 0 a SKILL.md in the "
        f"root itself. A value marked{VERIFIED_MARK} was verified by running the tool's real "
        "CLI against a model stub (`tests/test_realtools.py`; the release is named in the "
        f"notes); a folder marked{DOCUMENTED_MARK} in such a row was not part of the runs. A "
        f"value marked{INFERRED_MARK} is inferred or reverse engineered, in whole or in part, "
        "rather than read in the tool's source or docs; the notes below say which part. "
        "Unmarked values come from the tool's documentation or source.",
        "",
        "Whether a tool loads a skill is decided once per skill and tool "
        "(`skill_catalog/agents/verdict.py`): how the tool reads the SKILL.md on its own (its "
        "observed reader when its CLI was run, else the checks of its row), then its view of "
        "the checkout (shadowed by a same-named skill, or not in its folders: loaded once "
        "installed). `list` and `prompt --as-seen-by`, the skill pages, the index's \"Loaded "
        "by\" facet, the install routes, `catalog.json` and the SC rules that name a tool all "
        "read that verdict. Claude.ai's \"Upload skill\" is judged by the checks "
        f"{', '.join(f'`{k}`' for k in CLAUDE_AI_UPLOAD)}.",
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
        if profile.verified is not None:
            out += ["", f"Verified against {verified_against(profile)} (npm "
                        + " and ".join(f"`{profile.verified.package}@{v}`"
                                       for v in profile.verified.versions) + "): "
                        "`skill-catalog prompt --as-seen-by` prints the listing it sends."]
        out += ["", "Rules: " + "; ".join(f"{rule}: {status}"
                                          for rule, status in rule_status(profile)) + "."]
        if profile.extra_setting:
            out += ["", f"Extra folders: `{profile.extra_setting}`."]
        if profile.inferred:
            out += ["", "Inferred: " + ", ".join(f"`{f}`" for f in sorted(profile.inferred))
                    + "."]
        out += [""] + [f"- {note}" for note in profile.notes]
    return "\n".join(out) + "\n"


def agents_text() -> str:
    """Per profile: name, title and the folders it reads, then how each rule is known."""
    width = max(len(name) for name in PROFILES)
    lines = []
    for profile in PROFILES.values():
        folders = ", ".join(dict.fromkeys(r.template for r in profile.roots))
        lines.append(f"{profile.name:<{width}}  {profile.title}: {folders}")
        groups: dict[str, list[str]] = {}
        for rule, status in rule_status(profile):
            groups.setdefault(status, []).append(rule)
        for status, rules in groups.items():
            lines.append(f"{'':<{width}}    {status}: {', '.join(rules)}")
    return "\n".join(lines) + "\n"
