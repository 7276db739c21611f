"""A process that writes to a store, for the crash and concurrency tests of ``app.store``.

Imports only the store and scoring (no flet, no pytest): start-up time matters.

``python tests/store_writer.py forkserver FOLDER``
    Reads commands on stdin. ``fork``: fork a writer (it records rounds until
    killed) and print ``pid N``; ``ping N``: print ``pong N``; ``quit``. Every
    line a writer prints (``saved ID VERSION ROUNDS``, ``created ID``) goes to
    the same stdout, with one ``write`` each, *after* the store call returned:
    a line on stdout is an acknowledged write. Forking from a process that has
    already imported everything makes a kill-and-restart cost a millisecond
    instead of a Python start-up.
``python tests/store_writer.py run FOLDER``
    One writer in this process (the same loop), for kills of a fresh process.
``python tests/store_writer.py append FOLDER GAME_ID N TAG``
    Append N rounds to a shared game, reloading and retrying when another
    writer was faster; remember one player name ``TAG-k`` per round. Prints
    ``done``.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

from app.store import LIVE_NAME, StaleGameError, Store
from scoring import Colour, Game, Round, game_from_record, game_to_record

PLAYERS = ("Anna", "Ben", "Carl")
FINISH_AT = 40
"""The crash writer's games end with their 40th round (then it starts a new game)."""


def round_for(number: int) -> Round:
    """Round ``number`` (1-based) of every writer game; round 40 ends it, no other does."""
    if number == FINISH_AT:
        return Round("Ben", Colour.YELLOW, {"Anna": 6, "Ben": 0, "Carl": 0}, blind=True)
    i = (number - 1) % 6
    if i < 3:
        return Round(PLAYERS[i], Colour.RED, {p: 6 if j == i else 0 for j, p in enumerate(PLAYERS)})
    return Round(PLAYERS[i - 3], Colour.RED, dict.fromkeys(PLAYERS, 2))


def game_with(rounds: int) -> Game:
    """The writer game after ``rounds`` rounds."""
    game = Game(PLAYERS)
    for number in range(1, rounds + 1):
        game = game.record(round_for(number))
    return game


def stored_before_the_limits(folder: Path, game: Game) -> str:
    """Store ``game`` as a store did before a new name had limits (a name the form refuses today
    stays as it was); its id. Made with stand-in names, then the names written into the live file."""
    def swap(value: Any, names: dict[str, str]) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return [swap(item, names) for item in value]
        if isinstance(value, dict):
            return {swap(key, names): swap(item, names) for key, item in value.items()}
        return value

    stand_ins = {name: f"Seat{seat}" for seat, name in enumerate(game.players, start=1)}
    with Store.open(folder) as store:
        game_id = store.create_game(game_from_record(swap(game_to_record(game), stand_ins), new=False))
    live = Path(folder) / LIVE_NAME
    data = json.loads(live.read_text(encoding="utf-8"))
    stored = data["games"][game_id]
    stored["record"] = swap(stored["record"], {new: old for old, new in stand_ins.items()})
    live.write_text(json.dumps(data), encoding="utf-8")
    return game_id


def _say(line: str) -> None:
    os.write(1, (line + "\n").encode())  # one write: a whole line or nothing


def write_forever(folder: str) -> None:
    """Record rounds of writer games in ``folder``, acknowledging each save, until killed."""
    store = Store.open(folder)
    playing = [s for s in store.list_games() if s.status == "playing"]
    if playing:
        stored = store.load_game(playing[0].id)
        game_id, game, version = stored.id, stored.game, stored.version
    else:
        game, version = Game(PLAYERS), 1
        game_id = store.create_game(game)
        _say(f"created {game_id}")
    while True:
        game = game.record(round_for(len(game.rounds) + 1))
        version = store.save_game(game_id, game, version)
        _say(f"saved {game_id} {version} {len(game.rounds)}")
        if game.outcome is not None:
            game, version = Game(PLAYERS), 1
            game_id = store.create_game(game)
            _say(f"created {game_id}")


def forkserver(folder: str) -> None:
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    for line in sys.stdin:
        command = line.split()
        if not command:
            continue
        if command[0] == "fork":
            pid = os.fork()
            if pid == 0:
                try:
                    write_forever(folder)
                finally:
                    os._exit(1)
            _say(f"pid {pid}")
        elif command[0] == "ping":
            _say(f"pong {command[1]}")
        elif command[0] == "quit":
            return


def record_next_round(store: Store, game_id: str) -> None:
    """Record the next round, starting over when another writer saved first (stale version)."""
    while True:
        stored = store.load_game(game_id)
        game = stored.game.record(round_for(len(stored.game.rounds) + 1))
        try:
            store.save_game(game_id, game, stored.version)
            return
        except StaleGameError:
            continue


def append(folder: str, game_id: str, rounds: int, tag: str) -> None:
    store = Store.open(folder)
    for k in range(rounds):
        record_next_round(store, game_id)
        store.remember_players([f"{tag}-{k}"])
    _say("done")


if __name__ == "__main__":
    mode, folder, *rest = sys.argv[1:]
    if mode == "forkserver":
        forkserver(folder)
    elif mode == "run":
        write_forever(folder)
    elif mode == "append":
        append(folder, rest[0], int(rest[1]), rest[2])
    else:
        sys.exit(f"unknown mode {mode}")
