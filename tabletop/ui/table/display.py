"""How big and how contrasted the table is drawn: the zoom steps, the high-contrast palette,
and the View menu entries that set them (remembered in the settings)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction, QColor, QFontInfo, QGuiApplication, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QMenu

from tabletop.i18n import _

ZOOM_STEPS = (0.7, 0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75)
"""Card-size steps of View › Zoom in / Zoom out (1.0 is the size fitted to the window)."""

ZOOM_KEY = "zoom"
CONTRAST_KEY = "highContrast"
"""QSettings keys remembering the zoom and the high-contrast option."""

TEXT_PX = 13.0
"""The app font's pixel size the table's text is designed for; a bigger system font makes
the whole table bigger in proportion."""


@dataclass(frozen=True, slots=True)
class Palette:
    """The table's colours; the high-contrast one also thickens lines."""

    felt_inner: QColor
    felt_outer: QColor
    text: QColor
    acting: QColor
    target: QColor
    zone_fill: QColor
    zone_edge: QColor
    zone_edge_width: float
    plate_fill: QColor
    box_fill: QColor
    card_edge: QColor
    card_edge_width: float
    playable: QColor
    chosen: QColor
    veil: QColor
    focus_width: float
    banner_fill: QColor
    hint_text: QColor


NORMAL = Palette(
    felt_inner=QColor("#2f7a4a"),
    felt_outer=QColor("#173f27"),
    text=QColor("#f1f5ec"),
    acting=QColor("#ffd54f"),
    target=QColor(120, 230, 140),
    zone_fill=QColor(0, 0, 0, 28),
    zone_edge=QColor(255, 255, 255, 55),
    zone_edge_width=1.2,
    plate_fill=QColor(0, 0, 0, 70),
    box_fill=QColor(0, 0, 0, 110),
    card_edge=QColor(0, 0, 0, 0),
    card_edge_width=0.0,
    playable=QColor(120, 230, 140, 210),
    chosen=QColor("#ffd54f"),
    veil=QColor(20, 20, 20, 95),
    focus_width=5.0,
    banner_fill=QColor(20, 28, 24, 232),
    hint_text=QColor("#b0bec5"),
)
"""Green felt with soft outlines."""

HIGH_CONTRAST = Palette(
    felt_inner=QColor("#06140b"),
    felt_outer=QColor("#000000"),
    text=QColor("#ffffff"),
    acting=QColor("#ffff00"),
    target=QColor("#00ffff"),
    zone_fill=QColor(0, 0, 0, 0),
    zone_edge=QColor("#ffffff"),
    zone_edge_width=2.0,
    plate_fill=QColor("#000000"),
    box_fill=QColor("#000000"),
    card_edge=QColor("#000000"),
    card_edge_width=2.5,
    playable=QColor("#00ffff"),
    chosen=QColor("#ffff00"),
    veil=QColor(0, 0, 0, 90),
    focus_width=7.0,
    banner_fill=QColor("#000000"),
    hint_text=QColor("#e0e0e0"),
)
"""Near-black table, white text and edges, yellow and cyan marks, thicker lines."""


class Display(QObject):
    """The zoom and the contrast of every table; `changed` tells the tables to redraw."""

    changed = Signal()
    """The zoom or the contrast changed."""

    def __init__(self) -> None:
        super().__init__()
        self.zoom = 1.0
        self.high_contrast = False
        self.settings: QSettings | None = None
        self._app_palette: QPalette | None = None

    @property
    def palette(self) -> Palette:
        """The colours to draw with now."""
        return HIGH_CONTRAST if self.high_contrast else NORMAL

    def load(self, settings: QSettings) -> None:
        """Take the zoom and contrast remembered in `settings` (and remember changes there)."""
        self.settings = None
        try:
            zoom = float(str(settings.value(ZOOM_KEY, 1.0)))
        except ValueError:
            zoom = 1.0
        self.set_zoom(zoom if zoom in ZOOM_STEPS else 1.0)
        self.set_high_contrast(str(settings.value(CONTRAST_KEY, "false")).lower() == "true")
        self.settings = settings

    def set_zoom(self, zoom: float) -> None:
        """Draw cards at `zoom` (clamped to the steps' range) and remember it."""
        zoom = min(ZOOM_STEPS[-1], max(ZOOM_STEPS[0], zoom))
        if self.settings is not None:
            self.settings.setValue(ZOOM_KEY, zoom)
        if zoom != self.zoom:
            self.zoom = zoom
            self.changed.emit()

    def zoom_in(self) -> None:
        """The next bigger step."""
        self.set_zoom(next((z for z in ZOOM_STEPS if z > self.zoom + 1e-6), ZOOM_STEPS[-1]))

    def zoom_out(self) -> None:
        """The next smaller step."""
        smaller = [z for z in ZOOM_STEPS if z < self.zoom - 1e-6]
        self.set_zoom(smaller[-1] if smaller else ZOOM_STEPS[0])

    def set_high_contrast(self, on: bool) -> None:
        """Switch the high-contrast palette (table and windows) on or off, and remember it."""
        if self.settings is not None:
            self.settings.setValue(CONTRAST_KEY, on)
        if on == self.high_contrast:
            return
        self.high_contrast = on
        app = QApplication.instance()
        if isinstance(app, QApplication):
            if on:
                # already a copy (QPalette's copy constructor would load the Qt namespace)
                self._app_palette = app.palette()
                app.setPalette(contrast_palette())
            elif self._app_palette is not None:
                app.setPalette(self._app_palette)
                self._app_palette = None
        self.changed.emit()

    def scale(self) -> float:
        """How much bigger than designed the table is drawn: the zoom times the system's text
        size (never smaller for a small system font)."""
        return self.zoom * text_factor()


