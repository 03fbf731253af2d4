"""Reads text back from the panel's pixels with the firmware's own font.

The recogniser is built from the font's public drawing call, `oya.ui.font.draw(fb,
text, x, y, invert)`: every character the font can draw (ASCII and the half-width
katakana the UI converts kana to) is drawn once into a one-cell frame buffer, and its
6x8 pixel pattern becomes a key. A screen is then read cell by cell on the UI's grid
(21 columns x 8 rows, a row per display page); a cell drawn inverted (the cursor row)
is read through its inverse.
"""
import os

from host_sim import framebuf as _fb
from host_sim.importer import FirmwareImporter

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
CELL_W, CELL_H = 6, 8
UNKNOWN = "?"

_cache = {}


def _font_module(firmware=FIRMWARE):
    import types
    mp = types.ModuleType("micropython")
    mp.const = lambda x: x
    fbm = types.ModuleType("framebuf")
    for k in ("FrameBuffer", "MONO_VLSB", "MONO_HLSB", "MONO_HMSB"):
        setattr(fbm, k, getattr(_fb, k))
    imp = FirmwareImporter(firmware, {"micropython": mp, "framebuf": fbm})
    return imp.load("oya.ui.font")


def _charset(font=None):
    chars = font.chars() if hasattr(font, "chars") else None
    if chars:
        return [c for c in chars if c != "\ufffd"]
    chars = [chr(c) for c in range(0x20, 0x7F)]
    chars += [chr(c) for c in range(0xFF61, 0xFFA0)]
    chars += list("¥・「」、。ー")
    return chars


def _draw_cell(font, ch, invert=False):
    buf = bytearray(CELL_W)
    fb = _fb.FrameBuffer(buf, CELL_W, CELL_H, _fb.MONO_VLSB)
    if invert:
        fb.fill(1)
    font.draw(fb, ch, 0, 0, invert)
    return bytes(buf)


def table(firmware=FIRMWARE):
    """{6-byte column pattern: char} for every character the font draws."""
    t = _cache.get(firmware)
    if t is not None:
        return t
    font = _font_module(firmware)
    t = {}
    for ch in _charset(font):
        try:
            pat = _draw_cell(font, ch)
        except Exception:
            continue
        if ch != " " and pat == bytes(CELL_W):
            continue            # not in the font (drawn blank)
        t.setdefault(pat, ch)
    t[bytes(CELL_W)] = " "
    _cache[firmware] = t
    _cache[(firmware, "font")] = font
    return t


def _cell(rows, x, y):
    out = bytearray(CELL_W)
    for i in range(CELL_W):
        v = 0
        for j in range(CELL_H):
            if rows[y + j][x + i]:
                v |= 1 << j
        out[i] = v
    return bytes(out)


def recognise_rows(rows, firmware=FIRMWARE):
    """[(text, inverted)] for the 8 text rows of a 128x64 image (list of 0/1 rows)."""
    t = table(firmware)
    out = []
    width = len(rows[0])
    ncols = width // CELL_W
    for r in range(len(rows) // CELL_H):
        y = r * CELL_H
        chars = []
        inv_votes = 0
        for c in range(ncols):
            pat = _cell(rows, c * CELL_W, y)
            ch = t.get(pat)
            if ch is None:
                ipat = bytes((~v) & 0xFF for v in pat)
                ch = t.get(ipat)
                if ch is not None:
                    inv_votes += 1
            elif pat == bytes(CELL_W):
                inv_votes -= 0
            chars.append(ch if ch is not None else UNKNOWN)
        # a fully lit cell reads as an inverted space
        inverted = all(rows[y + j][width - 1] for j in range(CELL_H)) and inv_votes >= 0
        text = "".join(chars).rstrip()
        out.append((text, inverted))
    return out


def recognise(rows, firmware=FIRMWARE):
    """The 8 text lines of the screen (trailing spaces removed)."""
    return [t for t, _inv in recognise_rows(rows, firmware)]


def printer_glyph(firmware=FIRMWARE):
    """ch -> 6 column bytes with the firmware font, for drawing receipts; None if unknown."""
    try:
        table(firmware)
        font = _cache[(firmware, "font")]
    except Exception:
        return None
    memo = {}

    def glyph(ch):
        if ch not in memo:
            try:
                pat = _draw_cell(font, ch)
                memo[ch] = list(pat) if (pat != bytes(CELL_W) or ch == " ") else None
            except Exception:
                memo[ch] = None
        return memo[ch]
    return glyph
