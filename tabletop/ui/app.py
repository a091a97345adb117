"""The application window (launcher, table, replay viewer) and `launch`, which the `tabletop`
command calls.

Every match played at the table is autosaved after each action through the window's `Store`
(the session's recorder); the launcher offers unfinished matches to resume and lists finished
ones for their score sheet or a replay. Launcher commands are declared in one place,
`MainWindow.commands`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QMenuBar,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

import tabletop
from tabletop.engine.errors import TabletopError
from tabletop.engine.registry import get_game, has_lesson
from tabletop.engine.text import Msg
from tabletop.fonts import use_japanese_fallback
from tabletop.help import rules_markdown
from tabletop.i18n import _, available, current, error_text, render, set_language
from tabletop.net.addresses import LanConfig
from tabletop.store import DamagedSave, Store
from tabletop.ui.firstframe import FIRST_FRAME_ENV, watch_first_frame
from tabletop.ui.launcher import GAMES, HISTORY, SAVES, Launcher
from tabletop.ui.learn.reference import reference_shown
from tabletop.ui.reader import Pages
from tabletop.ui.sound import Sounds, system_player
from tabletop.ui.table.display import display, view_actions
from tabletop.ui.table.tempo import TEMPOS, Tempo
from tabletop.ui.texts import game_title, install_qt_translation, names_for, shown_names

if TYPE_CHECKING:
    # Loaded when first used, not at start-up: the launcher is drawn without them.
    from tabletop.engine.game import Game
    from tabletop.net.discovery import Announcer
    from tabletop.net.host import Host
    from tabletop.seats import SeatSpec
    from tabletop.sheets.model import SheetModel
    from tabletop.store import HistoryEntry
    from tabletop.ui.dialogs.printing import BlankSheetDialog, SheetPreview
    from tabletop.ui.dialogs.results import ResultsDialog
    from tabletop.ui.lan.joindialog import JoinDialog
    from tabletop.ui.lan.lobby import HostLobby
    from tabletop.ui.lan.netsession import ClientSession, HostSession, NetBar
    from tabletop.ui.replay import ReplayWidget
    from tabletop.ui.table.session import Session, TableSession
    from tabletop.ui.table.table import TableWidget

SCREENSHOT_SIZE = (1280, 800)
"""Window size used for `--screenshot`."""

LANGUAGE_KEY = "language"
"""QSettings key remembering the language chosen in Settings › Language."""

LANGUAGES = {"ja": "日本語", "en": "English"}
"""The languages offered in Settings › Language, each named in itself."""

ICON_DIRS = tabletop.asset_dirs("icons")
"""Where the app icon's sizes are looked for: inside the package, then the repository."""


def app_icon() -> QIcon:
    """The app's icon at every drawn size (empty if the art is missing)."""
    icon = QIcon()
    for folder in ICON_DIRS:
        for path in sorted(folder.glob("tabletop-*.png")):
            icon.addFile(str(path))
        if not icon.isNull():
            break
    return icon


def remembered_language(settings: QSettings | None = None) -> None:
    """Use the language chosen in Settings › Language, if one was (else leave it as it is).

    `tabletop` calls this unless `--lang` or TABLETOP_LANG chose the language.
    """
    settings = settings or QSettings("Tabletop", "Tabletop")
    stored = str(settings.value(LANGUAGE_KEY, ""))
    if stored in available():
        set_language(stored)


def tempo_label(name: str) -> str:
    """An animation speed's name in the current language."""
    labels = {
        "Off": _("Off", ctx="speed"),
        "Fast": _("Fast", ctx="speed"),
        "Normal": _("Normal", ctx="speed"),
        "Slow": _("Slow", ctx="speed"),
    }
    return labels.get(name, name)


def apply_language(lang: str) -> None:
    """Make `lang` the language of the app's texts and of Qt's own dialogs."""
    set_language(lang)
    app = QApplication.instance()
    if app is not None:
        install_qt_translation(app, lang)


def rules_dialog(game: Game[Any], parent: QWidget | None) -> QDialog:
    """A window with a game's full rules."""
    from PySide6.QtCore import Qt  # not at the top: see docs/ui.md, "Start-up"

    dialog = QDialog(parent)
    dialog.setWindowTitle(render(Msg("Rules — {game}", game=game_title(game.info))))
    browser = QTextBrowser()
    browser.setMarkdown(rules_markdown(game.info.id))
    close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    close.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(close)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.resize(640, 720)
    return dialog


