"""The host lobby: game, options, seed, room password, port, and who plays each seat.

A seat is open (a network player joins it), a person at this computer (hot-seat), or a
computer player. "Open the table" starts a `Host` and announces it on the LAN; the lobby then
shows the addresses to join, who took each open seat, and enables "Start" once every open
seat is filled. The last choices are remembered in QSettings.
"""

from __future__ import annotations

import json
import socket
from html import escape
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.errors import TabletopError
from tabletop.engine.info import GameInfo
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.text import Msg
from tabletop.i18n import _, current, error_text, render
from tabletop.net.addresses import LanConfig
from tabletop.net.discovery import Announcer
from tabletop.net.headless import DEFAULT_PORT
from tabletop.net.host import Host
from tabletop.seats import LOCAL, NETWORK, SeatSpec, computer_label, default_bot
from tabletop.ui.dialogs.newgame import add_levels, add_option_rows, option_value, option_widget
from tabletop.ui.lan.netsession import lan_addresses
from tabletop.ui.texts import game_title, offered_name, shown_name

SETTINGS_KEY = "lan/host"


OPTIONS_HEIGHT = 180
"""At most this many pixels of options show at once in the host dialog; more scroll."""


class SeatChoice(QWidget):
    """One seat in the lobby: who plays it, a name for a person here, and who took it."""

    def __init__(self, index: int, kind: str, name: str, game_id: str) -> None:
        super().__init__()
        self.index = index
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        number = QLabel(f"{index + 1}.")
        # every row's columns line up: the number as wide as the widest, the name's place kept
        # while it is hidden
        number.setFixedWidth(number.fontMetrics().horizontalAdvance("88.") + 4)
        number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(number)
        self.kind = QComboBox()
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.kind.addItem(_("Open: a network player"), NETWORK)
        self.kind.addItem(_("A person at this computer"), LOCAL)
        add_levels(self.kind, game_id, lambda bot: f"cpu:{bot}")
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
        self.name = QLineEdit(name)
        self.name.setPlaceholderText(render(Msg("Player {number}", number=index + 1)))
        kept = self.name.sizePolicy()
        kept.setRetainSizeWhenHidden(True)
        self.name.setSizePolicy(kept)
        self.status = QLabel()
        waiting = self.status.fontMetrics().horizontalAdvance(_("waiting for a player…"))
        self.status.setMinimumWidth(max(150, waiting + 8))  # the longest word it shows
        row.addWidget(self.kind)
        row.addWidget(self.name, 1)
        row.addWidget(self.status, 1)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def choice(self) -> str:
        """The kind chosen: "network", "local" or "cpu:<bot>"."""
        return str(self.kind.currentData())

    def spec(self) -> SeatSpec:
        """The seat as the host takes it."""
        kind = self.choice()
        if kind.startswith("cpu:"):
            return SeatSpec(bot=kind.removeprefix("cpu:"))
        if kind == LOCAL:
            return SeatSpec(self.name.text())
        return SeatSpec(network=True)

    def _kind_changed(self) -> None:
        self.name.setVisible(self.choice() == LOCAL)
        self.status.setText("")

    def show_row(self, row: dict[str, Any], game_id: str) -> None:
        """Show the host's row for this seat: who took it and whether they are here."""
        if row["kind"] != NETWORK:
            name = shown_name(row["name"])
            if row["computer"]:
                name = render(computer_label(name, game_id, row["computer"]))
            self.status.setText(name)
        elif not row["taken"]:
            self.status.setText(_("waiting for a player…"))
        elif row["connected"]:
            self.status.setText(f"✓ {shown_name(row['name'])}")
        else:
            name = render(Msg("{name} (disconnected)", name=shown_name(row["name"])))
            self.status.setText(f"✓ {name}")


