"""The game screen: the scores on top, then what the table is doing now."""

from __future__ import annotations

import flet as ft

from ..draft import Phase
from ..state import AppState
from .block import BlockTable, ScoreHeader
from .call_panel import CallPanel
from .game_over import GameOver
from .table_display import TableDisplay
from .top_bar import icon_action, top_bar
from .tricks_entry import TricksEntry
from .view import view
from .widgets import message_text


def _status(app: AppState) -> ft.Control:
    """What the last command did: refused with the reason, or saved."""
    if app.message:
        return message_text(app.message, error=not app.saved)
    return ft.Semantics(
        identifier="saved",
        content=ft.Row([ft.Icon(ft.Icons.CLOUD_DONE, color=ft.Colors.GREEN_700, size=18),
                        ft.Text(app.t("saved"), color=ft.Colors.GREEN_700)], spacing=4),
        visible=app.saved,
    )


@view(lambda app: app.game is not None)
def GameScreen(app: AppState) -> ft.Control:
    """The Block with the round entry below it (or the table display while cards are played)."""
    game = app.game
    phase = app.draft.phase if app.draft else None
    title = app.t("game_over") if game.finished else app.t("round_n", n=app.next_number)
    bar = top_bar(title, app.go_home, app.t("home"), actions=[
        icon_action(ft.Icons.UNDO, app.t("undo"), app.undo_round, "undo",
                    disabled=not game.rounds or phase in (Phase.PLAY, Phase.TRICKS)),
    ])
    if game.finished:
        body = [GameOver(app), BlockTable(app)]
    elif phase is Phase.PLAY:
        body = [TableDisplay(app)]
    elif phase is Phase.TRICKS:
        body = [ScoreHeader(app), TricksEntry(app)]
    else:
        body = [ScoreHeader(app), BlockTable(app), _status(app), CallPanel(app)]
    if phase is not Phase.CALL and not game.finished:
        body.append(_status(app))
    return ft.Column([bar, *body], expand=True, spacing=8)
