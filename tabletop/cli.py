"""The `tabletop` command: the app with no subcommand, else doctor, simulate, replay, games..."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop import APP_ID, __version__
from tabletop.engine.errors import BadOption, ParseError, ReplayDivergence, TabletopError
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.text import Msg
from tabletop.i18n import (
    _,
    available,
    choose,
    current,
    error_text,
    render,
    set_language,
)
from tabletop.i18n.catalog import normalize

if TYPE_CHECKING:
    from tabletop.engine.events import Event

SUBCOMMANDS = ("simulate", "replay", "verify", "games", "bench", "serve", "join", "sheet")

ARGPARSE_WORDS = {
    msg.text: msg
    for msg in (
        Msg("usage: ", ctx="argparse"),
        Msg("positional arguments", ctx="argparse"),
        Msg("options", ctx="argparse"),
        Msg("show this help message and exit", ctx="argparse"),
        Msg("%(prog)s: error: %(message)s\n", ctx="argparse"),
        Msg("argument %(argument_name)s: %(message)s", ctx="argparse"),
        Msg("the following arguments are required: %s", ctx="argparse"),
        Msg("unrecognized arguments: %s", ctx="argparse"),
        Msg("expected one argument", ctx="argparse"),
        Msg("expected at most one argument", ctx="argparse"),
        Msg("expected at least one argument", ctx="argparse"),
        Msg("invalid %(type)s value: %(value)r", ctx="argparse"),
        Msg("invalid choice: %(value)r (choose from %(choices)s)", ctx="argparse"),
        Msg("ambiguous option: %(option)s could match %(matches)s", ctx="argparse"),
        Msg("ignored explicit argument %r", ctx="argparse"),
        Msg("not allowed with argument %s", ctx="argparse"),
        Msg("one of the arguments %s is required", ctx="argparse"),
    )
}
"""argparse's own words (it looks each up through its module's `_`), in our catalogue."""


def _argparse_word(text: str | None) -> str | None:
    """One of argparse's own words in the current language (other texts pass unchanged)."""
    msg = ARGPARSE_WORDS.get(text) if text else None
    return _(msg.text, msg.context) if msg is not None else text


@contextlib.contextmanager
def _argparse_in_language() -> Iterator[None]:
    """While parsing, argparse's own words ("usage:", "options", its errors) are translated."""
    saved = argparse.__dict__["_"]
    setattr(argparse, "_", _argparse_word)  # noqa: B010 - the stubs do not declare it
    try:
        yield
    finally:
        setattr(argparse, "_", saved)  # noqa: B010


def _lang_help() -> str:
    return _("language to show (en, ja); default: $TABLETOP_LANG, else the system's")


def _password_help() -> str:
    return render(
        Msg('room password ("-": ask for it; default: ${variable})', variable=PASSWORD_ENV)
    )


def _option_help() -> str:
    return _("a game option (repeatable; see `tabletop games`)")


def licence_line() -> str:
    """What `--version` says of the licences (the full texts come with every installer)."""
    return _(
        "Free software under the MIT License. Runs on Python (PSF License) and Qt for Python, "
        "PySide6 (LGPLv3); the font is under the SIL Open Font License 1.1. The full texts "
        "come with the program (LICENSE, THIRD-PARTY-NOTICES.txt)."
    )


