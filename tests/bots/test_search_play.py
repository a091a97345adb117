"""The search player at work: fed its seat's events everywhere, in simulate, join and bench."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QObject, Signal

from tabletop import cli
from tabletop.bench import PitSums, pit, progress_line, strength_table, wilson
from tabletop.bench_seers import Oracle, make_seer
from tabletop.bots import search
from tabletop.bots.base import feed, make_bot
from tabletop.bots.runner import play_match
from tabletop.bots.search import SearchBot, value_of
from tabletop.engine.errors import BadOption
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.net.headless import _Player
from tabletop.ui.table.session import SeatSpec, Session


class Recording:
    """A random player that keeps every batch of events it is fed."""

    name = "recording"

    def __init__(self, game_id: str, seed: int) -> None:
        self.inner = make_bot(game_id, "random", seed)
        self.batches: list[list[dict[str, Any]]] = []

    def choose(self, view: View) -> str:
        """A random legal move."""
        return self.inner.choose(view)

    def observe(self, events: list[dict[str, Any]]) -> None:
        """Keep the batch."""
        self.batches.append(list(events))


def test_simulate_feeds_each_seat_its_own_redacted_events() -> None:
    """The opening deal shows a seat its own hand only; every action's events follow."""
    game = get_game("interaction")
    seated = [Recording("interaction", i) for i in range(3)]
    play_match(game, 3, seed=5, seated=seated)
    for seat, bot in enumerate(seated):
        deal = bot.batches[0][0]
        assert deal["type"] == "deal"
        for i, hand in enumerate(deal["hands"]):
            assert (i == seat) == isinstance(hand, list)
        seen = [e for batch in bot.batches for e in batch]
        assert seen[-1]["type"] == "game_end"
    assert seated[0].batches[1:] != seated[1].batches[1:]  # draws are secret to the drawer


def test_feed_skips_players_without_the_hook() -> None:
    """Players without `observe` are left alone; the others get their seat's view of it."""
    game = get_game("seltsam-walzer")
    state = game.setup(4, None, 1)
    recording = Recording("seltsam-walzer", 0)
    feed({0: make_bot("seltsam-walzer", "random"), 2: recording}, state.opening)
    assert recording.batches == [[e.to_json(2, omniscient=False) for e in state.opening]]


def test_the_table_session_feeds_its_computer_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """A session hands its search players the opening deal and every action's events."""
    monkeypatch.setattr(search, "DEFAULT_THINK", 0.001)
    game = get_game("second-third")
    seats = [SeatSpec("You"), SeatSpec("A", "search"), SeatSpec("B", "search"), SeatSpec("C")]
    session = Session(game, seats, seed=9)
    bot = session.bots[1]
    assert isinstance(bot, SearchBot)
    assert [e["type"] for e in bot.memory.events] == ["deal"]
    hand = session.view(0).zone("hand0").cards
    session.act(0, f"pass {hand[0]} {hand[1]}")
    before = len(bot.memory.events)
    session.act(1, session.bot_choice(1))
    session.act(2, session.bot_choice(2))
    session.act(3, session.view(3).moves[0].action)
    assert len(bot.memory.events) > before
    passes = [e for e in bot.memory.events if e["type"] == "pass"]
    assert [p["seat"] for p in passes] == [0, 1, 2, 3]
    assert isinstance(passes[1]["cards"], list) and "hidden" in passes[3]["cards"]


