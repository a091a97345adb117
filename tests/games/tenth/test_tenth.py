"""A tenth game written by following docs/adding-a-game.md alone, through the suites the nine
pass: its rules, the conformance suite, the narration suite, the translation checks (after
the guide's extract-and-translate step) and its computer players.

The game (`tenth.py`) and its players (`tenth_bots.py`) are registered only while a test runs:
the registry and the player registries are copies that the test drops afterwards.
"""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tabletop.bots import base as bots_base
from tabletop.bots import worlds
from tabletop.bots.runner import play_match
from tabletop.engine import registry
from tabletop.i18n import catalog, extract
from tabletop.i18n.po import read, write

PLACEHOLDER = re.compile(r"\{(\w*)\}")
HERE = Path(__file__).resolve().parent
TESTS = HERE.parent.parent

JAPANESE = {
    (
        "tenth",
        "Must-follow tricks with the 2s to the 10s, no trumps. Every trick scores 1 and every 10 "
        "in it 1 more; the highest total after one deal per player wins.",
    ): "2〜10のカードで行うマストフォローのトリックテイキング(切り札なし)。トリック1つで1点、"
    "その中の10が1枚につき1点。全員が1回ずつ親をした後、合計の最も高い人が勝ちです。",
    ("tenth", "Tens taken"): "取った10",
    ("tenth", "Your lead."): "あなたのリードです。",
    ("tenth", "{player} to lead."): "{player}のリードです。",
    ("tenth", "Your turn; follow {suit} if you can."): (
        "あなたの番です。{suit}があれば出してください。"
    ),
    ("tenth", "{player} to play; {suit} led."): "{player}の番です({suit}がリードされました)。",
}
"""The guide's step 4 for this game: the Japanese of every message it added to the catalogue."""


def load(name: str, path: Path) -> ModuleType:
    """Import a file as module `name` (kept in sys.modules while the test runs)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tenth(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The tenth game registered beside the nine, with its players, for one test."""
    for game in registry.all_games():  # the nine and their players first: the copies hold them
        bots_base.bot_names(game.info.id)
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(bots_base, "_BOTS", dict(bots_base._BOTS))
    monkeypatch.setattr(worlds, "_SAMPLERS", dict(worlds._SAMPLERS))
    module = load("tenth", HERE / "tenth.py")
    load("tenth_bots", HERE / "tenth_bots.py")
    yield module
    for name in ("tenth", "tenth_bots"):
        sys.modules.pop(name, None)


@pytest.fixture
def translated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The guide's step 4 done in a copy of the catalogues: extract the messages of the
    package and of the tenth game, merge them into ja.po, translate the new entries."""
    found = extract.scan()
    for path in (HERE / "tenth.py", HERE / "tenth_bots.py"):
        for ctx, msgid, where in extract.scan_source(path.read_text(encoding="utf-8"), path.name):
            found.setdefault((ctx, msgid), []).append(where.rsplit(":", 1)[0])
    merged = extract.merge(read(catalog.LOCALE_DIR / "ja.po"), extract.template(found))
    for entry in merged:
        if entry.msgid and not entry.translated and entry.key in JAPANESE:
            entry.msgstr = JAPANESE[entry.key]
    (tmp_path / "ja.po").write_text(write(merged), encoding="utf-8")
    monkeypatch.setattr(catalog, "LOCALE_DIR", tmp_path)
    catalog.catalogue.cache_clear()
    yield tmp_path
    catalog.catalogue.cache_clear()


def suite(name: str, relative: str) -> Any:
    """One of the project's test modules, loaded to run its checks on the tenth game."""
    return load(name, TESTS / relative)


# ---- the rules (the guide's step 6) ----------------------------------------------------------
def test_the_highest_card_of_the_led_suit_wins_and_tens_score(tenth: ModuleType) -> None:
    assert tenth.trick_winner([(0, "7H"), (1, "10S"), (2, "9H")]) == 2
    assert tenth.trick_winner([(2, "2C"), (0, "10D"), (1, "9D")]) == 2
    assert tenth.deal_score(["2H", "10H", "4H", "10S", "3S", "5S"], 3) == 2 + 2


def test_a_card_off_the_led_suit_is_refused_while_the_suit_is_held(tenth: ModuleType) -> None:
    from tabletop.engine.errors import IllegalAction

    game = tenth.GAME
    state = game.setup(3, None, 5)
    leader = min(game.to_act(state))
    led = state.hands[leader][0]
    game.apply(state, leader, f"play {led}")
    nxt = min(game.to_act(state))
    off = next((c for c in state.hands[nxt] if c[-1] != led[-1]), None)
    if off is not None and any(c[-1] == led[-1] for c in state.hands[nxt]):
        with pytest.raises(IllegalAction, match="You must follow"):
            game.apply(state, nxt, f"play {off}")


# ---- the suites the nine pass ----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_conformance_suite(tenth: ModuleType, players: int) -> None:
    """Random play keeps every invariant (cards, views, events, clones, worlds dealt by its
    sampler, play by number), the same seed gives the same log, and logs replay."""
    conformance = suite("tenth_conformance", "test_conformance.py")
    game = tenth.GAME
    assert game in [c.values[0] for c in conformance.CASES]
    for seed in (3, conformance.SECURE_FROM + 3):
        conformance.conforms(game, players, seed, random.Random(seed))
    conformance.test_same_seed_same_log(game, players)
    conformance.test_play_by_number_is_play_by_name(game, players)


@pytest.mark.parametrize("players", [2, 4])
def test_the_narration_suite(tenth: ModuleType, players: int) -> None:
    """Every event told, no hidden card named to a seat, every line rendered in both languages."""
    narration = suite("tenth_narration", "narration/test_narration.py")
    narration.play(tenth.GAME, players, seed=players * 7 + 1)


def test_the_translation_checks(tenth: ModuleType, translated: Path) -> None:
    """Every message of the game has a Japanese translation with the same placeholders, and
    every message of random matches renders in both languages."""
    entries = {e.key: e for e in read(translated / "ja.po") if e.msgid and not e.obsolete}
    for path in (HERE / "tenth.py", HERE / "tenth_bots.py"):
        for ctx, msgid, where in extract.scan_source(path.read_text(encoding="utf-8"), path.name):
            entry = entries.get((ctx, msgid))
            assert entry is not None and entry.translated, f"untranslated: {msgid!r} ({where})"
            assert set(PLACEHOLDER.findall(entry.msgstr)) == set(PLACEHOLDER.findall(msgid))
    renders = suite("tenth_renders", "i18n/test_render_matches.py")
    assert "tenth" in renders.GAMES
    for seed in (1, 2):
        renders.test_every_message_of_a_random_match_renders_in_both_languages("tenth", seed)


def test_its_computer_players_finish_matches(tenth: ModuleType) -> None:
    """The rule-of-thumb and search players (a tiny budget) play whole matches legally."""
    assert bots_base.bot_names("tenth") == ["random", "search", "thumb"]
    seated = [bots_base.make_bot("tenth", name, seed) for seed, name in enumerate(["thumb"] * 2)]
    state, result = play_match(tenth.GAME, 2, seated=seated, seed=4)
    assert result.winners and len(state.match.scores) == 2
    from tabletop.bots.search import make_search

    factory = make_search("tenth", iterations=4)
    assert factory is not None
    players = [factory(1), bots_base.make_bot("tenth", "thumb", 2), factory(3)]
    state, result = play_match(tenth.GAME, 3, seated=players, seed=6)
    assert len(state.match.scores) == 3 and sum(result.totals) == 3 * (36 // 3 + 4)
