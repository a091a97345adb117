"""Rule-of-thumb player for %triq: complete tens, leave the next player a total hard to complete."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
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
    PLAY,
    PLAY_ACE,
    PLAY_SHIBARI,
    SHIBARI_FLAG,
    SPADE_THREE,
    Ring,
    allowed_under,
    is_court,
    is_number,
    play_moves,
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
    odds: dict[int, float] = {}
    threats: dict[tuple[int, str], int] = {}

    def chance(k: int) -> float:
        """Probability the next player holds at least one of `k` unseen cards."""
        found = odds.get(k)
        if found is None:
            found = odds[k] = 1.0 - (1.0 - min(1.0, k / unseen)) ** next_hand
        return found

    under = bool(shibari)

    def score(card: str, extra: tuple[str, ...]) -> float:
        ace = int(extra[0]) if card.startswith("A") else 1
        value = points(card, total, under, ace)
        after = total + value
        keep = KEEP_VALUE[card] / 10
        if after % 10 == 0:
            risk = 3.0 if is_joker(card) and SPADE_THREE not in seen else 0.0
            return 100.0 + 10 * (after // 10) - risk - keep
        flag = extra == (SHIBARI_FLAG,)
        suit = card[-1] if flag else shibari
        key = (after % 10, suit)
        threat = threats.get(key)
        if threat is None:  # the unseen cards completing `after`
            threat = threats[key] = len(COMPLETERS[key] - seen)
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


def is_thumb_pick(moves: Sequence[Action], action: Action, scorer: Callable[[], Scorer]) -> bool:
    """Whether `thumb_pick` picks `action` among `moves`: the same answer, but a play is
    scored against the others only until one beats it."""
    verbs = {m.verb for m in moves}
    if "counter" in verbs or verbs <= {"give", "discard", "decline", "pass"}:
        return moves[thumb_pick(moves, scorer)] == action
    score = scorer()
    mine = moves.index(action)
    value = score(action.args[0], action.args[1:])
    for k, m in enumerate(moves):
        if k != mine:
            other = score(m.args[0], m.args[1:])
            if other > value or (other == value and k < mine):
                return False
    return True


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


OPENING_TENS = frozenset(c for c in COMPLETERS[0, ""] if is_number(c))
"""The cards that open a fresh pile and complete a ten at once: the 10s."""


def _piles(
    events: Iterable[dict[str, Any]],
) -> Iterator[tuple[dict[str, Any], str | None, int, str, bool]]:
    """Each event with the pile as it stood just before: its top card (None: a fresh pile), its
    total, the しばり suit ("") and whether a joker was the last card played."""
    top: str | None = None
    total, shibari, joker = 0, "", False
    for event in events:
        yield event, top, total, shibari, joker
        kind = event.get("type")
        if kind == "play":
            card = str(event["card"])
            top, total, joker = card, int(event["total"]), is_joker(card)
            if event.get("shibari"):
                shibari = card[-1]
        elif kind == "flush":
            top, total, shibari, joker = None, 0, "", False


def ruled_out(memory: Memory) -> dict[int, frozenset[str]]:
    """Per seat, the cards its moves in the current game show it does not hold, by the rule of
    thumb: it completes a ten whenever it can, counters a joker whenever it can, and hands over
    the cards it least wants to keep first. A pass under しばり shows (by the rules) that the seat
    holds no card it may play. What a seat is handed by a seat other than this one may be
    anything, so its earlier readings are dropped then (this seat sees the cards it handed
    over, and the sampler deals them to the receiver)."""
    out: dict[int, set[str]] = {}
    for event, top, total, shibari, joker in _piles(memory.since("deal")):
        kind, seat = event.get("type"), event.get("seat")
        if kind == "play" and isinstance(seat, int) and not event.get("counter"):
            card, empty = str(event["card"]), top is None
            if int(event["total"]) % 10 and not (empty and is_joker(card)):
                held = out.setdefault(seat, set())
                held |= OPENING_TENS if empty else COMPLETERS[total % 10, shibari]
                if joker and shibari:
                    held.add(SPADE_THREE)
        elif kind == "decline" and isinstance(seat, int):
            out.setdefault(seat, set()).add(SPADE_THREE)
        elif kind == "pass" and isinstance(seat, int):
            held = out.setdefault(seat, set())
            held |= SUIT_CARDS[shibari] | WILD
            if joker:
                held.add(SPADE_THREE)
        elif kind == "give":
            to, cards = int(event["to"]), event.get("cards")
            if isinstance(cards, list):  # this seat's own gift: the receiver may hold it
                out.get(to, set()).difference_update(cards)
            else:
                out.pop(to, None)
        if kind in ("give", "discard") and isinstance(seat, int):
            cards = event.get("cards")
            if isinstance(cards, list) and cards:
                least = keep_value(str(cards[-1]))
                out.setdefault(seat, set()).update(c for c in DECK if keep_value(c) < least)
    return {seat: frozenset(cards) for seat, cards in out.items()}


TRUST = 0.9
"""How far the search trusts a rival to have played as the rule of thumb would: a sighting's
chance is TRUST + (1 − TRUST) / moves for the model's own play, (1 − TRUST) / moves for another."""

