"""Learn to play at the real table: every lesson walked to its end by gestures, a wrong move
refused with the coach's reason, the ring on the lesson's cards, the summary explained, the
offer of a real match; the quick reference remembered; a game without a lesson says so."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu
from ui_helpers import Closing, gesture, until

from tabletop.engine import coach
from tabletop.engine.coach import lesson_games
from tabletop.engine.registry import get_game
from tabletop.i18n import for_view, render
from tabletop.ui.app import MainWindow
from tabletop.ui.learn.coachpanel import CoachPanel, how_to
from tabletop.ui.learn.coachsession import CoachSession
from tabletop.ui.learn.learn import open_lesson
from tabletop.ui.learn.reference import SETTING, ReferencePanel
from tabletop.ui.table.session import Session
from tabletop.ui.table.table import INSTANT


def window_for(closing: Closing, settings: QSettings) -> MainWindow:
    window = closing.widget(MainWindow(settings, None))
    window.tempo = INSTANT
    window.resize(1024, 700)
    window.show()
    return window


@pytest.mark.parametrize("game_id", lesson_games())
def test_every_lesson_can_be_finished_at_the_table(
    qtbot: object,
    closing: Closing,
    settings: QSettings,
    game_id: str,
) -> None:
    window = window_for(closing, settings)
    panel = open_lesson(window, game_id)
    assert panel is not None
    table = window.table
    assert table is not None
    session = table.session
    assert isinstance(session, CoachSession)
    coach = session.coach
    wrong_tried = illegal_tried = False
    while not coach.finished:
        until(qtbot, lambda: table.idle and not table.bot_timer.isActive())
        if table.summary.isVisible():
            QTest.keyClick(table.summary, Qt.Key.Key_Space)
            continue
        view = table.served_view
        move = coach.expected_move(view) if view is not None else None
        if move is None:
            until(qtbot, lambda: coach.expected_move(table.served_view) is not None)
            continue
        assert sorted(panel.ringed()) == sorted(move.cards)
        assert render(coach.step()) in panel.text.toPlainText()
        before = session.actions
        other = next((m for m in view.moves if m.action != move.action), None)
        if other is not None and not wrong_tried and table.pending is None:
            gesture(table, other.action)
            if table.pending is not None:
                table.take_back()
            assert session.actions == before
            until(qtbot, lambda: "prepared deal" in panel.text.toPlainText())
            wrong_tried = True
        hand = next(z for z in view.zones if z.kind == "hand" and z.owner == view.seat)
        playable = {c for m in view.moves for c in m.cards}
        barred = [c for c in hand.cards if c not in playable]
        if barred and move.target and not illegal_tried and table.pending is None:
            # a card the rules do not allow there: the engine's reason, and the rule behind it
            table.scene.drop((barred[0],), move.target)
            assert session.actions == before and coach.refused is not None
            reason = for_view(coach.refused, view)
            until(qtbot, lambda said=reason: said in panel.text.toPlainText())
            illegal_tried = coach.refused.text == "{reason} {why}"
        twins = [
            m
            for m in view.moves
            if m.cards == move.cards and m.target == move.target and m.action != move.action
        ]
        if twins and move.gesture == "drag":
            # a double-click offers the card's moves in a menu: the learner picks the lesson's
            def pick(wanted: str = move.action) -> None:
                menu = QApplication.activePopupWidget()
                assert isinstance(menu, QMenu)
                menu.setActiveAction(next(a for a in menu.actions() if a.data() == wanted))
                QTest.keyClick(menu, Qt.Key.Key_Return)

            QTimer.singleShot(50, pick)
            table.scene.playRequested.emit(move.cards)
        else:
            gesture(table, move.action)
        assert session.actions == before + 1
    until(qtbot, lambda: panel.real.isVisible())
    text = panel.text.toPlainText()
    assert "Your score for this deal" in text and "Your total so far" in text
    assert {r.key for r in coach.shown} >= set(coach.lesson.key_rules)
    assert wrong_tried
    if game_id in ("second-third", "trump-duel", "seltsam-walzer"):
        assert illegal_tried  # these lessons meet a move the rules forbid, and explain it
    # the table stays put: nobody plays on after the lesson, and the learner cannot
    assert session.bot_seats_to_act() == []
    assert session.view(coach.learner).moves == ()
    panel.real.click()
    real = window.table
    assert real is not None and real is not table
    assert type(real.session) is Session and real.session.humans == (0,)
    assert real.session.game.info.id == game_id


def test_a_game_without_a_lesson_says_so(
    closing: Closing, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = "interaction"
    # as a game with no lesson written: no lesson registered, no lesson module to find
    monkeypatch.delitem(coach._LESSONS, missing)
    monkeypatch.setitem(sys.modules, f"{coach.LESSONS_PACKAGE}.{missing}", None)
    window = window_for(closing, settings)
    window.launcher.select(missing)
    assert not window.command_actions["learn"].isEnabled()
    assert not window.learn_action.isEnabled()
    window.launcher.select("trump-duel")
    assert window.command_actions["learn"].isEnabled() and window.learn_action.isEnabled()
    assert open_lesson(window, missing) is None
    assert window.notice is not None and "no guided deal" in window.notice.text()
    assert window.table is None


def test_the_quick_reference_is_remembered(closing: Closing, settings: QSettings) -> None:
    window = window_for(closing, settings)
    panel = open_lesson(window, "trump-duel")
    assert panel is not None and window.table is not None
    reference = window.table.findChild(ReferencePanel)
    assert reference is not None and not reference.isVisible()
    window.reference_action.setChecked(True)
    assert reference.isVisible() and settings.value(SETTING) == "true"
    assert "1+1" not in reference.toPlainText()  # built from cards, not copied text
    assert "A♠, A♥" in reference.toPlainText() or "♠A" in reference.toPlainText()
    again = window_for(closing, settings)
    assert again.reference_action.isChecked()


def test_the_coach_says_how_to_make_each_kind_of_move() -> None:
    # %triq: a Q that may also declare しばり on the same pile is double-clicked and chosen
    triq = get_game("triq")
    state = triq.setup(3, {}, 94)
    triq.apply(state, 2, "play 4D")
    view = triq.view(state, 0)
    shibari = next(m for m in view.moves if m.action == "play QD shibari")
    assert render(how_to(view, shibari)).startswith("Double-click the ringed card")
    plain = next(m for m in view.moves if m.action == "play 6D")
    assert render(how_to(view, plain)) == "Drag the ringed card onto “Pile”."
    # Interaction: the same card on the pile or the target is told apart by where it is dropped
    game = get_game("interaction")
    state = game.setup(3, {}, 60)
    for seat, action in ((0, "play KC"), (1, "play AD"), (2, "play 3S"), (2, "target 5S")):
        game.apply(state, seat, action)
    view = game.view(state, 0)
    target = next(m for m in view.moves if m.action == "target 10D")
    assert render(how_to(view, target)) == "Drag the ringed card onto “Target”."
    both = next(m for m in view.moves if m.action == "both 10D 10C")
    assert "below the table" in render(how_to(view, both))


def test_a_language_switch_keeps_the_lesson_and_its_coach(
    qtbot: object, closing: Closing, settings: QSettings
) -> None:
    window = window_for(closing, settings)
    panel = open_lesson(window, "trump-duel")
    assert panel is not None and window.table is not None
    session = window.table.session
    try:
        window.switch_language("ja")
        table = window.table
        assert table is not None and table.session is session
        coach = table.findChild(CoachPanel)
        assert coach is not None and coach is not panel
        assert "遊び方を学ぶ" in coach.title.text()
        assert not table.suggest.button.isVisibleTo(table)
        until(qtbot, lambda: session.coach.expected_move(table.served_view) is not None)
        assert coach.ringed()
    finally:
        window.switch_language("en")
