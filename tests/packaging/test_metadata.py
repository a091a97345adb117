"""The menu entry and the AppStream metadata: Japanese names, a content rating, addresses that
are real or clearly stand-ins, and both validators clean on what ships."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .test_notices import load

REPO = Path(__file__).resolve().parents[2]
APP_ID = "io.github.tabletop.Tabletop"
DESKTOP = REPO / "packaging" / "linux" / f"{APP_ID}.desktop"
METAINFO = REPO / "packaging" / "linux" / f"{APP_ID}.metainfo.xml"
build = load("build")


def test_desktop_entry_speaks_japanese() -> None:
    entry = DESKTOP.read_text(encoding="utf-8")
    for key in ("Name[ja]=", "GenericName[ja]=", "Comment[ja]=", "Keywords[ja]="):
        value = re.search(rf"^{re.escape(key)}(.+)$", entry, re.M)
        assert value and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", value.group(1)), key


def test_metainfo_speaks_japanese_and_rates_the_chips() -> None:
    text = METAINFO.read_text(encoding="utf-8")
    assert '<name xml:lang="ja">' in text and '<summary xml:lang="ja">' in text
    assert '<p xml:lang="ja">' in text
    assert '<content_attribute id="money-gambling">mild</content_attribute>' in text
    shots = re.findall(r"<image>[^<]*/(docs/screenshots/[^<]+)</image>", text)
    assert len(shots) == 4 and all((REPO / shot).is_file() for shot in shots)
    # Every address is the reserved stand-in host, said to be one in the file.
    hosts = set(re.findall(r"https?://([^/<]+)", text))
    assert hosts == {"tabletop.invalid"} and "PLACEHOLDER URLS" in text


def test_shipped_metainfo_has_real_addresses_or_none() -> None:
    text = METAINFO.read_text(encoding="utf-8")
    bare = build.shipped_metainfo(text, None)
    assert "tabletop.invalid/" not in bare.split("-->", 1)[1]
    assert "<screenshots>" not in bare and "<url " not in bare
    assert "<content_rating" in bare and '<name xml:lang="ja">' in bare
    homed = build.shipped_metainfo(text, "https://example.org/tabletop")
    assert '<url type="homepage">https://example.org/tabletop/</url>' in homed
    assert "https://example.org/tabletop/docs/screenshots/triq-27p-1920.png" in homed


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="no desktop-file-utils")
def test_desktop_entry_validates() -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="no appstream")
@pytest.mark.parametrize("network", [False, True])
def test_shipped_metainfo_validates(network: bool, tmp_path: Path) -> None:
    shipped = tmp_path / f"{APP_ID}.metainfo.xml"
    shipped.write_text(build.shipped_metainfo(METAINFO.read_text(encoding="utf-8"), None))
    command = ["appstreamcli", "validate", *([] if network else ["--no-net"]), str(shipped)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
