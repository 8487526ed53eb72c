"""Codex CLI, as observed by running ``@openai/codex`` 0.171.0 and 0.169.0 against a model stub
(both behave alike in everything below).

Reading:

- the frontmatter is the lines between a first line ``---`` and the next line ``---`` (both
  trimmed); a byte order mark before it, or a leading blank line, means none (not loaded);
- YAML that does not parse is read again with each top-level ``key: value`` (continuation lines
  joined, a trailing ``# comment`` cut) quoted; a repeated key, an indented first line, a key
  without a space or an unclosed quote still fail (not loaded);
- values are the text of their scalar as written (``1e3`` stays ``1e3``); whitespace runs
  become one space. ``name`` falls back to the folder; more than 64 characters: not loaded.
  ``description`` is required and not empty; past 1,024 characters it keeps 1,021 and ``...``.
  ``disable-model-invocation`` is ignored.

The skill's ``agents/openai.yaml`` (a link followed; any other kind of file, or text that is
not UTF-8, is ignored) is read by serde_yaml into a fixed shape, and any mismatch ignores the
whole file (fail open: the skill is listed). Unknown keys are ignored (duplicated too); a known
key given twice, a key that is a list or mapping, a section (``interface``, ``dependencies``,
``policy``) that is not a mapping or null, a text field given a list or mapping, more than one
document, or YAML that does not parse all ignore the file. ``policy.allow_implicit_invocation``
is a plain ``true``/``false`` (also ``True``, ``TRUE``...; quoted, ``no``, ``0`` or ``fAlse``
ignore the file); ``false`` keeps the skill out of the listing (it still loads, for ``$name``).
``policy.products`` is a list of ``chatgpt``, ``codex``, ``atlas`` (or upper case); a
non-empty list without ``codex`` means the CLI does not load the skill at all. See
:func:`policy`.

Walk: breadth first in directory order, at most 6 folders deep, every name starting with ``.``
skipped, linked folders followed (not in the bundled ``.system`` folder), a SKILL.md that is a
link ignored, one real folder entered once. Same-named skills are all kept.

Listing: ``<skills_instructions>`` with a table of the folders that hold a listed skill
(``r0``, ``r1``... in search order) and one ``- name: description (file: rN/path)`` line per
skill, the bundled (system) skills first, then admin, repo and user, each by name then path.
Budget: 2% of the context window in tokens (a token is 4 bytes; 272,000 tokens is what Codex
assumes for a model it has no metadata for), counted line by line with the bundled skills.
Over it, the longest descriptions are cut to one common length, rounded to whole tokens, and
the tokens left go one by one to the shortest cut ones; if even bare lines do not fit, every
description is removed and the lines that do not fit are left out.
"""

from __future__ import annotations

import collections
import dataclasses as dc
import math
import os
import stat
import tomllib
from collections.abc import Sequence
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from skill_catalog.fs.safe_fs import UnsafeFile, read_limited
from skill_catalog.observed.common import MAX_BYTES, read_text
from skill_catalog.observed.model import Cuts, Item, Line, ObservedTool, Reading, Seen, Setting
from skill_catalog.observed.runtime_text import single_line, utf8_len
from skill_catalog.observed.yaml_values import (
    BadYaml,
    Collection,
    Scalar,
    document,
    is_bool,
    is_null,
    mapping,
    repair_codex,
)
from skill_catalog.spec import limits as spec_limits

PACKAGE = "@openai/codex"
VERSION = "0.171.0"
"""The release the profile is pinned to (the newest checked)."""
ALSO = ("0.169.0",)
"""Older releases checked the same way (``tests/test_realtools.py`` runs each)."""
CHECKED = (VERSION, *ALSO)
MAX_NAME, MAX_DESCRIPTION = spec_limits.MAX_NAME, spec_limits.MAX_DESCRIPTION
"""Codex's loader enforces the spec's limits (``MAX_NAME_LEN``, ``MAX_DESCRIPTION_LEN``)."""
MAX_DEPTH = 6
DEFAULT_CONTEXT = 272_000
CONTEXT_PERCENT = 2
BYTES_PER_TOKEN = 4
DEFAULT_BUDGET = DEFAULT_CONTEXT * CONTEXT_PERCENT // 100 * BYTES_PER_TOKEN
"""Bytes of the listing for a model Codex has no metadata for (21,760)."""
OPEN, CLOSE = "<skills_instructions>", "</skills_instructions>"
INTRO = ("## Skills\nA skill is a set of local instructions to follow that is stored in a "
         "`SKILL.md` file. Below is the list of skills that can be used. Each entry includes a "
         "name, description, and a short path that can be expanded into an absolute path using "
         "the skill roots table.")
