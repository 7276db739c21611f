"""``block24``: run the app, or list, export and import the stored games.

::

    block24 [--data DIR]                      serve the app (same as ``block24 serve``)
    block24 [--data DIR] serve [--lan]        serve the app
    block24 [--data DIR] games                list the games: id, date, players, status, winners
                                              (deleted ones too, marked, until the trash is emptied)
    block24 [--data DIR] export [--game ID] [FILE|-]
                                              game records (docs/RULES.md), a JSON list
                                              (one object with --game)
    block24 [--data DIR] export --csv --game ID [FILE|-]
                                              the game's Block: a row per round, running scores
    block24 [--data DIR] import FILE|-        import records: all of them or none

Exit status: 0 done; 2 anything else (a bad record, a file that is not JSON,
bad arguments, an unknown game, a full disk, a read-only or deleted folder, an
unopenable lock file), with one line on stderr that names what is wrong (the
game, the round, the folder). Never a traceback. Names and messages are
printed with terminal control characters escaped (``\x1b``), so a crafted
name cannot move the cursor or change the terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

EXIT_OK = 0
EXIT_FAILED = 2


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    command = args.command or "serve"
    if command == "serve":
        return _serve(args)
    try:
        return _run(command, args)
    except RecursionError:
        return _fail("the input is nested too deeply to read")
    except Exception as error:  # the edge: one line, never a traceback (a bug still says what)
        return _fail(f"{type(error).__name__}: {error}" if str(error) else type(error).__name__)


def _run(command: str, args: argparse.Namespace) -> int:
    # Imported only here: ``block24`` without arguments should not pay for it.
    from app.store import Store, StoreError

    try:
        store = Store.open(args.data)
    except StoreError as error:
        return _fail(str(error))
    for warning in store.warnings:
        _say(f"warning: {warning}")
    try:
        if command == "games":
            return _games(store)
        if command == "export":
            return _export(store, args)
        return _import(store, args)
    except StoreError as error:
        return _fail(str(error))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="block24", description="Block 24: the score pad for the card game 24."
    )
    parser.add_argument(
        "--data",
        metavar="DIR",
        help="the data folder (default: $BLOCK24_DATA, $FLET_APP_STORAGE_DATA or the user data folder)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    serve = commands.add_parser("serve", help="serve the app (the default)")
    serve.add_argument("--lan", action="store_true", help="serve to the local network")
    commands.add_parser("games", help="list the stored games")
    export = commands.add_parser("export", help="write game records (JSON) or a Block (CSV)")
    export.add_argument("--game", metavar="ID", help="only this game")
    export.add_argument("--csv", action="store_true", help="the game's Block as CSV (needs --game)")
    export.add_argument("file", nargs="?", default="-", help="where to write (default -: stdout)")
    imp = commands.add_parser("import", help="import game records, all or nothing")
    imp.add_argument("file", help="a JSON record or list of records, or - for stdin")
    return parser


def _serve(args: argparse.Namespace) -> int:
    if args.data:
        os.environ["BLOCK24_DATA"] = os.path.abspath(args.data)
    try:
        from app.main import main
        from app.server import serve
    except ImportError as error:
        return _fail(f"the app cannot start: {error}")
    if getattr(args, "lan", False):
        import inspect

        if "lan" in inspect.signature(serve).parameters:
            serve(main, lan=True)
            return EXIT_OK
        _say("block24: --lan is not supported yet; serving on this machine only")
    serve(main)
    return EXIT_OK


def _games(store: Any) -> int:
    rows = [("ID", "DATE", "PLAYERS", "STATUS", "WINNERS")]
    # the deleted games too, marked: they sit in the trash until restored or emptied (the app's
    # "Deleted games"), and an id the list leaves out would be a game nobody can find
    for s in [*store.list_games(), *store.deleted_games()]:
        date = s.created.astimezone().strftime("%Y-%m-%d %H:%M")
        winners = ", ".join(s.winners) if s.winners else "-"
        status = f"{s.status} ({s.rounds})" if s.deleted is None else \
            f"deleted {s.deleted.astimezone():%Y-%m-%d} ({s.status}, {s.rounds})"
        rows.append((shown(s.id), date, shown(", ".join(s.players)), status, shown(winners)))
    if len(rows) == 1:
        _out("no games stored\n")
        return EXIT_OK
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(r[i].ljust(widths[i]) for i in range(4)) + "  " + r[4] for r in rows]
    _out("\n".join(lines) + "\n")
    return EXIT_OK


def _export(store: Any, args: argparse.Namespace) -> int:
    from app.block_csv import block_csv
    from app.store.transfer import records_json

    if args.game == "":  # not "every game": a blank from a script's empty variable
        return _fail("--game needs a game id (see: block24 games)")
    if args.csv:
        if args.game is None:
            return _fail("export --csv needs --game ID")
        text = block_csv(store.load_game(args.game).game)
    elif args.game is not None:
        text = records_json(store.export_records(args.game)[0])
    else:
        text = records_json(store.export_records())
    if args.file == "-":
        _out(text)
    else:
        try:
            with open(args.file, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        except OSError as error:
            return _fail(f"cannot write {args.file}: {error.strerror or error}")
    return EXIT_OK


def _import(store: Any, args: argparse.Namespace) -> int:
    from app.store import ImportRefusedError
    from app.store.transfer import MAX_GAMES
    from scoring import ScoringError, loads, read_input

    try:
        records = loads(read_input(args.file), max_records=MAX_GAMES)
    except ScoringError as error:
        return _fail(f"{args.file}: {error}")
    if not isinstance(records, dict | list):
        return _fail(f"{args.file}: expected a game record or a list of them")
    try:
        report = store.import_records(records)
    except ImportRefusedError as error:
        return _fail(f"{error}; nothing was imported")
    _out(f"imported {report}\n")
    return EXIT_OK


def _out(text: str) -> None:
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.flush()


def shown(text: str) -> str:
    """``text`` safe for a terminal: control and format characters escaped (``\\x1b``, ``\\u202e``)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def _say(message: str) -> None:
    line = shown(" ".join(message.split()))  # one line, whatever names hold
    sys.stderr.buffer.write(line.encode("utf-8", "replace") + b"\n")
    sys.stderr.flush()


def _fail(message: str) -> int:
    _say(f"block24: {message}")
    return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
