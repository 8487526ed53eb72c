"""A :class:`~skill_catalog.diff.compare.Diff` as JSON (stable keys, docs/diff.md), as text
and as Markdown for a pull request's comment and job summary.

Markdown escaping is a security property: names, descriptions, paths and listing lines come
from whoever opened the pull request, and the comment is posted with the repository's token.
:func:`md` makes such text inert: one line, every ASCII punctuation character backslash-escaped
(no link, image, HTML, emphasis, table cell or code span can start), and a zero-width space
after ``@`` and ``#`` and inside ``://`` and ``www.``, which GitHub would otherwise turn into a
mention, an issue reference or a link after rendering. The hidden marker the comment is found
by (:data:`MARKER`) can therefore never appear in, or be closed by, the library's text.
"""

from __future__ import annotations

import itertools
import json
import re
import string
from collections.abc import Iterator
from typing import Any

from skill_catalog.diff.compare import (
    ArchiveChange,
    Changed,
    Diff,
    FieldChange,
    TrustChange,
    failing_kinds,
)
from skill_catalog.diff.snapshot import Finding
from skill_catalog.display.escape import printable
from skill_catalog.display.human import count

VERSION = 1
MARKER = "<!-- skill-catalog-diff -->"
"""The hidden first line of the pull-request comment, by which the next run finds it."""
MAX_MARKDOWN = 60_000
"""Characters of Markdown at most (a GitHub comment holds 65,536); longer is cut at a line,
with a note."""
FAIL_KINDS = ("added", "removed", "renamed", "changed", "tools", "budget", "trust",
              "trust-warning", "trust-danger", "archives", "validity", "invalid")
"""What ``--fail-on`` accepts (docs/diff.md)."""
MAX_VALUE = 200
"""Characters of a frontmatter value shown in text and Markdown (JSON has all of it)."""

_PUNCTUATION = re.compile("[" + re.escape(string.punctuation) + "]")
_ZWSP = "\u200b"
_BREAK = re.compile(r"[@#]|:(?=//)|(?i:www)(?=\.)")


def _finding(f: Finding) -> dict[str, Any]:
    return {"code": f.code, "severity": f.severity, "message": f.message, "file": f.file,
            "line": f.line, "accepted": f.accepted}


def diff_json(diff: Diff) -> dict[str, Any]:
    """The diff as JSON, with the keys docs/diff.md lists."""
    def side(s: Any) -> dict[str, Any]:
        return {"side": s.label, "kind": s.kind, "skills": s.skills}

    tools = None if diff.tools is None else [{
        "tool": t.tool,
        "title": t.title,
        "appeared": [{"name": c.name, "line": c.after} for c in t.appeared],
        "gone": [{"name": c.name, "line": c.before, "reason": c.reason} for c in t.gone],
        "changed": [{"name": c.name, "before": c.before, "after": c.after} for c in t.changed],
        "budget": [{"name": c.name, "before": c.before, "after": c.after} for c in t.budget],
    } for t in diff.tools]
    return {
        "version": VERSION,
        "before": side(diff.before),
        "after": side(diff.after),
        "summary": {
            "added": len(diff.added), "removed": len(diff.removed),
            "renamed": len(diff.renamed), "changed": len(diff.changed),
            "tools": None if diff.tools is None else len(diff.tools),
            "trust": len(diff.trust), "archives": len(diff.archives),
            "validity": len(diff.validity),
        },
        "added": [{"name": a.name, "path": a.path, "description": a.description,
                   "valid": a.valid, "trust": a.trust} for a in diff.added],
        "removed": [{"name": r.name, "path": r.path} for r in diff.removed],
        "renamed": [{"from": r.before, "to": r.after, "path_before": r.path_before,
                     "path_after": r.path_after, "by": r.by} for r in diff.renamed],
        "changed": [{
            "name": c.name, "path": c.path, "path_before": c.path_before,
            "fields": [{"field": f.field, "before": f.before, "after": f.after,
                        "present_before": f.present_before, "present_after": f.present_after}
                       for f in c.fields],
            "body": c.body,
            "files": {"added": list(c.files_added), "removed": list(c.files_removed),
                      "modified": list(c.files_modified)},
        } for c in diff.changed],
        "tools": tools,
        "trust": [{"name": t.name, "before": t.before, "after": t.after,
                   "appeared": [_finding(f) for f in t.appeared],
                   "gone": [_finding(f) for f in t.gone]} for t in diff.trust],
        "archives": [{"name": a.name, "before": a.before, "after": a.after,
                      "archive_before": a.archive_before, "archive_after": a.archive_after}
                     for a in diff.archives],
        "validity": [{"name": v.name, "before": v.before, "after": v.after,
                      "errors_appeared": list(v.errors_appeared),
                      "errors_gone": list(v.errors_gone)} for v in diff.validity],
        "fail_kinds": sorted(failing_kinds(diff)),
        "unknown": list(diff.unknown),
    }


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= MAX_VALUE else text[:MAX_VALUE - 1] + "…"


