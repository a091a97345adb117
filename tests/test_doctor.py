"""`tabletop doctor`, `--version`, and the check naming missing X11 libraries before Qt starts."""

from __future__ import annotations

import importlib.metadata
import socket
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication

import tabletop
import tabletop.ui.app
from tabletop import doctor
from tabletop.cli import main
from tabletop.displays import qt_platforms
from tabletop.doctor import XcbCheck, explain, install_commands, missing_from_ldd, uses_xcb
from tabletop.i18n import set_language

# What `ldd libqxcb.so` printed on a Debian 12 machine without libxcb-icccm4 and libxcb-keysyms1
# (shortened); Qt itself said "xcb-cursor0 or libxcb-cursor0 is needed" there.
LDD_MISSING = """\
\tlinux-vdso.so.1 (0x00007fddee275000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007fddee1a7000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007fddee10e000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/x86_64-linux-gnu/libxcb-util.so.1 (0x00007fdded5a7000)
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\t/lib64/ld-linux-x86-64.so.2 (0x00007fddee277000)
"""
LDD_COMPLETE = "\tlibxcb-icccm.so.4 => /lib/x86_64-linux-gnu/libxcb-icccm.so.4 (0x00007f0)\n"

PARAGRAPH = """\
tabletop cannot open a window: Qt's X11 plugin needs these libraries, which are not \
installed: libxcb-icccm.so.4, libxcb-keysyms.so.1.
Install them and start tabletop again:
    sudo apt-get install libxcb-icccm4 libxcb-keysyms1    (Debian, Ubuntu)
    sudo dnf install xcb-util-wm xcb-util-keysyms    (Fedora)
`tabletop doctor` shows this check and more, for a bug report."""

ADVICE = (
    "Start tabletop from a desktop session (over SSH: `ssh -X`), or make DISPLAY or "
    "WAYLAND_DISPLAY name the running one. Commands such as `tabletop simulate` and "
    "`tabletop sheet` need no window."
)


@pytest.fixture
def fake_ldd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake plugin and a fake `ldd` printing LDD_MISSING for it; returns the output file."""
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"\x7fELF")
    output = tmp_path / "ldd-output.txt"
    output.write_text(LDD_MISSING, encoding="utf-8")
    script = tmp_path / "ldd"
    script.write_text(f'#!/bin/sh\n[ "$1" = "{plugin}" ] || exit 9\ncat "{output}"\n')
    script.chmod(0o755)
    monkeypatch.setattr(doctor, "LDD", str(script))
    monkeypatch.setattr(doctor, "xcb_plugin", lambda: plugin)
    return output


def dead_display() -> str:
    """An X display name nothing listens on (no abstract or file socket here)."""
    for number in range(977, 1100):
        path = f"/tmp/.X11-unix/X{number}"
        with socket.socket(socket.AF_UNIX) as probe:
            if probe.connect_ex("\0" + path) != 0 and not Path(path).exists():
                return f":{number}"
    raise AssertionError("no free X display number")


@pytest.fixture
def x11_session(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """An X11 desktop whose display is gone: DISPLAY names a dead display, no platform chosen,
    no Wayland; data and cache in temporary folders; no dialog really shown. Returns the
    DISPLAY."""
    display = dead_display()
    monkeypatch.setenv("DISPLAY", display)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(doctor, "tell_desktop", lambda text: None)
    return display


@pytest.fixture
def display_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every display the session names answers (the check of the display itself is tested on
    real sockets below)."""
    monkeypatch.setattr(doctor, "platform_problem", lambda name, env: None)


def test_ldd_output_gives_each_missing_library_once() -> None:
    assert missing_from_ldd(LDD_MISSING) == ("libxcb-icccm.so.4", "libxcb-keysyms.so.1")
    assert missing_from_ldd(LDD_COMPLETE) == ()


# What ldd printed (on stderr, and nothing else) when libxcb-icccm.so.4 was an empty file.
LDD_DAMAGED = (
    "/venv/PySide6/Qt/plugins/platforms/libqxcb.so: error while loading shared libraries: "
    "/lib/x86_64-linux-gnu/libxcb-icccm.so.4: file too short\n"
)


