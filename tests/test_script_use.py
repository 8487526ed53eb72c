"""SC210 flags scripts that are run without an executable bit or shebang, and leaves alone the
files that are imported, sourced or loaded by a test runner instead (issue 23, newcomer 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

import skill_catalog

RUN = "#!/usr/bin/env python3\n"
"""The head of a script that is fine (it is made executable too)."""


def sc210(library: Path, files: dict[str, str], body: str = "Run the scripts.") -> list[str]:
    """The files SC210 flags in a skill made of ``files`` (relative path -> text). A file whose
    text starts with a shebang is made executable; every other file is mode 0644."""
    folder = library / "demo"
    (folder / "scripts").mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        "---\nname: demo\ndescription: Does demo work. Use when testing.\n---\n# Demo\n\n"
        + body + "\n", encoding="utf-8")
    for relpath, text in files.items():
        path = folder / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o755 if text.startswith("#!") else 0o644)
    (skill,) = skill_catalog.load([library]).skills
    return sorted(d.file.relative_to(folder).as_posix() for d in skill.diagnostics
                  if d.code == "SC210" and d.file is not None)


@pytest.mark.parametrize("files", [
    pytest.param({"scripts/pkg/__init__.py": "", "scripts/pkg/core.py": "NAME = 1\n"},
                 id="package-modules"),
    pytest.param({"scripts/__init__.py": "from . import tool\n", "scripts/tool.py": "X = 1\n"},
                 id="scripts-is-a-package"),
    pytest.param({"scripts/test_tool.py": "def test_x():\n    pass\n",
                  "scripts/tool_test.py": "def test_y():\n    pass\n",
                  "scripts/conftest.py": "import pytest\n",
                  "scripts/tests/helpers.py": "X = 1\n",
                  "scripts/__tests__/widget.js": "test('x', () => {});\n",
                  "scripts/widget.spec.ts": "it('y', () => {});\n"}, id="tests"),
    pytest.param({"scripts/main.py": RUN + "from helpers import load\nprint(load())\n",
                  "scripts/helpers.py": "def load():\n    return 1\n"}, id="sibling-import"),
    pytest.param({"scripts/main.py": RUN + "import lib.util\n",
                  "scripts/lib/util.py": "X = 1\n"}, id="dotted-import-namespace-package"),
    pytest.param({"scripts/cli/main.py": RUN + "from ..shared import api\n",
                  "scripts/shared/api.py": "X = 1\n"}, id="relative-import"),
    pytest.param({"scripts/old.py": RUN + 'print "python 2"\nfrom helpers import load\n',
                  "scripts/helpers.py": "def load():\n    return 1\n"},
                 id="import-in-a-file-that-does-not-parse"),
    pytest.param({"scripts/setup.sh": "#!/bin/sh\n. ./lib.sh\n", "scripts/lib.sh": "A=1\n"},
                 id="dot-sourced"),
    pytest.param({"scripts/setup.sh": "#!/bin/bash\nsource lib/env.sh\n",
                  "scripts/lib/env.sh": "A=1\n"}, id="source-relative"),
    pytest.param({"scripts/setup.sh": '#!/bin/sh\n. "$(dirname "$0")/common.sh"\n',
                  "scripts/common.sh": "A=1\n"}, id="sourced-from-dirname"),
    pytest.param({"scripts/setup.sh": '#!/bin/bash\nif true; then source "${BASH_SOURCE%/*}'
                                      '/lib/env.bash"; fi\n',
                  "scripts/lib/env.bash": "A=1\n"}, id="sourced-from-bash-source"),
    pytest.param({"scripts/Report.psm1": "function Get-Report { 1 }\n"}, id="psm1-module"),
])
def test_files_that_are_not_run_are_not_flagged(library: Path, files: dict[str, str]) -> None:
    assert sc210(library, files) == []


def test_module_run_only_with_python_m_is_not_flagged(library: Path) -> None:
    files = {"scripts/report.py": "import sys\nprint(sys.argv)\n"}
    assert sc210(library, files, "Summarise with `python3 -m scripts.report INPUT`.") == []


@pytest.mark.parametrize(("files", "body", "flagged"), [
    pytest.param({"scripts/tool.py": "print(1)\n"}, "Run scripts/tool.py.",
                 ["scripts/tool.py"], id="plain-script"),
    pytest.param({"scripts/main.py": RUN + "print(1)\n", "scripts/helpers.py": "X = 1\n"},
                 "Run scripts/main.py.", ["scripts/helpers.py"], id="not-imported"),
    pytest.param({"scripts/main.py": RUN + "from dual import f\n",
                  "scripts/dual.py": "def f():\n    pass\n\n\nif __name__ == '__main__':\n"
                                     "    f()\n"},
                 "Run scripts/main.py.", ["scripts/dual.py"], id="imported-but-has-main-guard"),
    pytest.param({"scripts/tool.py": "def f():\n    return 1\n",
                  "scripts/test_tool.py": "from tool import f\n"},
                 "Run scripts/tool.py.", ["scripts/tool.py"], id="imported-only-by-its-test"),
    pytest.param({"scripts/setup.sh": "#!/bin/sh\n# see lib.sh for the settings\n",
                  "scripts/lib.sh": "A=1\n"},
                 "Run scripts/setup.sh.", ["scripts/lib.sh"], id="named-in-a-comment"),
    pytest.param({"scripts/both.py": "print(1)\n"},
                 "Use `python -m scripts.both`, or:\n\n```bash\n./scripts/both.py\n```",
                 ["scripts/both.py"], id="python-m-and-run-by-path"),
    pytest.param({"scripts/tests.py": "print(1)\n"}, "Run scripts/tests.py.",
                 ["scripts/tests.py"], id="named-tests-but-not-a-test-file"),
])
def test_scripts_that_are_run_are_still_flagged(library: Path, files: dict[str, str],
                                                body: str, flagged: list[str]) -> None:
    assert sc210(library, files, body) == flagged
