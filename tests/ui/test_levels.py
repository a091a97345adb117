"""Computer players by level in the new-game dialog, the lobby, the table and the saved-match
list; the seat count typed directly; Edit › Undo against computers."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox
from ui_helpers import Closing, gesture, play_saved

from tabletop.bots.base import make_bot
from tabletop.engine.registry import get_game
from tabletop.net.host import Host
from tabletop.seats import SeatSpec, parse_seats
from tabletop.store import Store
from tabletop.ui.app import MainWindow, apply_language
from tabletop.ui.dialogs.newgame import NewGameDialog, load_choices
from tabletop.ui.lan.lobby import HostLobby
from tabletop.ui.table.table import INSTANT, TableWidget

RAW = ("random", "thumb", "search")
"""The registered names no person should read."""

WAIT = 15000


@pytest.fixture
def japanese() -> Iterator[None]:
    """The app in Japanese for the test, English again afterwards."""
    apply_language("ja")
    try:
        yield
    finally:
        apply_language("en")


def _items(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def _no_raw_name(texts: list[str]) -> bool:
    return not any(raw in text.lower() for text in texts for raw in RAW)


def test_the_dialog_seats_25_by_typing_the_count(closing: Closing, settings: QSettings) -> None:
    info = get_game("hagetaka-party").info
    dialog = closing.widget(NewGameDialog(info, settings))
    assert (dialog.count.minimum(), dialog.count.maximum()) == (3, 25)
    assert dialog.count.value() == len(dialog.seat_rows) == 3
    dialog.count.lineEdit().selectAll()
    QTest.keyClicks(dialog.count, "25")
    assert len(dialog.seat_rows) == 25 == len(dialog.seats())
    assert dialog.seats()[24] == SeatSpec("CPU 25", "thumb")
    dialog.seat_rows[3].remove.click()
    assert dialog.count.value() == len(dialog.seat_rows) == 24
    dialog.count.setValue(3)
    assert [s.name for s in dialog.seats()] == ["You", "CPU 2", "CPU 3"]
    dialog.seat_rows[2].remove.click()
    assert len(dialog.seat_rows) == 3, "a game's smallest table keeps its seats"


def test_the_dialog_offers_levels_by_name_defaulting_to_steady(
    closing: Closing, settings: QSettings
) -> None:
    info = get_game("second-third").info
    dialog = closing.widget(NewGameDialog(info, settings))
    kind = dialog.seat_rows[1].kind
    assert _items(kind) == ["Person", "Computer: Easy", "Computer: Steady", "Computer: Strong"]
    assert kind.currentText() == "Computer: Steady"
    assert _no_raw_name(_items(kind))
    tips = [kind.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(1, kind.count())]
    assert all(tips) and "second" in tips[2]
    kind.setCurrentIndex(kind.findText("Computer: Strong"))
    dialog.seat_rows[2].kind.setCurrentIndex(1)
    assert [s.bot for s in dialog.seats()] == [None, "search", "random"]
    dialog._accept()
    assert [s.bot for s in load_choices(settings, info)["seats"]] == [None, "search", "random"]
    again = closing.widget(NewGameDialog(info, settings))
    assert again.seat_rows[1].kind.currentText() == "Computer: Strong"


def test_the_dialog_names_levels_in_japanese(
    closing: Closing, settings: QSettings, japanese: None
) -> None:
    dialog = closing.widget(NewGameDialog(get_game("triq").info, settings))
    assert _items(dialog.seat_rows[1].kind)[1:] == [
        "コンピューター（かんたん）",
        "コンピューター（ふつう）",
        "コンピューター（つよい）",
    ]


def test_interaction_shows_strong_withheld_and_says_why(
    closing: Closing, settings: QSettings, japanese: None
) -> None:
    """Where the search measured no stronger than Steady, no picker promises a Strong player:
    the level is listed disabled with the reason, in both pickers and in Japanese."""
    info = get_game("interaction").info
    combos = [
        closing.widget(NewGameDialog(info, settings)).seat_rows[1].kind,
        closing.widget(HostLobby(settings, "interaction")).seat_choices[1].kind,
    ]
    for kind in combos:
        last = kind.count() - 1
        assert kind.itemText(last) == "コンピューター（つよい：このゲームでは「ふつう」と同じ強さ）"
        assert not kind.model().item(last).isEnabled()
        assert "先読み" in kind.itemData(last, Qt.ItemDataRole.ToolTipRole)
        assert kind.findData("search") < 0 and kind.findData("cpu:search") < 0
        kind.setCurrentIndex(last - 1)
        QTest.keyClick(kind, Qt.Key.Key_Down)
        assert kind.currentIndex() == last - 1, "the keyboard does not choose a withheld level"


def test_the_lobby_offers_levels_and_shows_them_once_open(
    qtbot: object, closing: Closing, settings: QSettings
) -> None:
    lobby = closing.widget(HostLobby(settings, "second-third"))
    choice = lobby.seat_choices[2]
    assert _items(choice.kind)[2:] == ["Computer: Easy", "Computer: Steady", "Computer: Strong"]
    assert choice.kind.currentText() == "Computer: Steady"
    choice.kind.setCurrentIndex(choice.kind.findText("Computer: Strong"))
    assert choice.spec() == SeatSpec(bot="search")
    lobby.port.setValue(0)
    assert lobby.open_table()
    host = lobby.host
    assert host is not None
    assert host.seat_rows()[2]["name"] == "CPU 3" and host.seat_rows()[2]["computer"] == "search"
    qtbot.waitUntil(lambda: choice.status.text() == "CPU 3 (Strong)", timeout=WAIT)
    lobby.close_table()


def test_a_lan_host_seeds_its_computers_by_the_one_recipe(qtbot: object, closing: Closing) -> None:
    """A LAN table of computers alone plays the very match an app table plays from that seed."""
    game = get_game("second-third")
    seats = parse_seats("second-third", ["cpu:easy", "cpu", "cpu:easy"], network=True)
    host = closing.keep(
        Host("second-third", seats, seed=12, auto_start=False), lambda: host.close()
    )
    host.start()
    qtbot.waitUntil(host.is_over, timeout=WAIT)
    from tabletop.ui.table.session import Session

    session = Session(game, parse_seats("second-third", ["cpu:easy", "cpu", "cpu:easy"]), 12)
    while not session.over:
        seat = session.bot_seats_to_act()[0]
        session.act(seat, session.bot_choice(seat))
    actions = [t for t in session.log() if '"type":"action"' in t]
    assert [t for t in host.log_text().splitlines() if '"type":"action"' in t] == actions


def test_plates_and_the_saved_match_list_show_levels(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    store = Store(data_dir)
    play_saved(store, "second-third", ["Ann", "CPU 2", "CPU 3"], 6, 4)
    window = closing.widget(MainWindow(settings, store))
    people = window.launcher.saves.topLevelItem(0).text(2)
    assert people == "Ann, CPU 2 (Easy), CPU 3 (Easy)"
    game = get_game("second-third")
    seats = parse_seats("second-third", ["You", "cpu:strong", "cpu"])
    table = window.start_match(game, seats, 4, {}, INSTANT, autoplay=False)
    qtbot.waitUntil(lambda: table.served_view is not None, timeout=WAIT)
    plates = [p.name for p in table.scene.plates.values()]
    assert sorted(plates) == ["CPU 2 (Strong)", "CPU 3 (Steady)", "You"]


def _settled(table: TableWidget) -> bool:
    """Nothing moves and no computer is about to play: the person's turn (or the end)."""
    session = table.session
    return table.idle and not table.bot_timer.isActive() and not session.bot_seats_to_act()


