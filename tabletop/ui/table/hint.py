"""Suggest a move: a search player fed only the served seat's own observations, run on the
worker thread, shows its choice on the table (the cards ringed, one line of why).

The player gets what a computer in that seat would get and nothing more: the seat's View and
the match's events redacted for the seat (read back from the replay log). Hints are offered at
a local table, and at a LAN table only where the host allows them (`Host.allow_hints`, off by
default); a client of another machine's table gets none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsObject,
    QLabel,
    QPushButton,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop import worker
from tabletop.bots.base import bot_names, make_bot, observe
from tabletop.bots.search import SearchBot, make_search
from tabletop.engine.log import replay_steps
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.i18n import _, for_view, render
from tabletop.net.host import Host
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.session import Session
from tabletop.ui.table.tableparts import TableParts

THINK = 1.5
"""Most seconds a hint may think."""

ITERATIONS = 3000
"""Most playouts a hint uses: on a fast machine the same position gets the same hint."""

SEED = 4099
"""The hint player's seed (plus the seat): the same position, the same hint."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggested move for a seat, and why, where the search can say."""

    seat: int
    action: str
    cards: tuple[str, ...]
    reason: Msg | None


def observations(lines: Sequence[str], seat: int) -> list[list[dict[str, Any]]]:
    """What `seat` was shown over the match, step by step: the log's events redacted for it."""
    return [
        [e.to_json(seat, omniscient=False) for e in events]
        for _game, _state, _n, events in replay_steps(lines)
    ]


def suggest(
    game_id: str,
    view: View,
    seen: Sequence[Sequence[dict[str, Any]]],
    seed: int = SEED,
    think: float | None = THINK,
    iterations: int | None = ITERATIONS,
) -> Suggestion:
    """The move a search player in the view's seat would make, knowing only `view` and `seen`."""
    seat = view.seat
    if seat is None or not view.moves:
        raise ValueError("a hint needs a seat with a move to make")
    factory = make_search(game_id, think, iterations)
    fallback = "thumb" if "thumb" in bot_names(game_id) else "random"
    bot = factory(seed + seat) if factory is not None else make_bot(game_id, fallback, seed)
    for batch in seen:
        observe(bot, list(batch))
    action = bot.choose(view)
    move = next(m for m in view.moves if m.action == action)
    reason: Msg | None = None
    if len(view.moves) == 1:
        reason = Msg("It is the only move.")
    elif isinstance(bot, SearchBot) and bot.estimate is not None:
        est = bot.estimate
        worlds = est.worlds
        # said as a player would: in how many of the deals it imagined no move does better
        count = round(est.best * worlds) if est.best is not None else 0
        if est.best is None:
            reason = Msg(
                "Expected this round: {points} points (over {worlds} ways the unseen cards might "
                "lie).",
                points=f"{est.points:+.1f}",
                worlds=worlds,
            )
        elif abs(est.points) >= 0.05:
            reason = Msg(
                "Expected this round: {points} points. In {count} of {worlds} ways the unseen "
                "cards might lie, no other move does better.",
                points=f"{est.points:+.1f}",
                count=count,
                worlds=worlds,
            )
        else:
            reason = Msg(
                "In {count} of {worlds} ways the unseen cards might lie, no other move does "
                "better.",
                count=count,
                worlds=worlds,
            )
    return Suggestion(seat, action, move.cards, reason)


def hints_allowed(session: object) -> bool:
    """Hints at a local table always; at a LAN table only on the host, where it allows them."""
    if isinstance(session, Session):
        return True
    host = getattr(session, "host", None)
    return isinstance(host, Host) and host.allow_hints


class HintRing(QGraphicsObject):
    """A thick ring with a star tab above a suggested card (a child of the card item)."""

    def __init__(self, card: CardItem) -> None:
        super().__init__(card)
        self.card = card
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        """The card's outline, grown by the ring and the tab above it."""
        return self.card.boundingRect().adjusted(-8, -30, 8, 8)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """A dark outer and a bright inner ring (seen on any felt), and a starred tab."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.card.boundingRect().adjusted(-4, -4, 4, 4)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#0d47a1"), 7))
        painter.drawRoundedRect(rect, 8, 8)
        painter.setPen(QPen(QColor("#80d8ff"), 3))
        painter.drawRoundedRect(rect, 8, 8)
        tab = QRectF(rect.center().x() - 13, rect.top() - 26, 26, 22)
        painter.setPen(QPen(QColor("#0d47a1"), 2))
        painter.setBrush(QColor("#80d8ff"))
        painter.drawRoundedRect(tab, 6, 6)
        painter.setPen(QColor("#0d47a1"))
        painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, "★")


def choice_key(view: View) -> tuple[int | None, tuple[str, ...]]:
    """A person's decision: the seat and the moves offered (a hint holds while they hold)."""
    return view.seat, tuple(m.action for m in view.moves)


