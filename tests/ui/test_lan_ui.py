"""LAN play from the app: host lobby, Join list, client table, reconnecting; loopback only."""

from __future__ import annotations

import json
import socket
from collections import Counter as Multiset

import pytest
from lan_helpers import LOOPBACK, Relay, client_table, loopback_lan, same_view
from PySide6.QtCore import QSettings
from ui_helpers import Closing, gesture, grip, mouse_drag

from tabletop.bots.base import make_bot
from tabletop.engine.errors import IllegalAction
from tabletop.engine.registry import get_game
from tabletop.engine.views import BACK
from tabletop.net import discovery
from tabletop.net import messages as msg
from tabletop.net.client import Client
from tabletop.net.discovery import Announcer
from tabletop.net.host import Host, SeatSpec
from tabletop.ui.app import MainWindow
from tabletop.ui.lan.joindialog import JoinDialog
from tabletop.ui.lan.netsession import HostSession, NetBar
from tabletop.ui.table.table import INSTANT, TableWidget

WAIT = 10_000
"""Upper bound (ms) for any one wait on the network."""


def scene_codes(table: TableWidget) -> Multiset:
    """The codes of every card item on a table."""
    return Multiset(item.code for item in table.scene.cards)


def view_codes(view: object) -> Multiset:
    """The codes of every card in a View's zones."""
    return Multiset(code for zone in view.zones for code in zone.cards)


def started_host(closing: Closing, game: str, seats: list[SeatSpec], seed: int) -> Host:
    """A host on loopback that starts when its open seats are taken (closed at teardown)."""
    host = closing.keep(Host(game, seats, seed=seed), lambda: host.close())
    host.listen(0, LOOPBACK)
    return host


def joined(qtbot: object, closing: Closing, port: int, name: str, **kwargs: object) -> Client:
    """A client that has joined and received its first View (closed at teardown)."""
    client = closing.keep(Client(name, **kwargs), lambda: client.close())
    client.connect_to(LOOPBACK, port)
    qtbot.waitUntil(lambda: client.view is not None, timeout=WAIT)
    return client


def settle(qtbot: object, table: TableWidget, client: Client, host: Host) -> None:
    """Wait until the client holds the host's View and its table has drawn it."""
    qtbot.waitUntil(
        lambda: (
            same_view(client, host, client.seat)
            and table.idle
            and table.served_view is not None
            and table.served_view.to_json() == host.view(client.seat).to_json()
        ),
        timeout=WAIT,
    )


def hand(view: object, seat: int) -> object:
    return next(z for z in view.zones if z.kind == "hand" and z.owner == seat)


def test_join_dialog_lists_a_table_announced_on_loopback(
    qtbot: object, closing: Closing, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discovery, "EXPIRY", 0.6)
    lan = loopback_lan()
    host = Host(
        "interaction", [SeatSpec(network=True), SeatSpec(bot="random"), SeatSpec(bot="random")]
    )
    closing.keep(host, host.close)
    port = host.listen(0, LOOPBACK)
    announcer = Announcer(
        lambda: host.announcement("Ann's table"), LOOPBACK, lan.discovery_port, 100
    )
    closing.keep(announcer, announcer.stop)
    window = closing.widget(MainWindow(settings))
    window.lan = lan
    dialog = window.join_game()
    assert dialog.listening
    announcer.start()
    qtbot.waitUntil(lambda: dialog.tables.topLevelItemCount() == 1, timeout=WAIT)
    item = dialog.tables.topLevelItem(0)
    assert "Interaction" in item.text(0)
    assert item.text(1) == "Ann's table"
    assert item.text(2) == f"{LOOPBACK}:{port}"
    assert item.text(3) == "1 of 3"
    dialog.tables.setCurrentItem(item)
    assert dialog.address.text() == f"{LOOPBACK}:{port}"
    announcer.stop()
    qtbot.waitUntil(lambda: dialog.tables.topLevelItemCount() == 0, timeout=WAIT)
    dialog.reject()


