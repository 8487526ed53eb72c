"""One pass over a skill's text files, every trust hit collected for the ``ST`` rules."""

from __future__ import annotations

import bisect
import dataclasses as dc
import os
import re
from collections.abc import Iterator, Set
from pathlib import Path

from skill_catalog.fs.safe_fs import read_limited_inside
from skill_catalog.model import Skill
from skill_catalog.trust import code as risky
from skill_catalog.trust import encoded, flows, hidden, manipulation, secrets
from skill_catalog.trust.prefilter import LineFinder, continued_lines, join_continuations
from skill_catalog.trust.segments import (
    ATTACK_LABEL,
    HIDDEN_PATTERNS,
    Segment,
    _newlines,
    about_attacks,
    char_name,
    escape,
    fenced_spans,
    file_segments,
    in_spans,
    line_col,
)

TOO_DEEP = "SC037"
"""The walk's code for a folder deeper than its limit (skill_catalog.discovery): files under
it are in no listing, so none was scanned."""
MAX_FILE_BYTES = 8 << 20
"""Files larger than this are read only up to it."""
REVIEWED_BYTES = 1 << 20
"""The part of a long file a reader is taken to have read: code past it is reported (ST044),
a long file of data or prose is not."""
MAX_FILES = 10_000
"""Text files read per skill (SKILL.md first): as many as a skill lists by default
(``limits.max_files_per_skill``), so that a payload in file 2,101 is read, not past a limit."""


@dc.dataclass(slots=True, frozen=True)
class Hit:
    code: str
    file: Path
    line: int
    column: int | None
    message: str


@dc.dataclass(slots=True, frozen=True)
class Opaque:
    """A file that is not text: what its first bytes say it is."""

    relpath: str
    kind: str


@dc.dataclass(slots=True, frozen=True)
class Unread:
    """Text the scan did not read whole (past a limit, undecodable, unreadable): what a
    reviewer must know was not read, or is not shown."""

    relpath: str
    why: str


_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x7fELF", "an ELF executable"), (b"MZ", "a Windows executable"),
    (b"\xcf\xfa\xed\xfe", "a Mach-O executable"), (b"\xce\xfa\xed\xfe", "a Mach-O executable"),
    (b"\xca\xfe\xba\xbe", "a Mach-O universal binary or Java class"),
    (b"\x00asm", "a WebAssembly module"), (b"PK\x03\x04", "a zip archive"),
    (b"\x1f\x8b", "a gzip archive"), (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"), (b"BZh", "a bzip2 archive"), (b"\xfd7zXZ", "an xz archive"),
)
_EXECUTABLE_SUFFIXES = (".exe", ".dll", ".so", ".dylib", ".bin", ".elf", ".wasm", ".class",
                        ".pyc", ".pyo", ".msi", ".scr", ".com", ".app", ".deb", ".rpm", ".apk",
                        ".jar", ".node", ".o", ".a")
_ARCHIVE_SUFFIXES = (".zip", ".tar", ".tgz", ".tar.gz", ".gz", ".bz2", ".xz", ".7z", ".rar",
                     ".whl", ".egg", ".tar.bz2", ".tar.xz", ".zst", ".skill", ".crx", ".vsix")
_DOCUMENT_SUFFIXES = (".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp", ".epub", ".xlsm",
                      ".dotx", ".potx", ".key", ".numbers", ".pages")


_MEDIA_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"RIFF", b"%PDF", b"wOFF", b"wOF2",
                b"OTTO", b"BM", b"II*", b"MM\x00*", b"ID3", b"OggS", b"fLaC", b"\x1a\x45\xdf\xa3")
"""Images, fonts, documents and media: binary by their first bytes."""


def mostly_text(head: bytes) -> bool:
    """``head`` (a file's first bytes, which are not UTF-8) is text but for a few bytes: no
    known media signature, at most one character in 8 undecodable or a control (a NUL among
    them: one NUL byte must not hide a text file from the scan, issue 35; UTF-16, half NULs,
    is not mostly text)."""
    if not head or head.startswith(_MEDIA_MAGIC):
        return False
    decoded = head.decode("utf-8", "replace")
    odd = sum(1 for c in decoded if c == "\ufffd" or (c < " " and c not in "\t\n\r\f"))
    return odd * 8 <= len(decoded)


def opaque_kind(relpath: str, head: bytes) -> str | None:
    """An executable, binary or archive: what it is, or None (an image, a font, a document)."""
    lower = relpath.lower()
    if lower.endswith(_DOCUMENT_SUFFIXES):
        return None
    if lower.endswith(_ARCHIVE_SUFFIXES):
        return "an archive"
    if lower.endswith(_EXECUTABLE_SUFFIXES):
        return "an executable or compiled binary"
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            if kind == "a Windows executable" and len(head) >= 64 and b"PE" not in head[:1024]:
                continue
            return kind
    return None


_FIXES = {
    "ST001": "remove the invisible characters (retype the line)",
    "ST002": "remove the bidirectional control characters, or write the text in its natural "
             "order",
    "ST003": "remove the invisible characters",
    "ST004": "move the text into visible prose, or remove it",
    "ST006": "write the name, host or package in plain ASCII letters (or check that it is the "
             "one meant)",
    "ST010": "remove the instruction; a skill adds to what the agent does, it does not "
             "replace the user's or the system's instructions",
    "ST011": "remove the instruction: an agent must be able to tell its user what it does",
    "ST012": "remove the role or system marker",
    "ST013": "describe when the skill applies instead of claiming priority over others",
    "ST014": "remove it: leave confirmations and safety checks to the user",
    "ST015": "remove it: say what the skill does in SKILL.md, where its reader sees it",
    "ST016": "nothing to do if the text is documentation; if the skill is meant to do it, "
             "say so outside the section about attacks",
    "ST020": "ship the script in scripts/ (pinned, reviewable), or download to a file, verify "
             "its checksum, then run it; if it is quoted as an example of what not to do, say "
             "so just before the block",
    "ST021": "ship the code in clear text",
    "ST022": "remove it",
    "ST023": "remove it; send a credential only to the service it belongs to",
    "ST024": "limit the command to paths inside the work folder (./build, $TMPDIR/...)",
    "ST025": "tell the user what to add and where, instead of changing it",
    "ST026": "remove it",
    "ST027": "pin the version (pkg==1.2.3, pkg@1.2.3, a commit) or list it as a requirement",
    "ST028": "install from the package index by name and version, or pin the archive or "
             "repository to a hash or commit",
    "ST029": "turn the protection back on, or tell the user what to change and why; for a "
             "certificate error, configure the CA bundle instead of switching checks off",
    "ST060": "push without --force, or use --force-with-lease on a branch of your own",
    "ST030": "remove the secret, revoke it, and read it from the environment instead",
    "ST031": "remove the value, revoke it if real, and read it from the environment instead",
    "ST041": "ship source code instead, or document where the binary comes from",
    "ST042": "unpack the archive into the skill folder, so that its files can be reviewed",
    "ST044": "keep files a reviewer must read as UTF-8 text, within the limits, or leave "
             "them out",
}


