"""THIRD-PARTY-NOTICES.txt for a frozen bundle, gathered from the files the bundle really holds.

Each known component (Python, Qt with PySide6, ICU, OpenSSL, the font) is named when one of its
files is in the bundle, with its licence and the full text. Every other shared library was
copied by PyInstaller from the build machine: on a Debian-like system `dpkg` names the package
it came from and that package's copyright file is included; a library nobody can account for
is listed as such (and `build.py` says so).
"""

from __future__ import annotations

import fnmatch
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LICENSES = ROOT / "packaging" / "licenses"
SHARED = ("*.so", "*.so.*", "*.dll", "*.dylib", "*.pyd")


def python_licence() -> Path:
    """The running interpreter's own LICENSE.txt (the Python that PyInstaller bundles)."""
    base = Path(sys.base_prefix)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for path in (base / "lib" / version / "LICENSE.txt", base / "LICENSE.txt"):
        if path.is_file():
            return path
    raise FileNotFoundError(f"no LICENSE.txt of this Python under {base}")


@dataclass(frozen=True)
class Component:
    """A piece of third-party software a bundle may carry, recognised by its files."""

    name: str
    patterns: tuple[str, ...]
    licence: str
    texts: tuple[Callable[[], Path], ...]
    note: str = ""

    def matches(self, relative: str) -> bool:
        """True if the bundle file at `relative` (a POSIX path) belongs to this component."""
        name = relative.rsplit("/", 1)[-1]
        return any(fnmatch.fnmatch(relative, p) or fnmatch.fnmatch(name, p) for p in self.patterns)


def _licence(name: str) -> Callable[[], Path]:
    return lambda: LICENSES / name


COMPONENTS = (
    Component(
        "Python " + ".".join(map(str, sys.version_info[:3])),
        ("libpython3*", "python3*.dll", "base_library.zip", "*.cpython-3*", "*lib-dynload/*"),
        "Python Software Foundation License Version 2",
        (python_licence,),
    ),
    Component(
        "Qt 6, PySide6 and shiboken6",
        ("*PySide6/*", "*shiboken6/*", "libQt6*", "Qt6*.dll", "libpyside6*", "libshiboken6*"),
        "GNU LGPL version 3 (LGPL-3.0-only), which builds on the GNU GPL version 3",
        (_licence("LGPL-3.0.txt"), _licence("GPL-3.0.txt")),
        "Qt is used unmodified, as shared libraries in this folder: you may replace them with "
        "your own build of the same Qt version. Qt's source: https://download.qt.io/; "
        "the third-party code inside Qt: https://doc.qt.io/qt-6/licenses-used-in-qt.html",
    ),
    Component(
        "ICU (International Components for Unicode), as shipped with PySide6",
        ("libicu*", "icu*.dll"),
        "Unicode License (ICU)",
        (_licence("ICU.txt"),),
    ),
    Component(
        "OpenSSL",
        ("libssl*", "libcrypto*"),
        "Apache License 2.0 (OpenSSL 3)",
        (_licence("Apache-2.0.txt"),),
    ),
    Component(
        "Tabletop Sans JP (a subset of a font, see OFL.txt)",
        ("*/assets/fonts/*.ttf",),
        "SIL Open Font License 1.1",
        (lambda: ROOT / "assets" / "fonts" / "OFL.txt",),
    ),
)


def bundle_files(bundle: Path) -> list[str]:
    """Every file in the bundle as a POSIX path relative to it, sorted."""
    return sorted(p.relative_to(bundle).as_posix() for p in bundle.rglob("*") if p.is_file())


def is_shared(relative: str) -> bool:
    """True for a shared library or extension module."""
    name = relative.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatch(name, p) for p in SHARED)


def debian_packages(names: Iterable[str]) -> dict[str, str]:
    """Library file name → the Debian package that installed a file of that name (`dpkg -S`);
    names dpkg does not know are left out, and nothing when there is no dpkg."""
    wanted = set(names)
    if not wanted:
        return {}
    try:
        done = subprocess.run(
            ["dpkg", "-S", *(f"*/{name}" for name in sorted(wanted))],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return {}
    found: dict[str, str] = {}
    for line in done.stdout.splitlines():
        package, _, path = line.partition(": ")
        name = path.rsplit("/", 1)[-1]
        if name in wanted and name not in found and not line.startswith("diversion"):
            found[name] = package.split(",")[0].split(":")[0].strip()
    return found


def notices(
    bundle: Path,
    version: str,
    packages: Callable[[Iterable[str]], Mapping[str, str]] = debian_packages,
    copyright_of: Callable[[str], Path] = lambda pkg: Path("/usr/share/doc") / pkg / "copyright",
) -> tuple[str, list[str]]:
    """The notices text for `bundle`, and the shared libraries no component or package claims."""
    files = bundle_files(bundle)
    sections: list[str] = []
    texts: dict[str, Path] = {}
    claimed: set[str] = set()
    for component in COMPONENTS:
        mine = [f for f in files if component.matches(f)]
        if not mine:
            continue
        claimed.update(mine)
        shown = ", ".join(f.rsplit("/", 1)[-1] for f in mine[:4])
        more = f" and {len(mine) - 4} more files" if len(mine) > 4 else ""
        lines = [f"{component.name}", f"  licence: {component.licence}", f"  files: {shown}{more}"]
        if component.note:
            lines.append(f"  {component.note}")
        for text in component.texts:
            path = text()
            texts.setdefault(path.name, path)
            lines.append(f"  full text: {path.name} (below)")
        sections.append("\n".join(lines))
    others = [f for f in files if is_shared(f) and f not in claimed]
    owners = packages(sorted({f.rsplit("/", 1)[-1] for f in others}))
    by_package: dict[str, list[str]] = {}
    unknown: list[str] = []
    for f in others:
        name = f.rsplit("/", 1)[-1]
        if name in owners:
            by_package.setdefault(owners[name], []).append(name)
        else:
            unknown.append(f)
    for package, names in sorted(by_package.items()):
        path = copyright_of(package)
        label = f"Debian package {package}"
        lines = [label, f"  files: {', '.join(sorted(set(names)))}"]
        if path.is_file():
            texts.setdefault(label, path)
            lines.append(f"  licence: see the package's copyright file: {label} (below)")
        else:
            unknown.extend(names)
            lines.append("  licence: the package's copyright file was not found")
        sections.append("\n".join(lines))
    if unknown:
        sections.append(
            "Libraries whose origin the build could not name:\n  " + "\n  ".join(unknown)
        )
    head = (
        f"Third-party software in this Tabletop {version} bundle\n"
        "Tabletop itself is under the MIT License (LICENSE, beside this file).\n"
        "This bundle also carries the following software, each under its own licence.\n"
    )
    body = "\n\n".join(sections)
    rule = "=" * 78
    full = "".join(
        f"\n\n{rule}\n{title}\n{rule}\n\n{path.read_text(encoding='utf-8', errors='replace')}"
        for title, path in texts.items()
    )
    return f"{head}\n{body}{full}\n", unknown
