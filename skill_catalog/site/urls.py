"""Where things live in the site: each skill's stable, safe, collision-free slug and page, the
well-known folders, and which names a URL path carries as they are.

A skill's slug is its spec-valid name when it has one, else a sanitised form of its name or
folder. Skills that want the same slug are ranked, never ordered: a skill that declares the
slug as its name comes first, then one whose folder is the slug (no name), then one whose name
or folder had to be sanitised into it (an invalid ``INDEX`` never takes the URL of a valid
``index``). The slug goes to the first rank's skill only when it is alone there; when two
skills of that rank want it (two folders claiming one name, SC301), neither gets it, whatever
their order. Every other skill gets a suffix made from its folder path, so a skill's URL does
not change when other skills come and go, and a new folder never takes over a skill's page.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Sequence

from skill_catalog.model import Skill
from skill_catalog.spec.limits import MAX_NAME, is_spec_name

_UNSAFE = re.compile(r"[^a-z0-9]+")
MAX_SLUG = MAX_NAME
"""A slug is at most as long as a name: a valid name is its own slug."""
V01 = ".well-known/skills"
"""The v0.1 discovery folder: its index and each listed skill's files, by name."""
V02 = ".well-known/agent-skills"
"""The v0.2 discovery folder: its index and each listed skill's ``SKILL.md`` or archive."""
_URL_UNSAFE = frozenset('\\?#[]%')


def base_slug(skill: Skill) -> str:
    """The slug a skill asks for, before collisions: only ``a-z``, ``0-9`` and ``-``."""
    wanted = skill.key
    if is_spec_name(wanted):
        return wanted
    ascii_name = unicodedata.normalize("NFKD", wanted).encode("ascii", "ignore").decode()
    slug = _UNSAFE.sub("-", ascii_name.lower()).strip("-")[:MAX_SLUG].strip("-")
    return slug or "skill-" + _digest(skill.key)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def _rank(skill: Skill, slug: str) -> int:
    """0: declares ``slug`` as its name; 1: its folder is ``slug`` (no name); 2: sanitised."""
    if slug != skill.key:
        return 2
    return 0 if skill.name is not None else 1


def assign_slugs(skills: Sequence[Skill]) -> dict[int, str]:
    """``id(skill) -> slug`` for every skill; unique, stable across builds, and the same
    whatever the order of ``skills``."""
    wanted = [(skill, base_slug(skill)) for skill in skills]
    best: dict[str, list[Skill]] = {}
    for skill, slug in wanted:
        rank = _rank(skill, slug)
        holders = best.get(slug)
        if holders is None or rank < _rank(holders[0], slug):
            best[slug] = [skill]
        elif rank == _rank(holders[0], slug):
            holders.append(skill)
    owners = {id(holders[0]): slug for slug, holders in best.items() if len(holders) == 1}
    taken = set(best)  # a contested slug stays free: nobody takes it over
    result: dict[int, str] = {}
    for skill, slug in wanted:
        if owners.get(id(skill)) == slug:
            result[id(skill)] = slug
    for skill, slug in wanted:
        if id(skill) in result:
            continue
        slug = f"{slug[: MAX_SLUG - 9]}-{_digest(skill.root.name + '/' + skill.relpath)}"
        while slug in taken:  # a digest collision: practically never, handled anyway
            slug = f"{slug}-{_digest(slug)}"
        taken.add(slug)
        result[id(skill)] = slug
    return result


def skill_url(slug: str) -> str:
    """The page of a skill, relative to the site root."""
    return f"skills/{slug}/"


def url_safe(name: str) -> bool:
    """Printable ASCII without the characters a URL path cannot carry as they are (the path
    rule of the Cloudflare RFC v0.2.0, plus ``%``)."""
    return all(0x20 <= ord(c) < 0x7F and c not in _URL_UNSAFE for c in name)
