"""A rule-of-thumb player for へんてこワルツ (Seltsam-Walzer).

It reads only its own View: its hand, the trick, everyone's taken cards (face up) and the hand
sizes. Rules of thumb: every taken card scores something, so keep the X cards and the high
cards (they win tricks) and pass the two lowest numbers. To play, it imagines the rest of the
deal a few times for each card it may play (the unseen cards dealt at random to the others,
everyone then playing any legal card) and keeps the card that leaves its deal score furthest
above the table's average; between equal outcomes it plays the lower card.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.bots.base import SeededBot, register_bot
from tabletop.bots.pass_worlds import sample_pass_world
from tabletop.bots.search import register_search
from tabletop.bots.worlds import Memory, facts, register_world
from tabletop.engine.actions import Action
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.pass_tricks import PassTrickGame, PassTrickState
from tabletop.games.seltsam_walzer_rules import (
    DECK,
    NUMBER,
    X,
    deal_scores,
    playable,
    trick_winner,
)

SAMPLES = 12
"""Imagined deals per candidate card."""


def _keep_weight(card: str) -> int:
    """How much the bot wants to keep a card when passing: X cards most, then high numbers."""
    return 100 if card[0] == X else NUMBER[card]


class WalzerThumb(SeededBot):
    """Passes its weakest cards and plays the card whose imagined deals score best."""

    def choose(self, view: View) -> str:
        """Pick a pass or a card from `view.moves`."""
        moves = [m.action for m in view.moves]
        if len(moves) == 1:
            return moves[0]
        if view.moves[0].act.verb == "pass":
            passes = view.moves
            return min(passes, key=lambda m: sum(_keep_weight(c) for c in m.act.args)).action
        seat = view.seat
        assert seat is not None
        n = view.players
        hand = view.zone(f"hand{seat}").cards
        won = [list(view.zone(f"won{i}").cards) for i in range(n)]
        played = view.zone("trick").cards
        leader = facts(view)["leader"]
        trick = [((leader + k) % n, c) for k, c in enumerate(played)]
        sizes = [len(view.zone(f"hand{i}").cards) for i in range(n)]
        seen = set(hand).union(played, *won)
        unseen = [c for c in DECK if c not in seen]
        best, best_value = moves[0], float("-inf")
        for action in moves:
            card = Action.parse(action).args[0]
            rest = [c for c in hand if c != card]
            total = 0.0
            for _ in range(SAMPLES):
                total += self._imagine(seat, [*trick, (seat, card)], rest, sizes, unseen, won)
            value = total / SAMPLES - 0.01 * NUMBER[card]
            if value > best_value:
                best, best_value = action, value
        return best

    def _imagine(
        self,
        seat: int,
        trick: list[tuple[int, str]],
        rest: list[str],
        sizes: Sequence[int],
        unseen: list[str],
        won: Sequence[Sequence[str]],
    ) -> float:
        """Play the deal out once at random; return this seat's score minus the average."""
        n = len(sizes)
        rng = self.rng
        pool = list(unseen)
        rng.shuffle(pool)
        hands: list[list[str]] = []
        pos = 0
        for p in range(n):
            if p == seat:
                hands.append(list(rest))
            else:
                hands.append(pool[pos : pos + sizes[p]])
                pos += sizes[p]
        taken = [list(w) for w in won]
        while True:
            while len(trick) < n:
                p = (trick[-1][0] + 1) % n
                card = rng.choice(playable(hands[p], trick[0][1][0]))
                hands[p].remove(card)
                trick.append((p, card))
            winner = trick_winner(trick)
            taken[winner].extend(c for _, c in trick)
            if not hands[winner]:
                break
            card = rng.choice(hands[winner])
            hands[winner].remove(card)
            trick = [(winner, card)]
        scores = deal_scores(taken)
        return scores[seat] - sum(scores) / n


register_bot("seltsam-walzer", "thumb", lambda seed: WalzerThumb(seed))


def _lacks(led: str, card: str) -> str | None:
    """Playing neither the led colour nor an X proves the player holds none of that colour."""
    if led[0] == X or card[0] in (led[0], X):
        return None
    return led[0]


def sample_world(
    game: PassTrickGame[PassTrickState], view: View, memory: Memory, rng: Rng
) -> PassTrickState:
    """A world for the search player: voids kept, passed cards with their receiver."""
    return sample_pass_world(game, view, memory, rng, lambda c: c[0], _lacks)[0]


register_world("seltsam-walzer", sample_world)
register_search("seltsam-walzer", tree=True)
