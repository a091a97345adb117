"""The language on every platform: the forms each system names its language in, and Qt's
reading of the system settings when no environment variable says anything (a program started
from Finder or the Start menu)."""

from __future__ import annotations

import pytest

from tabletop import cli
from tabletop.i18n.catalog import choose, normalize


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("ja_JP.UTF-8", "ja"),  # Linux $LANG
        ("ja_JP.eucJP@euro", "ja"),
        ("ja-JP", "ja"),  # Qt's uiLanguages, macOS AppleLanguages, BCP 47
        ("ja", "ja"),
        ("Japanese_Japan.932", "ja"),  # Windows: locale.getlocale()
        ("Japanese_Japan", "ja"),
        ("English_United States.1252", "en"),
        ("en-US", "en"),
        ("fr_FR.UTF-8", "fr"),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("", None),
    ],
)
def test_each_platform_form_names_its_language(tag: str, lang: str | None) -> None:
    assert normalize(tag) == lang


def test_the_system_is_asked_only_when_the_environment_says_nothing() -> None:
    asked: list[str] = []

    def japanese_mac() -> str:
        asked.append("asked")
        return "ja-JP"

    assert choose(None, {}, japanese_mac) == "ja"
    assert choose(None, {"LANG": "C.UTF-8"}, japanese_mac) == "ja"  # a C locale says nothing
    assert len(asked) == 2
    assert choose(None, {"LANG": "en_US.UTF-8"}, japanese_mac) == "en"
    assert choose(None, {"TABLETOP_LANG": "en"}, japanese_mac) == "en"
    assert choose("en", {}, japanese_mac) == "en"
    assert len(asked) == 2
    assert choose(None, {}, lambda: "Japanese_Japan.932") == "ja"
    assert choose(None, {}, lambda: None) == "en"


def test_qt_reads_the_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import QLocale

    monkeypatch.setattr(QLocale, "system", lambda: QLocale(QLocale.Language.Japanese))
    said = cli.qt_system_language()
    assert said is not None and said.startswith("ja-")  # Qt says ja-Jpan-JP
    assert normalize(said) == "ja"
