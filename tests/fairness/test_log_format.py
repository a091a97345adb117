"""Log format 2: decks in the log, refusal of a deck the seed does not deal, format 1 still read."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tabletop.bots.runner import play_match
from tabletop.cli import main
from tabletop.engine.errors import ReplayDivergence
from tabletop.engine.log import replay
from tabletop.engine.registry import get_game
from tabletop.games.vulture import NUMBER_DECK

FORMAT1 = sorted((Path(__file__).parent / "format1").glob("*.jsonl"))


@pytest.mark.parametrize("path", FORMAT1, ids=[p.stem for p in FORMAT1])
def test_format1_logs_still_replay(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == 1
    done = replay(lines)
    assert done.game.result(done.state) is not None
    assert done.actions == sum(1 for line in lines if '"type":"action"' in line)


def log_of(game: str, players: int, seed: int) -> list[str]:
    out = io.StringIO()
    play_match(get_game(game), players, ["random"], seed, {}, out)
    return out.getvalue().splitlines()


def test_trump_duel_logs_both_decks_top_first() -> None:
    lines = log_of("trump-duel", 2, 5)
    assert json.loads(lines[0])["format"] == 2
    deal = json.loads(lines[1])
    assert (
        len(deal["deck_order"]) == deal["deck"] and len(deal["score_order"]) == deal["score_deck"]
    )
    # The next card drawn is the first of the logged order.
    number = next(i for i, line in enumerate(lines) if '"type":"draw"' in line)
    drawn = json.loads(lines[number])
    previous = [json.loads(x) for x in lines[1:number]]
    last_deal = [r for r in previous if r["type"] == "deal"][-1]
    if not any(r["type"] in ("reshuffle", "effect") for r in previous[previous.index(last_deal) :]):
        assert drawn["cards"] == last_deal["deck_order"][: len(drawn["cards"])]


def test_vulture_logs_deck_and_stacks() -> None:
    for game, players in (("hagetaka", 3), ("hagetaka-party", 14)):
        lines = [json.loads(x) for x in log_of(game, players, 2)]
        assert lines[0]["format"] == 2
        deal = lines[1]
        assert sorted(deal["deck_order"]) == sorted(NUMBER_DECK)
        stacks = [r for r in lines if r["type"] in ("battle", "lone")]
        assert stacks and all(len(r["stack"]) == 5 for r in stacks)
        for lone in (r for r in lines if r["type"] == "lone"):
            assert lone["drawn"] == lone["stack"][:3][::-1]
            assert lone["spent"]


@pytest.mark.parametrize(
    ("game", "players", "kind", "field"),
    [
        ("trump-duel", 2, "deal", "score_order"),
        ("hagetaka", 3, "deal", "deck_order"),
        ("hagetaka-party", 14, "battle", "stack"),
    ],
)
def test_a_deck_the_seed_does_not_deal_is_refused_at_its_line(
    game: str, players: int, kind: str, field: str
) -> None:
    lines = log_of(game, players, 7)
    number = next(i for i, line in enumerate(lines) if f'"type":"{kind}"' in line)
    record = json.loads(lines[number])
    record[field] = record[field][1:] + record[field][:1]
    lines[number] = json.dumps(record, separators=(",", ":"))
    with pytest.raises(ReplayDivergence) as err:
        replay(lines)
    assert err.value.line == number + 1
    assert f"{kind!r} field {field!r} differs from what the engine does with this seed" in str(
        err.value
    )


def test_a_format2_log_without_the_decks_is_refused() -> None:
    lines = log_of("trump-duel", 2, 5)
    deal = json.loads(lines[1])
    del deal["deck_order"]
    lines[1] = json.dumps(deal)
    with pytest.raises(ReplayDivergence) as err:
        replay(lines)
    assert err.value.line == 2 and "lacks the field 'deck_order'" in str(err.value)


def test_cli_replay_refuses_an_edited_deck_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = log_of("trump-duel", 2, 9)
    number = next(i for i, line in enumerate(lines) if '"type":"deal"' in line)
    deal = json.loads(lines[number])
    deal["deck_order"][0], deal["deck_order"][1] = deal["deck_order"][1], deal["deck_order"][0]
    lines[number] = json.dumps(deal, separators=(",", ":"))
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"diverges at line {number + 1}: 'deal' field 'deck_order' differs" in err
