"""The deterministic zip writer: byte-identical to zipfile, members copied between zips."""

from __future__ import annotations

import io
import random
import shutil
import stat
import struct
import zipfile
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import BinaryIO

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skill_catalog.site.publish import zips
from skill_catalog.site.publish.zips import CHUNK, COMPRESS_LEVEL, ZIP_EPOCH, Member, ZipWriter

Entry = tuple[str, bytes, bool]
"""Name, content, executable."""


def _random(size: int, seed: int = 1) -> bytes:
    return random.Random(seed).randbytes(size)


def _text(size: int) -> bytes:
    rng = random.Random(2)
    words = ["skill", "agent", "file", "zip", "deflate", "name", "the", "a", "of", "catalog"]
    out = io.StringIO()
    line = 0
    while out.tell() < size:
        line += 1
        out.write(f"{line}: " + " ".join(rng.choice(words) for _ in range(12)) + "\n")
    return out.getvalue().encode()[:size]


CASES: dict[str, list[Entry]] = {
    "no-entries": [],
    "empty-file": [("empty.txt", b"", False)],
    "tiny": [("a", b"x", False)],
    "random-3mb": [("SKILL.md", b"# Title\n", False),
                   ("assets/noise.bin", _random(3 << 20), False)],
    "text-5mb": [("SKILL.md", b"# Title\n", False),
                 ("references/big.md", _text(5 << 20), False)],
    "chunk-edges": [("under", _random(CHUNK - 1, 3), False), ("exact", _text(CHUNK), False),
                    ("over", _random(CHUNK + 1, 4), True)],
    "non-ascii-names": [("données/é.md", "é\n".encode(), False), ("日本語.txt", b"nihongo", False),
                        ("emoji-🙂.txt", b"", True), ("plain.txt", b"ascii", False)],
    "executable-bits": [("scripts/run.sh", b"#!/bin/sh\necho hi\n", True),
                        ("scripts/data.json", b"{}", False), ("tool", _random(5000), True)],
    "many-entries": [(f"refs/{i:04d}.md", _text(i * 7 % 900), i % 5 == 0) for i in range(600)],
}


def zipfile_bytes(entries: Sequence[Entry], *, whole: bool = False, start: bytes = b"") -> bytes:
    """What zipfile writes for ``entries`` as ``archive.write_zip`` drives it: each entry
    opened with its ZipInfo and fed in CHUNK pieces (``whole``: in one write)."""
    buffer = io.BytesIO()
    buffer.write(start)
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data, executable in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.create_system = 3
            info.compress_type = zipfile.ZIP_DEFLATED
            info._compresslevel = COMPRESS_LEVEL  # type: ignore[attr-defined]  # 3.13: compress_level
            info.external_attr = (stat.S_IFREG | (0o755 if executable else 0o644)) << 16
            info.file_size = len(data)
            with archive.open(info, "w") as entry:
                if whole:
                    entry.write(data)
                else:
                    shutil.copyfileobj(io.BytesIO(data), entry, CHUNK)
    return buffer.getvalue()


def write_with(path: Path, entries: Sequence[Entry], how: str) -> list[Member]:
    with path.open("wb") as handle, ZipWriter(handle) as writer:
        if how == "bytes":
            return [writer.add_bytes(name, data, executable=executable)
                    for name, data, executable in entries]
        return [writer.add_stream(name, io.BytesIO(data), executable=executable)
                for name, data, executable in entries]


def copy_members(path: Path, source: Path, members: Sequence[Member],
                 rename: Callable[[str], str]) -> list[Member]:
    with source.open("rb") as zipped, path.open("wb") as handle, ZipWriter(handle) as writer:
        return [writer.add_member(rename(member.name), member, zipped) for member in members]


