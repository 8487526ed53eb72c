"""A skill's text files as the trust checks read them: each split into segments (prose, a
fenced block with its language, a hidden HTML comment), with the context that tells an
instruction from documentation about one."""

from __future__ import annotations

import bisect
import dataclasses as dc
import re
import unicodedata
from collections.abc import Iterator, Set
from typing import Literal

Language = Literal["markdown", "shell", "python", "powershell", "javascript", "other"]

SHELL_FENCES = frozenset({"sh", "bash", "shell", "zsh", "console", "shell-session", "terminal",
                          "fish", "ksh", "cmd", "bat", "batch", "dockerfile", "makefile", "make",
                          "yaml", "yml", "toml", "text", "txt", "plain", "plaintext", "", "env",
                          "ini", "conf", "sh-session"})
_FENCE_LANGUAGES: dict[str, Language] = {
    "python": "python", "py": "python", "python3": "python", "ipython": "python",
    "powershell": "powershell", "ps1": "powershell", "pwsh": "powershell", "ps": "powershell",
    "javascript": "javascript", "js": "javascript", "typescript": "javascript",
    "ts": "javascript", "node": "javascript", "mjs": "javascript", "jsx": "javascript",
    "tsx": "javascript", "markdown": "markdown", "md": "markdown",
}
_SUFFIX_LANGUAGES: dict[str, Language] = {
    ".sh": "shell", ".bash": "shell", ".zsh": "shell", ".ksh": "shell", ".fish": "shell",
    ".command": "shell", ".py": "python", ".pyw": "python", ".ps1": "powershell",
    ".psm1": "powershell", ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".ts": "javascript", ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown",
    ".bat": "shell", ".cmd": "shell",
}

_DOC_NEAR = re.compile(
    r"anti-?patterns?|don'?t\s+do\s+this|do\s+not\s+(do|run|use|copy|write|execute)\b|"
    r"never\s+(do|run|use|copy|write|execute|pipe|paste)\b|\bbad\b|\bwrong\b|\bavoid\b|"
    r"\binsecure\b(?![-_])|\bunsafe\b|\bdangerous\b|\bmalicious\b|\battack(ers?|s)?\b|\bexploit|"
    r"vulnerab|red\s+flags?|"
    r"indicators?\s+of|detect(s|ed|ion|ing)?\b|suspicious|\bpayloads?\b|examples?\s+of\s+"
    r"(an?\s+)?(attack|malicious|bad|risky|dangerous|unsafe|prompt)|what\s+not\s+to|threat|"
    r"jailbreak|prompt\s+injection|phishing|forbidden|prohibited|should\s+be\s+(blocked|"
    r"flagged|rejected)|never\s+allowed|❌|🚫|⛔|☠|⚠|"
    r"^\s*(?:[-*]\s+)?(?:reject|flag|block|deny|forbid|disallow)(?:\s+(?:these|any|the\s+"
    r"following))?\s*:",
    re.IGNORECASE)
"""Words in the lines just before a fenced block, its info string, its first line, or a prose
line itself, that say the quoted text is something not to do; or a prose line (or the text
before a block) that starts by telling a reviewer to reject what follows ("Reject: ...",
"Flag these: ...")."""
_DOC_HEADING = re.compile(
    r"anti-?patterns?|malicious|\battacks?\b|attacker|red\s+flags?|detect|threat|prompt\s+"
    r"injection|jailbreak|what\s+not\s+to|insecure|vulnerab|exploit|\bunsafe\b|dangerous\s+"
    r"(patterns?|commands?|code)|bad\s+(examples?|patterns?|practices?)|don'?ts\b|phishing|"
    r"suspicious|indicators?\s+of\s+compromise|\bmust\s+not\b|\bnever\s+do\b|\bnot\s+to\s+do\b|"
    r"exfiltration|\binjection\s+(tests?|suites?|cases?|attempts?|payloads?|patterns?|examples?|"
    r"vectors?|techniques?)\b|adversarial|\bred[\s-]?team",
    re.IGNORECASE)