def test_ldd_output_gives_each_damaged_library_once() -> None:
    assert doctor.damaged_from_ldd(LDD_DAMAGED * 2) == (("libxcb-icccm.so.4", "file too short"),)
    assert doctor.damaged_from_ldd(LDD_MISSING) == ()


def test_damaged_library_blocks_and_is_reinstalled() -> None:
    check = XcbCheck(Path("libqxcb.so"), damaged=(("libxcb-icccm.so.4", "file too short"),))
    assert check.blocking and not check.ok
    assert explain(check) == (
        "tabletop cannot open a window: Qt's X11 plugin cannot load libxcb-icccm.so.4 "
        "(file too short).\n"
        "Reinstall and start tabletop again:\n"
        "    sudo apt-get install --reinstall libxcb-icccm4    (Debian, Ubuntu)\n"
        "    sudo dnf reinstall xcb-util-wm    (Fedora)\n"
        "`tabletop doctor` shows this check and more, for a bug report."
    )


def test_check_runs_ldd_on_the_plugin(fake_ldd: Path) -> None:
    check = doctor.xcb_check()
    assert check.missing == ("libxcb-icccm.so.4", "libxcb-keysyms.so.1")
    assert not check.ok
    fake_ldd.write_text(LDD_DAMAGED, encoding="utf-8")
    assert doctor.xcb_check().damaged == (("libxcb-icccm.so.4", "file too short"),)
    fake_ldd.write_text(LDD_COMPLETE, encoding="utf-8")
    assert doctor.xcb_check().ok


def test_paragraph_names_libraries_and_commands() -> None:
    check = XcbCheck(Path("libqxcb.so"), ("libxcb-icccm.so.4", "libxcb-keysyms.so.1"))
    assert explain(check) == PARAGRAPH


def test_paragraph_in_japanese() -> None:
    check = XcbCheck(Path("libqxcb.so"), ("libxcb-icccm.so.4", "libxcb-keysyms.so.1"))
    set_language("ja")
    try:
        text = explain(check)
    finally:
        set_language("en")
    assert text.splitlines() == [
        "tabletop はウィンドウを開けません。Qt の X11 プラグインに必要な次のライブラリが"
        "インストールされていません: libxcb-icccm.so.4、libxcb-keysyms.so.1",
        "インストールしてから tabletop をもう一度起動してください:",
        "    sudo apt-get install libxcb-icccm4 libxcb-keysyms1    （Debian、Ubuntu）",
        "    sudo dnf install xcb-util-wm xcb-util-keysyms    （Fedora）",
        "`tabletop doctor` でこの確認とそのほかの情報を表示できます（不具合の報告に）。",
    ]


def test_unknown_library_is_installed_by_soname_on_fedora() -> None:
    assert install_commands(["libxcb-cursor.so.0", "libfoo.so.3"]) == (
        "sudo apt-get install libxcb-cursor0",
        "sudo dnf install xcb-util-cursor 'libfoo.so.3()(64bit)'",
    )
    text = explain(XcbCheck(Path("p.so"), ("libfoo.so.3",)))
    assert "sudo apt-get" not in text
    assert "`apt-file search libfoo.so.3` names its package" in text


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, ["xcb"]),
        ({"DISPLAY": ":0"}, ["xcb"]),
        ({"WAYLAND_DISPLAY": "wayland-0"}, ["wayland", "xcb"]),
        ({"DISPLAY": ":0", "XDG_SESSION_TYPE": "wayland"}, ["wayland", "xcb"]),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, ["offscreen"]),
        (
            {"DISPLAY": ":0", "QT_QPA_PLATFORM": "wayland;xcb:fontengine=freetype"},
            ["wayland", "xcb"],
        ),
    ],
)
def test_platforms_tried_follow_qt(env: dict[str, str], expected: list[str]) -> None:
    assert qt_platforms(env) == expected