def assert_sound(path: Path, entries: Sequence[Entry]) -> None:
    """zipfile reads back every entry, with its content and permissions."""
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        assert archive.namelist() == [name for name, _data, _executable in entries]
        for (name, data, executable), info in zip(entries, archive.infolist(), strict=True):
            assert archive.read(info) == data
            assert stat.S_IMODE(info.external_attr >> 16) == (0o755 if executable else 0o644)
            assert info.filename == name


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("how", ["stream", "bytes"])
def test_same_bytes_as_zipfile(tmp_path: Path, case: str, how: str) -> None:
    entries = CASES[case]
    target = tmp_path / "out.zip"
    members = write_with(target, entries, how)
    assert target.read_bytes() == zipfile_bytes(entries)
    assert_sound(target, entries)
    assert [m.name for m in members] == [name for name, _data, _executable in entries]


@pytest.mark.parametrize("case", ["random-3mb", "text-5mb", "chunk-edges"])
def test_chunking_does_not_change_the_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             case: str) -> None:
    entries = CASES[case]
    expected = zipfile_bytes(entries, whole=True)
    target = tmp_path / "out.zip"
    write_with(target, entries, "stream")
    assert target.read_bytes() == expected
    monkeypatch.setattr(zips, "CHUNK", 4099)
    write_with(target, entries, "stream")
    assert target.read_bytes() == expected


@pytest.mark.parametrize("case", list(CASES))
def test_add_member_copies_equal_zipfile_writing_the_renamed_entries(tmp_path: Path,
                                                                      case: str) -> None:
    entries = CASES[case]
    prefixed = [("my-skill/" + name, data, executable) for name, data, executable in entries]
    first, second = tmp_path / "skills.zip", tmp_path / "well-known.zip"
    members = write_with(first, prefixed, "stream")
    copies = copy_members(second, first, members, lambda name: name.removeprefix("my-skill/"))
    assert first.read_bytes() == zipfile_bytes(prefixed)
    assert second.read_bytes() == zipfile_bytes(entries)
    assert_sound(first, prefixed)
    assert_sound(second, entries)
    for member, copy in zip(members, copies, strict=True):
        assert (copy.crc, copy.size, copy.compressed_size, copy.executable) == (
            member.crc, member.size, member.compressed_size, member.executable)


def test_member_records_where_its_compressed_bytes_are(tmp_path: Path) -> None:
    entries = CASES["executable-bits"] + CASES["non-ascii-names"]
    target = tmp_path / "out.zip"
    members = write_with(target, entries, "stream")
    written = target.read_bytes()
    for (name, data, executable), member in zip(entries, members, strict=True):
        compressed = written[member.data_offset:member.data_offset + member.compressed_size]
        assert zlib.decompress(compressed, -15) == data
        assert member == Member(name, executable, zlib.crc32(data), len(data),
                                len(compressed), member.data_offset)


def test_offsets_count_from_where_the_handle_starts(tmp_path: Path) -> None:
    entries = CASES["executable-bits"]
    target = tmp_path / "out.zip"
    with target.open("wb") as handle:
        handle.write(b"preamble")
        with ZipWriter(handle) as writer:
            for name, data, executable in entries:
                writer.add_bytes(name, data, executable=executable)
    assert target.read_bytes() == zipfile_bytes(entries, start=b"preamble")


class CountingReader(io.RawIOBase):
    """A seekable source that records the size of every read."""

    def __init__(self, data: bytes) -> None:
        self._data = io.BytesIO(data)
        self.reads: list[int | None] = []

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._data.tell()

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._data.seek(offset, whence)

    def read(self, size: int | None = -1) -> bytes:
        self.reads.append(size)
        return self._data.read(size)

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        raise AssertionError("reads go through read(size)")

    def readall(self) -> bytes:
        raise AssertionError("the source is never read whole")


