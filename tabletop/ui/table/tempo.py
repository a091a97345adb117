"""Animation speeds of the table, apart from the table so the launcher can offer them without
loading it."""

from __future__ import annotations

from dataclasses import dataclass

QUIET_MS = 500
"""Input ignored this long after the screen changed (at least a double-click's interval)."""


@dataclass(frozen=True, slots=True)
class Tempo:
    """How long a card flies, how long a computer waits, how long a full trick stays, and how
    long input is ignored after the screen changed under the person's hand (ms)."""

    move_ms: int
    pause_ms: int
    hold_ms: int
    quiet_ms: int = 0


TEMPOS = {
    "Off": Tempo(0, 300, 700, QUIET_MS),
    "Fast": Tempo(180, 250, 600, QUIET_MS),
    "Normal": Tempo(350, 600, 900, QUIET_MS),
    "Slow": Tempo(650, 1000, 1400, QUIET_MS),
}
"""Animation speeds the player can choose; "Off" moves cards at once. At every one, input is
ignored for a moment after the screen changed under the person's hand (`guard.InputGuard`)."""

INSTANT = Tempo(0, 0, 0)
"""No motion and no waiting: for tests, screenshots and benchmarks."""
