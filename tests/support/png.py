"""A small PNG reader for tests: the size, and the pixels of the 8-bit RGB/RGBA images CairoSVG
writes (enough to tell a drawn board from a blank one without an imaging library)."""

from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}  # colour type → samples per pixel (RGB, RGBA)


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == SIGNATURE, "not a PNG"
    out, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        out.append((kind, data[pos + 8:pos + 8 + length]))
        pos += 12 + length
    return out


def size(data: bytes) -> tuple[int, int]:
    kind, body = chunks(data)[0]
    assert kind == b"IHDR"
    return struct.unpack(">II", body[:8])


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def rows(data: bytes) -> list[bytes]:
    """The image's rows, unfiltered: ``width * channels`` bytes each."""
    parts = chunks(data)
    header = parts[0][1]
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in CHANNELS and header[12] == 0, "only 8-bit, non-interlaced RGB(A)"
    bpp = CHANNELS[colour]
    raw = zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))
    stride = width * bpp
    out: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + (0, a, b, (a + b) // 2, _paeth(a, b, c))[kind]) & 0xFF
        out.append(bytes(line))
        prev = line
    return out


def ink(data: bytes, *, threshold: int = 200) -> float:
    """The share of pixels darker than ``threshold`` in any channel (0 for a blank white image)."""
    parts = chunks(data)
    bpp = CHANNELS[parts[0][1][9]]
    lines = rows(data)
    dark = total = 0
    for line in lines:
        for i in range(0, len(line), bpp):
            total += 1
            if min(line[i:i + 3]) < threshold and (bpp == 3 or line[i + 3] > 0):
                dark += 1
    return dark / max(total, 1)
