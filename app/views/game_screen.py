"""The game screen: the scores on top, then what the table is doing now."""

from __future__ import annotations

import flet as ft

from ..draft import Phase
from ..state import AppState
from .backup import save_handler
from .block import BlockTable, ScoreHeader
from .call_panel import CallPanel
from .game_over import GameOver
from .join import JoinPanel
from .score_chart import ScoreChart
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


def chart_toggle(app: AppState) -> ft.Control:
    """Block or Chart: the same scores as a table or as lines."""
    return ft.Semantics(
        identifier="chart-toggle",
        content=ft.SegmentedButton(
            segments=[
                ft.Segment(value="block", label=ft.Text(app.t("block_view"), size=16),
                           icon=ft.Icons.TABLE_ROWS),
                ft.Segment(value="chart", label=ft.Text(app.t("chart"), size=16),
                           icon=ft.Icons.SHOW_CHART),
            ],
            selected=["chart" if app.show_chart else "block"],
            on_change=lambda e: app.set_chart("chart" in (e.control.selected or [])),
            show_selected_icon=False,
        ),
    )


@view(lambda app: app.game is not None)
def GameScreen(app: AppState) -> ft.Control:
    """The Block with the round entry below it (or the table display while cards are played)."""
    game = app.game
    phase = app.draft.phase if app.draft else None
    title = app.t("game_over") if game.finished else app.t("round_n", n=app.next_number)
    phones = [icon_action(ft.Icons.PHONELINK, app.t("other_phones"), app.toggle_join_panel,
                          "other-phones")] if app.gate is not None else []
    bar = top_bar(title, app.go_home, app.t("home"), actions=[
        *phones,
        icon_action(ft.Icons.DOWNLOAD, app.t("export_block"), save_handler(app, app.export_block),
                    "export-block", disabled=not game.rounds),
        icon_action(ft.Icons.UNDO, app.t("undo"), app.undo_round, "undo",
                    disabled=not game.rounds or phase in (Phase.PLAY, Phase.TRICKS)),
    ])
    block = BlockTable(game, app.last_round, app.language, app.edit_round)
    if game.finished:
        body = [GameOver(app), ScoreChart(app), block]
    else:
        calling, playing, counting = (phase is p for p in (Phase.CALL, Phase.PLAY, Phase.TRICKS))
        # One skeleton for all phases: the Block stays mounted (hidden) while the cards are
        # played and counted, so confirming a round sends one new row, not the whole table.
        body = [
            ft.Container(ScoreHeader(app), visible=not playing),
            ft.Container(chart_toggle(app), visible=calling),
            ft.Container(ScoreChart(app) if app.show_chart else block, visible=calling,
                         expand=calling),
            ft.Container(TableDisplay(app), visible=playing, expand=playing),
            ft.Container(TricksEntry(app), visible=counting, expand=counting),
            _status(app),
            ft.Container(CallPanel(app), visible=calling),
        ]
    if app.show_join:
        body.insert(0, JoinPanel(app))
    return ft.Column([bar, *body], expand=True, spacing=8)
