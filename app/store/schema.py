"""The file format: schema version, a game's document, migrations, and the values read from it.

A game is stored as its record (docs/RULES.md) plus bookkeeping (version, times);
:func:`stored_game` turns a document into a :class:`StoredGame` by replaying it
(scores and status are derived, never stored).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from scoring import Game, game_from_record, game_to_record, name_key

from . import clock
from .clock import Tick
from .errors import DamagedFileError

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "GameStatus", "GameSummary", "StoredGame", "is_game_id",
           "migrate_v1_to_v2"]

SCHEMA_VERSION = 2
"""The version of the file layout this package reads and writes."""

ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
"""A game id: 1–64 lower-case letters, digits, ``-`` and ``_``. The store makes them so
(``create_game``: 12 hex digits; an import's record: its ``id`` or ``h`` + 15 hex digits, a
taken one suffixed, at most 64); no other string names a game."""


def is_game_id(value: object) -> bool:
    """``value`` has the shape of a game id (:data:`ID_PATTERN`).

    Checked at every entrance (the command line, a route, an import, a file found in the data
    folder) before a path is built from it: an id never holds ``/``, ``\\``, ``..``, a control
    character or more than 64 characters, so ``<folder>/<id>.json`` stays inside its folder.
    """
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


class GameStatus(StrEnum):
    """Where a game stands; derived from :attr:`scoring.Game.outcome`, never stored."""

    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its id, the game itself and its bookkeeping."""

    id: str
    """The game's id (lower-case letters, digits, ``-`` and ``_``)."""

    game: Game
    """The game (players, settings, rounds); every score is derived from it."""

    version: int
    """Counts the saves of this game; pass it back as ``expected_version``."""

    created: dt.datetime
    """When the game was created (UTC)."""

    updated: dt.datetime
    """When the game was last saved (UTC)."""

    finished: dt.datetime | None
    """When the game ended (UTC), ``None`` while it is played."""

    seq: int = 0
    """Where the game stands in the order the store made the games (1, 2, 3…): lists are in
    this order, newest first, whatever the wall clock said. ``0``: a game imported, or stored
    before the store kept it; those come before every other, in the order of their dates."""

    ticks: tuple[Tick | None, Tick | None] = (None, None)
    """The steady clock (:mod:`.clock`) when the game was created and last saved; ``None`` when
    not kept (an import, an older file): the pause between games is measured by it."""

    @property
    def order(self) -> tuple[int, dt.datetime, str]:
        """The game's place in every list (the highest is the newest)."""
        return (self.seq, self.created, self.id)

    @property
    def status(self) -> GameStatus:
        """``finished`` when scoring says the game has ended, else ``playing``."""
        return GameStatus.FINISHED if self.game.outcome is not None else GameStatus.PLAYING


@dataclass(frozen=True)
class GameSummary:
    """One line of the list of games."""

    id: str
    """The game's id."""

    created: dt.datetime
    """When the game was created (UTC)."""

    updated: dt.datetime
    """When it was last saved (UTC)."""

    players: tuple[str, ...]
    """The players in seat order."""

    rounds: int
    """How many rounds were recorded."""

    status: GameStatus
    """Playing or finished (from scoring)."""

    winners: tuple[str, ...]
    """The winners of a finished game (seat order), else ``()``."""

    leaders: tuple[str, ...]
    """The players on the lowest score now (lowest wins), seat order; the winners when finished."""

    version: int
    """The game's version counter."""

    preset: str | None = None
    """The 20 ab preset the game is played under (``wuerttemberg``…); ``None``: a game of 24."""

    deleted: dt.datetime | None = None
    """When the game was deleted (UTC): a game in the trash (:meth:`Store.deleted_games`)."""

    @property
    def leader(self) -> str | None:
        """The first of :attr:`leaders` (``None`` before the first round)."""
        return self.leaders[0] if self.leaders else None


def utc_now() -> dt.datetime:
    return clock.wall()


def seq_of(doc: Mapping[str, Any]) -> int:
    """A document's ``seq`` (``0`` when it has none: an older file, an import)."""
    seq = doc.get("seq", 0)
    if type(seq) is not int or not 0 <= seq < 2**53:
        raise ValueError(f"seq must be a whole number from 0, not {seq!r}")
    return seq


def ticks_of(doc: Mapping[str, Any]) -> tuple[Tick | None, Tick | None]:
    """A document's steady readings (created, updated); a missing or odd one is ``None``."""
    ticks = doc.get("ticks")
    if not isinstance(ticks, list) or len(ticks) != 2:
        return (None, None)
    return (Tick.from_json(ticks[0]), Tick.from_json(ticks[1]))


def iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="microseconds")


def parse_time(value: Any, what: str) -> dt.datetime:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a date and time, not {value!r}")
    moment = dt.datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def empty_live() -> dict[str, Any]:
    return {"_meta": {"schema": {"version": SCHEMA_VERSION}}}


def schema_of(data: Mapping[str, Any], path: Path) -> int:
    meta = data.get("_meta")
    if isinstance(meta, dict):
        doc = meta.get("schema", meta.get("1"))
        if isinstance(doc, dict) and type(doc.get("version")) is int:
            return doc["version"]
    raise DamagedFileError(path, "the file is JSON but has no Block 24 schema version")


