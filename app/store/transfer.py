"""Import and export: game records out (docs/RULES.md, plus bookkeeping) and back in, all or nothing.

A backup file is these records as ``block24 export`` writes them; the app hands
its bytes to the browser or the phone and takes picked files back through the
same steps as ``block24 import`` (:class:`BackupImport`). No flet here: the
command line reads backups too."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from scoring import Game, ScoringError, game_from_record, game_to_record, loads

from .errors import ImportRefusedError
from .schema import ID_PATTERN, StoredGame, iso, parse_time

__all__ = ["MAX_BACKUP_BYTES", "MAX_GAMES", "BackupImport", "BackupRefused", "Checked", "ImportReport",
           "checked_record", "export_json", "export_name", "import_bytes", "import_list", "records_json"]

# Limits of an import, each refused with its own ``ImportRefusedError`` code
# before anything is written. Rounds per game are the engine's
# (``scoring.rules.MAX_ROUNDS``), so every game that can be played can be
# exported and imported again.
MAX_BACKUP_BYTES = 20_000_000
"""A backup file picked in the app larger than this is refused unread (``backup_too_big``);
the command line reads up to ``scoring.record.MAX_INPUT_BYTES``."""
MAX_GAMES = 10_000
"""Games in one import (``too_many_games``)."""
SUFFIXED_ID = 55
"""A different game under a taken id gets ``<id[:55]>-<8 hex digits>``: at most 64 characters."""


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


def suffixed_id(game_id: str, game: Game) -> str:
    """The id of a different game whose id is taken (bounded: it still imports again)."""
    return f"{game_id[:SUFFIXED_ID]}-{content_id(game)[1:9]}"


class Checked(NamedTuple):
    """A record checked for import."""

    id: str
    game: Game
    record: dict[str, Any]
    """``game_to_record(game)``, made while checking (outside the store's lock)."""
    extras: dict[str, Any]
    """The extra keys worth keeping (times, version)."""


def checked_records(records: Any) -> list[Checked]:
    """Every record of an import checked (:func:`checked_record`); the count is bounded first."""
    return [checked_record(i, r) for i, r in enumerate(import_list(records), start=1)]


def import_list(records: Any) -> list[Any]:
    """The records of an import as a list (one record or a list of them), their count bounded.

    Nothing is checked yet: :func:`checked_record` checks each, so that a big
    import can be checked in steps (the app shows how far it got).
    """
    if isinstance(records, Mapping):
        records = [records]
    if not isinstance(records, list):
        raise ImportRefusedError(
            "expected a game record or a list of them", index=1, game_id=None, code="not_records"
        )
    if len(records) > MAX_GAMES:
        raise ImportRefusedError(
            f"{len(records)} games, more than {MAX_GAMES} in one import",
            index=MAX_GAMES + 1,
            game_id=None,
            code="too_many_games",
            value=len(records),
            expected=MAX_GAMES,
        )
    return records


def checked_record(index: int, record: Any) -> Checked:
    """One record to import, checked: its id, its game and the extra keys worth keeping."""
    raw_id = record.get("id") if isinstance(record, Mapping) else None
    shown_id = raw_id if isinstance(raw_id, str) and ID_PATTERN.fullmatch(raw_id) else None
    try:
        game = game_from_record(record)
    except ScoringError as error:
        raise ImportRefusedError(
            str(error), index=index, game_id=shown_id, round_number=error.round_number, cause=error
        ) from None
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        # The engine's own checks should catch every bad record; this is the edge's last guard.
        raise ImportRefusedError(
            f"the record cannot be read ({type(error).__name__})",
            index=index,
            game_id=shown_id,
            code="record_unreadable",
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
            except (ValueError, OverflowError):  # OverflowError: year 1 in a zone east of UTC
                raise ImportRefusedError(
                    f"{key} must be an ISO 8601 date and time from year 2 to 9998",
                    index=index,
                    game_id=shown_id,
                    code="bad_time",
                    key=key,
                ) from None
    version = record.get("version")
    if type(version) is int and 1 <= version < 2**53:  # bounded: JSON numbers stay exact
        extras["version"] = version
    return Checked(game_id, game, game_to_record(game), extras)


# -- backup files ------------------------------------------------------------------------

class BackupRefused(ValueError):
    """The file cannot be imported; nothing was imported. The message says why.

    The engine's or the store's refusal underneath (with its ``code``) is the
    ``__cause__``; a file too big carries ``code`` ``backup_too_big`` itself.
    """

    code: str | None = None
    values: dict[str, object] = {}  # noqa: RUF012 - replaced per instance, never changed


def records_json(records: object) -> str:
    """Game records as ``block24 export`` writes them: indented UTF-8 JSON."""
    return json.dumps(records, indent=2, ensure_ascii=False) + "\n"


class Store(Protocol):
    """What a backup needs of the store (``app.store.Store``, which imports this module)."""

    def export_records(self, game_id: str | None = None) -> list[dict[str, Any]]: ...

    def import_checked(self, checked: Sequence[Checked]) -> ImportReport: ...


def export_json(store: Store) -> bytes:
    """Every stored game, oldest first, exactly as ``block24 export`` writes them."""
    return records_json(store.export_records()).encode("utf-8")


def export_name(now: dt.datetime | None = None) -> str:
    """``block24-backup-2026-05-01-2130.json``."""
    now = now or dt.datetime.now()
    return f"block24-backup-{now:%Y-%m-%d-%H%M}.json"


class BackupImport:
    """One backup file imported in steps: read it, check its games a few at a time, write them all.

    Each :meth:`step` is a plain call of bounded length, so the app can run it
    in a worker thread (the server: other phones' taps go on) or between
    redraws (the browser has no threads) and show how far it got. Nothing is
    written before the last step, which writes every game in one transaction
    (all or nothing). Every refusal is :class:`BackupRefused`.
    """

    CHECK_STEP = 200
    """Games checked per step (≈ 60 ms of replay on a 2-core machine)."""

    def __init__(self, store: Store, raw: bytes) -> None:
        self.store = store
        self.total: int | None = None
        """Games in the file, once it is read."""
        self.report: ImportReport | None = None
        """What the import did, after the last step."""
        self._raw: bytes | None = raw
        self._records: list[object] = []
        self._checked: list[Checked] = []

    @property
    def checked(self) -> int:
        """Games checked so far."""
        return len(self._checked)

    @property
    def writing(self) -> bool:
        """Every game is checked: the next step writes them."""
        return self.total is not None and self.checked == self.total and self.report is None

    def step(self) -> bool:
        """Do the next part of the import; ``True`` once every game is written."""
        if self._raw is not None:
            self._read(self._raw)
            self._raw = None
        elif not self.writing:
            self._check(self.checked, self.checked + self.CHECK_STEP)
        else:
            try:
                self.report = self.store.import_checked(self._checked)
            except ImportRefusedError as error:
                raise BackupRefused(str(error)) from error
        return self.report is not None

    def _read(self, raw: bytes) -> None:
        if len(raw) > MAX_BACKUP_BYTES:
            refused = BackupRefused(f"the file has {len(raw)} bytes, more than {MAX_BACKUP_BYTES}")
            refused.code, refused.values = "backup_too_big", {"value": len(raw), "expected": MAX_BACKUP_BYTES}
            raise refused
        try:
            records = loads(raw, max_records=MAX_GAMES)
        except ScoringError as error:
            raise BackupRefused(str(error)) from error
        if not isinstance(records, dict | list):
            raise BackupRefused("expected a game record or a list of them")
        try:
            self._records = import_list(records)
        except ImportRefusedError as error:
            raise BackupRefused(str(error)) from error
        self.total = len(self._records)

    def _check(self, start: int, stop: int) -> None:
        try:
            self._checked += [checked_record(i, record)
                              for i, record in enumerate(self._records[start:stop], start=start + 1)]
        except ImportRefusedError as error:
            raise BackupRefused(str(error)) from error


def import_bytes(store: Store, raw: bytes) -> ImportReport:
    """Import the games in a backup file (one record or a list): all of them, or none.

    Raises :class:`BackupRefused` with the reason (not JSON, not records, the
    first game or round at fault). The app runs the same steps one by one
    (:class:`BackupImport`).
    """
    job = BackupImport(store, raw)
    while not job.step():
        pass
    assert job.report is not None
    return job.report
