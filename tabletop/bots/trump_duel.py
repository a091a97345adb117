"""Rule-of-thumb player for トランプ◆デュエル: fight for score cards that matter, cheaply."""

from __future__ import annotations

from tabletop.bots.base import SeededBot, register_bot
from tabletop.bots.search import register_search
from tabletop.bots.worlds import (
    Memory,
    blank_state,
    count,
    facts,
    register_world,
    restore_match,
    unseen_pool,
)
from tabletop.engine.actions import Action
from tabletop.engine.game import Game
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.trump_duel import TrumpDuelState
from tabletop.games.trump_duel_rules import (
    HAND_ORDER,
    SCORE_DECK,
    VALUE,
    WIN_POINTS,
    points,
    suit_of,
)

ACE_KEEP = 8.0
"""How much a 1 is worth keeping: it alone beats a display of 10."""
EFFECT_BONUS = {"S": 2.5, "C": 2.0, "H": 1.0, "D": 1.0}
"""What each suit's effect on play is worth, taken off the cost of spending the card."""
SECOND_CARD = 2.5
"""Extra cost of spending two cards instead of one."""
EXPOSED = 5.0
"""Extra cost of showing exactly 10 or 20 while the other side may hold a 1."""
PASS_BASE = 18.0
"""The most a play may cost before passing on a round worth nothing to either side."""
PER_POINT = 8.0
"""How much more a play may cost per point the round's score cards swing."""
CANCEL_ORDER = "SCDH"
"""Which opposing effect hurts most, first."""
EFFECT_ORDER = "CSH"
"""Which own effect to use first: draw before exchanging, so a bad draw can be swapped."""
END_VALUE = {"C": 5.0, "D": 3.0}
"""Worth of the loser's draw and of the extra score card; S and H are worth the card taken."""


def keep(card: str) -> float:
    """How much a number card is worth keeping in hand."""
    value = VALUE[card]
    return ACE_KEEP if value == 1 else float(value)


class TrumpDuelBot(SeededBot):
    """Wins rounds whose score cards matter at the lowest cost, and gives up the rest."""

    def choose(self, view: View) -> str:
        """The move chosen by the rules of thumb for the current sub-phase."""
        seat = view.seat
        assert seat is not None
        moves = [m.action for m in view.moves]
        verb = view.moves[0].act.verb
        other = 1 - seat
        if verb == "cancel":
            return min(moves, key=lambda a: CANCEL_ORDER.index(Action.parse(a).args[0][-1]))
        if verb == "exchange":
            return min(moves, key=lambda a: keep(Action.parse(a).args[0]))
        if verb == "take":
            return max(moves, key=lambda a: keep(Action.parse(a).args[0]))
        if verb == "effect" and facts(view)["phase"] == "order":
            return min(moves, key=lambda a: EFFECT_ORDER.index(Action.parse(a).args[0]))
        if verb == "effect":
            return max(moves, key=lambda a: self._end_value(view, seat, Action.parse(a).args[0]))
        return self._play(view, seat, other, moves)

    def _end_value(self, view: View, seat: int, suit: str) -> float:
        if suit in END_VALUE:
            return END_VALUE[suit]
        source = view.zone(f"display{1 - seat if suit == 'S' else seat}").cards
        return max((keep(c) for c in source), default=0.0)

    def _play(self, view: View, seat: int, other: int, moves: list[str]) -> str:
        target = sum(VALUE[c] for c in view.zone(f"display{other}").cards)
        seen = [
            c
            for zone in (f"hand{seat}", "display0", "display1", "discards")
            for c in view.zone(zone).cards
        ]
        aces_out = 4 - sum(1 for c in seen if VALUE.get(c) == 1)
        best, best_cost = "pass", float("inf")
        for move in moves:
            if move == "pass":
                continue
            cards = list(Action.parse(move).args)
            shown = sum(VALUE[c] for c in cards)
            if target and shown <= target:
                return move  # 1 beats 10: the round is ours at once
            cost = sum(keep(c) - EFFECT_BONUS[c[-1]] for c in cards)
            cost += SECOND_CARD * (len(cards) - 1)
            if aces_out and shown in (10, 20):
                cost += EXPOSED
            cost += self.rng.below(100) / 1000  # break ties without a fixed bias
            if cost < best_cost:
                best, best_cost = move, cost
        if "pass" not in moves or best_cost <= self._worth(view, seat, other):
            return best
        return "pass"

    def _worth(self, view: View, seat: int, other: int) -> float:
        """The most this round is worth spending on, from what its score cards swing."""
        prize = list(view.zone("prize").cards)
        mine = list(view.zone(f"taken{seat}").cards)
        theirs = list(view.zone(f"taken{other}").cards)
        gain = points(mine + prize) - points(mine)
        deny = points(theirs + prize) - points(theirs)
        decisive = points(mine + prize) >= WIN_POINTS or points(theirs + prize) >= WIN_POINTS
        last = not view.zone("score_deck").cards
        if decisive or last:
            return float("inf")
        return PASS_BASE + PER_POINT * (gain + deny) + len(prize)


