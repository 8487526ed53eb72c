"""``skill-catalog.yml``: one typed schema, loaded with every problem reported at once.

Each option is declared once, as a dataclass field whose metadata holds its parser and its
documentation; :func:`load_config` checks every key, collects every problem with the key's line,
and raises :class:`ConfigError` listing them all.
"""

from __future__ import annotations

import dataclasses as dc
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from skill_catalog.agents.extensions import EXTENSION_FIELDS
from skill_catalog.display.human import did_you_mean
from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs import safe_yaml
from skill_catalog.model import Severity
from skill_catalog.spec.limits import MAX_NAME, is_spec_name
from skill_catalog.trust.accept import Acceptance

CONFIG_FILE_NAME = "skill-catalog.yml"

Parser = Callable[[Any], Any]


class ConfigError(SkillCatalogError):
    """The configuration file has problems; ``problems`` lists each as (key, line, message)."""

    def __init__(self, path: Path | None, problems: list[tuple[str, int | None, str]]):
        self.path = path
        self.problems = problems
        where = str(path) if path else "configuration"
        lines = [f"{where}:{line or 1}: {key}: {message}" for key, line, message in problems]
        count = "a problem" if len(problems) == 1 else f"{len(problems)} problems"
        super().__init__("\n".join([f"invalid configuration ({count}):", *lines]))


class _Invalid(ValueError):
    """A value is wrong; ``items`` names wrong sub-keys, each with its own message."""

    def __init__(self, message: str, items: list[tuple[str, str]] | None = None):
        super().__init__(message)
        self.items = items or []


def _string(value: Any) -> str:
    if not isinstance(value, str):
        raise _Invalid(f"expected a string, got {type(value).__name__} {value!r}")
    return value


def _optional_string(value: Any) -> str | None:
    return None if value is None else _string(value)


def _url(value: Any) -> str | None:
    if value is None:
        return None
    text = _string(value)
    if not text.startswith(("http://", "https://")):
        raise _Invalid(f"expected an http:// or https:// URL, got {text!r}")
    return text if text.endswith("/") else text + "/"


