"""Rendering messages in the viewer's language (stdlib only, no Qt).

The engine and the games say things as `Msg` values (tabletop.engine.text); every layer that
shows them calls `render` at its edge with the viewer's language, the seat names and the deck
family. `_()` translates the app's own strings. Catalogues: tabletop/locale/<lang>.po
(docs/translating.md).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.engine.cards import Deck
from tabletop.engine.errors import BadOption, IllegalAction, UnknownGame
from tabletop.engine.text import Card, Cards, Msg, Seat, Suit, set_renderer
from tabletop.i18n.cards import card_name, join, suit_name
from tabletop.i18n.catalog import _, available, choose, current, set_language

if TYPE_CHECKING:
    from tabletop.engine.views import View

__all__ = [
    "_",
    "available",
    "card_name",
    "choose",
    "current",
    "display_width",
    "error_text",
    "for_view",
    "render",
    "render_value",
    "set_language",
    "suit_name",
    "view_deck",
]

_FIELD = re.compile(r"\{\{|\}\}|\{(\w+)\}")


def render(
    msg: Msg,
    lang: str | None = None,
    names: Sequence[str] | None = None,
    deck: Deck | None = None,
) -> str:
    """`msg` in `lang` (default: the current language), seats named from `names`."""
    lang = lang or current()
    if not msg.text:
        return ""
    template = _(msg.text, msg.context, lang)
    values = {key: _param(value, lang, names, deck) for key, value in msg.params}

    def field(match: re.Match[str]) -> str:
        key = match.group(1)
        if key is None:
            return match.group(0)[0]
        return values.get(key, match.group(0))

    return _FIELD.sub(field, template)


def render_value(
    value: Any,
    lang: str | None = None,
    names: Sequence[str] | None = None,
    deck: Deck | None = None,
) -> str:
    """A label or counter value as text: a Msg rendered, a number or text as it is."""
    if isinstance(value, Msg):
        return render(value, lang, names, deck)
    return _param(value, lang or current(), names, deck)


def _param(value: Any, lang: str, names: Sequence[str] | None, deck: Deck | None) -> str:
    if isinstance(value, Msg):
        return render(value, lang, names, deck)
    if isinstance(value, Card):
        return card_name(value.code, lang, deck)
    if isinstance(value, Cards):
        return join([card_name(c, lang, deck) for c in value.codes], lang)
    if isinstance(value, Seat):
        if names is not None and 0 <= value.index < len(names):
            return names[value.index]
        return _("Player {number}", lang=lang).replace("{number}", str(value.index + 1))
    if isinstance(value, Suit):
        return suit_name(value.letter, lang)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return str(value)


def for_view(value: Any, view: View) -> str:
    """A message (or counter value) of a View rendered for its viewer.

    The current language, the View's seat names and its deck family (the `deck` hint, which
    every game sets to its GameInfo.deck).
    """
    return render_value(value, current(), view.names, view_deck(view))


def view_deck(view: View) -> Deck:
    """The card family of a View (its `deck` hint, read back into a Deck)."""
    return Deck(view.hints.get("deck", Deck.STANDARD))


def display_width(text: str) -> float:
    """Width of a text in average Latin letters: a wide (CJK) character counts about 1.8."""
    return sum(1.8 if unicodedata.east_asian_width(ch) in "WF" else 1.0 for ch in text)


def error_text(err: Exception) -> str:
    """An error for a person: a refusal or option error rendered in the current language."""
    if isinstance(err, IllegalAction):
        return render(err.reason)
    if isinstance(err, BadOption | UnknownGame):
        return render(err.message)
    return str(err)


set_renderer(lambda msg: render(msg, "en"))
