"""View models: what each template is given, computed once per build from the catalog."""

from __future__ import annotations

import dataclasses as dc
import functools
import json
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from skill_catalog.display import human
from skill_catalog.display.human import shorten
from skill_catalog.display.paths import git_top
from skill_catalog.model import Diagnostic, Severity, Skill, relative_posix, worst_first
from skill_catalog.parse.tokens import estimate_tokens
from skill_catalog.search.files import INDEX_FILE
from skill_catalog.site.context import SiteContext, SiteSkill, is_internal
from skill_catalog.site.dates import Dates
from skill_catalog.site.markdown.render import Rendered
from skill_catalog.site.outputs import prompt_files
from skill_catalog.site.outputs.catalog_json import CATALOG, SCHEMA_FILE
from skill_catalog.site.outputs.install import InstallRoutes
from skill_catalog.site.outputs.marketplace import (
    BREAKS_BEFORE,
    MARKETPLACE,
    MIN_VERSION,
    marketplace_name,
)
from skill_catalog.site.outputs.wellknown import INDEX
from skill_catalog.site.outputs.writers import LLMS_TXT
from skill_catalog.site.pages.tools_view import ToolsView
from skill_catalog.site.urls import V01, V02
from skill_catalog.trust import STATUS_ORDER
from skill_catalog.trust.policy import SECRET_FIX
from skill_catalog.validate.rules import RULES

MAX_DESCRIPTION_DISPLAY = 2_000
MAX_BODY_DISPLAY = 2_000_000
"""Characters of a skill's body rendered on its page (the site's and the MkDocs adapter's)."""
MAX_CARD_DESCRIPTION = 400
MAX_MESSAGE_DISPLAY = 1000
"""Characters of a diagnostic's message (and of an acceptance's reason) a page shows."""
MAX_LISTED_FILES = 500
"""Files listed on a skill page; every published file still has its raw copy (and page)."""
MAX_INLINE_PROMPT = 100_000
"""Characters of the whole catalog's prompt fragment the agents page shows inline; a larger
one (about 250 skills and more) is linked instead: it is more than any agent's listing budget
(Claude Code's is 1 % of the context window, 8,000 characters at 200k tokens) and would make
the page megabytes long."""
INDEX_BATCH = 240
"""Cards the index page (and skills the problems page) shows before "Show more", when it lists
more than twice as many: Chromium lays out the 10,000 cards of a 10,000-skill page in about
1.8 s, and again each time a cleared search shows them all. 240 fills the last row at one to
six columns."""
MAX_SKILL_DIAGNOSTICS = 100
"""Diagnostics a skill page shows, worst first; a count of the rest follows (a body of 20,000
links to missing files has 20,000 of them; ``validate`` lists every one)."""
MAX_PROBLEM_DIAGNOSTICS = 10
"""Diagnostics the problems page shows for each skill, worst first, then a count of the rest."""
MAX_LIBRARY_DIAGNOSTICS = 200
"""Diagnostics about the library as a whole (links, unreadable folders, files left out) the
problems page shows, worst first, then a count of the rest."""
_SKIP_FACET_KEYS = {"version", "description", "author", "authors", "name", "url", "homepage"}




def counts_of(skills: Sequence[Skill]) -> dict[str, int]:
    """How many ``skills`` there are, valid, invalid, valid with warnings, and with problems
    (invalid or warned), as the site's pages and the MkDocs adapter's index count them."""
    warned = sum(1 for s in skills if s.valid and s.warnings)
    invalid = sum(1 for s in skills if not s.valid)
    return {"skills": len(skills), "valid": len(skills) - invalid, "invalid": invalid,
            "warned": warned, "problems": invalid + warned}


def verdict_label(skill: Skill) -> str:
    """A skill's verdict as its badge on the site's pages and its status on the MkDocs
    adapter's say it: ``invalid``, ``N warning(s)`` or ``valid``."""
    if not skill.valid:
        return "invalid"
    n = len(skill.warnings)
    return f"{n} warning{'s' if n > 1 else ''}" if n else "valid"


def trust_label(skill: Skill) -> str:
    """A skill's trust status as the pages say it (``trust: danger``); nothing is said of a
    clean one."""
    return f"trust: {skill.trust.status}"