def _line(value: str | None) -> str:
    """A listing line on one line (XML listings span several; JSON keeps them whole)."""
    return " ".join((value or "").split())


DIFFERENCE_CONTEXT = 40
"""Characters kept before the first difference when a changed value is shortened."""


def _field(f: FieldChange) -> tuple[str, str]:
    """A changed value before and after, each at most :data:`MAX_VALUE` characters. When
    either is longer, both are shown from a little before their first difference, so an edit
    near the end of a long description is not cut off the same way on both sides."""
    if not (f.present_before and f.present_after):
        return (_short(f.before) if f.present_before else "(absent)",
                _short(f.after) if f.present_after else "(absent)")
    before, after = (v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
                     for v in (f.before, f.after))
    same = next((i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
                min(len(before), len(after)))
    start = max(0, same - DIFFERENCE_CONTEXT)
    if max(len(before), len(after)) <= MAX_VALUE or start == 0:
        return _short(before), _short(after)
    return _short("…" + before[start:]), _short("…" + after[start:])


def _files(c: Changed) -> list[str]:
    parts = []
    for label, names in (("added", c.files_added), ("removed", c.files_removed),
                         ("modified", c.files_modified)):
        if names:
            parts.append(f"{label} {', '.join(names)}")
    return parts


def _where(f: Finding) -> str:
    if f.file is None:
        return ""
    return f" in {f.file}" + (f":{f.line}" if f.line else "")


def _summary_parts(diff: Diff) -> list[str]:
    parts = []
    for label, items in (("added", diff.added), ("removed", diff.removed),
                         ("renamed", diff.renamed), ("changed", diff.changed)):
        if items:
            parts.append(f"{len(items)} {label}")
    return parts


def _trust_status(t: TrustChange) -> str:
    return t.after if t.before == t.after else f"{t.before or 'new'} -> {t.after}"


def _archive_line(a: ArchiveChange) -> tuple[str, str]:
    return (a.archive_before or a.before or "none", a.archive_after or a.after or "none")


# --- text -----------------------------------------------------------------------------------


def text(diff: Diff) -> str:
    """The diff for a terminal (the command escapes each line as it prints it)."""
    out = [f"{diff.before.label} ({count(diff.before.skills, 'skill')}) -> "
           f"{diff.after.label} ({count(diff.after.skills, 'skill')}): "
           + (", ".join(_summary_parts(diff)) or "no skill added, removed or changed")]
    for a in diff.added:
        out.append(f"  added: {a.name} ({a.path})" + ("" if a.valid else ", invalid"))
    for r in diff.removed:
        out.append(f"  removed: {r.name} ({r.path})")
    for n in diff.renamed:
        out.append(f"  renamed: {n.before} -> {n.after} (same {n.by}: {n.path_after})")
    for c in diff.changed:
        out.append(f"  changed: {c.name} ({c.path})")
        if c.path_before is not None:
            out.append(f"    moved from {c.path_before}")
        for f in c.fields:
            before, after = _field(f)
            out.append(f"    {f.field}: {before} -> {after}")
        if c.body:
            out.append("    body changed")
        out.extend(f"    files {part}" for part in _files(c))
    if diff.tools:
        out.append("What the agent tools list:")
    for t in diff.tools or ():
        out.append(f"  {t.title}:")
        out.extend(f"    + {c.name}: {_line(c.after)}" for c in t.appeared)
        out.extend(f"    - {c.name}: {_line(c.before)}"
                   + (f" ({c.reason})" if c.reason else "") for c in t.gone)
        for line in t.changed:
            out.append(f"    ~ {line.name}: {_line(line.before)}")
            out.append(f"      now: {_line(line.after)}")
        out.extend(f"    budget: {c.name}: {c.before or 'not listed'} -> "
                   f"{c.after or 'not listed'}" for c in t.budget)
    if diff.trust:
        out.append("Trust:")
    for tr in diff.trust:
        out.append(f"  {tr.name}: {_trust_status(tr)}")
        out.extend(f"    + {f.code} {f.severity}{_where(f)}: {f.message}"
                   + (f" (accepted: {f.accepted})" if f.accepted else "") for f in tr.appeared)
        out.extend(f"    - {f.code}{_where(f)}: {f.message}" for f in tr.gone)
    if diff.archives:
        out.append("Published archives whose digest changed (installed copies are stale):")
    for archive in diff.archives:
        before, after = _archive_line(archive)
        out.append(f"  {archive.name}: {before} -> {after}")
    if diff.validity:
        out.append("Validity:")
    for v in diff.validity:
        state = {None: "new", True: "valid", False: "invalid"}
        errors = [*(f"+{c}" for c in v.errors_appeared), *(f"-{c}" for c in v.errors_gone)]
        out.append(f"  {v.name}: {state[v.before]} -> {state[v.after]}"
                   + (f" ({' '.join(errors)})" if errors else ""))
    out.extend(f"Cannot say: {limit}" for limit in diff.unknown)
    return "\n".join(out) + "\n"


# --- Markdown -------------------------------------------------------------------------------


def md(value: object) -> str:
    """Untrusted text as inert Markdown on one line (see the module)."""
    raw = printable(" ".join(str(value).split()))  # no raw zero-width space is left
    broken = _BREAK.sub(lambda m: m.group() + _ZWSP, raw)
    return _PUNCTUATION.sub(r"\\\g<0>", broken).replace(_ZWSP, "&#8203;")


def span(value: str | None) -> str:
    """A listing line, as the tool writes it, in a code span on one line: the fence is
    longer than any run of backticks inside, so nothing in it is read as Markdown (nor, on
    GitHub, as a mention or a reference); a zero-width space splits ``<!--`` and ``-->``, so
    that the comment's marker appears once, on its first line."""
    line = printable(_line(value)).replace("<!--", "<!\u200b--").replace("-->", "--\u200b>")
    longest = max((len(run) for run in re.findall(r"`+", line)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if line[:1] in ("`", " ") or line[-1:] in ("`", " ") or not line else ""
    return f"{fence}{pad}{line}{pad}{fence}"


_PLAIN = re.compile(r"[\w.:+\-]{1,200}", re.ASCII)


def _code(value: str | None) -> str:
    """A code, a digest, a status or a severity in a code span: it may come from a
    ``catalog.json`` too, so anything else than those characters is :func:`md` text."""
    value = value or "none"
    return f"`{value}`" if _PLAIN.fullmatch(value) else md(value)


def markdown(diff: Diff, *, limit: int = MAX_MARKDOWN) -> str:
    """The diff as GitHub-flavoured Markdown, starting with :data:`MARKER`: trust first, then
    validity, the skills, the archives and the tools' listings (the longest), cut at a line
    past ``limit`` characters with a note (nothing past the cut is rendered)."""
    head = [MARKER, "### What this change does to what agents see", ""]
    summary = ", ".join(_summary_parts(diff)) or "no skill added, removed or changed"
    head.append(f"{md(diff.before.label)} ({count(diff.before.skills, 'skill')}) → "
                f"{md(diff.after.label)} ({count(diff.after.skills, 'skill')}): {summary}.")
    kinds = sorted(failing_kinds(diff))
    if kinds:
        head.append(f"Kinds of change: {', '.join(_code(k) for k in kinds)}.")
    lines = itertools.chain(head, _trust_md(diff), _validity_md(diff), _skills_md(diff),
                            _archives_md(diff), _tools_md(diff),
                            ["", *(f"_Cannot say:_ {md(u)}" for u in diff.unknown)]
                            if diff.unknown else [])
    kept: list[str] = []
    size = len(CUT_NOTE)
    for line in lines:
        size += len(line) + 1
        if size > limit:
            kept.append(CUT_NOTE)
            break
        kept.append(line)
    return "\n".join(kept) + "\n"


CUT_NOTE = ("\n_…cut here: the change is too long for one comment; `skill-catalog diff -f json` "
            "has all of it._")


def _archives_md(diff: Diff) -> Iterator[str]:
    if diff.archives:
        yield from ("", "#### Published archives (installed copies are stale)", "")
    for a in diff.archives:
        before, after = _archive_line(a)
        yield f"- {md(a.name)}: {_code(before)} → {_code(after)}"


def _validity_md(diff: Diff) -> Iterator[str]:
    if diff.validity:
        yield from ("", "#### Validity", "")
    state = {None: "new", True: "valid", False: "**invalid**"}
    for v in diff.validity:
        errors = [*(f"+{c}" for c in v.errors_appeared), *(f"-{c}" for c in v.errors_gone)]
        yield (f"- {md(v.name)}: {state[v.before]} → {state[v.after]}"
               + (f" ({', '.join(_code(e) for e in errors)})" if errors else ""))


def _skills_md(diff: Diff) -> Iterator[str]:
    if diff.added or diff.removed or diff.renamed:
        yield from ("", "#### Skills", "")
    for a in diff.added:
        yield (f"- added **{md(a.name)}** ({md(a.path)})"
               + ("" if a.valid else ", **invalid**")
               + (f": {md(_short(a.description))}" if a.description else ""))
    for r in diff.removed:
        yield f"- removed **{md(r.name)}** ({md(r.path)})"
    for n in diff.renamed:
        yield (f"- renamed **{md(n.before)}** → **{md(n.after)}** "
               f"(same {n.by}: {md(n.path_after)})")
    if diff.changed:
        yield from ("", "#### Changed", "")
    for c in diff.changed:
        yield (f"- **{md(c.name)}** ({md(c.path)})"
               + (f", moved from {md(c.path_before)}" if c.path_before else ""))
        for f in c.fields:
            before, after = _field(f)
            yield f"  - {md(f.field)}: {md(before)} → {md(after)}"
        if c.body:
            yield "  - body changed"
        yield from (f"  - files {md(part)}" for part in _files(c))


def _tools_md(diff: Diff) -> Iterator[str]:
    if diff.tools:
        yield from ("", "#### What each agent tool lists", "")
    for t in diff.tools or ():
        yield f"- **{md(t.title)}**"
        yield from (f"  - ➕ {md(c.name)}: {span(c.after)}" for c in t.appeared)
        yield from (f"  - ➖ {md(c.name)}: {span(c.before)}"
                    + (f" ({md(c.reason)})" if c.reason else "") for c in t.gone)
        for c in t.changed:
            yield f"  - ✏️ {md(c.name)}: {span(c.before)} → {span(c.after)}"
        yield from (f"  - budget: {md(c.name)}: {c.before or 'not listed'} → "
                    f"**{c.after or 'not listed'}**" for c in t.budget)


def _trust_md(diff: Diff) -> Iterator[str]:
    if diff.trust:
        yield from ("", "#### Trust", "")
    for tr in diff.trust:
        status = (_code(tr.after) if tr.before == tr.after
                  else f"{_code(tr.before or 'new')} → **{_code(tr.after)}**")
        yield f"- {md(tr.name)}: {status}"
        yield from (_finding_md("appeared", f) for f in tr.appeared)
        yield from (_finding_md("gone", f) for f in tr.gone)


def _finding_md(label: str, f: Finding) -> str:
    where = md(_where(f).removeprefix(" ")) if f.file else ""
    accepted = f" (accepted: {md(f.accepted)})" if f.accepted else ""
    return f"  - {label}: {_code(f.code)} {_code(f.severity)} {where}: {md(f.message)}{accepted}"


# --- the site's changes page and feed -------------------------------------------------------

MAX_ENTRY_ITEMS = 100
"""Lines of one kind (added, changed, trust, ...) one entry of the site's changes keeps; a
count of the rest follows."""
MAX_ENTRY_LINE = 400
"""Characters of one such line."""


def _entry_line(value: str) -> str:
    line = printable(" ".join(value.split()))
    return line if len(line) <= MAX_ENTRY_LINE else line[:MAX_ENTRY_LINE - 1] + "…"


def _changed_line(c: Changed) -> str:
    parts = [f"moved from {c.path_before}"] if c.path_before is not None else []
    for f in c.fields:
        before, after = _field(f)
        parts.append(f"{f.field}: {before} → {after}")
    if c.body:
        parts.append("body changed")
    parts.extend(f"files {part}" for part in _files(c))
    return f"{c.name} ({c.path}): " + "; ".join(parts)


def _trust_line(t: TrustChange) -> str:
    findings = [f"+{f.code} {f.severity}{_where(f)}: {f.message}"
                + (f" (accepted: {f.accepted})" if f.accepted else "") for f in t.appeared]
    findings += [f"-{f.code}{_where(f)}: {f.message}" for f in t.gone]
    return f"{t.name}: {_trust_status(t)}" + (f" ({'; '.join(findings)})" if findings else "")


def changes_entry(diff: Diff, *, first: bool = False) -> dict[str, Any]:
    """The diff as one entry of a site's changes page and Atom feed (docs/outputs.md): a
    title, and sections of lines in words, as the text report says them, each line one
    printable line of at most :data:`MAX_ENTRY_LINE` characters (the site escapes them for
    HTML and XML), each section at most :data:`MAX_ENTRY_ITEMS` lines and a count of the
    rest. ``first``: the site's first build (every skill is new)."""
    state = {None: "new", True: "valid", False: "invalid"}
    sections: list[tuple[str, list[str]]] = [
        ("Added", [f"{a.name} ({a.path})" + ("" if a.valid else ", invalid")
                   + (f": {_short(a.description)}" if a.description else "")
                   for a in diff.added]),
        ("Removed", [f"{r.name} ({r.path})" for r in diff.removed]),
        ("Renamed", [f"{n.before} → {n.after} (same {n.by}: {n.path_after})"
                     for n in diff.renamed]),
        ("Changed", [_changed_line(c) for c in diff.changed]),
        ("Trust", [_trust_line(t) for t in diff.trust]),
        ("Published archives whose digest changed (installed copies are stale)",
         ["{}: {} → {}".format(a.name, *_archive_line(a)) for a in diff.archives]),
        ("Validity", [f"{v.name}: {state[v.before]} → {state[v.after]}"
                      + "".join(f" +{e}" for e in v.errors_appeared)
                      + "".join(f" -{e}" for e in v.errors_gone) for v in diff.validity]),
    ]
    if first:
        sections = sections[:1]  # the rest would say each new skill again
        title = f"First build: {count(diff.after.skills, 'skill')}"
    else:
        parts = _summary_parts(diff)
        for label, items in (("trust", diff.trust), ("archive", diff.archives),
                             ("validity", diff.validity)):
            if items and not parts:
                parts.append(f"{len(items)} {label} change{'s' if len(items) != 1 else ''}")
        title = ", ".join(parts) or "no skill changed"
    return {
        "title": _entry_line(title),
        "sections": [{"title": label, "items": [_entry_line(i) for i in items[:MAX_ENTRY_ITEMS]],
                      "more": max(0, len(items) - MAX_ENTRY_ITEMS)}
                     for label, items in sections if items],
    }
