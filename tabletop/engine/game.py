"""The Game protocol, its shared bookkeeping (State, Match) and the Result value.

A game subclasses `Game` and writes the rules in a few hooks:

- `new_state(players, options, rng)` deals and returns the game's own State subclass;
- `seats_to_act(state)` names the seats that must act now (several for simultaneous choices);
  `perform` may name them instead (`state.acting = ONE_SEAT[turn]`), which spares the call,
  and may offer the next seat's legal actions too (see State);
- `legal(state, seat)` lists the legal actions: the one place legality is decided;
- `refusal(state, seat, action)` words why an action that `legal` did not list is refused;
- `perform(state, seat, action)` changes the state and returns the events (none need be built
  for a `quiet` state: playouts and speed measurements);
- `zones`, `counters`, `status`, `tag` describe what the table shows;
- `copy_state` for clones (a search player's worlds are dealt by the game's world sampler,
  `tabletop/bots/<game>.py`, from what one seat was shown).

The public protocol (`setup`, `to_act`, `legal_actions`, `apply`, `view`, `result`, `clone`)
is implemented once here, so every game validates actions the same way. Playouts may pick by
number instead (`choices`, then `apply_nth`), as OpenSpiel's games do with integer actions: a
game may then answer without building its legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import SHARE, EventData, ScoreLine, ScoreSheet, plain_lines
from tabletop.engine.errors import IllegalAction, ParseError
from tabletop.engine.events import Event
from tabletop.engine.info import GameInfo
from tabletop.engine.rng import Rng
from tabletop.engine.text import EMPTY, Msg
from tabletop.engine.views import Counter, Move, View, Zone

SCORE = Msg("Score")
"""The label of the default score counters."""


class Line(NamedTuple):
    """One line of a game's narration.

    `moment` asks the table to show it as a banner too; `mark` names cards the viewer just
    received, which the table marks in the viewer's hand until the viewer's next play.
    """

    msg: Msg
    moment: bool = False
    mark: tuple[str, ...] = ()


class Played(NamedTuple):
    """One action as the engine applied it: the seat, the legal action (its normal form, as
    the log writes it) and the events it made, their secrets marked."""

    seat: int
    action: Action
    events: list[Event]


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a match: totals, place per seat (1 = first, ties share), winners."""

    totals: tuple[float, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[tuple[float, ...], ...] = ()
    tiebreak: Msg = EMPTY

    def to_json(self) -> dict[str, Any]:
        """JSON form used by the game_end event."""
        return {
            "totals": list(self.totals),
            "ranking": list(self.places),
            "winners": list(self.winners),
        }


def places(keys: Sequence[Sequence[float]]) -> tuple[int, ...]:
    """Competition places (1, 1, 3, ...) from per-seat sort keys, higher is better."""
    out = []
    for k in keys:
        out.append(1 + sum(1 for other in keys if tuple(other) > tuple(k)))
    return tuple(out)


@dataclass(slots=True)
class Match:
    """Bookkeeping every game shares: round counter, dealer, per-round scores, totals."""

    players: int
    rounds: int
    round: int = 1
    dealer: int = 0
    scores: list[list[float]] = field(default_factory=list)

    @property
    def totals(self) -> list[float]:
        """Running totals over the rounds scored so far."""
        tot = [0.0] * self.players
        for row in self.scores:
            for i, v in enumerate(row):
                tot[i] += v
        return [int(t) if float(t).is_integer() else round(t, 6) for t in tot]

    def copy(self) -> Match:
        """An independent copy."""
        return Match(self.players, self.rounds, self.round, self.dealer, [*map(list, self.scores)])

    def record(self, row: Sequence[float]) -> None:
        """Record one round's per-seat scores."""
        self.scores.append(list(row))

    def next_round(self) -> None:
        """Advance the round counter and pass the dealer to the left."""
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players


class State:
    """Base of every game's state: seats, options, seed, RNG, match bookkeeping.

    A subclass names its mutable containers in COPY_FLAT (copied one level: lists, sets,
    dicts) and COPY_NESTED (containers of containers, copied two levels), so `copy` can clone
    it quickly; every other attribute must be immutable or replaced, never changed in place.

    `acting` holds the seats to act: set by `setup` and after every `apply` (so a playout may
    read it instead of calling `to_act`), None after `arranged` until `to_act` is asked.
    `perform` finds it naming the seats that were to act and may replace it with a new set of
    the seats to act next, which spares the call to `seats_to_act`. `offered` holds the legal
    actions of the seat `offered_seat` once asked (-1: none); `perform` may fill both for the
    seat it names, with what `legal` would answer. A `quiet` state is played without a
    record: its `perform` may return no events. A state with `horizon` set is a playout that
    stops where its round ends: the round is scored and the match's round moves on, but a
    game may leave the next round undealt, and then no seat acts. `apply` sets `touched` to
    None (anything may have changed); `perform` may then name the only zones its action
    changed (by id, no counter changed), so a host rebuilds just those for the next View.
    """

    COPY_FLAT: ClassVar[tuple[str, ...]] = ()
    COPY_NESTED: ClassVar[tuple[str, ...]] = ()

    players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    match: Match
    names: tuple[str, ...]
    opening: list[Event]
    result: Result | None
    acting: frozenset[int] | None = None
    quiet: bool = False
    horizon: bool = False
    offered_seat: int = -1
    offered: Sequence[Action] = ()
    touched: frozenset[str] | None = None

    def init_common(self, players: int, options: dict[str, Any], seed: int, rounds: int) -> None:
        """Fill the shared fields; games call this first in `new_state`."""
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.match = Match(players, rounds)
        self.names = tuple(f"Player {i + 1}" for i in range(players))
        self.opening = []
        self.result = None
        self.acting = None
        self.quiet = False
        self.offered_seat = -1

    def arranged(self) -> Self:
        """Declare a position set up by hand (tests, puzzles); returns the state itself.

        Forgets the seats to act and the legal actions derived from the position before.
        """
        self.offered_seat = -1
        self.acting = None
        return self

    def copy(self, rng: Rng | None = None) -> Self:
        """An independent copy: containers named in COPY_FLAT / COPY_NESTED, RNG, match.

        With `rng`, the copy draws from that generator instead of a copy of this one's.
        """
        new = object.__new__(type(self))
        # attribute by attribute, not __dict__.update: that would leave the copy a plain dict
        # of attributes, about twice as slow to read as the instance layout it gets this way
        for key, value in self.__dict__.items():
            setattr(new, key, value)
        new.rng = self.rng.copy() if rng is None else rng
        new.match = self.match.copy()
        new.opening = list(self.opening)
        new.offered_seat = -1
        for key in self.COPY_FLAT:
            setattr(new, key, getattr(self, key).copy())
        for key in self.COPY_NESTED:
            setattr(new, key, [inner.copy() for inner in getattr(self, key)])
        return new


ONE_SEAT: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(64))
"""`ONE_SEAT[i]` is the set of seat i alone, built once (what `perform` names most often)."""

