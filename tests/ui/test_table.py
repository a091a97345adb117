"""The table with real games: drag, snap-back, curtain, whole matches, resizing."""

from __future__ import annotations

import json
import time

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QPushButton
from ui_helpers import Closing, click_scene, grip, hover_scene, mouse_drag, play_through

from tabletop.bots.base import make_bot
from tabletop.engine.errors import IllegalAction
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.text import Msg, Seat
from tabletop.engine.views import BACK, Counter
from tabletop.ui.table.layout import LEAST_WIDTH, least_height
from tabletop.ui.table.scene import counter_chunks
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget


def make_table(
    qtbot: object, closing: Closing, game_id: str, seats: str, seed: int = 3
) -> TableWidget:
    game = get_game(game_id)
    session = Session(game, parse_seats(game_id, seats.split(",")), seed)
    table = closing.widget(TableWidget(session, INSTANT))
    table.resize(1200, 800)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    return table


def advance_until(qtbot: object, table: TableWidget, ready: object, limit: int = 400) -> None:
    """Let a stand-in play for the served person (by API) until `ready(view)` holds."""
    session = table.session
    helper = make_bot(session.game.info.id, "random", 11)
    for _ in range(limit):
        qtbot.waitUntil(lambda: table.idle and not table.bot_timer.isActive(), timeout=5000)
        if table.summary.isVisible():
            table.summary.dismiss()
            continue
        view = table.served_view
        if view.seat in session.to_act() and ready(view):
            return
        if view.seat in session.to_act():
            assert table.attempt(view.seat, helper.choose(view)) is None
    raise AssertionError("situation not reached")


def hand_of(view: object) -> object:
    return next(z for z in view.zones if z.kind == "hand" and z.owner == view.seat)


def test_dragging_a_legal_card_plays_it(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "Ann,cpu,cpu")
    advance_until(qtbot, table, lambda v: any(m.target == "trick" for m in v.moves))
    view = table.served_view
    move = next(m for m in view.moves if m.target == "trick")
    card = table.scene.card(move.cards[0], hand_of(view).id)
    trick = table.scene.zone_items["trick"]
    before = table.session.actions
    mouse_drag(table, grip(card), trick.rect.center())
    assert table.session.actions >= before + 1
    assert move.cards[0] not in hand_of(table.session.view(view.seat)).cards


def test_dropping_an_illegal_card_snaps_back_with_the_reason(
    qtbot: object, closing: Closing
) -> None:
    table = make_table(qtbot, closing, "second-third", "Ann,cpu,cpu")

    def must_follow(view: object) -> bool:
        legal = {c for m in view.moves for c in m.cards}
        return any(m.target == "trick" for m in view.moves) and bool(
            set(hand_of(view).cards) - legal
        )

    advance_until(qtbot, table, must_follow)
    view = table.served_view
    legal = {c for m in view.moves for c in m.cards}
    code = next(c for c in hand_of(view).cards if c not in legal)
    session = table.session
    with pytest.raises(IllegalAction) as refused:
        session.game.apply(session.game.clone(session.state), view.seat, f"play {code}")
    card = table.scene.card(code, hand_of(view).id)
    home = card.rest_pos()
    before = session.actions
    mouse_drag(table, grip(card), table.scene.zone_items["trick"].rect.center())
    assert session.actions == before
    assert table.scene.notice == str(refused.value)
    qtbot.waitUntil(lambda: (card.pos() - home).manhattanLength() < 1, timeout=2000)


def test_double_click_plays_the_one_obvious_move(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "Ann,cpu,cpu")
    advance_until(qtbot, table, lambda v: any(m.target == "trick" for m in v.moves))
    view = table.served_view
    code = next(m for m in view.moves if m.target == "trick").cards[0]
    card = table.scene.card(code, hand_of(view).id)
    before = table.session.actions
    card.activated.emit(card)
    assert table.session.actions >= before + 1


