"""A deterministic zip writer that compresses each file once and can copy the compressed
bytes of an entry into a second zip under another name.

The site publishes every skill twice: ``skills/<slug>.zip`` (entries inside a ``<name>/``
folder) and ``.well-known/agent-skills/<name>.zip`` (the same files at the root). With
:class:`ZipWriter` the first zip compresses the files and records a :class:`Member` for each;
the second zip copies those compressed bytes (:meth:`ZipWriter.add_member`) instead of
deflating them again.

The output is byte-identical to what CPython's :mod:`zipfile` writes (checked: 3.11 to 3.13)
into a seekable file with ``ZipFile(handle, "w", compression=ZIP_DEFLATED)`` when every entry
is a ``ZipInfo(name, date_time=ZIP_EPOCH)`` with ``create_system = 3``, ``compress_type =
ZIP_DEFLATED``, deflate level :data:`COMPRESS_LEVEL` (``ZipInfo._compresslevel``),
``external_attr = (S_IFREG | 0o755 or 0o644) << 16`` and ``file_size`` set to the real size,
written through ``ZipFile.open(info, "w")``: the same header versions and
flags (UTF-8 flag for non-ASCII names), the same zip64 decisions and records, no data
descriptors, no extra fields beyond zip64's, no comment.
"""

from __future__ import annotations

import dataclasses as dc
import io
import stat
import struct
import zlib
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import BinaryIO

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
"""The earliest time a zip can record; used for every entry."""
COMPRESS_LEVEL = 1
"""zlib's fastest level: on the corpus's files, half the time of the default level (6) for
zips about 10 % larger (see docs/performance.md)."""
CHUNK = 1 << 20
"""The most bytes read from a source at once."""

ZIP64_LIMIT = (1 << 31) - 1
"""Sizes and offsets above this need zip64 records (``zipfile.ZIP64_LIMIT``)."""
ZIP_FILECOUNT_LIMIT = (1 << 16) - 1
"""More entries than this need the zip64 end records (``zipfile.ZIP_FILECOUNT_LIMIT``)."""

_DEFLATED = 8
_UNIX = 3
_DEFAULT_VERSION = 20
_ZIP64_VERSION = 45
_UTF8_NAME = 1 << 11
_DOS_DATE = (ZIP_EPOCH[0] - 1980) << 9 | ZIP_EPOCH[1] << 5 | ZIP_EPOCH[2]
_DOS_TIME = ZIP_EPOCH[3] << 11 | ZIP_EPOCH[4] << 5 | ZIP_EPOCH[5] // 2
_LOCAL = struct.Struct("<4s2B4HL2L2H")
_LOCAL_ZIP64 = struct.Struct("<HHQQ")
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")
_END = struct.Struct("<4s4H2LH")
_END64 = struct.Struct("<4sQ2H2L4Q")
_END64_LOCATOR = struct.Struct("<4sLQL")
_MODE_FILE = (stat.S_IFREG | 0o644) << 16
_MODE_EXECUTABLE = (stat.S_IFREG | 0o755) << 16


@dc.dataclass(slots=True, frozen=True)
class Member:
    """An entry written into a zip: what another zip needs to hold the same compressed bytes."""

    name: str
    executable: bool
    crc: int
    """CRC-32 of the uncompressed bytes."""
    size: int
    """Uncompressed size in bytes."""
    compressed_size: int
    data_offset: int
    """Offset of the compressed data inside the zip file it was written to."""


@dc.dataclass(slots=True, frozen=True)
class _Entry:
    """What the central directory records about an entry."""

    member: Member
    encoded_name: bytes
    flags: int
    header_offset: int
    local_zip64: bool
    """The local header carries a zip64 field, which raises the entry's versions to 4.5."""


