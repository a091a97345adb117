"""The third-party notices name what a bundle really holds; the glibc check reads ELF files."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


def load(name: str) -> ModuleType:
    """A module of packaging/ (not a package: build.py puts the folder on sys.path)."""
    spec = importlib.util.spec_from_file_location(
        f"packaging_{name}", REPO / "packaging" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


notices_module = load("notices")
glibc = load("glibc")

BUNDLE = [
    "tabletop",
    "_internal/libpython3.11.so.1.0",
    "_internal/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so",
    "_internal/base_library.zip",
    "_internal/PySide6/QtCore.abi3.so",
    "_internal/PySide6/Qt/lib/libQt6Core.so.6",
    "_internal/PySide6/Qt/lib/libicuuc.so.73",
    "_internal/shiboken6/Shiboken.abi3.so",
    "_internal/libssl.so.3",
    "_internal/libcrypto.so.3",
    "_internal/libxcb-icccm.so.4",
    "_internal/libmystery.so.1",
    "_internal/tabletop/assets/fonts/TabletopSansJP.ttf",
    "_internal/tabletop/rules/triq.md",
]


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    """A folder laid out like the Linux bundle, with empty files."""
    for name in BUNDLE:
        path = tmp_path / "tabletop" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    return tmp_path / "tabletop"


def test_notices_name_each_component_the_bundle_holds(bundle: Path, tmp_path: Path) -> None:
    copyright_file = tmp_path / "copyright"
    copyright_file.write_text("xcb-util-wm: MIT-style licence text\n", encoding="utf-8")

    def packages(names: Iterable[str]) -> dict[str, str]:
        return {"libxcb-icccm.so.4": "libxcb-icccm4"} if "libxcb-icccm.so.4" in names else {}

    text, unknown = notices_module.notices(bundle, "9.9", packages, lambda package: copyright_file)
    assert text.startswith("Third-party software in this Tabletop 9.9 bundle\n")
    for expected in (
        "\nPython 3.",
        "  licence: Python Software Foundation License Version 2",
        "\nQt 6, PySide6 and shiboken6\n  licence: GNU LGPL version 3",
        "\nICU (International Components for Unicode)",
        "\nOpenSSL\n  licence: Apache License 2.0",
        "\nTabletop Sans JP",
        "\nDebian package libxcb-icccm4\n  files: libxcb-icccm.so.4",
        "xcb-util-wm: MIT-style licence text",
        "GNU LESSER GENERAL PUBLIC LICENSE",
        "Apache License\n",
        "SIL OPEN FONT LICENSE",
    ):
        assert expected in text, expected
    assert unknown == ["_internal/libmystery.so.1"]
    assert "Libraries whose origin the build could not name:\n  _internal/libmystery.so.1" in text


def test_a_bundle_without_qt_or_ssl_does_not_claim_them(tmp_path: Path) -> None:
    (tmp_path / "libpython3.11.so.1.0").write_bytes(b"")
    text, unknown = notices_module.notices(tmp_path, "1", lambda names: {})
    assert "\nPython 3." in text
    assert "PySide6" not in text and "OpenSSL" not in text and "LESSER" not in text
    assert unknown == []


@pytest.mark.skipif(shutil.which("dpkg") is None, reason="not a Debian-like system")
def test_dpkg_names_the_package_of_a_system_library() -> None:
    lib = next(iter(Path("/").glob("usr/lib/*/libc.so.6")), None)
    if lib is None:
        pytest.skip("no multiarch libc here")
    assert notices_module.debian_packages(["libc.so.6", "libnot-a-library.so.9"]) == {
        "libc.so.6": "libc6"
    }


OBJDUMP = """\
0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.2.5) free
0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.34) __libc_start_main
0000000000000000  w   DF *UND*  0000000000000000 (GLIBC_2.17) clock_gettime
0000000000000000      DF *UND*  0000000000000000 (GLIBCXX_3.4.30) _ZSt4endl
"""


def test_glibc_versions_are_read_from_objdump_output() -> None:
    assert glibc.versions_in(OBJDUMP) == {(2, 2, 5), (2, 34), (2, 17)}
    assert max(glibc.versions_in(OBJDUMP)) == (2, 34)
    assert glibc.text((2, 34)) == "2.34"
    assert (2, 36) > glibc.MAX_GLIBC >= (2, 34)


@pytest.mark.skipif(
    shutil.which("objdump") is None or not sys.platform.startswith("linux"),
    reason="needs objdump on Linux",
)
def test_highest_glibc_of_real_files(tmp_path: Path) -> None:
    text_file = tmp_path / "notes.txt"
    text_file.write_text("GLIBC_9.99 is only text here\n", encoding="utf-8")
    python = Path(sys.executable).resolve()
    top, who = glibc.highest([python, text_file])
    assert top >= (2, 2) and who == [python]
