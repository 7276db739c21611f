"""The store: games, known players and app settings on disk, never losing a round.

Files in the data folder (:func:`data_folder`)::

    block24.json          the live TinyDB file: unfinished games, known players,
                          app settings and the schema version (small, whatever the history)
    block24.json.bak      the previous good version of block24.json
    archive/<id>.json     one file per finished game (written once, rarely again)
    trash/<id>.json       one file per deleted game, until it is restored
    archive/.index,       per game its version, times and its file's size and time:
    trash/.index          a cache for listing, never the record (see below)
    drafts/<id>.json      the taps of the round being entered (no score depends on it; one
                          that cannot be read is set aside, the game opens at its last round)
    block24.lock          the file lock every process takes around each operation
    *.damaged-<date>      a file that could not be read, moved aside, never overwritten

**Why finished games live in their own files.** Every write rewrites a whole JSON
file; if every game lived in one file, recording a round would cost more with
each finished game. So the live file holds only what is being played, and a
game that finishes is moved out to ``archive/<id>.json``. Recording a round
rewrites a few kilobytes, whether 10 or 10 000 games are archived (see
``bench/store.py``). One file per archived game (rather than one archive file)
also means a damaged file costs one game, never the history, and deleting or
editing an old game touches only its file.

**Listing reads a page, not the archive**. Home shows a page of each list and
a start lists them: each folder keeps an index (``archive.py``) written with every file
written there, so the games are ordered and counted without reading one, and only the
games listed are read. It is checked against the files' sizes and times when the store
opens and when another process changed the folder; a file that does not match its entry
is read again, and a missing or damaged index is rebuilt from the games, silently (it
holds no score and nothing that is not in the games' files).

**Every write goes to the live file first.** ``save_game``, ``create_game`` and
``import_records`` put the new version of each game in ``block24.json`` (one
atomic write: an import lands all at once or not at all); then, still under
the lock, finished games are copied to their archive file and removed from the
live file. A crash in between leaves the same version in both places; reading
always takes the higher version of a game (the archive's on a tie) and opening
the store tidies such pairs away.

**Atomic writes.** :class:`AtomicJSONStorage` (a TinyDB ``Storage``) writes a
temporary file in the same folder, flushes and fsyncs it, hard-links the
current file to ``.bak``, ``os.replace``-s the new file in and fsyncs the
folder. No file is held open between operations; temporary files left by a
crash are swept when the store opens. No CachingMiddleware: a call returns
only after its data is on disk.

**Locking.** One :class:`Store` per data folder per process (``Store.open``
returns the same object again; web mode serves many sessions from one
process), guarded by a thread lock, plus a ``filelock`` lock on
``block24.lock`` so that the app and a command-line import running at the same
moment take turns. Each write re-reads the live file under both locks before
changing it, so nobody's writes are lost; each game carries a version counter
and ``save_game(..., expected_version=v)`` refuses a change made from an old
copy (:class:`StaleGameError`).

**Nothing derived is stored.** A game is stored as its record (docs/RULES.md, "The game record"; via
:func:`scoring.game_to_record`); scores, status, winners and leaders are
derived by :mod:`scoring` when the game is read. The ``finished`` time is the
only trace of the outcome in the file (it tells where the game belongs).

**Damaged files.** A live file that cannot be read when the store opens (empty,
truncated, not UTF-8, not JSON, the wrong shape, an unknown schema, a game
that breaks the rules) is moved aside under a dated name and never
overwritten; the backup is used when it is good, else an empty store, and a
message in :attr:`Store.warnings` says what happened and where the damaged
file is. A damaged archive file is moved aside the same way (that game is
missing, the message says where it went).

**Order, not dates.** Each game the store makes gets the next number of a sequence
(``seq``, in its document and the index): lists are in that order, newest first, so a phone
whose clock was set a day back or a year ahead lists its games where they were played. A game
imported, or stored before the sequence was kept, has ``0`` and comes before the others, in the
order of its dates (nothing is rewritten to migrate). Beside its dates each game keeps readings
of a steady clock (``clock.py``: time since the machine started), which the evening's tally
uses to measure the pause between games.

**Planted files.** A game id has one shape (``schema.is_game_id``: 1–64 lower-case letters,
digits, ``-``, ``_``), checked at every entrance (command line, routes, import, the names and
keys found in the folder) before a path is made of it: nothing outside the data folder is read,
moved or written, and a file whose name is no id is left alone. Only regular files are read
(``atomic.read_regular``: opened without waiting, checked by ``fstat``): a pipe, a device, a
folder or a link where a game's file goes is a damaged file, a pipe never hangs a start. A link
(or anything but a folder) in place of ``archive/``, ``trash/`` or ``drafts/`` is moved aside at
the start, so no game or draft is written or read through it.

**Schema.** The file carries ``_meta.schema.version`` (now 2). Migrations are
plain functions in :data:`MIGRATIONS` from one version's data to the next's;
the file as it was is kept as ``block24.json.v1`` before it is upgraded.
Version 1 (Block 24 before the archive) kept every game in the live file with
TinyDB's numbered ids, epoch-second times and a stored ``finished`` flag.

**Deleting.** :meth:`Store.delete_game` moves a game to ``trash/<id>.json`` with
its version raised; a game whose trash copy is as new as any other copy is
deleted (absent from lists, statistics and exports); :meth:`Store.restore_game`
puts it back with a higher version still. A crash halfway is finished (or
undone) by the next write or open.

**Failures.** Every error is a :class:`StoreError` with a ``code`` and
``values`` (``app.i18n`` words them); an OS error (full disk, read-only or
deleted folder, unopenable lock file) becomes a :class:`FolderError` naming
the folder. Reads go on without the file lock or the archive when the folder
cannot be written; a deleted data folder is reported, never recreated empty.

**The parts.** ``atomic.py`` (atomic files, the TinyDB storage), ``schema.py``
(the file format, migrations, the values read), ``archive.py`` (one file per
game: archive and trash), ``games.py`` (the :class:`Store`), ``transfer.py``
(import and export, their limits), ``errors.py``.
"""

from __future__ import annotations

from .atomic import TMP_SUFFIX, AtomicJSONStorage, write_atomically
from .errors import (
    DamagedFileError,
    FolderError,
    GameNotFoundError,
    ImportRefusedError,
    StaleGameError,
    StoreError,
    StoreWarning,
    folder_error,
)
from .games import ARCHIVE_DIR, LIVE_NAME, LOCK_NAME, TRASH_DAYS, TRASH_DIR, Store, data_folder
from .schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    GameStatus,
    GameSummary,
    StoredGame,
    is_game_id,
    migrate_v1_to_v2,
)
from .transfer import ImportReport

__all__ = [
    "ARCHIVE_DIR",
    "LIVE_NAME",
    "LOCK_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "TMP_SUFFIX",
    "TRASH_DAYS",
    "TRASH_DIR",
    "AtomicJSONStorage",
    "DamagedFileError",
    "FolderError",
    "GameNotFoundError",
    "GameStatus",
    "GameSummary",
    "ImportRefusedError",
    "ImportReport",
    "StaleGameError",
    "Store",
    "StoreError",
    "StoreWarning",
    "StoredGame",
    "data_folder",
    "folder_error",
    "is_game_id",
    "migrate_v1_to_v2",
    "write_atomically",
]
