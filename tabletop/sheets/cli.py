"""`tabletop sheet`: write a blank or filled score sheet as a PDF."""

from __future__ import annotations

import os
import sys
from datetime import datetime
from pathlib import Path

from tabletop.engine.errors import ParseError, TabletopError
from tabletop.engine.text import Msg
from tabletop.i18n import _, error_text, render


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
                problem = Msg(
                    "cannot read {file}: {reason}", file=from_log, reason=str(err.strerror)
                )
                print(render(problem), file=sys.stderr)
                return 1
            date = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            model = filled_sheet(text.splitlines(), date)
        else:
            if not game or not players:
                raise ParseError(_("A blank sheet needs --game and --players."))
            model = blank_sheet(game, players, names)
    except TabletopError as err:
        print(f"{from_log or game}: {error_text(err)}", file=sys.stderr)
        return 1
    ensure_app()
    from tabletop.sheets.render import write_pdf

    try:
        pages = write_pdf(model, out, paper)
    except (OSError, ValueError) as err:
        print(
            render(Msg("cannot write {file}: {reason}", file=out, reason=str(err))), file=sys.stderr
        )
        return 1
    if not Path(out).is_file() or Path(out).stat().st_size == 0:
        print(render(Msg("cannot write {file}", file=out)), file=sys.stderr)
        return 1
    size = paper.upper()
    count = (
        Msg("1 page", ctx="count") if len(pages) == 1 else Msg("{pages} pages", pages=len(pages))
    )
    if model.filled:
        done = Msg(
            "{file}: filled {game} sheet, {pages}, {paper}",
            file=out,
            game=model.heading,
            pages=count,
            paper=size,
        )
    else:
        done = Msg(
            "{file}: blank {game} sheet, {pages}, {paper}",
            file=out,
            game=model.heading,
            pages=count,
            paper=size,
        )
    print(render(done))
    return 0
