"""The table at 1024×700: what is drawn stays where it is said to be, and nothing is cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSettings, Qt
from PySide6.QtGui import QFontMetricsF, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem
from ui_helpers import Closing

from tabletop.bots.base import make_bot
from tabletop.engine.registry import get_game
from tabletop.fonts import table_font
from tabletop.ui.app import MainWindow, _autoplay, apply_language
from tabletop.ui.table.gamelog import Banner
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget


def _painted(item: object, size: tuple[int, int]) -> QRectF:
    """The box of every pixel `item.paint` touches (scene coordinates)."""
    image = QImage(size[0], size[1], QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y).alpha():
                xs.append(x)
                ys.append(y)
    return QRectF(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def test_a_banner_repaints_all_it_drew_when_it_goes(closing: Closing) -> None:
    """What a banner draws lies inside its bounding rectangle, which is what the view repaints
    when the banner fades: a yellow line of its outline must not stay on the felt."""
    scene = QGraphicsScene(0, 0, 400, 300)
    banner = Banner()
    scene.addItem(banner)
    banner.announce(["Round 1 is over", "Ann takes K♠"], QRectF(50, 50, 300, 200), False, 0)
    drawn = _painted(banner, (400, 300))
    assert banner.boundingRect().contains(drawn), (drawn, banner.boundingRect())
    banner.dismiss()


def test_the_received_banner_leaves_the_trick_to_follow_in_sight(
    qtbot: object, closing: Closing
) -> None:
    game = get_game("second-third")
    session = Session(game, parse_seats("second-third", ["Ann", "cpu", "cpu"]), 3)
    table = closing.widget(TableWidget(session, INSTANT))
    table.bots_enabled = False
    table.resize(1024, 700)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    helper = make_bot("second-third", "random", 5)
    for _ in range(10):
        if table.banner.isVisible() and any("received" in t for t in table.banner.lines):
            break
        seat = min(session.to_act())
        assert table.attempt(seat, helper.choose(session.view(seat))) is None
    else:
        raise AssertionError("no pass received")
    trick = table.scene.zone_items["trick"].rect
    assert not table.banner.rect.intersects(trick), (table.banner.rect, trick)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_27_seat_names_drop_the_level_before_they_are_cut(
    qtbot: object, closing: Closing, lang: str
) -> None:
    apply_language(lang)
    try:
        seats = ["You"] + ["cpu"] * 26
        session = Session(get_game("triq"), parse_seats("triq", seats), 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 700)
        table.show()
        table.start()
        qtbot.waitExposed(table)
        cut = 0
        for plate in table.scene.plates.values():
            full, text = plate.name, plate.shown_name().removeprefix("▶ ")
            base = full.split(" (")[0].split("（")[0]
            assert text in (full, base), (full, text)  # whole, or without the level
            cut += text != full
        assert cut, "at 27 seats some names are too long for their boxes"
    finally:
        apply_language("en")


def _label_box(item: object) -> QRectF:
    """Where a zone's label text is drawn."""
    text, size = item.shown_label()
    width = QFontMetricsF(table_font(size)).horizontalAdvance(text)
    return QRectF(item.rect.center().x() - width / 2, item.rect.y(), width, item.label_h)