class ZipWriter:
    """Writes a deterministic zip into ``handle``, a seekable binary file opened for writing.

    Entries are written in the order they are added; names must be unique and hold no NUL.
    :meth:`close` (or leaving the ``with`` block without an exception) writes the central
    directory. After any error the writer refuses further use: the file holds a partial zip.
    """

    def __init__(self, handle: BinaryIO) -> None:
        self._handle = handle
        self._position = handle.tell()
        self._entries: list[_Entry] = []
        self._names: set[str] = set()
        self._closed = False
        self._failed = False

    def __enter__(self) -> ZipWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None:
            self.close()
        else:
            self._closed = True

    @property
    def members(self) -> tuple[Member, ...]:
        """The entries written so far, in order."""
        return tuple(entry.member for entry in self._entries)

    def add_bytes(self, name: str, data: bytes, *, executable: bool) -> Member:
        """Add an entry holding ``data``."""
        self._check(name)
        try:
            compressor = _compressor()
            compressed = compressor.compress(data) + compressor.flush()
            return self._write_entry(name, executable, zlib.crc32(data), len(data),
                                     len(compressed), [compressed])
        except BaseException:
            self._failed = True
            raise

    def add_stream(self, name: str, source: BinaryIO, *, executable: bool) -> Member:
        """Add an entry holding the rest of ``source``, read in chunks of at most
        :data:`CHUNK` bytes and compressed as it is read.

        A source that fits in one chunk is written with its final local header, its real
        size deciding whether that header gets a zip64 field. A larger one gets a header
        first, patched (CRC, sizes) by seeking back once its data is written, as
        :mod:`zipfile` does; the bytes left in a seekable ``source`` stand for
        ``ZipInfo.file_size`` in the zip64 decision (an unseekable source counts as empty).

        :raises RuntimeError: the entry needs zip64 but its local header has no room for it
            (the source grew past 2 GiB while it was read), as in :mod:`zipfile`.
        """
        self._check(name)
        try:
            return self._write_stream(name, source, executable, _remaining(source))
        except BaseException:
            self._failed = True
            raise

    def add_member(self, name: str, member: Member, source: BinaryIO) -> Member:
        """Add ``member``, an entry of the zip ``source`` (opened for reading, fully
        written), under ``name``: its compressed bytes are copied in chunks of at most
        :data:`CHUNK` bytes, not compressed again. Returns the new entry, whose
        ``data_offset`` is in this zip.

        :raises ValueError: ``source`` ends before the member's data does.
        """
        self._check(name)
        try:
            source.seek(member.data_offset)
            return self._write_entry(name, member.executable, member.crc, member.size,
                                     member.compressed_size, _copied(source, member))
        except BaseException:
            self._failed = True
            raise

    def close(self) -> None:
        """Write the central directory and the end records (zip64 ones when needed), then
        flush; the handle stays open. Closing twice does nothing."""
        if self._closed:
            return
        self._usable()
        self._closed = True
        start = self._position
        directory = b"".join(_central_record(entry) for entry in self._entries)
        count = len(self._entries)
        size = len(directory)
        tail = [directory]
        if count > ZIP_FILECOUNT_LIMIT or start > ZIP64_LIMIT or size > ZIP64_LIMIT:
            tail.append(_END64.pack(b"PK\x06\x06", 44, _ZIP64_VERSION, _ZIP64_VERSION, 0, 0,
                                    count, count, size, start))
            tail.append(_END64_LOCATOR.pack(b"PK\x06\x07", 0, start + size, 1))
            count = min(count, 0xFFFF)
            size = min(size, 0xFFFFFFFF)
            start = min(start, 0xFFFFFFFF)
        tail.append(_END.pack(b"PK\x05\x06", 0, 0, count, count, size, start, 0))
        self._write(b"".join(tail))
        self._handle.flush()

    # Internals

    def _check(self, name: str) -> None:
        self._usable()
        if self._closed:
            raise ValueError("the zip is already closed")
        if "\0" in name:
            raise ValueError(f"{name!r}: an entry name cannot hold a NUL character")
        if name in self._names:
            raise ValueError(f"{name}: the zip already holds an entry of that name")

    def _usable(self) -> None:
        if self._failed:
            raise ValueError("an earlier error left the zip incomplete")

    def _write(self, data: bytes) -> None:
        self._handle.write(data)
        self._position += len(data)

    def _write_entry(self, name: str, executable: bool, crc: int, size: int,
                     compressed_size: int, parts: Iterable[bytes]) -> Member:
        """Write an entry whose CRC and sizes are known: its final local header, then
        ``parts``, its compressed data."""
        header_offset = self._position
        encoded, flags = _encode_name(name)
        zip64 = _zip64_local(size)
        self._write(_local_header(encoded, flags, zip64, crc, size, compressed_size))
        written = 0
        for part in parts:
            self._write(part)
            written += len(part)
        if written != compressed_size:
            raise ValueError(f"{name}: {written} compressed bytes, {compressed_size} expected")
        return self._record(name, executable, encoded, flags, zip64, header_offset, crc, size,
                            compressed_size)

    def _write_stream(self, name: str, source: BinaryIO, executable: bool,
                      expected: int) -> Member:
        header_offset = self._position
        encoded, flags = _encode_name(name)
        zip64 = _zip64_local(expected)
        compressor = _compressor()
        crc = size = compressed_size = 0
        # Compressed bytes held back while the source fits in one chunk, to write a small
        # entry with its final header at once instead of seeking back to patch it.
        held: list[bytes] | None = []
        while chunk := source.read(CHUNK):
            size += len(chunk)
            crc = zlib.crc32(chunk, crc)
            out = compressor.compress(chunk)
            compressed_size += len(out)
            if held is None:
                self._write(out)
                continue
            held.append(out)
            if size >= CHUNK:
                # zipfile's first header: CRC and compressed size 0, the expected size.
                self._write(_local_header(encoded, flags, zip64, 0, expected, 0))
                for part in held:
                    self._write(part)
                held = None
        out = compressor.flush()
        compressed_size += len(out)
        if held is not None:
            held.append(out)
            return self._write_entry(name, executable, crc, size, compressed_size, held)
        self._write(out)
        end = self._position
        self._handle.seek(header_offset)
        self._handle.write(_local_header(encoded, flags, zip64, crc, size, compressed_size))
        self._handle.seek(end)
        return self._record(name, executable, encoded, flags, zip64, header_offset, crc, size,
                            compressed_size)

    def _record(self, name: str, executable: bool, encoded: bytes, flags: int, zip64: bool,
                header_offset: int, crc: int, size: int, compressed_size: int) -> Member:
        """Remember a written entry for the central directory."""
        if not zip64 and (size > ZIP64_LIMIT or compressed_size > ZIP64_LIMIT):
            kind = "File" if size > ZIP64_LIMIT else "Compressed"
            raise RuntimeError(f"{name}: {kind} size too large for a local header "
                               "without zip64")
        data_offset = header_offset + _header_size(encoded, zip64)
        member = Member(name, executable, crc, size, compressed_size, data_offset)
        self._entries.append(_Entry(member, encoded, flags, header_offset, zip64))
        self._names.add(name)
        return member


