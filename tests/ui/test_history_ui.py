"""Match history in the launcher, and the replay viewer (public by default, reveal all)."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from ui_helpers import Closing, play_saved

from tabletop.engine.registry import get_game
from tabletop.engine.views import BACK
from tabletop.i18n.cards import card_name
from tabletop.store import Store
from tabletop.ui.app import MainWindow
from tabletop.ui.replay import ReplayWidget
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.layout import LEAST_WIDTH, least_height
from tabletop.ui.table.session import SeatSpec
from tabletop.ui.table.table import INSTANT


def _window(closing: Closing, settings: QSettings, data_dir: str) -> MainWindow:
    window = closing.widget(MainWindow(settings, Store(data_dir)))
    window.resize(1100, 760)
    return window


def _drawn(replay: ReplayWidget) -> dict[str, list[str]]:
    """Card codes on the table per zone; every card item in the scene must be one of them."""
    scene = replay.scene
    items = [i for i in scene.items() if isinstance(i, CardItem)]
    assert {id(i) for i in items} == {id(c) for c in scene.cards}
    out: dict[str, list[str]] = defaultdict(list)
    for item in scene.cards:
        out[item.zone_id].append(item.code)
    return dict(out)


def _check_public(replay: ReplayWidget) -> int:
    """The table shows exactly the spectator's View; returns how many backs it shows."""
    stepper, k = replay.stepper, replay.k
    state = stepper.state(k)
    public = stepper.game.view(state, None)
    assert _drawn(replay) == {z.id: list(z.cards) for z in public.zones if z.cards}
    backs = 0
    for zone in stepper.game.zones(state):
        drawn = _drawn(replay).get(zone.id, [])
        if not zone.seen_by(None):
            assert set(drawn) <= {BACK}, f"step {k}: hidden {zone.id} shows {drawn}"
            backs += len(drawn)
    return backs