def _string_list(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Invalid(f"expected a list of strings, got {value!r}")
    return tuple(value)


def _positive_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _Invalid(f"expected a positive whole number, got {value!r}")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Invalid(f"expected true or false, got {value!r}")
    return value


def _file_pages(value: Any) -> str:
    """``file_pages``: ``viewer``, ``markdown``, ``all`` or ``none``; ``true`` and ``false``,
    its values before there was a viewer page, mean ``all`` and ``none``."""
    if isinstance(value, bool):
        return "all" if value else "none"
    if value not in ("viewer", "markdown", "all", "none"):
        raise _Invalid(f"expected viewer, markdown, all or none (or true, false), got {value!r}")
    return str(value)


def _choices(choices: Mapping[str, Any]) -> Parser:
    def parse(value: Any) -> tuple[str, ...]:
        items = _string_list(value)
        for item in items:
            if item not in choices:
                raise _Invalid(f"unknown value {item!r}{did_you_mean(item, choices)}; "
                               f"expected one of: "
                               f"{', '.join(sorted(choices))}")
        return items

    return parse


def _one_of(*choices: str) -> Parser:
    def parse(value: Any) -> str:
        if value not in choices:
            raise _Invalid(f"expected one of {', '.join(choices)}, got {value!r}"
                           f"{did_you_mean(str(value), choices)}")
        return str(value)

    return parse


_SEVERITIES: dict[str, Severity | None] = {
    "error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO, "off": None,
}


def _rule_overrides(value: Any) -> dict[str, Severity | None]:
    if not isinstance(value, dict):
        raise _Invalid("expected a map of rule codes to error, warning, info or off")
    from skill_catalog.validate.rules import RULES

    result: dict[str, Severity | None] = {}
    problems: list[tuple[str, str]] = []
    for code, level in value.items():
        if level is False:  # YAML 1.1 reads an unquoted `off` (or `no`) as false
            level = "off"
        if str(code) not in RULES:
            problems.append((str(code), f"unknown rule code{did_you_mean(str(code), RULES)}"))
        elif not isinstance(level, str) or level not in _SEVERITIES:
            problems.append((str(code), f"expected error, warning, info or off, got {level!r}"))
        else:
            result[str(code)] = _SEVERITIES[level]
    if problems:
        raise _Invalid("invalid rule overrides", problems)
    return result


def option(parse: Parser, default: Any, doc: str) -> Any:
    """Declare one config key: its parser, default and documentation."""
    factory = (lambda: default) if isinstance(default, dict | list) else None
    if factory is not None:
        return dc.field(default_factory=factory, metadata={"parse": parse, "doc": doc})
    return dc.field(default=default, metadata={"parse": parse, "doc": doc})


@dc.dataclass(slots=True, frozen=True)
class Repository:
    url: str | None = option(_url, None, "Repository web URL, for 'source' links.")
    branch: str = option(_string, "main", "Branch that source links point at.")
    path: str = option(_string, "", "Folder of the configuration file inside the repository "
                       "(source links lead there, then to the skill); default: found from the "
                       "git working tree, else the configuration's folder is the top.")


RESERVED_MARKETPLACE_NAMES = frozenset({"agent-skills"})
"""Marketplace names Claude Code refuses to add."""


def _marketplace_name(value: Any) -> str | None:
    if value is None:
        return None
    text = _string(value)
    if not is_spec_name(text):
        raise _Invalid(f"expected 1-{MAX_NAME} lowercase letters, digits and single hyphens, got "
                       f"{text!r}")
    if text in RESERVED_MARKETPLACE_NAMES:
        raise _Invalid(f"{text!r} is reserved by Claude Code, which refuses to add a "
                       "marketplace of that name; choose another")
    return text


_METADATA_KEY = re.compile(r"^metadata\.[^.\s]+$")


def _group_by(value: Any) -> str:
    text = _string(value)
    if text in ("skill", "folder") or _METADATA_KEY.match(text):
        return text
    raise _Invalid(f"expected skill, folder or metadata.<key> (e.g. metadata.category), got "
                   f"{text!r}")


@dc.dataclass(slots=True, frozen=True)
class Marketplace:
    name: str | None = option(
        _marketplace_name, None, "Name of the Claude Code marketplace (`/plugin install "
        "<plugin>@<name>`); default: the title in lowercase with hyphens. `agent-skills` is "
        "reserved.")
    owner: str | None = option(_optional_string, None, "Owner named in the marketplace and "
                               "its plugins; default: the title.")
    homepage: str | None = option(_url, None, "Homepage of the marketplace; default: "
                                  "`base_url`.")
    group_by: str = option(
        _group_by, "skill", "How skills are grouped into plugins: `skill` (one plugin per "
        "skill, named after it), `folder` (one per folder holding skills, named after it: "
        "`tools/pdf` and `tools/csv` make the plugin `tools`), or `metadata.<key>` (one per "
        "value of that metadata key, e.g. `metadata.category`; a skill without it is a plugin "
        "of its own). Skills whose group names the same plugin share it; a name two different "
        "folders or values make (`PDF` and `pdf`, `a/b` and `a-b`) is made for none (SC051).")
    sources: str = option(
        _one_of("relative", "git-subdir"), "relative", "Plugin sources of the repository's "
        "marketplace (`skill-catalog marketplace`), each rooted at its skill's folder (SC050 "
        "when that holds plugin configuration such as `hooks/`): `relative` (the folder's "
        "path, `./skills/pdf`, read through the repository the marketplace was added from) or "
        "`git-subdir` (the repository's URL, `repository.url`, and the skill's folder: Claude "
        "Code checks out only that folder, and a marketplace added by the URL of its JSON "
        "file can install too; needs git on the user's machine).")


@dc.dataclass(slots=True, frozen=True)
class Limits:
    max_depth: int = option(_positive_int, 64, "How deep below a root the walk goes.")
    max_entries: int = option(_positive_int, 200_000, "Files and folders the walk visits.")
    max_files_per_skill: int = option(_positive_int, 10_000, "Files listed per skill.")
    max_skill_md_bytes: int = option(_positive_int, 32 << 20, "Largest SKILL.md read.")
    max_frontmatter_bytes: int = option(_positive_int, 2 << 20, "Largest frontmatter read.")
    yaml_max_depth: int = option(_positive_int, 64, "Deepest YAML nesting accepted.")
    yaml_max_nodes: int = option(_positive_int, 10_000, "Most YAML values after aliases.")
    body_max_lines: int = option(_positive_int, 500, "Body lines before SC201 warns.")
    body_max_tokens: int = option(_positive_int, 5_000, "Body tokens before SC202 warns.")


def _acceptances(value: Any) -> tuple[Acceptance, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise _Invalid("expected a list of {skill, rule, reason} entries")
    from skill_catalog.validate.rules import RULES

    result: list[Acceptance] = []
    problems: list[tuple[str, str]] = []
    for index, item in enumerate(value):
        if not isinstance(item, dict) or set(item) - {"skill", "rule", "reason"}:
            problems.append((str(index), "expected a mapping with skill, rule and reason"))
            continue
        skill, rule, reason = item.get("skill"), item.get("rule"), item.get("reason")
        if not isinstance(skill, str) or not skill.strip():
            problems.append((str(index), "skill: the skill's name or folder is required"))
        elif not isinstance(rule, str) or not rule.startswith("ST") or rule not in RULES:
            hint = did_you_mean(rule, (c for c in RULES if c.startswith("ST"))) if isinstance(
                rule, str) else ""
            problems.append((str(index), f"rule: expected a trust rule code (ST...), got "
                                         f"{rule!r}{hint}"))
        elif not isinstance(reason, str) or len(reason.strip()) < 10:
            problems.append((str(index), "reason: write down why the finding is accepted "
                                         "(at least 10 characters)"))
        else:
            result.append(Acceptance(skill.strip(), rule, reason.strip()))
    if problems:
        raise _Invalid("invalid trust acceptances", problems)
    return tuple(result)


@dc.dataclass(slots=True, frozen=True)
class Trust:
    fail_on: str = option(_one_of("never", "warning", "danger"), "never",
                          "`validate` fails (exit 1) when a skill's trust status is at least "
                          "this (`warning` or `danger`; `validate --fail-on` overrides it).")
    accept: tuple[Acceptance, ...] = option(
        _acceptances, (), "Trust findings accepted after review: a list of `{skill, rule, "
        "reason}` (skill name or folder, an ST code, a written justification). They are still "
        "reported, marked accepted with the reason, and no longer count.")
    inline_accept: str = option(
        _one_of("never", "notice", "warning", "danger"), "notice",
        "The worst trust finding a skill may accept itself, with a marker in its own files "
        "(`<!-- skill-catalog: accept ST027 \"reason\" -->` on the finding's line or the line "
        "before): `notice` (default) lets a skill's author accept notices only (a pull request "
        "from a stranger could otherwise silence its own hidden instructions); `warning` or "
        "`danger` for a library whose authors are its reviewers (only `trust.accept` or "
        "`danger` here accept a danger finding); `never` ignores the markers. A marker that is "
        "not honoured is reported on the finding.")
    withhold: str = option(
        _one_of("never", "warning", "danger"), "never",
        "Keep skills whose trust status is at least this (`warning` or `danger`) out of what "
        "agents and pipelines fetch: prompt fragments (`prompt`, `prompts/`), the "
        "`.well-known` indexes, the marketplaces, `llms.txt`, the sitemap and the zips. Their "
        "pages stay, saying why they are withheld. Default `never`: the checks are "
        "heuristics, and a library chooses to block on them (docs/trust.md).")
    withhold_secrets: bool = option(
        _flag, True, "Keep a skill holding a credential (an `ST030` finding: a cloud key, "
        "token or private key in its published format, not accepted) out of everything "
        "`withhold` keeps skills out of, whatever `withhold` says: publishing a key is never "
        "what a library owner means. Placeholders and documentation examples (`sk-XXXX`, "
        "`AKIAIOSFODNN7EXAMPLE`) are not findings. `false` publishes such skills again.")


@dc.dataclass(slots=True, frozen=True)
class Config:
    """The configuration of a catalog (the root of ``skill-catalog.yml``)."""

    title: str = option(_string, "Skill catalog", "Site title.")
    description: str = option(_string, "", "One line under the title.")
    base_url: str | None = option(
        _url, None, "Public URL of the site (for absolute links, sitemap and install commands). "
        "Hosts serve `404.html` at the missing page's own address, at any depth: with "
        "`base_url` its links start from the URL's path (`/catalog/assets/...`); without it "
        "they are relative and only work for a missing page at the top level.")
    roots: tuple[str, ...] = option(_string_list, (), "Library folders, relative to the config.")
    repository: Repository = option(dict, Repository(), "Where the library's sources live.")
    include: tuple[str, ...] = option(_string_list, (), "Globs (relative to a root) of skill "
                                      "folders to keep; empty keeps all.")
    exclude: tuple[str, ...] = option(_string_list, (), "Globs of skill folders to leave out.")
    extensions: tuple[str, ...] = option(_choices(EXTENSION_FIELDS), (),
                                         "Agent tools whose extra frontmatter fields are "
                                         "accepted (e.g. claude-code).")
    theme: str | None = option(_optional_string, None, "Folder whose templates override ours.")
    highlight: Literal["client", "server"] = option(
        _one_of("client", "server"), "client", "Code highlighting: `client` (highlight.js in "
        "the browser, fast builds) or `server` (Pygments at build time, pages need no script).")
    file_pages: Literal["viewer", "markdown", "all", "none"] = option(
        _file_pages, "viewer", "Pages for a skill's files besides SKILL.md. `viewer`: one "
        "viewer page per skill that shows its other text files from their raw copies, "
        "Markdown rendered and sanitised in the browser (markdown-it and DOMPurify, under the "
        "server's allow-list), scripts and data highlighted with line numbers (without "
        "script, and from `file://`, the links open the raw copy). `markdown`: a page rendered "
        "at build time for each Markdown file, the viewer for the others. `all` (or `true`): "
        "a page for each text file, code highlighted at build time with `highlight: server` "
        "(pages with no script). `none` (or `false`): no file pages, the links open the raw "
        "copies (see docs/publishing.md).")
    publish_internal: bool = option(
        _flag, True, "Publish the skills whose `metadata.internal` is true (which `npx skills` "
        "hides unless asked): `true` shows them, marked internal; `false` keeps them out of "
        "every output of `build`, `serve`, the MkDocs plugin and `skill-catalog marketplace` "
        "(pages, index, search, catalog.json, llms.txt, sitemap, prompt files, .well-known, "
        "zips, marketplaces). `validate`, `list`, `prompt` and the other commands that read "
        "the library for you still see them.")
    tools: tuple[str, ...] | None = option(lambda v: _string_list(v), None,
                                           "Agent tools shown on skill pages (default: all).")
    output: str = option(_string, "site", "Output folder, relative to the config.")
    cache_dir: str | None = option(
        _optional_string, None, "The cache folder `build`, `validate`, `serve` and `mcp` "
        "share, relative to the config (default: `.skill-catalog-cache` beside it; "
        "`--cache-dir` and `--no-cache` override). Results are keyed by content, the version "
        "and the rule settings, so a cache never changes an output (docs/performance.md).")
    rules: dict[str, Severity | None] = option(_rule_overrides, {}, "Rule severities: "
                                               "`SC209: off`, `SC203: error`.")
    limits: Limits = option(dict, Limits(), "Safety bounds.")
    trust: Trust = option(dict, Trust(), "Trust signals (ST rules, docs/trust.md).")
    marketplace: Marketplace = option(dict, Marketplace(), "The Claude Code marketplace the "
                                      "build publishes (needs `base_url`).")
    path: Path | None = dc.field(default=None, metadata={"doc": "The file it was read from."})
    lines: Mapping[str, int] = dc.field(
        default_factory=dict, compare=False,
        metadata={"doc": "The line of each key in that file (``trust.accept.0`` for a list's "
                         "items), for messages about it."})

    @property
    def folder(self) -> Path:
        """Where relative paths in the config are resolved."""
        return self.path.parent if self.path else Path.cwd()


_NESTED: dict[str, type[Any]] = {"repository": Repository, "limits": Limits, "trust": Trust,
                                  "marketplace": Marketplace}


def _build(
    cls: type[Any], data: Any, prefix: str, lines: Mapping[str, int],
    problems: list[tuple[str, int | None, str]],
) -> Any:
    if not isinstance(data, dict):
        problems.append((prefix.rstrip(".") or "(top)", lines.get(prefix.rstrip(".")),
                         f"expected a mapping, got {type(data).__name__}"))
        return cls()
    fields = {f.name: f for f in dc.fields(cls) if "parse" in f.metadata}
    values: dict[str, Any] = {}
    for raw_key, value in data.items():
        key = str(raw_key)
        name = key.replace("-", "_")
        dotted = prefix + key
        if name not in fields:
            problems.append((dotted, lines.get(dotted), f"unrecognised configuration name"
                             f"{did_you_mean(name, fields)}"))
            continue
        if name in _NESTED:
            values[name] = _build(_NESTED[name], value if value is not None else {},
                                  dotted + ".", lines, problems)
            continue
        if value is None and fields[name].default is None:
            values[name] = None  # null: the default, "not set" (as `config` prints it)
            continue
        try:
            values[name] = fields[name].metadata["parse"](value)
        except _Invalid as exc:
            if not exc.items:
                problems.append((dotted, lines.get(dotted), str(exc)))
            for sub_key, message in exc.items:
                key_path = f"{dotted}.{sub_key}"
                problems.append((key_path, lines.get(key_path, lines.get(dotted)), message))
    return cls(**values)


def config_from_mapping(
    data: Any, *, path: Path | None = None, lines: Mapping[str, int] | None = None
) -> Config:
    problems: list[tuple[str, int | None, str]] = []
    config: Config = _build(Config, {} if data is None else data, "", lines or {}, problems)
    if problems:
        raise ConfigError(path, problems)
    return dc.replace(config, path=path, lines=dict(lines or {}))


def load_config(path: str | os.PathLike[str]) -> Config:
    """Read ``path`` (``str`` or path-like); raise ConfigError naming every problem and its
    line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(path, [("(file)", None, f"cannot be read: {exc}")]) from None
    try:
        document = safe_yaml.load(text)
    except safe_yaml.YamlProblem as exc:
        raise ConfigError(path, [("(yaml)", exc.line, exc.message)]) from None
    return config_from_mapping(document.value, path=path.absolute(), lines=document.lines)


def find_config(folder: str | os.PathLike[str] | None = None) -> Path | None:
    candidate = Path(folder or Path.cwd()) / CONFIG_FILE_NAME
    return candidate if candidate.is_file() else None


def documented_options() -> list[tuple[str, str, str]]:
    """(key, default, doc) for every option, for docs/configuration.md."""
    rows: list[tuple[str, str, str]] = []

    def visit(cls: type[Any], prefix: str) -> None:
        for f in dc.fields(cls):
            if "parse" not in f.metadata:
                continue
            if f.name in _NESTED:
                visit(_NESTED[f.name], prefix + f.name + ".")
                continue
            factory: Any = f.default_factory
            default = factory() if f.default is dc.MISSING else f.default
            shown = str(default).lower() if isinstance(default, bool) else repr(default)  # YAML
            rows.append((prefix + f.name, shown, f.metadata["doc"]))

    visit(Config, "")
    return rows


def configuration_markdown() -> str:
    """docs/configuration.md, generated from the schema."""
    lines = [
        "# Configuration",
        "",
        "`skill-catalog.yml` is read from the current folder, or given with `-c FILE`. Paths in "
        "it are relative to the file. Every problem is reported at once with its line; unknown "
        "keys are errors with a suggestion. Generated by `skill-catalog config --format "
        "markdown`.",
        "",
        "| key | default | meaning |",
        "|---|---|---|",
    ]
    lines += [f"| `{key}` | `{default}` | {doc} |" for key, default, doc in documented_options()]
    return "\n".join(lines) + "\n"


def effective_config(config: Config) -> dict[str, Any]:
    """The configuration in force, as plain data (for ``skill-catalog config``): written as
    YAML and read back (``-c``), it gives the same configuration."""

    def plain(value: Any) -> Any:
        if isinstance(value, Acceptance):  # a dataclass of its own, not a section
            return {"skill": value.skill, "rule": value.rule, "reason": value.reason}
        if dc.is_dataclass(value) and not isinstance(value, type):
            return {f.name: plain(getattr(value, f.name)) for f in dc.fields(value)
                    if "parse" in f.metadata}
        if isinstance(value, tuple):
            return [plain(v) for v in value]
        if isinstance(value, dict):
            return {k: (str(v) if v is not None else "off") for k, v in value.items()}
        return value

    data: dict[str, Any] = plain(config)
    return data


def with_base_url(config: Config, base_url: str) -> Config:
    """``config`` with another base URL (checked like the config key)."""
    try:
        url = _url(base_url)
    except _Invalid as exc:
        raise ConfigError(config.path, [("base_url", None, str(exc))]) from None
    return dc.replace(config, base_url=url)
