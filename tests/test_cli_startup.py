"""The command line imports a command's module only when that command is used (start-up time),
and still knows every command."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import skill_catalog.cli
from skill_catalog.cli import COMMAND_MODULES, cli
from tests.environment import REPO


def _command_modules() -> list[str]:
    """The modules of ``skill_catalog.cli`` that define commands (a ``COMMANDS`` list)."""
    names = []
    for info in pkgutil.iter_modules(skill_catalog.cli.__path__):
        module = importlib.import_module(f"skill_catalog.cli.{info.name}")
        if hasattr(module, "COMMANDS"):
            names.append(info.name)
    return sorted(names)


def test_every_command_of_every_module_is_registered() -> None:
    assert sorted(set(COMMAND_MODULES.values())) == _command_modules()
    for name in _command_modules():
        module = importlib.import_module(f"skill_catalog.cli.{name}")
        for command in module.COMMANDS:
            assert COMMAND_MODULES.get(str(command.name)) == name, command.name
            assert cli.commands[str(command.name)] is command


def test_unknown_command_is_not_found() -> None:
    assert "no-such-command" not in cli.commands
    assert sorted(cli.commands) == sorted(COMMAND_MODULES)


def _modules_loaded_by(args: list[str]) -> set[str]:
    code = (
        "import sys\n"
        "from skill_catalog.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, check=True)
    return set(done.stderr.split())


def test_version_and_validate_import_only_what_they_use() -> None:
    loaded = _modules_loaded_by(["--version"])
    assert not {m for m in loaded if m.startswith("skill_catalog.cli.")}
    loaded = _modules_loaded_by(["validate", "tests/fixtures/rules/SC001-lowercase-skill-md"])
    assert {m for m in loaded if m.startswith("skill_catalog.cli.")} == {
        "skill_catalog.cli.common", "skill_catalog.cli.validate"}
    assert "jinja2" not in loaded
    assert "skill_catalog.serve.server" not in loaded


def test_build_imports_neither_the_fallback_engine_nor_a_web_client(tmp_path: Path) -> None:
    loaded = _modules_loaded_by(["build", "site-example/skills", "-o", str(tmp_path / "site"),
                                 "-q"])
    assert "skill_catalog.site.markdown.engines" in loaded  # it did render pages
    assert not {m for m in loaded if m.split(".")[0] in ("markdown_it", "mdit_py_plugins")}
    assert "skill_catalog.site.markdown.markdown_it_engine" not in loaded
    assert "urllib.request" not in loaded
    assert "http.client" not in loaded
