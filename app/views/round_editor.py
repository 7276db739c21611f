"""Correct a past round: any field; refused with the reason when a later round breaks."""

from __future__ import annotations

import flet as ft

from scoring import Colour

from ..state import AppState, Table
from .call_panel import caller_picker, sit_out_toggles
from .top_bar import top_bar
from .tricks_entry import changes_line, complete, tricks_rows, tricks_status
from .view import view
from .widgets import act, colour_button, message_text, wide_button


@view(lambda table: table.editing and table.edit_draft is not None and table.game is not None)
def RoundEditor(table: Table, app: AppState) -> ft.Control:
    """The recorded round in the same controls as at the table, and "Save change"."""
    draft = table.edit_draft
    settings = table.game.settings
    problem = table.round_problem()
    blind_reason = table.blind_reason()
    t = table.t

    def marked(c: Colour, chosen: bool) -> str:  # the chosen trump is plainly marked, not only ringed
        return ("✓ " if chosen else "") + t(c.value)

    return ft.Column(
        [
            top_bar(t("edit_round", n=table.edit_number), app.back, t("cancel")),
            caller_picker(table, draft.caller),
            ft.Text(t("trump_is"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row([colour_button(marked(c, c is draft.trump and not draft.blind), c,
                                  act(table.call_trump, c), height=48,
                                  selected=c is draft.trump and not draft.blind) for c in Colour],
                   spacing=6),
            ft.Row([colour_button(("✓ " if draft.blind else "") + t("yellow_blind"), Colour.YELLOW,
                                  act(table.call_trump, Colour.YELLOW, True), height=48,
                                  selected=draft.blind, disabled=blind_reason is not None)]),
            message_text(blind_reason, error=False),
            *([ft.Text(t("final_trump"), size=16, weight=ft.FontWeight.BOLD),
               ft.Row([colour_button(marked(c, c is draft.scored_trump), c, act(table.change_trump, c),
                                     height=48, selected=c is draft.scored_trump)
                       for c in Colour], spacing=6)]
              if settings.trump_chaos and not draft.blind else []),
            *([sit_out_toggles(table, draft.sat_out)] if settings.sit_out else []),
            *tricks_rows(table, draft),
            tricks_status(table),
            message_text(table.edit_error or (problem if complete(table, draft) else None)),
            changes_line(table),
            wide_button(t("save_change"), app.save_edit, disabled=problem is not None, icon=ft.Icons.SAVE),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=10,
    )
