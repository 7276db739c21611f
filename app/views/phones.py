"""Other phones at a table with no computer (the offline pad): the code to scan, what to do
next, the phones joined (each can be sent away)."""

from __future__ import annotations

import flet as ft

from ..state import Phones
from ..state.phones import Role
from .view import view
from .widgets import message_text, notice_line, wide_button


@view(lambda phones: phones is not None)
def PhonesPanel(phones: Phones, game_id: str | None) -> ft.Control:
    """On the host its code and "Scan the next phone"; on a guest its own code until the host
    scanned it; on a phone at no table yet: share this game, or scan a host's code."""
    if not phones.supported:
        return ft.Semantics(identifier="phones-unsupported", content=message_text(phones.t(
            "This browser cannot connect phones directly (no WebRTC): start “make serve” on a computer "
            "and let every phone open its address."), error=False))
    busy = phones.working
    controls: list[ft.Control] = [ft.Text(phones.t("Other phones"), size=16, weight=ft.FontWeight.BOLD)]
    if phones.qr is not None:
        controls.append(ft.Semantics(identifier="phones-code", label=phones.code or "",
                                     content=ft.Image(src=phones.qr, width=220, height=220)))
    if phones.step:
        controls.append(ft.Text(phones.step, size=15))
    if phones.role is None or phones.rejoinable:
        if phones.role is None and game_id is not None:
            controls.append(wide_button(phones.t("Share this game with the table"),
                                        lambda: phones.share(game_id), icon=ft.Icons.QR_CODE, disabled=busy))
        controls += [wide_button(phones.t("Join a table: scan the host's code"), lambda: phones.scan(False),
                                 icon=ft.Icons.QR_CODE_SCANNER, disabled=busy,
                                 primary=game_id is None or phones.rejoinable),
                     ft.TextButton(phones.t("From a photo of the code"), height=48, disabled=busy,
                                   on_click=lambda _: phones.scan(True))]
    elif phones.role is Role.HOST and phones.code is not None:
        controls += [wide_button(phones.t("Scan the next phone"), lambda: phones.scan(False),
                                 icon=ft.Icons.QR_CODE_SCANNER, disabled=busy),
                     ft.TextButton(phones.t("From a photo of the code"), height=48, disabled=busy,
                                   on_click=lambda _: phones.scan(True))]
        controls.append(ft.Text(phones.t("Phones at the table (send one away: it must be scanned again)")
                                if phones.guests else phones.t("No other phone has joined yet"),
                                size=14, weight=ft.FontWeight.W_600))
        controls += [ft.Row([ft.Text(phones.name(g), size=15, expand=True),
                             ft.TextButton(phones.t("Send away"), height=48,
                                           on_click=lambda _, g=g: phones.send_away(g))])
                     for g in phones.guests]
    if phones.notice is not None:
        controls.append(notice_line(phones.notice))
    return ft.Semantics(identifier="phones-panel", content=ft.Column(controls, spacing=8))
