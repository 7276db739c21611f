"""The Block itself: current scores large on top, a row per round below."""

from __future__ import annotations

import functools
from collections.abc import Callable

import flet as ft

from scoring import Game

from ..i18n import text
from ..state import AppState, format_score
from .view import view
from .widgets import trump_chip


def _badge(label: str, colour: str) -> ft.Control:
    return ft.Container(
        content=ft.Text(label, size=12, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE),
        bgcolor=colour, border_radius=8, padding=ft.Padding.symmetric(horizontal=6, vertical=1),
    )


@view(lambda app: app.game is not None)
def ScoreHeader(app: AppState) -> ft.Control:
    """Every player's score, big enough to read across the table, with who deals and calls."""
    game = app.game
    scores = game.scores
    caller = app.draft.caller if app.draft else None
    dealer = None if game.finished else game.next_dealer
    no_exchange = set(game.no_exchange)
    winners = set(game.outcome.winners) if game.outcome else set()
    tiles = []
    for name in game.players:
        badges = []
        if name == dealer:
            badges.append(_badge(app.t("deals"), ft.Colors.BLUE_GREY_600))
        if name == caller:
            badges.append(_badge(app.t("calls"), ft.Colors.DEEP_PURPLE_500))
        if name in no_exchange and not game.finished:
            badges.append(_badge(app.t("no_exchange"), ft.Colors.DEEP_ORANGE_700))
        if app.draft and name in app.draft.sat_out:
            badges.append(_badge(app.t("sits_out"), ft.Colors.GREY_600))
        tiles.append(
            ft.Semantics(
                identifier=f"score-{name}",
                label=f"{name} {format_score(scores[name])}",
                expand=True,
                content=ft.Container(
                    content=ft.Column(
                        [
                            ft.Text(name, size=15, weight=ft.FontWeight.W_600, no_wrap=True,
                                    overflow=ft.TextOverflow.ELLIPSIS),
                            ft.Text(format_score(scores[name]), size=32, weight=ft.FontWeight.BOLD),
                            ft.Row(badges, wrap=True, spacing=2, run_spacing=2,
                                   alignment=ft.MainAxisAlignment.CENTER),
                        ],
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    expand=True,
                    padding=4,
                    border_radius=10,
                    bgcolor=ft.Colors.TERTIARY_CONTAINER if name in winners
                    else ft.Colors.SURFACE_CONTAINER,
                ),
            )
        )
    return ft.Row(tiles, spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)


def _cell(score: int, delta: int | None, highlight: bool) -> ft.DataCell:
    lines = [ft.Text(format_score(score), size=17, weight=ft.FontWeight.BOLD)]
    if delta is not None:
        lines.append(ft.Text(format_score(delta, signed=True), size=12,
                             # Neutral: in 24 losing points is good, so red/green would mislead.
                             color=ft.Colors.ON_SURFACE_VARIANT,
                             weight=ft.FontWeight.BOLD if highlight else None))
    return ft.DataCell(ft.Column(lines, spacing=0, alignment=ft.MainAxisAlignment.CENTER))


@view(lambda game: game is not None, memo=True)
def BlockTable(game: Game, last_round: int | None, language: str,
               on_edit: Callable[[int], None] | None) -> ft.Control:
    """The paper Block: start row, then per round its trump, each running score and change.

    Drawn from plain values, so Flet redraws it only when the game, the
    highlighted round or the language change, not at every tap.
    """
    t = functools.partial(text, language)
    editable = on_edit is not None
    start = game.settings.start_score
    rows = [
        ft.DataRow(cells=[ft.DataCell(ft.Text("")), ft.DataCell(ft.Text("")),
                          *[_cell(start, None, False) for _ in game.players]])
    ]
    for round_, result in zip(game.rounds, game.results, strict=True):
        n = result.number
        highlight = n == last_round
        rows.append(
            ft.DataRow(
                cells=[
                    ft.DataCell(ft.Text(str(n), size=14)),
                    ft.DataCell(trump_chip(t, round_)),
                    *[
                        _cell(score, None if name in round_.sat_out else delta, highlight)
                        if name not in round_.sat_out
                        else ft.DataCell(ft.Column([
                            ft.Text(format_score(score), size=17, weight=ft.FontWeight.BOLD),
                            ft.Text(t("sits_out"), size=11, italic=True)], spacing=0))
                        for name, score, delta in zip(game.players, result.scores, result.deltas,
                                                      strict=True)
                    ],
                ],
                color=ft.Colors.TERTIARY_CONTAINER if highlight else None,
                on_select_change=(lambda _, n=n: on_edit(n)) if editable else None,
            )
        )
    return ft.Column(
        [
            ft.DataTable(
                columns=[
                    ft.DataColumn(ft.Text("#")),
                    ft.DataColumn(ft.Text(t("trump_is"))),
                    *[ft.DataColumn(ft.Text(name, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                                            width=56)) for name in game.players],
                ],
                rows=rows,
                column_spacing=10,
                horizontal_margin=6,
                heading_row_height=36,
                data_row_min_height=44,
                data_row_max_height=52,
                show_checkbox_column=False,
            ),
            ft.Text(t("tap_to_fix"), size=12, color=ft.Colors.ON_SURFACE_VARIANT,
                    visible=editable and bool(game.rounds)),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