def first_batch(cards: int) -> int | None:
    """How many of ``cards`` a page shows at first, or None for all of them."""
    return INDEX_BATCH if cards > 2 * INDEX_BATCH else None


def _tags(value: str) -> list[str]:
    return [p.strip()[:60] for p in value.replace(";", ",").split(",") if p.strip()]


def size_label(size: int) -> str:
    """A size as pages show it (number and unit on one line)."""
    return human.size(size, nbsp=True)


def _below(folder: Path, top: Path) -> str | None:
    for path in (folder.absolute(), Path(os.path.realpath(folder))):
        for base in (top.absolute(), Path(os.path.realpath(top))):
            if path.is_relative_to(base):
                return path.relative_to(base).as_posix()
    return None


@functools.lru_cache(maxsize=16384)
def repository_folder(folder: Path, root: Path, config_folder: Path, path: str) -> str:
    """``folder`` (a skill's) as a path in the repository: below the configuration's folder,
    ``repository.path`` (that folder's place in the repository) and the path below it;
    without ``repository.path``, relative to the top of the git working tree holding it, else
    to the configuration's folder; below neither, the library root's name leads
    (``skills/csv-cleaner`` for ``roots: [skills]``: the root folder is never left out)."""
    inside_config = _below(folder, config_folder)
    if path and inside_config is not None:
        return f"{path.strip('/')}/{inside_config}"
    top = git_top(folder)
    inside_top = _below(folder, top) if top is not None else None
    for found in (inside_top, inside_config):
        if found is not None:
            return found
    inside = _below(folder, root) or "."
    return root.name if inside == "." else f"{root.name}/{inside}"


