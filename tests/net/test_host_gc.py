"""The host keeps Python's garbage collector out of the way of a step, and only for a step."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest

from tabletop.net.bench import LoopbackTable
from tabletop.net.host import _GcHold


@pytest.fixture
def collector() -> Iterator[None]:
    """Whatever a test does to the collector, it is on again afterwards."""
    was = gc.isenabled()
    try:
        yield
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def test_hold_turns_the_collector_off_and_back_on(collector: None) -> None:
    """Holding turns an enabled collector off; releasing (twice) turns it on once."""
    gc.enable()
    hold = _GcHold()
    hold.hold()
    hold.hold()
    assert not gc.isenabled()
    hold.release()
    assert gc.isenabled()
    hold.release()
    assert gc.isenabled()


def test_hold_leaves_a_collector_someone_else_turned_off(collector: None) -> None:
    """A collector that was already off stays off after hold and release."""
    gc.disable()
    hold = _GcHold()
    hold.hold()
    hold.release()
    assert not gc.isenabled()


def test_collector_is_off_during_steps_and_on_between_them(
    loopback: Callable[..., LoopbackTable], collector: None
) -> None:
    """While the host applies an action the collector is off; once every frame of the step
    is written, and at the end of the match, it is on again."""
    gc.enable()
    table = loopback("hagetaka-party", 5, seed=4)
    host = table.host
    assert host is not None
    during: list[bool] = []
    after: list[bool] = []
    # Step 0 (the deal) is announced by `start`, outside any action.
    host.updated.connect(lambda seq: seq and during.append(gc.isenabled()))
    table.clients[0].viewChanged.connect(lambda _view: after.append(gc.isenabled()))
    assert table.run(60.0)
    assert during and not any(during)
    assert after and all(after)
    assert gc.isenabled()
