"""The net bench: a host process and one process per client play a whole match."""

from __future__ import annotations

from tabletop.net.bench import latencies, play_one, sent_by_host


def test_bench_match_with_every_client_in_its_own_process() -> None:
    """The match ends, every client's View matches the revealed log and its check passed; a
    latency for each applied action and the host's own time for each update it sent."""
    played = play_one("triq", 3, seed=7, timeout=60)
    assert played.finished and played.bad == 0
    assert played.latencies and all(t > 0 for t in played.latencies)
    assert played.busy and all(t >= 0 for t in played.busy)
    assert len(played.host_sent) == len(played.latencies)
    # the host has written a View before the last client holds it
    assert all(0 < h <= t for h, t in zip(played.host_sent, played.latencies, strict=True))


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
    records = [{"sent": {1: 10.0, 2: 12.0}, "applied": {1: 4, 2: 6}, "arrived": {}}]
    sent = [(3, 9.5), (5, 10.25), (7, 12.5)]
    assert sent_by_host(records, sent) == [0.25, 0.5]
