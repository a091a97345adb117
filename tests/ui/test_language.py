"""The app in Japanese: every visible text translated, the language switch keeping the match,
titles and default seat names in the viewer's language, rules help in the current language."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTableWidget,
    QTabWidget,
    QTreeWidget,
    QWidget,
)

from tabletop.engine.errors import IllegalAction
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.text import Msg
from tabletop.help import rules_markdown
from tabletop.i18n import current, render, set_language
from tabletop.i18n.catalog import LOCALE_DIR
from tabletop.i18n.po import read
from tabletop.net.host import Host
from tabletop.net.host import SeatSpec as NetSeat
from tabletop.ui.app import LANGUAGE_KEY, MainWindow, apply_language
from tabletop.ui.dialogs.newgame import NewGameDialog
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT
from tabletop.ui.texts import game_title, shown_name

PLACEHOLDER = re.compile(r"\{\w+\}")
ENGLISH_IDS = {
    e.msgid
    for e in read(LOCALE_DIR / "ja.po")
    if e.msgid and not e.obsolete and e.msgstr != e.msgid
}
"""The catalogue's English ids whose Japanese differs: none may show in the Japanese UI."""

FIXED_PARTS = sorted(
    {
        part.strip(" .:…")
        for msgid in ENGLISH_IDS
        for part in PLACEHOLDER.split(msgid.replace("&", ""))
        if len(re.findall(r"[A-Za-z]{3,}", part)) >= 2
    }
)
"""Runs of two or more English words from the ids: a rendered template that was not translated
still shows one of them around its values."""


@pytest.fixture
def japanese() -> Iterator[None]:
    """Japanese for the test (texts and Qt's own dialogs), English again afterwards."""
    apply_language("ja")
    try:
        yield
    finally:
        apply_language("en")


def visible_texts(root: QWidget) -> list[str]:
    """Every text a person can read in a widget tree: labels, buttons, titles, items, menus."""
    texts = [root.windowTitle()]
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        texts.append(w.toolTip())
        if isinstance(w, (QLabel, QAbstractButton)):
            texts.append(w.text())
        if isinstance(w, QGroupBox):
            texts.append(w.title())
        if isinstance(w, QLineEdit):
            texts.append(w.placeholderText())
        if isinstance(w, QComboBox):
            texts += [w.itemText(i) for i in range(w.count())]
        if isinstance(w, QTabWidget):
            texts += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QTreeWidget):
            header = w.headerItem()
            texts += [header.text(i) for i in range(header.columnCount())]
        if isinstance(w, QTableWidget):
            for c in range(w.columnCount()):
                item = w.horizontalHeaderItem(c)
                texts.append(item.text() if item is not None else "")
        if isinstance(w, QMenu):
            texts.append(w.title())
        for action in w.actions():
            texts += [action.text(), action.toolTip()]
    return [re.sub(r"\(&\w\)|&", "", t).strip() for t in texts if t and t.strip()]


def untranslated(texts: list[str]) -> list[str]:
    """The texts that are an English id, or hold a run of English words from one."""
    bad = []
    for text in texts:
        plain = PLACEHOLDER.sub("", text)
        if text in ENGLISH_IDS or any(part and part in plain for part in FIXED_PARTS):
            bad.append(text)
    return bad


def test_the_check_sees_english_texts() -> None:
    assert untranslated(["Remove this seat", "New game — セカンドサード", "この席を削除"]) == [
        "Remove this seat",
        "New game — セカンドサード",
    ]


def test_launcher_and_menus_are_all_japanese(
    qtbot: object, settings: QSettings, japanese: None
) -> None:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1024, 640)
    for row in range(window.launcher.list.count()):
        window.launcher.list.setCurrentRow(row)
        assert untranslated(visible_texts(window)) == []
    titles = [window.launcher.list.item(r).text().split("\n")[0] for r in range(3)]
    assert titles == ["%triq", "インタラクション", "セカンドサード"]  # by reading
    assert all_games("ja")[0].info.title_en not in window.launcher.about.text()


