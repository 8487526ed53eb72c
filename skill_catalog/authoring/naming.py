"""The rules a skill name must pass, and a name to suggest in place of one that breaks them.

A name passes every name rule of ``validate --strict`` (SC104-SC110, SC213) when it is 1 to 64
characters of lowercase ASCII letters, digits and single hyphens, neither first nor last, and
holds no word the Claude platform reserves. Every name ``new`` suggests comes from
:func:`suggest_name`, which only returns such names; SC105 suggests the same, or, for a name no
ASCII name can be made from, its lowercase form (:func:`lowercase_fix`).
"""

from __future__ import annotations

import re
import unicodedata

from skill_catalog.spec.limits import MAX_NAME, NAME_PATTERN

RESERVED_WORDS = ("anthropic", "claude")
NAME_RULE = (f"a skill name is 1 to {MAX_NAME} characters of lowercase ASCII letters, digits "
             "and single hyphens, neither starting nor ending with a hyphen (e.g. "
             "'pdf-processing'), and names the folder too")


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` (the first rule it breaks), or None when it passes all."""
    if not name:
        return "the name is empty"
    if len(name) > MAX_NAME:
        return f"'{name}' has {len(name)} characters"
    if name != name.lower():
        return f"'{name}' is not lowercase"
    if name.startswith("-") or name.endswith("-"):
        return f"'{name}' starts or ends with a hyphen"
    if "--" in name:
        return f"'{name}' has consecutive hyphens"
    if not NAME_PATTERN.fullmatch(name):
        bad = "".join(sorted({c for c in name if not (c.isascii() and (c.isalnum() or c == "-"))}))
        return f"'{name}' holds characters other than a-z, 0-9 and '-': {bad!r}"
    reserved = next((word for word in RESERVED_WORDS if word in name), None)
    if reserved:
        return (f"'{name}' contains '{reserved}', a word Claude.ai and the Claude API refuse in "
                "skill names")
    return None


def suggest_name(text: str) -> str | None:
    """A name close to ``text`` that passes every name rule, or None when nothing of ``text``
    can make one: accents dropped (``café`` -> ``cafe``), lowercase, every run of other
    characters one hyphen, reserved words taken out, cut to 64 characters."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    plain = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    name = re.sub(r"[^a-z0-9]+", "-", plain)
    while any(word in name for word in RESERVED_WORDS):
        for word in RESERVED_WORDS:
            name = name.replace(word, "-")
    name = re.sub(r"-+", "-", name).strip("-")[:MAX_NAME].rstrip("-")
    return name if name and name_problem(name) is None else None


def lowercase_fix(name: str) -> str | None:
    """The name SC105 suggests for ``name``, which is not lowercase: :func:`suggest_name` when
    it can make one; else, for a name in another script ('НАВЫК'), its lowercase form when that
    breaks no rule that is an error and holds no reserved word ('навык', still non-ASCII: the
    SC110 warning the name already has stays)."""
    suggestion = suggest_name(name)
    if suggestion is not None:
        return suggestion
    lowered = name.lower()
    if (0 < len(lowered) <= MAX_NAME and not lowered.startswith("-")
            and not lowered.endswith("-") and "--" not in lowered
            and all(c.isalnum() or c == "-" for c in lowered)
            and not any(word in lowered for word in RESERVED_WORDS)):
        return lowered
    return None
