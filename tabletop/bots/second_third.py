"""Rule-of-thumb player for Second Third: keep strong cards, win tricks unless they hurt."""

from __future__ import annotations

from tabletop.bots.base import SeededBot, register_bot
from tabletop.bots.pass_worlds import sample_pass_world
from tabletop.bots.search import register_search
from tabletop.bots.worlds import Memory, register_world
from tabletop.engine.actions import Action
from tabletop.engine.cards import value
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.pass_tricks import PassTrickGame
from tabletop.games.second_third import SecondThirdState
from tabletop.games.second_third_rules import TRUMP, score

ACE_OF_TRUMP = 200 + 14
TOLERATED_LOSS = 1.5  # a trick that costs less than this is still worth taking: cards build suits
RISK = 0.5  # a win that a later player may still beat counts for less


def strength(card: str, led: str) -> int:
    """How strongly a card competes in a trick led with `led`: trump > led suit > others."""
    if card[-1] == TRUMP:
        return 200 + value(card)
    return 100 + value(card) if card[-1] == led else 0


def _card(action: str) -> str:
    return Action.parse(action).args[0]


class SecondThirdThumb(SeededBot):
    """Passes its weakest cards, leads high, and wins a trick unless the cards hurt its score.

    Measured against random players: ducking every trick scores about −1 a deal, worse than
    random play, so this player keeps its strong cards and collects tricks that do not cost
    more than TOLERATED_LOSS points of suit balance.
    """

    def choose(self, view: View) -> str:
        """Pick a pass or a card from the view's legal moves."""
        seat = view.seat
        moves = [m.action for m in view.moves]
        if view.moves[0].act.verb == "pass":
            hand = view.zone(f"hand{seat}").cards
            weakest = sorted(hand, key=lambda c: (c[-1] == TRUMP, value(c)))[:2]
            wanted = f"pass {' '.join(c for c in hand if c in weakest)}"
            return wanted if wanted in moves else moves[0]
        trick = list(view.zone("trick").cards)
        if not trick:
            return max(moves, key=lambda m: (_card(m)[-1] != TRUMP, value(_card(m))))
        won = list(view.zone(f"won{seat}").cards)
        led = trick[0][-1]
        best = max(strength(c, led) for c in trick)
        last = len(trick) == view.players - 1

        def worth(action: str) -> tuple[float, int]:
            card = _card(action)
            mine = strength(card, led)
            if mine <= best:
                return (0.0, value(card))  # a losing card: shed the highest one
            gain = score([*won, *trick, card]) - score(won) + TOLERATED_LOSS
            sure = last or mine == ACE_OF_TRUMP
            return (gain if sure else gain - RISK, -value(card))

        return max(moves, key=worth)


register_bot("second-third", "thumb", SecondThirdThumb)


def _lacks(led: str, card: str) -> str | None:
    """Playing off the led suit proves the player holds none of it."""
    return led[-1] if card[-1] != led[-1] else None


def sample_world(
    game: PassTrickGame[SecondThirdState], view: View, memory: Memory, rng: Rng
) -> SecondThirdState:
    """A world for the search player: voids kept, passed cards with their receiver."""
    state, out = sample_pass_world(game, view, memory, rng, lambda c: c[-1], _lacks, "out")
    state.face_down = out
    return state


register_world("second-third", sample_world)
register_search("second-third")
