"""Learn to play: open a game's lesson at the table with the coach beside it, offer a real
match at its end, and put the quick reference beside any table (the window's small hooks)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QSettings

from tabletop.engine.coach import lesson, reference
from tabletop.engine.game import Game
from tabletop.engine.registry import get_game
from tabletop.i18n import _
from tabletop.seats import SeatSpec, parse_seats
from tabletop.ui.learn.coachsession import CoachSession
from tabletop.ui.learn.reference import ReferencePanel, reference_shown
from tabletop.ui.table.session import TableSession
from tabletop.ui.table.tempo import Tempo

if TYPE_CHECKING:
    from tabletop.ui.learn.coachpanel import CoachPanel
    from tabletop.ui.table.table import TableWidget


class LessonWindow(Protocol):
    """What a lesson needs of the window: a notice, a table to sit at, a real match, the way
    back to the launcher (the app's main window is one; this module does not import it)."""

    def tell(self, title: str, text: str, details: str = "") -> object:
        """A notice that does not block."""

    def _sit(self, session: TableSession, tempo: Tempo | None, autoplay: bool) -> TableWidget:
        """Sit at a table for this session."""

    def start_match(
        self,
        game: Game[Any],
        seats: Sequence[SeatSpec],
        seed: int | None,
        options: Mapping[str, Any],
    ) -> TableWidget:
        """A new match at the table."""

    def show_launcher(self) -> None:
        """Back to the launcher."""


def open_lesson(window: LessonWindow, game_id: str | None) -> CoachPanel | None:
    """Sit the learner at the game's lesson with the coach beside the table (None, after
    saying so, if the game has no lesson yet)."""
    found = lesson(game_id) if game_id is not None else None
    if found is None:
        window.tell(
            _("Learn to play"),
            _("This game has no guided deal yet; its rules are under Help › Rules of this game."),
        )
        return None
    from tabletop.ui.learn.coachpanel import CoachPanel

    table = window._sit(CoachSession(found), None, True)
    return table.findChild(CoachPanel)


def attach_coach(window: LessonWindow, table: TableWidget) -> CoachPanel | None:
    """Put the coach beside a lesson's table (None at any other table); the window calls it
    for every table it sits at, so a table rebuilt (a language switch) keeps its coach."""
    session = table.session
    if not isinstance(session, CoachSession):
        return None
    from tabletop.ui.learn.coachpanel import CoachPanel

    # a suggestion from the search would argue with the lesson's prepared moves
    table.suggest.allowed = False
    table.suggest.button.setVisible(False)
    panel = CoachPanel(table, session)
    split = table.splitter
    split.insertWidget(1, panel)
    split.setStretchFactor(1, 0)
    # the table keeps more room than usual: in a small window the log gives way to the coach
    table.view.setMinimumWidth(520)
    table.fit_panels()
    sizes = split.sizes()
    sizes[0], sizes[1] = max(sizes[0] + sizes[1] - 300, 400), 300
    split.setSizes(sizes)
    players = session.players
    panel.playForReal.connect(lambda gid: play_for_real(window, gid, players))
    panel.leave.connect(window.show_launcher)
    return panel


def play_for_real(window: LessonWindow, game_id: str, players: int) -> TableWidget:
    """A real match of the game: the learner against computer players at their usual level."""
    seats = parse_seats(game_id, ["You", *["cpu"] * (players - 1)])
    return window.start_match(get_game(game_id), seats, None, {})


def attach_reference(table: TableWidget, settings: QSettings) -> ReferencePanel | None:
    """Put the game's quick reference beside the table, shown as remembered (None if the game
    has no reference tables)."""
    if not reference(table.session.game.info.id):
        return None
    panel = ReferencePanel(table.session.game.info.id)
    table.splitter.addWidget(panel)
    panel.setVisible(reference_shown(settings))
    table.fit_panels()
    return panel