"""Words in the section heading that make the whole section documentation about attacks."""
ATTACK_LABEL = re.compile(
    r"injection|jailbreak|adversarial|\battack|malicious|red[\s_-]?team", re.IGNORECASE)
"""A label that names a data record an attack (``"category": "adversarial"``, ``"tags":
["injection_attempt"]``, ``"Jailbreak persona framing: ..."``): test data for a defence."""


_TITLE = re.compile(r"^ {0,3}#\s+(.+)$", re.MULTILINE)


def about_attacks(relpath: str, text: str) -> bool:
    """A file other than SKILL.md whose name or title (its first ``#`` heading, in the
    first 4 KB) says it is about attacks (``threat-model.md``, "# Prompt injection
    patterns"): what it quotes is documentation about them. SKILL.md, which the agent reads
    as its instructions, never is as a whole (its sections may be)."""
    name = relpath.rsplit("/", 1)[-1]
    if name.lower() == "skill.md":
        return False
    title = _TITLE.search(text, 0, 4096)
    words = name.rsplit(".", 1)[0].replace("-", " ").replace("_", " ")
    return bool(_DOC_HEADING.search(words) or (title and _DOC_HEADING.search(title.group(1))))


@dc.dataclass(slots=True, frozen=True)
class Segment:
    """A run of lines of one file, read as one unit."""

    language: Language
    start: int
    """1-based line of the first line of ``text`` in the file."""
    text: str
    kind: Literal["prose", "code", "hidden", "file"]
    near: str = ""
    """The words around it that may call it something not to do: for a fenced block the lines
    just before it, its info string and first line; for a prose line the line itself."""
    section: str = ""
    """The heading of its section."""
    column: int = 1
    """1-based column of the first character on the first line (hidden comments)."""
    info: str = ""
    """A fenced block's label: the first word of its info string, lowercase."""

    @property
    def documentation(self) -> bool:
        """The text around it calls it something not to do (an anti-pattern, an attack
        quoted): asked only when something was found in it."""
        return bool((self.near and _DOC_NEAR.search(self.near))
                    or (self.section and _DOC_HEADING.search(self.section)))


@dc.dataclass(slots=True, frozen=True)
class TextFile:
    relpath: str
    language: Language
    text: str
    segments: tuple[Segment, ...]


def language_of(relpath: str, text: str) -> Language:
    lower = relpath.lower()
    dot = lower.rfind(".")
    if dot > lower.rfind("/"):
        found = _SUFFIX_LANGUAGES.get(lower[dot:])
        if found is not None:
            return found
    first = text[:200].split("\n", 1)[0]
    if first.startswith("#!"):
        if "python" in first:
            return "python"
        if "node" in first or "deno" in first or "bun" in first:
            return "javascript"
        if "pwsh" in first or "powershell" in first:
            return "powershell"
        return "shell"
    return "other"


def fence_label(info: str) -> str:
    """The first word of a fence's info string, lowercase, without braces or a dot."""
    return info.strip().split(maxsplit=1)[0].lower().strip("{}.") if info.strip() else ""


def fence_language(info: str) -> Language:
    word = fence_label(info)
    if word in _FENCE_LANGUAGES:
        return _FENCE_LANGUAGES[word]
    return "shell" if word in SHELL_FENCES else "other"


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*)$")
_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_HIDDEN_ELEMENT = re.compile(
    r"<(\w+)\b[^>]*(?:\bhidden\b|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0"
    r"(?:px|em|pt)?\s*[;\"']|opacity\s*:\s*0(?:\.0+)?\s*[;\"'])[^>]*>(.*?)</\1\s*>",
    re.DOTALL | re.IGNORECASE)
_LINK_COMMENT = re.compile(r"^\[(?://|comment|_)\]:\s*<?#>?\s*[\"'(](.*)[\"')]\s*$",
                           re.MULTILINE)


_LINE_COMMENT = re.compile(r"^\s*(?:#|//|--|;|REM\b|::|<!--|/\*|\*)|\s(?:#|//)\s", re.IGNORECASE)


