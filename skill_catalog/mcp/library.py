"""What ``skill-catalog mcp`` serves of a loaded library, as the MCP Skills extension
(SEP-2640) describes it; no MCP SDK is imported here.

A skill is served when ``build`` would publish it to agents: it is valid, the config's
``trust.withhold`` does not withhold it, it is not internal (``metadata.internal``) unless
``publish_internal`` is true, and its name can be the last segment of a ``skill://`` URI (the
rules of the well-known indexes: :func:`~skill_catalog.site.publish.listed.listed_skills`).
Its files are the ones every published copy carries (the bundle of
:mod:`skill_catalog.site.publish.archive`), each one a resource
``skill://<name>/<path>`` with its SHA-256 and size. A skill over the extension's limits (512
files, 16 MiB) is not served either. Every skill left out gets a :class:`Refusal` saying why,
which the server logs.

Files are read through :func:`~skill_catalog.skill_access.read_bytes` (inside the skill
folder, component by component, never through a link out of it) and only when listed. A read
whose bytes no longer match the digest the listing gave is refused (:class:`Changed`): the
server hands out only what it checked, and its next reload checks the edit.
"""

from __future__ import annotations

import dataclasses as dc
import hashlib
import mimetypes
import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from skill_catalog.catalog import Catalog
from skill_catalog.display import human
from skill_catalog.errors import NotFound
from skill_catalog.model import Skill
from skill_catalog.search import SearchIndex
from skill_catalog.site import SiteContext, bundle, is_internal, json_safe, listed_skills
from skill_catalog.skill_access import FileRefused, check_relpath, read_bytes
from skill_catalog.skill_access.access import TooLarge, inside

EXTENSION = "io.modelcontextprotocol/skills"
"""The extension id servers advertise under ``capabilities.extensions``."""
SCHEME = "skill"
MAX_RESOURCES = 512
"""Files per skill a host must accept (SEP-2640 § Limits); a larger skill is not served."""
MAX_SKILL_BYTES = 16 * 1024 * 1024
"""Total bytes per skill a host must accept (SEP-2640 § Limits)."""
MAX_SKILL_MIB = MAX_SKILL_BYTES >> 20
SKILL_MD = "SKILL.md"


class BadUri(NotFound, ValueError):
    """A resource or skill URI that names nothing the server serves; the message says why."""


class Changed(NotFound, ValueError):
    """A listed file whose bytes differ from its digest (edited since the listing)."""


@dc.dataclass(slots=True, frozen=True)
class ServedFile:
    """One file of a served skill: its resource and what the listing says of it."""

    name: str
    """Path inside the skill (``/``-separated; ``SKILL.md`` for the skill's own file)."""
    relpath: str
    """Path of the file in the skill folder (``skill.md`` when written in lower case)."""
    size: int
    sha256: str
    """64 lowercase hex digits."""
    uri: str

    @property
    def digest(self) -> str:
        return f"sha256:{self.sha256}"

    @property
    def mime_type(self) -> str:
        return mime_type(self.name)

    def resource(self) -> dict[str, Any]:
        """The ``{uri, digest, size}`` of the skill entry's ``resources``."""
        return {"uri": self.uri, "digest": self.digest, "size": self.size}


@dc.dataclass(slots=True, frozen=True)
class ServedSkill:
    name: str
    description: str
    frontmatter: dict[str, Any]
    """The SKILL.md frontmatter as JSON (every field as written; YAML dates as ISO strings)."""
    files: tuple[ServedFile, ...]
    """``SKILL.md`` first, then by name."""
    skill: Skill | None
    """The loaded skill, when served from a library on this machine."""
    fetch: Callable[[ServedFile], bytes] | None = dc.field(default=None, compare=False)
    """Reads a file from where the skill was published (``--catalog``), at most its listed
    size and one byte; used when ``skill`` is None."""

    @property
    def uri(self) -> str:
        return skill_uri(self.name)

    @property
    def root(self) -> str:
        """The skill's directory resource: ``skill://<name>``."""
        return f"{SCHEME}://{self.name}"

    def entry(self) -> dict[str, Any]:
        """The SEP-2640 skill entry of ``skills/list`` and ``skills/get``."""
        return {"uri": self.uri, "frontmatter": self.frontmatter,
                "resources": [f.resource() for f in self.files]}

    def file(self, name: str) -> ServedFile | None:
        return next((f for f in self.files if f.name == name), None)


@dc.dataclass(slots=True, frozen=True)
class Refusal:
    """A skill of the library that is not served, and why."""

    where: str
    """Its SKILL.md, relative to its library root's parent."""
    reason: str