@pytest.mark.parametrize(
    ("game_id", "seats"),
    [("hagetaka", 4), ("hagetaka-party", 25), ("triq", 27), ("pokered-trick", 7)],
)
def test_zone_labels_use_free_space_beside_them_before_they_are_cut(
    qtbot: object, closing: Closing, game_id: str, seats: int
) -> None:
    apply_language("ja")
    try:
        names = ["You"] + ["cpu"] * (seats - 1)
        session = Session(get_game(game_id), parse_seats(game_id, names), 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 700)
        table.show()
        table.start()
        qtbot.waitExposed(table)
        scene = table.scene
        shown = [z for z in scene.zone_items.values() if z.isVisible() and z.label]
        boxes = {z.zone_id: _label_box(z) for z in shown}
        for a in shown:
            for b in shown:
                if a is not b and abs(a.rect.y() - b.rect.y()) < 1:
                    assert not boxes[a.zone_id].intersects(boxes[b.zone_id]), (a.label, b.label)
        owners = {z.id: z.owner for z in scene.view.zones}
        for z in shown:
            for seat, plate in scene.plates.items():
                if seat != owners[z.zone_id] and seat != scene.bottom:
                    assert not boxes[z.zone_id].intersects(plate.rect), (z.label, seat)
        if game_id == "hagetaka":
            middle = [z for z in shown if owners[z.zone_id] is None]
            assert middle and not [z.label for z in middle if z.shown_label()[0].endswith("…")]
    finally:
        apply_language("en")


@pytest.mark.parametrize(
    ("game_id", "lang"),
    [("hagetaka", "en"), ("pokered-trick", "en"), ("hagetaka", "ja"), ("hagetaka-party", "en")],
)
def test_the_own_plate_shows_every_counter_at_1024_by_700(
    qtbot: object, closing: Closing, game_id: str, lang: str
) -> None:
    apply_language(lang)
    try:
        seats = {"pokered-trick": 7, "hagetaka-party": 25}.get(game_id, 4)
        session = Session(
            get_game(game_id), parse_seats(game_id, ["You"] + ["cpu"] * (seats - 1)), 3
        )
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 700)
        table.show()
        table.start()
        qtbot.waitExposed(table)
        own = table.scene.plates[0]
        assert own.chunks
        assert not any(line.endswith("…") for line in own.lines()), own.lines()
    finally:
        apply_language("en")


def test_a_seats_taken_cards_keep_their_label_in_japanese(qtbot: object, closing: Closing) -> None:
    """The zone of score cards a seat took this round is labelled whole at 1024×700 (its
    Japanese label was cut: "このラウンドの獲得…")."""
    apply_language("ja")
    try:
        names = ["You"] + ["cpu"] * 3
        session = Session(get_game("hagetaka"), parse_seats("hagetaka", names), 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 700)
        table.show()
        table.start()
        qtbot.waitExposed(table)
        helper = make_bot("hagetaka", "random", 1)
        seen = 0
        for _ in range(80):
            for zone in table.scene.zone_items.values():
                if zone.zone_id.startswith("taken") and zone.isVisible() and zone.label:
                    assert not zone.shown_label()[0].endswith("…"), zone.label
                    seen += 1
            seat = min(session.to_act())
            assert table.attempt(seat, helper.choose(session.view(seat))) is None
            if table.summary.isVisible():
                table.summary.dismiss()
        assert seen
    finally:
        apply_language("en")


def test_the_hidden_launcher_does_not_widen_the_table_past_1024_in_japanese(
    qtbot: object, closing: Closing, tmp_path: Path
) -> None:
    """The launcher's row of buttons is wider in Japanese; hidden behind the table it widened
    the whole window from 1024 to 1043 px."""
    apply_language("ja")
    try:
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = closing.widget(MainWindow(settings))
        window.resize(1024, 700)
        window.show()
        game = get_game("hagetaka")
        window.start_match(game, parse_seats("hagetaka", ["You", "cpu", "cpu"]), 3, {}, INSTANT)
        window.resize(1024, 700)
        qtbot.waitExposed(window)
        assert window.width() == 1024
    finally:
        apply_language("en")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_vulture_middle_piles_keep_their_counts_at_1024_by_700(
    qtbot: object, closing: Closing, lang: str
) -> None:
    """With counts added, the middle piles' labels were cut ("使用済みの得点カー…", "Used
    score cards …"): the count always shows, and in Japanese the whole label does."""
    apply_language(lang)
    try:
        session = Session(get_game("hagetaka"), parse_seats("hagetaka", ["You"] + ["cpu"] * 3), 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 640)
        table.show()
        table.start()
        qtbot.waitExposed(table)
        owners = {z.id: z.owner for z in session.view(0).zones}
        helper = make_bot("hagetaka", "random", 1)
        counted = 0
        for _ in range(40):
            for zone in table.scene.zone_items.values():
                if owners.get(zone.zone_id, 0) is not None or not zone.isVisible():
                    continue
                shown = zone.shown_label()[0]
                if zone.label.endswith(")"):
                    counted += 1
                    assert shown.endswith(zone.label[zone.label.rindex(" (") :]), shown
                if lang == "ja":
                    assert shown == zone.label, shown
            seat = min(session.to_act())
            assert table.attempt(seat, helper.choose(session.view(seat))) is None
            if table.summary.isVisible():
                table.summary.dismiss()
        assert counted
    finally:
        apply_language("en")


