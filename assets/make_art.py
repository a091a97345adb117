"""Render Tabletop's card art and table tokens into ``assets/``.

Run from the repository root with::

    uv run python assets/make_art.py

Every card is a 200×280 PNG (2× of the 100×140 logical card) with rounded corners and a
transparent outside, written to ``assets/cards/<deck>/<code>.png`` plus one ``back.png`` per
deck; tokens (128×128) go to ``assets/tokens/``. Shapes are drawn 4× larger and box-filtered
down, so their edges are smooth; text is drawn directly at the final size with DejaVu
TrueType fonts, so it stays crisp. Every colour also carries a symbol (suit glyph, circle,
square, triangle, star, skip sign, vulture, mouse, tick, cross) for colour-blind players.

The script is deterministic: it uses no randomness, fixes the text layout engine and writes
no timestamps, so running it twice gives byte-identical files. It needs Pillow (a dev
dependency) and the DejaVu fonts (``apt-get install fonts-dejavu-core`` on Debian/Ubuntu,
or point ``$TABLETOP_FONT_DIR`` at a folder holding the DejaVu ``.ttf`` files).
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from tabletop.engine.cards import Deck

# ---- geometry and palette -------------------------------------------------------------------

W, H = 200, 280
"""Card size in pixels (2× the 100×140 logical card)."""

TOKEN = 128
"""Token size in pixels."""

SS = 4
"""Supersampling factor for shapes."""

RADIUS = 14
"""Corner radius of a card."""

ASSETS = Path(__file__).resolve().parent
"""The assets/ folder this script lives in."""

Colour = tuple[int, int, int]
Point = tuple[float, float]

PAPER: Colour = (252, 250, 244)
EDGE: Colour = (96, 96, 96)
INK: Colour = (29, 29, 31)
WHITE: Colour = (255, 255, 255)

SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_INK: dict[str, Colour] = {
    "S": (29, 29, 31),
    "H": (200, 16, 46),
    "D": (21, 96, 189),
    "C": (24, 118, 44),
}
"""Four-colour suits; the suit glyph is always printed next to the rank."""

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

WALZER_SIZES = {"R": 14, "B": 11, "G": 8, "X": 3}
WALZER_INK: dict[str, Colour] = {
    "R": (198, 40, 40),
    "B": (21, 101, 192),
    "G": (46, 125, 50),
    "X": (38, 38, 42),
}
WALZER_SHAPE = {"R": "circle", "B": "square", "G": "triangle", "X": "cross"}
"""Red ●, blue ■, green ▲, black X: the same colour→shape pairs as the UNO-style deck."""

UNO_INK: dict[str, Colour] = {
    "R": (211, 47, 47),
    "Y": (242, 183, 5),
    "G": (46, 139, 60),
    "B": (25, 103, 200),
}
UNO_SHAPE = {"R": "circle", "Y": "star", "G": "triangle", "B": "square"}
UNO_VALUES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S")

VULTURE_NUMBERS = range(1, 16)
VULTURE_SCORES = range(-5, 11)
VULTURE_JOIN = ("BLACK", "RED")
"""Hagetaka's colour cards: show black to join a battle, red to sit it out."""
VULTURE_BATTLES = range(1, 7)
"""Hagetaka-party plot-sheet markers P1–P6, one per battle."""
SLATE: Colour = (55, 71, 79)
BLOOD: Colour = (74, 18, 24)
BONE: Colour = (238, 226, 204)
GOLD: Colour = (226, 170, 38)
CREAM: Colour = (252, 244, 214)
BROWN: Colour = (92, 64, 51)
JOIN_INK: dict[str, Colour] = {"BLACK": (33, 33, 36), "RED": (192, 34, 40)}
JOIN_SUIT = {"BLACK": "♠", "RED": "♥"}
SHEET: Colour = (236, 242, 248)
RULE: Colour = (190, 210, 230)
PLOT_INK: Colour = (28, 78, 138)

MINUS = "\u2212"
"""A real minus sign: wider and clearer than a hyphen."""


def decks() -> dict[Deck, list[str]]:
    """Every deck's face codes, in a stable order (the contract the table relies on)."""
    return {
        Deck.STANDARD: [r + s for s in "SHDC" for r in RANKS] + ["JK1", "JK2"],
        Deck.WALZER: [f"{c}{n}" for c, size in WALZER_SIZES.items() for n in range(1, size + 1)],
        Deck.UNO: [c + v for c in UNO_INK for v in UNO_VALUES],
        Deck.VULTURE: [f"N{n}" for n in VULTURE_NUMBERS]
        + [f"V{v}" for v in VULTURE_SCORES]
        + list(VULTURE_JOIN)
        + [f"P{b}" for b in VULTURE_BATTLES],
    }


TOKENS = ("chip", "dealer", "start", "joker_marker")


# ---- fonts ----------------------------------------------------------------------------------

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}

FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".fonts",
    Path.home() / ".local/share/fonts",
    Path.home() / "Library/Fonts",
    Path("/Library/Fonts"),
    Path("/opt/homebrew/share/fonts"),
    Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts",
)