@dc.dataclass(slots=True, frozen=True)
class Served:
    """The skills served, by name (sorted), and those left out."""

    skills: Mapping[str, ServedSkill]
    refused: tuple[Refusal, ...] = ()
    index: SearchIndex | None = dc.field(default=None, compare=False)
    """The search index of the skills (None: built from the loaded skills when asked)."""

    def get(self, uri: str) -> ServedSkill:
        """The skill whose ``SKILL.md`` is ``uri``, or :class:`BadUri`."""
        name, path = parse_uri(uri)
        if path != (SKILL_MD,):
            raise BadUri(f"{uri!r} is not a skill's SKILL.md URI: give "
                         f"{SCHEME}://<name>/{SKILL_MD}")
        return self.skill(name)

    def skill(self, name: str) -> ServedSkill:
        found = self.skills.get(name)
        if found is None:
            close = [n for n in self.skills if name and (name in n or n in name)][:3]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise BadUri(f"no skill {name!r} is served{hint}; skills/list (or the list_skills "
                         "tool) lists them")
        return found

    def resolve(self, uri: str) -> tuple[ServedSkill, ServedFile]:
        """The skill and listed file that ``uri`` names, or :class:`BadUri`."""
        name, path = parse_uri(uri)
        return self.file(name, "/".join(path))

    def file(self, name: str, relpath: str) -> tuple[ServedSkill, ServedFile]:
        """Listed file ``relpath`` of skill ``name``; a path that could leave the skill folder
        is refused as :func:`~skill_catalog.skill_access.check_relpath` refuses it."""
        served = self.skill(name)
        try:
            parts = check_relpath(relpath)
        except FileRefused as exc:
            raise BadUri(str(exc)) from None
        found = served.file("/".join(parts))
        if found is None:
            raise BadUri(f"skill {name!r} has no file {relpath!r} (its skills/get entry lists "
                         "every file)")
        return served, found


def skill_uri(name: str, path: str = SKILL_MD) -> str:
    """``skill://<name>/<path>``, each path segment percent-encoded as a URI needs."""
    return f"{SCHEME}://{name}/{quote(path, safe='/')}"


def parse_uri(uri: str) -> tuple[str, tuple[str, ...]]:
    """``(skill name, path segments)`` of ``skill://<name>/<path>``; :class:`BadUri` for another
    scheme, a query or fragment, or a path that could leave the skill (``..``, also encoded)."""
    if not isinstance(uri, str) or len(uri) > 4096:
        raise BadUri("not a skill:// URI")
    parts = urlsplit(uri)
    if parts.scheme != SCHEME or not parts.netloc:
        raise BadUri(f"{uri!r} is not a {SCHEME}:// URI: resources are "
                     f"{SCHEME}://<name>/<path>")
    if parts.query or parts.fragment or "@" in parts.netloc or ":" in parts.netloc:
        raise BadUri(f"{uri!r}: a {SCHEME}:// URI has no query, fragment, user or port")
    path = unquote(parts.path.lstrip("/"))
    if not path:
        raise BadUri(f"{uri!r} names a skill folder, not a file: add /{SKILL_MD}")
    try:
        return parts.netloc, check_relpath(path)
    except FileRefused as exc:
        raise BadUri(f"{uri!r}: {exc}") from None


def mime_type(name: str) -> str:
    if name.endswith(".md"):
        return "text/markdown"
    guessed, _ = mimetypes.guess_type(name, strict=False)
    return guessed or "application/octet-stream"


