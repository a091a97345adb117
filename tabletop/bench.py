"""`tabletop bench`: random matches per second per game, and computer-player strength."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from multiprocessing import get_context
from statistics import median
from typing import Any

from tabletop.bench_seers import ABOUT, make_seer, seer_names
from tabletop.bots.base import Bot, bot_names, feed, make_bot, observe, unknown_bot
from tabletop.bots.levels import TABLE_THINK, table_player
from tabletop.bots.runner import bot_seed, play_match
from tabletop.bots.search import make_search
from tabletop.engine.errors import BadOption
from tabletop.engine.game import BareLoop, Game, State
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.rng import Rng
from tabletop.engine.text import Msg
from tabletop.engine.views import View


def random_match(
    game: Game[Any], players: int, seed: int, rng: Rng, quiet: bool = True, stepwise: bool = False
) -> State:
    """Play one match choosing uniformly among the legal actions by number, through the
    public protocol.

    A `quiet` match keeps no record and is played by the game's `playout`, as the search's
    playouts are; a `stepwise` one, or one with a record (events built), by the default
    `Game.playout`: one move at a time through `choices` and `apply_nth` (the same moves).
    """
    state: State = game.setup(players, None, seed, quiet=quiet)
    if quiet and not stepwise:
        game.playout(state, rng)
    else:
        Game.playout(game, state, rng)
    return state


def matches_per_second(
    game: Game[Any], players: int, seconds: float, quiet: bool = True, stepwise: bool = False
) -> tuple[float, float]:
    """Random matches and rounds per second of this process's CPU time, over about `seconds`
    of it (steadier than the wall clock on a machine shared with other work)."""
    rng = Rng(12345)
    done = rounds = 0
    start = time.process_time()
    while True:
        state = random_match(game, players, done, rng, quiet, stepwise)
        done += 1
        rounds += len(state.match.scores)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed, rounds / elapsed


def strength(game: Game[Any], players: int, bot: str, matches: int) -> tuple[float, float]:
    """Win share of `bot` and of `random` in the same rotating seat against random players."""
    shares = []
    for candidate in (bot, "random"):
        won = 0.0
        for m in range(matches):
            seat = m % players
            bots = ["random"] * players
            bots[seat] = candidate
            _, result = play_match(game, players, bots, seed=10_000 + m)
            if seat in result.winners:
                won += 1 / len(result.winners)
        shares.append(won / matches if matches else 0.0)
    return shares[0], shares[1]


def counts_of(game: Game[Any]) -> list[int]:
    """The player counts measured for a game: fewest, usual, most, and those often played."""
    info = game.info
    return sorted({info.min_players, usual_count(game), info.max_players, *info.often_played})


THINK_SLACK = 0.2
"""Seconds a Strong decision may run past its budget (its last playout, the table's work)."""

STRONG_SEED = 0x5EED_7AB1_E0F0_0D5E_A5ED_C0DE_F00D_BEEF
"""A 128-bit seed as real matches use, for the big-table decisions."""


def strong_decisions(game: Game[Any], players: int, decisions: int = 4) -> tuple[float, float]:
    """The longest wall and CPU seconds of a match's first `decisions` Strong decisions at a
    table of `players` Strong players acting in seat order, as the table asks them."""
    state = game.setup(players, None, STRONG_SEED)
    bots = [table_player(game.info.id, "search", bot_seed(STRONG_SEED, i)) for i in range(players)]
    feed(bots, state.opening)
    wall = cpu = 0.0
    for _ in range(decisions):
        acting = game.to_act(state)
        if not acting:
            break
        seat = min(acting)
        start, used = time.perf_counter(), time.process_time()
        action = bots[seat].choose(game.view(state, seat))
        wall = max(wall, time.perf_counter() - start)
        cpu = max(cpu, time.process_time() - used)
        feed(bots, game.apply(state, seat, action))
    return wall, cpu


def run(seconds: float = 1.0, matches: int = 200, only: Sequence[str] | None = None) -> None:
    """Print every figure of the bench."""
    games = [get_game(g) for g in only] if only else all_games()
    print("random play through the public protocol (setup, then playout as the search plays it),")
    print("quiet (no events built); a round is one deal; per CPU second")
    for game in games:
        for n in counts_of(game):
            mps, rps = matches_per_second(game, n, seconds)
            print(f"  {game.info.id:<16} {n:>2}p  {mps:9.1f} matches/s  {rps:9.1f} rounds/s")
    if matches <= 0:
        return
    print(f"rule-of-thumb vs random ({matches} matches each, seat rotating, ties shared)")
    for game in games:
        info = game.info
        for bot in [b for b in bot_names(info.id) if b == "thumb"]:
            n = usual_count(game)
            mine, base = strength(game, n, bot, matches)
            print(
                f"  {info.id:<16} {n}p  {bot}: wins {mine:6.1%}   random in its seat: "
                f"{base:6.1%}   fair share {1 / n:6.1%}"
            )
    print(
        f"Strong at the largest table: its first decisions as a table plays them, "
        f"budget {TABLE_THINK:.1f} s, target at most {TABLE_THINK + THINK_SLACK:.1f} s wall"
    )
    for game in games:
        wall, cpu = strong_decisions(game, game.info.max_players)
        print(
            f"  {game.info.id:<16} {game.info.max_players:>2}p  "
            f"wall max {wall:5.2f} s  cpu max {cpu:5.2f} s"
        )


def bare_deals(loop: BareLoop, players: int, seconds: float) -> float:
    """Deals per CPU second of a game's bare loop (seeds and chooser as `matches_per_second`)."""
    rng = Rng(12345)
    done = deals = 0
    start = time.process_time()
    while True:
        deals += len(loop(players, done, rng))
        done += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return deals / elapsed


@dataclass(frozen=True, slots=True)
class Baseline:
    """Random play through the protocol against the game's bare loop, measured in turns."""

    game: str
    players: int
    quiet: float
    stepwise: float
    recorded: float
    bare: float

    @property
    def ratio(self) -> float:
        """Quiet protocol play's speed as a share of the bare loop's."""
        return self.quiet / self.bare if self.bare else 0.0

    def line(self) -> str:
        """One row of the baseline table."""
        return (
            f"  {self.game:<16} {self.players:>2}p  protocol {self.quiet:8.0f} deals/s"
            f" (a move at a time {self.stepwise:8.0f}, with events {self.recorded:8.0f})"
            f"  bare loop {self.bare:8.0f} deals/s  ratio {self.ratio:4.2f}"
        )


def baseline(game: Game[Any], players: int, seconds: float, turns: int = 5) -> Baseline | None:
    """The game's protocol play against its bare loop, `turns` short runs of each in turn (the
    medians, so that a machine shared with other work slows both alike); None without a loop.
    """
    loop = type(game).bare_loop
    if loop is None:
        return None
    slice_ = seconds / (4 * turns)
    quiet, stepwise, recorded, bare = [], [], [], []
    for _ in range(turns):
        quiet.append(matches_per_second(game, players, slice_)[1])
        bare.append(bare_deals(loop, players, slice_))
        stepwise.append(matches_per_second(game, players, slice_, stepwise=True)[1])
        recorded.append(matches_per_second(game, players, slice_, quiet=False)[1])
    return Baseline(
        game.info.id, players, median(quiet), median(stepwise), median(recorded), median(bare)
    )


def search_speed(game: Game[Any], players: int, seconds: float) -> float | None:
    """Playouts per CPU second of the game's search player deciding a match's first move for
    about `seconds` (None if the game has no search player or its first move is forced)."""
    factory = make_search(game.info.id, think=seconds)
    if factory is None:
        return None
    bot = factory(1)
    state = game.setup(players, None, 1)
    seat = min(game.to_act(state))
    bot.observe([event.to_json(seat, omniscient=False) for event in state.opening])
    view = game.view(state, seat)
    start = time.process_time()
    bot.choose(view)
    spent = time.process_time() - start
    return bot.playouts / spent if bot.playouts and spent > 0 else None


def run_baseline(seconds: float = 1.0, only: Sequence[str] | None = None) -> list[Baseline]:
    """Print protocol play against each game's bare loop, and each game's search speed."""
    games = [get_game(g) for g in only] if only else all_games()
    print(
        "random play through the public protocol (quiet by playout; a move at a time; with events)"
        "\nagainst the game written as one bare loop, in turns, per CPU second;"
        " ratio = quiet protocol / bare loop"
    )
    rows = []
    for game in games:
        row = baseline(game, usual_count(game), seconds)
        if row is not None:
            print(row.line(), flush=True)
            rows.append(row)
    print("search player: playouts/s deciding a match's first move")
    for game in games:
        n = usual_count(game)
        speed = search_speed(game, n, seconds)
        shown = "no search player or a forced move" if speed is None else f"{speed:8.0f} playouts/s"
        print(f"  {game.info.id:<16} {n:>2}p  {shown}", flush=True)
    return rows


def usual_count(game: Game[Any]) -> int:
    """The player count a strength test uses first: 4, or the nearest the game allows."""
    info = game.info
    return min(max(4, info.min_players), info.max_players)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a share of `wins` out of `n`."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """A player wrapped to add up the time it spends choosing (its events pass through)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: View) -> str:
        """The wrapped player's choice, timed."""
        start = time.perf_counter()
        try:
            return self.bot.choose(view)
        finally:
            self.seconds += time.perf_counter() - start
            self.decisions += 1

    def observe(self, events: Sequence[dict[str, Any]]) -> None:
        """Pass the seat's events on."""
        observe(self.bot, events)


