"""Trump on screen for either rule book: 24's colours (``widgets``) or 20 ab's suits (Z5).

20 ab's suits are drawn as a four-colour deck (clubs green, spades black, hearts
red, diamonds blue) with their sign and their name, so neither colour nor sign
is the only signal; hearts says it counts double (Z11), hearts blind four times.
A knock round without trump (Z8, ``knock_trump: none``) is a grey chip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scoring import Colour
from scoring.twenty_ab import Suit, TwentyAbRound

from .widgets import TRUMP_COLOURS, colour_button, trump_chip, trump_label

SUIT_COLOURS: dict[Suit, tuple[str, str]] = {
    Suit.CLUBS: ("#1B5E20", "#FFFFFF"),
    Suit.SPADES: ("#212121", "#FFFFFF"),
    Suit.HEARTS: ("#C62828", "#FFFFFF"),
    Suit.DIAMONDS: ("#1565C0", "#FFFFFF"),
}
SIGNS = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
NO_TRUMP = ("#616161", "#FFFFFF")


def look(trump: Any) -> tuple[str, str]:
    """Background and text colour of a trump (a 24 colour, a suit, or none)."""
    if isinstance(trump, Colour):
        return TRUMP_COLOURS[trump]
    return SUIT_COLOURS.get(trump, NO_TRUMP)


def label(t: Callable[..., str], trump: Any, blind: bool = False, *, worth: bool = False) -> str:
    """A trump in words: "Yellow blind", "♥ Herz blind"; ``worth``: hearts says ×2 (×4 blind)."""
    if isinstance(trump, Colour):
        return trump_label(t, trump, blind)
    if trump is None:
        return t("no_trump")
    name = f"{SIGNS[trump]} {t(trump.value)}"
    if blind:
        return f"{name} {t('blind')}" + (" ×4" if worth else "")
    return name + (" ×2" if worth and trump is Suit.HEARTS else "")


def trump_button(t: Callable[..., str], trump: Any, on_click: Callable[[], Any], *,
                 blind: bool = False, text: str | None = None, disabled: bool = False,
                 height: int = 56, selected: bool = False) -> ft.Control:
    """A big button in the trump's colour with its name (and worth) written on it."""
    if isinstance(trump, Colour):
        return colour_button(text or label(t, trump, blind), trump, on_click, disabled=disabled,
                             height=height, selected=selected)
    bg, fg = look(trump)
    return ft.Button(
        content=ft.Text(text or label(t, trump, blind, worth=True), size=19 if height >= 56 else 15,
                        weight=ft.FontWeight.BOLD, color=fg, no_wrap=True),
        on_click=on_click, disabled=disabled, expand=True, height=height,
        style=ft.ButtonStyle(
            bgcolor=ft.Colors.GREY_400 if disabled else bg,
            shape=ft.RoundedRectangleBorder(radius=12),
            padding=ft.Padding.symmetric(horizontal=4),
            side=ft.BorderSide(4, ft.Colors.AMBER_400) if selected else None,
        ),
    )


def round_chip(t: Callable[..., str], round_: Any) -> ft.Control:
    """A round's trump on the Block: 24's chip, or the suit's sign and name (knock: "knock")."""
    if not isinstance(round_, TwentyAbRound):
        return trump_chip(t, round_)
    bg, fg = look(round_.trump)
    sign = SIGNS.get(round_.trump, "–")
    lines = [ft.Text(f"{sign} {t(round_.trump.value)[:4]}" if round_.trump else t("no_trump"),
                     size=12, color=fg, weight=ft.FontWeight.BOLD, no_wrap=True)]
    extra = t("blind") if round_.blind else t("knocked") if round_.knock \
        else t("bid_n", n=round_.bid) if round_.bid is not None else None
    if extra:
        lines.append(ft.Text(extra, size=11, color=fg, weight=ft.FontWeight.BOLD, no_wrap=True))
    return ft.Container(
        content=ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=bg, border_radius=10, padding=ft.Padding.symmetric(horizontal=4, vertical=2),
        border=ft.Border.all(3, ft.Colors.AMBER_400) if round_.blind else None,
    )


def short(t: Callable[..., str], round_: Any) -> str:
    """The chart's letter for a round's trump: 24's ("Ge", "Rbl") or the suit's sign."""
    if isinstance(round_, TwentyAbRound):
        sign = SIGNS.get(round_.trump, "–")
        return sign + (t("blind_short") if round_.blind else "")
    return t(f"{round_.scored_trump.value}_short") + (t("blind_short") if round_.blind else "")
