"""The launcher, the new-game dialog, the results screen and `launch` with --screenshot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel
from ui_helpers import Closing

from tabletop.engine.game import Result
from tabletop.engine.registry import all_games, get_game
from tabletop.sheets.curve import running_totals
from tabletop.ui.app import MainWindow, apply_language
from tabletop.ui.dialogs.newgame import NewGameDialog, load_choices
from tabletop.ui.dialogs.results import ResultsDialog, ranking
from tabletop.ui.launcher import Launcher
from tabletop.ui.table.session import SeatSpec, Session, parse_seats
from tabletop.ui.table.table import INSTANT


def test_launcher_lists_every_game_with_titles_and_rules(closing: Closing) -> None:
    launcher = closing.widget(Launcher())
    assert launcher.list.count() == len(all_games())
    for row, game in enumerate(all_games()):
        launcher.list.setCurrentRow(row)
        text = launcher.about.text()
        info = game.info
        assert info.title in text and info.title_en in text and str(info.min_players) in text
        assert launcher.rules.toPlainText().strip()


def test_new_game_dialog_remembers_seats_options_and_seed(
    closing: Closing, settings: QSettings
) -> None:
    info = get_game("second-third").info
    dialog = closing.widget(NewGameDialog(info, settings))
    dialog.seat_rows[0].name.setText("Ann")
    dialog.count.setValue(4)
    dialog.option_widgets["ver2"].setChecked(True)
    dialog.seed.setText("42")
    dialog._accept()
    assert dialog.seats()[0] == SeatSpec("Ann")
    remembered = load_choices(settings, info)
    assert remembered["seats"][0] == SeatSpec("Ann")
    assert len(remembered["seats"]) == 4
    assert remembered["options"] == {"ver2": True}
    assert remembered["seed"] == "42"
    again = closing.widget(NewGameDialog(info, settings))
    assert again.seats() == dialog.seats() and again.seed_value() == 42


def test_cpu_seats_pick_the_rule_of_thumb_player() -> None:
    seats = parse_seats("second-third", ["Ann", "cpu", "cpu:random"])
    assert [s.bot for s in seats] == [None, "thumb", "random"]


def test_results_rank_with_ties_sharing_a_place(closing: Closing) -> None:
    """Second Third, seed 10, three computers always taking the last legal action: Ann and
    Cy finish level on 1 and share first place; the dialog lists them both first."""
    game = get_game("second-third")
    session = Session(game, parse_seats(game.info.id, ["Ann", "Bob", "Cy"]), 10)
    while not session.over:
        seat = min(session.to_act())
        session.act(seat, str(game.legal_actions(session.state, seat)[-1]))
    result = session.result()
    assert ranking(result, session.state.names) == [
        (1, "Ann", 1, True),
        (1, "Cy", 1, True),
        (3, "Bob", -8, False),
    ]
    assert running_totals(result.rounds, 3) == [[0, 0, 0], [-1, 1, 2], [1, -7, 2], [1, -8, 1]]
    dialog = closing.widget(ResultsDialog("Second Third", result, session.state.names))
    assert [dialog.table.item(r, 0).text() for r in range(3)] == ["1", "1", "3"]
    assert dialog.chart.curve.points[-1] == (1, -8, 1) and dialog.chart.curve.leaders == (0, 2)
    dialog.chart.grab()
    assert "Ann 1" in dialog.chart.texts and "Total after each deal" in dialog.chart.texts


def test_the_window_shows_results_when_a_match_ends(
    qtbot: object, closing: Closing, settings: QSettings
) -> None:
    window = closing.widget(MainWindow(settings))
    game = get_game("second-third")
    table = window.start_match(game, parse_seats(game.info.id, ["cpu"] * 3), 4, {}, INSTANT)
    qtbot.waitUntil(lambda: window.results is not None, timeout=30000)
    assert table.session.over
    window.results.rematch.emit()
    assert window.table is not table and window.table.session.seats == table.session.seats


def test_launch_with_screenshot_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "table.png"
    code = (
        "import sys; from tabletop.ui.app import launch; "
        f"sys.exit(launch('second-third', ['Ann', 'cpu', 'cpu'], 3, {{}}, {str(out)!r}, 4))"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
    image = QImage(str(out))
    assert image.width() >= 1000 and image.height() >= 600


def test_screenshot_window_size_is_chosen_on_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "small.png"
    command = [sys.executable, "-c", "import sys; from tabletop.cli import main; sys.exit(main())"]
    command += ["--game", "second-third", "--seats", "Ann,cpu,cpu"]
    command += ["--seed", "3", "--window", "1024x700", "--screenshot", str(out), "--lang", "en"]
    subprocess.run(command, check=True, timeout=120)
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1024, 700)
    bad = [*command[:-6], "--window", "big", "--screenshot", str(out)]
    wrong = subprocess.run(bad, capture_output=True, text=True, timeout=120)
    assert wrong.returncode == 2 and "WxH" in wrong.stderr


def test_the_results_cheer_you_in_the_second_person(closing: Closing) -> None:
    """The seat named "You" that wins is cheered "You win!" (it read "You wins!")."""
    won = Result(totals=(5, 2), places=(1, 2), winners=(0,))
    heads = []
    for lang in ("en", "ja"):
        apply_language(lang)
        try:
            dialog = closing.widget(ResultsDialog("Triq", won, ["You", "CPU 2"]))
            heads.append(dialog.findChild(QLabel).text())
        finally:
            apply_language("en")
    assert "You win!" in heads[0] and "あなたの勝ち！" in heads[1]
    other = closing.widget(ResultsDialog("Triq", won, ["Ann", "You"]))
    assert "Ann wins!" in other.findChild(QLabel).text()
