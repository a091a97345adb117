"""Extract the code's messages into tabletop/locale/tabletop.pot; merge them into each .po file.

`uv run python -m tabletop.i18n.extract` rewrites the template and updates each catalogue the way
`msgmerge` would: new messages are added untranslated, known ones keep their translation, and
messages no longer in the code are kept as obsolete (`#~`) entries. `--check` changes nothing
and exits 1 if the template or a catalogue is out of date. See docs/translating.md.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

from tabletop.i18n.catalog import LOCALE_DIR
from tabletop.i18n.po import Entry, read, write

PACKAGE = Path(__file__).resolve().parent.parent
"""The tabletop package: the code that is scanned."""

MARKERS = frozenset({"Msg", "msg", "_"})
"""Calls whose literal first argument is a message: Msg(...), msg(...), _(...)."""

HEADER = Entry(
    "",
    "Project-Id-Version: tabletop\nContent-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n",
)


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def scan_source(text: str, where: str) -> list[tuple[str, str, str]]:
    """(context, msgid, "file:line") of every literal message call in one module's source."""
    found = []
    calls = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call)]
    for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
        if not isinstance(node, ast.Call) or _name(node.func) not in MARKERS or not node.args:
            continue
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue
        ctx = ""
        for kw in node.keywords:
            if kw.arg == "ctx" and isinstance(kw.value, ast.Constant):
                ctx = str(kw.value.value)
        if first.value:
            found.append((ctx, first.value, f"{where}:{node.lineno}"))
    return found


def scan(package: Path = PACKAGE) -> dict[tuple[str, str], list[str]]:
    """(context, msgid) → the files using it, over every module of the package, in file order.

    References name files, not lines, so moving code does not make the catalogues stale.
    """
    out: dict[tuple[str, str], list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package.parent).as_posix()
        for ctx, msgid, _ in scan_source(path.read_text(encoding="utf-8"), where):
            files = out.setdefault((ctx, msgid), [])
            if where not in files:
                files.append(where)
    return out


def template(found: dict[tuple[str, str], list[str]]) -> list[Entry]:
    """The .pot entries (header first)."""
    header = Entry(HEADER.msgid, HEADER.msgstr)
    entries = [header]
    for (ctx, msgid), refs in found.items():
        entries.append(Entry(msgid, "", ctx, references=sorted(set(refs))[:4]))
    return entries


def merge(old: list[Entry], pot: list[Entry]) -> list[Entry]:
    """The catalogue `old` brought up to date with the template `pot` (msgmerge without fuzzy)."""
    known = {e.key: e for e in old if e.msgid}
    header = next((e for e in old if not e.msgid and not e.obsolete), None)
    out = [header or Entry(HEADER.msgid, HEADER.msgstr)]
    wanted = set()
    for entry in pot:
        if not entry.msgid:
            continue
        wanted.add(entry.key)
        was = known.get(entry.key)
        merged = Entry(entry.msgid, "", entry.context, references=list(entry.references))
        if was is not None:
            merged.msgstr, merged.flags, merged.comments = was.msgstr, was.flags, was.comments
        out.append(merged)
    for entry in old:
        if entry.msgid and entry.key not in wanted and entry.msgstr:
            entry.obsolete, entry.references = True, []
            out.append(entry)
    return out


def main(argv: list[str] | None = None) -> int:
    """Regenerate tabletop.pot and merge it into every <lang>.po (or check that they are)."""
    parser = argparse.ArgumentParser(prog="python -m tabletop.i18n.extract")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    pot = template(scan())
    files = {LOCALE_DIR / "tabletop.pot": write(pot)}
    for po in sorted(LOCALE_DIR.glob("*.po")):
        files[po] = write(merge(read(po), pot))
    stale = [p for p, text in files.items() if not p.is_file() or p.read_text("utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path.name} is out of date: run {parser.prog}", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_text(files[path], encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
