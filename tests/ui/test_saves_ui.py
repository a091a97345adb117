"""Autosave at the table, resume after a kill, damaged saves reported, discarding a save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from ui_helpers import Closing, gesture, play_saved

from tabletop.bots.base import make_bot
from tabletop.engine.registry import get_game
from tabletop.store import Store
from tabletop.ui import app as app_module
from tabletop.ui.app import MainWindow
from tabletop.ui.table.session import SeatSpec
from tabletop.ui.table.table import INSTANT, TableWidget

SEATS = [SeatSpec("Ann"), SeatSpec("Bob", "thumb"), SeatSpec("Cy", "random")]


def _window(closing: Closing, settings: QSettings, data_dir: str) -> MainWindow:
    window = closing.widget(MainWindow(settings, Store(data_dir)))
    return window


def _move(qtbot: object, table: TableWidget, chooser: object) -> None:
    """One action: a computer's by its own step, or the person's by a gesture."""
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    session = table.session
    if session.bot_seats_to_act():
        assert table.step_bot()
    else:
        gesture(table, chooser.choose(table.served_view))


def _saved_actions(path: Path) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return sum(1 for t in lines if json.loads(t)["type"] == "action")


def test_every_action_is_autosaved(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    window = _window(closing, settings, data_dir)
    table = window.start_match(get_game("second-third"), SEATS, 5, {}, INSTANT, autoplay=False)
    path = table.session.recorder.path
    assert path.is_file() and _saved_actions(path) == 0
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["names"] == ["Ann", "Bob", "Cy"] and header["bots"] == [None, "thumb", "random"]
    chooser = make_bot("second-third", "random", 3)
    sizes = [path.stat().st_size]
    people = computers = 0
    for n in range(1, 13):
        person = not table.session.bot_seats_to_act()
        _move(qtbot, table, chooser)
        people, computers = people + person, computers + (not person)
        assert _saved_actions(path) == n == table.session.actions
        sizes.append(path.stat().st_size)
        (info,), _ = Store(data_dir).unfinished()
        assert info.actions == n
    assert people and computers
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)


def test_kill_then_resume_shows_the_same_table(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    first = _window(closing, settings, data_dir)
    assert first.launcher.saves_box.isHidden()
    table = first.start_match(get_game("second-third"), SEATS, 8, {}, INSTANT, autoplay=False)
    chooser = make_bot("second-third", "random", 1)
    for _ in range(9):
        _move(qtbot, table, chooser)
    while table.session.bot_seats_to_act():  # stop where the person must act
        _move(qtbot, table, chooser)
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    before, shown, actions = table.served_view, table.shown, table.session.actions
    assert before is not None and before.moves
    # killed: the window goes away without finishing or saving anything more
    first.hide()

    second = _window(closing, settings, data_dir)
    launcher = second.launcher
    assert not launcher.saves_box.isHidden()
    assert launcher.saves.topLevelItemCount() == 1
    row = launcher.saves.topLevelItem(0)
    assert "Second Third" in row.text(1)
    assert row.text(2) == "Ann, Bob (Steady), Cy (Easy)"
    assert row.text(0) and row.text(3) == str(actions)
    second.command_actions["resume"].trigger()
    resumed = second.table
    assert resumed is not None and second.stack.currentWidget() is resumed
    qtbot.waitUntil(lambda: resumed.idle, timeout=5000)
    assert resumed.session.seats == SEATS
    assert resumed.session.actions == actions
    assert resumed.shown == shown
    assert resumed.served_view == before
    # play goes on and keeps being saved into the same file
    path = resumed.session.recorder.path
    _move(qtbot, resumed, chooser)
    assert _saved_actions(path) == actions + 1


def test_resume_of_several_people_starts_behind_the_curtain(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    store = Store(data_dir)
    save = play_saved(store, "second-third", ["Ann", "Bob", "Cy"], 4, 7)
    lines = save.path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["bots"] = [None, None, "thumb"]
    save.path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    window = _window(closing, settings, data_dir)
    table = window.resume(save.id, INSTANT)
    assert table is not None
    assert table.session.humans == (0, 1)
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    if table.session.bot_seats_to_act():
        qtbot.waitUntil(lambda: not table.session.bot_seats_to_act(), timeout=10000)
    assert table.scene.covered
    assert table.served_view.seat is None  # nothing private is drawn behind the curtain


def _close(box: QMessageBox | None) -> str:
    assert box is not None and box.isVisible()
    text = box.text() + "\n" + box.informativeText()
    box.button(QMessageBox.StandardButton.Ok).click()
    assert not box.isVisible()
    return text


def test_a_corrupted_save_is_reported_and_kept_aside(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    store = Store(data_dir)
    good = play_saved(store, "second-third", ["Ann", "Bob", "Cy"], 2, 5)
    cut = play_saved(store, "second-third", ["Dee", "Eve", "Flo"], 3, 5)
    cut.path.write_bytes(cut.path.read_bytes()[:-7])  # killed in the middle of a write
    wrong = play_saved(store, "interaction", ["Gus", "Hal", "Ida"], 4, 5)
    lines = wrong.path.read_text(encoding="utf-8").splitlines()
    lines[-1] = json.dumps({"type": "action", "seat": 0, "action": "nonsense"})
    wrong.path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    window = _window(closing, settings, data_dir)
    text = _close(window.notice)
    assert "2 saved matches could not be read" in text
    assert "truncated" in text and "nonsense" in text
    assert "damaged" in text  # where each one was kept
    kept = sorted(p.name for p in Path(data_dir, "damaged").iterdir())
    assert len([k for k in kept if k.endswith(".reason.txt")]) == 2
    assert not cut.path.exists() and not wrong.path.exists()
    launcher = window.launcher
    assert launcher.saves.topLevelItemCount() == 1
    assert launcher.current_save().id == good.id


def test_a_save_damaged_after_listing_is_reported_on_resume(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    save = play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 6, 4)
    window = _window(closing, settings, data_dir)
    assert window.notice is None
    save.path.write_text("not a log\n", encoding="utf-8")
    window.command_actions["resume"].trigger()
    assert window.table is None and window.stack.currentWidget() is window.launcher
    assert "not JSON" in _close(window.notice)
    assert window.launcher.saves_box.isHidden()


def test_discard_asks_then_deletes(
    qtbot: object,
    closing: Closing,
    settings: QSettings,
    data_dir: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save = play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 6, 4)
    window = _window(closing, settings, data_dir)
    asked: list[str] = []
    monkeypatch.setattr(app_module, "confirm", lambda _p, _t, text: asked.append(text) or False)
    window.command_actions["discard"].trigger()
    assert save.path.exists() and "Ann, Bob, Cy" in asked[0]
    monkeypatch.setattr(app_module, "confirm", lambda *_: True)
    window.command_actions["discard"].trigger()
    assert not save.path.exists() and window.launcher.saves_box.isHidden()


def test_leaving_the_table_keeps_the_match_to_resume(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    window = _window(closing, settings, data_dir)
    game = get_game("second-third")
    seats = [SeatSpec("CPU 1", "random"), SeatSpec("CPU 2", "random"), SeatSpec("CPU 3", "random")]
    table = window.start_match(game, seats, 3, {}, INSTANT)
    qtbot.waitUntil(lambda: table.session.actions >= 3, timeout=10000)
    window.show_launcher()
    actions = table.session.actions
    qtbot.wait(50)
    assert table.session.actions == actions  # the computers stopped with the table
    assert window.launcher.current_save().actions == actions


def test_a_save_naming_an_unknown_computer_player_is_not_resumed(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    save = play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 6, 4)
    lines = save.path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["bots"] = [None, "grandmaster", "random"]
    save.path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    window = _window(closing, settings, data_dir)
    assert window.resume(save.id) is None
    assert "grandmaster" in _close(window.notice)
    assert save.path.exists()  # kept: a newer version of the app may know that player


def test_a_full_disk_does_not_stop_play(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    window = _window(closing, settings, data_dir)
    table = window.start_match(get_game("second-third"), SEATS, 5, {}, INSTANT, autoplay=False)
    recorder = table.session.recorder

    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    recorder.action = full
    _move(qtbot, table, make_bot("second-third", "random", 3))
    assert table.session.actions == 1
    assert "could not be saved: No space left on device" in table.scene.notice
    del recorder.action  # the disk has room again
    _move(qtbot, table, make_bot("second-third", "random", 3))
    assert table.session.save_error == ""