@dc.dataclass(slots=True)
class Views:
    ctx: SiteContext
    tools: ToolsView
    site: dict[str, Any]
    counts: dict[str, int]
    metadata_facets: tuple[str, ...]
    installable: dict[str, str]
    """The name in the well-known indexes by slug, of the skills `npx skills add` can
    install."""
    install: InstallRoutes
    dates: Dates | None = None
    """When each skill last changed (None: the pages do not say)."""

    @classmethod
    def create(cls, ctx: SiteContext, dates: Dates | None = None,
               changes: bool = False) -> Views:
        """The views of ``ctx``'s pages; ``dates``: each skill's last change; ``changes``:
        whether the site has a changes page and feed (linked from every page)."""
        config = ctx.config
        skills = [s.skill for s in ctx.skills]
        site = {
            "title": config.title,
            "description": config.description,
            "repository": config.repository.url,
            "base_url": config.base_url,
            "changes": changes,
        }
        counts = counts_of(skills)
        tools = ToolsView.create(ctx)
        install = InstallRoutes.create(ctx, tools.verdict_of)
        return cls(ctx, tools, site, counts, _metadata_facet_keys(skills),
                   install.npx_names, install, dates)

    # Index page -----------------------------------------------------------------------------

    def facets_of(self, site_skill: SiteSkill) -> dict[str, list[str]]:
        skill = site_skill.skill
        facets: dict[str, list[str]] = {"status": _status(skill),
                                        "trust": [skill.trust.status]}
        shown = site_skill.frontmatter_shown  # else its values may hold the secret
        metadata = skill.frontmatter.get("metadata") if shown else None
        if isinstance(metadata, dict):
            for key in self.metadata_facets:
                value = metadata.get(key)
                if isinstance(value, str) and value.strip():
                    facets[key] = _tags(value) if key in ("tags", "keywords") else [value.strip()]
        license_ = skill.frontmatter.get("license") if shown else None
        if isinstance(license_, str) and license_.strip():
            facets["license"] = [shorten(license_.strip(), 40)]
        if len(self.ctx.catalog.roots) > 1:
            facets["root"] = [skill.root.name]
        tools = self.tools.loading(site_skill)
        if tools:
            facets["tool"] = tools
        return facets

    def facets(self) -> list[dict[str, Any]]:
        """The index page's filters: each facet with its values and how many skills have each.
        A facet none of whose values narrows the list (every skill has every value) is left
        out; the status values are counted as the page's header counts them."""
        per_skill = [self.facets_of(s) for s in self.ctx.skills]
        keys = ["status", "trust", *self.metadata_facets, "license", "root", "tool"]
        result = []
        for key in keys:
            counts = Counter(v for f in per_skill for v in set(f.get(key, [])))
            if all(n == len(per_skill) for n in counts.values()):
                continue
            if key == "status":
                values = [(v, counts[v]) for v in STATUS_LABELS if counts[v]]
            elif key == "trust":
                values = [(v, counts[v]) for v in reversed(STATUS_ORDER) if counts[v]]
            else:
                values = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0].lower()))[:40]
            labels = (self.tools.titles if key == "tool"
                      else STATUS_LABELS if key == "status" else {})
            result.append({
                "key": key,
                "title": _facet_title(key),
                "options": [{"value": v, "label": labels.get(v, v), "count": n} for v, n in values],
            })
        return result

    def badges(self, skill: Skill, withheld: str | None = None,
               frontmatter: bool = True) -> list[dict[str, str]]:
        """The badges of a card and a page; ``withheld``: why the trust policy keeps the skill
        out of what agents fetch."""
        badges: list[dict[str, str]] = []
        verdict = verdict_label(skill)
        if not skill.valid:
            first = skill.errors[0].message if skill.errors else "invalid"
            badges.append({"kind": "err", "label": verdict,
                           "title": shorten(self.ctx.public(first), 200)})
        elif skill.warnings:
            badges.append({"kind": "warn", "label": verdict,
                           "title": shorten(self.ctx.public(skill.warnings[0].message), 200)})
        else:
            badges.append({"kind": "ok", "label": verdict, "title": ""})
        status = skill.trust.status
        if status != "clean":
            counted = [d for d in skill.trust_findings if not d.accepted]
            worst = max(counted, key=lambda d: int(d.severity))
            badges.append({"kind": _TRUST_BADGE[status], "label": trust_label(skill),
                           "title": shorten(f"{worst.code}: {self.ctx.public(worst.message)}",
                                            200)})
        if withheld is not None:
            badges.append({"kind": "err", "label": "withheld",
                           "title": shorten(f"Not published for agents: {withheld}", 200)})
        license_ = skill.frontmatter.get("license") if frontmatter else None
        if isinstance(license_, str) and license_.strip():
            badges.append({"kind": "accent", "label": shorten(license_.strip(), 28),
                           "title": shorten(license_, 200)})
        compatibility = skill.frontmatter.get("compatibility") if frontmatter else None
        if isinstance(compatibility, str) and compatibility.strip():
            badges.append({"kind": "plain", "label": "compatibility",
                           "title": shorten(compatibility, 300)})
        for category in ("scripts", "references", "assets"):
            count = len(skill.files_in(category))
            if count:
                badges.append({"kind": "plain", "label": f"{category} {count}", "title": ""})
        if skill.nested_in is not None:
            badges.append({"kind": "plain", "label": "nested", "title": "inside another skill"})
        if is_internal(skill):
            badges.append({"kind": "plain", "label": "internal",
                           "title": "metadata.internal is true: npx skills (1.7) lists it "
                                    "only when named (--skill) or with "
                                    "INSTALL_INTERNAL_SKILLS=1"})
        return badges

    def trust_summary(self, skill: Skill) -> dict[str, Any]:
        """What the trust checks found (docs/trust.md): each finding with where it is, what it
        says, and why it matters (its rule's summary); accepted ones with their reason."""
        findings = sorted(skill.trust_findings, key=lambda d: (d.accepted is not None,
                                                               -int(d.severity)))
        shown = findings[:MAX_SKILL_DIAGNOSTICS]
        return {
            "status": skill.trust.status,
            "findings": [{**self.diagnostic(d, skill), "why": RULES[d.code].summary,
                          "title": RULES[d.code].title} for d in shown],
            "more": len(findings) - len(shown),
        }

    def card(self, site_skill: SiteSkill) -> dict[str, Any]:
        skill = site_skill.skill
        return {
            "name": skill.key,
            "slug": site_skill.slug,
            "url": site_skill.page,
            "valid": skill.valid,
            "description": card_description(site_skill),
            "badges": self.badges(skill, site_skill.withheld,
                              site_skill.frontmatter_shown),
            "facets_json": json.dumps(self.facets_of(site_skill), ensure_ascii=False,
                                      sort_keys=True, separators=(",", ":")),
        }

    # Skill page -----------------------------------------------------------------------------

    def skill_page(self, site_skill: SiteSkill, text: str, body: Rendered,
                   hrefs: Mapping[str, str], views: Mapping[str, str] | None = None
                   ) -> dict[str, Any]:
        """The skill page's context: ``text`` is the body as read for ``body``, its render;
        ``hrefs`` each file's link, ``views`` the viewer's URL of the files it shows."""
        skill = site_skill.skill
        metadata_text = f"{skill.key}\n{skill.description or ''}"
        plain = [d for d in skill.diagnostics if not d.is_trust]  # trust has its own section
        shown, more = worst_first(plain, MAX_SKILL_DIAGNOSTICS)
        files = []
        # A skill withheld for a secret lists its files' names and sizes, linking none.
        published = [item for item in skill.files
                     if item.relpath in hrefs or not site_skill.content_shown]
        for item in published[:MAX_LISTED_FILES]:
            files.append({
                "relpath": item.relpath,
                "href": hrefs.get(item.relpath),
                "view": (views or {}).get(item.relpath),
                "download": not item.is_text,
                "size_label": size_label(item.size),
                "executable": item.executable,
                "is_text": item.is_text,
                "category": item.category,
                "depth": min(item.relpath.count("/") + 1, 6),
            })
        install = self.install.for_page(site_skill)
        return {
            "name": skill.key,
            **description_view(site_skill),
            "valid": skill.valid,
            "badges": self.badges(skill, site_skill.withheld,
                              site_skill.frontmatter_shown),
            "archive": site_skill.archive if site_skill.published else None,
            "skill_md_raw": hrefs.get(skill.skill_md.relative_to(skill.dir).as_posix()),
            "source_url": self.source_url(skill, ""),
            "toc": [h for h in body.headings if 2 <= h.level <= 3][:80],
            "tokens_metadata": estimate_tokens(metadata_text),
            "tokens_body": estimate_tokens(text),
            "body_lines": text.count("\n") + 1 if text else 0,
            "diagnostics": [self.diagnostic(d, skill) for d in shown],
            "diagnostics_total": len(plain),
            "diagnostics_title": _diagnostics_title(plain),
            "trust": self.trust_summary(skill),
            "diagnostics_more": more,
            "frontmatter": frontmatter_rows(skill) if site_skill.frontmatter_shown else [],
            "secret": None if site_skill.content_shown else self.secret_notice(site_skill),
            "body_html": body.html,
            "files": files,
            "files_truncated": skill.files_truncated,
            "files_notice": files_notice(skill, len(published), site_skill.archive
                                         if site_skill.published else None),
            "withheld": site_skill.withheld,
            "install": install,
            "tools_json": tools_json(install, self.tools.prompt_fragment(site_skill),
                                     self.tools.verdicts(site_skill)),
            "last_changed": None,
        }

    def secret_notice(self, site_skill: SiteSkill) -> dict[str, Any]:
        """What a skill page withheld for a secret shows instead of the skill's content
        (:func:`secret_notice`)."""
        places = [self.diagnostic(d, site_skill.skill)["where"] for d in site_skill.secrets]
        return {"paragraphs": secret_notice(site_skill, places),
                "frontmatter": not site_skill.frontmatter_shown}

    def skill_key_view(self, site_skill: SiteSkill) -> dict[str, Any]:
        """What a skill page shows besides its body and files (for incremental builds), in the
        smallest form that still differs whenever the page would: the install routes (which
        depend on other skills too: the plugin holding the skill may hold others), and the
        tools' titles come from the configuration, which the global key covers; the
        diagnostics are in the skill's key as they are
        (:func:`~skill_catalog.site.reuse.skill_key`)."""
        skill = site_skill.skill
        return {
            "badges": self.badges(skill, site_skill.withheld,
                              site_skill.frontmatter_shown),
            "archive": site_skill.archive if site_skill.published else None,
            "withheld": site_skill.withheld,
            "source": self.source_url(skill, ""),
            "install": self.install.for_catalog(site_skill),
            # where its raw copies go (.well-known/skills/<name>/ or raw/): the others decide
            "wellknown": self.installable.get(site_skill.slug),
            "prompt": self.tools.prompt_key(site_skill),
            "agents": [(v["state"], v["reason"], v["unlisted"])
                       for v in self.tools.verdicts(site_skill)],
            # the commit date; a date kept from the previous build goes with the files
            "changed": self.dates.from_git(site_skill) if self.dates is not None else None,
        }

    def npx(self, site_skill: SiteSkill | None) -> str | None:
        """The `npx skills add` command, for skills the .well-known index lists."""
        return self.install.npx(site_skill)

    def source_url(self, skill: Skill, relpath: str) -> str | None:
        """The skill's folder (or its file ``relpath``) in the repository's web view."""
        repository = self.ctx.config.repository
        if not repository.url:
            return None
        folder = repository_folder(skill.dir, skill.root, self.ctx.config.folder,
                                   repository.path)
        parts = [p.strip("/") for p in (*folder.split("/"), relpath) if p and p != "."]
        kind = "blob" if relpath else "tree"
        return (f"{repository.url.rstrip('/')}/{kind}/{repository.branch}/"
                + quote("/".join(parts), safe="/", errors="replace"))

    def display_path(self, path: Path) -> str:
        return display_path(path, self.ctx.catalog.roots)

    def diagnostic(self, diagnostic: Diagnostic, skill: Skill | None) -> dict[str, Any]:
        """A diagnostic as every page shows it (:func:`diagnostic_view`)."""
        return diagnostic_view(diagnostic, skill, self.ctx.catalog.roots, self.ctx.public)

    # Agents page ----------------------------------------------------------------------------

    def agents_page(self) -> dict[str, Any]:
        outputs = [
            (CATALOG, "Every skill with frontmatter, files, digests, diagnostics "
             f"(schema: {SCHEMA_FILE})."),
            (INDEX_FILE, "The search index (skill-catalog search --index URL)."),
            (LLMS_TXT, "The catalog for language models (llmstxt.org)."),
            (f"{V02}/{INDEX}", "Discovery index, agentskills draft v0.2 "
             "(type, url, sha256 digest)."),
            (f"{V01}/{INDEX}", "Discovery index v0.1, read by npx skills add."),
        ]
        outputs += [(path, what) for path, what in self.tools.prompt_files()]
        prompt = self.tools.catalog_fragment()
        shown = len(prompt) <= MAX_INLINE_PROMPT
        market = self.install.marketplace_url()
        if market is not None:
            outputs.append((MARKETPLACE, "Claude Code plugin marketplace (Claude Code "
                            f"{MIN_VERSION} or later)."))
        return {
            "npx": self.npx(None),
            "marketplace": None if market is None else {
                "command": f"/plugin marketplace add {market}",
                "name": marketplace_name(self.ctx.config),
                "requires": MIN_VERSION,
                "breaks_before": BREAKS_BEFORE,
            },
            "outputs": [{"path": p, "href": p, "what": w} for p, w in outputs],
            "prompt": prompt if shown else "",
            "prompt_file": None if shown else {
                "href": prompt_files.MAIN_FILE,
                "size_label": size_label(len(prompt.encode("utf-8"))),
            },
        }


