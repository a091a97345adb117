"""Cut the bundled Japanese font out of Noto Sans CJK JP (SIL Open Font License 1.1).

Run from the repository root with::

    uv run --with fonttools python assets/fonts/make_font_subset.py

It needs Debian's ``fonts-noto-cjk`` (or ``--source`` pointing at NotoSansCJK-Regular.ttc).
The subset keeps Latin (ASCII and Latin-1), general punctuation, the card-suit and diamond
symbols, CJK punctuation, hiragana, katakana (full and half width), full-width forms and JIS X
0208 up to its level 1 kanji (the 2,965 common ones), so game titles and most Japanese player
names print without any system font; rarer characters fall back to the system's fonts.

Glyph substitutions (GSUB) are dropped: Qt's PDF writer cannot map substituted glyphs back to
text, so with them digits and some letters vanished from the PDF's text (only horizontal
writing is needed). The outlines are converted to TrueType, and the family is renamed
"Tabletop Sans JP" so it never shadows an installed Noto font. Output:
``assets/fonts/TabletopSansJP.ttf``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUT = Path(__file__).resolve().parent / "TabletopSansJP.ttf"
FAMILY = "Tabletop Sans JP"
RANGES = (
    (0x20, 0x7E),
    (0xA0, 0xFF),
    (0x2010, 0x2027),
    (0x2030, 0x203B),
    (0x2190, 0x2193),
    (0x2212, 0x2212),
    (0x25A0, 0x25CF),
    (0x2660, 0x2667),
    (0x3000, 0x303F),
    (0x3040, 0x309F),
    (0x30A0, 0x30FF),
    (0xFF01, 0xFF9F),
)


def jis_level_1() -> set[int]:
    """Every JIS X 0208 code point of rows 1–47: symbols, kana and the level 1 kanji."""
    points: set[int] = set()
    for hi in range(0xA1, 0xD0):
        for lo in range(0xA1, 0xFF):
            try:
                text = bytes((hi, lo)).decode("euc_jp")
            except UnicodeDecodeError:
                continue
            points.update(ord(ch) for ch in text)
    return points


def to_truetype(font: Any) -> None:
    """Replace the CFF outlines by TrueType ones (Qt's PDF writer maps those back to text)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for key in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, key, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"


def rename(font: Any) -> None:
    """Give the subset its own family name, so it never shadows an installed Noto font."""
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (3, 4):
            names.setName(
                FAMILY + " Regular",
                record.nameID,
                record.platformID,
                record.platEncID,
                record.langID,
            )
        elif record.nameID == 6:
            names.setName(
                "TabletopSansJP-Regular", 6, record.platformID, record.platEncID, record.langID
            )


def main() -> None:
    """Write the subset font."""
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    parser = argparse.ArgumentParser()
    parser.add_argument("--source", type=Path, default=SOURCE)
    args = parser.parse_args()
    collection = TTCollection(str(args.source))
    font = next(f for f in collection.fonts if "JP" in f["name"].getDebugName(1))
    points = jis_level_1()
    for lo, hi in RANGES:
        points.update(range(lo, hi + 1))
    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["GSUB", "VORG", "vhea", "vmtx"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(points))
    subsetter.subset(font)
    to_truetype(font)
    rename(font)
    font.save(str(OUT))
    print(f"{OUT}: {OUT.stat().st_size} bytes, {len(points)} code points")


if __name__ == "__main__":
    main()
