"""Rule-of-thumb player for インタラクション: score now, feed the leaders little."""

from __future__ import annotations

from tabletop.bots.base import SeededBot, register_bot
from tabletop.engine.views import View
from tabletop.games.interaction import match_points

OTHERS_WEIGHT = 0.6
"""How much a point gained by an average rival counts against a point of our own."""
LEADER_WEIGHT = 0.4
"""Extra weight on what the current leader among the rivals gains."""


class InteractionBot(SeededBot):
    """Picks the move whose immediate scoring is best for itself relative to its rivals."""

    def choose(self, view: View) -> str:
        """The best move by own gain minus weighted rival gains, cost of paying included."""
        seat = view.seat
        assert seat is not None
        target_zone = view.zone("target").cards
        target = target_zone[-1]
        tops: list[str | None] = []
        points: list[float] = []
        for i in range(view.players):
            pile = view.zone(f"pile{i}").cards
            tops.append(pile[-1] if pile else None)
            value = view.counter(f"score{i}").value
            points.append(float(value) if isinstance(value, (int, float)) else 0.0)
        rivals = [i for i in range(view.players) if i != seat]
        leader = max(rivals, key=lambda i: points[i])
        best: list[str] = []
        best_value = float("-inf")
        for move in view.moves:
            verb, *cards = move.action.split()
            own, new_target, cost = tops[seat], target, 0
            if verb == "target":
                new_target = cards[0]
            elif verb == "both":
                own, new_target, cost = cards[0], cards[1], 1
            else:
                own = cards[0]
            assert own is not None
            value = match_points(own, new_target) - cost
            rival = {i: match_points(t, new_target) for i in rivals if (t := tops[i]) is not None}
            if rival:
                value -= OTHERS_WEIGHT * sum(rival.values()) / len(rival)
                value -= LEADER_WEIGHT * rival.get(leader, 0)
            if value > best_value + 1e-9:
                best, best_value = [move.action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move.action)
        return self.rng.choice(best)


register_bot("interaction", "thumb", lambda seed: InteractionBot(seed))
