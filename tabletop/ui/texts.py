"""Texts the UI shows in the viewer's language: game titles, default seat names, Qt's own dialogs.

Game titles stay in their original Japanese; the English UI adds the English name beside them.
The engine names unnamed seats "Player 1", "Player 2" … and those names are kept in replay logs
as they are: the UI shows such a default name in the viewer's language (`shown_name`) and never
writes the translated name back, so a log is the same whichever language recorded it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

from tabletop.engine.info import GameInfo
from tabletop.engine.text import Msg
from tabletop.i18n import _, available, current, render

if TYPE_CHECKING:
    from tabletop.engine.views import View

_DEFAULT_NAME = re.compile(r"Player (\d+)")


def game_title(info: GameInfo) -> str:
    """The Japanese title with the English one in brackets in English; in Japanese, alone."""
    return titled(info.title, info.title_en)


def titled(title: str, title_en: str) -> str:
    """A Japanese title with its English name beside it unless the UI is in Japanese."""
    if current() == "ja" or not title_en or title_en == title:
        return title
    return f"{title} ({title_en})"


def shown_name(name: str) -> str:
    """A seat name as the viewer reads it: the default names (the engine's "Player N", the
    dialogs' "You") in the viewer's language."""
    match = _DEFAULT_NAME.fullmatch(name)
    if match is None:
        return offered_name(name)
    return _("Player {number}").replace("{number}", match.group(1))


def offered_name(name: str) -> str:
    """A remembered seat name as the dialogs offer it again: the default "You" in the current
    language (a name someone typed, or "Player N", as it is)."""
    if name.strip().casefold() in _you_names():
        return _("You", ctx="seat name")
    return name


def shown_names(names: Sequence[str]) -> tuple[str, ...]:
    """`shown_name` of every seat."""
    return tuple(shown_name(n) for n in names)


_translators: list[QTranslator] = []


def install_qt_translation(app: QCoreApplication, lang: str) -> bool:
    """Let Qt's own dialogs (print preview, file dialogs, buttons) speak `lang`.

    Removes a translation installed before; True if Qt has one for `lang` (English needs none).
    """
    while _translators:
        app.removeTranslator(_translators.pop())
    if lang == "en":
        return True
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    translator = QTranslator(app)
    if not translator.load(f"qtbase_{lang}", folder):
        return False
    app.installTranslator(translator)
    _translators.append(translator)
    return True


def names_for(names: Sequence[str], viewer: int | None) -> tuple[str, ...]:
    """Seat names as `viewer` reads them: `shown_name`, except that a seat named "You" (in any
    language) that is not the viewer's own reads "Player N": on anyone else's screen "You"
    would name the wrong person."""
    yous = _you_names()
    return tuple(
        shown_name(f"Player {i + 1}" if i != viewer and n.strip().casefold() in yous else n)
        for i, n in enumerate(names)
    )


def says_you(name: str) -> bool:
    """True if a seat name is the default "You" seat name (in any language): it needs no
    "(you)" after it."""
    return name.strip().casefold() in _you_names()


@cache
def _you_names() -> frozenset[str]:
    """The default "You" seat name in every language, case-folded."""
    return frozenset({"you"} | {_("You", ctx="seat name", lang=x).casefold() for x in available()})


def shown_view(view: View) -> View:
    """A View whose seat names read as its viewer reads them (`names_for`)."""
    names = names_for(view.names, view.seat)
    return view if names == view.names else replace(view, names=names)


def and_list(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy" in the current language."""
    if len(names) < 2:
        return "".join(names)
    first = _(", ", ctx="list separator").join(names[:-1])
    return render(Msg("{first} and {last}", first=first, last=names[-1]))