STEPS = 150
"""Card swaps tried per world to make the dealt hands explain the rivals' plays."""

MEMO = 4096
"""Most hands a sighting remembers its chance for (during one decision)."""


@dataclass(slots=True)
class Sighting:
    """One play a rival made in the current game, with the table it was made at (as the rival
    saw it) and what its hand has lost and gained since, as far as this seat knows."""

    action: Action
    total: int
    shibari: str
    top: str | None
    joker: bool
    out: frozenset[str]
    next_hand: int
    lost: list[str] = field(default_factory=list)
    """The cards it played, handed to this seat or discarded since (this play's card first)."""
    gained: list[str] = field(default_factory=list)
    """The cards this seat handed it since."""
    memo: dict[tuple[str, ...], float] = field(default_factory=dict, repr=False, compare=False)
    """`chance` by the hand the play was made from, as far as it was asked for."""

    def lose(self, cards: Iterable[str]) -> None:
        """Note cards the rival no longer holds (one this seat handed it since is simply gone)."""
        for card in cards:
            if card in self.gained:
                self.gained.remove(card)
            else:
                self.lost.append(card)

    def hand_then(self, hand: Sequence[str]) -> list[str]:
        """The rival's hand when it made the play, from its hand now."""
        then = [c for c in hand if c not in self.gained]
        return sorted(then + self.lost, key=sort_key)

    def chance(self, hand: Sequence[str]) -> float:
        """How likely the rival was to make this play holding `hand` now, by the model."""
        then = self.hand_then(hand)
        key = tuple(then)
        known = self.memo.get(key)
        if known is not None:
            return known
        moves = play_moves(then, self.top, self.total, self.shibari, self.joker)
        if self.action not in moves:
            value = 0.0
        else:
            hidden = len(DECK) - len(self.out) - len(then)
            out, total, shibari, nxt = self.out, self.total, self.shibari, self.next_hand
            picked = is_thumb_pick(
                moves, self.action, lambda: play_scorer(then, out, total, shibari, nxt, hidden)
            )
            spread = (1 - TRUST) / len(moves)
            value = TRUST + spread if picked else spread
        if len(self.memo) < MEMO:
            self.memo[key] = value
        return value


def _played(event: dict[str, Any]) -> Action:
    """The action a `play` event reports."""
    card = str(event["card"])
    if card in PLAY_ACE:
        return PLAY_ACE[card][0 if int(event["value"]) == 1 else 1]
    return PLAY_SHIBARI[card] if event.get("shibari") else PLAY[card]


