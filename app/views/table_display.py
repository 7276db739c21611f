"""During play: the trump colour fills the screen with the rank order; a tap anywhere flips it.

It replaces the four colour cards and the two rank-order cards on the table.
Under variant A a played 2 names a new trump: the chosen one is plainly marked.
In 20 ab (no rank-order cards) the suit fills the screen with what the caller
must make (Württemberg's contract, Z14).
"""

from __future__ import annotations

import flet as ft

from ..i18n import NAMES
from ..state import Table
from . import suits
from .call_panel import nobody_sits_out, sit_out_toggles
from .confirm import ConfirmButton
from .view import view
from .widgets import act, quiet, wide_button


@view(lambda table: table.game is not None and table.draft is not None
      and table.draft.called)
def TableDisplay(table: Table, low: bool = False) -> ft.Control:
    """The trump, readable from every seat; a tap on it flips the order; a new trump (A).

    ``low`` (a phone on its side, under 500 px): smaller type and the two buttons side by
    side, so every line of the panel and both buttons stay in the window.
    """
    k = 0.85 if low else 1.0  # the panel's type scale
    draft = table.draft
    t = table.prefs.t
    trump = draft.scored_trump
    bg, fg = suits.look(trump)
    ranked = table.play.ranked()  # 24's rank-order cards (11 high / 1 high)
    order = (t("1 high") if draft.one_high else t("11 high")) if ranked else ""
    changed = draft.final_trump is not None
    chaos = table.play.can_change_trump()
    shown = suits.label(t, trump, draft.blind, value=table.call.value_of(trump, draft.blind))
    contract = table.play.contract_line()
    count = wide_button(t("Round over: count tricks"), act(table.play.count_tricks), icon=ft.Icons.CHECK)
    cancel = ConfirmButton(t("Cancel round"), t("Cancel round {n}? What was entered is lost.",
                                                n=table.round.next_number), t("Cancel round"),
                           t("Keep playing"), table.round.cancel_round, ask=table.round.round_entered(),
                           identifier="cancel-round")
    panel = ft.MergeSemantics(expand=True, content=ft.Semantics(  # read as one control
        identifier="table-display",
        label=f"{t('Trump')} {shown}, {order}. {t('Tap to flip the order')}" if ranked
        else f"{t('Trump')} {shown}. {contract or ''}",
        button=ranked,  # a tap flips 24's rank order; 20 ab has none
        expand=True,
        content=ft.Container(
            content=quiet(ft.Column(
                [
                    ft.Text(t("Trump"), size=22 * k, color=fg),
                    suits.sign(trump, 84 * k, fg),  # 20 ab: the suit's sign, big
                    ft.Text(shown.upper(), size=54 * k, weight=ft.FontWeight.BOLD, color=fg,
                            text_align=ft.TextAlign.CENTER),
                    ft.Text(t("called {colour}", colour=t(NAMES[draft.trump])), size=max(13, 16 * k),
                            color=fg, visible=changed),
                    ft.Text(order, size=44 * k, weight=ft.FontWeight.BOLD, color=fg,
                            visible=ranked),
                    ft.Text(t("Tap to flip the order"), size=max(13, 15 * k), color=fg,
                            visible=ranked),
                    ft.Text(contract or "", size=26 * k, weight=ft.FontWeight.BOLD, color=fg,
                            visible=contract is not None),
                    ft.Text(t("Round {n}", n=table.round.next_number) + " · " + t("Caller") + ": "
                            + draft.caller, size=max(13, 16 * k), color=fg),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.CENTER,
                spacing=4,
                scroll=ft.ScrollMode.AUTO,
            )),
            bgcolor=bg,
            expand=True,
            border_radius=16,
            alignment=ft.Alignment.CENTER,
            on_click=act(table.play.flip_order) if ranked else None,
        ),
    ))
    # Variant B / Z9: who sits out, said here once the cards are seen (no step of its own)
    sitting = [sit_out_toggles(table, draft.sat_out)] if table.play.sitting_out_at_play() \
        else [nobody_sits_out(table)] if table.game.steps.sit_out else []
    if low and sitting:  # a phone on its side: the chips beside the trump, which keeps the height
        panel = ft.Row([panel, ft.Container(ft.Column(sitting, scroll=ft.ScrollMode.AUTO), expand=True)],
                       expand=True, spacing=8, vertical_alignment=ft.CrossAxisAlignment.STRETCH)
        sitting = []
    return ft.Column(
        [
            panel,
            ft.Column(
                [
                    ft.Text(t("A 2 was played: new trump"), size=15, weight=ft.FontWeight.W_600),
                    ft.Row([suits.trump_button(t, c, act(table.play.change_trump, c), height=48,
                                               text=("✓ " if c is trump else "") + t(NAMES[c]),
                                               selected=c is trump)
                            for c in table.call.suits()], spacing=6),
                ],
                visible=chaos,
                spacing=4,
            ),
            *sitting,
            *([ft.Row([ft.Container(count, expand=True), cancel])] if low else [count, cancel]),
        ],
        expand=True,
        spacing=6,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
