"""The cache folder: parse-and-check results kept across runs, by content.

``build``, ``validate``, ``serve`` and ``mcp`` share one folder (default
``.skill-catalog-cache/`` beside the configuration file: :func:`default_cache_dir`), laid out as
``.ruff_cache`` and ``.mypy_cache`` are: its own ``.gitignore`` holding ``*`` and a
``CACHEDIR.TAG`` (backup tools skip it), one file per entry in 256 shard folders
(``ab/ab12...``). An entry is what :class:`~skill_catalog.pipeline.skill_cache.SkillCache`
keeps for one skill folder (the fields parsing and the skill rules gave, the paths they looked
up), under a key (:func:`entry_key`) that digests everything the result depends on: the
package's code and version and the settings parsing and checking read (the parse limits, the
rule context: :func:`~skill_catalog.pipeline.skill_cache.settings_key`), where the skill lies
(its root, folder and the skill it is nested in: diagnostics name its files, and rules compare
the folder's name) and its content (each file's path, mode and SHA-256:
:func:`~skill_catalog.pipeline.skill_cache.fingerprint`). Library rules, the configured
severities and the trust policy run afresh on every load, so they are not in the key.

A cache never changes an output. Each entry file starts with a header line naming the format,
its key and the SHA-256 of the payload after it; an entry whose header, key or digest does not
match, that is not a regular file (a link, a FIFO), that is too large or does not decode is
ignored and the skill is parsed and checked again. Nothing in the folder is read or written
through a link: the folder and its shards are opened with ``O_NOFOLLOW`` and every entry
relative to them; a new entry is written under a random temporary name (``O_EXCL``) and renamed
into place, so readers see a whole entry or none, and concurrent writers of one key write the
same bytes. The folder is bounded: :meth:`CacheFolder.prune` removes entries unused for
:attr:`~CacheFolder.max_age_days` and the least recently used beyond
:attr:`~CacheFolder.max_entries` or :attr:`~CacheFolder.max_bytes` (a hit refreshes the
entry's time at most once an hour).

Keys are digests anyone can compute, so an entry's SHA-256 proves it is whole, not that this
tool wrote it: whoever can write into the folder could make a skill look clean. So where a
checkout decides the folder's place (the default beside the configuration, or the
configuration's ``cache_dir``), where a pull request could commit one, each entry carries an
HMAC under a per-user secret kept outside it (:func:`user_secret`), and a committed folder's
entries are ignored. A folder named with ``--cache-dir`` (or ``SKILL_CATALOG_CACHE_DIR``) is as
trusted as who writes it: in CI, the cache scopes of ``actions/cache`` (docs/publishing.md: a
pull request's run saves caches only its own ref can restore, and the default branch restores
only its own), with the folder outside the checkout.
"""

from __future__ import annotations

import contextlib
import dataclasses as dc
import errno
import hashlib
import hmac
import json
import os
import secrets
import time
from pathlib import Path

from skill_catalog.fs.safe_fs import read_limited
from skill_catalog.fs.safe_write import create_new
from skill_catalog.fs.walk import CACHE_FOLDER, CACHEDIR_TAG

ENTRY_FORMAT = 1
"""The layout of an entry file (its header line and payload); part of every key."""
MAGIC = "skill-catalog-cache"
MAX_ENTRY_BYTES = 8 << 20
"""An entry larger than this is neither written nor read (the rules' output is bounded far
below it)."""
TOUCH_AFTER_S = 3600
"""A hit refreshes its entry's modification time (what pruning orders by) when older than this."""
TAG_TEXT = ("Signature: 8a477f597d28d172789f06886806bc55\n"
            "# This file is a cache directory tag created by skill-catalog.\n"
            "# For information about cache directory tags see https://bford.info/cachedir/\n")
GITIGNORE_TEXT = "# Automatically created by skill-catalog.\n*\n"
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) \
    | getattr(os, "O_CLOEXEC", 0)

def entry_key(settings: str, root: Path, folder: Path, nested_in: Path | None,
              content: str) -> str:
    """The key of one skill folder's entry: a SHA-256 over the entry format, the settings key
    (the package's code and version, the settings parsing and checking read), the folder's
    place and its content fingerprint."""
    text = json.dumps([MAGIC, ENTRY_FORMAT, settings, str(root), str(folder),
                       None if nested_in is None else str(nested_in), content])
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def default_cache_dir(config_path: Path | None) -> Path | None:
    """Where the cache lives unless ``--cache-dir`` or the config's ``cache_dir`` says: beside
    the configuration file, as ``.ruff_cache`` lies beside ``pyproject.toml``. Without one there
    is no default: nothing is written into a library (or the current folder) nobody set up."""
    return None if config_path is None else config_path.absolute().parent / CACHE_FOLDER


def _digest(key: str, payload: bytes, secret: bytes | None) -> str:
    """What an entry's header says of its payload: its SHA-256, or with a secret its
    HMAC-SHA256 over the key and the payload."""
    if secret is None:
        return "sha256:" + hashlib.sha256(payload).hexdigest()
    return "hmac-sha256:" + hmac.new(secret, key.encode("ascii") + b"\n" + payload,
                                     hashlib.sha256).hexdigest()