register_bot("trump-duel", "thumb", lambda seed: TrumpDuelBot(seed))


def _resolved_since_play(memory: Memory, seat: int) -> tuple[set[str], set[str]]:
    """Cards of `seat`'s current display already resolved, and those cancelled."""
    resolved: set[str] = set()
    cancelled: set[str] = set()
    for event in memory.events:
        kind = event.get("type")
        if kind == "play" and event.get("seat") == seat:
            resolved, cancelled = set(), set()
        elif kind == "effect" and event.get("what") == "cancel" and event.get("seat") != seat:
            cancelled.add(str(event.get("target")))
        elif kind == "effect" and event.get("seat") == seat and "card" in event:
            resolved.add(str(event["card"]))
    return resolved, cancelled


def _taken_by(memory: Memory, seat: int) -> list[str]:
    """Cards `seat` took from a display into its hand, in order, over the match."""
    return [
        str(e["taken"])
        for e in memory.events
        if e.get("type") == "effect" and e.get("what") == "take" and e.get("seat") == seat
    ]


def sample_world(
    game: Game[TrumpDuelState], view: View, memory: Memory, rng: Rng
) -> TrumpDuelState:
    """A world for the search player, built at its own decisions.

    The other hand holds the display cards it was seen to take (until played); the rest of it
    and the draw deck are redealt from the unseen number cards, the score deck reshuffled.
    """
    seat = view.seat
    assert seat is not None
    other = 1 - seat
    state = blank_state(game, 2)
    state.names = view.names
    counters = {c.id: c.value for c in view.counters}
    pool = unseen_pool(game, view)
    score_cards = set(SCORE_DECK)
    state.score_deck = [c for c in pool if c in score_cards]
    rng.shuffle(state.score_deck)
    draw = [c for c in pool if c not in score_cards]
    known = [c for c in _taken_by(memory, other) if c in draw]
    known = list(dict.fromkeys(known))
    for c in known:
        draw.remove(c)
    rng.shuffle(draw)
    k = len(view.zone(f"hand{other}").cards) - len(known)
    key = HAND_ORDER.__getitem__
    state.hands = [[], []]
    state.hands[seat] = list(view.zone(f"hand{seat}").cards)
    state.hands[other] = sorted(known + draw[:k], key=key)
    state.deck = draw[k:]
    state.discards = list(view.zone("discards").cards)
    state.prize = list(view.zone("prize").cards)
    state.taken = [list(view.zone(f"taken{i}").cards) for i in (0, 1)]
    state.display = [list(view.zone(f"display{i}").cards) for i in (0, 1)]
    state.first = 0 if view.zone("joker0").cards else 1
    state.cancels = [count(view, f"guard{i}") for i in (0, 1)]
    state.extra_flip = bool(counters["extra"])
    state.gained = [0, 0]
    state.actor = seat
    resolved, cancelled = _resolved_since_play(memory, seat)
    state.cancelled = [[], []]
    for i in (0, 1):
        theirs = _resolved_since_play(memory, i)[1]
        state.cancelled[i] = [c for c in state.display[i] if c in theirs]
    verbs = {m.act.verb for m in view.moves}
    actions = [(m.act.verb, *m.act.args) for m in view.moves]
    state.first_play = "play" in verbs and "pass" not in verbs
    state.pending = []
    state.take_from = 0
    state.phase = facts(view)["phase"]
    if state.phase == "cancel":
        state.pending = [a[1] for a in actions]
    elif state.phase == "exchange":
        left = [c for c in state.display[seat] if c not in resolved and c not in cancelled]
        left = [c for c in left if suit_of(c) != "D"]
        state.pending = sorted(left, key=lambda c: suit_of(c) != "H")
    elif state.phase == "take":
        card = actions[0][1]
        state.take_from = 0 if card in state.display[0] else 1
    elif state.phase == "order":  # the seat orders its play's effects
        state.pending = [c for c in state.display[seat] if c not in cancelled and suit_of(c) != "D"]
    restore_match(state, view)
    return state.arranged()


register_world("trump-duel", sample_world)
register_search("trump-duel", whole_match=True)