def _fix(code: str) -> str:
    return _FIXES[code]


def _shown(text: str) -> str:
    """``text`` quoted for a message, escaped once (:func:`escape`; ``repr`` would double the
    backslash of each ``\\uXXXX`` it writes)."""
    return f"'{escape(text)}'"


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _not_utf8(skill: Skill, relpath: str, path: str) -> Opaque | encoded.Decoded | None:
    """A file the inventory found not to be UTF-8 text: an executable or an archive that
    cannot be reviewed (:class:`Opaque`); text read as what it is (another encoding, NULs in
    it, text behind a binary signature, a gzip of data: :func:`encoded.as_text`), with why it
    is worth a warning if it is; or None (an image, a font, a document, an archive of data)."""
    try:
        data, _ = read_limited_inside(skill.root, path, MAX_FILE_BYTES)
    except OSError:
        data = b""
    kind = opaque_kind(relpath, data[:1024])
    by_name = relpath.lower().endswith((*_ARCHIVE_SUFFIXES, *_EXECUTABLE_SUFFIXES))
    decoded = None if by_name and kind is not None else encoded.as_text(data)
    if decoded is not None:
        return decoded
    if kind is None:
        return None
    if "archive" in kind:
        inner = encoded.data_archive(relpath, data)
        if isinstance(inner, str):
            return encoded.Decoded(inner, None)
        if inner:
            return None
    return Opaque(relpath, kind)


def read_texts(skill: Skill) -> tuple[list[tuple[str, str]], list[Opaque], list[Unread]]:
    """SKILL.md and every text file of the skill (first :data:`MAX_FILES`) as (path in the
    skill, decoded text), the files that are executables, binaries or archives, and the text
    the scan did not read whole: files past the limits, unreadable ones, and text files with
    bytes that are not UTF-8 (read with those bytes replaced, but shown by the catalog as
    binary)."""
    texts: list[tuple[str, str]] = []
    opaque: list[Opaque] = []
    unread: list[Unread] = []
    past: list[str] = []
    folder = str(skill.dir)
    skill_md = os.path.relpath(skill.skill_md, skill.dir).replace(os.sep, "/")
    ordered = sorted(skill.files, key=lambda f: (f.relpath != skill_md, f.relpath))
    for item in ordered:
        path = os.path.join(folder, item.relpath)
        if not item.is_text:
            other = _not_utf8(skill, item.relpath, path)
            if isinstance(other, Opaque):
                opaque.append(other)
            elif other is not None and len(texts) < MAX_FILES:
                if other.why is not None:
                    unread.append(Unread(item.relpath, other.why))
                texts.append((item.relpath, _lines(other.text)))
            continue
        if len(texts) >= MAX_FILES:
            past.append(item.relpath)
            continue
        try:
            data, truncated = read_limited_inside(skill.root, path, MAX_FILE_BYTES)
        except OSError as exc:
            unread.append(Unread(item.relpath, f"could not be read ({exc.strerror or exc}): "
                                 "nothing in it was checked"))
            continue
        if truncated:
            unread.append(Unread(item.relpath, f"is larger than {MAX_FILE_BYTES >> 10} KiB: "
                                 "only its first part was checked"))
        elif len(data) > REVIEWED_BYTES and encoded.runs_code(data[REVIEWED_BYTES:]):
            unread.append(Unread(item.relpath, f"is larger than {REVIEWED_BYTES >> 10} KiB and "
                                 "past that it fetches, sends or runs something: a reader "
                                 "paging through it is not shown it (the scan read it whole)"))
        texts.append((item.relpath, _lines(data.decode("utf-8", "replace"))))
    if past:
        shown = ", ".join(past[:5]) + (f" and {len(past) - 5} more" if len(past) > 5 else "")
        unread.append(Unread(past[0], f"and {len(past) - 1} other text files are past the "
                             f"limit of {MAX_FILES} files a skill the scan reads: {shown} "
                             "were not checked"))
    for deep in skill.diagnostics:
        if deep.code == TOO_DEEP and deep.file is not None:
            unread.append(Unread(os.path.relpath(deep.file, skill.dir).replace(os.sep, "/"),
                                 "is a folder deeper than the walk's limit (limits.max_depth): "
                                 "its files were neither listed nor checked"))
    if skill.files_truncated:
        unread.append(Unread(skill_md, "is in a skill with more files than the limit "
                             "(limits.max_files_per_skill): the files past it were neither "
                             "listed nor checked"))
    return texts, opaque, unread


_SAID = LineFinder((*manipulation.PATTERNS, manipulation.AGENT_VOCATIVE, manipulation.AGENT_SHOUT,
                   manipulation.AGENT_ADDRESS, manipulation.ROLE_PRINTED), group=7)
"""Lines where an instruction check could find something (7 patterns a program, and 9 for
the code patterns: the fastest grouping measured on the shared corpus in one cold pass, and
about half the time of 4 a program once RE2's automata are built, docs/performance.md)."""
_REWRITTEN = (risky.OBFUSCATED, risky._ARGV)
"""Code patterns that find no hit themselves: they mark a line the code checks read again
rewritten (a command name written to dodge a match, ``c''url``; an argument list,
``['curl', URL]``), and only what the rewritten line holds can be a hit."""
_LINES = LineFinder((*(p for p in risky.LINE_PATTERNS if p not in _REWRITTEN),
                     *flows.LINE_PATTERNS), group=9)
