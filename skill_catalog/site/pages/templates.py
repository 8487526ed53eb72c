"""The Jinja2 environment: the user's theme folder first, then our packaged templates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
import jinja2.bccache


def templates_dir() -> Path:
    """Our templates: inside the installed package, or at the top of a source checkout."""
    package = Path(__file__).resolve().parents[2]
    for candidate in (package / "templates", package.parent / "templates"):
        if (candidate / "base.html").is_file():
            return candidate
    raise FileNotFoundError(f"skill-catalog templates not found next to {package}")


_DICT_ATTRIBUTES = frozenset(dir(dict))


class _Environment(jinja2.Environment):
    """``x.name`` on a dict finds its key without first failing an attribute lookup.

    Page contexts are dicts: Jinja's ``getattr`` tries the attribute first, and the
    ``AttributeError`` it catches for every ``f.relpath`` was about 3 % of a build's CPU. The
    result is the same: a dict has no attribute besides those of its type."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


class _CompiledTemplates(jinja2.BytecodeCache):
    """The compiled code of the templates this process has used, by template and source text.

    A process that builds more than once (``serve``'s) compiles each template once, not on
    every build (about 35 ms). Jinja checks a checksum of the source before using an entry, so
    an edited template is compiled again. Kept in memory only: code read back from a file
    could have been planted there."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledTemplates()


def environment(theme: Path | None = None) -> jinja2.Environment:
    """Autoescaping everywhere; undefined variables are errors, not silent blanks.

    Each build makes its own environment, so templates are not checked for changes on each
    use (``auto_reload``: a ``stat`` of the template file for every page written); their
    compiled code is kept for the process's next build (:class:`_CompiledTemplates`)."""
    folders = [str(theme)] if theme else []
    folders.append(str(templates_dir()))
    return _Environment(
        loader=jinja2.FileSystemLoader(folders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        bytecode_cache=_COMPILED,
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
