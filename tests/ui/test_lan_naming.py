"""LAN naming: a seat called "You" at the host is never "You" on another player's screen, and
"your turn" is said only to the seat whose turn it is."""

from __future__ import annotations

import pytest
from lan_helpers import LOOPBACK, client_table, loopback_lan
from ui_helpers import Closing, gesture

from tabletop.bots.base import make_bot
from tabletop.i18n import for_view
from tabletop.net.client import Client
from tabletop.net.host import Host, SeatSpec
from tabletop.ui.lan.netsession import HostSession
from tabletop.ui.table.table import INSTANT, TableWidget
from tabletop.ui.texts import names_for

WAIT = 10_000


def test_a_seat_called_you_is_a_player_number_to_everyone_else() -> None:
    assert names_for(["You", "Bob", "CPU 3"], 1) == ("Player 1", "Bob", "CPU 3")
    assert names_for(["You", "Bob", "CPU 3"], 0) == ("You", "Bob", "CPU 3")
    assert names_for(["あなた", "Bob"], 1) == ("Player 1", "Bob")
    assert names_for(["you ", "Bob"], None) == ("Player 1", "Bob")


def _your(text: str) -> bool:
    return "your" in text.lower()


@pytest.mark.parametrize("game_id", ["interaction", "second-third"])
def test_no_you_on_another_players_screen_and_your_turn_only_for_the_seat_to_act(
    qtbot: object, closing: Closing, game_id: str
) -> None:
    seats = [SeatSpec("You"), SeatSpec(network=True), SeatSpec(bot="thumb")]
    host = closing.keep(Host(game_id, seats, seed=6), lambda: host.close())
    host.listen(0, LOOPBACK)
    client = closing.keep(Client("Bob"), lambda: client.close())
    client.connect_to(LOOPBACK, host.port)
    qtbot.waitUntil(lambda: client.view is not None, timeout=WAIT)
    _session, bob, _bar = client_table(qtbot, closing, client, host.port)
    ann_session = HostSession(host)
    closing.keep(ann_session, lambda: None)
    ann = closing.widget(TableWidget(ann_session, INSTANT))
    ann_session.updated.connect(ann.feed)
    ann.resize(1100, 760)
    ann.show()
    ann.start()
    chooser = make_bot(game_id, "random", 3)
    checked = 0
    for _ in range(60):
        qtbot.waitUntil(
            lambda: (
                host.is_over()
                or (ann.idle and 0 in ann.session.to_act())
                or (client.can_act and bob.idle and bob.served_view is not None)
            ),
            timeout=WAIT,
        )
        if host.is_over():
            break
        qtbot.waitUntil(lambda: bob.idle and ann.idle, timeout=WAIT)
        view = bob.served_view
        assert view is not None and view.seat == 1
        assert view.names[0] == "Player 1", "Ann's seat is not 'You' on Bob's screen"
        assert "You" not in [p.name for s, p in bob.scene.plates.items() if s != 1]
        status = for_view(view.status, view)
        assert not _your(status) or 1 in view.to_act, status
        mine = ann.served_view
        if mine is not None and mine.seat == 0:
            assert not _your(for_view(mine.status, mine)) or 0 in mine.to_act
        checked += 1
        if ann.idle and 0 in ann.session.to_act():
            gesture(ann, chooser.choose(ann.served_view))
        elif client.can_act:
            before = host.seq
            gesture(bob, chooser.choose(view))
            qtbot.waitUntil(lambda b=before: host.seq > b, timeout=WAIT)
    assert checked > 10
    told = "\n".join(bob.gamelog.lines)
    assert "Player 1" in told, "Ann's moves are told by a name on Bob's screen"


def test_default_you_follows_the_language_and_the_waiting_room_never_calls_the_host_you(
    qtbot: object, settings: object
) -> None:
    """The host's "あなた" seat is not "1. あなた" on the joining player's waiting-room list."""
    from types import SimpleNamespace

    from tabletop.i18n import current, set_language
    from tabletop.ui.lan.joindialog import JoinDialog
    from tabletop.ui.texts import shown_name

    before = current()
    set_language("ja")
    try:
        assert shown_name("You") == "あなた" and shown_name("Player 2") == "プレイヤー2"
        dialog = JoinDialog(settings, loopback_lan())  # type: ignore[arg-type]
        qtbot.addWidget(dialog)  # type: ignore[attr-defined]
        dialog.client = SimpleNamespace(seat=1)  # type: ignore[assignment]
        row = {"kind": "network", "taken": True, "connected": True}
        dialog._seats(
            [
                {**row, "seat": 0, "name": "あなた", "kind": "local"},
                {**row, "seat": 1, "name": "You"},
                {**row, "seat": 2, "name": ""},
            ]
        )
        listed = dialog.status.text().split("\n")[-1]
        assert listed == "1. プレイヤー1 · 2. あなた · 3. 空席"
        dialog.client = None
    finally:
        set_language(before)


def test_the_new_game_dialog_offers_the_remembered_you_in_the_current_language(
    settings: object,
) -> None:
    """A "あなた" remembered from a Japanese session is offered as "You" in English."""
    from tabletop.engine.registry import get_game
    from tabletop.i18n import current, set_language
    from tabletop.seats import SeatSpec
    from tabletop.ui.dialogs.newgame import load_choices, save_choices

    info = get_game("second-third").info
    seats = [SeatSpec("あなた"), SeatSpec("Ann"), SeatSpec("Player 3")]
    save_choices(settings, info, seats, {}, "")  # type: ignore[arg-type]
    before = current()
    set_language("en")
    try:
        offered = [s.name for s in load_choices(settings, info)["seats"]]  # type: ignore[arg-type]
        assert offered == ["You", "Ann", "Player 3"]
    finally:
        set_language(before)
