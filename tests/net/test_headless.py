"""Headless play: `serve` and `join` as separate processes on loopback, and LAN discovery."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys

import pytest
from PySide6.QtCore import QCoreApplication

from tabletop.engine.errors import BadOption
from tabletop.engine.registry import get_game
from tabletop.net.bench import pump_until
from tabletop.net.discovery import Announcer, Browser
from tabletop.net.headless import split_address

ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
MODULE = [sys.executable, "-m", "tabletop.cli"]


def finish(proc: subprocess.Popen[str], timeout: float) -> str:
    """The output of a process once it ends (killed after `timeout` seconds)."""
    try:
        return proc.communicate(timeout=timeout)[0]
    except subprocess.TimeoutExpired:
        proc.kill()
        return "(killed after timeout)\n" + proc.communicate()[0]


def test_serve_and_two_joins_play_to_the_end() -> None:
    """A headless host with one computer seat and two headless computer players over TCP."""
    serve = subprocess.Popen(
        [
            *MODULE,
            "serve",
            "--game",
            "seltsam-walzer",
            "--seats",
            "open,cpu:thumb,open",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--announce-to",
            "none",
            "--password",
            "pw",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=ENV,
    )
    joins: list[subprocess.Popen[str]] = []
    try:
        assert serve.stdout is not None
        head = serve.stdout.readline()
        port = int(re.search(r"on port (\d+)", head).group(1))
        seat_lines = [serve.stdout.readline() for _ in range(3)]
        assert "--token" in seat_lines[0] and seat_lines[1] == "Seat 2: CPU 2 (Steady)\n"
        first, token = (seat_lines[i].split("--token ")[1].strip() for i in (0, 2))
        joins.append(
            subprocess.Popen(
                [*MODULE, "join", f"127.0.0.1:{port}", "--bot", "thumb", "--token", first],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                env=ENV,
            )
        )
        joins.append(
            subprocess.Popen(
                [*MODULE, "join", f"127.0.0.1:{port}", "--bot", "random", "--token", token],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                env=ENV,
            )
        )
        outs = [finish(j, 60) for j in joins]
        assert [j.returncode for j in joins] == [0, 0], (outs, finish(serve, 5))
        assert "Seat 3 of seltsam-walzer" in outs[1]
        assert all("Finished, place" in out for out in outs)
        assert all("join: Fair deal verified" in out for out in outs)
        rest = finish(serve, 30)
        assert serve.returncode == 0
        assert "host: The match is over." in rest and "1. " in rest
    finally:
        for proc in (serve, *joins):
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)


def test_join_gives_up_on_a_wrong_password_or_an_unknown_bot() -> None:
    """A refused join exits non-zero with the host's reason; so does an unknown bot name."""
    serve = subprocess.Popen(
        [
            *MODULE,
            "serve",
            "--game",
            "triq",
            "--seats",
            "open,open",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--announce-to",
            "none",
            "--password",
            "right",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=ENV,
    )
    try:
        assert serve.stdout is not None
        port = int(re.search(r"on port (\d+)", serve.stdout.readline()).group(1))
        token = serve.stdout.readline().split("--token ")[1].strip()
        join = subprocess.run(
            [*MODULE, "join", f"127.0.0.1:{port}", "--password", "wrong"],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=30,
        )
        assert join.returncode == 1
        assert "Wrong room password" in join.stderr
        unknown = subprocess.run(
            [*MODULE, "join", f"127.0.0.1:{port}", "--token", token, "--bot", "genius"],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=30,
        )
        assert unknown.returncode == 2
        assert "No computer player 'genius'" in unknown.stderr
    finally:
        serve.kill()
        serve.wait(5)


def test_split_address() -> None:
    """HOST[:PORT] with the default port."""
    assert split_address("10.0.0.2:5000") == ("10.0.0.2", 5000)
    assert split_address("den", 47310) == ("den", 47310)
    for bad in ("den:99999", "den:0"):
        with pytest.raises(BadOption):
            split_address(bad)


def free_udp_port() -> int:
    """A UDP port nobody uses on loopback right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_discovery_on_loopback(net_app: QCoreApplication) -> None:
    """An announcer heard by a browser; junk datagrams ignored; silent tables expire."""
    port = free_udp_port()
    browser = Browser("127.0.0.1", port)
    assert browser.start()
    info = {"open": 2}

    def announce() -> dict:
        """The table as the announcer describes it now."""
        from tabletop.net import messages as msg

        return msg.announcement(get_game("triq"), "den", 4567, 5, info["open"], False, False)

    junk = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    junk.sendto(b"\x00garbage{", ("127.0.0.1", port))
    junk.sendto(b"{" * 5000, ("127.0.0.1", port))
    junk.close()
    announcer = Announcer(announce, "127.0.0.1", port, interval_ms=100)
    announcer.start()
    try:
        key = ("127.0.0.1", 4567)
        assert pump_until(lambda: key in browser.tables, 5.0)
        assert browser.tables[key]["game"] == "triq" and browser.tables[key]["open"] == 2
        assert len(browser.tables) == 1
        info["open"] = 1
        assert pump_until(lambda: browser.tables[key]["open"] == 1, 5.0)
        announcer.stop()
        assert pump_until(lambda: key not in browser.tables, 8.0)
    finally:
        announcer.stop()
        browser.stop()
