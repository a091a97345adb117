"""Whole matches of every game played with the keyboard alone (keys sent to the table's view)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QPushButton
from ui_helpers import Closing

from tabletop.bots.base import make_bot
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.views import Move
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.keys import card_face
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget

K = Qt.Key


def make_table(
    qtbot: object, closing: Closing, game_id: str, people: int, seed: int
) -> TableWidget:
    game = get_game(game_id)
    count = game.info.min_players
    names = [f"P{i}" for i in range(people)] + ["cpu"] * (count - people)
    session = Session(game, parse_seats(game_id, names), seed)
    table = closing.widget(TableWidget(session, INSTANT))
    table.resize(1200, 800)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    return table


def press(table: TableWidget, key: int) -> None:
    QTest.keyClick(table.view, key)


def focus_on(table: TableWidget, region: str, wanted: object) -> None:
    """Tab to the region, then arrow until `wanted(focused)` holds."""
    keys = table.keys
    for _ in range(4):
        if keys.region == region and keys.stops(region):
            break
        press(table, K.Key_Tab)
    assert keys.region == region, f"no {region} region"
    for _ in range(len(keys.stops(region)) + 1):
        if wanted(keys.focused()):
            return
        press(table, K.Key_Right)
    raise AssertionError(f"nothing wanted in {region}")


def do_move(table: TableWidget, move: Move) -> str:
    """Perform one move with keys only, the way a person would; says how it was finished
    ("button", "card", "place" or "number")."""
    keys = table.keys
    if move.gesture == "button":
        combo = table.buttons.findChild(QComboBox)
        if combo is not None:
            focus_on(table, "buttons", lambda w: w is combo)
            step = K.Key_Down if combo.findData(move.action) > combo.currentIndex() else K.Key_Up
            while combo.currentData() != move.action:
                press(table, step)
        else:
            focus_on(
                table,
                "buttons",
                lambda w: isinstance(w, QPushButton) and w.property("action") == move.action,
            )
        press(table, K.Key_Return)
        return "button"
    several = len(move.cards) > 1
    for code in move.cards:
        focus_on(
            table,
            "cards",
            lambda c, code=code: isinstance(c, CardItem) and c.code == code and not c.chosen,
        )
        if several:
            press(table, K.Key_Space)
    if several:
        focus_on(table, "cards", lambda c: isinstance(c, CardItem) and c.chosen)
    press(table, K.Key_Return)
    how = "card"
    if keys.region == "zones" and move.target:
        focus_on(table, "zones", lambda z: getattr(z, "zone_id", None) == move.target)
        press(table, K.Key_Return)
        how = "place"
    if keys.choices:
        press(table, K.Key_1 + [m.action for m in keys.choices].index(move.action))
        how = "number"
    return how


def play_by_keys(
    qtbot: object, table: TableWidget, seed: int, stop: object = None
) -> dict[str, int]:
    """Play with keys to the end (or until `stop(view)` holds on the person's turn); counts of
    moves, multi-card moves offered and made, targets and numbered choices, curtains lifted."""
    session = table.session
    chooser = make_bot(session.game.info.id, "random", seed)
    seen = dict.fromkeys(
        ("moves", "offered", "multi", "curtains", "button", "card", "place", "number"), 0
    )
    for _ in range(3000):
        qtbot.waitUntil(lambda: table.idle and not table.bot_timer.isActive(), timeout=5000)
        if session.over:
            return seen
        if table.summary.isVisible():
            press(table, K.Key_Return)
            continue
        if table.scene.covered:
            press(table, K.Key_Space)
            seen["curtains"] += 1
            continue
        view = table.served_view
        if view is None or view.seat not in session.to_act():
            qtbot.waitUntil(
                lambda: (
                    session.over
                    or table.scene.covered
                    or table.served_view.seat in session.to_act()
                ),
                timeout=5000,
            )
            continue
        if stop is not None and stop(view):
            return seen
        action = chooser.choose(view)
        move = next(m for m in view.moves if m.action == action)
        multi = [m for m in view.moves if len(m.cards) > 1 and m.gesture != "button"]
        seen["offered"] += bool(multi)
        if multi and not seen["multi"]:
            move = multi[0]
        before = session.actions
        seen[do_move(table, move)] += 1
        if table.pending is not None:
            press(table, K.Key_Return)  # a sealed choice is confirmed
        assert session.actions == before + 1, f"{move} not played: {table.scene.notice}"
        seen["moves"] += 1
        seen["multi"] += len(move.cards) > 1 and move.gesture != "button"
    raise AssertionError("match did not end")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(g.info.id for g in all_games()))
def test_a_whole_match_by_keyboard(qtbot: object, closing: Closing, game_id: str) -> None:
    table = make_table(qtbot, closing, game_id, 1, 5)
    seen = play_by_keys(qtbot, table, 5)
    assert table.session.over
    assert seen["moves"] > 0
    assert seen["multi"] > 0 or seen["offered"] == 0
    assert seen["card"] + seen["place"] + seen["number"] > 0  # cards were played by keys


@pytest.mark.usefixtures("reader")
def test_an_illegal_card_chosen_by_keys_is_refused(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 3)

    def blocked(view: object) -> bool:
        return any(c.interactive and not c.playable for c in table.scene.cards)

    play_by_keys(qtbot, table, 3, blocked)
    card = next(c for c in table.scene.cards if c.interactive and not c.playable)
    before = table.session.actions
    focus_on(table, "cards", lambda c: c is card)
    assert table.keys.ring.isVisible()
    around = card_face(card, 5)  # the ring keeps to the card (to what shows of it)
    ring = table.keys.ring.path.toFillPolygon()
    assert all(
        around.containsPoint(ring.at(i), Qt.FillRule.OddEvenFill) for i in range(ring.size())
    )
    assert table.mirror.shadow(card).accessibleName().endswith(", not playable now")
    press(table, K.Key_Return)
    qtbot.waitUntil(lambda: table.idle)
    assert table.session.actions == before
    assert table.scene.notice
    assert (card.pos() - card.rest_pos()).manhattanLength() < 0.5
    press(table, K.Key_Escape)
    assert table.scene.chosen_codes() == ()


def test_hot_seat_curtain_opens_by_key(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "trump-duel", 2, 4)
    assert table.scene.covered
    seen = play_by_keys(qtbot, table, 4)
    assert table.session.over
    assert seen["curtains"] >= 2


def numbered(view: object) -> list[Move]:
    """Moves sharing their cards and place with another move (told apart by a number key)."""
    seen: dict[tuple[tuple[str, ...], str | None], list[Move]] = {}
    for m in view.moves:
        if m.cards and m.gesture != "button":
            seen.setdefault((tuple(sorted(m.cards)), m.target), []).append(m)
    return next((group for group in seen.values() if len(group) > 1), [])


def test_a_number_key_picks_between_moves_of_the_same_card(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "triq", 1, 1)
    play_by_keys(qtbot, table, 1, lambda view: bool(numbered(view)))
    assert not table.session.over
    group = numbered(table.served_view)
    move = group[-1]
    before = table.session.actions
    assert do_move(table, move) == "number"
    assert table.session.actions == before + 1
    played = json.loads(table.session.log()[-1])  # Triq's Ace: "play AS 11" → value 11
    assert (played["card"], played["value"]) == (move.cards[0], int(move.action.split()[-1]))