def test_choosing_two_cards_then_confirming_passes_them(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "Ann,cpu,cpu")
    view = table.served_view
    assert any(len(m.cards) == 2 for m in view.moves)
    first, second = hand_of(view).cards[:2]
    for code in (first, second):
        click_scene(table, grip(table.scene.card(code)))
    assert set(table.scene.chosen_codes()) == {first, second}
    action = next(m.action for m in view.moves if set(m.cards) == {first, second})
    assert table.press(action) is None
    assert table.session.actions >= 1
    mine = table.session.view(view.seat)
    assert first not in hand_of(mine).cards or first in mine.zone(f"pass{view.seat}").cards


def faces_in_hands(table: TableWidget) -> set[str]:
    """Face-up codes of cards the scene shows in any hand zone."""
    view = table.served_view
    hands = {z.id for z in view.zones if z.kind == "hand"}
    return {c.code for c in table.scene.cards if c.zone_id in hands and c.code != BACK}


def test_curtain_hides_hands_between_two_people(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "Ann,Bob,cpu")
    assert table.scene.covered
    assert "Pass to Ann" in table.scene.curtain.text
    assert faces_in_hands(table) == set()
    click_scene(table, table.scene.sceneRect().center())
    assert not table.scene.covered
    ann = table.served_view
    assert ann.seat == 0 and faces_in_hands(table) == set(hand_of(ann).cards)
    action = next(m.action for m in ann.moves)
    assert table.press(action) is not None  # a pass is a card move, not a button
    first, second = next(m.cards for m in ann.moves if m.action == action)
    table.scene.drop((first, second), "pass0")
    assert not table.scene.covered, "a sealed pass waits for its confirmation"
    assert table.pending is not None and table.pending.action == action
    QTest.keyClick(table.view, Qt.Key.Key_Return)
    assert table.scene.covered and "Pass to Bob" in table.scene.curtain.text
    assert faces_in_hands(table) == set()
    click_scene(table, table.scene.sceneRect().center())
    bob = table.served_view
    assert bob.seat == 1 and faces_in_hands(table) == set(hand_of(bob).cards)
    assert all(c == BACK for c in bob.zone("pass0").cards)
    assert not set(hand_of(ann).cards) & faces_in_hands(table)


def test_no_curtain_with_one_person_and_computers(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "Ann,cpu,cpu")
    assert not table.scene.covered
    assert table.served_view.seat == 0


def resized(qtbot: object, table: TableWidget, width: int, height: int) -> None:
    """Wait until the table has its new size and the scene is laid out for its viewport."""
    qtbot.waitUntil(
        lambda: (
            table.size().width() == width
            and table.size().height() == height
            and table.scene.sceneRect() == QRectF(table.view.viewport().rect())
        ),
        timeout=5000,
    )


def test_resizing_keeps_every_card_inside_the_view(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "Ann,cpu,cpu,cpu,cpu")
    for width, height in [(1200, 800), (700, 520), (1600, 1000), (560, 900), (1000, 640)]:
        table.resize(width, height)
        resized(qtbot, table, width, height)
        area = QRectF(table.view.viewport().rect())
        for card in table.scene.cards:
            box = card.mapRectToScene(card.boundingRect())
            assert area.adjusted(-1, -1, 1, 1).contains(box), (width, height, card.code)


@pytest.mark.slow
@pytest.mark.parametrize("game", [g.info.id for g in all_games()])
def test_a_whole_match_through_the_table(qtbot: object, closing: Closing, game: str) -> None:
    info = get_game(game).info
    people = ",".join(f"P{i}" for i in range(info.min_players))
    table = make_table(qtbot, closing, game, people, seed=5)
    made = play_through(qtbot, table)
    assert table.session.over and made == table.session.actions


def test_computer_players_move_by_themselves(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "cpu,cpu,cpu")
    qtbot.waitUntil(lambda: table.session.over, timeout=30000)
    assert table.session.result() is not None
    assert table.scene.view.over


