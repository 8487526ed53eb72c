"""The site's Jinja environment: dict lookups give what plain Jinja gives."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from skill_catalog.site.pages.templates import _COMPILED, environment

CASES = [
    ("{{ d.name }}", {"d": {"name": "<b>x</b>"}}),
    ("{{ d.items()|list|length }}", {"d": {"items": 1, "b": 2}}),  # a method wins, as in Jinja
    ("{{ d.get('a') }}", {"d": {"a": "A", "get": "shadowed"}}),
    ("{{ d.a.b }}", {"d": {"a": {"b": 3}}}),
    ("{% if d.missing is defined %}yes{% else %}no{% endif %}", {"d": {}}),
    ("{{ o.real }}", {"o": 5}),
    ("{{ d['name'] }}", {"d": {"name": "n"}}),
]


@pytest.mark.parametrize(("source", "context"), CASES)
def test_lookups_match_plain_jinja(source: str, context: dict[str, object]) -> None:
    ours = environment().from_string(source).render(context)
    plain = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    assert ours == plain.from_string(source).render(context)


def test_missing_key_is_an_error() -> None:
    with pytest.raises(jinja2.UndefinedError, match="'dict object' has no attribute 'nope'"):
        environment().from_string("{{ d.nope }}").render(d={"a": 1})


def test_a_template_edited_between_builds_is_compiled_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The process keeps compiled templates (serve builds many times): an edit is seen."""
    compiled: list[str] = []
    dump = _COMPILED.dump_bytecode
    monkeypatch.setattr(_COMPILED, "dump_bytecode",
                        lambda bucket: (compiled.append(bucket.key), dump(bucket)))
    theme = tmp_path / "theme"
    theme.mkdir()
    page = theme / "probe.html"
    page.write_text("one {{ x }}", encoding="utf-8")
    assert environment(theme).get_template("probe.html").render(x=1) == "one 1"
    assert len(compiled) == 1
    # a new build's environment takes the code from memory
    assert environment(theme).get_template("probe.html").render(x=2) == "one 2"
    assert len(compiled) == 1
    page.write_text("two {{ x }}", encoding="utf-8")  # same name, other source
    assert environment(theme).get_template("probe.html").render(x=3) == "two 3"
    assert len(compiled) == 2
