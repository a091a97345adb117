"""Rule-of-thumb player for トランプ◆デュエル: fight for score cards that matter, cheaply."""

from __future__ import annotations

from tabletop.bots.base import SeededBot, register_bot
from tabletop.engine.views import View
from tabletop.games.trump_duel_rules import VALUE, WIN_POINTS, points

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
        verb = moves[0].split()[0]
        other = 1 - seat
        if verb == "cancel":
            return min(moves, key=lambda a: CANCEL_ORDER.index(a[-1]))
        if verb == "exchange":
            return min(moves, key=lambda a: keep(a.split()[1]))
        if verb == "take":
            return max(moves, key=lambda a: keep(a.split()[1]))
        if verb == "effect" and view.moves[0].label.text.endswith("first"):
            return min(moves, key=lambda a: EFFECT_ORDER.index(a[-1]))
        if verb == "effect":
            return max(moves, key=lambda a: self._end_value(view, seat, a[-1]))
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
            cards = move.split()[1:]
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
