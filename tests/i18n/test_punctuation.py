"""The Japanese catalogue reads as one editor wrote it: the punctuation convention of each
surface (docs/translating.md), no nested colons, no English left in the Japanese."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.i18n.po import Entry, read

CATALOGUE = Path(__file__).parents[2] / "tabletop" / "locale" / "ja.po"

TERMINAL_FILES = {
    "tabletop/cli.py",
    "tabletop/doctor.py",
    "tabletop/bench.py",
    "tabletop/net/headless.py",
    "tabletop/sheets/cli.py",
}
"""Messages only the `tabletop` command prints (its help, errors and reports)."""

JAPANESE = "\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e\u3000-\u303f〜"
"""Kana, kanji, full-width forms and Japanese punctuation."""

LITERAL = re.compile(
    r"^%\(prog\)s: "  # the program's name before an error, as every terminal tool writes it
    r"|`[^`]*`"  # code: `tabletop games`
    r"|\{\w+\}"  # a placeholder
    r"|%\(\w+\)[sr]|%[sr]"  # argparse's placeholders
    r"|'[^']*'|\"[^\"]*\""  # quoted literal text: 'spectator', "none"
    r"|\[:[^\]]*\]"  # an optional part of an address: [:ポート]
    r"|\(\*\.\w+\)"  # a file-dialog filter: (*.pdf)
    r"|\(&\w\)"  # a menu's keyboard accelerator, as Japanese menus write it: 終了(&Q)
    r"|--[\w-]+"  # a command-line option: --game
)
"""Text shown as typed (commands, values, placeholders), left out of the punctuation check."""

ASCII_MARK = re.compile(r"[():!?]")
PLACEHOLDER = re.compile(r"\{\w+\}")

KNOWN_LATIN = {
    # names, formats and things written as they are typed
    "Tabletop", "tabletop", "PDF", "PNG", "LAN", "TCP", "UDP", "JSON", "Lines", "UTF", "Qt",
    "PySide6", "X11", "libqxcb", "so", "Debian", "Ubuntu", "Fedora", "apt", "file", "search",
    "UNO", "note", "Ctrl", "Shift", "Tab", "Enter", "Esc", "Home", "End", "BOT", "BASELINE",
    "HOST", "PORT", "TABLETOP_LANG", "en", "ja", "cpu", "open", "local", "network", "easy",
    "steady", "strong", "thumb", "seer", "oracle", "random", "key", "value", "hello", "version",
    "type", "action", "ref", "name", "seat", "role", "player", "spectator", "none", "a4",
    "domi", "hagizou", "recipeofbodoge", "Alex", "Randolph", "Hol", "der", "Geier", "s",
    "Ann", "Bob", "Cy", "You", "pdf", "ID", "ms", "CPU", "p50", "p99", "FIRST_SEED", "CSV",
    "triq", "MIT", "PSF", "Python", "for", "LGPLv3", "SIL", "Open", "Font", "License",
    "LICENSE", "THIRD", "PARTY", "NOTICES", "txt", "wheel", "DISPLAY", "WAYLAND_DISPLAY",
    "XAUTHORITY", "XDG_RUNTIME_DIR", "Wayland", "SSH", "packaging", "build", "py",
}  # fmt: skip
"""Latin words a Japanese text may contain."""

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def entries() -> list[Entry]:
    """Every live, translated entry of the Japanese catalogue."""
    return [e for e in read(CATALOGUE) if e.msgid and not e.obsolete and e.translated]


def terminal(entry: Entry) -> bool:
    """True for a message only the `tabletop` command prints."""
    return entry.context == "argparse" or (
        bool(entry.references) and set(entry.references) <= TERMINAL_FILES
    )


def plain(text: str) -> str:
    """The text with its literal parts replaced by a neutral mark, and its placeholders by a
    Japanese one (a name or a card in a Japanese sentence reads as Japanese)."""
    return LITERAL.sub(lambda m: "〇" if PLACEHOLDER.fullmatch(m.group()) else "\0", text)


def beside_japanese(text: str, at: int) -> bool:
    """True if the character at `at` touches Japanese text (spaces skipped) on either side."""
    left = text[:at].rstrip(" ")
    right = text[at + 1 :].lstrip(" ")
    return bool(
        (left and re.match(f"[{JAPANESE}]", left[-1]))
        or (right and re.match(f"[{JAPANESE}]", right[0]))
    )


def mixed_marks(entry: Entry) -> list[str]:
    """The punctuation marks of a translation that break its surface's convention."""
    text = plain(entry.msgstr)
    found = []
    for match in ASCII_MARK.finditer(text):
        mark = match.group()
        if terminal(entry) and mark == ":":
            continue  # the terminal writes "label: value", as argparse does
        if beside_japanese(text, match.start()):
            found.append(mark)
    if terminal(entry) and "：" in text:
        found.append("：")
    return found


def label_colons(text: str) -> int:
    """How many colons in a text separate a label from what follows."""
    text = plain(text)
    return text.count("：") + len(re.findall(r":(?= |$)", text))


def leftover_english(entry: Entry) -> list[str]:
    """Latin words in a translation that a Japanese reader would not expect."""
    words = LATIN_WORD.findall(plain(entry.msgstr))  # placeholders hold no Latin
    odd = [w for w in words if w not in KNOWN_LATIN and len(w) > 1 and w != "A4"]
    if "(s)" in entry.msgstr:
        odd.append("(s)")
    return odd


ENTRIES = entries()


def test_the_catalogue_is_read() -> None:
    assert len(ENTRIES) > 1000
    assert any(terminal(e) for e in ENTRIES) and not all(terminal(e) for e in ENTRIES)


def test_each_surface_keeps_its_punctuation() -> None:
    bad = {e.msgstr: mixed_marks(e) for e in ENTRIES if mixed_marks(e)}
    assert bad == {}


def test_no_nested_colons() -> None:
    assert [e.msgstr for e in ENTRIES if label_colons(e.msgstr) > 1] == []


def test_no_english_left_in_japanese() -> None:
    bad = {e.msgstr: leftover_english(e) for e in ENTRIES if leftover_english(e)}
    assert bad == {}


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("第{round}ラウンド:あなたから", False),
        ("第{round}ラウンド：あなたから", True),
        ("パス(ラウンドの負け)", False),
        ("A4用紙のPDF (*.pdf)", True),
        ("ホスト[:ポート]（省略時はポート{port}）", True),
        ("あなたの勝ち!", False),
    ],
)
def test_the_check_sees_ascii_marks_in_window_texts(text: str, ok: bool) -> None:
    entry = Entry("x", text, references=["tabletop/ui/table/table.py"])
    assert (mixed_marks(entry) == []) is ok


def test_the_check_sees_nested_colons_and_english() -> None:
    assert label_colons("出したカード：CPU 2：6、CPU 3：14") == 3
    assert label_colons("HOST:PORT の形で") == 0
    entry = Entry("x", "{player}はカードを{count}card(s)引いた", references=["a.py"])
    assert leftover_english(entry) == ["card", "(s)"]
