"""A LAN client in a process of its own, in the language TABLETOP_LANG names: it joins the
table at 127.0.0.1:PORT as "Bob", draws it, plays a card it does not hold, and prints one JSON
line with what its table shows (status, labels, the refusal). Used by test_language.py."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from PySide6.QtWidgets import QApplication

from tabletop.i18n import choose, current, set_language
from tabletop.net.client import Client
from tabletop.ui.lan.netsession import ClientSession, NetBar
from tabletop.ui.table.table import INSTANT, TableWidget


def wait(app: QApplication, done: Callable[[], bool], seconds: float = 30.0) -> None:
    """Run the event loop until `done()` (exit 3 if it never is)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            sys.exit(3)
        app.processEvents()
        time.sleep(0.01)


def main() -> None:
    """Join, draw, try an illegal card, print what was shown."""
    app = QApplication([])
    set_language(choose())
    port = int(sys.argv[1])
    client = Client("Bob")
    client.connect_to("127.0.0.1", port)
    wait(app, lambda: client.view is not None)
    session = ClientSession(client, "127.0.0.1", port)
    table = TableWidget(session, INSTANT)
    refusals: list[str] = []
    session.updated.connect(table.feed)
    session.refused.connect(table.refuse)
    session.refused.connect(refusals.append)
    bar = NetBar(session)
    table.resize(1024, 640)
    table.show()
    table.start()
    wait(app, lambda: table.served_view is not None and table.idle)
    scene = table.scene
    shown = {
        "lang": current(),
        "status": scene.status.text,
        "labels": sorted({z.label for z in scene.zone_items.values() if z.label}),
        "chunks": [c for p in scene.plates.values() for c in p.chunks],
        "bar": bar.retry.text(),
    }
    session.act(client.seat, "play AS")
    wait(app, lambda: bool(refusals))
    shown["refusal"] = refusals[0]
    print(json.dumps(shown, ensure_ascii=False), flush=True)
    client.close()


if __name__ == "__main__":
    main()
