"""The coach beside the table during a lesson ("Learn to play"): what to do now and why, each
rule the first time it happens, why a move was refused, the ring on the lesson's card, and at
the end the deal summary explained line by line with an offer of a real match.

It knows no game: it shows what the lesson (`tabletop.engine.coach`) and the game's own score
lines say, for the learner's seat only.
"""

from __future__ import annotations

from html import escape

import shiboken6
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from tabletop.engine.breakdown import last_summary, number_text, signed
from tabletop.engine.text import Msg
from tabletop.engine.views import Move, View
from tabletop.i18n import _, for_view, render, render_value
from tabletop.ui.learn.coachsession import CoachSession
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.gestures import zone_label
from tabletop.ui.table.hint import HintRing
from tabletop.ui.table.table import TableWidget
from tabletop.ui.texts import game_title


def summary_lines(session: CoachSession) -> list[str]:
    """The deal's summary for the learner, one explained line per column, then score and total."""
    game, lesson = session.game, session.coach.lesson
    sheet = game.score_sheet(session.players, lesson.options)
    summary = last_summary(game.score_lines(session.seen, session.players), sheet)
    if summary is None:
        return []
    seat = lesson.learner
    out = []
    for line in summary.lines:
        for k, heading in enumerate(sheet.columns):
            value = line.cells[seat][k] if k < len(line.cells[seat]) else ""
            shown = render_value(value) if isinstance(value, Msg) else str(value)
            if isinstance(value, (int, float)):
                shown = number_text(value)
            why = lesson.columns[k] if k < len(lesson.columns) else None
            text = f"<b>{escape(render(heading))}</b>: {escape(shown)}"
            out.append(text + (f" — {escape(render(why))}" if why is not None else ""))
        if len(summary.lines) > 1:
            # a game that scores every turn: one line per turn, with what it shares (a target)
            shared = ", ".join(
                f"{render(h)} {render_value(v) if isinstance(v, Msg) else v}"
                for h, v in zip(sheet.shared, line.shared, strict=False)
            )
            step = render(Msg("{unit} {label}", unit=sheet.unit, label=str(line.label)))
            where = f" ({shared})" if shared else ""
            out.append(f"<b>{escape(step)}</b>{escape(where)}: {signed(line.scores[seat])}")
    score, total = summary.scores[seat], summary.lines[-1].totals[seat]
    out.append(escape(render(Msg("Your score for this deal: {score}.", score=number_text(score)))))
    others = [
        render(Msg("{name}: {score}", name=session.names[s], score=number_text(v)))
        for s, v in enumerate(summary.scores)
        if s != seat
    ]
    out.append(escape(render(Msg("The others scored {scores}.", scores=", ".join(others)))))
    out.append(escape(render(Msg("Your total so far: {total}.", total=number_text(total)))))
    return out


def how_to(view: View, move: Move) -> Msg:
    """How a person makes `move` at the table: press or pick it, click, choose several cards,
    drag onto its place, or double-click and choose where one card has several moves there."""
    label = for_view(move.label, view) or move.action
    if move.gesture == "button":
        return Msg(
            "Choose “{choice}” below the table (its button, or in the list, then Do it).",
            choice=label,
        )
    if move.gesture == "click":
        return Msg("Click the ringed card.")
    if any(
        m.cards == move.cards and m.target == move.target and m.action != move.action
        for m in view.moves
    ):
        return Msg("Double-click the ringed card and choose “{choice}”.", choice=label)
    if len(move.cards) > 1:
        return Msg("Click the ringed cards to choose them, then confirm with the ✓ button.")
    if move.target:
        return Msg("Drag the ringed card onto “{place}”.", place=zone_label(view, move.target))
    return Msg("Drag the ringed card to the highlighted place, or double-click it.")


