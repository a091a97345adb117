"""Keyboard play: a focus that walks the cards, the target zones and the buttons.

Arrows move the focus within a region, Tab / Shift+Tab between regions (cards, table zones,
buttons); N / Shift+N jump to the next / previous card that can be played; Space chooses a
card (multi-card moves) or presses a button; Return plays the focused card (or the chosen ones),
drops the waiting cards on the focused zone or presses the focused button; number keys pick
among several moves of the same cards; Escape cancels. Letter keys A … G pick the same choices
(offered as letters when the choices are numbers themselves, like an ace counted as 1 or 11).
Return or Space lifts the hot-seat curtain and closes the end-of-deal summary.

A sealed choice made by a key is sent at once: the key is its confirmation, as the chosen
cards' ✓ button is. The cards region holds the seat's hand and the cards a move may take from
elsewhere (a shared row), never its won or withdrawn piles. When the moves offered change, the
focus goes to where a legal move is. The status bar speaks of keys once a key was used at the
table, of the mouse again after a click.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGraphicsObject,
    QGridLayout,
    QLabel,
    QPushButton,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop.engine.text import Msg
from tabletop.engine.views import Move, View
from tabletop.i18n import _, for_view, render
from tabletop.ui.table import gestures, zorder
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.display import HIGH_CONTRAST, display, zoom_keys
from tabletop.ui.table.items import ZoneItem
from tabletop.ui.table.tableparts import TableParts

MENU_KEYS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
"""Modifiers that make a letter a menu shortcut rather than a choice."""

REGIONS = ("cards", "zones", "buttons")
"""The regions Tab walks through, in order (empty ones are skipped)."""


def keys_help() -> list[tuple[str, str]]:
    """Each key of the table and what it does, in the current language."""
    return [
        ("← → ↑ ↓", _("Move the focus between cards, places or buttons")),
        (_("N / Shift+N"), _("Jump to the next / previous card you can play")),
        (
            _("Tab / Shift+Tab"),
            _("Next / previous region: your cards, the places on the table, the buttons"),
        ),
        (_("Space"), _("Choose or unchoose the focused card (moves with several cards)")),
        (_("Return"), _("Play the focused or chosen cards; drop them on the focused place")),
        ("1 … 9", _("Pick one of the numbered choices (e.g. what a card counts as)")),
        ("A … G", _("Pick one of the lettered choices (offered when the choices are numbers)")),
        (_("Escape"), _("Cancel the choice")),
        (_("Return / Space"), _("Lift the curtain when the screen is passed on; close a summary")),
        ("H", _("Suggest a move for your seat (where hints are allowed)")),
        *zoom_keys(),
    ]


LETTERS = "ABCDEFG"
"""Letter keys of the first choices, in order (the same choices as 1 … 7; H and later letters
are left to the menus' shortcuts)."""


def choice_keys(labels: list[str]) -> str:
    """The keys naming the choices: letters when some choice is itself a number (and there are
    letters enough), else digits."""
    numeric = any(ch.isdigit() for label in labels for ch in label)
    if numeric and len(labels) <= len(LETTERS):
        return LETTERS[: len(labels)]
    return "123456789"[: len(labels)]


FOCUS_WIDTH = HIGH_CONTRAST.focus_width
"""The focus ring's widest outline: thick enough to be seen without colour."""


def keys_dialog(parent: QWidget | None) -> QDialog:
    """Help › Keyboard: the table's keys and what they do."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(_("Keyboard"))
    grid = QGridLayout(dialog)
    rows = keys_help()
    for row, (key, what) in enumerate(rows):
        name = QLabel(f"<b>{key}</b>")
        name.setAccessibleName(key)
        grid.addWidget(name, row, 0)
        grid.addWidget(QLabel(what), row, 1)
    close = QPushButton(_("Close"))
    close.clicked.connect(dialog.accept)
    grid.addWidget(close, len(rows), 1, Qt.AlignmentFlag.AlignRight)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return dialog


class FocusRing(QGraphicsObject):
    """A thick black-and-white dashed outline around the focused item (only the part of a
    card that shows, on a fanned hand), a pointer triangle above: seen by its shape, not by a
    colour."""

    def __init__(self) -> None:
        super().__init__()
        self.path = QPainterPath()
        self.rect = QRectF()
        self.setZValue(zorder.FLOAT - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def frame(self, rect: QRectF) -> None:
        """Surround `rect` (scene coordinates)."""
        path = QPainterPath()
        path.addRoundedRect(rect.adjusted(-4, -4, 4, 4), 6, 6)
        self.outline(path)

    def outline(self, path: QPainterPath) -> None:
        """Follow the outline `path` (scene coordinates)."""
        self.prepareGeometryChange()
        self.path = path
        self.rect = path.boundingRect()
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        """The outline, its pen and the pointer above it."""
        return self.rect.adjusted(-FOCUS_WIDTH, -FOCUS_WIDTH - 16, FOCUS_WIDTH, FOCUS_WIDTH)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Black outer line with white dashes (yellow with black in high contrast), and a
        triangle pointing down at the item."""
        pal = display().palette
        width = pal.focus_width
        contrast = display().high_contrast
        outer, inner = (
            (pal.acting, QColor("black")) if contrast else (QColor("black"), QColor("white"))
        )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(outer, width))
        painter.drawPath(self.path)
        dashes = QPen(inner, width - 2, Qt.PenStyle.DashLine)
        painter.setPen(dashes)
        painter.drawPath(self.path)
        tip = QPointF(self.rect.center().x(), self.rect.top() - 3)
        path = QPainterPath(tip)
        path.lineTo(tip + QPointF(-8, -12))
        path.lineTo(tip + QPointF(8, -12))
        path.closeSubpath()
        painter.setPen(QPen(QColor("black"), 2))
        painter.setBrush(QColor("white"))
        painter.drawPath(path)


