"""Atomic files: a write leaves the old or the new file, never a mix; a read sees whole files.

:class:`AtomicJSONStorage` is the TinyDB storage of the live file; the archive,
the trash and the drafts use :func:`write_atomically` directly.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import json
import os
import shutil
import stat
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Table

from .errors import DamagedFileError

__all__ = ["BACKUP_SUFFIX", "TMP_SUFFIX", "AtomicJSONStorage", "read_regular", "write_atomically"]

BACKUP_SUFFIX = ".bak"
TMP_SUFFIX = ".b24tmp"


def fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # Windows opens no folders; its rename is durable enough
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{uuid.uuid4().hex[:12]}{TMP_SUFFIX}")


def keep_backup(path: Path, backup: Path) -> None:
    """Make ``backup`` the current content of ``path`` (a hard link: no copy, no gap).

    A ``path`` that is a link is no content of the store's: no backup is made of it (a hard
    link to a link is a link, and the backup would lead where the link did).
    """
    if os.path.islink(path):
        return
    with contextlib.suppress(OSError):
        if os.path.samefile(path, backup):  # a write was cut short after this step
            return
    temp = temp_name(backup)
    try:
        os.link(path, temp)
    except FileNotFoundError:
        return
    except (OSError, AttributeError):  # no hard links: a file system without them, or Pyodide (no os.link)
        try:
            shutil.copyfile(path, temp)
        except FileNotFoundError:
            return
    os.replace(temp, backup)
    # rename() between two links of one file does nothing and leaves ``temp``.
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temp)


def write_atomically(
    path: Path, data: bytes, backup: Path | None = None, durable: bool = True
) -> None:
    """Replace ``path`` by ``data`` so that a crash leaves the old or the new file, never a mix.

    A temporary file in the same folder is written, flushed and fsynced; the
    current file becomes ``backup`` (when given); the temporary file replaces
    ``path``; the folder is fsynced. Returns once the data is on disk. Without
    ``durable`` the two fsyncs are skipped: still never a mix, but a power cut
    may bring back the previous content.
    """
    temp = temp_name(path)
    try:
        with open(temp, "xb") as f:
            f.write(data)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        if backup is not None:
            keep_backup(path, backup)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if durable:
        fsync_folder(path.parent)


def sweep_temp_files(folder: Path) -> None:
    """Remove temporary files a crashed write left (call under the file lock)."""
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir(folder):
            if entry.name.startswith(".") and entry.name.endswith(TMP_SUFFIX):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def move_aside(path: Path) -> Path:
    """Rename a damaged file to ``<name>.damaged-<UTC date and time>`` (never overwriting)."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, target)
    fsync_folder(path.parent)
    return target


