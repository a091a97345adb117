"""Sound at the table: which moments chime, the player, and Settings › Sound.

The clips come from `tabletop.sounds` (synthesized, written once per volume into a temporary
folder). They are played by the system's own player, started in the background: the
Windows sound API (`winsound`, in Python's standard library), `afplay` on macOS, and on
Linux the first of `pw-play`, `paplay`, `aplay` found. Qt Multimedia would do the same but
lives in pyside6-addons, a second wheel larger than the whole of pyside6-essentials, for five
short beeps (docs/sound.md). With no player found, or on an offscreen/minimal platform (tests)
or with TABLETOP_SOUND=off, the table is silent.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from tabletop.engine.events import Event
from tabletop.i18n import _
from tabletop.sounds import BANNER, CARD, DEAL_END, TRICK, TURN, wav

if TYPE_CHECKING:
    import subprocess

ON_KEY, VOLUME_KEY = "sound/on", "sound/volume"
VOLUMES = (25, 50, 75, 100)
DEFAULT_VOLUME = 50
SILENT_PLATFORMS = ("offscreen", "minimal")
CARD_EVENTS = frozenset(
    {"play", "pass", "discard", "give", "bid", "draw", "seal", "plot", "declare", "draft"}
)
"""Events that move a card or mark a move: the card sound."""
BUSY = 4
"""At most this many clips at once; more would be noise, so they are dropped."""

Play = Callable[[Path], object]


def cues_for(events: Sequence[Event], turn: bool) -> list[str]:
    """The sounds for what just happened: the weightiest of a deal's end, a trick taken, a card
    played, then the person's turn if it just came."""
    kinds = {e.type for e in events}
    out = []
    if kinds & {"round_end", "game_end"}:
        out.append(DEAL_END)
    elif "trick" in kinds:
        out.append(TRICK)
    elif kinds & CARD_EVENTS:
        out.append(CARD)
    if turn:
        out.append(TURN)
    return out


def system_player() -> Play | None:
    """A function that starts playing a WAV file in the background, or None (silent)."""
    if os.environ.get("TABLETOP_SOUND", "").lower() in ("0", "off", "no"):
        return None
    if QGuiApplication.platformName() in SILENT_PLATFORMS:
        return None
    if sys.platform == "win32":
        import winsound

        flags = winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT
        return lambda path: winsound.PlaySound(str(path), flags)
    for command in (["afplay"], ["pw-play"], ["paplay"], ["aplay", "-q"]):
        exe = shutil.which(command[0])
        if exe is not None:
            return _spawner([exe, *command[1:]])
    return None


def _spawner(command: list[str]) -> Play:
    running: list[subprocess.Popen[bytes]] = []

    def play(path: Path) -> object:
        import subprocess  # at the first sound, not before the first frame

        running[:] = [p for p in running if p.poll() is None]
        if len(running) >= BUSY:
            return None
        proc = subprocess.Popen(
            [*command, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        running.append(proc)
        return proc

    return play


class Sounds:
    """Plays the table's cues at the chosen volume unless muted; remembers both in settings."""

    def __init__(self, settings: QSettings, player: Play | None = None) -> None:
        self.settings = settings
        self.player = player
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self.played: list[str] = []
        """The cues played so far (for the status bar of tests and the curious)."""
        self.turn = -1
        """The seat whose turn was last sounded (-1: nobody's)."""

    @property
    def on(self) -> bool:
        """Sound is on (the default)."""
        return self.settings.value(ON_KEY, True, type=bool) is not False

    @property
    def volume(self) -> int:
        """The volume in percent (one of VOLUMES)."""
        value = self.settings.value(VOLUME_KEY, DEFAULT_VOLUME, type=int)
        return value if isinstance(value, int) and value in VOLUMES else DEFAULT_VOLUME

    def set_on(self, on: bool) -> None:
        """Turn sound on or off (remembered)."""
        self.settings.setValue(ON_KEY, on)

    def set_volume(self, percent: int) -> None:
        """Set and remember the volume, and let it be heard."""
        self.settings.setValue(VOLUME_KEY, percent)
        self.play(TURN)

    def clip(self, cue: str) -> Path:
        """The cue's WAV file at the current volume (written the first time it is needed)."""
        if self._folder is None:
            self._folder = tempfile.TemporaryDirectory(prefix="tabletop-sounds-")
        path = Path(self._folder.name) / f"{cue}-{self.volume}.wav"
        if not path.exists():
            path.write_bytes(wav(cue, self.volume / 100))
        return path

    def play(self, cue: str) -> bool:
        """Play one cue if sound is on and a player exists; True if it was started."""
        if not self.on or self.player is None:
            return False
        try:
            self.player(self.clip(cue))
        except OSError:
            return False
        self.played.append(cue)
        return True

    def happened(self, events: Sequence[Event], seat: int, window: QWidget | None = None) -> None:
        """What the table just showed: its sounds, and the turn of the person at `seat` (-1:
        nobody at this screen must act) once when it comes to them.

        When the turn comes while another window has focus, the window also asks for attention
        (a flashing task-bar entry).
        """
        came = seat >= 0 and seat != self.turn
        self.turn = seat
        for cue in cues_for(events, came):
            self.play(cue)
        if came and window is not None and not window.isActiveWindow():
            QApplication.alert(window)

    def moment(self, lines: list[str], ended: bool) -> None:
        """A banner moment (the end of a deal has its own sound)."""
        if lines and not ended:
            self.play(BANNER)

    def menu(self, parent: QMenu) -> QMenu:
        """Settings › Sound: on/off and the volume."""
        menu = parent.addMenu(_("&Sound"))
        toggle = QAction(_("Sound &on"), menu, checkable=True, checked=self.on)
        toggle.toggled.connect(self.set_on)
        menu.addAction(toggle)
        menu.addSeparator()
        group = QActionGroup(menu)
        for percent in VOLUMES:
            label = _("Volume {percent}%").replace("{percent}", str(percent))
            action = QAction(label, menu, checkable=True, checked=percent == self.volume)
            action.triggered.connect(lambda _=False, p=percent: self.set_volume(p))
            group.addAction(action)
            menu.addAction(action)
        if self.player is None:
            note = QAction(_("No sound player found on this computer"), menu)
            note.setEnabled(False)
            menu.addAction(note)
        self.toggle = toggle
        self.volume_actions = group
        return menu