NOBODY: frozenset[int] = frozenset()
"""No seat acts: the match is over."""


S = TypeVar("S", bound=State)
"""The State subclass of a game."""


BareLoop = Callable[[int, int, Rng], Sequence[Sequence[float]]]
"""A game's rules as one plain loop of random play: (players, seed, chooser) to every deal's
scores, making the same choices as random play through the protocol with the same chooser."""


class Game(Generic[S]):
    """Base class of every game, generic over its State; subclasses fill in the rule hooks."""

    info: ClassVar[GameInfo]
    bare_loop: ClassVar[BareLoop | None] = None
    """The game written as one plain loop (the speed reference of `tabletop bench`), if any."""

    # ---- the public protocol -------------------------------------------------------------
    def setup(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        *,
        quiet: bool = False,
    ) -> S:
        """A new match: validated options, dealt with the state's own RNG.

        A `quiet` match keeps no record: `apply` may return no events (random playouts and
        speed measurements, never a match anyone sees).
        """
        self.info.check_players(players)
        state = self.new_state(players, self.resolve_options(options or {}), int(seed))
        state.offered_seat = -1
        state.acting = None
        state.quiet = quiet
        self.to_act(state)
        return state

    def resolve_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with `options` (values or their text), each checked."""
        resolved = {opt.key: opt.default for opt in self.info.options}
        for key, value in options.items():
            opt = self.info.option(key)
            resolved[key] = opt.parse(value) if isinstance(value, str) else opt.check(value)
        return resolved

    def to_act(self, state: S) -> frozenset[int]:
        """Seats that must act now; empty when the match is over."""
        acting = state.acting
        if acting is None:
            acting = NOBODY if state.result is not None else self.seats_to_act(state)
            state.acting = acting
        return acting

    def legal_actions(self, state: S, seat: int) -> Sequence[Action]:
        """Every legal action for `seat` now (empty if it need not act).

        A list, or a sequence that behaves like one (len, indexing, iteration, `in`, equality
        to the list of the same actions).
        """
        if state.offered_seat == seat:
            return state.offered
        acting = state.acting
        if acting is None:
            acting = self.to_act(state)
        found = self.legal(state, seat) if seat in acting else []
        state.offered_seat = seat
        state.offered = found
        return found

    def apply(self, state: S, seat: int, action: Action | str) -> list[Event]:
        """Perform `action` for `seat`; IllegalAction (state unchanged) if not allowed."""
        return self.play(state, seat, action).events

    def play(self, state: S, seat: int, action: Action | str) -> Played:
        """Perform `action` as `apply` does, and hand back the legal action it stood for with
        its events (as python-chess's `push_san` returns the move it played)."""
        legal = state.offered if state.offered_seat == seat else self.legal_actions(state, seat)
        if not isinstance(action, Action) or action not in legal:
            action = self._check(state, seat, action, legal)
        return Played(seat, action, self._performed(state, seat, action))

    def choices(self, state: S, seat: int) -> int:
        """How many legal actions `seat` has now: what `len(legal_actions(...))` answers.

        With `apply_nth`, the protocol of playouts: a game may answer both without building
        its actions.
        """
        return len(self.legal_actions(state, seat))

    def apply_nth(self, state: S, seat: int, index: int) -> list[Event]:
        """Perform the `index`-th of `legal_actions(state, seat)`, as `apply` would; an index
        outside them is refused with IllegalAction (state unchanged)."""
        legal = state.offered if state.offered_seat == seat else self.legal_actions(state, seat)
        if not 0 <= index < len(legal):
            if not legal:
                raise IllegalAction(self._not_acting(state))
            last = len(legal) - 1
            raise IllegalAction(
                Msg("There is no move {index}; choose 0 to {last}.", index=index, last=last)
            )
        return self._performed(state, seat, legal[index])

    def playout(self, state: S, rng: Rng) -> None:
        """Random play until no seat acts (a state at its `horizon`: until its round ends).

        Each move is the lowest acting seat's `rng.below(choices)`-th by `apply_nth`; a game
        may play whole stretches at once from its rule hooks, making exactly these moves.
        """
        choices, apply_nth, below = self.choices, self.apply_nth, rng.below
        match, round_no, horizon = state.match, state.match.round, state.horizon
        while acting := (state.acting if state.acting is not None else self.to_act(state)):
            if horizon and match.round != round_no:
                return
            seat = min(acting)
            apply_nth(state, seat, below(choices(state, seat)))

    def _performed(self, state: S, seat: int, action: Action) -> list[Event]:
        """Perform a legal `action` (checked by the caller) and keep the seats to act current."""
        state.offered_seat = -1
        state.touched = None
        before = state.acting
        events = self.perform(state, seat, action)
        if state.result is not None:
            state.acting = NOBODY
        elif state.acting is before:
            state.acting = self.seats_to_act(state)
        return events

    def _check(self, state: S, seat: int, action: Action | str, legal: Sequence[Action]) -> Action:
        """The legal action `action` stands for (its text or a variant form), or IllegalAction."""
        if isinstance(action, str):
            action = Action.parse(action)
            if action in legal:
                return action
        action = self.normalize(action)
        if action in legal:
            return action
        if seat not in self.to_act(state):
            raise IllegalAction(self._not_acting(state))
        raise IllegalAction(self.refusal(state, seat, action))

    @staticmethod
    def _not_acting(state: State) -> Msg:
        """Why a seat that need not act now cannot act."""
        if state.result is not None:
            return Msg("The match is over.")
        return Msg("It is not your turn.")

    def view(self, state: S, seat: int | None) -> View:
        """What `seat` may see (None: a spectator), with its legal moves tagged."""
        return View.build(
            game=self.info.id,
            seat=seat,
            names=state.names,
            zones=self.zones(state),
            counters=self.counters(state),
            status=self.status(state, seat),
            to_act=self.to_act(state),
            moves=self.moves(state, seat),
            over=state.result is not None,
            hints=self.view_hints(state),
        )

    def moves(self, state: S, seat: int | None) -> tuple[Move, ...]:
        """The legal moves `seat`'s View offers, tagged (none for a spectator or a seat that
        need not act); the LAN host's frames take them from here too."""
        if seat is None or seat not in self.to_act(state):
            return ()
        return tuple(self.tag(state, seat, a) for a in self.legal_actions(state, seat))

    def result(self, state: S) -> Result | None:
        """The final result, or None while the match goes on."""
        return state.result

    def clone(
        self,
        state: S,
        *,
        quiet: bool | None = None,
        rng: Rng | None = None,
        horizon: bool | None = None,
    ) -> S:
        """An independent copy of the state.

        `quiet`, if given, says whether the copy keeps a record, `horizon` whether it stops
        where its round ends (see State); with `rng` the copy draws from that generator
        instead of a copy of the state's (spares copying it).
        """
        new = self.copy_state(state, rng)
        if quiet is not None:
            new.quiet = quiet
        if horizon is not None:
            new.horizon = horizon
        return new

    def parse_action(self, text: str) -> Action:
        """Read an action's text form (ParseError if it is not one)."""
        return self.normalize(Action.parse(text))

    # ---- hooks every game writes ---------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> S:
        """Create and deal the first round."""
        raise NotImplementedError

    def seats_to_act(self, state: S) -> frozenset[int]:
        """Seats that must act now (the match is not over)."""
        raise NotImplementedError

    def legal(self, state: S, seat: int) -> Sequence[Action]:
        """The legal actions of a seat that must act: the single legality rule."""
        raise NotImplementedError

    def refusal(self, state: S, seat: int, action: Action) -> Msg:
        """Why `action`, which `legal` does not list, is refused, in a player's words."""
        return Msg("{action} is not allowed now.", action=str(action))

    def perform(self, state: S, seat: int, action: Action) -> list[Event]:
        """Carry out a legal action; return the events."""
        raise NotImplementedError

    def zones(self, state: S) -> list[Zone]:
        """Every zone with all its cards and a visibility mark."""
        raise NotImplementedError

    def zone(self, state: S, zone_id: str) -> Zone:
        """The zone `zone_id` as `zones` builds it (a game that names `touched` zones may
        build them one at a time)."""
        return next(z for z in self.zones(state) if z.id == zone_id)

    def counters(self, state: S) -> list[Counter]:
        """Public counters: scores, chips, tricks, markers."""
        totals = state.match.totals
        return [Counter(f"score{i}", SCORE, totals[i], owner=i) for i in range(state.players)]

    def status(self, state: S, seat: int | None) -> Msg:
        """One line describing the situation for `seat`."""
        return EMPTY

    def hints(self, state: S) -> dict[str, Any]:
        """Optional layout hints for the table."""
        return {}

    def facts(self, state: S) -> dict[str, Any]:
        """What every seat knows of the table as plain data: the observation a computer player
        reads, where the table shows words made from it (never parsed back). The default: the
        round, the rounds and the dealer; a game adds its own (whose lead, a declaration...)."""
        match = state.match
        return {"round": match.round, "rounds": match.rounds, "dealer": match.dealer}

    def view_hints(self, state: S) -> dict[str, Any]:
        """A View's `hints`: the card family (`deck`), the game's layout hints and its public
        `facts` (under "facts")."""
        return {"deck": self.info.deck, **self.hints(state), "facts": self.facts(state)}

    def tag(self, state: S, seat: int, action: Action) -> Move:
        """How a person performs `action`; the default is a button."""
        text = str(action)
        return Move(text, "button", Msg("{action}", action=text))

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """What `event` tells `viewer`, as lines in the viewer's words (default: nothing).

        `event` is the JSON form the viewer received (`Event.to_json(viewer, omniscient=False)`,
        a secret it may not see is `{"hidden": n}`), or the omniscient form with `viewer` None
        (then every seat is named in the third person). `memo` is the narrator's own memory,
        kept across the events of one match for one viewer (e.g. the plays of the current
        trick); narration is derived, never logged.
        """
        return []

    def normalize(self, action: Action) -> Action:
        """Canonical form of an action (e.g. card arguments sorted); default unchanged."""
        return action

    def copy_state(self, state: S, rng: Rng | None = None) -> S:
        """An independent copy (see State.copy)."""
        return state.copy(rng)

    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """How each seat's score came about, read from events in JSON form (a log, or what a
        seat's table saw); default: one line per deal with its score and total only.
        """
        return plain_lines(events)

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """The score sheet's shape for this player count and options; default: per-deal score
        and total, one blank row per deal.
        """
        rounds = self.setup(players, options, 0).match.rounds
        return ScoreSheet(Msg("Round"), (), SHARE, max(rounds, 1))


def parse_options(game: Game[Any], pairs: Sequence[str]) -> dict[str, Any]:
    """Read `key=value` texts into a checked option dict."""
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ParseError(f"Options are written key=value, not {pair!r}.")
        key, value = pair.split("=", 1)
        out[key.strip()] = game.info.option(key.strip()).parse(value.strip())
    return out
