"""Split SKILL.md text into frontmatter and body on whole ``---`` lines."""

from __future__ import annotations

import dataclasses as dc
import re

_SYMLINK_PLACEHOLDER = re.compile(r"^\.{0,2}/?[\w.@+-]+(/[\w.@+-]+)*$")


@dc.dataclass(slots=True, frozen=True)
class Split:
    frontmatter: str
    frontmatter_line: int
    """File line of the first frontmatter line (the one after the opening ``---``)."""
    body: str
    body_line: int


@dc.dataclass(slots=True, frozen=True)
class SplitProblem:
    code: str
    message: str
    line: int | None = None


def _is_fence(line: str) -> bool:
    return line.rstrip() == "---"


def split(text: str) -> Split | SplitProblem:
    """Find ``---`` / ``---`` fences at the top of ``text`` (newlines already ``\\n``).

    Unlike skills-ref's ``content.split("---", 2)``, a ``---`` inside a value (``a---b``) or a
    fence with trailing text is never taken for the closing fence.
    """
    end = text.find("\n")
    if not _is_fence(text if end < 0 else text[:end]):
        return _missing_opening(text, text.split("\n"))
    # Line by line from the second line: only the frontmatter is looked at, not the body.
    first = end + 1
    index = 1
    while end >= 0:
        start = end + 1
        end = text.find("\n", start)
        if _is_fence(text[start:] if end < 0 else text[start:end]):
            return Split(
                frontmatter=text[first : start - 1],
                frontmatter_line=2,
                body="" if end < 0 else text[end + 1 :],
                body_line=index + 2,
            )
        index += 1
    return SplitProblem(
        "SC021",
        "SKILL.md frontmatter not properly closed with ---: add a line holding only --- after "
        "the last frontmatter key",
        1,
    )


def _missing_opening(text: str, lines: list[str]) -> SplitProblem:
    stripped = text.strip()
    if "\n" not in stripped and _SYMLINK_PLACEHOLDER.match(stripped) and "/" in stripped:
        return SplitProblem(
            "SC016",
            f"SKILL.md holds only the path '{stripped}': it is a symbolic link checked out as a "
            "plain file (git core.symlinks=false, or a copy that lost its links); recreate the "
            "link or replace the file with the real SKILL.md",
            1,
        )
    for index, line in enumerate(lines[1:], start=2):
        if _is_fence(line):
            return SplitProblem(
                "SC020",
                "SKILL.md must start with YAML frontmatter (---): a --- fence was found at line "
                f"{index}; move the frontmatter to the very top (nothing, not even a blank line "
                "or a comment, may come before it)",
                1,
            )
    if lines[0].startswith("---"):
        return SplitProblem(
            "SC020",
            f"SKILL.md must start with YAML frontmatter (---): the first line is {lines[0][:40]!r};"
            " put --- alone on the first line",
            1,
        )
    return SplitProblem(
        "SC020",
        "SKILL.md must start with YAML frontmatter (---): begin the file with ---, then "
        "'name:' and 'description:' lines, then ---",
        1,
    )
