"""`tabletop bench --net`: whole matches over loopback, latency and desync check.

`measure` runs a headless host process and one process per client, each client playing random
legal moves. It records, for every action a client sends, the time until the last client holds
the View that action produced, and the host's own processing time per update, and checks at
the end that every client's View equals the host's and that every fairness check passed.

`LoopbackTable` runs a host and its clients in this process, for the tests.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

from tabletop.bots.base import Bot, make_bot
from tabletop.bots.runner import bot_seed
from tabletop.engine.game import Game, State
from tabletop.engine.log import read_lines, replay
from tabletop.engine.registry import all_games
from tabletop.engine.rng import SECURE_FROM
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.net.client import Client
from tabletop.net.host import Host, Limits, SeatSpec

LOOPBACK = "127.0.0.1"
"""The only address benches and tests use."""

CHECK_DELAY_MS = 300
"""The clients' wait before their fairness check (a whole replay), so one client's check does
not hold up another client's last View."""


def app() -> QCoreApplication:
    """The running Qt application, created if needed (no window)."""
    return QCoreApplication.instance() or QCoreApplication([])


def pump_until(predicate: Callable[[], bool], timeout: float) -> bool:
    """Run the event loop until `predicate()` holds or `timeout` seconds pass; its last value.

    The loop sleeps until something happens; a 5 ms heartbeat re-checks `predicate`.
    """
    qapp = app()
    end = time.monotonic() + timeout
    heartbeat = QTimer()
    heartbeat.start(5)
    try:
        while not predicate():
            if time.monotonic() > end:
                return False
            qapp.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    finally:
        heartbeat.stop()
    return True


class LoopbackTable:
    """A host and its clients on 127.0.0.1, in this process, playing one match."""

    def __init__(
        self,
        game_id: str,
        players: int,
        seed: int = 0,
        specs: Sequence[SeatSpec] | None = None,
        options: Mapping[str, Any] | None = None,
        bots: Sequence[str] = ("random",),
        password: str | None = None,
        autosave: str | None = None,
        limits: Limits | None = None,
        spectators: int = 0,
        port: int | None = None,
        tokens: Sequence[str] = (),
    ) -> None:
        app()
        self.rng = random.Random(seed)
        specs = list(specs) if specs is not None else [SeatSpec(network=True)] * players
        self.host: Host | None = None
        if port is None:
            self.host = Host(game_id, specs, options, seed, password, autosave, limits)
            port = self.host.listen(0, LOOPBACK)
        self.port = port
        self.errors: list[tuple[int, str, str]] = []
        self.clients: list[Client] = []
        self.bots: list[Bot | None] = []
        self.paused: set[int] = set()
        network = sum(1 for s in specs if s.kind == "network")
        for i in range(network):
            name = bots[i % len(bots)]
            bot = None if name == "random" else make_bot(game_id, name, bot_seed(seed, i))
            token = tokens[i] if i < len(tokens) else None
            self.add_client(Client(f"Net {i + 1}", password, token), bot)
        for _ in range(spectators):
            self.add_client(Client("Watcher", password, spectator=True), None)
        for client in self.clients:
            client.connect_to(LOOPBACK, self.port)

    def add_client(self, client: Client, bot: Bot | None) -> int:
        """Seat a client in this table's bookkeeping (it plays when it may); its index."""
        index = len(self.clients)
        client.check_delay_ms = CHECK_DELAY_MS
        self.clients.append(client)
        self.bots.append(bot)
        self._wire(index, client)
        return index

    def reconnect(self, index: int) -> Client:
        """Replace client `index` by a new one that rejoins with the old one's token."""
        old = self.clients[index]
        old.drop()
        new = Client(old.name, old.password, old.token)
        new.check_delay_ms = CHECK_DELAY_MS
        self.clients[index] = new
        self._wire(index, new)
        new.connect_to(LOOPBACK, self.port)
        return new

    def _wire(self, index: int, client: Client) -> None:
        client.viewChanged.connect(lambda _view, i=index: self._play(i))
        client.seatsChanged.connect(lambda _rows, i=index: self._play(i))
        client.errorReceived.connect(lambda code, text, _f, i=index: self._on_error(i, code, text))

    def _on_error(self, index: int, code: str, text: str) -> None:
        self.errors.append((index, code, text))
        if code in ("illegal", "bad-action"):
            self._play(index)

    def _play(self, index: int) -> None:
        client = self.clients[index]
        if index in self.paused or not client.can_act or client.view is None:
            return
        bot = self.bots[index]
        if bot is not None:
            choice = bot.choose(View.from_json(client.view))
        else:
            choice = self.rng.choice(client.view["moves"])["action"]
        client.act(choice)

    def pause(self) -> None:
        """Stop every client from playing (the match waits)."""
        self.paused.update(range(len(self.clients)))

    def unpause(self) -> None:
        """Let every client play again."""
        self.paused.clear()
        for index in range(len(self.clients)):
            self._play(index)

    def done(self) -> bool:
        """True when the match is over and every connected client has the result and has
        checked the revealed log."""
        if self.host is None:
            return all(c.fairness is not None for c in self.clients)
        return self.host.is_over() and all(
            c.fairness is not None for c in self.clients if c.connected
        )

    def unfair(self) -> list[str]:
        """The failed fairness checks of the clients that got the result ("client i: why")."""
        return [
            f"client {i}: {c.fairness.message if c.fairness is not None else 'no verdict'}"
            for i, c in enumerate(self.clients)
            if c.result is not None and (c.fairness is None or not c.fairness.ok)
        ]

    def run(self, timeout: float) -> bool:
        """Play until done (True) or `timeout` seconds pass (False)."""
        return pump_until(self.done, timeout)

    def desyncs(self) -> int:
        """Clients whose latest View differs from the host's View of their seat."""
        if self.host is None or self.host.state is None:
            return len(self.clients)
        return count_desyncs(self.host.game, self.host.state, self.host.seq, self.clients)

    def close(self) -> None:
        """Close every client and the host."""
        for client in self.clients:
            client.close()
        if self.host is not None:
            self.host.close()
        pump_until(lambda: False, 0.05)
        for client in self.clients:
            client.deleteLater()
        if self.host is not None:
            self.host.deleteLater()