class _VersionAction(argparse.Action):
    """--version: the version, then the licences, each on its own line (argparse's own version
    action would run them together into one wrapped paragraph)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(f"tabletop {__version__}")
        print(licence_line())
        parser.exit()


def _app_parser() -> argparse.ArgumentParser:
    commands = ", ".join(("doctor", *SUBCOMMANDS))
    p = argparse.ArgumentParser(
        prog="tabletop",
        description=render(Msg("Open the table. Subcommands: {commands}.", commands=commands)),
    )
    p.add_argument(
        "--version",
        action=_VersionAction,
        nargs=0,
        help=_("show program's version number and exit", ctx="argparse"),
    )
    p.add_argument("--game", help=_("open straight at the table for this game id"))
    p.add_argument(
        "--seats",
        help=_(
            "comma-separated seats: a name, cpu, or cpu:easy|steady|strong (or a player name "
            'such as cpu:thumb), e.g. "You,cpu:strong,cpu"'
        ),
    )
    p.add_argument("--seed", type=int, help=_("the match's seed (default: a fresh one)"))
    p.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=_option_help()
    )
    p.add_argument("--screenshot", metavar="FILE.png", help=_("render the table to a PNG and exit"))
    p.add_argument("--moves", type=int, default=0, help=_("computer moves before --screenshot"))
    p.add_argument("--window", metavar="WxH", help=_("window size for --screenshot, e.g. 1024x700"))
    p.add_argument("--lang", help=_lang_help())
    return p


def _doctor_parser() -> argparse.ArgumentParser:
    about = _("Print versions, the data folder, fonts and whether a window can open.")
    return argparse.ArgumentParser(prog="tabletop doctor", description=about)


def _command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, about: str
) -> argparse.ArgumentParser:
    """A subcommand whose one-line help is also the description its own --help shows."""
    return sub.add_parser(name, help=about, description=about)


def _tools_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabletop")
    sub = p.add_subparsers(dest="command", required=True)

    sim = _command(sub, "simulate", _("play a whole match with computer players"))
    sim.add_argument("--game", required=True, help=_("the game id (see `tabletop games`)"))
    sim.add_argument("--players", type=int, required=True, help=_("number of seats"))
    sim.add_argument("--seed", type=int, default=0, help=_("the match's seed (default: 0)"))
    sim.add_argument("--bots", default="random", help=_("comma-separated, repeated to fill seats"))
    sim.add_argument("--think", type=float, help=_("seconds per decision for search players"))
    sim.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=_option_help()
    )
    sim.add_argument("--log", type=Path, help=_("write the replay log (JSON Lines) here"))

    rep = _command(sub, "replay", _("re-run a replay log and check it reproduces"))
    rep.add_argument("file", type=Path, help=_("the replay log (JSON Lines)"))
    rep.add_argument("--narrate", action="store_true", help=_("print the match as a story"))
    rep.add_argument(
        "--seat", type=int, help=_("with --narrate: only what this seat (0-based) may know")
    )

    ver = _command(sub, "verify", _("check a LAN match's log against what a seat received"))
    ver.add_argument("file", type=Path, help=_("the revealed replay log"))
    ver.add_argument("--seat", required=True, help=_("the seat checked (0-based), or 'spectator'"))
    ver.add_argument("--received", type=Path, required=True, help=_("the client's received file"))

    _command(sub, "games", _("list the games, player ranges and options"))

    bench = _command(sub, "bench", _("measure speed and computer-player strength"))
    bench.add_argument("--seconds", type=float, default=1.0, help=_("time per measurement"))
    bench.add_argument("--matches", type=int, default=200, help=_("matches per strength test"))
    bench.add_argument("--game", action="append", help=_("only these games"))
    bench.add_argument(
        "--strength",
        metavar="BOT:BASELINE",
        help=_(
            "only measure BOT in a rotating seat among BASELINE players (e.g. search:thumb; "
            "seer:thumb or oracle:thumb for players reading every hand)"
        ),
    )
    bench.add_argument("--think", type=float, help=_("seconds per decision for search players"))
    bench.add_argument("--iterations", type=int, help=_("playouts per decision for search players"))
    bench.add_argument(
        "--jobs",
        type=int,
        default=1,
        help=_("processes playing a strength row's matches at once (one per core)"),
    )
    bench.add_argument(
        "--first-seed",
        type=int,
        default=20_000,
        help=_("a strength row's match m is dealt from seed FIRST_SEED + m"),
    )
    bench.add_argument(
        "--ui", action="store_true", help=_("measure start-up, the launcher and the table instead")
    )
    bench.add_argument(
        "--program",
        action="append",
        default=[],
        metavar="PATH",
        help=_("with --ui: also time this program's start (a wheel's or a bundle's tabletop)"),
    )
    bench.add_argument("--net", action="store_true", help=_("measure LAN play on loopback"))
    bench.add_argument(
        "--stats", action="store_true", help=_("time opening Statistics with 10,000 matches")
    )
    bench.add_argument(
        "--baseline",
        action="store_true",
        help=_("compare random play through the protocol with each game's bare loop; search speed"),
    )

    serve = _command(sub, "serve", _("host a LAN game with no window"))
    serve.add_argument("--game", required=True, help=_("the game id (see `tabletop games`)"))
    serve.add_argument(
        "--seats",
        required=True,
        help=_('open, cpu or cpu:<level or player>, e.g. "open,open,cpu:strong"'),
    )
    serve.add_argument("--port", type=int, default=47310, help=_("TCP port to listen on"))
    serve.add_argument("--password", help=_password_help())
    serve.add_argument(
        "--seed",
        type=int,
        help=_(
            "the host's own part of the shuffle (default: a fresh one); every player who "
            "joins mixes in a part of their own, so it does not choose the deal"
        ),
    )
    serve.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=_option_help()
    )
    serve.add_argument("--autosave", help=_("file to save the match to after every action"))
    serve.add_argument("--bind", default="0.0.0.0", help=_("address to listen on"))
    serve.add_argument("--timings", help=_("write the host's processing time per update here"))
    serve.add_argument(
        "--announce-to",
        default="255.255.255.255",
        help=_('where to announce the game ("none": off)'),
    )
    serve.add_argument(
        "--result-wait",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help=_("after the end, wait at most this long for seats that missed the result"),
    )

    sheet = _command(sub, "sheet", _("write a blank or filled score sheet as PDF"))
    sheet.add_argument("--game", help=_("the game id, for a blank sheet"))
    sheet.add_argument("--players", type=int, help=_("number of seats, for a blank sheet"))
    sheet.add_argument("--names", help=_('comma-separated, e.g. "Ann,Bob,Cy"'))
    sheet.add_argument("--from-log", help=_("fill the sheet from this replay log"))
    sheet.add_argument("--out", required=True, help=_("the PDF file to write"))
    sheet.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", help=_("paper size (default: a4)")
    )

    join = _command(sub, "join", _("play a hosted game as a headless computer player"))
    join.add_argument("address", help=_("HOST or HOST:PORT"))
    join.add_argument("--bot", default="random", help=_("the computer player (default: random)"))
    join.add_argument("--name", default="", help=_("the name to sit down with"))
    join.add_argument("--password", help=_password_help())
    join.add_argument("--token", help=_("reconnect to the seat this token belongs to"))
    return p


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play one match with bots and print the result."""
    from tabletop.bench import make_player
    from tabletop.bots.runner import bot_seed, play_match
    from tabletop.engine.game import parse_options

    game = get_game(args.game)
    options = parse_options(game, args.option)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or ["random"]
    if args.think is not None and args.think <= 0:
        raise BadOption(Msg("--think must be positive."))
    seated = [
        make_player(game, bots[i % len(bots)], bot_seed(args.seed, i), args.think, None)
        for i in range(args.players)
    ]
    if args.log:
        with args.log.open("w", encoding="utf-8") as log:
            state, result = play_match(game, args.players, bots, args.seed, options, log, seated)
    else:
        state, result = play_match(game, args.players, bots, args.seed, options, seated=seated)
    title = game.info.title if current() == "ja" else f"{game.info.title} ({game.info.title_en})"
    print(
        render(
            Msg(
                "{game}, {players} players, seed {seed}",
                game=title,
                players=args.players,
                seed=str(args.seed),
            )
        )
    )
    names = _shown_names(state.names)
    for seat in sorted(range(args.players), key=lambda s: result.places[s]):
        print(f"  {result.places[seat]}. {_pad(names[seat], 10)} {result.totals[seat]}")
    winners = _(", ", ctx="list separator").join(names[w] for w in result.winners)
    print("  " + render(Msg("winner: {names}", names=winners)))
    return 0