def test_join_list_full_of_forged_tables_still_lists_a_real_one(
    qtbot: object, closing: Closing, settings: QSettings
) -> None:
    """Forged senders fill the Join list; a real table announced afterwards shows, with its
    address; the dialog says the list is full and to type the address; a typed address with
    an impossible port is refused in words."""
    lan = loopback_lan()
    dialog = closing.widget(JoinDialog(settings, lan))
    game = get_game("interaction")
    forged = msg.announcement(game, "free", 2000, 3, 1, False, False)
    for n in range(10):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.bind((f"127.0.1.{n + 1}", 0))
            for k in range(4):
                data = json.dumps({**forged, "port": 2000 + k}).encode()
                sock.sendto(data, (LOOPBACK, lan.discovery_port))
        qtbot.wait(20)
    qtbot.waitUntil(lambda: dialog.tables.topLevelItemCount() == discovery.MAX_TABLES, timeout=WAIT)
    assert "full" in dialog.empty.text() and "address" in dialog.empty.text()
    real = msg.announcement(game, "Ann's table", 4567, 3, 1, False, False)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.99", 0))
        sock.sendto(json.dumps(real).encode(), (LOOPBACK, lan.discovery_port))

    def rows() -> list:
        return [dialog.tables.topLevelItem(i) for i in range(dialog.tables.topLevelItemCount())]

    qtbot.waitUntil(lambda: any(r.text(1) == "Ann's table" for r in rows()), timeout=WAIT)
    row = next(r for r in rows() if r.text(1) == "Ann's table")
    assert row.text(2) == "127.0.0.99:4567"
    assert len(rows()) == discovery.MAX_TABLES
    dialog.address.setText("den:99999")
    dialog.join()
    assert "1–65535" in dialog.status.text() and dialog.client is None