STATUS_LABELS = {"valid": "valid", "warnings": "with warnings", "invalid": "invalid"}
"""The status facet's values and their labels, in the order of the index page's header, whose
numbers they match: a valid skill with warnings is counted as valid and as with warnings."""


def tools_json(install: Mapping[str, Any] | None, prompt: str,
               agents: Sequence[Mapping[str, Any]]) -> Markup:
    """The data ``assets/skill.js`` builds a skill page's per-tool sections from (every install
    route, the prompt fragment, each tool's verdict), as compact JSON for an attribute of the
    page (escaped there like any other value): a few kilobytes where their HTML was about
    twenty. Lists rather than objects where a section has many rows, so that each key is not
    repeated in each row."""
    data: dict[str, Any] = {
        "prompt": prompt,
        "agents": [[a["title"], bool(a["loaded"]), a["state"], a["label"], a["reason"] or "",
                    a["unlisted"] or ""] for a in agents],
    }
    if install is not None:
        routes = {key: install[key] for key in (
            "npx", "claude_code", "breaks_before", "zip", "claude_ai", "claude_ai_problem",
            "zip_name", "download", "name")}
        if routes["claude_code"] is not None:
            plugin = routes["claude_code"]
            routes["claude_code"] = {"commands": plugin["commands"], "plugin": plugin["plugin"],
                                     "skills": plugin["skills_in_plugin"],
                                     "requires": plugin["requires"]}
        routes["rows"] = [[row["scope"], row["folder"], ", ".join(row["tools"]), row["command"]]
                          for row in (*install["project_rows"], *install["personal_rows"])]
        data["install"] = routes
    return attribute_json(data)