"""Lines where a code check could find something as written."""
_REWRITES = LineFinder(_REWRITTEN, group=len(_REWRITTEN))
"""Lines the code checks read again rewritten: candidates only where the rewritten text is
one of :data:`_LINES` (:func:`_code_lines`). On the shared corpus three in four of the lines
the code prefilter let through were these alone (``\\n`` in a string, a JSON list), and each
cost the code checks about 0.1 ms (docs/performance.md)."""
_HIDDEN_MARKUP = LineFinder(HIDDEN_PATTERNS, group=len(HIDDEN_PATTERNS))
_HIDDEN_CHARACTERS = LineFinder(hidden.PATTERNS, group=len(hidden.PATTERNS))
_SECRETS = LineFinder(secrets.PATTERNS, group=len(secrets.PATTERNS))


MAX_PER_CODE = 20
"""Findings of one code listed for one file; the rest are counted in one more finding."""


def scan(skill: Skill, prefilter: bool = True) -> list[Hit]:
    """Every trust hit in ``skill``'s files (frontmatter and body included), at most
    :data:`MAX_PER_CODE` of a code a file and one finding counting the others. Without
    ``prefilter`` every line of every file is read by every check (the reference the
    prefiltered scan is tested against)."""
    texts, opaque, unread = read_texts(skill)
    hits: list[Hit] = []
    for relpath, text in texts:
        hits.extend(_capped(relpath, _file_hits(skill, relpath, text, prefilter)))
    hits.extend(_capped("the skill", _skill_flows(skill, texts, {
        (h.file, h.line, h.code) for h in hits})))
    hits.extend(_capped("the skill", _file_level(skill, opaque, unread)))
    hits.extend(_capped("the skill", _list_deletes(skill, texts)))
    return hits


def _list_deletes(skill: Skill, texts: list[tuple[str, str]]) -> Iterator[Hit]:
    """Deletes of every path a list shipped in the skill names (:func:`risky.list_deletes`),
    reported at the delete."""
    by_path = dict(texts)
    for relpath, offset, detail in risky.list_deletes(texts):
        text = by_path[relpath]
        line, column = line_col(text, offset)
        yield Hit("ST024", skill.dir / relpath, line, column,
                  f"{detail}: `{escape(text[offset:].split(chr(10), 1)[0])}` in "
                  f"{relpath}; {_fix('ST024')}")


def _skill_flows(skill: Skill, texts: list[tuple[str, str]],
                 found: set[tuple[Path, int, str]]) -> Iterator[Hit]:
    """Flows across the skill's own files (:func:`flows.skill_hits`), reported in the file
    that does the harm, unless that file is about attacks or the line already has the
    finding."""
    files = dict(texts)
    for rel, hit in flows.skill_hits(files):
        text = files[rel]
        if about_attacks(rel, text):
            continue
        line, _column = line_col(text, hit.offset)
        if (skill.dir / rel, line, hit.code) in found:
            continue
        found.add((skill.dir / rel, line, hit.code))
        yield Hit(hit.code, skill.dir / rel, line, None,
                  f"{hit.detail}: `{escape(hit.command)}` in {rel}; {_fix(hit.code)}")


def _file_level(skill: Skill, opaque: list[Opaque], unread: list[Unread]) -> Iterator[Hit]:
    """A finding a file that cannot be reviewed (capped like any: a skill may hold thousands)."""
    for item in opaque:
        code = "ST042" if "archive" in item.kind else "ST041"
        yield Hit(code, skill.dir / item.relpath, 1, None,
                  f"{item.relpath} is {item.kind}: a reader cannot review what it does")
    for missed in unread:
        yield Hit("ST044", skill.dir / missed.relpath, 1, None,
                  f"{missed.relpath} {missed.why}; {_fix('ST044')}")


def _capped(rel: str, hits: Iterator[Hit]) -> Iterator[Hit]:
    """``hits`` of one file, at most :data:`MAX_PER_CODE` of a code, then one finding a
    code saying how many more there are and where the first of them is."""
    counts: dict[str, int] = {}
    first_left: dict[str, Hit] = {}
    for hit in hits:
        count = counts[hit.code] = counts.get(hit.code, 0) + 1
        if count <= MAX_PER_CODE:
            yield hit
        elif hit.code not in first_left:
            first_left[hit.code] = hit
    for code, hit in first_left.items():
        more = counts[code] - MAX_PER_CODE
        yield Hit(code, hit.file, hit.line, hit.column,
                  f"{more} more {code} finding{'s' if more != 1 else ''} in {rel}, from line "
                  f"{hit.line} on, not listed (the first {MAX_PER_CODE} are); {_fix(code)}")


def _long_lines(text: str, data: bytes, limit: int) -> Iterator[int]:
    """Lines (0-based) of the logical lines (as :func:`code.logical_lines` joins them) longer
    than ``limit``: the code checks read those in windows, where ``^`` and word boundaries
    fall inside the line."""
    joined = join_continuations(data) or data
    if max(map(len, joined.split(b"\n"))) <= limit:
        return  # bytes count at least the characters, and joining only lengthens lines
    number = 0
    for _offset, line, count in risky.logical_lines(text):
        if len(line) > limit:
            yield from range(number, number + count)
        number += count


_ABOUT_INVISIBLE = re.compile(
    r"zero[- ]?width|invisible\s+(characters?|unicode|text)|\bZWS?P\b|\bZWN?J\b|U\+200[B-D]|"
    r"\\u200[bcd]|soft\s+hyphens?|non-printing|homoglyph|format\s+characters?", re.IGNORECASE)
"""Words around an invisible character that say the text is about such characters (a guide
to cleaning text showing one): the warning is left out there (tag characters and
bidirectional controls never are)."""


def _about_invisible(text: str, offset: int) -> bool:
    """Words about invisible characters near ``offset``, in its paragraph, outside a
    ``name:`` line or a heading (a skill named ``zero-width-...`` is not a text about
    them)."""
    start = max(offset - 400, text.rfind("\n\n", max(0, offset - 400), offset) + 1, 0)
    end = text.find("\n\n", offset, offset + 200)
    for match in _ABOUT_INVISIBLE.finditer(text, start, end if end >= 0 else offset + 200):
        line = text.rfind("\n", 0, match.start()) + 1
        if not text.startswith(("name:", "#"), line):
            return True
    return False


