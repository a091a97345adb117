"""The `tabletop` command: the app with no subcommand, else doctor, simulate, replay, games..."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tabletop import APP_ID, __version__
from tabletop.engine.errors import BadOption, ParseError, ReplayDivergence, TabletopError
from tabletop.engine.game import parse_options
from tabletop.engine.registry import all_games, get_game

SUBCOMMANDS = ("simulate", "replay", "games", "bench", "serve", "join", "sheet")


def _app_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tabletop",
        description="Open the table. Subcommands: doctor, " + ", ".join(SUBCOMMANDS) + ".",
    )
    p.add_argument("--version", action="version", version=f"tabletop {__version__}")
    p.add_argument("--game", help="open straight at the table for this game id")
    p.add_argument("--seats", help='comma-separated seats, e.g. "Ann,Bob,cpu,cpu:random"')
    p.add_argument("--seed", type=int)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--screenshot", metavar="FILE.png", help="render the table to a PNG and exit")
    p.add_argument("--moves", type=int, default=0, help="computer moves before --screenshot")
    return p


def _tools_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabletop")
    sub = p.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play a whole match with computer players")
    sim.add_argument("--game", required=True)
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", default="random", help="comma-separated, repeated to fill seats")
    sim.add_argument("--think", type=float, help="seconds per decision for search players")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--log", type=Path, help="write the replay log (JSON Lines) here")

    rep = sub.add_parser("replay", help="re-run a replay log and check it reproduces")
    rep.add_argument("file", type=Path)

    sub.add_parser("games", help="list the games, player ranges and options")

    bench = sub.add_parser("bench", help="measure speed and computer-player strength")
    bench.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    bench.add_argument("--matches", type=int, default=200, help="matches per strength test")
    bench.add_argument("--game", action="append", help="only these games")
    bench.add_argument(
        "--strength",
        metavar="BOT:BASELINE",
        help="only measure BOT in a rotating seat among BASELINE players (e.g. search:thumb)",
    )
    bench.add_argument("--think", type=float, help="seconds per decision for search players")
    bench.add_argument("--iterations", type=int, help="playouts per decision for search players")
    bench.add_argument("--ui", action="store_true", help="measure the table instead")
    bench.add_argument("--net", action="store_true", help="measure LAN play on loopback")

    serve = sub.add_parser("serve", help="host a LAN game with no window")
    serve.add_argument("--game", required=True)
    serve.add_argument("--seats", required=True, help='e.g. "open,open,cpu,cpu:random"')
    serve.add_argument("--port", type=int, default=47310)
    serve.add_argument("--password", help=PASSWORD_HELP)
    serve.add_argument("--seed", type=int)
    serve.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    serve.add_argument("--autosave", help="file to save the match to after every action")
    serve.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    serve.add_argument(
        "--announce-to", default="255.255.255.255", help='where to announce the game ("none": off)'
    )
    serve.add_argument(
        "--result-wait",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="after the end, wait at most this long for seats that missed the result",
    )

    sheet = sub.add_parser("sheet", help="write a blank or filled score sheet as PDF")
    sheet.add_argument("--game")
    sheet.add_argument("--players", type=int)
    sheet.add_argument("--names", help='comma-separated, e.g. "Ann,Bob,Cy"')
    sheet.add_argument("--from-log", help="fill the sheet from this replay log")
    sheet.add_argument("--out", required=True)
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4")

    join = sub.add_parser("join", help="play a hosted game as a headless computer player")
    join.add_argument("address", help="HOST or HOST:PORT")
    join.add_argument("--bot", default="random")
    join.add_argument("--name", default="")
    join.add_argument("--password", help=PASSWORD_HELP)
    join.add_argument("--token", help="reconnect to the seat this token belongs to")
    return p


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play one match with bots and print the result."""
    from tabletop.bench import make_player
    from tabletop.bots.runner import play_match

    game = get_game(args.game)
    options = parse_options(game, args.option)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or ["random"]
    if args.think is not None and args.think <= 0:
        raise BadOption("--think must be positive.")
    seated = [
        make_player(game, bots[i % len(bots)], args.seed * 1009 + i + 1, args.think, None)
        for i in range(args.players)
    ]
    if args.log:
        with args.log.open("w", encoding="utf-8") as log:
            state, result = play_match(game, args.players, bots, args.seed, options, log, seated)
    else:
        state, result = play_match(game, args.players, bots, args.seed, options, seated=seated)
    print(f"{game.info.title} ({game.info.title_en}), {args.players} players, seed {args.seed}")
    for seat in sorted(range(args.players), key=lambda s: result.places[s]):
        print(f"  {result.places[seat]}. {state.names[seat]:<10} {result.totals[seat]}")
    print("  winner: " + ", ".join(state.names[w] for w in result.winners))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-run a log; non-zero exit naming the first diverging line."""
    from tabletop.engine.log import replay

    try:
        with args.file.open(encoding="utf-8") as f:
            done = replay(f)
    except OSError as err:
        print(f"cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    except ParseError as err:
        print(f"{args.file}: {err}", file=sys.stderr)
        return 1
    except ReplayDivergence as err:
        print(f"{args.file}: diverges at line {err.line}: {err.message}", file=sys.stderr)
        return 1
    finished = "finished" if done.game.result(done.state) else "unfinished"
    print(f"{args.file}: reproduces ({done.actions} actions, {finished} match)")
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    """List the registered games."""
    for game in all_games():
        info = game.info
        print(
            f"{info.id:<16} {info.title} / {info.title_en}, {info.min_players}–"
            f"{info.max_players} players, by {info.designer}"
        )
        for opt in info.options:
            print(f"    --option {opt.key}={opt.default}  {opt.help}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Print speed and strength figures."""
    if args.ui or args.net:
        if args.ui:
            from tabletop.ui.bench import measure
        else:
            from tabletop.net.bench import measure
        for key, val in measure().items():
            print(f"{key}: {val:.4g}")
        return 0
    if args.strength:
        from tabletop.bench import strength_table

        if (args.think is not None and args.think <= 0) or (
            args.iterations is not None and args.iterations <= 0
        ):
            raise BadOption("--think and --iterations must be positive.")
        strength_table(args.strength, args.matches, args.think, args.iterations, args.game)
        return 0
    from tabletop.bench import run

    run(seconds=args.seconds, matches=args.matches, only=args.game)
    return 0


