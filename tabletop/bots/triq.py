"""Rule-of-thumb player for %triq: complete tens, leave the next player a total hard to complete."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.bots.base import register_bot
from tabletop.engine.cards import is_joker
from tabletop.engine.text import Msg
from tabletop.engine.views import BACK, View
from tabletop.games.triq_rules import (
    DECK,
    SHIBARI_FLAG,
    SPADE_THREE,
    allowed_under,
    is_court,
    points,
)

# how much a card is worth keeping: jokers complete any ten, a 10 opens a pile for a free card
KEEP = {"JK": 9.0, "10": 6.0, "A": 4.0, "J": 3.0, "Q": 3.0, "K": 3.0}


def keep_value(card: str) -> float:
    """How useful a card is to hold on to (higher: give or play it last)."""
    if card == SPADE_THREE:
        return 4.5
    head = card[:2] if is_joker(card) else card[:-1]
    return KEEP[head] if head in KEEP else 1.0 + int(head) / 10


def completes(card: str, total: int, shibari: str) -> bool:
    """Can `card` bring a pile at `total` to a multiple of ten (under `shibari`, if any)?"""
    if not allowed_under(card, shibari):
        return False
    if card.startswith("A"):
        return (total + 1) % 10 == 0 or (total + 11) % 10 == 0
    return (total + points(card, total, bool(shibari))) % 10 == 0


class TriqThumb:
    """Completes tens when it can, counters jokers, declares しばり, else plays the safest card."""

    name = "thumb"

    def choose(self, view: View) -> str:
        """Pick one of the view's legal moves."""
        moves = [m.action for m in view.moves]
        verbs = {m.split()[0] for m in moves}
        if "counter" in verbs:
            return next(m for m in moves if m.startswith("counter"))
        if verbs <= {"give", "discard", "decline", "pass"}:
            return min(moves, key=lambda m: keep_value(m.split()[1]) if " " in m else 0.0)
        return max(moves, key=self._scorer(view))

    def _scorer(self, view: View) -> Callable[[str], float]:
        """A score for each play, from what the view shows."""
        seat = view.seat
        assert seat is not None
        hand = view.zone(f"hand{seat}").cards
        pile = view.zone("pile").cards
        seen = set(hand) | set(pile) | set(view.zone("flushed").cards)
        seen |= set(view.zone("removed").cards)
        unseen_cards = [c for c in DECK if c not in seen]
        total = int(view.counter("total").number)
        lock = view.counter("shibari").value
        shibari = lock.param("suit").letter if isinstance(lock, Msg) and lock else ""
        nxt = self._next_seat(view, seat)
        h_next = sum(1 for c in view.zone(f"hand{nxt}").cards if c == BACK)
        unseen = max(1, sum(sum(1 for c in z.cards if c == BACK) for z in view.zones))

        def chance(k: int) -> float:
            """Probability the next player holds at least one of `k` unseen cards."""
            return 1.0 - (1.0 - min(1.0, k / unseen)) ** h_next

        def score(action: str) -> float:
            _, card, *extra = action.split()
            ace = int(extra[0]) if card.startswith("A") else 1
            value = points(card, total, bool(shibari), ace)
            after = total + value
            keep = keep_value(card) / 10
            if after % 10 == 0:
                risk = 3.0 if is_joker(card) and SPADE_THREE not in seen else 0.0
                return 100.0 + 10 * (after // 10) - risk - keep
            suit = card[-1] if extra == [SHIBARI_FLAG] else shibari
            threats = sum(1 for c in unseen_cards if completes(c, after, suit))
            loss = chance(threats) * (after // 10 + 1)
            gain = 0.0
            if extra == [SHIBARI_FLAG]:
                allowed = sum(1 for c in unseen_cards if not is_joker(c) and c[-1] == suit)
                allowed += sum(1 for c in unseen_cards if is_joker(c) or is_court(c))
                gain = (1.0 - chance(allowed)) * -(-after // 10)
            return gain - loss - keep

        return score

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
