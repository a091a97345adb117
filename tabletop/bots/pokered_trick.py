"""Rule-of-thumb player for ポーカード・トリック: stay in on strong cards, keep a pair aside,
win tricks cheaply and save the jokers for tricks that improve the poker hand.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable

from tabletop.bots.base import SeededBot, register_bot
from tabletop.bots.pass_worlds import voids
from tabletop.bots.search import register_search
from tabletop.bots.worlds import (
    Memory,
    avoiding,
    blank_state,
    count,
    deal_constrained,
    facts,
    hidden_count,
    register_world,
    restore_match,
    unseen_pool,
)
from tabletop.engine.cards import RANK_VALUE, is_joker, sort_key
from tabletop.engine.game import Game
from tabletop.engine.rng import Rng
from tabletop.engine.views import Move, View
from tabletop.games.common import clockwise_from
from tabletop.games.pokered_trick import FOLD_FEE, PokeredState, end_limit
from tabletop.games.pokered_trick_rules import poker_hand

STAY_IN = 2.5
"""Hand strength needed to stay in when folding is the alternative."""
CLOCK_STEP = 5
"""Minutes a bot adds per deal when it must report the clock (it has no real clock)."""


def rank_of(card: str) -> int:
    """Trick strength of a card: 2..14, a joker 99."""
    return 99 if is_joker(card) else RANK_VALUE[card[:-1]]


def strength(hand: tuple[str, ...]) -> float:
    """A rough worth of a seven-card hand: jokers, a pair to keep aside, high cards."""
    ranks = Tally(c[:-1] for c in hand if not is_joker(c))
    suits = Tally(c[-1] for c in hand if not is_joker(c))
    value = 2.0 * sum(1 for c in hand if is_joker(c))
    value += 1.5 if any(n >= 2 for n in ranks.values()) else 0.0
    value += sum(1.0 if r == "A" else 0.5 if r == "K" else 0.0 for r in ranks.elements())
    value += 0.5 if max(suits.values(), default=0) >= 4 else 0.0
    return value


class PokeredTrickBot(SeededBot):
    """Declares on strength, hides a low pair (or the two weakest cards), plays cheap winners."""

    def choose(self, view: View) -> str:
        """One of the view's moves by the rules of thumb above."""
        seat = view.seat
        assert seat is not None
        verb = view.moves[0].act.verb
        hand = view.zone(f"hand{seat}").cards
        if verb == "declare":
            return self._declare(view, seat, hand)
        if verb == "time":
            return self._clock(view)
        if verb == "hide":
            return self._hide(view)
        return self._play(view, seat)

    def _declare(self, view: View, seat: int, hand: tuple[str, ...]) -> str:
        declared = _declarations(view)
        ins = declared.count("in")
        waiting = sum(1 for i, d in enumerate(declared) if not d and i != seat)
        if ins == 0 and waiting == 0:
            return "declare in"  # everyone else folded: the pot is ours for free
        pot = view.counter("pot").value
        bonus = 0.5 if isinstance(pot, int) and pot >= 4 else 0.0
        return "declare in" if strength(hand) + bonus >= STAY_IN else "declare fold"

    def _clock(self, view: View) -> str:
        minutes = [int(m.act.args[0]) for m in view.moves]
        want = min(minutes) + CLOCK_STEP
        return f"time {want if want in minutes else max(minutes)}"

    def _hide(self, view: View) -> str:
        def cost(move: Move) -> float:
            a, b = move.act.args
            value = rank_of(a) + rank_of(b)
            if a[:-1] == b[:-1]:
                value -= 14  # a kept pair is a sure poker point
            return value

        return min(view.moves, key=cost).action

    def _play(self, view: View, seat: int) -> str:
        cards = [m.act.args[0] for m in view.moves]
        trick = view.zone("trick").cards
        declarers = _declarations(view).count("in")
        plain = sorted((c for c in cards if not is_joker(c)), key=rank_of)
        jokers = [c for c in cards if is_joker(c)]
        if not trick:
            high = [c for c in plain if rank_of(c) >= 13]
            pick = high[-1] if high else (plain[0] if plain else jokers[0])
            return f"play {pick}"
        last = len(trick) == declarers - 1
        if any(is_joker(c) for c in trick):
            return f"play {self._joker_or_dump(view, seat, trick, plain, jokers, last)}"
        led = trick[0][-1]
        best = max(rank_of(c) for c in trick if c[-1] == led)
        winners = [c for c in plain if c[-1] == led and rank_of(c) > best]
        if winners:
            return f"play {winners[0] if last else winners[-1]}"
        return f"play {self._joker_or_dump(view, seat, trick, plain, jokers, last)}"

    def _joker_or_dump(
        self,
        view: View,
        seat: int,
        trick: tuple[str, ...],
        plain: list[str],
        jokers: list[str],
        last: bool,
    ) -> str:
        """A joker when it is safe and the trick improves our poker hand, else the lowest card."""
        seen = [c for i in range(view.players) for c in view.zone(f"won{i}").cards]
        safe = last or any(is_joker(c) for c in (*trick, *seen))
        if jokers and (safe or not plain):
            mine = [*view.zone(f"hidden{seat}").cards, *view.zone(f"won{seat}").cards]
            before = poker_hand(mine)[0]
            if poker_hand([*mine, *trick])[0] > before or not plain:
                return jokers[0]
        return plain[0] if plain else jokers[0]


