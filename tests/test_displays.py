"""The first start with no display, a dead one or one that refuses us: exit 1 before Qt starts,
saying what is wrong and what to do, in both languages, also to a desktop without a terminal."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import displays, doctor
from tabletop.cli import main
from tabletop.displays import wayland_problem, x11_problem
from tabletop.engine.text import Msg
from tabletop.i18n import render, set_language

from .test_doctor import ADVICE, LDD_MISSING, dead_display

REPO = Path(__file__).resolve().parents[1]
HINT = "`tabletop doctor` shows this check and more, for a bug report."
JA_ADVICE = (
    "デスクトップのセッションから tabletop を起動するか（SSH 経由なら `ssh -X` で接続）、"
    "DISPLAY か WAYLAND_DISPLAY を動いているディスプレイに合わせてください。"
    "`tabletop simulate` や `tabletop sheet` などのコマンドはウィンドウなしで使えます。"
)
JA_HINT = "`tabletop doctor` でこの確認とそのほかの情報を表示できます（不具合の報告に）。"


def text(msg: Msg | None) -> str:
    """A check's reason in English (the check must have found one)."""
    assert msg is not None
    return render(msg, "en")


@pytest.fixture
def refusing_display() -> Iterator[str]:
    """An X display that accepts connections and hangs up at once (as a server refusing an
    unauthorised client does after its reply); its DISPLAY."""
    display = dead_display()
    server = socket.socket(socket.AF_UNIX)
    server.bind(f"\0/tmp/.X11-unix/X{display[1:]}")
    server.listen(8)
    server.settimeout(0.2)
    done = threading.Event()

    def hang_up() -> None:
        while not done.is_set():  # libxcb's tries, then our own reach check
            try:
                conn, _address = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            conn.close()

    thread = threading.Thread(target=hang_up, daemon=True)
    thread.start()
    yield display
    done.set()
    thread.join(5)
    server.close()


def test_no_display_set() -> None:
    assert text(x11_problem(None)) == "DISPLAY is not set"
    assert text(x11_problem("")) == "DISPLAY is not set"
    assert text(x11_problem("somewhere")) == "DISPLAY=somewhere does not name an X display"


def test_a_dead_display_does_not_answer() -> None:
    display = dead_display()
    assert text(x11_problem(display)) == (
        f"the X display {display} does not answer (nothing is listening there)"
    )


def test_a_display_that_hangs_up_refuses(refusing_display: str) -> None:
    assert text(x11_problem(refusing_display)).startswith(
        f"the X display {refusing_display} refused the connection (not authorised"
    )


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed")
def test_a_running_x_server_answers() -> None:
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            display = ":" + numbers.readline().strip()
        assert x11_problem(display) is None
        assert doctor.window_problem({"DISPLAY": display}, "linux") is None
    finally:
        server.terminate()
        server.wait(10)


def test_wayland_socket(tmp_path: Path) -> None:
    env = {"XDG_RUNTIME_DIR": str(tmp_path), "WAYLAND_DISPLAY": "wayland-7"}
    assert text(wayland_problem(env)) == (
        f"the Wayland display {tmp_path / 'wayland-7'} does not answer (nothing is listening there)"
    )
    with socket.socket(socket.AF_UNIX) as compositor:
        compositor.bind(str(tmp_path / "wayland-7"))
        compositor.listen(1)
        assert wayland_problem(env) is None
    assert text(wayland_problem({"WAYLAND_DISPLAY": "wayland-0"})) == (
        "the Wayland display cannot be found (XDG_RUNTIME_DIR is not set)"
    )


def test_wayland_falls_back_to_a_display_that_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(displays, "x11_problem", lambda display: None)
    monkeypatch.setattr(doctor, "xcb_check", lambda: doctor.XcbCheck(Path("libqxcb.so")))
    env = {"XDG_RUNTIME_DIR": str(tmp_path), "WAYLAND_DISPLAY": "gone", "DISPLAY": ":0"}
    assert doctor.window_problem(env, "linux") is None


