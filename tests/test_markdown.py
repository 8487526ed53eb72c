"""The Markdown renderer: GFM features, anchors, highlighting, link rewriting and safety.

Fixture cases are ``tests/fixtures/markdown/<name>.md`` with the expected ``<name>.html``
(``highlight="server"``, Pygments); each runs through both engines. cmark's output must match the
same file up to whitespace around block tags, unless a ``<name>.cmark.html`` records a known,
harmless difference. A ``<name>.client.html`` is the expected output with ``highlight="client"``.
To rewrite the expected files after an intended change, run
``UPDATE_MARKDOWN_FIXTURES=1 pytest tests/test_markdown.py`` and read the diff.

cmark's fast path (no sanitiser for documents without raw HTML) is held to the sanitiser's
output: the same results with the fast path switched off, and ``clean(html) == html``.
"""

from __future__ import annotations

import concurrent.futures
import os
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from unittest import mock
from urllib.parse import urlsplit

import pygments
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from skill_catalog.config import ConfigError, config_from_mapping
from skill_catalog.site.build import build
from skill_catalog.site.markdown import engines as markdown_engines
from skill_catalog.site.markdown.anchors import AnchorAllocator, plain_texts, slugify
from skill_catalog.site.markdown.engines import resolve
from skill_catalog.site.markdown.highlight import (
    HLJS_SCOPES,
    TOKEN_CLASSES,
    file_language,
    hljs_selector,
    stylesheet,
)
from skill_catalog.site.markdown.link_pass import Fragments, TagRewriter
from skill_catalog.site.markdown.render import (
    ENGINES,
    PAGE_IDS,
    Heading,
    Rendered,
    highlight_file,
    render_markdown,
)
from skill_catalog.site.markdown.sanitize import (
    ALLOWED_TAGS,
    MAX_DEPTH,
    clean,
    limit_depth,
    nesting_depth,
    urls_kept,
)
from tests.browser import launch, need_chromium
from tests.helpers.libraries import write_skill

# The profile's number of examples (tests/conftest.py). Here rendering a short document (or
# checking a URL) takes a few milliseconds: 5 times the profile's count, which is sized for tests
# that build sites.
PROFILE_EXAMPLES = settings().max_examples

FIXTURES = Path(__file__).parent / "fixtures" / "markdown"
CASES = sorted(path.stem for path in FIXTURES.glob("*.md"))
ENGINE_NAMES = list(ENGINES)
UPDATE = os.environ.get("UPDATE_MARKDOWN_FIXTURES") == "1"
ASSETS = Path(__file__).parent.parent / "templates" / "assets"
CSS = ASSETS / "highlight.css"


def site_rewriter(url: str, kind: str) -> str | None:
    """Like the site's: Markdown files go to their page, paths leaving the folder are dropped."""
    parts = urlsplit(url)
    if parts.scheme or url.startswith("//"):
        return url
    if url.startswith(("/", "../")):
        return None
    if parts.path.endswith(".md"):
        return f"files/{parts.path}.html" + (f"#{parts.fragment}" if parts.fragment else "")
    return url


def render_fixture(name: str, engine: str) -> Rendered:
    text = (FIXTURES / f"{name}.md").read_text(encoding="utf-8")
    return render_markdown(text, rewrite_link=site_rewriter, engine=engine)


_BLOCK_SPACE = re.compile(
    r"\s*(</?(?:div|pre|p|li|ul|ol|table|thead|tbody|tr|th|td|blockquote|section|h[1-6]|hr"
    r"|details|summary)\b[^>]*>)\s*"
)


def quotes_neutral(html: str) -> str:
    """Pygments 2.20 escapes quotes in code text (``&quot;``), later releases do not; both are
    the same HTML, so comparisons ignore the difference."""
    return html.replace("&quot;", '"').replace("&#39;", "'").replace("&#x27;", "'")


def block_normalized(html: str) -> str:
    return _BLOCK_SPACE.sub(r"\1", quotes_neutral(html)).strip()


# --- safety audit -----------------------------------------------------------------------------

_URL_ATTRS = {"href", "src", "action", "formaction", "data", "xlink:href", "poster", "background",
              "srcset", "cite", "codebase"}
_FORBIDDEN_ATTRS = {"style", "srcdoc", "target", "http-equiv", "formaction", "action", "name"}
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


def _scheme(url: str) -> str | None:
    compact = re.sub(r"[\x00-\x20]", "", url)
    match = re.match(r"([a-zA-Z][a-zA-Z0-9+.\-]*):", compact)
    return match.group(1).lower() if match else None


