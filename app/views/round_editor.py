"""Correct a past round: any field; refused with the reason when a later round breaks.

20 ab's rounds show their own fields (docs/RULES.md): dealer and misdeals,
bid or knock (Württemberg), the suit, hearts blind, sitting out, who went out first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ..state import AppState, Table
from . import suits
from .call_panel import bid_row, caller_picker, dealer_row, knock_row, sit_out_toggles
from .top_bar import top_bar
from .tricks_entry import changes_line, complete, first_out_row, tricks_rows, tricks_status
from .view import view
from .widgets import act, message_text, notice_line, wide_button


@view(lambda table: table.correction is not None and table.game is not None)
def RoundEditor(table: Table, app: AppState) -> ft.Control:
    """The recorded round in the same controls as at the table, and "Save change"."""
    draft = table.correction.draft
    problem = table.count.round_problem()
    blind_reason = table.call.blind_reason()
    t = table.prefs.t
    blind = table.call.blind_button()

    def suit_row(command: Callable[..., Any], chosen: Callable[[Any], bool]) -> ft.Control:
        # the chosen trump is plainly marked, not only ringed
        return ft.Row([suits.trump_button(t, c, act(command, c), height=48, selected=chosen(c),
                                          text=("✓ " if chosen(c) else "") + suits.label(t, c))
                       for c in table.call.suits()], spacing=6)

    # The round scrolls; its reason and "Save change" stay on screen under it (a refused
    # correction's reason was below the fold at 390×844). The counts come first, what is most often
    # corrected: under the call (with variants A+B+C) the last player's sat under the footer. A
    # phone on its side has the counts and the call side by side, each scrolling.
    counts = tricks_rows(table, draft)
    call = [
        *([dealer_row(table, draft.dealer, draft.misdeals)] if table.deal.counts_misdeals() else []),
        caller_picker(table, draft.caller),
        *([bid_row(table, draft.bid)] if table.game.needs_bid(draft.round) else []),
        ft.Text(t("Trump"), size=16, weight=ft.FontWeight.BOLD),
        suit_row(table.call.call_trump, lambda c: c is draft.plain_trump),
        *([ft.Row([suits.trump_button(t, blind, act(table.call.call_trump, blind, True), height=48,
                                      text=("✓ " if draft.blind else "") + suits.label(t, blind, True),
                                      selected=draft.blind, disabled=blind_reason is not None)]),
           message_text(blind_reason, error=False)] if table.call.has_blind() else []),
        *([knock_row(table, draft.caller)] if table.deal.can_knock() else []),
        *([ft.Text(t("Last trump named"), size=16, weight=ft.FontWeight.BOLD),
           suit_row(table.play.change_trump, lambda c: c is draft.scored_trump)]
          if table.play.can_change_trump() else []),
        *([sit_out_toggles(table, draft.sat_out)] if table.game.steps.sit_out else []),
    ]
    prefs = table.prefs
    body: ft.Control
    if prefs.height and prefs.width > prefs.height and prefs.width >= 600:
        body = ft.Row([ft.Column(counts, scroll=ft.ScrollMode.AUTO, expand=True, spacing=8),
                       ft.Column(call, scroll=ft.ScrollMode.AUTO, expand=True, spacing=10)],
                      expand=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)
    else:
        body = ft.Column([*counts, ft.Divider(height=8), *call], scroll=ft.ScrollMode.AUTO,
                         expand=True, spacing=10)
    return ft.Column(
        [
            top_bar(t("Correct round {n}", n=table.correction.number), app.back, t("Cancel")),
            body,
            tricks_status(table),
            first_out_row(table, draft.first_out),
            notice_line(table.correction.notice) if table.correction.notice
            else message_text(table.count.problem_to_say() if complete(table, draft) else None),
            changes_line(table),
            wide_button(t("Save change"), app.save_edit, disabled=problem is not None, icon=ft.Icons.SAVE),
        ],
        expand=True,
        spacing=6,
    )
