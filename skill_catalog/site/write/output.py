"""Writing the site safely: a temporary folder moved into place at the end, nothing outside it.

Every file goes through :class:`OutputTree`, which refuses paths that could leave the output
folder (absolute, ``..``, backslashes, NUL, reserved Windows names) and refuses to write the same
path twice, so that a skill or file name can never overwrite another output. A whole new site
replaces the previous one's entries, two renames each (:func:`swap_in`: the folder itself stays,
so a server started in it keeps serving it), so a failed build leaves the previous site intact;
an incremental build moves only its new files into the previous site (:func:`commit_in_place`).

Nothing is written through a symbolic link: a link at the output folder, at the files a build
keeps beside it (:func:`own_files`) or on the way to it is refused before the build starts
(:func:`refuse_links`), the files beside it are opened without following one
(:mod:`skill_catalog.fs.safe_write`), and an update in place looks at every folder of the previous
site it moves files into or deletes them from before it moves anything.
"""

from __future__ import annotations

import contextlib
import filecmp
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from skill_catalog.discovery.sites import (
    SITE_MARKER,
    cache_path,
    legacy_paths,
    state_folder,
    state_path,
)
from skill_catalog.fs.names import name_key
from skill_catalog.fs.safe_write import OutputError as OutputError  # raised here, re-exported
from skill_catalog.fs.safe_write import (
    create_new,
    link_refused,
    linked_folder,
    open_regular,
    refuse_link,
    replace_file,
    temporary_for,
    write_new,
)
from skill_catalog.process.interrupts import deferred

MARKER = SITE_MARKER
"""A file we write at the root of every site we build; its presence lets a rebuild replace it
(and keeps discovery out of a site written inside a library root)."""
_SURROGATES = re.compile("[\ud800-\udfff]")


CHUNK_RUN = 1 << 16
"""Characters of a large text encoded and written at a time (:meth:`OutputTree.write_chunks`)."""


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATES.sub("\ufffd", text).encode("utf-8")


def _unsafe(wrapped: str) -> bool:
    """Whether ``wrapped`` (paths joined by ``/`` and wrapped in ``/``) holds an empty, ``.``
    or ``..`` segment (so also an empty path, a leading or trailing ``/``), a NUL or a
    backslash: five substring searches, several times quicker than a regular expression."""
    return ("//" in wrapped or "/./" in wrapped or "/../" in wrapped or "\x00" in wrapped
            or "\\" in wrapped)


def safe_relpath(relpath: str) -> str:
    """Check ``relpath`` is a plain relative POSIX path inside the output (no empty, ``.`` or
    ``..`` segment, no leading ``/``, backslash or NUL); return it."""
    if _unsafe(f"/{relpath}/"):
        raise OutputError(f"unsafe output path {relpath!r}")
    return relpath