@dataclass(frozen=True, slots=True)
class Strength:
    """One strength measurement: a candidate in a rotating seat among baseline players."""

    game: str
    players: int
    candidate: str
    baseline: str
    matches: int
    wins: float
    margin: float
    think: float
    playouts: float = 0.0

    @property
    def share(self) -> float:
        """The candidate's share of wins (ties shared)."""
        return self.wins / self.matches if self.matches else 0.0

    def line(self) -> str:
        """One row of the strength table."""
        lo, hi = wilson(self.wins, self.matches)
        fair = 1 / self.players
        return (
            f"  {self.game:<16} {self.players:>2}p  {self.candidate} vs {self.baseline}: "
            f"wins {self.share:6.1%} [{lo:5.1%}, {hi:5.1%}]  {self.share / fair:4.2f}x fair "
            f"{fair:5.1%}  score diff {self.margin:+7.2f}  think {self.think * 1000:7.1f} ms"
            + (f"  {self.playouts:6.0f} playouts a move" if self.playouts else "")
        )


def make_player(
    game: Game[Any], name: str, seed: int, think: float | None, iterations: int | None
) -> Bot:
    """A player by name; a search player gets the given time or iteration budget."""
    if name == "search" and (think is not None or iterations is not None):
        factory = make_search(game.info.id, think, iterations)
        if factory is not None:
            return factory(seed)
    return make_bot(game.info.id, name, seed)