def count_desyncs(game: Game[Any], state: State, seq: int, clients: Sequence[Client]) -> int:
    """Clients whose View (or its `seq`) differs from the engine's View of their seat."""
    return sum(
        1
        for client in clients
        if not same_view(game, state, seq, client.seat, client.view, client.seq)
    )


def same_view(
    game: Game[Any],
    state: State,
    seq: int,
    seat: int | None,
    view: dict[str, Any] | None,
    view_seq: int,
) -> bool:
    """True when a client's View at `view_seq` is the engine's View of `seat` at step `seq`."""
    want = json.loads(json.dumps(game.view(state, seat).to_json()))
    return (
        view is not None
        and view_seq == seq
        and {k: v for k, v in view.items() if k not in ("type", "seq")} == want
    )


def latencies(records: Sequence[Mapping[str, Any]]) -> list[float]:
    """Seconds from each applied action's send until the last client holds a View of it.

    Each record is one client's: `sent` (ref → send time), `applied` (ref → the step it made)
    and `arrived` (step → when its View arrived), times on one monotonic clock.
    """
    timelines = [sorted(r["arrived"].items()) for r in records if r["arrived"]]
    out = []
    for record in records:
        for ref, seq in record["applied"].items():
            firsts = [next((t for s, t in line if s >= seq), None) for line in timelines]
            if firsts and all(t is not None for t in firsts):
                out.append(max(t for t in firsts if t is not None) - record["sent"][ref])
    return out


HELD_UP = 0.001
"""A client's send (s) that takes longer than this was paused by the scheduler in the middle:
when its bytes left is not known (see `sent_by_host`)."""