def _comment_part(line: str) -> str:
    """The comment of a block's first line (``# don't do this``, ``curl ... | sh  # bad``):
    what calls the block something not to do; a command's own words (``--index-strategy
    unsafe-best-match``) do not."""
    match = _LINE_COMMENT.search(line)
    return line[match.start():] if match is not None else ""


def markdown_segments(text: str, wanted: Set[int] | None = None,
                      hidden: bool = True) -> Iterator[Segment]:
    """Prose runs, fenced blocks (with their language and whether the text around calls them
    something not to do), and hidden runs (HTML comments, elements hidden by style, Markdown
    link-definition comments) with where they start. With ``wanted`` (0-based line numbers),
    only the prose lines and fenced blocks that hold one of those lines; with ``hidden``
    false, no hidden runs."""
    if wanted is not None and not wanted:
        if hidden:
            yield from hidden_segments(text, markdown=True)
        return
    lines = text.split("\n")
    heading = ""
    recent: list[str] = []  # the last few non-blank prose lines
    prose: list[str] = []
    headings: list[str] = []  # the section heading of each prose line
    prose_start = 1
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = _FENCE.match(line)
        if fence is None:
            match = _HEADING.match(line)
            if match:
                heading = match.group(1)
                recent = []
            elif line.strip() == "---":
                recent = []  # the end of the frontmatter (or a rule): not text about a block
            elif line.strip():
                recent = [*recent[-2:], line]
            if not prose:
                prose_start = index + 1
            prose.append(line)
            headings.append(heading)
            index += 1
            continue
        if prose:
            yield from _prose(prose, prose_start, headings, wanted)
            prose, headings = [], []
        marker, info = fence.group(1), fence.group(2)
        body: list[str] = []
        index += 1
        while index < len(lines):
            closing = _FENCE.match(lines[index])
            if closing and closing.group(1)[0] == marker[0] and len(closing.group(1)) >= len(
                    marker) and not closing.group(2).strip():
                break
            body.append(lines[index])
            index += 1
        first_line = index - len(body)  # 0-based
        if wanted is None or any(n in wanted for n in range(first_line, index)):
            first = next((b for b in body if b.strip()), "")
            around = " ".join([*recent, info, _comment_part(first)])
            yield Segment(fence_language(info), first_line + 1, "\n".join(body), "code",
                          around, heading, info=fence_label(info))
        index += 1
        recent = []
    if prose:
        yield from _prose(prose, prose_start, headings, wanted)
    if hidden:
        yield from hidden_segments(text, markdown=True)


def _prose(lines: list[str], start: int, headings: list[str], wanted: Set[int] | None
           ) -> Iterator[Segment]:
    """One segment a line: each judged with its own words and its section's heading (the
    heading above that line: a run of prose may cross several)."""
    if wanted is None:
        for offset, line in enumerate(lines):
            if line.strip():
                yield Segment("markdown", start + offset, line, "prose", line, headings[offset])
        return
    end = start + len(lines)
    for number in sorted(n + 1 for n in wanted if start <= n + 1 < end):
        line = lines[number - start]
        if line.strip():
            yield Segment("markdown", number, line, "prose", line, headings[number - start])


def hidden_segments(text: str, markdown: bool = False) -> Iterator[Segment]:
    """Text a Markdown or HTML renderer does not show: HTML comments, elements hidden by
    their attributes, Markdown link-definition comments; in the order of these kinds, each in
    the order of the text. Linear in the text, whatever it holds (the patterns' meaning,
    without their backtracking: thousands of unclosed ``<!--`` or ``<a `` cost seconds each).
    With ``markdown``, what starts inside a fenced block is not hidden: a renderer shows the
    block's text as it is, ``<!--`` and all (a reference quoting a hidden-comment attack
    quotes it in a block), and the block is read as code."""
    fences = fenced_spans(text) if markdown else []
    for start, inner in (*_comments(text), *_hidden_elements(text)):
        if not in_spans(fences, start):
            yield _hidden(text, start, inner)
    for match in _LINK_COMMENT.finditer(text):
        if not in_spans(fences, match.start(1)):
            yield _hidden(text, match.start(1), match.group(1))


