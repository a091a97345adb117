"""The installers, built from a clean clone and run with the project's virtualenv out of reach.

Marked `packaging`: deselected by the normal `uv run pytest`; `.ci/run` runs them once with
`uv run pytest -m packaging`. Building takes a few minutes (a fresh `uv sync`, PyInstaller).
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import tarfile
from collections.abc import Mapping
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

import tabletop
from tabletop.doctor import PACKAGES
from tabletop.ui.app import SCREENSHOT_SIZE

from ..test_doctor import dead_display
from .test_install_sh import install, tree

pytestmark = pytest.mark.packaging

REPO = Path(__file__).resolve().parents[2]
APP_ID = "io.github.tabletop.Tabletop"
VERSION = tabletop.__version__
SIMULATED = """\
%triq (Triq), 5 players, seed 1
  1. Player 5   4
  2. Player 2   3
  3. Player 4   2
  4. Player 1   1
  5. Player 3   0
  winner: Player 5
"""
"""`tabletop simulate --game triq --players 5 --seed 1`, as the source tree prints it."""


def run(
    cmd: list[str], cwd: Path, env: Mapping[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run a command; fail the test with its output if it fails."""
    done = subprocess.run(
        cmd, cwd=cwd, env=dict(env), capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{cmd} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """An environment with no virtualenv: system PATH only, a fresh HOME, a UTF-8 locale."""
    return {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **extra}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean clone of HEAD with `uv run python packaging/build.py` run in it; its dist/."""
    clone = tmp_path_factory.mktemp("clone") / "tabletop"
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.strip()
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    run(["git", "clone", "--quiet", "--no-checkout", str(REPO), str(clone)], REPO, env)
    run(["git", "checkout", "--quiet", "--detach", head], clone, env)
    run(["uv", "run", "python", "packaging/build.py"], clone, env, timeout=900)
    return clone / "dist"


@pytest.fixture(scope="module")
def bundle(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Linux archive unpacked; its top folder."""
    archive = built / f"tabletop-{VERSION}-linux-{platform.machine()}.tar.gz"
    assert archive.is_file(), sorted(p.name for p in built.iterdir())
    where = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(archive) as tar:
        tar.extractall(where, filter="tar")
    (top,) = where.iterdir()
    assert top.name == f"tabletop-{VERSION}-linux-{platform.machine()}"
    return top


def check_program(program: Path, work: Path) -> None:
    """--version, a simulated match and an offscreen screenshot, with no virtualenv around."""
    home = work / "home"
    home.mkdir()
    env = clean_env(home)
    said = run([str(program), "--version"], work, env).stdout
    assert said.startswith(f"tabletop {VERSION}\nFree software under the MIT License. ")
    sim = ["simulate", "--game", "triq", "--players", "5", "--seed", "1"]
    assert run([str(program), *sim], work, env).stdout == SIMULATED
    shot = ["--game", "second-third", "--seats", "Ann,cpu,cpu,cpu", "--screenshot", "out.png"]
    run([str(program), *shot], work, clean_env(home, QT_QPA_PLATFORM="offscreen"))
    image = QImage(str(work / "out.png"))
    assert (image.width(), image.height()) == SCREENSHOT_SIZE
    colours = {image.pixel(x, y) for x in range(0, 1280, 16) for y in range(0, 800, 16)}
    assert len(colours) > 100, f"the screenshot looks blank ({len(colours)} colours)"
    assert not (home / ".local" / "share" / "Tabletop").exists()  # a screenshot saves nothing


def test_frozen_bundle_runs_without_the_virtualenv(bundle: Path, tmp_path: Path) -> None:
    check_program(bundle / "tabletop", tmp_path)


def test_bundle_carries_x11_libraries_art_fonts_and_rules(bundle: Path) -> None:
    inside = bundle / "_internal"
    assert (inside / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so").is_file()
    xcb_extras = [lib for lib in PACKAGES if lib.startswith(("libxcb-", "libxkbcommon"))]
    assert not [lib for lib in xcb_extras if not (inside / lib).exists()]
    assert sorted(p.name for p in (inside / "tabletop" / "rules").iterdir()) == sorted(
        p.name for p in (REPO / "docs" / "rules").iterdir()
    )
    assert (inside / "tabletop" / "assets" / "fonts" / "TabletopSansJP.ttf").is_file()
    cards = {p.relative_to(REPO / "assets") for p in (REPO / "assets" / "cards").rglob("*.png")}
    assert {
        p.relative_to(inside / "tabletop" / "assets") for p in inside.rglob("cards/*/*.png")
    } == (cards)
    assert len(list((inside / "tabletop" / "assets" / "tokens").glob("*.png"))) == 4
    if (REPO / "tabletop" / "locale").is_dir():
        assert (inside / "tabletop" / "locale").is_dir()


def test_bundle_finds_its_own_x11_libraries_and_names_a_dead_display(
    bundle: Path, tmp_path: Path
) -> None:
    display = dead_display()
    env = clean_env(tmp_path, DISPLAY=display, QT_QPA_PLATFORM="xcb")
    doctor = subprocess.run(
        [str(bundle / "tabletop"), "doctor"], env=env, capture_output=True, text=True, timeout=60
    )
    out = doctor.stdout
    assert f"Tabletop {VERSION}" in out
    assert re.search(r"^X11 plugin: .*/_internal/.*libqxcb\.so: every library found$", out, re.M)
    assert f"the X display {display} does not answer" in out
    assert doctor.returncode == 1
    for gone in ({"DISPLAY": display}, {}):
        start = subprocess.run(
            [str(bundle / "tabletop")],
            env=clean_env(tmp_path, **gone),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert start.returncode == 1, start.stderr  # not Qt's abort (134)
        assert start.stderr.startswith("tabletop cannot open a window: ")


def test_install_sh_installs_for_the_user_and_uninstalls(bundle: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = clean_env(home)
    done = install(bundle, home)  # as a user who is not root, whoever runs the tests
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Installed tabletop {VERSION}: ")
    local = home / ".local"
    assert run([str(local / "bin" / "tabletop"), "--version"], tmp_path, env).stdout.startswith(
        f"tabletop {VERSION}\n"
    )
    entry = local / "share" / "applications" / f"{APP_ID}.desktop"
    assert f'Exec="{local}/lib/tabletop/tabletop"\n' in entry.read_text(encoding="utf-8")
    icons = sorted(
        p.parent.parent.name for p in local.glob(f"share/icons/hicolor/*/apps/{APP_ID}.png")
    )
    assert icons == sorted(f"{n}x{n}" for n in (16, 24, 32, 48, 64, 128, 256, 512))
    assert (local / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (local / "share" / "man" / "man1" / "tabletop.1").is_file()
    assert (local / "lib" / "tabletop" / "THIRD-PARTY-NOTICES.txt").is_file()
    if shutil.which("desktop-file-validate"):
        run(["desktop-file-validate", str(entry)], tmp_path, os.environ)
    saves = local / "share" / "Tabletop" / "saves" / "kept.jsonl"
    saves.parent.mkdir(parents=True)
    saves.write_text("a save\n", encoding="utf-8")
    assert install(bundle, home, "--uninstall").returncode == 0
    # update-desktop-database's cache is shared by every application; it stays.
    left = [p for p in tree(home) if not p.endswith("mimeinfo.cache")]
    assert left == [".local/share/Tabletop/saves/kept.jsonl"]


def test_wheel_in_a_fresh_uv_tool_environment(built: Path, tmp_path: Path) -> None:
    wheel = built / f"tabletop-{VERSION}-py3-none-any.whl"
    tools = {"UV_TOOL_DIR": str(tmp_path / "tools"), "UV_TOOL_BIN_DIR": str(tmp_path / "bin")}
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    run(["uv", "tool", "install", str(wheel)], tmp_path, {**env, **tools}, timeout=600)
    work = tmp_path / "run"
    work.mkdir()
    check_program(tmp_path / "bin" / "tabletop", work)


@pytest.mark.skipif(
    not (shutil.which("desktop-file-validate") and shutil.which("appstreamcli")),
    reason="desktop-file-utils and appstream are not installed",
)
def test_desktop_entry_and_metainfo_are_valid(bundle: Path) -> None:
    share = bundle / "share"
    run(
        ["desktop-file-validate", str(share / "applications" / f"{APP_ID}.desktop")],
        REPO,
        os.environ,
    )
    metainfo = share / "metainfo" / f"{APP_ID}.metainfo.xml"
    run(["appstreamcli", "validate", "--no-net", str(metainfo)], REPO, os.environ)
    run(["appstreamcli", "validate", str(metainfo)], REPO, os.environ)
    text = metainfo.read_text(encoding="utf-8")
    assert f'<release version="{VERSION}"' in text
    # Built without $TABLETOP_HOME_URL: no stand-in address ships.
    assert "<screenshots>" not in text and "<url " not in text
    assert (share / "man" / "man1" / "tabletop.1").is_file()


def test_bundle_carries_licences_and_needs_at_most_glibc_2_35(bundle: Path, built: Path) -> None:
    assert (bundle / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    notices = (bundle / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    for part in ("Python 3.", "Qt 6, PySide6 and shiboken6", "ICU", "OpenSSL", "Tabletop Sans JP"):
        assert f"\n{part}" in notices, part
    assert "Libraries whose origin the build could not name" not in notices
    inside = bundle / "_internal"
    for left_out in ("libcups.so.2", "libstdc++.so.6", "libexpat.so.1", "libcairo.so.2"):
        assert not (inside / left_out).exists(), left_out
    sums = (built / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    listed = sorted(line.split("  ", 1)[1] for line in sums)
    assert listed == sorted(
        p.name for p in built.iterdir() if p.is_file() and p.name[0] not in "S."
    )
    done = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=built, capture_output=True)
    assert done.returncode == 0