class OutputTree:
    """The files of one build, written under a private temporary folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: set[str] = set()
        """Casefolded paths written (for the write-once check)."""
        self.files: list[str] = []
        """Paths written, as spelled, in writing order."""
        self.kept: set[str] = set()
        """Paths that stay as they are in the previous site (an in-place update) instead of
        being written here."""
        self._folders: set[str] = set()
        """Folders known to exist below the root (to skip repeated ``mkdir`` calls)."""
        self.kept_in: Path | None = None
        """The previous site, which holds the files in :attr:`kept` (an in-place update)."""

    def path_of(self, relpath: str) -> Path:
        """Where a file of this build can be read: in this tree, or in the previous site for
        one that is kept from there."""
        if self.kept_in is not None and relpath in self.kept:
            return self.kept_in / relpath
        return self.root / relpath

    def _target(self, relpath: str) -> str:
        rel = safe_relpath(relpath)
        key = name_key(rel)  # case-insensitive file systems (macOS, Windows, Pages checkouts)
        if key in self.written:
            raise OutputError(f"output file written twice: {rel}")
        self.written.add(key)
        self.files.append(rel)
        folder = rel.rpartition("/")[0]
        if folder and folder not in self._folders:
            self._make_folders(folder)
        return os.path.join(self.root, rel)

    def _make_folders(self, folder: str) -> None:
        """Create ``folder`` and the folders above it not made yet, top down: one ``mkdir``
        each (``os.makedirs`` would also look each parent up first)."""
        missing = []
        while folder and folder not in self._folders:
            missing.append(folder)
            folder = folder.rpartition("/")[0]
        for name in reversed(missing):
            path = os.path.join(self.root, name)
            try:
                os.mkdir(path)
            except FileExistsError:
                if not os.path.isdir(path):
                    raise
            except FileNotFoundError:  # the tree's own root is not made yet
                os.makedirs(path, exist_ok=True)
            self._folders.add(name)

    def merge(self, paths: Sequence[str]) -> None:
        """Take over files written into this tree by another process (or linked from a
        previous build); a path written twice is an error, as in one process."""
        # A rebuild of 10,000 skills takes over 134,000 paths, a skill's at a time: they are
        # checked together, joined by line breaks (one check, one case-fold).
        joined = "\n".join(paths)
        if joined.count("\n") == len(paths) - 1 and not _unsafe(f"/{joined}/".replace("\n", "/")):
            folded = name_key(joined)
            keys = (paths if folded == joined else
                    [p if f == p else f for p, f in zip(paths, folded.split("\n"), strict=True)])
            if self.written.isdisjoint(keys) and len(set(keys)) == len(keys):
                self.written.update(keys)
                self.files.extend(paths)
                return
        for rel in paths:  # a path to refuse (or holding a line break): one by one
            key = name_key(safe_relpath(rel))
            if key in self.written:
                raise OutputError(f"output file written twice: {rel}")
            self.written.add(key)
            self.files.append(rel)

    def keep(self, paths: Sequence[str]) -> None:
        """Claim files of the previous site that this build leaves as they are."""
        self.merge(paths)
        self.kept.update(paths)

    def exists(self, relpath: str) -> bool:
        return name_key(safe_relpath(relpath)) in self.written

    def write_bytes(self, relpath: str, data: bytes) -> None:
        fd = create_new(self._target(relpath))  # new in this build's own folder
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)

    def write_text(self, relpath: str, text: str) -> None:
        """Write ``text`` as UTF-8; lone surrogates (from file names that are not UTF-8) become
        U+FFFD, so no such name can stop a build."""
        self.write_bytes(relpath, _utf8(text))

    def write_chunks(self, relpath: str, chunks: Iterable[str]) -> None:
        """Write the pieces of a large text (as :meth:`write_text` writes a whole), never
        holding all of it: they are joined into runs of about :data:`CHUNK_RUN` characters,
        since a template yields hundreds of thousands of small pieces for a page about every
        skill, and encoding and writing each alone cost more than rendering them."""
        with self.open(relpath) as handle:
            run: list[str] = []
            size = 0
            for chunk in chunks:
                run.append(chunk)
                size += len(chunk)
                if size >= CHUNK_RUN:
                    handle.write(_utf8("".join(run)))
                    run.clear()
                    size = 0
            handle.write(_utf8("".join(run)))

    @contextlib.contextmanager
    def open(self, relpath: str) -> Iterator[BinaryIO]:
        """A binary file to stream into (archives, large copies)."""
        fd = create_new(self._target(relpath))  # new in this build's own folder
        with os.fdopen(fd, "wb", buffering=1 << 16) as handle:
            yield handle

    def copy_file(self, relpath: str, source: Path, *, max_bytes: int | None = None) -> None:
        """Copy a regular file by streaming (never following it if it is not a regular file)."""
        from skill_catalog.fs.safe_fs import UnsafeFile

        fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as src:
            if not stat.S_ISREG(os.fstat(src.fileno()).st_mode):
                raise UnsafeFile(f"{source} is not a regular file")
            with self.open(relpath) as dst:
                if max_bytes is None:
                    shutil.copyfileobj(src, dst, 1 << 20)
                else:
                    dst.write(src.read(max_bytes))


# --- the output folder and the files beside it ---------------------------------------------

LOCK = "lock"
JOURNAL = "updating"
"""Suffixes of files a build keeps beside its output folder ``site``: ``.site.<suffix>`` (the
build state and skill cache are named in :mod:`skill_catalog.discovery.sites`)."""


def beside(output: Path, suffix: str) -> Path:
    """The file ``.<name>.<suffix>`` beside the output folder ``output``."""
    return output.parent / f".{output.name}.{suffix}"


def journal_path(output: Path) -> Path:
    """The file that exists beside ``output`` while an in-place update is under way."""
    return beside(output, JOURNAL)


def own_files(output: Path) -> list[Path]:
    """Every name beside ``output`` that a build writes (besides its temporary folders, whose
    names are new each time): the lock, the journal, the folder of the build state, its
    ``.gitignore``, the build state and the skill cache, and the temporary names the last two
    are written under, and where earlier releases kept those two."""
    kept = [state_path(output), cache_path(output)]
    folder = state_folder(output)
    return [beside(output, LOCK), journal_path(output), folder, folder / ".gitignore", *kept,
            *map(temporary_for, kept), *legacy_paths(output)]


STATE_GITIGNORE = (b"# Written by skill-catalog build: the build state and skill cache of the "
                   b"sites beside it.\n*\n")


def prepare_state_folder(output: Path) -> None:
    """Make the folder of the build state (:func:`state_folder`) with its ``.gitignore`` when
    missing (neither through a link: :func:`refuse_links` has looked), and remove the state
    files earlier releases left beside the site (regular files only)."""
    folder = state_folder(output)
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder)
    refuse_link(folder)
    with contextlib.suppress(FileExistsError):
        fd = create_new(folder / ".gitignore")
        with os.fdopen(fd, "wb") as handle:
            handle.write(STATE_GITIGNORE)
    for legacy in legacy_paths(output):
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(legacy).st_mode):
                legacy.unlink()


def refuse_links(output: Path, bases: Sequence[Path] = ()) -> None:
    """Refuse (:class:`OutputError`) an output folder that is a symbolic link, a link at any
    name a build writes beside it (:func:`own_files`), and a link among the folders that lead
    to it from any of ``bases`` (the working folder, the config's folder: where a checkout
    could have planted one). ``output`` is absolute."""
    for path in (output, *own_files(output)):
        refuse_link(path)
    for base in bases:
        linked = linked_folder(output.parent, base.absolute())
        if linked is not None:
            raise OutputError(
                f"{linked} is a symbolic link on the way to the output folder {output}: "
                "refusing to write through it (give the folder it leads to, or another)")


@contextlib.contextmanager
def build_lock(output: Path) -> Iterator[None]:
    """Hold the lock that serialises builds into ``output`` (``.<name>.lock`` beside it,
    opened without following a link); the file is removed when the lock is let go.

    A build that waited for the lock may find the file removed (or replaced) by the one it
    waited for: it then locks the file now at that name, so that two builds never hold locks
    on two different files. A build stopped (Ctrl-C, ``kill``) while it takes the lock leaves
    no file behind that it could remove: the file is created with signals held back, and
    removed on the way out whenever this build holds (or can take at once) its lock."""
    import fcntl

    path = beside(output, LOCK)
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        fd = -1
        try:
            with deferred():  # a signal here takes effect once ``fd`` is known
                fd = open_regular(path, os.O_RDWR | os.O_CREAT)
            fcntl.flock(fd, fcntl.LOCK_EX)  # waiting for another build: Ctrl-C still stops
            if _holds_file(fd, path):
                break
        except BaseException:
            if fd >= 0:
                _let_go(fd, path)
            raise
        os.close(fd)
    try:
        yield
    finally:
        _let_go(fd, path)


def _holds_file(fd: int, path: Path) -> bool:
    """Whether the file open at ``fd`` is still the one at ``path``."""
    try:
        now = os.lstat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def _let_go(fd: int, path: Path) -> None:
    """Remove the lock file at ``path`` if this process holds its lock (taking it without
    waiting, if it was stopped before it knew it had it: nobody else holds it then, and a
    build waiting for it finds it removed), then close ``fd``, which lets the lock go."""
    import fcntl

    try:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if _holds_file(fd, path):
                os.unlink(path)
    finally:
        os.close(fd)


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_output(output: Path, *, roots: Sequence[Path] = (), protected: Sequence[Path] = (),
                 inside_roots: bool = False, bases: Sequence[Path] = ()) -> Path:
    """Refuse an output folder that no ``--force`` may replace; return its real path.

    Refused: a link there or beside it (:func:`refuse_links`); the home folder, the
    file-system root; a folder that is or holds one of ``roots`` (the library roots) or
    ``protected`` (the config's folder); a folder inside a library root unless
    ``inside_roots`` (a configured output, without ``--force``). Paths are compared by their
    real paths, so a link cannot smuggle a root in.
    """
    output = output.absolute()
    refuse_links(output, bases)
    real = Path(os.path.realpath(output))
    home = Path(os.path.realpath(Path.home()))
    if real in (home, Path(real.anchor)) or real in home.parents:
        raise OutputError(f"refusing to write the site into {output}: choose a folder of its own")
    for folder in (*roots, *protected):
        if _within(Path(os.path.realpath(folder)), real):
            raise OutputError(f"refusing to write the site into {output}: it holds the library "
                              f"({folder}); choose another output folder")
    for root in roots:
        if not inside_roots and _within(real, Path(os.path.realpath(root))):
            raise OutputError(
                f"refusing to write the site into {output}: it lies inside the library root "
                f"{root}, whose files it could replace (even with --force); choose an output "
                "folder outside the library")
    return real


def prepare(output: Path, *, roots: Sequence[Path] = (), protected: Sequence[Path] = (),
            force: bool = False, inside_roots: bool = False, bases: Sequence[Path] = (),
            skill_dirs: Iterable[Path] = ()) -> Path:
    """Check that ``output`` may be (re)placed and return a fresh temporary folder beside it.

    Refused outright, even with ``force``: what :func:`check_output` refuses, and a folder
    holding any of ``skill_dirs`` (the library's skills). A folder holding files that
    skill-catalog did not write is refused unless ``force``.
    """
    output = output.absolute()
    real = check_output(output, roots=roots, protected=protected, inside_roots=inside_roots,
                        bases=bases)
    if output.exists():
        if not output.is_dir():
            raise OutputError(f"{output} exists and is not a folder")
        _refuse_skills_inside(output, real, roots, skill_dirs)
        if any(output.iterdir()) and not (output / MARKER).is_file() and not force:
            raise OutputError(
                f"{output} holds files that skill-catalog did not write; refusing to replace it "
                "(use --force to replace it anyway, or choose another output folder)")
    output.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(output)
    temp = Path(tempfile.mkdtemp(prefix=f".{output.name}.tmp-", dir=output.parent))
    # mkdtemp makes a private folder (0700); the site is a folder like any other: a web
    # server running as another user must read it. It keeps the mode of the site it
    # replaces, else it gets the one the umask gives a new folder (as mkdir does).
    os.chmod(temp, _site_mode(output))
    return temp


def umask() -> int:
    """The process's umask (read from /proc where it can be, which changes nothing; else
    set and set back)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _site_mode(output: Path) -> int:
    """The mode of a new site at ``output``: that of the folder there now, else the umask's."""
    try:
        st = os.stat(output, follow_symlinks=False)
    except OSError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        return stat.S_IMODE(st.st_mode)
    return 0o777 & ~umask()


def _refuse_skills_inside(output: Path, real: Path, roots: Sequence[Path],
                          skill_dirs: Iterable[Path]) -> None:
    """Refuse ``output`` (real path ``real``) if it holds a skill the load found: only a
    folder inside a library root can (compared as spelled below the root, no file looked
    at)."""
    inside = []
    for root in roots:
        real_root = Path(os.path.realpath(root))
        if real != real_root and real_root in real.parents:
            inside.append(os.path.join(root.absolute(), real.relative_to(real_root)))
    if not inside:
        return
    for folder in skill_dirs:
        spelled = str(folder.absolute())
        for prefix in inside:
            if spelled == prefix or spelled.startswith(prefix + os.sep):
                raise OutputError(
                    f"refusing to write the site into {output}: it holds the skill {folder}; "
                    "choose an output folder outside the library")


def _remove_stale(output: Path) -> None:
    """Temporary folders of builds that were killed (callers hold the build lock, so no live
    build owns them), and previous sites a background removal has not finished with: those
    are handed to another one rather than removed here (100,000 files take tens of seconds)."""
    for pattern in (f".{output.name}.tmp-*", f".{output.name}.old-*"):
        for stale in output.parent.glob(pattern):
            if stale.is_dir() and not stale.is_symlink():
                shutil.rmtree(stale, ignore_errors=True)
    unfinished = [p for p in output.parent.glob(f".{output.name}.trash-*")
                  if p.is_dir() and not p.is_symlink()]
    if unfinished:
        _remove_in_background(unfinished)


def swap_in(temp: Path, output: Path) -> None:
    """Replace the site at ``output`` with the one built in ``temp``, keeping the folder itself:
    each entry of the old site is renamed into a folder beside it and the new one's entry of
    the same name renamed in its place, name after name (two renames each, never a copy). A
    server started in the site folder (``python3 -m http.server -d .``, ``php -S``, a shell
    there) keeps serving it; renaming the whole folder left such a server in a deleted folder,
    answering 404 until restarted. A first build renames ``temp`` to ``output``.

    While it runs the journal (:func:`journal_path`) exists, as for an update in place: a build
    killed during it leaves the journal behind, and the next build writes a whole new site. A
    rename that fails puts back what was moved, and the previous site stays. Ctrl-C and
    SIGTERM wait until it is done (and stop the build after it)."""
    output = output.absolute()
    if not (temp / MARKER).exists():
        write_new(temp / MARKER, b"This folder was written by skill-catalog build.\n")
    refuse_link(output)
    journal = journal_path(output)
    old: Path | None = None
    try:
        with deferred():
            if not output.exists():
                os.replace(temp, output)
                journal.unlink(missing_ok=True)  # an interrupted update: replaced
                return
            old = Path(tempfile.mkdtemp(prefix=f".{output.name}.old-", dir=output.parent))
            replace_file(journal, lambda handle: handle.write(
                f"A new site is being moved into {output.name} from {temp.name}.\n".encode()))
            _move_contents(temp, output, old)
            journal.unlink()
            os.rmdir(temp)
    finally:
        if old is not None:  # removed even when Ctrl-C came during the renames
            remove_later(old)


KEPT = frozenset({".git", ".hg", ".svn"})
"""Entries of a site folder that a build leaves where they are (unless it writes one of the
same name, which it never does): the version control of a folder the site is published from,
say a checkout of a ``gh-pages`` branch. A site never writes them; MkDocs' clean build keeps
them too."""


def _move_contents(new: Path, output: Path, old: Path) -> None:
    """Move each entry of ``output`` into ``old`` and the entry of ``new`` of the same name
    into ``output`` (names in order, the marker file last; :data:`KEPT` entries the new site
    lacks stay); on a failure, undo every rename done and raise."""
    fresh = set(os.listdir(new))
    names = sorted({name for name in os.listdir(output) if name not in KEPT} | fresh,
                   key=lambda name: (name == MARKER, name))
    done: list[tuple[Path, Path]] = []
    try:
        for name in names:
            for source, target in ((output / name, old / name), (new / name, output / name)):
                if os.path.lexists(source):
                    os.replace(source, target)
                    done.append((source, target))
    except OSError:
        for source, target in reversed(done):
            os.replace(target, source)
        raise


BACKGROUND_REMOVAL = 2_000
"""Previous sites whose ``skills/`` folder holds more entries than this are removed by a
background process, so that the build returns at once (removing 100,000 files takes
seconds); the next build removes whatever such a process left."""
BACKGROUND_DISCARD = 100
"""The same for the temporary folder of a failed or interrupted build: Ctrl-C is answered
at once."""


def _large(site: Path, limit: int | None = None) -> bool:
    """Whether removing ``site`` is left to a background process (more than ``limit``, by
    default :data:`BACKGROUND_REMOVAL`, entries in its ``skills/``; a detached session needs
    POSIX)."""
    if limit is None:
        limit = BACKGROUND_REMOVAL
    try:
        with os.scandir(site / "skills") as entries:
            large = any(i >= limit for i, _entry in enumerate(entries))
    except OSError:
        return False
    return large and os.name == "posix"


def remove_later(folder: Path) -> None:
    """Remove ``folder``: here for a small site, in a detached process for a large one."""
    if _large(folder):
        # Renamed first, so that the next build knows it is being removed (see _remove_stale).
        trash = folder.with_name(folder.name.replace(".old-", ".trash-", 1))
        os.replace(folder, trash)
        _remove_in_background([trash])
        return
    shutil.rmtree(folder, ignore_errors=True)


def remove_workspace(folder: Path, site: Path) -> None:
    """Remove ``folder``, which holds the site ``site`` (``serve``'s temporary workspace), as
    :func:`remove_later` removes a previous site: in a detached process when the site is
    large, so that the caller returns at once (no renaming: no build looks for it)."""
    if _large(site):
        _remove_in_background([folder])
    else:
        shutil.rmtree(folder, ignore_errors=True)


def _remove_in_background(folders: Sequence[Path]) -> None:
    """Remove ``folders`` in a detached process (our interpreter, removing our own folders)."""
    import subprocess
    import sys

    subprocess.Popen(
        [sys.executable, "-c",
         "import shutil, sys\nfor f in sys.argv[1:]: shutil.rmtree(f, True)",
         *map(str, folders)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)


def commit_in_place(temp: Path, output: Path, written: Sequence[str],
                    stale: Sequence[str]) -> None:
    """Update ``output`` in place: move the files ``written`` into ``temp`` over its own, in
    that order, then delete its ``stale`` files and the folders they leave empty.

    Every step before this one works in ``temp``, so a failed build leaves ``output`` as it
    was. This step is a series of renames, and the caller orders them so that the site has no
    broken link at any moment: new pages before the pages that link to them, stale files
    last. While it runs, :func:`journal_path` exists: a build killed during it leaves the
    journal behind, and the next build writes a whole new site and swaps it in. The journal
    stays when it returns, until the caller has recorded the updated site (:func:`settled`):
    the update keeps the site's marker file, so until then the build state beside the site
    (or held in memory) still looks valid while it describes the site before the update, and a
    skill edited back as that state recorded it would keep the page of the update.

    Nothing is written or removed through a link: before anything moves, every folder of the
    site that a file is moved into or removed from is looked at, and a link among them is
    refused (:class:`OutputError`; ``--force`` writes a whole new site instead). A link at a
    file's own name is replaced or removed itself.
    """
    output = output.absolute()
    refuse_link(output)
    folders = _SiteFolders(output)
    for rel in (*written, *stale):
        folders.check(rel.rpartition("/")[0])
    journal = journal_path(output)
    replace_file(journal, lambda handle: handle.write(
        f"An update of {output.name} from {temp.name} is under way.\n".encode()))
    for rel in written:
        folders.make(rel.rpartition("/")[0])
        target = output / rel
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)  # a folder of the previous site where a file goes now
        elif _same_file_content(temp / rel, target):
            continue  # unchanged: left alone, so that syncing the site sends only changes
        os.replace(temp / rel, target)
    emptied: set[str] = set()
    for rel in stale:
        folder = rel.rpartition("/")[0]
        if not folders.real(folder):
            continue  # a file of the previous site that a folder or file now stands above
        path = output / rel
        if path.is_file() or path.is_symlink():
            path.unlink()
        emptied.add(folder)
    for folder in sorted(emptied, key=lambda f: -f.count("/")):
        while folder:
            try:
                (output / folder).rmdir()
            except OSError:
                break  # not empty (or already gone): its parents are not empty either
            folder = folder.rpartition("/")[0]
    shutil.rmtree(temp, ignore_errors=True)


def settled(output: Path) -> None:
    """The in-place update of ``output`` is recorded (its build state written, or held by a
    session): its journal goes (:func:`commit_in_place`)."""
    journal_path(output).unlink(missing_ok=True)


class _SiteFolders:
    """The folders of a site being updated in place, each looked at once (``lstat``)."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.kinds: dict[str, str] = {"": "folder"}
        """Folder path -> ``folder``, ``missing`` or ``file`` (a non-folder of the previous
        site where a folder goes now)."""

    def _kind(self, folder: str) -> str:
        kind = self.kinds.get(folder)
        if kind is not None:
            return kind
        parent = self._kind(folder.rpartition("/")[0])
        if parent != "folder":
            kind = "missing"
        else:
            path = self.site / folder
            try:
                mode = os.lstat(path).st_mode
            except FileNotFoundError:
                kind = "missing"
            else:
                if stat.S_ISLNK(mode):
                    raise link_refused(path, "build with --force to write a whole new site")
                kind = "folder" if stat.S_ISDIR(mode) else "file"
        self.kinds[folder] = kind
        return kind

    def check(self, folder: str) -> None:
        """Look at ``folder`` and the folders above it; a link among them is refused."""
        self._kind(folder)

    def real(self, folder: str) -> bool:
        """Whether ``folder`` is a folder of the site (reached through folders only)."""
        return self._kind(folder) == "folder"

    def make(self, folder: str) -> None:
        """``folder`` and those above it made, a file of the previous site that stands where
        one goes now removed (folders looked at before: see :meth:`check`)."""
        if not folder or self.kinds.get(folder) == "folder":
            return
        self.make(folder.rpartition("/")[0])
        path = self.site / folder
        if self._kind(folder) == "file":
            path.unlink()
        if self.kinds[folder] != "folder":
            os.mkdir(path)
            self.kinds[folder] = "folder"


def _same_file_content(new: Path, old: Path) -> bool:
    """True when ``old`` is a regular file with exactly the bytes of ``new``."""
    try:
        if not old.is_file() or old.is_symlink() or old.stat().st_size != new.stat().st_size:
            return False
        return filecmp.cmp(new, old, shallow=False)
    except OSError:
        return False


def discard(temp: Path) -> None:
    """Remove the temporary folder of a failed or interrupted build: renamed out of the way
    and removed by a detached process when it is large, so that Ctrl-C is answered at once
    (the next build removes whatever that process left)."""
    if _large(temp, BACKGROUND_DISCARD) and ".tmp-" in temp.name:
        trash = temp.with_name(temp.name.replace(".tmp-", ".trash-", 1))
        try:
            os.replace(temp, trash)
        except OSError:
            pass
        else:
            _remove_in_background([trash])
            return
    shutil.rmtree(temp, ignore_errors=True)


SiteWide = Callable[[OutputTree, str, object, Callable[[], None]], None]
"""``site_wide(out, group, inputs, write)``: write a group of site-wide files with ``write``, or
keep the previous site's when they were made from equal ``inputs`` (an incremental build's
:meth:`~skill_catalog.site.reuse.Reuse.site_wide`)."""