def _hidden_characters(path: Path, rel: str, text: str) -> Iterator[Hit]:
    for offset, decoded in hidden.tag_runs(text):
        line, column = line_col(text, offset)
        yield Hit("ST001", path, line, column,
                  f"invisible Unicode tag characters in {rel} spell {_shown(decoded)}: an "
                  f"agent reads them, a person does not; {_fix('ST001')}")
    for offset, char in hidden.bidi_controls(text):
        line, column = line_col(text, offset)
        context = text[max(0, offset - 20): offset + 20]
        yield Hit("ST002", path, line, column,
                  f"bidirectional control {escape(char)} ({char_name(char)}) in {rel}: "
                  f"text shown in another order than it is read ({_shown(context)}); "
                  f"{_fix('ST002')}")
    for offset, run in hidden.invisible_runs(text):
        if _about_invisible(text, offset):
            continue  # text about invisible characters, showing one
        line, column = line_col(text, offset)
        context = text[max(0, offset - 15): offset + len(run) + 15]
        yield Hit("ST003", path, line, column,
                  f"invisible character {hidden.describe_invisible(run)} in {rel}, in "
                  f"{_shown(context)}: it splits or hides text; {_fix('ST003')}")


_FINDERS = (_SAID, _LINES, _REWRITES, _HIDDEN_MARKUP, _HIDDEN_CHARACTERS, *risky.LINE_FINDERS,
            _SECRETS)


def _code_lines(data: bytes, limit: int) -> tuple[set[int], set[int]]:
    """The lines (0-based) of ``data`` the code checks read (:func:`code.shell_hits`): where
    a code pattern matches as written, and where only a rewriting one does
    (:data:`_REWRITTEN`) if the line rewritten as :func:`code.line_hits` rewrites it (the
    command names unquoted, an argument list as a command, both) holds a match of a code
    pattern. Lines a continuation joins, and lines longer than ``limit`` bytes (read in
    windows), are kept whenever a pattern matches them. Also: every line a rewriting pattern
    matches."""
    direct = _LINES.candidates(data) or set()
    marked = _REWRITES.candidates(data) or set()
    rewritten = marked - direct
    if not rewritten:
        return direct, marked
    joined = continued_lines(data)
    lines = data.split(b"\n")
    for number in rewritten:
        line = lines[number]
        if number in joined or len(line) > limit or _rewrite_may_hit(line.decode("utf-8")):
            direct.add(number)
    return direct, marked


def _rewrite_may_hit(line: str) -> bool:
    """Whether a rewritten form of ``line`` that :func:`code.line_hits` reads (the command
    names unquoted, the argument list as a command, or the argument list of the unquoted
    line) holds a match of a code pattern."""
    plain = risky.deobfuscated(line)
    forms = (plain, risky.argv_command(line),
             risky.argv_command(plain) if plain is not None else None)
    return any(form is not None and _LINES.any_match(form.encode("utf-8")) for form in forms)


def _file_hits(skill: Skill, rel: str, text: str, prefilter: bool) -> Iterator[Hit]:
    path = skill.dir / rel
    if prefilter and not _FINDERS[-1].ready:
        # Every prefilter compiled on the first file scanned, not on the first file one of
        # them is needed for: the work a file takes does not depend on the files before it.
        for finder in _FINDERS:
            finder.active  # noqa: B018
    data = (text.encode("utf-8") if prefilter and _LINES.active and _SAID.active
            and _REWRITES.active else b"")
    if not text.isascii() and (not data or _HIDDEN_CHARACTERS.any_match(data)):
        yield from _hidden_characters(path, rel, text)
    if not text.isascii() or "xn--" in text:
        for offset, token, shape in (*hidden.lookalike_tokens(text),
                                     *hidden.punycode_tokens(text)):
            line, column = line_col(text, offset)
            odd = ", ".join(sorted({f"{c} ({char_name(c)})" for c in token if not c.isascii()
                                    })) or "punycode, decoded"
            yield Hit("ST006", path, line, column,
                      f"{_shown(token)} in {rel} is written with look-alike letters ({odd}): "
                      f"it reads as {shape!r} but names something else; {_fix('ST006')}")
    shell: set[int] | None
    if data:
        # Only the segments holding a line some check could match, and hidden runs where
        # there is markup that hides text; the checks' words are looked for in each.
        said: set[int] | None = _SAID.lines(data) or set()
        # the code checks read their own lines; the segments are those holding a line
        # either kind of check could match, or a rewriting pattern (as before: a block's
        # other checks read all of it)
        shell, marked = _code_lines(data, risky.MAX_LINE - 200)
        wanted: set[int] | None = shell | marked | (said or set())
        if len(data) > risky.MAX_LINE - 200 and wanted is not None:
            long_lines = set(_long_lines(text, data, risky.MAX_LINE - 200))
            wanted |= long_lines
            shell |= long_lines
        markup = _HIDDEN_MARKUP.any_match(data)
        text_file = file_segments(rel, text, wanted, markup)
        present: tuple[str, ...] = risky.TRIGGERS
    else:
        wanted = said = shell = None
        text_file = file_segments(rel, text)
        lowered = text.lower()
        present = tuple(word for word in risky.TRIGGERS if word in lowered)
    about = text_file.language == "markdown" and about_attacks(rel, text)
    file_lines = text.split("\n") if text_file.language == "markdown" else []
    found: dict[tuple[str, int], Hit] = {}
    for segment in text_file.segments:
        if (segment.kind == "prose" and shell is not None and said is not None
                and segment.start - 1 not in shell and segment.start - 1 not in said):
            continue  # a prose line (one a segment) no check reads: nothing to find in it
        around = _paragraph(file_lines, segment.start) if segment.kind == "prose" else ""
        for hit in _segment_hits(path, rel, segment, present, shell, said, about, around):
            # One finding a thing found: a hidden comment on a prose line is read in both;
            # the hidden run's finding says more (hidden from readers).
            if (hit.code, hit.line) not in found or segment.kind == "hidden":
                found[hit.code, hit.line] = hit
    reported = {line for code, line in found if code != "ST016"}
    # a line reported (text hidden from readers on it) is not also shown as documentation
    yield from (hit for (code, line), hit in found.items()
                if code != "ST016" or line not in reported)
    if not data or _SECRETS.any_match(data):
        for offset, what, redacted in secrets.find_secrets(text):
            line, column = line_col(text, offset)
            yield Hit("ST030", path, line, column,
                      f"{what} in {rel}: {redacted}; {_fix('ST030')}")
        examples = _ExampleBlocks(text) if text_file.language == "markdown" else None
        for offset, name, redacted in secrets.find_assigned(text):
            if examples is not None and examples.holds(offset):
                continue  # a value in a request or response shown as an example
            line, column = line_col(text, offset)
            yield Hit("ST031", path, line, column,
                      f"a value that looks like a real secret is assigned to {name!r} in "
                      f"{rel}: {redacted}; {_fix('ST031')}")
    lower = rel.lower()
    if lower.endswith((".svg", ".html", ".htm", ".xhtml", ".xml")):
        yield from _active(path, rel, text)
    if lower.endswith(".json"):
        granted = risky.settings_file_hit(text)
        if granted is not None:
            yield Hit("ST014", path, 1, None, f"{rel} is an agent's settings file that "
                      f"{granted}; {_fix('ST014')}")
    if text_file.language in ("python", "shell", "javascript", "powershell"):
        exfil = risky.script_exfil(text, text_file.language)
        if exfil is not None:
            line, column = line_col(text, exfil[0])
            yield Hit("ST023", path, line, column,
                      f"{rel} {exfil[1]}: credentials leaving the machine; {_fix('ST023')}")
    if text_file.language == "python":
        destroyed = risky.script_destroys(text)
        if destroyed is not None:
            line, column = line_col(text, destroyed)
            yield Hit("ST024", path, line, column,
                      f"{rel} deletes the home folder (or every entry of it) or the root; "
                      f"{_fix('ST024')}")
        fetched = risky.script_fetch_chmod_run(text)
        if fetched is not None:
            line, column = line_col(text, fetched)
            yield Hit("ST020", path, line, column,
                      f"{rel} downloads a program, makes it executable and runs it, with no "
                      f"checksum or signature checked; {_fix('ST020')}")
    if text_file.language == "javascript":
        evaluated = risky.script_eval_fetched(text)
        if evaluated is not None:
            line, column = line_col(text, evaluated)
            yield Hit("ST020", path, line, column,
                      f"{rel} evaluates code it fetches over the network; {_fix('ST020')}")


