"""The site's Jinja environment: dict lookups give what plain Jinja gives."""

from __future__ import annotations

import jinja2
import pytest

from skill_catalog.site.templates import environment

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