@cache
def font_path(kind: str) -> Path:
    """Path of the DejaVu file for `kind` (sans, bold, cond, serif); exits with a hint if absent."""
    name = FONT_FILES[kind]
    dirs = list(FONT_DIRS)
    if os.environ.get("TABLETOP_FONT_DIR"):
        dirs.insert(0, Path(os.environ["TABLETOP_FONT_DIR"]))
    for folder in dirs:
        if (folder / name).is_file():
            return folder / name
        if folder.is_dir():
            for found in sorted(folder.rglob(name)):
                return found
    if shutil.which("fc-match"):
        out = subprocess.run(
            ["fc-match", "-f", "%{file}", name.removesuffix(".ttf")],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        if out.endswith(name) and Path(out).is_file():
            return Path(out)
    sys.exit(
        f"make_art: font {name} not found. Install DejaVu "
        "(Debian/Ubuntu: apt-get install fonts-dejavu-core) or set $TABLETOP_FONT_DIR "
        "to a folder holding the DejaVu .ttf files."
    )


def fonts_available() -> bool:
    """True when every DejaVu file the script needs can be found (without exiting)."""
    try:
        for kind in FONT_FILES:
            font_path(kind)
    except SystemExit:
        font_path.cache_clear()
        return False
    return True


@cache
def font(kind: str, size: int) -> ImageFont.FreeTypeFont:
    """A DejaVu font of `kind` at `size` px, with the basic (reproducible) layout engine."""
    return ImageFont.truetype(str(font_path(kind)), size, layout_engine=ImageFont.Layout.BASIC)


# ---- drawing helpers ------------------------------------------------------------------------


def rgba(colour: Colour, alpha: int = 255) -> tuple[int, int, int, int]:
    """`colour` with an alpha channel."""
    return (*colour, alpha)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def star_points(cx: float, cy: float, r: float, inner: float = 0.42, n: int = 5) -> list[Point]:
    """Corners of an `n`-pointed star of outer radius `r`, pointing up."""
    pts: list[Point] = []
    for k in range(2 * n):
        rad = r if k % 2 == 0 else r * inner
        a = -math.pi / 2 + k * math.pi / n
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def ellipse_points(cx: float, cy: float, rx: float, ry: float, tilt: float) -> list[Point]:
    """A polygon tracing an ellipse turned by `tilt` degrees (clockwise on screen)."""
    t = math.radians(tilt)
    pts: list[Point] = []
    for k in range(180):
        a = 2 * math.pi * k / 180
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t)))
    return pts


