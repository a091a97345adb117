"""The net bench: a host process and one process per client play a whole match."""

from __future__ import annotations

from tabletop.net.bench import latencies, play_one


def test_bench_match_with_every_client_in_its_own_process() -> None:
    """The match ends, every client's View matches the revealed log and its check passed; a
    latency for each applied action and the host's own time for each update it sent."""
    finished, bad, times, host = play_one("triq", 3, seed=7, timeout=60)
    assert finished and bad == 0
    assert times and all(t > 0 for t in times)
    assert host and all(t >= 0 for t in host)


def test_latency_is_until_the_last_client_holds_the_view() -> None:
    """An action's latency runs from its send to the latest first arrival of its step."""
    records = [
        {"sent": {1: 10.0}, "applied": {1: 4}, "arrived": {3: 9.0, 4: 10.5}},
        {"sent": {}, "applied": {}, "arrived": {3: 9.1, 5: 11.25}},
    ]
    assert latencies(records) == [1.25]
