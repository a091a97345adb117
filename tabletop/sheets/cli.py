"""`tabletop sheet`: write a blank or filled score sheet as a PDF."""

from __future__ import annotations

import os
import sys
from datetime import datetime
from pathlib import Path

from tabletop.engine.errors import ParseError, TabletopError


def ensure_app() -> None:
    """Make sure a QGuiApplication exists (headless if there is no display)."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QGuiApplication(["tabletop"])


def sheet(
    game: str | None,
    players: int | None,
    names: list[str] | None,
    out: str,
    from_log: str | None,
    paper: str,
) -> int:
    """Write the sheet PDF to `out`; 0 on success, 1 (with a message) on a bad log or file."""
    from tabletop.sheets.model import blank_sheet, filled_sheet

    try:
        if from_log:
            path = Path(from_log)
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as err:
                print(f"cannot read {from_log}: {err.strerror}", file=sys.stderr)
                return 1
            date = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            model = filled_sheet(text.splitlines(), date)
        else:
            if not game or not players:
                raise ParseError("A blank sheet needs --game and --players.")
            model = blank_sheet(game, players, names)
    except TabletopError as err:
        print(f"{from_log or game}: {err}", file=sys.stderr)
        return 1
    ensure_app()
    from tabletop.sheets.render import write_pdf

    try:
        pages = write_pdf(model, out, paper)
    except (OSError, ValueError) as err:
        print(f"cannot write {out}: {err}", file=sys.stderr)
        return 1
    if not Path(out).is_file() or Path(out).stat().st_size == 0:
        print(f"cannot write {out}", file=sys.stderr)
        return 1
    kind = "filled" if model.filled else "blank"
    print(f"{out}: {kind} {model.title_en} sheet, {len(pages)} page(s), {paper.upper()}")
    return 0
