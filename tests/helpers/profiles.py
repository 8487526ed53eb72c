"""Agent tool profiles: fixture trees (tests/fixtures/profiles) and the tools a test needs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from skill_catalog.agents.launch import Launch
from skill_catalog.agents.profiles import PROFILES

# Agent tool profiles: fixture trees (tests/fixtures/profiles) -----------------------------------


PROFILE_FIXTURES = Path(__file__).parents[1] / "fixtures" / "profiles"
_REPEAT = re.compile(r"^\{(\d+) (.)\}$")


def _value(value: Any) -> Any:
    """``{N x}`` stands for the character x repeated N times."""
    if isinstance(value, str) and (match := _REPEAT.match(value)):
        return match.group(2) * int(match.group(1))
    return value


def _skill_text(folder: str, spec: Any) -> str:
    if spec == "skill":
        name = folder.rstrip("/").rsplit("/", 1)[-1]
        return f"---\nname: {name}\ndescription: Does {name} things. Use when testing.\n---\nBody\n"
    if "raw" in spec:
        return str(spec["raw"])
    lines = [f"{k}: {json.dumps(_value(v))}" for k, v in spec.items() if k != "file"]
    return "---\n" + "\n".join(lines) + "\n---\nBody\n"


def build_tree(tmp: Path, tree: dict[str, Any]) -> None:
    """Write ``tree`` under ``tmp``: ``path/`` a folder; ``skill`` a skill named after its
    folder; a mapping a skill with exactly those frontmatter keys (or ``raw`` text) in ``file``
    (default SKILL.md), or ``{link: target}`` a symbolic link; any other string a plain file.
    ``{tmp}`` in a link target is the temporary folder."""
    for relpath, spec in tree.items():
        path = tmp / relpath
        if relpath.endswith("/"):
            path.mkdir(parents=True, exist_ok=True)
        elif isinstance(spec, dict) and "link" in spec:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.symlink_to(str(spec["link"]).replace("{tmp}", str(tmp)))
        elif spec == "skill" or isinstance(spec, dict):
            file_name = spec.get("file", "SKILL.md") if isinstance(spec, dict) else "SKILL.md"
            path.mkdir(parents=True, exist_ok=True)
            (path / file_name).write_bytes(_skill_text(relpath, spec).encode("utf-8"))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(str(spec or ""), encoding="utf-8")


def launch_for(tmp: Path, case: dict[str, Any]) -> Launch:
    """Started in ``case['cwd']`` with ``tmp/home`` as home, ``tmp/sys`` as ``/`` for system
    folders, and only ``case['env']`` as environment."""
    env = {k: str(v).replace("{tmp}", str(tmp)) for k, v in (case.get("env") or {}).items()}
    cwd = tmp / case["cwd"]
    cwd.mkdir(parents=True, exist_ok=True)
    return Launch(cwd=cwd, home=tmp / "home", env=env, system=tmp / "sys")


def tmp_relpath(path: Path, tmp: Path) -> str | None:
    """``path`` relative to ``tmp``, or None outside it (a walk up to ``/`` sees the machine)."""
    try:
        return path.relative_to(tmp).as_posix()
    except ValueError:
        return None


def load_cases(file_name: str) -> list[dict[str, Any]]:
    data = yaml.safe_load((PROFILE_FIXTURES / file_name).read_text(encoding="utf-8"))
    assert isinstance(data, list), file_name
    assert data, file_name
    return data


def clean_profile_env() -> dict[str, str | None]:
    """Every variable a profile reads, unset, so the machine's settings cannot leak in."""
    names: set[str] = set()
    for profile in PROFILES.values():
        for root in (*profile.roots, *profile.instructions.global_files):
            names.update(re.findall(r"\$\{(\w+)", root.template))
            names.update(root.unless_env)
        names.update(profile.instructions.unless_env)
    return dict.fromkeys(sorted(names))
