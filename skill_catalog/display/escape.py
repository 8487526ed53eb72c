"""Text from a library made safe to print: the one escaping function every command uses.

A skill's name, description, file names and diagnostics come from people the catalog's owner
may not know, and end up in terminals and CI logs. There a control character is a command: ESC
starts a terminal escape sequence (set the window title, write the clipboard with OSC 52, move
the cursor over earlier lines), a newline starts a line that GitHub Actions reads as a workflow
command (``::add-mask::``, ``::error::``, ``::stop-commands::``), and bidirectional controls
make a line read differently from what it holds. So every text output shows such characters as
escapes instead (:func:`printable`):

- C0 and C1 controls and DEL: ``\\n``, ``\\r``, ``\\t``, else ``\\xNN`` (ESC is ``\\x1b``);
- line and paragraph separators, lone surrogates (undecodable bytes of a file name) and the
  invisible format characters (bidi controls and isolates, zero-width space, BOM, soft hyphen,
  tag characters): ``\\uNNNN`` or ``\\UNNNNNNNN``; the zero-width joiner and non-joiner, which
  emoji and several scripts need, are kept;
- a value that starts (after blanks) with ``:``, which could begin a workflow command at the
  start of a line, has that colon escaped (``\\x3a``); and ``##[``, which the Actions runner
  reads as a command anywhere in a line, becomes ``##\\x5b``.

:func:`printable_lines` applies the same to a whole text whose line breaks are meant, line by
line: a CLI's messages pass through it, so even a message that interpolated a raw value cannot
print a control character or start a line with a command. :func:`json_text` does the same for
JSON, with JSON's own ``\\u`` escapes, so the data read back is unchanged.
"""

from __future__ import annotations

import json
import re
from typing import Any

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}

_C0 = "\x00-\x1f"
_OTHER_UNSAFE = (
    "\x7f-\x9f"  # DEL, C1
    "\u2028\u2029"  # line and paragraph separators
    "\ud800-\udfff"  # lone surrogates (surrogateescape'd bytes of file names)
    # Format characters (category Cf) but the zero-width non-joiner and joiner (200C, 200D):
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b\u200e\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f"
)
_UNSAFE = re.compile(f"[{_C0}{_OTHER_UNSAFE}]")
_LEADING_COLON = re.compile(r"^(\s*):")
_OLD_COMMAND = "##["
"""The Actions runner's older workflow-command prefix, recognised anywhere in a line."""


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` as one line that is safe on a terminal and in a CI log (see the module)."""
    if not text.isprintable():
        text = _UNSAFE.sub(_escape_char, text)
    if _OLD_COMMAND in text:
        text = text.replace(_OLD_COMMAND, "##\\x5b")
    if text[:1] == ":" or text[:1].isspace():
        text = _LEADING_COLON.sub(r"\1\\x3a", text, count=1)
    return text


def printable_lines(text: str) -> str:
    """``text`` with each of its lines made :func:`printable` (its ``\\n`` line breaks kept)."""
    if "\n" not in text:
        return printable(text)
    return "\n".join(printable(line) for line in text.split("\n"))


_JSON_UNSAFE = re.compile(f"[{_OTHER_UNSAFE}]|##\\[")
"""What :func:`json_text` escapes: json.dumps escapes C0 in strings itself, so a C0 character
left (a newline) is the document's own layout."""


def _json_escape(match: re.Match[str]) -> str:
    found = match.group()
    if found == _OLD_COMMAND:
        return "##\\u005b"
    code = ord(found)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def json_text(data: Any, *, indent: int | None = 2) -> str:
    """``data`` as JSON (non-ASCII text kept readable), ending with a newline, with every
    character :func:`printable` would escape written as a JSON ``\\u`` escape instead: the
    document prints safely and reads back as the same data."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    # json.dumps escapes C0 itself; what is left can only sit inside strings (JSON's own
    # syntax is ASCII), where a \u escape stands for the same character.
    return _JSON_UNSAFE.sub(_json_escape, text) + "\n"
