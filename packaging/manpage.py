"""tabletop.1, the manual page, written from the command's own argument parsers (so it cannot
drift from them: tests/packaging/test_manpage.py compares it with packaging/linux/tabletop.1).

    uv run python packaging/manpage.py > packaging/linux/tabletop.1
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop import __version__, cli  # noqa: E402
from tabletop.i18n import set_language  # noqa: E402

ENVIRONMENT = (
    ("TABLETOP_LANG", "The language (en, ja) when --lang is not given; else the system's."),
    ("TABLETOP_DATA_DIR", "The folder for saved matches instead of the usual one (see FILES)."),
    ("TABLETOP_PASSWORD", "The room password for serve and join when --password is not given."),
    (
        "DISPLAY, WAYLAND_DISPLAY, QT_QPA_PLATFORM",
        "Where the window opens (Qt's choice). With QT_QPA_PLATFORM=offscreen no display is "
        "needed (screenshots).",
    ),
)

FILES = (
    (
        "~/.local/share/Tabletop",
        "Saved matches, finished matches and damaged saves set aside ($XDG_DATA_HOME/Tabletop "
        "when that is set).",
    ),
    ("~/.config/Tabletop/Tabletop.conf", "Window, seat and language choices."),
)


def roff(text: str) -> str:
    """`text` safe in a roff line: backslashes and hyphens escaped, no leading dot."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def _options(parser: argparse.ArgumentParser, with_help: bool = True) -> list[str]:
    out: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        if isinstance(action, argparse._HelpAction) and not with_help:
            continue
        if action.option_strings:
            names = ", ".join(f"\\fB{roff(o)}\\fR" for o in action.option_strings)
            if action.nargs != 0:
                metavar = action.metavar or (action.dest.upper() if action.dest else "")
                names += f" \\fI{roff(str(metavar))}\\fR"
        else:
            names = f"\\fI{roff(str(action.metavar or action.dest))}\\fR"
        about = action.help or ""
        if "%(" in about:
            about = about % {"prog": parser.prog, "default": action.default}
        out += [".TP", names, roff(about)]
    return out


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices.items())
    return []


def manpage() -> str:
    """The whole page, in English."""
    set_language("en")
    app = cli._app_parser()
    tools = cli._tools_parser()
    doctor = cli._doctor_parser()
    version_line = f"tabletop {__version__}"
    lines = [
        f'.TH TABLETOP 1 "" "{version_line}" "User Commands"',
        ".SH NAME",
        "tabletop \\- a table for small original Japanese card games",
        ".SH SYNOPSIS",
        ".B tabletop",
        "[\\fIoptions\\fR]",
        ".br",
        ".B tabletop",
        "\\fIcommand\\fR [\\fIoptions\\fR]",
        ".SH DESCRIPTION",
        roff(
            "Tabletop is a desktop table for nine small original Japanese card games: hot-seat "
            "on one computer, over the local network, or with computer players. Without a "
            "command it opens the window; the commands below work without one."
        ),
        ".SH OPTIONS",
        *_options(app),
        ".SH COMMANDS",
        ".SS doctor",
        roff(doctor.description or ""),
    ]
    for name, sub in _subcommands(tools):
        lines += [f".SS {roff(name)}", roff(sub.description or "")]
        lines += _options(sub, with_help=False)
    lines += [".SH ENVIRONMENT"]
    for variable, about in ENVIRONMENT:
        lines += [".TP", f"\\fB{roff(variable)}\\fR", roff(about)]
    lines += [".SH FILES"]
    for path, about in FILES:
        lines += [".TP", f"\\fI{roff(path)}\\fR", roff(about)]
    lines += [
        ".SH EXIT STATUS",
        roff(
            "0 on success; 1 when a check fails (no window can open, a replay diverges, a "
            "fairness check fails); 2 for a wrong command line or unreadable file."
        ),
        ".SH COPYRIGHT",
        roff(re.sub(r"\s+", " ", cli.licence_line())),
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(manpage())