def test_new_game_dialog_is_all_japanese(
    qtbot: object, settings: QSettings, japanese: None
) -> None:
    for game in all_games():
        info = game.info
        dialog = NewGameDialog(info, settings)
        qtbot.addWidget(dialog)
        texts = visible_texts(dialog)
        assert untranslated(texts) == [], info.id
        assert dialog.windowTitle() == f"新しいゲーム — {info.title}"
        assert dialog.seats()[0].name == "あなた"


def test_table_chrome_and_results_are_all_japanese(
    qtbot: object, settings: QSettings, japanese: None
) -> None:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1024, 640)
    window.show()
    game = get_game("second-third")
    table = window.start_match(game, parse_seats(game.info.id, ["cpu"] * 3), 4, {}, INSTANT)
    qtbot.waitUntil(lambda: table.served_view is not None, timeout=10000)
    scene = table.scene
    chrome = [*visible_texts(window), scene.status.text]
    chrome += [p.name for p in scene.plates.values()] + [
        c for p in scene.plates.values() for c in p.chunks
    ]
    chrome += [z.label for z in scene.zone_items.values()]
    assert untranslated(chrome) == []
    assert window.windowTitle() == f"Tabletop — {game.info.title}"
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", scene.status.text)
    qtbot.waitUntil(lambda: window.results is not None, timeout=30000)
    texts = visible_texts(window.results)
    assert untranslated(texts) == []
    assert "合計" in texts and "再戦" in texts
    assert window.results.windowTitle() == f"{game.info.title} — 結果"


def test_qt_dialog_buttons_speak_japanese(japanese: None) -> None:
    from PySide6.QtCore import QCoreApplication

    assert QCoreApplication.translate("QPlatformTheme", "&Yes") != "&Yes"
    apply_language("en")
    assert QCoreApplication.translate("QPlatformTheme", "&Yes") == "&Yes"


def test_switching_language_keeps_the_match_in_progress(qtbot: object, settings: QSettings) -> None:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    game = get_game("second-third")
    seats = parse_seats(game.info.id, ["Ann", "cpu", "cpu"])
    table = window.start_match(game, seats, 7, {}, INSTANT, autoplay=False)
    try:
        qtbot.waitUntil(lambda: table.served_view is not None and table.idle, timeout=10000)
        session = table.session
        assert isinstance(session, Session)
        played = 0
        while played < 6:
            seat = min(session.to_act())
            table.attempt(seat, str(game.legal_actions(session.state, seat)[0]))
            played += 1
        qtbot.waitUntil(lambda: table.idle, timeout=10000)
        before = (session.actions, session.log())
        menu_language = {a.data(): a for a in window.language_actions.actions()}
        menu_language["ja"].trigger()
        assert current() == "ja" and settings.value(LANGUAGE_KEY) == "ja"
        new_table = window.table
        assert new_table is not None and new_table is not table
        assert new_table.session is session and (session.actions, session.log()) == before
        assert window.stack.currentWidget() is new_table
        qtbot.waitUntil(lambda: new_table.served_view is not None, timeout=10000)
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", new_table.scene.status.text)
        assert untranslated(visible_texts(window)) == []
        seat = min(session.to_act())
        new_table.attempt(seat, str(game.legal_actions(session.state, seat)[0]))
        assert session.actions == before[0] + 1
        window.language_actions.actions()[1].trigger()
        assert current() == "en" and window.table.session is session
        assert window.menuBar().actions()[0].text() == "&Game"
    finally:
        apply_language("en")