def sent_by_host(
    records: Sequence[Mapping[str, Any]], sent: Sequence[tuple[int, float]]
) -> list[float]:
    """Seconds from each applied action's send until the host had written every seat's View
    of it (`Host.step_sent`): the host's part of the latency, without the clients' own work of
    reading their frames (on a real network each client has a computer of its own).

    An action whose send was held up (`held_up`) is left out: its client, sharing a core with
    the others, was paused between reading the clock and handing its bytes to the system, so
    the time would be the client's and not the host's.
    """
    timeline = sorted(sent)
    out = []
    for record in records:
        for ref, seq in record["applied"].items():
            done = next((t for s, t in timeline if s >= seq), None)
            if done is not None and not _held_up(record, ref):
                out.append(done - record["sent"][ref])
    return out


WAITED = 0.001
"""An update during which the host was kept from running longer than this (s) is counted
(`host_waited_updates`): other programs held its core."""


def held_up(records: Sequence[Mapping[str, Any]]) -> int:
    """How many applied actions' sends took longer than `HELD_UP` (left out of `sent_by_host`)."""
    return sum(_held_up(r, ref) for r in records for ref in r["applied"])


def _held_up(record: Mapping[str, Any], ref: int) -> bool:
    return bool(record["sent_end"][ref] - record["sent"][ref] > HELD_UP)


def spawn_host(
    game_id: str, players: int, folder: Path, env: Mapping[str, str] | None = None
) -> tuple[subprocess.Popen[bytes], int, list[str]]:
    """A headless host process on loopback with `players` open seats, on a core of its own
    (`_on_host_core`); it, its port and the invitation token of each seat (serve reserves every
    seat for its invitation). It deals as a real match does, from a seed of its own drawing
    (the hash generator, not the Mersenne Twister of small test seeds).

    It prints to `folder`/host.out and writes its own processing time per update to
    `folder`/host.timings.json (`serve --timings`). Like the app's host it keeps no autosave.
    """
    out = folder / "host.out"
    with out.open("wb") as sink, _on_host_core():
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tabletop.cli",
                "serve",
                "--game",
                game_id,
                "--seats",
                ",".join(["open"] * players),
                "--port",
                "0",
                "--bind",
                LOOPBACK,
                "--announce-to",
                "none",
                "--timings",
                str(folder / "host.timings.json"),
            ],
            stdout=sink,
            stderr=subprocess.STDOUT,
            # Its output is read by this program: in English, whatever the machine's language.
            env={**os.environ, "TABLETOP_LANG": "en", **(env or {})},
        )
    end = time.monotonic() + 30
    while time.monotonic() < end and proc.poll() is None:
        text = out.read_bytes()
        found = re.search(rb"on port (\d+)", text)
        tokens = [t.decode() for t in re.findall(rb"--token (\S+)\n", text)]
        if found and len(tokens) == players:
            return proc, int(found.group(1)), tokens
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"the host did not start: {out.read_text(errors='replace')}")


HOST_CORE = 0
"""The core the bench's host has to itself, where the system lets a process choose its cores."""


