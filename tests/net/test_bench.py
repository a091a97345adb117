"""The net bench: a host process and one process per client play a whole match."""

from __future__ import annotations

import json
import multiprocessing
import os
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.engine.rng import SECURE_FROM
from tabletop.i18n import render
from tabletop.net.bench import (
    HELD_UP,
    HOST_CORE,
    LoopbackTable,
    held_up,
    keep_off_host_core,
    latencies,
    play_one,
    report,
    sent_by_host,
    spawn_host,
    usable_cores,
)


def test_bench_match_with_every_client_in_its_own_process() -> None:
    """The match ends, every client's View matches the revealed log and its check passed; a
    latency for each applied action and the host's own time for each update it sent."""
    played = play_one("triq", 3, seed=7, timeout=60)
    assert played.finished and played.bad == 0
    # Dealt as a real match is: from a seed the host drew (the hash generator).
    assert played.seed >= SECURE_FROM
    assert played.latencies and all(t > 0 for t in played.latencies)
    assert played.busy and all(t >= 0 for t in played.busy)
    assert len(played.waits) == len(played.busy) and all(w >= 0 for w in played.waits)
    # Actions whose client was paused mid-send are counted apart from the host's part.
    assert len(played.host_sent) + played.held_up == len(played.latencies)
    # The host's part is a part of the whole. Not for every action: the host reads its clock
    # after its last write returns, and a client on another core may hold that frame already.
    assert all(h > 0 for h in played.host_sent)
    assert statistics.median(played.host_sent) <= statistics.median(played.latencies)


def figures(**changed: float) -> dict[str, float]:
    """A made-up `measure` result for one table, with some figures changed."""
    base = {
        "median_ms": 14.0,
        "p99_ms": 760.0,
        "host_sent_median_ms": 4.5,
        "host_sent_p99_ms": 737.0,
        "host_sent_held_up": 4.0,
        "host_median_ms": 1.4,
        "host_p99_ms": 2.0,
        "host_waited_max_ms": 20.0,
        "host_waited_updates": 16.0,
        "actions": 168.0,
        "matches": 3.0,
        "completed": 3.0,
        "desynced": 0.0,
        "small_seeds": 0.0,
        "load_start": 4.85,
        "load_end": 12.98,
    }
    return {f"triq-27p {key}": value for key, value in {**base, **changed}.items()}


def test_the_report_puts_the_hosts_cpu_beside_the_wall_clock() -> None:
    """Each table's host part on the wall clock and the host's own CPU per update are on one
    line; a wall p99 over the target with the CPU within it and the host kept from running
    says the machine was busy; the load average and the target's wording are printed."""
    lines = [render(line, "en") for _depth, line in report(figures())]
    assert "p99 ≤ 10 ms" in lines[0] and "cores are free" in lines[0]
    both = next(line for line in lines if "every seat's frame written" in line)
    assert "p99 737.0 ms" in both and "CPU" in both and "p99 2.0 ms" in both
    assert any("4.85 → 12.98" in line for line in lines)
    assert "free cores" in lines[-1]
    assert "Target met" in render(report(figures(host_sent_p99_ms=8.0))[-1][1], "en")
    slow = render(report(figures(host_p99_ms=12.0))[-1][1], "en")
    assert "missed" in slow and "free cores" not in slow
    small = [render(line, "en") for _depth, line in report(figures(small_seeds=2.0))]
    assert "small seed" in small[-1]
    assert [depth for depth, _line in report(figures())] == [0, 0, 1, 1, 1, 1]


def test_latency_is_until_the_last_client_holds_the_view() -> None:
    """An action's latency runs from its send to the latest first arrival of its step."""
    records = [
        {"sent": {1: 10.0}, "applied": {1: 4}, "arrived": {3: 9.0, 4: 10.5}},
        {"sent": {}, "applied": {}, "arrived": {3: 9.1, 5: 11.25}},
    ]
    assert latencies(records) == [1.25]


def test_the_hosts_part_is_until_it_wrote_the_step_or_a_later_one() -> None:
    """An action's host latency runs from its send to the first update sent at its step or
    after (simultaneous actions can share one update)."""
    records = [
        {
            "sent": {1: 10.0, 2: 12.0},
            "sent_end": {1: 10.0001, 2: 12.0002},
            "applied": {1: 4, 2: 6},
            "arrived": {},
        }
    ]
    sent = [(3, 9.5), (5, 10.25), (7, 12.5)]
    assert sent_by_host(records, sent) == [0.25, 0.5]
    assert held_up(records) == 0


def test_a_send_held_up_in_the_client_is_left_out_and_counted() -> None:
    """A client paused by the scheduler between reading the clock and handing its bytes over
    (its send took over `HELD_UP`) says nothing of the host: its action is left out of the
    host's part, and counted."""
    records = [
        {
            "sent": {1: 10.0, 2: 12.0},
            "sent_end": {1: 10.0001, 2: 12.0 + 2 * HELD_UP},
            "applied": {1: 4, 2: 6},
            "arrived": {},
        }
    ]
    sent = [(5, 10.25), (7, 12.5)]
    assert sent_by_host(records, sent) == [0.25]
    assert held_up(records) == 1


def test_the_host_counts_the_time_it_was_kept_from_running(
    loopback: Callable[..., LoopbackTable],
) -> None:
    """An update during which the host could not run (here it sleeps, as when another program
    holds its core) has that time in `step_waits`; an update without, next to none."""
    table = loopback("triq", 3, seed=6)
    host = table.host
    assert host is not None

    def pause(seq: int) -> None:
        if seq == 3:
            time.sleep(PAUSE)

    host.updated.connect(pause)
    assert table.run(60.0)
    assert len(host.step_waits) == len(host.step_sent) == len(host.step_times)
    paused = next(i for i, (seq, _t) in enumerate(host.step_sent) if seq >= 3)
    assert host.step_waits[paused] >= PAUSE
    assert statistics.median(host.step_waits) < PAUSE / 2


PAUSE = 0.05
"""How long the host is kept from running in the test above (s)."""


@pytest.mark.skipif(len(usable_cores()) < 2, reason="the host gets a core of its own only with two")
def test_the_host_has_a_core_to_itself_and_the_clients_stay_off_it(tmp_path: Path) -> None:
    """The bench's host runs on its own core, this process keeps every core, and a client
    process runs on the others (on one machine the clients would otherwise time themselves)."""
    cores = usable_cores()
    proc, _port, _tokens = spawn_host("triq", 3, tmp_path)
    try:
        assert os.sched_getaffinity(proc.pid) == {HOST_CORE}
        assert usable_cores() == cores
    finally:
        proc.kill()
        proc.wait(10)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.apply(_client_cores) == cores - {HOST_CORE}


def _client_cores() -> set[int]:
    """The cores a bench client process runs on, once it has stepped off the host's."""
    keep_off_host_core()
    return usable_cores()


def test_a_client_tells_just_before_each_frame_it_writes(net_app: object) -> None:
    """The `writing` hook runs once for each frame a client sends (its hello, its part of the
    shuffle, then each of its actions), which is how the bench stamps an action's send time."""
    table = LoopbackTable("triq", 3, seed=5)
    calls = [0] * len(table.clients)
    for i, client in enumerate(table.clients):
        client.writing = lambda i=i: calls.__setitem__(i, calls[i] + 1)
    try:
        assert table.run(60)
        assert table.host is not None
        actions = Counter(
            line["seat"]
            for line in map(json.loads, table.host.log_text().splitlines())
            if line["type"] == "action"
        )
        assert calls == [2 + actions[seat] for seat in range(3)]
    finally:
        table.close()