SYSTEM_FOLDER = ".system"
BUILTIN: tuple[tuple[str, str, int], ...] = (
    ("imagegen", "imagegen/SKILL.md", 570),
    ("openai-docs", "openai-docs/SKILL.md", 624),
    ("skill-creator", "skill-creator/SKILL.md", 106),
    ("skill-installer", "skill-installer/SKILL.md", 225),
)
"""The skills Codex 0.169.0 and 0.171.0 write to ``$CODEX_HOME/skills/.system`` and list: name,
path in that folder and the length of the (ASCII) description; they share the budget. Their
``review-agent`` (and 0.171.0's ``create-statusline``) set ``allow_implicit_invocation: false``
in ``agents/openai.yaml``, so they are not listed and take no room."""
RANK = {"system": 0, "admin": 1, "repo": 2, "user": 3}
ROOTS_ALLOWANCE = 141
"""Bytes of the skill roots table (its lines joined by newlines) Codex 0.169.0 does not charge
to the budget: each 4 bytes, or part of them, past these take a token from the room left for
the lines (measured with 2, 3 and 5 roots and folder paths of every length from 39 to 104
bytes: 35 tokens, as first measured, was a byte short and cut one token too many for a table
of 4n+1 bytes)."""
OVERFLOW = ("Codex removes every description and leaves out the lines that do not fit, with "
            "the warning 'Exceeded skills context budget'")


METADATA = "agents/openai.yaml"
"""The skill's Codex metadata file, relative to its folder."""
PRODUCT = "codex"
"""The product the Codex CLI (``codex``, ``codex exec``) restricts skills to."""
PRODUCTS = {"chatgpt": "chatgpt", "CHATGPT": "chatgpt", "codex": "codex", "CODEX": "codex",
            "atlas": "atlas", "ATLAS": "atlas"}
"""The values ``policy.products`` accepts, and the product each names."""
_SECTIONS = ("interface", "dependencies", "policy")
_INTERFACE = ("display_name", "short_description", "icon_small", "icon_large", "brand_color",
              "default_prompt")
_TOOL = ("type", "value", "description", "transport", "command", "url")


class _Ignored(ValueError):
    """Codex ignores the whole metadata file (and lists the skill as if it had none)."""


@dc.dataclass(slots=True, frozen=True)
class Policy:
    """What ``agents/openai.yaml`` says about a skill, as Codex reads it."""

    implicit: bool = True
    """False: kept out of the model's listing (``allow_implicit_invocation: false``)."""
    products: tuple[str, ...] = ()
    """The products it is restricted to (empty: every one)."""
    ignored: str | None = None
    """Why Codex ignores the file, when it is there and does so."""

    @property
    def loaded(self) -> bool:
        """Whether the Codex CLI loads the skill at all."""
        return not self.products or PRODUCT in self.products


def _fields(node: Node | None, where: str, known: tuple[str, ...]) -> dict[str, Node]:
    """The known keys of a mapping (null: none), as serde reads a struct."""
    if is_null(node):
        return {}
    if not isinstance(node, MappingNode):
        raise _Ignored(f"{where} is not a mapping")
    out: dict[str, Node] = {}
    for key, value in node.value:
        if not isinstance(key, ScalarNode):
            raise _Ignored(f"{where} has a key that is a list or a mapping")
        if key.value in known:
            if key.value in out:
                raise _Ignored(f"{where} repeats the key {key.value!r}")
            out[key.value] = value
    return out


def _text(node: Node, where: str) -> None:
    if not isinstance(node, ScalarNode):
        raise _Ignored(f"{where} is a list or a mapping, not text")


def _items(node: Node, where: str) -> list[Node]:
    if not isinstance(node, SequenceNode):
        raise _Ignored(f"{where} is not a list")
    return list(node.value)


