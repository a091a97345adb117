"""Pure rule helpers for %triq: the deal table, card points, しばり, pre-built actions, seat ring.

Kept apart from `triq.py` so the game module stays short; nothing here touches a State.
"""

from __future__ import annotations

from functools import cache

from tabletop.engine.actions import Action
from tabletop.engine.cards import is_joker, standard_deck
from tabletop.engine.events import Event
from tabletop.engine.text import Card, Msg, Suit
from tabletop.games.common import action_table

DECK = standard_deck(jokers=2)
COURT = frozenset("JQK")
SPADE_THREE = "3S"
SHIBARI_FLAG = "shibari"
ACE_VALUES = (1, 11)
# the pile's total mod 10 that lets a court card of the top card's suit declare しばり
SHIBARI_REMAINDERS = {"J": (1, 2, 3), "Q": (4, 5, 6), "K": (7, 8, 9)}

PLAY = action_table("play", DECK)
PLAY_ACE = {
    c: tuple(Action("play", (c, str(v))) for v in ACE_VALUES) for c in DECK if c.startswith("A")
}
PLAY_SHIBARI = {c: Action("play", (c, SHIBARI_FLAG)) for c in DECK if c[0] in COURT}
GIVE = action_table("give", DECK)
DISCARD = action_table("discard", DECK)
COUNTER = Action("counter", (SPADE_THREE,))
DECLINE = Action("decline")
PASS = Action("pass")


def deal_size(players: int) -> int:
    """Cards per hand: 15 − players up to six players, else ⌊54 / players⌋."""
    return 15 - players if players <= 6 else len(DECK) // players


def is_court(card: str) -> bool:
    """True for J, Q and K."""
    return card[0] in COURT and not is_joker(card)


def is_number(card: str) -> bool:
    """True for A and 2–10: the cards that may open a fresh pile."""
    return not is_joker(card) and card[0] not in COURT


FIXED_POINTS = {
    c: 10 if is_court(c) else int(c[:-1]) for c in DECK if not (is_joker(c) or c.startswith("A"))
}
"""What every card but the aces and the jokers adds to a pile, whatever its total: J, Q and K
10, the others their number."""


def points(card: str, total: int, shibari: bool, ace: int = 1) -> int:
    """What `card` adds to a pile standing at `total` (the ace's chosen value is `ace`)."""
    fixed = FIXED_POINTS.get(card)
    if fixed is not None:
        return fixed
    if is_joker(card):
        return 0 if shibari else 10 - total % 10
    return ace


def shibari_refusal(card: str, top: str | None, total: int, in_force: str) -> Msg | None:
    """Why `card` may not declare しばり on `top` with the pile at `total` (`in_force`: the suit
    of a しばり already in force, or ""), or None if it may. The one check for `legal` and the
    refusal."""
    if not is_court(card):
        return Msg("Only a J, Q or K can declare しばり.")
    if top is None:
        return Msg("しばり cannot be declared on a fresh pile.")
    if in_force:
        return Msg("A しばり is already in force.")
    if is_joker(top) or card[-1] != top[-1] or total % 10 not in SHIBARI_REMAINDERS[card[0]]:
        return Msg(
            "しばり needs a card of the top card's suit: J on a total ending in 1–3, "
            "Q on 4–6, K on 7–9."
        )
    return None


def shibari_eligible(card: str, top: str | None, total: int) -> bool:
    """May `card` declare しばり on `top` with the pile at `total` (no しばり in force)?"""
    return shibari_refusal(card, top, total, "") is None


@cache
def shibari_declarers(top: str, last: int) -> frozenset[str]:
    """The cards that may declare しばり on `top` with the pile's total ending in `last` (no
    しばり in force): `shibari_eligible` over the deck, worked out once per top card and digit."""
    return frozenset(c for c in DECK if shibari_eligible(c, top, last))


def allowed_under(card: str, shibari: str) -> bool:
    """May `card` be played while a しばり on `shibari` is in force ("": none)? Its suit, a J,
    Q or K, or a joker."""
    return not shibari or is_joker(card) or is_court(card) or card[-1] == shibari


