"""The start of a round: the caller names trump (yellow blind first), who sits out (B)."""

from __future__ import annotations

import flet as ft

from scoring import Colour

from ..state import AppState
from .view import view
from .widgets import colour_button, message_text, trump_label


def caller_picker(app: AppState, caller: str) -> ft.Control:
    """R4: the proposed caller, changeable."""
    return ft.Semantics(
        identifier="caller-picker",
        label=app.t("caller"),
        content=ft.Dropdown(
            label=app.t("caller"),
            value=caller,
            options=[ft.DropdownOption(key=p, text=p) for p in app.game.players],
            on_select=lambda e: app.set_caller(e.control.value),
            width=180,
            dense=True,
        ),
    )


def sit_out_toggles(app: AppState, sat_out: frozenset[str], caller: str) -> ft.Control:
    """Variant B: a toggle per player; a disabled one says why (caller, C's 12 points, two stay)."""
    chips = []
    for name in app.game.players:
        out = name in sat_out
        reason = None if out else app.sit_out_reason(name)
        chips.append(
            ft.Chip(
                label=ft.Text(f"{name}: {app.t('sits_out') if out else app.t('plays')}"),
                selected=out,
                on_select=lambda _, n=name: app.toggle_sit_out(n),
                disabled=reason is not None,
                tooltip=reason,
            )
        )
    reasons = [app.sit_out_reason(n) for n in app.game.players
               if n != caller and n not in sat_out and app.sit_out_reason(n)]
    return ft.Column(
        [ft.Row(chips, wrap=True, spacing=6),
         *[ft.Text(r, size=12, color=ft.Colors.ON_SURFACE_VARIANT) for r in dict.fromkeys(reasons)]],
        spacing=4,
    )


@view(lambda app: app.game is not None and app.draft is not None)
def CallPanel(app: AppState) -> ft.Control:
    """Four big trump buttons, yellow blind offered first, disabled with its reason under C."""
    draft = app.draft
    blind_reason = app.blind_reason()
    colours = [
        colour_button(app.t(c.value), c, lambda _, c=c: app.call_trump(c)) for c in Colour
    ]
    return ft.Container(
        content=ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(app.t("next_round", n=app.next_number, caller=draft.caller),
                                size=17, weight=ft.FontWeight.BOLD, expand=True),
                        caller_picker(app, draft.caller),
                    ],
                ),
                *([sit_out_toggles(app, draft.sat_out, draft.caller)]
                  if app.game.settings.sit_out else []),
                ft.Row([colour_button(trump_label(app.t, Colour.YELLOW, blind=True).upper(),
                                      Colour.YELLOW, lambda: app.call_trump(Colour.YELLOW, blind=True),
                                      disabled=blind_reason is not None, height=52)]),
                message_text(blind_reason, error=False),
                ft.Row(colours[:2], spacing=8),
                ft.Row(colours[2:], spacing=8),
            ],
            spacing=8,
        ),
        padding=ft.Padding.only(top=8),
    )