def test_lobby_join_list_and_a_computer_play_a_whole_match(
    qtbot: object, closing: Closing, settings: QSettings, tmp_path: object
) -> None:
    """Ann plays at the host, Bob joins from his Join list, a computer takes the third seat;
    both tables are played by gestures to the results, and Bob's table only ever shows what
    his View shows."""
    lan = loopback_lan()
    hosting = closing.widget(MainWindow(settings))
    joining = closing.widget(
        MainWindow(QSettings(str(tmp_path) + "/bob.ini", QSettings.Format.IniFormat))
    )
    for window in (hosting, joining):
        window.lan = lan
        window.tempo = INSTANT
        window.resize(1100, 760)
        window.show()
    lobby = hosting.host_game("interaction")
    lobby.count.setValue(3)
    kinds = ["local", "network", "cpu:random"]
    for choice, kind in zip(lobby.seat_choices, kinds, strict=True):
        choice.kind.setCurrentIndex(choice.kind.findData(kind))
    lobby.seat_choices[0].name.setText("Ann")
    lobby.seed.setText("4")
    lobby.password.setText("lantern")
    lobby.port.setValue(0)
    lobby.open_button.click()
    host = lobby.host
    assert host is not None and lobby.error.text() == ""
    assert f":{host.port}" in lobby.where.text()
    assert not lobby.start_button.isEnabled()

    dialog = joining.join_game()
    qtbot.waitUntil(lambda: dialog.tables.topLevelItemCount() == 1, timeout=WAIT)
    dialog.tables.setCurrentItem(dialog.tables.topLevelItem(0))
    dialog.name.setText("Bob")
    dialog.password.setText("wrong")
    dialog.join_button.click()
    qtbot.waitUntil(lambda: "Wrong room password" in dialog.status.text(), timeout=WAIT)
    dialog.password.setText("lantern")
    dialog.join_button.click()
    qtbot.waitUntil(lambda: "Bob" in lobby.seat_choices[1].status.text(), timeout=WAIT)
    assert lobby.start_button.isEnabled()
    qtbot.waitUntil(lambda: "Waiting for the host" in dialog.status.text(), timeout=WAIT)
    assert "sealed its part of the shuffle" in dialog.status.text()
    assert host.commitment in dialog.status.toolTip()
    assert "Everyone who joins from another computer helps shuffle" in lobby.where.text()
    assert host.commitment in lobby.where.toolTip()
    lobby.start_button.click()
    qtbot.waitUntil(lambda: joining.table is not None, timeout=WAIT)
    ann, bob = hosting.table, joining.table
    assert isinstance(ann.session, HostSession)
    assert bob.session.seat == 1 and ann.session.humans == (0,)
    assert hosting.net_bar is not None and "Hosting on 127.0.0.1:" in hosting.net_bar.label.text()
    client = bob.session.client
    code = host.code()
    assert code is not None and client.code == code
    assert hosting.net_bar.fair.text() == f"Everyone helped shuffle · table code {code}"
    assert "players at other computers (Bob) each added" in hosting.net_bar.fair.toolTip()
    assert (
        joining.net_bar is not None and joining.net_bar.fair.text() == hosting.net_bar.fair.text()
    )
    assert json.loads(host.log_text().splitlines()[0])["seed"] != 4  # the typed seed is mixed in

    chooser = make_bot("interaction", "random", 5)
    checked = 0
    for _ in range(200):
        if host.is_over():
            break
        qtbot.waitUntil(
            lambda: (
                host.is_over()
                or (ann.idle and 0 in ann.session.to_act())
                or (client.can_act and same_view(client, host, 1) and bob.idle)
            ),
            timeout=WAIT,
        )
        if host.is_over():
            break
        if ann.idle and 0 in ann.session.to_act():
            gesture(ann, chooser.choose(ann.served_view))
            continue
        settle(qtbot, bob, client, host)
        view = host.view(1)
        assert scene_codes(bob) == view_codes(view)
        for zone in view.zones:
            if zone.kind == "hand" and zone.owner != 1:
                assert set(zone.cards) <= {BACK}
        checked += 1
        before = host.seq
        gesture(bob, chooser.choose(bob.served_view))
        qtbot.waitUntil(lambda b=before: host.seq > b, timeout=WAIT)
    assert host.is_over() and checked > 0
    qtbot.waitUntil(lambda: hosting.results is not None, timeout=WAIT)
    qtbot.waitUntil(lambda: joining.results is not None, timeout=WAIT)
    result = host.state.result
    assert bob.session.result().places == result.places
    assert bob.session.result().totals == tuple(float(t) for t in result.totals)
    assert joining.results.table.rowCount() == 3
    assert not joining.results.print_button.isVisible()
    qtbot.waitUntil(
        lambda: "Everyone helped shuffle" in joining.results.fairness.text(), timeout=WAIT
    )
    assert f"Table code {code}" in joining.results.codes.text()
    assert f"Record code {host.record_code()}" in joining.results.codes.text()
    assert joining.results.codes.text() == hosting.results.codes.text()
    hosting.results.close()
    joining.results.close()
    hosting.show_launcher()
    joining.show_launcher()
    assert hosting.net is None and joining.net is None


def test_an_illegal_drop_on_a_client_snaps_back_with_the_hosts_reason(
    qtbot: object, closing: Closing
) -> None:
    host = started_host(
        closing,
        "second-third",
        [SeatSpec(network=True), SeatSpec(bot="random"), SeatSpec(bot="random")],
        3,
    )
    client = joined(qtbot, closing, host.port, "Bob")
    _session, table, _bar = client_table(qtbot, closing, client, host.port)
    chooser = make_bot("second-third", "random", 2)
    for _ in range(120):
        qtbot.waitUntil(lambda: client.can_act or host.is_over(), timeout=WAIT)
        settle(qtbot, table, client, host)
        view = table.served_view
        legal = {c for m in view.moves for c in m.cards}
        illegal = [c for c in hand(view, 0).cards if c not in legal]
        if any(m.target == "trick" for m in view.moves) and illegal:
            break
        before = host.seq
        gesture(table, chooser.choose(view))
        qtbot.waitUntil(lambda b=before: host.seq > b, timeout=WAIT)
    else:
        pytest.fail("no must-follow situation reached")
    code = illegal[0]
    with pytest.raises(IllegalAction) as refused:
        host.game.apply(host.state.copy(), 0, f"play {code}")
    card = table.scene.card(code, hand(view, 0).id)
    home = card.rest_pos()
    seq = host.seq
    mouse_drag(table, grip(card), table.scene.zone_items["trick"].rect.center())
    qtbot.waitUntil(lambda: table.scene.notice == str(refused.value), timeout=WAIT)
    qtbot.waitUntil(lambda: (card.pos() - home).manhattanLength() < 0.5, timeout=WAIT)
    assert host.seq == seq and client.pending is None


