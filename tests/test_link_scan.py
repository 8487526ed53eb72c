"""The fast link scanner and frontmatter split find exactly what their plain versions find.

``validate/links.py`` and ``parse/frontmatter.py`` search only the lines that can match, skip
work that cannot change the result (see docs/performance.md), and find each kind of link in
time linear in the body (``validate/link_syntax.py``, where the plain regexes backtrack into
quadratic time or worse on hostile bodies). The plain versions below are the definitions they
were rewritten from: one regex search through the whole text for each kind of link, and
``text.split("\\n")``. Both are compared on generated Markdown and on every Markdown file of
the shared corpus, and each finder of ``link_syntax`` with its pattern on dense punctuation.
"""

from __future__ import annotations

import bisect
import re
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from skill_catalog.parse import frontmatter
from skill_catalog.validate import link_syntax, links
from tests.helpers.libraries import corpus_files

# The profile's number of examples (tests/conftest.py). Here the fast scanners are compared with
# plain regular expressions on short strings, under a millisecond an example: 8 to 25 times the
# profile's count, which is sized for tests that build sites (more where the alphabet is larger).
PROFILE_EXAMPLES = settings().max_examples

_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
_INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+[\"'(][^)]*)?\)")
_REF_DEF = re.compile(r"^ {0,3}\[(?!\^)[^\]]+\]:\s*(<[^>\n]*>|\S+)", re.MULTILINE)
_HTML_ATTR = re.compile(
    r"""<(?:a|img|source|script|link)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""",
    re.IGNORECASE)
_MENTION = re.compile(r"\b((?:scripts|references|assets)/[\w.@+/-]*\w)")
_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})([^\n]*)$", re.MULTILINE)

Found = list[tuple[str, int, bool]]


def plain_scan(body: str, mentions: bool = True) -> Found:
    """What ``links.scan`` must return, found the slow and obvious way."""
    blocks: list[tuple[int, int]] = []
    opened: tuple[int, str] | None = None
    for match in _FENCE_LINE.finditer(body):
        fence, rest = match.group(1), match.group(2)
        if opened is None:
            if fence[0] == "`" and "`" in rest:
                continue
            opened = (match.start(), fence)
        elif fence[0] == opened[1][0] and len(fence) >= len(opened[1]) and not rest.strip():
            blocks.append((opened[0], match.end()))
            opened = None
    if opened is not None:
        blocks.append((opened[0], len(body)))
    segments, position = [], 0
    for start, end in blocks:
        segments.append((position, start))
        position = end
    segments.append((position, len(body)))
    found: list[tuple[bool, int, str]] = []
    for start, end in segments:
        text = _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), body[start:end])
        for regex in (_INLINE_LINK, _REF_DEF, _HTML_ATTR):
            found += [(False, start + m.start(), m.group(1).strip("<>"))
                      for m in regex.finditer(text)]
    if mentions:
        for match in _MENTION.finditer(body):
            if match.start() and body[match.start() - 1] in "/.$~-":
                continue
            if body[match.end() : match.end() + 1] in ("#", "?", "%", "*", "{", "<", "$"):
                continue
            found.append((True, match.start(), match.group(1)))
    found.sort(key=lambda item: (item[0], item[1]))
    newlines = [m.start() for m in re.finditer("\n", body)]
    return [(target, bisect.bisect_left(newlines, offset) + 1, mention)
            for mention, offset, target in found]


def fast_scan(body: str, mentions: bool = True) -> Found:
    return [(link.target, link.line, link.mention)
            for link in links.scan.__wrapped__(body, mentions)]


def plain_split(text: str) -> tuple[object, ...]:
    lines = text.split("\n")
    if lines[0].rstrip() != "---":
        return ("problem",)
    for index in range(1, len(lines)):
        if lines[index].rstrip() == "---":
            return ("\n".join(lines[1:index]), "\n".join(lines[index + 1 :]), index + 2)
    return ("problem", "SC021")


def fast_split(text: str) -> tuple[object, ...]:
    parts = frontmatter.split(text)
    if isinstance(parts, frontmatter.SplitProblem):
        return ("problem", "SC021") if parts.code == "SC021" else ("problem",)
    return (parts.frontmatter, parts.body, parts.body_line)


