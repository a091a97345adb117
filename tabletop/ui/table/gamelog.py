"""The game log beside the table and the banner over the middle for the game's big moments.

The log keeps the match's events as they came (a local session's with their secrets marked, a
LAN client's already redacted for its seat) and tells them to one viewer through the game's own
`narrate` hook, from each event's copy for that viewer (`Event.to_json(viewer,
omniscient=False)`): it cannot say what the viewer may not know. When the person at the table
changes (the hot-seat curtain) the log shows what was told to the new viewer, told on from
where it was left for them (telling is incremental, so this is the same as telling the whole
match again, without the cost growing with the match at every handover).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QGuiApplication, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsDropShadowEffect,
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.events import Event
from tabletop.engine.game import Game, Line
from tabletop.i18n import _, render
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.display import display
from tabletop.ui.texts import names_for

BANNER_LINES = 12
"""At most this many lines in one banner (the latest ones)."""
WRAP = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
"""Banner lines are centred and wrapped at word boundaries."""
BANNER_Z = 2500.0
"""Above the last-trick peek, below the hot-seat curtain."""


@dataclass(slots=True)
class _Told:
    """What the log has told one viewer: how many events, the lines, the narration's memo and
    the cards marked as received."""

    count: int = 0
    lines: list[str] = field(default_factory=list)
    memo: dict[str, Any] = field(default_factory=dict)
    marked: set[str] = field(default_factory=set)


class GameLog(QWidget):
    """Every public event as one short line in the viewer's words: scrollable and copyable."""

    moments = Signal(list, bool)
    """Lines to show as a banner (rendered), and whether a deal ended with them."""

    def __init__(self, game: Game[Any], names: Sequence[str]) -> None:
        super().__init__()
        self.game = game
        self.names = tuple(names)
        self.viewer: int | None = None
        self.events: list[Event] = []
        self.lines: list[str] = []
        self.marked: set[str] = set()
        self._memo: dict[str, Any] = {}
        self._told: dict[int | None, _Told] = {}
        self.title = QLabel(_("Game log"))
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.following = True
        """The newest line is kept in sight (false while the person has scrolled up to read)."""
        bar = self.text.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._follow)
        self.copy_button = QPushButton(_("Copy", ctx="button"))
        self.copy_button.setToolTip(_("Copy the whole game log"))
        self.copy_button.clicked.connect(self.copy)
        head = QHBoxLayout()
        head.setContentsMargins(6, 4, 6, 0)
        head.addWidget(self.title, 1)
        head.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(head)
        layout.addWidget(self.text, 1)

    def add(self, events: Sequence[Event], viewer: int | None, quiet: bool = False) -> list[str]:
        """Tell new events to `viewer` (all earlier ones again if the viewer changed) and
        return their lines; `quiet`: no banner (the history of a match sat down at)."""
        if viewer != self.viewer:
            self.show_for(viewer)
        self.events.extend(events)
        self.blockSignals(quiet)
        told = self._tell(events)
        self.blockSignals(False)
        if told:
            following = self.following
            self.text.appendPlainText("\n".join(told))
            self.following = following
            self._follow()
        return told

    def show_for(self, viewer: int | None) -> None:
        """Show the whole match as told to another viewer."""
        self._told[self.viewer] = _Told(len(self.events), self.lines, self._memo, self.marked)
        told = self._told.pop(viewer, None) or _Told()
        self.viewer = viewer
        self.lines, self._memo, self.marked = told.lines, told.memo, told.marked
        self.blockSignals(True)
        self._tell(self.events[told.count :])
        self.blockSignals(False)
        self.following = True
        self.text.setPlainText("\n".join(self.lines))
        self.following = True
        self._follow()

    def _scrolled(self, value: int) -> None:
        """The log follows its newest line again once scrolled to the bottom, and not while
        scrolled up."""
        self.following = value >= self.text.verticalScrollBar().maximum()

    def _follow(self, *_range: int) -> None:
        """Keep the newest line in sight while following: the range grows after lines are
        added whenever the log is laid out again (shown, resized, lines wrapped anew)."""
        if self.following:
            bar = self.text.verticalScrollBar()
            bar.setValue(bar.maximum())

    def plain_text(self) -> str:
        """The whole log as text, one line per line."""
        return "\n".join(self.lines)

    def copy(self) -> None:
        """Put the whole log on the clipboard."""
        QGuiApplication.clipboard().setText(self.plain_text())

    def _tell(self, events: Sequence[Event]) -> list[str]:
        told: list[str] = []
        moments: list[str] = []
        ended = False
        deck = self.game.info.deck
        names = names_for(self.names, self.viewer)
        for event in events:
            data = event.to_json(self.viewer, omniscient=False)
            lines: list[Line] = self.game.narrate(data, self.viewer, self._memo)
            mover = data.get("seat")
            if event.type == "deal" or (event.type == "play" and mover == self.viewer):
                self.marked.clear()
            for line in lines:
                text = render(line.msg, None, names, deck)
                told.append(text)
                if line.moment:
                    moments.append(text)
                self.marked.update(line.mark)
            ended = ended or event.type in ("round_end", "game_end")
        self.lines.extend(told)
        if moments:
            self.moments.emit(moments, ended)
        return told


