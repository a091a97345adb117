"""Card faces and backs: PNGs from assets/cards/<deck>/, else painted from the card code.

Files are 200×280 (2× the 100×140 base card). Pixmaps are cached at every size the table
asks for, so drawing a card is a single unscaled blit.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap

import tabletop
from tabletop.engine.cards import SUIT_SYMBOL, Deck

BASE_W, BASE_H = 200, 280
"""Size of the art files and of painted faces."""

BACK = "??"

ASSET_DIRS = tabletop.asset_dirs("cards")
"""Where card art is looked for: inside the package (installed), then the repository."""

SUIT_COLOUR = {"S": "#1d1d1f", "H": "#c8102e", "D": "#d9480f", "C": "#1b5e20"}
COLOUR = {
    "R": "#c62828",
    "B": "#1565c0",
    "G": "#2e7d32",
    "Y": "#f9a825",
    "X": "#6a1b9a",
    "N": "#37474f",
}
COLOUR_SHAPE = {"R": "●", "B": "■", "G": "▲", "Y": "★"}
"""The shape beside each card colour (as on the drawn cards), so colour is never the only cue."""
BACK_COLOUR = {
    Deck.STANDARD: "#1f4e8c",
    Deck.WALZER: "#7b1f3a",
    Deck.UNO: "#222222",
    Deck.VULTURE: "#5d4037",
}


def face_spec(deck: Deck, code: str) -> tuple[str, str, str, bool]:
    """(big text, small symbol, colour, full-colour card) used to paint a face from its code."""
    if deck == Deck.STANDARD:
        if code.startswith("JK"):
            return ("JOKER", "★", "#6a1b9a", False)
        suit = code[-1:]
        if suit in SUIT_SYMBOL:
            return (code[:-1], SUIT_SYMBOL[suit], SUIT_COLOUR[suit], False)
    if deck == Deck.UNO and code[:1] in COLOUR:
        rest = code[1:]
        return ("⊘" if rest == "S" else rest, COLOUR_SHAPE[code[0]], COLOUR[code[0]], True)
    if deck == Deck.VULTURE:
        if code.startswith("V"):
            value = code[1:]
            colour = "#b71c1c" if value.startswith("-") else "#f9a825"
            return (value, "◆", colour, True)
        if code.startswith("N"):
            return (code[1:], "", COLOUR["N"], False)
    if code[:1] in COLOUR and code[1:].lstrip("-").isdigit():
        shape = COLOUR_SHAPE.get(code[0], "●")
        return (code[1:], shape, COLOUR[code[0]], deck == Deck.WALZER and code[0] == "X")
    return (code, "", "#37474f", False)


class CardArt:
    """Loads and caches card pixmaps; paints a readable face when a file is missing."""

    def __init__(self, dirs: tuple[Path, ...] = ASSET_DIRS) -> None:
        self.dirs = dirs
        self._base: dict[tuple[str, str], QPixmap] = {}
        self._sized: dict[tuple[str, str, int, int], QPixmap] = {}

    def pixmap(self, deck: Deck, code: str, width: float, height: float) -> QPixmap:
        """The card (or its back for '??') at exactly `width`×`height` pixels."""
        key = (deck, code, max(1, round(width)), max(1, round(height)))
        found = self._sized.get(key)
        if found is None:
            base = self.base(deck, code)
            found = base.scaled(
                key[2],
                key[3],
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            self._sized[key] = found
        return found

    def base(self, deck: Deck, code: str) -> QPixmap:
        """The card at file size: loaded from assets, else painted."""
        key = (deck, code)
        found = self._base.get(key)
        if found is None:
            found = self._load(deck, code) or (
                paint_back(deck) if code == BACK else paint_face(deck, code)
            )
            self._base[key] = found
        return found

    def _load(self, deck: Deck, code: str) -> QPixmap | None:
        name = "back" if code == BACK else code
        for folder in self.dirs:
            path = folder / deck / f"{name}.png"
            if path.is_file():
                pix = QPixmap(str(path))
                if not pix.isNull():
                    return pix
        return None


def _card_path(w: float, h: float, inset: float = 1.5) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(inset, inset, w - 2 * inset, h - 2 * inset), w * 0.07, w * 0.07)
    return path


def paint_face(deck: Deck, code: str) -> QPixmap:
    """A clean face painted from the code: big rank/number, suit or colour as symbol."""
    big, symbol, colour, filled = face_spec(deck, code)
    pix = QPixmap(BASE_W, BASE_H)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    ink = QColor(colour)
    p.setPen(QPen(QColor("#555555"), 3))
    p.setBrush(ink if filled else QColor("#fbfaf5"))
    p.drawPath(_card_path(BASE_W, BASE_H))
    text_colour = QColor("white") if filled else ink
    if filled:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 235))
        p.drawEllipse(QRectF(28, 52, BASE_W - 56, BASE_H - 104))
        text_colour = ink
    font = QFont("DejaVu Sans")
    font.setBold(True)
    corner = big if len(big) <= 3 else big[:2]
    font.setPixelSize(44 if len(corner) <= 2 else 34)
    p.setFont(font)
    p.setPen(QColor("white") if filled else ink)
    p.drawText(QRectF(10, 6, 80, 50), Qt.AlignmentFlag.AlignLeft, corner)
    if symbol:
        font.setPixelSize(34)
        p.setFont(font)
        p.drawText(QRectF(12, 52, 60, 40), Qt.AlignmentFlag.AlignLeft, symbol)
    p.save()
    p.translate(BASE_W, BASE_H)
    p.rotate(180)
    font.setPixelSize(44 if len(corner) <= 2 else 34)
    p.setFont(font)
    p.drawText(QRectF(10, 6, 80, 50), Qt.AlignmentFlag.AlignLeft, corner)
    p.restore()
    p.setPen(text_colour)
    size = 110 if len(big) <= 2 else (80 if len(big) <= 3 else 40)
    font.setPixelSize(size)
    p.setFont(font)
    centre = QRectF(0, 40, BASE_W, BASE_H - 80)
    if symbol and not filled:
        font.setPixelSize(size // 2 + 10)
        p.setFont(font)
        p.drawText(QRectF(0, 50, BASE_W, 90), Qt.AlignmentFlag.AlignCenter, big)
        font.setPixelSize(96)
        p.setFont(font)
        p.drawText(QRectF(0, 120, BASE_W, 120), Qt.AlignmentFlag.AlignCenter, symbol)
    else:
        p.drawText(centre, Qt.AlignmentFlag.AlignCenter, big)
    p.end()
    return pix


def paint_back(deck: Deck) -> QPixmap:
    """A plain patterned back in the deck's colour."""
    pix = QPixmap(BASE_W, BASE_H)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(BACK_COLOUR.get(deck, "#2f4f4f"))
    p.setPen(QPen(QColor("#f5f5f5"), 10))
    p.setBrush(colour)
    p.drawPath(_card_path(BASE_W, BASE_H, 5))
    p.setPen(QPen(colour.lighter(150), 4))
    p.setBrush(Qt.BrushStyle.NoBrush)
    inner = QRectF(22, 22, BASE_W - 44, BASE_H - 44)
    p.drawRoundedRect(inner, 12, 12)
    p.setClipRect(inner)
    for k in range(-BASE_H, BASE_W + BASE_H, 22):
        p.drawLine(k, 0, k + BASE_H, BASE_H)
        p.drawLine(k + BASE_H, 0, k, BASE_H)
    p.end()
    return pix
