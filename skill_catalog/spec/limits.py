"""The limits and the name pattern of the Agent Skills specification (agentskills.io,
``skills-ref`` 0.1.1's validator): the one home of each, which every rule, check, slug and
agent tool model that applies them imports. ``tests/test_one_home.py`` fails on a second
definition.
"""

from __future__ import annotations

import re

MAX_NAME = 64
"""Characters of a skill's ``name`` (and so of its folder)."""
MAX_DESCRIPTION = 1024
"""Characters of a skill's ``description``."""
MAX_COMPATIBILITY = 500
"""Characters of a skill's ``compatibility``."""
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A name's shape: lowercase ASCII letters and digits in runs joined by single hyphens. Use
``fullmatch`` (a ``$`` anchor would let a trailing newline through)."""


def is_spec_name(name: str) -> bool:
    """Whether ``name`` has the spec's shape and length."""
    return len(name) <= MAX_NAME and NAME_PATTERN.fullmatch(name) is not None
