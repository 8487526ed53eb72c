"""Text output carries no control character from input (issue 23, attack 8).

A library's names, descriptions, file names and messages reach terminals and CI logs through
every command. A file named with a newline and ``::add-mask::`` must not become a GitHub
workflow command; an escape sequence in a description (or in a remote search index) must not
set the terminal's title or write its clipboard. Everything goes through one function,
:func:`skill_catalog.display.escape.printable`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from skill_catalog.cli import cli
from skill_catalog.display.escape import json_text, printable, printable_lines
from tests.helpers.libraries import write_skill

OSC52 = "\x1b]52;c;c2VjcmV0\x07"  # write "secret" to the clipboard
TITLE = "\x1b]0;pwned\x07"  # set the window title
CSI = "\x1b[2J"  # clear the screen
C1 = "\x9b31m"  # CSI as one C1 character
BIDI = "\u202e\u2066"
MASK = "\n::add-mask::hidden\n"
HOSTILE = f"x{OSC52}{TITLE}{CSI}{C1}{BIDI}{MASK}##[add-mask]old\r::warning::fake"

KEPT = {"\u200c", "\u200d"}  # zero-width (non-)joiner: emoji and scripts need them


def _unsafe_characters() -> list[str]:
    return [chr(c) for c in range(0x110000)
            if unicodedata.category(chr(c)) in ("Cc", "Cf", "Zl", "Zp", "Cs")
            and chr(c) not in KEPT]


def test_every_control_format_and_separator_character_is_escaped() -> None:
    leaked = [f"U+{ord(c):04X}" for c in _unsafe_characters() if printable(c) == c]
    assert leaked == []


def test_escapes_are_readable() -> None:
    assert printable("a\nb\tc\x1b[0m\x9b\u202e") == "a\\nb\\tc\\x1b[0m\\x9b\\u202e"
    assert printable("\U000e0041") == "\\U000e0041"
    assert printable("👩\u200d💻 Zürich") == "👩\u200d💻 Zürich"


@pytest.mark.parametrize("text", ["::add-mask::x", "  ::error::x", "\u00a0::x", ":x"])
def test_a_value_cannot_start_a_workflow_command(text: str) -> None:
    assert not printable(text).lstrip().startswith(":")


def _safe_log(text: str, *, annotations: bool = False) -> None:
    """No control character but line breaks, no workflow command but our own annotations."""
    bad = [c for c in text if (c in _UNSAFE or c == "\r")]
    assert bad == [], [f"U+{ord(c):04X}" for c in bad]
    for line in text.split("\n"):
        stripped = line.lstrip()
        if annotations and re.match(r"::(error|warning|notice) ", stripped):
            assert "::add-mask" not in stripped.split("::", 2)[1]
            continue
        assert not stripped.startswith("::"), line
        assert "##[" not in line, line


_UNSAFE = frozenset(c for c in _unsafe_characters() if c != "\n")


@given(st.text())
def test_printable_output_is_always_safe(text: str) -> None:
    _safe_log(printable(text))
    assert "\n" not in printable(text)
    _safe_log(printable_lines(text))


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(), inner, max_size=3), max_leaves=10))
def test_json_output_is_safe_and_reads_back_the_same(data: object) -> None:
    text = json_text(data)
    _safe_log(text)
    assert json.loads(text) == data


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A skill whose file names, description and folder hold every kind of control."""
    library = tmp_path_factory.mktemp("escaping") / "lib"
    write_skill(library, "evil", "name: evil\ndescription: " + json.dumps(HOSTILE),
                files={f"references/{HOSTILE.replace('/', '_')}.md": "# x\n",
                       f"scripts/{OSC52}run.py": "print(1)\n"})
    folder = library / f"bad{MASK}{TITLE}"
    write_skill(library, folder.name, "name: " + json.dumps(f"bad{TITLE}\u202eevil") +
                "\ndescription: Broken on purpose. Use when testing.")
    return library