def text_factor() -> float:
    """The app font's size against the size the table is designed for (1 … 2)."""
    if QGuiApplication.instance() is None:
        return 1.0
    px = QFontInfo(QGuiApplication.font()).pixelSize()
    return max(1.0, min(2.0, px / TEXT_PX))


def contrast_palette() -> QPalette:
    """Windows, buttons and menus in white on black with yellow selection."""
    pal = QPalette()
    black, white, yellow = QColor("#000000"), QColor("#ffffff"), QColor("#ffff00")
    role = QPalette.ColorRole
    for r in (role.Window, role.Base, role.AlternateBase, role.Button, role.ToolTipBase):
        pal.setColor(r, black)
    for r in (role.WindowText, role.Text, role.ButtonText, role.ToolTipText, role.BrightText):
        pal.setColor(r, white)
    pal.setColor(role.Highlight, yellow)
    pal.setColor(role.HighlightedText, black)
    pal.setColor(role.Link, QColor("#00ffff"))
    pal.setColor(QPalette.ColorGroup.Disabled, role.WindowText, QColor("#a0a0a0"))
    pal.setColor(QPalette.ColorGroup.Disabled, role.ButtonText, QColor("#a0a0a0"))
    pal.setColor(QPalette.ColorGroup.Disabled, role.Text, QColor("#a0a0a0"))
    return pal


@cache
def display() -> Display:
    """The one Display of the app."""
    return Display()


def zoom_keys() -> list[tuple[str, str]]:
    """The zoom keys and what they do, for Help › Keyboard."""
    return [
        (_("Ctrl++ / Ctrl+−"), _("Bigger / smaller cards and table text (View › Zoom)")),
        (_("Ctrl+0"), _("Cards at the size fitted to the window")),
        (_("Ctrl+Shift+H"), _("High contrast on or off (View › High contrast)")),
    ]


def view_actions(menu: QMenu, parent: QObject) -> list[QAction]:
    """Add Zoom in / Zoom out / Actual size and High contrast to the View menu (the actions
    belong to `parent`, the menu bar, so a rebuilt bar takes its shortcuts along)."""
    shown = display()
    zoom_in = QAction(_("Zoom &in"), parent)
    zoom_in.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")])
    zoom_in.triggered.connect(shown.zoom_in)
    zoom_out = QAction(_("Zoom &out"), parent)
    zoom_out.setShortcuts(QKeySequence.StandardKey.ZoomOut)
    zoom_out.triggered.connect(shown.zoom_out)
    actual = QAction(_("&Actual size"), parent)
    # setShortcuts: setShortcut's overloads load the Qt namespace (docs/ui.md, "Start-up")
    actual.setShortcuts([QKeySequence("Ctrl+0")])
    actual.triggered.connect(lambda: shown.set_zoom(1.0))
    contrast = QAction(_("&High contrast"), parent, checkable=True)
    contrast.setChecked(shown.high_contrast)
    contrast.setShortcuts([QKeySequence("Ctrl+Shift+H")])
    contrast.toggled.connect(shown.set_high_contrast)
    actions = [zoom_in, zoom_out, actual, contrast]
    menu.addSeparator()
    for action in actions:
        menu.addAction(action)
    return actions
