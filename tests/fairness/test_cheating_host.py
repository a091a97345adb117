"""A cheating host, built from the project's own Host, against each client's own check.

Each test plays one LAN match on 127.0.0.1 with a host that cheats in one way the review
found (issue 33) and asserts the client's verdict catches it; the honest host still verifies.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from tabletop.cli import main
from tabletop.engine.rng import fresh_seed
from tabletop.engine.text import Msg
from tabletop.net import host as host_module
from tabletop.net import messages as msg
from tabletop.net.bench import LOOPBACK, pump_until
from tabletop.net.client import Client
from tabletop.net.fairness import (
    BAD_MOVE,
    BAD_SHUFFLE,
    BAD_TABLE,
    EARLY,
    EVERYONE_SHUFFLED,
    FORGED_MOVE,
    HOST_ALONE,
    NOT_RANDOM,
    NOT_SHOWN,
    RANDOM_FROM,
    Received,
    Verdict,
)
from tabletop.net.framing import encode
from tabletop.net.host import Host, SeatSpec

NET = SeatSpec(network=True)
CPU = SeatSpec(bot="thumb")


class Match:
    """A host and its clients on loopback, each client playing random legal moves."""

    def __init__(self, host: Host, clients: int = 1, spectators: int = 0, **kw: Any) -> None:
        self.host = host
        self.rng = random.Random(11)
        port = host.listen(0, LOOPBACK)
        self.clients = [Client(f"P{i + 1}", **kw) for i in range(clients)]
        self.clients += [Client("Watcher", spectator=True, **kw) for _ in range(spectators)]
        for client in self.clients:
            client.viewChanged.connect(lambda _v, c=client: self.play(c))
            client.errorReceived.connect(lambda *_a, c=client: self.play(c))
            client.connect_to(LOOPBACK, port)

    def play(self, client: Client) -> None:
        """Let `client` play a random legal move if it may."""
        if client.can_act and client.view is not None:
            client.act(self.rng.choice(client.view["moves"])["action"])

    def run(self, timeout: float = 60.0) -> list[Verdict]:
        """Play until every client has a verdict; the verdicts."""
        assert pump_until(lambda: all(c.fairness is not None for c in self.clients), timeout), (
            "no verdict"
        )
        return [c.fairness for c in self.clients if c.fairness is not None]

    def close(self) -> None:
        """Close the clients and the host."""
        for client in self.clients:
            client.close()
        self.host.close()
        pump_until(lambda: False, 0.05)
        for client in self.clients:
            client.deleteLater()
        self.host.deleteLater()


@pytest.fixture
def match(net_app: object) -> Iterator[Any]:
    """Make a Match (closed at teardown)."""
    made: list[Match] = []

    def make(host: Host, clients: int = 1, spectators: int = 0, **kw: Any) -> Match:
        made.append(Match(host, clients, spectators, **kw))
        return made[-1]

    yield make
    for m in made:
        m.close()


@pytest.fixture(scope="module")
def net_app() -> object:
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def caught(verdict: Verdict, summary: Msg) -> None:
    assert not verdict.ok, verdict.message
    assert verdict.summary == summary, (verdict.summary, verdict.message)


# ---- the honest host ------------------------------------------------------------------------
def test_an_honest_table_verifies_and_every_screen_shows_one_code(match: Any) -> None:
    m = match(Host("triq", [NET, NET, CPU, NET]), clients=3, spectators=1)
    verdicts = m.run()
    assert all(v.ok and v.summary == EVERYONE_SHUFFLED for v in verdicts), verdicts
    host = m.host
    codes = {c.code for c in m.clients} | {host.code()}
    assert len(codes) == 1 and None not in codes
    records = {c.record_code() for c in m.clients} | {host.record_code()}
    assert len(records) == 1 and None not in records
    seed = json.loads(host.log_text().splitlines()[0])["seed"]
    assert seed >= RANDOM_FROM
    table = m.clients[0].received.table
    assert table is not None and table["kinds"] == ["network", "network", "cpu", "network"]
    assert [bool(p) for p in table["pledges"]] == [True, True, False, True]


def test_a_typed_seed_is_only_mixed_in(match: Any) -> None:
    """Seed 3 typed by the host: the deal is not seed 3, and it is one no one chose."""
    m = match(Host("trump-duel", [NET, CPU], seed=3))
    (verdict,) = m.run()
    assert verdict.ok
    seed = json.loads(m.host.log_text().splitlines()[0])["seed"]
    assert seed != 3 and seed >= RANDOM_FROM


def test_a_table_of_computers_says_no_one_helped_and_a_small_seed_is_not_random(
    match: Any,
) -> None:
    m = match(Host("trump-duel", [CPU, CPU], seed=3), clients=0, spectators=1)
    assert pump_until(lambda: m.clients[0].received.commitment is not None, 10)
    m.host.start()
    (verdict,) = m.run()
    caught(verdict, NOT_RANDOM)
    m2 = match(Host("trump-duel", [CPU, CPU], seed=fresh_seed()), clients=0, spectators=1)
    assert pump_until(lambda: m2.clients[0].received.commitment is not None, 10)
    m2.host.start()
    (verdict,) = m2.run()
    assert verdict.ok and verdict.summary == HOST_ALONE


# ---- 1. choosing the deal -----------------------------------------------------------------
def test_a_host_that_deals_with_its_own_seed_alone_is_caught(
    match: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "deal_seed", lambda secret, table, nonces: secret)
    m = match(Host("trump-duel", [NET, CPU]))
    (verdict,) = m.run()
    caught(verdict, BAD_SHUFFLE)


class PicksAfterSeeing(Host):
    """Chooses its own part once it has seen the players' parts (a seed it likes)."""

    def _deal(self) -> None:
        self._shuffle.secret = fresh_seed()
        super()._deal()


