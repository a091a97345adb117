"""The application window (launcher and table) and `launch`, which the `tabletop` command calls."""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMainWindow,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tabletop.bots.base import bot_names, make_bot
from tabletop.engine.errors import TabletopError
from tabletop.engine.game import Game
from tabletop.engine.registry import get_game
from tabletop.fonts import use_japanese_fallback
from tabletop.help import rules_markdown
from tabletop.ui.launcher import Launcher
from tabletop.ui.newgame import NewGameDialog, load_choices
from tabletop.ui.results import ResultsDialog
from tabletop.ui.session import SeatSpec, Session, default_bot, parse_seats
from tabletop.ui.table import INSTANT, TEMPOS, TableWidget, Tempo

SCREENSHOT_SIZE = (1280, 800)
"""Window size used for `--screenshot`."""


def rules_dialog(game: Game, parent: QWidget | None) -> QDialog:
    """A window with a game's full rules."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(f"Rules — {game.info.title} ({game.info.title_en})")
    browser = QTextBrowser()
    browser.setMarkdown(rules_markdown(game.info.id))
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    dialog.resize(640, 720)
    return dialog


class MainWindow(QMainWindow):
    """The launcher and, once a match starts, the table."""

    def __init__(self, settings: QSettings) -> None:
        super().__init__()
        self.settings = settings
        self.setWindowTitle("Tabletop")
        self.launcher = Launcher()
        self.stack = QStackedWidget()
        self.stack.addWidget(self.launcher)
        self.setCentralWidget(self.stack)
        self.table: TableWidget | None = None
        self.results: ResultsDialog | None = None
        self.last: tuple[Game, list[SeatSpec], dict[str, Any]] | None = None
        name = str(settings.value("tempo", "Normal"))
        self.tempo = TEMPOS.get(name, TEMPOS["Normal"])
        self._menus(name)
        self.launcher.newGameRequested.connect(self.new_game)
        self.launcher.select(str(settings.value("lastGame", "")))

    def _menus(self, tempo_name: str) -> None:
        game_menu = self.menuBar().addMenu("&Game")
        new = QAction("&New game…", self, shortcut=QKeySequence.StandardKey.New)
        new.triggered.connect(lambda: self.new_game(self._current_id()))
        self.rematch_action = QAction("&Rematch", self, enabled=False)
        self.rematch_action.triggered.connect(self.rematch)
        back = QAction("&All games", self)
        back.triggered.connect(self.show_launcher)
        quit_ = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_.triggered.connect(self.close)
        for action in (new, self.rematch_action, back, quit_):
            game_menu.addAction(action)
        view_menu = self.menuBar().addMenu("&View")
        speed = view_menu.addMenu("Animation &speed")
        group = QActionGroup(self)
        for name in TEMPOS:
            action = QAction(name, self, checkable=True, checked=name == tempo_name)
            action.triggered.connect(lambda _=False, n=name: self.set_tempo(n))
            group.addAction(action)
            speed.addAction(action)
        self.scores_action = QAction("Score &panel", self, checkable=True, checked=True)
        self.scores_action.toggled.connect(self._toggle_scores)
        view_menu.addAction(self.scores_action)
        help_menu = self.menuBar().addMenu("&Help")
        rules = QAction("&Rules of this game", self, shortcut=QKeySequence.StandardKey.HelpContents)
        rules.triggered.connect(self.show_rules)
        help_menu.addAction(rules)

    def _current_id(self) -> str | None:
        if self.last is not None and self.stack.currentWidget() is self.table:
            return self.last[0].info.id
        return self.launcher.current()

    def set_tempo(self, name: str) -> None:
        """Choose an animation speed (remembered)."""
        self.tempo = TEMPOS[name]
        self.settings.setValue("tempo", name)
        if self.table is not None:
            self.table.set_tempo(self.tempo)

    def _toggle_scores(self, on: bool) -> None:
        if self.table is not None:
            self.table.scores.setVisible(on)

    def show_rules(self) -> None:
        """Open the rules of the game at the table (or highlighted in the launcher)."""
        game_id = self._current_id()
        if game_id is not None:
            rules_dialog(get_game(game_id), self).show()

    def show_launcher(self) -> None:
        """Back to the list of games."""
        self.stack.setCurrentWidget(self.launcher)

    def new_game(self, game_id: str | None) -> None:
        """Ask for seats, options and seed, then sit down."""
        if game_id is None:
            return
        game = get_game(game_id)
        dialog = NewGameDialog(game.info, bot_names(game_id), self.settings, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.settings.setValue("lastGame", game_id)
        seed = dialog.seed_value()
        self.start_match(game, dialog.seats(), seed, dialog.options())

    def rematch(self) -> None:
        """The same seats and options again, with a new seed."""
        if self.last is not None:
            game, seats, options = self.last
            self.start_match(game, seats, None, options)

    def start_match(
        self,
        game: Game,
        seats: Sequence[SeatSpec],
        seed: int | None,
        options: Mapping[str, Any],
        tempo: Tempo | None = None,
        autoplay: bool = True,
    ) -> TableWidget:
        """Set up a match and show its table; `autoplay` lets computer players move by
        themselves."""
        session = Session(game, seats, random.randrange(10**9) if seed is None else seed, options)
        table = TableWidget(session, tempo or self.tempo)
        table.bots_enabled = autoplay
        table.scores.setVisible(self.scores_action.isChecked())
        table.matchOver.connect(self.show_results)
        if self.table is not None:
            self.stack.removeWidget(self.table)
            self.table.deleteLater()
        self.table = table
        self.stack.addWidget(table)
        self.stack.setCurrentWidget(table)
        self.last = (game, list(seats), dict(options))
        self.rematch_action.setEnabled(True)
        info = game.info
        self.setWindowTitle(f"Tabletop — {info.title} ({info.title_en}) · seed {session.seed}")
        table.start()
        return table

    def show_results(self) -> None:
        """The results screen for the match that just ended."""
        table = self.table
        if table is None:
            return
        result = table.session.result()
        if result is None:
            return
        dialog = ResultsDialog(
            table.session.game.info.title_en, result, table.session.state.names, self
        )
        dialog.rematch.connect(self.rematch)
        dialog.newGame.connect(lambda: self.new_game(table.session.game.info.id))
        self.results = dialog
        dialog.open()


def _seats_for(game: Game, seats: Sequence[str] | None, settings: QSettings) -> list[SeatSpec]:
    if seats:
        return parse_seats(game.info.id, seats)
    return list(load_choices(settings, game.info, default_bot(game.info.id))["seats"])


def _autoplay(table: TableWidget, moves: int) -> None:
    """Play `moves` actions, each chosen by a computer player (a stand-in for people)."""
    session = table.session
    game_id = session.game.info.id
    stand_in = {i: make_bot(game_id, default_bot(game_id), 7919 + i) for i in session.humans}
    for _ in range(moves):
        acting = sorted(session.to_act())
        if not acting:
            break
        seat = acting[0]
        view = session.view(seat)
        bot = session.bots.get(seat) or stand_in[seat]
        table.attempt(seat, bot.choose(view))
    if table.scene.covered:
        table.reveal()


def launch(
    game: str | None,
    seats: list[str] | None,
    seed: int | None,
    options: dict[str, str],
    screenshot: str | None,
    moves: int,
) -> int:
    """Open the app (at the table if a game is given); with `screenshot`, save a PNG and exit."""
    if screenshot and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName("Tabletop")
    app.setApplicationName("Tabletop")
    use_japanese_fallback(app)
    settings = QSettings()
    window = MainWindow(settings)
    if game is None:
        window.resize(1100, 760)
        window.show()
        return app.exec() if not screenshot else int(not window.grab().save(screenshot))
    try:
        chosen = get_game(game)
        specs = _seats_for(chosen, seats, settings)
        if screenshot:
            window.resize(*SCREENSHOT_SIZE)
            window.show()
            app.processEvents()
        tempo = INSTANT if screenshot else None
        table = window.start_match(chosen, specs, seed, options, tempo, not screenshot)
    except TabletopError as err:
        print(f"tabletop: {err}", file=sys.stderr)
        return 2
    if screenshot:
        app.processEvents()
        _autoplay(table, moves)
        if window.results is not None:
            window.results.close()
        app.processEvents()
        ok = window.grab().save(screenshot)
        return 0 if ok else 1
    window.resize(1280, 820)
    window.show()
    return app.exec()
