"""Helpers shared by the UI tests: synthetic views, real mouse drags, a driver for whole matches,
and `Closing`, which shuts at teardown whatever a test opened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QElapsedTimer, QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.exceptions import TimeoutError as WaitTimeout
from shiboken6 import isValid

from tabletop import autosave
from tabletop.autosave import Autosave
from tabletop.bots.base import RandomBot, make_bot
from tabletop.engine.registry import get_game
from tabletop.engine.text import Msg
from tabletop.engine.views import BACK, Counter, View, Zone
from tabletop.store import Store
from tabletop.ui.app import MainWindow
from tabletop.ui.table.table import TableWidget

Q = TypeVar("Q", bound=QObject)


def shut_widget(widget: QWidget) -> None:
    """Stop what a widget started (computer players; a window's LAN table, lobby and Join
    list), then close it and have it deleted."""
    if isinstance(widget, MainWindow):
        if widget.table is not None and isValid(widget.table):
            widget.table.halt()
        for dialog in (widget.lobby, widget.join_dialog):
            if dialog is not None and isValid(dialog):
                dialog.reject()
        if widget.net is not None and isValid(widget.net):
            widget.net.close()
    elif isinstance(widget, TableWidget):
        widget.halt()
    widget.close()
    widget.deleteLater()


class Closing:
    """What a test opened, shut in reverse order at its teardown (the `closing` fixture),
    whether the test passed or failed; then everything handed to deleteLater is deleted, so
    nothing of one test lives on into the next."""

    def __init__(self) -> None:
        self._steps: list[tuple[QObject, Callable[[], object]]] = []

    def widget(self, widget: Q) -> Q:
        """A window, table or dialog: halted, closed and deleted at teardown."""
        self._steps.append((widget, lambda: shut_widget(widget)))
        return widget

    def keep(self, obj: Q, close: Callable[[], object]) -> Q:
        """A host, client, relay, announcer or session: `close` (e.g. `host.close`) then
        deletion at teardown."""

        def step() -> None:
            close()
            obj.deleteLater()

        self._steps.append((obj, step))
        return obj

    def close_all(self) -> None:
        """Shut everything, newest first; every step runs even if an earlier one fails."""
        failures: list[Exception] = []
        while self._steps:
            obj, step = self._steps.pop()
            if not isValid(obj):
                continue
            try:
                step()
            except Exception as err:  # the rest must be shut all the same
                failures.append(err)
        QApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
        if failures:
            raise failures[0]


def until(qtbot: Any, ready: Callable[[], bool], timeout: int = 5000) -> None:
    """Turn the event loop until `ready()`, looking every millisecond (pytest-qt's waitUntil
    looks every 10 ms, which over a whole match of small steps adds up to seconds); raises
    pytest-qt's TimeoutError after `timeout` ms."""
    clock = QElapsedTimer()
    clock.start()
    while not ready():
        if clock.elapsed() > timeout:
            raise WaitTimeout(f"not ready within {timeout} ms")
        qtbot.wait(1)