def confirm(parent: QWidget | None, title: str, text: str) -> bool:
    """Ask a yes/no question; True for yes."""
    answer = QMessageBox.question(
        parent,
        title,
        text,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


@dataclass(frozen=True, slots=True)
class Command:
    """A launcher command: a button on one panel (and maybe a Game menu entry) that runs it."""

    key: str
    text: str
    place: str
    run: Callable[[], object]
    tip: str = ""
    default: bool = False
    menu: bool = False
    shortcut: QKeySequence.StandardKey | None = None


class MainWindow(QMainWindow):
    """The launcher and, once a match starts, the table (or a replay of a finished match).

    With a `store`, every match is autosaved and the launcher lists unfinished and finished
    matches; without one (tests, screenshots) nothing is written.
    """

    def __init__(self, settings: QSettings, store: Store | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.store = store
        self.setWindowTitle("Tabletop")
        self.launcher = Launcher()
        self.stack = Pages()
        self.stack.addWidget(self.launcher)
        self.setCentralWidget(self.stack)
        self.table: TableWidget | None = None
        self.replay: ReplayWidget | None = None
        self.replay_sheet: SheetModel | None = None
        self.results: ResultsDialog | None = None
        self.preview: SheetPreview | None = None
        self.sheet_setup: BlankSheetDialog | None = None
        self.notice: QMessageBox | None = None
        self.last: tuple[Game[Any], list[SeatSpec], dict[str, Any]] | None = None
        self.lan = LanConfig()
        self.lobby: HostLobby | None = None
        self.join_dialog: JoinDialog | None = None
        self.net: HostSession | ClientSession | None = None
        self.net_bar: NetBar | None = None
        name = str(settings.value("tempo", "Normal"))
        self.tempo = TEMPOS.get(name, TEMPOS["Normal"])
        self.command_actions: dict[str, QAction] = {}
        self.sounds = Sounds(settings, system_player())
        display().load(settings)
        self._menus(name)
        self.launcher.select(str(settings.value("lastGame", "")))
        self.refresh_launcher()

    def commands(self) -> list[Command]:
        """Everything the launcher offers, panel by panel: the one place to add a command."""
        return [
            Command(
                "new",
                _("&New game…"),
                GAMES,
                lambda: self.new_game(self._current_id()),
                _("Choose the seats and options, then sit down"),
                default=True,
                menu=True,
                shortcut=QKeySequence.StandardKey.New,
            ),
            Command(
                "learn",
                _("&Learn to play"),
                GAMES,
                self.open_lesson,
                _("A guided first deal: a coach at the table explains each move and rule"),
                menu=True,
            ),
            Command(
                "host",
                _("&Host a game…"),
                GAMES,
                lambda: self.host_game(self._current_id()),
                _("Open a table on your network: open seats, people here and computer players"),
                menu=True,
            ),
            Command(
                "join",
                _("&Join a game…"),
                GAMES,
                self.join_game,
                _("Sit down at a table hosted on your network"),
                menu=True,
            ),
            Command(
                "print",
                _("&Print score sheet…"),
                GAMES,
                self.print_sheet,
                _("A blank score sheet of this game (at the table: the match's filled sheet)"),
                menu=True,
                shortcut=QKeySequence.StandardKey.Print,
            ),
            Command(
                "pdf",
                _("Save score sheet as P&DF…"),
                GAMES,
                self.save_sheet,
                _("The same score sheet as a PDF file on A4 or Letter paper"),
                menu=True,
            ),
            Command("resume", _("&Resume"), SAVES, self.resume_selected, default=True),
            Command("discard", _("&Discard…"), SAVES, self.discard_selected),
            Command("discard-all", _("Discard &all…"), SAVES, self.discard_all),
            Command(
                "replay",
                _("&Replay on the table"),
                HISTORY,
                self.replay_selected,
                _("Step through the match move by move"),
                default=True,
            ),
            Command("history-print", _("Print score &sheet…"), HISTORY, self.print_history_sheet),
            Command("history-pdf", _("Save score sheet as PDF…"), HISTORY, self.save_history_sheet),
        ]

    def _menus(self, tempo_name: str, scores: bool = True) -> None:
        """Build the menu bar (a new one: the old one and its actions go with it)."""
        bar = QMenuBar(self)
        self.setMenuBar(bar)
        game_menu = bar.addMenu(_("&Game", ctx="menu"))
        for command in self.commands():
            action = QAction(command.text, bar)
            action.setToolTip(command.tip or command.text.replace("&", ""))
            if command.shortcut is not None:
                # setShortcuts: setShortcut's overloads load the Qt namespace (docs/ui.md)
                action.setShortcuts([QKeySequence(command.shortcut)])
            action.triggered.connect(command.run)
            self.command_actions[command.key] = action
            self.launcher.add_action(command.place, action, command.default)
            if command.menu:
                game_menu.addAction(action)
        game_menu.addSeparator()
        self.rematch_action = QAction(_("&Rematch"), bar, enabled=False)
        self.rematch_action.triggered.connect(self.rematch)
        back = QAction(_("&All games"), bar)
        back.triggered.connect(self.show_launcher)
        quit_ = QAction(_("&Quit"), bar)
        quit_.setShortcuts([QKeySequence(QKeySequence.StandardKey.Quit)])
        quit_.triggered.connect(self.close)
        self.suggest_action = QAction(_("&Suggest a move"), bar)
        self.suggest_action.setShortcuts([QKeySequence("H")])
        self.suggest_action.triggered.connect(self.suggest_move)
        for action in (self.suggest_action, self.rematch_action, back, quit_):
            game_menu.addAction(action)
        edit_menu = bar.addMenu(_("&Edit", ctx="menu"))
        self.undo_action = QAction(_("&Undo my last move"), bar, enabled=False)
        self.undo_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Undo)])
        self.undo_action.setToolTip(
            _("Take back your last move and the computers' replies since (against computers)")
        )
        self.undo_action.triggered.connect(self.take_back)
        edit_menu.addAction(self.undo_action)
        edit_menu.aboutToShow.connect(self.update_undo)
        view_menu = bar.addMenu(_("&View", ctx="menu"))
        speed = view_menu.addMenu(_("Animation &speed"))
        group = QActionGroup(bar)
        for name in TEMPOS:
            action = QAction(tempo_label(name), bar, checkable=True, checked=name == tempo_name)
            action.triggered.connect(lambda _=False, n=name: self.set_tempo(n))
            group.addAction(action)
            speed.addAction(action)
        self.scores_action = QAction(_("Score &panel"), bar, checkable=True, checked=scores)
        self.scores_action.toggled.connect(self._toggle_scores)
        view_menu.addAction(self.scores_action)
        self.reference_action = QAction(
            _("&Quick reference"), bar, checkable=True, checked=reference_shown(self.settings)
        )
        self.reference_action.toggled.connect(self._toggle_reference)
        view_menu.addAction(self.reference_action)
        view_actions(view_menu, bar)
        settings_menu = bar.addMenu(_("&Settings", ctx="menu"))
        language_menu = settings_menu.addMenu(_("&Language"))
        languages = QActionGroup(bar)
        for lang, name in LANGUAGES.items():
            if lang not in available():
                continue
            action = QAction(name, bar, checkable=True, checked=lang == current())
            action.setData(lang)
            action.triggered.connect(lambda _=False, code=lang: self.switch_language(code))
            languages.addAction(action)
            language_menu.addAction(action)
        self.language_actions = languages
        self.sounds.menu(settings_menu)
        help_menu = bar.addMenu(_("&Help", ctx="menu"))
        rules = QAction(_("&Rules of this game"), bar)
        rules.setShortcuts([QKeySequence(QKeySequence.StandardKey.HelpContents)])
        rules.triggered.connect(self.show_rules)
        help_menu.addAction(rules)
        self.learn_action = QAction(_("&Learn to play this game"), bar)
        self.learn_action.triggered.connect(self.open_lesson)
        help_menu.addAction(self.learn_action)
        # the menus are built once per launcher (at start and on a language switch)
        self.launcher.list.currentItemChanged.connect(lambda *_: self.update_learn())
        self.update_learn()
        keyboard = QAction(_("&Keyboard"), self)
        keyboard.triggered.connect(self.show_keys)
        help_menu.addAction(keyboard)

    def open_lesson(self) -> None:
        """Sit down at the guided first deal of the game in front or highlighted."""
        from tabletop.ui.learn.learn import open_lesson

        open_lesson(self, self._current_id())

    def show_keys(self) -> None:
        """Open the list of keyboard keys."""
        from tabletop.ui.table.keys import keys_dialog

        keys_dialog(self).show()

    def suggest_move(self) -> bool:
        """Ask for a suggested move for the person served at the table in front (if allowed)."""
        table = self.table
        return table is not None and self.stack.currentWidget() is table and table.suggest.request()

    def switch_language(self, lang: str) -> None:
        """Show the app in `lang` from now on (remembered); a match at the table goes on.

        The menus and the launcher are built again in the new language; the table (or the
        replay) in front is rebuilt around the same session, so nothing of the match is lost.
        """
        self.settings.setValue(LANGUAGE_KEY, lang)
        if lang == current():
            return
        apply_language(lang)
        for dialog in (self.results, self.preview, self.sheet_setup, self.notice):
            if dialog is not None:
                dialog.close()
        front = self.stack.currentWidget()
        game_id = self.launcher.current()
        old = self.launcher
        self.launcher = Launcher()
        self.stack.insertWidget(0, self.launcher)
        self.stack.removeWidget(old)
        old.setParent(None)
        old.deleteLater()
        self.command_actions.clear()
        tempo = next((k for k, v in TEMPOS.items() if v == self.tempo), "Normal")
        self._menus(tempo, self.scores_action.isChecked())
        self.rematch_action.setEnabled(self.last is not None)
        self.update_undo()
        self.launcher.select(game_id)
        self.refresh_launcher()
        if self.table is not None and front is self.table:
            from tabletop.ui.table.session import Session

            table = self.table
            if isinstance(table.session, Session):
                self._sit(table.session, table.tempo, table.bots_enabled)
            elif self.net is not None and self.net is table.session:
                self._sit_net(self.net)
        elif self.replay is not None and front is self.replay:
            self._reopen_replay()
        else:
            self.stack.setCurrentWidget(self.launcher)
            self.setWindowTitle("Tabletop")

    def _reopen_replay(self) -> None:
        from tabletop.ui.replay import ReplayWidget

        replay, sheet = self.replay, self.replay_sheet
        assert replay is not None and sheet is not None
        widget = ReplayWidget(replay.stepper, self.tempo.move_ms, curve=sheet.curve)
        widget.reveal.setChecked(replay.reveal.isChecked())
        widget.go(replay.k)
        self._show_replay(widget, sheet)

    def update_learn(self) -> None:
        """Offer "Learn to play" only for a game that has a guided deal."""
        game_id = self._current_id()
        offered = game_id is not None and has_lesson(game_id)
        self.command_actions["learn"].setEnabled(offered)
        self.learn_action.setEnabled(offered)

    def _current_id(self) -> str | None:
        front = self.stack.currentWidget()
        if self.table is not None and front is self.table:
            return self.table.session.game.info.id
        if self.replay is not None and front is self.replay:
            return self.replay.stepper.game.info.id
        return self.launcher.current()

    def set_tempo(self, name: str) -> None:
        """Choose an animation speed (remembered)."""
        self.tempo = TEMPOS[name]
        self.settings.setValue("tempo", name)
        if self.table is not None:
            self.table.set_tempo(self.tempo)
        if self.replay is not None:
            self.replay.move_ms = self.tempo.move_ms

    def _toggle_scores(self, on: bool) -> None:
        if self.table is not None:
            self.table.scores.setVisible(on)

    def _toggle_reference(self, on: bool) -> None:
        from tabletop.ui.learn.reference import SETTING, ReferencePanel

        self.settings.setValue(SETTING, "true" if on else "false")
        if self.table is not None:
            panel = self.table.findChild(ReferencePanel)
            if panel is not None:
                panel.setVisible(on)
                self.table.fit_panels()

    def show_rules(self) -> None:
        """Open the rules of the game at the table (or highlighted in the launcher)."""
        game_id = self._current_id()
        if game_id is not None:
            rules_dialog(get_game(game_id), self).show()

    def show_launcher(self) -> None:
        """Back to the launcher; a match left unfinished waits there to be resumed.

        Leaving an unfinished hosted LAN table closes it for everyone, once the host agrees.
        """
        if self.net is not None and not self.net.over:
            from tabletop.ui.lan.netsession import HostSession

            question = _("Leaving closes this table for every player at it. Leave anyway?")
            hosted = isinstance(self.net, HostSession)
            if hosted and not confirm(self, _("Close the table"), question):
                return
        if self.table is not None:
            self.table.halt()
        self._close_net()
        self._close_replay()
        self.stack.setCurrentWidget(self.launcher)
        self.setWindowTitle("Tabletop")
        self.refresh_launcher()
        self.update_undo()
        self.update_learn()

    def refresh_launcher(self) -> None:
        """List the unfinished and finished matches; report any save that had to be set aside."""
        if self.store is None:
            self.launcher.show_saves([])
            self.launcher.show_history([])
            return
        saves, damaged = self.store.unfinished()
        self.launcher.show_saves(saves)
        self.launcher.show_history(self.store.history())
        if damaged:
            self.report_damaged(damaged)

    def tell(self, title: str, text: str, details: str = "") -> QMessageBox:
        """A warning in a window that does not block (kept as `notice`)."""
        box = QMessageBox(
            QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self
        )
        if details:
            box.setInformativeText(details)
        self.notice = box
        box.open()
        return box

    def report_damaged(self, damaged: Sequence[DamagedSave]) -> None:
        """Say which saves could not be read, why, and where they were moved."""
        one = len(damaged) == 1
        self.tell(
            _("Damaged save"),
            _("A saved match could not be read.")
            if one
            else render(Msg("{count} saved matches could not be read.", count=len(damaged))),
            "\n\n".join(
                render(
                    Msg(
                        "{name}: {reason}.\nIt was kept aside as {path}.",
                        name=d.name,
                        reason=d.reason,
                        path=str(d.path),
                    )
                )
                for d in damaged
            ),
        )

    # ---- starting, resuming -------------------------------------------------------------
    def new_game(self, game_id: str | None) -> None:
        """Ask for seats, options and seed, then sit down."""
        if game_id is None:
            return
        from tabletop.ui.dialogs.newgame import NewGameDialog

        game = get_game(game_id)
        dialog = NewGameDialog(game.info, self.settings, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.settings.setValue("lastGame", game_id)
        seed = dialog.seed_value()
        self.start_match(game, dialog.seats(), seed, dialog.options())

    def rematch(self) -> None:
        """The same seats and options again, with a new seed (asks first during a match)."""
        if self.last is None:
            return
        table = self.table
        playing = table is not None and self.stack.currentWidget() is table
        if playing and table is not None and not table.session.over:
            question = _(
                "Leave this match and start a rematch? "
                "The match stays among the unfinished matches."
            )
            if not confirm(self, _("Rematch"), question):
                return
        game, seats, options = self.last
        self.start_match(game, seats, None, options)

    def start_match(
        self,
        game: Game[Any],
        seats: Sequence[SeatSpec],
        seed: int | None,
        options: Mapping[str, Any],
        tempo: Tempo | None = None,
        autoplay: bool = True,
    ) -> TableWidget:
        """Set up a match (autosaved if the window has a store) and show its table;
        `autoplay` lets computer players move by themselves."""
        from tabletop.autosave import start
        from tabletop.engine.rng import fresh_seed
        from tabletop.ui.table.session import Session

        session = Session(game, seats, fresh_seed() if seed is None else seed, options)
        if self.store is not None:
            try:
                session.recorder = start(self.store, game, session.state, [s.bot for s in seats])
            except OSError as err:
                text = render(Msg("This match is not saved: {reason}.", reason=str(err.strerror)))
                self.statusBar().showMessage(text, 10000)
        return self._sit(session, tempo, autoplay)

    def resume(self, match_id: str, tempo: Tempo | None = None) -> TableWidget | None:
        """Reopen an unfinished match where it stopped, with the same seats; None if damaged."""
        from tabletop.autosave import resume

        if self.store is None:
            return None
        try:
            resumed = resume(self.store, match_id)
        except DamagedSave as err:
            self.refresh_launcher()
            self.report_damaged([err])
            return None
        from tabletop.seats import seats_from
        from tabletop.ui.table.session import Session

        seats = seats_from(resumed.state.names, resumed.bots)
        try:
            session = Session.resumed(
                resumed.game, seats, resumed.state, resumed.autosave, resumed.actions
            )
        except TabletopError as err:
            self.tell(_("Cannot resume"), _("This match cannot be resumed."), error_text(err))
            return None
        self.settings.setValue("lastGame", resumed.game.info.id)
        return self._sit(session, tempo, True)

    def _sit(self, session: TableSession, tempo: Tempo | None, autoplay: bool) -> TableWidget:
        from tabletop.ui.learn.learn import attach_coach, attach_reference
        from tabletop.ui.table.session import Session
        from tabletop.ui.table.table import TableWidget

        table = TableWidget(session, tempo or self.tempo)
        table.bots_enabled = autoplay
        table.scores.setVisible(self.scores_action.isChecked())
        attach_reference(table, self.settings)
        attach_coach(self, table)
        table.matchOver.connect(self.show_results)
        table.happened.connect(lambda events, seat: self.sounds.happened(events, seat, self))
        table.gamelog.moments.connect(self.sounds.moment)
        table.idleChanged.connect(lambda _idle: self.update_undo())
        self._close_replay()
        if self.table is not None:
            self.table.halt()
            self.stack.removeWidget(self.table)
            self.table.deleteLater()
        if self.net is not None and self.net is not session:
            self._close_net()
        self.table = table
        self.stack.addWidget(table)
        self.stack.setCurrentWidget(table)
        info = session.game.info
        if isinstance(session, Session):
            self.last = (session.game, list(session.seats), dict(session.options))
            self.setWindowTitle(f"Tabletop — {game_title(info)}")
        else:
            self.last = None
            self.setWindowTitle(f"Tabletop — {game_title(info)} · LAN")
        self.rematch_action.setEnabled(self.last is not None)
        table.start()
        self.update_undo()
        self.update_learn()
        return table

    def _local_table(self) -> tuple[TableWidget, Session] | None:
        """The table in front and its session, if it is a match played on this computer."""
        from tabletop.ui.table.session import Session

        table = self.table
        if table is None or self.stack.currentWidget() is not table:
            return None
        session = table.session
        return (table, session) if isinstance(session, Session) else None

    def update_undo(self) -> None:
        """Offer Edit › Undo only while one person plays computers and has a move to take back."""
        local = self._local_table()
        self.undo_action.setEnabled(local is not None and local[1].take_back_point() is not None)

    def take_back(self) -> TableWidget | None:
        """Take back the person's last move and the computers' replies since: the match is
        replayed from its log to before that move (the save follows). None if there is none."""
        local = self._local_table()
        if local is None or local[1].take_back_point() is None:
            self.update_undo()
            return None
        table, session = local
        try:
            earlier = session.taken_back()
        except TabletopError as err:
            self.tell(_("Cannot undo"), _("This move cannot be taken back."), error_text(err))
            return None
        return self._sit(earlier, table.tempo, table.bots_enabled)

    # ---- LAN play -----------------------------------------------------------------------
    def host_game(self, game_id: str | None = None) -> HostLobby:
        """Open the host lobby (kept as `lobby`); its Start sits down at the hosted table."""
        from tabletop.ui.lan.lobby import HostLobby

        lobby = HostLobby(self.settings, game_id, self.lan, self)
        lobby.accepted.connect(lambda: self.sit_host(*lobby.take()))
        self.lobby = lobby
        lobby.open()
        return lobby

    def join_game(self) -> JoinDialog:
        """Open the Join list (kept as `join_dialog`); joining sits down at that table."""
        from tabletop.ui.lan.joindialog import JoinDialog

        dialog = JoinDialog(self.settings, self.lan, self)
        dialog.accepted.connect(lambda: self.sit_client(dialog.take()))
        self.join_dialog = dialog
        dialog.open()
        return dialog

    def sit_host(self, host: Host, announcer: Announcer | None) -> TableWidget:
        """Sit at a started LAN table this computer hosts."""
        from tabletop.ui.lan.netsession import HostSession

        session = HostSession(host, announcer, self.lan.bind, self)
        host.message.connect(
            lambda text: self.statusBar().showMessage(
                render(Msg("Host: {message}", message=text)), 6000
            )
        )
        return self._sit_net(session)

    def sit_client(self, session: ClientSession) -> TableWidget:
        """Sit at another computer's LAN table, in the seat just joined."""
        session.setParent(self)
        return self._sit_net(session)

    def _sit_net(self, session: HostSession | ClientSession) -> TableWidget:
        self.net = session
        table = self._sit(session, None, True)
        session.updated.connect(table.feed)
        session.refused.connect(table.refuse)
        from tabletop.ui.lan.netsession import NetBar

        bar = NetBar(session)
        table_layout = table.layout()
        assert isinstance(table_layout, QVBoxLayout)
        table_layout.insertWidget(0, bar)
        self.net_bar = bar
        return table

    def _close_net(self) -> None:
        net, self.net, self.net_bar = self.net, None, None
        if net is not None:
            net.close()
            net.deleteLater()

    def resume_selected(self) -> None:
        """Resume the unfinished match highlighted in the launcher."""
        save = self.launcher.current_save()
        if save is not None:
            self.resume(save.id)

    def discard_selected(self) -> None:
        """Delete the highlighted unfinished match, once the person confirms."""
        save = self.launcher.current_save()
        if save is None or self.store is None:
            return
        info = self.launcher.games.get(save.game)
        question = render(
            Msg(
                "Discard the unfinished {game} match of {players} ({saved})? "
                "It cannot be resumed afterwards.",
                game=game_title(info) if info is not None else save.game,
                players=_(", ", ctx="list separator").join(shown_names(save.names)),
                saved=save.saved,
            )
        )
        if confirm(self, _("Discard match"), question):
            self.store.discard(save.id)
            self.refresh_launcher()

    def discard_all(self) -> None:
        """Delete every unfinished match, once the person confirms."""
        if self.store is None:
            return
        saves, _damaged = self.store.unfinished()
        if not saves:
            return
        question = render(
            Msg(
                "Discard all unfinished matches ({count})? They cannot be resumed afterwards.",
                count=len(saves),
            )
        )
        if confirm(self, _("Discard all matches"), question):
            for save in saves:
                self.store.discard(save.id)
            self.refresh_launcher()

    def show_results(self) -> None:
        """The results screen for the match that just ended."""
        from tabletop.net.fairness import persons
        from tabletop.sheets.model import filled_sheet
        from tabletop.ui.dialogs.results import ResultsDialog
        from tabletop.ui.lan.netsession import ClientSession, HostSession
        from tabletop.ui.table.session import Session

        table = self.table
        if table is None:
            return
        session = table.session
        result = session.result()
        if result is None:
            return
        names = (
            session.labels()
            if isinstance(session, Session)
            else names_for(session.names, table.shown)
        )
        dialog = ResultsDialog(game_title(session.game.info), result, names, self)
        dialog.rematch.connect(self.rematch)
        dialog.newGame.connect(lambda: self.new_game(session.game.info.id))
        lines = session.log()
        if lines is not None:
            sheet = filled_sheet(lines)
            dialog.printSheet.connect(lambda: self.preview_sheet(sheet, dialog))
            dialog.saveSheet.connect(lambda: self.save_sheet_pdf(sheet, dialog))
        else:
            dialog.print_button.hide()
            dialog.pdf_button.hide()
        if self.last is None:
            dialog.rematch_button.hide()
        if isinstance(session, ClientSession):
            dialog.track_fairness(session.commitment, session.verdict, session.verified)
        elif isinstance(session, HostSession):
            host = session.host
            dialog.show_host_fairness(persons(host.table), host.code(), host.record_code())
        self.results = dialog
        dialog.open()
        dialog.hold_buttons(table.scene.guard.quiet_for())

    # ---- score sheets -------------------------------------------------------------------
    def _sheet_in_front(self) -> SheetModel | None:
        """The filled sheet of the match at the table or in the replay viewer, if one is."""
        from tabletop.sheets.model import filled_sheet

        front = self.stack.currentWidget()
        if self.table is not None and front is self.table:
            lines = self.table.session.log()
            return filled_sheet(lines) if lines is not None else None
        if self.replay is not None and front is self.replay:
            return self.replay_sheet
        return None

    def print_sheet(self) -> None:
        """Preview and print a score sheet: the match's in front, else a blank one."""
        model = self._sheet_in_front()
        if model is not None:
            self.preview_sheet(model)
        else:
            self.blank_sheet(_("Preview…"), self.preview_sheet)

    def save_sheet(self) -> None:
        """Save a score sheet as PDF: the match's in front, else a blank one."""
        model = self._sheet_in_front()
        if model is not None:
            self.save_sheet_pdf(model)
        else:
            self.blank_sheet(_("Save as PDF…"), self.save_sheet_pdf)

    def blank_sheet(self, verb: str, then: Callable[[SheetModel], object]) -> None:
        """Ask for the player count and names of a blank sheet of the highlighted game."""
        from tabletop.ui.dialogs.newgame import load_choices
        from tabletop.ui.dialogs.printing import BlankSheetDialog

        game_id = self.launcher.current()
        if game_id is None:
            return
        info = get_game(game_id).info
        seats = load_choices(self.settings, info)["seats"]
        names = [s.name if s.human else "" for s in seats]
        dialog = BlankSheetDialog(info, names, verb, self)
        dialog.accepted.connect(lambda: then(dialog.model()))
        self.sheet_setup = dialog
        dialog.open()

    def preview_sheet(self, model: SheetModel, parent: QWidget | None = None) -> SheetPreview:
        """Open the print preview of a sheet (kept as `preview`)."""
        from tabletop.ui.dialogs.printing import SheetPreview, default_paper

        preview = SheetPreview(model, default_paper(self.settings), parent or self)
        self.preview = preview
        preview.open()
        return preview

    def save_sheet_pdf(self, model: SheetModel, parent: QWidget | None = None) -> Path | None:
        """Ask for a file and a paper, write the sheet as PDF; the path written, or None."""
        from tabletop.sheets.render import write_pdf
        from tabletop.ui.dialogs import printing

        stem = printing.file_stem(f"{model.title_en} {'sheet' if model.filled else 'blank sheet'}")
        chosen = printing.ask_pdf(parent or self, self.settings, stem)
        if chosen is None:
            return None
        path, paper = chosen
        write_pdf(model, path, paper)
        if not path.is_file():
            text = render(Msg("The score sheet could not be written to {path}.", path=str(path)))
            self.tell(_("Not saved"), text)
            return None
        self.statusBar().showMessage(
            render(Msg("Score sheet saved to {path}", path=str(path))), 8000
        )
        return path

    # ---- history ------------------------------------------------------------------------
    def _history_lines(self, entry: HistoryEntry) -> list[str] | None:
        if self.store is None:
            return None
        try:
            return self.store.history_log(entry)
        except (OSError, UnicodeDecodeError) as err:
            text = render(Msg("The log of this match cannot be read: {reason}.", reason=str(err)))
            self.tell(_("Cannot open match"), text)
            return None

    def _history_sheet(self) -> SheetModel | None:
        from tabletop.sheets.model import filled_sheet

        entry = self.launcher.current_history()
        lines = None if entry is None else self._history_lines(entry)
        if entry is None or lines is None:
            return None
        try:
            return filled_sheet(lines, entry.date)
        except TabletopError as err:
            self.tell(
                _("Cannot open match"), _("The log of this match is damaged."), error_text(err)
            )
            return None

    def print_history_sheet(self) -> None:
        """Preview and print the sheet of the highlighted finished match."""
        model = self._history_sheet()
        if model is not None:
            self.preview_sheet(model)

    def save_history_sheet(self) -> None:
        """Save the sheet of the highlighted finished match as PDF."""
        model = self._history_sheet()
        if model is not None:
            self.save_sheet_pdf(model)

    def replay_selected(self) -> ReplayWidget | None:
        """Open the highlighted finished match in the replay viewer."""
        from tabletop.sheets.model import filled_sheet
        from tabletop.sheets.stepper import Stepper
        from tabletop.ui.replay import ReplayWidget

        entry = self.launcher.current_history()
        lines = None if entry is None else self._history_lines(entry)
        if entry is None or lines is None:
            return None
        try:
            stepper = Stepper(lines)
            sheet = filled_sheet(lines, entry.date)
        except TabletopError as err:
            self.tell(_("Cannot replay"), _("The log of this match is damaged."), error_text(err))
            return None
        widget = ReplayWidget(stepper, self.tempo.move_ms, curve=sheet.curve)
        self._show_replay(widget, sheet)
        return widget

    def _show_replay(self, widget: ReplayWidget, sheet: SheetModel) -> None:
        """Put `widget` in front, in place of any replay before it, titled in the language."""
        self._close_replay()
        widget.closed.connect(self.show_launcher)
        self.replay, self.replay_sheet = widget, sheet
        self.stack.addWidget(widget)
        self.stack.setCurrentWidget(widget)
        self.update_undo()
        game = game_title(widget.stepper.game.info)
        self.setWindowTitle(
            render(Msg("Tabletop — replay: {game} · {date}", game=game, date=sheet.date))
        )

    def _close_replay(self) -> None:
        if self.replay is not None:
            self.stack.removeWidget(self.replay)
            self.replay.deleteLater()
            self.replay, self.replay_sheet = None, None


def _seats_for(game: Game[Any], seats: Sequence[str] | None, settings: QSettings) -> list[SeatSpec]:
    from tabletop.seats import parse_seats
    from tabletop.ui.dialogs.newgame import load_choices

    if seats:
        return parse_seats(game.info.id, seats)
    return list(load_choices(settings, game.info)["seats"])


def _autoplay(table: TableWidget, moves: int) -> None:
    """Play `moves` actions, each chosen by a computer player (a stand-in for people), and
    leave the table at rest."""
    from tabletop.bots.base import make_bot
    from tabletop.bots.runner import bot_seed
    from tabletop.ui.table.session import Session, default_bot

    session = table.session
    assert isinstance(session, Session)
    game_id = session.game.info.id
    stand_in = {
        i: make_bot(game_id, default_bot(game_id), bot_seed(session.seed, i))
        for i in session.humans
    }
    for _move in range(moves):
        acting = sorted(session.to_act())
        if not acting:
            break
        seat = acting[0]
        view = session.view(seat)
        bot = session.bots.get(seat) or stand_in[seat]
        table.attempt(seat, bot.choose(view))
    # the table at rest, not under a passing banner or a deal's summary
    table.summary.dismiss()
    table.banner.dismiss()
    if table.scene.covered:
        table.reveal()


def launch(
    game: str | None,
    seats: list[str] | None,
    seed: int | None,
    options: dict[str, str],
    screenshot: str | None,
    moves: int,
    size: tuple[int, int] | None = None,
) -> int:
    """Open the app (at the table if a game is given); with `screenshot`, save a PNG and exit.

    `size` is the window's size (default `SCREENSHOT_SIZE` for a table's screenshot).

    Matches are saved in the data folder (`tabletop.store`), except for `screenshot` tables.
    The language is the one set before (`remembered_language`, `--lang`, …).
    """
    if screenshot and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setOrganizationName("Tabletop")
    app.setApplicationName("Tabletop")
    app.setWindowIcon(app_icon())
    use_japanese_fallback(app)
    settings = QSettings()
    apply_language(current())
    # A `--screenshot` of a table is a throwaway match: it is not saved.
    window = MainWindow(settings, None if game and screenshot else Store())
    if game is None:
        window.resize(*(size or (1100, 760)))
        window.show()
        if os.environ.get(FIRST_FRAME_ENV):
            watch_first_frame(window)
        return app.exec() if not screenshot else int(not window.grab().save(screenshot))
    try:
        chosen = get_game(game)
        specs = _seats_for(chosen, seats, settings)
        if screenshot:
            window.resize(*(size or SCREENSHOT_SIZE))
            window.show()
            app.processEvents()
        from tabletop.ui.table.tempo import INSTANT

        tempo = INSTANT if screenshot else None
        table = window.start_match(chosen, specs, seed, options, tempo, not screenshot)
    except TabletopError as err:
        print(f"tabletop: {error_text(err)}", file=sys.stderr)
        return 2
    if screenshot:
        window.resize(*(size or SCREENSHOT_SIZE))
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