def test_both_dead_are_both_named(tmp_path: Path) -> None:
    display = dead_display()
    env = {"XDG_RUNTIME_DIR": str(tmp_path), "WAYLAND_DISPLAY": "gone", "DISPLAY": display}
    problem = doctor.window_problem(env, "linux")
    assert problem == "\n".join(
        [
            f"tabletop cannot open a window: the Wayland display {tmp_path / 'gone'} does not "
            f"answer (nothing is listening there); the X display {display} does not answer "
            "(nothing is listening there).",
            ADVICE,
            HINT,
        ]
    )
    assert doctor.window_problem({**env, "QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert doctor.window_problem(env, "darwin") is None


def test_missing_libraries_in_japanese_through_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"\x7fELF")
    ldd = tmp_path / "ldd"
    ldd.write_text(f"#!/bin/sh\ncat <<'EOF'\n{LDD_MISSING}EOF\n")
    ldd.chmod(0o755)
    monkeypatch.setattr(doctor, "LDD", str(ldd))
    monkeypatch.setattr(doctor, "xcb_plugin", lambda: plugin)
    monkeypatch.setattr(doctor, "platform_problem", lambda name, env: None)
    shown: list[str] = []
    monkeypatch.setattr(doctor, "tell_desktop", shown.append)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)
    try:
        assert main(["--lang", "ja"]) == 1
    finally:
        set_language("en")
    err = capsys.readouterr().err
    assert err.splitlines()[0] == (
        "tabletop はウィンドウを開けません。Qt の X11 プラグインに必要な次のライブラリが"
        "インストールされていません: libxcb-icccm.so.4、libxcb-keysyms.so.1"
    )
    assert "    sudo apt-get install libxcb-icccm4 libxcb-keysyms1    （Debian、Ubuntu）" in err
    assert err.splitlines()[-1] == JA_HINT
    assert shown == [err.rstrip("\n")]  # stderr is no terminal here: shown on the desktop too


def start(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """`tabletop` in a fresh process, as a person would start it."""
    return subprocess.run(
        [sys.executable, "-m", "tabletop.cli", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def desktop(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """An environment with no display variables whose only way to tell the desktop is a fake
    `notify-send` (recording its arguments); the record file."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    record = tmp_path / "notified.txt"
    for name, _cmd, *_rest in doctor.DIALOGS:
        fake = bin_dir / name
        if name == "notify-send":
            fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> "{record}"\n')
        else:
            fake.write_text("#!/bin/sh\nexit 1\n")  # a dialog that cannot reach the display
        fake.chmod(0o755)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE")
    }
    env.update(
        PATH=f"{bin_dir}:/usr/bin:/bin",
        TABLETOP_DATA_DIR=str(tmp_path / "data"),
        TABLETOP_LANG="en",
        PYTHONPATH=str(REPO),
    )
    return env, record


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland: Linux")
def test_first_start_without_a_display_exits_1_and_tells_the_desktop(
    desktop: tuple[dict[str, str], Path],
) -> None:
    env, record = desktop
    done = start(env)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "tabletop cannot open a window: no display is set (neither DISPLAY nor WAYLAND_DISPLAY).",
        ADVICE,
        HINT,
    ]
    assert record.read_text(encoding="utf-8").splitlines()[-4:] == [
        "Tabletop",
        *done.stderr.splitlines(),
    ]
    ja = start({**env, "TABLETOP_LANG": "ja"})
    assert ja.returncode == 1
    assert ja.stderr.splitlines() == [
        "tabletop はウィンドウを開けません: ディスプレイが設定されていません"
        "（DISPLAY も WAYLAND_DISPLAY もありません）。",
        JA_ADVICE,
        JA_HINT,
    ]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland: Linux")
def test_first_start_on_a_dead_display_exits_1_in_both_languages(
    desktop: tuple[dict[str, str], Path],
) -> None:
    env, _record = desktop
    display = dead_display()
    done = start({**env, "DISPLAY": display})
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"tabletop cannot open a window: the X display {display} does not answer "
        "(nothing is listening there).",
        ADVICE,
        HINT,
    ]
    ja = start({**env, "DISPLAY": display}, "--lang", "ja")
    assert ja.returncode == 1
    assert ja.stderr.splitlines()[0] == (
        f"tabletop はウィンドウを開けません: X のディスプレイ {display} が応答しません"
        "（待ち受けているものがありません）。"
    )
    assert ja.stderr.splitlines()[1:] == [JA_ADVICE, JA_HINT]
    doctor_run = start({**env, "DISPLAY": display}, "doctor")
    assert doctor_run.returncode == 1
    assert "window (xcb): PROBLEM\n" in doctor_run.stdout


def test_a_dialog_left_open_does_not_hold_tabletop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = tmp_path / "shown.txt"
    zenity = tmp_path / "zenity"
    zenity.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{shown}"\nsleep 3\n')
    zenity.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:/usr/bin:/bin")
    begun = time.monotonic()
    assert doctor.tell_desktop("no <display> & no window") == "zenity"
    assert time.monotonic() - begun < 10
    assert "--text=no &lt;display&gt; &amp; no window" in shown.read_text(encoding="utf-8")
