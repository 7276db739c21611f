"""New game: players in seat order, first dealer, variants, start score."""

from __future__ import annotations

import flet as ft

from ..state import AppState
from .top_bar import icon_action, top_bar
from .view import view
from .widgets import message_text, wide_button


def _seat_row(app: AppState, seat: int, name: str) -> ft.Control:
    label = app.t("player_n", n=seat + 1)
    shown = name.strip() or label
    return ft.Row(
        [
            ft.TextField(
                label=label,
                value=name,
                on_change=lambda e: app.set_player_name(seat, e.control.value),
                error=app.name_error(seat) if name else None,
                expand=True,
                text_size=18,
                capitalization=ft.TextCapitalization.WORDS,
            ),
            icon_action(ft.Icons.ARROW_UPWARD, app.t("move_up", name=shown),
                        lambda: app.move_player_up(seat), f"seat-up-{seat}", disabled=seat == 0),
            icon_action(ft.Icons.CLOSE, app.t("remove_player", name=shown),
                        lambda: app.remove_player(seat), f"seat-remove-{seat}",
                        disabled=len(app.setup_names) <= 2),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def _switch(app: AppState, name: str, title: str, help_text: str, value: bool) -> ft.Control:
    return ft.Column(
        [
            ft.Switch(label=title, value=value,
                      on_change=lambda e: app.set_variant(name, bool(e.control.value))),
            ft.Text(help_text, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        spacing=0,
    )


@view()
def NewGame(app: AppState) -> ft.Control:
    """The form that seats the players and sets the rules."""
    settings = app.setup_settings
    taken = {n.strip().casefold() for n in app.setup_names}
    known = [n for n in app.store.known_players() if n.casefold() not in taken]
    seats = [(i, n.strip() or app.t("player_n", n=i + 1)) for i, n in enumerate(app.setup_names)]
    start = app.start_score()
    return ft.Column(
        [
            top_bar(app.t("new_game"), app.go_home, app.t("back")),
            ft.Text(app.t("players"), size=16, weight=ft.FontWeight.BOLD),
            *[_seat_row(app, i, n) for i, n in enumerate(app.setup_names)],
            ft.TextButton(content=app.t("add_player"), icon=ft.Icons.PERSON_ADD,
                          on_click=lambda: app.add_player(), disabled=not app.can_add_player()),
            ft.Row(
                [ft.OutlinedButton(content=n, on_click=lambda _, n=n: app.add_player(n))
                 for n in known[:12]],
                wrap=True,
                visible=bool(known),
            ),
            ft.Text(app.t("first_dealer"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    *[ft.Chip(label=ft.Text(n), selected=i == app.setup_first_dealer,
                              on_select=lambda _, i=i: app.set_first_dealer(i))
                      for i, n in seats],
                    ft.OutlinedButton(content=app.t("draw_dealer"), icon=ft.Icons.CASINO,
                                      on_click=app.draw_first_dealer),
                ],
                wrap=True,
            ),
            _switch(app, "trump_chaos", app.t("variant_a"), app.t("variant_a_help"),
                    settings.trump_chaos),
            _switch(app, "sit_out", app.t("variant_b"), app.t("variant_b_help"), settings.sit_out),
            _switch(app, "restrictions", app.t("variant_c"), app.t("variant_c_help"),
                    settings.restrictions),
            _switch(app, "caller_penalty", app.t("caller_penalty"), app.t("caller_penalty_help"),
                    settings.caller_penalty),
            ft.TextField(
                label=app.t("start_score"),
                value=app.setup_start_text,
                on_change=lambda e: app.set_start_text(e.control.value),
                keyboard_type=ft.KeyboardType.NUMBER,
                error=None if start is not None else app.t("start_score_bad"),
                width=160,
            ),
            message_text(app.setup_error),
            wide_button(app.t("start_game"), app.start_game, disabled=not app.can_start_game(),
                        icon=ft.Icons.PLAY_ARROW),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=10,
    )
