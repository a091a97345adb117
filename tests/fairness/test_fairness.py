"""Provable fairness: each client checks the revealed seed and log against what it received."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.net.client import Client
from tabletop.net.fairness import VERIFIED, Received, commitment, verify

from .conftest import Played


def test_commitment_binds_seed_and_salt() -> None:
    salt = bytes(range(16))
    base = commitment(1 << 128, salt)
    assert len(base) == 64 and base == commitment(1 << 128, salt)
    assert commitment((1 << 128) + 1, salt) != base
    assert commitment(1 << 128, bytes(16)) != base
    with pytest.raises(ValueError):
        commitment(-1, salt)


def test_an_honest_match_is_verified_by_the_client(played: Played) -> None:
    assert played.verdict_ok
    got = verify(played.log, played.copy())
    assert got.ok and got.reason == VERIFIED
    kinds = {f["type"] for f in played.received.frames}
    assert kinds == {"connect", "events", "view"} and played.received.seat == 0
    assert played.received.sent and played.received.nonces is not None
    assert json.loads(played.log[0])["format"] == 2


def test_a_wrong_seed_is_detected(played: Played) -> None:
    rec = played.copy()
    assert rec.seed is not None
    rec.seed += 1
    got = verify(played.log, rec)
    assert not got.ok
    assert got.message == (
        f"The revealed seed {rec.seed} and salt {rec.salt} do not match the commitment "
        f"{rec.commitment} sent at the start."
    )


def test_a_wrong_salt_is_detected(played: Played) -> None:
    rec = played.copy()
    assert rec.salt is not None
    rec.salt = ("0" if rec.salt[0] != "0" else "1") + rec.salt[1:]
    got = verify(played.log, rec)
    assert not got.ok and f"salt {rec.salt} do not match the commitment" in got.message


def test_a_log_with_another_seed_in_its_header_is_detected(played: Played) -> None:
    head = json.loads(played.log[0])
    head["seed"] += 1
    got = verify([json.dumps(head), *played.log[1:]], played.copy())
    assert not got.ok
    assert got.message.startswith(f"The log's header seed {head['seed']} is not the seed ")


def test_a_tampered_log_is_detected_at_its_line(played: Played) -> None:
    log = list(played.log)
    number = next(i for i, line in enumerate(log) if '"type":"action"' in line) + 1
    record = json.loads(log[number])
    record["seat"] = 1 - record.get("seat", 0) if "seat" in record else 0
    log[number] = json.dumps(record)
    got = verify(log, played.copy())
    assert not got.ok
    assert got.message.startswith(f"The revealed log does not replay: line {number + 1}:")


def test_a_doctored_received_view_is_detected(played: Played) -> None:
    rec = played.copy()
    index, frame = next(
        (i, f) for i, f in enumerate(rec.frames) if f["type"] == "view" and f["seq"] > 0
    )
    zone = next(i for i, z in enumerate(frame["zones"]) if z.get("cards"))
    doctored = dict(frame, zones=list(frame["zones"]))
    doctored["zones"][zone] = dict(frame["zones"][zone], cards=["JK1"])
    rec.frames[index] = doctored
    got = verify(played.log, rec)
    assert not got.ok
    assert got.message.startswith(
        f"The View received at step {frame['seq']} differs from the log: zones[{zone}].cards"
    )


def test_doctored_received_events_are_detected(played: Played) -> None:
    rec = played.copy()
    index = next(i for i, f in enumerate(rec.frames) if f["type"] == "events" and f["events"])
    frame = rec.frames[index]
    rec.frames[index] = dict(frame, events=frame["events"][1:])
    got = verify(played.log, rec)
    assert not got.ok
    assert got.message == (
        f"The events frame received at step {frame['seq']} differs from the log: "
        f"it holds {len(frame['events']) - 1} items, the log {len(frame['events'])}."
    )


def test_a_log_cut_short_is_detected(played: Played) -> None:
    log = list(played.log)
    last_action = max(i for i, line in enumerate(log) if '"type":"action"' in line)
    got = verify(log[:last_action], played.copy())
    assert not got.ok and "but the log ends after" in got.message


def test_cli_verify(played: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "match.jsonl"
    log.write_text("\n".join(played.log) + "\n", encoding="utf-8")
    received = tmp_path / "received.jsonl"
    played.copy().save(received)
    assert Received.load(received.read_text(encoding="utf-8").splitlines()) == played.received
    assert main(["verify", str(log), "--seat", "0", "--received", str(received)]) == 0
    assert str(VERIFIED) in capsys.readouterr().out
    assert main(["verify", str(log), "--seat", "1", "--received", str(received)]) == 1
    assert "records seat 0, not seat 1" in capsys.readouterr().err
    rec = played.copy()
    assert rec.seed is not None
    rec.seed += 1
    rec.save(received)
    assert main(["verify", str(log), "--seat", "0", "--received", str(received)]) == 1
    assert "do not match the commitment" in capsys.readouterr().err
    received.write_text('{"type":"header"}\n', encoding="utf-8")
    assert main(["verify", str(log), "--seat", "0", "--received", str(received)]) == 2
    assert "not a received file" in capsys.readouterr().err


def test_a_client_keeps_the_first_commitment(played: Played) -> None:
    """A host cannot swap its commitment on a reconnect: the first one received counts."""
    client = Client("Ann")
    try:
        first = {
            "type": "welcome",
            "game": "trump-duel",
            "seat": 1,
            "token": "t",
            "players": 2,
            "options": {},
        }
        client._on_message({**first, "commitment": "a" * 64})
        client._on_message({**first, "commitment": "b" * 64})
        assert client.received.commitment == "a" * 64 and client.received.seat == 1
    finally:
        client.deleteLater()
