"""`tabletop` in Japanese: --help of the command and every subcommand, argparse's own words,
its errors and `tabletop doctor` go through the catalogue."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from tabletop import cli
from tabletop.i18n import current, set_language

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def language_back() -> Iterator[None]:
    """`main` sets the language for the process: each test gets the one it found back."""
    before = current()
    yield
    set_language(before)


def help_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What `tabletop ARGV --help` prints (it exits 0)."""
    with pytest.raises(SystemExit) as stop:
        cli.main([*argv, "--help"])
    assert stop.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", ["", "doctor", *cli.SUBCOMMANDS])
def test_help_is_japanese(capsys: pytest.CaptureFixture[str], command: str) -> None:
    out = help_text(capsys, "--lang", "ja", *([command] if command else []))
    assert out.startswith("使い方: tabletop")
    assert "オプション:" in out and "このヘルプを表示して終了する" in out
    assert "usage:" not in out and "options:" not in out and "show this help" not in out


@pytest.mark.parametrize("command", ["", "doctor", *cli.SUBCOMMANDS])
def test_help_is_english_in_english(capsys: pytest.CaptureFixture[str], command: str) -> None:
    out = help_text(capsys, "--lang", "en", *([command] if command else []))
    assert out.startswith("usage: tabletop") and "show this help message and exit" in out
    assert not JAPANESE.search(out)


def test_every_option_help_of_every_parser_is_translated() -> None:
    set_language("ja")
    with cli._argparse_in_language():
        app = cli._app_parser()
        tools = cli._tools_parser()
    commands = next(a for a in tools._actions if isinstance(a, argparse._SubParsersAction))
    parsers = [app, *commands.choices.values()]
    helps = [a.help for p in parsers for a in p._actions if a.help not in (None, argparse.SUPPRESS)]
    assert len(helps) > 40
    assert [h for h in helps if not JAPANESE.search(h)] == []
    assert all(JAPANESE.search(p.description or "") for p in parsers)


def test_argparse_errors_are_japanese_and_argparse_is_left_as_it_was(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--lang", "ja", "simulate", "--players", "3"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "tabletop simulate: エラー: 次の引数が必要です: --game" in err
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"


def test_doctor_reports_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    cli.main(["--lang", "ja", "doctor"])
    out = capsys.readouterr().out
    japanese = ("データフォルダー: ", "キャッシュフォルダー: ", "ディスプレイ: ", "同梱フォント: ")
    assert all(label in out for label in japanese)
    labels = ("data folder:", "cache folder:", "display:", "platform:", "bundled font:", "fonts:")
    for english in labels:
        assert english not in out


def test_command_line_messages_are_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "ja", "replay", "log.jsonl", "--seat", "1"]) == 2
    assert capsys.readouterr().err == "--seat は --narrate と一緒にだけ使えます\n"
    assert cli.main(["--lang", "ja", "sheet", "--out", "x.pdf"]) == 2
    assert "白紙の得点表には --game と --players が" in capsys.readouterr().err


def test_lang_after_a_subcommand_and_games_in_reading_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`tabletop games --lang ja` is Japanese, listed in the order of the titles' readings."""
    assert cli.main(["games", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    ids = [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]
    assert ids[:3] == ["triq", "interaction", "second-third"] and ids[-1] == "wild-rawz"
    assert "トランプ◆デュエル、2人、" in out and "2〜2人" not in out
    assert "作者の改訂版" in out and "ver2=False" in out


def test_an_unknown_game_is_told_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "ja", "simulate", "--game", "nope", "--players", "3"]) == 2
    err = capsys.readouterr().err
    assert "'nope' というゲームはありません。" in err and "No game" not in err
