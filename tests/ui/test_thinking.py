"""Computer players think on the worker thread: the table keeps painting, menus open, a match
can be left mid-think, the same moves come out as when they thought on the GUI thread, and a
LAN host's computer seat does not hold up the other seats."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMenu
from ui_helpers import Closing

from tabletop import worker
from tabletop.bots import search
from tabletop.bots.base import Bot, make_bot
from tabletop.engine.registry import get_game
from tabletop.engine.views import View
from tabletop.i18n import set_language
from tabletop.net.host import Host
from tabletop.ui.app import MainWindow
from tabletop.ui.table import session as session_module
from tabletop.ui.table.session import SeatSpec, Session
from tabletop.ui.table.table import INSTANT, TableWidget

GAME = "second-third"
SEATS = [SeatSpec("Ann"), SeatSpec("Deep", "search"), SeatSpec("Bob", "thumb"), SeatSpec("Cy")]
"""Ann and Cy are people; the search player (seat 1) is the first computer asked to pass."""

WAIT = 20_000
"""Upper bound (ms) of any one wait; a think lasts about a second."""


class Ticks(QObject):
    """Counts a 10 ms timer's ticks on the GUI thread and the paint events of one widget,
    asking that widget to repaint on every tick."""

    def __init__(self, widget: Any) -> None:
        super().__init__()
        self.widget = widget
        self.ticks = 0
        self.paints = 0
        widget.installEventFilter(self)
        self.timer = QTimer(self)
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        self.ticks += 1
        self.widget.update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Count the paint events."""
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False

    def stop(self) -> None:
        """Stop ticking and counting."""
        self.timer.stop()
        self.widget.removeEventFilter(self)


