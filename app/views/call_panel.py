"""The start of a round in the game's order: the caller (proposed, changeable), then yellow
blind or a trump colour; under variant B, who sits out once the cards are seen."""

from __future__ import annotations

import flet as ft

from scoring import Colour

from ..draft import Phase
from ..state import Table
from .view import view
from .widgets import act, colour_button, message_text, on_value, trump_label, wide_button


def caller_picker(table: Table, caller: str) -> ft.Control:
    """R4: the proposed caller, changeable."""
    return ft.Semantics(
        identifier="caller-picker",
        label=table.t("caller"),
        content=ft.Dropdown(
            label=table.t("caller"),
            value=caller,
            options=[ft.DropdownOption(key=p, text=p) for p in table.game.players],
            on_select=on_value(table.set_caller),
            width=170,
            dense=True,
        ),
    )


def sit_out_toggles(table: Table, sat_out: frozenset[str]) -> ft.Control:
    """Variant B: a toggle per player; a disabled one says why (the caller, C's 12 points, two stay)."""
    chips = []
    reasons = []
    for name in table.game.players:
        out = name in sat_out
        why = None if out else table.sit_out_reason(name)
        if why:
            reasons.append(why)
        chips.append(ft.Chip(
            label=ft.Text(f"{name}: {table.t('sits_out') if out else table.t('plays')}", size=16),
            selected=out,
            on_select=act(table.toggle_sit_out, name),
            disabled=why is not None,
            tooltip=why,
            height=48,
        ))
    return ft.Column(
        [ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
         *[ft.Text(r, size=13, color=ft.Colors.ON_SURFACE_VARIANT) for r in dict.fromkeys(reasons)]],
        spacing=4,
    )


@view(lambda table: table.game is not None and table.draft is not None)
def CallPanel(table: Table) -> ft.Control:
    """The caller, yellow blind first (disabled with its reason under C), four big trump buttons."""
    draft = table.draft
    blind_reason = table.blind_reason()
    colours = [colour_button(table.t(c.value), c, act(table.call_trump, c), height=56) for c in Colour]
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Text(table.t("next_round", n=table.next_number, caller=draft.caller),
                            size=16, weight=ft.FontWeight.BOLD, expand=True),
                    caller_picker(table, draft.caller),
                ],
            ),
            ft.Row([colour_button(trump_label(table.t, Colour.YELLOW, blind=True).upper(),
                                  Colour.YELLOW, act(table.call_trump, Colour.YELLOW, True),
                                  disabled=blind_reason is not None, height=52)]),
            message_text(blind_reason, error=False),
            ft.Row(colours[:2], spacing=8),
            ft.Row(colours[2:], spacing=8),
        ],
        spacing=6,
    )


@view(lambda table: table.game is not None and table.draft is not None
      and table.draft.phase is Phase.SIT_OUT)
def SitOutPanel(table: Table) -> ft.Control:
    """Variant B, after the call: who sits this round out; then the cards are played."""
    draft = table.draft
    return ft.Column(
        [
            ft.Text(table.t("who_sits_out", n=table.next_number,
                            trump=trump_label(table.t, draft.trump, draft.blind)),
                    size=16, weight=ft.FontWeight.BOLD),
            sit_out_toggles(table, draft.sat_out),
            wide_button(table.t("play_cards"), act(table.start_play), icon=ft.Icons.PLAY_ARROW),
        ],
        spacing=8,
    )
