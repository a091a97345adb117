"""Rule-of-thumb player for %triq: complete tens, leave the next player a total hard to complete."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.bots.base import register_bot
from tabletop.bots.search import register_search
from tabletop.bots.worlds import (
    Memory,
    blank_state,
    counter_seat,
    deal_constrained,
    hidden_count,
    register_world,
    restore_match,
    unseen_pool,
)
from tabletop.engine.cards import is_joker, sort_key
from tabletop.engine.game import Game, State
from tabletop.engine.rng import Rng
from tabletop.engine.text import Msg
from tabletop.engine.views import BACK, View
from tabletop.games.triq import TriqState
from tabletop.games.triq_rules import (
    DECK,
    SHIBARI_FLAG,
    SPADE_THREE,
    Ring,
    allowed_under,
    is_court,
    points,
)

# how much a card is worth keeping: jokers complete any ten, a 10 opens a pile for a free card
KEEP = {"JK": 9.0, "10": 6.0, "A": 4.0, "J": 3.0, "Q": 3.0, "K": 3.0}


def keep_value(card: str) -> float:
    """How useful a card is to hold on to (higher: give or play it last)."""
    if card == SPADE_THREE:
        return 4.5
    head = card[:2] if is_joker(card) else card[:-1]
    return KEEP[head] if head in KEEP else 1.0 + int(head) / 10


def completes(card: str, total: int, shibari: str) -> bool:
    """Can `card` bring a pile at `total` to a multiple of ten (under `shibari`, if any)?"""
    if not allowed_under(card, shibari):
        return False
    if card.startswith("A"):
        return (total + 1) % 10 == 0 or (total + 11) % 10 == 0
    return (total + points(card, total, bool(shibari))) % 10 == 0


class TriqThumb:
    """Completes tens when it can, counters jokers, declares しばり, else plays the safest card."""

    name = "thumb"

    def choose(self, view: View) -> str:
        """Pick one of the view's legal moves."""
        moves = [m.action for m in view.moves]
        verbs = {m.split()[0] for m in moves}
        if "counter" in verbs:
            return next(m for m in moves if m.startswith("counter"))
        if verbs <= {"give", "discard", "decline", "pass"}:
            return min(moves, key=lambda m: keep_value(m.split()[1]) if " " in m else 0.0)
        return max(moves, key=self._scorer(view))

    def _scorer(self, view: View) -> Callable[[str], float]:
        """A score for each play, from what the view shows."""
        seat = view.seat
        assert seat is not None
        hand = view.zone(f"hand{seat}").cards
        pile = view.zone("pile").cards
        seen = set(hand) | set(pile) | set(view.zone("flushed").cards)
        seen |= set(view.zone("removed").cards)
        unseen_cards = [c for c in DECK if c not in seen]
        total = int(view.counter("total").number)
        lock = view.counter("shibari").value
        shibari = lock.param("suit").letter if isinstance(lock, Msg) and lock else ""
        nxt = self._next_seat(view, seat)
        h_next = sum(1 for c in view.zone(f"hand{nxt}").cards if c == BACK)
        unseen = max(1, sum(sum(1 for c in z.cards if c == BACK) for z in view.zones))

        def chance(k: int) -> float:
            """Probability the next player holds at least one of `k` unseen cards."""
            return 1.0 - (1.0 - min(1.0, k / unseen)) ** h_next

        def score(action: str) -> float:
            _, card, *extra = action.split()
            ace = int(extra[0]) if card.startswith("A") else 1
            value = points(card, total, bool(shibari), ace)
            after = total + value
            keep = keep_value(card) / 10
            if after % 10 == 0:
                risk = 3.0 if is_joker(card) and SPADE_THREE not in seen else 0.0
                return 100.0 + 10 * (after // 10) - risk - keep
            suit = card[-1] if extra == [SHIBARI_FLAG] else shibari
            threats = sum(1 for c in unseen_cards if completes(c, after, suit))
            loss = chance(threats) * (after // 10 + 1)
            gain = 0.0
            if extra == [SHIBARI_FLAG]:
                allowed = sum(1 for c in unseen_cards if not is_joker(c) and c[-1] == suit)
                allowed += sum(1 for c in unseen_cards if is_joker(c) or is_court(c))
                gain = (1.0 - chance(allowed)) * -(-after // 10)
            return gain - loss - keep

        return score

    @staticmethod
    def _next_seat(view: View, seat: int) -> int:
        """The next seat clockwise still in the game."""
        n = view.players
        for k in range(1, n):
            other = (seat + k) % n
            if not view.counter(f"place{other}").value:
                return other
        return seat


register_bot("triq", "thumb", lambda seed: TriqThumb())


def _gifts(memory: Memory, seat: int) -> dict[int, list[str]]:
    """Per receiver, the cards `seat` handed over in the current game and that the receiver
    cannot have passed on (it has handed nothing over since)."""
    out: dict[int, list[str]] = {}
    for event in memory.since("deal"):
        if event.get("type") != "give":
            continue
        giver = event.get("seat")
        cards = event.get("cards")
        if giver == seat and isinstance(cards, list):
            out.setdefault(int(event["to"]), []).extend(str(c) for c in cards)
        elif isinstance(giver, int):
            out.pop(giver, None)
    return out


def _last(memory: Memory, kind: str) -> dict[str, Any] | None:
    """The latest remembered event of type `kind`, if any."""
    return next((e for e in reversed(memory.events) if e.get("type") == kind), None)


def _place(value: object) -> int:
    """The place an ordinal message shows (0 if the seat is still in)."""
    return int(value.param("number")) if isinstance(value, Msg) and value else 0


def sample_world(game: Game[Any], view: View, memory: Memory, rng: Rng) -> State:
    """A world for the search player: other hands redealt, except that cards it handed over
    stay with their receiver until played."""
    seat = view.seat
    assert seat is not None
    n = view.players
    state = blank_state(game, n)
    assert isinstance(state, TriqState)
    state.names = view.names
    pool = unseen_pool(game, view)
    known: dict[int, list[str]] = {}
    for to, cards in _gifts(memory, seat).items():
        for c in cards:
            if c in pool and len(known.get(to, [])) < hidden_count(view, f"hand{to}"):
                pool.remove(c)
                known.setdefault(to, []).append(c)
    others = [i for i in range(n) if i != seat]
    sizes = [hidden_count(view, f"hand{i}") - len(known.get(i, [])) for i in others]
    sizes.append(hidden_count(view, "giving"))
    dealt = deal_constrained(pool, sizes, [None] * len(sizes), rng)
    state.hands = [list(view.zone(f"hand{i}").cards) for i in range(n)]
    for k, i in enumerate(others):
        state.hands[i] = sorted(dealt[k] + known.get(i, []), key=sort_key)
    state.removed = list(view.zone("removed").cards)
    state.flushed = list(view.zone("flushed").cards)
    state.pile = list(view.zone("pile").cards)
    state.total = int(view.counter("total").number)
    shibari = view.counter("shibari").value
    state.shibari = shibari.param("suit").letter if isinstance(shibari, Msg) and shibari else ""
    state.declarer = counter_seat(view, "declarer")
    state.owed = int(view.counter("owed").number)
    state.place = [_place(view.counter(f"place{i}").value) for i in range(n)]
    state.ring = Ring(n)
    for i in range(n):
        if state.place[i]:
            state.ring.remove(i)
    state.starter = counter_seat(view, "starter")
    state.turn = seat
    state.dropped = []
    verbs = {m.action.split()[0] for m in view.moves}
    state.giving = []
    state.giver = state.receiver = state.causer = state.joker_by = -1
    state.watch = []
    flush = _last(memory, "flush")
    if flush is not None:
        state.causer = int(flush["seat"])
    if verbs & {"give", "discard"}:
        state.phase = "give" if "give" in verbs else "discard"
        state.giver = seat
        state.giving = list(view.zone("giving").cards)
        target = next((m.target for m in view.moves if m.target), None)
        if state.phase == "give" and target and target.startswith("hand"):
            state.receiver = int(target[len("hand") :])
        if flush is None:
            state.causer = seat
        state.watch = [s for s in (state.causer, state.giver, state.receiver) if s >= 0]
    elif "decline" in verbs:
        state.phase = "counter"
    else:
        state.phase = "play"
    if state.pile and is_joker(state.pile[-1]):  # the joker was the last action
        played = _last(memory, "play")
        state.joker_by = int(played["seat"]) if played else state.ring.before(seat)
    restore_match(state, view)
    return state.arranged()


register_world("triq", sample_world)
register_search("triq")
