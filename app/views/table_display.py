"""During play: the trump colour fills the screen, with the rank order and (A) trump changes.

It replaces the four colour cards and the two rank-order cards on the table.
"""

from __future__ import annotations

import flet as ft

from scoring import Colour

from ..state import AppState
from .view import view
from .widgets import TRUMP_COLOURS, colour_button, trump_label, wide_button


@view(lambda app: app.game is not None and app.draft is not None and app.draft.trump is not None)
def TableDisplay(app: AppState) -> ft.Control:
    """The trump, readable from every seat; one tap flips the order; one tap changes trump (A)."""
    draft = app.draft
    trump = draft.scored_trump
    bg, fg = TRUMP_COLOURS[trump]
    order = app.t("high_1") if draft.one_high else app.t("high_11")
    changed = draft.final_trump is not None
    chaos = app.game.settings.trump_chaos and not draft.blind
    return ft.Column(
        [
            ft.Semantics(
                identifier="table-display",
                label=f"{app.t('trump_is')} {trump_label(app.t, trump, draft.blind)}, {order}",
                content=ft.Container(
                    content=ft.Column(
                        [
                            ft.Text(app.t("trump_is"), size=22, color=fg),
                            ft.Text(trump_label(app.t, trump, draft.blind).upper(), size=54,
                                    weight=ft.FontWeight.BOLD, color=fg,
                                    text_align=ft.TextAlign.CENTER),
                            ft.Text(app.t("called_as", colour=app.t(draft.trump.value)), size=16,
                                    color=fg, visible=changed),
                            ft.Text(order, size=40, weight=ft.FontWeight.BOLD, color=fg),
                            ft.Text(app.t("round_n", n=app.next_number) + " · "
                                    + app.t("caller") + ": " + draft.caller, size=16, color=fg),
                        ],
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        alignment=ft.MainAxisAlignment.CENTER,
                        spacing=6,
                    ),
                    bgcolor=bg,
                    expand=True,
                    border_radius=16,
                    alignment=ft.Alignment.CENTER,
                    on_click=app.flip_order,
                ),
            ),
            wide_button(app.t("flip_order"), app.flip_order, primary=False, icon=ft.Icons.SWAP_VERT),
            ft.Column(
                [
                    ft.Text(app.t("change_trump"), size=15, weight=ft.FontWeight.W_600),
                    ft.Row([colour_button(app.t(c.value), c, lambda _, c=c: app.change_trump(c),
                                          height=48, selected=c is trump) for c in Colour],
                           spacing=6),
                ],
                visible=chaos,
                spacing=4,
            ),
            wide_button(app.t("count_tricks"), app.count_tricks, icon=ft.Icons.CHECK),
            ft.TextButton(content=app.t("cancel_round"), on_click=app.cancel_round),
        ],
        expand=True,
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )

