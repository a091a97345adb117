"""What the LAN layer says travels as messages: each side renders them in its own language."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from tabletop.engine.text import Msg
from tabletop.i18n import render
from tabletop.net import messages as msg
from tabletop.net.client import Client
from tabletop.net.fairness import VERIFIED, Received, verify
from tabletop.net.framing import encode
from tabletop.net.host import Host, SeatSpec


def test_verdict_reasons_render_in_japanese_and_english() -> None:
    """A failed check's reason and the verified one read in each language, ids not left."""
    verdict = verify([], Received(commitment="00" * 32, seed=7, salt="zz"))
    assert not verdict.ok
    assert render(verdict.reason, "en") == "The revealed salt zz is not hexadecimal."
    assert render(verdict.reason, "ja") == "公開されたソルト zz は16進数ではありません。"
    assert verdict.to_json()["reason"] == verdict.reason.to_json()
    assert render(VERIFIED, "ja") == "公正な配りを確認しました"
    assert render(VERIFIED, "en") == "Fair deal verified"


def test_host_status_is_a_message(net_app: QCoreApplication) -> None:
    """The host's status lines are Msg values: rendered by whoever shows them."""
    host = Host("triq", [SeatSpec("cpu")] * 3, seed=5, auto_start=False)
    said: list[Msg] = []
    host.message.connect(said.append)
    try:
        host.start()
        assert Msg("The match starts.") in said
        assert all(isinstance(m, Msg) for m in said)
        assert render(Msg("The match starts."), "ja") == "対戦を始めます。"
        assert render(Msg("The match starts."), "en") == "The match starts."
    finally:
        host.close()
        host.deleteLater()


def test_old_protocol_client_is_refused_with_a_reason(
    tables: Any, raws: Callable[..., Any]
) -> None:
    """A client of protocol 4 gets a `version` error it can read (a reason, no sentence)."""
    host = tables.host(3)
    raw = raws(host.port)
    raw.send(encode({"type": "hello", "version": 4, "name": "Old"}))
    err = raw.wait_error()
    raw.wait_closed()
    assert err["code"] == "version" and err["fatal"] and "message" not in err
    reason = Msg.from_json(err["reason"])
    assert render(reason, "en").startswith("This host speaks protocol version 6, not 4;")
    assert render(reason, "ja").startswith("この主催者のプロトコルはバージョン6で、4では")


def test_refusal_from_an_older_host_is_shown(net_app: QCoreApplication) -> None:
    """An older host refuses with a sentence only; the client still says why it stopped."""
    client = Client("New")
    errors: list[tuple[str, str, bool]] = []
    client.errorReceived.connect(lambda *args: errors.append(args))
    frame = {"type": "error", "code": "version", "fatal": True, "message": "Speaks 3, not 4."}
    try:
        client._on_message(msg.parse_host(frame))
        [(code, text, fatal)] = errors
        assert code == "version" and fatal and "Speaks 3, not 4." in text
        assert client.last_error == (code, text)
    finally:
        client.close()
        client.deleteLater()


def test_headless_serve_speaks_the_process_language() -> None:
    """`tabletop serve` says why it refuses in the language it runs in."""
    serve = [sys.executable, "-m", "tabletop.cli", "--lang"]
    args = ["serve", "--game", "triq", "--seats", "local,open", "--announce-to", "none"]
    said = {
        lang: subprocess.run(
            [*serve, lang, *args], capture_output=True, text=True, timeout=60, check=False
        )
        for lang in ("ja", "en")
    }
    assert said["ja"].returncode == said["en"].returncode == 2
    assert "画面のない主催者にはこの端末の席はありません。" in said["ja"].stderr
    assert "A headless host has no local seats; use open or cpu." in said["en"].stderr