def usable_cores() -> set[int]:
    """The cores this process may run on (an empty set where the system cannot tell)."""
    return set(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else set()


def _host_core_apart(cores: set[int]) -> bool:
    """True if the host can have a core of these to itself and leave the clients another."""
    return len(cores) > 1 and HOST_CORE in cores


@contextmanager
def _on_host_core() -> Iterator[None]:
    """Run this process (and so every process it starts meanwhile) on the host's core only.

    The bench's host has a core of its own and its clients stay off it (`keep_off_host_core`): on
    a real LAN the host has a computer of its own, while on one machine with 25 client
    processes and few cores it would otherwise wait for the CPU behind the clients, and the
    bench would time them.
    """
    cores = usable_cores()
    if not _host_core_apart(cores):
        yield
        return
    os.sched_setaffinity(0, {HOST_CORE})
    try:
        yield
    finally:
        os.sched_setaffinity(0, cores)


def keep_off_host_core() -> None:
    """Keep this client off the host's core (see `_on_host_core`)."""
    cores = usable_cores()
    if _host_core_apart(cores):
        os.sched_setaffinity(0, cores - {HOST_CORE})


def _client_process(port: int, token: str, seed: int, out: str, timeout: float) -> None:
    """One bench client in its own process: play random legal moves on the seat of `token`
    until the match ends and the revealed log is checked, then write what it recorded."""
    keep_off_host_core()
    app()
    client = Client("Net", None, token)
    client.check_delay_ms = CHECK_DELAY_MS
    rng = random.Random(seed)
    record: dict[str, Any] = {"sent": {}, "sent_end": {}, "applied": {}, "arrived": {}}

    written: list[float] = []
    # The time just before the write: the host may answer before act returns, and a client
    # paused by the scheduler between building its frame and writing it has not sent it yet.
    client.writing = lambda: written.append(time.monotonic())

    def play(*_args: object) -> None:
        if client.can_act and client.view is not None:
            before = len(written)
            ref = client.act(rng.choice(client.view["moves"])["action"])
            if len(written) > before:
                record["sent"][ref] = written[-1]
                record["sent_end"][ref] = time.monotonic()

    def on_view(view: dict[str, Any]) -> None:
        record["arrived"].setdefault(view["seq"], time.monotonic())
        play()

    client.viewChanged.connect(on_view)
    client.seatsChanged.connect(play)
    client.acked.connect(lambda ref, seq: record["applied"].setdefault(ref, seq))
    client.errorReceived.connect(play)
    gave_up: list[bool] = []
    client.gaveUp.connect(lambda: gave_up.append(True))
    client.connect_to(LOOPBACK, port)
    pump_until(lambda: client.fairness is not None or bool(gave_up), timeout)
    fairness = client.fairness
    record.update(
        log=client.revealed_log if client.seat == 0 else None,
        seat=client.seat,
        seq=client.seq,
        view=client.view,
        fair=fairness is not None and fairness.ok,
    )
    client.close()
    pump_until(lambda: False, 0.05)
    Path(out).write_text(json.dumps(record), encoding="utf-8")


def _process(target: Callable[..., None], args: tuple[Any, ...]) -> BaseProcess:
    """A process running `target(*args)`: forked where the system can and this process holds
    no Qt application (Qt does not survive a fork; forking is cheap, everything is imported
    already), else spawned."""
    if "fork" in multiprocessing.get_all_start_methods() and QCoreApplication.instance() is None:
        return multiprocessing.get_context("fork").Process(target=target, args=args)
    return multiprocessing.get_context("spawn").Process(target=target, args=args)


@dataclass(frozen=True, slots=True)
class Played:
    """One bench match: finished in time, how many clients desynced or found it unfair, the
    latencies to the last client (s), the host's processing time per update (s), the
    latencies until the host had written every View (s), how many actions those leave out
    because their client's send was held up (`sent_by_host`), and how long the host was kept
    from running during each update (s, `Host.step_waits`), and the seed the match was dealt
    from (read from the revealed log; 0 when no log came)."""

    finished: bool
    bad: int
    latencies: list[float]
    busy: list[float]
    host_sent: list[float]
    held_up: int
    waits: list[float]
    seed: int


def play_one(
    game_id: str, players: int, seed: int, timeout: float, env: Mapping[str, str] | None = None
) -> Played:
    """One loopback match, the host and every client each in its own process (`Played`);
    `seed` chooses the clients' random moves (the host draws the deal's seed). `env` is added
    to the host process's environment (e.g. PYTHONPATH, to time another version of the host
    against the same clients)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc, port, tokens = spawn_host(game_id, players, Path(tmp), env)
        outs = [Path(tmp) / f"client{i}.json" for i in range(players)]
        workers = [
            _process(_client_process, (port, token, seed * 100 + i, str(out), timeout))
            for i, (token, out) in enumerate(zip(tokens, outs, strict=True))
        ]
        try:
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join(timeout + 30)
        finally:
            for worker in workers:
                if worker.is_alive():
                    worker.kill()
                    worker.join()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        records = [json.loads(o.read_text(encoding="utf-8")) for o in outs if o.exists()]
        for record in records:
            for key in ("sent", "sent_end", "applied", "arrived"):
                record[key] = {int(k): v for k, v in record[key].items()}
        logs = [r["log"] for r in records if r["log"] is not None]
        if not logs:
            return Played(False, players, [], [], [], 0, [], 0)
        # The log every client checked its own Views and events against (the fairness check).
        lines = logs[0].splitlines()
        done = replay(lines)
        finished = len(records) == players and all(r["fair"] for r in records)
        bad = players - len(records)
        bad += sum(
            1
            for r in records
            if not r["fair"]
            or not same_view(done.game, done.state, done.actions, r["seat"], r["view"], r["seq"])
        )
        timings = Path(tmp) / "host.timings.json"
        host = json.loads(timings.read_text(encoding="utf-8")) if timings.exists() else {}
        sent = [(int(seq), t) for seq, t in host.get("sent", [])]
        return Played(
            finished,
            bad,
            latencies(records),
            host.get("busy", []),
            sent_by_host(records, sent),
            held_up(records),
            host.get("waits", []),
            int(next(read_lines(lines))[1]["seed"]),
        )


def run_matches(
    game_id: str,
    players: int,
    matches: int,
    timeout: float = 120.0,
    env: Mapping[str, str] | None = None,
) -> dict[str, float]:
    """Play `matches` loopback matches; latency percentiles (ms), completed, desyncs.

    The host is a headless `serve` process and every client a process of its own, so the
    figures are the host's and the network's, not a crowd of clients sharing one process. The
    log the host reveals at the end is replayed to check every client's final View.
    """
    lat: list[float] = []
    host: list[float] = []
    sent: list[float] = []
    waits: list[float] = []
    completed = desynced = held = small = 0
    load_start = _load()
    for m in range(matches):
        played = play_one(game_id, players, 1000 + m, timeout, env)
        small += played.seed < SECURE_FROM
        completed += played.finished
        desynced += 1 if played.bad else 0
        lat.extend(played.latencies)
        host.extend(played.busy)
        sent.extend(played.host_sent)
        held += played.held_up
        waits.extend(played.waits)
    return {
        "median_ms": _percentile(lat, 0.5) * 1000,
        "p99_ms": _percentile(lat, 0.99) * 1000,
        "host_sent_median_ms": _percentile(sent, 0.5) * 1000,
        "host_sent_p99_ms": _percentile(sent, 0.99) * 1000,
        "host_sent_held_up": float(held),
        "host_median_ms": _percentile(host, 0.5) * 1000,
        "host_p99_ms": _percentile(host, 0.99) * 1000,
        "host_waited_max_ms": max(waits, default=0.0) * 1000,
        "host_waited_updates": float(sum(w > WAITED for w in waits)),
        "actions": float(len(lat)),
        "matches": float(matches),
        "completed": float(completed),
        "desynced": float(desynced),
        "small_seeds": float(small),
        "load_start": load_start,
        "load_end": _load(),
    }


def _load() -> float:
    """The system's load average over the last minute (NaN where the system cannot tell)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def _percentile(values: list[float], q: float) -> float:
    """The q-quantile of `values` (nearest rank); NaN when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    if q == 0.5:
        return statistics.median(ordered)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def measure(matches: int = 3) -> dict[str, float]:
    """The net bench: the two games that seat the most players, each full, on loopback.

    Keys: `<game>-<n>p <figure>`. `median_ms` and `p99_ms` are from an action's send until
    the last client holds its View; `host_sent_median_ms` and `host_sent_p99_ms` until the
    host has written every seat's View (`sent_by_host`), leaving out `host_sent_held_up`
    actions whose client was paused in the middle of sending; `host_median_ms` and `host_p99_ms`
    are the host's own processing time per update it sent (engine, log and every frame
    written; `Host.step_times`); `host_waited_max_ms` the longest the host was kept from
    running during an update, and `host_waited_updates` how many updates that was over
    `WAITED` (`Host.step_waits`: other programs held its core). `small_seeds` counts matches
    dealt from a seed below 2**64 (Mersenne Twister; a real match never is), `load_start` and
    `load_end` are the system's one-minute load average around the game's matches.
    """
    out: dict[str, float] = {}
    biggest = sorted(all_games(), key=lambda g: g.info.max_players)[-2:]
    for game_id, players in ((g.info.id, g.info.max_players) for g in reversed(biggest)):
        for key, value in run_matches(game_id, players, matches).items():
            out[f"{game_id}-{players}p {key}"] = value
    return out


TARGET_MS = 10.0
"""The latency target: p99 from an action's send until the host has written every seat's
frame of it, on a machine whose cores are not taken by other programs."""


def report(figures: Mapping[str, float]) -> list[tuple[int, Msg]]:
    """`measure`'s figures as lines for a person, each with its depth of indent: for each
    table the host's part on the wall clock with the host's own processor time per update
    beside it, so that a run slowed by other programs can be told from a slow host."""
    target = Msg(
        "Target: p99 ≤ {target} ms from an action's send until the host has written every "
        "seat's frame, on a machine whose cores are free.",
        target=f"{TARGET_MS:g}",
    )
    lines = [(0, target)]
    tables = dict.fromkeys(key.split(" ", 1)[0] for key in figures)
    for table in tables:
        f = {key.split(" ", 1)[1]: value for key, value in figures.items() if key.startswith(table)}
        game, players = table.rsplit("-", 1)

        def ms(name: str, f: dict[str, float] = f) -> str:
            return f"{f[name]:.1f}"

        heading = Msg(
            "{game}, {players} players: {completed} of {matches} matches completed, "
            "{desynced} desynced, {actions} actions; load average {start} → {end}.",
            game=game,
            players=int(players.removesuffix("p")),
            completed=int(f["completed"]),
            matches=int(f["matches"]),
            desynced=int(f["desynced"]),
            actions=int(f["actions"]),
            start=f"{f['load_start']:.2f}",
            end=f"{f['load_end']:.2f}",
        )
        lines.append((0, heading))
        details = [
            Msg(
                "Send → every seat's frame written: p50 {p50} ms, p99 {p99} ms (wall clock); "
                "host's own CPU per update: p50 {cpu50} ms, p99 {cpu99} ms.",
                p50=ms("host_sent_median_ms"),
                p99=ms("host_sent_p99_ms"),
                cpu50=ms("host_median_ms"),
                cpu99=ms("host_p99_ms"),
            ),
            Msg(
                "Send → last client holds its View: p50 {p50} ms, p99 {p99} ms (wall clock; "
                "the clients share this machine's cores).",
                p50=ms("median_ms"),
                p99=ms("p99_ms"),
            ),
            Msg(
                "The host was kept from running for up to {longest} ms, in {updates} updates "
                "over {limit} ms; {held} sends paused in their client were left out.",
                longest=ms("host_waited_max_ms"),
                updates=int(f["host_waited_updates"]),
                limit=f"{WAITED * 1000:g}",
                held=int(f["host_sent_held_up"]),
            ),
            _verdict(f),
        ]
        if f["small_seeds"]:
            details.append(
                Msg(
                    "{count} matches were dealt from a small seed, not as a real match is.",
                    count=int(f["small_seeds"]),
                )
            )
        lines += [(1, line) for line in details]
    return lines


def _verdict(f: Mapping[str, float]) -> Msg:
    """Whether one table met the target, and if not whether the machine or the host is why."""
    if f["host_sent_p99_ms"] <= TARGET_MS:
        return Msg("Target met.")
    if f["host_p99_ms"] <= TARGET_MS and f["host_waited_max_ms"] > TARGET_MS:
        return Msg(
            "Target missed on the wall clock, but the host's own CPU is within it and other "
            "programs kept the host from running: measure again with free cores."
        )
    return Msg("Target missed.")
