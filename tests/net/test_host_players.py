"""A LAN table refuses a player count its game does not allow, by the game's own check."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication

from tabletop.engine.errors import BadOption
from tabletop.net.host import Host, SeatSpec


def test_a_host_refuses_seats_the_game_has_no_room_for(net_app: QCoreApplication) -> None:
    """Six seats for a three-to-five player game: refused before anything is dealt."""
    with pytest.raises(BadOption, match="3–5 players, not 6"):
        Host("second-third", [SeatSpec(network=True)] * 6, seed=1)