def fenced_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the body of every fenced block of Markdown ``text``, in order
    (an unclosed fence runs to the end, as renderers show it); one pass over the lines. A
    fence line inside an HTML block (a line starting with a tag, up to the next blank line)
    is no fence, nor is a backtick fence whose info string holds a backtick (CommonMark): a
    comment there is hidden all the same, and stays so here."""
    spans: list[tuple[int, int]] = []
    opened: tuple[str, int] | None = None  # (marker, offset of the body)
    html = False  # inside an HTML block
    offset = 0
    for line in text.split("\n"):
        if opened is None:
            if not line.strip():
                html = False
            elif _HTML_START.match(line):
                html = True
        fence = None if html else _FENCE.match(line)
        if fence is not None:
            if opened is None:
                if not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
                    opened = (fence.group(1), offset + len(line) + 1)
            elif (fence.group(1)[0] == opened[0][0] and len(fence.group(1)) >= len(opened[0])
                  and not fence.group(2).strip()):
                spans.append((opened[1], offset))
                opened = None
        offset += len(line) + 1
    if opened is not None:
        spans.append((opened[1], len(text)))
    return spans


_HTML_START = re.compile(r" {0,3}<[A-Za-z/!?]")
"""A line that opens an HTML block (or may: read widely, so that fewer fences are believed)."""


def in_spans(spans: list[tuple[int, int]], offset: int) -> bool:
    """``offset`` lies in one of ``spans`` (sorted, not overlapping: :func:`fenced_spans`)."""
    at = bisect.bisect_right(spans, (offset, 1 << 62)) - 1
    return at >= 0 and spans[at][0] <= offset < spans[at][1]


def _hidden(text: str, start: int, inner: str) -> Segment:
    line = text.count("\n", 0, start) + 1
    column = start - text.rfind("\n", 0, start)
    return Segment("markdown", line, inner, "hidden", column=column)


def _comments(text: str) -> Iterator[tuple[int, str]]:
    """What :data:`_COMMENT` matches: from each ``<!--`` to the first ``-->`` after it."""
    position = 0
    while (start := text.find("<!--", position)) >= 0:
        end = text.find("-->", start + 4)
        if end < 0:
            return  # no later comment can close either
        yield start + 4, text[start + 4: end]
        position = end + 3


_TAG_START = re.compile(r"<(\w+)\b")
_CLOSING_TAG = re.compile(r"</(\w+)\s*>")
_HIDING = re.compile(
    r"\bhidden\b|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|em|pt)?\s*"
    r"[;\"']|opacity\s*:\s*0(?:\.0+)?\s*[;\"']", re.IGNORECASE)


def _hidden_elements(text: str) -> Iterator[tuple[int, str]]:
    """What :data:`_HIDDEN_ELEMENT` matches: a start tag whose attributes hide it, and its
    content up to the first closing tag of the same name (names compared without case)."""
    closings: dict[str, list[tuple[int, int]]] = {}
    for match in _CLOSING_TAG.finditer(text):
        closings.setdefault(match.group(1).lower(), []).append(match.span())
    if not closings:
        return
    hides = [match.start() for match in _HIDING.finditer(text)]
    position = 0
    close = -1
    for match in _TAG_START.finditer(text):
        if match.start() < position:
            continue  # inside the element just reported
        if close < match.end():  # the next ">" (kept while later tags share it)
            close = text.find(">", match.end())
            if close < 0:
                return  # no later tag is closed either
        at = bisect.bisect_left(hides, match.end())
        if (at == len(hides) or hides[at] >= close
                or _HIDING.match(text, hides[at], close) is None):  # it ends before ">"
            continue
        spans = closings.get(match.group(1).lower(), [])
        index = bisect.bisect_left(spans, (close + 1, -1))
        if index == len(spans):
            continue
        yield close + 1, text[close + 1: spans[index][0]]
        position = spans[index][1]


HIDDEN_PATTERNS = (_COMMENT, _HIDDEN_ELEMENT, _LINK_COMMENT)
"""What :func:`hidden_segments` looks for (for a prefilter)."""
DEFINITIONS = (_COMMENT, _HIDDEN_ELEMENT)
"""Patterns :func:`hidden_segments` finds the matches of with code, in linear time (the
patterns backtrack): never run by Python's engine."""