def table_after(
    qtbot: object, closing: Closing, game_id: str, players: int, moves: int
) -> TableWidget:
    """A table for one person and computer players after `moves` random actions."""
    game = get_game(game_id)
    seats = parse_seats(game_id, ["You"] + ["cpu:random"] * (players - 1))
    session = Session(game, seats, 7)
    chooser = make_bot(game_id, "random", 7)
    for _ in range(moves):
        if session.over:
            break
        seat = min(session.to_act())
        session.act(seat, chooser.choose(session.view(seat)))
    table = closing.widget(TableWidget(session, INSTANT))
    table.bots_enabled = False
    table.resize(1200, 800)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    return table


def assert_cards_inside(table: TableWidget) -> None:
    """Every card lies inside its zone, every opponent's zone inside its seat box, all in view;
    every seat's plate in view and clear of every other."""
    scene = table.scene
    area = QRectF(table.view.viewport().rect())
    plates = [plate.rect for plate in scene.plates.values()]
    assert len(plates) == table.session.players
    for i, plate in enumerate(plates):
        assert area.adjusted(-0.5, -0.5, 0.5, 0.5).contains(plate), plate
        inner = plate.adjusted(0.5, 0.5, -0.5, -0.5)
        assert not any(inner.intersects(other) for other in plates[i + 1 :]), plate
    assert scene.cards
    for card in scene.cards:
        box = card.sceneBoundingRect()
        zone = scene.zone_items[card.zone_id].rect
        assert zone.adjusted(-0.01, -0.01, 0.01, 0.01).contains(box), (card.zone_id, card.code)
        assert area.contains(box), card.code
    view = table.served_view
    for zone in view.zones:
        item = scene.zone_items.get(zone.id)
        if item is not None and zone.owner is not None and zone.owner != scene.bottom:
            plate = scene.plates[zone.owner].rect
            assert plate.adjusted(-0.01, -0.01, 0.01, 0.01).contains(item.rect), zone.id


@pytest.mark.parametrize(
    "game,players",
    [(g.info.id, n) for g in all_games() for n in sorted({g.info.min_players, g.info.max_players})],
)
def test_every_card_stays_inside_its_zone_and_seat_box(
    qtbot: object, closing: Closing, game: str, players: int
) -> None:
    table = table_after(qtbot, closing, game, players, 25)
    assert_cards_inside(table)
    for width, height in [(760, 560), (1600, 1000)]:
        table.resize(width, height)
        resized(qtbot, table, width, height)
        assert_cards_inside(table)


def test_a_short_window_keeps_a_box_for_every_seat(qtbot: object, closing: Closing) -> None:
    """The table stops shrinking where the most seats still fit: a 27-seat table in the
    smallest window the app gives, the log beside it or given way."""
    table = table_after(qtbot, closing, "triq", 27, 25)
    for width in (760, 680):
        table.resize(width, 200)
        qtbot.waitUntil(
            lambda: table.scene.sceneRect() == QRectF(table.view.viewport().rect()), timeout=5000
        )
        assert table.view.viewport().height() >= least_height(27)
        assert table.view.viewport().width() >= LEAST_WIDTH
        assert_cards_inside(table)


def test_the_last_trick_can_be_peeked_at(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "cpu,cpu,cpu")
    peek = table.scene.last_trick
    assert not peek.isVisible()
    qtbot.waitUntil(lambda: bool(peek.cards), timeout=20000)
    table.halt()
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    tricks = [json.loads(line) for line in table.session.log()]
    last = [e for e in tricks if e.get("type") == "trick"][-1]
    assert list(peek.cards) == last["cards"]
    assert peek.winner == table.session.labels()[last["winner"]]
    assert peek.isVisible() and not peek.expanded
    click_scene(table, peek.button.center())
    assert peek.expanded and peek.boundingRect().contains(peek.panel_rect())
    click_scene(table, peek.button.center())
    assert not peek.pinned and peek.expanded  # the pointer still rests on the button
    # away from the button and the open panel (where they lie depends on the table's layout)
    covered = peek.sceneBoundingRect()
    area = table.scene.sceneRect().adjusted(5, 5, -5, -5)
    away = next(
        p
        for p in (area.topLeft(), area.bottomRight(), area.topRight(), area.bottomLeft())
        if not covered.contains(p)
    )
    hover_scene(table, peek.button.center())
    hover_scene(table, away)
    # the hover's end may take more than one turn of the event loop on a busy machine
    qtbot.waitUntil(lambda: not peek.expanded, timeout=2000)


