"""Light skill pages and Markdown in the viewer (issue 34, decisions 4 and 5).

A skill page's per-tool sections (every install route, the prompt fragment, which agents load
it) are built by ``assets/skill.js`` from the page's data; without script the page still shows
the body, metadata, files, trust findings and one install command. A skill's Markdown files
other than SKILL.md are rendered in the browser by its viewer page (``file_pages: viewer``, the
default) with the vendored markdown-it and DOMPurify under the server's allow-list; a hostile
document runs no script there. ``file_pages: markdown`` keeps pages rendered at build time.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from skill_catalog.config import config_from_mapping
from skill_catalog.site.build import build
from skill_catalog.site.markdown import vendor
from skill_catalog.site.pages.render import CSP
from tests.browser import serve
from tests.environment import IN_CI
from tests.hostile_library import SCRIPT_VECTORS, XSS_MARK

BASE = "https://example.org/c/"
AXE = Path(__file__).resolve().parent.parent / ".cache" / "npm-axe" / "node_modules" / \
    "axe-core" / "axe.min.js"
"""axe-core, as tests/test_accessibility.py installs it (``.ci/run`` does in CI)."""
HOSTILE = """# Hostile reference

<script>window.__pwned = 1</script>
<img src="x" onerror="window.__pwned = 2">
<a href="javascript:window.__pwned = 3" id="js">click</a>
<a href="guide.md#usage" onclick="window.__pwned = 4" style="color: red">the guide</a>
<a href="../../../etc/passwd">outside</a>
<a href="/absolute">absolute</a>
<a href="https://example.com/x">external</a>
<img src="https://tracker.example.com/p.png" alt="remote image">
<img src="../assets/logo.png" alt="own image">
<svg><script>window.__pwned = 5</script></svg>
<iframe src="javascript:window.__pwned = 6"></iframe>
<details open ontoggle="window.__pwned = 7"><summary>more</summary>text</details>
<form action="https://example.com"><input name="q"></form>
<div id="install">clobbers the page's id</div>

[markdown js](javascript:window.__pwned=8) and [data](data:text/html,<script>x</script>)

