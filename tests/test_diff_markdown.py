"""The diff's Markdown is inert whatever the library holds: names, descriptions, paths,
finding messages and listing lines cannot inject a link, an image, HTML, a mention, an issue
reference, a heading or table, nor open or close the comment's hidden marker. Rendered with
cmark-gfm (GitHub's own parser, with its autolink extension) and checked on the HTML."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import cmarkgfm
from cmarkgfm.cmark import Options
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
from skill_catalog.diff.render import MARKER, markdown, md, span
from skill_catalog.diff.snapshot import Finding
from skill_catalog.display.escape import printable

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

ALLOWED_TAGS = {"h3", "h4", "p", "ul", "li", "strong", "em", "code"}


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.comments: list[str] = []
        self.text: list[str] = []
        self._code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self._code += tag == "code"

    def handle_endtag(self, tag: str) -> None:
        self._code -= tag == "code"

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)

    def handle_data(self, data: str) -> None:
        if not self._code:
            self.text.append(data)


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


def _problems(source: str) -> list[str]:
    problems = []
    lines = source.splitlines()
    if lines[0] != MARKER or source.count("<!--") != 1 or source.count("-->") != 1:
        problems.append("the marker is not alone on the first line")
    html = cmarkgfm.github_flavored_markdown_to_html(source, options=Options.CMARK_OPT_UNSAFE)
    parsed = _Tags()
    parsed.feed(html)
    if set(parsed.tags) - ALLOWED_TAGS:
        problems.append(f"tags {set(parsed.tags) - ALLOWED_TAGS}")
    if parsed.comments != [MARKER[4:-3]]:
        problems.append(f"comments {parsed.comments}")
    if parsed.tags.count("h3") != 1 or parsed.tags.count("h4") > 6:
        problems.append("a heading was injected")
    prose = "".join(parsed.text)
    for pattern, what in ((r"@\w", "mention"), (r"#\d", "issue reference"),
                          (r"://", "URL"), (r"(?i)www\.", "www link")):
        if re.search(pattern, prose):
            problems.append(what)
    return problems


@given(text, text, text, text, text)
def test_markdown_is_inert(name: str, description: str, path: str, message: str,
                           line: str) -> None:
    source = markdown(_diff(name, description, path, message, line))
    assert _problems(source) == []


@given(text)
def test_md_keeps_the_text(value: str) -> None:
    """Escaping only escapes: rendered, the text reads as it was (on one line, control and
    invisible characters shown as escapes, zero-width spaces after @ and #)."""
    html = cmarkgfm.github_flavored_markdown_to_html(md(value))
    parsed = _Tags()
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
