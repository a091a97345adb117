"""The replay log: a simulated match replays; a tampered or broken log names its line."""

from __future__ import annotations

import io
import json

import pytest

from tabletop.bots.runner import play_match
from tabletop.cli import main
from tabletop.engine.errors import ParseError, ReplayDivergence
from tabletop.engine.log import replay
from tabletop.engine.registry import get_game


def match_log(seed: int = 4) -> list[str]:
    out = io.StringIO()
    play_match(get_game("second-third"), 4, ["random"], seed=seed, log=out)
    return out.getvalue().splitlines()


def test_log_has_the_required_events() -> None:
    lines = [json.loads(line) for line in match_log()]
    assert lines[0]["type"] == "header" and lines[0]["game"] == "second-third"
    types = [rec["type"] for rec in lines]
    for kind in ("deal", "pass", "play", "trick", "round_end", "game_end"):
        assert kind in types
    deal = lines[1]
    assert len(deal["hands"]) == 4 and all(len(h) == 13 for h in deal["hands"])
    trick = next(rec for rec in lines if rec["type"] == "trick")
    assert len(trick["cards"]) == 4
    end = lines[-1]
    assert set(end) == {"type", "totals", "ranking", "winners"}


def test_log_replays() -> None:
    lines = match_log()
    done = replay(lines)
    assert done.game.result(done.state) is not None


def test_tampered_line_is_named() -> None:
    lines = match_log()
    n = next(i for i, line in enumerate(lines) if '"type":"trick"' in line)
    rec = json.loads(lines[n])
    rec["winner"] = (rec["winner"] + 1) % 4
    lines[n] = json.dumps(rec)
    with pytest.raises(ReplayDivergence) as err:
        replay(lines)
    assert err.value.line == n + 1


def test_illegal_action_in_log_is_named() -> None:
    lines = match_log()
    n = next(i for i, line in enumerate(lines) if '"action":"play' in line)
    rec = json.loads(lines[n])
    rec["seat"] = (rec["seat"] + 1) % 4
    lines[n] = json.dumps(rec)
    with pytest.raises(ReplayDivergence, match="not your turn") as err:
        replay(lines)
    assert err.value.line == n + 1


def test_broken_json_is_a_parse_error() -> None:
    lines = match_log()
    lines[5] = lines[5][:-3]
    with pytest.raises(ParseError, match="line 6"):
        replay(lines)


def test_cli_replay_exit_codes(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "good.jsonl"
    assert main(["simulate", "--game", "second-third", "--players", "3", "--log", str(good)]) == 0
    assert main(["replay", str(good)]) == 0
    lines = good.read_text().splitlines()
    n = next(i for i, line in enumerate(lines) if '"type":"trick"' in line)
    rec = json.loads(lines[n])
    rec["cards"] = rec["cards"][::-1]
    lines[n] = json.dumps(rec)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines))
    assert main(["replay", str(bad)]) == 1
    assert f"line {n + 1}" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
