"""Gestures while cards are in flight (animations on): the table always settles and goes on."""

from __future__ import annotations

import pytest
from ui_helpers import Closing, click_scene, double_click_scene, grip, mouse_drag, until

from tabletop.bots.base import make_bot
from tabletop.engine.errors import IllegalAction
from tabletop.engine.registry import get_game
from tabletop.engine.views import View, Zone
from tabletop.ui.table import gestures, zorder
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TEMPOS, TableWidget, Tempo

QUICK = Tempo(TEMPOS["Fast"].move_ms, 0, 0)
"""Cards fly as at the fastest setting; nobody waits between moves."""


@pytest.fixture
def animated(qtbot: object, closing: Closing) -> object:
    """Opens tables whose cards fly; each is halted and closed at teardown."""

    def open_table(game_id: str, seats: str, seed: int = 3) -> TableWidget:
        session = Session(get_game(game_id), parse_seats(game_id, seats.split(",")), seed)
        table = closing.widget(TableWidget(session, QUICK))
        table.resize(1200, 800)
        table.show()
        qtbot.waitExposed(table)
        table.start()
        return table

    return open_table


def settled(table: TableWidget) -> bool:
    """Nothing moves, no frame waits, no computer is about to play."""
    return table.idle and not table.scene.motion.running and not table.bot_timer.isActive()


def hand_of(view: View) -> Zone:
    return next(z for z in view.zones if z.kind == "hand" and z.owner == view.seat)


def test_double_clicking_a_card_that_one_click_takes_lets_the_computers_go_on(
    qtbot: object, animated: object
) -> None:
    table = animated("wild-rawz", "You,cpu,cpu,cpu")
    session = table.session
    qtbot.waitUntil(lambda: settled(table) and table.shown in session.to_act(), timeout=5000)
    move = next(m for m in table.served_view.moves if m.gesture == "click")
    card = table.scene.card(move.cards[0])
    before = session.actions
    double_click_scene(table, grip(card))
    assert session.actions == before + 1  # the first click took the card
    probe = gestures.probe_action(table.served_view, move.cards, None)
    with pytest.raises(IllegalAction) as refused:
        session.game.apply(session.game.clone(session.state), 0, probe)
    assert table.scene.notice == str(refused.value)  # the double-click was refused
    qtbot.waitUntil(lambda: session.actions >= before + 4 and settled(table), timeout=8000)
    mine = hand_of(table.served_view)
    assert card.scene() is table.scene and card.zone_id == mine.id
    assert (card.pos() - card.rest_pos()).manhattanLength() < 0.5


def test_a_refused_drop_at_a_hot_seat_table_goes_back_to_the_hand(
    qtbot: object, animated: object
) -> None:
    table = animated("second-third", "Ann,Bob,cpu,cpu")
    session = table.session
    stand_in = make_bot("second-third", "random", 11)
    revealed = False
    for _ in range(300):
        until(qtbot, lambda: settled(table))
        if table.scene.covered:
            table.set_tempo(QUICK)  # the reveal and the drag fly as in play
            click_scene(table, table.scene.sceneRect().center())
            revealed = True
            continue
        view = table.served_view
        if view.seat not in session.to_act():
            until(qtbot, lambda: table.scene.covered or table.shown in session.to_act())
            continue
        legal = {c for m in view.moves for c in m.cards}
        leftover = set(hand_of(view).cards) - legal
        if revealed and leftover and any(m.target == "trick" for m in view.moves):
            break
        revealed = False
        table.set_tempo(INSTANT)  # the way to the position wanted need not fly
        assert table.attempt(view.seat, stand_in.choose(view)) is None
    else:
        raise AssertionError("no refusable card right after the curtain")
    hand = hand_of(view)
    before = session.actions
    for code in [c for c in hand.cards if c in leftover]:
        with pytest.raises(IllegalAction) as refused:
            session.game.apply(session.game.clone(session.state), view.seat, f"play {code}")
        card = table.scene.card(code, hand.id)
        mouse_drag(table, grip(card), table.scene.zone_items["trick"].rect.center())
        assert session.actions == before
        assert table.scene.notice == str(refused.value)
        qtbot.waitUntil(lambda: settled(table), timeout=3000)
        assert card.scene() is table.scene and card.zone_id == hand.id
        in_hand = [c for c in table.scene.cards if c.zone_id == hand.id]
        assert sorted(c.code for c in in_hand) == sorted(hand.cards)
        for item in in_hand:
            assert (item.pos() - item.rest_pos()).manhattanLength() < 0.5, (code, item.code)


def test_a_hands_count_badge_stays_on_top_of_cards_flying_in(
    qtbot: object, animated: object
) -> None:
    """Cards dealt to a hidden hand flew over its count badge (drawn behind them until they
    landed): no card, resting or in flight, covers a badge."""
    table = animated("second-third", "cpu,cpu,cpu,cpu")
    scene = table.scene
    flying = covered = 0
    for _ in range(150):
        qtbot.wait(10)
        for badge in scene.badges.values():
            if not badge.isVisible():
                continue
            cards = [i for i in scene.items(badge.sceneBoundingRect()) if isinstance(i, CardItem)]
            flying += sum(c.zValue() >= zorder.MOVING for c in cards)
            covered += sum(c.isVisible() and c.zValue() > badge.zValue() for c in cards)
    assert flying and not covered
