"""The diff's Markdown is inert whatever the library holds: names, descriptions, paths,
finding messages and listing lines cannot inject a link, an image, HTML, a mention, an issue
reference, a heading or table, nor open or close the comment's hidden marker. Rendered with
cmark-gfm (GitHub's own parser, with its autolink extension) and checked on the HTML."""

from __future__ import annotations

import dataclasses as dc

import cmarkgfm
from hypothesis import given
from hypothesis import strategies as st

from skill_catalog.diff.compare import (
    Added,
    ArchiveChange,
    Changed,
    Diff,
    FieldChange,
    LineChange,
    Removed,
    Renamed,
    Side,
    ToolChange,
    TrustChange,
    ValidityChange,
)
from skill_catalog.diff.render import MARKER, changes_entry, markdown, md, span
from skill_catalog.diff.render import text as text_report
from skill_catalog.diff.snapshot import Finding
from skill_catalog.display.escape import printable
from tests.helpers.github import MarkdownText, markdown_problems

HOSTILE = [
    "[click](https://evil.example)", "![x](https://evil.example/x.png)", "@octocat",
    "<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "-->", "<!--",
    MARKER, "#123", "owner/repo#1", "https://evil.example", "www.evil.example",
    "a@b.example", "`code` ``", "| a | b |", "\n# heading\n", "<https://evil.example>",
    "[ref]: https://evil.example", "&lt;b&gt;", "*em* _em_ ~~s~~", "\u202eevil", "\x1b[31m",
    "\\", ":shipit:", "<details><summary>x", "javascript:alert(1)", "[x][ref]",
]
text = st.one_of(st.sampled_from(HOSTILE),
                 st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=4).map("".join),
                 st.text(alphabet=st.characters(codec="utf-8"), max_size=40))

def _diff(name: str, description: str, path: str, message: str, line: str) -> Diff:
    finding = Finding("ST020", "error", message, path, 2, None)
    return Diff(
        before=Side(path, "git", 1), after=Side(name, "library", 2),
        added=(Added(name, path, description, False, "danger"),),
        removed=(Removed(name, path),),
        renamed=(Renamed(name, description, path, path, "content"),),
        changed=(Changed(name, path, path, (FieldChange(description, name, line, True, True),),
                         True, (path,), (name,), (description,)),),
        tools=(ToolChange("claude-code", "Claude Code", (LineChange(name, None, line),),
                          (LineChange(name, line, None, description),),
                          (LineChange(name, line, description),), ()),),
        trust=(TrustChange(name, "clean", "danger", (finding,), (finding,)),),
        archives=(ArchiveChange(name, "sha256:" + "0" * 64, message, path, None),),
        validity=(ValidityChange(name, True, False, (message,), ()),),
        unknown=(message,),
    )


@given(text, text, text, text, text)
def test_markdown_is_inert(name: str, description: str, path: str, message: str,
                           line: str) -> None:
    source = markdown(_diff(name, description, path, message, line))
    assert markdown_problems(source) == []


@given(text)
def test_md_keeps_the_text(value: str) -> None:
    """Escaping only escapes: rendered, the text reads as it was (on one line, control and
    invisible characters shown as escapes, zero-width spaces after @ and #)."""
    html = cmarkgfm.github_flavored_markdown_to_html(md(value))
    parsed = MarkdownText()
    parsed.feed(html)
    shown = "".join(parsed.text).strip().replace("\u200b", "")
    assert shown == printable(" ".join(value.split()))


@given(text)
def test_a_listing_line_stays_in_its_code_span(value: str) -> None:
    html = cmarkgfm.github_flavored_markdown_to_html(f"- x: {span(value)} after")
    assert html.count("<code>") == 1
    assert "after" in html.split("</code>")[-1]
    assert "<a " not in html
    assert "<img" not in html


def test_the_escapes_that_matter() -> None:
    assert md("[x](https://e.example) @me #1 <b>") == (
        "\\[x\\]\\(https\\:&#8203;\\/\\/e\\.example\\) \\@&#8203;me \\#&#8203;1 \\<b\\>")
    assert md("a\nb") == "a b"


def test_an_edit_near_the_end_of_a_long_value_is_shown() -> None:
    """A long description changed near its end: both sides are shortened from just before
    their first difference, so the edit is visible in the text, the Markdown and the site's
    changes entry, not cut off identically on both sides."""
    head = "Formats tables in reports. " * 20
    change = FieldChange("description", head + "Uses tabs.", head + "Uses spaces.", True, True)
    diff = Diff(before=Side("a", "git", 1), after=Side("b", "library", 1), added=(), removed=(),
                renamed=(), changed=(Changed("tables", "tables", None, (change,), False, (), (),
                                             ()),),
                tools=(), trust=(), archives=(), validity=(), unknown=())
    entry = changes_entry(diff)
    [line] = [i for s in entry["sections"] for i in s["items"]]
    assert "Uses tabs." in line
    assert "Uses spaces." in line
    assert line.count("…") >= 2
    for out in (markdown(diff), text_report(diff)):
        assert "Uses tabs" in out
        assert "Uses spaces" in out
    short = FieldChange("description", "Uses tabs.", "Uses spaces.", True, True)
    assert "description: Uses tabs. → Uses spaces." in changes_entry(
        dc.replace(diff, changed=(dc.replace(diff.changed[0], fields=(short,)),)))[
            "sections"][0]["items"][0]