def test_a_host_that_changes_its_part_after_seeing_the_players_is_caught(match: Any) -> None:
    m = match(PicksAfterSeeing("trump-duel", [NET, CPU]))
    (verdict,) = m.run()
    caught(verdict, BAD_SHUFFLE)
    assert "do not match the commitment" in verdict.message


class LeavesOutAPlayer(Host):
    """Deals as if seat 0 had not added its part (or had added one the host picked)."""

    def _deal(self) -> None:
        assert self.table is not None and self.nonces is not None
        self.nonces[0] = "00" * 16
        self.table = dict(self.table, pledges=[None, *self.table["pledges"][1:]])
        super()._deal()


def test_a_host_that_leaves_out_a_players_part_is_caught(match: Any) -> None:
    m = match(LeavesOutAPlayer("trump-duel", [NET, CPU]))
    (verdict,) = m.run()
    caught(verdict, BAD_SHUFFLE)
    assert m.clients[0].shuffle_problem is not None  # seen at the deal, before any card


# ---- 2. changing a player's own moves -----------------------------------------------------
class ChangesMoves(Host):
    """Plays another legal move than the one seat 0 sent (three times)."""

    changed = 0

    def _on_act(self, conn: Any, act: msg.Act) -> None:
        state = self.state
        if conn.seat == 0 and state is not None and self.changed < 3:
            sent = str(self.game.parse_action(act.action))
            others = [str(a) for a in self.game.legal_actions(state, 0) if str(a) != sent]
            if others:
                self.changed += 1
                act = msg.Act(others[0], act.ref)
        super()._on_act(conn, act)


def test_a_host_that_changes_a_players_move_is_caught(match: Any) -> None:
    m = match(ChangesMoves("wild-rawz", [NET, CPU, CPU]))
    (verdict,) = m.run()
    assert m.host.changed == 3
    caught(verdict, BAD_MOVE)


