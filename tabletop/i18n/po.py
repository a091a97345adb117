"""A small, strict reader and writer of GNU gettext .po files (stdlib only, no compile step).

Supports what the project's catalogues use: comments, `#, fuzzy` flags, `msgctxt`, `msgid`,
`msgstr`, multi-line strings and the C escapes gettext writes. Plural forms are refused: the
project words counts so that one form fits. Fuzzy or empty translations count as untranslated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


class PoError(ValueError):
    """A .po text that cannot be read; the message names the line."""


@dataclass(slots=True)
class Entry:
    """One catalogue entry: context, source text, translation, flags and comments."""

    msgid: str
    msgstr: str = ""
    context: str = ""
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str, str]:
        """(context, msgid): what a message is looked up by."""
        return (self.context, self.msgid)

    @property
    def translated(self) -> bool:
        """True if the entry has a usable translation (not empty, not fuzzy)."""
        return bool(self.msgstr) and "fuzzy" not in self.flags


def _unquote(text: str, line: int) -> str:
    text = text.strip()
    if len(text) < 2 or not text.startswith('"') or not text.endswith('"'):
        raise PoError(f"line {line}: expected a quoted string, got {text[:40]!r}")
    body = text[1:-1]
    if "\\" not in body and '"' not in body:
        return body  # most lines: nothing to unescape (the catalogue is read at start-up)
    out = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise PoError(f"line {line}: bad escape in {text[:40]!r}")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
            continue
        if ch == '"':
            raise PoError(f"line {line}: unescaped quote in {text[:40]!r}")
        out.append(ch)
        i += 1
    return "".join(out)


def parse(text: str) -> list[Entry]:
    """Every entry of a .po text, header included (msgid ""); PoError on anything malformed."""
    entries: list[Entry] = []
    pending = Entry("")
    fields: dict[str, str] = {}
    current: str | None = None
    seen: set[tuple[str, str]] = set()

    def close(line: int) -> None:
        nonlocal pending, fields, current
        if fields:
            if "msgid" not in fields or "msgstr" not in fields:
                raise PoError(f"line {line}: an entry needs both msgid and msgstr")
            pending.msgid = fields["msgid"]
            pending.msgstr = fields["msgstr"]
            pending.context = fields.get("msgctxt", "")
            if pending.key in seen and not pending.obsolete:
                raise PoError(f"line {line}: duplicate entry {pending.msgid[:40]!r}")
            if not pending.obsolete:
                seen.add(pending.key)
            entries.append(pending)
        elif pending.flags or pending.references:
            raise PoError(f"line {line}: comments with no entry after them")
        pending, fields, current = Entry(""), {}, None

    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            pending.obsolete = True
        if not line:
            close(number)
            continue
        if line.startswith("#") and not obsolete:
            if fields:
                close(number)
            if line.startswith("#,"):
                pending.flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            elif line.startswith("#:"):
                pending.references.extend(line[2:].split())
            elif line.startswith(("#.", "# ", "#|")) or line == "#":
                pending.comments.append(raw)
            else:
                raise PoError(f"line {number}: unknown comment {line[:40]!r}")
            continue
        if line.startswith('"'):
            if current is None:
                raise PoError(f"line {number}: a string continues no keyword")
            fields[current] += _unquote(line, number)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgstr"):
            raise PoError(f"line {number}: unsupported keyword {keyword[:20]!r}")
        if keyword in fields or (keyword == "msgctxt" and "msgid" in fields):
            close(number)
        if keyword == "msgstr" and "msgid" not in fields:
            raise PoError(f"line {number}: msgstr before msgid")
        fields[keyword] = _unquote(rest, number)
        current = keyword
    close(len(lines) + 1)
    return entries


def read(path: Path) -> list[Entry]:
    """Parse a .po file (UTF-8)."""
    return parse(path.read_text(encoding="utf-8"))


def _quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r")
    if "\n" not in body:
        return '"' + body + '"'
    parts = body.split("\n")
    chunks = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + "\n".join(f'"{c}"' for c in chunks)


def write(entries: list[Entry]) -> str:
    """The .po text of these entries (header first if present), in their order."""
    blocks = []
    for e in entries:
        lines = list(e.comments)
        if e.references:
            lines.append("#: " + " ".join(e.references))
        if e.flags:
            lines.append("#, " + ", ".join(sorted(e.flags)))
        prefix = "#~ " if e.obsolete else ""
        if e.context:
            lines.append(f"{prefix}msgctxt {_quote(e.context)}")
        lines.append(f"{prefix}msgid {_quote(e.msgid)}")
        lines.append(f"{prefix}msgstr {_quote(e.msgstr)}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