def test_opponents_hands_show_how_many_cards_they_hold(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", "Ann,cpu,cpu")
    view = table.served_view
    for seat in (1, 2):
        hand = next(z for z in view.zones if z.kind == "hand" and z.owner == seat)
        badge = table.scene.badges[hand.id]
        assert badge.text == str(len(hand.cards))
        assert table.scene.plates[seat].rect.contains(badge.rect)
    assert not any(z.owner == 0 for z in view.zones if z.id in table.scene.badges)


def test_counters_name_seats_wrap_and_list_everything_in_a_tooltip(
    qtbot: object, closing: Closing
) -> None:
    names = ("Ann", "Bob", "Cy")
    dealer = Counter("dealer", Msg("Dealer"), Msg("{seat}", seat=Seat(1)))
    shared = [dealer, Counter("turn", Msg("Turn"), 2), Counter("x", Msg("X"), "")]
    assert counter_chunks(shared, names) == ["Dealer Bob", "Turn 2"]
    assert counter_chunks([Counter("dealer", Msg("Dealer"), 1, owner=0)], names) == ["Dealer 1"]
    table = make_table(qtbot, closing, "pokered-trick", "Ann,cpu,cpu,cpu,cpu,cpu,cpu")
    view = table.served_view
    plate = table.scene.plates[3]
    mine = counter_chunks([c for c in view.counters if c.owner == 3], view.names)
    assert plate.toolTip().splitlines() == [view.names[3], *mine]
    lines = plate.lines()
    assert len(lines) >= 2
    assert lines[0].startswith(mine[0]) and lines[1].startswith(mine[len(lines[0].split(" · "))])
    dealer = view.names[view.counter("dealer").value.param("seat").index]
    assert f"Dealer {dealer}" in table.scene.info.text


def _to_the_clock(session: Session) -> None:
    chooser = make_bot("pokered-trick", "random", 3)
    while session.view(min(session.to_act())).hints.get("clock") != "minutes":
        seat = min(session.to_act())
        session.act(seat, chooser.choose(session.view(seat)))


def test_a_computer_reports_the_minutes_actually_played() -> None:
    game = get_game("pokered-trick")
    options = {"end": "time", "minutes": 60}
    session = Session(game, parse_seats("pokered-trick", ["cpu"] * 3), 4, options)
    _to_the_clock(session)
    seat = min(session.to_act())
    session.started = time.monotonic() - 10 * 60 - 5
    assert session.bot_choice(seat) == "time 10"
    session.started = time.monotonic() - 500 * 60
    assert session.bot_choice(seat) == "time 60"


def test_a_person_finds_the_minutes_played_chosen(qtbot: object, closing: Closing) -> None:
    game = get_game("pokered-trick")
    options = {"end": "time", "minutes": 60}
    session = Session(game, parse_seats("pokered-trick", ["Ann", "Bob"]), 4, options)
    _to_the_clock(session)
    session.started = time.monotonic() - 7 * 60 - 5
    table = closing.widget(TableWidget(session, INSTANT))
    table.resize(1200, 800)
    table.show()
    table.start()
    table.reveal()
    combo = table.buttons.findChild(QComboBox)
    assert combo is not None and combo.currentData() == "time 7"
    seat = table.shown
    table.buttons.findChild(QPushButton, "go").click()
    assert session.state.clock == 7 and seat is not None
