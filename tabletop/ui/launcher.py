"""The launcher: every registered game with titles, players, designer, summary and full rules;
unfinished matches to resume; the history of finished matches.

The launcher holds no commands of its own: the window declares them (`MainWindow.commands`)
and `add_action` puts each on its panel as a button. Double-clicking an entry runs its panel's
default command.

Drawn at start-up, so nothing here touches the `Qt` namespace (see docs/ui.md, "Start-up"):
each list's rows are kept in Python beside it, not as item data.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.info import GameInfo
from tabletop.engine.registry import all_infos
from tabletop.help import rules_markdown
from tabletop.i18n import _, current, render, render_value
from tabletop.seats import computer_label, seats_from
from tabletop.store import HistoryEntry, SaveInfo
from tabletop.ui.texts import and_list, shown_name, shown_names
from tabletop.ui.texts import game_title as title_of

if TYPE_CHECKING:
    from tabletop.ui.statistics import StatisticsPage

GAMES, SAVES, HISTORY = "games", "saves", "history"
"""The launcher's panels, where commands' buttons go."""
BUTTONS_PER_LINE = 4
"""A panel's buttons wrap onto a new line after this many: six in one line widened the
launcher past 1024 px in Japanese."""

MAX_SAVE_ROWS = 4
"""Unfinished matches shown without scrolling."""

T = TypeVar("T")


def players_text(info: GameInfo) -> str:
    """ "3–5 players" or "2 players"."""
    if info.min_players == info.max_players:
        return _("{count} players").replace("{count}", str(info.min_players))
    return (
        _("{low}–{high} players")
        .replace("{low}", str(info.min_players))
        .replace("{high}", str(info.max_players))
    )


def describe(info: GameInfo) -> str:
    """The game's card in the launcher, as rich text."""
    english = "" if current() == "ja" else escape(info.title_en)
    designed = _("designed by {designer}").replace(
        "{designer}", escape(render_value(info.designer))
    )
    return (
        f"<h1 style='margin-bottom:0'>{escape(info.title)}</h1>"
        f"<h3 style='margin-top:2px;color:#555'>{english}</h3>"
        f"<p><b>{players_text(info)}</b> · {designed}</p>"
        f"<p>{escape(render(info.summary))}</p>"
    )


def game_title(games: dict[str, GameInfo], game_id: str) -> str:
    """The Japanese title with the English one in brackets, or the id of a game no longer
    registered."""
    info = games.get(game_id)
    return title_of(info) if info is not None else game_id


def _tree(headers: Sequence[str]) -> QTreeWidget:
    tree = QTreeWidget()
    tree.setHeaderLabels(list(headers))
    tree.setRootIsDecorated(False)
    tree.setUniformRowHeights(True)
    tree.setAlternatingRowColors(True)
    tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    return tree


def _row_of(tree: QTreeWidget, rows: Sequence[T]) -> T | None:
    """What the highlighted row of `tree` lists (`rows` in the tree's order)."""
    item = tree.currentItem()
    return None if item is None else rows[tree.indexOfTopLevelItem(item)]