def card_face(card: CardItem, grow: float = 0.0) -> QPolygonF:
    """The card's face (without its outline margin) in scene coordinates, tilt included."""
    w, h = card.card_w + 2 * grow, card.card_h + 2 * grow
    face = QRectF(-w / 2, -h / 2, w, h)
    return card.mapToScene(QTransform().rotate(card.get_tilt()).map(QPolygonF(face)))


def visible_part(card: CardItem, others: list[CardItem]) -> QPainterPath:
    """The outline of what shows of `card` (grown a little): its face less the cards of its
    zone lying over it."""
    path = QPainterPath()
    path.addPolygon(card_face(card, 4))
    path.closeSubpath()
    for other in others:
        if other is card or other.zone_id != card.zone_id or other.zValue() <= card.zValue():
            continue
        over = QPainterPath()
        over.addPolygon(card_face(other, 4))  # grown alike: no sliver of the margin peeks out
        over.closeSubpath()
        if path.intersects(over):
            path = path.subtracted(over)
    pieces = path.simplified().toFillPolygons()
    if not pieces:
        return path
    # tilted neighbours may leave slivers apart from the card's strip: outline the strip only
    main = max(pieces, key=lambda poly: _area(poly))
    out = QPainterPath()
    out.addPolygon(main)
    out.closeSubpath()
    return out


def _area(poly: QPolygonF) -> float:
    """A polygon's area (shoelace formula)."""
    points = [poly.at(i) for i in range(poly.size())]
    twice = sum(
        a.x() * b.y() - b.x() * a.y() for a, b in zip(points, points[1:] + points[:1], strict=True)
    )
    return abs(twice) / 2


