"""The layout rules, without widgets: everything inside the window, seats never overlap."""

from __future__ import annotations

import pytest
from ui_helpers import synthetic_view

from tabletop.ui.table.layout import (
    LEAST_WIDTH,
    Rect,
    card_extent,
    card_places,
    compute,
    least_height,
    pick_slots,
    ring_slots,
    seat_order,
)

SIZES = [(1280, 800), (800, 600), (1920, 1080), (640, 900), (400, 530), (460, 500)]
"""Table areas; (400, 530) is a 760×560 window's beside the game log and scores."""


def test_seat_order_goes_clockwise_from_the_left_neighbour() -> None:
    assert seat_order(5, 2) == [3, 4, 0, 1]


@pytest.mark.parametrize("capacity,count", [(10, 1), (10, 3), (27, 26), (5, 5), (3, 2)])
def test_pick_slots_are_distinct_and_in_range(capacity: int, count: int) -> None:
    picks = pick_slots(capacity, count)
    assert len(picks) == count == len(set(picks))
    assert picks == sorted(picks)
    assert all(0 <= p < capacity for p in picks)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7, 12, 25, 27])
@pytest.mark.parametrize("size", SIZES)
def test_everything_inside_and_no_seat_overlaps(players: int, size: tuple[int, int]) -> None:
    assert_inside_and_apart(players, *size)


@pytest.mark.parametrize("players", range(2, 28))
def test_every_seat_has_its_own_box_in_the_least_table(players: int) -> None:
    """The least table the window gives (`least_height` at every width from the least), and
    the in-between widths where the boxes no longer fit in fewer rows."""
    height = least_height(players)
    for width in range(LEAST_WIDTH, 1000, 30):
        assert_inside_and_apart(players, width, height)
    for width, taller in [(LEAST_WIDTH, 0), (460, 25), (506, 60), (700, 40), (1920, 0)]:
        assert_inside_and_apart(players, width, height + taller)


def assert_inside_and_apart(players: int, width: int, height: int) -> None:
    """Every seat's box and zone inside the table, no two boxes overlapping, every card inside
    its zone and no shared zone under a seat's box."""
    view = synthetic_view(players, seat=1 % players)
    lay = compute(width, height, view, 1 % players)
    window = Rect(0, 0, width, height)
    assert set(lay.plates) == set(range(players))
    shown = {z.id for z in view.zones if z.owner in (None, 1 % players) or z.cards}
    assert shown == set(lay.zones)  # an opponent's empty zone is left out of its box
    for rect in lay.plates.values():
        assert window.contains(rect)
    boxes = list(lay.plates.values())
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b)
    for zone_id in shown:
        slot = lay.zones[zone_id]
        assert window.contains(slot.rect), zone_id
        owner = view.zone(zone_id).owner
        if owner is not None and owner != 1 % players:
            assert lay.plates[owner].contains(slot.rect), zone_id
        for place in card_places(slot, len(view.zone(zone_id).cards)):
            w, h = card_extent(place.h, place.rotation)
            covered = Rect(place.x - w / 2, place.y - h / 2, w, h)
            assert slot.rect.contains(covered, slack=0.01), zone_id
    for zid, slot in lay.zones.items():
        if view.zone(zid).owner is None:
            for plate in boxes:
                assert not slot.rect.overlaps(plate), zid


def test_the_served_seat_sits_at_the_bottom_with_the_biggest_cards() -> None:
    view = synthetic_view(4, seat=2)
    lay = compute(1280, 800, view, 2)
    mine = lay.zones["hand2"]
    assert mine.style == "fan"
    assert mine.rect.y > max(r.bottom for s, r in lay.plates.items() if s != 2) - 1
    assert all(mine.card_h > lay.zones[f"hand{i}"].card_h for i in (0, 1, 3))


def test_left_neighbour_is_on_the_left_and_right_neighbour_on_the_right() -> None:
    view = synthetic_view(4, seat=0)
    lay = compute(1280, 800, view, 0)
    assert lay.plates[1].cx < 640 < lay.plates[3].cx
    assert lay.plates[2].cy < lay.plates[1].cy


def test_cards_in_a_stack_pile_up_and_rows_spread() -> None:
    view = synthetic_view(3)
    lay = compute(1280, 800, view, 0)
    pile = card_places(lay.zones["deck"], 12)
    assert max(p.x for p in pile) - min(p.x for p in pile) < 10
    row = card_places(lay.zones["hand0"], 10)
    assert row[-1].x - row[0].x > row[0].w * 2


@pytest.mark.parametrize(
    "side,top,count,left,across,right",
    [
        (3, 4, 1, 0, 1, 0),
        (3, 4, 2, 0, 2, 0),
        (3, 4, 3, 1, 1, 1),
        (3, 4, 6, 2, 2, 2),
        (9, 8, 26, 9, 8, 9),
    ],
)
def test_ring_slots_share_the_seats_fairly_between_the_sides(
    side: int, top: int, count: int, left: int, across: int, right: int
) -> None:
    slots = ring_slots(side, top, count)
    assert slots == sorted(set(slots)) and len(slots) == count
    assert sum(s < side for s in slots) == left
    assert sum(side <= s < side + top for s in slots) == across
    assert sum(s >= side + top for s in slots) == right


def test_empty_zones_of_a_finished_phase_keep_their_place_but_are_quiet() -> None:
    """Second Third: the passing place is live while passing, quiet (not drawn) afterwards,
    and the other zones of the seat do not move."""
    from tabletop.bots.base import make_bot
    from tabletop.engine.registry import get_game

    game = get_game("second-third")
    state = game.setup(3, {}, 4)
    passing = compute(1280, 800, game.view(state, 0), 0)
    assert not passing.zones["pass0"].quiet, "a target now"
    bot = make_bot("second-third", "random", 4)
    while state.phase == "pass":
        seat = min(game.to_act(state))
        game.apply(state, seat, bot.choose(game.view(state, seat)))
    view = game.view(state, 0)
    assert not view.zone("pass0").cards
    playing = compute(1280, 800, view, 0)
    assert playing.zones["pass0"].quiet
    assert playing.zones["pass0"].rect == passing.zones["pass0"].rect, "nothing jumps"
    assert not playing.zones["hand0"].quiet