def test_the_japanese_vulture_status_is_not_cut_at_1024_by_700(
    qtbot: object, closing: Closing
) -> None:
    """Between two side seats' boxes the status line was cut ("…見送りなら…"): it takes the
    free width beside the middle and wraps there. A cut status keeps its whole text as a
    tooltip, so an empty tooltip after painting means all of it is drawn."""
    apply_language("ja")
    try:
        session = Session(get_game("hagetaka"), parse_seats("hagetaka", ["You"] + ["cpu"] * 3), 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 640)
        table.show()
        table.start()
        qtbot.waitExposed(table)
        helper = make_bot("hagetaka", "random", 1)
        for _ in range(6):
            status = table.scene.status
            table.grab()
            assert status.text and status.toolTip() == "", status.text
            seat = min(session.to_act())
            assert table.attempt(seat, helper.choose(session.view(seat))) is None
            if table.summary.isVisible():
                table.summary.dismiss()
    finally:
        apply_language("en")


def test_the_last_trick_buttons_words_stay_inside_it_in_japanese(
    qtbot: object, closing: Closing
) -> None:
    """At 7 seats and 1024×700 "直前のトリック ▾" (now "前のトリック ▾") was wider than its
    button and spilled over the info corner beside it."""
    apply_language("ja")
    try:
        names = ["You"] + ["cpu"] * 6
        session = Session(get_game("pokered-trick"), parse_seats("pokered-trick", names), 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 640)
        table.show()
        table.start()
        qtbot.waitExposed(table)
        helper = make_bot("pokered-trick", "random", 1)
        button = table.scene.last_trick
        while not button.isVisible():
            seat = min(session.to_act())
            assert table.attempt(seat, helper.choose(session.view(seat))) is None
        words = QFontMetricsF(button.button_font()).horizontalAdvance("前のトリック ▾")
        assert words <= button.button.width(), (words, button.button.width())
    finally:
        apply_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_six_seat_vulture_status_is_not_cut_at_1024_by_700(
    qtbot: object, closing: Closing, lang: str
) -> None:
    """At 6 seats the side seats' boxes leave the status line about 200 px ("…seal a nu…"): it
    gets the lines its words need there, and its whole text wraps onto them."""
    apply_language(lang)
    try:
        names = ["You"] + ["cpu"] * 5
        session = Session(get_game("hagetaka"), parse_seats("hagetaka", names), 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 642)  # a 1024x700 window less its menu and status bars
        table.show()
        table.start()
        qtbot.waitExposed(table)
        for _ in range(30):  # as the screenshots play: the computer's choice for every seat
            _autoplay(table, 1)
            status = table.scene.status
            # the whole text, wrapped onto the lines its box has, at a readable size
            assert status.text and status._wrapped(status.text.splitlines()), status.text
    finally:
        apply_language("en")