def test_the_remembered_language_is_used_unless_lang_or_env_say_otherwise(
    settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabletop import cli, doctor
    from tabletop.ui import app

    settings.setValue(LANGUAGE_KEY, "ja")
    seen: list[str] = []
    monkeypatch.setattr(app, "QSettings", lambda *_args: settings)
    monkeypatch.setattr(app, "launch", lambda *_args: seen.append(current()) or 0)
    monkeypatch.setattr(doctor, "preflight", lambda: None)
    for var in ("TABLETOP_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    try:
        assert cli.main([]) == 0
        assert cli.main(["--lang", "en"]) == 0
        monkeypatch.setenv("TABLETOP_LANG", "en")
        assert cli.main([]) == 0
    finally:
        apply_language("en")
    assert seen == ["ja", "en", "en"]


def test_titles_and_default_names_follow_the_viewer(japanese: None) -> None:
    info = get_game("second-third").info
    assert game_title(info) == info.title
    assert shown_name("Player 3") == "プレイヤー3" and shown_name("Ann") == "Ann"
    set_language("en")
    assert game_title(info) == f"{info.title} ({info.title_en})"
    assert shown_name("Player 3") == "Player 3"


def test_rules_help_is_in_the_current_language() -> None:
    for game in all_games():
        gid = game.info.id
        english, japanese = rules_markdown(gid, "en"), rules_markdown(gid, "ja")
        assert english != japanese
        assert re.search(r"[\u3040-\u30ff]", japanese) and japanese.lstrip().startswith("#")


def test_a_replay_log_keeps_the_engines_default_names(
    qtbot: object, settings: QSettings, japanese: None
) -> None:
    game = get_game("second-third")
    session = Session(game, parse_seats(game.info.id, ["", "cpu", "cpu"]), 5)
    assert session.state.names[0] == "Player 1"
    assert session.names[0] == "プレイヤー1" and session.view(0).names[0] == "プレイヤー1"
    seat = min(session.to_act())
    session.act(seat, str(game.legal_actions(session.state, seat)[0]))
    assert '"Player 1"' in session.log()[0] and "プレイヤー1" not in "".join(session.log())


CLIENT = Path(__file__).with_name("lan_language_client.py")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def refusal(host: Host, seat: int, action: str) -> Msg:
    """The engine's reason for refusing `action` to `seat` now."""
    with pytest.raises(IllegalAction) as refused:
        host.game.apply(host.state.copy(), seat, action)
    return refused.value.reason


@pytest.mark.parametrize(("host_lang", "client_lang"), [("en", "ja"), ("ja", "en")])
def test_a_lan_host_and_client_each_speak_their_own_language(
    qtbot: object, settings: QSettings, host_lang: str, client_lang: str
) -> None:
    """The host (this process) and a client (a process of its own, since the language is one
    per process) share a table; each shows status, labels and refusals in its own language."""
    apply_language(host_lang)
    host = Host(
        "second-third", [NetSeat("Ann"), NetSeat(network=True), NetSeat(bot="random")], seed=3
    )
    port = host.listen(0, "127.0.0.1")
    window = MainWindow(settings)
    qtbot.addWidget(window)
    client = subprocess.Popen(
        [sys.executable, str(CLIENT), str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TABLETOP_LANG": client_lang},
    )
    try:
        qtbot.waitUntil(lambda: host.state is not None, timeout=30000)
        table = window.sit_host(host, None)
        qtbot.waitUntil(lambda: table.served_view is not None and table.idle, timeout=30000)
        host_refusal = table.attempt(0, "play AS")
        host_status = table.scene.status.text
        host_labels = sorted({z.label for z in table.scene.zone_items.values() if z.label})
        assert window.net_bar is not None
        host_bar = window.net_bar.label.text()
        qtbot.waitUntil(lambda: client.poll() is not None, timeout=60000)
        out, err = client.communicate()
        assert client.returncode == 0, err
        shown = json.loads(out.strip().splitlines()[-1])
        names = host.state.names
        expected = render(refusal(host, 1, "play AS"), client_lang, names, "standard")
        assert shown["lang"] == client_lang and shown["refusal"] == expected
        expected = render(refusal(host, 0, "play AS"), host_lang, names, "standard")
        assert host_refusal == expected
    finally:
        if client.poll() is None:
            client.kill()
            client.communicate()
        window._close_net()
        apply_language("en")
    for text in (shown["status"], shown["refusal"], *shown["labels"]):
        assert bool(JAPANESE.search(text)) == (client_lang == "ja"), text
    for text in (host_status, host_refusal, host_bar, *host_labels):
        assert bool(JAPANESE.search(text)) == (host_lang == "ja"), text
    if client_lang == "ja":
        assert untranslated([shown["status"], shown["refusal"], *shown["labels"]]) == []
    else:
        assert untranslated([host_status, host_refusal, host_bar, *host_labels]) == []
