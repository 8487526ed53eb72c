"""Checks beyond the spec that a library owner wants (codes SC2xx, warnings)."""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Iterator
from typing import Any

from skill_catalog.agents.profiles import PROFILES
from skill_catalog.authoring.naming import RESERVED_WORDS
from skill_catalog.codes.registry import Finding, RuleContext, skill_rule
from skill_catalog.fs.safe_fs import read_limited_inside
from skill_catalog.model import Severity, Skill, SkillFile
from skill_catalog.parse.tokens import estimate_tokens
from skill_catalog.validate import links, probes, script_use

W = Severity.WARNING
_WHEN = re.compile(
    r"\b(when|whenever|if|use (it |this (skill )?)?(to|for|on|with|in|after|before|during)|"
    r"used (to|for|when)|trigger(s|ed)?|invoke|before|after|during|for (any|all|each)|"
    r"helps? (you )?(to )?\w+)\b",
    re.IGNORECASE,
)
_SCRIPT_SUFFIXES = (".py", ".sh", ".bash", ".zsh", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl",
                    ".php", ".lua", ".r", ".R")
_REFERENCE_READ_LIMIT = 1 << 20


def _text_and_links(skill: Skill) -> tuple[str, tuple[links.LocalLink, ...]]:
    text = skill.body
    return text, links.local_links(text)


def _body(skill: Skill, ctx: RuleContext) -> tuple[str, tuple[links.LocalLink, ...]]:
    """The body as text and its links to local files, decoded and scanned once for all the
    rules of a skill, through the context they are given (:meth:`RuleContext.once`)."""
    return ctx.once(_text_and_links, skill)


def _body_line(skill: Skill, line: int) -> int:
    return skill.body_line + line - 1


def _known_paths(skill: Skill) -> set[str]:
    paths: set[str] = set()
    for item in skill.files:
        parts = item.relpath.split("/")
        paths.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    return paths


@skill_rule("SC201", W, "body-too-long",
            fix="Keep SKILL.md under 500 lines: move detail into references/ files and link "
                "them. An agent reads the whole body into its context each time it uses the "
                "skill; a reference is read only when needed.")