def check_live(data: dict[str, Any], path: Path) -> None:
    """The cheap check of a live file read while running (full checks happen at open)."""
    version = schema_of(data, path)
    if version != SCHEMA_VERSION:
        raise DamagedFileError(path, f"schema {version}, but this Block 24 reads {SCHEMA_VERSION}")
    for table in ("games", "players", "settings"):
        if not isinstance(data.get(table, {}), dict):
            raise DamagedFileError(path, f"the table {table!r} is not an object")


def stored_game(game_id: str, doc: Mapping[str, Any], path: Path) -> StoredGame:
    """The :class:`StoredGame` of one game document; :class:`DamagedFileError` when it is not one."""
    try:
        if not isinstance(doc, Mapping):
            raise ValueError("the game is not an object")
        version = doc.get("version")
        if type(version) is not int or version < 1:
            raise ValueError(f"version must be a whole number from 1, not {version!r}")
        finished = doc.get("finished")
        game = game_from_record(doc.get("record"), new=False)
        stored = StoredGame(
            id=game_id,
            game=game,
            version=version,
            created=parse_time(doc.get("created"), "created"),
            updated=parse_time(doc.get("updated"), "updated"),
            finished=None if finished is None else parse_time(finished, "finished"),
            seq=seq_of(doc),
            ticks=ticks_of(doc),
        )
    except (ValueError, TypeError, OverflowError, RecursionError) as error:  # ScoringError is a ValueError
        raise DamagedFileError(path, f"game {game_id}: {error}", game_id=game_id) from None
    if (stored.finished is None) != (game.outcome is None):
        raise DamagedFileError(
            path, f"game {game_id}: the finished time does not match the rounds", game_id=game_id
        )
    return stored


def game_doc(
    game: Game,
    version: int,
    created: str,
    finished: str | None,
    updated: str,
    record: dict[str, Any] | None = None,
    *,
    seq: int = 0,
    ticks: tuple[Tick | None, Tick | None] = (None, None),
) -> dict[str, Any]:
    """A game's document in the live file; ``record`` is ``game_to_record(game)`` when made already.

    ``seq`` and ``ticks``: see :class:`StoredGame` (a copy of a game passes its own on)."""
    if game.outcome is None:
        finished = None
    elif finished is None:
        finished = updated
    doc: dict[str, Any] = {
        "version": version,
        "seq": seq,
        "created": created,
        "updated": updated,
        "finished": finished,
        "record": game_to_record(game) if record is None else record,
    }
    if ticks != (None, None):
        doc["ticks"] = [None if t is None else t.to_json() for t in ticks]
    return doc


def migrate_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 → 2: re-key games by their id, wrap the record, ISO times, version counters.

    Schema 1 kept each game as one TinyDB document with a numbered id:
    ``{"id", "created", "updated" (epoch seconds), "players", "rules",
    "rounds", "finished" (bool)}``; players as ``{"name"}`` and settings as
    ``{"key", "value"}`` documents. The ``finished`` flag is dropped (scoring
    derives it); a finished game's finished time is its last update. Finished
    games are moved to the archive by the store afterwards.
    """

    def when(seconds: Any) -> str:
        if type(seconds) not in (int, float):
            raise ValueError(f"a schema 1 time must be epoch seconds, not {seconds!r}")
        return iso(dt.datetime.fromtimestamp(seconds, dt.UTC))

    games: dict[str, Any] = {}
    for doc in data.get("games", {}).values():
        game_id = doc["id"]
        if not is_game_id(game_id):
            raise ValueError(f"the game id {game_id!r} is not 1–64 lower-case letters, digits, - or _")
        record = {k: doc[k] for k in ("players", "rules", "rounds", "first_dealer") if k in doc}
        updated = when(doc.get("updated", doc["created"]))
        games[game_id] = {
            "version": 1,
            "created": when(doc["created"]),
            "updated": updated,
            "finished": updated if doc.get("finished") else None,
            "record": record,
        }
    players = {
        name_key(doc["name"]): {"name": doc["name"].strip(), "last_used": None}
        for doc in data.get("players", {}).values()
    }
    settings = {doc["key"]: {"value": doc["value"]} for doc in data.get("settings", {}).values()}
    return {
        "_meta": {"schema": {"version": 2}},
        "games": games,
        "players": players,
        "settings": settings,
    }


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: migrate_v1_to_v2}
"""Schema version → the function that turns its data into the next version's."""


def check_full(data: dict[str, Any], path: Path) -> dict[str, StoredGame]:
    """Every check of a live file at open: shape, schema and every game replayed."""
    check_live(data, path)
    games = {}
    for game_id, doc in data.get("games", {}).items():
        games[game_id] = stored_game(game_id, doc, path)
    for key, doc in data.get("players", {}).items():
        if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
            raise DamagedFileError(path, f"the known player {key!r} has no name")
    for key, doc in data.get("settings", {}).items():
        if not isinstance(doc, dict) or "value" not in doc:
            raise DamagedFileError(path, f"the setting {key!r} has no value")
    return games


def summarize(stored: StoredGame) -> GameSummary:
    game = stored.game
    outcome = game.outcome
    winners = outcome.winners if outcome is not None else ()
    leaders = game.leaders if game.rounds else ()  # R13/Z20: the engine's answer
    return GameSummary(
        id=stored.id,
        created=stored.created,
        updated=stored.updated,
        players=game.players,
        rounds=len(game.rounds),
        status=stored.status,
        winners=winners,
        leaders=leaders,
        version=stored.version,
        preset=getattr(game.settings, "preset", None),
    )