def file_segments(relpath: str, text: str, wanted: Set[int] | None = None,
                  hidden: bool = True) -> TextFile:
    """``text``'s segments: all of them, or (with ``wanted``, 0-based line numbers) those that
    hold one of the lines, and the hidden runs unless ``hidden`` is false."""
    language = language_of(relpath, text)
    if language == "markdown":
        segments = tuple(markdown_segments(text, wanted, hidden))
    else:
        segments = (Segment(language, 1, text, "file"),)
        if hidden and relpath.lower().endswith((".html", ".htm", ".svg", ".xml")):
            segments += tuple(hidden_segments(text))
    return TextFile(relpath, language, text, segments)


_INVISIBLE_NAMES = {0x00AD: "SOFT HYPHEN", 0x180E: "MONGOLIAN VOWEL SEPARATOR",
                    0x3164: "HANGUL FILLER", 0xFFA0: "HALFWIDTH HANGUL FILLER",
                    0x115F: "HANGUL CHOSEONG FILLER", 0x1160: "HANGUL JUNGSEONG FILLER"}


def char_name(char: str) -> str:
    code = ord(char)
    return unicodedata.name(char, _INVISIBLE_NAMES.get(code, f"U+{code:04X}"))


def escape(text: str, limit: int = 160) -> str:
    """``text`` for a message: every invisible, control or format character as ``\\uXXXX``,
    shortened to ``limit`` characters."""
    out: list[str] = []
    for char in text:
        category = unicodedata.category(char)
        if char == "\n":
            out.append("⏎")
        elif char == "\t":
            out.append(" ")
        elif category in ("Cf", "Cc", "Co", "Cn", "Zl", "Zp") or (
                category == "Zs" and char != " ") or ord(char) in _INVISIBLE_NAMES or (
                0xFE00 <= ord(char) <= 0xFE0F) or 0xE0100 <= ord(char) <= 0xE01EF:
            code = ord(char)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(char)
    shown = "".join(out).strip()
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


_NEWLINES: dict[int, tuple[str, list[int]]] = {}
"""The offsets of the newlines of the last texts :func:`line_col` was asked about (by the
text's identity, the text kept alive beside them)."""
_INDEXED = 16
_DIRECT = 4096
"""Offsets up to this are counted directly (bounded work): only farther ones need the index."""


def _newlines(text: str) -> list[int]:
    """The offsets of ``text``'s newlines, computed once a text: a file with thousands of
    findings does not count its lines from the start for each (docs/security.md)."""
    entry = _NEWLINES.get(id(text))
    if entry is not None and entry[0] is text:
        return entry[1]
    offsets: list[int] = []
    position = text.find("\n")
    while position >= 0:
        offsets.append(position)
        position = text.find("\n", position + 1)
    if len(_NEWLINES) >= _INDEXED:
        _NEWLINES.pop(next(iter(_NEWLINES)))
    _NEWLINES[id(text)] = (text, offsets)
    return offsets


def line_col(text: str, offset: int, start_line: int = 1, start_column: int = 1
             ) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text``, which starts at the given place."""
    if offset <= _DIRECT:
        line_offset = text.count("\n", 0, offset)
        line_start = text.rfind("\n", 0, offset)
    else:
        newlines = _newlines(text)
        line_offset = bisect.bisect_left(newlines, offset)
        line_start = newlines[line_offset - 1] if line_offset else -1
    if line_offset == 0:
        return start_line, start_column + offset
    return start_line + line_offset, offset - line_start
