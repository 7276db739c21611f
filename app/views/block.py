"""The Block itself: the names and current scores on top (always in view), a row per round below.

The rows scroll under the fixed names row and follow the newest round (auto
scroll to the end after every change). Each row tells the round: its number
and caller, the trump (called → final under A, "blind" written out), who sat
out, every change and every score. A 20 ab row also shows the bid or the knock
(with the suit), and under the change what a bare number hides: a missed
contract, "stays at 3", the dealer's third misdeal strike (+12) and 100 → 10.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable

import flet as ft

from scoring import Game, Round

from ..i18n import NAMES, format_score, names_in, ntext, round_notes, text
from ..state import Table
from ..state.words import shows_change
from . import suits
from .view import view
from .widgets import act, quiet

NUMBER_WIDTH = 30
TRUMP_WIDTH = 70
SIX_TRUMP_WIDTH = 58
"""Six players (20 ab, Z1) at 390 px: the trump column gives the score columns room."""


BADGE_SIGNS = {"deals": ft.Icons.STYLE, "calls": ft.Icons.CAMPAIGN,
               "no exchange": ft.Icons.SYNC_DISABLED, "sits out": ft.Icons.PAUSE_CIRCLE}
"""A badge's sign where its words do not fit one line of the tile: cards for the dealer, a
megaphone for the caller. The same words stay on screen below (the call names the caller and
the dealer); the sign's tooltip says them too."""


def badge_fits(label: str, narrow: bool, room: float) -> float | None:
    """The size at which ``label`` fits one line of a tile ``room`` px wide, or ``None`` when only
    a size under :data:`suits.SMALLEST_READ` would (a wrapped "kiest / troef" made the tile taller and
    pushed the newest round out of a small phone's view)."""
    size = suits.fitting_size(label, room - _padding(narrow), largest=10 if narrow else 11,
                              smallest=0)
    return size if size >= suits.SMALLEST_READ else None


def _padding(narrow: bool) -> int:
    return 4 if narrow else 10


