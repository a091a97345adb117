"""The replay viewer: a finished match on the table, move by move, with no moves enabled.

It draws the `Stepper`'s Views through the table's own scene. Public mode (the default) shows
what a spectator saw (`Stepper.view(k)`); "Reveal all cards" shows every card
(`reveal=True`). Given the match's `ScoreCurve`, the score chart sits under the table: the
deals played so far, the one on the table shaded. In public mode a step is described by who
moved only, since an action's text can name cards that were secret.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.i18n import _, for_view, render
from tabletop.sheets.curve import ScoreCurve
from tabletop.sheets.stepper import Stepper
from tabletop.ui.dialogs.chart import ScoreChart
from tabletop.ui.table.art import CardArt
from tabletop.ui.table.scene import TableScene
from tabletop.ui.table.scores import ScorePanel
from tabletop.ui.table.table import TableView
from tabletop.ui.texts import shown_names, shown_view


class ReplayWidget(QWidget):
    """Step through a match: first / back / forward / last, a slider, rounds, reveal all."""

    closed = Signal()
    """The person is done watching."""

    def __init__(
        self,
        stepper: Stepper,
        move_ms: int = 0,
        art: CardArt | None = None,
        curve: ScoreCurve | None = None,
    ) -> None:
        super().__init__()
        self.stepper = stepper
        self.move_ms = move_ms
        self.k = -1
        self.scene = TableScene(art)
        self.view = TableView(self.scene)
        self.view.keep_room_for(stepper.state(0).players)  # as at the live table
        self.scores = ScorePanel()
        split = QSplitter()
        split.addWidget(self.view)
        split.addWidget(self.scores)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setSizes([1100, 170])

        icons = self.style()
        self.first = QPushButton(icons.standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward), "")
        self.back = QPushButton(_("◀ Back"))
        self.forward = QPushButton(_("Forward ▶"))
        self.last = QPushButton(icons.standardIcon(QStyle.StandardPixmap.SP_MediaSkipForward), "")
        for button, tip in (
            (self.first, _("The deal (Home)")),
            (self.back, _("One move back (←)")),
            (self.forward, _("One move forward (→)")),
            (self.last, _("The end (End)")),
        ):
            button.setToolTip(tip)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, len(stepper))
        self.slider.setMinimumWidth(100)
        self.rounds = QComboBox()
        for number, start in sorted(stepper.rounds.items()):
            self.rounds.addItem(render(Msg("Round {number}", number=number)), start)
        self.rounds.setToolTip(_("Jump to the start of a round"))
        self.reveal = QCheckBox(_("Reveal all cards"))
        self.reveal.setToolTip(_("Show every card, hidden ones too (off: what a spectator saw)"))
        self.where = QLabel()
        self.where.setMinimumWidth(220)
        done = QPushButton(_("Close replay"))

        bar = QHBoxLayout()
        bar.setContentsMargins(8, 4, 8, 4)
        for widget in (self.first, self.back, self.forward, self.last):
            bar.addWidget(widget)
        bar.addWidget(self.slider, 1)
        bar.addWidget(self.rounds)
        bar.addWidget(self.reveal)
        bar.addWidget(done)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.chart: ScoreChart | None = None
        if curve is not None and curve.deals > 1:
            self.chart = ScoreChart(curve)
            self.chart.setToolTip(
                _("Each player's total after every deal; the deal on the table is shaded")
            )
            story = QSplitter(Qt.Orientation.Vertical)
            story.addWidget(split)
            story.addWidget(self.chart)
            story.setStretchFactor(0, 1)
            story.setStretchFactor(1, 0)
            story.setSizes([600, 170])
            split = story
        layout.addWidget(split, 1)
        layout.addWidget(self.where)
        layout.addLayout(bar)
        self.where.setContentsMargins(10, 4, 10, 0)

        self.first.clicked.connect(lambda: self.go(0))
        self.back.clicked.connect(lambda: self.go(self.k - 1))
        self.forward.clicked.connect(lambda: self.go(self.k + 1))
        self.last.clicked.connect(lambda: self.go(len(self.stepper)))
        self.slider.valueChanged.connect(self.go)
        self.rounds.activated.connect(lambda i: self.go(int(self.rounds.itemData(i))))
        self.reveal.toggled.connect(lambda _: self._draw(0))
        done.clicked.connect(self.closed)
        for key, button in (
            (Qt.Key.Key_Home, self.first),
            (Qt.Key.Key_Left, self.back),
            (Qt.Key.Key_Right, self.forward),
            (Qt.Key.Key_End, self.last),
        ):
            QShortcut(QKeySequence(key), self, button.click)
        self.go(0)

    def current_view(self) -> View:
        """The View shown now: public, or with every card revealed."""
        return shown_view(self.stepper.view(self.k, reveal=self.reveal.isChecked()))

    def go(self, k: int) -> None:
        """Show the table after the first k actions (clamped to the match)."""
        k = max(0, min(len(self.stepper), k))
        if k == self.k:
            return
        step = k - self.k
        self.k = k
        deal = step == 1 and any(ev.type == "deal" for ev in self.stepper.events[k])
        self._draw(self.move_ms if abs(step) == 1 else 0, deal)

    def _draw(self, duration: int, deal: bool = False) -> None:
        k, stepper = self.k, self.stepper
        self.scene.show_view(self.current_view(), 0, duration, False, deal)
        state = stepper.state(k)
        self.scores.show_scores(shown_names(state.names), state.match.scores, state.match.totals)
        self.slider.blockSignals(True)
        self.slider.setValue(k)
        self.slider.blockSignals(False)
        self.rounds.setCurrentIndex(stepper.round_of(k) - 1)
        if self.chart is not None:
            playing = stepper.round_of(k)
            self.chart.set_marker(playing, None if k == len(stepper) else playing - 1)
        self.first.setEnabled(k > 0)
        self.back.setEnabled(k > 0)
        self.forward.setEnabled(k < len(stepper))
        self.last.setEnabled(k < len(stepper))
        self.where.setText(self.describe(k))

    def told(self, k: int, seat: int) -> str:
        """Action k of `seat` as the game log tells it with every card shown ("Ann played
        ♥Q"), or "" (the events the action set off may tell of other seats first: a pass that
        completes everyone's passes)."""
        view = shown_view(self.stepper.view(k, reveal=True))
        memo: dict[str, Any] = {}
        events = self.stepper.step_events(k, reveal=True)[1:]
        for event in [e for e in events if e.get("seat") == seat] or events:
            for line in self.stepper.game.narrate(event, None, memo):
                return for_view(line.msg, view)
        return ""

    def describe(self, k: int) -> str:
        """ "Move 12 of 80 · Round 2 · Ann moved" (the action's text only when revealing)."""
        stepper = self.stepper
        head = render(
            Msg(
                "Move {move} of {moves} · Round {round}",
                move=k,
                moves=len(stepper),
                round=stepper.round_of(k),
            )
        )
        if k == 0:
            return render(Msg("{head} · the deal", head=head))
        seat, action = stepper.actions[k - 1]
        names = shown_names(stepper.state(k).names)
        name = names[seat] if seat < len(names) else render(Msg("Seat {number}", number=seat + 1))
        if self.reveal.isChecked():
            said = self.told(k, seat)
            if said:
                return render(Msg("{head} · {said}", head=head, said=said))
            return render(Msg("{head} · {name}: {action}", head=head, name=name, action=action))
        return render(Msg("{head} · {name} moved", head=head, name=name))