def sightings(memory: Memory) -> dict[int, list[Sighting]]:
    """Per seat, its plays in the current game since its hand last changed in a way this seat
    cannot follow (cards handed over between two other seats), each with the table it saw."""
    seen: dict[int, list[Sighting]] = {}
    events = memory.since("deal")
    deal = _last(memory, "deal")
    if deal is None:
        return {}
    hands = deal["hands"]
    counts = [len(h) if isinstance(h, list) else int(h["hidden"]) for h in hands]
    active = [True] * len(counts)
    public = set(str(c) for c in deal.get("removed", []))
    for event, top, total, shibari, joker in _piles(events):
        kind, seat = event.get("type"), event.get("seat")
        if not isinstance(seat, int):
            continue
        if kind == "play":
            card = str(event["card"])
            if not event.get("counter"):
                n = len(counts)
                nxt = next((seat + k) % n for k in range(1, n) if active[(seat + k) % n])
                sighting = Sighting(
                    _played(event),
                    total,
                    shibari,
                    top,
                    joker,
                    frozenset(public),
                    counts[nxt] if nxt != seat else 0,
                )
                seen.setdefault(seat, []).append(sighting)
            for s in seen.get(seat, []):
                s.lose([card])
            counts[seat] -= 1
            public.add(card)
        elif kind == "give":
            to, count, cards = int(event["to"]), int(event["count"]), event.get("cards")
            counts[seat] -= count
            counts[to] += count
            if isinstance(cards, list):
                for s in seen.get(seat, []):
                    s.lose(str(c) for c in cards)
                for s in seen.get(to, []):
                    s.gained.extend(str(c) for c in cards)
            else:
                seen.pop(seat, None)
                seen.pop(to, None)
        elif kind == "discard":
            cards = [str(c) for c in event.get("cards", [])]
            counts[seat] -= len(cards)
            public.update(cards)
            for s in seen.get(seat, []):
                s.lose(cards)
        elif kind == "out":
            active[seat] = False
            counts[seat] = 0
            public.update(str(c) for c in event.get("cards", []))
    return seen


def _without(cards: frozenset[str] | None) -> Callable[[str], bool] | None:
    """A test that a card is none of `cards` (None, no test, if there are none)."""
    if not cards:
        return None
    return lambda card: card not in cards


def _follow_plays(
    dealt: list[list[str]],
    known: list[list[str]],
    plays: list[list[Sighting]],
    allowed: list[Callable[[str], bool] | None],
    rng: Rng,
) -> None:
    """Move the dealt hands (in place) towards hands that explain the rivals' plays: cards are
    swapped between two slots, one of them a rival with sightings, and a swap is kept with the
    Metropolis chance, the ratio of how well the hands explain the plays after and before."""

    def chance(k: int, cards: list[str]) -> float:
        hand = cards + known[k]  # each sighting sorts the hand it rebuilds
        value = 1.0
        for sighting in plays[k]:
            value *= sighting.chance(hand)
        return value

    watching = [k < len(plays) and bool(plays[k]) for k in range(len(dealt))]
    watched = [k for k, cards in enumerate(dealt) if watching[k] and cards]
    slots = [k for k, cards in enumerate(dealt) if cards]
    if not watched or len(slots) < 2:
        return
    now = [chance(k, cards) if watching[k] else 1.0 for k, cards in enumerate(dealt)]
    for _ in range(STEPS):
        a = watched[rng.below(len(watched))]
        b = slots[rng.below(len(slots))]
        if a == b:
            continue
        i, j = rng.below(len(dealt[a])), rng.below(len(dealt[b]))
        x, y = dealt[a][i], dealt[b][j]
        ok_a, ok_b = allowed[a], allowed[b]
        if (ok_a is not None and not ok_a(y)) or (ok_b is not None and not ok_b(x)):
            continue
        new_a = [*dealt[a][:i], y, *dealt[a][i + 1 :]]
        new_b = [*dealt[b][:j], x, *dealt[b][j + 1 :]]
        after_a = chance(a, new_a)
        after_b = chance(b, new_b) if watching[b] else 1.0
        before = now[a] * now[b]
        if before <= 0 or rng.below(1 << 30) < after_a * after_b / before * (1 << 30):
            dealt[a], dealt[b] = new_a, new_b
            now[a], now[b] = after_a, after_b


def _last(memory: Memory, kind: str) -> dict[str, Any] | None:
    """The latest remembered event of type `kind`, if any."""
    return next((e for e in reversed(memory.events) if e.get("type") == kind), None)


def sample_world(game: Game[TriqState], view: View, memory: Memory, rng: Rng) -> TriqState:
    """A world for the search player: other hands redealt, except that cards it handed over
    stay with their receiver until played, no rival is dealt a card its moves showed it does
    not hold (`ruled_out`), and the hands are then moved towards hands that explain the rivals'
    plays (`sightings`, `_follow_plays`)."""
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
    lacks = memory.reading(ruled_out)
    allowed: list[Callable[[str], bool] | None] = [_without(lacks.get(i)) for i in others]
    allowed.append(None)
    plays = memory.reading(sightings)
    dealt = deal_constrained(pool, sizes, allowed, rng)
    if any(i in plays for i in others):
        _follow_plays(
            dealt,
            [known.get(i, []) for i in others],
            [plays.get(i, []) for i in others],
            allowed,
            rng,
        )
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
