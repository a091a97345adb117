"""TableWidget: the table scene in a view, action buttons, the score panel, and the flow of
play — people by gesture, computer players after a short pause, the curtain between people.

Every move, a person's or a computer's, goes through `attempt(seat, action)`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QCursor, QKeyEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.errors import IllegalAction, ParseError
from tabletop.engine.events import Event
from tabletop.engine.text import Msg
from tabletop.engine.views import Move, View
from tabletop.i18n import _, for_view, render
from tabletop.ui.table import gestures
from tabletop.ui.table.access import Mirror, announce_focus
from tabletop.ui.table.art import CardArt
from tabletop.ui.table.dealsummary import DealSummary, seen_events
from tabletop.ui.table.gamelog import Banner, GameLog, mark_received
from tabletop.ui.table.hint import Hints
from tabletop.ui.table.keys import KeyPlay
from tabletop.ui.table.layout import LEAST_WIDTH, least_height
from tabletop.ui.table.scene import TableScene
from tabletop.ui.table.scores import ScorePanel, fmt
from tabletop.ui.table.sealed import SealWatch, staged
from tabletop.ui.table.session import TableSession, clock_action
from tabletop.ui.table.tableparts import TableParts
from tabletop.ui.table.tempo import INSTANT as INSTANT
from tabletop.ui.table.tempo import TEMPOS, Tempo
from tabletop.ui.table.thinking import BotTurns
from tabletop.ui.texts import names_for

MAX_BUTTONS = 10
"""More button moves than this are offered in a drop-down list."""


class TableView(QGraphicsView):
    """The view: scene coordinates are pixels; resizing lays the table out again."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.table_scene = scene
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        # Items turn on antialiasing themselves where it shows (rotated cards, rounded plates);
        # view-wide hints made every card blit a filtered one (about 2.5× slower frames).
        self.setRenderHints(QPainter.RenderHint.TextAntialiasing)
        self.setOptimizationFlags(
            QGraphicsView.OptimizationFlag.DontSavePainterState
            | QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing
        )
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def keep_room_for(self, players: int) -> None:
        """Never narrower than `LEAST_WIDTH` nor lower than a table of `players` needs for every
        seat to have a box of its own: the window stops shrinking there."""
        self.setMinimumWidth(LEAST_WIDTH)
        self.setMinimumHeight(least_height(players))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Match the scene to the viewport and lay the table out for the new size."""
        super().resizeEvent(event)
        size = self.viewport().size()
        self.table_scene.setSceneRect(0, 0, size.width(), size.height())
        self.resetCachedContent()
        self.table_scene.relayout()


class TableWidget(TableParts):
    """One match at the table."""

    matchOver = Signal()
    """The match has a result."""
    idleChanged = Signal(bool)
    """True when nothing moves and nobody but a person is expected to act."""
    happened = Signal(list, int)
    """Events just shown, and the seat of the person at this screen who must act now (-1: none),
    for sound."""

    def __init__(
        self, session: TableSession, tempo: Tempo = TEMPOS["Normal"], art: CardArt | None = None
    ) -> None:
        super().__init__()
        self.session = session
        self.tempo = tempo
        self.scene = TableScene(art)
        self.view = TableView(self.scene)
        self.shown: int | None = None
        self._frames: list[tuple[View, int, bool, bool]] = []
        self._fed: list[Event] | None = None
        self._fed_seat: int | None = None
        self._busy = False
        self._announced = False
        self.bots_enabled = True
        self.scores = ScorePanel()
        self.gamelog = GameLog(session.game, session.names)
        self.banner = Banner()
        self.scene.addItem(self.banner)
        self.buttons = QWidget()
        self.buttons_layout = QHBoxLayout(self.buttons)
        self.buttons_layout.setContentsMargins(0, 0, 0, 0)
        self.hint = QLabel()
        self.suggest = Hints(self)
        for label in (self.hint, self.suggest.label):
            fit_to_bar(label)
        self.bot_timer = QTimer(self)
        self.bot_timer.setSingleShot(True)
        self.hold_timer = QTimer(self)
        self.hold_timer.setSingleShot(True)
        self.seen = seen_events(session)
        self.sheet = session.game.score_sheet(session.players, {})
        self.sealed = SealWatch()
        self.pending: Move | None = None
        """A person's sealed choice lying on the table until it is confirmed or taken back."""
        self._curtain_text: str | None = None
        self._moments: list[str] = []
        self._revealing = False

        bar = QHBoxLayout()
        bar.setContentsMargins(8, 4, 8, 4)
        bar.addWidget(self.hint, 1)
        bar.addWidget(self.suggest.label, 2)
        bar.addWidget(self.suggest.button)
        bar.addWidget(self.buttons)
        split = QSplitter()
        split.addWidget(self.view)
        split.addWidget(self.gamelog)
        split.addWidget(self.scores)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setStretchFactor(2, 0)
        split.setSizes([880, 240, 170])
        # In a narrow window the log gives way (it is hidden) before the table does; a short
        # one stops where every seat still has a box of its own.
        self.view.keep_room_for(session.players)
        self.gamelog.setMinimumWidth(1)
        self.splitter = split
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(split, 1)
        layout.addLayout(bar)
        self.summary = DealSummary(self, self.scene.guard)
        self.summary.closed.connect(self.scene.guard.arm)
        self.summary.closed.connect(self._carry_on)
        self.scene.guard.quiet_ms = tempo.quiet_ms

        self.scene.dropRequested.connect(self._on_drop)
        self.scene.playRequested.connect(self._on_play)
        self.scene.clickRequested.connect(self._on_click)
        self.scene.selectionChanged.connect(self._update_buttons)
        self.scene.settled.connect(self._on_settled)
        self.scene.curtainClicked.connect(self.reveal)
        self.turns = BotTurns(self)
        self.bot_timer.timeout.connect(self.turns.step)
        self.hold_timer.timeout.connect(self._next_frame)
        self.gamelog.moments.connect(self._announce)
        self.banner.dismissed.connect(self._after_banner)
        self.banner.waved.connect(self.scene.guard.arm)
        self.mirror = Mirror(self.view, self.scene, session.names)
        self.scene.settled.connect(self.mirror.sync)
        self.scene.selectionChanged.connect(self.mirror.sync)
        self.keys = KeyPlay(self)
        # installed after KeyPlay's, so a waiting sealed choice hears Return / Escape first
        self.view.installEventFilter(self)
        self.keys.focusChanged.connect(
            lambda text: announce_focus(self.mirror, self.keys.focused(), text)
        )

    def reading(self) -> None:
        """A screen reader that started after the table was drawn gets it named at once."""
        if not self.mirror.shadows:
            self.mirror.sync()

    # ---- the flow of play -----------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        """Show the game log only when the table keeps its minimum width beside it."""
        self.fit_panels(event.size().width())
        super().resizeEvent(event)

    def fit_panels(self, width: int | None = None) -> None:
        """Show the game log only if every other panel beside the table (scores, a coach, a
        quick reference) keeps its minimum width too; call after adding or showing a panel."""
        split = self.splitter
        panels = (split.widget(i) for i in range(split.count()))
        others = [w for w in panels if w is not None and w is not self.gamelog]
        room = sum(w.minimumWidth() + split.handleWidth() for w in others if w.isVisibleTo(self))
        roomy = (width or self.width()) >= room + self.gamelog.minimumSizeHint().width()
        if self.gamelog.isVisibleTo(self) != roomy:
            self.gamelog.setVisible(roomy)

    def start(self) -> None:
        """Draw the opening table (behind a curtain if several people share the screen)."""
        self._refresh([], None)
        told = self.session.story()
        self.gamelog.add(told, None if self.scene.covered else self.shown, quiet=True)

    @property
    def idle(self) -> bool:
        """Nothing is moving, no frame is waiting and no computer player is thinking."""
        return not self._busy and not self.turns.thinking

    @property
    def served_view(self) -> View | None:
        """The View drawn now (None before the first frame)."""
        return self.scene.view

    def attempt(self, seat: int, action: str) -> str | None:
        """Apply an action for a seat; None if done, else the engine's reason for refusing."""
        before = self.scene.view
        try:
            events = self.session.act(seat, action)
        except IllegalAction as err:
            view = self.scene.view
            return render(err.reason) if view is None else for_view(err.reason, view)
        except ParseError as err:
            return str(err)
        if events is None:
            return None
        if seat == self.shown:
            self.scene.clear_choice()
            self._set_pending(None)
        stage = gestures.trick_frame(before, events, seat) if before is not None else None
        trick = gestures.last_trick(events)
        if trick is not None:
            self.scene.remember_trick(*trick)
        self._refresh(events, stage)
        if self.session.save_error:
            self.scene.toast(self.session.save_error, 6000)
        return None

    def feed(self, events: Sequence[Event], seat: int | None = None) -> None:
        """Draw what happened away from this table (`seat`: who acted, if known).

        Updates that come while cards move are gathered and drawn together once they settle.
        """
        self._fed = [*(self._fed or []), *events]
        self._fed_seat = seat
        if not self._busy:
            self._draw_fed()

    def _draw_fed(self) -> None:
        events, seat = self._fed or [], self._fed_seat
        self._fed, self._fed_seat = None, None
        before = self.scene.view
        if seat is not None and seat == self.shown:
            self.scene.clear_choice()
        acting = seat if seat is not None else -1
        stage = gestures.trick_frame(before, events, acting) if before is not None else None
        trick = gestures.last_trick(events)
        if trick is not None:
            self.scene.remember_trick(*trick)
        self._refresh(events, stage)

    def refuse(self, reason: str) -> None:
        """An action sent away was refused: cards go home and the reason is shown."""
        self.scene.snap_back(reason)

    def halt(self) -> None:
        """Stop the computer players and pending frames: the table is being left."""
        self.bots_enabled = False
        self.turns.cancel()
        self.suggest.clear()
        self.bot_timer.stop()
        self.hold_timer.stop()

    def _refresh(self, events: Sequence[Event], stage: View | None) -> None:
        """Queue the frames that show what just happened, then wait for the next move."""
        self.hold_timer.stop()
        self.bot_timer.stop()
        session = self.session
        target = session.serve(self.shown)
        completed = self.sealed.update(session.to_act())
        shared = len(session.humans) > 1 and target is not None and not session.over
        # Everyone at the screen sees a completed sealed choice revealed, then the curtain.
        reveal = shared and completed and self.tempo.hold_ms > 0
        handover = shared and (target != self.shown or reveal)
        self.shown = target
        bottom = target if target is not None else 0
        frames: list[tuple[View, int, bool, bool]] = []
        if stage is not None:
            frames.append((stage, bottom, False, False))
        deal = any(e.type == "deal" for e in events)
        if handover:
            assert target is not None
            text = render(
                Msg(
                    "Pass to {name} — click or press Return when ready",
                    name=names_for(session.names, None)[target],
                )
            )
            if reveal or self._curtain_text is not None:
                self._curtain_text = text
            else:
                self.scene.cover(text)
        # until the reveal's banner goes, whatever else arrives is shown to everyone too
        self._revealing = reveal or self._curtain_text is not None
        public = self.scene.covered or self._revealing
        if public:
            frames.append((session.view(None), bottom, False, deal))
        else:
            frames.append((session.view(target), bottom, target is not None, deal))
        old, final = self.scene.view, frames[-1][0]
        told = self.gamelog.add(events, None if public else target)
        if reveal:
            self._show_reveal(told)
        self._frames = frames
        self._busy = True
        self._next_frame()
        self._after_events(old, final, events)
        turn = target in session.humans and target in session.to_act() and not session.over
        self.happened.emit(list(events), target if turn and target is not None else -1)

    def _next_frame(self) -> None:
        if not self._frames:
            self._set_idle()
            return
        view, bottom, interactive, deal = self._frames.pop(0)
        if interactive and self.pending is not None:
            if any(m.action == self.pending.action for m in view.moves):
                view = staged(view, self.pending)
            else:
                self._set_pending(None)
        self.scene.show_view(view, bottom, self.tempo.move_ms, interactive, deal)
        hands = {z.id for z in view.zones if z.kind == "hand" and z.owner == view.seat}
        if mark_received(self.scene.cards, hands if interactive else set(), self.gamelog.marked):
            self.mirror.sync()  # the scene may have settled already (no motion)
        self._update_buttons()

    def _on_settled(self) -> None:
        if not self._busy:
            return
        if self._frames:
            if self.tempo.hold_ms <= 0:
                self._next_frame()
            else:
                self.hold_timer.start(self.tempo.hold_ms)
        else:
            self._set_idle()

    def _set_idle(self) -> None:
        if not self._busy:
            return
        self._busy = False
        if self._fed is not None:
            self._draw_fed()
            return
        self.idleChanged.emit(True)
        self._carry_on()

    def _carry_on(self) -> None:
        """Announce the result or let the computers play, unless busy or a summary is held."""
        if self._busy or self.summary.held:
            return
        session = self.session
        if session.over:
            if not self._announced:
                self._announced = True
                self.matchOver.emit()
            return
        if self.bots_enabled and session.bot_seats_to_act():
            self.bot_timer.start(self.tempo.pause_ms)

    def _announce(self, lines: list[str], ended: bool) -> None:
        """The game's big moments as a banner over the middle (held at the end of a deal)."""
        if self.scene.covered or self._revealing:
            return
        self._moments = lines
        held = ended and self.tempo.hold_ms > 0 and not self.session.over
        self.banner.announce(lines, self._middle(), held, self.tempo.hold_ms * 3, self._shared())
        if held:
            self.scene.guard.arm()

    def _middle(self) -> QRectF:
        lay = self.scene.layout
        if lay is not None and lay.middle.w > 0:
            m = lay.middle
            return QRectF(m.x, m.y, m.w, m.h)
        return self.scene.sceneRect()

    def _shared(self) -> list[QRectF]:
        """Where cards are played to the middle (the trick to follow; not the piles), the status
        line and the info corner: a passing banner keeps clear of these places, even while they
        are empty, as cards may come."""
        view, lay = self.scene.view, self.scene.layout
        if view is None or lay is None:
            return []
        out = [QRectF(r.x, r.y, r.w, r.h) for r in (lay.status, lay.info) if r.w > 0]
        for zone in view.zones:
            slot = lay.zones.get(zone.id)
            if zone.owner is None and zone.kind not in ("stack", "pile") and slot is not None:
                r = slot.rect
                out.append(QRectF(r.x, r.y, r.w, r.h))
        return out

    def _show_reveal(self, told: list[str]) -> None:
        """Everyone has chosen: the story of the reveal, held for all at the screen to read."""
        lines = [_("Everyone has chosen:"), *told]
        self.banner.announce(lines, self._middle(), True, self.tempo.hold_ms * 3)
        self.scene.guard.arm()

    def _after_banner(self) -> None:
        if self._curtain_text is not None:
            self._revealing = False
            text, self._curtain_text = self._curtain_text, None
            if not self.session.over:
                self.scene.cover(text)
        self._carry_on()

    def may_step_bot(self) -> bool:
        """True when a computer player's move may be played now (nothing moves or is held)."""
        return not (self._busy or self.session.over or self.banner.held or self.summary.held)

    def step_bot(self) -> bool:
        """Let one computer player whose turn it is act at once, on this thread; False if none
        may act now (the bot timer has them think on the worker thread: `BotTurns`)."""
        if not self.may_step_bot() or self.turns.thinking:
            return False
        seats = self.session.bot_seats_to_act()
        if not seats:
            return False
        seat = seats[0]
        reason = self.attempt(seat, self.session.bot_choice(seat))
        if reason is not None:
            self.scene.toast(f"{self.session.names[seat]}: {reason}")
            return False
        return True

    def reveal(self) -> None:
        """Lift the curtain for the person now served and show their side of the table."""
        if not self.scene.covered:
            return
        self.scene.uncover()
        self.gamelog.show_for(self.shown)
        self._frames = [(self.session.view(self.shown), self.shown or 0, True, False)]
        self._busy = True
        self._next_frame()

    def _after_events(self, old: View | None, new: View, events: Sequence[Event]) -> None:
        """Score panel, floating score changes and the round summary."""
        session = self.session
        self.seen.extend(e.to_json(None, omniscient=False) for e in events)
        lines = session.game.score_lines(self.seen, session.players)
        names = names_for(session.names, self.shown)
        self.scores.show_lines(names, self.sheet, lines, new, self.shown)
        if old is not None and self.tempo.move_ms > 0:
            for seat in range(session.players):
                change = _counter_change(old, new, seat)
                if change:
                    self.scene.float_text(seat, change)
        moments, self._moments = self._moments, []
        if self.summary.offer(session, self.sheet, lines, events, self.shown, moments):
            # The summary is the end of the deal's held moment: no banner waits behind it.
            self.banner.dismiss()
            return
        scores = gestures.round_scores(events)
        if scores is not None:
            parts = [
                f"{names[i]} {fmt(v) if v < 0 else '+' + fmt(v)}" for i, v in enumerate(scores)
            ]
            scored = _(", ", ctx="list separator").join(parts)
            self.scene.toast(render(Msg("Round scored: {scores}", scores=scored)), 5000)

    # ---- gestures from the scene ----------------------------------------------------------
    def _my_view(self) -> View | None:
        view = self.scene.view
        if view is None or self.scene.covered or view.seat is None or view.seat != self.shown:
            return None
        return view

    def _on_drop(self, codes: tuple[str, ...], zone_id: str) -> None:
        view = self._my_view()
        if view is None or view.seat is None:
            self.scene.snap_back(_("Wait for your turn."))
            return
        seat = view.seat
        moves = gestures.card_moves(view, codes, zone_id)
        if moves:
            reason = self._person(seat, moves[0].action)
        else:
            elsewhere = gestures.card_moves(view, codes)
            if elsewhere and elsewhere[0].target:
                place = gestures.zone_label(view, elsewhere[0].target)
                reason = render(Msg("Drop it on {place}.", place=place))
            else:
                reason = self.attempt(seat, gestures.probe_action(view, codes, zone_id))
        if reason is not None:
            self.scene.snap_back(reason)

    def _on_play(self, codes: tuple[str, ...]) -> None:
        view = self._my_view()
        if view is None or view.seat is None:
            return
        moves = gestures.card_moves(view, codes)
        actions = list(dict.fromkeys(m.action for m in moves))
        if len(actions) == 1:
            reason = self._person(view.seat, actions[0])
        elif actions:
            self._choose(view.seat, moves)
            return
        else:
            reason = self.attempt(view.seat, gestures.probe_action(view, codes, None))
        if reason is not None:
            self.scene.snap_back(reason)

    def _choose(self, seat: int, moves: Sequence[Move]) -> None:
        menu = QMenu(self)
        view = self.scene.view
        for move in moves:
            label = render(move.label) if view is None else for_view(move.label, view)
            action = menu.addAction(label or move.action)
            action.setData(move.action)
        picked = menu.exec(QCursor.pos() if self.isVisible() else QPoint())
        if picked is not None:
            reason = self._person(seat, str(picked.data()))
            if reason is not None:
                self.scene.toast(reason)

    def _on_click(self, code: str) -> None:
        view = self._my_view()
        if view is None or view.seat is None:
            return
        for move in view.moves:
            if move.gesture == "click" and move.cards == (code,):
                reason = self._person(view.seat, move.action)
                if reason is not None:
                    self.scene.toast(reason)
                return

    def press(self, action: str) -> str | None:
        """Press the button (or confirm) for an action of the served seat, as a person would."""
        for button in self.buttons.findChildren(QPushButton):
            if button.property("action") == action and button.isEnabled():
                button.click()
                return None
        combo = self.buttons.findChild(QComboBox)
        if combo is not None:
            index = combo.findData(action)
            if index >= 0:
                combo.setCurrentIndex(index)
                go = self.buttons.findChild(QPushButton, "go")
                if go is not None:
                    go.click()
                    return None
        return render(Msg("No button for {action}.", action=repr(action)))

    # ---- sealed choices --------------------------------------------------------------------
    def _person(self, seat: int, action: str) -> str | None:
        """A person's move: a sealed choice waits on the table for its confirmation."""
        view = self.scene.view
        move = None
        if view is not None and self.sealed.sealed(seat):
            move = next((m for m in view.moves if m.action == action), None)
        if view is None or move is None:
            return self.attempt(seat, action)
        self.scene.clear_choice()
        self._set_pending(move)
        self.scene.show_view(staged(view, move), self.scene.bottom, self.tempo.move_ms, True)
        self._update_buttons()
        return None

    def _set_pending(self, move: Move | None) -> None:
        self.pending = move

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Keys in the quiet moment after a change of screen, and repeated keys while a cover
        waits, are ignored; Return confirms a waiting sealed choice, Escape takes it back."""
        if not isinstance(event, QKeyEvent) or event.type() != QEvent.Type.KeyPress:
            return False
        waiting = self.scene.covered or self.banner.held or self.summary.isVisible()
        if not self.scene.guard.settled() or (waiting and event.isAutoRepeat()):
            return True
        if self.pending is None:
            return False
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirm()
            return True
        if event.key() == Qt.Key.Key_Escape:
            self.take_back()
            return True
        return False

    def confirm(self) -> None:
        """Send the sealed choice waiting on the table."""
        move, seat = self.pending, self.shown
        if move is None or seat is None:
            return
        self._set_pending(None)
        reason = self.attempt(seat, move.action)
        if reason is not None:
            self.take_back()
            self.scene.toast(reason)

    def take_back(self) -> None:
        """Take the waiting sealed choice back into the hand."""
        self._set_pending(None)
        if self.shown is None or self.scene.covered or self._frames:
            return
        view = self.session.view(self.shown)
        self.scene.show_view(view, self.scene.bottom, self.tempo.move_ms, True)
        self._update_buttons()

    # ---- the button bar -------------------------------------------------------------------
    def _update_buttons(self) -> None:
        self._fill_buttons()
        self.keys.refresh()  # the keyboard focus may rest on a new button

    def _fill_buttons(self) -> None:
        self.suggest.refresh()
        while self.buttons_layout.count():
            taken = self.buttons_layout.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        view = self._my_view()
        if view is None or view.seat is None:
            self.keys.show_hint("")
            return
        seat = view.seat
        if self.pending is not None:
            label = for_view(self.pending.label, view) or self.pending.action
            self.keys.show_hint("pending", label)
            confirm = QPushButton(_("Confirm", ctx="sealed choice"))
            confirm.setProperty("action", self.pending.action)
            confirm.setDefault(True)
            confirm.clicked.connect(self.confirm)
            back = QPushButton(_("Take back", ctx="sealed choice"))
            back.setObjectName("take_back")
            back.clicked.connect(self.take_back)
            self.buttons_layout.addWidget(confirm)
            self.buttons_layout.addWidget(back)
            return
        chosen = self.scene.chosen_codes()
        if chosen:
            matches = gestures.card_moves(view, chosen)
            for move in matches:
                label = f"✓ {for_view(move.label, view) or move.action}"
                # the chosen cards' ✓ is itself the confirmation of a sealed choice
                self._button(label, move.action, seat, confirmed=True)
            if not matches:
                counts = sorted(gestures.multi_counts(view))
                if counts:
                    need = _(" or ", ctx="counts").join(str(c) for c in counts)
                    self.keys.show_hint("count", need)
                else:
                    self.keys.show_hint("other")
            else:
                self.keys.show_hint("")
            clear = QPushButton(_("Clear", ctx="choice"))
            clear.clicked.connect(self.scene.clear_choice)
            self.buttons_layout.addWidget(clear)
        else:
            if gestures.multi_counts(view) and view.moves:
                self.keys.show_hint("multi")
            elif gestures.playable(view) and all(
                m.gesture == "click" for m in view.moves if m.cards
            ):
                # one click acts: saying "double-click" here had the second click land on
                # whatever the first one brought up
                self.keys.show_hint("click")
            elif gestures.playable(view):
                self.keys.show_hint("playable")
            else:
                self.keys.show_hint("press" if gestures.buttons(view) else "")
        pressable = gestures.buttons(view)
        clock = clock_action(view, self.session.minutes())
        if len(pressable) > MAX_BUTTONS or clock is not None:
            combo = QComboBox()
            for move in pressable:
                combo.addItem(for_view(move.label, view) or move.action, move.action)
            if clock is not None:
                combo.setCurrentIndex(combo.findData(clock))
                self.keys.show_hint("minutes")
            go = QPushButton(_("Report", ctx="button") if clock is not None else _("Do it"))
            go.setObjectName("go")
            go.clicked.connect(lambda: self._pressed(seat, str(combo.currentData())))
            self.buttons_layout.addWidget(combo)
            self.buttons_layout.addWidget(go)
        else:
            for move in pressable:
                self._button(for_view(move.label, view) or move.action, move.action, seat)

    def _button(self, label: str, action: str, seat: int, confirmed: bool = False) -> None:
        button = QPushButton(label)
        button.setProperty("action", action)
        button.clicked.connect(lambda: self._pressed(seat, action, confirmed))
        self.buttons_layout.addWidget(button)

    def _pressed(self, seat: int, action: str, confirmed: bool = False) -> None:
        reason = self.attempt(seat, action) if confirmed else self._person(seat, action)
        if reason is not None:
            self.scene.toast(reason)

    def set_tempo(self, tempo: Tempo) -> None:
        """Change the animation speed from now on."""
        self.tempo = tempo
        self.scene.guard.quiet_ms = tempo.quiet_ms


def fit_to_bar(label: QLabel) -> None:
    """A line of the button bar takes the width it is given and wraps onto a second line,
    never widening the window nor pushing a button out of it."""
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    label.setMinimumWidth(0)


def _counter_change(old: View, new: View, seat: int) -> str:
    """The first numeric counter of `seat` that changed, as "Score +3"."""
    before = {c.id: c.value for c in old.counters if c.owner == seat}
    for c in new.counters:
        if c.owner != seat or c.id not in before:
            continue
        a, b = before[c.id], c.value
        if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a != b:
            delta = b - a
            return f"{for_view(c.label, new)} {'+' if delta > 0 else ''}{fmt(delta)}"
    return ""
