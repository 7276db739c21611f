"""The store's errors: each with a ``code`` and ``values`` the app words in the table's language."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

__all__ = [
    "DamagedFileError",
    "FolderError",
    "GameNotFoundError",
    "ImportRefusedError",
    "StaleGameError",
    "StoreError",
    "StoreWarning",
    "folder_error",
]


class StoreError(Exception):
    """Base of every error the store raises; the message names the game or file at fault.

    ``code`` names the reason (snake_case) and ``values`` its blanks, so the app
    words it in the table's language (``app.i18n.reason``); ``str()`` is the
    English line the command line prints.
    """

    code: str = "store"

    def __init__(
        self, message: str, *, game_id: str | None = None, code: str | None = None, **values: Any
    ) -> None:
        self.game_id = game_id
        if code is not None:
            self.code = code
        self.values: dict[str, Any] = values
        super().__init__(message)


class StoreWarning(str):
    """What the store did at open to a damaged, missing or foreign file, told once.

    The string is the English line with paths and reasons (the command line and the log print
    it); ``code`` and ``values`` let the app word it for the table (``app.i18n.warning``), with
    no path or internal id.
    """

    code: str
    values: dict[str, str]

    def __new__(cls, line: str, code: str, **values: str) -> StoreWarning:
        warning = super().__new__(cls, line)
        warning.code = code
        warning.values = values
        return warning


class GameNotFoundError(StoreError):
    """No game with this id is stored."""

    code = "game_not_found"

    def __init__(self, game_id: str) -> None:
        shown = game_id if len(game_id) <= 64 else game_id[:64] + "…"  # a crafted id can be long
        super().__init__(f"game {shown}: no such game", game_id=game_id)


class StaleGameError(StoreError):
    """The game was saved elsewhere since the copy being saved was loaded."""

    code = "game_changed_elsewhere"

    def __init__(self, game_id: str, stored: int, expected: int) -> None:
        self.stored_version = stored
        self.expected_version = expected
        super().__init__(
            f"game {game_id}: it was changed elsewhere (version {stored} is stored, "
            f"this change was made to version {expected}); load it again",
            game_id=game_id,
            stored=stored,
            expected=expected,
        )


class DamagedFileError(StoreError):
    """A data file cannot be read (empty, truncated, not JSON, wrong shape or schema)."""

    code = "file_damaged"

    def __init__(self, path: Path, reason: str, *, game_id: str | None = None) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}", game_id=game_id, path=str(path), reason=reason)


class FolderError(StoreError):
    """The data folder cannot be used for this call: what is wrong with it is the ``code``.

    Codes (``values``: ``path``, and ``reason`` — the system's English words —
    where there is one):

    - ``folder_missing``: the folder was deleted (it is not recreated empty);
    - ``folder_read_only``: no permission to write there, or a read-only disk;
    - ``disk_full``: no space left (or the quota is used up);
    - ``folder_locked``: another program held the lock for ``seconds``;
    - ``lock_unopenable``: the lock file cannot be opened (writes need it);
    - ``folder_unusable``: any other error of the system (``reason`` says it).
    """

    def __init__(self, code: str, path: Path, message: str, **values: Any) -> None:
        self.path = path
        super().__init__(f"{path}: {message}", code=code, path=str(path), **values)


_ERRNO_CODES = {
    errno.ENOSPC: "disk_full",
    errno.EDQUOT: "disk_full",
    errno.EROFS: "folder_read_only",
    errno.EACCES: "folder_read_only",
    errno.EPERM: "folder_read_only",
    errno.ENOENT: "folder_missing",
}


def folder_error(error: OSError, folder: Path) -> FolderError:
    """The :class:`FolderError` for an OS error met while using ``folder``."""
    code = _ERRNO_CODES.get(error.errno or 0, "folder_unusable")
    if code == "folder_missing" and folder.is_dir():
        code = "folder_unusable"  # a file inside vanished, not the folder
    reason = error.strerror or type(error).__name__
    words = {
        "disk_full": "the disk is full",
        "folder_read_only": "the folder cannot be written (read-only or no permission)",
        "folder_missing": "the data folder is gone (deleted or unmounted)",
        "folder_unusable": f"the data folder cannot be used ({reason})",
    }[code]
    return FolderError(code, folder, words, reason=reason)


class ImportRefusedError(StoreError):
    """A record to import is not a valid game; nothing was imported.

    ``index`` is the record's 1-based place in the import, ``round_number`` the
    round at fault (when a round is); ``cause`` is the engine's
    :class:`scoring.ScoringError` (its own ``code`` and ``values``) when the
    rules refused it. ``code`` is ``import_refused`` with the values ``game``
    (the index), ``round`` and ``reason`` (the English reason), or a limit's
    code (see :mod:`app.store`'s limits).
    """

    code = "import_refused"

    def __init__(
        self,
        message: str,
        *,
        index: int,
        game_id: str | None,
        round_number: int | None = None,
        cause: Exception | None = None,
        code: str | None = None,
        **values: Any,
    ) -> None:
        self.index = index
        self.round_number = round_number
        self.cause = cause
        name = f"game {index}" + (f" (id {game_id})" if game_id else "")
        super().__init__(
            f"{name}: {message}",
            game_id=game_id,
            code=code,
            game=index,
            round=round_number,
            reason=message,
            **values,
        )

