"""Computer players of the throwaway game Tenth (written as `tabletop/bots/<module>.py` would
be): a rule-of-thumb player, the game's world sampler and its search player."""

from __future__ import annotations

from tenth import RANK, Tenth, TenthState, sort_key

from tabletop.bots.base import SeededBot, register_bot
from tabletop.bots.pass_worlds import voids
from tabletop.bots.search import register_search
from tabletop.bots.worlds import (
    Memory,
    avoiding,
    blank_state,
    deal_constrained,
    facts,
    hidden_count,
    register_world,
    restore_match,
    unseen_pool,
)
from tabletop.engine.rng import Rng
from tabletop.engine.views import View


def _rank(card: str) -> int:
    return RANK[card[:-1]]


class TenthThumb(SeededBot):
    """Leads its highest card; follows with the lowest card that wins, else its lowest."""

    def choose(self, view: View) -> str:
        """One of the view's legal moves by the rules of thumb above."""
        moves = sorted(view.moves, key=lambda m: _rank(m.act.args[0]))
        trick = view.zone("trick").cards
        if not trick:
            return moves[-1].action
        led = trick[0][-1]
        best = max(_rank(c) for c in trick if c[-1] == led)
        winning = [m for m in moves if m.act.args[0][-1] == led and _rank(m.act.args[0]) > best]
        return (winning or moves)[0].action


register_bot("tenth", "thumb", lambda seed: TenthThumb(seed))


def _lacks(led: str, card: str) -> str | None:
    """Playing off the led suit proves the player holds none of it."""
    return led[-1] if card[-1] != led[-1] else None


def sample_world(game: Tenth, view: View, memory: Memory, rng: Rng) -> TenthState:
    """A world for the search player: the other hands redealt, the suits they failed to
    follow kept out of them."""
    seat = view.seat
    assert seat is not None
    n = view.players
    state = blank_state(game, n)
    state.names = view.names
    lacking = voids(memory, n, _lacks)
    others = [i for i in range(n) if i != seat]
    sizes = [hidden_count(view, f"hand{i}") for i in others]
    allowed = [avoiding(frozenset(lacking[i]), lambda c: c[-1]) for i in others]
    dealt = deal_constrained(unseen_pool(game, view), sizes, allowed, rng)
    state.hands = [list(view.zone(f"hand{i}").cards) for i in range(n)]
    for k, i in enumerate(others):
        state.hands[i] = sorted(dealt[k], key=sort_key)
    state.leader = facts(view)["leader"]
    trick = view.zone("trick").cards
    state.trick = [((state.leader + k) % n, c) for k, c in enumerate(trick)]
    state.won = [list(view.zone(f"won{i}").cards) for i in range(n)]
    state.turn = seat
    restore_match(state, view)
    return state.arranged()


register_world("tenth", sample_world)
register_search("tenth")