class Audit(HTMLParser):
    """Everything in rendered HTML that the safety rules forbid, as readable problems."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "input":
            if names.get("type") != "checkbox" or "disabled" not in names:
                self.problems.append(f"input that is not a disabled checkbox: {attrs}")
        elif tag not in ALLOWED_TAGS:
            self.problems.append(f"tag <{tag}>")
        for key, value in attrs:
            value = value or ""
            if key.startswith("on") or key in _FORBIDDEN_ATTRS:
                self.problems.append(f"attribute {key}= on <{tag}>")
            if key in _URL_ATTRS:
                scheme = _scheme(value)
                ok_data = tag == "img" and key == "src" and re.match(
                    r"data:image/(png|gif|jpeg|webp)[;,]", value.strip(), re.I
                )
                if scheme not in (None, "http", "https", "mailto") and not ok_data:
                    self.problems.append(f"{key}={value!r} on <{tag}>")
            if key == "id" and tag not in _HEADINGS and not value.startswith("user-content-"):
                self.problems.append(f"unprefixed id={value!r} on <{tag}>")
            if key == "id" and value in PAGE_IDS:
                self.problems.append(f"page id {value!r} reused")

    handle_startendtag = handle_starttag


def audit(html: str) -> list[str]:
    checker = Audit()
    checker.feed(html)
    checker.close()
    lowered = html.lower()
    for needle in ("<script", "<style", "<iframe", "<object", "<embed", "<meta", "<base",
                   "<link", "<form", "<svg", "<math"):
        if needle in lowered:
            checker.problems.append(f"{needle} in output")
    return checker.problems


# --- fixtures ---------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINE_NAMES)
@pytest.mark.parametrize("name", CASES)
def test_fixture(name: str, engine: str) -> None:
    rendered = render_fixture(name, engine)
    assert rendered.engine == engine
    assert audit(rendered.html) == []
    expected_file = FIXTURES / f"{name}.html"
    specific = FIXTURES / f"{name}.{engine}.html"
    if UPDATE:
        reference = render_fixture(name, "markdown-it").html
        expected_file.write_text(reference, encoding="utf-8")
        if engine != "markdown-it" and block_normalized(rendered.html) != block_normalized(
            reference
        ):
            specific.write_text(rendered.html, encoding="utf-8")
    if specific.exists():
        assert quotes_neutral(rendered.html) == quotes_neutral(specific.read_text(encoding="utf-8"))
    elif engine == "markdown-it":
        expected = expected_file.read_text(encoding="utf-8")
        assert quotes_neutral(rendered.html) == quotes_neutral(expected)
    else:
        expected = expected_file.read_text(encoding="utf-8")
        assert block_normalized(rendered.html) == block_normalized(expected)


@pytest.mark.parametrize("name", CASES)
def test_engines_agree_on_headings(name: str) -> None:
    results = {engine: render_fixture(name, engine).headings for engine in ENGINE_NAMES}
    assert len(set(results.values())) == 1, results


# --- GFM features (spot checks that read better than a fixture diff) ---------------------------


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_task_list_checkboxes_are_disabled(engine: str) -> None:
    html = render_markdown("- [x] done\n- [ ] open\n- plain\n", engine=engine).html
    assert html.count("<input") == 2
    assert html.count("disabled") == 2
    assert html.count(" checked") == 1
    assert html.count('class="task-list-item"') == 2


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_features(engine: str) -> None:
    html = render_markdown(
        "| a | b |\n|:-|-:|\n| 1 | 2 |\n\n~~gone~~ www.example.org x[^n]\n\n[^n]: note\n",
        engine=engine,
    ).html
    assert '<th align="left">a</th>' in html
    assert '<td align="right">2</td>' in html
    assert "<del>gone</del>" in html
    assert '<a href="http://www.example.org" rel="nofollow noopener noreferrer">' in html
    assert '<a href="#user-content-fn-n" id="user-content-fnref-n">1</a>' in html
    assert '<li id="user-content-fn-n">' in html
    assert "style=" not in html


def test_autolinks_need_no_extra_package() -> None:
    """GFM bare-URL links come from our own rule, not from the optional linkify-it-py."""
    from skill_catalog.site.markdown.autolink import find_autolinks

    text = "see https://a.example/x). and www.b.example, mail c@d.example."
    found = [(text[s:e], href) for s, e, href in find_autolinks(text)]
    assert found == [
        ("https://a.example/x", "https://a.example/x"),
        ("www.b.example", "http://www.b.example"),
        ("c@d.example", "mailto:c@d.example"),
    ]


# --- headings and anchors ---------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_table_of_contents(engine: str) -> None:
    headings = render_fixture("headings", engine).headings
    assert headings == (
        Heading(1, "Overview", "overview"),
        Heading(2, "Usage", "usage"),
        Heading(3, "Usage", "usage-1"),
        Heading(2, "Usage", "usage-2"),
        Heading(2, "Ünïcödé Café", "ünïcödé-café"),
        Heading(2, "日本語の見出し", "日本語の見出し"),
        Heading(2, "Main", "main-1"),
        Heading(2, "What's new in v2? (beta!)", "whats-new-in-v2-beta"),
        Heading(2, "Emoji 🚀 launch", "emoji--launch"),
        Heading(2, "Setext heading", "setext-heading"),
        Heading(2, "Raw HTML heading", "raw-html-heading"),
    )
    anchors = [h.anchor for h in headings]
    assert len(set(anchors)) == len(anchors)


def test_heading_self_links_and_fragment_links() -> None:
    html = render_fixture("headings", "markdown-it").html
    assert (
        '<h2 id="usage">Usage<a class="heading-anchor" href="#usage" '
        'aria-label="Link to this section">#</a></h2>'
    ) in html
    # The raw heading's own id gives way to its anchor, and links to the old id follow it.
    assert 'id="custom"' not in html
    assert '<a href="#raw-html-heading">to the raw heading</a>' in html


def test_reserved_ids_can_be_chosen() -> None:
    rendered = render_markdown("# Intro\n\n# Main\n", reserved_ids={"intro"})
    assert [h.anchor for h in rendered.headings] == ["intro-1", "main"]


@given(texts=st.lists(st.text(alphabet=st.sampled_from("aZ9 -_!.é日\u0301\t"), max_size=12)))
def test_anchors_of_a_whole_document_match_one_by_one_slugs(texts: list[str]) -> None:
    plain = plain_texts(texts)
    expected, taken = [], {"main"}
    for text in plain:
        base = anchor = slugify(text)
        counter = 0
        while anchor in taken:
            counter += 1
            anchor = f"{base}-{counter}"
        taken.add(anchor)
        expected.append(anchor)
    assert AnchorAllocator({"main"}).allocate_all(plain) == expected


def test_headings_without_text_get_an_id_but_no_toc_entry() -> None:
    rendered = render_markdown("#\n\n## ![only an image](x.png)\n")
    assert rendered.headings == ()
    assert rendered.html.count('id="section') == 2


# --- highlighting -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "code", "expected_span"),
    [
        ("python", "def f():\n    return 1\n", '<span class="k">def</span>'),
        ("bash", "echo hi | grep h\n", '<span class="nb">echo</span>'),
        ("json", '{"a": true}\n', '<span class="nt">&quot;a&quot;</span>'),
        ("yaml", "name: demo\n", '<span class="nt">name</span>'),
        ("py", "import os\n", '<span class="kn">import</span>'),
    ],
)
@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_fences_are_highlighted(engine: str, language: str, code: str, expected_span: str) -> None:
    html = render_markdown(f"```{language}\n{code}```\n", engine=engine).html
    assert html.startswith(f'<div class="highlight"><pre data-lang="{language}"><code>')
    assert quotes_neutral(expected_span) in quotes_neutral(html)


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_unknown_language_is_plain_escaped_text(engine: str) -> None:
    html = render_markdown("```klingon\n<b>&</b>\n```\n", engine=engine).html
    assert html == '<pre data-lang="klingon"><code>&lt;b&gt;&amp;&lt;/b&gt;\n</code></pre>\n'


def test_highlight_css_covers_every_token_class_in_both_themes() -> None:
    css = CSS.read_text(encoding="utf-8")
    if f"Pygments {pygments.__version__} " in css:  # styles may change between releases
        regenerate = f"python -m skill_catalog.site.markdown.highlight > {CSS}"
        assert css == stylesheet(), f"regenerate: {regenerate}"
    light, rest = css.split("/* dark, following the system */")
    media, explicit = rest.split("/* the reader's explicit choice */")
    assert media.lstrip().startswith("@media (prefers-color-scheme: dark) {")
    for cls in TOKEN_CLASSES:
        assert re.search(rf"(^|, )\.highlight \.{cls}[ ,]", light, re.M), cls
        assert re.search(rf"(^  |, )\.highlight \.{cls}[ ,]", media, re.M), cls
        for theme in ("light", "dark"):
            assert f'[data-theme="{theme}"] .highlight .{cls} ' in explicit or (
                f'[data-theme="{theme}"] .highlight .{cls},' in explicit
            ), (theme, cls)
    for scope in HLJS_SCOPES:
        selector = f".hljs {hljs_selector(scope)}"
        assert re.search(rf"(^|, ){re.escape(selector)}[ ,]", light, re.M), scope
        assert re.search(rf"(^  |, ){re.escape(selector)}[ ,]", media, re.M), scope
        for theme in ("light", "dark"):
            rule = rf'\[data-theme="{theme}"\] {re.escape(selector)}[ ,]'
            assert re.search(rule, explicit), (theme, scope)
    assert "style=" not in css


@pytest.mark.parametrize(
    ("scope", "selector"),
    [
        ("keyword", ".hljs-keyword"),
        ("title.function", ".hljs-title.function_"),
        ("title.class.inherited", ".hljs-title.class_.inherited__"),
        ("meta keyword", ".hljs-meta .hljs-keyword"),
    ],
)
def test_hljs_selectors_follow_its_class_names(scope: str, selector: str) -> None:
    assert hljs_selector(scope) == selector


def test_highlight_file_python() -> None:
    html = highlight_file("import os\n\nprint(os.sep)\n", "scripts/run.py")
    assert html.startswith('<div class="highlight numbered-code"><pre><code>')
    assert [f'id="L{n}"' in html for n in (1, 2, 3)] == [True, True, True]
    assert 'id="L4"' not in html
    assert '<a class="line-number" href="#L3" data-line="3" aria-label="Line 3"></a>' in html
    assert '<span class="kn">import</span>' in html


def test_highlight_file_json_and_multiline_tokens() -> None:
    html = highlight_file('{\n  "a": "b"\n}\n', "data.json")
    assert '<span class="nt">"a"</span>' in quotes_neutral(html)
    rows = highlight_file('x = """one\ntwo"""\n', "m.py").rstrip("\n").split("\n")
    assert len(rows) == 2
    for row in rows:  # spans never cross a line, so each line can be linked and styled alone
        assert row.count("<span") == row.count("</span>")


def test_highlight_file_unknown_type_is_escaped_text() -> None:
    html = highlight_file("</pre><script>alert(1)</script>\n", "notes.unknownext")
    assert html.startswith('<div class="numbered-code"><pre><code>')
    assert "<script" not in html
    assert "&lt;/pre&gt;&lt;script&gt;" in html
    assert [p for p in audit(html) if "id='L1'" not in p] == []


def test_highlight_file_truncates_huge_files() -> None:
    line = "x = 1  # padding to make the line longer\n"
    text = line * 30_000
    html = highlight_file(text, "big.py", max_chars=100_000)
    shown = 100_000 // len(line)
    assert f'id="L{shown}"' in html
    assert f'id="L{shown + 1}"' not in html
    assert "This file is 1.2\u00a0MB; only the first 97.7\u00a0KB are shown." in html


# --- link rewriting ---------------------------------------------------------------------------


def test_rewriter_sees_every_link_and_image() -> None:
    calls: list[tuple[str, str]] = []

    def record(url: str, kind: str) -> str | None:
        calls.append((url, kind))
        return site_rewriter(url, kind)

    text = (FIXTURES / "links.md").read_text(encoding="utf-8")
    for engine in ENGINE_NAMES:
        calls.clear()
        render_markdown(text, rewrite_link=record, engine=engine)
        assert calls == [
            ("references/guide.md", "link"),
            ("references/guide.md#setup", "link"),
            ("scripts/run.py", "link"),
            ("references/api.md", "link"),
            ("https://example.org/collapsed", "link"),
            ("assets/notes.txt", "link"),
            ("../other/SKILL.md", "link"),
            ("/etc/passwd", "link"),
            ("https://example.org/page", "link"),
            ("mailto:team@example.com", "link"),
            ("assets/diagram.png", "image"),
            ("../../secret.png", "image"),
            ("https://images.example.org/logo.png", "image"),
            ("references/guide.md", "link"),
            ("../escape.md", "link"),
            ("assets/raw.png", "image"),
            ("../up.png", "image"),
        ], engine


def test_dropped_links_keep_text_and_dropped_images_keep_alt() -> None:
    html = render_fixture("links", "markdown-it").html
    assert "<a>parent</a>" in html
    assert "<a>raw escape</a>" in html
    assert "outside" in html
    assert "secret.png" not in html
    assert "dropped raw image" in html
    assert "up.png" not in html


def test_rewriter_answers_are_checked_and_escaped() -> None:
    html = render_markdown(
        "[a](x) [b](y) ![c](z)",
        rewrite_link=lambda url, kind: {"x": "javascript:alert(1)", "y": 'q"><script>'}.get(
            url, "data:text/html,x"
        ),
    ).html
    assert html == '<p><a>a</a> <a href="q&quot;&gt;&lt;script&gt;">b</a> c</p>\n'


def test_external_links_only_get_rel() -> None:
    html = render_markdown("[in](a/b.md) [out](https://x.example) [proto](//y.example/z)").html
    assert '<a href="a/b.md">in</a>' in html
    assert '<a href="https://x.example" rel="nofollow noopener noreferrer">out</a>' in html
    assert '<a href="//y.example/z" rel="nofollow noopener noreferrer">proto</a>' in html


# --- hostile input ----------------------------------------------------------------------------

XSS_VECTORS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="jav&#x0A;ascript:alert(1)">x</a>',
    '<a href="jav\tascript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112'
    '&#0000116&#0000058alert(1)">x</a>',
    '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
    '<a href="  JaVaScRiPt:alert(1)">x</a>',
    '<a href="\x01javascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    "<svg><script>alert(1)</script></svg>",
    "<svg onload=alert(1)>",
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<math href="javascript:alert(1)">click</math>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
    '<embed src="javascript:alert(1)">',
    "[x](javascript:alert(1))",
    "[x](JAVASCRIPT:alert(1))",
    "[x](<javascript:alert(1)>)",
    "[x](javascript&#58;alert(1))",
    "[x][r]\n\n[r]: javascript:alert(1)",
    "![x](data:text/html;base64,PHNjcmlwdD4=)",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    '<img src="javascript:alert(1)">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="https://evil.example/">',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">'
    "go</button></form>",
    '<style>body{background:url("javascript:alert(1)")} *{x:expression(alert(1))}</style>',
    '<div style="width: expression(alert(1))">x</div>',
    '<p onclick="alert(1)" onmouseover=alert(1)>x</p>',
    '<a href="https://ok.example" onclick="alert(1)" target="_blank">x</a>',
    '<img src="x" id="location" name="cookie"><form id="main"><a id="search" name="x">y</a>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    "<textarea><script>alert(1)</script></textarea>",
    "<title><script>alert(1)</script></title>",
    "<!--><script>alert(1)</script>-->",
    "<<script>script>alert(1)<</script>/script>",
    "<scr<script>ipt>alert(1)</script>",
    '<input type="text" autofocus onfocus=alert(1)>',
    '<input type="checkbox" checked>',
    "<video><source onerror=\"alert(1)\"></video>",
    "<details open ontoggle=alert(1)>x</details>",
    "<marquee onstart=alert(1)>x</marquee>",
    "<isindex action=javascript:alert(1) type=image>",
    "<template><script>alert(1)</script></template>",
    '<a href="java\u0000script:alert(1)">x</a>',
    "\ufdd0 \ufdd1 \ufdd2" + "0\ufdd3 forged placeholders",
    "<a title='<input class=\"task-list-item-checkbox\" type=\"checkbox\" disabled=\"\" />'>x</a>",
    "<a title='<pre><code class=\"language-python\">x</code></pre>'>t</a>",
    "- [ ] <script>alert(1)</script>\n- [x] <img src=x onerror=alert(1)>",
    "# <img src=x onerror=alert(1)> heading\n\n## [x](javascript:alert(1))",
    "```<script>\ncode\n```\n\n```python\"><script>alert(1)</script>\nx\n```",
    "| <script>alert(1)</script> |\n|---|\n| <img src=x onerror=alert(1)> |",
    "[^a]\n\n[^a]: <script>alert(1)</script>",
    "www.example.com/<script>alert(1)</script> https://x.example/\"onmouseover=alert(1)",
]


@pytest.mark.parametrize("engine", ENGINE_NAMES)
@pytest.mark.parametrize("vector", XSS_VECTORS)
def test_xss_vectors_are_neutralised(vector: str, engine: str) -> None:
    html = render_markdown(vector, engine=engine, rewrite_link=site_rewriter).html
    assert audit(html) == [], html
    assert "<input" not in html or vector.startswith("- [ ]")
    assert "\ufdd0" not in html
    assert "\ufdd2" not in html


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_author_ids_cannot_clobber_page_ids(engine: str) -> None:
    html = render_markdown(
        '<a id="main" name="skill-search">x</a> <img id="location" src="a.png">', engine=engine
    ).html
    assert '<a id="user-content-main">x</a>' in html
    assert 'id="user-content-location"' in html
    assert "name=" not in html


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_data_images_are_kept_only_for_raster_types(engine: str) -> None:
    html = render_markdown(
        "![png](data:image/png;base64,iVBORw0KGgo=) ![svg](data:image/svg+xml;base64,PHN2Zz4=)",
        engine=engine,
    ).html
    assert '<img src="data:image/png;base64,iVBORw0KGgo=" alt="png" loading="lazy">' in html
    assert 'src="data:image/svg' not in html
    assert "svg" in html  # the alt text (or the unlinked source) stays


NESTING_BOMBS = {
    "block quotes": ">" * 100_000 + " deep\n\nafter\n",
    "brackets": "[" * 100_000 + "x" + "]" * 100_000,
    "nested lists": "- " * 50_000 + "deep\n",
    "indented lists": "".join("  " * i + "- item\n" for i in range(1_500)),
    "quote lists": "> - " * 50_000 + "deep\n",
    "emphasis": "*" * 50_000 + "x" + "*" * 50_000,
    "links": "[a](" * 30_000 + "x" + ")" * 30_000,
    "images": "![a" * 30_000 + "](x)" * 30_000,
    "raw divs": "<div>" * 100_000 + "deep",
    "raw blockquotes": "<blockquote>" * 50_000,
    "footnote chain": "[^1]\n\n" + "".join(f"[^{i}]: [^{i + 1}]\n" for i in range(1, 3_000)),
}


@pytest.mark.parametrize("engine", ENGINE_NAMES)
@pytest.mark.parametrize("bomb", list(NESTING_BOMBS))
def test_nesting_bombs_render_without_recursion_errors(bomb: str, engine: str) -> None:
    rendered = render_markdown(NESTING_BOMBS[bomb], engine=engine)
    assert audit(rendered.html) == []
    assert rendered.html.count("<div") <= MAX_DEPTH + 1


def test_depth_limit_keeps_text_and_balance() -> None:
    limited = limit_depth("<div>" * 150 + "core" + "</div>" * 150, max_depth=100)
    assert limited == "<div>" * 100 + "core" + "</div>" * 100
    # Stray end tags first do not buy extra depth later.
    assert limit_depth("</ul>" * 500 + "<ul><li>" * 500, max_depth=100).count("<") == 600
    # Inline tags cost nh3 linear time and are left alone.
    assert limit_depth("<span>" * 500, max_depth=100) == "<span>" * 500


# --- truncation, engines, odd input -------------------------------------------------------------


def test_long_input_is_cut_at_a_line_with_a_notice() -> None:
    text = "".join(f"line {n}\n" for n in range(1_000))
    rendered = render_markdown(text, max_chars=100)
    assert rendered.truncated
    assert "line 12</p>" in rendered.html
    assert "line 13" not in rendered.html
    assert rendered.html.endswith(
        '<p class="truncated-notice" role="note">This file is 8.7\u00a0KB; only the first '
        '94\u00a0B are shown.</p>\n'
    )
    assert not render_markdown(text).truncated


def test_engine_choice() -> None:
    assert resolve("auto").name == "cmark"  # a dependency
    assert render_markdown("x", engine="markdown-it").engine == "markdown-it"
    with pytest.raises(ValueError, match="unknown Markdown engine"):
        render_markdown("x", engine="nope")


def test_markdown_it_is_the_fallback_without_cmarkgfm() -> None:
    def missing() -> None:
        raise ImportError("No module named 'cmarkgfm'")

    with mock.patch.object(markdown_engines, "_cmark", missing):
        assert resolve("auto").name == "markdown-it"
        assert render_markdown("*x*").engine == "markdown-it"
        with pytest.raises(ValueError, match="not installed"):
            resolve("cmark")


def test_surrogates_and_nul_are_replaced() -> None:
    for engine in ENGINE_NAMES:
        html = render_markdown("a\ud800b\x00c", engine=engine).html
        assert html == "<p>a\ufffdb\ufffdc</p>\n"
    assert "\ufffd" in highlight_file("x\udcff\n", "a.txt")


MARKDOWN_PIECES = st.sampled_from(
    ["<", ">", "[", "]", "(", ")", "!", "*", "_", "`", "~", "|", "-", "#", "\n", " ", ":", "\\",
     "&", ";", '"', "'", "=", "/", "javascript:", "jav&#x09;ascript:", "data:", "on", "onerror=",
     "<a href=", "<img src=", "<script>", "</script>", "<svg", "<style>", "[^1]", "- [ ] ",
     "```", "    ", "> ", "1. ", "www.", "http://", "@", "x", "\ufdd0", "\ufdd2", "<!--", "-->"]
)  # fmt: skip
DOCUMENTS = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(MARKDOWN_PIECES, st.text(max_size=8)), max_size=80).map("".join),
)


@settings(max_examples=5 * PROFILE_EXAMPLES)
@example(text="```JAVASCRIPT:", engine="cmark")  # a fence's language is text, not a URL
@given(text=DOCUMENTS, engine=st.sampled_from(ENGINE_NAMES))
def test_arbitrary_text_renders_safely(text: str, engine: str) -> None:
    rendered = render_markdown(text, engine=engine, rewrite_link=site_rewriter)
    assert audit(rendered.html) == []
    for tag in re.findall(r"<[a-zA-Z][^>]*>", rendered.html):
        assert not re.search(r"\son[a-z]+=", tag), tag
        # as the scheme of a URL attribute (data-lang="javascript:" names a fence's language)
        assert not re.search(r'\s(?:href|src|srcset|action|formaction|xlink:href|poster|cite|'
                             r'background|data)="[\x00-\x20]*javascript:', tag.lower()), tag


# --- client-side highlighting -------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_client_mode_leaves_escaped_code_for_the_browser(engine: str) -> None:
    rendered = render_markdown(
        '# T\n\n```python\nif a < b and c & d: print("x")\n```\n', engine=engine,
        highlight="client",
    )
    assert rendered.html.endswith(
        '<pre data-lang="python"><code class="language-python">'
        'if a &lt; b and c &amp; d: print("x")\n</code></pre>\n'
    )
    assert "<span" not in rendered.html
    assert rendered.has_code
    assert not render_markdown("```python\nx\n```\n", engine=engine).has_code  # server mode


@pytest.mark.parametrize("engine", ENGINE_NAMES)
@pytest.mark.parametrize(
    ("source", "expected", "has_code"),
    [
        ("```\nx\n```\n", "<pre><code>x\n</code></pre>\n", False),
        ("    indented <i>\n", "<pre><code>indented &lt;i&gt;\n</code></pre>\n", False),
        ("```c++\nx\n```\n", '<pre data-lang="c++"><code class="language-c++">x\n</code></pre>\n',
         True),
        ('```py"><script>\nx\n```\n',
         '<pre data-lang="py&quot;&gt;&lt;script&gt;"><code>x\n</code></pre>\n', False),
        ("no code at all\n", "<p>no code at all</p>\n", False),
    ],
)
def test_client_mode_language_classes(engine: str, source: str, expected: str,
                                      has_code: bool) -> None:
    rendered = render_markdown(source, engine=engine, highlight="client")
    assert rendered.html == expected
    assert rendered.has_code is has_code
    assert audit(rendered.html) == []


_CODE = re.compile(r'(?:<div class="highlight">)?<pre[^>]*>.*?</pre>(?:</div>)?', re.S)


@pytest.mark.parametrize("engine", ENGINE_NAMES)
@pytest.mark.parametrize("name", CASES)
def test_client_and_server_modes_differ_only_in_code_blocks(name: str, engine: str) -> None:
    text = (FIXTURES / f"{name}.md").read_text(encoding="utf-8")
    client = render_markdown(text, rewrite_link=site_rewriter, engine=engine, highlight="client")
    server = render_markdown(text, rewrite_link=site_rewriter, engine=engine, highlight="server")
    assert _CODE.sub("<pre/>", client.html) == _CODE.sub("<pre/>", server.html)
    assert client.headings == server.headings
    assert audit(client.html) == []
    expected = FIXTURES / f"{name}.client.html"
    if expected.exists():
        assert block_normalized(client.html) == block_normalized(expected.read_text("utf-8"))


def test_unknown_highlight_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown highlight mode"):
        render_markdown("x", highlight="browser")  # type: ignore[arg-type]


def test_highlight_file_client_mode_is_escaped_numbered_text() -> None:
    html = highlight_file('x = """a\n<b>"""\n', "scripts/run.py", highlight="client")
    assert html.startswith('<div class="numbered-code"><pre><code class="language-py">')
    assert '<a class="line-number" href="#L2" data-line="2" aria-label="Line 2"></a>' in html
    assert "&lt;b&gt;" in html
    assert '<span class="line"' in html
    assert "<span class=\"k" not in html
    assert "<span class=\"s" not in html
    assert 'id="L3"' not in html
    unknown = highlight_file("<script>\n", "notes", highlight="client")
    assert unknown.startswith('<div class="numbered-code"><pre><code><span class="line"')
    assert "&lt;script&gt;" in unknown


@pytest.mark.parametrize(
    ("filename", "language"),
    [("scripts/run.py", "py"), ("data.JSON", "json"), ("a\\b\\Dockerfile", "dockerfile"),
     ("Makefile", "makefile"), (".gitignore", ""), ("LICENSE", ""), ("odd.na me", ""),
     ("x.tar.gz", "gz")],
)
def test_file_language(filename: str, language: str) -> None:
    assert file_language(filename) == language


def test_highlight_option_in_the_configuration() -> None:
    assert config_from_mapping({}).highlight == "client"
    assert config_from_mapping({"highlight": "server"}).highlight == "server"
    with pytest.raises(ConfigError, match="highlight: expected one of client, server"):
        config_from_mapping({"highlight": "pygments"})


def test_vendored_highlighter_is_complete() -> None:
    vendor = ASSETS / "vendor" / "highlight"
    assert "BSD 3-Clause License" in (vendor / "LICENSE").read_text(encoding="utf-8")
    bundle = (vendor / "highlight.min.js").read_text(encoding="utf-8")
    assert bundle.startswith("/*!\n  Highlight.js v11.")
    init = (ASSETS / "highlight-init.js").read_text(encoding="utf-8")
    for name in re.findall(r'"([a-z]+)"', init.split("var EXTRA")[1].split("};")[0])[1::2]:
        assert (vendor / "languages" / f"{name}.min.js").is_file(), name
    for script in (bundle, init):
        assert "eval(" not in script
        assert "new Function" not in script


def _site_library(root: Path) -> Path:
    library = root / "skills"
    write_skill(library, "with-code", "name: with-code\ndescription: Has a fence.",
                body="# With code\n\n```python\nprint('x')\n```\n",
                files={"scripts/run.sh": "#!/bin/sh\necho hi\n", "references/plain.md": "Text.\n"})
    write_skill(library, "plain", "name: plain\ndescription: Has no code.", body="# Plain\n")
    return library


@pytest.mark.parametrize("mode", ["client", "server"])
def test_pages_load_the_highlighter_only_when_they_hold_code(tmp_path: Path, mode: str) -> None:
    library = _site_library(tmp_path)
    site = tmp_path / "site"
    # server: a page for every file (the viewer of the default file pages is a script);
    # client: the Markdown files' pages rendered at build time, the viewer for the others
    config = config_from_mapping({"highlight": mode, "file_pages": "all"}
                                 if mode == "server" else {"file_pages": "markdown"})
    build(config, roots=[library], output=site, workers=1)
    script = 'src="../../assets/vendor/highlight/highlight.min.js"'
    with_code = (site / "skills/with-code/index.html").read_text(encoding="utf-8")
    plain = (site / "skills/plain/index.html").read_text(encoding="utf-8")
    shell = (site / ("skills/with-code/view.html" if mode == "client"
                     else "skills/with-code/files/scripts/run.sh.html")).read_text("utf-8")
    prose = (site / "skills/with-code/files/references/plain.md.html").read_text("utf-8")
    assert script not in plain
    assert "highlight-init.js" not in prose
    if mode == "client":
        assert script in with_code
        assert "assets/highlight-init.js" in with_code
        assert "highlight-init.js" in shell
        assert '<code class="language-python">' in with_code
        assert 'data-language="sh"' in shell
        assert "assets/viewer.js" in shell
        assert (site / "assets/vendor/highlight/highlight.min.js").is_file()
        assert (site / "assets/vendor/highlight/LICENSE").is_file()
    else:
        assert "highlight-init.js" not in with_code + shell
        assert 'class="highlight"' in with_code
        assert '<span class="nb">echo</span>' in shell


# --- cmark's fast path: the sanitiser skipped for documents without raw HTML ----------------------


def links_checked(html: str) -> str:
    """``html`` after the link pass (no site rewriter): the fast path leaves the attributes of
    links and images to it, as their URLs must pass its own checks anyway."""
    return TagRewriter(None, Fragments(frozenset(), {}, frozenset())).run(html)


def _sanitised_anyway() -> Any:
    """Switch the fast path off: every cmark document goes through nh3 as before."""
    return mock.patch.object(markdown_engines, "_canonical", return_value=None)


def _both_paths(text: str, highlight: str = "client") -> tuple[Rendered, Rendered]:
    fast = render_markdown(text, rewrite_link=site_rewriter, engine="cmark",
                           highlight=highlight)  # type: ignore[arg-type]
    with _sanitised_anyway():
        slow = render_markdown(text, rewrite_link=site_rewriter, engine="cmark",
                               highlight=highlight)  # type: ignore[arg-type]
    return fast, slow


@pytest.mark.parametrize("highlight", ["client", "server"])
@pytest.mark.parametrize("name", CASES)
def test_fast_path_gives_the_sanitisers_output(name: str, highlight: str) -> None:
    fast, slow = _both_paths((FIXTURES / f"{name}.md").read_text(encoding="utf-8"), highlight)
    assert fast == slow


@pytest.mark.parametrize(
    ("text", "sanitized"),
    [
        ("plain *text* with a < b & c > d and `<b>code</b>`\n", True),
        ("<https://example.org> and www.example.org\n", True),
        ('[a](u "t \\"q\\"") ![i](p.png "x") a&nbsp;b "quoted"\n\n---\n\nline  \nbreak\n', True),
        ("x[^1]\n\n[^1]: note\n", True),
        ("- [x] done\n- [ ] open, [x] later\n", True),
        ("<b>raw</b>\n", False),
        ("text <!-- comment -->\n", False),
        ("<div>\nblock\n</div>\n", False),
        ("x[^1] [a [^1]](u)\n\n[^1]: a reference inside a link\n", False),
        ("> " * (MAX_DEPTH + 5) + "deep\n", False),
        ("- " * 60 + "deep\n", False),
        ("www.x.org\x1f and http://1.2.3.4/ok\n", False),  # nh3 finds the first URL malformed
        ("<http://x.org:99999/> [a](mailto:a@b.org) http://1.2.3.4/\n", False),
        ("[a](mailto:a@b.org) http://1.2.3.4/ ![i](data:image/png;base64,iVBORw0KGgo=)\n", True),
    ],
)
def test_which_documents_skip_the_sanitiser(text: str, sanitized: bool) -> None:
    raw = ENGINES["cmark"].render(text)
    assert raw.sanitized is sanitized
    if sanitized:
        assert links_checked(clean(raw.html)) == links_checked(raw.html)
    fast, slow = _both_paths(text)
    assert fast == slow
    assert audit(fast.html) == []
    assert fast.html.count("<blockquote") <= MAX_DEPTH


MARKDOWN_STRUCTURE = st.sampled_from(
    ["# ", "## ", "\n", "\n\n", "  \n", "- ", "1. ", "> ", "- [x] ", "- [ ] ", "    ", "```py\n",
     "```\n", "~~~\n", "**", "_", "~~", "`", "[", "](", ")", "![", '"', "'", "&quot;", "&amp;",
     "\xa0", "&nbsp;", "[^1]", "[^1]: ", "[^a\"b]", "| a | b |\n|---|:-:|\n| 1 | 2 |\n", "---",
     "***", "www.x.org", "https://x.org/a_b", "a@b.org", "<https://x.org>", "\\", "#x", "x",
     "ünï", "<", ">", "&", "<b>", "</b>", "<!--", "\t"]
)  # fmt: skip
STRUCTURED = st.lists(st.one_of(MARKDOWN_STRUCTURE, st.text(max_size=6)), max_size=60).map("".join)


@settings(max_examples=5 * PROFILE_EXAMPLES)
@given(text=STRUCTURED)
def test_fast_path_is_canonical_and_agrees_with_the_sanitiser(text: str) -> None:
    raw = ENGINES["cmark"].render(text)
    if raw.sanitized:
        assert links_checked(clean(raw.html)) == links_checked(raw.html)
    fast, slow = _both_paths(text)
    assert fast == slow


HOSTS = st.lists(st.sampled_from(["a", "B", "0", "9", "-", ".", "xn--", "0x", "_", "%2F"]),
                 min_size=1, max_size=12).map("".join)


@settings(max_examples=5 * PROFILE_EXAMPLES)
@given(host=HOSTS, port=st.sampled_from(["", ":", ":80", ":9999", ":65536"]),
       rest=st.sampled_from(["", "/", "/p?q#f", "?x"]))
def test_urls_plainly_valid_are_kept_by_nh3(host: str, port: str, rest: str) -> None:
    url = f"https://{host}{port}{rest}"
    if markdown_engines._plainly_valid(url):
        assert urls_kept([url]), url


def _reference_depth(tags: list[str]) -> int:
    depth = deepest = 0
    for tag in tags:
        depth = max(depth + (-1 if tag.startswith("</") else 1), 0)
        deepest = max(deepest, depth)
    return deepest


@given(tags=st.lists(st.sampled_from(["<div>", "</div>", "<li>", "</LI>", "<ul class=x>", "x"])))
def test_nesting_depth_counts_like_a_walk(tags: list[str]) -> None:
    assert nesting_depth("".join(tags)) == _reference_depth([t for t in tags if t != "x"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_cmark_frees_its_memory() -> None:
    """cmarkgfm's own wrappers leak the syntax tree and the HTML (13 to 30 bytes per byte of
    input); the engine frees both."""
    assert markdown_engines._cmark().free_node is not None
    text = "- item with *emphasis* and a [link](https://example.org)\n" * 20_000  # 1.2 MB

    def resident() -> int:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    render_markdown(text, engine="cmark")
    before = resident()
    for _ in range(20):
        render_markdown(text, engine="cmark")
    assert resident() - before < 100_000_000  # leaking, 20 renders would keep ~300 MB


# --- the highlighter in a real browser ------------------------------------------------------------

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<link rel="stylesheet" href="assets/highlight.css"></head><body>
<div id="fence">{fence}</div><div id="file">{file}</div><div id="extra">{extra}</div>
<script src="assets/vendor/highlight/highlight.min.js" defer></script>
<script src="assets/highlight-init.js" defer></script></body></html>"""


