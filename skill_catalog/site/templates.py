"""The Jinja2 environment: the user's theme folder first, then our packaged templates."""

from __future__ import annotations

from pathlib import Path

import jinja2

import skill_catalog


def templates_dir() -> Path:
    """Our templates: inside the installed package, or at the top of a source checkout."""
    package = Path(skill_catalog.__file__).parent
    for candidate in (package / "templates", package.parent / "templates"):
        if (candidate / "base.html").is_file():
            return candidate
    raise FileNotFoundError(f"skill-catalog templates not found next to {package}")


def environment(theme: Path | None = None) -> jinja2.Environment:
    """Autoescaping everywhere; undefined variables are errors, not silent blanks.

    Each build makes its own environment, so templates are not checked for changes on each
    use (``auto_reload``: a ``stat`` of the template file for every page written)."""
    folders = [str(theme)] if theme else []
    folders.append(str(templates_dir()))
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(folders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )


def asset_files(theme: Path | None = None) -> dict[str, Path]:
    """``assets/<relpath> -> file``: our assets, overridden file by file by the theme's."""
    found: dict[str, Path] = {}
    for folder in (templates_dir(), theme):
        if folder is None or not (folder / "assets").is_dir():
            continue
        for path in sorted((folder / "assets").rglob("*")):
            if path.is_file() and not path.is_symlink():
                found["assets/" + path.relative_to(folder / "assets").as_posix()] = path
    return found
