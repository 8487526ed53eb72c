"""SVG and XML files are served under their own names (npx skills add installs them) only when
parsing them finds nothing a browser would run or fetch."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from skill_catalog.site.publish.inert_xml import active_reason
from tests.helpers.libraries import write_skill
from tests.helpers.sites import write_outputs

SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
INERT = [
    f'<svg {SVG} viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>',
    f'<?xml version="1.0" encoding="UTF-8"?>\n<svg {SVG}><defs><linearGradient id="g"/></defs>'
    '<rect fill="url(#g)" style="fill: url(#g)"/><use xlink:href="#g"/><a href="#top">'
    '<text>onload is just text here</text></a><style>rect { fill: url( #g ) }</style></svg>',
    '<?xml version="1.0"?><config><item key="on">1</item></config>',
    f'<svg {SVG}><title>a &amp; b</title><desc><![CDATA[<script>]]></desc></svg>',
]
ACTIVE = [
    (f'<svg {SVG}><script>alert(1)</script></svg>', "<script>"),
    (f'<svg {SVG} onload="alert(1)"/>', "event handler"),
    (f'<svg {SVG}><g ONCLICK="x()"/></svg>', "event handler"),
    (f'<svg {SVG}><foreignObject><div/></foreignObject></svg>', "foreignObject"),
    (f'<svg {SVG}><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', "javascript"),
    (f'<svg {SVG}><a href=" java\tscript:alert(1)"/></svg>', "javascript"),
    (f'<svg {SVG}><image href="https://evil.example/x.png"/></svg>', "refers to another"),
    (f'<svg {SVG}><use xlink:href="other.svg#a"/></svg>', "refers to another"),
    (f'<svg {SVG}><rect style="fill:url(https://evil.example/a)"/></svg>', "style"),
    (f'<svg {SVG}><style>@import "https://evil.example/a.css";</style></svg>', "@import"),
    (f'<svg {SVG}><style>rect {{ background: url(x.png) }}</style></svg>', "style"),
    (f'<svg {SVG}><a><set attributeName="href" to="javascript:alert(1)"/></a></svg>',
     "animates"),
    (f'<svg {SVG}><a><set attributeName="xlink:href" to="data:text/html,x"/></a></svg>',
     "animates"),
    ('<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg>&b;</svg>',
     "DOCTYPE"),
    ('<!DOCTYPE svg SYSTEM "http://evil.example/x.dtd"><svg/>', "DOCTYPE"),
    ('<?xml-stylesheet type="text/xsl" href="x.xsl"?><doc/>', "processing instruction"),
    ('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', "XHTML"),
    (f'<svg {SVG}><iframe/></svg>', "<iframe>"),
    ("<svg><unclosed></svg>", "not well-formed"),
    ("not xml at all", "not well-formed"),
]


@pytest.mark.parametrize("text", INERT)
def test_inert_files_pass(text: str) -> None:
    assert active_reason(io.BytesIO(text.encode())) is None


@pytest.mark.parametrize(("text", "reason"), ACTIVE)
def test_active_files_are_named_with_the_reason(text: str, reason: str) -> None:
    found = active_reason(io.BytesIO(text.encode()))
    assert found is not None
    assert reason.lower() in found.lower(), found


def test_npx_skills_gets_inert_svg_and_xml_and_not_the_others(library: Path,
                                                              tmp_path: Path) -> None:
    write_skill(library, "logo-skill", files={
        "assets/logo.svg": INERT[0], "assets/data.xml": INERT[2],
        "assets/bad.svg": ACTIVE[1][0], "assets/page.html": "<p>x</p>"})
    site = tmp_path / "site"
    write_outputs(library, site)
    index = json.loads((site / ".well-known/skills/index.json").read_text())
    files = index["skills"][0]["files"]
    assert "assets/logo.svg" in files
    assert "assets/data.xml" in files
    assert "assets/bad.svg" not in files
    assert "assets/page.html" not in files
    served = site / ".well-known/skills/logo-skill/assets/logo.svg"
    assert served.read_text() == INERT[0]
    catalog = json.loads((site / "catalog.json").read_text())
    notes = {d["file"]: d["message"] for d in catalog["diagnostics"]}
    assert "event handler (onload)" in notes["assets/bad.svg"]
    assert "HTML" in notes["assets/page.html"]