def _policy(root: Node | None) -> Policy:
    sections = _fields(root, "the file", _SECTIONS)
    for key, field in _fields(sections.get("interface"), "interface", _INTERFACE).items():
        _text(field, f"interface.{key}")
    tools = _fields(sections.get("dependencies"), "dependencies", ("tools",)).get("tools")
    for tool in [] if tools is None else _items(tools, "dependencies.tools"):
        for key, field in _fields(tool, "a dependencies.tools entry", _TOOL).items():
            _text(field, f"dependencies.tools.{key}")
    fields = _fields(sections.get("policy"), "policy", ("allow_implicit_invocation", "products"))
    implicit = fields.get("allow_implicit_invocation")
    allowed = True
    if implicit is not None and not is_null(implicit):
        read_as = is_bool(implicit)
        if read_as is None:
            raise _Ignored("policy.allow_implicit_invocation is not true or false (unquoted)")
        allowed = read_as
    products: list[str] = []
    if "products" in fields:
        for item in _items(fields["products"], "policy.products"):
            name = PRODUCTS.get(item.value) if isinstance(item, ScalarNode) else None
            if name is None:
                raise _Ignored("policy.products holds something other than "
                               + ", ".join(sorted({*PRODUCTS.values()})))
            products.append(name)
    return Policy(allowed, tuple(products))


def policy(skill_dir: Path) -> Policy:
    """The skill's ``agents/openai.yaml`` as Codex reads it (no file: the defaults)."""
    path = skill_dir / METADATA
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return Policy()
        data, truncated = read_limited(path, MAX_BYTES)
    except (OSError, UnsafeFile):
        return Policy()
    if truncated:
        return Policy(ignored=f"larger than {MAX_BYTES:,} bytes: not read here")
    try:
        return _policy(document(data.decode("utf-8")))
    except UnicodeDecodeError:
        return Policy(ignored="not UTF-8 text")
    except (BadYaml, _Ignored) as exc:
        return Policy(ignored=str(exc))
    except RecursionError:
        return Policy(ignored="nested too deeply")


def _frontmatter(text: str) -> str | None:
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if not lines or lines[0].strip() != "---":
        return None
    for index in range(1, len(lines)):
        if lines[index].strip() == "---":
            return "\n".join(lines[1:index])
    return None


def _field(fields: dict[str, Scalar | Collection], key: str) -> str | None:
    value = fields.get(key)
    if value is None:
        return None
    if isinstance(value, Collection):
        raise BadYaml(f"invalid type for `{key}`: expected a string")
    if value.style is None and value.text in ("", "~", "null", "Null", "NULL"):
        return None
    return value.text


def read(skill_md: Path) -> Reading:
    folder = single_line(skill_md.parent.name) or "skill"
    text = read_text(skill_md)
    if text is None:
        return Reading(folder, problem="cannot be read")
    frontmatter = _frontmatter(text)
    if frontmatter is None:
        why = "starts with a byte order mark, so " if text.startswith("\ufeff") else ""
        return Reading(folder, problem=f"{why}no frontmatter delimited by --- lines")
    try:
        try:
            fields = mapping(frontmatter, unique_keys=True)
        except BadYaml:
            repaired = repair_codex(frontmatter)
            if repaired is None:
                raise
            fields = mapping(repaired, unique_keys=True)
        fields = fields or {}
        raw_name, raw_description = _field(fields, "name"), _field(fields, "description")
    except BadYaml as exc:
        return Reading(folder, problem=f"invalid YAML: {exc}")
    name = single_line(raw_name or "") or folder
    if len(name) > MAX_NAME:
        return Reading(name, problem=f"name is longer than {MAX_NAME} characters")
    description = single_line(raw_description or "")
    if not description:
        return Reading(name, problem="missing field `description`")
    if len(description) > MAX_DESCRIPTION:
        description = description[:MAX_DESCRIPTION - 3] + "..."
    metadata = policy(skill_md.parent)
    if not metadata.loaded:
        return Reading(name, description, problem=f"{METADATA} restricts it to "
                       f"{', '.join(metadata.products)} (policy.products), not the Codex CLI")
    unlisted = None if metadata.implicit else (
        f"{METADATA} sets policy.allow_implicit_invocation: false: Codex loads it for $"
        f"{name} mentions but keeps it out of the model's listing")
    return Reading(name, description, unlisted=unlisted)