class PlaysForASeat(Host):
    """Plays one move for seat 0 itself while its person holds the seat."""

    forged = False

    def _apply_now(self, seat: int, text: str, sender: Any, ref: int | None) -> None:
        super()._apply_now(seat, text, sender, ref)
        state = self.state
        idle = state is not None and state.result is None and seat != 0
        if not self.forged and idle and state is not None and 0 in self.game.to_act(state):
            self.forged = True
            QTimer.singleShot(0, self, self._forge)

    def _forge(self) -> None:
        state = self.state
        assert state is not None
        if 0 in self.game.to_act(state):
            self._apply(0, str(self.game.legal_actions(state, 0)[-1]))
        else:
            self.forged = False


def test_a_host_that_plays_a_move_the_player_never_sent_is_caught(match: Any) -> None:
    m = match(PlaysForASeat("wild-rawz", [NET, CPU, CPU]))
    (verdict,) = m.run()
    assert m.host.forged
    caught(verdict, FORGED_MOVE)


def test_a_computer_standing_in_is_not_taken_for_a_forged_move(match: Any) -> None:
    """The honest host lets a computer play a connected seat for a while and gives it back."""
    m = match(Host("wild-rawz", [NET, CPU, CPU]))
    host = m.host
    assert pump_until(lambda: host.seq >= 2, 20)
    host.set_computer(0, "thumb")
    start = host.seq
    assert pump_until(lambda: host.seq >= start + 6 or host.is_over(), 20)
    host.set_computer(0, None)
    m.play(m.clients[0])
    (verdict,) = m.run()
    assert verdict.ok, verdict.message


# ---- 3. switching the check off with an early reveal ---------------------------------------
class RevealsEarly(Host):
    """Sends its seed right after the deal (a client that checked then would check nothing)."""

    def _deal(self) -> None:
        super()._deal()
        data = self._shuffle.reveal(self.log_text())
        for conn in self._conns:
            self._send(conn, data)


def test_an_early_reveal_fails_and_nothing_is_cut(match: Any, tmp_path: Path) -> None:
    m = match(RevealsEarly("trump-duel", [NET, CPU]))
    (verdict,) = m.run()
    caught(verdict, EARLY)
    client = m.clients[0]
    views = [f["seq"] for f in client.received.frames if f["type"] == "view"]
    assert views[-1] == m.host.seq > 0  # every frame up to the end was kept
    log, received = tmp_path / "m.jsonl", tmp_path / "m.received.jsonl"
    log.write_text(m.host.log_text(), encoding="utf-8")
    client.received.save(received)
    assert main(["verify", str(log), "--seat", "0", "--received", str(received)]) == 1


# ---- 4. never revealing --------------------------------------------------------------------
class NeverReveals(Host):
    """Sends the result and never its seed."""

    def _ending(self) -> bytes:
        assert self.state is not None and self.state.result is not None
        return encode(msg.result(self.state.result, self.state.names))


def test_a_host_that_never_reveals_is_not_verified(match: Any) -> None:
    m = match(NeverReveals("trump-duel", [NET, CPU]), reveal_wait_ms=300)
    (verdict,) = m.run()
    caught(verdict, NOT_SHOWN)
    assert not verdict.shown
    assert m.clients[0].received.verdict == verdict.to_json()


class HangsUpAtTheEnd(NeverReveals):
    """Sends the result, then closes every connection."""

    def _ending(self) -> bytes:
        QTimer.singleShot(20, self, self.close)
        return super()._ending()


def test_a_host_that_hangs_up_without_revealing_is_not_verified_at_once(match: Any) -> None:
    m = match(HangsUpAtTheEnd("trump-duel", [NET, CPU]))  # the client's wait is 15 s
    (verdict,) = m.run(timeout=10)
    caught(verdict, NOT_SHOWN)


class RefusesTheReturn(Host):
    """Cuts seat 0 in the middle of the match and refuses its token when it comes back."""

    cut = False

    def _apply_now(self, seat: int, text: str, sender: Any, ref: int | None) -> None:
        super()._apply_now(seat, text, sender, ref)
        conn = self._seats[0].conn
        if not self.cut and self.seq >= 3 and conn is not None:
            self.cut = True
            self._fail(conn, "timeout", Msg("Nothing heard for too long."))

    def _rejoin(self, conn: Any, token: str, name: str, pledge_of: str | None) -> None:
        self._fail(conn, "bad-token", Msg("That seat token is not valid at this table."))