def attribute_json(value: Any) -> Markup:
    """``value`` as JSON for an attribute written between single quotes: ``&``, ``'``, ``<``
    and ``>`` escaped, double quotes left as they are (a fifth of the bytes of the JSON that
    Jinja's escaping of ``"`` would add)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;")
                  .replace(">", "&gt;"))


def _status(skill: Skill) -> list[str]:
    if not skill.valid:
        return ["invalid"]
    if any(d.severity is Severity.WARNING and not d.is_trust for d in skill.diagnostics):
        return ["valid", "warnings"]
    return ["valid"]


def _diagnostics_title(diagnostics: list[Diagnostic]) -> str:
    """The heading of a skill page's diagnostics: the severities they have, in their words
    (``Errors and warnings``, ``Info``)."""
    present = {d.severity for d in diagnostics}
    words = [word for severity, word in ((Severity.ERROR, "errors"),
                                         (Severity.WARNING, "warnings"), (Severity.INFO, "info"))
             if severity in present]
    text = " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)
    return text[:1].upper() + text[1:]


_TRUST_BADGE = {"danger": "err", "warning": "warn", "notice": "plain"}


def _facet_title(key: str) -> str:
    return {"status": "Status", "trust": "Trust", "license": "Licence", "root": "Source",
            "tool": "Loaded by", "tags": "Tags"}.get(
                key, key.replace("_", " ").replace("-", " ").capitalize())


def _metadata_facet_keys(skills: list[Skill]) -> tuple[str, ...]:
    """Metadata keys worth filtering by: short string values shared by several skills."""
    present: Counter[str] = Counter()
    values: dict[str, set[str]] = {}
    lengths: dict[str, int] = {}
    for skill in skills:
        metadata = skill.frontmatter.get("metadata")
        if not isinstance(metadata, dict):
            continue
        for key, value in metadata.items():
            if not isinstance(value, str) or str(key).lower() in _SKIP_FACET_KEYS:
                continue
            key = str(key)
            present[key] += 1
            split = _tags(value) if key in ("tags", "keywords") else [value.strip()]
            values.setdefault(key, set()).update(split)
            lengths[key] = max(lengths.get(key, 0), *(len(v) for v in split), 0)
    threshold = max(2, len(skills) // 10)
    keys = [k for k, n in present.items()
            if n >= threshold and 2 <= len(values[k]) <= 200 and lengths[k] <= 60]
    return tuple(sorted(keys, key=lambda k: (-present[k], k))[:4])


MAX_SECRET_PLACES = 20


def secret_notice(site_skill: SiteSkill, places: Sequence[str]) -> tuple[str, str]:
    """The two paragraphs a page of a skill withheld for a secret shows instead of its content
    (the site's and the MkDocs adapter's): where each credential is (``places``, as the page
    names them; the trust findings show them redacted), and how to publish the skill again."""
    shown = ", ".join(places[:MAX_SECRET_PLACES])
    if len(places) > MAX_SECRET_PLACES:
        shown += f" and {len(places) - MAX_SECRET_PLACES} more"
    frontmatter = "" if site_skill.frontmatter_shown else ", no description or frontmatter"
    return (f"Content withheld: the trust checks found a credential in this skill, at {shown} "
            "(shown redacted in the trust findings). Publishing a key is never what a library "
            "owner means, so this catalog publishes none of the skill's content: no "
            f"instructions, no raw copies or pages of its files{frontmatter}, nothing in the "
            "search index.",
            f"To fix it: {SECRET_FIX} (in skill-catalog.yml, under trust). A secret that was "
            "in the library must be revoked even once it is removed.")


def display_path(path: Path, roots: Sequence[Path]) -> str:
    """A path below a library root as pages show it: the root's name, then the path below it."""
    for root in roots:
        try:
            rel = path.relative_to(root.absolute()).as_posix()
        except ValueError:
            continue
        return f"{root.name}/{rel}" if rel != "." else root.name
    return path.name


