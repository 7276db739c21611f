"""Backup in the app: export every game (JSON, as ``block24 export``), one Block as CSV, import.

Files travel through Flet's FilePicker, one per page (a service, made once):
``save_file`` with the bytes (in the browser the file arrives as a download;
on a phone the system's save dialog opens) and a ``PickFiles`` action that
opens the browser's file chooser inside the tap itself (a chooser opened
later, from Python, may be blocked). Where the pad runs in the page itself
(the offline build, the desktop) the pick reads the file's bytes; a served
page's pick names the file only, and the phone then uploads it to the server
(:mod:`app.uploads`: a websocket message stays small).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from weakref import WeakKeyDictionary

import flet as ft

from .. import server
from ..state import AppState, Backup
from .view import view
from .widgets import notice_line

logger = logging.getLogger("block24.views")

_pickers: WeakKeyDictionary[ft.Page, ft.FilePicker] = WeakKeyDictionary()
_importers: WeakKeyDictionary[ft.FilePicker, AppState] = WeakKeyDictionary()


def picker(app: AppState | None = None) -> ft.FilePicker:
    """This page's one file picker; picked backups are imported into ``app``.

    ``on_result`` is set when the picker is made: the client learns which
    events to send when the service registers.
    """
    page = ft.context.page
    found = _pickers.get(page)
    if found is None:
        found = _pickers[page] = ft.FilePicker(on_result=_picked)
    if app is not None:
        _importers[found] = app
    return found


async def _picked(e: ft.FilePickerResultEvent) -> None:
    app = _importers.get(e.control)
    if app is None:
        return
    files = getattr(e, "files", None)  # a crafted client's result may have none, or anything
    for f in files if isinstance(files, list) else []:
        name, data = getattr(f, "name", None), getattr(f, "bytes", None)
        if not isinstance(name, str) or not isinstance(data, bytes | None):
            continue
        uploaded = data is None and server.uploads is not None and type(getattr(f, "size", None)) is int
        sent = _uploaded(e.control, f) if uploaded else data
        if await app.backup.import_file(name, sent):
            app.refresh_games()


async def _uploaded(picker: ft.FilePicker, picked: ft.FilePickerFile) -> bytes:
    """The picked file as the phone uploads it to the server (:class:`app.store.transfer.BackupRefused`:
    it did not arrive whole)."""
    assert server.uploads is not None
    upload = server.uploads.expect(server.peer_address(), getattr(picked, "size", None))
    ident = getattr(picked, "id", None)
    try:
        await picker.upload([ft.FilePickerUploadFile(upload_url=upload.url, method="PUT",
                                                     id=ident if type(ident) is int else None)])
    except Exception as error:  # the phone did not take the request: the upload stays open till late
        logger.warning("asking for an upload failed: %s", type(error).__name__)
    return await upload.file()


def save_handler(done: Callable[..., None], make: Callable[[], tuple[str, bytes] | None]
                 ) -> Callable[[], Awaitable[None]]:
    """A click handler that saves the file ``make()`` returns (name, bytes); ``done`` says how it went."""

    async def save() -> None:
        made = make()
        if made is None:
            return
        name, data = made
        try:
            await picker().save_file(dialog_title=name, file_name=name, src_bytes=data)
        except Exception as error:  # the browser or the phone refused: say so, keep going
            logger.exception("saving %s failed", name)
            done(name, failed=error)
            return
        done(name)

    return save


@view()
def BackupPanel(backup: Backup, app: AppState) -> ft.Control:
    """Export all games, import a backup (all or nothing), and what happened."""
    return ft.Column(
        [
            ft.Text(backup.t("Backup"), size=16, weight=ft.FontWeight.BOLD),
            ft.Text(backup.t("A backup file holds every game. Importing adds its games and never deletes "
                             "any."),
                    size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.OutlinedButton(
                content=ft.Text(backup.t("Export all games"), size=17, weight=ft.FontWeight.W_600),
                icon=ft.Icons.DOWNLOAD, height=52, width=float("inf"),
                on_click=save_handler(backup.exported, backup.export_all),
            ),
            ft.OutlinedButton(
                content=ft.Text(backup.t("Import a backup"), size=17, weight=ft.FontWeight.W_600),
                icon=ft.Icons.UPLOAD_FILE, height=52, width=float("inf"),
                disabled=backup.importing is not None,  # one import at a time
                action=ft.PickFiles(picker(app), with_data=server.uploads is None,
                                    file_type=ft.FilePickerFileType.CUSTOM,
                                    allowed_extensions=["json"],
                                    cancel_upload_on_window_blur=False),
            ),
            ImportProgress(backup.progress, backup.importing) if backup.importing else ft.Container(),
            ft.Semantics(identifier="backup-message", content=notice_line(backup.notice))
            if backup.notice else ft.Container(),
        ],
        spacing=8,
    )


def ImportProgress(words: str | None, importing: tuple[int, int]) -> ft.Control:
    """"Importing 1 200 of 8 000 games…" over a bar (running to and fro while the file is read)."""
    checked, total = importing
    return ft.Semantics(identifier="import-progress", content=ft.Column(
        [ft.Text(words, size=14), ft.ProgressBar(value=checked / total if total else None)], spacing=4))
