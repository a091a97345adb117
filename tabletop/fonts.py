"""The bundled Japanese font, registered with Qt once, for the table and the score sheets."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

import tabletop

FONT_FILE = "TabletopSansJP.ttf"
FONT_DIRS = tabletop.asset_dirs("fonts")
FALLBACK_FAMILIES = ("Noto Sans CJK JP", "IPAGothic", "IPAPGothic", "DejaVu Sans", "sans-serif")


@cache
def bundled_family() -> str:
    """Register the bundled font (first call only) and return its family ('' if missing)."""
    for folder in FONT_DIRS:
        path = folder / FONT_FILE
        if path.is_file():
            font_id = QFontDatabase.addApplicationFont(str(path))
            families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
            if families:
                return families[0]
    return ""


def table_font(px: float, bold: bool = False) -> QFont:
    """The table's font at `px` pixels: DejaVu Sans, then the bundled font for Japanese names."""
    font = QFont()
    font.setFamilies([f for f in ("DejaVu Sans", bundled_family(), *FALLBACK_FAMILIES) if f])
    font.setPixelSize(max(8, round(px)))
    font.setBold(bold)
    return font


def use_japanese_fallback(app: QGuiApplication) -> None:
    """Keep the platform's UI font but fall back to the bundled font for Japanese text."""
    font = QFont(app.font())
    family = bundled_family()
    font.setFamilies([f for f in (font.family(), family, *FALLBACK_FAMILIES) if f])
    app.setFont(font)