def _badge(key: str, label: str, colour: str, narrow: bool = False, room: float = 60) -> ft.Control:
    """A badge under a name ("deals", "no exchange"): the whole phrase on one line where it fits
    ``room`` px, else its sign with the phrase as its tooltip; never a word cut or wrapped."""
    size = badge_fits(label, narrow, room)
    shown: ft.Control = ft.Text(label, size=size, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE,
                                no_wrap=True) if size is not None \
        else ft.Icon(BADGE_SIGNS[key], size=15, color=ft.Colors.WHITE)
    return ft.Container(
        content=shown, bgcolor=colour, border_radius=8, tooltip=None if size is not None else label,
        padding=ft.Padding.symmetric(horizontal=_padding(narrow) // 2, vertical=1),
    )


NAME_SMALLEST = 11
"""px: a name on its tile is made no smaller (a longer one is cut at its end, the last resort)."""


def letters(name: str) -> float:
    """A name's width in letters: an emoji ("🃏 Jan 👑") takes about two, a space half of one."""
    return sum(2 if ord(c) > 0x2000 else 0.5 if c == " " else 1 for c in name)


def name_size(name: str, room: float) -> float:
    """The size of a name on its tile: 14 px, smaller where the whole name then fits (a name
    cut to "🃏 Jan …" at 390 px with four players is not read)."""
    return max(NAME_SMALLEST, min(14.0, (room - 4) / (0.58 * max(letters(name), 1))))


def tile_room(window: float, players: int) -> float:
    """About the width of one name's tile on the Block (the Block has half a wide window)."""
    block = window if 0 < window < 700 else max(window * 0.5, 390)
    return (block - 12 - NUMBER_WIDTH - trump_width(players) - 2 * (players + 1)) / players - 4


def trump_width(players: int) -> int:
    """The trump column's width: narrower with six players so their scores keep room."""
    return SIX_TRUMP_WIDTH if players >= 6 else TRUMP_WIDTH


def _columns(first: ft.Control, second: ft.Control, cells: list[ft.Control]) -> ft.Control:
    """One line of the Block: the round's number and trump, then one cell per player (seat order)."""
    return ft.Row(
        [ft.Container(first, width=NUMBER_WIDTH),
         ft.Container(second, width=trump_width(len(cells))),
         *[ft.Container(c, expand=1, alignment=ft.Alignment.CENTER) for c in cells]],
        spacing=2,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@view(lambda table: table.game is not None)
def ScoreHeader(table: Table) -> ft.Control:
    """Every player's name and score, big enough to read across the table; who deals and calls."""
    game = table.game
    scores = game.scores
    draft = table.draft
    caller = draft.caller if draft else None
    dealer = None if game.finished else game.next_dealer
    no_exchange = set(game.no_exchange)
    winners = set(game.outcome.winners) if game.outcome else set()
    narrow = len(game.players) >= 5  # "setzt aus" must fit a fifth of 390 px
    room = tile_room(table.prefs.width, len(game.players))
    t = table.prefs.t
    tiles = []
    for name in game.players:
        badges = []
        if name == dealer:
            badges.append(_badge("deals", t("deals"), ft.Colors.BLUE_GREY_600, narrow, room))
        if name == caller:
            badges.append(_badge("calls", t("calls"), CALLER_MARK, narrow, room))
        if name in no_exchange and not game.finished:
            badges.append(_badge("no exchange", t("no exchange"), ft.Colors.DEEP_ORANGE_900, narrow, room))
        if draft and name in draft.sat_out:
            badges.append(_badge("sits out", t("sits out"), ft.Colors.GREY_600, narrow, room))
        tiles.append(ft.Semantics(
            identifier=f"score-{name}",
            label=f"{name} {format_score(scores[name])}",
            exclude_semantics=True,  # read once: the label says it all
            content=ft.Container(
                content=ft.Column(
                    [
                        ft.Text(name, size=name_size(name, room), weight=ft.FontWeight.W_600,
                                no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                        ft.Text(format_score(scores[name]), size=26, weight=ft.FontWeight.BOLD),
                        ft.Row(badges, wrap=True, spacing=2, run_spacing=2,
                               alignment=ft.MainAxisAlignment.CENTER),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                padding=ft.Padding.symmetric(horizontal=2, vertical=3),
                border_radius=10,
                bgcolor=ft.Colors.TERTIARY_CONTAINER if name in winners else ft.Colors.SURFACE_CONTAINER,
            ),
        ))
    names = _columns(ft.Text("#", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                     ft.Text(table.prefs.t("Trump"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                     tiles)
    # The "no exchange" sign (its words did not fit a tile) said in words once, under the names.
    shown = [p for p in game.players if p in no_exchange] if not game.finished else []
    if not shown or badge_fits(t("no exchange"), narrow, room) is not None:
        return names
    said = t("{names}: no exchange ({n} points or fewer)", names=names_in(table.prefs.language, shown),
             n=game.no_exchange_at_or_below)
    return ft.Column([names, ft.Row(
        [ft.Container(ft.Icon(BADGE_SIGNS["no exchange"], size=15, color=ft.Colors.WHITE),
                      bgcolor=ft.Colors.DEEP_ORANGE_900, border_radius=8,  # as on the tile
                      padding=ft.Padding.symmetric(horizontal=2, vertical=1)),
         ft.Text(said, size=12, color=ft.Colors.ON_SURFACE_VARIANT, expand=True)],
        spacing=4)], spacing=2)


CALLER_MARK = ft.Colors.DEEP_PURPLE_500
"""The "calls" badge's colour: the caller's cell in each round is marked with it."""


def _cell(t: Callable[..., str], score: int, delta: int, highlight: bool,
          notes: list[str] | None = None, out: bool = False, called: bool = False,
          misdeals: str | None = None) -> ft.Control:
    shown = ft.Text(format_score(score), size=17, weight=ft.FontWeight.BOLD)
    lines: list[ft.Control] = [ft.Container(shown, border=ft.Border.only(
        bottom=ft.BorderSide(3, CALLER_MARK))) if called else shown]
    if out:  # sat out: free (24, Württemberg) or +1/+2 (Z15)
        lines.append(ft.Text(t("out") + (f" {format_score(delta, signed=True)}"
                                         if shows_change(delta, out) else ""),
                             size=11, italic=True))
    else:
        lines.append(ft.Text(format_score(delta, signed=True), size=12,
                             # Neutral: in 24 losing points is good, so red/green would mislead.
                             color=ft.Colors.ON_SURFACE_VARIANT,
                             weight=ft.FontWeight.BOLD if highlight else None))
    if misdeals:  # the dealer's count of this round: a fact, not a fault (no error red)
        lines.append(ft.Text(misdeals, size=10, color=ft.Colors.ON_SURFACE_VARIANT,
                             weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER))
    lines += [ft.Text(note, size=10, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600,
                      text_align=ft.TextAlign.CENTER) for note in notes or ()]
    return ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def _misdeals(language: str, round_: Round) -> dict[str, str]:
    """The dealer's misdeals before this deal (Z17; every one a strike, not only the third
    that costs), by the dealer."""
    if not round_.misdeals or round_.dealer is None:
        return {}
    return {round_.dealer: ntext(language, "{n} misdeal", "{n} misdeals", n=round_.misdeals)}


def _notes(language: str, game: Game, round_: Round, number: int) -> dict[str, list[str]]:
    """What a round says beyond the change, as it is read: the dealer's misdeals, then the
    engine's notes."""
    notes = round_notes(functools.partial(text, language), game, number)
    for dealer, said in _misdeals(language, round_).items():
        notes[dealer] = [said, *notes.get(dealer, ())]
    return notes


def row_label(t: Callable[..., str], game: Game, round_: Round, scores: tuple[int, ...],
              deltas: tuple[int, ...], number: int, notes: dict[str, list[str]] | None = None) -> str:
    """A round as a screen reader reads it (once): number, caller, trump, each player."""
    final = round_.final_trump  # variant A
    trump = suits.label(t, final or round_.trump, round_.blind)
    if final is not None:
        trump = t("{called}, then {final}", called=t(NAMES[round_.trump]), final=trump)
    if round_.knock:
        trump = f"{t('knock')}, {trump}"
    elif round_.bid is not None:
        trump = f"{trump}, {t('bid {n}', n=round_.bid)}"
    notes = round_notes(t, game, number) if notes is None else notes
    players = ", ".join(
        f"{name} {format_score(score)}" + (f" {t('sits out')}" if name in round_.sat_out else "")
        + (f" ({format_score(delta, signed=True)})" if shows_change(delta, name in round_.sat_out)
           else "")
        + "".join(f" ({note})" for note in notes.get(name, ()))
        for name, score, delta in zip(game.players, scores, deltas, strict=True))
    return f"{t('Round {n}', n=number)}: {round_.caller} · {trump}; {players}"


@view(lambda game: game is not None, memo=True)
def BlockRows(game: Game, last_round: int | None, language: str,
              on_edit: Callable[[int], Awaitable[None]] | None, scrolls: bool = True) -> ft.Control:
    """The paper Block below the names: start row, then per round its trump, each change and score.

    Drawn from plain values, so Flet redraws it only when the game, the
    highlighted round or the language change, not at every tap. Without ``scrolls``
    the rows do not scroll on their own: they are the top of a column that scrolls
    (a long call on an upright phone), the newest row marked for scrolling to it.
    """
    t = functools.partial(text, language)
    start = game.settings.start
    rows: list[ft.Control] = [
        _columns(ft.Text("", size=12), ft.Text(t("Start"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                 [ft.Text(format_score(start), size=17, weight=ft.FontWeight.BOLD)
                  for _ in game.players])
    ]
    for round_, result in zip(game.rounds, game.results, strict=True):
        n = result.number
        if not scrolls and n == len(game.rounds):
            rows.append(_newest_mark())
        highlight = n == last_round
        # The caller is marked on his own cell (the header's "calls" colour): his name cut to
        # three letters under the number read "Car", "Dor".
        number = ft.Text(str(n), size=14, weight=ft.FontWeight.BOLD)
        notes = round_notes(t, game, n)
        misdeals = _misdeals(language, round_)
        line = _columns(number, suits.round_chip(t, round_, trump_width(len(game.players))), [
            _cell(t, score, delta, highlight, notes.get(name), out=name in round_.sat_out,
                  called=name == round_.caller, misdeals=misdeals.get(name))
            for name, score, delta in zip(game.players, result.scores, result.deltas, strict=True)])
        rows.append(ft.Semantics(
            identifier=f"round-{n}",
            label=row_label(t, game, round_, result.scores, result.deltas, n,
                            _notes(language, game, round_, n)),
            button=on_edit is not None,
            content=ft.Container(
                quiet(line),
                bgcolor=ft.Colors.TERTIARY_CONTAINER if highlight else None,
                border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
                padding=ft.Padding.symmetric(vertical=3),
                on_click=act(on_edit, n) if on_edit is not None else None,
            ),
        ))
    if on_edit is not None and game.rounds:
        rows.append(ft.Text(t("Tap a round to correct it"), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    if not scrolls:
        return ft.Column(rows, spacing=0)
    # auto_scroll: after every change the newest round is in view.
    return ft.Column(rows, spacing=0, scroll=ft.ScrollMode.AUTO, auto_scroll=True, expand=True)


PEEK = 14
"""Pixels of the round before the newest left in view above it where the long call opens there:
a sign that the older rounds are a scroll up."""
NEWEST_KEY = "newest-round"
"""The key the long call scrolls to: a mark :data:`PEEK` pixels above the newest round's row."""


def _newest_mark() -> ft.Control:
    # no height of its own: the keyed box hangs above the newest row, over the round before
    return ft.Stack([ft.Container(key=ft.ScrollKey(NEWEST_KEY), top=-PEEK, left=0, width=1, height=PEEK)],
                    height=0, clip_behavior=ft.ClipBehavior.NONE)
