"""A seeded random clicker at the table: clicks, double-clicks, drags onto zones, buttons and
window resizes fired at any moment, cards in flight or not, for a whole match of every game;
the match must always finish and the table always come to rest."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QMenu, QPushButton
from pytestqt.exceptions import TimeoutError as WaitTimeout
from ui_helpers import Closing, click_scene, double_click_scene, gesture, grip, mouse_drag, until

from tabletop.bots.base import make_bot
from tabletop.engine.registry import all_games, get_game
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget, Tempo

FLIGHT = Tempo(16, 0, 0)
"""Cards really fly (the Motion bookkeeping is exercised), briefly; nobody waits."""

GESTURES = 300
"""Random gestures per match at most; after that only the fallback plays on, with no motion
(the rest of the match only has to finish)."""

PATIENCE = 10
"""Random gestures without any move before the fallback plays a legal move."""


def _answer_menus(rng: random.Random) -> None:
    """A menu opened by a double-click (several moves for one card): pick one or dismiss it."""
    menu = QApplication.activePopupWidget()
    if isinstance(menu, QMenu):
        actions = [a for a in menu.actions() if a.isEnabled()]
        if actions and rng.random() < 0.7:
            menu.setActiveAction(rng.choice(actions))
            menu.activeAction().trigger()
        menu.close()


def _random_point(rng: random.Random, table: TableWidget) -> QPointF:
    area = table.scene.sceneRect()
    return QPointF(area.x() + rng.random() * area.width(), area.y() + rng.random() * area.height())


def _fire(rng: random.Random, table: TableWidget) -> None:
    """One random gesture, half of them on cards some move uses."""
    scene = table.scene
    cards = [c for c in scene.cards if c.isVisible()]
    useful = [c for c in cards if c.playable and c.interactive] or cards
    pick = rng.choice(useful if rng.random() < 0.5 else cards) if cards else None
    kind = rng.choice(("click", "click", "double", "double", "drag", "drag", "button", "resize"))
    if kind in ("click", "double", "drag") and pick is None:
        kind = "click"
    if kind == "click":
        click_scene(table, grip(pick) if pick and rng.random() < 0.8 else _random_point(rng, table))
    elif kind == "double":
        double_click_scene(table, grip(pick))
    elif kind == "drag":
        zones = list(scene.zone_items.values())
        targets = [z for z in zones if z.target] or zones
        end = rng.choice(targets).rect.center() if rng.random() < 0.8 else None
        mouse_drag(table, grip(pick), end or _random_point(rng, table))
    elif kind == "button":
        combo = table.buttons.findChild(QComboBox)
        if combo is not None and combo.count():
            combo.setCurrentIndex(rng.randrange(combo.count()))
        buttons = [b for b in table.buttons.findChildren(QPushButton) if b.isEnabled()]
        if buttons:
            rng.choice(buttons).click()
    else:
        table.resize(rng.randrange(640, 1300), rng.randrange(480, 900))
    QApplication.processEvents()


def _at_rest(table: TableWidget) -> bool:
    return table.idle and not table.scene.motion.running and not table.bot_timer.isActive()


def _wait_for_rest(qtbot: object, table: TableWidget, ready: Callable[[], bool]) -> None:
    """Wait for `ready`; a table that never gets there is frozen."""
    try:
        until(qtbot, ready)
    except WaitTimeout:
        motion = "cards still moving" if table.scene.motion.running else "no card moving"
        busy = "waiting for frames to settle" if not table.idle else "idle"
        pytest.fail(f"The table never came to rest: {busy}, {motion}.", pytrace=False)


def _dismiss_held(table: TableWidget) -> bool:
    """Press Space on a held summary or banner (a reader going on); always False."""
    if table.summary.held:
        QTest.keyClick(table.summary, Qt.Key.Key_Space)
    elif table.banner.held:
        QTest.keyClick(table.view.viewport(), Qt.Key.Key_Space)
    return False


def _assert_cards_home(table: TableWidget) -> None:
    for card in table.scene.cards:
        off = (card.pos() - card.rest_pos()).manhattanLength()
        assert off < 0.5, f"{card.code} rests {off:.0f} px away from its place"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g.info.id for g in all_games()])
def test_random_gestures_never_stop_a_match(qtbot: object, closing: Closing, game_id: str) -> None:
    game = get_game(game_id)
    players = game.info.min_players
    seed = sum(map(ord, game_id))
    rng = random.Random(seed)
    seats = parse_seats(game_id, ["You"] + ["cpu"] * (players - 1))
    session = Session(game, seats, seed)
    table = closing.widget(TableWidget(session, FLIGHT))
    table.resize(1000, 700)
    table.show()
    qtbot.waitExposed(table)
    table.start()
    stand_in = make_bot(game_id, "random", seed)
    menus = closing.keep(QTimer(), lambda: menus.stop())
    menus.timeout.connect(lambda: _answer_menus(rng))
    menus.start(5)
    fired = idle_run = 0
    while not session.over:
        before = session.actions
        if fired < GESTURES and idle_run < PATIENCE:
            _fire(rng, table)
            fired += 1
            if rng.random() < 0.3:
                qtbot.wait(rng.choice((2, 8, 20)))
            idle_run = 0 if session.actions > before else idle_run + 1
            if fired == GESTURES:
                table.set_tempo(INSTANT)
            continue
        # the fallback: the table must come to rest (a held end-of-deal summary or banner is
        # dismissed with a key, as a person would), then a legal move goes the UI's way
        _wait_for_rest(
            qtbot,
            table,
            lambda: (
                session.over
                or _dismiss_held(table)
                or (_at_rest(table) and table.shown in session.to_act())
            ),
        )
        if session.over:
            break
        _assert_cards_home(table)
        table.scene.clear_choice()
        table.take_back()
        gesture(table, stand_in.choose(table.served_view))
        assert session.actions > before, "the table did not take a legal move"
        idle_run = 0
    _wait_for_rest(qtbot, table, lambda: _at_rest(table) and table.served_view.over)
    _assert_cards_home(table)
    qtbot.waitUntil(lambda: table.scene.sceneRect() == QRectF(table.view.viewport().rect()))
    assert session.result() is not None