@dataclass(frozen=True, slots=True)
class PitSums:
    """What some matches of a strength run add up to (parts of one run are summed)."""

    matches: int = 0
    wins: float = 0.0
    margin: float = 0.0
    seconds: float = 0.0
    decisions: int = 0
    playouts: int = 0

    def __add__(self, other: PitSums) -> PitSums:
        """Both parts' sums."""
        return PitSums(
            self.matches + other.matches,
            self.wins + other.wins,
            self.margin + other.margin,
            self.seconds + other.seconds,
            self.decisions + other.decisions,
            self.playouts + other.playouts,
        )


def pit_part(
    game_id: str,
    players: int,
    candidate: str,
    baseline: str,
    numbers: range,
    think: float | None = None,
    iterations: int | None = None,
    first_seed: int = 20_000,
) -> PitSums:
    """Matches `numbers` of a strength run: match m is dealt from seed `first_seed + m` with
    the candidate in seat `m % players`, so any split of a run into parts plays the same
    matches."""
    game = get_game(game_id)
    sums = PitSums()
    for m in numbers:
        seat = m % players
        seed = first_seed + m
        seated: list[Bot] = [
            make_player(game, baseline, bot_seed(seed, i), think, iterations)
            for i in range(players)
        ]
        state = game.setup(players, None, seed)
        seer = candidate in seer_names(game_id)
        if seer:
            chosen = make_seer(game, candidate, state, bot_seed(seed, seat), think, iterations)
        else:
            chosen = make_player(game, candidate, bot_seed(seed, seat), think, iterations)
        timed = Timed(chosen)
        seated[seat] = timed
        _, result = play_match(
            game, players, seated=seated, state=state, first=seat if seer else None
        )
        others = [t for i, t in enumerate(result.totals) if i != seat]
        sums += PitSums(
            1,
            1 / len(result.winners) if seat in result.winners else 0.0,
            result.totals[seat] - sum(others) / len(others),
            timed.seconds,
            timed.decisions,
            getattr(chosen, "playouts", 0),
        )
    return sums