_EXAMPLE_WORDS = re.compile(
    r"\b(?:samples?|requests?|responses?|payloads?)(?![\w-])", re.IGNORECASE)
"""Words that call a fenced block an example of what a service sends or answers: a request, a
response, a payload, sample data. "Example" alone is not one (a skill's "Examples" section is
what its agent runs, with the configuration it uses)."""
_MD_HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*)$", re.MULTILINE)


class _ExampleBlocks:
    """The fenced blocks of a Markdown file that its text calls a request, a response or
    sample data (:data:`_EXAMPLE_WORDS`): in the block's info string, the three lines before
    it or its section's heading. A random-looking value under a secret's name there (an API's
    documented ``access_token``, a webhook's challenge) is the example, not a credential
    (ST031); a credential in a published format (ST030) is reported wherever it is. Built in
    one pass over the file; each question is a binary search."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._spans = fenced_spans(text)
        self._starts = [start for start, _end in self._spans]
        self._headings = [(m.start(), m.group(1)) for m in _MD_HEADING.finditer(text)
                          if not in_spans(self._spans, m.start())]
        self._heading_starts = [start for start, _heading in self._headings]
        self._answers: dict[int, bool] = {}

    def holds(self, offset: int) -> bool:
        at = bisect.bisect_right(self._starts, offset) - 1
        if at < 0 or not self._spans[at][0] <= offset < self._spans[at][1]:
            return False
        if at not in self._answers:
            self._answers[at] = self._example(self._spans[at][0])
        return self._answers[at]

    def _example(self, body: int) -> bool:
        text = self._text
        fence = text.rfind("\n", 0, body - 1) + 1  # the opening fence's line
        before = fence
        for _ in range(3):
            if before <= 0:
                break
            before = text.rfind("\n", 0, before - 1) + 1
        if _EXAMPLE_WORDS.search(text, before, body) is not None:
            return True
        heading = bisect.bisect_right(self._heading_starts, fence) - 1
        return heading >= 0 and _EXAMPLE_WORDS.search(self._headings[heading][1]) is not None


_SCRIPT = re.compile(r"<script\b|\bon[a-z]+\s*=\s*[\"']|javascript:|<foreignObject\b|"
                     r"<iframe\b|<embed\b|<object\b", re.IGNORECASE)


_BROWSER_SECRETS = re.compile(r"document\.cookie|localStorage|sessionStorage")
_SENDS = re.compile(r"\bfetch\s*\(|XMLHttpRequest|sendBeacon|new\s+Image\b|\.src\s*=|"
                    r"navigator\.sendBeacon|WebSocket\s*\(")
"""A page's script that reads what the browser keeps for a site (cookies, storage) and sends
a request: the session leaving for whoever the request goes to."""


def _active(path: Path, rel: str, text: str) -> Iterator[Hit]:
    match = _SCRIPT.search(text)
    if match is None:
        return
    read = _BROWSER_SECRETS.search(text, match.start())
    if read is not None and _SENDS.search(text, match.start()) is not None:
        line, column = line_col(text, read.start())
        yield Hit("ST023", path, line, column,
                  f"{rel} carries script that reads the browser's cookies or storage and "
                  f"sends a request ({_shown(text[read.start(): read.start() + 60])}): a "
                  f"session leaving the page; {_fix('ST023')}")
    line, column = line_col(text, match.start())
    snippet = _shown(text[match.start(): match.start() + 60])
    if rel.lower().endswith(".svg"):
        yield Hit("ST040", path, line, column,
                  f"{rel} is an image that runs script ({snippet}): opened in a browser it "
                  "acts with the page's rights; remove the script and event handlers")
    else:
        yield Hit("ST043", path, line, column,
                  f"{rel} carries script ({snippet}): review what it does before opening it "
                  "in a browser")


_SHELLISH = frozenset({"shell", "powershell", "javascript", "other", "markdown"})


def _local(segment: Segment, numbers: Set[int]) -> set[int]:
    """The lines of ``numbers`` (0-based, of the file) in ``segment``, counted from its first
    line: from whichever is fewer, the segment's lines or ``numbers``, so that the work is
    at most the segment's lines."""
    first = segment.start - 1
    end = segment.start + segment.text.count("\n")
    if len(numbers) < end - first:
        return {n - first for n in numbers if first <= n < end}
    return {n - first for n in range(first, end) if n in numbers}