def diagnostic_view(diagnostic: Diagnostic, skill: Skill | None, roots: Sequence[Path],
                    public: Callable[[str], str] = str) -> dict[str, Any]:
    """A diagnostic as every page shows it, the site's and the MkDocs adapter's: where (below
    the skill's folder, else below a root), the message made fit to publish (``public``:
    :meth:`SiteContext.public`) and shortened; ``accepted``: the written reason of an accepted
    trust finding ("" otherwise), the mark ``validate`` and ``catalog.json`` carry too."""
    where = ""
    if diagnostic.file is not None:
        inside = relative_posix(diagnostic.file, skill.dir) if skill is not None else None
        where = display_path(diagnostic.file, roots) if inside is None else inside
        if diagnostic.line:
            where += f":{diagnostic.line}"
    return {
        "code": diagnostic.code,
        "severity": str(diagnostic.severity),
        "where": where,
        "message": shorten(public(diagnostic.message), MAX_MESSAGE_DISPLAY),
        "accepted": shorten(public(diagnostic.accepted), MAX_MESSAGE_DISPLAY)
        if diagnostic.accepted else "",
    }


def description_view(site_skill: SiteSkill) -> dict[str, Any]:
    """The description as a skill page shows it, the site's and the MkDocs adapter's: at most
    :data:`MAX_DESCRIPTION_DISPLAY` characters, and whether (and from how many) it was cut."""
    description = page_description(site_skill)
    return {
        "description": shorten(description, MAX_DESCRIPTION_DISPLAY),
        "description_short": shorten(description, 300),
        "description_truncated": len(description) > MAX_DESCRIPTION_DISPLAY,
        "description_length": len(description),
    }


