"""`tabletop replay FILE --narrate [--seat N]`: the omniscient story, one seat's, in Japanese."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.i18n import card_name, set_language


@pytest.fixture
def english() -> Iterator[None]:
    """English before and after the test, whatever it sets."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def log(tmp_path: Path, english: None) -> Path:
    """A finished 3-player Second-Third match."""
    path = tmp_path / "match.jsonl"
    assert main(["simulate", "--game", "second-third", "--players", "3", "--log", str(path)]) == 0
    return path


def hands(path: Path) -> list[list[str]]:
    """The first deal's hands from the omniscient log."""
    deal = next(json.loads(t) for t in path.read_text().splitlines() if '"type":"deal"' in t)
    return deal["hands"]


def test_omniscient_narration_names_every_hand(log: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["replay", str(log), "--narrate"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Omniscient narration: every hidden card is shown."
    first = hands(log)
    for seat in range(3):
        names = ", ".join(card_name(c, "en", "standard") for c in first[seat])
        assert f"Player {seat + 1} holds {names}" in out
    assert any("won the trick with" in line for line in out)
    assert out[-1].endswith("won the match")


def test_a_seat_hears_only_its_own_hand(log: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["replay", str(log), "--narrate", "--seat", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "What Player 2 knows:"
    first = hands(log)
    mine = ", ".join(card_name(c, "en", "standard") for c in first[1])
    assert f"Your hand: {mine}" in out
    assert not any(" holds " in line for line in out)
    assert any(line.startswith("You received ") and line.endswith(" from Player 1") for line in out)
    assert any(line.startswith("You passed ") and line.endswith(" to Player 3") for line in out)
    assert any(line.startswith("Player 3 passed 2 cards to Player 1") for line in out)


def test_japanese_and_bad_seats(log: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["--lang", "ja", "replay", str(log), "--narrate"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "全知の語り: 伏せられたカードもすべて表示します。"
    assert any("トリックを取った" in line for line in out)
    set_language("en")
    assert main(["replay", str(log), "--narrate", "--seat", "3"]) == 2
    assert "--seat must be 0 to 2" in capsys.readouterr().err
    assert main(["replay", str(log), "--seat", "0"]) == 2
    assert "only used with --narrate" in capsys.readouterr().err