def owed_after_pass(total: int) -> int:
    """Cards owed when a pile ends by a pass or a counter: total / 10 rounded up."""
    return -(-total // 10)


def opening_cards(hand: list[str]) -> list[str]:
    """Cards that may open a fresh pile: numbers; else J/Q/K; else (only jokers) a joker."""
    numbers = [c for c in hand if is_number(c)]
    if numbers:
        return numbers
    courts = [c for c in hand if is_court(c)]
    return courts or list(hand)


def play_moves(
    hand: list[str], top: str | None, total: int, shibari: str, joker: bool
) -> list[Action]:
    """The plays a hand may make on a pile whose top card is `top` (None: a fresh pile) at
    `total`, under the しばり suit `shibari` (""), right after a joker or not, in the order the
    game lists them; empty when nothing may be played (under しばり: the player must pass)."""
    if top is None:
        return [a for c in opening_cards(hand) for a in plays_for(c, False)]
    out: list[Action] = []
    if shibari:
        for c in hand:
            if allowed_under(c, shibari):
                out.extend(plays_for(c, False))
        if joker and SPADE_THREE in hand:
            out.append(COUNTER)
        return out
    declarers = shibari_declarers(top, total % 10)
    for c in hand:
        out.extend(plays_for(c, c in declarers))
    return out


def plays_for(card: str, shibari_ok: bool) -> tuple[Action, ...]:
    """The play actions for one card: two for an ace, a しばり variant when eligible."""
    if card in PLAY_ACE:
        return PLAY_ACE[card]
    if shibari_ok:
        return (PLAY[card], PLAY_SHIBARI[card])
    return (PLAY[card],)


def play_refusal(
    card: str, extra: tuple[str, ...], held: bool, top: str | None, total: int, shibari: str
) -> Msg:
    """Why `play card extra…` is refused (the caller knows `legal` did not list it); `top` is
    the pile's top card (None on a fresh pile) and `shibari` the suit of a しばり in force."""
    if not held:
        return Msg("You do not hold {card}.", card=Card(card))
    if card.startswith("A") and extra not in (("1",), ("11",)):
        return Msg("Say whether the ace counts 1 or 11.")
    if extra == (SHIBARI_FLAG,):
        reason = shibari_refusal(card, top, total, shibari)
        assert reason is not None, "legal lists every allowed しばり"
        return reason
    if extra and not card.startswith("A"):
        return Msg("Only an ace takes a value.")
    if top is None:
        if is_joker(card):
            return Msg("A fresh pile may not be opened with a joker.")
        return Msg("Open a fresh pile with A–10; J, Q or K only when you hold nothing else.")
    return Msg("Under しばり only {suit}, J, Q, K or a joker may be played.", suit=Suit(shibari))


def play_event(
    seat: int, card: str, value: int, total: int, shibari: bool = False, counter: bool = False
) -> Event:
    """The `play` event: the card, the points it added and the new total."""
    return Event(
        "play",
        {
            "seat": seat,
            "card": card,
            "value": value,
            "total": total,
            "shibari": shibari,
            "counter": counter,
        },
    )


def flush_event(
    reason: str, seat: int, total: int, cards: list[str], giver: int, to: int, owed: int
) -> Event:
    """The `flush` event: why the pile ended, its cards, and who owes how many to whom."""
    return Event(
        "flush",
        {
            "reason": reason,
            "seat": seat,
            "total": total,
            "cards": list(cards),
            "giver": giver if giver >= 0 else None,
            "to": to if to >= 0 else None,
            "owed": owed,
        },
    )


def ordinal(n: int) -> Msg:
    """A place as a message: 1st, 2nd, 3rd, 4th, … 21st, 22nd (Japanese: 1位, 2位, …)."""
    last = n % 10
    if 10 <= n % 100 <= 20 or last not in (1, 2, 3):
        return Msg("{number}th", ctx="place", number=n)
    if last == 1:
        return Msg("{number}st", ctx="place", number=n)
    if last == 2:
        return Msg("{number}nd", ctx="place", number=n)
    return Msg("{number}rd", ctx="place", number=n)


class Ring:
    """Active seats as a doubly linked ring: O(1) removal and neighbour lookup at 27 seats."""

    __slots__ = ("active", "count", "nxt", "prv")

    def __init__(self, players: int) -> None:
        self.nxt = [(i + 1) % players for i in range(players)]
        self.prv = [(i - 1) % players for i in range(players)]
        self.active = [True] * players
        self.count = players

    def copy(self) -> Ring:
        """An independent copy."""
        new = Ring.__new__(Ring)
        new.nxt = list(self.nxt)
        new.prv = list(self.prv)
        new.active = list(self.active)
        new.count = self.count
        return new

    def remove(self, seat: int) -> None:
        """Take a seat out; its own `nxt` keeps pointing clockwise for `after`."""
        a, b = self.prv[seat], self.nxt[seat]
        self.nxt[a] = b
        self.prv[b] = a
        self.active[seat] = False
        self.count -= 1

    def after(self, seat: int) -> int:
        """The next active seat clockwise after `seat` (which may itself be out)."""
        nxt, active = self.nxt, self.active
        cur = nxt[seat]
        for _ in range(len(nxt)):
            if active[cur]:
                return cur
            cur = nxt[cur]
        return seat

    def before(self, seat: int) -> int:
        """The previous active seat (counter-clockwise) of an active seat."""
        return self.prv[seat]
