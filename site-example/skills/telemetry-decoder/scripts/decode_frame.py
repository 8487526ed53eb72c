#!/usr/bin/env python3
"""Decode Kestrel HK1 housekeeping frames (32 bytes, big-endian).

Reads raw frames from a file (optionally gzip-compressed, detected by the
.gz suffix) or from stdin, checks the sync word and CRC, converts raw counts
to engineering units and prints one JSON object per frame.

Usage:
    decode_frame.py FRAMES.bin[.gz] [--only-bad]
    cat frames.bin | decode_frame.py -
"""
import argparse
import gzip
import json
import struct
import sys
from datetime import datetime, timedelta, timezone

FRAME = struct.Struct(">HBBHIHhhhhHBB6xH")
FRAME_LEN = FRAME.size  # 32
SYNC = 0x4E57  # "NW"
EPOCH = datetime(2020, 1, 1, tzinfo=timezone.utc)
MODES = {0: "SAFE", 1: "NOMINAL", 2: "IMAGING", 3: "DOWNLINK"}
FLAGS = {0x01: "heater_on", 0x02: "gnss_fix", 0x04: "payload_on", 0x08: "wheel_desat"}


def crc16_ccitt(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF)."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc


def decode(raw: bytes) -> dict:
    (sync, sat, ftype, seq, scet, batt_mv, cur_ma, obc_cdeg, batt_cdeg,
     panel_cdeg, solar_mw, mode, flags, crc) = FRAME.unpack(raw)
    problems = []
    if sync != SYNC:
        problems.append(f"bad sync 0x{sync:04X}")
    if crc16_ccitt(raw[:-2]) != crc:
        problems.append("crc mismatch")
    if ftype != 0x01:
        problems.append(f"unexpected frame type {ftype}")
    return {
        "sat_id": f"kes-{sat:02d}",
        "seq": seq,
        "time_utc": (EPOCH + timedelta(seconds=scet)).isoformat().replace("+00:00", "Z"),
        "bus_voltage_v": round(batt_mv / 1000, 3),
        "bus_current_ma": cur_ma,
        "obc_temp_c": obc_cdeg / 100,
        "batt_temp_c": batt_cdeg / 100,
        "panel_temp_c": panel_cdeg / 100,
        "solar_power_mw": solar_mw,
        "mode": MODES.get(mode, f"UNKNOWN({mode})"),
        "flags": [name for bit, name in FLAGS.items() if flags & bit],
        "valid": not problems,
        "problems": problems,
    }


def read_input(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as fh:
        return fh.read()


def main() -> int:
    parser = argparse.ArgumentParser(description="Decode Kestrel HK1 frames")
    parser.add_argument("path", help="frame file (.bin or .bin.gz) or - for stdin")
    parser.add_argument("--only-bad", action="store_true", help="print invalid frames only")
    args = parser.parse_args()

    data = read_input(args.path)
    if len(data) % FRAME_LEN:
        print(f"warning: {len(data) % FRAME_LEN} trailing bytes ignored", file=sys.stderr)
    bad = 0
    for offset in range(0, len(data) - FRAME_LEN + 1, FRAME_LEN):
        record = decode(data[offset:offset + FRAME_LEN])
        bad += not record["valid"]
        if record["valid"] and args.only_bad:
            continue
        print(json.dumps(record, ensure_ascii=False))
    print(f"# {len(data) // FRAME_LEN} frames, {bad} invalid", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
