"""Animation speeds of the table, apart from the table so the launcher can offer them without
loading it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Tempo:
    """How long a card flies, how long a computer waits, how long a full trick stays (ms)."""

    move_ms: int
    pause_ms: int
    hold_ms: int


TEMPOS = {
    "Off": Tempo(0, 300, 700),
    "Fast": Tempo(180, 250, 600),
    "Normal": Tempo(350, 600, 900),
    "Slow": Tempo(650, 1000, 1400),
}
"""Animation speeds the player can choose; "Off" moves cards at once."""

INSTANT = Tempo(0, 0, 0)
"""No motion and no waiting: for tests, screenshots and benchmarks."""
