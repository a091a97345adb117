"""The Join dialog: tables announced on the LAN, or a typed HOST[:PORT]; a name and password.

The list refreshes live from a discovery `Browser`. Joining says hello through a `Client`;
until the host starts the match the dialog is the waiting room (it lists the seats), and the
first View closes it: the table takes over (`take`). The seat token of each table joined is
remembered per address, so a player who lost a table rejoins it from this list.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.errors import BadOption, UnknownGame
from tabletop.engine.registry import get_game
from tabletop.engine.text import Msg
from tabletop.i18n import _, render
from tabletop.net.addresses import LanConfig
from tabletop.net.client import Client
from tabletop.net.discovery import Browser
from tabletop.net.headless import DEFAULT_PORT, split_address
from tabletop.ui.lan.netsession import ClientSession
from tabletop.ui.texts import game_title, names_for


def columns() -> list[str]:
    """The headers of the table list, in the current language."""
    return [_("Game", ctx="column"), _("Table"), _("Address"), _("Open seats"), _("Password"), ""]


def token_key(address: str, port: int) -> str:
    """Where the seat token for a table is remembered in QSettings."""
    return f"lan/tokens/{address.replace('/', '_')}_{port}"


def _title(game_id: str, fallback: str) -> str:
    try:
        info = get_game(game_id).info
    except UnknownGame:
        return render(Msg("{game} (not installed here)", game=fallback))
    return game_title(info)


def _index(rows: list[dict[str, Any]], seat: int | None) -> int | None:
    """The position of `seat` among the rows (None if not there)."""
    return next((i for i, row in enumerate(rows) if row["seat"] == seat), None)


class JoinDialog(QDialog):
    """Pick a table on the LAN (or type its address), join it, wait for the start."""

    def __init__(
        self, settings: QSettings, lan: LanConfig | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Join a game"))
        self.settings = settings
        self.lan = lan or LanConfig()
        self.client: Client | None = None
        self.target: tuple[str, int] | None = None
        self._fresh_try = False
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("Tables announced on your network:")))
        self.tables = QTreeWidget()
        self.tables.setHeaderLabels(columns())
        self.tables.setRootIsDecorated(False)
        self.tables.setMinimumHeight(160)
        layout.addWidget(self.tables)
        self.empty = QLabel()
        self.empty.setStyleSheet("color: gray;")
        layout.addWidget(self.empty)
        form = QFormLayout()
        self.address = QLineEdit()
        self.address.setPlaceholderText(
            render(Msg("HOST[:PORT] (port {port} if left out)", port=DEFAULT_PORT))
        )
        self.name = QLineEdit(str(settings.value("lan/name", "")))
        self.name.setPlaceholderText(_("Your name"))
        self.password = QLineEdit()
        self.password.setPlaceholderText(_("only if the host set one"))
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(_("Address"), self.address)
        form.addRow(_("Name"), self.name)
        form.addRow(_("Room password"), self.password)
        layout.addLayout(form)
        warning = QLabel(
            _(
                "Anyone on your network can announce a table: a room password typed for a table "
                "from the list goes to whoever answers at its address."
            )
        )
        warning.setWordWrap(True)
        warning.setStyleSheet("color: gray;")
        layout.addWidget(warning)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.status)
        self.headline = ""
        """The status line above the list of seats."""
        buttons = QHBoxLayout()
        self.join_button = QPushButton(_("Join", ctx="button"))
        self.join_button.setDefault(True)
        cancel = QPushButton(_("Cancel"))
        buttons.addStretch(1)
        buttons.addWidget(self.join_button)
        buttons.addWidget(cancel)
        layout.addLayout(buttons)
        self.browser = Browser(self.lan.discovery_address, self.lan.discovery_port, self)
        self.browser.changed.connect(self.refresh)
        self.listening = self.browser.start()
        self.tables.currentItemChanged.connect(self._picked)
        self.tables.itemDoubleClicked.connect(lambda _item, _col: self.join())
        self.join_button.clicked.connect(self.join)
        cancel.clicked.connect(self.reject)
        self.resize(640, 460)
        self.refresh()

    # ---- the list ------------------------------------------------------------------------
    def refresh(self) -> None:
        """List the tables heard lately, keeping the highlighted one."""
        current = self.tables.currentItem()
        keep = current.data(0, Qt.ItemDataRole.UserRole) if current is not None else None
        self.tables.blockSignals(True)
        self.tables.clear()
        for key, table in sorted(self.browser.tables.items()):
            item = QTreeWidgetItem(
                [
                    _title(table["game"], table["title"]),
                    table["host"],
                    f"{key[0]}:{key[1]}",
                    render(
                        Msg("{open} of {players}", open=table["open"], players=table["players"])
                    ),
                    _("yes", ctx="password") if table["password"] else "",
                    _("playing", ctx="table") if table["started"] else _("waiting", ctx="table"),
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, f"{key[0]}:{key[1]}")
            self.tables.addTopLevelItem(item)
            if item.data(0, Qt.ItemDataRole.UserRole) == keep:
                self.tables.setCurrentItem(item)
        self.tables.blockSignals(False)
        for col in range(self.tables.columnCount()):
            self.tables.resizeColumnToContents(col)
        if not self.listening:
            self.empty.setText(
                render(
                    Msg(
                        "Cannot listen for announced tables (UDP port {port} is busy); "
                        "type the host's address instead.",
                        port=self.lan.discovery_port,
                    )
                )
            )
        elif not self.browser.tables:
            self.empty.setText(_("No table heard yet. Looking… (or type the host's address)"))
        elif self.browser.full():
            self.empty.setText(
                _(
                    "The list is full: many tables are being announced, and some may be fake. "
                    "If yours is missing, type the host's address below."
                )
            )
        else:
            self.empty.setText("")

    def _picked(self, item: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        if item is not None:
            self.address.setText(str(item.data(0, Qt.ItemDataRole.UserRole)))

    # ---- joining -------------------------------------------------------------------------
    def join(self) -> None:
        """Say hello to the chosen table (with its remembered seat token, if any)."""
        text = self.address.text().strip()
        if not text:
            self._say(_("Pick a table from the list or type its address."))
            return
        try:
            self.target = split_address(text)
        except BadOption as err:
            self.status.setText(render(err.message))
            return
        self.settings.setValue("lan/name", self.name.text().strip())
        token = self.settings.value(token_key(*self.target), None)
        self._dial(str(token) if token else None)

    def _dial(self, token: str | None) -> None:
        self._drop_client()
        assert self.target is not None
        self._fresh_try = token is None
        client = Client(self.name.text().strip(), self.password.text() or None, token)
        client.welcomed.connect(self._welcomed)
        client.seatsChanged.connect(self._seats)
        client.viewChanged.connect(self._started)
        client.errorReceived.connect(self._error)
        client.gaveUp.connect(self._gave_up)
        self.client = client
        self.join_button.setEnabled(False)
        where = f"{self.target[0]}:{self.target[1]}"
        self._say(render(Msg("Connecting to {address}…", address=where)))
        client.connect_to(*self.target)

    def _drop_client(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client.deleteLater()
            self.client = None

    def _welcomed(self, welcome: dict[str, Any]) -> None:
        assert self.client is not None and self.target is not None
        if self.client.token:
            self.settings.setValue(token_key(*self.target), self.client.token)
        seat = welcome.get("seat")
        title = _title(str(welcome["game"]), str(welcome.get("title", "")))
        if seat is not None:
            text = render(
                Msg(
                    "You have seat {number} at {game}. Waiting for the host to start…",
                    number=seat + 1,
                    game=title,
                )
            )
        else:
            text = render(
                Msg(
                    "You have a spectator's place at {game}. Waiting for the host to start…",
                    game=title,
                )
            )
        commitment = str(welcome.get("commitment", ""))
        seal = _(
            "The host has sealed its part of the shuffle; yours is added when the match starts, "
            "and every screen then shows the same table code."
        )
        self._say(f"{text} {seal}")
        self.status.setToolTip(render(Msg("The host's sealed seed: {value}", value=commitment)))

    def _seats(self, rows: list[dict[str, Any]]) -> None:
        lines = []
        mine = self.client.seat if self.client is not None else None
        # the host's own seat may be named "You": on this screen that would name the joiner
        names = dict(
            zip(
                (int(row["seat"]) for row in rows),
                names_for([str(row["name"]) for row in rows], _index(rows, mine)),
                strict=True,
            )
        )
        for row in rows:
            who = (names[int(row["seat"])] if row["name"] else "") or _("open", ctx="seat")
            if row["kind"] == "network" and row["taken"] and not row["connected"]:
                who = render(Msg("{name} (disconnected)", name=who))
            lines.append(f"{row['seat'] + 1}. {who}")
        self.status.setText(self.headline + "\n" + " · ".join(lines))

    def _started(self, _view: dict[str, Any]) -> None:
        self.accept()

    def _error(self, code: str, message: str, fatal: bool) -> None:
        if not fatal:
            return
        if code == "bad-token" and not self._fresh_try:
            assert self.target is not None
            self.settings.remove(token_key(*self.target))
            self._dial(None)
            return
        self._say(render(Msg("The host says: {message}", message=message)))
        self.join_button.setEnabled(True)

    def _gave_up(self) -> None:
        client = self.client
        if client is not None and client.last_error is None:
            assert self.target is not None
            where = f"{self.target[0]}:{self.target[1]}"
            self._say(render(Msg("No table answers at {address}.", address=where)))
        self.join_button.setEnabled(True)

    def take(self) -> ClientSession:
        """The joined seat as a table session (the dialog lets go of its client)."""
        client, target = self.client, self.target
        assert client is not None and target is not None
        client.welcomed.disconnect(self._welcomed)
        client.seatsChanged.disconnect(self._seats)
        client.viewChanged.disconnect(self._started)
        client.errorReceived.disconnect(self._error)
        client.gaveUp.disconnect(self._gave_up)
        self.client = None
        session = ClientSession(client, *target)
        client.setParent(session)
        return session

    def done(self, result: int) -> None:
        """Closing the dialog stops listening; a cancelled join leaves the table."""
        self.browser.stop()
        if result != QDialog.DialogCode.Accepted:
            self._drop_client()
        super().done(result)

    def _say(self, text: str) -> None:
        """Show `text` as the status line (a list of seats may follow it)."""
        self.headline = text
        self.status.setText(text)
