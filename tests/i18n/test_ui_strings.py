"""Every text the UI, the score sheet and the command line show goes through the catalogue:
no Qt text setter gets a bare literal, and every `_()` string of those layers is extracted
(the completeness test in test_catalogue.py then demands its Japanese)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tabletop.i18n import extract

PACKAGE = extract.PACKAGE
SETTERS = {
    "setText",
    "setWindowTitle",
    "setToolTip",
    "setPlaceholderText",
    "setTitle",
    "setSpecialValueText",
    "addItem",
    "addTab",
    "setTabText",
    "addMenu",
    "addRow",
    "setHeaderLabels",
    "setHorizontalHeaderLabels",
    "showMessage",
    "QLabel",
    "QPushButton",
    "QCheckBox",
    "QGroupBox",
    "QAction",
    "QListWidgetItem",
    "QTreeWidgetItem",
    "toast",
    "cover",
    "snap_back",
    "tell",
    "confirm",
}
"""Calls whose string arguments a person reads."""

NAMES = {"Tabletop", "LAN", "CPU", "PDF"}
"""Names that read the same in every language."""

UI_FILES = sorted((PACKAGE / "ui").rglob("*.py"))


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def bare_texts(path: Path) -> list[str]:
    """Literal words passed straight to a text setter: plain strings and f-strings with words."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or _name(node.func) not in SETTERS:
            continue
        for arg in node.args:
            items = arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]
            for item in items:
                parts = [item] if isinstance(item, ast.Constant) else []
                if isinstance(item, ast.JoinedStr):
                    parts = [v for v in item.values if isinstance(v, ast.Constant)]
                words = "".join(str(p.value) for p in parts if isinstance(p.value, str))
                if any(len(w) > 2 and w.isalpha() and w not in NAMES for w in words.split()):
                    found.append(f"{path.name}:{node.lineno}: {words!r}")
    return found


def test_the_check_finds_a_bare_text(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "label.setText('Hello there')\nQPushButton(f'Seat {n} ready')\nQLabel(_('Fine'))\n"
        "box.setStyleSheet('color: gray;')\n",
        encoding="utf-8",
    )
    assert bare_texts(module) == ["m.py:1: 'Hello there'", "m.py:2: 'Seat  ready'"]


@pytest.mark.parametrize("path", UI_FILES, ids=lambda p: p.name)
def test_no_bare_text_in_the_ui(path: Path) -> None:
    assert bare_texts(path) == []


def test_ui_sheet_and_cli_strings_are_extracted() -> None:
    files = {ref.split(":")[0] for refs in extract.scan().values() for ref in refs}
    for part in (
        "ui/app.py",
        "ui/launcher.py",
        "ui/dialogs/newgame.py",
        "ui/dialogs/results.py",
        "ui/lan/lobby.py",
        "ui/lan/joindialog.py",
        "ui/replay.py",
        "ui/dialogs/printing.py",
        "ui/lan/netsession.py",
        "ui/table/table.py",
        "sheets/render.py",
        "help.py",
        "cli.py",
    ):
        assert any(f.endswith(part) for f in files), part
