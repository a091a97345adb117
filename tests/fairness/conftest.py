"""A LAN match over loopback whose first client's record the fairness tests doctor."""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tabletop.engine.rng import fresh_seed
from tabletop.net.bench import LoopbackTable, pump_until
from tabletop.net.fairness import Received

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@dataclass
class Played:
    """What one client of a finished LAN match received, and the log the host revealed."""

    received: Received
    log: list[str]
    verdict_ok: bool

    def copy(self) -> Received:
        """A copy of the record to doctor."""
        return copy.deepcopy(self.received)


@pytest.fixture(scope="module")
def played() -> Iterator[Played]:
    """One trump-duel match on 127.0.0.1 with a fresh 128-bit seed; closed afterwards."""
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication([])
    table = LoopbackTable("trump-duel", 2, seed=fresh_seed())
    try:
        assert table.run(60.0), "the match did not finish"
        pump_until(lambda: table.clients[0].fairness is not None, 5.0)
        client = table.clients[0]
        assert client.fairness is not None and client.revealed_log is not None
        yield Played(
            copy.deepcopy(client.received), client.revealed_log.splitlines(), client.fairness.ok
        )
    finally:
        table.close()
