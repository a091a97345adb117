"""A LAN client's results screen shows its own fairness check, and the match is stored with it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine.game import Result
from tabletop.engine.text import Msg
from tabletop.net.bench import LOOPBACK
from tabletop.net.client import Client
from tabletop.net.fairness import (
    BAD_SHUFFLE,
    EVERYONE_SHUFFLED,
    VERIFIED,
    Received,
    Verdict,
    failed,
    unverified,
)
from tabletop.net.host import Host, SeatSpec
from tabletop.ui.dialogs.results import ResultsDialog
from tabletop.ui.lan.netsession import ClientSession

WAIT = 30_000


@pytest.fixture
def lan(qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClientSession]:
    """A trump-duel host on 127.0.0.1 (a computer opposite) and a client session; closed after."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    host = Host("trump-duel", [SeatSpec(network=True), SeatSpec(bot="thumb")])
    client = Client("Ann")
    try:
        port = host.listen(0, LOOPBACK)
        client.connect_to(LOOPBACK, port)
        qtbot.waitUntil(lambda: client.view is not None, timeout=WAIT)  # type: ignore[attr-defined]
        session = ClientSession(client, LOOPBACK, port)
        rng = random.Random(3)

        def play(_view: object = None) -> None:
            if client.can_act and client.view is not None:
                client.act(rng.choice(client.view["moves"])["action"])

        client.viewChanged.connect(play)
        play()
        yield session
    finally:
        client.close()
        host.close()
        client.deleteLater()
        host.deleteLater()


def test_the_client_checks_the_deal_and_stores_it(
    qtbot: object, lan: ClientSession, tmp_path: Path
) -> None:
    dialog = None
    try:
        qtbot.waitUntil(lambda: lan.client.result is not None, timeout=WAIT)  # type: ignore[attr-defined]
        result = lan.result()
        assert result is not None
        dialog = ResultsDialog("Trump Duel", result, lan.names)
        dialog.track_fairness(lan.commitment, lan.verdict, lan.verified)
        qtbot.addWidget(dialog)  # type: ignore[attr-defined]
        qtbot.waitUntil(lambda: lan.record is not None, timeout=WAIT)  # type: ignore[attr-defined]
        verdict = lan.verdict
        assert verdict is not None and verdict.ok and verdict.fair
        assert dialog.fairness.text() == "✔ " + str(EVERYONE_SHUFFLED)
        assert lan.commitment in dialog.details.text() and not dialog.details.isVisibleTo(dialog)
        dialog.details_button.click()
        assert dialog.details.isVisibleTo(dialog) and str(VERIFIED) in dialog.details.text()
        assert verdict.table_code is not None and verdict.table_code == lan.client.code
        assert f"Table code {verdict.table_code}" in dialog.codes.text()
        assert f"Record code {verdict.record_code}" in dialog.codes.text()
        log = lan.record
        assert log is not None and log.parent == tmp_path / "data" / "lan"
        received_path = log.with_name(log.name.replace(".jsonl", ".received.jsonl"))
        stored = Received.load(received_path.read_text(encoding="utf-8").splitlines())
        assert stored.verdict == verdict.to_json()
        assert stored.verdict["message"] == "Fair deal verified"
        assert stored.verdict["table_code"] == verdict.table_code
        assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["format"] == 2
        args = ["verify", str(log), "--seat", "0", "--received", str(received_path)]
        assert main(args) == 0
    finally:
        if dialog is not None:
            dialog.close()


def test_a_failed_check_is_shown_with_its_reason(qtbot: object, lan: ClientSession) -> None:
    result = Result((1.0, 0.0), (1, 2), (0,), ())
    dialog = ResultsDialog("Trump Duel", result, ("Ann", "Bob"))
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.track_fairness("ab" * 32, None, lan.verified)
    assert dialog.fairness.text() == "Checking that the deal was fair…"
    reason = Msg("Your own part of the shuffle was left out or replaced.")
    lan.verified.emit(failed(BAD_SHUFFLE, reason))
    assert dialog.fairness.text() == "✘ The deal was not the shuffle everyone made together."
    assert dialog.details.text().startswith(str(reason))  # one click away
    lan.verified.emit(unverified(Msg("The host did not reveal the seed and salt.")))
    assert dialog.fairness.text() == "? Not verified: the host did not show its seed."


def test_the_results_read_in_japanese(qtbot: object, lan: ClientSession) -> None:
    from tabletop.i18n import current, set_language

    before = current()
    set_language("ja")
    try:
        result = Result((1.0, 0.0), (1, 2), (0,), ())
        dialog = ResultsDialog("Trump Duel", result, ("Ann", "Bob"))
        qtbot.addWidget(dialog)  # type: ignore[attr-defined]
        dialog.track_fairness("ab" * 32, None, lan.verified)
        lan.verified.emit(Verdict(True, VERIFIED, table_code="1234 5678"))
        assert dialog.fairness.text().startswith("✔ 全員でシャッフルしました。")
        assert "卓コード 1234 5678" in dialog.codes.text()
    finally:
        set_language(before)
