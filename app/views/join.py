"""Several phones: the join screen of a new device, and the host's QR code and join code."""

from __future__ import annotations

import datetime as dt

import flet as ft

from ..state import AppState, Join
from .view import view
from .widgets import message_text, wide_button


@view(lambda join: join.locked)
def JoinScreen(join: Join, app: AppState) -> ft.Control:
    """All a device sees before its join code is right (no game data)."""
    typed, set_typed = ft.use_state("")  # the code being typed stays in this screen

    def enter() -> None:
        app.enter_code(typed)
        set_typed("")

    return ft.Column(
        [
            ft.Text(join.t("join_title"), size=26, weight=ft.FontWeight.BOLD),
            ft.Text(join.t("join_help"), size=16),
            ft.TextField(label=join.t("join_code"), value=typed, max_length=6,
                         keyboard_type=ft.KeyboardType.NUMBER, text_size=28, width=220,
                         on_change=lambda e: set_typed(e.control.value),
                         on_submit=lambda _: enter()),
            message_text(join.error),
            wide_button(join.t("join"), enter, icon=ft.Icons.LOGIN),
        ],
        spacing=16,
    )


@view(lambda join: join.qr is not None and not join.locked)  # the serving device only (its QR code is made)
def JoinPanel(join: Join) -> ft.Control:
    """The address as a QR code (made once) and the join code, big; on the serving device
    also a new code and the joined phones, each of which it can send away (issue 12)."""
    url, code = join.url, join.code_shown or join.code
    shown = ft.Semantics(
        identifier="join-panel",
        label=join.t("other_phones_help", url=url, code=code),
        content=ft.Row(
            [
                ft.Image(src=join.qr, width=132, height=132),
                ft.Column(
                    [
                        ft.Text(join.t("other_phones"), size=16, weight=ft.FontWeight.BOLD),
                        ft.Text(url, size=14, selectable=True),
                        ft.Text(f"{code[:3]} {code[3:]}", size=34, weight=ft.FontWeight.BOLD),
                    ],
                    spacing=2,
                    expand=True,
                ),
            ],
        ),
    )
    host: list[ft.Control] = []
    if join.host:
        host = [
            ft.OutlinedButton(join.t("new_code"), icon=ft.Icons.REFRESH, height=48,
                              on_click=join.renew_code),
            ft.Text(join.t("joined_phones") if join.devices else join.t("no_phones_joined"),
                    size=14, weight=ft.FontWeight.W_600),
            *[ft.Row([ft.Text(f"{d.address} · {dt.datetime.fromtimestamp(d.joined):%H:%M}", size=15,
                              expand=True),
                      ft.TextButton(join.t("send_away"), height=48,
                                    on_click=lambda _, a=d.address: join.revoke(a))])
              for d in join.devices],
            *([ft.Text(join.t("waiting_phones"), size=14, weight=ft.FontWeight.W_600)]
              if join.waiting else []),
            *[ft.Row([ft.Text(f"{w.address} · {dt.datetime.fromtimestamp(w.asked):%H:%M}", size=15,
                              expand=True),
                      ft.FilledButton(join.t("let_in"), height=48,
                                      on_click=lambda _, t=w.ticket: join.let_in(t))])
              for w in join.waiting],
        ]
    return ft.Container(
        content=ft.Column([shown, *host], spacing=4),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
        border_radius=12,
        padding=10,
    )
