"""The catalogues: every message the code can produce has a Japanese translation with the same
placeholders; the extractor finds literal messages; the .po reader is strict."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.i18n import extract
from tabletop.i18n.catalog import LOCALE_DIR, catalogue, choose, normalize
from tabletop.i18n.po import Entry, PoError, parse, read, write

PLACEHOLDER = re.compile(r"\{(\w*)\}")
JA = read(LOCALE_DIR / "ja.po")
USED = extract.scan()


def placeholders(text: str) -> set[str]:
    """The named placeholders of a text (a translation may use one twice)."""
    return set(PLACEHOLDER.findall(text))


def test_the_code_uses_many_messages_and_the_scan_sees_all_layers() -> None:
    files = {ref for refs in USED.values() for ref in refs}
    assert len(USED) > 250
    for part in ("engine/game.py", "games/triq.py", "i18n/cards.py", "net/host.py"):
        assert any(f.endswith(part) for f in files), part


@pytest.mark.parametrize("key", sorted(USED), ids=lambda k: f"{k[0]}|{k[1][:40]}")
def test_every_message_has_a_japanese_translation_with_the_same_placeholders(
    key: tuple[str, str],
) -> None:
    entries = {e.key: e for e in JA if not e.obsolete}
    assert key in entries, f"ja.po lacks {key!r}: run python -m tabletop.i18n.extract"
    entry = entries[key]
    assert entry.translated, f"{key!r} is untranslated or fuzzy in ja.po"
    assert placeholders(entry.msgstr) == placeholders(entry.msgid)


def test_template_and_catalogues_are_up_to_date() -> None:
    assert extract.main(["--check"]) == 0


def test_fuzzy_and_empty_entries_count_as_untranslated(tmp_path: Path) -> None:
    text = (
        'msgid ""\nmsgstr "Language: xx\\n"\n\n'
        '#, fuzzy\nmsgid "Pass"\nmsgstr "Fuzzy"\n\n'
        'msgid "Trick"\nmsgstr ""\n\n'
        'msgctxt "turn"\nmsgid "Pass"\nmsgstr "Passe"\n'
    )
    entries = parse(text)
    usable = {e.key: e.msgstr for e in entries if e.msgid and e.translated}
    assert usable == {("turn", "Pass"): "Passe"}
    assert parse(write(entries)) == entries


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a"\nmsgstr "b" junk\n',
        'msgid "a"\n',
        'msgstr "b"\n',
        'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n',
        'msgid "a\\q"\nmsgstr "b"\n',
        'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\n',
        '#! what\nmsgid "a"\nmsgstr "b"\n',
    ],
)
def test_the_reader_refuses_malformed_catalogues(text: str) -> None:
    with pytest.raises(PoError, match="line"):
        parse(text)


def test_round_trip_of_escapes_and_multiline_strings() -> None:
    entry = Entry('say "hi"\tnow\\', "line one\nline two\n", "ctx")
    (back,) = parse(write([entry]))
    assert (back.msgid, back.msgstr, back.context) == (entry.msgid, entry.msgstr, entry.context)


def test_scan_source_finds_literal_calls_with_context_only() -> None:
    source = (
        "from x import Msg, _\n"
        "a = Msg('Play {card}', card=c)\n"
        "b = _('red', ctx='colour', lang=lang)\n"
        "c = Msg(name)\n"
        "d = Msg('')\n"
        "e = other('Not a message')\n"
        "f = Msg('Long '\n        'text')\n"
    )
    found = [(ctx, msgid) for ctx, msgid, _ in extract.scan_source(source, "m.py")]
    assert found == [("", "Play {card}"), ("colour", "red"), ("", "Long text")]


def test_merge_keeps_translations_adds_new_and_keeps_removed_as_obsolete() -> None:
    old = [Entry("Old", "古い"), Entry("Kept", "残る", flags={"fuzzy"})]
    pot = extract.template({("", "Kept"): ["a.py:1"], ("", "New"): ["b.py:2"]})
    merged = {e.key: e for e in extract.merge(old, pot)}
    assert merged[("", "Kept")].msgstr == "残る" and "fuzzy" in merged[("", "Kept")].flags
    assert merged[("", "New")].msgstr == "" and merged[("", "New")].references == ["b.py:2"]
    assert merged[("", "Old")].obsolete


def test_language_choice_order_and_fallback() -> None:
    env = {"TABLETOP_LANG": "ja", "LANG": "en_US.UTF-8"}
    assert choose("en", env) == "en"
    assert choose(None, env) == "ja"
    assert choose(None, {"LC_ALL": "ja_JP.UTF-8"}) == "ja"
    assert choose(None, {"LANG": "fr_FR.UTF-8"}) == "en"  # no French catalogue yet
    assert choose(None, {"LANG": "C"}) == "en"
    assert normalize("ja-JP") == "ja" and normalize("") is None


def test_catalogue_holds_only_usable_translations() -> None:
    ja = catalogue("ja")
    assert ja[("", "Trick")] == "トリック"
    assert ja[("turn", "Pass")] == "パス" and ja[("", "Pass")] == "渡す"
    assert all(text for text in ja.values())
    assert catalogue("en") == {}