def _segment_hits(path: Path, rel: str, segment: Segment, present: tuple[str, ...],
                  wanted: Set[int] | None, said: Set[int] | None = None,
                  about: bool = False, around: str = "") -> Iterator[Hit]:
    """Hits in one segment; ``present`` are the risky-code trigger words its file may hold;
    ``wanted``, the lines of the file the checks read (None: all); ``said``, those the
    instruction checks read (None: all); ``about``, the file is about attacks (its name or
    title says so). Text hidden from readers is never documentation."""
    documentation = segment.kind != "hidden" and (about or segment.documentation)
    text = segment.text
    where = {"hidden": " hidden from readers", "code": "", "prose": "", "file": ""}[segment.kind]
    # the wanted lines of the segment, found from its own lines (not by going over every
    # wanted line of the file for each segment: quadratic in a file of prose lines)
    lines = None if wanted is None or segment.kind == "hidden" else _local(segment, wanted)
    told = None if said is None or segment.kind == "hidden" else _local(segment, said)
    if told is not None and not told:
        pass  # no line an instruction check could match
    elif segment.kind in ("prose", "hidden", "code") or segment.language == "markdown":
        yield from _manipulation(path, rel, segment, where,
                                 told if segment.kind == "code" else None, documentation, around)
    else:
        yield from _file_instructions(path, rel, segment, told)
    if segment.kind == "hidden" and not segment.documentation:
        match = manipulation.AGENT_ADDRESSED.search(text)
        if match and re.search(r"[A-Za-z]{3,}", text) and not _fill_in_note(rel, text):
            line, column = line_col(text, match.start(), segment.start, segment.column)
            yield Hit("ST004", path, line, column,
                      f"text hidden from readers (an HTML comment or hidden element) in {rel} "
                      f"instructs the agent: {_shown(text.strip())}; {_fix('ST004')}")
    lower = text.lower()
    if not any(word in lower for word in present):
        return
    code_hits: list[risky.CodeHit] = []
    if segment.language == "python":
        parsed = risky.python_hits(text)
        if parsed is not None:
            code_hits.extend(parsed)
        code_hits.extend(risky.shell_hits(text, present, lines))
    elif segment.language in _SHELLISH or segment.kind != "prose":
        code_hits.extend(risky.shell_hits(text, present, lines, segment.kind == "prose"))
    if segment.kind in ("code", "file") and segment.language not in ("python", "markdown"):
        code_hits.extend(risky.flow_hits(text))  # statements read together: every line
    if (segment.kind == "file" and (flows.is_code_file(rel) or segment.language in (
            "python", "javascript", "powershell"))) or (
            segment.kind == "code" and flows.code_fence(segment.info)):
        code_hits.extend(flows.script_hits(text))  # a program's statements, any language
    elif segment.kind in ("code", "file") and segment.language in ("shell", "other"):
        code_hits.extend(flows.shell_hits(text))
    if segment.kind in ("code", "file"):
        code_hits.extend(risky.class_text_hits(text))
    if code_hits and documentation:
        shown = next((hit for hit in code_hits if hit.code != "ST027"), None)
        if shown is not None:
            line, column = line_col(text, shown.offset, segment.start, segment.column)
            yield _describes(path, rel, line, column, shown.code, shown.detail,
                             f"`{escape(shown.command)}`")
        return
    seen: set[tuple[str, int]] = set()
    for hit in code_hits:
        if hit.code == "ST027" and segment.kind == "prose":
            continue  # an install mentioned in prose is not run by a script
        line, column = line_col(text, hit.offset, segment.start, segment.column)
        if (hit.code, line) in seen:
            continue
        seen.add((hit.code, line))
        yield Hit(hit.code, path, line, column if column > 1 else None,
                  f"{hit.detail}{where}: `{escape(hit.command)}` in {rel}; {_fix(hit.code)}")


_RISKY_ASK = re.compile(
    r"\b(?:ignore|disregard|instead|secret(?:ly)?|silent(?:ly)?|quiet(?:ly)?|covert(?:ly)?|"
    r"hid(?:e|den)|run|execute|exec|eval|shell|send|upload|post|email|fetch|visit|download|"
    r"install|disable|bypass|override|"
    r"(?:delete|remove|erase|wipe)(?!\s+(?:the\s+|this\s+|that\s+|these\s+|those\s+|any\s+|"
    r"unused\s+|empty\s+)?(?:blocks?|sections?|rows?|lines?|placeholders?|comments?|examples?|"
    r"items?|entries|parts?|paragraphs?|headings?|columns?|cards?)\b)|"
    r"credentials?|passwords?|tokens?|keys?|ssh|env(?:ironment)?|curl|wget|sudo)\b|"
    r"https?://|[~$]/|\$\{?\w|\.\w+/", re.IGNORECASE)
"""What makes a comment more than a note on filling in a template: an act beyond writing the
text (running, sending, fetching, deleting anything but a part of the template, switching a
check off), secrecy, an address, a path or credentials (an approval or permission claimed is
ST014's own check)."""


def _fill_in_note(rel: str, text: str) -> bool:
    """A hidden comment in a template (by its file's or folder's name:
    ``assets/templates/status.md``, ``report-template.html``) that says what goes where ("list
    the open risks; the agent should keep each to one line") and asks for nothing beyond
    writing the text: no act, secrecy, address, path or credential (:data:`_RISKY_ASK`). The
    same comment in any other file, or one that asks more, is ST004."""
    return "template" in rel.lower() and _RISKY_ASK.search(text) is None


def _line_of(text: str, match: re.Match[str]) -> str:
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    return text[start: end if end >= 0 else len(text)]


def _describes(path: Path, rel: str, line: int, column: int | None, code: str, what: str,
               shown: str) -> Hit:
    """ST016: what a check found (``code``, ``what``) quoted where the text says it is
    about attacks: a notice that the skill describes them, not a warning that it does them."""
    return Hit("ST016", path, line, column if column and column > 1 else None,
               f"{rel} describes an attack: {shown} ({code}: {what}) is quoted in a section, "
               f"block or file about attacks or what not to do, so it is shown as "
               f"documentation, not as something the skill does; {_fix('ST016')}")


