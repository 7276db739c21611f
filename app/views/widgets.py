"""Small building blocks shared by the screens: trump colours, chips, big buttons."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import Colour, Round

from ..i18n import NAMES

if TYPE_CHECKING:
    from ..state import Notice, Prefs


def act(command: Callable[..., Awaitable[Any] | Any], *args: Any) -> Callable[[], Awaitable[None]]:
    """A tap handler that runs ``command(*args)`` (Flet awaits it: a lambda would drop the coroutine)."""

    async def handler() -> None:
        result = command(*args)
        if hasattr(result, "__await__"):
            await result

    return handler


def on_value(command: Callable[..., Awaitable[Any] | Any], *args: Any
             ) -> Callable[[ft.Event], Awaitable[None]]:
    """A change handler that runs ``command(*args, value)`` with the control's new value."""

    async def handler(e: ft.Event) -> None:
        result = command(*args, e.control.value)
        if hasattr(result, "__await__"):
            await result

    return handler


def one_control(content: ft.Control, label: str, *, identifier: str | None = None,
                expand: bool | int | None = None, **semantics: Any) -> ft.Control:
    """``content`` (a button, or a tappable container) named ``label``, read as ONE control.

    A ``Semantics(label=..., button=True)`` around a button gives a screen
    reader two controls: the label, then a nameless button inside.
    ``MergeSemantics`` makes them one node, which is also what a tap lands on.
    ``semantics`` are further ``ft.Semantics`` fields (``selected``).
    """
    return ft.MergeSemantics(expand=expand, content=ft.Semantics(
        identifier=identifier, label=label, button=True, content=content, **semantics))


def quiet(control: ft.Control) -> ft.Control:
    """``control`` hidden from screen readers: the tappable around it carries the words (read once)."""
    return ft.Semantics(exclude_semantics=True, content=control)


LOW = 500
"""px: a window lower than this (a phone on its side) packs its screens tighter."""


def low(prefs: Prefs) -> bool:
    """A window under :data:`LOW` px high: the play screen packs tighter, statistics put the table first."""
    return 0 < prefs.height < LOW


# Card colours, with the text colour that reads on each (yellow needs dark text).
TRUMP_COLOURS: dict[Colour, tuple[str, str]] = {
    Colour.RED: ("#C62828", "#FFFFFF"),
    Colour.YELLOW: ("#F9C80E", "#1A1A1A"),
    Colour.GREEN: ("#2E7D32", "#FFFFFF"),
    Colour.BLUE: ("#1565C0", "#FFFFFF"),
}


def trump_label(t: Callable[..., str], colour: Colour, blind: bool = False) -> str:
    """A trump colour in words (colour is never the only signal); ``t`` looks phrases up."""
    name = t(NAMES[colour])
    return f"{name} {t('blind')}" if blind else name


def trump_chip(t: Callable[..., str], round_: Round) -> ft.Control:
    """A round's trump on the Block: a chip in the colour carrying its name ("blind" on its own line).

    Under variant A a changed trump shows the called colour small above the final one.
    """
    colour = round_.scored_trump
    bg, fg = TRUMP_COLOURS[colour]
    lines = [ft.Text(t(NAMES[colour]), size=12, color=fg, weight=ft.FontWeight.BOLD, no_wrap=True)]
    if round_.blind:
        lines.append(ft.Text(t("blind"), size=11, color=fg, weight=ft.FontWeight.BOLD, no_wrap=True))
    chip = ft.Container(
        content=ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=bg,
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=5, vertical=2),
        border=ft.Border.all(3, ft.Colors.BLACK) if round_.blind else None,
    )
    if round_.final_trump is None:
        return chip
    called = t(NAMES[round_.trump])
    muted = ft.Colors.ON_SURFACE_VARIANT  # an icon, not "→": offline the client has no font with it
    return ft.Column([ft.Row([ft.Text(called, size=10, no_wrap=True, color=muted),
                              ft.Icon(ft.Icons.ARROW_FORWARD, size=10, color=muted)], spacing=1),
                      chip], spacing=0)