def card_description(site_skill: SiteSkill) -> str:
    """The description as a list of skills shows it (the index's cards, the MkDocs index)."""
    return shorten(page_description(site_skill), MAX_CARD_DESCRIPTION)


def page_description(site_skill: SiteSkill) -> str:
    """The description a card or page shows."""
    if not site_skill.frontmatter_shown:
        return "(description withheld: it holds a credential)"
    return site_skill.skill.description or "(no description)"


def files_notice(skill: Skill, published: int, archive: str | None) -> str:
    """What a skill page says when it does not list every file of the folder (the site's and
    the MkDocs adapter's): ``published``, how many it could list; ``archive``, the zip, if any."""
    parts = []
    if published > MAX_LISTED_FILES:
        where = "the zip" if archive else "the folder of its raw copies"
        parts.append(f"Only the first {MAX_LISTED_FILES} of {published} files are listed here; "
                     f"{published - MAX_LISTED_FILES} more files are in {where}.")
    if skill.files_truncated:
        parts.append("The folder holds more files than the catalog reads (see the SC039 "
                     "warning); those are not published.")
    return " ".join(parts)


def frontmatter_rows(skill: Skill) -> list[dict[str, Any]]:
    """The frontmatter as a page lists it: a row per key, a mapping's keys and values in it."""
    rows: list[dict[str, Any]] = []
    for key, value in skill.frontmatter.items():
        if isinstance(value, dict) and value:  # an empty mapping is shown as a value: {}
            rows.append({"key": key, "value": "",
                         "mapping": [(str(k), human.value(v)) for k, v in value.items()]})
        else:
            rows.append({"key": key, "value": human.value(value), "mapping": None})
    return rows