class Launcher(QWidget):
    """Pick a game, read about it, start a match; resume one; look back at finished ones."""

    def __init__(self) -> None:
        super().__init__()
        self.games = {info.id: info for info in all_infos(current())}
        """The listed games, in the list's order."""
        self.rows: dict[str, QHBoxLayout] = {}
        """Each panel's line of buttons that the next command's button goes on."""
        self.lines: dict[str, QVBoxLayout] = {}
        self.buttons: dict[str, list[tuple[QPushButton, QAction]]] = {}
        self.defaults: dict[str, QAction] = {}

        self.list = QListWidget()
        self.list.setMinimumWidth(260)
        for info in self.games.values():
            english = "" if current() == "ja" else f"{info.title_en} · "
            self.list.addItem(QListWidgetItem(f"{info.title}\n{english}{players_text(info)}"))
        self.about = QLabel()  # rich text (`describe`), recognised by its leading tag
        self.about.setWordWrap(True)
        self.rules = QTextBrowser()
        self.rules.setOpenExternalLinks(True)
        right = QVBoxLayout()
        right.addWidget(self.about)
        right.addWidget(QLabel(f"<b>{_('Rules', ctx='heading')}</b>"))
        right.addWidget(self.rules, 1)
        right.addLayout(self._row(GAMES))
        games_page = QWidget()
        games_layout = QHBoxLayout(games_page)
        games_layout.addWidget(self.list)
        games_layout.addLayout(right, 1)

        self.history = _tree([_("Date"), _("Game", ctx="column"), _("Players"), _("Winner")])
        empty = _(
            "No finished matches yet. Every match played to the end is listed here, to "
            "replay on the table or to print its score sheet."
        )
        self.history_empty = QLabel(f"<div align='center'>{escape(empty)}</div>")
        self.history_empty.setWordWrap(True)
        self.history_empty.hide()
        history_page = QWidget()
        history_layout = QVBoxLayout(history_page)
        history_layout.addWidget(self.history, 1)
        history_layout.addWidget(self.history_empty, 1)
        history_layout.addLayout(self._row(HISTORY))

        self.tabs = QTabWidget()
        self.tabs.addTab(games_page, _("Games"))
        self.tabs.addTab(history_page, _("History"))
        self.entries: Sequence[HistoryEntry] = ()
        self.history_rows: list[HistoryEntry] = []
        """The finished matches in the History list's order (newest first)."""
        self._statistics: StatisticsPage | None = None
        self.statistics_tab = QWidget()
        QVBoxLayout(self.statistics_tab).setContentsMargins(0, 0, 0, 0)
        self.tabs.addTab(self.statistics_tab, _("Statistics"))
        self.tabs.currentChanged.connect(self._tab_shown)

        self.saves = _tree([_("Saved"), _("Game", ctx="column"), _("Players"), _("Moves")])
        self.save_rows: Sequence[SaveInfo] = ()
        """The unfinished matches in the list's order."""
        self.saves_box = QGroupBox()
        saves_layout = QVBoxLayout(self.saves_box)
        saves_layout.addWidget(self.saves)
        saves_layout.addLayout(self._row(SAVES))
        self.saves_box.hide()

        layout = QVBoxLayout(self)
        layout.addWidget(self.saves_box)
        layout.addWidget(self.tabs, 1)
        self.list.currentItemChanged.connect(self._show)
        self.list.itemDoubleClicked.connect(lambda *_: self._run_default(GAMES))
        self.saves.itemDoubleClicked.connect(lambda *_: self._run_default(SAVES))
        self.history.itemDoubleClicked.connect(lambda *_: self._run_default(HISTORY))
        self.history.currentItemChanged.connect(lambda *_: self._enable(HISTORY))

    def _row(self, place: str) -> QVBoxLayout:
        lines = QVBoxLayout()
        self.lines[place] = lines
        self._new_line(place)
        return lines

    def _new_line(self, place: str) -> None:
        row = QHBoxLayout()
        row.addStretch(1)
        self.lines[place].addLayout(row)
        self.rows[place] = row

    def add_action(self, place: str, action: QAction, default: bool = False) -> QPushButton:
        """Show a command as a button on a panel (GAMES, SAVES or HISTORY)."""
        button = QPushButton(action.text())
        button.setToolTip(action.toolTip())
        button.clicked.connect(action.trigger)
        self.buttons.setdefault(place, []).append((button, action))
        action.changed.connect(lambda: self._enable(place))
        if default:
            self.defaults[place] = action
            button.setDefault(place == GAMES)
        if self.rows[place].count() > BUTTONS_PER_LINE:  # the stretch and a full line
            self._new_line(place)
        self.rows[place].addWidget(button)
        self._enable(place)
        return button

    def _enable(self, place: str) -> None:
        """A panel's buttons are on when their command is, and on the History panel only while
        a finished match is highlighted (each acts on it)."""
        chosen = place != HISTORY or self.current_history() is not None
        for button, action in self.buttons.get(place, []):
            button.setEnabled(chosen and action.isEnabled())

    def _run_default(self, place: str) -> None:
        action = self.defaults.get(place)
        if action is not None and action.isEnabled():
            action.trigger()

    # ---- games --------------------------------------------------------------------------
    def select(self, game_id: str | None) -> None:
        """Highlight a game (the first if `game_id` is unknown)."""
        ids = list(self.games)
        if game_id in ids:
            self.list.setCurrentRow(ids.index(game_id))
        elif ids:
            self.list.setCurrentRow(0)

    def current(self) -> str | None:
        """The id of the highlighted game."""
        row = self.list.currentRow()
        return list(self.games)[row] if row >= 0 else None

    def _show(self) -> None:
        game_id = self.current()
        if game_id is None:
            return
        self.about.setText(describe(self.games[game_id]))
        self.rules.setMarkdown(rules_markdown(game_id))

    # ---- unfinished matches -------------------------------------------------------------
    def show_saves(self, saves: Sequence[SaveInfo]) -> None:
        """List the unfinished matches (the panel hides when there are none)."""
        self.saves.clear()
        self.save_rows = saves
        for save in saves:
            people = _(", ", ctx="list separator").join(
                render(computer_label(shown_name(s.name), save.game, s.bot))
                if s.bot is not None
                else shown_name(s.name)
                for s in seats_from(save.names, save.bots)
            )
            self.saves.addTopLevelItem(
                QTreeWidgetItem(
                    [save.saved, game_title(self.games, save.game), people, str(save.actions)]
                )
            )
        for col in range(4):
            self.saves.resizeColumnToContents(col)
        first = self.saves.topLevelItem(0)
        if first is not None:
            self.saves.setCurrentItem(first)
        if saves:
            rows = min(len(saves), MAX_SAVE_ROWS) * max(self.saves.sizeHintForRow(0), 16)
            frame = 2 * self.saves.frameWidth() + 2
            self.saves.setFixedHeight(self.saves.header().sizeHint().height() + rows + frame)
        self.saves_box.setTitle(
            _("Unfinished match — pick up where you left off")
            if len(saves) == 1
            else _("{count} unfinished matches — pick up where you left off").replace(
                "{count}", str(len(saves))
            )
        )
        self.saves_box.setVisible(bool(saves))

    def current_save(self) -> SaveInfo | None:
        """The highlighted unfinished match."""
        return _row_of(self.saves, self.save_rows)

    @property
    def statistics(self) -> StatisticsPage:
        """The Statistics tab's page, made when first wanted: the launcher is drawn at start-up
        without it."""
        if self._statistics is None:
            from tabletop.ui.statistics import StatisticsPage

            page = StatisticsPage()
            page.set_entries(self.entries)
            layout = self.statistics_tab.layout()
            assert layout is not None
            layout.addWidget(page)
            self._statistics = page
        return self._statistics

    def _tab_shown(self, index: int) -> None:
        if self.tabs.widget(index) is self.statistics_tab:
            self.statistics.show()

    # ---- history ------------------------------------------------------------------------
    def show_history(self, entries: Sequence[HistoryEntry]) -> None:
        """List finished matches, newest first."""
        self.history.clear()
        self.entries = entries
        self.history_rows = list(reversed(entries))
        if self._statistics is not None:
            self._statistics.set_entries(entries)
        for entry in self.history_rows:
            item = QTreeWidgetItem(
                [
                    entry.date,
                    game_title(self.games, entry.game),
                    _(", ", ctx="list separator").join(shown_names(entry.names)),
                    and_list(shown_names(entry.winners)),
                ]
            )
            self.history.addTopLevelItem(item)
        for col in range(4):
            self.history.resizeColumnToContents(col)
        newest = self.history.topLevelItem(0)
        if entries and newest is not None:
            self.history.setCurrentItem(newest)
        self.history.setVisible(bool(entries))
        self.history_empty.setVisible(not entries)
        self._enable(HISTORY)
        self.tabs.setTabText(
            1,
            _("History ({count})").replace("{count}", str(len(entries)))
            if entries
            else _("History"),
        )

    def current_history(self) -> HistoryEntry | None:
        """The highlighted finished match."""
        return _row_of(self.history, self.history_rows)