def _actions(lines: list[str]) -> int:
    return sum(1 for t in lines if json.loads(t)["type"] == "action")


def _press_undo(qtbot: object, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


@pytest.fixture
def window(qtbot: object, closing: Closing, settings: QSettings, data_dir: str) -> MainWindow:
    """The app window, shown offscreen, saving to the test's data folder."""
    shown = closing.widget(MainWindow(settings, Store(data_dir)))
    shown.resize(1100, 760)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


def test_ctrl_z_takes_back_my_move_and_the_computers_replies(
    qtbot: object, window: MainWindow
) -> None:
    game = get_game("second-third")
    seats = parse_seats("second-third", ["You", "cpu:easy", "cpu"])
    table = window.start_match(game, seats, 5, {}, INSTANT)
    assert not window.undo_action.isEnabled()
    chooser = make_bot("second-third", "random", 3)
    logs = []
    for _ in range(3):
        qtbot.waitUntil(lambda: _settled(window.table), timeout=WAIT)
        logs.append(window.table.session.log())
        gesture(window.table, chooser.choose(window.table.served_view))
    qtbot.waitUntil(lambda: _settled(window.table), timeout=WAIT)
    assert window.undo_action.isEnabled()
    last = window.table.session.log()
    assert _actions(last) > _actions(logs[-1]) + 1, "the computers replied"
    path = window.table.session.recorder.path
    for before in reversed(logs[1:]):
        _press_undo(qtbot, window)
        qtbot.waitUntil(lambda b=before: window.table.session.log() == b, timeout=WAIT)
        assert window.table is not table
        assert path.read_text(encoding="utf-8").splitlines() == before
        qtbot.waitUntil(lambda: _settled(window.table), timeout=WAIT)
        assert 0 in window.table.session.to_act()
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: window.table.session.log() == logs[0], timeout=WAIT)
    qtbot.waitUntil(lambda: _settled(window.table), timeout=WAIT)
    assert not window.undo_action.isEnabled()
    _press_undo(qtbot, window)
    assert window.table.session.log() == logs[0]
    resumed = window.table.session
    again = chooser.choose(window.table.served_view)
    gesture(window.table, again)
    assert resumed.actions == _actions(logs[0]) + 1