def _encode_entry(key: str, payload: bytes, secret: bytes | None) -> bytes:
    header = json.dumps([MAGIC, ENTRY_FORMAT, key, _digest(key, payload, secret)])
    return header.encode("ascii") + b"\n" + payload


def _decode_entry(key: str, data: bytes, secret: bytes | None) -> bytes | None:
    """The payload of an entry file's bytes ``data``, when its header names ``key`` and its
    digest (made with ``secret``, when there is one) matches; else None."""
    end = data.find(b"\n")
    if end < 0:
        return None
    try:
        header = json.loads(data[:end])
    except ValueError:
        return None
    payload = data[end + 1:]
    if (not isinstance(header, list) or len(header) != 4
            or header[:3] != [MAGIC, ENTRY_FORMAT, key] or not isinstance(header[3], str)
            or not hmac.compare_digest(header[3], _digest(key, payload, secret))):
        return None
    return payload


SECRET_BYTES = 32


def user_secret_path() -> Path:
    """Where the per-user secret lives: ``$XDG_CACHE_HOME/skill-catalog/cache-secret`` (default
    ``~/.cache``), outside any checkout."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "skill-catalog" / "cache-secret"


def user_secret() -> bytes | None:
    """The per-user secret that authenticates the entries of a cache folder whose place a
    checkout decides (beside the configuration, or the configuration's ``cache_dir``): made
    (random, mode 0600) on first use, read never through a link; None when it cannot be."""
    path = user_secret_path()
    for _ in range(2):
        try:
            data, _more = read_limited(path, SECRET_BYTES, follow=False)
        except FileNotFoundError:
            try:
                os.makedirs(path.parent, mode=0o700, exist_ok=True)
                fd = create_new(path, 0o600)
            except FileExistsError:
                continue  # made meanwhile: read it
            except OSError:
                return None
            with os.fdopen(fd, "wb") as handle:
                handle.write(secrets.token_bytes(SECRET_BYTES))
            continue
        except OSError:  # a link, a folder or a FIFO there, or no permission
            return None
        return data if len(data) == SECRET_BYTES else None
    return None


@dc.dataclass(slots=True)
class CacheFolder:
    """One cache folder; see the module docstring. Every failure to use it (a link or a file
    where the folder should be, no permission, a full disk) only means the skills are parsed
    and checked again: :attr:`problem` says why it was not used."""

    path: Path
    secret: bytes | None = None
    """Authenticates the entries (HMAC-SHA256) when the folder's place is one a checkout
    decides: entries planted there, in a pull request, are ignored (:func:`user_secret`).
    None: each entry's SHA-256 proves it whole, and the folder is as trusted as who writes it
    (``--cache-dir``)."""
    max_entries: int = 100_000
    max_bytes: int = 1 << 30
    max_age_days: int = 30
    problem: str | None = None
    """Why the folder cannot be used (it is then neither read nor written)."""
    hits: int = 0
    written: int = 0
    """Entries written since the last prune."""
    pruned: bool = False
    _ready: bool | None = None

    def _root_fd(self, create: bool) -> int | None:
        """The folder, open (never through a link), created with its ``.gitignore`` and
        ``CACHEDIR.TAG`` when ``create``; None when it is missing or unusable."""
        if self._ready is False:
            return None
        path = os.fspath(self.path)
        try:
            fd = os.open(path, _DIR_FLAGS)
        except FileNotFoundError:
            if not create:
                return None
            try:
                os.makedirs(self.path.parent, exist_ok=True)
                os.mkdir(path, 0o777)
            except FileExistsError:
                pass  # made meanwhile by another process: opened below
            except OSError as exc:
                return self._unusable(f"cannot create it ({exc.strerror or exc})")
            try:
                fd = os.open(path, _DIR_FLAGS)
            except OSError as exc:
                return self._unusable(self._why(exc))
            with contextlib.suppress(OSError):
                self._write_new(fd, ".gitignore", GITIGNORE_TEXT.encode())
                self._write_new(fd, CACHEDIR_TAG, TAG_TEXT.encode())
        except OSError as exc:
            return self._unusable(self._why(exc))
        self._ready = True
        return fd

    def _why(self, exc: OSError) -> str:
        if exc.errno in (errno.ELOOP, errno.EMLINK) or os.path.islink(self.path):
            return "it is a symbolic link (never followed)"
        if exc.errno == errno.ENOTDIR:
            return "it is not a folder"
        return exc.strerror or str(exc)

    def disable(self, why: str) -> None:
        """Neither read nor write the folder, for the reason ``why`` (:attr:`problem`)."""
        self._unusable(why)

    def _unusable(self, why: str) -> int | None:
        """None, having noted that the folder is not used and why."""
        self._ready, self.problem = False, f"{self.path}: {why}"
        return None

    def _shard(self, key: str, create: bool) -> int | None:
        """The shard folder of ``key``, open (never through a link), or None."""
        root = self._root_fd(create)
        if root is None:
            return None
        name = key[:2]
        try:
            try:
                return os.open(name, _DIR_FLAGS, dir_fd=root)
            except FileNotFoundError:
                if not create:
                    return None
                with contextlib.suppress(FileExistsError):
                    os.mkdir(name, 0o777, dir_fd=root)
                return os.open(name, _DIR_FLAGS, dir_fd=root)
        except OSError:  # a link or a file at the shard's name: that shard is not used
            return None
        finally:
            os.close(root)

    def get(self, key: str) -> bytes | None:
        """The payload stored under ``key``, if a whole entry for it is there."""
        if len(key) != 64 or not all(c in "0123456789abcdef" for c in key):
            return None
        shard = self._shard(key, create=False)
        if shard is None:
            return None
        try:
            payload, mtime = _read_entry(key, shard, self.secret)
            if payload is None:
                return None
            if time.time() - mtime > TOUCH_AFTER_S:  # least recently used: refreshed
                with contextlib.suppress(OSError, NotImplementedError):
                    os.utime(key, dir_fd=shard, follow_symlinks=False)
        finally:
            os.close(shard)
        self.hits += 1
        return payload

    def put(self, key: str, payload: bytes) -> None:
        """Store ``payload`` under ``key`` (atomically; failures are ignored)."""
        data = _encode_entry(key, payload, self.secret)
        if len(data) > MAX_ENTRY_BYTES:
            return
        shard = self._shard(key, create=True)
        if shard is None:
            return
        temp = f".{key[:16]}.{secrets.token_hex(6)}.tmp"
        try:
            self._write_new(shard, temp, data)
            os.replace(temp, key, src_dir_fd=shard, dst_dir_fd=shard)  # a link there: replaced
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temp, dir_fd=shard)
            return
        finally:
            os.close(shard)
        self.written += 1

    @staticmethod
    def _write_new(folder: int, name: str, data: bytes) -> None:
        fd = create_new(name, dir_fd=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)

    def finish(self) -> None:
        """Prune once a process has written (the first time, and after every thousand
        entries more): see :meth:`prune`."""
        if self.written and (not self.pruned or self.written >= 1000):
            self.prune()

    def prune(self, now: float | None = None) -> int:
        """Remove entries unused for :attr:`max_age_days`, temporary files older than an hour
        (a writer killed midway), and the least recently used entries while more than
        :attr:`max_entries` or :attr:`max_bytes` remain (down to nine tenths of the limit).
        Returns how many files were removed; nothing is followed through a link."""
        self.pruned, self.written = True, 0
        now = time.time() if now is None else now
        root = self._root_fd(create=False)
        if root is None:
            return 0
        removed = 0
        try:
            kept: list[tuple[float, int, str, str]] = []
            for shard in _entries(root):
                if not shard.is_dir(follow_symlinks=False) or len(shard.name) != 2:
                    continue
                try:
                    fd = os.open(shard.name, _DIR_FLAGS, dir_fd=root)
                except OSError:
                    continue
                try:
                    for entry in _entries(fd):
                        try:
                            info = entry.stat(follow_symlinks=False)
                        except OSError:
                            continue
                        temporary = entry.name.endswith(".tmp")
                        age = now - info.st_mtime
                        if age > (3600 if temporary else self.max_age_days * 86400):
                            removed += _unlink(entry.name, fd)
                        elif not temporary:
                            kept.append((info.st_mtime, info.st_size, shard.name, entry.name))
                finally:
                    os.close(fd)
            total = sum(size for _, size, _, _ in kept)
            if len(kept) > self.max_entries or total > self.max_bytes:
                kept.sort()
                count_goal, bytes_goal = self.max_entries * 9 // 10, self.max_bytes * 9 // 10
                count = len(kept)
                for _, size, shard_name, name in kept:
                    if count <= count_goal and total <= bytes_goal:
                        break
                    removed += _unlink(f"{shard_name}/{name}", root)
                    count, total = count - 1, total - size
        finally:
            os.close(root)
        return removed


def _read_entry(key: str, shard: int, secret: bytes | None) -> tuple[bytes | None, float]:
    """The payload of the entry file ``key`` in the open folder ``shard`` (a regular file, not
    through a link, whole: see :func:`_decode_entry`) and its modification time."""
    try:
        data, more = read_limited(key, MAX_ENTRY_BYTES, follow=False, dir_fd=shard)
        if more:
            return None, 0.0
        payload = _decode_entry(key, data, secret)
        return payload, (0.0 if payload is None
                         else os.stat(key, dir_fd=shard, follow_symlinks=False).st_mtime)
    except OSError:
        return None, 0.0


def _entries(fd: int) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(fd) as it:
            return list(it)
    except OSError:
        return []


def _unlink(name: str, folder: int) -> int:
    try:
        os.unlink(name, dir_fd=folder)  # a link is removed, never followed
    except OSError:
        return 0
    return 1


__all__ = ["CacheFolder", "default_cache_dir", "entry_key", "user_secret", "user_secret_path"]