def synthetic_view(players: int, seat: int = 0, hand: int = 10, won: int = 6) -> View:
    """A View shaped like a trick game's: hands, passing rows, won piles, trick, a pile."""
    zones = []
    for i in range(players):
        cards = tuple(f"{r}S" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J")[:hand])
        shown = cards if i == seat else (BACK,) * hand
        zones.append(Zone(f"hand{i}", "hand", shown, owner=i, label=Msg("Hand")))
        zones.append(Zone(f"pass{i}", "row", (), owner=i, label=Msg("Passing")))
        zones.append(Zone(f"won{i}", "tableau", ("AH",) * won, owner=i, label=Msg("Won")))
    zones.append(Zone("trick", "trick", ("KD", "QD", "JD"), label=Msg("Trick")))
    zones.append(Zone("deck", "pile", (BACK,) * 12, label=Msg("Deck")))
    counters = [Counter(f"score{i}", Msg("Score"), i, owner=i) for i in range(players)]
    counters.append(Counter("round", Msg("Round"), "1/3"))
    return View(
        game="demo",
        seat=seat,
        players=players,
        names=tuple(f"P{i}" for i in range(players)),
        zones=tuple(zones),
        counters=tuple(counters),
        status=Msg("P0 to play."),
        to_act=(0,),
        moves=(),
        over=False,
        hints={"deck": "standard"},
    )


def grip(card: object) -> QPointF:
    """A scene point on the visible corner of a card (fanned cards overlap on the right)."""
    return card.mapToScene(QPointF(-card.card_w * 0.35, -card.card_h * 0.3))


def view_point(table: TableWidget, scene_point: QPointF) -> QPoint:
    """A scene point in the viewport's coordinates."""
    return table.view.mapFromScene(scene_point)


def mouse_drag(table: TableWidget, start: QPointF, end: QPointF) -> None:
    """Press at `start`, move past the drag distance in steps, release at `end` (scene points)."""
    viewport = table.view.viewport()
    a, b = view_point(table, start), view_point(table, end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for k in range(1, 9):
        p = a + (b - a) * (k / 8)
        QTest.mouseMove(viewport, p)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    QApplication.processEvents()


def hover_scene(table: TableWidget, point: QPointF) -> None:
    """Move the pointer (no button held) to a scene point: a move event sent to the view
    itself. QTest moves the pointer through the platform's cursor, which under the offscreen
    platform sends nothing when the pointer already rests on that pixel, and sends the move to
    the first window there, which may be another test's window still open."""
    viewport = table.view.viewport()
    local = QPointF(view_point(table, point))
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        local,
        QPointF(viewport.mapToGlobal(local)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(viewport, move)
    QApplication.processEvents()


def click_scene(table: TableWidget, point: QPointF) -> None:
    """A left click at a scene point."""
    QTest.mouseClick(
        table.view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        view_point(table, point),
    )
    QApplication.processEvents()


def double_click_scene(table: TableWidget, point: QPointF) -> None:
    """A double-click at a scene point, as Qt delivers one to a widget (press, release,
    double-click, release), with no frame drawn in between."""
    viewport = table.view.viewport()
    where = view_point(table, point)
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, left, none, where)
    QTest.mouseRelease(viewport, left, none, where)
    QTest.mouseDClick(viewport, left, none, where)
    QTest.mouseRelease(viewport, left, none, where)
    QApplication.processEvents()


def gesture(table: TableWidget, action: str) -> None:
    """Perform a legal action of the served seat the way a person does: drop, click or press."""
    view = table.served_view
    assert view is not None
    move = next(m for m in view.moves if m.action == action)
    if move.gesture == "drag":
        table.scene.drop(move.cards, move.target or "")
    elif move.gesture == "click":
        item = table.scene.card(move.cards[0])
        assert item is not None
        item.clicked.emit(item)
    else:
        assert table.press(action) is None
    if table.pending is not None:
        # a sealed choice lies face down until it is confirmed
        assert table.press(action) is None


def play_through(qtbot: object, table: TableWidget, seed: int = 1, limit: int = 5000) -> int:
    """Play a whole match: people's moves (chosen by a random player) through gestures,
    curtains lifted by clicks, computer seats by their own timers. Returns moves made."""
    session = table.session
    chooser = make_bot(session.game.info.id, "random", seed)
    made = 0
    while not session.over and made < limit:
        until(qtbot, lambda: table.idle and not table.bot_timer.isActive())
        if session.over:
            break
        if table.summary.isVisible():
            QTest.keyClick(table.summary, Qt.Key.Key_Space)
            continue
        if table.scene.covered:
            click_scene(table, table.scene.sceneRect().center())
            continue
        view = table.served_view
        if view is None or view.seat not in session.to_act():
            until(
                qtbot,
                lambda: (
                    session.over
                    or table.served_view.seat in session.to_act()
                    or table.scene.covered
                ),
            )
            continue
        before = session.actions
        gesture(table, chooser.choose(view))
        assert session.actions == before + 1
        made += 1
    return made


def play_saved(
    store: Store, game_id: str, names: list[str], seed: int, moves: int | None
) -> Autosave:
    """A match saved through `store` (seat 0 a person, the rest computers), played by random
    players for `moves` actions (None: to the end). Returns the Autosave."""
    game = get_game(game_id)
    state = game.setup(len(names), None, seed)
    state.names = tuple(names)
    save = autosave.start(store, game, state, [None] + ["random"] * (len(names) - 1))
    bot = RandomBot(seed)
    made = 0
    while game.to_act(state) and (moves is None or made < moves):
        seat = min(game.to_act(state))
        action = bot.choose(game.view(state, seat))
        save.action(seat, action, game.apply(state, seat, action))
        made += 1
    return save
