"""The command line and the library API as a new user meets them (issue 32): bad paths are
messages (exit 2), never tracebacks; the configuration printed reads back; a quiet build
still says what failed; a tool's listing fails on skills with errors; one path is one root;
every command that reads a library takes ``-j``; mistakes in templates name their line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
import yaml

import skill_catalog
from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping, effective_config
from tests.environment import REPO
from tests.helpers.libraries import write_skill


def run(*args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("CI", None)
    return subprocess.run([sys.executable, "-m", "skill_catalog", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    write_skill(tmp_path / "lib", "pdf")
    write_skill(tmp_path / "lib", "Broken", "name: Broken\ndescription: Does x. Use when y.")
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    return tmp_path


# --- bad paths: a message and exit 2, for every command and every path it writes -------------

def _written_path_options() -> list[tuple[str, str]]:
    """(command, option) for each path option a command may create or write: those click
    does not require to exist."""
    found = []
    for name in sorted(cli.commands):
        for param in cli.commands[name].params:
            if (isinstance(param.type, click.Path) and not param.type.exists
                    and isinstance(param, click.Option) and param.name != "home"):
                found.append((name, param.opts[-1]))
    return found


CACHE_OPTIONS = {(command, "--cache-dir") for command in ("build", "validate", "serve", "mcp")}
"""A cache folder that cannot be used is a note and no cache, not a failure (as ruff's)."""


def test_the_written_path_options_are_known() -> None:
    assert set(_written_path_options()) == {
        ("validate", "--output"), ("prompt", "--output"), ("build", "--output"),
        ("serve", "--output"), ("new", "--in"), *CACHE_OPTIONS}


@pytest.mark.parametrize("bad", ["/proc/skill-catalog-x/cache", "a-file/cache", "a-file"])
def test_a_cache_folder_that_cannot_be_used_is_a_note(library: Path, bad: str) -> None:
    """The same report as with no cache, and one note on stderr naming the folder."""
    plain = run("validate", "lib", "-f", "json", "--no-cache", cwd=library)
    done = run("validate", "lib", "-f", "json", "--cache-dir", bad, cwd=library)
    assert "Traceback" not in done.stderr, done.stderr
    assert (done.returncode, done.stdout) == (plain.returncode, plain.stdout)
    assert bad in done.stderr, done.stderr


BASE = {"validate": ["lib"], "prompt": ["lib", "-f", "markdown"], "build": ["lib", "-q"],
        "serve": ["lib", "-p", "0"], "new": ["fresh-skill"]}


BAD_PATHS = ["/proc/skill-catalog-x/out", "/proc/out", "a-file/out", "missing/deeper/out"]
"""Paths no command can write: below /proc, a file where a folder should be; a missing folder
(made by the commands that make folders: build, new, serve)."""


@pytest.mark.parametrize(("command", "option", "bad"), [
    (command, option, bad) for command, option in _written_path_options() for bad in BAD_PATHS
    if (command, option) not in CACHE_OPTIONS
    and not (command in ("build", "new", "serve") and bad.startswith("missing/"))])
def test_a_bad_path_is_a_message_and_exit_2(library: Path, command: str, option: str,
                                            bad: str) -> None:
    """'skill-catalog: ...' and exit 2, as the README says, never a Python traceback."""
    done = run(command, *BASE[command], option, bad, cwd=library, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.startswith(("skill-catalog: ", "Usage: ")), done.stderr


def test_every_command_fails_on_bad_paths_without_a_traceback(library: Path) -> None:
    """The class: each command given a path that is missing, a folder for a file or a file for
    a folder (paths, --cwd, --home, -c, --template, --root), exits 2 with a message."""
    cases = [
        ["validate", "nowhere"], ["build", "nowhere", "-q"], ["prompt", "nowhere"],
        ["show", "pdf", "nowhere"], ["files", "pdf", "nowhere"], ["file", "pdf", "x", "nowhere"],
        ["search", "pdf", "nowhere"], ["list", "nowhere"], ["marketplace", "nowhere"],
        ["config", "-c", "lib"], ["validate", "lib", "-c", "nowhere.yml"],
        ["prompt", "lib", "--template", "lib"], ["list", "--as-seen-by", "codex", "--cwd",
                                                 "a-file"],
        ["instructions", "--cwd", "nowhere"], ["marketplace", "lib", "--root", "a-file"],
        ["prompt", "--as-seen-by", "claude-code", "--home", "a-file"],
        ["list", "--as-seen-by", "claude-code", "--home", "a-file"],
        ["search", "pdf", "--index", "/proc/nowhere/search-index.json"],
    ]
    for args in cases:
        done = run(*args, cwd=library, timeout=120)
        assert "Traceback" not in done.stderr, (args, done.stderr)
        assert done.returncode in (0, 1, 2), (args, done.returncode)


def test_validate_dash_o_prints_the_summary(library: Path) -> None:
    done = run("validate", "lib", "-f", "json", "-o", "report.json", cwd=library)
    assert done.returncode == 1
    assert done.stdout == ""
    assert "2 skills checked: 1 valid, 1 invalid" in done.stderr
    assert "Report written to report.json (json)." in done.stderr


# --- configuration ---------------------------------------------------------------------------

CONFIGS = [
    {},
    {"title": "T", "roots": ["skills"], "rules": {"SC201": "off", "SC202": "error"}},
    {"trust": {"accept": [{"skill": "pdf", "rule": "ST027", "reason": "reviewed in #12 today"}],
               "fail_on": "warning", "inline_accept": "never"}},
    {"base_url": "https://example.org/c/", "tools": ["claude-code"], "theme": "theme",
     "repository": {"url": "https://github.com/o/r", "branch": "dev", "path": "lib"},
     "marketplace": {"name": "mine", "group_by": "metadata.category"},
     "limits": {"max_depth": 3}, "include": ["a/*"], "exclude": ["b"],
     "extensions": ["claude-code"]},
]


@pytest.mark.parametrize("data", CONFIGS)
def test_config_output_reads_back_as_the_same_configuration(tmp_path: Path,
                                                            data: dict[str, object]) -> None:
    """``skill-catalog config`` prints a configuration: fed back with -c it gives the same
    effective configuration (trust.accept entries included, not ``{}``)."""
    first = tmp_path / "skill-catalog.yml"
    first.write_text(yaml.safe_dump(data), encoding="utf-8")
    printed = run("config", cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    assert "- {}" not in printed.stdout
    second = tmp_path / "printed.yml"
    second.write_text(printed.stdout, encoding="utf-8")
    again = run("config", "-c", str(second), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[1:] == printed.stdout.splitlines()[1:]
    config = config_from_mapping(yaml.safe_load(printed.stdout))
    assert effective_config(config) == effective_config(config_from_mapping(data))


def test_the_configuration_of_the_current_folder_is_named(library: Path) -> None:
    (library / "skill-catalog.yml").write_text("roots: [lib]\n", encoding="utf-8")
    done = run("validate", cwd=library)
    assert "using the configuration skill-catalog.yml of the current folder" in done.stderr
    quiet = run("build", "-q", "-o", "site", cwd=library)
    assert "using the configuration" not in quiet.stderr
    named = run("validate", "-c", "skill-catalog.yml", cwd=library)
    assert "using the configuration" not in named.stderr


@pytest.mark.parametrize(("text", "hint"), [
    ("tittle: x\n", "did you mean 'title'?"),
    ("rules: {SC2011: off}\n", "(did you mean 'SC2"),
    ("trust: {fail_on: dnager}\n", "did you mean 'danger'?"),
    ("marketplace: {sources: git-subdri}\n", "did you mean 'git-subdir'?"),
    ("trust: {accept: [{skill: a, rule: ST0277, reason: reviewed by us}]}\n",
     "did you mean 'ST027'?"),
])
def test_mistyped_configuration_values_get_a_suggestion(tmp_path: Path, text: str,
                                                        hint: str) -> None:
    (tmp_path / "c.yml").write_text(text, encoding="utf-8")
    done = run("config", "-c", "c.yml", cwd=tmp_path)
    assert done.returncode == 2
    assert hint in done.stderr, done.stderr


def test_mistyped_options_get_a_suggestion(library: Path) -> None:
    assert "did you mean 'sarif'?" in run("validate", "lib", "-f", "sarf", cwd=library).stderr
    assert "did you mean 'codex'?" in run("list", "--as-seen-by", "codx", cwd=library).stderr


# --- build -q, list --as-seen-by, -j ---------------------------------------------------------

def test_quiet_build_prints_the_errors(library: Path) -> None:
    done = run("build", "lib", "-q", "-o", "site", cwd=library)
    assert done.returncode == 1
    assert done.stdout == ""
    assert "lib/Broken/SKILL.md:1:1: SC105 error" in done.stderr or \
        "lib/Broken/SKILL.md:2:1: SC105 error" in done.stderr, done.stderr
    assert "warning" not in done.stderr


def test_list_as_seen_by_fails_on_a_listed_skill_with_errors(tmp_path: Path) -> None:
    project = tmp_path / "project"
    write_skill(project / ".claude" / "skills", "bad",
                "name: bad\ndescription: Does x. Use when y.\nversion: 1")
    (project / ".git").mkdir()
    home = tmp_path / "home"
    home.mkdir()
    done = run("list", "--as-seen-by", "claude-code", "--home", str(home), cwd=project)
    assert "bad" in done.stdout
    assert done.returncode == 1, done.stderr
    assert "have errors" in done.stderr or "has errors" in done.stderr


def test_every_command_that_reads_a_library_takes_workers() -> None:
    for name in sorted(cli.commands):
        command = cli.commands[name]
        names = {p.name for p in command.params}
        if "paths" in names:
            assert "workers" in names, f"{name} reads a library but takes no -j/--workers"


# --- the library API -------------------------------------------------------------------------

def test_load_takes_one_path_as_a_string_or_path(library: Path) -> None:
    root = library / "lib"
    for given in (str(root), root, [str(root)], (root,)):
        catalog = skill_catalog.load(given)
        assert sorted(s.key for s in catalog.skills) == ["Broken", "pdf"], given
        assert catalog.roots == (root,)


def test_load_config_takes_a_string(tmp_path: Path) -> None:
    (tmp_path / "c.yml").write_text("title: Mine\n", encoding="utf-8")
    assert skill_catalog.load_config(str(tmp_path / "c.yml")).title == "Mine"
    assert skill_catalog.load_config(tmp_path / "c.yml").title == "Mine"


# --- templates and error messages ------------------------------------------------------------

@pytest.mark.parametrize(("template", "expected"), [
    ('{% extends "base.html" %}\n{% block main %}\n<p>\n{{ nope.x }}\n</p>{% endblock %}\n',
     "theme/index.html:4: 'nope' is undefined"),
    ('{% extends "missing-parent.html" %}\n', "theme/index.html:1: 'missing-parent.html' not "
                                              "found"),
    ("{% if %}\n", "theme/index.html:1: "),
])
def test_theme_template_errors_name_the_file_and_line(library: Path, template: str,
                                                      expected: str) -> None:
    (library / "theme").mkdir()
    (library / "theme" / "index.html").write_text(template, encoding="utf-8")
    (library / "c.yml").write_text("theme: theme\nroots: [lib]\n", encoding="utf-8")
    done = run("build", "-c", "c.yml", "-q", "-o", "site", cwd=library)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2
    assert expected in done.stderr, done.stderr


def test_prompt_template_runtime_errors_have_a_line(library: Path) -> None:
    (library / "t.txt").write_text("{{ skills[0].name }}\n\n{{ skills[0].nope.x }}\n",
                                   encoding="utf-8")
    done = run("prompt", "lib", "--template", "t.txt", cwd=library)
    assert done.returncode == 2
    assert "t.txt:3: 'dict object' has no attribute 'nope'" in done.stderr, done.stderr


def test_errors_are_told_in_words_not_class_names() -> None:
    """serve's log and pages and the command line tell errors alike (errors.describe)."""
    from skill_catalog.config import ConfigError
    from skill_catalog.errors import describe
    from skill_catalog.serve.build_process import BuildFailed

    assert describe(FileNotFoundError(2, "No such file or directory", "/x/y")) == \
        "/x/y: No such file or directory"
    assert describe(ConfigError(None, [("title", 1, "expected a string")])).startswith(
        "invalid configuration")
    assert describe(BuildFailed("the build process stopped")) == "the build process stopped"
    assert "Error" not in describe(PermissionError(13, "Permission denied", "/site"))


def test_an_acceptance_that_accepts_nothing_is_a_warning_at_its_line(tmp_path: Path) -> None:
    """trust.accept entries naming no skill (with the closest name), or a skill without a
    finding of their rule: SC310 at the entry's own line of the configuration; not when PATHs
    name a part of the library (pre-commit), where the other entries would look unused."""
    write_skill(tmp_path / "skills", "pdf-forms")
    (tmp_path / "skill-catalog.yml").write_text(
        "roots: [skills]\n"
        "trust:\n"
        "  accept:\n"
        "    - {skill: pdf-form, rule: ST027, reason: reviewed by the team}\n"
        "    - skill: pdf-forms\n"
        "      rule: ST020\n"
        "      reason: reviewed by the team\n", encoding="utf-8")
    done = run("validate", cwd=tmp_path)
    assert done.returncode == 0
    lines = [line for line in done.stdout.splitlines() if "SC310" in line]
    assert lines == [
        "skill-catalog.yml:4:1: SC310 warning: trust.accept entry 1 (pdf-form, ST027) accepts "
        "nothing: no skill is called 'pdf-form' (did you mean 'pdf-forms'?)",
        "skill-catalog.yml:5:1: SC310 warning: trust.accept entry 2 (pdf-forms, ST020) accepts "
        "nothing: 'pdf-forms' has no ST020 finding",
    ]
    assert run("validate", "--strict", cwd=tmp_path).returncode == 1
    assert "SC310" not in run("validate", "skills/pdf-forms", cwd=tmp_path).stdout


def test_list_prints_paths_as_given(library: Path) -> None:
    import json

    listed = json.loads(run("list", "lib", "-f", "json", cwd=library).stdout)
    assert sorted(s["path"] for s in listed["skills"]) == ["lib/Broken", "lib/pdf"]
    absolute = json.loads(run("list", str(library / "lib"), "-f", "json", cwd=library).stdout)
    assert sorted(s["path"] for s in absolute["skills"]) == [
        f"{library}/lib/Broken", f"{library}/lib/pdf"]
