"""The new-game dialog: seats (name; person or which computer player), options, seed.

The last choices for each game are remembered in QSettings.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
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

from tabletop.engine.game import GameInfo, Option
from tabletop.engine.text import Msg
from tabletop.i18n import _, error_text, render
from tabletop.ui.session import SeatSpec
from tabletop.ui.texts import game_title


def default_seats(info: GameInfo, bot: str) -> list[SeatSpec]:
    """You plus computer players, at the smallest count that plays well (at least 3 if allowed)."""
    count = min(info.max_players, max(info.min_players, 3))
    you = _("You", ctx="seat name")
    return [SeatSpec(you)] + [SeatSpec(f"CPU {i + 1}", bot) for i in range(1, count)]


def load_choices(settings: QSettings, info: GameInfo, bot: str) -> dict[str, Any]:
    """The remembered seats, options and seed for a game (defaults if none)."""
    raw = settings.value(f"games/{info.id}", "")
    try:
        data = json.loads(str(raw)) if raw else {}
    except ValueError:
        data = {}
    seats = [SeatSpec(str(n), b or None) for n, b in data.get("seats", [])]
    if not info.min_players <= len(seats) <= info.max_players:
        seats = default_seats(info, bot)
    options = {o.key: data.get("options", {}).get(o.key, o.default) for o in info.options}
    return {"seats": seats, "options": options, "seed": str(data.get("seed", ""))}


def save_choices(
    settings: QSettings, info: GameInfo, seats: list[SeatSpec], options: dict[str, Any], seed: str
) -> None:
    """Remember the choices for next time."""
    data = {"seats": [[s.name, s.bot or ""] for s in seats], "options": options, "seed": seed}
    settings.setValue(f"games/{info.id}", json.dumps(data))


def option_widget(opt: Option, value: Any) -> QWidget:
    """An editor for one game option showing `value`."""
    if isinstance(opt.default, bool):
        box = QCheckBox()
        box.setChecked(bool(value))
        return box
    if opt.choices:
        combo = QComboBox()
        for choice in opt.choices:
            combo.addItem(str(choice), choice)
        combo.setCurrentIndex(max(0, combo.findData(value)))
        return combo
    if isinstance(opt.default, int):
        spin = QSpinBox()
        spin.setRange(
            opt.minimum if opt.minimum is not None else -9999,
            opt.maximum if opt.maximum is not None else 9999,
        )
        spin.setValue(int(value))
        return spin
    return QLineEdit(str(value))


def option_value(opt: Option, widget: QWidget) -> Any:
    """The typed value an `option_widget` holds (ValueError if its text does not parse)."""
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QSpinBox):
        return widget.value()
    assert isinstance(widget, QLineEdit)
    return opt.parse(widget.text())


class SeatRow(QWidget):
    """One seat: its name and who plays it."""

    def __init__(self, seat: SeatSpec, bots: list[str]) -> None:
        super().__init__()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.name = QLineEdit(seat.name)
        self.kind = QComboBox()
        self.kind.addItem(_("Person"), "")
        for bot in bots:
            self.kind.addItem(render(Msg("Computer: {bot}", bot=bot)), bot)
        self.kind.setCurrentIndex(max(0, self.kind.findData(seat.bot or "")))
        self.remove = QPushButton("✕")
        self.remove.setFixedWidth(28)
        self.remove.setToolTip(_("Remove this seat"))
        row.addWidget(self.name, 1)
        row.addWidget(self.kind)
        row.addWidget(self.remove)

    def spec(self, index: int) -> SeatSpec:
        """The seat as chosen."""
        bot = str(self.kind.currentData()) or None
        name = self.name.text().strip() or (f"CPU {index + 1}" if bot else f"Player {index + 1}")
        return SeatSpec(name, bot)


class NewGameDialog(QDialog):
    """Pick the seats, options and seed for a new match of one game."""

    def __init__(
        self, info: GameInfo, bots: list[str], settings: QSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.info, self.bots, self.settings = info, bots, settings
        self.setWindowTitle(render(Msg("New game — {game}", game=game_title(info))))
        remembered = load_choices(settings, info, bots[-1])
        layout = QVBoxLayout(self)
        seats_box = QGroupBox(
            render(Msg("Seats ({low}–{high})", low=info.min_players, high=info.max_players))
        )
        seats_layout = QVBoxLayout(seats_box)
        self.rows_widget = QWidget()
        self.rows = QVBoxLayout(self.rows_widget)
        self.rows.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.rows_widget)
        scroll.setMinimumHeight(160)
        seats_layout.addWidget(scroll)
        self.add = QPushButton(_("Add seat"))
        seats_layout.addWidget(self.add)
        layout.addWidget(seats_box)
        self.seat_rows: list[SeatRow] = []
        for seat in remembered["seats"]:
            self._add_row(seat)
        self.option_widgets: dict[str, QWidget] = {}
        if info.options:
            box = QGroupBox(_("Options"))
            form = QFormLayout(box)
            for opt in info.options:
                widget = option_widget(opt, remembered["options"][opt.key])
                help_text = render(opt.help)
                widget.setToolTip(help_text)
                label = QLabel(opt.key)
                label.setToolTip(help_text)
                form.addRow(label, widget)
                hint = QLabel(help_text)
                hint.setWordWrap(True)
                hint.setStyleSheet("color: gray;")
                form.addRow("", hint)
                self.option_widgets[opt.key] = widget
            layout.addWidget(box)
        seed_row = QFormLayout()
        self.seed = QLineEdit(remembered["seed"])
        self.seed.setPlaceholderText(_("random", ctx="seed"))
        seed_row.addRow(_("Seed (optional)"), self.seed)
        layout.addLayout(seed_row)
        self.error = QLabel()
        self.error.setStyleSheet("color: #c62828;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Sit down"))
        layout.addWidget(buttons)
        self.add.clicked.connect(self._add_default)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self._update_counts()

    def _add_row(self, seat: SeatSpec) -> None:
        row = SeatRow(seat, self.bots)
        row.remove.clicked.connect(lambda: self._remove_row(row))
        self.seat_rows.append(row)
        self.rows.addWidget(row)
        self._update_counts()

    def _add_default(self) -> None:
        n = len(self.seat_rows)
        self._add_row(SeatSpec(f"CPU {n + 1}", self.bots[-1]))

    def _remove_row(self, row: SeatRow) -> None:
        self.seat_rows.remove(row)
        row.deleteLater()
        self._update_counts()

    def _update_counts(self) -> None:
        n = len(self.seat_rows)
        self.add.setEnabled(n < self.info.max_players)
        for row in self.seat_rows:
            row.remove.setEnabled(n > self.info.min_players)

    def seats(self) -> list[SeatSpec]:
        """The seats as chosen."""
        return [row.spec(i) for i, row in enumerate(self.seat_rows)]

    def options(self) -> dict[str, Any]:
        """The options as chosen (typed values)."""
        return {o.key: option_value(o, self.option_widgets[o.key]) for o in self.info.options}

    def seed_value(self) -> int | None:
        """The seed, or None for a random one."""
        text = self.seed.text().strip()
        return int(text) if text else None

    def _accept(self) -> None:
        try:
            seed = self.seed_value()
            options = self.options()
        except ValueError as err:
            text = error_text(err) if "seed" not in str(err) else _("The seed is a number.")
            self.error.setText(text)
            return
        seats = self.seats()
        save_choices(self.settings, self.info, seats, options, "" if seed is None else str(seed))
        self.accept()
