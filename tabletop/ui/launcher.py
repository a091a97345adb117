"""The launcher: every registered game with titles, players, designer, summary and full rules."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.game import GameInfo
from tabletop.engine.registry import all_games
from tabletop.help import rules_markdown


def players_text(info: GameInfo) -> str:
    """ "3–5 players" or "2 players"."""
    if info.min_players == info.max_players:
        return f"{info.min_players} players"
    return f"{info.min_players}–{info.max_players} players"


def describe(info: GameInfo) -> str:
    """The game's card in the launcher, as rich text."""
    return (
        f"<h1 style='margin-bottom:0'>{escape(info.title)}</h1>"
        f"<h3 style='margin-top:2px;color:#555'>{escape(info.title_en)}</h3>"
        f"<p><b>{players_text(info)}</b> · designed by {escape(info.designer)}</p>"
        f"<p>{escape(info.summary)}</p>"
    )


class Launcher(QWidget):
    """Pick a game, read about it, start a new match."""

    newGameRequested = Signal(str)
    """The player wants to set up a match of this game id."""

    def __init__(self) -> None:
        super().__init__()
        self.games = {g.info.id: g.info for g in all_games()}
        self.list = QListWidget()
        self.list.setMinimumWidth(260)
        for info in self.games.values():
            item = QListWidgetItem(f"{info.title}\n{info.title_en} · {players_text(info)}")
            item.setData(Qt.ItemDataRole.UserRole, info.id)
            self.list.addItem(item)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.RichText)
        self.rules = QTextBrowser()
        self.rules.setOpenExternalLinks(True)
        self.start = QPushButton("New game…")
        self.start.setDefault(True)
        right = QVBoxLayout()
        right.addWidget(self.about)
        right.addWidget(QLabel("<b>Rules</b>"))
        right.addWidget(self.rules, 1)
        right.addWidget(self.start, 0, Qt.AlignmentFlag.AlignRight)
        layout = QHBoxLayout(self)
        layout.addWidget(self.list)
        layout.addLayout(right, 1)
        self.list.currentItemChanged.connect(self._show)
        self.list.itemDoubleClicked.connect(self._request)
        self.start.clicked.connect(self._request)

    def select(self, game_id: str | None) -> None:
        """Highlight a game (the first if `game_id` is unknown)."""
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == game_id:
                self.list.setCurrentRow(row)
                return
        if self.list.count():
            self.list.setCurrentRow(0)

    def current(self) -> str | None:
        """The id of the highlighted game."""
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def _show(self) -> None:
        game_id = self.current()
        if game_id is None:
            return
        self.about.setText(describe(self.games[game_id]))
        self.rules.setMarkdown(rules_markdown(game_id))

    def _request(self) -> None:
        game_id = self.current()
        if game_id is not None:
            self.newGameRequested.emit(game_id)
