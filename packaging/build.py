"""Build Tabletop for the platform this runs on, into dist/ (see packaging/README.md).

    uv run python packaging/build.py              # the wheel and sdist, then the frozen app
    uv run python packaging/build.py --no-bundle  # only the wheel and sdist

Linux:   dist/tabletop-<version>-linux-<machine>.tar.gz (PyInstaller folder + install.sh)
Windows: dist/tabletop/ and, with Inno Setup's `iscc` on PATH, dist/tabletop-<version>-setup.exe
macOS:   dist/Tabletop.app and, with `hdiutil`, dist/tabletop-<version>-macos.dmg

dist/ is emptied first, so it never mixes two builds (a failed build leaves it without
installers); dist/SHA256SUMS lists every file written (`sha256sum -c SHA256SUMS`). Every bundle
carries LICENSE and THIRD-PARTY-NOTICES.txt (packaging/notices.py); on Linux the build prints
the newest glibc the bundle needs and stops if that is newer than packaging/glibc.py allows.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
sys.path.insert(0, str(PACKAGING))

import glibc  # noqa: E402 - packaging/ is not a package
from notices import notices  # noqa: E402

APP_ID = "io.github.tabletop.Tabletop"
PLACEHOLDER_HOME = "https://tabletop.invalid/"
"""The metainfo's stand-in for the project's public home (see shipped_metainfo)."""
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def version() -> str:
    """The version, read from its one place: tabletop/__init__.py."""
    text = (ROOT / "tabletop" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise SystemExit("build: no __version__ in tabletop/__init__.py")
    return found.group(1)


def run(cmd: Sequence[str]) -> None:
    """Run a command in the repository, echoing it; stop the build if it fails."""
    print("+ " + " ".join(cmd), flush=True)
    done = subprocess.run(list(cmd), cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SystemExit(f"build: {cmd[0]} failed (exit {done.returncode})")


def wheel(dist: Path) -> None:
    """The wheel and the sdist (`uv build`)."""
    run(["uv", "build", "--out-dir", str(dist)])


def freeze(work: Path) -> Path:
    """The PyInstaller one-folder app (packaging/tabletop.spec); returns PyInstaller's dist."""
    if sys.platform.startswith("linux"):
        from tabletop.doctor import explain, xcb_check

        # PyInstaller copies the X11 plugin's libraries from this machine into the bundle.
        check = xcb_check()
        if not check.ok:
            raise SystemExit(
                "build: the bundle would lack Qt's X11 libraries.\n"
                + explain(check, doctor_hint=False, building=True)
            )
    out = work / "pyinstaller"
    run(
        [
            "uv",
            "run",
            "--group",
            "packaging",
            "pyinstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(out / "dist"),
            "--workpath",
            str(out / "work"),
            str(PACKAGING / "tabletop.spec"),
        ]
    )
    return out / "dist"