def test_sources_are_never_read_more_than_a_chunk_at_once(tmp_path: Path) -> None:
    data = _text(3 * CHUNK + 123)
    source = CountingReader(data)
    target = tmp_path / "out.zip"
    with target.open("wb") as handle, ZipWriter(handle) as writer:
        member = writer.add_stream("big.md", source, executable=False)  # type: ignore[arg-type]
    assert all(size is not None and 0 < size <= CHUNK for size in source.reads)
    assert len(source.reads) == 5  # four chunks, then the empty read that ends the file

    zipped = CountingReader(target.read_bytes())
    copy = tmp_path / "copy.zip"
    with copy.open("wb") as handle, ZipWriter(handle) as writer:
        writer.add_member("renamed.md", member, zipped)  # type: ignore[arg-type]
    assert zipped.reads
    assert all(size is not None and 0 < size <= CHUNK for size in zipped.reads)
    assert copy.read_bytes() == zipfile_bytes([("renamed.md", data, False)])


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """Sizes and offsets above 3000 bytes need zip64, in zipfile as here."""
    limit = 3000
    monkeypatch.setattr(zips, "ZIP64_LIMIT", limit)
    monkeypatch.setattr(zipfile, "ZIP64_LIMIT", limit)
    return limit


ZIP64_ENTRIES: list[Entry] = [
    ("small.md", b"# small\n", False),
    ("near-limit.bin", _random(2900, 5), False),  # 2900 * 1.05 > 3000: zip64 local header only
    ("over-limit.bin", _random(4000, 6), True),  # sizes in the central directory's zip64 field
    ("over-limit.md", _text(20_000), False),  # compresses below the limit; its size does not
    ("late.md", b"offset past the limit\n", False),  # header offset in a zip64 field
    ("late-é.md", b"", False),
]


@pytest.mark.parametrize("how", ["stream", "bytes"])
def test_zip64_fields_and_records_match_zipfile(tmp_path: Path, small_limit: int,
                                                how: str) -> None:
    target = tmp_path / "out.zip"
    write_with(target, ZIP64_ENTRIES, how)
    written = target.read_bytes()
    assert written == zipfile_bytes(ZIP64_ENTRIES)
    assert b"PK\x06\x06" in written  # the central directory starts past the limit
    assert_sound(target, ZIP64_ENTRIES)


def test_zip64_member_copies_match_zipfile(tmp_path: Path, small_limit: int) -> None:
    prefixed = [("skill/" + name, data, executable) for name, data, executable in ZIP64_ENTRIES]
    first, second = tmp_path / "skills.zip", tmp_path / "well-known.zip"
    members = write_with(first, prefixed, "stream")
    copy_members(second, first, members, lambda name: name.removeprefix("skill/"))
    assert second.read_bytes() == zipfile_bytes(ZIP64_ENTRIES)
    assert_sound(second, ZIP64_ENTRIES)


def test_an_entry_outgrowing_its_local_header_is_refused_like_zipfile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_limit: int) -> None:
    """An unseekable source counts as empty for the local header written before its data
    (zipfile's default ``file_size``), so an entry past the limit has no zip64 field to hold
    its sizes."""
    monkeypatch.setattr(zips, "CHUNK", 1000)

    class Pipe(io.BytesIO):
        def seekable(self) -> bool:
            return False

    data = _random(small_limit + 1)
    with zipfile.ZipFile(io.BytesIO(), "w", compression=zipfile.ZIP_DEFLATED) as archive:
        entry = archive.open(zipfile.ZipInfo("big"), "w")
        entry.write(data)
        with pytest.raises(RuntimeError, match="File size too large"):
            entry.close()
    with (tmp_path / "out.zip").open("wb") as handle:
        writer = ZipWriter(handle)
        with pytest.raises(RuntimeError, match="File size too large"):
            writer.add_stream("big", Pipe(data), executable=False)
        with pytest.raises(ValueError, match="earlier error"):
            writer.add_bytes("other", b"", executable=False)


