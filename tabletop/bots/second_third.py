"""Rule-of-thumb player for Second Third: take a trick only when it improves the suit balance."""

from __future__ import annotations

from tabletop.bots.base import register_bot
from tabletop.engine.cards import value
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.second_third import TRUMP, score


def strength(card: str, led: str) -> int:
    """How strongly a card competes in a trick led with `led`: trump > led suit > others."""
    if card[-1] == TRUMP:
        return 200 + value(card)
    return 100 + value(card) if card[-1] == led else 0


class SecondThirdThumb:
    """Passes its highest cards; wins a trick only when the cards improve its score."""

    name = "thumb"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> str:
        """Pick a pass or a card from the view's legal moves."""
        seat = view.seat
        moves = [m.action for m in view.moves]
        hand = view.zone(f"hand{seat}").cards
        if moves[0].startswith("pass"):
            top = sorted(hand, key=lambda c: (c[-1] == TRUMP, value(c)))[-2:]
            wanted = f"pass {' '.join(c for c in hand if c in top)}"
            return wanted if wanted in moves else moves[-1]
        trick = list(view.zone("trick").cards)
        if not trick:
            return min(moves, key=lambda m: (m.split()[1][-1] == TRUMP, value(m.split()[1])))
        won = list(view.zone(f"won{seat}").cards)
        led = trick[0][-1]
        best = max(strength(c, led) for c in trick)
        last = len(trick) == view.players - 1

        def worth(action: str) -> tuple[float, int]:
            card = action.split()[1]
            mine = strength(card, led)
            if mine <= best:
                return (0.0, value(card))  # a loser: shed the highest one
            gain = score([*won, *trick, card]) - score(won)
            sure = last or mine == 200 + value("AS")
            return (gain if sure else gain - 0.5, -value(card))

        return max(moves, key=worth)


register_bot("second-third", "thumb", SecondThirdThumb)
