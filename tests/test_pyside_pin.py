"""PySide6 6.12.0 on CPython 3.11 crashed ("none_dealloc") after a few thousand void C++ calls.

The pinned version must survive 20,000 of them; a subprocess keeps a crash from killing pytest.
"""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
from PySide6.QtCore import QObject, QRectF
from PySide6.QtWidgets import QApplication, QGraphicsRectItem
app = QApplication([])
obj, rect, item = QObject(), QRectF(), QGraphicsRectItem()
for i in range(20_000):
    obj.setObjectName("x")   # each returns void (None on the Python side)
    rect.setWidth(i)
    item.setPos(i, i)
print("survived", rect.width())
"""


def test_twenty_thousand_void_calls_do_not_crash() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "survived 19999.0"
