"""The table widget as the helpers it makes see it: its keys, hints, computer players' turns.

The table builds those helpers and hands itself to them; they name this base class rather than
the table, so no module of the table's helpers imports the table (its imports form no circle).
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QGraphicsView, QHBoxLayout, QLabel, QWidget

from tabletop.engine.views import Move
from tabletop.ui.reader import Panel
from tabletop.ui.table.access import Mirror
from tabletop.ui.table.dealsummary import DealSummary
from tabletop.ui.table.scene import TableScene
from tabletop.ui.table.session import TableSession
from tabletop.ui.table.tempo import Tempo


class TableParts(Panel):
    """What the table's helpers use of it: its session, scene, view, buttons and timers, and
    the four things it does for them (`TableWidget` fills every part in)."""

    session: TableSession
    tempo: Tempo
    scene: TableScene
    view: QGraphicsView
    shown: int | None
    """The seat whose side of the table is shown (None: nobody's yet)."""
    bots_enabled: bool
    buttons: QWidget
    buttons_layout: QHBoxLayout
    bot_timer: QTimer
    summary: DealSummary
    mirror: Mirror
    hint: QLabel
    """The status bar's hint line."""
    pending: Move | None
    """A sealed choice waiting on the table to be sent (None: none)."""

    def attempt(self, seat: int, action: str) -> str | None:
        """Apply an action for a seat; None if done, else the engine's reason for refusing."""
        raise NotImplementedError

    def confirm(self) -> None:
        """Send the sealed choice waiting on the table."""
        raise NotImplementedError

    def reveal(self) -> None:
        """Lift the curtain for the person now served and show their side of the table."""
        raise NotImplementedError

    def may_step_bot(self) -> bool:
        """True when a computer player's move may be played now (nothing moves or is held)."""
        raise NotImplementedError

    def step_bot(self) -> bool:
        """Let one computer player whose turn it is act at once; False if none may act now."""
        raise NotImplementedError