def mark_received(items: Iterable[CardItem], zones: set[str], codes: set[str]) -> bool:
    """Let the cards of `codes` lying in `zones` (the viewer's hand) glow, and only those;
    True if any card's glow changed."""
    changed = False
    for item in items:
        want = item.zone_id in zones and item.code in codes
        if want and not item.received:
            glow = QGraphicsDropShadowEffect()
            glow.setBlurRadius(26)
            glow.setOffset(0, 0)
            glow.setColor(QColor("#ffd54f"))
            item.setGraphicsEffect(glow)
        elif item.received and not want:
            item.setGraphicsEffect(None)  # type: ignore[arg-type]
        else:
            continue
        item.refresh()  # the glowing card has an arrow in
        changed = True
    return changed


def _covered(rect: QRectF, others: Sequence[QRectF]) -> float:
    """How much of `others` `rect` covers (area)."""
    total = 0.0
    for other in others:
        part = rect.intersected(other)
        total += part.width() * part.height()
    return total


class Banner(QGraphicsObject):
    """A few lines over the middle of the table, shown long enough to read.

    A `held` banner (the end of a deal) stays until a click or a key press.
    """

    dismissed = Signal()
    """The banner went away (timed out, clicked or a key pressed)."""
    waved = Signal()
    """A click or a key press took the banner away (what lay under it shows now)."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF()
        self.lines: list[str] = []
        self.heights: list[float] = []
        self.held = False
        self.font_px = 15.0
        self.setZValue(BANNER_Z)
        self.setFlag(QGraphicsObject.GraphicsItemFlag.ItemIsFocusable)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.dismiss)
        self.hide()

    def announce(
        self,
        lines: Sequence[str],
        area: QRectF,
        held: bool,
        minimum_ms: int,
        avoid: Sequence[QRectF] = (),
    ) -> None:
        """Show `lines` in `area`; held until dismissed, else for a reading time.

        A banner that is not held stays clear of the `avoid` rectangles (the cards in the
        middle the person must follow, the status line) where the middle has room: centred if
        that covers none of them, else just above or below one of them, or at the middle's top
        or bottom, whichever covers least (the nearest the centre among equals)."""
        self.lines = list(lines)[-BANNER_LINES:]
        if len(lines) > BANNER_LINES:
            self.lines[0] = "…"
        if held:
            self.lines.append(_("(click or press a key to go on)"))
        self.held = held
        self.font_px = max(13.0, min(18.0, area.height() / 18))
        scene = self.scene()
        bounds = scene.sceneRect() if scene is not None else area
        metrics = QFontMetricsF(self._font())
        needed = max(metrics.horizontalAdvance(t) for t in self.lines) + 40
        width = min(max(needed, area.width() * 0.8), bounds.width() * 0.96)
        self.heights = [self._line_height(metrics, t, width - 24) for t in self.lines]
        height = sum(self.heights) + self.font_px * 1.4
        x = area.center().x() - width / 2
        x = max(bounds.left() + 4, min(x, bounds.right() - width - 4))
        y = area.center().y() - height / 2
        if not held and avoid:
            places = [y, area.top(), area.bottom() - height]
            places += [p for a in avoid for p in (a.top() - height - 4, a.bottom() + 4)]
            places = [p for p in places if area.top() <= p <= area.bottom() - height] or [y]
            centre = y
            y = min(
                places,
                key=lambda p: (_covered(QRectF(x, p, width, height), avoid), abs(p - centre)),
            )
        y = max(bounds.top() + 4, min(y, bounds.bottom() - height - 4))
        self.prepareGeometryChange()
        self.rect = QRectF(x, y, width, height)
        self.show()
        self.update()
        self.timer.stop()
        if held:
            self.setFocus()
        else:
            reading = 1800 + 45 * sum(len(t) for t in self.lines)
            self.timer.start(max(minimum_ms, min(reading, 9000)))

    def _font(self) -> QFont:
        font = QFont()
        font.setPixelSize(round(self.font_px))
        return font

    def _line_height(self, metrics: QFontMetricsF, text: str, width: float) -> float:
        """A line's height once wrapped at word boundaries to `width`."""
        box = metrics.boundingRect(QRectF(0, 0, width, 1e6), WRAP, text)
        return max(self.font_px * 1.45, box.height() + self.font_px * 0.45)

    def dismiss(self) -> None:
        """Take the banner away."""
        if not self.isVisible():
            return
        self.timer.stop()
        self.held = False
        self.hide()
        self.dismissed.emit()

    def boundingRect(self) -> QRectF:
        """The banner's box and its outline, which is drawn half outside the box: what is
        repainted when the banner goes must cover it, or a line of it stays on the felt."""
        edge = self._edge() / 2 + 1
        return self.rect.adjusted(-edge, -edge, edge, edge)

    def _edge(self) -> float:
        """The outline's width."""
        return 2 + display().palette.zone_edge_width

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """A dark rounded box with light lines of text (opaque, white on black in high contrast)."""
        pal = display().palette
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(pal.acting, self._edge()))
        painter.setBrush(pal.banner_fill)
        painter.drawRoundedRect(self.rect, 10, 10)
        painter.setFont(self._font())
        y = self.rect.y() + self.font_px * 0.7
        for index, (text, line_h) in enumerate(zip(self.lines, self.heights, strict=True)):
            last_hint = self.held and index == len(self.lines) - 1
            painter.setPen(pal.hint_text if last_hint else pal.text)
            box = QRectF(self.rect.x() + 12, y, self.rect.width() - 24, line_h)
            painter.drawText(box, WRAP, text)
            y += line_h

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """A click takes the banner away."""
        event.accept()
        self.dismiss()
        self.waved.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Any key takes the banner away."""
        event.accept()
        self.dismiss()
        self.waved.emit()