class Digests:
    """SHA-256 of files, kept while a file's size, times and inode stay the same, so that a
    reload hashes only the files that changed."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[tuple[int, ...], str]] = {}

    def of(self, skill: Skill, relpath: str) -> tuple[int, str]:
        """``(size, hex sha256)`` of file ``relpath`` of ``skill``.

        :raises FileRefused: it cannot be read inside the skill folder, or is larger than a
            skill may be.
        """
        path = os.path.join(skill.dir, relpath)
        try:
            info = os.stat(path)
        except OSError as exc:
            raise FileRefused(f"cannot read {relpath!r}: {exc.strerror or exc}") from None
        key = (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
        known = self._known.get(path)
        if known is not None and known[0] == key:
            return info.st_size, known[1]
        data = read_bytes(skill, relpath, any_path=True, max_bytes=MAX_SKILL_BYTES)
        hex_digest = hashlib.sha256(data).hexdigest()
        if len(data) == info.st_size:
            self._known[path] = (key, hex_digest)
        return len(data), hex_digest

    def keep(self, paths: Iterable[str]) -> None:
        """Forget every file but ``paths`` (after a reload)."""
        wanted = set(paths)
        self._known = {p: v for p, v in self._known.items() if p in wanted}


def _where(skill: Skill) -> str:
    try:
        return skill.skill_md.relative_to(skill.root.parent).as_posix()
    except ValueError:
        return skill.skill_md.as_posix()


def _invalid_reason(skill: Skill) -> str:
    errors = [d for d in skill.diagnostics if d.is_error]
    first = errors[0] if errors else None
    what = f"{first.code}: {first.message}" if first is not None else "it has errors"
    more = f" and {len(errors) - 1} more" if len(errors) > 1 else ""
    return f"invalid ({what}{more}; see 'skill-catalog validate')"


def served(catalog: Catalog, digests: Digests | None = None,
           previous: Served | None = None) -> Served:
    """The skills of ``catalog`` that are served, and why each other one is not. A skill whose
    content fingerprint (:attr:`~skill_catalog.model.Skill.fingerprint`, which a load with a
    skill cache takes) equals its ``previous`` entry's is served as it was, without opening
    its files again."""
    digests = digests or Digests()
    refused: list[Refusal] = []
    if not catalog.config.publish_internal:
        refused += [Refusal(_where(s), "internal (metadata.internal: true) and the config's "
                            "publish_internal is false") for s in catalog.skills
                    if is_internal(s)]
    ctx = SiteContext.create(catalog)
    for site_skill in ctx.skills:
        if not site_skill.skill.valid:
            refused.append(Refusal(_where(site_skill.skill), _invalid_reason(site_skill.skill)))
        elif site_skill.withheld is not None:
            refused.append(Refusal(_where(site_skill.skill), f"withheld: {site_skill.withheld}"))
    listed, notes = listed_skills(ctx)
    by_file = {s.skill_md: s for s in catalog.skills}
    for note in notes:
        where = _where(by_file[note.file]) if note.file in by_file else str(note.file)
        refused.append(Refusal(where, f"not served, as it is {note.message}"))
    skills: dict[str, ServedSkill] = {}
    kept: list[str] = []
    for site_skill, name in listed:
        skill = site_skill.skill
        before = previous.skills.get(name) if previous is not None else None
        result: ServedSkill | Refusal
        if (before is not None and before.skill is not None and skill.fingerprint
                and before.skill.fingerprint == skill.fingerprint
                and before.skill.dir == skill.dir):
            result = dc.replace(before, skill=skill)
        else:
            result = _serve(skill, name, digests)
        if isinstance(result, Refusal):
            refused.append(result)
            continue
        skills[name] = result
        kept += [os.path.join(skill.dir, f.relpath) for f in result.files]
    digests.keep(kept)
    return Served(dict(sorted(skills.items())), tuple(refused))


def _serve(skill: Skill, name: str, digests: Digests) -> ServedSkill | Refusal:
    # A link into another folder of the library is not this skill's file.
    items = [item for item in bundle(skill).files if inside(skill, item.file.relpath)]
    total = sum(item.file.size for item in items)  # the sizes the load saw: nothing read yet
    if len(items) > MAX_RESOURCES:
        return Refusal(_where(skill), f"{len(items):,} files is more than the {MAX_RESOURCES} "
                       "a skill served over MCP may hold (SEP-2640 limits)")
    if total > MAX_SKILL_BYTES:
        return Refusal(_where(skill), f"its files total {human.size(total)}, more than the "
                       f"{MAX_SKILL_MIB} MiB a skill served over MCP may hold "
                       "(SEP-2640 limits)")
    files: list[ServedFile] = []
    for item in items:
        try:
            size, sha256 = digests.of(skill, item.file.relpath)
        except FileRefused as exc:
            return Refusal(_where(skill), f"its file cannot be served: {exc}")
        files.append(ServedFile(item.name, item.file.relpath, size, sha256,
                                skill_uri(name, item.name)))
    files.sort(key=lambda f: (f.name != SKILL_MD, f.name))
    if sum(f.size for f in files) > MAX_SKILL_BYTES:
        return Refusal(_where(skill), "its files grew past the "
                       f"{MAX_SKILL_MIB} MiB a skill served over MCP may hold")
    if not files or files[0].name != SKILL_MD:
        return Refusal(_where(skill), f"its {SKILL_MD} cannot be read")
    return ServedSkill(name, skill.description or "", json_safe(skill.frontmatter),
                       tuple(files), skill)


def read(served_skill: ServedSkill, served_file: ServedFile) -> bytes:
    """The bytes of a listed file, as listed; :class:`Changed` when they differ from its
    digest or size (the file was edited since the listing), :class:`BadUri` when it can no
    longer be read inside the skill folder."""
    if served_skill.skill is None:
        assert served_skill.fetch is not None, "a skill not on this machine has a fetch"
        data = served_skill.fetch(served_file)
        if len(data) != served_file.size or \
                hashlib.sha256(data).hexdigest() != served_file.sha256:
            got = hashlib.sha256(data).hexdigest()
            raise Changed(f"{served_file.uri}: refused, the published file is not the one the "
                          f"catalog describes (catalog.json: {served_file.size:,} bytes, "
                          f"{served_file.digest}; fetched: {len(data):,} bytes, sha256:{got})")
        return data
    try:
        data = read_bytes(served_skill.skill, served_file.relpath, any_path=True,
                          max_bytes=MAX_SKILL_BYTES)
    except TooLarge as exc:
        raise Changed(f"{served_file.uri} grew to {exc.size:,} bytes since it was listed "
                      f"({served_file.size:,}), more than a skill served over MCP may hold "
                      f"({MAX_SKILL_MIB} MiB); it is not read") from None
    except FileRefused as exc:
        raise BadUri(f"{served_file.uri}: {exc}") from None
    if len(data) != served_file.size or hashlib.sha256(data).hexdigest() != served_file.sha256:
        raise _changed(served_skill, served_file)
    return data


def _changed(served_skill: ServedSkill, served_file: ServedFile) -> Changed:
    return Changed(f"{served_file.uri} changed since it was listed (its bytes no longer match "
                   f"{served_file.digest}); it is served again once the server has checked "
                   f"the edit: call skills/get {served_skill.uri} after the list_changed "
                   "notification")