def test_a_host_that_refuses_a_seat_its_return_is_not_verified(match: Any) -> None:
    m = match(RefusesTheReturn("trump-duel", [NET, CPU]), retry_ms=50)
    (verdict,) = m.run(timeout=20)
    caught(verdict, NOT_SHOWN)


# ---- 5. other options than announced ------------------------------------------------------
class AnnouncesOneGame(Host):
    """Welcomes with `games: 1` and plays `games: 2`."""

    def _welcome(self, seat: int | None, token: str | None) -> dict[str, Any]:
        return {**super()._welcome(seat, token), "options": {**self.options, "games": 1}}


def test_a_host_that_plays_other_options_than_announced_is_caught(match: Any) -> None:
    m = match(AnnouncesOneGame("triq", [NET, CPU], {"games": 2}))
    (verdict,) = m.run()
    caught(verdict, BAD_TABLE)
    assert "options" in verdict.message


class RenamesASeat(Host):
    """Shows the table with another name for seat 1 than the log holds."""

    def _shuffle_frames(self, conn: Any) -> bytes:
        if self.table is not None and self.state is None:
            self.table = dict(self.table, names=[self.table["names"][0], "Nobody"])
        return super()._shuffle_frames(conn)


def test_a_log_with_other_seats_than_the_table_is_caught(match: Any) -> None:
    m = match(RenamesASeat("trump-duel", [NET, CPU]))
    (verdict,) = m.run()
    caught(verdict, BAD_TABLE)
    assert "names" in verdict.message


# ---- 6. different stories to different seats ----------------------------------------------
class TwoStories(Host):
    """Shows seat 1 a table other than everyone else's (a different list of seats)."""

    def _shuffle_frames(self, conn: Any) -> bytes:
        data = super()._shuffle_frames(conn)
        if conn.seat != 1 or self.table is None:
            return data
        story = dict(self.table, kinds=["network", "network", "local"])
        other = encode(msg.table(story))
        if self.nonces is not None:
            other += encode(msg.deal(self.nonces))
        return other


def test_different_stories_give_different_codes(match: Any) -> None:
    m = match(TwoStories("wild-rawz", [NET, NET, CPU]), clients=2)
    m.run()
    first, second = m.clients
    assert first.code is not None and second.code is not None
    assert first.code != second.code  # read aloud, the players hear the host lied
    assert first.code == m.host.code()


# ---- tabletop verify from the files alone --------------------------------------------------
def test_verify_checks_a_saved_match_with_the_players_moves_and_parts(
    match: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = match(Host("wild-rawz", [NET, CPU, CPU]))
    (verdict,) = m.run()
    assert verdict.ok
    client = m.clients[0]
    log, received = tmp_path / "m.jsonl", tmp_path / "m.received.jsonl"
    log.write_text(client.revealed_log or "", encoding="utf-8")
    client.received.save(received)
    args = ["verify", str(log), "--seat", "0", "--received", str(received)]
    assert main(args) == 0
    assert client.code is not None and client.code in capsys.readouterr().out
    stored = Received.load(received.read_text(encoding="utf-8").splitlines())
    assert stored.sent and stored.nonce == client.nonce and stored.nonces is not None
    original = received.read_text(encoding="utf-8").splitlines()
    # The player's own record of a move it sent differs from the log: caught from the files.
    doctored = Received.load(original)
    ref = next(f["ack"] for f in stored.frames if f.get("ack") is not None)
    for sent in doctored.sent:
        if sent["ref"] == ref:
            sent["action"] = "no-such-move"
    doctored.save(received)
    assert main(args) == 1
    assert "you played no-such-move" in capsys.readouterr().err
    # Its own part of the shuffle is not the one in the deal: caught from the files too.
    doctored = Received.load(original)
    doctored.nonce = "ab" * 16
    doctored.save(received)
    assert main(args) == 1
    assert "Your own part of the shuffle" in capsys.readouterr().err
