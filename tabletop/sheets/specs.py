"""Per-game score-sheet specs: the columns each game's paper sheet has, and how to fill them.

A `Spec` names what a row is (a round, deal, game or turn), the shared columns (one per row,
e.g. the pot) and the columns every seat gets, how many rows a blank sheet needs, and `fill`,
which reads the omniscient log's events (mostly each game's `round_end`, see docs/replay-format.md)
into rows. Games without a spec here get `GENERIC` (per-round score and running total).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

Events = Sequence[dict[str, Any]]


class Row(NamedTuple):
    """One printed row: its label, the shared cells and one tuple of cells per seat."""

    label: str
    shared: tuple[str, ...]
    seats: tuple[tuple[str, ...], ...]


def text(value: Any) -> str:
    """A number or text as printed (whole floats without '.0', None as blank)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return "" if value is None else str(value)


def signed(value: Any) -> str:
    """A number with an explicit sign: +3, -6, 0."""
    number = float(value)
    body = text(abs(number))
    return body if number == 0 else ("+" if number > 0 else "-") + body


def _of(events: Events, kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e.get("type") == kind]


def _per_seat(players: int, cell: Callable[[int], tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    return tuple(cell(i) for i in range(players))


@dataclass(frozen=True, slots=True)
class Spec:
    """How one game's sheet is shaped and filled."""

    unit: str
    columns: tuple[str, ...]
    fill: Callable[[Events, int], list[Row]]
    tiebreak: str
    notes: tuple[str, ...] = ()
    shared: tuple[str, ...] = ()
    rows: Callable[[int, dict[str, Any], int], int] | None = None
    total_column: int = -1

    def blank_rows(self, players: int, options: dict[str, Any], rounds: int) -> int:
        """How many empty rows a blank sheet gets."""
        return self.rows(players, options, rounds) if self.rows else max(rounds, 1)

    def row_label(self, number: int) -> str:
        """The label of the n-th row (1-based)."""
        return str(number)

    def total_cells(self, total: str) -> tuple[str, ...]:
        """A seat's cells in the total row: the total under the running-total column."""
        cells = [""] * len(self.columns)
        cells[self.total_column] = total
        return tuple(cells)


# ---- fillers ------------------------------------------------------------------------------
def _fill_generic(events: Events, players: int) -> list[Row]:
    return [
        Row(
            text(e.get("round", n)),
            (),
            _per_seat(players, lambda i, e=e: (text(e["scores"][i]), text(e["totals"][i]))),
        )
        for n, e in enumerate(_of(events, "round_end"), start=1)
    ]


def _fill_walzer(events: Events, players: int) -> list[Row]:
    rows = []
    for e in _of(events, "round_end"):
        colours = e.get("colours", {})

        def cells(i: int, e: dict[str, Any] = e, colours: dict[str, Any] = colours) -> tuple:
            points = tuple(text(colours[c]["points"][i]) if c in colours else "" for c in "RBG")
            return (*points, text(e["scores"][i]), text(e["totals"][i]))

        rows.append(Row(text(e["round"]), (), _per_seat(players, cells)))
    return rows


SIGNS = (-1, 1, 1, -1)
"""Second Third: the sign of each suit's points, from the most points to the fewest."""


def sign_pattern(points: Sequence[int]) -> list[int]:
    """Second Third: points per suit (S H D C) with the sign each gets (− + + −)."""
    order = sorted(range(len(points)), key=lambda s: -points[s])
    out = [0] * len(points)
    for place, suit in enumerate(order):
        out[suit] = SIGNS[place] * points[suit]
    return out


def _fill_second_third(events: Events, players: int) -> list[Row]:
    rows = []
    for e in _of(events, "round_end"):

        def cells(i: int, e: dict[str, Any] = e) -> tuple[str, ...]:
            suits = tuple(signed(p) for p in sign_pattern(e["suit_points"][i]))
            return (*suits, text(e["scores"][i]), text(e["totals"][i]))

        rows.append(Row(text(e["round"]), (), _per_seat(players, cells)))
    return rows


def _fill_pokered(events: Events, players: int) -> list[Row]:
    ends = _of(events, "round_end")
    rows = []
    if ends:
        first = ends[0]
        start = [first["totals"][i] - first["scores"][i] for i in range(players)]
        rows.append(Row("Start", ("0",), _per_seat(players, lambda i: ("", text(start[i])))))
    for e in ends:
        cells = _per_seat(players, lambda i, e=e: (signed(e["scores"][i]), text(e["totals"][i])))
        rows.append(Row(text(e["round"]), (text(e.get("pot", "")),), cells))
    return rows


def _fill_wild_rawz(events: Events, players: int) -> list[Row]:
    rows = []
    for e in _of(events, "round_end"):

        def cells(i: int, e: dict[str, Any] = e) -> tuple[str, ...]:
            return (
                text(e["tricks"][i]),
                text(len(e["withdrawn"][i])),
                text(e["bonus"][i]),
                text(e["scores"][i]),
                text(e["totals"][i]),
            )

        rows.append(Row(text(e["round"]), (text(e.get("trump", "")),), _per_seat(players, cells)))
    return rows


def _fill_vulture(events: Events, players: int) -> list[Row]:
    joined: dict[int, list[set[int]]] = {}
    for e in events:
        seats: dict[int, int] = {}
        if e.get("type") == "join":
            seats = {int(s): int(e["battle"]) for s in e.get("participants", [])}
        elif e.get("type") == "plot":
            seats = {int(s): int(b) for s, b in e.get("plots", {}).items()}
        elif e.get("type") == "lone":
            seats = {int(e["seat"]): int(e["battle"])}
        per = joined.setdefault(int(e.get("round", 0)), [set() for _ in range(players)])
        for seat, battle in seats.items():
            if 0 <= seat < players:
                per[seat].add(battle)
    rows = []
    for e in _of(events, "round_end"):
        per = joined.get(int(e["round"]), [set() for _ in range(players)])

        def cells(i: int, e: dict[str, Any] = e, per: list[set[int]] = per) -> tuple[str, ...]:
            zeros = sum(1 for card in e.get("taken", [[]] * players)[i] if card == "V0")
            battles = " ".join(str(b) for b in sorted(per[i]))
            return (battles, text(e["scores"][i]), text(zeros), text(e["totals"][i]))

        rows.append(Row(text(e["round"]), (), _per_seat(players, cells)))
    return rows


def _fill_interaction(events: Events, players: int) -> list[Row]:
    return [
        Row(
            text(e["turn"]),
            (text(e.get("target", "")),),
            _per_seat(players, lambda i, e=e: (signed(e["changes"][i]), text(e["points"][i]))),
        )
        for e in _of(events, "score")
    ]


def _fill_trump_duel(events: Events, players: int) -> list[Row]:
    rows = []
    won: dict[int, str] = {}
    for e in events:
        if e.get("type") == "round_won":
            won = {int(e["winner"]): " ".join(str(c) for c in e.get("score_cards", []))}
        elif e.get("type") == "round_end":
            held = list(e.get("score_cards", [""] * players))

            def cells(i: int, e: dict[str, Any] = e, w: dict = won, h: list = held) -> tuple:
                return (w.get(i, ""), text(h[i]), text(e["totals"][i]))

            rows.append(Row(text(e["round"]), (), _per_seat(players, cells)))
            won = {}
    return rows


def _fill_triq(events: Events, players: int) -> list[Row]:
    return [
        Row(
            text(e["round"]),
            (),
            _per_seat(
                players,
                lambda i, e=e: (text(e["places"][i]), text(e["scores"][i]), text(e["totals"][i])),
            ),
        )
        for e in _of(events, "round_end")
    ]


def _pokered_rows(players: int, options: dict[str, Any], rounds: int) -> int:
    deals = int(options.get("deals") or 0) if options.get("end", "deals") == "deals" else 0
    return 1 + (deals or 2 * players)


# ---- the specs ----------------------------------------------------------------------------
SHARE = "Equal totals share the place; several players tied for first all win."

GENERIC = Spec("Round", ("Score", "Total"), _fill_generic, SHARE)
"""Per-round score and running total: the sheet of any game without its own spec."""

VULTURE = Spec(
    "Round",
    ("Battles", "Score", "0s", "Total"),
    _fill_vulture,
    "Equal totals: the player who took more 0 cards ranks higher (a 0 is worth a fraction of a "
    "point); still equal, the place is shared.",
    (
        "Plot sheet: before each round write the battles you will join; after it, the round's "
        "score and how many 0 cards you took. Round 3 scores double.",
    ),
)

SPECS: dict[str, Spec] = {
    "seltsam-walzer": Spec(
        "Deal",
        ("Red", "Blue", "Green", "Score", "Total"),
        _fill_walzer,
        "Equal totals: the higher score in the last deal ranks higher; still equal, the place "
        "is shared.",
        (
            "Per colour (red ×1, blue ×2, green ×3): the fewest cards of the colour (among those "
            "who took any) score the sum of their numbers × factor; other holders score their "
            "card count × factor.",
        ),
    ),
    "second-third": Spec(
        "Deal",
        ("♠", "♥", "♦", "♣", "Score", "Total"),
        _fill_second_third,
        SHARE,
        (
            "Suit points: 1 a card, 2 an ace. Order your suits from most points to fewest: "
            "score = − first + second + third − fourth (the signs are shown by each suit).",
        ),
    ),
    "pokered-trick": Spec(
        "Deal",
        ("±", "Chips"),
        _fill_pokered,
        "Most chips wins; equal chips share the place (a draw).",
        ("Chip ledger: write each deal's chip change and the chips left; the pot carries over.",),
        shared=("Pot",),
        rows=_pokered_rows,
    ),
    "wild-rawz": Spec(
        "Round",
        ("Tricks", "Withdrawn", "Bonus", "Score", "Total"),
        _fill_wild_rawz,
        SHARE,
        (
            "Score = tricks won + cards withdrawn + 5 bonus when the withdrawn numbers leave "
            "exactly your tricks (sideways value − withdrawn numbers = tricks; a skip counts 0).",
        ),
        shared=("Trump",),
    ),
    "hagetaka": VULTURE,
    "hagetaka-party": VULTURE,
    "interaction": Spec(
        "Turn",
        ("±", "Points"),
        _fill_interaction,
        "Players tied on the most points share the win; other ties share their place.",
        ("Each turn: points gained from matching the target, minus 1 paid for a two-card play.",),
        shared=("Target",),
        rows=lambda players, options, rounds: 12,
    ),
    "trump-duel": Spec(
        "Round",
        ("Score cards won", "Held", "Points"),
        _fill_trump_duel,
        "Equal points: more score cards ranks higher; still equal, the game is a draw.",
        (
            "Score-card triples: three of a suit 1 point, three of a rank 1 point, J-Q-K 1 point; "
            "each card in one set only. Reaching 3 points wins at once.",
        ),
        rows=lambda players, options, rounds: 12,
    ),
    "triq": Spec(
        "Game",
        ("Place", "Score", "Total"),
        _fill_triq,
        "Equal series totals share the place.",
        ("Each game scores players − place: the first out scores most, the last 0.",),
    ),
}


def spec_for(game_id: str) -> Spec:
    """The sheet spec of a game, or the generic one."""
    return SPECS.get(game_id, GENERIC)


def running_totals(events: Events, players: int) -> list[Any]:
    """The latest totals in a log's events (round_end, or interaction's per-turn points)."""
    for e in reversed(events):
        if e.get("type") == "round_end" and isinstance(e.get("totals"), list):
            return list(e["totals"])
        if e.get("type") == "score" and isinstance(e.get("points"), list):
            return list(e["points"])
    return [0] * players
