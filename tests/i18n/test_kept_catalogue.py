"""A catalogue as read is kept in the cache folder and reused only while it is the same file:
an edited catalogue, a damaged or foreign copy, or a folder that cannot be written never
changes what the app shows."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.i18n import catalog, kept
from tabletop.i18n.po import read


@pytest.fixture
def ja_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The Japanese catalogue copied into a folder of its own, with a cache folder beside it."""
    locale = tmp_path / "locale"
    locale.mkdir()
    shutil.copy(catalog.LOCALE_DIR / "ja.po", locale / "ja.po")
    monkeypatch.setattr(catalog, "LOCALE_DIR", locale)
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    catalog.catalogue.cache_clear()
    yield locale / "ja.po"
    catalog.catalogue.cache_clear()


def parsed(path: Path) -> dict[tuple[str, str], str]:
    """The table the .po reader gives, without any cache."""
    return {e.key: e.msgstr for e in read(path) if e.msgid and e.translated and not e.obsolete}


def test_the_first_read_keeps_a_copy_the_next_start_reads(ja_copy: Path) -> None:
    first = catalog.catalogue("ja")
    assert first == parsed(ja_copy)
    copy = kept.kept_path(ja_copy)
    assert copy.is_file()
    # The next start reads the copy: one doctored but properly stamped entry shows.
    raw = json.loads(copy.read_text(encoding="utf-8"))
    raw["entries"][0][2] = "KEPT"
    copy.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    catalog.catalogue.cache_clear()
    again = catalog.catalogue("ja")
    ctx, msgid, _ = raw["entries"][0]
    assert again[(ctx, msgid)] == "KEPT"
    assert len(again) == len(first)


def test_an_edited_catalogue_is_read_again_and_its_copy_replaced(ja_copy: Path) -> None:
    catalog.catalogue("ja")
    text = ja_copy.read_text(encoding="utf-8")
    assert 'msgstr "かんたん"' in text
    ja_copy.write_text(text.replace('msgstr "かんたん"', 'msgstr "かんたん!"', 1), encoding="utf-8")
    # the same size and time would be read as the same file: make sure the edit shows in both
    info = ja_copy.stat()
    os.utime(ja_copy, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000))
    catalog.catalogue.cache_clear()
    table = catalog.catalogue("ja")
    assert table == parsed(ja_copy)
    assert "かんたん!" in table.values()
    assert kept.load(ja_copy) == table


@pytest.mark.parametrize(
    "damage",
    [b"", b"{not json", b'{"stamp": 1}', b'{"entries": []}', b"\xff\xfe", b"[1, 2, 3]"],
)
def test_a_damaged_copy_is_ignored_and_rewritten(ja_copy: Path, damage: bytes) -> None:
    copy = kept.kept_path(ja_copy)
    copy.parent.mkdir(parents=True)
    copy.write_bytes(damage)
    assert kept.load(ja_copy) is None
    assert catalog.catalogue("ja") == parsed(ja_copy)
    assert kept.load(ja_copy) == parsed(ja_copy)


def test_a_copy_of_another_file_or_format_is_stale(ja_copy: Path, tmp_path: Path) -> None:
    table = parsed(ja_copy)
    kept.save(ja_copy, table)
    copy = kept.kept_path(ja_copy)
    raw = json.loads(copy.read_text(encoding="utf-8"))
    for index, other in ((0, kept.FORMAT + 1), (1, str(tmp_path / "elsewhere.po"))):
        changed = json.loads(json.dumps(raw))
        changed["stamp"][index] = other
        copy.write_text(json.dumps(changed), encoding="utf-8")
        assert kept.load(ja_copy) is None


def test_a_cache_folder_that_cannot_be_written_changes_nothing(
    ja_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(blocker))
    assert catalog.catalogue("ja") == parsed(ja_copy)
    assert kept.load(ja_copy) is None
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_a_damaged_catalogue_is_still_reported_not_taken_from_an_old_copy(
    ja_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog.catalogue("ja")
    ja_copy.write_text('msgid "x"\nmsgid "y"\n', encoding="utf-8")
    catalog.catalogue.cache_clear()
    assert catalog.catalogue("ja") == {}
    assert "cannot read the ja catalogue" in capsys.readouterr().err