class Pen:
    """Draws shapes on a supersampled layer; coordinates are in final-size pixels."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.layer = Image.new("RGBA", (size[0] * SS, size[1] * SS), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.layer)

    @staticmethod
    def _box(box: Sequence[float]) -> list[float]:
        return [v * SS for v in box]

    @staticmethod
    def _pts(points: Sequence[Point]) -> list[tuple[float, float]]:
        return [(x * SS, y * SS) for x, y in points]

    def rect(
        self,
        box: Sequence[float],
        fill: Colour | None = None,
        *,
        radius: float = 0,
        outline: Colour | None = None,
        width: float = 0,
        alpha: int = 255,
    ) -> None:
        """A (rounded) rectangle; `width` is the outline width inside the box."""
        self.draw.rounded_rectangle(
            self._box(box),
            radius=radius * SS,
            fill=rgba(fill, alpha) if fill else None,
            outline=rgba(outline, alpha) if outline else None,
            width=round(width * SS),
        )

    def ellipse(
        self,
        box: Sequence[float],
        fill: Colour | None = None,
        *,
        outline: Colour | None = None,
        width: float = 0,
        alpha: int = 255,
    ) -> None:
        """An ellipse in `box`; `width` is the outline width inside the box."""
        self.draw.ellipse(
            self._box(box),
            fill=rgba(fill, alpha) if fill else None,
            outline=rgba(outline, alpha) if outline else None,
            width=round(width * SS),
        )

    def circle(
        self,
        c: Point,
        r: float,
        fill: Colour | None = None,
        *,
        outline: Colour | None = None,
        width: float = 0,
        alpha: int = 255,
    ) -> None:
        """A circle of radius `r` around `c`."""
        box = (c[0] - r, c[1] - r, c[0] + r, c[1] + r)
        self.ellipse(box, fill, outline=outline, width=width, alpha=alpha)

    def polygon(self, points: Sequence[Point], fill: Colour, *, alpha: int = 255) -> None:
        """A filled polygon."""
        self.draw.polygon(self._pts(points), fill=rgba(fill, alpha))

    def line(
        self, points: Sequence[Point], fill: Colour, width: float, *, alpha: int = 255
    ) -> None:
        """A polyline with rounded joints."""
        self.draw.line(
            self._pts(points), fill=rgba(fill, alpha), width=round(width * SS), joint="curve"
        )
        r = width / 2
        for x, y in (points[0], points[-1]):
            self.circle((x, y), r, fill, alpha=alpha)

    def arc(
        self, box: Sequence[float], start: float, end: float, fill: Colour, width: float
    ) -> None:
        """An elliptical arc (degrees, clockwise from 3 o'clock)."""
        self.draw.arc(self._box(box), start, end, fill=rgba(fill), width=round(width * SS))

    def shape(self, kind: str, c: Point, size: float, fill: Colour, *, alpha: int = 255) -> None:
        """A colour symbol: circle, square, triangle, star, diamond or cross, `size` across."""
        x, y = c
        r = size / 2
        if kind == "circle":
            self.circle(c, r, fill, alpha=alpha)
        elif kind == "square":
            s = r * 0.9
            self.rect((x - s, y - s, x + s, y + s), fill, radius=size * 0.08, alpha=alpha)
        elif kind == "triangle":
            # Equilateral, centred on its centroid so it sits level with the other symbols.
            tri = [(x, y - r * 1.08), (x + r * 1.05, y + r * 0.74), (x - r * 1.05, y + r * 0.74)]
            self.polygon(tri, fill, alpha=alpha)
        elif kind == "star":
            self.polygon(star_points(x, y + r * 0.08, r * 1.12, 0.45), fill, alpha=alpha)
        elif kind == "diamond":
            diamond = [(x, y - r), (x + r * 0.75, y), (x, y + r), (x - r * 0.75, y)]
            self.polygon(diamond, fill, alpha=alpha)
        elif kind == "cross":
            self.cross(c, size, size * 0.26, fill)
        else:
            raise ValueError(f"unknown shape {kind!r}")

    def cross(self, c: Point, size: float, bar: float, fill: Colour) -> None:
        """A diagonal cross (×) `size` across with bars `bar` thick."""
        x, y = c
        r = size / 2
        d = bar / 2 / math.sqrt(2)
        for sx in (1, -1):
            self.polygon(
                [
                    (x - sx * r - sx * d, y - r + d),
                    (x - sx * r + sx * d, y - r - d),
                    (x + sx * r + sx * d, y + r - d),
                    (x + sx * r - sx * d, y + r + d),
                ],
                fill,
            )

    def skip(self, c: Point, size: float, fill: Colour, outline: Colour | None = None) -> None:
        """The skip sign ⊘: a thick ring with a diagonal bar, optionally outlined."""
        x, y = c
        r = size / 2
        ring = size * 0.16
        if outline is not None:
            o = max(2.0, size * 0.05)
            self.ellipse(
                (x - r - o, y - r - o, x + r + o, y + r + o),
                None,
                outline=outline,
                width=ring + 2 * o,
            )
            self._skip_bar(c, r - ring / 2 + o, ring + 2 * o, outline)
        self.ellipse((x - r, y - r, x + r, y + r), None, outline=fill, width=ring)
        self._skip_bar(c, r - ring / 2, ring, fill)

    def _skip_bar(self, c: Point, r: float, bar: float, fill: Colour) -> None:
        x, y = c
        a = math.radians(45)
        dx, dy = math.cos(a) * r, math.sin(a) * r
        nx, ny = math.sin(a) * bar / 2, math.cos(a) * bar / 2
        self.polygon(
            [
                (x - dx + nx, y + dy + ny),
                (x - dx - nx, y + dy - ny),
                (x + dx - nx, y - dy - ny),
                (x + dx + nx, y - dy + ny),
            ],
            fill,
        )

    def result(self, size: tuple[int, int]) -> Image.Image:
        """The layer box-filtered down to `size`."""
        return self.layer.resize(size, Image.Resampling.BOX)


class Canvas:
    """A card or token being drawn: opaque shapes via `pen()`, crisp text via `text()`."""

    def __init__(self, size: tuple[int, int] = (W, H)) -> None:
        self.size = size
        self.img = Image.new("RGBA", size, (0, 0, 0, 0))

    @contextmanager
    def pen(self) -> Iterator[Pen]:
        """A supersampled shape layer, composited onto the canvas when the block ends."""
        pen = Pen(self.size)
        yield pen
        self.img.alpha_composite(pen.result(self.size))

    def text(
        self,
        c: Point,
        s: str,
        kind: str,
        size: int,
        fill: Colour,
        *,
        stroke: int = 0,
        stroke_fill: Colour | None = None,
        align: str = "centre",
    ) -> tuple[int, int, int, int]:
        """Draw `s` with its ink box centred on `c` (or left-aligned at c[0] when
        `align` is "left"), snapped to whole pixels; returns the ink box."""
        draw = ImageDraw.Draw(self.img)
        f = font(kind, size)
        left, top, right, bottom = draw.textbbox(
            (0, 0), s, font=f, anchor="ls", stroke_width=stroke
        )
        x = c[0] - left if align == "left" else c[0] - (left + right) / 2
        x, y = round(x), round(c[1] - (top + bottom) / 2)
        draw.text(
            (x, y),
            s,
            font=f,
            fill=rgba(fill),
            anchor="ls",
            stroke_width=stroke,
            stroke_fill=rgba(stroke_fill) if stroke_fill else None,
        )
        return (x + left, y + top, x + right, y + bottom)

    def text_width(self, s: str, kind: str, size: int) -> float:
        """Ink width of `s` in the given font."""
        left, _, right, _ = font(kind, size).getbbox(s, anchor="ls")
        return right - left

    def fit(self, s: str, kind: str, size: int, width: float) -> int:
        """The largest font size ≤ `size` whose ink for `s` is at most `width` wide."""
        while size > 8 and self.text_width(s, kind, size) > width:
            size -= 1
        return size

    def flip(self) -> None:
        """Turn the canvas half a turn (lossless), to draw the upside-down half of a card."""
        self.img = self.img.transpose(Image.Transpose.ROTATE_180)

    def twice(self, draw: Callable[[], None]) -> None:
        """Run `draw` upright and again upside down (for corner indices and pips)."""
        draw()
        self.flip()
        draw()
        self.flip()


def card_mask(
    size: tuple[int, int] = (W, H), inset: float = 0, radius: float = RADIUS
) -> Image.Image:
    """Antialiased alpha mask of the rounded card outline."""
    big = Image.new("L", (size[0] * SS, size[1] * SS), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        [inset * SS, inset * SS, (size[0] - inset) * SS - 1, (size[1] - inset) * SS - 1],
        radius=radius * SS,
        fill=255,
    )
    return big.resize(size, Image.Resampling.BOX)


def blank_card(paper: Colour = PAPER, edge: Colour = EDGE) -> Canvas:
    """A card with its paper and a thin grey edge."""
    card = Canvas()
    with card.pen() as p:
        p.rect((0, 0, W, H), edge, radius=RADIUS)
        p.rect((1.5, 1.5, W - 1.5, H - 1.5), paper, radius=RADIUS - 1.5)
    return card


def finish(card: Canvas) -> Image.Image:
    """The card clipped to its rounded outline (transparent outside)."""
    img = card.img
    mask = card_mask(card.size)
    img.putalpha(ImageChops.multiply(img.getchannel("A"), mask))
    return img


# ---- standard deck --------------------------------------------------------------------------

PIP_COLS = {"l": 66.0, "c": 100.0, "r": 134.0}
PIP_TOP, PIP_BOTTOM = 50.0, 230.0

PIPS: dict[str, list[tuple[str, float]]] = {
    "2": [("c", 0), ("c", 1)],
    "3": [("c", 0), ("c", 0.5), ("c", 1)],
    "4": [("l", 0), ("r", 0), ("l", 1), ("r", 1)],
    "5": [("l", 0), ("r", 0), ("c", 0.5), ("l", 1), ("r", 1)],
    "6": [(s, t) for t in (0, 0.5, 1) for s in "lr"],
    "7": [(s, t) for t in (0, 0.5, 1) for s in "lr"] + [("c", 0.25)],
    "8": [(s, t) for t in (0, 0.5, 1) for s in "lr"] + [("c", 0.25), ("c", 0.75)],
    "9": [(s, t) for t in (0, 1 / 3, 2 / 3, 1) for s in "lr"] + [("c", 0.5)],
    "10": [(s, t) for t in (0, 1 / 3, 2 / 3, 1) for s in "lr"] + [("c", 1 / 6), ("c", 5 / 6)],
}
"""Classic pip positions: column and fraction of the way down the pip area."""


def standard_index(card: Canvas, rank: str, glyph: str, ink: Colour) -> None:
    """Rank over suit glyph in the top-left corner."""
    size = card.fit(rank, "cond", 44, 42)
    card.text((24, 29), rank, "cond", size, ink)
    card.text((24, 68), glyph, "sans", 36, ink)


def crown(p: Pen, c: Point, w: float, ink: Colour, points: int, balls: bool) -> None:
    """A small crown (or coronet) drawn from simple shapes."""
    x, y = c
    h = w * 0.55
    base = y + h / 2
    pts: list[Point] = [(x - w / 2, base)]
    for k in range(points):
        tip_x = x - w / 2 + w * k / (points - 1)
        pts.append((tip_x, y - h / 2))
        if k < points - 1:
            pts.append((tip_x + w / (points - 1) / 2, y + h * 0.05))
    pts.append((x + w / 2, base))
    p.polygon(pts, ink)
    p.rect((x - w / 2, base - 1, x + w / 2, base + w * 0.14), ink, radius=1)
    if balls:
        for k in range(points):
            p.circle((x - w / 2 + w * k / (points - 1), y - h / 2), w * 0.08, ink)


def standard_face(code: str) -> Image.Image:
    """A standard card: pips for 2–10, one big pip for A, a typographic court, or a joker."""
    if code.startswith("JK"):
        return joker_face(code)
    rank, suit = code[:-1], code[-1]
    ink, glyph = SUIT_INK[suit], SUIT_GLYPH[suit]
    card = blank_card()
    card.twice(lambda: standard_index(card, rank, glyph, ink))
    if rank in PIPS:
        upper = [(s, t) for s, t in PIPS[rank] if t <= 0.5]
        lower = [(s, 1 - t) for s, t in PIPS[rank] if t > 0.5]

        def pips(spots: list[tuple[str, float]]) -> None:
            for s, t in spots:
                y = PIP_TOP + (PIP_BOTTOM - PIP_TOP) * t
                card.text((PIP_COLS[s], y), glyph, "sans", 44, ink)

        pips(upper)
        card.flip()
        pips(lower)
        card.flip()
    elif rank == "A":
        card.text((100, 140), glyph, "sans", 132, ink)
    else:
        tint = mix(PAPER, ink, 0.10)
        with card.pen() as p:
            p.rect((46, 38, 154, 242), tint, radius=8, outline=ink, width=2.5)
            p.rect((51, 43, 149, 237), None, radius=5, outline=mix(PAPER, ink, 0.45), width=1)
            if rank == "K":
                crown(p, (100, 62), 44, ink, 3, balls=False)
            elif rank == "Q":
                crown(p, (100, 62), 40, ink, 3, balls=True)
            else:
                p.rect((82, 66, 118, 71), ink, radius=2)
                p.shape("diamond", (100, 56), 18, ink)
        card.text((100, 138), rank, "serif", 96, ink)
        card.text((100, 206), glyph, "sans", 50, ink)
    return finish(card)


def joker_face(code: str) -> Image.Image:
    """A joker: stacked JOKER in the corners, a big star in the middle.

    JK1 has a filled purple star, JK2 a black star inside a ring, so they look different
    even without colour.
    """
    first = code == "JK1"
    ink: Colour = (106, 27, 154) if first else INK
    card = blank_card()

    def corner() -> None:
        for k, ch in enumerate("JOKER"):
            card.text((20, 20 + k * 21), ch, "cond", 20, ink)
        with card.pen() as p:
            p.shape("star", (20, 128), 20, ink)

    card.twice(corner)
    with card.pen() as p:
        if first:
            p.polygon(star_points(100, 128, 62, 0.45), ink)
            p.polygon(star_points(100, 128, 26, 0.45), PAPER)
        else:
            p.circle((100, 126), 62, None, outline=ink, width=5)
            p.polygon(star_points(100, 128, 52, 0.45), ink)
    card.text((100, 222), "JOKER", "bold", 26, ink)
    return finish(card)


def standard_back() -> Image.Image:
    """Navy back with a diamond lattice and a medallion of the four suits."""
    navy: Colour = (31, 78, 140)
    light = mix(navy, WHITE, 0.28)
    card = blank_card(WHITE, EDGE)
    with card.pen() as p:
        p.rect((9, 9, W - 9, H - 9), navy, radius=9)
        step = 20
        for k in range(-H, W + H, step):
            p.line([(k, 0), (k + H * 0.7, H)], light, 1.6)
            p.line([(k + H * 0.7, 0), (k, H)], light, 1.6)
    frame = card_mask(inset=9, radius=9)
    _clip_outside(card, frame, WHITE)
    with card.pen() as p:
        p.rect((9, 9, W - 9, H - 9), None, radius=9, outline=mix(navy, WHITE, 0.55), width=2)
        p.ellipse((48, 88, 152, 192), navy, outline=WHITE, width=3)
    for (dx, dy), s in zip(((0, -24), (24, 0), (0, 24), (-24, 0)), "SHDC", strict=True):
        card.text((100 + dx, 140 + dy), SUIT_GLYPH[s], "sans", 28, WHITE)
    return finish(card)


def _clip_outside(card: Canvas, inner: Image.Image, colour: Colour) -> None:
    """Repaint everything outside the `inner` mask with `colour` (keeps the card edge)."""
    paper = Image.new("RGBA", card.size, rgba(colour))
    outside = ImageChops.invert(inner)
    ring = ImageChops.multiply(outside, card_mask(inset=1.5, radius=RADIUS - 1.5))
    card.img.paste(paper, (0, 0), ring)


# ---- Seltsam-Walzer -------------------------------------------------------------------------


def walzer_face(code: str) -> Image.Image:
    """A Seltsam-Walzer card: colour + shape symbol + number; X cards are black with a big X."""
    colour, number = code[0], code[1:]
    ink = WALZER_INK[colour]
    shape = WALZER_SHAPE[colour]
    if colour == "X":
        return walzer_x(number)
    card = blank_card()
    with card.pen() as p:
        p.rect((7, 7, W - 7, H - 7), None, radius=RADIUS - 5, outline=ink, width=2.5)

    def corner() -> None:
        size = card.fit(number, "cond", 50, 46)
        card.text((28, 33), number, "cond", size, ink)
        with card.pen() as p:
            p.shape(shape, (28, 74), 28, ink)

    card.twice(corner)
    with card.pen() as p:
        if shape == "circle":
            p.circle((100, 140), 60, ink)
            centre = (100.0, 140.0)
        elif shape == "square":
            p.rect((46, 86, 154, 194), ink, radius=10)
            centre = (100.0, 140.0)
        else:
            p.polygon([(100, 70), (168, 192), (32, 192)], ink)
            centre = (100.0, 156.0)
    size = card.fit(
        number, "bold", 66 if shape != "triangle" else 56, 92 if shape != "triangle" else 72
    )
    card.text(centre, number, "bold", size, WHITE)
    return finish(card)


def walzer_x(number: str) -> Image.Image:
    """A black X card: dark face, huge white X, its number small in the corners."""
    ink = WALZER_INK["X"]
    card = blank_card(ink)
    with card.pen() as p:
        p.rect((7, 7, W - 7, H - 7), None, radius=RADIUS - 5, outline=(150, 150, 156), width=2)

    def corner() -> None:
        card.text((28, 33), "X", "cond", 50, WHITE)
        card.text((28, 74), number, "cond", 28, (200, 200, 206))

    card.twice(corner)
    with card.pen() as p:
        p.cross((100, 140), 118, 30, WHITE)
    return finish(card)


def walzer_back() -> Image.Image:
    """Burgundy back tiled with the deck's circle / square / triangle symbols."""
    wine: Colour = (123, 31, 58)
    light = mix(wine, WHITE, 0.22)
    card = blank_card(WHITE)
    with card.pen() as p:
        p.rect((9, 9, W - 9, H - 9), wine, radius=9)
        shapes = ("circle", "square", "triangle")
        for row in range(-1, 12):
            for col in range(-1, 9):
                x = 14 + col * 26 + (13 if row % 2 else 0)
                y = 14 + row * 26
                p.shape(shapes[(row + col) % 3], (x, y), 12, light)
    _clip_outside(card, card_mask(inset=9, radius=9), WHITE)
    with card.pen() as p:
        p.rect((9, 9, W - 9, H - 9), None, radius=9, outline=mix(wine, WHITE, 0.5), width=2)
        p.circle((100, 140), 50, wine, outline=WHITE, width=3)
        p.shape("circle", (100, 118), 24, WHITE)
        p.shape("square", (80, 154), 24, WHITE)
        p.shape("triangle", (120, 154), 26, WHITE)
    return finish(card)


# ---- UNO-style ------------------------------------------------------------------------------


def uno_face(code: str) -> Image.Image:
    """An UNO-style card: colour field, white tilted oval, big number or skip sign ⊘, and the
    colour's symbol (● ★ ▲ ■) in the corners and on the oval."""
    colour, value = code[0], code[1:]
    ink = UNO_INK[colour]
    shape = UNO_SHAPE[colour]
    dark: Colour = (33, 33, 33)
    card = blank_card(WHITE)
    with card.pen() as p:
        p.rect((8, 8, W - 8, H - 8), ink, radius=9)
        p.polygon(ellipse_points(100, 140, 64, 104, 28), WHITE)

    def corner() -> None:
        if value == "S":
            with card.pen() as p:
                p.skip((29, 33), 40, WHITE, outline=dark)
        else:
            box = card.text((29, 33), value, "bold", 48, WHITE, stroke=2, stroke_fill=dark)
            if value in "69":
                with card.pen() as p:
                    p.rect((box[0] + 1, box[3] + 1, box[2] - 1, box[3] + 6), dark, radius=2)
                    p.rect((box[0] + 2.5, box[3] + 2.5, box[2] - 2.5, box[3] + 4.5), WHITE)
        with card.pen() as p:
            p.shape(shape, (29, 81), 30, dark)
            p.shape(shape, (29, 81), 23, WHITE)

    card.twice(corner)
    if value == "S":
        with card.pen() as p:
            p.skip((100, 130), 96, ink, outline=dark)
    else:
        box = card.text((100, 128), value, "bold", 108, ink, stroke=3, stroke_fill=dark)
        if value in "69":
            with card.pen() as p:
                p.rect((box[0] + 4, box[3] + 5, box[2] - 4, box[3] + 13), dark, radius=2)
                p.rect((box[0] + 6, box[3] + 7, box[2] - 6, box[3] + 11), ink, radius=1.5)
    with card.pen() as p:
        p.shape(shape, (100, 212), 28, dark)
        p.shape(shape, (100, 212), 21, ink)
    return finish(card)


def uno_back() -> Image.Image:
    """Black back with a red tilted oval holding the four colour symbols."""
    black: Colour = (28, 28, 30)
    red = UNO_INK["R"]
    card = blank_card(WHITE)
    with card.pen() as p:
        p.rect((8, 8, W - 8, H - 8), black, radius=9)
        p.polygon(ellipse_points(100, 140, 70, 112, 28), WHITE)
        p.polygon(ellipse_points(100, 140, 64, 106, 28), red)
        spots = {"Y": (100, 96), "G": (100, 184), "B": (60, 140), "R": (140, 140)}
        for c, (x, y) in spots.items():
            p.circle((x, y), 21, black)
            p.shape(UNO_SHAPE[c], (x, y), 26, UNO_INK[c] if c != "R" else WHITE)
    return finish(card)


# ---- vulture (number and score cards) -------------------------------------------------------


def vulture(p: Pen, c: Point, s: float, ink: Colour, eye: Colour | None = None) -> None:
    """A perched, hunched vulture (side view) from simple shapes, about 130·s across."""
    x, y = c

    def P(dx: float, dy: float) -> Point:
        return (x + dx * s, y + dy * s)

    p.polygon([P(-30, 10), P(-62, 52), P(-44, 56), P(-16, 30)], ink)  # tail
    p.polygon(  # folded wing and back, hunched
        [P(-40, 22), P(-30, -18), P(-6, -34), P(22, -30), P(34, -8), P(26, 26), P(0, 40)],
        ink,
    )
    p.ellipse((x - 34 * s, y - 26 * s, x + 32 * s, y + 42 * s), ink)  # body
    for dx, dy in ((18, -30), (28, -24), (34, -14), (10, -34)):  # ruff
        p.circle(P(dx, dy), 10 * s, ink)
    p.line([P(22, -30), P(38, -40), P(52, -36)], ink, 10 * s)  # long bare neck
    p.circle(P(56, -34), 12 * s, ink)  # bald head
    p.polygon(  # hooked beak
        [P(60, -44), P(76, -40), P(82, -32), P(79, -21), P(75, -28), P(62, -25)], ink
    )
    if eye is not None:
        p.circle(P(59, -37), 3 * s, eye)
    for dx in (-6, 10):  # legs and talons
        p.line([P(dx, 38), P(dx - 2, 56)], ink, 5 * s)
    p.line([P(-36, 58), P(36, 58)], ink, 6 * s)  # branch


def mouse(p: Pen, c: Point, s: float, ink: Colour, eye: Colour) -> None:
    """A mouse silhouette from simple shapes, about 110·s wide, centred on `c`."""
    x, y = c
    tail = [
        (x - 34 * s - 30 * s * t, y + 12 * s - 16 * s * math.sin(math.pi * t * 1.3))
        for t in (k / 12 for k in range(13))
    ]
    p.line(tail, ink, 4 * s)
    p.ellipse((x - 38 * s, y - 18 * s, x + 20 * s, y + 24 * s), ink)  # body
    p.polygon([(x + 8 * s, y - 16 * s), (x + 46 * s, y + 8 * s), (x + 6 * s, y + 20 * s)], ink)
    p.circle((x + 44 * s, y + 7 * s), 4 * s, ink)  # nose
    p.circle((x + 10 * s, y - 18 * s), 12 * s, ink)  # ear
    p.circle((x + 10 * s, y - 18 * s), 6 * s, mix(ink, WHITE, 0.35))
    p.circle((x + 26 * s, y - 2 * s), 3 * s, eye)  # eye


def signed(v: int) -> str:
    """A score value with an explicit sign: −5, 0, +3."""
    return f"{MINUS}{-v}" if v < 0 else (f"+{v}" if v > 0 else "0")


def vulture_face(code: str) -> Image.Image:
    """Vulture-deck card: a number card N1–N15, a score card V-5…V10, a colour card BLACK /
    RED or a plot-sheet marker P1–P6."""
    if code in VULTURE_JOIN:
        return vulture_join(code)
    if code.startswith("N"):
        return vulture_number(int(code[1:]))
    if code.startswith("P"):
        return vulture_plot(int(code[1:]))
    return vulture_score(int(code[1:]))


def check_mark(p: Pen, c: Point, size: float, fill: Colour) -> None:
    """A tick (✓) `size` across, centred on `c`."""
    x, y = c
    r = size / 2
    p.line(
        [(x - r * 0.78, y + r * 0.02), (x - r * 0.22, y + r * 0.56), (x + r * 0.8, y - r * 0.6)],
        fill,
        size * 0.2,
    )


def vulture_join(code: str) -> Image.Image:
    """A colour card: BLACK (join: a tick, ♠) or RED (sit out: a cross, ♥).

    The field colour is backed by the mark and the suit, so the two read apart without colour;
    no word is printed, so the card reads the same in every language.
    """
    field = JOIN_INK[code]
    suit = JOIN_SUIT[code]
    joins = code == "BLACK"
    light = mix(field, WHITE, 0.55)
    card = blank_card(field, mix(field, (0, 0, 0), 0.5))
    with card.pen() as p:
        p.rect((7, 7, W - 7, H - 7), None, radius=RADIUS - 5, outline=light, width=2)

    def mark(p: Pen, c: Point, size: float, fill: Colour) -> None:
        if joins:
            check_mark(p, c, size, fill)
        else:
            p.cross(c, size * 0.8, size * 0.2, fill)

    def corner() -> None:
        with card.pen() as p:
            mark(p, (28, 33), 30, WHITE)
        card.text((28, 70), suit, "sans", 28, WHITE)

    card.twice(corner)
    with card.pen() as p:
        p.circle((100, 140), 64, WHITE)
        p.circle((100, 140), 56, None, outline=light, width=2)
        mark(p, (100, 140), 80, field)
    return finish(card)


def vulture_plot(battle: int) -> Image.Image:
    """A plot-sheet marker: ruled sheet paper, a big number in a box and a row of six boxes
    with this battle's filled in (no word: the card reads the same in every language)."""
    text = str(battle)
    card = blank_card(SHEET)
    with card.pen() as p:
        for y in range(60, H - 12, 18):
            p.line([(10, y), (W - 10, y)], RULE, 1.4)
        p.rect((7, 7, W - 7, H - 7), None, radius=RADIUS - 5, outline=PLOT_INK, width=2.5)
        p.rect((50, 70, 150, 170), WHITE, radius=8, outline=PLOT_INK, width=5)
        step, box = 24, 17
        left = 100 - (step * (len(VULTURE_BATTLES) - 1)) / 2
        for k in VULTURE_BATTLES:
            x = left + step * (k - 1)
            sq = (x - box / 2, 198 - box / 2, x + box / 2, 198 + box / 2)
            if k == battle:
                p.rect(sq, PLOT_INK, radius=3)
            else:
                p.rect(sq, WHITE, radius=3, outline=PLOT_INK, width=2)

    card.twice(lambda: card.text((28, 33), text, "cond", 46, PLOT_INK))
    card.text((100, 121), text, "bold", 80, PLOT_INK)
    return finish(card)


def vulture_number(n: int) -> Image.Image:
    """A bidding card: slate number in a ring, number in the corners."""
    text = str(n)
    card = blank_card()
    with card.pen() as p:
        p.rect((7, 7, W - 7, H - 7), None, radius=RADIUS - 5, outline=SLATE, width=2.5)
        p.circle((100, 140), 58, mix(PAPER, SLATE, 0.08), outline=SLATE, width=5)
        for k in range(12):
            a = 2 * math.pi * k / 12
            p.circle((100 + 69 * math.cos(a), 140 + 69 * math.sin(a)), 3, SLATE)

    def corner() -> None:
        size = card.fit(text, "cond", 50, 50)
        card.text((30, 33), text, "cond", size, SLATE)

    card.twice(corner)
    size = card.fit(text, "bold", 72, 92)
    card.text((100, 140), text, "bold", size, SLATE)
    return finish(card)


def vulture_score(v: int) -> Image.Image:
    """A score card: negative ones dark with a vulture, positive ones light with a mouse on a
    gold coin, zero plain grey; the value always shows its sign."""
    text = signed(v)
    if v < 0:
        paper, ink, edge = BLOOD, BONE, (30, 8, 10)
    elif v > 0:
        paper, ink, edge = CREAM, BROWN, EDGE
    else:
        paper, ink, edge = (226, 226, 222), (70, 70, 72), EDGE
    card = blank_card(paper, edge)
    with card.pen() as p:
        p.rect((7, 7, W - 7, H - 7), None, radius=RADIUS - 5, outline=ink, width=2, alpha=200)
        if v < 0:
            p.circle((100, 112), 58, BONE)
            vulture(p, (91, 116), 0.66, BLOOD, BONE)
        elif v > 0:
            p.circle((100, 112), 58, GOLD)
            p.circle((100, 112), 50, None, outline=mix(GOLD, BROWN, 0.35), width=2.5)
            mouse(p, (98, 118), 0.78, BROWN, GOLD)
        else:
            p.circle((100, 112), 56, None, outline=ink, width=4)

    def corner() -> None:
        size = card.fit(text, "cond", 40, 62)
        card.text((13, 30), text, "cond", size, ink, align="left")

    card.twice(corner)
    size = card.fit(text, "bold", 58, 112)
    card.text((100, 201), text, "bold", size, ink)
    return finish(card)


def vulture_back() -> Image.Image:
    """Earth-brown back with a feather chevron pattern and a vulture medallion."""
    earth: Colour = (93, 64, 55)
    light = mix(earth, WHITE, 0.2)
    card = blank_card(WHITE)
    with card.pen() as p:
        p.rect((9, 9, W - 9, H - 9), earth, radius=9)
        for row in range(0, 20):
            y = 4 + row * 16
            pts = [(x, y + (8 if (x // 16) % 2 else 0)) for x in range(-16, W + 32, 16)]
            p.line(pts, light, 2.2)
    _clip_outside(card, card_mask(inset=9, radius=9), WHITE)
    with card.pen() as p:
        p.rect((9, 9, W - 9, H - 9), None, radius=9, outline=mix(earth, WHITE, 0.5), width=2)
        p.circle((100, 140), 56, BONE, outline=WHITE, width=3)
        vulture(p, (92, 142), 0.62, earth, BONE)
    return finish(card)


# ---- tokens ---------------------------------------------------------------------------------


def token_chip() -> Image.Image:
    """A red poker chip with white edge marks and an inner ring."""
    red: Colour = (190, 30, 45)
    t = Canvas((TOKEN, TOKEN))
    c = (64.0, 64.0)
    with t.pen() as p:
        p.circle(c, 61, (90, 12, 20))
        p.circle(c, 58, red)
        for k in range(8):
            a = 2 * math.pi * k / 8
            dx, dy = math.cos(a), math.sin(a)
            nx, ny = -dy, dx
            r0, r1, hw = 40, 58, 7
            p.polygon(
                [
                    (64 + dx * r0 + nx * hw, 64 + dy * r0 + ny * hw),
                    (64 + dx * r1 + nx * hw * 1.3, 64 + dy * r1 + ny * hw * 1.3),
                    (64 + dx * r1 - nx * hw * 1.3, 64 + dy * r1 - ny * hw * 1.3),
                    (64 + dx * r0 - nx * hw, 64 + dy * r0 - ny * hw),
                ],
                WHITE,
            )
        p.circle(c, 40, red)
        p.circle(c, 34, None, outline=WHITE, width=3, alpha=230)
        p.circle(c, 30, mix(red, WHITE, 0.12))
    return t.img


def token_dealer() -> Image.Image:
    """The dealer button: a white disc with a dark rim and a big D."""
    t = Canvas((TOKEN, TOKEN))
    with t.pen() as p:
        p.circle((64, 64), 61, (40, 40, 44))
        p.circle((64, 64), 56, WHITE)
        p.circle((64, 64), 50, None, outline=(200, 200, 204), width=2)
    t.text((64, 64), "D", "bold", 66, (29, 29, 31))
    return t.img


def token_start() -> Image.Image:
    """The start-player marker: an amber disc with a dark flag."""
    amber: Colour = (245, 176, 25)
    dark: Colour = (40, 34, 30)
    t = Canvas((TOKEN, TOKEN))
    with t.pen() as p:
        p.circle((64, 64), 61, dark)
        p.circle((64, 64), 56, amber)
        p.rect((40, 30, 47, 100), dark, radius=2)
        p.polygon([(47, 30), (94, 46), (47, 64)], dark)
        p.rect((33, 96, 60, 103), dark, radius=3)
    return t.img


def token_joker() -> Image.Image:
    """The joker marker: a purple disc with a white star (like the JK1 card)."""
    purple: Colour = (106, 27, 154)
    t = Canvas((TOKEN, TOKEN))
    with t.pen() as p:
        p.circle((64, 64), 61, (50, 10, 75))
        p.circle((64, 64), 56, purple)
        p.polygon(star_points(64, 67, 44, 0.45), WHITE)
    return t.img


# ---- app icon -------------------------------------------------------------------------------

ICON = 512
"""Size the app icon is drawn at; the smaller sizes are box-filtered down from it."""

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""PNG sizes for desktops (hicolor theme); the .ico holds those up to 256, the .icns all."""


def _tilted(card: Image.Image, degrees: float) -> Image.Image:
    """A card turned `degrees` counter-clockwise on a transparent canvas."""
    return card.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=True)


def app_icon() -> Image.Image:
    """The app icon (512×512): two cards, a back and the ace of hearts, on green felt."""
    felt: Colour = (30, 110, 62)
    t = Canvas((ICON, ICON))
    with t.pen() as p:
        p.rect((16, 16, ICON - 16, ICON - 16), mix(felt, INK, 0.45), radius=104)
        p.rect((28, 28, ICON - 28, ICON - 28), felt, radius=92)
        p.ellipse((70, 60, ICON - 70, ICON - 140), mix(felt, WHITE, 0.08))
    for card, degrees, (cx, cy) in (
        (standard_back(), 14.0, (196, 262)),
        (standard_face("AH"), -11.0, (308, 250)),
    ):
        turned = _tilted(card, degrees)
        t.img.alpha_composite(turned, (cx - turned.width // 2, cy - turned.height // 2))
    return t.img


def write_icons(folder: Path) -> int:
    """Write tabletop-<size>.png for every ICON_SIZES, tabletop.ico and tabletop.icns."""
    big = app_icon()
    sized = {
        n: big if n == ICON else big.resize((n, n), Image.Resampling.LANCZOS) for n in ICON_SIZES
    }
    for n, img in sized.items():
        save(img, folder / f"tabletop-{n}.png")
    big.save(folder / "tabletop.ico", sizes=[(n, n) for n in ICON_SIZES if n <= 256])
    big.save(folder / "tabletop.icns")
    return len(sized) + 2


# ---- output ---------------------------------------------------------------------------------

FACES: dict[Deck, Callable[[str], Image.Image]] = {
    Deck.STANDARD: standard_face,
    Deck.WALZER: walzer_face,
    Deck.UNO: uno_face,
    Deck.VULTURE: vulture_face,
}
BACKS: dict[Deck, Callable[[], Image.Image]] = {
    Deck.STANDARD: standard_back,
    Deck.WALZER: walzer_back,
    Deck.UNO: uno_back,
    Deck.VULTURE: vulture_back,
}
TOKEN_ART: dict[str, Callable[[], Image.Image]] = {
    "chip": token_chip,
    "dealer": token_dealer,
    "start": token_start,
    "joker_marker": token_joker,
}


def render(deck: Deck, code: str) -> Image.Image:
    """One card image (RGBA, 200×280): a face code or "back"."""
    return BACKS[deck]() if code == "back" else FACES[deck](code)


def save(img: Image.Image, path: Path) -> None:
    """Write `img` as an optimised, lossless RGBA PNG (no timestamps, so reproducible).

    Fully transparent pixels are zeroed first so they compress well. Palette quantising was
    tried: it roughly halves the files but visibly bands antialiased edges, and lossless
    files already keep the whole card tree under 2 MB.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    clear = Image.new("RGBA", img.size, (0, 0, 0, 0))
    hidden = img.getchannel("A").point(lambda a: 255 if a == 0 else 0)
    out = img.copy()
    out.paste(clear, (0, 0), hidden)
    out.save(path, optimize=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Render every card and token (or only the given decks) into the assets folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "decks", nargs="*", help="decks to render (default: all, plus tokens and icons)"
    )
    parser.add_argument("--out", type=Path, default=ASSETS, help="assets folder to write into")
    args = parser.parse_args(argv)
    wanted = args.decks or [*FACES, "tokens", "icons"]
    count = 0
    for deck in wanted:
        if deck == "icons":
            count += write_icons(args.out / "icons")
            continue
        if deck == "tokens":
            for name, make in TOKEN_ART.items():
                save(make(), args.out / "tokens" / f"{name}.png")
                count += 1
            continue
        if deck not in FACES:
            parser.error(f"unknown deck {deck!r}; choose from {', '.join(FACES)}, tokens, icons")
        for code in [*decks()[deck], "back"]:
            save(render(Deck(deck), code), args.out / "cards" / deck / f"{code}.png")
            count += 1
    print(f"make_art: wrote {count} images under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