def _manipulation(path: Path, rel: str, segment: Segment, where: str,
                  lines: Set[int] | None = None, documentation: bool = False,
                  around: str = "") -> Iterator[Hit]:
    """The instruction checks on one segment; with ``lines`` (0-based, of the segment), only
    on those lines (the lines a match can touch, from the prefilter), each read with the text
    around it (negation, scope): a long code block is not searched whole for each check."""
    text = segment.text
    lower = text.lower()
    spans = None if lines is None else _line_spans(text, lines)
    done: set[str] = set()
    for check in manipulation.CHECKS:
        code = check.code
        if code in done:
            continue
        if code == "ST012" and segment.kind == "code" and not _prose_fence(segment):
            continue  # role markers in a code sample are data (chat templates, API calls)
        gate = _GATES.get(check.pattern)
        if gate is not None and gate.search(lower) is None:
            continue
        match = _first(check, text, spans, around)
        if match is not None and code == "ST012" and segment.kind == "code":
            match = next((m for s, e, _ in spans or ((0, len(text), len(text)),)
                          if (m := manipulation.ROLE_TOKEN.search(text, s, e))), None)
        if match is None:
            continue
        labelled = segment.kind == "code" and _labelled_data(text, match.start())
        if documentation or labelled or (segment.kind == "prose"
                                         and _quoted(text, match.start())):
            if documentation or labelled:
                line, column = line_col(text, match.start(), segment.start, segment.column)
                yield _describes(path, rel, line, column, code, check.what,
                                 _shown(_line_of(text, match)))
            return
        done.add(code)
        line, column = line_col(text, match.start(), segment.start, segment.column)
        quoted = _line_of(text, match)
        yield Hit(code, path, line, column,
                  f"{check.what}{where}: {_shown(quoted)} in {rel}; {_fix(code)}")


_NEGATION_FREE = re.compile(r"([-*+>|]|\d{1,9}[.)]|#{1,6})\s")
"""A prose line that starts an item: its clause starts on it (no negation before it)."""
_AROUND = 2
"""Lines either side of a prose line read as its paragraph (a sentence wrapped over lines)."""


def _paragraph(lines: list[str], number: int) -> str:
    """Line ``number`` (1-based) of ``lines`` with up to :data:`_AROUND` lines either side,
    not across a blank line or into another list item: the paragraph a claim's other slots
    are looked for in."""
    first = last = number - 1
    while (first > 0 and number - 1 - first < _AROUND and lines[first - 1].strip()
           and not _ITEM.match(lines[first].lstrip())):
        first -= 1
    while (last + 1 < len(lines) and last + 1 - (number - 1) <= _AROUND
           and lines[last + 1].strip() and not _ITEM.match(lines[last + 1].lstrip())):
        last += 1
    return " ".join(lines[first: last + 1])


_ITEM = re.compile(r"([-*+>|]|\d{1,9}[.)]|#{1,6})\s")
"""A line that starts a list item, a quote, a table row or a heading: a paragraph's edge."""


_MAX_TRIED = 50
"""Matches of one check tried in one segment or line before giving up on it (each one is
looked at in a bounded window: negation, scope)."""


_GATES = {check.pattern: re.compile("|".join(map(re.escape, check.gate)))
          for check in manipulation.CHECKS if check.gate is not None}
"""Each check's gate words as one pattern (one pass in C, not a Python loop over the words);
run on lowercase text."""
_REACH = 200
"""Characters past the last line of a span a match may look at (a lookahead)."""


def _line_spans(text: str, lines: Set[int]) -> list[tuple[int, int, int]]:
    """(start, end, last start) of each run of consecutive ``lines`` of ``text``: from the
    run's first character to :data:`_REACH` past its end (a lookahead may read on), a match
    starting at most at ``last start`` (the run's end)."""
    newlines = _newlines(text)
    spans: list[tuple[int, int, int]] = []
    for number in sorted(lines):
        start = newlines[number - 1] + 1 if 0 < number <= len(newlines) else 0
        end = newlines[number] if number < len(newlines) else len(text)
        if spans and start <= spans[-1][2] + 1:
            spans[-1] = (spans[-1][0], min(len(text), end + _REACH), end)
        else:
            spans.append((start, min(len(text), end + _REACH), end))
    return spans


def _first(check: manipulation.Check, text: str,
           spans: list[tuple[int, int, int]] | None = None, around: str = ""
           ) -> re.Match[str] | None:
    """The first match of ``check`` in ``text`` (or in its ``spans``) that is not negated,
    an option's description or an approval of one thing."""
    count = 0
    for start, end, last in spans if spans is not None else ((0, len(text), len(text)),):
        for match in check.pattern.finditer(text, start, end):
            if match.start() > last:
                break
            count += 1
            if count > _MAX_TRIED:
                return None
            if _kept(check, text, match, around):
                return match
    return None


def _kept(check: manipulation.Check, text: str, match: re.Match[str], around: str = ""
          ) -> bool:
    """``match`` of ``check`` is not negated, an option's description or an approval of one
    thing."""
    if check.negatable and manipulation.negated(text, match.start()):
        return False
    if check.negatable and around and not _NEGATION_FREE.match(text.lstrip()):
        at = around.find(text)  # a prose line in its paragraph: a negation on the line before
        if at >= 0 and manipulation.negated(around, at + match.start()):
            return False
    if check.pattern is manipulation.SAFETY_OFF and manipulation.describes_option(text, match):
        return False
    if check.pattern is manipulation.APPROVAL and not manipulation.blanket(text, match):
        return False
    if check.pattern is manipulation.AUTH_CLAIM and manipulation.conditional(text, match.start()):
        return False
    if check.near and not manipulation.near(text, match, check.near, around):
        return False
    return not (check.pattern is manipulation.CONCEAL and manipulation.for_now(text, match))


_PROMPT_EXAMPLE = re.compile(r"\b(example|sample|template|format)s?\b[^.\n]{0,40}\bprompts?\b|"
                             r"\bprompts?\s+(example|template|sample|format)s?\b|chat\s+templates?",
                             re.IGNORECASE)


def _prose_fence(segment: Segment) -> bool:
    """A fenced block of plain text or Markdown (``text``, ``md``, no label): what the agent
    reads as instructions, unless the text before it calls it an example of a prompt."""
    return segment.info in ("", "text", "txt", "plain", "plaintext", "markdown", "md",
                            "prompt") and not _PROMPT_EXAMPLE.search(segment.near)


_CODE_SUFFIXES = (".py", ".pyw", ".sh", ".bash", ".zsh", ".ksh", ".fish", ".js", ".mjs", ".cjs",
                  ".ts", ".tsx", ".jsx", ".ps1", ".psm1", ".go", ".rs", ".rb", ".pl", ".php",
                  ".java", ".kt", ".swift", ".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".lua",
                  ".r", ".bat", ".cmd", ".command", ".scala", ".dart")