register_bot("pokered-trick", "thumb", lambda seed: PokeredTrickBot(seed))


def _void_rule(led: str, card: str) -> str | None:
    """The suit a card played to `led` proves its player lacks (jokers prove nothing)."""
    if is_joker(led) or is_joker(card) or card[-1] == led[-1]:
        return None
    return led[-1]


def _declarations(view: View) -> list[str]:
    """Each seat's declaration: "in", "fold", "out" (no chips left) or "" (not yet)."""
    known = facts(view)
    return [
        "out" if out else (d or "") for d, out in zip(known["declared"], known["out"], strict=True)
    ]


def _suit(card: str) -> str:
    """A card's suit letter; a joker follows any suit (it has none)."""
    return "" if is_joker(card) else card[-1]


def sample_world(game: Game[PokeredState], view: View, memory: Memory, rng: Rng) -> PokeredState:
    """A world for the search player: unseen cards redealt, voids kept, the deal's public
    bookkeeping (chips, pot, declarations, trick order) read from the counters."""
    seat = view.seat
    assert seat is not None
    n = view.players
    state = blank_state(game, n)
    state.names = view.names
    known = facts(view)
    state.chips = [count(view, f"chips{i}") for i in range(n)]
    state.out = list(known["out"])
    state.pot = count(view, "pot")
    state.declared = [d if d in ("in", "fold") else None for d in _declarations(view)]
    state.start_chips = [
        c + (FOLD_FEE if d == "fold" else 0)
        for c, d in zip(state.chips, state.declared, strict=True)
    ]
    dealer = known["dealer"]
    state.queue = [s for s in clockwise_from(dealer + 1, n) if not state.out[s]]
    state.order = [s for s in state.queue if state.declared[s] == "in"]
    state.phase = known["phase"]

    lacking = voids(memory, n, _void_rule)
    pool = unseen_pool(game, view)
    others = [i for i in range(n) if i != seat]
    slots: list[tuple[int, str]] = []
    sizes: list[int] = []
    allowed: list[Callable[[str], bool] | None] = []
    for i in others:
        for zone in ("hand", "folded", "hidden"):
            slots.append((i, zone))
            sizes.append(hidden_count(view, f"{zone}{i}"))
            gone = frozenset(lacking[i]) if zone == "hand" else frozenset()
            allowed.append(avoiding(gone, _suit))
    sizes.append(hidden_count(view, "stock"))
    allowed.append(None)
    dealt = deal_constrained(pool, sizes, allowed, rng)
    state.hands = [list(view.zone(f"hand{i}").cards) for i in range(n)]
    state.folded = [list(view.zone(f"folded{i}").cards) for i in range(n)]
    state.hidden = [tuple(view.zone(f"hidden{i}").cards) or None for i in range(n)]
    for (i, zone), cards in zip(slots, dealt, strict=False):
        if zone == "hand":
            state.hands[i] = sorted(cards, key=sort_key)
        elif zone == "folded":
            state.folded[i] = cards
        elif cards:
            state.hidden[i] = tuple(sorted(cards, key=sort_key))
    state.stock = dealt[-1]
    state.won = [list(view.zone(f"won{i}").cards) for i in range(n)]
    state.tricks = [count(view, f"tricks{i}") for i in range(n)]
    state.trick_points = [count(view, f"trickpoints{i}") for i in range(n)]
    state.revealed = False
    state.trick_no = known["trick_no"] if state.phase == "play" else 0
    trick = list(view.zone("trick").cards)
    state.trick = []
    if state.order:
        k = len(state.order)
        first = state.trick_no % k
        state.trick = [(state.order[(first + j) % k], c) for j, c in enumerate(trick)]
    state.turn = seat
    state.clock = known["clock"] if state.options["end"] == "time" else 0
    restore_match(state, view)
    state.match.rounds = 0
    if state.options["end"] == "deals":
        state.match.rounds = end_limit(state)
    state.match.dealer = dealer
    return state.arranged()


register_world("pokered-trick", sample_world)
register_search("pokered-trick")
