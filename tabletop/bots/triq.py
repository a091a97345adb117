"""Rule-of-thumb player for %triq: complete tens, leave the next player a total hard to complete."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tabletop.bots.base import register_bot
from tabletop.bots.search import register_search
from tabletop.bots.worlds import (
    Memory,
    blank_state,
    deal_constrained,
    facts,
    hidden_count,
    register_world,
    restore_match,
    unseen_pool,
)
from tabletop.engine.actions import Action
from tabletop.engine.cards import SUITS, is_joker, sort_key
from tabletop.engine.game import Game
from tabletop.engine.rng import Rng
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


def _keep(card: str) -> float:
    """How useful a card is to hold on to, worked out (`keep_value` looks it up)."""
    if card == SPADE_THREE:
        return 4.5
    head = card[:2] if is_joker(card) else card[:-1]
    return KEEP[head] if head in KEEP else 1.0 + int(head) / 10


KEEP_VALUE = {c: _keep(c) for c in DECK}
"""`_keep` of every card of the deck, worked out once."""


def keep_value(card: str) -> float:
    """How useful a card is to hold on to (higher: give or play it last)."""
    return KEEP_VALUE[card]


def completes(card: str, total: int, shibari: str) -> bool:
    """Can `card` bring a pile at `total` to a multiple of ten (under `shibari`, if any)?"""
    if not allowed_under(card, shibari):
        return False
    if card.startswith("A"):
        return (total + 1) % 10 == 0 or (total + 11) % 10 == 0
    return (total + points(card, total, bool(shibari))) % 10 == 0


COMPLETERS = {
    (last, suit): frozenset(c for c in DECK if completes(c, last, suit))
    for last in range(10)
    for suit in ("", *SUITS)
}
"""The cards that complete a ten on a pile whose total ends in `last` under the しばり suit
`suit` (""): `completes` depends on the total only through its last digit."""

SUIT_CARDS = {
    suit: frozenset(c for c in DECK if not is_joker(c) and c[-1] == suit) for suit in SUITS
}
"""The cards of each suit."""

WILD = frozenset(c for c in DECK if is_joker(c) or is_court(c))
"""The cards playable under any しばり: the jokers, J, Q and K."""


Scorer = Callable[[str, tuple[str, ...]], float]
"""How much the rule of thumb likes playing a card (with its extra words: an ace's value or
the しばり flag)."""

WHIM = 10  # percent of playout moves made at random, so the playouts' players vary


def play_scorer(
    hand: Sequence[str],
    out: Iterable[str],
    total: int,
    shibari: str,
    next_hand: int,
    hidden: int,
) -> Scorer:
    """The rule of thumb's score of each play, for a seat holding `hand` that sees the cards
    `out` of its hand face up (pile, finished piles, leftovers), the pile at `total` under the
    しばり suit `shibari` (""), the next seat still in holding `next_hand` unseen cards, and
    `hidden` cards unseen in all."""
    seen = set(hand).union(out)
    unseen = max(1, hidden)

    def chance(k: int) -> float:
        """Probability the next player holds at least one of `k` unseen cards."""
        return 1.0 - (1.0 - min(1.0, k / unseen)) ** next_hand

    under = bool(shibari)

    def score(card: str, extra: tuple[str, ...]) -> float:
        ace = int(extra[0]) if card.startswith("A") else 1
        value = points(card, total, under, ace)
        after = total + value
        keep = keep_value(card) / 10
        if after % 10 == 0:
            risk = 3.0 if is_joker(card) and SPADE_THREE not in seen else 0.0
            return 100.0 + 10 * (after // 10) - risk - keep
        flag = extra == (SHIBARI_FLAG,)
        suit = card[-1] if flag else shibari
        threat = len(COMPLETERS[after % 10, suit] - seen)  # unseen cards completing `after`
        loss = chance(threat) * (after // 10 + 1)
        gain = 0.0
        if flag:
            # a J, Q or K of the suit counts twice, as the suit's and as a wild card
            allowed = len(SUIT_CARDS[suit] - seen) + len(WILD - seen)
            gain = (1.0 - chance(allowed)) * -(-after // 10)
        return gain - loss - keep

    return score


def thumb_pick(moves: Sequence[Action], scorer: Callable[[], Scorer]) -> int:
    """The index of the move the rule of thumb makes: a counter whenever it may; when handing
    over, discarding, declining or passing, the card it least wants to keep (declining or
    passing before any); else the best play by `scorer()`."""
    verbs = {m.verb for m in moves}
    if "counter" in verbs:
        return next(k for k, m in enumerate(moves) if m.verb == "counter")
    if verbs <= {"give", "discard", "decline", "pass"}:
        keep = [keep_value(m.args[0]) if m.args else 0.0 for m in moves]
        return keep.index(min(keep))
    score = scorer()
    values = [score(m.args[0], m.args[1:]) for m in moves]
    return values.index(max(values))


class TriqThumb:
    """Completes tens when it can, counters jokers, declares しばり, else plays the safest card."""

    name = "thumb"

    def choose(self, view: View) -> str:
        """Pick one of the view's legal moves."""
        moves = [m.act for m in view.moves]
        return view.moves[thumb_pick(moves, lambda: self._scorer(view))].action

    def _scorer(self, view: View) -> Scorer:
        """The rule of thumb's play scorer, from what the view shows."""
        seat = view.seat
        assert seat is not None
        out = [*view.zone("pile").cards, *view.zone("flushed").cards, *view.zone("removed").cards]
        shibari = facts(view)["shibari"]
        nxt = self._next_seat(view, seat)
        next_hand = sum(1 for c in view.zone(f"hand{nxt}").cards if c == BACK)
        hidden = sum(sum(1 for c in z.cards if c == BACK) for z in view.zones)
        hand = view.zone(f"hand{seat}").cards
        total = int(view.counter("total").number)
        return play_scorer(hand, out, total, shibari, next_hand, hidden)

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