_PRINTS = re.compile(r"\b(print|echo|printf|puts|println|eprintln|console\.\w+|Write-(Host|Output)|"
                     r"fmt\.\w*Print\w*|System\.out\.\w+|std(out|err)\.write|write_?[tT]ext|"
                     r"writeFile(Sync)?|Add-Content|Set-Content|Out-File|tee)\b")
_DATA_ROLE_TOKEN = re.compile(r"<\|")


def _file_instructions(path: Path, rel: str, segment: Segment, wanted: Set[int] | None
                       ) -> Iterator[Hit]:
    """Instructions to the agent in a file that is not Markdown: a data file (``.txt``,
    ``.json``, ``.yaml``, ``.csv``, ``.toml``, ``.xml``...), a script's comments and the text
    it prints. Read a line at a time (the wanted lines, or all). In code, role markers count
    only on a line that prints or writes them (a chat template in code is data); in data,
    chat-template tokens (``<|im_start|>``) are data."""
    code_file = rel.lower().endswith(_CODE_SUFFIXES) or segment.language != "other"
    lines = segment.text.split("\n")
    printed = _heredoc_lines(lines) if code_file else set()
    numbers = range(len(lines)) if wanted is None else sorted(n for n in wanted
                                                              if n < len(lines))
    for number in numbers:
        line = _ESCAPED_BREAK.sub("  ", lines[number])  # "...\nRun it" read as two words
        if not line.strip():
            continue
        lower = line.lower()
        done: set[str] = set()
        for check in manipulation.CHECKS:
            gate = _GATES.get(check.pattern)
            if check.code in done or (gate is not None and gate.search(lower) is None):
                continue
            match = _first(check, line)
            if match is None:
                continue
            if check.code == "ST012" and (_DATA_ROLE_TOKEN.match(match.group()) or (
                    code_file and not _PRINTS.search(line) and number not in printed)):
                continue
            done.add(check.code)
            yield Hit(check.code, path, number + 1, match.start() + 1,
                      f"{check.what}, in {_kind_of(code_file)}: {_shown(line)} in {rel}; "
                      f"{_fix(check.code)}")
        if code_file and "ST012" not in done:
            forged = manipulation.ROLE_PRINTED.search(line)
            if forged is not None and manipulation.risky_ask(line):
                yield Hit("ST012", path, number + 1, forged.start() + 1,
                          f"a script prints a forged turn of the conversation: {_shown(line)} "
                          f"in {rel}; {_fix('ST012')}")
        asked = "\n".join(lines[number: number + _NOTE_LINES])
        match = (manipulation.AGENT_VOCATIVE.search(line)
                 or manipulation.AGENT_SHOUT.search(line))
        if match is not None and _GENERATED_NOTE.search(line) and not manipulation.risky_ask(
                asked):
            match = None  # "Note for AI assistants: generated, edit the .proto instead"
        elif match is None:
            match = manipulation.AGENT_ADDRESS.search(line)
            if match is not None and not manipulation.risky_ask(asked):
                match = None
        if match is not None:
            yield Hit("ST015", path, number + 1, match.start() + 1,
                      f"{_kind_of(code_file)} addresses the agent: {_shown(line)} in {rel}; "
                      f"{_fix('ST015')}")


_ESCAPED_BREAK = re.compile(r"\\[nrt](?=[A-Za-z])")
"""An escaped line break or tab in a string, before a word: read as a space (the same width,
so columns hold), or the word after it is glued to the ``n``."""
_GENERATED_NOTE = re.compile(r"\b(generated|generate|do\s+not\s+edit|instead|regenerate)\b",
                             re.IGNORECASE)
"""A note to the agent that a file is generated and where to edit: a note, asking nothing."""
_NOTE_LINES = 4
"""Lines of a note to the agent read for what it asks (its line and those after it)."""
_HEREDOC = re.compile(r"<<-?[ \t]*(['\"]?)([A-Za-z_]\w*)\1")


def _heredoc_lines(lines: list[str]) -> set[int]:
    """The lines (0-based) of here-documents in ``lines`` (``cat <<'EOF'`` ... ``EOF``): text
    a script prints or writes, as a line that prints it is."""
    inside: set[int] = set()
    tag: str | None = None
    for number, line in enumerate(lines):
        if tag is not None:
            if line.strip() == tag:
                tag = None
            else:
                inside.add(number)
            continue
        opened = _HEREDOC.search(line) if "<<" in line else None
        if opened is not None:
            tag = opened.group(2)
    return inside


def _kind_of(code_file: bool) -> str:
    return "a script's comment or output" if code_file else "a data file"


_YAML_QUOTED = re.compile(r"^\s*(- )?[A-Za-z_][\w-]*\s*:\s*[\"']")


_DATA_LINE = re.compile(
    r"""^[ \t]*(?:[-*][ \t]+|\{[ \t]*)?(?:["'][\w .-]{1,40}["'][ \t]*:[ \t]*)?["']""")
"""A line of a data block that is a quoted string: a list item, an array element or the value
of a key (``"input": "..."``)."""


def _labelled_data(text: str, offset: int) -> bool:
    """The phrase at ``offset`` of a fenced block is inside a quoted string of a data record
    (test cases for a defence, a list of payloads) that a label on its line or the four lines
    either side names an attack (``"category": "adversarial"``, ``"Jailbreak ...: ..."``):
    data a defence is tested with, shown as documentation (ST016). An unquoted line, or
    quoted text no label names, is still an instruction."""
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    line = text[start: end if end >= 0 else len(text)]
    if _DATA_LINE.match(line) is None or not _quoted(line, offset - start):
        return False
    before = start
    for _ in range(4):
        if before <= 0:
            break
        before = text.rfind("\n", 0, before - 1) + 1
    after = end
    for _ in range(4):
        if after < 0:
            break
        after = text.find("\n", after + 1)
    return ATTACK_LABEL.search(text, before, after if after >= 0 else len(text)) is not None


def _quoted(line: str, offset: int) -> bool:
    """The phrase at ``offset`` is quoted on its line (inside "...", “...” or a code span): a
    mention of the words, as a list of attack phrases makes, not an instruction."""
    key = _YAML_QUOTED.match(line)
    if key is not None:  # a quoted YAML value (a description): quoting the whole value
        line, offset = line[key.end():], offset - key.end()  # is no mention
    before = line[:offset]
    return (before.count('"') % 2 == 1 or before.count("`") % 2 == 1
            or before.count("\u201c") > before.count("\u201d"))