def test_the_history_lists_finished_matches(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    store = Store(data_dir)
    first = play_saved(store, "second-third", ["Ann", "Bob", "Cy"], 3, None)
    second = play_saved(store, "interaction", ["Dee", "Eve", "Flo", "Gus"], 5, None)
    play_saved(store, "second-third", ["Hal", "Ida", "Jo"], 7, 10)  # unfinished: not history
    window = _window(closing, settings, data_dir)
    tree = window.launcher.history
    assert tree.topLevelItemCount() == 2
    newest, oldest = tree.topLevelItem(0), tree.topLevelItem(1)
    assert newest.text(1).endswith("(Interaction)") and newest.text(2) == "Dee, Eve, Flo, Gus"
    assert oldest.text(1) == "セカンドサード (Second Third)" and oldest.text(2) == "Ann, Bob, Cy"
    assert oldest.text(3) == " and ".join(first.finished.winners)
    assert newest.text(3) == " and ".join(second.finished.winners)
    assert oldest.text(0) == first.finished.date
    assert window.launcher.tabs.tabText(1) == "History (2)"


def test_a_match_finished_at_the_table_joins_the_history(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    window = _window(closing, settings, data_dir)
    game = get_game("interaction")
    seats = [SeatSpec(f"CPU {i}", "random") for i in (1, 2, 3)]
    table = window.start_match(game, seats, 4, {}, INSTANT)
    qtbot.waitUntil(lambda: window.results is not None, timeout=20000)
    window.results.accept()
    assert not list(Store(data_dir).saves.glob("*.jsonl"))
    window.show_launcher()
    assert window.launcher.history.topLevelItemCount() == 1
    winners = [table.session.state.names[w] for w in table.session.result().winners]
    assert window.launcher.history.topLevelItem(0).text(3) == " and ".join(winners)
    assert window.launcher.saves_box.isHidden()


def test_the_replay_viewer_shows_only_what_a_spectator_saw(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 3, None)
    window = _window(closing, settings, data_dir)
    window.show()
    window.command_actions["replay"].trigger()
    replay = window.replay
    assert replay is not None and window.stack.currentWidget() is replay
    assert "replay" in window.windowTitle()
    assert not replay.reveal.isChecked() and replay.k == 0
    assert not replay.scene.interactive
    replay.move_ms = 0  # no card is still fading out when the table is checked
    stepper = replay.stepper
    backs = 0
    while replay.k < len(stepper):
        backs += _check_public(replay)
        assert "moved" in replay.where.text() or replay.k == 0
        assert not any(c.interactive for c in replay.scene.cards)
        replay.forward.click()
    backs += _check_public(replay)
    assert backs > 0  # there were hidden cards, and they were drawn as backs
    assert not replay.forward.isEnabled() and replay.back.isEnabled()

    replay.go(3)
    replay.reveal.setChecked(True)
    revealed = stepper.view(3, reveal=True)
    assert _drawn(replay) == {z.id: list(z.cards) for z in revealed.zones if z.cards}
    assert BACK not in {c for codes in _drawn(replay).values() for c in codes}
    seat, action = stepper.actions[2]
    told = replay.where.text().split(" · ")[-1]  # as the log tells it, every card named
    assert told.startswith(stepper.state(3).names[seat]) and action not in told
    assert any(card_name(c, "en") in told for c in action.split()[1:])
    replay.reveal.setChecked(False)
    assert _check_public(replay) > 0


def test_the_replay_viewer_steps_and_jumps_to_rounds(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 3, None)
    window = _window(closing, settings, data_dir)
    window.command_actions["replay"].trigger()
    replay = window.replay
    stepper = replay.stepper
    assert replay.rounds.count() == len(stepper.rounds) >= 2
    replay.rounds.activated.emit(1)
    assert replay.k == stepper.round_start(2) and replay.rounds.currentText() == "Round 2"
    replay.back.click()
    assert replay.k == stepper.round_start(2) - 1 and replay.rounds.currentText() == "Round 1"
    replay.last.click()
    assert replay.k == len(stepper) and replay.slider.value() == len(stepper)
    final = stepper.state(len(stepper)).match.totals
    total_col = replay.scores.columnCount() - 1
    assert [replay.scores.item(s, total_col).text() for s in range(3)] == [f"{t:g}" for t in final]
    replay.slider.setValue(5)
    assert replay.k == 5
    replay.first.click()
    assert replay.k == 0 and "the deal" in replay.where.text()
    replay.closed.emit()
    assert window.replay is None and window.stack.currentWidget() is window.launcher


def test_the_replay_shows_the_score_chart_with_the_deal_on_the_table_shaded(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 3, None)
    window = _window(closing, settings, data_dir)
    window.command_actions["replay"].trigger()
    replay = window.replay
    stepper = replay.stepper
    chart = replay.chart
    final = stepper.state(len(stepper)).match.totals
    assert chart is not None and list(chart.curve.points[-1]) == list(final)
    assert chart.curve.deals == len(stepper.rounds)
    assert (chart.marker, chart.done) == (1, 0)
    chart.grab()
    assert not any(name in text for text in chart.texts for name in ("Ann", "Bob", "Cy"))
    replay.rounds.activated.emit(1)
    assert (chart.marker, chart.done) == (2, 1)
    chart.grab()
    first = chart.curve.points[1]
    leader = max(range(3), key=lambda s: first[s])
    names = ("Ann", "Bob", "Cy")
    assert f"{names[leader]} {first[leader]:g}" in chart.texts  # the story so far, no spoiler
    assert "Total after each deal" in chart.texts
    replay.last.click()
    assert chart.done == chart.curve.deals
    replay.closed.emit()
    assert window.replay is None and window.stack.currentWidget() is window.launcher


def test_a_language_switch_keeps_the_replay_as_it_was(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    """Switching the language mid-replay reopens the same step, with its chart and revealed
    cards, and titles the window in the new language."""
    play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 3, None)
    window = _window(closing, settings, data_dir)
    window.command_actions["replay"].trigger()
    before = window.replay
    assert before is not None
    before.reveal.setChecked(True)
    before.rounds.activated.emit(1)
    step, title = before.k, window.windowTitle()
    try:
        window.switch_language("ja")
        after = window.replay
        assert after is not None and after is not before
        assert window.stack.currentWidget() is after
        assert after.k == step and after.reveal.isChecked()
        public = after.stepper.game.view(after.stepper.state(step), None)
        assert any(BACK in zone.cards for zone in public.zones)  # hands a spectator cannot see
        assert not any(BACK in cards for cards in _drawn(after).values())
        assert after.chart is not None and (after.chart.marker, after.chart.done) == (2, 1)
        assert after.rounds.currentText() == "ラウンド2"
        date = title.rsplit(" · ", 1)[1]
        assert window.windowTitle() == f"Tabletop — 再生 · セカンドサード · {date}"
    finally:
        window.switch_language("en")
    assert window.replay is not None and window.replay.k == step
    assert window.windowTitle() == title


def test_a_small_window_leaves_the_replay_its_table_chart_and_slider(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    """The window will not shrink below the replay's least size: the table keeps the size at
    which every seat has a box of its own (as at the live table), the chart and the slider
    theirs."""
    play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy", "Dee"], 3, None)
    window = _window(closing, settings, data_dir)
    window.show()
    window.command_actions["replay"].trigger()
    replay = window.replay
    assert replay is not None and replay.chart is not None
    window.resize(200, 200)
    QApplication.processEvents()
    assert replay.view.width() >= LEAST_WIDTH and replay.view.height() >= least_height(4)
    assert replay.chart.height() >= replay.chart.minimumHeight() > 0
    assert replay.slider.width() >= 100
