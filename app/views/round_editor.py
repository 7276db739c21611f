"""Correct a past round: any field; refused with the reason when a later round breaks."""

from __future__ import annotations

import flet as ft

from scoring import Colour

from ..state import AppState, Screen
from .call_panel import caller_picker, sit_out_toggles
from .top_bar import top_bar
from .tricks_entry import tricks_rows
from .view import view
from .widgets import colour_button, message_text, wide_button


@view(lambda app: app.screen is Screen.EDIT and app.edit_draft is not None and app.game is not None)
def RoundEditor(app: AppState) -> ft.Control:
    """The recorded round in the same controls as at the table, and "Save change"."""
    draft = app.edit_draft
    settings = app.game.settings
    problem = app.round_problem()
    blind_reason = app.blind_reason()
    return ft.Column(
        [
            top_bar(app.t("edit_round", n=app.edit_number), app.cancel_edit, app.t("cancel")),
            caller_picker(app, draft.caller),
            ft.Text(app.t("trump_is"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row([colour_button(app.t(c.value), c, lambda _, c=c: app.call_trump(c), height=48,
                                  selected=c is draft.trump and not draft.blind) for c in Colour],
                   spacing=6),
            ft.Row([colour_button(app.t("yellow_blind"), Colour.YELLOW,
                                  lambda: app.call_trump(Colour.YELLOW, blind=True), height=44,
                                  selected=draft.blind, disabled=blind_reason is not None)]),
            message_text(blind_reason, error=False),
            *([ft.Text(app.t("final_trump"), size=16, weight=ft.FontWeight.BOLD),
               ft.Row([colour_button(app.t(c.value), c, lambda _, c=c: app.change_trump(c),
                                     height=44, selected=c is draft.scored_trump)
                       for c in Colour], spacing=6)]
              if settings.trump_chaos and not draft.blind else []),
            *([sit_out_toggles(app, draft.sat_out, draft.caller)] if settings.sit_out else []),
            *tricks_rows(app, draft),
            ft.Text(app.tricks_status(), size=16, weight=ft.FontWeight.BOLD),
            message_text(app.edit_error or problem),
            wide_button(app.t("save_change"), app.save_edit, disabled=problem is not None,
                        icon=ft.Icons.SAVE),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=10,
    )