DISABLED_TEXT = ft.Colors.with_opacity(0.6, ft.Colors.ON_SURFACE)
"""Greyed-out words: still 3:1 on the page and on a greyed button (Material's 38 % read at 2.3:1)."""


def disabled_look() -> tuple[str, str]:
    """Background and text of a disabled trump or suit: greyed as every other disabled button, not a
    grey with the suit's own white or black on it."""
    return ft.Colors.SURFACE_CONTAINER_HIGHEST, DISABLED_TEXT


def colour_button(
    label: str,
    colour: Colour,
    on_click: Callable[[], None],
    *,
    disabled: bool = False,
    height: int = 64,
    expand: bool | int = True,
    selected: bool = False,
) -> ft.Control:
    """A big button in a trump colour, its name written on it."""
    bg, fg = disabled_look() if disabled else TRUMP_COLOURS[colour]
    return ft.Button(
        content=ft.Text(label, size=20 if height >= 56 else 15, weight=ft.FontWeight.BOLD, color=fg,
                        no_wrap=True),
        on_click=on_click,
        disabled=disabled,
        expand=expand,
        height=height,
        style=ft.ButtonStyle(
            bgcolor=bg,
            shape=ft.RoundedRectangleBorder(radius=12),
            padding=ft.Padding.symmetric(horizontal=4),
            side=ft.BorderSide(4, ft.Colors.BLACK) if selected else None,
        ),
    )


def wide_button(
    label: str,
    on_click: Callable[[], None],
    *,
    disabled: bool = False,
    primary: bool = True,
    icon: ft.IconData | None = None,
) -> ft.Control:
    """A full-width action button."""
    kind = ft.FilledButton if primary else ft.OutlinedButton
    return kind(
        content=ft.Text(label, size=18, weight=ft.FontWeight.W_600),
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        height=56,
        width=float("inf"),
    )


def message_text(message: str | None, *, error: bool = True) -> ft.Control:
    """A one-line explanation shown where the problem is."""
    return ft.Text(
        message or "",
        color=ft.Colors.ERROR if error else ft.Colors.PRIMARY,
        size=15,
        weight=ft.FontWeight.W_500,
        visible=bool(message),
    )


def notice_line(notice: Notice | None) -> ft.Control:
    """A concern's notice, shown one way on every screen: a refusal in the error colour,
    what was done or happened in the calm one."""
    return message_text(None if notice is None else notice.text,
                        error=notice is not None and notice.refused)


OFFER_S = 6
"""Seconds an offer to take something back stays on screen (a few, not half a minute)."""


@ft.component
def Offer(said: str, action: str | None, on_action: Callable[[], Awaitable[None]] | None,
          on_end: Callable[[], None], token: object, *, seconds: float = OFFER_S,
          identifier: str = "offer") -> ft.Control:
    """What was just done, with a way to take it back, in the screen's own layout.

    Not a snackbar: a snackbar floats over the controls of the step (the trump
    buttons, the newest row) and outlives its screen. This row takes its own
    place, is gone after ``seconds`` (``on_end``; ``token`` tells one offer from
    the next) and with its screen (the state drops it when the route changes).
    """

    async def expire() -> None:
        await asyncio.sleep(seconds)
        on_end()

    ft.use_effect(expire, [token])
    return ft.Semantics(identifier=identifier, content=ft.Container(
        ft.Row([ft.Text(said, size=16, expand=True, color=ft.Colors.ON_INVERSE_SURFACE),
                *([ft.TextButton(action, on_click=on_action,
                                 style=ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY))]
                  if action and on_action else [])],
               spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.INVERSE_SURFACE, border_radius=6,
        padding=ft.Padding.only(left=12, right=4, top=4, bottom=4)))
