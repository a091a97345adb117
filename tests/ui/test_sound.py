"""Sound: generated clips, which moments chime, settings, and silence in tests."""

from __future__ import annotations

import io
import sys
import wave
from array import array
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from ui_helpers import Closing

from tabletop.engine.registry import get_game
from tabletop.sounds import BANNER, CARD, CUES, DEAL_END, TRICK, TURN, wav
from tabletop.ui.app import MainWindow
from tabletop.ui.sound import Sounds, _spawner, cues_for, system_player
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT


def _peak(data: bytes) -> tuple[int, float]:
    with wave.open(io.BytesIO(data)) as clip:
        assert (clip.getnchannels(), clip.getsampwidth()) == (1, 2)
        frames = clip.readframes(clip.getnframes())
        seconds = clip.getnframes() / clip.getframerate()
    pcm = array("h", frames)
    if sys.byteorder == "big":
        pcm.byteswap()
    return max(abs(v) for v in pcm), seconds


def test_every_cue_is_a_short_wav_scaled_by_the_volume() -> None:
    for cue in CUES:
        loud, seconds = _peak(wav(cue, 1.0))
        quiet, _seconds = _peak(wav(cue, 0.25))
        assert 0.03 < seconds < 0.8, cue
        assert 5000 < loud <= 32_767 and abs(quiet - loud / 4) <= 2, cue
    with pytest.raises(ValueError):
        wav("fanfare")


def test_a_match_chimes_cards_tricks_and_deal_ends() -> None:
    game = get_game("second-third")
    session = Session(game, parse_seats(game.info.id, ["cpu"] * 3), 4)
    heard: list[str] = []
    while not session.over:
        seat = min(session.to_act())
        heard += cues_for(session.act(seat, session.bot_choice(seat)) or [], False)
    assert {CARD, TRICK, DEAL_END} <= set(heard)
    assert heard[-1] == DEAL_END and TURN not in heard
    assert cues_for([], True) == [TURN]


def test_tests_are_silent(monkeypatch: pytest.MonkeyPatch, qapp: object) -> None:
    assert system_player() is None  # the offscreen platform
    monkeypatch.setenv("TABLETOP_SOUND", "off")
    assert system_player() is None


def test_a_player_process_is_given_a_readable_clip(settings: QSettings, tmp_path: Path) -> None:
    """The background player gets a real WAV file (a Python process stands in for aplay)."""
    out = tmp_path / "frames.txt"
    reader = (
        "import sys, wave; n = wave.open(sys.argv[1]).getnframes(); "
        f"open({str(out)!r}, 'w').write(str(n))"
    )
    sounds = Sounds(settings, _spawner([sys.executable, "-c", reader]))
    assert sounds.play(TRICK)
    proc = sounds.player(sounds.clip(TRICK))
    proc.wait(timeout=30)
    assert int(out.read_text()) > 1000


class _Heard(list):
    def __call__(self, path: Path) -> None:
        self.append(path.name)


def test_mute_volume_and_the_turn_coming_once(settings: QSettings) -> None:
    heard = _Heard()
    sounds = Sounds(settings, heard)
    assert sounds.on and sounds.volume == 50
    sounds.happened([], 0)
    sounds.happened([], 0)
    assert heard == ["turn-50.wav"]
    sounds.happened([], 1)  # hot seat: the next person's turn chimes too
    sounds.happened([], -1)
    sounds.happened([], 1)
    assert heard == ["turn-50.wav"] * 3
    del heard[:]
    sounds.set_volume(100)
    assert heard[-1] == "turn-100.wav" and sounds.volume == 100
    sounds.set_on(False)
    sounds.moment(["Bob wins the trick"], False)
    assert len(heard) == 1 and not Sounds(settings, heard).on
    sounds.set_on(True)
    sounds.moment(["Bob wins the trick"], False)
    sounds.moment(["Deal over"], True)
    assert heard[-1] == "banner-100.wav" and sounds.played[-1] == BANNER


def test_the_table_sounds_its_moves_and_the_persons_turn(
    qtbot: object, closing: Closing, settings: QSettings
) -> None:
    window = closing.widget(MainWindow(settings))
    heard = _Heard()
    window.sounds.player = heard
    (settings_menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Settings"]
    assert "&Sound" in [a.text() for a in settings_menu.actions()]
    game = get_game("second-third")
    seats = parse_seats(game.info.id, ["Ann", "cpu", "cpu"])
    table = window.start_match(game, seats, 5, {}, INSTANT)
    played = window.sounds.played
    qtbot.waitUntil(lambda: TURN in played, timeout=30000)
    assert 0 in table.session.to_act() and played.count(TURN) == 1
    before = len(played)
    assert table.attempt(0, table.session.game.legal_actions(table.session.state, 0)[0]) is None
    qtbot.waitUntil(lambda: played.count(TURN) == 2 or table.session.over, timeout=30000)
    assert CARD in played[before:] or TRICK in played[before:]
    assert len(heard) == len(played)