@pytest.mark.parametrize("count", [10, 11, 40])
def test_entry_counts_past_the_limit_get_zip64_end_records(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    monkeypatch.setattr(zips, "ZIP_FILECOUNT_LIMIT", 10)
    monkeypatch.setattr(zipfile, "ZIP_FILECOUNT_LIMIT", 10)
    entries = [(f"{i}.md", f"entry {i}\n".encode(), False) for i in range(count)]
    target = tmp_path / "out.zip"
    write_with(target, entries, "bytes")
    written = target.read_bytes()
    assert written == zipfile_bytes(entries)
    assert (b"PK\x06\x06" in written) == (count > 10)
    assert_sound(target, entries)


def test_more_than_65535_entries(tmp_path: Path) -> None:
    """The real limit, with empty entries so that it stays cheap."""
    entries = [(f"{i:05x}", b"", False) for i in range(65_536)]
    target = tmp_path / "out.zip"
    write_with(target, entries, "bytes")
    written = target.read_bytes()
    assert written == zipfile_bytes(entries)
    signature, _disk, _start, here, total, _size, _offset, _comment = struct.unpack(
        "<4s4H2LH", written[-22:])
    assert (signature, here, total) == (b"PK\x05\x06", 0xFFFF, 0xFFFF)
    assert b"PK\x06\x06" in written[-22 - 20 - 56:]
    with zipfile.ZipFile(target) as archive:
        assert len(archive.infolist()) == 65_536


@given(st.dictionaries(
    st.text(st.characters(codec="utf-8", exclude_characters="\0"),
            min_size=1, max_size=20),
    st.tuples(st.binary(max_size=3000), st.booleans()), max_size=8))
def test_any_entries_match_zipfile(files: dict[str, tuple[bytes, bool]]) -> None:
    entries = [(name, data, executable) for name, (data, executable) in files.items()]
    first, second = io.BytesIO(), io.BytesIO()
    with ZipWriter(first) as writer:
        members = [writer.add_stream(name, io.BytesIO(data), executable=executable)
                   for name, data, executable in entries]
    with ZipWriter(second) as writer:
        for member in members:
            writer.add_member(member.name, member, first)
    assert first.getvalue() == second.getvalue() == zipfile_bytes(entries)


def test_names_must_be_unique_and_hold_no_nul(tmp_path: Path) -> None:
    with (tmp_path / "out.zip").open("wb") as handle:
        writer = ZipWriter(handle)
        writer.add_bytes("a", b"1", executable=False)
        with pytest.raises(ValueError, match="already holds"):
            writer.add_stream("a", io.BytesIO(b"2"), executable=False)
        with pytest.raises(ValueError, match="NUL"):
            writer.add_bytes("b\0c", b"", executable=False)
        writer.add_bytes("b", b"2", executable=False)  # refusals leave the writer usable
        writer.close()
        writer.close()
        with pytest.raises(ValueError, match="closed"):
            writer.add_bytes("c", b"", executable=False)
    assert (tmp_path / "out.zip").read_bytes() == zipfile_bytes(
        [("a", b"1", False), ("b", b"2", False)])


def test_a_truncated_source_zip_is_refused(tmp_path: Path) -> None:
    first = tmp_path / "first.zip"
    (member,) = write_with(first, [("big", _random(10_000), False)], "bytes")
    truncated = io.BytesIO(first.read_bytes()[:member.data_offset + 100])
    with (tmp_path / "second.zip").open("wb") as handle:
        writer = ZipWriter(handle)
        with pytest.raises(ValueError, match="ends inside big"):
            writer.add_member("big", member, truncated)
        with pytest.raises(ValueError, match="earlier error"):
            writer.close()


def test_leaving_with_an_exception_writes_no_central_directory(tmp_path: Path) -> None:
    class Broken(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            raise OSError("disk gone")

    def write(handle: BinaryIO) -> None:
        with ZipWriter(handle) as writer:
            writer.add_bytes("first", b"fine", executable=False)
            writer.add_stream("second", Broken(), executable=False)

    target = tmp_path / "out.zip"
    with target.open("wb") as handle, pytest.raises(OSError, match="disk gone"):
        write(handle)
    assert b"PK\x05\x06" not in target.read_bytes()
    assert not zipfile.is_zipfile(target)
