"""Pure rule helpers for トランプ◆デュエル: card values, play comparison and triple scoring."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from tabletop.engine.actions import Action
from tabletop.engine.cards import SUITS
from tabletop.engine.text import Card, Msg
from tabletop.games.common import action_table, pair_table

NUMBER_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
"""The draw deck's ranks, low to high: the ace counts 1."""

SCORE_RANKS = ("J", "Q", "K")
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
VALUE = {r + s: i + 1 for s in SUITS for i, r in enumerate(NUMBER_RANKS)}
"""Number card code to its value (A = 1 … 10)."""

DRAW_DECK = sorted(VALUE, key=lambda c: (VALUE[c], SUIT_INDEX[c[-1]]))
"""The 40 number cards in hand order: by value, then suit."""

SCORE_DECK = [r + s for s in SUITS for r in SCORE_RANKS]
"""The 12 score cards (J, Q, K of each suit)."""

HAND_ORDER = {c: i for i, c in enumerate(DRAW_DECK)}
"""Sort position of a number card in a hand."""

SCORE_ORDER = {c: i for i, c in enumerate(sorted(SCORE_DECK, key=lambda c: (c[-1], c[0])))}
"""Sort position of a score card: by suit, then J Q K."""

HAND_SIZE = 7
WIN_POINTS = 3

PLAY = action_table("play", DRAW_DECK)
PLAY2 = pair_table("play", DRAW_DECK)
PASS = Action("pass")
EFFECT = {s: Action("effect", (s,)) for s in SUITS}
EXCHANGE = action_table("exchange", DRAW_DECK)
CANCEL = action_table("cancel", DRAW_DECK)
TAKE = action_table("take", DRAW_DECK)
PROMPTS = {
    "cancel": Msg("Choose the card of the opposing play whose effect you cancel."),
    "order": Msg("Choose which effect of your play to use first."),
    "exchange": Msg("Choose a card of your hand to discard for a fresh one (heart)."),
    "end_effect": Msg("Choose the one effect of your last display that you use."),
    "take": Msg("Choose the display card you take into your hand."),
}
"""What a seat must choose in each sub-phase (also the refusal for anything else)."""


def suit_of(card: str) -> str:
    """Suit letter of a card code."""
    return card[-1]


def total(cards: list[str] | tuple[str, ...]) -> int:
    """The sum of a display's number cards."""
    return sum(VALUE[c] for c in cards)


def beats_ten(cards: tuple[str, ...] | list[str], target: int) -> bool:
    """True for the special win: a single 1 on a display of 10, or 1+1 on a display of 20."""
    n = len(cards)
    if n == 1:
        return target == 10 and VALUE[cards[0]] == 1
    return n == 2 and target == 20 and VALUE[cards[0]] == 1 and VALUE[cards[1]] == 1


def answers(hand: list[str], target: int) -> list[Action]:
    """Every one- or two-card play (hand in hand order) that may answer `target`, then pass.

    A play must total more than `target`; besides, a single 1 answers exactly 10 and 1+1
    answers 20 (a display no total can beat).
    """
    if target >= 20:
        aces = [c for c in hand if VALUE[c] == 1]
        return [*(PLAY2[a][b] for i, a in enumerate(aces) for b in aces[i + 1 :]), PASS]
    values = [VALUE[c] for c in hand]
    out = []
    n = len(hand)
    for i, a in enumerate(hand):
        va = values[i]
        if va > target or (va == 1 and target == 10):
            out.append(PLAY[a])
        row = PLAY2[a]
        for j in range(i + 1, n):
            if va + values[j] > target:  # values ascend, so every later partner beats too
                out.extend(row[b] for b in hand[j:])
                break
    out.append(PASS)
    return out


def triple_points(a: str, b: str, c: str) -> int:
    """Points of one triple: same suit 1, same rank 1, J-Q-K 1 (they add up)."""
    points = 0
    if a[-1] == b[-1] == c[-1]:
        points += 1
    if a[0] == b[0] == c[0]:
        points += 1
    if {a[0], b[0], c[0]} == {"J", "Q", "K"}:
        points += 1
    return points


@lru_cache(maxsize=8192)
def _best(cards: tuple[str, ...]) -> int:
    if len(cards) < 3:
        return 0
    first, rest = cards[0], cards[1:]
    best = _best(rest)
    for i, j in combinations(range(len(rest)), 2):
        gained = triple_points(first, rest[i], rest[j])
        if gained:
            left = tuple(c for k, c in enumerate(rest) if k != i and k != j)
            best = max(best, gained + _best(left))
    return best


def points(cards: list[str] | tuple[str, ...]) -> int:
    """Points of a set of score cards: the best split into disjoint scoring triples."""
    return _best(tuple(sorted(cards, key=SCORE_ORDER.__getitem__)))


def play_refusal(hand: list[str], cards: tuple[str, ...], opening: bool, target: int) -> Msg | None:
    """Why showing `cards` from `hand` on a display of `target` is no play (None: it is one).

    The one check of a play: `answers` lists exactly the plays it lets through (a test holds
    them equal), and a refused play is told its reason here.
    """
    if not 1 <= len(cards) <= 2:
        return Msg("Play one or two cards from your hand, or pass.")
    if len(set(cards)) != len(cards):
        return Msg("Play two different cards.")
    for card in cards:
        if card not in hand:
            return Msg("You do not hold {card}.", card=Card(card))
    if opening:
        return None if len(cards) == 1 else Msg("The opening play of a round is a single card.")
    if total(cards) > target or beats_ten(cards, target):
        return None
    shown = total(cards)
    if target == 20:
        return Msg(
            "Your cards total {total}; no total beats 20: only 1+1 (two 1s) does.", total=shown
        )
    if target == 10:
        return Msg(
            "Your cards total {total}; show more than 10, or a single 1 (1 beats 10).",
            total=shown,
        )
    return Msg(
        "Your cards total {total}; you must show more than {need} (not equal).",
        total=shown,
        need=target,
    )