def _pad(text: str, columns: int) -> str:
    """`text` padded with spaces to `columns` terminal columns (wide characters take two)."""
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, columns - used)


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-run a log; non-zero exit naming the first diverging line."""
    from tabletop.engine.log import replay

    if args.seat is not None and not args.narrate:
        print(_("--seat is only used with --narrate"), file=sys.stderr)
        return 2
    try:
        with args.file.open(encoding="utf-8") as f:
            lines = f.readlines()
        done = replay(lines)
    except OSError as err:
        text = Msg("cannot read {file}: {reason}", file=str(args.file), reason=str(err.strerror))
        print(render(text), file=sys.stderr)
        return 2
    except ParseError as err:
        print(f"{args.file}: {err}", file=sys.stderr)
        return 1
    except ReplayDivergence as err:
        text = Msg(
            "{file}: diverges at line {line}: {reason}",
            file=str(args.file),
            line=err.line,
            reason=err.message,
        )
        print(render(text), file=sys.stderr)
        return 1
    if args.narrate:
        players = done.state.players
        if args.seat is not None and not 0 <= args.seat < players:
            message = Msg("--seat must be 0 to {last} for this match.", last=players - 1)
            print(render(message), file=sys.stderr)
            return 2
        for line in narration(lines, args.seat):
            print(line)
        return 0
    if done.game.result(done.state):
        text = Msg(
            "{file}: reproduces ({count} actions, finished match)",
            file=str(args.file),
            count=done.actions,
        )
    else:
        text = Msg(
            "{file}: reproduces ({count} actions, unfinished match)",
            file=str(args.file),
            count=done.actions,
        )
    print(render(text))
    return 0


def narration(lines: Sequence[str], seat: int | None) -> list[str]:
    """A replayed log told in the current language: to `seat`, or omnisciently (None).

    The log must already be known to reproduce (`replay`); its events are re-made by the
    engine so each seat gets its own redacted copy.
    """
    from tabletop.engine.log import read_lines

    records = [rec for _, rec in read_lines(lines)]
    head = records[0]
    game = get_game(str(head["game"]))
    state = game.setup(int(head["players"]), head.get("options") or {}, int(head["seed"]))
    names = _shown_names([str(n) for n in head.get("names", state.names)])
    memo: dict[str, object] = {}
    out = [] if seat is not None else [_("Omniscient narration: every hidden card is shown.")]
    if seat is not None:
        out.append(_("What {player} knows:").replace("{player}", names[seat]))

    def tell(events: Sequence[Event]) -> None:
        for ev in events:
            data = ev.to_json() if seat is None else ev.to_json(seat, omniscient=False)
            for line in game.narrate(data, seat, memo):
                out.append(render(line.msg, None, names, game.info.deck))

    tell(state.opening)
    for rec in records[1:]:
        if rec["type"] == "action":
            tell(game.apply(state, int(rec["seat"]), str(rec["action"])))
    return out


def cmd_verify(args: argparse.Namespace) -> int:
    """Check a revealed log against a client's received file; non-zero saying what failed."""
    from tabletop.net.fairness import (
        RANDOM_FROM,
        Received,
        persons,
        record_code,
        table_code,
        verify,
    )

    seat = None if args.seat == "spectator" else _seat_number(args.seat)
    if seat == -1:
        problem = Msg(
            "--seat must be a seat number or 'spectator', not {seat}", seat=repr(args.seat)
        )
        print(render(problem), file=sys.stderr)
        return 2
    try:
        text = args.file.read_text(encoding="utf-8")
        log = text.splitlines()
        received = Received.load(args.received.read_text(encoding="utf-8").splitlines())
    except OSError as err:
        problem = Msg(
            "cannot read {file}: {reason}", file=str(err.filename), reason=str(err.strerror)
        )
        print(render(problem), file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(_("a file is not UTF-8 text"), file=sys.stderr)
        return 2
    except ParseError as err:
        print(f"{args.received}: {err}", file=sys.stderr)
        return 2
    if received.seat != seat:
        problem = Msg(
            "{file} records seat {recorded}, not seat {seat}",
            file=str(args.received),
            recorded=str(received.seat),
            seat=str(seat),
        )
        print(render(problem), file=sys.stderr)
        return 1
    verdict = verify(log, received)
    out = sys.stdout if verdict.ok else sys.stderr
    print(f"{args.file}: {render(verdict.summary)}", file=out)
    print(f"{args.file}: {verdict.message}", file=out)
    if received.table is not None and received.nonces is not None:
        code = table_code(received.table, received.nonces)
        print(render(Msg("Table code: {code}", code=code)))
    if received.seed is not None and received.salt is not None:
        code = record_code(text, received.seed, received.salt)
        print(render(Msg("Record code: {code}", code=code)))
        if received.seed < RANDOM_FROM and persons(received.table):
            print(
                render(
                    Msg(
                        "Note: the host's own part {seed} was typed in (below 2^64); the deal "
                        "is still random because the players added theirs.",
                        seed=str(received.seed),
                    )
                )
            )
    return 0 if verdict.ok else 1


def _seat_number(text: str) -> int:
    """A non-negative seat number, or -1 when `text` is not one."""
    return int(text) if text.isdigit() and len(text) < 4 else -1


def _shown_names(names: Sequence[str]) -> list[str]:
    """Seat names as printed: the engine's default "Player N" in the current language."""
    return [
        render(Msg("Player {number}", number=i + 1)) if n == f"Player {i + 1}" else n
        for i, n in enumerate(names)
    ]


def cmd_games(args: argparse.Namespace) -> int:
    """List the registered games."""
    for game in all_games(current()):
        info = game.info
        title = info.title if current() == "ja" else f"{info.title} / {info.title_en}"
        if info.min_players == info.max_players:
            about = Msg(
                "{game}, {count} players, by {designer}",
                game=title,
                count=info.min_players,
                designer=info.designer,
            )
        else:
            about = Msg(
                "{game}, {low}–{high} players, by {designer}",
                game=title,
                low=info.min_players,
                high=info.max_players,
                designer=info.designer,
            )
        print(f"{info.id:<16} {render(about)}")
        print(f"    {render(info.summary)}")
        for opt in info.options:
            print(f"    --option {opt.key}={opt.default}  {render(opt.label) or opt.key}")
            print(f"        {render(opt.help)}")
            for choice in opt.choices if opt.choice_labels else ():
                print(f"        {opt.key}={choice}  {render(opt.value_label(choice))}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Print speed and strength figures."""
    if args.stats:
        from tabletop.ui.statsbench import measure as measure_stats

        for key, val in measure_stats().items():
            print(f"{key}: {val:g}")
        return 0
    if args.net:
        from tabletop.net.bench import measure, report

        for depth, line in report(measure()):
            print("  " * depth + render(line))
        return 0
    if args.ui:
        from tabletop.ui.bench import measure as measure_ui

        for key, val in measure_ui(args.program).items():
            print(f"{key}: {val:.4g}")
        return 0
    if args.strength:
        from tabletop.bench import strength_table

        if (args.think is not None and args.think <= 0) or (
            args.iterations is not None and args.iterations <= 0
        ):
            raise BadOption(Msg("--think and --iterations must be positive."))
        if args.jobs < 1:
            raise BadOption(Msg("--jobs must be at least 1."))
        strength_table(
            args.strength,
            args.matches,
            args.think,
            args.iterations,
            args.game,
            jobs=args.jobs,
            first_seed=args.first_seed,
        )
        return 0
    if args.baseline:
        from tabletop.bench import run_baseline

        run_baseline(seconds=args.seconds, only=args.game)
        return 0
    from tabletop.bench import run

    run(seconds=args.seconds, matches=args.matches, only=args.game)
    return 0


def _key_values(pairs: Sequence[str]) -> dict[str, str]:
    bad = [pair for pair in pairs if "=" not in pair]
    if bad:
        raise ParseError(
            render(Msg("Options are written key=value, not {text}.", text=repr(bad[0])))
        )
    return dict(pair.split("=", 1) for pair in pairs)


def _window_size(text: str) -> tuple[int, int]:
    width, _x, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit() and int(width) > 0 and int(height) > 0):
        raise ParseError(render(Msg("A window size is written WxH, not {text}.", text=repr(text))))
    return int(width), int(height)


PASSWORD_ENV = "TABLETOP_PASSWORD"
"""The environment variable `serve` and `join` read the room password from."""


def room_password(given: str | None) -> str | None:
    """The room password: `given`, asked for when it is "-", else $TABLETOP_PASSWORD, else None.

    A password on the command line shows in the process list; the other two ways do not.
    """
    if given == "-":
        import getpass

        return getpass.getpass(render(Msg("Room password: "))) or None
    if given is not None:
        return given or None
    return os.environ.get(PASSWORD_ENV) or None


def cmd_serve(args: argparse.Namespace) -> int:
    """Host a LAN game headless."""
    from tabletop.net.headless import serve

    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    options = _key_values(args.option)
    announce = None if args.announce_to == "none" else args.announce_to
    return serve(
        args.game,
        seats,
        args.port,
        room_password(args.password),
        args.seed,
        options,
        args.autosave,
        bind=args.bind,
        announce_to=announce,
        result_wait=args.result_wait,
        timings=args.timings,
    )


def cmd_join(args: argparse.Namespace) -> int:
    """Join a hosted game as a headless bot."""
    from tabletop.net.headless import join, split_address

    host, port = split_address(args.address)
    return join(host, port, args.bot, args.name, room_password(args.password), args.token)


def cmd_sheet(args: argparse.Namespace) -> int:
    """Write a score sheet PDF."""
    from tabletop.sheets.cli import sheet

    if not args.from_log and not (args.game and args.players):
        raise ParseError(_("A blank sheet needs --game and --players; a filled one --from-log."))
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    return sheet(args.game, args.players, names, args.out, args.from_log, args.paper)


COMMANDS = {
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    "verify": cmd_verify,
    "games": cmd_games,
    "bench": cmd_bench,
    "serve": cmd_serve,
    "join": cmd_join,
    "sheet": cmd_sheet,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `tabletop` command."""
    argv = list(sys.argv[1:] if argv is None else argv)
    fixed = bool(os.environ.get("TABLETOP_LANG")) or any(
        arg == "--lang" or arg.startswith("--lang=") for arg in argv
    )
    try:
        argv = _choose_language(argv)
        if argv[:1] == ["doctor"]:
            with _argparse_in_language():
                _doctor_parser().parse_args(argv[1:])
            from tabletop.doctor import doctor

            return doctor()
        if argv and argv[0] in SUBCOMMANDS:
            with _argparse_in_language():
                args = _tools_parser().parse_args(argv)
            return COMMANDS[args.command](args)
        with _argparse_in_language():
            args = _app_parser().parse_args(argv)
        from tabletop.doctor import preflight, tell_desktop

        # Qt aborts with a misleading hint when no display answers or its X11 plugin cannot
        # load: say what is wrong, also in a dialog when no terminal shows it (a menu start).
        problem = preflight()
        if problem:
            print(problem, file=sys.stderr)
            if sys.stderr is None or not sys.stderr.isatty():
                tell_desktop(problem)
            return 1
        from PySide6.QtGui import QGuiApplication

        from tabletop.ui.app import launch, remembered_language

        if not fixed:
            remembered_language()

        # Lets the desktop match our windows to the installed menu entry and its icon.
        QGuiApplication.setDesktopFileName(APP_ID)

        options = _key_values(args.option)
        seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
        size = _window_size(args.window) if args.window else None
        return launch(args.game, seats, args.seed, options, args.screenshot, args.moves, size)
    except TabletopError as err:
        print(f"tabletop: {error_text(err)}", file=sys.stderr)
        return 2


def _choose_language(argv: list[str]) -> list[str]:
    """Set the language from a leading `--lang X` (or `--lang=X`), env or system; return the rest.

    `--lang` is read wherever it stands, before or after a subcommand (`tabletop games --lang
    ja`), up to a `--` that ends the options; a language without a catalogue is a clear error.
    """
    explicit = None
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest += argv[i:]
            break
        if arg == "--lang" or arg.startswith("--lang="):
            if arg == "--lang":
                if i + 1 >= len(argv):
                    need = Msg(
                        "--lang needs a language: {languages}.", languages=", ".join(available())
                    )
                    raise ParseError(render(need, choose()))
                explicit, i = argv[i + 1], i + 2
            else:
                explicit, i = arg.split("=", 1)[1], i + 1
            continue
        rest.append(arg)
        i += 1
    if explicit is not None and normalize(explicit) not in available():
        unknown = Msg(
            "No language {lang}; choose from {languages}.",
            lang=repr(explicit),
            languages=", ".join(available()),
        )
        raise ParseError(render(unknown, choose()))
    set_language(choose(explicit, system=qt_system_language))
    return rest


def qt_system_language() -> str | None:
    """The first language of the system's settings as Qt reads them on each platform (Windows'
    and macOS' own settings, not only $LANG), e.g. "ja-JP"; None without Qt."""
    try:
        from PySide6.QtCore import QLocale
    except ImportError:
        return None
    languages = QLocale.system().uiLanguages()
    return languages[0] if languages else None


if __name__ == "__main__":
    sys.exit(main())