def test_a_client_that_loses_the_host_reconnects_and_gets_its_view_back(
    qtbot: object, closing: Closing
) -> None:
    host = started_host(
        closing,
        "second-third",
        [SeatSpec(network=True), SeatSpec(bot="random"), SeatSpec(bot="random")],
        8,
    )
    relay = Relay(host.port)
    closing.keep(relay, relay.stop)
    port = relay.listen()
    client = joined(qtbot, closing, port, "Bob", retry_ms=100, retries=5)
    _session, table, bar = client_table(qtbot, closing, client, port)
    welcomes: list[dict] = []
    client.welcomed.connect(welcomes.append)
    chooser = make_bot("second-third", "random", 3)
    for _ in range(4):
        qtbot.waitUntil(lambda: client.can_act, timeout=WAIT)
        settle(qtbot, table, client, host)
        before = host.seq
        gesture(table, chooser.choose(table.served_view))
        qtbot.waitUntil(lambda b=before: host.seq > b, timeout=WAIT)
    settle(qtbot, table, client, host)
    relay.cut()
    qtbot.waitUntil(lambda: bar.isVisible() and bar.label.text() == "Reconnecting…", timeout=WAIT)
    # Connected again: the bar says nothing of the connection, only the fairness line.
    qtbot.waitUntil(lambda: bar.label.text() == "" and len(welcomes) == 1, timeout=WAIT)
    assert bar.fair.text() == f"Everyone helped shuffle · table code {host.code()}"
    assert host.seat_rows()[0]["connected"]
    settle(qtbot, table, client, host)

    relay.stop()
    qtbot.waitUntil(lambda: bar.retry.isVisible() and "was lost" in bar.label.text(), timeout=WAIT)
    relay.listen()
    bar.retry.click()
    qtbot.waitUntil(lambda: bar.label.text() == "" and len(welcomes) == 2, timeout=WAIT)
    settle(qtbot, table, client, host)
    qtbot.waitUntil(lambda: client.can_act, timeout=WAIT)
    before = host.seq
    gesture(table, chooser.choose(table.served_view))
    qtbot.waitUntil(lambda: host.seq > before, timeout=WAIT)


def test_the_host_hands_a_dropped_seat_to_a_computer_and_back(
    qtbot: object, closing: Closing
) -> None:
    host = started_host(
        closing,
        "seltsam-walzer",
        [SeatSpec(network=True), SeatSpec(bot="random"), SeatSpec(bot="random")],
        9,
    )
    client = joined(qtbot, closing, host.port, "Bob")
    session = closing.keep(HostSession(host), lambda: session.close())
    bar = closing.widget(NetBar(session))
    assert "waiting for" not in bar.label.text()
    client.drop()
    qtbot.waitUntil(lambda: "Bob (disconnected)" in bar.label.text(), timeout=WAIT)
    stand_in = bar.seat_action("Let a computer play Bob's seat › Steady")
    assert stand_in is not None
    before = host.seq
    stand_in.trigger()
    assert host.seat_rows()[0]["computer"] == "thumb"
    assert "a computer plays" in bar.label.text()
    qtbot.waitUntil(lambda: host.seq >= before + 6, timeout=WAIT)
    give_back = bar.seat_action("Give Bob's seat back")
    assert give_back is not None
    give_back.trigger()
    assert host.seat_rows()[0]["computer"] is None
