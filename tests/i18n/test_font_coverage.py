"""The bundled Japanese font draws every character the Japanese app and rules use (no tofu)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QRawFont

from tabletop.fonts import FONT_FILE
from tabletop.i18n.po import read

ROOT = Path(__file__).resolve().parents[2]
FALLBACK_SYMBOLS = frozenset("▾✔✘")
"""Symbols the font leaves to the system's fallback fonts (DejaVu Sans draws them)."""


def _texts() -> list[str]:
    entries = read(ROOT / "tabletop" / "locale" / "ja.po")
    rules = sorted((ROOT / "docs" / "rules").glob("*.ja.md"))
    return [e.msgstr for e in entries] + [p.read_text(encoding="utf-8") for p in rules]


def test_the_bundled_font_covers_the_japanese_texts(qapp: object) -> None:
    data = (ROOT / "assets" / "fonts" / FONT_FILE).read_bytes()
    font = QRawFont(QByteArray(data), 12.0)
    assert font.isValid()
    used = {c for text in _texts() for c in text if not c.isspace()}
    missing = sorted(c for c in used - FALLBACK_SYMBOLS if not font.supportsCharacter(ord(c)))
    assert missing == []
    assert not font.supportsCharacter(ord("✔"))  # the allowance above is still needed
