"""Language choice and catalogue lookup: tabletop/locale/<lang>.po, read once and cached."""

from __future__ import annotations

import contextlib
import locale
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path

from tabletop.i18n import kept
from tabletop.i18n.po import PoError, read

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues live: tabletop/locale/<lang>.po (and the tabletop.pot template)."""

SOURCE = "en"
"""The language of the msgids: it needs no catalogue."""

_current = SOURCE


def available() -> list[str]:
    """Every language the app can show: English and each catalogue found."""
    found = sorted(p.stem for p in LOCALE_DIR.glob("*.po"))
    return [SOURCE, *(lang for lang in found if lang != SOURCE)]


LANGUAGE_NAMES = {"japanese": "ja", "english": "en"}
"""Windows names a locale by its language's English name (Japanese_Japan.932)."""


def normalize(tag: str | None) -> str | None:
    """A language tag reduced to its language (ja_JP.UTF-8, ja-JP, Japanese_Japan.932 → ja);
    None if empty or C/POSIX."""
    if not tag:
        return None
    lang = tag.split(":")[0].split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    lang = LANGUAGE_NAMES.get(lang, lang)
    return None if lang in ("", "c", "posix") else lang


def choose(
    explicit: str | None = None,
    env: Mapping[str, str] | None = None,
    system: Callable[[], str | None] | None = None,
) -> str:
    """The language to show: `explicit`, else TABLETOP_LANG, else the system's; default en.

    The system's is LC_ALL, LC_MESSAGES or LANG, else what `system` says (the caller asks Qt,
    which knows the Windows and macOS settings: a program started from Finder or the Start
    menu has no LANG), else Python's locale. A language without a catalogue falls back to
    English.
    """
    env = os.environ if env is None else env
    known = available()
    for tag in _candidates(explicit, env, system):
        lang = normalize(tag)
        if lang is not None:
            return lang if lang in known else SOURCE
    return SOURCE


def _candidates(
    explicit: str | None, env: Mapping[str, str], system: Callable[[], str | None] | None
) -> Iterator[str | None]:
    """The language tags to try, in order; `system` is asked only when everything before it
    said nothing."""
    yield explicit
    yield env.get("TABLETOP_LANG")
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        yield env.get(key)
    if system is not None:
        yield system()
    if env is os.environ:
        with contextlib.suppress(ValueError):
            yield locale.getlocale()[0]


def set_language(lang: str) -> None:
    """Make `lang` the language `_()` and `render` use by default (ValueError if unknown)."""
    global _current
    if lang not in available():
        raise ValueError(f"No catalogue for language {lang!r}; known: {', '.join(available())}.")
    _current = lang


def current() -> str:
    """The language in use."""
    return _current


@cache
def catalogue(lang: str) -> dict[tuple[str, str], str]:
    """(context, msgid) → translation for `lang`: only translated, non-fuzzy entries.

    A damaged catalogue is reported once on stderr and treated as empty (English shows). The
    table read is kept in the cache folder for the next start (`tabletop.i18n.kept`).
    """
    if lang == SOURCE:
        return {}
    path = LOCALE_DIR / f"{lang}.po"
    table = kept.load(path)
    if table is not None:
        return table
    try:
        entries = read(path)
    except (OSError, PoError) as err:
        print(
            f"tabletop: cannot read the {lang} catalogue ({err}); showing English.", file=sys.stderr
        )
        return {}
    table = {e.key: e.msgstr for e in entries if e.msgid and e.translated and not e.obsolete}
    kept.save(path, table)
    return table


def _(text: str, ctx: str = "", lang: str | None = None) -> str:
    """The translation of a UI string in `lang` (default: the current language), else itself."""
    if not text:
        return text
    return catalogue(lang or _current).get((ctx, text), text)