PIECES = ["[", "]", "(", ")", "!", "`", "``", "```", "~~~", "\n", "\n", " ", "   ", "<", ">",
          "]:", "](", "a", "b.md", ":", "#", "^", "scripts/", "references/", "assets/", "x.py",
          "/", ".", "-", "$", "~", '"', "'", '<a href="', "<IMG src='", "http://e.com/", "../",
          "é", "_", "\t", "?", "*", "{", "%", "my", "\\", "\r", "---", "- "]
LINE_STARTS = ["", " ", "   ", "    ", "```", "~~~", "````", "``` py", "```x`", "[a]: ", "[^1]: ",
               " [b]: <x y>", "> ", "---"]

markdown = st.lists(
    st.tuples(st.sampled_from(LINE_STARTS), st.lists(st.sampled_from(PIECES), max_size=12)),
    max_size=14,
).map(lambda lines: "\n".join(start + "".join(rest) for start, rest in lines))


@settings(max_examples=25 * PROFILE_EXAMPLES)
@given(body=markdown, mentions=st.booleans())
def test_scan_finds_what_the_plain_search_finds(body: str, mentions: bool) -> None:
    assert fast_scan(body, mentions) == plain_scan(body, mentions)


@settings(max_examples=8 * PROFILE_EXAMPLES)
@given(body=st.text(alphabet="[]()!`~<>: \n-/.#^ascriptsrefenhd'\"", max_size=300))
def test_scan_on_dense_punctuation(body: str) -> None:
    assert fast_scan(body) == plain_scan(body)


@settings(max_examples=13 * PROFILE_EXAMPLES)
@given(text=st.lists(st.sampled_from(["---", "--- ", " ---", "----", "\n", "\n", "a: b", "x",
                                      "\u2003", "\r", ""]), max_size=14).map("".join))
def test_split_matches_the_split_on_every_line(text: str) -> None:
    assert fast_split(text) == plain_split(text)


CODE_PIECES = ["`", "``", "```", "````", "`````", "a", " ", "\n"]
LINK_PIECES = ["[", "]", "(", ")", "!", "<", ">", " ", "   ", "\n", "\t", "\u00a0", "a", "'", '"',
               "](", "[a]", "]:", "^", "\n[", "\n [", "<a>", "b c", "(x)", "![", "[a](b)", '"t"']
HTML_PIECES = ["<a", "<A", "<img", "<link", "<script", "<source", "<abbr", "<a ", " ", "\n", "=",
               "href", "SRC", "src", "src=", " href=", "data-src", "xsrc", "\u017frc", "'", '"',
               "'x'", '"y"', ">", "x", "-", "<"]


def pieces(alphabet: list[str], count: int) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(alphabet), max_size=count).map("".join)


@settings(max_examples=25 * PROFILE_EXAMPLES)
@given(text=pieces(CODE_PIECES, 30))
def test_code_spans_are_what_the_plain_pattern_replaces(text: str) -> None:
    assert link_syntax.code_spans(text) == [m.span() for m in _INLINE_CODE.finditer(text)]


@settings(max_examples=25 * PROFILE_EXAMPLES)
@given(text=pieces(LINK_PIECES, 40))
@example(text='[a](<x>"t")')  # no space before the title: the destination runs on
@example(text="[a](b)!")  # a "!" at the very end does not start the first link
@example(text="[[a](b)](c) [x [y] z](w 'v') [p][q](r)")
def test_inline_links_and_definitions_are_the_plain_matches(text: str) -> None:
    assert link_syntax.inline_links(text) == [
        (m.start(), m.start(1), m.end(1)) for m in _INLINE_LINK.finditer(text)]
    assert link_syntax.reference_definitions(text) == [
        (m.start(), m.group(1)) for m in _REF_DEF.finditer(text)]


@settings(max_examples=17 * PROFILE_EXAMPLES)
@given(text=pieces(HTML_PIECES, 30))
def test_html_links_are_the_plain_matches(text: str) -> None:
    assert link_syntax.html_links(text) == [
        (m.start(), m.group(1)) for m in _HTML_ATTR.finditer(text)]


def test_scan_and_split_on_every_corpus_markdown_file(corpus: Path) -> None:
    """Every Markdown file of the corpus, links to Markdown files included (a broken link is
    no file: it is not read)."""
    texts = [p.read_text("utf-8", "replace").replace("\r\n", "\n")
             for p in corpus_files(corpus, "*.md")]
    assert len(texts) > 1000
    for text in texts:
        assert fast_scan(text) == plain_scan(text)
        assert fast_split(text) == plain_split(text)