@pytest.mark.parametrize(
    ("env", "system", "expected"),
    [
        ({"DISPLAY": ":0"}, "linux", True),
        ({}, "linux", True),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"QT_QPA_PLATFORM": "wayland"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, "linux", True),
        ({"DISPLAY": ":0"}, "darwin", False),
        ({"QT_QPA_PLATFORM": "xcb"}, "win32", False),
    ],
)
def test_when_the_x11_plugin_is_used(env: dict[str, str], system: str, expected: bool) -> None:
    assert uses_xcb(env, system) is expected


def test_app_prints_the_paragraph_instead_of_starting_qt(
    fake_ldd: Path,
    x11_session: str,
    display_answers: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    started: list[object] = []
    monkeypatch.setattr(tabletop.ui.app, "launch", lambda *args: started.append(args) or 0)
    assert main(["--game", "triq"]) == 1
    assert capsys.readouterr().err == PARAGRAPH + "\n"
    assert started == []
    fake_ldd.write_text(LDD_COMPLETE, encoding="utf-8")
    assert main(["--game", "triq"]) == 0
    assert started == [("triq", None, None, {}, None, 0, None)]
    assert QGuiApplication.desktopFileName() == tabletop.APP_ID


def test_offscreen_skips_the_check(
    fake_ldd: Path, x11_session: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setattr(tabletop.ui.app, "launch", lambda *args: 0)
    assert main(["--game", "triq"]) == 0


def test_doctor_reports_versions_folder_fonts_and_the_problem(
    fake_ldd: Path,
    x11_session: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert main(["doctor"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Tabletop {tabletop.__version__}"
    assert lines[1].startswith("Python 3.")
    assert lines[2] == "PySide6 6.11.3, Qt 6.11.3"
    assert lines[3].startswith("platform: Linux-")
    assert lines[4] == f"data folder: {tmp_path / 'data'} (set by $TABLETOP_DATA_DIR)"
    assert lines[5] == f"cache folder: {tmp_path / 'cache'} (set by $TABLETOP_CACHE_DIR)"
    assert lines[6].startswith(f"display: QT_QPA_PLATFORM=xcb, DISPLAY={x11_session}, ")
    assert lines[7] == f"X11 plugin: {tmp_path / 'libqxcb.so'}: PROBLEM"
    assert "\n".join(lines[8:12]) == PARAGRAPH.rsplit("\n", 1)[0]
    assert lines[12:15] == [
        "window (xcb): PROBLEM",
        f"tabletop cannot open a window: the X display {x11_session} does not answer "
        "(nothing is listening there).",
        ADVICE,
    ]
    assert lines[15].startswith("bundled font: ") and lines[15].endswith(
        "TabletopSansJP.ttf (Tabletop Sans JP)"
    )
    assert lines[16].startswith("fonts: ") and lines[16].endswith(" families")
    assert "  DejaVu Sans: found" in lines


def test_doctor_is_happy_when_everything_is_there(
    fake_ldd: Path,
    x11_session: str,
    display_answers: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake_ldd.write_text(LDD_COMPLETE, encoding="utf-8")
    monkeypatch.delenv("TABLETOP_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert f"cache folder: {tmp_path / 'xdg-cache' / 'Tabletop'}\n" in out
    assert f"X11 plugin: {fake_ldd.parent / 'libqxcb.so'}: every library found" in out
    assert "window: a display answers (xcb)\n" in out


def test_doctor_fails_on_a_dead_display_even_with_every_library(
    fake_ldd: Path, x11_session: str, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_ldd.write_text(LDD_COMPLETE, encoding="utf-8")
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert "every library found" in out
    assert f"the X display {x11_session} does not answer" in out


def test_version_is_the_package_metadata_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    first, licence = capsys.readouterr().out.splitlines()
    assert first == f"tabletop {tabletop.__version__}"
    assert licence.startswith("Free software under the MIT License. ")
    assert "PySide6 (LGPLv3)" in licence and "THIRD-PARTY-NOTICES.txt" in licence
    assert importlib.metadata.version("tabletop") == tabletop.__version__