```python
print("code")
```
"""
GUIDE = "# Guide\n\nSee [usage](#usage).\n\n## Usage\n\nRun **it** with `tool --go`.\n"


def _library(root: Path) -> Path:
    skill = root / "library" / "map-maker"
    (skill / "references").mkdir(parents=True)
    (skill / "assets").mkdir()
    (skill / "SKILL.md").write_text(
        "---\nname: map-maker\ndescription: Makes maps. Use when a map is needed.\n---\n"
        "# Map maker\n\nRead [the guide](references/guide.md) first.\n", encoding="utf-8")
    (skill / "references" / "guide.md").write_text(GUIDE, encoding="utf-8")
    (skill / "references" / "hostile.md").write_text(HOSTILE, encoding="utf-8")
    (skill / "references" / "deep.md").write_text(
        "<div>" * 5_000 + "deepest\n" + "</div>" * 5_000 + "\n\nafter\n", encoding="utf-8")
    (skill / "assets" / "logo.png").write_bytes(
        bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
                      "0000000d4944415478da63f8cfc0f01f0005000201a5f2cf4e0000000049454e44"
                      "ae426082"))
    return root / "library"


def _build(tmp_path: Path, **options: Any) -> Path:
    library = _library(tmp_path)
    config = config_from_mapping({"title": "Maps", "base_url": BASE, **options},
                                 path=tmp_path / "skill-catalog.yml")
    build(config, roots=[library], output=tmp_path / "site", workers=1)
    return tmp_path / "site"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("light"))


def _open(browser: Any, url: str, *, script: bool = True, width: int = 1280) -> Any:
    context = browser.new_context(java_script_enabled=script,
                                  viewport={"width": width, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda message: page.errors.append(message.text)
            if message.type == "error" else None)
    page.goto(url)
    page.wait_for_load_state("load")
    return page


# Vendored files ------------------------------------------------------------------------------


def test_vendored_markdown_files_are_the_pinned_ones() -> None:
    for name, digest in vendor.FILES.items():
        path = vendor.VENDOR / name
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, name
    assert f"DOMPurify {vendor.PACKAGES['dompurify']}" in (
        vendor.VENDOR / "purify.min.js").read_text(encoding="utf-8")[:200]
    assert "Permission is hereby granted" in (vendor.VENDOR / "LICENSE.markdown-it").read_text(
        encoding="utf-8")
    assert "Apache License" in (vendor.VENDOR / "LICENSE.dompurify").read_text(encoding="utf-8")
    # The browser's allow-list is the server's, as generated from sanitize.py.
    assert vendor.POLICY.read_text(encoding="utf-8") == vendor.policy_script()
    for name in ("markdown-it.min.js", "purify.min.js"):  # nothing the CSP would refuse
        text = (vendor.VENDOR / name).read_text(encoding="utf-8")
        assert "new Function" not in text, name
        assert "eval(" not in text, name


# Server side: what each page holds ----------------------------------------------------------


def test_the_skill_page_carries_data_not_the_per_tool_html(site: Path) -> None:
    page = (site / "skills/map-maker/index.html").read_text(encoding="utf-8")
    assert 'id="install-npx"' in page  # the one install command, without script
    assert "install-folder-1" not in page
    assert "agent-verdicts" not in page
    assert '<script src="../../assets/skill.js" defer></script>' in page
    raw = re.search(r"data-tools='([^']*)'", page)
    assert raw is not None
    assert "<" not in raw.group(1)
    tools = json.loads(html.unescape(raw.group(1)))
    assert tools["install"]["npx"] == f"npx skills add {BASE} --skill map-maker"
    assert "<name>map-maker</name>" in tools["prompt"]
    assert tools["agents"]
    assert all(len(row) == 6 for row in tools["agents"])


def test_markdown_files_have_no_page_of_their_own_by_default(site: Path) -> None:
    assert not (site / "skills/map-maker/files").exists()
    viewer = (site / "skills/map-maker/view.html").read_text(encoding="utf-8")
    assert "data-markdown" in viewer
    assert "assets/vendor/markdown/markdown-it.min.js" in viewer
    assert "assets/vendor/markdown/purify.min.js" in viewer
    assert (site / "assets/vendor/markdown/LICENSE.dompurify").is_file()
    page = (site / "skills/map-maker/index.html").read_text(encoding="utf-8")
    assert 'data-view="view.html?f=references/guide.md"' in page
    # The raw copy is what a reader without script opens.
    assert (site / ".well-known/skills/map-maker/references/hostile.md").read_text(
        encoding="utf-8") == HOSTILE


def test_file_pages_markdown_keeps_pages_rendered_at_build_time(tmp_path: Path) -> None:
    site = _build(tmp_path, file_pages="markdown")
    guide = (site / "skills/map-maker/files/references/guide.md.html").read_text("utf-8")
    assert "<strong>it</strong>" in guide
    viewer = site / "skills/map-maker/view.html"
    assert not viewer.exists() or "data-markdown" not in viewer.read_text("utf-8")


# In Chromium -------------------------------------------------------------------------------


def test_the_per_tool_sections_appear_with_script(browser: Any, site: Path) -> None:
    with serve(site) as url:
        page = _open(browser, url + "skills/map-maker/index.html")
        try:
            assert page.errors == []
            assert page.locator("#tools-fallback").count() == 0
            assert page.text_content("#install-npx") == (
                f"npx skills add {BASE} --skill map-maker")
            assert page.locator("table.install-table").count() == 2
            assert page.text_content("#install-folder-1") == (
                "mkdir -p .claude/skills && unzip -o map-maker.zip -d .claude/skills")
            assert "<name>map-maker</name>" in page.text_content("#prompt-fragment")
            assert page.locator("ul.agent-verdicts li").count() >= 5
            assert page.locator("#install-plugin").count() == 1
            # The buttons added by skill.js copy: their label says so.
            page.click("button.copy[data-copy=install-folder-1]")
            page.wait_for_function(
                "document.querySelector('button[data-copy=install-folder-1] .copy-label')"
                ".textContent !== 'Copy'")
        finally:
            page.context.close()


def test_without_script_the_page_shows_the_body_and_one_install_command(
        browser: Any, site: Path) -> None:
    with serve(site) as url:
        page = _open(browser, url + "skills/map-maker/index.html", script=False)
        try:
            text = page.text_content("main")
            assert "Read the guide first." in " ".join(text.split())
            assert page.text_content("#install-npx") == (
                f"npx skills add {BASE} --skill map-maker")
            assert page.locator("#install-folder-1").count() == 0
            assert page.locator("#prompt-fragment").count() == 0
            fallback = page.locator("#tools-fallback")
            assert fallback.is_visible()
            hrefs = fallback.locator("a").evaluate_all("a => a.map(x => x.getAttribute('href'))")
            assert hrefs == ["../../catalog.json", "../../prompts/available_skills.xml"]
            assert page.locator("text=references/guide.md").count() >= 1  # the files
            assert page.locator("dl.frontmatter").count() == 1  # the metadata
        finally:
            page.context.close()


def test_the_viewer_renders_a_reference(browser: Any, site: Path) -> None:
    with serve(site) as url:
        page = _open(browser, url + "skills/map-maker/view.html?f=references/guide.md")
        try:
            page.wait_for_selector("#viewer-body .markdown h2")
            assert page.errors == []
            assert page.text_content("#viewer-body .markdown h1") == "Guide"
            assert page.inner_html("#viewer-body .markdown strong") == "it"
            assert page.title().startswith("references/guide.md")
        finally:
            page.context.close()


def test_the_viewer_neutralises_a_hostile_reference(browser: Any, site: Path) -> None:
    with serve(site) as url:
        page = _open(browser, url + "skills/map-maker/view.html?f=references/hostile.md")
        try:
            page.wait_for_selector("#viewer-body .markdown h1")
            page.locator("#viewer-body details summary").click()
            page.wait_for_timeout(200)
            assert page.evaluate("window.__pwned") is None
            markdown = page.locator("#viewer-body .markdown")
            rendered = markdown.inner_html()
            for tag in ("<script", "<iframe", "<svg", "<form", "<input", "<style"):
                assert tag not in rendered, tag
            attributes = markdown.evaluate(
                "m => Array.from(m.querySelectorAll('*')).flatMap("
                "e => Array.from(e.attributes).map(a => [e.tagName, a.name, a.value]))")
            names = {name for _tag, name, _value in attributes}
            assert not {n for n in names if n.startswith("on")}
            assert "style" not in names
            hrefs = markdown.evaluate(
                "m => Array.from(m.querySelectorAll('a')).map(a => [a.textContent,"
                " a.getAttribute('href'), a.getAttribute('rel')])")
            by_text = {text: (href, rel) for text, href, rel in hrefs}
            assert by_text["click"][0] is None  # javascript: dropped, text kept
            assert by_text["outside"][0] is None
            assert by_text["absolute"][0] is None
            for _text, href, _rel in hrefs:  # markdown-it leaves those links as text
                assert not (href or "").lower().startswith(("javascript:", "data:")), href
            assert by_text["the guide"][0] == "?f=references/guide.md#usage"
            assert by_text["external"] == ("https://example.com/x",
                                           "nofollow noopener noreferrer")
            images = markdown.evaluate(
                "m => Array.from(m.querySelectorAll('img')).map(i => i.getAttribute('src'))")
            assert images == ["../../.well-known/skills/map-maker/assets/logo.png"]
            assert "remote image" in markdown.text_content()  # its alt text stays
            # An author's id cannot take the page's own.
            assert page.locator("[id=install]").count() == 0
            assert page.locator("#user-content-install").count() == 1
            # Code blocks keep their language for highlighting.
            assert page.locator("#viewer-body pre code.language-python").count() == 1
        finally:
            page.context.close()


def test_the_viewer_without_script_lists_the_raw_copies(browser: Any, site: Path) -> None:
    with serve(site) as url:
        page = _open(browser, url + "skills/map-maker/view.html?f=references/hostile.md",
                     script=False)
        try:
            links = page.locator("#viewer-files a").evaluate_all(
                "a => a.map(x => x.getAttribute('href'))")
            assert "../../.well-known/skills/map-maker/references/hostile.md" in links
            assert page.locator("#viewer-targets").is_hidden()
        finally:
            page.context.close()


def test_from_file_urls_the_skill_page_is_complete(browser: Any, site: Path) -> None:
    page = _open(browser, (site / "skills/map-maker/index.html").as_uri())
    try:
        assert page.locator("table.install-table").count() == 2
        assert page.locator("#prompt-fragment").count() == 1
        assert page.errors == []
    finally:
        page.context.close()


def test_every_page_keeps_the_content_security_policy(site: Path) -> None:
    for page in (site / "skills/map-maker/index.html", site / "skills/map-maker/view.html"):
        text = page.read_text(encoding="utf-8")
        policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', text)
        assert policy is not None
        assert html.unescape(policy.group(1)) == CSP
        assert not re.search(r"<script(?![^>]*\ssrc=)", text)


def test_the_viewer_runs_none_of_the_hostile_librarys_vectors(browser: Any,
                                                              tmp_path: Path) -> None:
    """Every script vector of the hostile library (and its ``xss-body`` skill's extra ones:
    base, meta refresh, forms, remote images, iframes) in a reference the viewer renders: no
    alert, no request to another origin, no event handler or script URL left in the page."""
    vectors = "\n\n".join(SCRIPT_VECTORS)
    library = _library(tmp_path)
    (library / "map-maker" / "references" / "xss.md").write_text(
        f"# Title <script>alert('{XSS_MARK}')</script>\n\n{vectors}\n\n"
        f"[click](javascript:alert('{XSS_MARK}')) [data](data:text/html;base64,"
        "PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) <a href=\"vbscript:msgbox\">vb</a>\n\n"
        "<iframe src=\"https://evil.example/\"></iframe><object data=\"x\"></object>\n\n"
        "![remote](https://evil.example/pixel.png)\n\n<form action=\"https://evil.example\">"
        "<input name=q></form><base href=\"https://evil.example/\">"
        "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src *\">\n",
        encoding="utf-8")
    config = config_from_mapping({"title": "Maps", "base_url": BASE},
                                 path=tmp_path / "skill-catalog.yml")
    build(config, roots=[library], output=tmp_path / "site", workers=1)
    with serve(tmp_path / "site") as url:
        context = browser.new_context()
        context.add_init_script("window.__fired = []; window.alert = function (m) {"
                                " window.__fired.push(String(m)); };")
        requests: list[str] = []
        context.on("request", lambda request: requests.append(request.url))
        page = context.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        try:
            page.goto(url + "skills/map-maker/view.html?f=references/xss.md")
            page.wait_for_selector("#viewer-body .markdown h1")
            for summary in page.locator("#viewer-body summary").all():
                summary.click()
            for anchor in page.locator("#viewer-body a[href]").all():
                href = anchor.get_attribute("href") or ""
                assert href.startswith(("https://", "http://", "?f=", "../", "#", "mailto:",
                                        "raw/")), href
            page.wait_for_timeout(300)
            assert page.evaluate("window.__fired") == []
            assert dialogs == []
            assert page.url.startswith(url)  # no refresh, no navigation
            assert not [r for r in requests if not r.startswith(url)], requests
            found = page.locator("#viewer-body .markdown").evaluate(
                "m => Array.from(m.querySelectorAll('*')).flatMap(e => Array.from(e.attributes)"
                ".filter(a => /^on/i.test(a.name) || a.name === 'style' || a.name === 'srcset'"
                " || /^\\s*(javascript|vbscript|data):/i.test(a.value)).map(a => a.name))")
            assert found == []
            tags = page.locator("#viewer-body .markdown").evaluate(
                "m => Array.from(new Set(Array.from(m.querySelectorAll('*')).map("
                "e => e.tagName.toLowerCase())))")
            assert not set(tags) & {"script", "iframe", "object", "embed", "form", "input",
                                    "base", "meta", "link", "style", "svg", "math",
                                    "noscript"}, tags
            assert page.evaluate("document.querySelectorAll('meta[http-equiv]').length") == 1
        finally:
            context.close()


@pytest.mark.parametrize(("theme", "width"), [("light", 1280), ("dark", 375)])
def test_axe_passes_the_built_sections_and_a_rendered_reference(
        browser: Any, site: Path, theme: str, width: int) -> None:
    """The sections skill.js builds and a reference the viewer renders, as axe sees them
    (serious and critical violations; tests/test_accessibility.py checks the other pages)."""
    if not AXE.is_file():
        message = f"{AXE} is missing: tests/test_accessibility.py installs it"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    axe = AXE.read_text(encoding="utf-8")
    context = browser.new_context(bypass_csp=True, color_scheme=theme,
                                  viewport={"width": width, "height": 900})
    problems: list[str] = []
    try:
        page = context.new_page()
        with serve(site) as url:
            for rel, ready in (("skills/map-maker/index.html", "#prompt-fragment"),
                               ("skills/map-maker/view.html?f=references/guide.md",
                                "#viewer-body .markdown h2")):
                page.goto(url + rel)
                page.wait_for_selector(ready)
                page.add_script_tag(content=axe)
                problems += [f"{rel}: {v}" for v in page.evaluate("""async () => {
                    const result = await axe.run(document, {resultTypes: ['violations']});
                    return result.violations.filter(
                        v => ['serious', 'critical'].includes(v.impact)).map(
                        v => `${v.impact} ${v.id}: ${v.help} at ` +
                             v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
                }""")]
    finally:
        context.close()
    assert problems == []


def test_the_viewer_bounds_nesting_as_the_server_does(browser: Any, site: Path) -> None:
    """Block containers nested deeper than sanitize.MAX_DEPTH are dropped before parsing, as
    on the server (150,000 nested <div> took 100 s to render without it); the text stays."""
    from skill_catalog.site.markdown.sanitize import MAX_DEPTH

    with serve(site) as url:
        page = _open(browser, url + "skills/map-maker/view.html?f=references/deep.md")
        try:
            page.wait_for_selector("#viewer-body .markdown")
            depth = page.locator("#viewer-body .markdown").evaluate(
                "m => { let most = 0; for (const e of m.querySelectorAll('*')) {"
                " let d = 0; for (let n = e; n !== m; n = n.parentElement) d++;"
                " most = Math.max(most, d); } return most; }")
            assert MAX_DEPTH <= depth <= MAX_DEPTH + 2
            text = page.text_content("#viewer-body .markdown")
            assert "deepest" in text
            assert "after" in text
        finally:
            page.context.close()
