"""install.sh on a stand-in unpacked archive (a shell script as the program): per-user and
PREFIX installs, DESTDIR staging, uninstalling to nothing, and no install when the program
cannot start. The real bundle goes through it in test_installers.py."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
APP_ID = "io.github.tabletop.Tabletop"
SIZES = ("16x16", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256", "512x512")


def unpacked(where: Path, works: bool = True) -> Path:
    """A folder laid out like the Linux archive; its program prints a version, or fails the way
    PyInstaller's loader does on too old a glibc."""
    top = where / "tabletop-9.9-linux-x86_64"
    (top / "_internal").mkdir(parents=True)
    (top / "_internal" / "libpython3.11.so.1.0").write_bytes(b"")
    program = top / "tabletop"
    if works:
        program.write_text('#!/bin/sh\necho "tabletop 9.9"\necho "Free software"\n')
    else:
        program.write_text(
            '#!/bin/sh\necho "[PYI-1:ERROR] Failed to load Python shared library '
            "'libpython3.11.so.1.0': version 'GLIBC_2.35' not found\" >&2\nexit 255\n"
        )
    program.chmod(0o755)
    script = (REPO / "packaging" / "linux" / "install.sh").read_text(encoding="utf-8")
    (top / "install.sh").write_text(script.replace("@GLIBC_NEEDED@", "2.35"), encoding="utf-8")
    for name in ("LICENSE", "THIRD-PARTY-NOTICES.txt"):
        (top / name).write_text(name + "\n", encoding="utf-8")
    share = top / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(REPO / "packaging" / "linux" / f"{APP_ID}.desktop", share / "applications")
    (share / "metainfo").mkdir()
    shutil.copy2(REPO / "packaging" / "linux" / f"{APP_ID}.metainfo.xml", share / "metainfo")
    (share / "man" / "man1").mkdir(parents=True)
    shutil.copy2(REPO / "packaging" / "linux" / "tabletop.1", share / "man" / "man1")
    for size in SIZES:
        (share / "icons" / "hicolor" / size / "apps").mkdir(parents=True)
        (share / "icons" / "hicolor" / size / "apps" / f"{APP_ID}.png").write_bytes(b"png")
    return top


def install(top: Path, home: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run install.sh as a user who is not root (whoever runs the tests: a stand-in `id`), with
    a fresh HOME, the system PATH and `env`."""
    user = home.parent / "user-bin"
    if not user.is_dir():
        user.mkdir()
        (user / "id").write_text('#!/bin/sh\n[ "$1" = -u ] && echo 1000 || /usr/bin/id "$@"\n')
        (user / "id").chmod(0o755)
    return subprocess.run(
        ["sh", str(top / "install.sh"), *args],
        env={"HOME": str(home), "PATH": f"{user}:/usr/bin:/bin", "LANG": "C.UTF-8", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def tree(folder: Path) -> list[str]:
    """Every file, link and empty folder under `folder`, relative."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            if not any(path.iterdir()):
                found.append(str(path.relative_to(folder)) + "/")
        else:
            found.append(str(path.relative_to(folder)))
    return found


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """An empty home folder."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def test_per_user_install_and_uninstall_leave_only_the_saves(tmp_path: Path, home: Path) -> None:
    top = unpacked(tmp_path)
    done = install(top, home)
    assert done.returncode == 0, done.stderr
    local = home / ".local"
    assert done.stdout.startswith(
        f"Installed tabletop 9.9: find Tabletop among your games, or run {local}/bin/tabletop\n"
    )
    entry = (local / "share" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f'Exec="{local}/lib/tabletop/tabletop"\n' in entry
    assert os.readlink(local / "bin" / "tabletop") == f"{local}/lib/tabletop/tabletop"
    for name in (
        "LICENSE",
        "THIRD-PARTY-NOTICES.txt",
        "tabletop",
        "_internal/libpython3.11.so.1.0",
    ):
        assert (local / "lib" / "tabletop" / name).is_file(), name
    assert (local / "share" / "man" / "man1" / "tabletop.1").is_file()
    assert len(list(local.glob(f"share/icons/hicolor/*/apps/{APP_ID}.png"))) == len(SIZES)
    assert not list(local.glob("lib/.tabletop-new*"))
    saves = local / "share" / "Tabletop" / "saves" / "kept.jsonl"
    saves.parent.mkdir(parents=True)
    saves.write_text("a save\n", encoding="utf-8")
    assert install(top, home).returncode == 0  # again, over itself
    gone = install(top, home, "--uninstall")
    assert gone.returncode == 0, gone.stderr
    left = [p for p in tree(home) if not p.endswith("mimeinfo.cache")]
    assert left == [".local/share/Tabletop/saves/kept.jsonl"]


def test_prefix_moves_everything(tmp_path: Path, home: Path) -> None:
    top = unpacked(tmp_path)
    prefix = tmp_path / "opt" / "tabletop"
    done = install(top, home, PREFIX=str(prefix), XDG_DATA_HOME=str(home / "elsewhere"))
    assert done.returncode == 0, done.stderr
    assert not (home / ".local").exists() and not (home / "elsewhere").exists()
    entry = prefix / "share" / "applications" / f"{APP_ID}.desktop"
    assert f'Exec="{prefix}/lib/tabletop/tabletop"\n' in entry.read_text(encoding="utf-8")
    assert (prefix / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (prefix / "share" / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png").is_file()
    assert install(top, home, "--uninstall", PREFIX=str(prefix)).returncode == 0
    assert [p for p in tree(tmp_path / "opt") if not p.endswith("mimeinfo.cache")] == []


def test_destdir_stages_for_a_package(tmp_path: Path, home: Path) -> None:
    top = unpacked(tmp_path)
    stage = tmp_path / "stage"
    done = install(top, home, DESTDIR=str(stage), PREFIX="/usr")
    assert done.returncode == 0, done.stderr
    entry = stage / "usr" / "share" / "applications" / f"{APP_ID}.desktop"
    assert 'Exec="/usr/lib/tabletop/tabletop"\n' in entry.read_text(encoding="utf-8")
    assert os.readlink(stage / "usr" / "bin" / "tabletop") == "/usr/lib/tabletop/tabletop"
    assert (stage / "usr" / "lib" / "tabletop" / "tabletop").is_file()
    # Staging refreshes no desktop database: nothing but our own files.
    assert not list(stage.rglob("mimeinfo.cache"))
    assert not (home / ".local").exists()


def test_a_program_that_cannot_start_installs_nothing_and_keeps_the_old_one(
    tmp_path: Path, home: Path
) -> None:
    good = unpacked(tmp_path / "good")
    assert install(good, home).returncode == 0
    before = tree(home)
    bad = unpacked(tmp_path / "bad", works=False)
    done = install(bad, home)
    assert done.returncode == 1
    assert "GLIBC_2.35' not found" in done.stderr  # the loader's own words, then ours
    assert "Tabletop cannot run on this system, so nothing was installed (it needs glibc 2.35" in (
        done.stderr
    )
    assert tree(home) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_system_prefix_without_root_says_what_to_do(tmp_path: Path, home: Path) -> None:
    top = unpacked(tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    done = install(top, home, PREFIX=str(locked / "usr"))
    assert done.returncode == 1
    assert done.stderr.startswith(f"install.sh: cannot write to {locked}/usr: run it as root")