def linux_archive(frozen: Path, work: Path, dist: Path, ver: str, needs_glibc: str) -> Path:
    """Pack the frozen folder with install.sh, the menu entry, metainfo, icons and the manual
    page as .tar.gz."""
    name = f"tabletop-{ver}-linux-{platform.machine()}"
    stage = work / name
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(frozen / "tabletop", stage, symlinks=True)
    script = (PACKAGING / "linux" / "install.sh").read_text(encoding="utf-8")
    (stage / "install.sh").write_text(
        script.replace("@GLIBC_NEEDED@", needs_glibc), encoding="utf-8"
    )
    (stage / "install.sh").chmod(0o755)
    share = stage / "share"
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir()
    (share / "man" / "man1").mkdir(parents=True)
    shutil.copy2(PACKAGING / "linux" / "tabletop.1", share / "man" / "man1" / "tabletop.1")
    shutil.copy2(PACKAGING / "linux" / f"{APP_ID}.desktop", share / "applications")
    metainfo = (PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    home = os.environ.get("TABLETOP_HOME_URL")
    if not home:
        print("build: no TABLETOP_HOME_URL: the metainfo ships without homepage and screenshots")
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(
        shipped_metainfo(metainfo, home), encoding="utf-8"
    )
    for n in ICON_SIZES:
        icons = share / "icons" / "hicolor" / f"{n}x{n}" / "apps"
        icons.mkdir(parents=True)
        shutil.copy2(ROOT / "assets" / "icons" / f"tabletop-{n}.png", icons / f"{APP_ID}.png")
    archive = dist / f"{name}.tar.gz"
    partial = archive.with_name(archive.name + ".part")
    print(f"+ pack {archive.relative_to(ROOT)}", flush=True)
    with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
        tar.add(stage, arcname=name)
    partial.replace(archive)
    return archive


def shipped_metainfo(text: str, home: str | None) -> str:
    """The AppStream file as shipped: the placeholder home replaced by `home` (the project's
    public address, $TABLETOP_HOME_URL), or, without one, no homepage and no screenshots rather
    than addresses that lead nowhere."""
    if home:
        return text.replace(PLACEHOLDER_HOME, home.rstrip("/") + "/")
    text = re.sub(r"\n *<url [^>]*>[^<]*</url>", "", text)
    return re.sub(r"\n *<screenshots>.*?</screenshots>", "", text, flags=re.DOTALL)


def add_licences(folder: Path, ver: str) -> None:
    """LICENSE and THIRD-PARTY-NOTICES.txt (gathered from what `folder` holds) into `folder`."""
    text, unknown = notices(folder, ver)
    shutil.copy2(ROOT / "LICENSE", folder / "LICENSE")
    (folder / "THIRD-PARTY-NOTICES.txt").write_text(text, encoding="utf-8")
    if unknown:
        print("build: WARNING: no licence found for " + ", ".join(unknown), flush=True)


def check_glibc(folder: Path) -> str:
    """Print the newest glibc the bundle needs (and return it); stop if it is newer than
    glibc.MAX_GLIBC."""
    top, who = glibc.highest(sorted(folder.rglob("*")))
    names = ", ".join(sorted({p.name for p in who})[:6])
    print(f"build: the bundle needs glibc {glibc.text(top)} or newer (for {names})", flush=True)
    if top > glibc.MAX_GLIBC:
        raise SystemExit(
            f"build: glibc {glibc.text(top)} is newer than the {glibc.text(glibc.MAX_GLIBC)} "
            "the bundle may need: build on an older system, or leave these libraries out "
            "(SYSTEM_ONLY in packaging/tabletop.spec)"
        )
    return glibc.text(top)


def write_sums(dist: Path) -> Path:
    """dist/SHA256SUMS: a `sha256sum -c` line for every artifact in dist/ (not in folders)."""
    lines = []
    # Not the .gitignore `uv build` leaves there.
    for path in sorted(p for p in dist.iterdir() if p.is_file() and p.name[0] not in "S."):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        lines.append(f"{digest}  {path.name}\n")
    sums = dist / "SHA256SUMS"
    sums.write_text("".join(lines), encoding="utf-8")
    return sums


def windows_installer(frozen: Path, dist: Path, ver: str) -> None:
    """Copy the frozen folder to dist/ and, if Inno Setup is installed, make the installer."""
    shutil.copytree(frozen / "tabletop", dist / "tabletop")
    iscc = shutil.which("iscc") or shutil.which("ISCC")
    if iscc is None:
        print("build: Inno Setup's iscc is not on PATH: dist/tabletop/ only, no setup.exe")
        return
    script = PACKAGING / "windows" / "tabletop.iss"
    numeric = ".".join([*re.findall(r"\d+", ver), "0", "0", "0"][:3])
    run(
        [
            iscc,
            f"/DAppVersion={ver}",
            f"/DAppNumericVersion={numeric}",
            f"/DSourceDir={dist / 'tabletop'}",
            f"/DRoot={ROOT}",
            f"/O{dist}",
            str(script),
        ]
    )


def macos_app(frozen: Path, dist: Path, ver: str) -> None:
    """Copy Tabletop.app to dist/ and, with hdiutil, wrap it in a disk image."""
    app = dist / "Tabletop.app"
    shutil.copytree(frozen / "Tabletop.app", app, symlinks=True)
    if shutil.which("hdiutil"):
        # The disk image shows the app beside a link to /Applications: drag one onto the other.
        image = frozen.parent / "dmg"
        shutil.rmtree(image, ignore_errors=True)
        image.mkdir()
        shutil.copytree(app, image / "Tabletop.app", symlinks=True)
        (image / "Applications").symlink_to("/Applications")
        dmg = dist / f"tabletop-{ver}-macos.dmg"
        run(
            ["hdiutil", "create", "-volname", "Tabletop", "-srcfolder", str(image), "-ov", str(dmg)]
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Build everything this platform can build into dist/."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-bundle", action="store_true", help="only the wheel and sdist")
    args = parser.parse_args(argv)
    ver = version()
    dist, work = ROOT / "dist", ROOT / "build"
    # A clean dist/: nothing of an earlier build can slip into this one's installers or sums.
    shutil.rmtree(dist, ignore_errors=True)
    dist.mkdir()
    wheel(dist)
    if not args.no_bundle:
        frozen = freeze(work)
        if sys.platform == "darwin":
            add_licences(frozen / "Tabletop.app" / "Contents" / "Resources", ver)
        else:
            add_licences(frozen / "tabletop", ver)
        if sys.platform.startswith("linux"):
            needs = check_glibc(frozen / "tabletop")
            archive = linux_archive(frozen, work, dist, ver, needs)
            print(f"build: wrote {archive.relative_to(ROOT)}")
        elif sys.platform == "win32":
            windows_installer(frozen, dist, ver)
        elif sys.platform == "darwin":
            macos_app(frozen, dist, ver)
    print(f"build: wrote {write_sums(dist).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
