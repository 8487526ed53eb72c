"""The rule fixtures (tests/fixtures/rules), materialized, and diagnostics as lines."""

from __future__ import annotations

import base64
import dataclasses as dc
import json
import os
import shutil
from pathlib import Path
from typing import Any

from skill_catalog.catalog import Catalog
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.model import Diagnostic

# Rule fixtures (tests/fixtures/rules) and what a load reads -------------------------------------


RULE_FIXTURES = Path(__file__).parents[1] / "fixtures" / "rules"
RULE_CASES = (sorted(p for p in RULE_FIXTURES.iterdir() if p.is_dir())
              if RULE_FIXTURES.is_dir() else [])


@dc.dataclass(slots=True)
class Materialized:
    """A fixture copied to a temporary folder, with everything ``setup.json`` asked for."""

    base: Path
    library: Path
    roots: list[Path]
    config: Config | None
    setup: dict[str, Any]

    def restore_permissions(self) -> None:
        """Give back the modes ``chmod`` took away, so the temporary folder can be removed."""
        for rel in self.setup.get("chmod", {}):
            path = self.base / rel
            if path.exists() or path.is_symlink():
                path.chmod(0o755 if path.is_dir() else 0o644)


def _write_text(path: Path, spec: str | dict[str, str]) -> None:
    if isinstance(spec, str):
        path.write_bytes(spec.encode("utf-8"))
    else:
        path.write_bytes(spec["text"].encode(spec.get("encoding", "utf-8")))


def materialize(case: Path, dest: Path) -> Materialized:
    """Copy ``case`` to ``dest`` and apply its ``setup.json``."""
    shutil.copytree(case, dest, symlinks=True)
    setup_file = case / "setup.json"
    setup: dict[str, Any] = json.loads(setup_file.read_text("utf-8")) if setup_file.exists() else {}
    unknown = set(setup) - {"text", "bytes", "symlinks", "fifos", "mkdirs", "chmod", "roots",
                            "config", "stage"}
    assert not unknown, f"{case.name}/setup.json has unknown keys {sorted(unknown)}"

    def target(rel: str) -> Path:
        path = dest / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    for rel in setup.get("mkdirs", []):
        (dest / rel).mkdir(parents=True, exist_ok=True)
    for rel, spec in setup.get("text", {}).items():
        _write_text(target(rel), spec)
    for rel, data in setup.get("bytes", {}).items():
        target(rel).write_bytes(base64.b64decode(data))
    for rel, link in setup.get("symlinks", {}).items():
        os.symlink(link, target(rel))
    for rel in setup.get("fifos", []):
        os.mkfifo(target(rel))
    for rel, mode in setup.get("chmod", {}).items():
        os.chmod(dest / rel, int(mode, 8))
    (dest / "library").mkdir(exist_ok=True)
    roots = [dest / r for r in setup.get("roots", ["library"])]
    config = config_from_mapping(setup["config"]) if "config" in setup else None
    return Materialized(dest, dest / "library", roots, config, setup)


def diagnostic_line(diagnostic: Diagnostic, library: Path) -> str:
    """``CODE path:line`` with the path relative to the library folder."""
    if diagnostic.file is None:
        where = "-"
    else:
        where = Path(os.path.relpath(diagnostic.file, library)).as_posix()
    if diagnostic.line is not None:
        where += f":{diagnostic.line}"
    return f"{diagnostic.code} {where}"


def diagnostic_lines(catalog: Catalog, library: Path, *, stage: str = "load") -> list[str]:
    """Every diagnostic of ``catalog`` as ``CODE path:line``, sorted; with ``stage="build"``,
    also the notes a site build reports (rules of the build stage); with
    ``stage="marketplace"``, also those ``skill-catalog marketplace --root LIBRARY`` reports."""
    found = list(catalog.all_diagnostics)
    if stage == "build":
        from skill_catalog.site.context import SiteContext
        from skill_catalog.site.outputs.writers import publication_notes

        found += publication_notes(SiteContext.create(catalog))
    elif stage == "marketplace":
        from skill_catalog.site.context import SiteContext
        from skill_catalog.site.outputs.marketplace import repository_marketplace

        found += repository_marketplace(SiteContext.create(catalog), library).notes
    return sorted(diagnostic_line(d, library) for d in found)
