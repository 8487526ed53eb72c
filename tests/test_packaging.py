"""Release readiness: the sdist and wheel that ``python -m build`` makes install into a clean
virtual environment and build the example site from the installed (not the source) package.

The venv reuses the dependencies already installed here (no downloads besides the build
backend): it sees the system site-packages, and the current environment's site-packages are
appended to its path when they differ (a CI virtualenv).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

import skill_catalog
from tests.environment import REPO

pytestmark = pytest.mark.slow

EXAMPLE_CONFIG = REPO / "site-example" / "skill-catalog.yml"


def run(command: list[str], cwd: Path, timeout: int = 600) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          check=False)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sdist, then the wheel built from that sdist (the default of ``python -m build``)."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", str(out), str(REPO)], cwd=out)
    return out


def artifact(dist: Path, pattern: str) -> Path:
    found = sorted(dist.glob(pattern))
    assert len(found) == 1, found
    return found[0]


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed (no dependencies downloaded); its bin folder."""
    home = tmp_path_factory.mktemp("venv") / "env"
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(home)
    python = home / "bin" / "python"
    here = sysconfig.get_paths()["purelib"]
    site = run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
               cwd=home).strip()
    if Path(here).resolve() != Path(site).resolve():
        (Path(site) / "outer-environment.pth").write_text(here + "\n", encoding="utf-8")
    wheel = artifact(dist, "skill_catalog-*.whl")
    run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
        cwd=home)
    return home / "bin"


def test_version_comes_from_one_place(dist: Path) -> None:
    version = skill_catalog.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    assert artifact(dist, "*.whl").name == f"skill_catalog-{version}-py3-none-any.whl"
    assert artifact(dist, "*.tar.gz").name == f"skill_catalog-{version}.tar.gz"
    assert f"## [{version}]" in (REPO / "CHANGELOG.md").read_text(encoding="utf-8")


def test_sdist_holds_templates_tests_and_docs(dist: Path) -> None:
    sdist = artifact(dist, "*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for expected in ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md",
                     "templates/base.html", "templates/assets/style.css", "tests/conftest.py",
                     "tests/test_packaging.py", "skill_catalog/__init__.py", "docs/rules.md"):
        assert expected in names, expected


def test_wheel_holds_the_templates_inside_the_package(dist: Path) -> None:
    with zipfile.ZipFile(artifact(dist, "*.whl")) as wheel:
        names = set(wheel.namelist())
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = wheel.read(metadata).decode()
        entry_points = wheel.read(metadata.replace("METADATA", "entry_points.txt")).decode()
    assert "skill_catalog/templates/base.html" in names
    assert "skill_catalog/templates/assets/style.css" in names
    assert not any(n.startswith(("tests/", "templates/")) for n in names)
    assert "License-Expression: Apache-2.0" in text
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "Provides-Extra: serve" in text
    assert "skill-catalog = skill_catalog.cli:main" in entry_points


def test_license_is_apache_2() -> None:
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text
    assert "Version 2.0" in text


def test_installed_package_runs_from_site_packages(installed: Path, tmp_path: Path) -> None:
    version = run([str(installed / "skill-catalog"), "--version"], cwd=tmp_path)
    assert version.strip() == f"skill-catalog, version {skill_catalog.__version__}"
    where = run([str(installed / "python"), "-c",
                 "import skill_catalog; "
                 "from skill_catalog.site.pages.templates import templates_dir; "
                 "print(skill_catalog.__file__); print(templates_dir())"], cwd=tmp_path)
    module, templates = (Path(line) for line in where.splitlines())
    venv_root = installed.parent
    assert module.is_relative_to(venv_root)
    assert "site-packages" in module.parts
    assert templates == module.parent / "templates"
    assert not templates.is_relative_to(REPO)


def test_installed_package_builds_the_example(installed: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    built = subprocess.run([str(installed / "skill-catalog"), "build", "-c", str(EXAMPLE_CONFIG),
                            "-o", str(site)], cwd=tmp_path, capture_output=True, text=True,
                           timeout=600, check=False)
    # The example holds a broken skill on purpose: the site is written, and the build exits 1.
    assert built.returncode == 1, built.stderr
    assert (site / "index.html").is_file()
    assert (site / "assets" / "style.css").is_file()
    for index in (".well-known/skills/index.json", ".well-known/agent-skills/index.json"):
        assert json.loads((site / index).read_text(encoding="utf-8"))
    validate = subprocess.run([str(installed / "skill-catalog"), "validate", "-c",
                               str(EXAMPLE_CONFIG)], cwd=tmp_path, capture_output=True,
                              text=True, timeout=600, check=False)
    assert validate.returncode in (0, 1), validate.stderr
    assert "checked" in validate.stdout
