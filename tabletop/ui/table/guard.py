"""InputGuard: after the table changes under the person's hand (the hot-seat curtain falls or
lifts, a summary or a held banner comes or goes), input is ignored for a short moment, so the
rest of a gesture begun before (the second click of a double-click, a queued or repeated key)
cannot act on a screen the person has not seen yet."""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer
from PySide6.QtGui import QGuiApplication

from tabletop.ui.table.tempo import QUIET_MS


class InputGuard:
    """When input may act again: `arm()` at every change the person must see first."""

    def __init__(self, quiet_ms: int = QUIET_MS) -> None:
        self.quiet_ms = quiet_ms
        self._clock = QElapsedTimer()

    def arm(self) -> None:
        """The screen just changed: ignore input for the quiet moment from now."""
        self._clock.start()

    def quiet_for(self) -> int:
        """How long input is ignored after `arm()` (ms): no less than a double-click's
        interval, since its second click comes within it; 0 when the guard is off."""
        if self.quiet_ms <= 0:
            return 0
        interval = QGuiApplication.styleHints().mouseDoubleClickInterval()
        return max(self.quiet_ms, interval + 100)

    def settled(self) -> bool:
        """True when input may act: the quiet moment since the last change is over."""
        return not self._clock.isValid() or self._clock.elapsed() >= self.quiet_for()

    def remaining(self) -> int:
        """Milliseconds until input may act again (0 if it may now)."""
        if not self._clock.isValid():
            return 0
        return max(0, self.quiet_for() - int(self._clock.elapsed()))