COMMANDS = [
    ["validate", "{lib}"],
    ["validate", "{lib}", "--format", "github"],
    ["validate", "{lib}", "--format", "json"],
    ["validate", "{lib}", "--format", "sarif"],
    ["build", "{lib}", "-o", "{out}"],
    ["list", "{lib}"],
    ["list", "{lib}", "--format", "json"],
    ["files", "evil", "{lib}"],
    ["files", "evil", "{lib}", "--format", "json"],
    ["show", "evil", "{lib}"],
    ["search", "evil", "{lib}"],
    ["search", "evil", "{lib}", "--format", "json"],
    ["search", f"nothing{TITLE}", "{lib}"],
    ["prompt", "{lib}", "--budget-for", "claude-code"],
    ["show", f"nope{OSC52}\n::add-mask::x", "{lib}"],
    ["file", "evil", f"references/{OSC52}\n::add-mask::x", "{lib}"],
    ["validate", "{lib}", "--format", f"x{TITLE}\n::add-mask::x"],
    ["list", "--as-seen-by", f"x{TITLE}\n::add-mask::x"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a)[:40].encode(
    "unicode_escape").decode())
def test_no_command_prints_a_control_character_from_the_library(
        args: list[str], hostile: Path, tmp_path: Path) -> None:
    filled = [a.replace("{lib}", str(hostile)).replace("{out}", str(tmp_path / "site"))
              for a in args]
    result = CliRunner().invoke(cli, filled)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    annotations = "github" in args
    out = result.stdout
    if args[0] == "show" and result.exit_code != 2 and out:
        # The body is the skill's own Markdown (control characters removed); the name, folder
        # and file names around it are escaped.
        body_end = out.index("Skill directory:")
        out = out[body_end:]
    if args[0] == "prompt":
        out = ""  # the fragment is the prompt's text, made by prompts/sanitize.py, not a log
    _safe_log(out, annotations=annotations)
    _safe_log(result.stderr)


def test_a_file_named_like_a_workflow_command_stays_one_annotation(hostile: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", str(hostile), "--format", "github"])
    lines = [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert lines
    assert all(re.match(r"::(error|warning|notice) ", line) for line in lines)
    assert not any(line.startswith("::add-mask") for line in result.stdout.splitlines())
    assert "%0A::add-mask::hidden%0A" in result.stdout


def test_files_lists_a_hostile_name_on_one_line_with_escapes(hostile: Path) -> None:
    out = CliRunner().invoke(cli, ["files", "evil", str(hostile)]).stdout
    assert "\\x1b]52;c;c2VjcmV0\\x07run.py" in out
    assert "\\n\\x3a:add-mask::hidden\\n" in out or "\\n::add-mask::hidden\\n" in out


def test_a_hostile_remote_index_cannot_drive_the_terminal(tmp_path: Path) -> None:
    """``search --index`` of an index written by someone else: its names, descriptions and
    URLs are printed escaped, in text and in JSON."""
    library = tmp_path / "lib"
    write_skill(library, "alpha", "name: alpha\ndescription: Alpha things. Use when testing.")
    site = tmp_path / "site"
    assert CliRunner().invoke(cli, ["build", str(library), "-o", str(site), "-q"]).exit_code == 0
    index_file = site / "search-index.json"
    index = json.loads(index_file.read_text(encoding="utf-8"))
    for doc in index["docs"]:
        doc["name"] = f"alpha{OSC52}{MASK}"
        doc["description"] = f"{TITLE}{CSI}{BIDI} ##[add-mask]x"
        doc["url"] = f"https://example.org/{C1}{MASK}"
    index_file.write_text(json.dumps(index), encoding="utf-8")
    for fmt in ("text", "json"):
        result = CliRunner().invoke(cli, ["search", "alpha", "--index", str(index_file),
                                          "--format", fmt])
        assert result.exit_code == 0, result.output
        _safe_log(result.stdout)
        if fmt == "json":
            assert json.loads(result.stdout)[0]["name"] == f"alpha{OSC52}{MASK}"