class CoachPanel(QWidget):
    """The coach's column beside a lesson's table."""

    playForReal = Signal(str)
    """The learner asks for a real match of this game (its id) against computer players."""
    leave = Signal()
    """The learner leaves the lesson."""

    def __init__(self, table: TableWidget, session: CoachSession) -> None:
        super().__init__()
        self.setObjectName("coach")
        self.table = table
        self.session = session
        self.rings: list[tuple[CardItem, CoachRing]] = []
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.real = QPushButton(_("Play a real match against computer players"))
        self.real.setObjectName("play_for_real")
        self.real.clicked.connect(lambda: self.playForReal.emit(session.game.info.id))
        self.real.setVisible(False)
        self.done = QPushButton(_("Leave the lesson"))
        self.done.clicked.connect(self.leave.emit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.real)
        layout.addWidget(self.done)
        self.setMinimumWidth(260)
        self.title.setText(
            "<b>"
            + escape(render(Msg("Learn to play: {game}", game=game_title(session.game.info))))
            + "</b>"
        )
        session.changed.append(self._later)
        table.idleChanged.connect(lambda _idle: self.refresh())
        self.refresh()

    def _later(self) -> None:
        # a panel whose table was rebuilt (a language switch) is gone; its successor speaks
        if shiboken6.isValid(self):
            QTimer.singleShot(0, self.refresh)

    def refresh(self) -> None:
        """Say what to do now, ring the lesson's cards, and explain what just happened."""
        if not shiboken6.isValid(self) or not shiboken6.isValid(self.table):
            return
        coach = self.session.coach
        view = self.table.served_view
        parts: list[str] = []
        if coach.made == 0 and coach.refused is None:
            parts.append(f"<p>{escape(render(coach.lesson.intro))}</p>")
        if coach.refused is not None:
            reason = escape(self._say(coach.refused, view))
            parts.append(f"<p style='color:#b71c1c'><b>{_('Not this move:')}</b> {reason}</p>")
        for rule in coach.fresh:
            title, text = escape(render(rule.title)), escape(self._say(rule.text, view))
            parts.append(
                f"<div style='background:#fff8e1;padding:4px'><b>{_('New rule:')} {title}</b>"
                f"<br>{text}</div>"
            )
        if coach.finished:
            self.real.setVisible(True)
            parts.append(f"<h3>{escape(_('The deal is over: how it scored'))}</h3>")
            parts.append("<ul>" + "".join(f"<li>{t}</li>" for t in summary_lines(self.session)))
            parts.append("</ul>")
            parts.append(
                "<p>"
                + escape(
                    _(
                        "That was one whole deal. A match plays more deals the same way: "
                        "try one against computer players."
                    )
                )
                + "</p>"
            )
        else:
            parts.append(self._now(view))
        earlier = [r for r in coach.shown if r not in coach.fresh]
        if earlier:
            items = "".join(f"<li>{escape(render(r.title))}</li>" for r in earlier)
            parts.append(f"<p><b>{escape(_('Rules seen so far'))}</b></p><ul>{items}</ul>")
        self.text.setHtml("".join(parts))
        self._ring(view)

    def _say(self, msg: Msg, view: View | None) -> str:
        return render(msg) if view is None else for_view(msg, view)

    def _now(self, view: View | None) -> str:
        coach = self.session.coach
        move = coach.expected_move(view) if view is not None else None
        if move is None or view is None:
            who = sorted(self.session.to_act() - {coach.learner})
            if who:
                name = self.session.names[who[0]]
                return "<p><i>" + escape(render(Msg("Watch {name} play.", name=name))) + "</i></p>"
            return ""
        label = for_view(move.label, view) or move.action
        how = render(how_to(view, move))
        return (
            f"<h3>{escape(_('Your move'))}: {escape(label)}</h3>"
            f"<p>{escape(self._say(coach.step(), view))}</p><p><i>{escape(how)}</i></p>"
        )

    def _ring(self, view: View | None) -> None:
        # Each ring is kept with its card: holding the card keeps a card that faded out of the
        # scene (and so its ring) alive until the ring is taken off here.
        scene = self.table.scene
        for _card, ring in self.rings:
            if ring.scene() is not None:
                scene.removeItem(ring)
            else:
                ring.setParentItem(None)  # type: ignore[arg-type]  # Qt takes nullptr
        self.rings = []
        move = self.session.coach.expected_move(view) if view is not None else None
        if move is None or view is None:
            return
        wanted = list(move.cards)
        mine = {z.id for z in view.zones if z.owner == view.seat}
        for item in sorted(scene.cards, key=lambda c: c.zone_id not in mine):
            if item.code in wanted and move.source in (None, item.zone_id):
                wanted.remove(item.code)
                self.rings.append((item, CoachRing(item)))

    def ringed(self) -> list[str]:
        """The codes of the cards ringed now."""
        return [card.code for card, ring in self.rings if ring.scene() is not None]


class CoachRing(HintRing):
    """The coach's ring on a card of the lesson's move."""