def walk(root: Path, follow: bool) -> list[Path]:
    """Codex's breadth-first walk of one folder, in directory order."""
    found: list[Path] = []
    visited = {os.path.realpath(root)}
    queue = collections.deque([(str(root), 0)])
    while queue:
        folder, depth = queue.popleft()
        try:
            with os.scandir(folder) as entries:
                children = list(entries)
        except OSError:
            continue
        for child in children:
            if child.name.startswith("."):
                continue
            path = os.path.join(folder, child.name)
            try:
                is_link = child.is_symlink()
                mode = os.stat(path).st_mode if is_link else child.stat(
                    follow_symlinks=False).st_mode
            except OSError:
                continue
            if stat.S_ISDIR(mode):
                if (is_link and not follow) or depth + 1 > MAX_DEPTH:
                    continue
                real = os.path.realpath(path)
                if real not in visited:
                    visited.add(real)
                    queue.append((path, depth + 1))
            elif stat.S_ISREG(mode) and not is_link and child.name == "SKILL.md":
                found.append(Path(path))
    return found


def _codex_home(setting: Setting) -> Path | None:
    given = setting.env.get("CODEX_HOME", "")
    if given:
        return Path(given)
    return setting.home / ".codex" if setting.home is not None else None


def _config(setting: Setting) -> dict[str, object]:
    home = _codex_home(setting)
    if home is None:
        return {}
    try:
        return tomllib.loads((home / "config.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _bundled(config: dict[str, object]) -> bool:
    skills = config.get("skills")
    bundled = skills.get("bundled") if isinstance(skills, dict) else None
    return not (isinstance(bundled, dict) and bundled.get("enabled") is False)


def budget_tokens(setting: Setting, config: dict[str, object]) -> tuple[int, str]:
    window = setting.context_tokens
    source = "" if window is None else "given"
    configured = config.get("model_context_window")
    if window is None and isinstance(configured, int) and configured > 0:
        window, source = configured, "model_context_window in config.toml"
    if window is None:
        window, source = DEFAULT_CONTEXT, f"what Codex {VERSION} assumes for an unknown model"
    tokens = max(window * CONTEXT_PERCENT // 100, 1)
    return tokens, f"2% of a {window:,}-token context window ({source})"


@dc.dataclass(slots=True)
class _Entry:
    """One line of the listing as the budget sees it."""

    name: str
    fixed: int
    """Bytes of the line without its description, newline included."""
    description: str
    item: Item | None
    """None for a bundled skill (counted, not printed)."""
    scope: str
    path: str

    @classmethod
    def of(cls, name: str, prefix: str, suffix: str, description: str, item: Item | None,
           scope: str, path: str) -> _Entry:
        return cls(name, utf8_len(prefix) + utf8_len(suffix) + 1, description, item, scope,
                   path)

    @property
    def length(self) -> int:
        return utf8_len(self.description)

    def cost(self, length: int) -> int:
        """Tokens of the line with ``length`` bytes of description (none: ``- name: (file:``)."""
        size = self.fixed + length if length else self.fixed - 1
        return math.ceil(size / BYTES_PER_TOKEN)


def _fit(entries: list[_Entry], limit: int) -> tuple[list[int] | None, list[bool]]:
    """Description lengths in characters that fit ``limit`` tokens (None: none fit, names
    only), and which entries are listed at all.

    Codex grows every description one character at a time, round after round in listing order,
    keeping a character only while the lines still fit; a line pays a token for every 4 bytes
    or part of them."""
    full = [len(e.description) for e in entries]
    if sum(e.cost(e.length) for e in entries) <= limit:
        return full, [True] * len(entries)
    if sum(e.cost(0) for e in entries) > limit:
        used, listed = 0, []
        for entry in entries:
            fits = used + entry.cost(0) <= limit
            used += entry.cost(0) if fits else 0
            listed.append(fits)
        return None, listed
    sizes = [[utf8_len(c) for c in e.description] for e in entries]
    chars = [0] * len(entries)
    size = [0] * len(entries)
    used = sum(e.cost(0) for e in entries)
    growing = [i for i, n in enumerate(full) if n]
    while growing:  # a line that cannot take its next character never will: used only grows
        still: list[int] = []
        for index in growing:
            entry = entries[index]
            grown = size[index] + sizes[index][chars[index]]
            extra = entry.cost(grown) - entry.cost(size[index])
            if used + extra > limit:
                continue
            used += extra
            size[index] = grown
            chars[index] += 1
            if chars[index] < full[index]:
                still.append(index)
        growing = still
    return chars, [True] * len(entries)


def render(items: Sequence[Item], setting: Setting) -> Seen:
    items = [i for i in items if i.scope != "system"]  # the bundled skills, counted below
    unlisted = tuple((i.reading.shown, i.reading.unlisted) for i in items
                     if i.reading.unlisted is not None)
    items = [i for i in items if i.reading.unlisted is None]
    config = _config(setting)
    home = _codex_home(setting)
    system_root = home / "skills" / SYSTEM_FOLDER if home is not None else None
    bundled = _bundled(config) and system_root is not None
    real_of: dict[str, str] = {}
    used_roots: list[str] = []
    for root, _scope in setting.roots:
        real_of[str(root)] = os.path.realpath(root)
    holding = {str(i.root) for i in items}
    for root, _scope in setting.roots:
        key = str(root)
        if (key in holding or (bundled and system_root is not None and key == str(system_root))
                ) and real_of[key] not in used_roots:
            used_roots.append(real_of[key])
    if bundled and system_root is not None and str(system_root) not in real_of:
        used_roots.append(os.path.realpath(system_root))
    alias = {real: f"r{i}" for i, real in enumerate(used_roots)}

    def short(root: Path, skill_md: Path) -> str:
        real_root = real_of.get(str(root), os.path.realpath(root))
        relative = os.path.relpath(skill_md, root).replace(os.sep, "/")
        return f"{alias[real_root]}/{relative}"

    entries: list[_Entry] = []
    for item in items:
        path = short(item.root, item.skill_md)
        entries.append(_Entry.of(item.reading.name, f"- {item.reading.name}: ",
                              f" (file: {path})", item.reading.description, item, item.scope,
                              str(item.skill_md)))
    if bundled and system_root is not None:
        system_alias = alias[os.path.realpath(system_root)]
        for name, relative, length in BUILTIN:
            entries.append(_Entry.of(name, f"- {name}: ", f" (file: {system_alias}/{relative})",
                                  "x" * length, None, "system", str(system_root / relative)))
    entries.sort(key=lambda e: (RANK.get(e.scope, len(RANK)), e.name, e.path))
    limit, why = budget_tokens(setting, config)
    roots = [f"- `{alias[real]}` = `{real}`" for real in used_roots]
    table = utf8_len("\n".join(roots))
    if table > ROOTS_ALLOWANCE:
        charged = math.ceil((table - ROOTS_ALLOWANCE) / BYTES_PER_TOKEN)
        limit -= charged
        why += f", less {charged} for the skill roots table"
    before = sum(e.cost(e.length) for e in entries)
    lengths, listed = _fit(entries, limit)
    lines: list[Line] = []
    shortened: list[str] = []
    dropped: list[str] = []
    omitted: list[str] = []
    used = 0
    for index, entry in enumerate(entries):
        length = 0 if lengths is None else lengths[index]
        if listed[index]:
            used += entry.cost(utf8_len(entry.description[:length]))
        if entry.item is None:
            continue
        item = entry.item
        if not listed[index]:
            omitted.append(entry.name)
            continue
        suffix = f" (file: {short(item.root, item.skill_md)})"
        listed_description: str | None = entry.description[:length] or None
        if length == 0:
            text, cut = f"- {entry.name}:{suffix}", "dropped"
            dropped.append(entry.name)
        elif length < len(entry.description):
            text = f"- {entry.name}: {listed_description}{suffix}"
            cut = "shortened"
            shortened.append(entry.name)
        else:
            text, cut = f"- {entry.name}: {entry.description}{suffix}", ""
        lines.append(Line(entry.name, item.skill_md, text, cut,  # type: ignore[arg-type]
                          listed_description))
    cuts = Cuts(limit, "tokens", f"{why}, shared with Codex's bundled skills", before, used,
                tuple(shortened), tuple(dropped), tuple(omitted),
                over_budget=lengths is None, overflow=OVERFLOW)
    builtin = tuple(b[0] for b in BUILTIN) if bundled else ()
    if not lines:
        return Seen("", (), cuts, builtin, unlisted)
    text = "\n".join([OPEN, INTRO, "### Skill roots", *roots, "### Available skills",
                      *(line.text for line in lines), CLOSE]) + "\n"
    return Seen(text, tuple(lines), cuts, builtin, unlisted)


TOOL = ObservedTool("codex", read, render,
                    "no `---` frontmatter (a byte order mark hides it), YAML unreadable even "
                    "with its values quoted, name over 64, no description", walk=walk)
