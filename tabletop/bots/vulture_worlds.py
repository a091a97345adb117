"""World sampling for the two vulture games (Vulture Rounds, Vulture Party).

The number cards a seat has not seen (other hands, sealed bids, unused sets, the deck) are
redealt; the battle's face-down score cards are the battle's row of the table less the ones
turned, in a random order, and the box holds the rest. A rival's sealed bid is not dealt at
random: the rival's hand and bid are dealt together and the bid is picked from them by the
game's model of how players bid (the search's playout policy), so a world holds the bids rivals
are likely to have made. Where the battle showed its participants' hands (rounds 2 and 3), a
rival's hand and bid are those cards less what it has bid since, not a deal. What each game
adds (colour cards and sets, plot sheets) is filled in by its own module.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from tabletop.bots.worlds import (
    Memory,
    blank_state,
    count,
    deal_constrained,
    facts,
    hidden_count,
    restore_match,
    unseen_pool,
)
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.vulture import (
    NUMBER,
    SCORE_CODE,
    SCORE_VALUE,
    VS,
    VultureGame,
    by_number,
)


def shown_hands(memory: Memory, battle: int) -> dict[int, list[str]]:
    """The number cards each participant of the current battle still holds (hand and sealed
    bid together), where the battle showed the seat their hands; empty otherwise."""
    events = memory.events
    start = next(
        (k for k in range(len(events) - 1, -1, -1) if events[k].get("type") == "battle"), -1
    )
    if start < 0 or events[start].get("battle") != battle:
        return {}
    later = events[start + 1 :]
    if any(e.get("type") == "deal" for e in later):
        return {}
    held = {
        int(i): [str(c) for c in cards]
        for i, cards in events[start].get("hands", {}).items()
        if isinstance(cards, list)
    }
    for event in later:
        if event.get("type") == "bid":
            for i, card in event["bids"].items():
                if int(i) in held and card in held[int(i)]:
                    held[int(i)].remove(card)
    return held


BidModel = Callable[[VS, Sequence[str], Rng], int]
"""Which of a seat's distinct number cards (low to high) it bids in a world's state."""


def sample_vulture(
    game: VultureGame[VS],
    view: View,
    memory: Memory,
    rng: Rng,
    number_zones: list[str],
    bid_model: BidModel[VS],
) -> tuple[VS, dict[str, list[str]]]:
    """The shared part of a vulture world; returns it and the cards dealt to `number_zones`.

    `number_zones` names the game's own face-down zones that hold number cards (sets);
    `bid_model` picks the rivals' sealed bids.
    """
    seat = view.seat
    assert seat is not None
    n = view.players
    state = blank_state(game, n)
    state.names = view.names
    state.table = tuple(tuple(int(v) for v in row) for row in view.hints["score_table"])
    pool = unseen_pool(game, view)
    numbers = [c for c in pool if c in NUMBER]
    scores = [c for c in pool if c in SCORE_VALUE]

    others = [i for i in range(n) if i != seat]
    known: dict[int, list[str]] = {}
    for i, cards in shown_hands(memory, count(view, "battle")).items():
        hidden = hidden_count(view, f"hand{i}") + hidden_count(view, f"bid{i}")
        if i != seat and hidden and len(cards) == hidden and not Counter(cards) - Counter(numbers):
            known[i] = cards
            for c in cards:
                numbers.remove(c)
    zones = [f"{z}{i}" for i in others if i not in known for z in ("hand", "bid")]
    zones += [*number_zones, "deck"]
    sizes = [hidden_count(view, z) for z in zones]
    split = deal_constrained(numbers, sizes, [None] * len(sizes), rng)
    dealt = dict(zip(zones, split, strict=True))
    for i, cards in known.items():
        sealed = hidden_count(view, f"bid{i}")
        dealt[f"hand{i}"], dealt[f"bid{i}"] = cards[sealed:], cards[:sealed]

    state.hands = [list(view.zone(f"hand{i}").cards) for i in range(n)]
    state.bids = [(view.zone(f"bid{i}").cards or (None,))[0] for i in range(n)]
    for i in others:
        if hidden_count(view, f"hand{i}"):
            state.hands[i] = by_number(dealt[f"hand{i}"])
    state.deck = dealt["deck"]
    state.discard = list(view.zone("discard").cards)
    state.pile = list(view.zone("pile").cards)
    state.used = list(view.zone("used").cards)
    state.played = [list(view.zone(f"played{i}").cards) for i in range(n)]
    state.taken = [list(view.zone(f"taken{i}").cards) for i in range(n)]
    state.zeros = [count(view, f"zeros{i}") for i in range(n)]
    state.battle = count(view, "battle")
    state.bout = count(view, "bout")
    state.participants = tuple(i for i in range(n) if count(view, f"in{i}"))
    state.flipped = [SCORE_CODE[v] for v in facts(view)["flipped"]]

    stack_size = hidden_count(view, "stack")
    stack: list[str] = []
    if stack_size:
        row = Counter(SCORE_CODE[v] for v in state.table[state.battle - 1])
        row.subtract(state.flipped)
        stack = [c for c, k in row.items() for _ in range(max(k, 0))]
        free = Counter(scores)
        if len(stack) != stack_size or any(free[c] < k for c, k in Counter(stack).items()):
            rng.shuffle(scores)  # a table changed mid-match: any unseen score cards will do
            stack = scores[:stack_size]
        for c in stack:
            scores.remove(c)
    rng.shuffle(stack)
    state.stack = stack
    state.box = scores
    for i in others:
        if dealt[f"bid{i}"]:
            held = state.hands[i] + dealt[f"bid{i}"]
            bids = list(dict.fromkeys(by_number(held)))
            bid = bids[bid_model(state, bids, rng)]
            held.remove(bid)
            state.bids[i] = bid
            state.hands[i] = by_number(held)
    restore_match(state, view)
    verbs = {m.act.verb for m in view.moves}
    state.phase = "bid" if "bid" in verbs else state.phase
    state.shown = state.match.round >= 2 and state.phase == "bid"
    return state, dealt
