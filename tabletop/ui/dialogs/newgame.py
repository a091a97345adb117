"""The new-game dialog: how many seats, each seat's name and who plays it (a person or a
computer at a level), options, seed.

The last choices for each game are remembered in QSettings (computer seats by the registered
name of their player, as saved matches name them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QStandardItemModel
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
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.bots.levels import level_bot, offered_levels, withheld_levels
from tabletop.engine.info import GameInfo, Option
from tabletop.engine.text import Msg
from tabletop.i18n import _, error_text, render
from tabletop.seats import SeatSpec, computer_name, default_bot, person_name
from tabletop.ui.texts import game_title, offered_name


def default_seats(info: GameInfo) -> list[SeatSpec]:
    """You plus computer players at the default level, at the smallest count that plays well
    (at least 3 if allowed)."""
    count = min(info.max_players, max(info.min_players, 3))
    you = _("You", ctx="seat name")
    bot = default_bot(info.id)
    return [SeatSpec(you)] + [SeatSpec(computer_name(i), bot) for i in range(1, count)]


def load_choices(settings: QSettings, info: GameInfo) -> dict[str, Any]:
    """The remembered seats, options and seed for a game (defaults if none)."""
    raw = settings.value(f"games/{info.id}", "")
    try:
        data = json.loads(str(raw)) if raw else {}
    except ValueError:
        data = {}
    seats = [SeatSpec(offered_name(str(n)), b or None) for n, b in data.get("seats", [])]
    if not info.min_players <= len(seats) <= info.max_players:
        seats = default_seats(info)
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
            combo.addItem(render(opt.value_label(choice)), choice)
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
    line = QLineEdit(str(value))
    line.setCursorPosition(0)
    return line


def add_option_rows(form: QFormLayout, opt: Option, widget: QWidget) -> None:
    """The option's name beside its editor, and its one-line explanation under them."""
    help_text = render(opt.help)
    widget.setToolTip(help_text)
    label = QLabel(render(opt.label) if opt.label else opt.key)
    label.setToolTip(help_text)
    label.setBuddy(widget)
    form.addRow(label, widget)
    hint = QLabel(help_text)
    hint.setWordWrap(True)
    hint.setStyleSheet("color: gray;")
    # the explanation keeps its lines in a short window; the seat list gives way instead
    hint.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    form.addRow("", hint)


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


def add_levels(combo: QComboBox, game_id: str, data: Callable[[str], str]) -> None:
    """The computer levels a game offers, as items of `combo` whose data is `data` of the
    level's registered player; then each withheld level, disabled, saying why."""
    for level in offered_levels(game_id):
        combo.addItem(
            render(Msg("Computer: {level}", level=level.title)), data(level_bot(game_id, level.key))
        )
        combo.setItemData(combo.count() - 1, render(level.blurb), Qt.ItemDataRole.ToolTipRole)
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    for level, like in withheld_levels(game_id):
        combo.addItem(
            render(
                Msg(
                    "Computer: {level} (in this game no stronger than {like})",
                    level=level.title,
                    like=like.title,
                )
            )
        )
        model.item(combo.count() - 1).setEnabled(False)
        combo.setItemData(
            combo.count() - 1,
            _(
                "Not offered in this game: thinking ahead has not yet measured stronger than "
                "the rules of thumb here."
            ),
            Qt.ItemDataRole.ToolTipRole,
        )


class SeatRow(QWidget):
    """One seat: its name and who plays it (a person, or a computer at a level)."""

    def __init__(self, seat: SeatSpec, game_id: str) -> None:
        super().__init__()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.number = QLabel()
        self.name = QLineEdit(seat.name)
        self.kind = QComboBox()
        self.kind.addItem(_("Person"), "")
        add_levels(self.kind, game_id, str)
        found = self.kind.findData(seat.bot or "")
        if found < 0:
            found = self.kind.findData(default_bot(game_id))
        self.kind.setCurrentIndex(max(0, found))
        self.remove = QPushButton("✕")
        self.remove.setFixedWidth(28)
        self.remove.setToolTip(_("Remove this seat"))
        row.addWidget(self.number)
        row.addWidget(self.name, 1)
        row.addWidget(self.kind)
        row.addWidget(self.remove)

    def spec(self, index: int) -> SeatSpec:
        """The seat as chosen."""
        bot = str(self.kind.currentData()) or None
        name = self.name.text().strip() or (computer_name(index) if bot else person_name(index))
        return SeatSpec(name, bot)


class NewGameDialog(QDialog):
    """Pick the seats, options and seed for a new match of one game."""

    def __init__(self, info: GameInfo, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info, self.settings = info, settings
        self.setWindowTitle(render(Msg("New game — {game}", game=game_title(info))))
        remembered = load_choices(settings, info)
        layout = QVBoxLayout(self)
        seats_box = QGroupBox(_("Who plays each seat"))
        seats_layout = QVBoxLayout(seats_box)
        count_row = QHBoxLayout()
        self.count = QSpinBox()
        self.count.setRange(info.min_players, info.max_players)
        self.count.setAccelerated(True)
        self.count.setToolTip(
            render(
                Msg(
                    "Type or choose how many play: {low}–{high}",
                    low=info.min_players,
                    high=info.max_players,
                )
            )
        )
        count_label = QLabel(
            render(Msg("Players ({low}–{high})", low=info.min_players, high=info.max_players))
        )
        count_label.setBuddy(self.count)
        self.count.setMinimumWidth(80)
        count_row.addWidget(count_label)
        count_row.addWidget(self.count)
        count_row.addStretch(1)
        seats_layout.addLayout(count_row)
        self.rows_widget = QWidget()
        self.rows = QVBoxLayout(self.rows_widget)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.rows_widget)
        scroll.setMinimumHeight(160)
        seats_layout.addWidget(scroll)
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
                add_option_rows(form, opt, widget)
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
        self.count.valueChanged.connect(self.set_count)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self._update_counts()

    def _add_row(self, seat: SeatSpec) -> None:
        row = SeatRow(seat, self.info.id)
        row.remove.clicked.connect(lambda: self._remove_row(row))
        self.seat_rows.append(row)
        self.rows.insertWidget(self.rows.count() - 1, row)

    def set_count(self, count: int) -> None:
        """Add computer seats at the default level, or drop the last seats, to seat `count`."""
        count = max(self.info.min_players, min(self.info.max_players, count))
        while len(self.seat_rows) > count:
            self.seat_rows.pop().deleteLater()
        bot = default_bot(self.info.id)
        while len(self.seat_rows) < count:
            self._add_row(SeatSpec(computer_name(len(self.seat_rows)), bot))
        self._update_counts()

    def _remove_row(self, row: SeatRow) -> None:
        if len(self.seat_rows) <= self.info.min_players:
            return
        self.seat_rows.remove(row)
        row.deleteLater()
        self._update_counts()

    def _update_counts(self) -> None:
        n = len(self.seat_rows)
        self.count.blockSignals(True)
        self.count.setValue(n)
        self.count.blockSignals(False)
        for i, row in enumerate(self.seat_rows):
            row.number.setText(f"{i + 1}.")
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