def _highlighted_in_chromium(page: Path) -> dict[str, Any]:
    """What the highlighter made of ``page`` (opened from file://, like a site read from disk).

    In a thread of its own: Playwright's sync API cannot start while another module's
    session-wide browser is open in the main thread.
    """

    def run() -> dict[str, Any]:
        with launch() as chromium:
            tab = chromium.new_page()
            errors: list[str] = []
            tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            tab.on("pageerror", lambda e: errors.append(str(e)))
            tab.goto(page.as_uri())
            tab.wait_for_selector("#extra code.hljs")
            lines = tab.locator("#file span.line")
            return {
                "keyword": tab.inner_text("#fence .hljs-keyword"),
                "string": tab.inner_text("#fence .hljs-string"),
                "extra": tab.locator("#extra .hljs-built_in").count(),
                "lines": [lines.nth(i).inner_html() for i in range(lines.count())],
                "second line string": lines.nth(1).locator(".hljs-string").inner_text(),
                "file text": tab.inner_text("#file code"),
                "colour": tab.eval_on_selector("#fence .hljs-keyword",
                                               "e => getComputedStyle(e).color"),
                "errors": errors,
            }

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result(timeout=120)


@pytest.mark.browser
def test_browser_highlights_fences_and_file_views(tmp_path: Path) -> None:
    from skill_catalog.site.pages.render import CSP

    need_chromium()
    shutil.copytree(ASSETS, tmp_path / "assets")
    fence = render_markdown('```python\ndef f(x):\n    return "<b>"\n```\n', highlight="client")
    extra = render_markdown("```powershell\nGet-ChildItem -Path C:\\\\\n```\n", highlight="client")
    code = 'x = """one\ntwo"""  # comment\nprint(x)\n'
    page = tmp_path / "page.html"
    page.write_text(PAGE.format(csp=CSP, fence=fence.html, extra=extra.html,
                                file=highlight_file(code, "run.py", highlight="client")),
                    encoding="utf-8")
    seen = _highlighted_in_chromium(page)
    assert seen["keyword"] == "def"
    assert seen["string"] == '"<b>"'
    assert seen["extra"] >= 1  # PowerShell's grammar, loaded on demand
    assert len(seen["lines"]) == 3
    for inner in seen["lines"]:  # the string spans lines 1-2, yet each line holds its own spans
        assert inner.startswith('<a class="line-number" href="#L')
        assert inner.count("<span") == inner.count("</span>")
    assert seen["second line string"] == 'two"""'
    assert seen["file text"] == code.rstrip("\n")
    assert seen["colour"] == "rgb(0, 128, 0)"  # Pygments' default style, light theme
    assert seen["errors"] == []
