"""Card names as players say them, worded through the catalogue (a new .po names them too).

Deck families (GameInfo.deck): `standard` (rank + suit, `AS 10H JK1`), `walzer` (colour letter
R B G + number 1..14, and X1..X3, all named plain "X"), `uno` (colour letter R Y G B + digit,
or S for skip) and `vulture` (number cards N1..N15, score cards V-5..V10, plot markers P1..P6,
BLACK and RED).
"""

from __future__ import annotations

from tabletop.engine.cards import SUIT_SYMBOL, Deck
from tabletop.i18n.catalog import _

MINUS = "−"


def guess_deck(code: str) -> Deck:
    """The deck family a code most likely belongs to, for a caller that does not know it."""
    if code in ("BLACK", "RED") or (code[:1] in "NPV" and code[1:].lstrip("-").isdigit()):
        return Deck.VULTURE
    if code[:1] == "X" or (code[:1] in "RBG" and code[1:].isdigit() and int(code[1:]) > 9):
        return Deck.WALZER
    if code[:1] in "RYGB" and len(code) == 2:
        return Deck.UNO
    return Deck.STANDARD


def colour_name(letter: str, lang: str) -> str:
    """A card colour in words: red / 赤."""
    words = {
        "R": _("red", ctx="colour", lang=lang),
        "B": _("blue", ctx="colour", lang=lang),
        "G": _("green", ctx="colour", lang=lang),
        "Y": _("yellow", ctx="colour", lang=lang),
    }
    return words.get(letter, letter)


def suit_name(letter: str, lang: str) -> str:
    """A suit in words: spades / スペード."""
    words = {
        "S": _("spades", ctx="suit", lang=lang),
        "H": _("hearts", ctx="suit", lang=lang),
        "D": _("diamonds", ctx="suit", lang=lang),
        "C": _("clubs", ctx="suit", lang=lang),
    }
    return words.get(letter, letter)


def card_name(code: str, lang: str, deck: Deck | None = None) -> str:
    """A card as players of `lang` name it: A♠ / ♠A, red 7 / 赤7, joker / ジョーカー."""
    deck = deck or guess_deck(code)
    if deck == Deck.STANDARD:
        return _standard(code, lang)
    if deck == Deck.VULTURE:
        return _vulture(code, lang)
    colour, rest = code[:1], code[1:]
    if deck == Deck.WALZER and colour == "X":
        return _("X", ctx="card", lang=lang)  # the three X cards differ only in print
    if colour in "RBGY" and rest:
        if deck == Deck.UNO and rest == "S":
            text = _("{colour} skip", ctx="card", lang=lang)
        else:
            text = _("{colour} {number}", ctx="card", lang=lang)
        return text.replace("{colour}", colour_name(colour, lang)).replace("{number}", rest)
    return code


def _standard(code: str, lang: str) -> str:
    if code.startswith("JK"):
        return _("joker", ctx="card", lang=lang)
    rank, suit = code[:-1], code[-1:]
    if suit not in SUIT_SYMBOL or not rank:
        return code
    text = _("{rank}{suit}", ctx="card", lang=lang)
    return text.replace("{rank}", rank).replace("{suit}", SUIT_SYMBOL[suit])


def rank_word(rank: str, lang: str) -> str:
    """A standard rank spoken out: "seven", "ace" / "7", "エース"."""
    words = {
        "A": _("ace", ctx="rank", lang=lang),
        "K": _("king", ctx="rank", lang=lang),
        "Q": _("queen", ctx="rank", lang=lang),
        "J": _("jack", ctx="rank", lang=lang),
        "2": _("two", ctx="rank", lang=lang),
        "3": _("three", ctx="rank", lang=lang),
        "4": _("four", ctx="rank", lang=lang),
        "5": _("five", ctx="rank", lang=lang),
        "6": _("six", ctx="rank", lang=lang),
        "7": _("seven", ctx="rank", lang=lang),
        "8": _("eight", ctx="rank", lang=lang),
        "9": _("nine", ctx="rank", lang=lang),
        "10": _("ten", ctx="rank", lang=lang),
    }
    return words.get(rank, rank)


def spoken_name(code: str, lang: str, deck: Deck | None = None) -> str:
    """A card spelled out for a screen reader: "seven of hearts" / "ハートの7"; cards whose
    short name has no symbols (red 7, joker) are named as `card_name` names them."""
    deck = deck or guess_deck(code)
    rank, suit = code[:-1], code[-1:]
    if deck != Deck.STANDARD or code.startswith("JK") or suit not in SUIT_SYMBOL or not rank:
        return card_name(code, lang, deck)
    text = _("{rank} of {suit}", ctx="spoken card", lang=lang)
    return text.replace("{rank}", rank_word(rank, lang)).replace("{suit}", suit_name(suit, lang))


def _vulture(code: str, lang: str) -> str:
    if code == "BLACK":
        return _("black card", ctx="card", lang=lang)
    if code == "RED":
        return _("red card", ctx="card", lang=lang)
    kind, number = code[:1], code[1:].replace("-", MINUS)
    if kind == "N":
        return number
    if kind == "V":
        return _("score card {value}", ctx="card", lang=lang).replace("{value}", number)
    if kind == "P":
        return _("battle {number} marker", ctx="card", lang=lang).replace("{number}", number)
    return code


def join(names: list[str], lang: str) -> str:
    """Several names in one list: "A♠, K♠" / "♠A、♠K"."""
    return _(", ", ctx="list separator", lang=lang).join(names)
