"""Where each skill lives in the site: stable, safe, collision-free slugs.

A skill's slug is its spec-valid name when it has one, else a sanitised form of its name or
folder. Two skills that want the same slug are told apart deterministically: a skill whose name
is the slug itself comes before one whose name had to be sanitised into it (an invalid
``INDEX`` never takes the URL of a valid ``index``), then the first in discovery order keeps
it; the others get a suffix made from their folder path, so a skill's URL does not change when
other skills come and go.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Sequence

from skill_catalog.model import Skill

_VALID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_UNSAFE = re.compile(r"[^a-z0-9]+")
MAX_SLUG = 64


def base_slug(skill: Skill) -> str:
    """The slug a skill asks for, before collisions: only ``a-z``, ``0-9`` and ``-``."""
    wanted = skill.key
    if _VALID.match(wanted) and len(wanted) <= MAX_SLUG:
        return wanted
    ascii_name = unicodedata.normalize("NFKD", wanted).encode("ascii", "ignore").decode()
    slug = _UNSAFE.sub("-", ascii_name.lower()).strip("-")[:MAX_SLUG].strip("-")
    return slug or "skill-" + _digest(skill.key)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def assign_slugs(skills: Sequence[Skill]) -> dict[int, str]:
    """``id(skill) -> slug`` for every skill; unique, stable across builds."""
    taken: set[str] = set()
    result: dict[int, str] = {}
    wanted = [(skill, base_slug(skill)) for skill in skills]
    exact = [pair for pair in wanted if pair[1] == pair[0].key]
    for skill, slug in exact + [pair for pair in wanted if pair[1] != pair[0].key]:
        if slug in taken:
            slug = f"{slug[: MAX_SLUG - 9]}-{_digest(skill.root.name + '/' + skill.relpath)}"
        while slug in taken:  # a digest collision: practically never, handled anyway
            slug = f"{slug}-{_digest(slug)}"
        taken.add(slug)
        result[id(skill)] = slug
    return result


def skill_url(slug: str) -> str:
    """The page of a skill, relative to the site root."""
    return f"skills/{slug}/"