def test_no_undo_with_other_people_at_the_table(qtbot: object, window: MainWindow) -> None:
    game = get_game("second-third")
    seats = parse_seats("second-third", ["Ann", "Bob", "cpu"])
    table = window.start_match(game, seats, 5, {}, INSTANT)
    chooser = make_bot("second-third", "random", 3)
    qtbot.waitUntil(lambda: _settled(table), timeout=WAIT)
    if table.scene.covered:
        table.reveal()
    qtbot.waitUntil(
        lambda: table.served_view is not None and bool(table.served_view.moves), timeout=WAIT
    )
    gesture(table, chooser.choose(table.served_view))
    qtbot.waitUntil(lambda: table.idle, timeout=WAIT)
    log = table.session.log()
    assert _actions(log) >= 1
    assert not window.undo_action.isEnabled()
    _press_undo(qtbot, window)
    assert window.table is table and table.session.log() == log


def test_no_undo_at_a_lan_table(qtbot: object, window: MainWindow) -> None:
    seats = parse_seats("second-third", ["Ann", "cpu", "cpu"], network=True)
    host = Host("second-third", seats, seed=5, auto_start=False)
    host.start()
    table = window.sit_host(host, None)
    chooser = make_bot("second-third", "random", 3)
    qtbot.waitUntil(
        lambda: table.idle and table.served_view is not None and bool(table.served_view.moves),
        timeout=WAIT,
    )
    gesture(table, chooser.choose(table.served_view))
    qtbot.waitUntil(
        lambda: "Ann" in host.log_text() and '"seat":0' in host.log_text(), timeout=WAIT
    )
    log = host.log_text()
    assert not window.undo_action.isEnabled()
    _press_undo(qtbot, window)
    assert window.table is table and host.log_text().startswith(log)


def test_the_results_name_computers_by_level(qtbot: object, window: MainWindow) -> None:
    game = get_game("trump-duel")
    seats = parse_seats("trump-duel", ["cpu:easy", "cpu:steady"])
    window.start_match(game, seats, 3, {}, INSTANT)
    qtbot.waitUntil(
        lambda: window.results is not None and window.results.isVisible(), timeout=60000
    )
    results = window.results
    names = sorted(results.table.item(r, 1).text() for r in range(results.table.rowCount()))
    assert names == ["CPU 1 (Easy)", "CPU 2 (Steady)"]