class Hints:
    """The table's "Suggest a move" button, the line of why, and the rings on the cards.

    A suggestion (or one being made) stays while the served person faces the same choice:
    others' simultaneous moves do not clear it; anything that changes the choice does.
    """

    def __init__(self, table: TableParts) -> None:
        self.table = table
        self.allowed = hints_allowed(table.session)
        # Parented at once: a parentless widget made visible would open as a window of its own.
        self.button = QPushButton(_("Suggest a move"), table)
        self.button.setObjectName("suggest")
        self.button.setToolTip(_("What a strong computer player would do in your seat (H)"))
        self.button.clicked.connect(self.request)
        self.button.setVisible(self.allowed)
        self.label = QLabel(table)
        self.label.setObjectName("suggestion")
        self.label.setVisible(False)
        self.job: worker.Job | None = None
        self.asked: tuple[int | None, tuple[str, ...]] | None = None
        self.shown: Suggestion | None = None
        self.rings: list[HintRing] = []
        table.destroyed.connect(self._forget)

    def _view(self) -> View | None:
        """The served person's view when they have a move to make, else None."""
        table = self.table
        view = table.scene.view
        if view is None or table.scene.covered or view.seat is None or view.seat != table.shown:
            return None
        return view if view.moves else None

    def refresh(self) -> None:
        """After a frame: drop a suggestion whose choice is gone, ring the cards again, and
        enable the button while the served person may act and no hint is being made."""
        view = self._view()
        if self.asked is not None and (view is None or choice_key(view) != self.asked):
            self.clear()
            return
        if view is not None and self.shown is not None:
            self._ring(view, self.shown.cards)
        pending = self.job is not None and self.job.pending
        self.button.setEnabled(self.allowed and not pending and view is not None)

    def request(self) -> bool:
        """Ask for a hint for the served person (False if none may be given now)."""
        view = self._view()
        session = self.table.session
        log = session.log()
        if not self.allowed or view is None or log is None or view.seat is None:
            return False
        if self.job is not None and self.job.pending:
            return False
        self.clear()
        game_id, seat, lines = session.game.info.id, view.seat, list(log)
        think, iterations = THINK, ITERATIONS
        self.asked = choice_key(view)
        self.job = worker.submit(
            lambda: suggest(game_id, view, observations(lines, seat), SEED, think, iterations),
            self._show,
            self._failed,
        )
        self.label.setText(_("Thinking about a move for you…"))
        self.label.setVisible(True)
        self.refresh()
        return True

    def _show(self, found: Suggestion) -> None:
        self.job = None
        view = self._view()
        if view is None or choice_key(view) != self.asked:
            self.clear()
            return
        self.shown = found
        move = next(m for m in view.moves if m.action == found.action)
        text = render(Msg("Suggested: {move}", move=for_view(move.label, view) or move.action))
        if found.reason is not None:
            text = f"{text} — {for_view(found.reason, view)}"
        self.label.setText(text)
        self.label.setAccessibleName(text)
        self.refresh()

    def _failed(self, error: BaseException) -> None:
        self.job = None
        self.label.setText(render(Msg("No suggestion: {reason}", reason=str(error))))
        self.refresh()

    def _ring(self, view: View, codes: tuple[str, ...]) -> None:
        """Ring one card item per suggested card code, in the seat's own zones first."""
        self._unring()
        mine = {z.id for z in view.zones if z.owner == view.seat}
        items = sorted(self.table.scene.cards, key=lambda c: c.zone_id not in mine)
        wanted = list(codes)
        for item in items:
            if item.code in wanted:
                wanted.remove(item.code)
                self.rings.append(HintRing(item))

    def _unring(self) -> None:
        for ring in self.rings:
            scene = ring.scene() if shiboken6.isValid(ring) else None
            if scene is not None:
                scene.removeItem(ring)
        self.rings = []

    def clear(self) -> None:
        """Take the suggestion off the table and drop one being made."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.asked = None
        self.shown = None
        self._unring()
        self.label.setVisible(False)
        self.label.clear()
        self.refresh()

    def ringed(self) -> list[str]:
        """The codes of the cards ringed now."""
        return [r.card.code for r in self.rings if shiboken6.isValid(r) and r.scene() is not None]

    def _forget(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.rings = []