class Watched:
    """A computer player whose choices are watched: on which thread, and how many GUI ticks
    and paints went by while it thought."""

    def __init__(self, inner: Bot, ticks: Ticks | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.ticks = ticks
        self.threads: set[int] = set()
        self.spans: list[tuple[int, int, int, int]] = []
        self.thinking = False
        self.clashes = 0
        """Times it was fed events, or asked again, while it was thinking."""

    def observe(self, events: list[dict[str, Any]]) -> None:
        """Pass the events on."""
        self.clashes += self.thinking
        self.inner.observe(events)  # type: ignore[attr-defined]

    def choose(self, view: View) -> str:
        """The inner player's choice, with the ticks and paints counted around it."""
        self.clashes += self.thinking
        self.threads.add(threading.get_ident())
        ticks = self.ticks
        t0, p0 = (ticks.ticks, ticks.paints) if ticks else (0, 0)
        self.thinking = True
        try:
            return self.inner.choose(view)
        finally:
            self.thinking = False
            t1, p1 = (ticks.ticks, ticks.paints) if ticks else (0, 0)
            self.spans.append((t0, t1, p0, p1))


def watch(table: TableWidget, seat: int, ticks: Ticks | None = None) -> Watched:
    """Watch a seat's computer player (before the table's first bot step runs)."""
    session = table.session
    assert isinstance(session, Session)
    watched = Watched(session.bots[seat], ticks)
    session.bots[seat] = watched
    return watched


def test_the_table_paints_and_menus_open_while_a_computer_thinks(
    qtbot: Any, closing: Closing, settings: QSettings
) -> None:
    """A search player thinks about a second: meanwhile the GUI thread's timer keeps ticking,
    the table keeps painting and the Game menu opens."""
    window = closing.widget(MainWindow(settings))
    window.resize(1100, 760)
    window.show()
    qtbot.waitExposed(window)
    table = window.start_match(get_game(GAME), SEATS, 11, {}, INSTANT)
    ticks = Ticks(table.view.viewport())
    closing.keep(ticks, ticks.stop)
    deep = watch(table, 1, ticks)
    qtbot.waitUntil(lambda: deep.thinking, timeout=WAIT)
    assert table.turns.thinking and not table.idle
    menu = window.menuBar().actions()[0].menu()
    assert isinstance(menu, QMenu)
    menu.popup(QPoint(10, 10))
    qtbot.waitUntil(menu.isVisible, timeout=WAIT)
    opened_at = ticks.ticks
    menu.close()
    qtbot.waitUntil(lambda: bool(deep.spans), timeout=WAIT)
    (t0, t1, p0, p1), *_ = deep.spans
    assert threading.get_ident() not in deep.threads and deep.clashes == 0
    # on the GUI thread, neither would move at all while the computer thinks
    assert t1 - t0 >= 1, "the GUI thread's timer stood still while the computer thought"
    assert p1 - p0 >= 1, "the table did not repaint while the computer thought"
    assert t0 <= opened_at <= t1
    qtbot.waitUntil(lambda: 1 not in table.session.to_act(), timeout=WAIT)
    assert any('"type":"action","seat":1' in line for line in table.session.log() or [])


def test_a_match_left_mid_think_takes_no_late_move(
    qtbot: Any, closing: Closing, settings: QSettings
) -> None:
    """A new game while the computer thinks: its choice never lands, in the old match or the
    new one, and the new match plays on; closing the window mid-think is safe too."""
    window = closing.widget(MainWindow(settings))
    window.show()
    old = window.start_match(get_game(GAME), SEATS, 12, {}, INSTANT)
    deep = watch(old, 1)
    qtbot.waitUntil(lambda: deep.thinking, timeout=WAIT)
    old_session = old.session
    assert isinstance(old_session, Session)
    made, lines = old_session.actions, list(old_session.log())
    people = [SeatSpec("Ann")] + [SeatSpec(name, "thumb") for name in ("Bob", "Cy", "Di")]
    new = window.start_match(get_game(GAME), people, 13, {}, INSTANT)
    new_session = new.session
    assert isinstance(new_session, Session)
    qtbot.waitUntil(lambda: bool(deep.spans), timeout=WAIT)
    worker.worker().wait()
    QApplication.processEvents()
    assert old_session.actions == made and old_session.log() == lines
    assert not old_session._held
    qtbot.waitUntil(lambda: new.idle and 0 in new_session.to_act(), timeout=WAIT)
    acted = [line for line in new_session.log() if '"type":"action"' in line]
    assert acted and not any('"seat":0' in a for a in acted)  # the computers passed

    third = window.start_match(get_game(GAME), SEATS, 14, {}, INSTANT)
    again = watch(third, 1)
    qtbot.waitUntil(lambda: again.thinking, timeout=WAIT)
    window.close()
    window.deleteLater()
    qtbot.waitUntil(lambda: bool(again.spans), timeout=WAIT)
    worker.worker().wait()
    QApplication.processEvents()


def test_a_match_sat_again_mid_think_goes_on_once(qtbot: Any, closing: Closing) -> None:
    """The same match at a new table (as after a language switch) while its computer still
    thinks for the old one: the old choice is dropped, the player is never fed while it
    thinks, and it moves exactly once."""
    session = Session(get_game(GAME), SEATS, 15)
    first = closing.widget(TableWidget(session, INSTANT))
    first.show()
    first.start()
    deep = watch(first, 1)
    qtbot.waitUntil(lambda: deep.thinking, timeout=WAIT)
    assert first.attempt(0, session.view(0).moves[0].action) is None  # Ann passes meanwhile
    first.halt()
    second = closing.widget(TableWidget(session, INSTANT))
    second.show()
    second.start()
    qtbot.waitUntil(lambda: 1 not in session.to_act(), timeout=WAIT)
    assert len(deep.spans) == 2 and deep.clashes == 0
    acted = [line for line in session.log() if '"type":"action","seat":1' in line]
    assert len(acted) == 1


def test_threaded_computers_make_the_moves_they_made_on_the_gui_thread(
    qtbot: Any, closing: Closing, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four computers (two searching with a playout budget) play the same moves at the table,
    thinking on the worker thread, as called one by one on this thread: the logs agree."""
    search_player = search.make_search(GAME, iterations=12)
    assert search_player is not None

    def made(game_id: str, name: str, seed: int) -> Bot:
        return search_player(seed) if name == "search" else make_bot(game_id, name, seed)

    monkeypatch.setattr(session_module, "table_player", made)
    seats = [SeatSpec("A", "search"), SeatSpec("B", "thumb"), SeatSpec("C", "search")]
    seats.append(SeatSpec("D", "random"))
    steps = 40
    here = Session(get_game(GAME), seats, 5)
    while here.actions < steps:
        seat = here.bot_seats_to_act()[0]
        here.act(seat, here.bot_choice(seat))
    there = Session(get_game(GAME), seats, 5)
    table = closing.widget(TableWidget(there, INSTANT))
    table.show()
    table.start()
    qtbot.waitUntil(lambda: there.actions >= steps, timeout=60_000)
    table.halt()

    def actions(session: Session) -> list[str]:
        return [line for line in session.log() if '"type":"action"' in line][:steps]

    assert actions(there) == actions(here)
    assert there.log()[: len(here.log())] == here.log()


def test_a_hosts_computer_seat_does_not_hold_up_the_others(qtbot: Any, closing: Closing) -> None:
    """On a LAN host the search seat thinks on the worker thread: the event loop keeps turning
    and a hot-seat person's move is applied and sent while the computer still thinks."""
    seats = [SeatSpec(bot="search"), SeatSpec("Ann")]
    seats += [SeatSpec(bot="thumb"), SeatSpec(bot="thumb")]
    host = closing.keep(Host(GAME, seats, seed=8), lambda: host.close())
    ticks = closing.keep(Ticks(_Widget()), lambda: ticks.stop())
    inner = host._seats[0].stand_in
    assert inner is not None
    deep = Watched(inner, ticks)
    host._seats[0].stand_in = deep
    host.start()
    qtbot.waitUntil(lambda: deep.thinking, timeout=WAIT)
    view = host.view(1)
    assert host.act_local(1, view.moves[0].action) is None
    qtbot.waitUntil(lambda: bool(host.step_times), timeout=WAIT)
    sent_while_thinking = deep.thinking
    qtbot.waitUntil(lambda: bool(deep.spans), timeout=WAIT)
    (t0, t1, _p0, _p1), *_ = deep.spans
    assert threading.get_ident() not in deep.threads
    assert sent_while_thinking
    assert t1 - t0 >= 1
    qtbot.waitUntil(lambda: 0 not in host.game.to_act(host.state), timeout=WAIT)
    log = host.log_text().splitlines()
    acted = [line for line in log if '"type":"action"' in line]
    assert '"seat":1' in acted[0] and any('"seat":0' in a for a in acted[1:])


class _Widget(QObject):
    """A stand-in with `update` for the host test (nothing to paint)."""

    def update(self) -> None:
        """Nothing to repaint."""


class _Broken:
    """A computer player that fails whenever it is asked to choose."""

    name = "broken"

    def observe(self, events: list[dict[str, Any]]) -> None:
        """Hear nothing."""

    def choose(self, view: View) -> str:
        """Fail."""
        raise RuntimeError("out of ideas")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_computer_that_fails_plays_its_first_legal_move_and_says_so(
    qtbot: Any, closing: Closing, lang: str, capsys: Any
) -> None:
    """The match goes on with the failing seat's first legal move, and the notice names the seat
    wholly in the reader's language; the error goes to standard error."""
    seats = [SeatSpec("Ann"), SeatSpec("Deep", "thumb"), SeatSpec("Bob", "thumb")]
    session = Session(get_game(GAME), seats, 16)
    first = session.view(1).moves[0].action
    set_language(lang)
    try:
        table = closing.widget(TableWidget(session, INSTANT))
        session.bots[1] = _Broken()  # type: ignore[assignment]
        table.show()
        table.start()
        qtbot.waitUntil(lambda: 1 not in session.to_act(), timeout=WAIT)
        notice = table.scene.notice
    finally:
        set_language("en")
    assert f'"type":"action","seat":1,"action":"{first}"' in "".join(session.log())
    assert "Deep" in notice and "out of ideas" not in notice
    assert ("選べません" in notice) == (lang == "ja")
    assert "RuntimeError: out of ideas" in capsys.readouterr().err
