"""The app icon files that installers use, as assets/make_art.py draws them (not `packaging`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_art", ICONS.parent / "make_art.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_icons_have_every_size() -> None:
    for n in SIZES:
        with Image.open(ICONS / f"tabletop-{n}.png") as im:
            assert (im.size, im.mode) == ((n, n), "RGBA")
            assert im.getpixel((n // 2, n // 2))[3] == 255  # opaque in the middle
            assert im.getpixel((0, 0))[3] < 8  # the rounded corner is (nearly) transparent
    with Image.open(ICONS / "tabletop.ico") as ico:
        assert sorted(ico.info["sizes"]) == [(n, n) for n in SIZES if n <= 256]
    with Image.open(ICONS / "tabletop.icns") as icns:
        assert icns.size == (1024, 1024)  # Pillow adds 512@2x, scaled up from 512


def test_script_writes_the_same_set_of_files(tmp_path: Path) -> None:
    art = _script()
    if not art.fonts_available():
        pytest.skip("DejaVu fonts not installed")
    assert art.ICON_SIZES == SIZES
    assert art.write_icons(tmp_path) == len(SIZES) + 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in ICONS.iterdir())
    same = [p.name for p in tmp_path.iterdir() if p.read_bytes() == (ICONS / p.name).read_bytes()]
    assert len(same) == len(SIZES) + 2  # deterministic, and the committed files are current
