"""Several phones: the join screen of a new device, and the host's QR code and join code."""

from __future__ import annotations

import datetime as dt

import flet as ft

from ..state import AppState, Join
from .view import view
from .widgets import message_text, notice_line, wide_button


@view(lambda join: join.locked)
def JoinScreen(join: Join, app: AppState) -> ft.Control:
    """All a device sees before its join code is right (no game data)."""
    typed, set_typed = ft.use_state("")  # the code being typed stays in this screen
    latest = ft.use_ref("")
    """The code as last typed: a submit that follows a change at once (before this screen was
    drawn again) is judged on it, not on the value of the last drawing."""

    def change(value: object) -> None:
        latest.current = value if isinstance(value, str) else ""  # a crafted phone's value: no code
        set_typed(latest.current)

    def enter() -> None:
        app.enter_code(latest.current)
        latest.current = ""
        set_typed("")

    return ft.Column(
        [
            ft.Text(join.t("Join the table"), size=26, weight=ft.FontWeight.BOLD),
            ft.Text(join.t("Enter the 6-digit code shown on the phone that keeps the Block."), size=16),
            ft.TextField(label=join.t("Join code"), value=typed, max_length=6,
                         keyboard_type=ft.KeyboardType.NUMBER, text_size=28, width=220,
                         on_change=lambda e: change(e.control.value),
                         on_submit=lambda _: enter()),
            notice_line(join.notice),
            wide_button(join.t("Join"), enter, icon=ft.Icons.LOGIN),
        ],
        spacing=16,
    )


@view(lambda join: join.qr is not None and not join.locked)  # a phone at the table (its QR code is made)
def JoinPanel(join: Join) -> ft.Control:
    """The address as a QR code (made once) and the join code, big; on the serving device
    also a new code and the joined phones, each of which it can send away, and
    a warning when no other phone can open the address."""
    url, code = join.url, join.code_shown or join.code
    shown = ft.Semantics(
        identifier="join-panel",
        label=join.t("Scan or open {url} and enter the code {code}", url=url, code=code),
        content=ft.Row(
            [
                ft.Image(src=join.qr, width=132, height=132),
                ft.Column(
                    [
                        ft.Text(join.t("Other phones"), size=16, weight=ft.FontWeight.BOLD),
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
        warning = join.unreachable()
        host = [
            *([ft.Semantics(identifier="unreachable", content=message_text(warning))] if warning else []),
            ft.OutlinedButton(join.t("New code"), icon=ft.Icons.REFRESH, height=48,
                              on_click=join.renew_code),
            ft.Text(join.t("Joined phones (send one away: it sees the join screen again)") if join.devices
                    else join.t("No other phone has joined yet"),
                    size=14, weight=ft.FontWeight.W_600),
            *[ft.Row([ft.Text(f"{d.address} · {dt.datetime.fromtimestamp(d.joined):%H:%M}", size=15,
                              expand=True),
                      ft.TextButton(join.t("Send away"), height=48,
                                    on_click=lambda _, a=d.address: join.revoke(a))])
              for d in join.devices],
            *([ft.Text(join.t("Typed the right code while too many wrong ones came in: let in?"), size=14,
                       weight=ft.FontWeight.W_600)]
              if join.waiting else []),
            *[ft.Row([ft.Text(f"{w.address} · {dt.datetime.fromtimestamp(w.asked):%H:%M}", size=15,
                              expand=True),
                      ft.FilledButton(join.t("Let in"), height=48,
                                      on_click=lambda _, t=w.ticket: join.let_in(t))])
              for w in join.waiting],
        ]
    return ft.Container(
        content=ft.Column([shown, *host], spacing=4),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
        border_radius=12,
        padding=10,
    )