def pit(
    game: Game[Any],
    players: int,
    candidate: str,
    baseline: str,
    matches: int,
    think: float | None = None,
    iterations: int | None = None,
    first_seed: int = 20_000,
    jobs: int = 1,
    progress: Callable[[PitSums], None] | None = None,
) -> Strength:
    """Play `matches` with `candidate` in a rotating seat among `baseline` players; where
    several seats act at once, they act in seat order as at the app's table and a LAN host
    (an all-seeing candidate, `bench_seers`, acts first instead, so that it sees no choice made
    in the same step).

    The matches are played a rotation of seats at a time, in that many processes at once if
    `jobs` > 1; the matches and their results are the same. `progress` is told the sums so far
    after each rotation, in match order.
    """
    game_id = game.info.id
    part = partial(
        pit_part,
        game_id,
        players,
        candidate,
        baseline,
        think=think,
        iterations=iterations,
        first_seed=first_seed,
    )
    rotations = [range(m, min(m + players, matches)) for m in range(0, matches, players)]
    if jobs <= 1:
        sums = _added(map(part, rotations), progress)
    else:
        # spawned, not forked: a child starts clean, as it would on every system
        with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
            sums = _added(pool.map(part, rotations), progress)
    return Strength(
        game_id,
        players,
        candidate,
        baseline,
        sums.matches,
        sums.wins,
        sums.margin / sums.matches if sums.matches else 0.0,
        sums.seconds / sums.decisions if sums.decisions else 0.0,
        sums.playouts / sums.decisions if sums.decisions else 0.0,
    )


def _added(parts: Iterable[PitSums], progress: Callable[[PitSums], None] | None) -> PitSums:
    """The parts' sums, telling `progress` the sums so far after each part."""
    sums = PitSums()
    for part in parts:
        sums += part
        if progress is not None:
            progress(sums)
    return sums


def progress_line(label: str, matches: int) -> Callable[[PitSums], None]:
    """A `pit` progress report for a long row: a line on stderr at every tenth of `matches`
    (the row itself is printed only at its end), with the candidate's wins so far."""
    every = max(1, matches // 10)
    shown = 0

    def show(sums: PitSums) -> None:
        nonlocal shown
        done = sums.matches
        if done >= matches or done < shown + every:
            return
        shown = done - done % every
        print(
            f"  ... {label}: {done}/{matches} matches, wins {sums.wins / done:.1%} so far",
            file=sys.stderr,
            flush=True,
        )

    return show


def strength_table(
    pair: str,
    matches: int,
    think: float | None = None,
    iterations: int | None = None,
    only: Sequence[str] | None = None,
    with_baseline: bool = True,
    jobs: int = 1,
    first_seed: int = 20_000,
) -> list[Strength]:
    """`candidate:baseline` measured per game at its usual count (and larger where played).

    With `with_baseline`, the baseline is also measured against random players. `jobs`: how
    many processes play the matches of a row at once (see `pit`); match m is dealt from seed
    `first_seed + m`.
    """
    candidate, sep, baseline = pair.partition(":")
    if not sep or not candidate or not baseline:
        raise BadOption(
            Msg(
                "--strength takes CANDIDATE:BASELINE (like search:thumb), not {pair}.",
                pair=repr(pair),
            )
        )
    games = [get_game(g) for g in only] if only else all_games()
    for game in games:
        known = bot_names(game.info.id)
        for name, allowed in ((candidate, known + seer_names(game.info.id)), (baseline, known)):
            if name not in allowed:
                raise unknown_bot(game.info.id, name, allowed)

    print(
        f"{candidate} among {baseline} players ({matches} matches per row, seat rotating, "
        f"ties shared; 95% Wilson interval; think = mean seconds per decision of {candidate})"
    )
    if candidate in ABOUT:
        print(f"{candidate}: {ABOUT[candidate]}; no table can seat it")
    rows = []
    for game in games:
        counts = (usual_count(game), *game.info.often_played)
        for n in counts:
            if not game.info.min_players <= n <= game.info.max_players:
                continue
            shown = progress_line(f"{game.info.id} {n}p {candidate} vs {baseline}", matches)
            row = pit(
                game,
                n,
                candidate,
                baseline,
                matches,
                think,
                iterations,
                first_seed=first_seed,
                jobs=jobs,
                progress=shown,
            )
            print(row.line(), flush=True)
            rows.append(row)
            if with_baseline and baseline != "random":
                shown = progress_line(f"{game.info.id} {n}p {baseline} vs random", matches)
                row = pit(
                    game,
                    n,
                    baseline,
                    "random",
                    matches,
                    first_seed=first_seed,
                    jobs=jobs,
                    progress=shown,
                )
                print(row.line(), flush=True)
                rows.append(row)
    return rows
