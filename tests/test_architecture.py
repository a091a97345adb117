"""The arrows that must never point the other way, checked on the imports of every module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tabletop"


def imports(path: Path) -> set[str]:
    """Every module name a file imports (absolute names)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def modules(*folders: str) -> list[Path]:
    """The Python files under these package folders."""
    return [p for folder in folders for p in sorted((PACKAGE / folder).rglob("*.py"))]


@pytest.mark.parametrize("path", modules("engine", "games", "bots"), ids=lambda p: p.stem)
def test_rules_know_nothing_of_qt_or_the_table(path: Path) -> None:
    bad = {
        name
        for name in imports(path)
        if name.split(".")[0] == "PySide6"
        or name.startswith(("tabletop.ui", "tabletop.net", "tabletop.sheets", "tabletop.store"))
    }
    assert not bad, f"{path.name} imports {sorted(bad)}"


@pytest.mark.parametrize("path", modules("engine"), ids=lambda p: p.stem)
def test_engine_knows_no_game(path: Path) -> None:
    bad = {name for name in imports(path) if name.startswith(("tabletop.games", "tabletop.bots"))}
    assert not bad, f"{path.name} imports {sorted(bad)}"


@pytest.mark.parametrize("path", modules("ui", "net"), ids=lambda p: p.stem)
def test_table_and_network_know_no_single_game(path: Path) -> None:
    bad = {name for name in imports(path) if name.startswith("tabletop.games")}
    assert not bad, f"{path.name} imports {sorted(bad)}"


def game_words() -> set[str]:
    """Every game's id, module name and titles: words no generic layer may use."""
    from tabletop.engine.registry import all_games

    words: set[str] = set()
    for game in all_games():
        info = game.info
        words |= {info.id, info.id.replace("-", "_"), info.title, info.title_en}
    return {w.casefold() for w in words if w}


def generic_modules() -> list[Path]:
    """The layers that must know no single game: engine (but discovery), table, network, sheets."""
    files = [*modules("engine", "ui", "net", "sheets"), PACKAGE / "store.py"]
    return [p for p in files if p.name != "registry.py"]


@pytest.mark.parametrize("path", generic_modules(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_generic_layers_name_no_game(path: Path) -> None:
    """No string, name or docstring of a generic layer names a game (id, module or title)."""
    words = game_words()
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.casefold()
            found |= {w for w in words if w in text}
        elif isinstance(node, ast.Name | ast.Attribute | ast.FunctionDef | ast.ClassDef):
            name = getattr(node, "id", None) or getattr(node, "attr", None) or node.name
            found |= {w for w in words if w == name.casefold()}
    assert not found, f"{path.name} names {sorted(found)}"
