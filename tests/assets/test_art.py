"""The committed card art and tokens: every file the table expects exists at the right size,
with transparent rounded corners, distinct faces and backs, and a small total size."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path
from types import ModuleType

import pytest

Image = pytest.importorskip("PIL.Image")

ASSETS = Path(__file__).resolve().parents[2] / "assets"
CARDS = ASSETS / "cards"
TOKENS = ASSETS / "tokens"

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
EXPECTED: dict[str, list[str]] = {
    "standard": [r + s for s in "SHDC" for r in RANKS] + ["JK1", "JK2"],
    "walzer": [f"R{n}" for n in range(1, 15)]
    + [f"B{n}" for n in range(1, 12)]
    + [f"G{n}" for n in range(1, 9)]
    + ["X1", "X2", "X3"],
    "uno": [c + v for c in "RYGB" for v in [*"0123456789", "S"]],
    "vulture": [f"N{n}" for n in range(1, 16)]
    + [f"V{v}" for v in range(-5, 11)]
    + ["BLACK", "RED"]
    + [f"P{b}" for b in range(1, 7)],
}
"""The contract with the table (tabletop/ui/table/art.py): deck folders and card codes."""

TOKEN_NAMES = ("chip", "dealer", "start", "joker_marker")


def all_cards() -> list[tuple[str, str]]:
    """(deck, file stem) for every face and back."""
    return [(deck, code) for deck, codes in EXPECTED.items() for code in [*codes, "back"]]


def load(deck: str, code: str) -> Image.Image:
    """A card file as RGBA."""
    with Image.open(CARDS / deck / f"{code}.png") as im:
        return im.convert("RGBA")


def test_deck_sizes() -> None:
    assert [len(EXPECTED[d]) for d in ("standard", "walzer", "uno", "vulture")] == [54, 36, 44, 39]


@pytest.mark.parametrize(("deck", "code"), all_cards())
def test_card_file(deck: str, code: str) -> None:
    path = CARDS / deck / f"{code}.png"
    assert path.is_file(), f"missing {path}"
    im = load(deck, code)
    assert im.size == (200, 280)
    alpha = im.getchannel("A")
    for corner in ((0, 0), (199, 0), (0, 279), (199, 279)):
        assert alpha.getpixel(corner) == 0, f"{deck}/{code}: corner {corner} not transparent"
    for inside in ((100, 140), (100, 3), (3, 140), (20, 20), (180, 260)):
        assert alpha.getpixel(inside) == 255, f"{deck}/{code}: {inside} not opaque"
    # Not blank: a real design has many colours and a spread of brightness.
    assert len(im.getcolors(200 * 280) or ()) > 20
    lo, hi = im.convert("L").getextrema()
    assert hi - lo > 60


def test_no_stray_files() -> None:
    for deck, codes in EXPECTED.items():
        found = {p.stem for p in (CARDS / deck).glob("*.png")}
        assert found == {*codes, "back"}, deck


@pytest.mark.parametrize("name", TOKEN_NAMES)
def test_token_file(name: str) -> None:
    path = TOKENS / f"{name}.png"
    assert path.is_file()
    with Image.open(path) as im:
        im = im.convert("RGBA")
    assert im.size == (128, 128)
    assert im.getchannel("A").getpixel((0, 0)) == 0
    assert im.getchannel("A").getpixel((64, 64)) == 255


def test_faces_differ() -> None:
    pairs = [
        (("standard", "AS"), ("standard", "AH")),
        (("standard", "10S"), ("standard", "9S")),
        (("standard", "JK1"), ("standard", "JK2")),
        (("walzer", "R1"), ("walzer", "R2")),
        (("walzer", "X1"), ("walzer", "X2")),
        (("uno", "R7"), ("uno", "Y7")),
        (("uno", "G6"), ("uno", "G9")),
        (("vulture", "V-1"), ("vulture", "V1")),
        (("vulture", "N1"), ("vulture", "V1")),
        (("vulture", "BLACK"), ("vulture", "RED")),
        (("vulture", "P1"), ("vulture", "P2")),
        (("vulture", "P1"), ("vulture", "N1")),
    ]
    for a, b in pairs:
        assert load(*a).tobytes() != load(*b).tobytes(), (a, b)


def test_backs_distinct() -> None:
    backs = [load(deck, "back").tobytes() for deck in EXPECTED]
    assert len(set(backs)) == len(backs)
    for deck, codes in EXPECTED.items():
        assert load(deck, "back").tobytes() != load(deck, codes[0]).tobytes()


def test_colour_blind_symbols_differ_in_shape() -> None:
    """Same number, different colour: the shapes differ even in greyscale."""
    for deck, a, b in (
        ("walzer", "R5", "B5"),
        ("walzer", "B5", "G5"),
        ("uno", "R3", "B3"),
        ("vulture", "BLACK", "RED"),
    ):
        ga, gb = load(deck, a).convert("L"), load(deck, b).convert("L")
        threshold_a = ga.point(lambda v: 255 if v < 200 else 0)
        threshold_b = gb.point(lambda v: 255 if v < 200 else 0)
        assert threshold_a.tobytes() != threshold_b.tobytes(), (a, b)


def test_total_size_small() -> None:
    total = sum(p.stat().st_size for p in CARDS.rglob("*.png"))
    assert total < 6 * 1024 * 1024


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_art", ASSETS / "make_art.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_script_contract_matches() -> None:
    art = _script()
    assert art.decks() == EXPECTED
    assert tuple(art.TOKEN_ART) == TOKEN_NAMES


def test_script_deterministic(tmp_path: Path) -> None:
    art = _script()
    if not art.fonts_available():
        pytest.skip("DejaVu fonts not installed")
    outputs = []
    for run in range(2):
        path = tmp_path / f"{run}.png"
        art.save(art.render("uno", "Y6"), path)
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1]
    buf = io.BytesIO(outputs[0])
    with Image.open(buf) as im:
        assert im.size == (200, 280)


def test_the_app_icon_has_every_drawn_size() -> None:
    """The window icon comes from the drawn icon files, from 16 to 512 pixels."""
    from tabletop.ui.app import app_icon

    sizes = sorted(s.width() for s in app_icon().availableSizes())
    assert sizes == [16, 24, 32, 48, 64, 128, 256, 512]
