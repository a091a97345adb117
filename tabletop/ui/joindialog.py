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

from tabletop.engine.errors import UnknownGame
from tabletop.engine.registry import get_game
from tabletop.net.client import Client
from tabletop.net.discovery import Browser
from tabletop.net.fairness import short
from tabletop.net.headless import DEFAULT_PORT, split_address
from tabletop.ui.netsession import ClientSession, LanConfig

COLUMNS = ("Game", "Table", "Address", "Open seats", "Password", "")


def token_key(address: str, port: int) -> str:
    """Where the seat token for a table is remembered in QSettings."""
    return f"lan/tokens/{address.replace('/', '_')}_{port}"


def _title(game_id: str, fallback: str) -> str:
    try:
        info = get_game(game_id).info
    except UnknownGame:
        return f"{fallback} (not installed here)"
    return f"{info.title} ({info.title_en})"


class JoinDialog(QDialog):
    """Pick a table on the LAN (or type its address), join it, wait for the start."""

    def __init__(
        self, settings: QSettings, lan: LanConfig | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a game")
        self.settings = settings
        self.lan = lan or LanConfig()
        self.client: Client | None = None
        self.target: tuple[str, int] | None = None
        self._fresh_try = False
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Tables announced on your network:"))
        self.tables = QTreeWidget()
        self.tables.setHeaderLabels(list(COLUMNS))
        self.tables.setRootIsDecorated(False)
        self.tables.setMinimumHeight(160)
        layout.addWidget(self.tables)
        self.empty = QLabel()
        self.empty.setStyleSheet("color: gray;")
        layout.addWidget(self.empty)
        form = QFormLayout()
        self.address = QLineEdit()
        self.address.setPlaceholderText(f"HOST[:PORT] (port {DEFAULT_PORT} if left out)")
        self.name = QLineEdit(str(settings.value("lan/name", "")))
        self.name.setPlaceholderText("Your name")
        self.password = QLineEdit()
        self.password.setPlaceholderText("only if the host set one")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Address", self.address)
        form.addRow("Name", self.name)
        form.addRow("Room password", self.password)
        layout.addLayout(form)
        warning = QLabel(
            "Anyone on your network can announce a table: a room password typed for a table "
            "from the list goes to whoever answers at its address."
        )
        warning.setWordWrap(True)
        warning.setStyleSheet("color: gray;")
        layout.addWidget(warning)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        self.join_button = QPushButton("Join")
        self.join_button.setDefault(True)
        cancel = QPushButton("Cancel")
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
                    f"{table['open']} of {table['players']}",
                    "yes" if table["password"] else "",
                    "playing" if table["started"] else "waiting",
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, f"{key[0]}:{key[1]}")
            self.tables.addTopLevelItem(item)
            if item.data(0, Qt.ItemDataRole.UserRole) == keep:
                self.tables.setCurrentItem(item)
        self.tables.blockSignals(False)
        for col in range(len(COLUMNS)):
            self.tables.resizeColumnToContents(col)
        if not self.listening:
            self.empty.setText(
                f"Cannot listen for announced tables (UDP port {self.lan.discovery_port} is "
                "busy); type the host's address instead."
            )
        elif not self.browser.tables:
            self.empty.setText("No table heard yet. Looking… (or type the host's address)")
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
            self.status.setText("Pick a table from the list or type its address.")
            return
        self.target = split_address(text)
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
        self.status.setText(f"Connecting to {self.target[0]}:{self.target[1]}…")
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
        where = f"seat {seat + 1}" if seat is not None else "a spectator's place"
        title = _title(str(welcome["game"]), str(welcome.get("title", "")))
        commitment = str(welcome.get("commitment", ""))
        self.status.setText(
            f"You have {where} at {title}. Waiting for the host to start… "
            f"Seed commitment: {short(commitment)}"
        )
        self.status.setToolTip(f"The host's seed commitment: {commitment}")

    def _seats(self, rows: list[dict[str, Any]]) -> None:
        lines = []
        for row in rows:
            who = row["name"] or "open"
            if row["kind"] == "network" and row["taken"] and not row["connected"]:
                who += " (disconnected)"
            lines.append(f"{row['seat'] + 1}. {who}")
        text = self.status.text().split("\n")[0]
        self.status.setText(text + "\n" + " · ".join(lines))

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
        self.status.setText(f"The host says: {message}")
        self.join_button.setEnabled(True)

    def _gave_up(self) -> None:
        client = self.client
        if client is not None and client.last_error is None:
            assert self.target is not None
            self.status.setText(f"No table answers at {self.target[0]}:{self.target[1]}.")
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