def body_too_long(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The body is longer than the spec's recommended 500 lines."""
    body = skill.body_utf8  # lines are counted on the UTF-8 bytes: no need to decode
    count = body.count(b"\n") + (0 if body.endswith(b"\n") else 1) if body else 0
    if count > ctx.body_max_lines:
        yield Finding(f"the body has {count} lines; the spec recommends under "
                      f"{ctx.body_max_lines}: move detail into references/",
                      _body_line(skill, ctx.body_max_lines + 1))


@skill_rule("SC202", W, "body-too-many-tokens",
            fix="Keep the instructions under about 5,000 tokens: an agent loads the whole body "
                "into its context each time it uses the skill; move detail into references/.")
def body_too_many_tokens(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The body is over the spec's recommended ~5,000 tokens."""
    tokens = estimate_tokens(_body(skill, ctx)[0])
    if tokens > ctx.body_max_tokens:
        yield Finding(f"the body is about {tokens} tokens (chars/4); the spec recommends under "
                      f"{ctx.body_max_tokens}: split it into references/ files", skill.body_line)


@skill_rule("SC203", W, "missing-file",
            fix="Create the file, or correct the path (relative to the skill folder): an agent "
                "following the instructions finds nothing there.")
def missing_file(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """A relative link, or a mentioned scripts/, references/ or assets/ path, names no file."""
    candidates = _body(skill, ctx)[1]
    if not candidates:
        return
    known = _known_paths(skill)
    folder = str(skill.dir)
    reported: set[str] = set()
    for item in candidates:
        path, rel = item.path, item.rel
        if item.leaves or any(c in path for c in "*{}<>$"):
            continue
        if rel in known or rel in reported or rel == ".":
            continue
        if probes.exists(os.path.join(folder, rel)):
            continue
        reported.add(rel)
        what = "mentions" if item.link.mention else "links to"
        yield Finding(f"the body {what} '{path}', which is not in the skill folder",
                      _body_line(skill, item.link.line))


@skill_rule("SC204", W, "deep-reference",
            fix="Keep references one level deep: link every file SKILL.md needs from SKILL.md "
                "(the spec's advice: agents may read a linked file only in part, and miss what "
                "it links to).")
def deep_reference(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """A Markdown file linked from SKILL.md links on to further files of the skill."""
    linked: dict[str, int] = {}
    known: set[str] | None = None
    for item in _body(skill, ctx)[1]:
        rel = item.rel
        if item.link.mention or item.leaves or not rel.endswith(".md") or rel in linked:
            continue
        if known is None:
            known = _known_paths(skill)
        if rel in known:
            linked[rel] = item.link.line
    if known is None or not linked:
        return
    folder = str(skill.dir)
    for rel, line in linked.items():
        try:
            data, _ = read_limited_inside(skill.root, os.path.join(folder, rel),
                                         _REFERENCE_READ_LIMIT)
        except OSError:
            continue
        if b"](" not in data and b"]:" not in data and b"href" not in data:
            continue  # no link of any kind: nothing to follow
        text = data.decode("utf-8", "replace")
        base = rel.rsplit("/", 1)[0] if "/" in rel else ""
        for inner in links.scan(text, mentions=False):
            path = links.local_path(inner.target)
            if inner.mention or path is None or links.leaves_folder(path):
                continue
            hops = {links.normalize(path, base), links.normalize(path)} & known
            hops -= {rel, "SKILL.md", "skill.md"}
            if hops:
                yield Finding(f"'{rel}' (linked here) links on to '{sorted(hops)[0]}': keep "
                              "references one level deep from SKILL.md",
                              _body_line(skill, line))
                break


@skill_rule("SC205", W, "link-leaves-skill",
            fix="Copy the file into the skill folder and link it relatively; a skill is installed "
                "on its own, without its neighbours.")
def link_leaves_skill(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """A link goes above the skill folder, or is absolute, or is a ``file:`` URL."""
    for item in _body(skill, ctx)[1]:
        if item.leaves and not item.link.mention:
            link = item.link
            yield Finding(f"the link '{link.target}' leaves the skill folder: it breaks once the "
                          "skill is installed elsewhere", _body_line(skill, link.line))


@skill_rule("SC206", W, "allowed-tools-format",
            fix="Write allowed-tools as one space-separated string: `allowed-tools: Read "
                "Bash(git:*)`, the spec's format; tools that read it split it on spaces.")
def allowed_tools_format(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """``allowed-tools`` is a list, or separated by commas, instead of one space-separated
    string."""
    if "allowed-tools" not in skill.frontmatter:
        return
    value: Any = skill.frontmatter["allowed-tools"]
    line = skill.line_of("allowed-tools")
    if isinstance(value, list):
        joined = " ".join(str(v) for v in value)
        yield Finding(f"allowed-tools is a YAML list; the spec asks for a space-separated "
                      f"string: allowed-tools: {joined}", line)
    elif not isinstance(value, str):
        yield Finding(f"allowed-tools is a {type(value).__name__}; write a space-separated "
                      "string", line)
    elif re.search(r",\s*", value) and not re.search(r"\([^)]*,[^)]*\)", value):
        fixed = " ".join(p.strip() for p in value.split(",") if p.strip())
        yield Finding(f"allowed-tools is comma-separated; the spec asks for spaces: "
                      f"allowed-tools: {fixed}", line)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, dt.date | dt.datetime):
        return "a date"
    if isinstance(value, dict):
        return "a nested map"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "null"
    return f"a {type(value).__name__}"


@skill_rule("SC207", W, "metadata-value-type",
            fix="Quote metadata values (`version: \"1.0\"`) and flatten lists and maps into "
                "strings (`tags: \"a, b\"`): the spec's type; a reader that wants text "
                "refuses a list or a map (Crush refuses the whole skill), and one that keeps "
                "types reads `1.10` as 1.1. One trade-off: `npx skills` hides a skill only for "
                "`internal: true` unquoted, and skill-catalog reads `internal: \"true\"` as "
                "internal too.")
def metadata_value_type(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """A metadata value is not a string, as the spec asks. Which tools refuse the skill for it
    is what their profiles say (:data:`~skill_catalog.agents.skill_checks.CHECKS`
    ``metadata-strings``), the same answer the tool views and the site give."""
    metadata = skill.frontmatter.get("metadata")
    if not isinstance(metadata, dict):
        return
    refusing = [p.title for p in PROFILES.values()
                if "metadata-strings" in p.rejects and not p.source.startswith("seed")]
    for key, value in metadata.items():
        line = skill.line_of(f"metadata.{key}") or skill.line_of("metadata")
        if key == "internal" and value is True:
            yield Finding("metadata.internal is a boolean, not a string as the spec asks; "
                          "quoted (\"true\") it stays internal for skill-catalog, but npx "
                          "skills hides a skill only for the boolean, so choose which matters "
                          "more", line)
        elif isinstance(value, list | dict):
            who = f" ({', '.join(refusing)} do not load the skill)" if refusing else ""
            yield Finding(f"metadata.{key} is {_describe(value)}, not a string: readers that "
                          f"want text refuse it{who}; flatten it into a string", line)
        elif not isinstance(value, str):
            yield Finding(f"metadata.{key} is {_describe(value)}, not a string as the spec "
                          "asks: a reader that keeps YAML types sees it as written by YAML "
                          "(1.10 as 1.1); quote it", line)


@skill_rule("SC208", W, "compatibility-empty",
            fix="Remove the empty compatibility field, or say what the skill needs: the spec "
                "asks for 1-500 characters when the field is there.")
def compatibility_empty(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """``compatibility`` is given but empty (the spec: 1-500 characters)."""
    value = skill.frontmatter.get("compatibility")
    if isinstance(value, str) and not value.strip():
        yield Finding("compatibility is empty; the spec requires 1-500 characters when the field "
                      "is present: remove it or fill it in", skill.line_of("compatibility"))


@skill_rule("SC209", W, "description-no-trigger",
            fix="End the description with when to use it: 'Use when ...'. Agents see only "
                "the names and descriptions when they choose a skill for a request.")
def description_no_trigger(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The description never says when to use the skill, which is how agents choose it."""
    value = skill.frontmatter.get("description")
    if not isinstance(value, str) or not value.strip():
        return
    ascii_share = 1.0 if value.isascii() else len(value.encode("ascii", "ignore")) / len(value)
    if ascii_share > 0.8 and not _WHEN.search(value):
        yield Finding("the description never says when to use the skill; agents pick skills by "
                      "it: add 'Use when ...'", skill.line_of("description"))


@skill_rule("SC210", W, "script-not-executable",
            fix="`chmod +x` the script and start it with a shebang (`#!/usr/bin/env python3`); "
                "modules that are imported or sourced, and tests, need neither and are not "
                "flagged.")
def script_not_executable(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """A file in scripts/ that is run has no executable bit or no shebang.

    Package modules, ``__init__.py``, tests, modules other scripts import, sourced shell
    files and modules run with ``python -m`` are not run by their path and are left alone
    (``validate/script_use.py``)."""
    flagged: list[tuple[SkillFile, list[str]]] = []
    for item in skill.files_in("scripts"):
        name = item.relpath.rsplit("/", 1)[-1]
        if not item.is_text or not (name.endswith(_SCRIPT_SUFFIXES) or "." not in name):
            continue
        missing = [what for what, ok in (("executable bit", item.executable),
                                         ("shebang line", item.has_shebang)) if not ok]
        if missing:
            flagged.append((item, missing))
    if not flagged:
        return
    excused = script_use.not_run(skill, [item for item, _missing in flagged])
    for item, missing in flagged:
        if item.relpath not in excused:
            yield Finding(f"{item.relpath} has no {' and no '.join(missing)}: agents run "
                          "scripts directly", file=skill.dir / item.relpath, line=1)


@skill_rule("SC211", W, "license-not-string",
            fix="Write the licence as one string: an SPDX id or the name of a bundled file "
                "(the spec's type; a number or a list is shown as it is written, or refused by "
                "strict readers).")
def license_not_string(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """``license`` is not a string."""
    value = skill.frontmatter.get("license")
    if "license" in skill.frontmatter and not isinstance(value, str):
        yield Finding(f"license is {_describe(value)}; write a string such as 'Apache-2.0' or "
                      "'Proprietary. LICENSE.txt has complete terms'", skill.line_of("license"))


@skill_rule("SC212", W, "description-angle-brackets",
            fix="Remove '<' and '>' from the description (write 'less than', or use quotes).")
def description_angle_brackets(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The description holds '<' or '>': Claude.ai uploads and quick_validate.py refuse them."""
    value = skill.frontmatter.get("description")
    if isinstance(value, str) and ("<" in value or ">" in value):
        yield Finding("the description holds '<' or '>': Claude.ai skill upload rejects XML-like "
                      "text in descriptions", skill.line_of("description"))


@skill_rule("SC213", W, "name-reserved-word",
            fix="Choose a name without 'anthropic' or 'claude': Claude.ai and the Claude API "
                "refuse skills whose name holds them.")
def name_reserved_word(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The name holds a word the Claude platform reserves."""
    name = skill.name
    if name is not None:
        for word in RESERVED_WORDS:
            if word in name.lower():
                yield Finding(f"the name contains the reserved word '{word}': Claude.ai and the "
                              "Claude API refuse such skills", skill.line_of("name"))


_PLACEHOLDERS = (
    # A marker left to be replaced: "TODO: ...", "[TBD]", "Does X. FIXME", in capitals, opening
    # the text, a sentence or a bracket, and followed by a colon or closing the text or the
    # bracket ("TODO list manager" and 'finds "TODO:" comments' are real descriptions).
    (re.compile(r"(?:^|(?<=[.;!?]\s)|(?<=[\[(<{]))\s*(TODO|TBD|TBA|FIXME|XXX)\s*"
                r"(?=[:)\]}>]|$)"),
     "holds the marker '{0}'"),
    # Template instructions: new's own placeholder, "Describe what this skill does ...",
    # "A clear description of what this skill does and when to use it", "Replace with ...".
    (re.compile(r"\b(describe|explain|say|state|summari[sz]e|write|tell)\b[^.]{0,40}?\b"
                r"what (this|the|your) skill does\b", re.IGNORECASE),
     "asks for a description instead of giving one ('{0}')"),
    (re.compile(r"\bdescription of (what|when) (this|the|your) skill\b|^replace (this|with)\b"
                r"|\b(your |skill |the )?description (goes )?here\b", re.IGNORECASE),
     "is template text ('{0}')"),
    (re.compile(r"\blorem ipsum\b", re.IGNORECASE), "is filler text ('{0}')"),
    # The whole description one word or a bracketed slot: "TBD", "...", "<description>".
    (re.compile(r"^\W*(todo|tbd|tba|fixme|placeholder|description|n/?a)\W*$|^\W+$"
                r"|^[\[<{(]+[^\]>})]*[\]>})]+$", re.IGNORECASE),
     "is a placeholder ('{0}')"),
)


@skill_rule("SC214", W, "description-placeholder",
            fix="Write the description: what the skill does and when to use it, in words an "
                "agent can match to a request ('Extracts tables from PDF files. Use when ...').")
def description_placeholder(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The description is still a placeholder: TODO, TBD, template text or lorem ipsum.

    ``new`` writes such a description; agents choose skills by it and would never pick this
    one, so ``validate --strict`` fails until it is written."""
    value = skill.frontmatter.get("description")
    if not isinstance(value, str):
        return
    text = " ".join(value.split())
    for pattern, reason in _PLACEHOLDERS:
        match = pattern.search(text)
        if match:
            yield Finding(f"the description {reason.format(match.group(0).strip()[:60])}: agents "
                          "choose skills by their description; write what this skill does and "
                          "when to use it", skill.line_of("description"))
            return