@pytest.mark.parametrize(
    ("game_id", "seats"), [("second-third", 5), ("pokered-trick", 7), ("wild-rawz", 4)]
)
def test_the_japanese_info_corner_is_not_cut_at_1024_by_700(
    qtbot: object, closing: Closing, game_id: str, seats: int
) -> None:
    """Beside the last-trick button the info corner was cut ("ディーラー …", "スター…"): its
    counters go as many a line as fit, and under the button where one does not fit beside it.
    Every line, at the corner's own font, fits its box across and down."""
    apply_language("ja")
    try:
        names = ["You"] + ["cpu"] * (seats - 1)
        session = Session(get_game(game_id), parse_seats(game_id, names), 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.bots_enabled = False
        table.resize(1024, 642)  # a 1024x700 window less its menu and status bars
        table.show()
        table.start()
        qtbot.waitExposed(table)
        for _ in range(30):  # as the screenshots play
            _autoplay(table, 1)
            info = table.scene.info
            assert info.text
            metrics = QFontMetricsF(table_font(info.font_px))
            for line in info.text.splitlines():
                assert metrics.horizontalAdvance(line) + 24 <= info.rect.width(), line
            laid = metrics.boundingRect(
                QRectF(0, 0, 1e6, 1e6), Qt.AlignmentFlag.AlignLeft, info.text
            )
            assert laid.height() + 8 <= info.rect.height() + 1, info.text
            corner = table.scene.last_trick
            if corner.isVisible():
                assert not corner.sceneBoundingRect().intersects(info.rect), info.text
    finally:
        apply_language("en")


@pytest.mark.parametrize(("game_id", "seats"), [("hagetaka-party", 25), ("triq", 27)])
def test_crowded_seat_boxes_show_more_than_their_score_at_1920_by_1080(
    qtbot: object, closing: Closing, game_id: str, seats: int
) -> None:
    """At 25–27 seats the other seats' boxes showed "Score 0 …" and dropped the rest: a box
    takes a smaller type, then leaves out the counters standing at zero, so that at least two
    of its counters are read, every one of those drawn whole."""
    names = ["You"] + ["cpu"] * (seats - 1)
    session = Session(get_game(game_id), parse_seats(game_id, names), 3)
    table = closing.widget(TableWidget(session, INSTANT))
    table.bots_enabled = False
    table.resize(1920, 1022)  # a 1920x1080 window less its menu and status bars
    table.show()
    table.start()
    qtbot.waitExposed(table)
    _autoplay(table, 40)  # as the screenshots play
    checked = 0
    for seat, plate in table.scene.plates.items():
        if seat == session.humans[0] or len(plate.chunks) < 2:
            continue
        shown = [c for line in plate.lines() for c in line.removesuffix(" …").split(" · ")]
        assert len(shown) >= 2, (plate.name, plate.lines())
        assert set(shown) <= set(plate.chunks), (plate.name, plate.lines())
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(
    ("game_id", "seats"), [("hagetaka", 3), ("hagetaka", 6), ("hagetaka-party", 3)]
)
def test_english_middle_pile_labels_are_whole_at_1024_by_700(
    qtbot: object, closing: Closing, game_id: str, seats: int
) -> None:
    """The English middle piles were cut ("Number… (39)", "Score cards t… (85)"): their
    names are short enough to show whole, count and all."""
    names = ["You"] + ["cpu"] * (seats - 1)
    session = Session(get_game(game_id), parse_seats(game_id, names), 3)
    table = closing.widget(TableWidget(session, INSTANT))
    table.bots_enabled = False
    table.resize(1024, 642)  # a 1024x700 window less its menu and status bars
    table.show()
    table.start()
    qtbot.waitExposed(table)
    seen = 0
    for _ in range(30):  # as the screenshots play
        _autoplay(table, 1)
        owners = {z.id: z.owner for z in session.view(0).zones}
        for zone in table.scene.zone_items.values():
            if owners.get(zone.zone_id, 0) is not None or not zone.isVisible():
                continue
            assert zone.shown_label()[0] == zone.label, zone.label
            seen += 1
    assert seen
