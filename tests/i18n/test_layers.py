"""tabletop.i18n is stdlib only: no Qt, no table, no network, no game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "tabletop" / "i18n"
ALLOWED = (
    "tabletop.engine.errors",
    "tabletop.engine.text",
    "tabletop.engine.views",
    "tabletop.engine.cards",  # the card families (Deck) cards are named by
    "tabletop.folders",  # where the catalogue as read is kept (stdlib only)
)


@pytest.mark.parametrize("path", sorted(I18N.glob("*.py")), ids=lambda p: p.stem)
def test_i18n_imports_only_the_stdlib_and_message_values(path: Path) -> None:
    bad = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        bad.update(
            n
            for n in names
            if n.split(".")[0] == "PySide6"
            or (n.startswith("tabletop") and not n.startswith("tabletop.i18n") and n not in ALLOWED)
        )
    assert not bad, f"{path.name} imports {sorted(bad)}"
