"""Suggest a move: legal, ringed on the table, made from the seat's own information only, and
off at a LAN table unless the host allows it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import pytest
from lan_helpers import LOOPBACK, client_table, loopback_lan
from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QApplication, QWidget
from ui_helpers import Closing

from tabletop import worker
from tabletop.bots.worlds import Memory, resample
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.net.client import Client
from tabletop.net.host import Host
from tabletop.ui.app import MainWindow
from tabletop.ui.lan.netsession import HostSession
from tabletop.ui.table import hint
from tabletop.ui.table.hint import Suggestion, hints_allowed
from tabletop.ui.table.session import SeatSpec, Session, TableSession
from tabletop.ui.table.table import INSTANT, TableWidget

GAME = "second-third"
SEATS = [SeatSpec("Ann")] + [SeatSpec(name, "thumb") for name in ("Bob", "Cy", "Di")]
WAIT = 20_000


@pytest.fixture(autouse=True)
def budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Hints search a fixed number of playouts (no clock), and what a test left thinking has
    finished before the next test."""
    monkeypatch.setattr(hint, "THINK", None)
    monkeypatch.setattr(hint, "ITERATIONS", 150)
    yield
    worker.worker().wait()
    QApplication.processEvents()


def person_to_act(table: TableWidget) -> bool:
    """The served person has a move to make and nothing else is going on."""
    view = table.served_view
    return table.idle and view is not None and view.seat == 0 and bool(view.moves)


def hinted(qtbot: Any, table: TableWidget) -> Suggestion:
    """Ask the table for a hint and wait for it."""
    assert table.suggest.button.isEnabled()
    assert table.suggest.request()
    qtbot.waitUntil(lambda: table.suggest.shown is not None, timeout=WAIT)
    found = table.suggest.shown
    assert found is not None
    return found


def test_the_key_asks_for_a_legal_move_and_its_cards_are_ringed(
    qtbot: Any, closing: Closing, settings: QSettings
) -> None:
    window = closing.widget(MainWindow(settings))
    window.resize(1100, 760)
    window.show()
    table = window.start_match(get_game(GAME), SEATS, 21, {}, INSTANT)
    qtbot.waitUntil(lambda: person_to_act(table), timeout=WAIT)
    assert window.suggest_action.shortcut().toString() == "H"
    view = table.served_view
    assert view is not None
    window.suggest_action.trigger()
    qtbot.waitUntil(lambda: table.suggest.shown is not None, timeout=WAIT)
    found = table.suggest.shown
    assert found is not None and found.seat == 0
    move = next(m for m in view.moves if m.action == found.action)
    assert Counter(table.suggest.ringed()) == Counter(move.cards) and move.cards
    text = table.suggest.label.text()
    assert text.startswith("Suggested:") and "ways the unseen cards might lie" in text
    assert table.attempt(0, found.action) is None
    assert table.suggest.shown is None and table.suggest.ringed() == []


def test_the_hint_comes_from_the_seats_information_only(qtbot: Any, closing: Closing) -> None:
    """Two deals that give Ann the same hand but the others different hands: the same hint."""
    game = get_game(GAME)
    first = Session(game, SEATS, 31)
    other = resample(game, first.state, 0, Memory.told(first.state.opening, 0), Rng(5))
    hidden = [z.cards for z in game.zones(first.state) if not z.seen_by(0)]
    assert [z.cards for z in game.zones(other) if not z.seen_by(0)] != hidden
    assert game.view(other, 0).to_json() == game.view(first.state, 0).to_json()
    second = Session(game, SEATS, 31, state=other)
    found = []
    for session in (first, second):
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1100, 760)
        table.show()
        table.start()
        qtbot.waitUntil(lambda t=table: person_to_act(t), timeout=WAIT)
        found.append(hinted(qtbot, table))
        view = table.served_view
        assert view is not None and found[-1].action in [m.action for m in view.moves]
    assert found[0] == found[1]


def test_no_hints_at_a_lan_table_unless_the_host_allows_them(qtbot: Any, closing: Closing) -> None:
    """A client's table has no hint button; the host's own table only with `allow_hints`."""
    seats = [SeatSpec(network=True), SeatSpec("Ann"), SeatSpec(bot="thumb")]
    host = closing.keep(Host("interaction", seats, seed=4), lambda: host.close())
    port = host.listen(0, LOOPBACK)
    client = closing.keep(Client("Bob"), lambda: client.close())
    client.connect_to(LOOPBACK, port)
    qtbot.waitUntil(lambda: client.view is not None, timeout=WAIT)
    _session, table, _bar = client_table(qtbot, closing, client, port)
    assert not hints_allowed(table.session)
    assert not table.suggest.button.isVisible() and not table.suggest.button.isEnabled()
    assert not table.suggest.request()
    on_host = closing.keep(HostSession(host), lambda: on_host.close())
    assert not hints_allowed(on_host)
    host.allow_hints = True
    assert hints_allowed(on_host)


def test_the_host_lobby_allows_hints_only_when_asked(
    qtbot: Any, closing: Closing, settings: QSettings
) -> None:
    """The lobby's hint box starts unticked; ticked, the opened table allows hints."""
    window = closing.widget(MainWindow(settings))
    window.lan = loopback_lan()
    lobby = window.host_game("interaction")
    assert not lobby.hints.isChecked()
    lobby.port.setValue(0)  # any free port: another test may hold the default one
    assert lobby.open_table() and lobby.host is not None
    assert not lobby.host.allow_hints
    lobby.reject()
    lobby = window.host_game("interaction")
    lobby.hints.setChecked(True)
    lobby.port.setValue(0)
    assert lobby.open_table() and lobby.host is not None
    assert lobby.host.allow_hints


def test_the_hosts_own_person_gets_hints_when_allowed(qtbot: Any, closing: Closing) -> None:
    """At a LAN host that allows hints, its hot-seat person gets one, read from the host's log."""
    seats = [SeatSpec("Ann")] + [SeatSpec(bot="thumb") for _ in range(3)]
    host = closing.keep(Host(GAME, seats, seed=6), lambda: host.close())
    host.allow_hints = True
    host.start()
    session = closing.keep(HostSession(host), lambda: session.close())
    # HostSession has no `seats` list, which the table does not use
    table = closing.widget(TableWidget(cast(TableSession, session), INSTANT))
    session.updated.connect(table.feed)
    table.resize(1100, 760)
    table.show()
    table.start()
    assert table.suggest.button.isVisible()
    qtbot.waitUntil(lambda: person_to_act(table), timeout=WAIT)
    found = hinted(qtbot, table)
    assert found.action in [m.action for m in host.view(0).moves]


class _WindowsShown(QObject):
    """Records every widget shown as a window of its own."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Note a window being shown; let every event through."""
        shown = event.type() == QEvent.Type.Show
        if shown and isinstance(watched, QWidget) and watched.isWindow():
            self.shown.append(watched.objectName() or type(watched).__name__)
        return False


def test_a_new_table_opens_no_window_of_its_own(qtbot: Any, closing: Closing) -> None:
    """The hint's button and label belong to the table from the start: made visible while
    parentless, a widget would open as a window and take the focus from the app's window."""
    spy = _WindowsShown()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(spy)
    try:
        closing.widget(TableWidget(Session(get_game(GAME), SEATS, 3), INSTANT))
        QApplication.processEvents()
    finally:
        app.removeEventFilter(spy)
    assert spy.shown == []
