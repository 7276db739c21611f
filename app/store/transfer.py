"""Import and export: game records out (RULES.md §6 plus bookkeeping) and back in, all or nothing."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import Game, ScoringError, game_from_record, game_to_record

from .errors import ImportRefusedError
from .schema import ID_PATTERN, StoredGame, iso, parse_time

__all__ = ["MAX_BACKUP_BYTES", "MAX_GAMES", "MAX_ROUNDS", "ImportReport"]

# Limits of an import (a real evening has a few games of 20–60 rounds). Each is
# refused with its own ``ImportRefusedError`` code before anything is written.
MAX_BACKUP_BYTES = 20_000_000
"""A backup file larger than this is refused unread (``backup_too_big``)."""
MAX_GAMES = 10_000
"""Games in one import (``too_many_games``)."""
MAX_ROUNDS = 1_000
"""Rounds in one imported game (``too_many_rounds``): one legal game of 177 724 rounds
made every confirm take 1.9 s."""


@dataclass(frozen=True)
class ImportReport:
    """What :meth:`Store.import_records` did, as game ids in the order of the records."""

    added: tuple[str, ...] = ()
    """Games that were not stored before."""

    updated: tuple[str, ...] = ()
    """Stored games the import carried further (their rounds went on)."""

    unchanged: tuple[str, ...] = ()
    """Games already stored exactly so: nothing to do (importing twice changes nothing)."""

    def __str__(self) -> str:
        total = len(self.added) + len(self.updated) + len(self.unchanged)
        return (
            f"{total} game{'s' if total != 1 else ''}: {len(self.added)} new, "
            f"{len(self.updated)} updated, {len(self.unchanged)} already there"
        )


def content_id(game: Game) -> str:
    text = json.dumps(game_to_record(game), sort_keys=True, ensure_ascii=False)
    return "h" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:15]


def same_game(a: Game, b: Game) -> bool:
    return game_to_record(a) == game_to_record(b)


def goes_on(old: Game, new: Game) -> bool:
    """``new`` is ``old`` with more rounds (the game went on elsewhere)."""
    return len(new.rounds) > len(old.rounds) and game_to_record(
        dataclasses.replace(new, rounds=new.rounds[: len(old.rounds)])
    ) == game_to_record(old)


def export_record(stored: StoredGame) -> dict[str, Any]:
    outcome = stored.game.outcome
    return {
        "id": stored.id,
        **game_to_record(stored.game),
        "created": iso(stored.created),
        "updated": iso(stored.updated),
        "finished": iso(stored.finished) if stored.finished else None,
        "version": stored.version,
        "status": stored.status.value,
        "outcome": None
        if outcome is None
        else {
            "winners": list(outcome.winners),
            "reason": outcome.reason.value,
            "score": outcome.score,
            "after_round": outcome.after_round,
        },
    }


def checked_record(index: int, record: Any) -> tuple[str, Game, dict[str, Any]]:
    """One record to import, checked: its id, its game and the extra keys worth keeping."""
    raw_id = record.get("id") if isinstance(record, Mapping) else None
    shown_id = raw_id if isinstance(raw_id, str) else None
    try:
        game = game_from_record(record)
    except ScoringError as error:
        raise ImportRefusedError(
            str(error), index=index, game_id=shown_id, round_number=error.round_number
        ) from None
    if raw_id is None:
        game_id = content_id(game)
    elif isinstance(raw_id, str) and ID_PATTERN.fullmatch(raw_id):
        game_id = raw_id
    else:
        raise ImportRefusedError(
            f"the id {raw_id!r} is not 1–64 lower-case letters, digits, - or _",
            index=index,
            game_id=shown_id,
        )
    extras: dict[str, Any] = {}
    for key in ("created", "updated", "finished"):
        value = record.get(key)
        if value is not None:
            try:
                extras[key] = iso(parse_time(value, key))
            except ValueError as error:
                raise ImportRefusedError(
                    f"{key} must be an ISO 8601 date and time ({error})",
                    index=index,
                    game_id=shown_id,
                ) from None
    version = record.get("version")
    if type(version) is int and version >= 1:
        extras["version"] = version
    return game_id, game, extras