def test_simulate_command_with_search_players(capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop simulate --bots search,thumb` plays a match to its end."""
    code = cli.main(
        [
            "simulate",
            "--game",
            "interaction",
            "--players",
            "3",
            "--bots",
            "search,thumb",
            "--think",
            "0.002",
            "--seed",
            "4",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "winner:" in out


class FakeClient(QObject):
    """The signals and calls of the LAN client that the headless player uses."""

    welcomed = Signal(object)
    viewChanged = Signal(object)
    seatsChanged = Signal(object)
    errorReceived = Signal(str, str, bool)
    eventsReceived = Signal(int, object)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self.view: dict[str, Any] | None = None
        self.sent: list[str] = []

    @property
    def can_act(self) -> bool:
        """True when the view asks this seat to act."""
        return self.view is not None and self.seat in self.view["to_act"]

    def act(self, text: str) -> int:
        """Record the action."""
        self.sent.append(text)
        self.view = None
        return len(self.sent)

    def close(self) -> None:
        """Nothing to close."""


def test_headless_join_feeds_the_search_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """`join --bot search`: the client's events reach the player, which plays from them."""
    monkeypatch.setattr(search, "DEFAULT_THINK", 0.001)
    game = get_game("interaction")
    state = game.setup(3, None, 2)
    client = FakeClient(1)
    player = _Player(client, "search", lambda: None)  # type: ignore[arg-type]
    client.welcomed.emit({"game": "interaction", "seat": 1, "token": "t"})
    bot = player.bot
    assert isinstance(bot, SearchBot)
    sent = [e.to_json(1, omniscient=False) for e in state.opening]
    client.eventsReceived.emit(0, sent)
    others = [make_bot("interaction", "thumb", i) for i in range(3)]
    seq = 0
    while game.to_act(state):
        seat = min(game.to_act(state))
        if seat == 1:
            client.view = game.view(state, 1).to_json()
            client.viewChanged.emit(client.view)
            action = client.sent[-1]
        else:
            action = others[seat].choose(game.view(state, seat))
        events = [e.to_json(1, omniscient=False) for e in game.apply(state, seat, action)]
        seq += 1
        sent += events
        client.eventsReceived.emit(seq, events)
    assert client.sent
    assert bot.memory.events == sent
    assert bot.decisions >= 1


def test_bench_strength_table(capsys: pytest.CaptureFixture[str]) -> None:
    """One row per player count for the pair and one for the baseline against random."""
    rows = strength_table("search:thumb", 2, iterations=2, only=["interaction"])
    assert [(r.candidate, r.baseline, r.players, r.matches) for r in rows] == [
        ("search", "thumb", 4, 2),
        ("thumb", "random", 4, 2),
    ]
    assert all(0 <= r.share <= 1 for r in rows)
    assert rows[0].think > 0
    assert "search vs thumb" in capsys.readouterr().out


def test_bench_pit_in_processes_plays_the_same_matches() -> None:
    """Two processes, a rotation of seats each in turn, play the matches one process plays:
    the same wins, score differences and decisions (iteration budgets, so no clock)."""
    game = get_game("interaction")
    alone = pit(game, 4, "search", "thumb", 6, iterations=2)
    shared = pit(game, 4, "search", "thumb", 6, iterations=2, jobs=2)
    assert alone.margin != 0
    assert (shared.matches, shared.wins) == (alone.matches, alone.wins)
    assert shared.margin == pytest.approx(alone.margin)


@pytest.mark.parametrize("jobs", [1, 2])
def test_bench_pit_tells_its_progress_after_each_rotation(jobs: int) -> None:
    """A long row reports as it goes: the sums so far after each rotation of seats, in match
    order, the last of them the row itself."""
    told: list[PitSums] = []
    row = pit(
        get_game("interaction"),
        4,
        "search",
        "thumb",
        10,
        iterations=2,
        jobs=jobs,
        progress=told.append,
    )
    assert [s.matches for s in told] == [4, 8, 10]
    assert told[-1].wins == row.wins
    assert told[-1].margin / 10 == pytest.approx(row.margin)


def test_bench_progress_lines_come_at_each_tenth_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A line at every tenth of the row's matches, with the wins so far, none at its end
    (the row itself is printed then); on stderr, so the table on stdout stays clean."""
    show = progress_line("triq 4p search vs thumb", 40)
    for done in range(4, 41, 4):
        show(PitSums(done, done / 4))
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 9
    assert lines[0] == "  ... triq 4p search vs thumb: 4/40 matches, wins 25.0% so far"
    assert lines[-1].startswith("  ... triq 4p search vs thumb: 36/40 matches")
    show = progress_line("seldom", 300)
    for done in range(6, 301, 6):
        show(PitSums(done, 0.0))
    assert [line.split(": ")[1].split()[0] for line in capsys.readouterr().err.splitlines()] == [
        f"{tenth}/300" for tenth in range(30, 300, 30)
    ]


def test_bench_refuses_no_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    """`--jobs 0` is refused with a reason before any match is played."""
    code = cli.main(["bench", "--strength", "search:thumb", "--jobs", "0", "--game", "triq"])
    assert code == 2
    assert "--jobs must be at least 1." in capsys.readouterr().err


def test_bench_strength_refuses_bad_pairs() -> None:
    """A pair must name two players the game has."""
    with pytest.raises(BadOption):
        strength_table("search", 1, only=["interaction"])
    with pytest.raises(BadOption):
        strength_table("search:nobody", 1, only=["interaction"])


def test_wilson_interval() -> None:
    """The 95% Wilson interval of 5 wins in 10, and its edges at 0 and all."""
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4)
    assert hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("second-third", 4, {"ver2": True}),
        ("pokered-trick", 3, {"end": "bankruptcies"}),
        ("triq", 3, {"games": 1}),
    ],
)
def test_search_plays_whole_matches_with_options(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Options the player is not told still give a match played to its end with legal moves."""
    game = get_game(game_id)
    factory = search.make_search(game_id, iterations=2)
    assert factory is not None
    seated = [factory(i) if i == 0 else make_bot(game_id, "thumb", i) for i in range(players)]
    _, result = play_match(game, players, seed=8, options=options, seated=seated)
    assert len(result.places) == players
    assert seated[0].decisions > 0  # type: ignore[attr-defined]


def test_a_playout_to_the_match_end_still_reports_the_round_total() -> None:
    """The same random playout stopped at the round's end and carried on to the match's end
    report the same total at the round's end; only the second finishes the match."""
    game = get_game("trump-duel")
    state = game.setup(2, None, 5, quiet=True)
    seat = min(game.to_act(state))
    move = game.legal_actions(state, seat)[0]
    start_round = state.match.round
    short, whole = game.clone(state, quiet=True), game.clone(state, quiet=True)
    _, short_total = search.playout(game, short, seat, move, Rng(3))
    value, whole_total = search.playout(game, whole, seat, move, Rng(3), whole_match=True)
    assert short.result is None and short.match.round == start_round + 1
    assert whole.result is not None
    assert whole_total == short_total == short.match.totals[seat]
    assert value == search.value_of(whole, seat)


def test_only_games_of_single_fight_rounds_search_to_the_match_end() -> None:
    """Trump Duel's rounds are single fights, so what a move spends shows only in later
    rounds; a Second Third round is a whole deal."""
    duel = search.make_search("trump-duel", iterations=1)
    deal = search.make_search("second-third", iterations=1)
    assert duel is not None and deal is not None
    assert duel(0).whole_match and not deal(0).whole_match


def test_the_seer_reads_the_true_state_where_search_samples() -> None:
    """The bench's seer plays out the match as it stands; the search player a sampled world."""
    game = get_game("interaction")
    state = game.setup(4, None, 7)
    seer = make_seer(game, "seer", state, 1, None, 4)
    honest = search.make_search("interaction", iterations=4)
    assert isinstance(seer, SearchBot) and honest is not None
    view = game.view(state, 0)
    truth = [z.cards for z in game.zones(state)]
    seen = seer.sampler(game, view, seer.memory, Rng(3))
    sampled = honest(1).sampler(game, view, seer.memory, Rng(3))
    assert [z.cards for z in game.zones(seen)] == truth
    assert [z.cards for z in game.zones(sampled)] != truth


def test_the_first_seat_acts_first_whenever_it_may() -> None:
    """In Interaction's sealed first turn every seat may act; `first` goes before the rest."""
    game = get_game("interaction")
    order: list[int] = []

    class Noting(Recording):
        """A recording player that notes when its seat chooses."""

        def __init__(self, seat: int) -> None:
            super().__init__("interaction", seat)
            self.seat = seat

        def choose(self, view: View) -> str:
            """Note the seat, then choose."""
            order.append(self.seat)
            return super().choose(view)

    play_match(game, 4, seed=5, seated=[Noting(i) for i in range(4)], first=2)
    assert order[:4] == [2, 0, 1, 3]
    order.clear()
    play_match(game, 4, seed=5, seated=[Noting(i) for i in range(4)])
    assert order[:4] == [0, 1, 2, 3]


def test_the_oracle_plays_each_move_out_from_the_true_state() -> None:
    """A rollout is the true match played on by rules of thumb; a choice changes nothing."""
    game = get_game("interaction")
    state = game.setup(4, None, 7)
    oracle = make_seer(game, "oracle", state, 1, None, None)
    assert isinstance(oracle, Oracle)
    view = game.view(state, 0)
    move = view.moves[3].action
    by_hand = game.clone(state)
    game.apply(by_hand, 0, move)
    thumbs = [make_bot("interaction", "thumb", 50 + i) for i in range(4)]
    while acting := game.to_act(by_hand):
        seat = min(acting)
        game.apply(by_hand, seat, thumbs[seat].choose(game.view(by_hand, seat)))
    assert oracle._rollout(0, move, 50) == value_of(by_hand, 0)
    before = [z.cards for z in game.zones(state)]
    assert oracle.choose(view) in {m.action for m in view.moves}
    assert [z.cards for z in game.zones(state)] == before


def test_bench_pits_the_all_seeing_players_but_no_table_seats_them() -> None:
    """`seer:thumb` and `oracle:thumb` give rows like `search:thumb`; neither is a computer
    player's name, nor a baseline."""
    for name in ("seer", "oracle"):
        rows = strength_table(
            f"{name}:thumb", 2, iterations=2, only=["interaction"], with_baseline=False
        )
        assert [(r.candidate, r.baseline, r.players, r.matches) for r in rows] == [
            (name, "thumb", 4, 2)
        ]
        with pytest.raises(BadOption):
            make_bot("interaction", name, 1)
        with pytest.raises(BadOption):
            strength_table(f"thumb:{name}", 1, only=["interaction"])


@pytest.mark.parametrize("game_id", ["second-third", "interaction", "wild-rawz"])
def test_a_world_at_its_horizon_is_played_out_as_one_without(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search's own worlds (at their horizon) are played out by `Game.playout`, to the
    same value and round total as the move-by-move loop over a world without a horizon."""
    game = get_game(game_id)
    played = []
    own = type(game).playout
    monkeypatch.setattr(type(game), "playout", lambda g, s, r: played.append(s) or own(g, s, r))
    state = game.setup(4, None, 8, quiet=True)
    chooser = Rng(5)
    for _ in range(6):
        seat = min(game.to_act(state))
        game.apply_nth(state, seat, chooser.below(game.choices(state, seat)))
    seat = min(game.to_act(state))
    move = str(game.legal_actions(state, seat)[0])
    found = []
    for horizon in (False, True):
        world = game.clone(state, quiet=True, rng=Rng(1), horizon=horizon)
        found.append(search.playout(game, world, seat, move, Rng(3)))
        assert world.match.round == state.match.round + 1 or world.result is not None
    assert len(played) == 1 and played[0].horizon
    assert found[0] == found[1]


def test_a_move_that_ends_the_round_is_valued_where_the_round_ends() -> None:
    """A playout whose own move ends the round stops there, not at the end of the next."""
    game = get_game("second-third")
    state = game.setup(4, None, 6, quiet=True)
    chooser = Rng(2)
    while True:
        seat = min(game.to_act(state))
        move = game.legal_actions(state, seat)[0]
        probe = game.clone(state, quiet=True, rng=Rng(1))
        game.apply(probe, seat, move)
        if probe.match.round != state.match.round:
            break
        game.apply_nth(state, seat, chooser.below(game.choices(state, seat)))
    for horizon in (False, True):
        world = game.clone(state, quiet=True, rng=Rng(1), horizon=horizon)
        value, total = search.playout(game, world, seat, str(move), Rng(3))
        assert world.match.round == state.match.round + 1
        assert world.match.scores == probe.match.scores
        assert total == probe.match.totals[seat]
        assert value == search.value_of(probe, seat)
