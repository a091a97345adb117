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


FLOORS = {
    "engine": 1,
    "fonts": 1,
    "collector": 1,
    "folders": 1,
    "games": 2,
    "i18n": 2,
    "store": 2,
    "worker": 2,
    "bots": 3,
    "autosave": 3,
    "sheets": 3,
    "displays": 2,
    "sounds": 1,
    "doctor": 3,
    "help": 3,
    "stats": 3,
    "seats": 4,
    "bench_seers": 4,
    "net": 5,
    "bench": 5,
    "ui": 6,
    "cli": 7,
}
"""Each part of the package and its floor: a part imports only parts on lower floors (and
itself). The rules at the bottom, their words and players above, the table and the network
over them, the command line on top."""


def module_name(path: Path) -> str:
    """The dotted name of a module file of the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports anywhere in its text:
    at the top, inside functions and under `if TYPE_CHECKING:` alike."""
    files = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names
                ]
            found |= {t for t in targets if t in files and t != name}
        graph[name] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another round a circle (Tarjan's components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def part(module: str) -> str:
    """The part of the package a module belongs to (`tabletop.ui.table.table` → `ui`)."""
    return module.split(".")[1] if "." in module else ""


def test_the_import_graph_has_no_circle() -> None:
    """No modules import one another round a circle, not even for type hints alone."""
    assert circles(import_graph()) == []


def test_a_circle_is_found() -> None:
    """The circle finder sees a circle through three modules and none in a chain."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_import_points_up() -> None:
    """Every part of the package has a floor, and imports only parts on lower floors."""
    graph = import_graph()
    parts = {part(m) for m in graph} - {""}
    assert parts == set(FLOORS), f"parts without a floor: {sorted(parts - set(FLOORS))}"
    upward = sorted(
        f"{m} -> {t}"
        for m, targets in graph.items()
        for t in targets
        if part(m) and part(t) and part(m) != part(t) and FLOORS[part(t)] >= FLOORS[part(m)]
    )
    assert upward == []


UI_FLOORS = {"table": 1, "dialogs": 2, "lan": 3, "learn": 3}
"""Each sub-package of `ui` and its floor: the table at the bottom, the dialogs around a match
over it, LAN screens and lessons on top. The modules directly in `ui` (the window, the
launcher, the replay, benches) sit above them all, except `texts` and `reader` (what a screen
reader is shown), which every floor may use."""

UI_SHARED = {"tabletop.ui", "tabletop.ui.texts", "tabletop.ui.reader"}
"""The modules of `ui` itself that its sub-packages may import."""


def ui_piece(module: str) -> str:
    """The sub-package of `ui` a module lies in (`tabletop.ui.lan.lobby` → `lan`), else ""."""
    names = module.split(".")
    return names[2] if names[:2] == ["tabletop", "ui"] and len(names) > 3 else ""


def ui_upward(graph: dict[str, set[str]]) -> list[str]:
    """The imports of a `ui` sub-package that reach a sub-package on its floor or above, or a
    module directly in `ui` other than the shared ones."""
    found = []
    for m, targets in graph.items():
        floor = UI_FLOORS.get(ui_piece(m))
        if floor is None:
            continue
        for t in targets:
            if not t.startswith("tabletop.ui") or t in UI_SHARED or ui_piece(t) == ui_piece(m):
                continue
            if UI_FLOORS.get(ui_piece(t), floor) >= floor:
                found.append(f"{m} -> {t}")
    return sorted(found)


def test_ui_sub_packages_import_only_lower_floors() -> None:
    """Every sub-package of `ui` has a floor, and imports only lower sub-packages and the shared
    modules."""
    folders = {p.parent.name for p in (PACKAGE / "ui").glob("*/__init__.py")}
    assert folders == set(UI_FLOORS), f"ui sub-packages without a floor: {folders ^ set(UI_FLOORS)}"
    assert ui_upward(import_graph()) == []


def test_an_upward_ui_import_is_found() -> None:
    """The floor check sees the table reach a dialog, a lesson reach the LAN and a dialog reach
    the window, and lets a LAN screen use the table and the texts."""
    graph = {
        "tabletop.ui.table.table": {"tabletop.ui.dialogs.results", "tabletop.ui.texts"},
        "tabletop.ui.learn.learn": {"tabletop.ui.lan.lobby", "tabletop.ui.table.session"},
        "tabletop.ui.dialogs.results": {"tabletop.ui.app"},
        "tabletop.ui.lan.lobby": {"tabletop.ui.table.session", "tabletop.ui.texts"},
    }
    assert ui_upward(graph) == [
        "tabletop.ui.dialogs.results -> tabletop.ui.app",
        "tabletop.ui.learn.learn -> tabletop.ui.lan.lobby",
        "tabletop.ui.table.table -> tabletop.ui.dialogs.results",
    ]


TRANSLATION_LAYER = (PACKAGE / "i18n", PACKAGE / "engine" / "text.py")
"""Where a message's text and parameters may be read: the message itself and its renderer."""

WORDY = {"label", "value", "status", "reason", "message"}
"""Names under which the layers keep words a person reads (a label, a counter's value...)."""


def text_parsing(source: str) -> list[str]:
    """Where a module reads display text back: a message's parameters (`.param`, `.params`),
    the text of a label, value or status (`label.text`), a word compared with a label table or
    a message (`== LABEL[...]`, `== Msg(...)`), or the words of a value split or searched
    (`str(x.value).split()`, `str(x.value).startswith(...)`)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        where = f"line {getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute):
            owner = node.value
            owner_name = getattr(owner, "attr", None) or getattr(owner, "id", None)
            if node.attr in ("param", "params"):
                found.append(f"{where}: .{node.attr}")
            elif node.attr == "text" and owner_name in WORDY:
                found.append(f"{where}: {owner_name}.text")
            elif (
                node.attr in ("split", "startswith", "endswith", "partition")
                and isinstance(owner, ast.Call)
                and isinstance(owner.func, ast.Name)
                and owner.func.id == "str"
            ):
                found.append(f"{where}: str(...).{node.attr}")
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Subscript) and getattr(side.value, "id", "") == "LABEL":
                    found.append(f"{where}: compared with LABEL[...]")
                if isinstance(side, ast.Call) and getattr(side.func, "id", "") == "Msg":
                    found.append(f"{where}: compared with Msg(...)")
    return found


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in sorted(PACKAGE.rglob("*.py"))
        if not any(p == t or t in p.parents for t in TRANSLATION_LAYER)
    ],
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_no_display_text_is_parsed_outside_the_translation_layer(path: Path) -> None:
    """Words are made from data and never read back: a layer that needs a fact the table
    shows reads the data it was made from (a game's `facts`, a counter's number)."""
    assert text_parsing(path.read_text(encoding="utf-8")) == [], path.name


def test_text_parsing_is_found() -> None:
    """The check sees each way back through text that the world samplers once took."""
    forged = """
out = counters["declared1"] == LABEL["bankrupt"]
rnd = int(dict(shown.params)["number"])
seat = value.param("seat").index
first = view.moves[0].label.text.endswith("first")
flipped = str(counters["flipped"]).split()
"""
    assert len(text_parsing(forged)) == 5
    assert text_parsing("total = int(view.counter('total').number)") == []
