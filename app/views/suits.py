"""Trump on screen for either rule book: 24's colours (``widgets``) or 20 ab's suits (Z5).

20 ab's suits are drawn as a four-colour deck (clubs green, spades black, hearts
red, diamonds blue) with their sign and their name, so neither colour nor sign
is the only signal; hearts says it counts double (Z11), hearts blind four times.
A knock round without trump (Z8, ``knock_trump: none``) is a grey chip.

The signs ♣ ♠ ♥ ♦ are drawn on a canvas, not written: the app's font has no
glyph for them and a browser without the network finds no fallback font (boxes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
import flet.canvas as cv

from scoring import Suit

from ..i18n import NAMES, SHORT
from .widgets import TRUMP_COLOURS, colour_button, disabled_look, trump_chip, trump_label

EDGED = frozenset({Suit.SPADES})
"""The suits drawn with an edge (black on a dark screen)."""

SUIT_COLOURS: dict[Suit, tuple[str, str]] = {
    Suit.CLUBS: ("#1B5E20", "#FFFFFF"),
    Suit.SPADES: ("#212121", "#FFFFFF"),
    Suit.HEARTS: ("#C62828", "#FFFFFF"),
    Suit.DIAMONDS: ("#1565C0", "#FFFFFF"),
}
NO_TRUMP = ("#616161", "#FFFFFF")
EDGE = ft.Colors.OUTLINE  # spades' black would vanish into the dark theme's background

# Each sign in a 1 × 1 box (y down): circles (x, y, r) and polygons, filled.
_CIRCLES: dict[Suit, tuple[tuple[float, float, float], ...]] = {
    # (the small fourth circle fills the middle where the three leaves meet: without it a gap)
    Suit.CLUBS: ((0.5, 0.27, 0.21), (0.27, 0.58, 0.21), (0.73, 0.58, 0.21), (0.5, 0.53, 0.12)),
    Suit.SPADES: ((0.29, 0.6, 0.2), (0.71, 0.6, 0.2), (0.5, 0.58, 0.08)),  # (the same for spades)
    Suit.HEARTS: ((0.29, 0.32, 0.23), (0.71, 0.32, 0.23)),
    Suit.DIAMONDS: (),
}
_POLYGONS: dict[Suit, tuple[tuple[tuple[float, float], ...], ...]] = {
    Suit.CLUBS: (((0.5, 0.45), (0.33, 0.98), (0.67, 0.98)),),
    Suit.SPADES: (((0.5, 0.02), (0.1, 0.55), (0.9, 0.55)), ((0.5, 0.6), (0.33, 0.98), (0.67, 0.98))),
    Suit.HEARTS: (((0.08, 0.42), (0.92, 0.42), (0.5, 0.96)),),
    Suit.DIAMONDS: (((0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)),),
}


def sign(suit: Any, size: float, colour: str) -> ft.Control:
    """The suit's sign drawn ``size`` px square in ``colour`` (nothing for no suit or a 24 colour).

    One path, filled once: drawn as a shape per leaf, each leaf's smoothed edge let the
    background through where the leaves meet (a seam in the clubs sign), and a greyed sign was
    darker where they overlap."""
    if suit not in _CIRCLES:  # no suit, or a 24 colour: nothing to draw
        return ft.Container(width=0, height=0)
    parts: list[cv.Path.PathElement] = [
        cv.Path.Oval((x - r) * size, (y - r) * size, 2 * r * size, 2 * r * size)
        for x, y, r in _CIRCLES[suit]]
    for points in _POLYGONS[suit]:
        (x0, y0), *rest = clockwise(points)
        parts += [cv.Path.MoveTo(x0 * size, y0 * size),
                  *[cv.Path.LineTo(x * size, y * size) for x, y in rest], cv.Path.Close()]
    return cv.Canvas([cv.Path(parts, paint=ft.Paint(color=colour))], width=size, height=size)


def clockwise(points: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    """A polygon's corners turning clockwise on screen (y down), as an oval is added to a path:
    a part turning the other way would cancel out where it overlaps a leaf (a hole), as a path
    is filled by its nonzero winding."""
    turn = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True))
    return points if turn > 0 else points[::-1]


def signed(control: ft.Control, suit: Any, size: float, colour: str) -> ft.Control:
    """``control`` with the suit's sign before it (a 24 colour: ``control`` alone)."""
    if suit not in _CIRCLES:
        return control
    return ft.Row([sign(suit, size, colour), control], spacing=4, tight=True,
                  alignment=ft.MainAxisAlignment.CENTER,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def look(trump: Any) -> tuple[str, str]:
    """Background and text colour of a trump (a 24 colour, a suit, or none)."""
    return TRUMP_COLOURS.get(trump) or SUIT_COLOURS.get(trump, NO_TRUMP)


def label(t: Callable[..., str], trump: Any, blind: bool = False, *, value: int = 1) -> str:
    """A trump in words: "Yellow blind", "Herz blind"; ``value``: what a trick is worth with it
    (the engine's :meth:`scoring.Game.value_of`), said as "×2", "×4" when above 1."""
    if trump in TRUMP_COLOURS:  # 24's colours have their own label (widgets)
        return trump_label(t, trump, blind)
    if trump is None:
        return t("No trump")
    name = t(NAMES[trump])
    if blind:
        name = f"{name} {t('blind')}"
    return name + (f" ×{value}" if value > 1 else "")


def trump_button(t: Callable[..., str], trump: Any, on_click: Callable[[], Any], *,
                 blind: bool = False, text: str | None = None, disabled: bool = False,
                 height: int = 56, selected: bool = False, value: int = 1) -> ft.Control:
    """A big button in the trump's colour with its name (and worth) written on it."""
    if trump in TRUMP_COLOURS:
        return colour_button(text or label(t, trump, blind), trump, on_click, disabled=disabled,
                             height=height, selected=selected)
    bg, fg = disabled_look() if disabled else look(trump)
    words = text if text is not None else label(t, trump, blind, value=value)
    big = height >= 56
    shown = ft.Text(words, size=19 if big else 15, weight=ft.FontWeight.BOLD, color=fg, no_wrap=True)
    return ft.Button(
        content=signed(shown, trump, 22 if big else 18, fg) if words else sign(trump, 22, fg),
        on_click=on_click, disabled=disabled, expand=True, height=height,
        style=ft.ButtonStyle(
            bgcolor=bg,
            shape=ft.RoundedRectangleBorder(radius=12),
            padding=ft.Padding.symmetric(horizontal=4),
            side=ft.BorderSide(4, ft.Colors.AMBER_400) if selected
            else ft.BorderSide(1, EDGE) if trump in EDGED else None,
        ),
    )


SMALLEST_READ = 10
"""px: the smallest word read across a table. A chip or badge whose word fits only smaller shows
its sign alone, the word as its tooltip."""


def fitting_size(word: str, width: float, largest: float = 12, smallest: float = 8) -> float:
    """A bold font size at which ``word`` fits ``width`` px ("Diamonds", "klaveren" in a 70 px chip).

    Flet's Text cannot shrink to fit; about 0.58 em per letter is what the bundled Roboto
    bold takes (the chips were measured in the screenshot tour).
    """
    return max(smallest, min(largest, width / (0.58 * max(len(word), 1))))


def round_chip(t: Callable[..., str], round_: Any, width: int = 70) -> ft.Control:
    """A round's trump on the Block: 24's chip, or the suit's sign and name (knock: "knock")."""
    if round_.trump in TRUMP_COLOURS:  # 24's chip (the final trump under variant A)
        return trump_chip(t, round_)
    bg, fg = look(round_.trump)
    word = t(NAMES[round_.trump]) if round_.trump else t("No trump")
    room = width - 8 - (6 if round_.blind else 0)  # padding (and the blind border)
    size = fitting_size(word, room - (15 if round_.trump else 0), smallest=0)  # beside its sign
    said = size >= SMALLEST_READ or not round_.trump  # else six players' narrow column: the sign
    name = ft.Text(word, size=max(size, 8), color=fg, weight=ft.FontWeight.BOLD, no_wrap=True,
                   overflow=ft.TextOverflow.CLIP)
    lines = [signed(name, round_.trump, 11, fg) if said else sign(round_.trump, 16, fg)]
    extra = t("blind") if round_.blind else t("knock") if round_.knock \
        else t("bid {n}", n=round_.bid) if round_.bid is not None else None
    if extra:
        lines.append(ft.Text(extra, size=fitting_size(extra, room, largest=11), color=fg,
                             weight=ft.FontWeight.BOLD, no_wrap=True))
    return ft.Container(
        content=ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=bg, border_radius=10, padding=ft.Padding.symmetric(horizontal=4, vertical=2),
        tooltip=None if said else word,
        border=ft.Border.all(3, ft.Colors.AMBER_400) if round_.blind
        else ft.Border.all(1, EDGE) if round_.trump in EDGED else None,
    )


def short(t: Callable[..., str], round_: Any) -> str:
    """The chart's letter for a round's trump: 24's ("Ge", "Rbl") or the suit's ("K", "Hbl")."""
    trump = round_.scored_trump
    return (t(SHORT[trump]) if trump else "–") + (t("bl") if round_.blind else "")
