"""The MkDocs adapter, run as MkDocs runs it."""

from __future__ import annotations

import dataclasses as dc
import importlib.metadata
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.environment import IN_CI, REPO

# The MkDocs adapter, run as MkDocs runs it ------------------------------------------------------


MKDOCS_FIXTURE_SITE = REPO / "tests" / "fixtures" / "mkdocs" / "site"
MKDOCS_ENTRY_POINT = "skill_catalog.mkdocs_adapter.plugin:SkillCatalogPlugin"


def mkdocs_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment for ``python -m mkdocs``: the repository on the path and the plugin's
    entry point registered. An installed package (``pip install -e .``, as in CI) registers it;
    a bare checkout gets a stand-in ``.dist-info`` declaring the same entry point."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    paths = [str(REPO)]
    registered = {e.name: e.value for e in importlib.metadata.entry_points(group="mkdocs.plugins")}
    if registered.get("skill-catalog") != MKDOCS_ENTRY_POINT:
        if IN_CI:
            pytest.fail("the installed skill-catalog does not register its MkDocs plugin")
        shim = tmp_path_factory.mktemp("entry-point")
        info = shim / "skill_catalog_checkout-0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: skill-catalog-checkout\n"
                                       "Version: 0\n", encoding="utf-8")
        (info / "entry_points.txt").write_text(
            f"[mkdocs.plugins]\nskill-catalog = {MKDOCS_ENTRY_POINT}\n", encoding="utf-8")
        paths.insert(0, str(shim))
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def need_material() -> None:
    try:
        import material  # noqa: F401
    except ImportError:
        if IN_CI:
            raise
        pytest.skip("mkdocs-material is not installed (pip install mkdocs-material)")


@dc.dataclass
class MkDocsBuilt:
    project: Path
    site: Path
    result: subprocess.CompletedProcess[str]

    def page(self, relpath: str) -> str:
        return (self.site / relpath).read_text(encoding="utf-8")


def make_project(root: Path, library: Path, options: dict[str, Any] | None = None,
                 **settings: Any) -> Path:
    """The fixture site copied to ``root``, with the plugin pointing at ``library`` (relative to
    mkdocs.yml) and ``settings`` merged into mkdocs.yml (None removes a key)."""
    project = root / "project"
    shutil.copytree(MKDOCS_FIXTURE_SITE, project)
    config = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    plugin = {"roots": [os.path.relpath(library, project)], **(options or {})}
    config["plugins"] = ["search", {"skill-catalog": plugin}]
    for key, value in settings.items():
        if value is None:
            config.pop(key, None)
        else:
            config[key] = value
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False),
                                        encoding="utf-8")
    return project


def run_mkdocs(project: Path, env: dict[str, str], *, strict: bool = True,
               cwd: Path | None = None) -> MkDocsBuilt:
    """``python -m mkdocs build`` from another folder than the project's (so relative roots
    must be resolved against mkdocs.yml, not the working directory)."""
    cwd = cwd or project.parent
    command = [sys.executable, "-m", "mkdocs", "build", "-f", str(project / "mkdocs.yml")]
    result = subprocess.run(command + (["--strict"] if strict else []), cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=600, check=False)
    return MkDocsBuilt(project, project / "site", result)


def build_ok(project: Path, env: dict[str, str]) -> MkDocsBuilt:
    built = run_mkdocs(project, env)
    assert built.result.returncode == 0, built.result.stderr
    warnings = [line for line in built.result.stderr.splitlines() if line.startswith("WARNING")]
    assert not warnings, built.result.stderr
    return built