class HostLobby(QDialog):
    """Set up a LAN table, open it, wait for the players, start."""

    def __init__(
        self,
        settings: QSettings,
        game_id: str | None = None,
        lan: LanConfig | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Host a game"))
        self.settings = settings
        self.lan = lan or LanConfig()
        self.host: Host | None = None
        self.announcer: Announcer | None = None
        self.seat_choices: list[SeatChoice] = []
        self.option_widgets: dict[str, QWidget] = {}
        memory = self._memory()
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.game = QComboBox()
        for game in all_games(current()):
            self.game.addItem(game_title(game.info), game.info.id)
        wanted = game_id or str(memory.get("game", ""))
        self.game.setCurrentIndex(max(0, self.game.findData(wanted)))
        self.host_name = QLineEdit(str(memory.get("name", "")) or socket.gethostname())
        self.host_name.setToolTip(_("How your table is listed in other players' Join lists"))
        self.count = QSpinBox()
        form.addRow(_("Game", ctx="field"), self.game)
        form.addRow(_("Table name"), self.host_name)
        form.addRow(_("Seats", ctx="field"), self.count)
        layout.addLayout(form)
        self.seats_box = QGroupBox(_("Who plays each seat"))
        self.seats_layout = QVBoxLayout(self.seats_box)
        layout.addWidget(self.seats_box)
        self.options_box = QGroupBox(_("Options"))
        # the options' explanations may be long: they scroll rather than push the buttons away
        self.options_scroll = QScrollArea()
        self.options_scroll.setWidgetResizable(True)
        self.options_scroll.setFrameShape(QFrame.Shape.NoFrame)
        options_inner = QWidget()
        self.options_form = QFormLayout(options_inner)
        self.options_form.setContentsMargins(0, 0, 0, 0)
        self.options_scroll.setWidget(options_inner)
        QVBoxLayout(self.options_box).addWidget(self.options_scroll)
        layout.addWidget(self.options_box)
        more = QFormLayout()
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(_("random", ctx="seed"))
        self.seed.setToolTip(
            _(
                "Only the host's own part of the shuffle: every player who joins from another "
                "computer mixes in a secret part of their own, so a number typed here does not "
                "choose the deal."
            )
        )
        self.password = QLineEdit()
        self.password.setPlaceholderText(_("none", ctx="password"))
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setSpecialValueText(_("any free port"))
        self.port.setValue(int(memory.get("port", DEFAULT_PORT)))
        more.addRow(_("Seed (optional)"), self.seed)
        more.addRow(_("Room password (optional)"), self.password)
        more.addRow(_("Port"), self.port)
        self.hints = QCheckBox(_("Allow hints (Suggest a move) for the people at this computer"))
        more.addRow(self.hints)
        layout.addLayout(more)
        self.where = QLabel()
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        layout.addWidget(self.where)
        layout.addWidget(self.error)
        buttons = QHBoxLayout()
        self.open_button = QPushButton(_("Open the table"))
        self.start_button = QPushButton(_("Start", ctx="button"))
        self.start_button.setEnabled(False)
        self.start_button.setToolTip(_("Enabled when every open seat has a player"))
        cancel = QPushButton(_("Cancel"))
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        buttons.addWidget(cancel)
        layout.addLayout(buttons)
        self.config_widgets: list[QWidget] = [
            self.game,
            self.host_name,
            self.count,
            self.seats_box,
            self.options_box,
            self.seed,
            self.password,
            self.port,
        ]
        self.game.currentIndexChanged.connect(lambda _i: self._game_changed(None))
        self.count.valueChanged.connect(self._count_changed)
        self.open_button.clicked.connect(self.toggle_table)
        self.start_button.clicked.connect(self.start)
        cancel.clicked.connect(self.reject)
        self._game_changed(memory if memory.get("game") == self.game_id() else None)

    # ---- choices -------------------------------------------------------------------------
    def _memory(self) -> dict[str, Any]:
        try:
            data = json.loads(str(self.settings.value(SETTINGS_KEY, "") or "{}"))
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def game_id(self) -> str:
        """The chosen game's id."""
        return str(self.game.currentData())

    def info(self) -> GameInfo:
        """The chosen game's info."""
        return get_game(self.game_id()).info

    def _game_changed(self, memory: dict[str, Any] | None) -> None:
        info = self.info()
        seats = (memory or {}).get("seats") or []
        if not info.min_players <= len(seats) <= info.max_players:
            count = min(info.max_players, max(info.min_players, 3))
            bot = f"cpu:{default_bot(info.id)}"
            seats = [[LOCAL, _("You", ctx="seat name")], [NETWORK, ""]] + [[bot, ""]] * (count - 2)
        for choice in self.seat_choices:
            choice.deleteLater()
        self.seat_choices = []
        self.count.blockSignals(True)
        self.count.setRange(info.min_players, info.max_players)
        self.count.setValue(len(seats))
        self.count.blockSignals(False)
        for kind, name in seats:
            self._add_seat(str(kind), offered_name(str(name)))
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_widgets = {}
        remembered = (memory or {}).get("options") or {}
        for opt in info.options:
            widget = option_widget(opt, remembered.get(opt.key, opt.default))
            add_option_rows(self.options_form, opt, widget)
            self.option_widgets[opt.key] = widget
        self.options_box.setVisible(bool(info.options))
        wanted = self.options_form.sizeHint().height()
        self.options_scroll.setFixedHeight(min(wanted, OPTIONS_HEIGHT))

    def _add_seat(self, kind: str, name: str) -> None:
        choice = SeatChoice(len(self.seat_choices), kind, name, self.game_id())
        self.seat_choices.append(choice)
        self.seats_layout.addWidget(choice)

    def _count_changed(self, count: int) -> None:
        while len(self.seat_choices) > count:
            self.seat_choices.pop().deleteLater()
        while len(self.seat_choices) < count:
            self._add_seat(NETWORK, "")

    def specs(self) -> list[SeatSpec]:
        """The seats as chosen."""
        return [c.spec() for c in self.seat_choices]

    def options(self) -> dict[str, Any]:
        """The options as chosen (typed values; ValueError if one does not parse)."""
        return {o.key: option_value(o, self.option_widgets[o.key]) for o in self.info().options}

    def seed_value(self) -> int | None:
        """The seed, or None for a random one (ValueError if it is not a number)."""
        text = self.seed.text().strip()
        return int(text) if text else None

    def _remember(self) -> None:
        data = {
            "game": self.game_id(),
            "name": self.host_name.text().strip(),
            "port": self.port.value(),
            "seats": [[c.choice(), c.name.text().strip()] for c in self.seat_choices],
            "options": self.options(),
        }
        self.settings.setValue(SETTINGS_KEY, json.dumps(data))

    # ---- the table -----------------------------------------------------------------------
    def toggle_table(self) -> None:
        """Open the table with the choices made, or close it to change them."""
        if self.host is None:
            self.open_table()
        else:
            self.close_table()

    def open_table(self) -> bool:
        """Start the host and announce it; False (and the reason shown) if that fails."""
        self.error.setText("")
        try:
            options, seed = self.options(), self.seed_value()
        except ValueError as err:
            self.error.setText(
                _("The seed is a number.") if "seed" in str(err) else error_text(err)
            )
            return False
        password = self.password.text() or None
        try:
            host = Host(self.game_id(), self.specs(), options, seed, password, auto_start=False)
        except TabletopError as err:
            self.error.setText(error_text(err))
            return False
        try:
            port = host.listen(self.port.value(), self.lan.bind)
        except OSError as err:
            host.close()
            host.deleteLater()
            self.error.setText(render(Msg("The table cannot be opened: {reason}", reason=str(err))))
            return False
        self._remember()
        host.allow_hints = self.hints.isChecked()
        self.host = host
        host.seatsChanged.connect(self._show_seats)
        if self.lan.announce_to is not None:
            name = self.host_name.text().strip() or socket.gethostname()
            self.announcer = Announcer(
                lambda: host.announcement(name),
                self.lan.announce_to,
                self.lan.discovery_port,
                parent=self,
            )
            self.announcer.start()
        addresses = lan_addresses(self.lan.bind)
        typed = _(" or ", ctx="addresses").join(f"<b>{a}:{port}</b>" for a in addresses)
        text = render(
            Msg("Players join from their Join list, or by typing {addresses}", addresses=typed)
        )
        lock = _(" · room password set") if password else ""
        if any(spec.kind == "network" for spec in self.specs()):
            fair = _(
                "Everyone who joins from another computer helps shuffle; when the match starts, "
                "every screen shows the same table code to read aloud."
            )
        else:
            fair = _("No one joins from another computer, so the host alone shuffles.")
        self.where.setText(f"{text}{lock}<br>{escape(fair)}")
        self.where.setToolTip(render(Msg("The host's sealed seed: {value}", value=host.commitment)))
        for widget in self.config_widgets:
            widget.setEnabled(False)
        self.open_button.setText(_("Close the table"))
        self._show_seats()
        return True

    def close_table(self) -> None:
        """Stop announcing, close the host, and let the choices be changed again."""
        if self.announcer is not None:
            self.announcer.stop()
            self.announcer.deleteLater()
            self.announcer = None
        if self.host is not None:
            self.host.close()
            self.host.deleteLater()
            self.host = None
        for widget in self.config_widgets:
            widget.setEnabled(True)
        for choice in self.seat_choices:
            choice.status.setText("")
        self.where.setText("")
        self.open_button.setText(_("Open the table"))
        self.start_button.setEnabled(False)

    def _show_seats(self) -> None:
        host = self.host
        if host is None:
            return
        for choice, row in zip(self.seat_choices, host.seat_rows(), strict=True):
            choice.show_row(row, host.game.info.id)
        self.start_button.setEnabled(host.ready() and host.table is None)

    def start(self) -> None:
        """Let everyone shuffle, then deal and close the lobby; the table takes over (`take`)."""
        host = self.host
        if host is None or not host.ready():
            return
        host.started.connect(self._dealt)
        self.start_button.setEnabled(False)
        self.where.setText(f"{self.where.text()}<br><b>{escape(_('Everyone is shuffling…'))}</b>")
        host.start()

    def _dealt(self) -> None:
        """Every part of the shuffle is in and the cards are dealt: the table takes over."""
        host = self.host
        if host is not None and host.state is not None:
            self.accept()

    def take(self) -> tuple[Host, Announcer | None]:
        """Hand the started host and its announcer to the table; the lobby forgets them."""
        host, announcer = self.host, self.announcer
        assert host is not None
        self.host, self.announcer = None, None
        if announcer is not None:
            announcer.setParent(None)
        return host, announcer

    def reject(self) -> None:
        """Cancel: close the table if it was open."""
        self.close_table()
        super().reject()