def _key_values(pairs: Sequence[str]) -> dict[str, str]:
    bad = [pair for pair in pairs if "=" not in pair]
    if bad:
        raise ParseError(f"Options are written key=value, not {bad[0]!r}.")
    return dict(pair.split("=", 1) for pair in pairs)


PASSWORD_ENV = "TABLETOP_PASSWORD"
"""The environment variable `serve` and `join` read the room password from."""

PASSWORD_HELP = f'room password ("-": ask for it; default: ${PASSWORD_ENV})'


def room_password(given: str | None) -> str | None:
    """The room password: `given`, asked for when it is "-", else $TABLETOP_PASSWORD, else None.

    A password on the command line shows in the process list; the other two ways do not.
    """
    if given == "-":
        import getpass

        return getpass.getpass("Room password: ") or None
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
        raise ParseError("A blank sheet needs --game and --players; a filled one --from-log.")
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    return sheet(args.game, args.players, names, args.out, args.from_log, args.paper)


COMMANDS = {
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    "games": cmd_games,
    "bench": cmd_bench,
    "serve": cmd_serve,
    "join": cmd_join,
    "sheet": cmd_sheet,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `tabletop` command."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["doctor"]:
            argparse.ArgumentParser(
                prog="tabletop doctor",
                description="Print versions, the data folder, fonts and whether a window can open.",
            ).parse_args(argv[1:])
            from tabletop.doctor import doctor

            return doctor()
        if argv and argv[0] in SUBCOMMANDS:
            args = _tools_parser().parse_args(argv)
            return COMMANDS[args.command](args)
        args = _app_parser().parse_args(argv)
        from tabletop.doctor import preflight

        # Qt aborts with a misleading hint when its X11 plugin cannot load: say what is missing.
        problem = preflight()
        if problem:
            print(problem, file=sys.stderr)
            return 1
        from PySide6.QtGui import QGuiApplication

        from tabletop.ui.app import launch

        # Lets the desktop match our windows to the installed menu entry and its icon.
        QGuiApplication.setDesktopFileName(APP_ID)

        options = _key_values(args.option)
        seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
        return launch(args.game, seats, args.seed, options, args.screenshot, args.moves)
    except TabletopError as err:
        print(f"tabletop: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