def read_regular(
    path: Path, limit: int | None = None, *, follow: bool = False
) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file ``path`` (at most ``limit``) and its stat.

    Only a regular file is read: a FIFO planted in the folder would make a plain ``open`` wait
    for a writer forever (the list, the app's start hung), a device would never end. The file
    is opened without waiting (``O_NONBLOCK``), checked by ``fstat`` of that very handle, and
    refused with :class:`DamagedFileError` when it is anything else; so is a link (``follow``
    off: the store never writes one, and it could lead outside the data folder).
    :class:`FileNotFoundError` and other OS errors pass.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise DamagedFileError(path, "a link, not a file") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DamagedFileError(path, "not a regular file (a pipe, a device or a folder)")
        if not follow and stat.S_ISLNK(os.lstat(path).st_mode):  # no O_NOFOLLOW on this system
            raise DamagedFileError(path, "a link, not a file")
    except BaseException:
        os.close(fd)
        raise
    with open(fd, "rb", closefd=True) as f:  # Python refuses a folder here: checked before
        return (f.read() if limit is None else f.read(limit)), st


def stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def parse_json(raw: bytes, path: Path) -> dict[str, Any]:
    """The JSON object in ``raw``; :class:`DamagedFileError` when there is none."""
    if not raw.strip():
        raise DamagedFileError(path, "the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFileError(path, "the file is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DamagedFileError(
            path, f"the file is not JSON (truncated or garbled: {error.msg} at line {error.lineno})"
        ) from None
    except (ValueError, RecursionError) as error:
        raise DamagedFileError(path, f"the file is not usable JSON ({error})") from None
    if not isinstance(data, dict):
        raise DamagedFileError(path, "the file is JSON but not a Block 24 data file")
    return data


def dump_json(data: Any) -> bytes:
    # Compact: Python's C encoder does not indent (indenting made an import 3× slower).
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class AtomicJSONStorage(Storage):
    """A TinyDB storage that writes each change atomically (see :func:`write_atomically`).

    The file is opened only inside :meth:`read` and :meth:`write`. Reads are
    answered from memory while the file is unchanged on disk (same inode, size
    and times: every write replaces the file, so it gets a new inode).
    Between :meth:`begin` and :meth:`commit` TinyDB works on a fresh copy
    read from disk and the writes of several table operations make one file
    write; :meth:`rollback` drops them.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        backup: bool = True,
        check: Callable[[dict[str, Any], Path], None] | None = None,
    ) -> None:
        """``check(data, path)`` raises :class:`DamagedFileError` for data of the wrong shape."""
        super().__init__()
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + BACKUP_SUFFIX) if backup else None
        self._check = check
        self._pending: dict[str, Any] | None = None
        self._dirty = False
        self._cache: dict[str, Any] | None = None
        self._cache_key: tuple[int, int, int, int] | None = None

    def _load(self) -> tuple[tuple[int, int, int, int], dict[str, Any]] | None:
        try:
            raw, st = read_regular(self.path)  # the stat is of the handle read; a link is refused
        except FileNotFoundError:
            return None
        key = stat_key(st)
        data = parse_json(raw, self.path)
        if self._check is not None:
            self._check(data, self.path)
        return key, data

    def read(self) -> dict[str, Any] | None:
        """The file's tables (``None`` when there is no file); the pending ones in a transaction."""
        if self._pending is not None:
            return self._pending
        try:
            key = stat_key(os.stat(self.path))
        except FileNotFoundError:
            self._cache = self._cache_key = None
            return None
        if key != self._cache_key:
            loaded = self._load()
            if loaded is None:
                return None
            self._cache_key, self._cache = loaded
        return self._cache

    def write(self, data: dict[str, Any]) -> None:
        """Write ``data`` to disk now (or at :meth:`commit` inside a transaction)."""
        if self._pending is not None:
            self._pending = data
            self._dirty = True
            return
        self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        write_atomically(self.path, dump_json(data), self.backup)
        self._cache = data
        self._cache_key = stat_key(os.stat(self.path))

    def begin(self, empty: Callable[[], dict[str, Any]] = dict) -> None:
        """Start a transaction on a fresh read of the file (``empty()`` when there is none).

        A file unchanged on disk since this process read or wrote it (same
        inode, size and times) is not parsed again: the transaction gets a
        copy of what is in memory (parsing the live file after an import of
        8 000 games took 0.5 s, under the lock every other session waits for).
        """
        try:
            unchanged = self._cache is not None and stat_key(os.stat(self.path)) == self._cache_key
        except FileNotFoundError:
            unchanged = False
        if unchanged:
            assert self._cache is not None
            self._pending = _copied(self._cache)
        else:
            loaded = self._load()
            self._pending = loaded[1] if loaded is not None else empty()
            if loaded is not None:
                self._cache_key, self._cache = loaded[0], _copied(loaded[1])
        self._dirty = False

    def put(self, table: str, key: str, doc: dict[str, Any] | None) -> None:
        """Set (or with ``None`` remove) one document inside a transaction.

        One dictionary step: TinyDB's ``insert``/``remove`` copy the whole table
        each time, which made an import of n games take n² steps.
        """
        if self._pending is None:
            raise RuntimeError("put() is for a transaction (begin() first)")
        docs = self._pending.setdefault(table, {})
        if doc is None:
            docs.pop(key, None)
        else:
            docs[key] = doc
        self._dirty = True

    def commit(self) -> None:
        """End the transaction, writing the file once if anything changed."""
        pending, dirty = self._pending, self._dirty
        self._pending, self._dirty = None, False
        if dirty and pending is not None:
            self._write(pending)

    def rollback(self) -> None:
        """End the transaction, dropping its changes."""
        self._pending, self._dirty = None, False

    def close(self) -> None:
        """Nothing to close: no file stays open."""


def _copied(data: dict[str, Any]) -> dict[str, Any]:
    """Tables and documents copied, values shared: a transaction replaces documents or their
    top-level keys (``put``, TinyDB's ``update``), never changes a value inside one."""
    return {
        name: {k: dict(doc) if isinstance(doc, dict) else doc for k, doc in docs.items()}
        if isinstance(docs, dict)
        else docs
        for name, docs in data.items()
    }


class StrTable(Table):
    """A TinyDB table keyed by strings (game ids, player keys, setting names)."""

    document_id_class = str  # type: ignore[assignment]


class TinyDBFile(TinyDB):
    table_class = StrTable

