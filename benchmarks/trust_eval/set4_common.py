"""Shared helper for the set4 category modules: one skill as a plain dict."""
from __future__ import annotations


def S(label, why, desc, body, files=None, *, title=None, fm=None, desc_raw=None):
    """One skill. label 'risky'|'harmless'; desc the description text (quoted by the
    builder) or desc_raw a ready YAML line for it; fm extra frontmatter lines;
    files {relpath: str | bytes | callable returning either}."""
    assert label in ("risky", "harmless")
    return {"label": label, "why": why, "desc": desc, "desc_raw": desc_raw, "body": body,
            "files": files or {}, "title": title, "fm": fm}