class KeyPlay(QObject):
    """The keyboard focus of one table and what each key does there."""

    focusChanged = Signal(str)
    """The focus moved; the argument names what is focused now."""

    def __init__(self, table: TableParts) -> None:
        super().__init__(table)
        self.table = table
        self.scene = table.scene
        self.region = "cards"
        self.index = 0
        self.active = False
        self.pending: tuple[str, ...] = ()
        self.choices: list[Move] = []
        self.ahead: list[Move] = []
        """The focused card's own moves when it has several: a number picks one at once."""
        self.ring = FocusRing()
        self.scene.addItem(self.ring)
        self._focused: object = None
        self._moves: tuple[Move, ...] = ()
        self._told: tuple[str, str] = ("", "")
        self._said: tuple[int, str] = (0, "")
        self._reach: tuple[View | None, dict[str, set[str]]] = (None, {})
        table.view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        table.view.installEventFilter(self)
        table.view.viewport().installEventFilter(self)
        table.installEventFilter(self)
        self.scene.settled.connect(self.refresh)
        self.scene.selectionChanged.connect(self.refresh)

    # ---- what can be focused -----------------------------------------------------------------
    def stops(self, region: str) -> list[object]:
        """The focusable things of a region, in reading order (only what is drawn)."""
        view = self.scene.view
        if region == "cards":
            if view is None:
                return []
            reach = self.reach()
            hands = {z.id for z in view.zones if z.kind == "hand" and z.owner == view.seat}
            return [
                c
                for c in self.scene.cards
                if c.interactive
                and c.isVisible()
                and (c.zone_id in hands or c.code in reach.get(c.zone_id, ()))
            ]
        if region == "zones":
            if view is None or not self.scene.interactive:
                return []
            codes = self.pending or self.scene.chosen_codes()
            if codes:
                live = gestures.targets_for(view, codes)
            else:
                live = {m.target for m in view.moves if m.cards and m.target}
            return [
                z
                for zid, z in self.scene.zone_items.items()
                if zid in live and z.isVisible() and not z.rect.isEmpty()
            ]
        layout = self.table.buttons_layout
        found: list[object] = []
        for i in range(layout.count()):
            entry = layout.itemAt(i)
            widget = entry.widget() if entry is not None else None
            if isinstance(widget, (QPushButton, QComboBox)):
                found.append(widget)
        return found

    def reach(self) -> dict[str, set[str]]:
        """`gestures.reachable` for the View drawn now (worked out once per View)."""
        view = self.scene.view
        if view is None:
            return {}
        if self._reach[0] is not view:
            self._reach = (view, gestures.reachable(view))
        return self._reach[1]

    def legal(self, item: object) -> bool:
        """True for a card that some move may take from where it lies."""
        return isinstance(item, CardItem) and item.code in self.reach().get(item.zone_id, ())

    def focused(self) -> object:
        """The card item, zone item or button with the focus (None if nothing)."""
        stops = self.stops(self.region)
        if not stops:
            return None
        self.index = min(self.index, len(stops) - 1)
        return stops[self.index]

    def refresh(self) -> None:
        """Keep the focus on the same thing after the table changed (or, when the moves offered
        changed, bring it to where a legal move is), and redraw the ring."""
        view = self.scene.view
        moves = view.moves if view is not None and self.scene.interactive else ()
        if moves and moves != self._moves:
            self._aim()
        else:
            stops = self.stops(self.region)
            if self._focused in stops:
                self.index = stops.index(self._focused)
            if not stops and not (self.region == "buttons" and self._moves == moves):
                regions = [r for r in REGIONS if self.stops(r)]
                if regions and self.region not in regions:
                    self.region, self.index = regions[0], 0
        self._moves = moves
        self._show()

    def _aim(self) -> None:
        """New moves: the focus stays on a card still playable, else goes to the playable card
        nearest it (in its zone first), else to the buttons."""
        self.pending, self.choices = (), []
        cards = self.stops("cards")
        legal = [c for c in cards if isinstance(c, CardItem) and self.legal(c)]
        if legal:
            was = self._focused
            if not (was in legal and self.region == "cards"):
                near = [c for c in legal if c.zone_id == getattr(was, "zone_id", None)]
                pool = near or legal
                at = cards.index(was) if was in cards else 0
                was = min(pool, key=lambda c: abs(cards.index(c) - at))
            self.region, self.index = "cards", cards.index(was)
        elif self.scene.view is not None and gestures.buttons(self.scene.view):
            if self.region != "buttons":
                self.region, self.index = "buttons", 0  # the buttons may come a moment later
        elif self.region == "zones" or not self.stops(self.region):
            self.region, self.index = "cards", 0

    def _show(self) -> None:
        for button in self.stops("buttons"):
            if isinstance(button, QWidget):
                button.setStyleSheet("")
        item = self.focused()
        self._focused = item
        self._look_ahead(item)
        if not self.active or item is None or self.scene.covered:
            self.ring.hide()
            return
        if isinstance(item, QWidget):
            self.ring.hide()
            ink = "yellow" if display().high_contrast else "black"
            item.setStyleSheet(f"border: 4px dashed {ink}; padding: 3px 8px; font-weight: bold;")
        elif isinstance(item, CardItem):
            self.ring.outline(visible_part(item, self.scene.cards))
        elif isinstance(item, ZoneItem):
            self.ring.frame(item.rect)
        said = (id(item), self.describe(item))
        if said != self._said:  # a redraw of the same focus is not spoken again
            self._said = said
            self.focusChanged.emit(said[1])

    def _look_ahead(self, item: object) -> None:
        """While keys are used and nothing else is being chosen, list the focused card's moves
        in the status bar when it has several, so a number plays one without Return first."""
        view = self.scene.view
        ahead: list[Move] = []
        if (
            self.active
            and view is not None
            and isinstance(item, CardItem)
            and self.legal(item)
            and not (self.pending or self.choices or self.scene.chosen_codes())
            and not self.scene.covered
        ):
            moves = gestures.card_moves(view, (item.code,))
            unique = list({m.action: m for m in moves}.values())
            if 1 < len(unique) <= 9:
                ahead = unique
        if ahead == self.ahead:
            return
        self.ahead = ahead
        if not ahead or view is None:
            self.show_hint(*self._told)
            return
        labels = [for_view(m.label, view) or m.action for m in ahead]
        keys = choice_keys(labels)
        parts = [f"{key}: {label}" for key, label in zip(keys, labels, strict=True)]
        listed = _(", ", ctx="list separator").join(parts)
        if keys[:1] == "A":
            self.table.hint.setText(render(Msg("Return, or a letter: {choices}", choices=listed)))
        else:
            self.table.hint.setText(render(Msg("Return, or a number: {choices}", choices=listed)))

    def describe(self, item: object) -> str:
        """A short spoken name for a focusable thing."""
        from tabletop.ui.table.access import card_text, zone_text

        view = self.scene.view
        if isinstance(item, CardItem) and view is not None:
            return card_text(item, view)
        if isinstance(item, QPushButton):
            return item.text()
        if isinstance(item, QComboBox):
            return item.currentText()
        if view is not None and hasattr(item, "zone_id"):
            owners = self.table.mirror.owners()
            return zone_text(view, item.zone_id, self.table.session.names, owners)
        return ""

    # ---- the status bar's words ------------------------------------------------------------------
    def show_hint(self, kind: str, arg: str = "") -> None:
        """Put the hint of this kind in the status bar, in key words while keys are in use and
        in mouse words otherwise (the kinds: `hint_text`)."""
        self._told = (kind, arg)
        if self.ahead:
            return  # the focused card's moves stay listed (`_look_ahead`)
        view = self.scene.view
        chosen = self.scene.chosen_codes()
        if (
            self.active
            and kind == "other"
            and view is not None
            and any(gestures.same_cards(m.cards, chosen) for m in card_buttons(view))
        ):
            kind = "buttons"
        self.table.hint.setText(hint_text(kind, arg, self.active))

    def _use(self, keys: bool) -> None:
        if keys != self.active:
            self.active = keys
            self.show_hint(*self._told)
            if not keys:
                self._show()

    # ---- keys ----------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Handle the table's keys; a click on the table brings back the mouse words; the
        table's view takes the keyboard focus when the table is shown."""
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress:
            self._use(False)
            return False
        if kind == QEvent.Type.Show and watched is self.table:
            self.table.view.setFocus(Qt.FocusReason.OtherFocusReason)
            return False
        if kind != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if watched is not self.table.view:
            return False
        return self.key(event.key(), event.modifiers())

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        """Act on one key; True if it meant something at the table."""
        k = Qt.Key
        table = self.table
        confirm = key in (k.Key_Return, k.Key_Enter, k.Key_Space)
        if table.summary.isVisible() and (confirm or key == k.Key_Escape):
            table.summary.dismiss()
            return True
        if self.scene.covered:
            if confirm:
                table.reveal()
                return True
            return False
        self._use(True)
        waiting = table.pending
        if not self._act(key, modifiers):
            return False
        if waiting is None and table.pending is not None:
            table.confirm()  # a key is a deliberate choice: a sealed one is sent at once
        return True

    def _act(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        k = Qt.Key
        if key in (k.Key_Tab, k.Key_Backtab):
            self._next_region(-1 if key == k.Key_Backtab else 1)
        elif key in (k.Key_Left, k.Key_Up, k.Key_Right, k.Key_Down):
            item = self.focused()
            if isinstance(item, QComboBox) and key in (k.Key_Up, k.Key_Down):
                step = -1 if key == k.Key_Up else 1
                item.setCurrentIndex(max(0, min(item.count() - 1, item.currentIndex() + step)))
                self.focusChanged.emit(item.currentText())
            else:
                self._step(-1 if key in (k.Key_Left, k.Key_Up) else 1)
        elif key == k.Key_Escape:
            self.cancel()
        elif k.Key_1 <= key <= k.Key_9 and (self.choices or self.ahead):
            self._pick(key - k.Key_1)
        elif (
            k.Key_A <= key <= k.Key_G and (self.choices or self.ahead) and not modifiers & MENU_KEYS
        ):
            self._pick(key - k.Key_A)
        elif key == k.Key_N and not modifiers & MENU_KEYS:
            self._jump(-1 if modifiers & Qt.KeyboardModifier.ShiftModifier else 1)
        elif key == k.Key_Space:
            self._space()
        elif key in (k.Key_Return, k.Key_Enter):
            self._enter()
        else:
            return False
        return True

    def _next_region(self, step: int) -> None:
        regions = [r for r in REGIONS if self.stops(r)]
        if not regions:
            return
        at = regions.index(self.region) if self.region in regions else -step
        self.region = regions[(at + step) % len(regions)]
        self.index = 0
        if self.region == "cards":
            stops = self.stops("cards")
            self.index = next((i for i, c in enumerate(stops) if self.legal(c)), 0)
        self._show()

    def _step(self, step: int) -> None:
        stops = self.stops(self.region)
        if stops:
            self.index = (self.index + step) % len(stops)
        self._show()

    def _jump(self, step: int) -> None:
        """To the next (`step` 1) or previous (-1) card that can be played, round the end."""
        stops = self.stops("cards")
        at = self.index if self.region == "cards" else (-1 if step > 0 else 0)
        for n in range(1, len(stops) + 1):
            i = (at + step * n) % len(stops)
            if self.legal(stops[i]):
                self.region, self.index = "cards", i
                break
        else:
            self.scene.toast(_("No card can be played now."))
        self._show()

    def cancel(self) -> None:
        """Forget the chosen cards, the waiting cards and the numbered choices."""
        self.pending, self.choices = (), []
        if self.region == "zones":
            self.region, self.index = "cards", 0
        self.scene.clear_choice()
        self._show()

    def _space(self) -> None:
        item = self.focused()
        view = self.scene.view
        if isinstance(item, CardItem) and view is not None:
            if (gestures.multi_counts(view) or card_buttons(view)) and not any(
                m.gesture == "click" and m.cards == (item.code,) for m in view.moves
            ):
                self.scene.toggle(item)
                self.focusChanged.emit(self.describe(item))
            else:
                self._enter()
        elif isinstance(item, QPushButton):
            item.click()

    def _enter(self) -> None:
        item = self.focused()
        view = self.scene.view
        if isinstance(item, QPushButton):
            item.click()
        elif isinstance(item, QComboBox):
            go = self.table.buttons.findChild(QPushButton, "go")
            if go is not None:
                go.click()
        elif view is None:
            return
        elif isinstance(item, CardItem):
            chosen = self.scene.chosen_codes()
            self._play(chosen if chosen else (item.code,))
        elif item is not None:
            codes = self.pending or self.scene.chosen_codes()
            if not codes:
                self.scene.toast(_("Choose a card first (Tab back to your cards)."))
                return
            zone_id = str(getattr(item, "zone_id", ""))
            moves = gestures.card_moves(view, codes, zone_id)
            if len({m.action for m in moves}) > 1:
                self._offer(moves)
                return
            self.pending = ()
            self.region, self.index = "cards", 0
            self.scene.drop(codes, zone_id)

    def _play(self, codes: tuple[str, ...]) -> None:
        view = self.scene.view
        assert view is not None
        moves = gestures.card_moves(view, codes)
        if not moves and len(codes) > 1:
            moves = [m for m in card_buttons(view) if gestures.same_cards(m.cards, codes)]
            if moves:
                self.scene.clear_choice()
                self._offer(moves)
                return
        actions = list(dict.fromkeys(m.action for m in moves))
        targets = list(dict.fromkeys(m.target for m in moves if m.target))
        if len(actions) == 1 and self._tick(actions[0]):
            return
        if len(actions) <= 1:
            self.scene.playRequested.emit(codes)
        elif len(targets) > 1 and len(actions) > 9:
            self.pending = codes
            self.region, self.index = "zones", 0
            self.scene.toast(_("Choose where: arrows, then Return."))
            self._show()
        else:
            self._offer(moves)

    def _tick(self, action: str) -> bool:
        """Press the chosen cards' ✓ button for this action, if there is one: it sends the
        move at once, a sealed choice too (no second Return to confirm)."""
        if len(self.scene.chosen_codes()) < 2:
            return False
        for button in self.stops("buttons"):
            if isinstance(button, QPushButton) and button.property("action") == action:
                button.click()
                return True
        return False

    def _offer(self, moves: list[Move]) -> None:
        view = self.scene.view
        assert view is not None
        self.choices = list({m.action: m for m in moves}.values())[:9]
        labels = [for_view(m.label, view) or m.action for m in self.choices]
        keys = choice_keys(labels)
        parts = [f"{key}: {label}" for key, label in zip(keys, labels, strict=True)]
        ask = _("Press a letter:") if keys[:1] == "A" else _("Press a number:")
        self.scene.toast(ask + " " + _(", ", ctx="list separator").join(parts), 10000)
        self.focusChanged.emit(self.scene.notice)

    def _pick(self, n: int) -> None:
        offered = self.choices or self.ahead
        if n >= len(offered):
            return
        move = offered[n]
        self.choices, self.pending = [], ()
        self.region, self.index = "cards", 0
        view = self.scene.view
        if view is None or view.seat is None:
            return
        reason = self.table.attempt(view.seat, move.action)
        if reason is not None:
            self.scene.snap_back(reason)


def card_buttons(view: View) -> list[Move]:
    """Button moves that name several cards (keys may choose those cards, then the move)."""
    return [m for m in gestures.buttons(view) if len(m.cards) > 1]


def hint_text(kind: str, arg: str, keys: bool) -> str:
    """The status bar's hint, for keys or for the mouse: "playable" (cards to play), "click"
    (cards to play, each by one click), "multi" (cards to choose), "count" (choose `arg`
    cards), "other" (the chosen cards make no move), "pending" (the sealed choice `arg`
    waits), "minutes" (the clock to report), "press" (only buttons move: said for keys only),
    "": nothing."""
    count = arg
    if kind == "press":
        return _("Arrows choose a button; Return presses it.") if keys else ""
    if kind == "pending":
        if keys:
            return render(
                Msg("Your choice: {move}. Return sends it, Escape takes it back.", move=arg)
            )
        return render(Msg("Your choice: {move}", move=arg))
    if kind == "minutes":
        return _("Minutes played since the match started:")
    if kind in ("playable", "click"):
        if keys:
            return _("Arrows move between cards, N jumps to a playable one; Return plays it.")
        if kind == "click":
            return _("Click a card to choose it.")
        return _("Drag a card to a highlighted place, or double-click it.")
    if kind == "multi":
        if keys:
            return _("Space chooses the focused card; Return plays the chosen cards.")
        return _("Click cards to choose them, then drag them or confirm.")
    if kind == "count":
        if keys:
            return render(Msg("Choose {count} cards with Space, then press Return.", count=count))
        return render(Msg("Choose {count} cards, then confirm.", count=count))
    if kind == "buttons":
        return _("Return lists what these cards can do; then press its number.")
    if kind == "other":
        if keys:
            return _("Choose other cards with Space, then press Return.")
        return _("Choose other cards, then confirm.")
    return ""