def sample_world(game: Game[TriqState], view: View, memory: Memory, rng: Rng) -> TriqState:
    """A world for the search player: other hands redealt, except that cards it handed over
    stay with their receiver until played."""
    seat = view.seat
    assert seat is not None
    n = view.players
    state = blank_state(game, n)
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
    table = facts(view)
    state.shibari = table["shibari"]
    state.declarer = table["declarer"]
    state.owed = int(view.counter("owed").number)
    state.place = list(table["place"])
    state.ring = Ring(n)
    for i in range(n):
        if state.place[i]:
            state.ring.remove(i)
    state.starter = table["starter"]
    state.turn = seat
    state.dropped = []
    state.giving = []
    state.giver = state.receiver = state.causer = state.joker_by = -1
    state.watch = []
    flush = _last(memory, "flush")
    if flush is not None:
        state.causer = int(flush["seat"])
    state.phase = table["phase"]
    if state.phase in ("give", "discard"):
        state.giver = seat
        state.giving = list(view.zone("giving").cards)
        state.receiver = table["receiver"] if state.phase == "give" else -1
        if flush is None:
            state.causer = seat
        state.watch = [s for s in (state.causer, state.giver, state.receiver) if s >= 0]
    if state.pile and is_joker(state.pile[-1]):  # the joker was the last action
        played = _last(memory, "play")
        state.joker_by = int(played["seat"]) if played else state.ring.before(seat)
    restore_match(state, view)
    return state.arranged()


register_world("triq", sample_world)


def playout_move(state: TriqState, seat: int, legal: Sequence[Action], rng: Rng) -> int:
    """The search's model of a player in playouts: the rule-of-thumb player's move from what
    the seat sees in the world, and now and then a random move."""
    if len(legal) == 1:
        return 0
    if rng.below(100) < WHIM:
        return rng.below(len(legal))

    def scorer() -> Scorer:
        hands = state.hands
        nxt = state.ring.after(seat)
        next_hand = len(hands[nxt]) if nxt != seat else 0
        hidden = sum(map(len, hands)) - len(hands[seat])
        out = [*state.pile, *state.flushed, *state.removed]
        return play_scorer(hands[seat], out, state.total, state.shibari, next_hand, hidden)

    return thumb_pick(legal, scorer)


register_search("triq", policy=playout_move)