def _copied(source: BinaryIO, member: Member) -> Iterator[bytes]:
    """The compressed bytes of ``member`` from ``source``, positioned at them."""
    left = member.compressed_size
    while left:
        chunk = source.read(min(left, CHUNK))
        if not chunk:
            raise ValueError(f"the source zip ends inside {member.name}")
        left -= len(chunk)
        yield chunk


def _compressor() -> zlib._Compress:
    return zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)


def _zip64_local(expected_size: int) -> bool:
    """zipfile's rule: compressed data can be larger than the input, so 5% of headroom."""
    return expected_size * 1.05 > ZIP64_LIMIT


def _remaining(source: BinaryIO) -> int:
    """The bytes left in ``source`` from its position (0 when it cannot seek)."""
    try:
        if not source.seekable():
            return 0
        here = source.tell()
        end = source.seek(0, io.SEEK_END)
        source.seek(here)
    except OSError:
        return 0
    return max(end - here, 0)


def _encode_name(name: str) -> tuple[bytes, int]:
    try:
        return name.encode("ascii"), 0
    except UnicodeEncodeError:
        return name.encode("utf-8"), _UTF8_NAME


def _header_size(encoded: bytes, zip64: bool) -> int:
    return _LOCAL.size + len(encoded) + (_LOCAL_ZIP64.size if zip64 else 0)


def _local_header(encoded: bytes, flags: int, zip64: bool, crc: int, size: int,
                  compressed_size: int) -> bytes:
    extra = b""
    version = _DEFAULT_VERSION
    if zip64:
        extra = _LOCAL_ZIP64.pack(1, _LOCAL_ZIP64.size - 4, size, compressed_size)
        size = compressed_size = 0xFFFFFFFF
        version = _ZIP64_VERSION
    return _LOCAL.pack(b"PK\x03\x04", version, 0, flags, _DEFLATED, _DOS_TIME, _DOS_DATE, crc,
                       compressed_size, size, len(encoded), len(extra)) + encoded + extra


def _central_record(entry: _Entry) -> bytes:
    member = entry.member
    fields: list[int] = []
    size, compressed_size, offset = member.size, member.compressed_size, entry.header_offset
    if size > ZIP64_LIMIT or compressed_size > ZIP64_LIMIT:
        fields += [size, compressed_size]
        size = compressed_size = 0xFFFFFFFF
    if offset > ZIP64_LIMIT:
        fields.append(offset)
        offset = 0xFFFFFFFF
    extra = struct.pack(f"<HH{len(fields)}Q", 1, 8 * len(fields), *fields) if fields else b""
    version = _ZIP64_VERSION if fields or entry.local_zip64 else _DEFAULT_VERSION
    mode = _MODE_EXECUTABLE if member.executable else _MODE_FILE
    return _CENTRAL.pack(b"PK\x01\x02", version, _UNIX, version, 0, entry.flags, _DEFLATED,
                         _DOS_TIME, _DOS_DATE, member.crc, compressed_size, size,
                         len(entry.encoded_name), len(extra), 0, 0, 0, mode,
                         offset) + entry.encoded_name + extra


def read_members(source: BinaryIO) -> list[Member]:
    """The entries of a zip :class:`ZipWriter` wrote (``source``, opened for reading), in
    order, as :meth:`ZipWriter.add_member` copies them: for a zip of a kept skill, whose
    writer's members are gone with the build that wrote it.

    :raises zipfile.BadZipFile, ValueError: ``source`` is not such a zip.
    """
    import zipfile

    members: list[Member] = []
    with zipfile.ZipFile(source) as archive:
        infos = archive.infolist()
    for info in infos:
        if info.compress_type != _DEFLATED or info.flag_bits & 1:
            raise ValueError(f"{info.filename}: not an entry this writer makes")
        source.seek(info.header_offset)
        header = source.read(_LOCAL.size)
        if len(header) != _LOCAL.size or header[:4] != b"PK\x03\x04":
            raise ValueError(f"{info.filename}: no local header where the directory says")
        fields = _LOCAL.unpack(header)
        data_offset = info.header_offset + _LOCAL.size + fields[-2] + fields[-1]
        executable = bool((info.external_attr >> 16) & 0o111)
        members.append(Member(info.filename, executable, info.CRC, info.file_size,
                              info.compress_size, data_offset))
    return members
