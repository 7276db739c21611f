"""The score chart: every player's score after every round, the 0 line and the limit line
(20 ab: only when the table set an upper limit, Z19).

Trump is written under each round on the round axis (a chip in the trump
colour carrying the colour's letter: colour is never the only signal). The
winner's line (the leader's while the game goes on) is drawn thick; the legend
names every line with its score, a trophy for the winner.
"""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from ..i18n import format_score
from ..state import AppState, Prefs, Table
from ..state.stats import score_lines
from . import suits
from .top_bar import top_bar
from .view import view

# Okabe–Ito colours (told apart with colour-blindness), none of them a trump colour's twin.
LINE_COLOURS = ("#0072B2", "#D55E00", "#7B3294", "#009E73", "#CC79A7", "#E69F00")
POINT_SHAPES = ("circle", "square", "cross", "circle", "square", "cross")
PER_ROUND = 34  # px on the round axis: room for a trump chip
CHART_HEIGHT = 250
"""The least height of the chart; on its own screen it takes the height the window has."""
ABOVE_CHART = 56 + 6 + 6 + 12
"""What its screen draws above and around the chart: the top bar, gaps, the page's padding."""
LEGEND_ROW = 26


def chart_height(prefs: Prefs, legend: list[str]) -> int:
    """The height that fills the window under the top bar and the legend (``legend``: its
    lines' words; a portrait phone's chart filled 40 % of it at a fixed 250 px)."""
    width = max(min(prefs.width or 390, 1200) - 24, 100)
    # each legend item: its line sample, the words (about 8.5 px a letter at 15 px), the gap
    rows, used = 1, 0.0
    for words in legend:
        item = 22 + 4 + 8.5 * len(words) + 12
        if used and used + item > width:
            rows, used = rows + 1, 0.0
        used += item
    return max(CHART_HEIGHT, int((prefs.height or 0) - ABOVE_CHART - rows * LEGEND_ROW - 24))
# Theme colours: a fixed near-black 0 line vanished in dark, a fixed red limit read at 3.3:1 there.
ZERO_COLOUR = ft.Colors.ON_SURFACE_VARIANT
LIMIT_COLOUR = ft.Colors.ERROR


def _point(shape: str, colour: str, big: bool) -> fch.ChartPointShape:
    size = 5 if big else 3.5
    if shape == "square":
        return fch.ChartSquarePoint(color=colour, size=size * 2, stroke_width=0)
    if shape == "cross":
        return fch.ChartCrossPoint(color=colour, size=size * 2.5, width=2.5)
    return fch.ChartCirclePoint(color=colour, radius=size, stroke_width=0)


def _reference(y: int, last: int, colour: str, width: float) -> fch.LineChartData:
    """A horizontal dashed line across the chart (0 or the limit); no points, no tooltip."""
    return fch.LineChartData(
        points=[fch.LineChartDataPoint(0, y, show_tooltip=False),
                fch.LineChartDataPoint(last, y, show_tooltip=False)],
        color=colour, stroke_width=width, dash_pattern=[8, 5], point=False,
    )


def _trump_label(table: Table, number: int, round_) -> ft.Control:
    bg, fg = suits.look(round_.scored_trump)
    letter = suits.short(table.prefs.t, round_)
    return ft.Column(
        [
            ft.Text(str(number), size=11, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Container(
                content=ft.Text(letter, size=12, weight=ft.FontWeight.BOLD, color=fg, no_wrap=True),
                bgcolor=bg, border_radius=6, padding=ft.Padding.symmetric(horizontal=4, vertical=0),
                border=ft.Border.all(2, ft.Colors.BLACK) if round_.blind else None,
            ),
        ],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _legend(table: Table, emphasised: set[str]) -> ft.Control:
    game = table.game
    scores = game.scores
    winners = set(game.outcome.winners) if game.outcome else set()
    items = []
    for seat, name in enumerate(game.players):
        big = name in emphasised
        colour = LINE_COLOURS[seat % len(LINE_COLOURS)]
        trophy = [ft.Icon(ft.Icons.EMOJI_EVENTS, size=18, color="#B8860B")] if name in winners else []
        items.append(ft.Row(
            [
                ft.Container(width=22, height=6 if big else 3, bgcolor=colour, border_radius=2),
                *trophy,
                ft.Text(f"{name} {format_score(scores[name])}", size=15,
                        weight=ft.FontWeight.BOLD if big else ft.FontWeight.W_500),
            ],
            spacing=4, tight=True,
        ))
    limit = game.settings.limit
    if limit is not None:  # 20 ab has no upper limit unless the table set one (Z19)
        items.append(ft.Row([
            ft.Container(width=22, height=0, border=ft.Border.only(top=ft.BorderSide(2, LIMIT_COLOUR))),
            ft.Text(table.prefs.t("limit {limit}", limit=limit), size=13, color=LIMIT_COLOUR),
        ], spacing=4, tight=True))
    return ft.Row(items, wrap=True, spacing=12, run_spacing=2)


@view(lambda table: table.game is not None)
def ScoreChart(table: Table, prefs: Prefs) -> ft.Control:
    """The running scores as lines, readable on a phone at arm's length."""
    game = table.game
    lines = score_lines(game)
    rounds = len(game.rounds)
    last = max(rounds, 1)
    limit = game.settings.limit
    start = game.settings.start
    values = [v for line in lines.values() for v in line]
    low, high = min(0, *values), max(limit or start, *values)
    pad = max(2, (high - low) // 12)
    emphasised = set(game.leaders) if rounds else set()  # R13/Z20: the engine's leaders

    series = [_reference(0, last, ZERO_COLOUR, 2)]
    if limit is not None:
        series.append(_reference(limit, last, LIMIT_COLOUR, 2.5))
    references = len(series)
    for seat, (name, line) in enumerate(lines.items()):
        big = name in emphasised
        colour = LINE_COLOURS[seat % len(LINE_COLOURS)]
        series.append(fch.LineChartData(
            points=[fch.LineChartDataPoint(x, y, tooltip=f"{name} {format_score(y)}")
                    for x, y in enumerate(line)],
            color=colour,
            stroke_width=5 if big else 2.5,
            point=_point(POINT_SHAPES[seat % len(POINT_SHAPES)], colour, big),
            rounded_stroke_cap=True,
        ))
    if emphasised:  # the emphasised lines on top
        series = series[:references] + sorted(series[references:], key=lambda s: s.stroke_width)

    # fl_chart draws a label only where its axis steps land: steps of the start score hit 0, 24, 48
    # (20 ab without an upper limit: every step of the start score up to the highest line)
    y_labels = tuple(range(0, high + 1, start)) if limit is None else (0, start, limit)
    left = fch.ChartAxis(
        labels=[fch.ChartAxisLabel(value=v, label=ft.Text(
            format_score(v), size=13, weight=ft.FontWeight.BOLD,
            color=LIMIT_COLOUR if v == limit else None)) for v in y_labels],
        label_size=34, label_spacing=start, show_min=False, show_max=False,
    )
    bottom = fch.ChartAxis(
        labels=[fch.ChartAxisLabel(value=n, label=_trump_label(table, n, r))
                for n, r in enumerate(game.rounds, start=1)],
        # Whole rounds only: one label step per round (never 0.1 … 0.9 in round 1).
        label_spacing=1, label_size=40, show_min=False, show_max=True,
        show_labels=bool(game.rounds),
    )
    available = min(prefs.width or 390, 1200) - 24
    width = max(available, 50 + last * PER_ROUND)
    chart = fch.LineChart(
        data_series=series,
        min_x=0, max_x=last, min_y=low - pad, max_y=high + pad,
        left_axis=left, bottom_axis=bottom,
        horizontal_grid_lines=fch.ChartGridLines(interval=max(1, start // 2),
                                                 color=ft.Colors.OUTLINE_VARIANT, width=0.5),
        vertical_grid_lines=fch.ChartGridLines(interval=1, color=ft.Colors.OUTLINE_VARIANT, width=0.5),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        tooltip=fch.LineChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE, fit_inside_horizontally=True,
                                     fit_inside_vertically=True),
        animation=ft.Animation(duration=ft.Duration(milliseconds=0)),
        width=width,
        height=chart_height(prefs, [f"{p} {format_score(s)}" for p, s in game.scores.items()]
                            + ([table.prefs.t("limit {limit}", limit=limit)] if limit is not None else [])),
    )
    body = chart if width <= available else ft.Row([chart], scroll=ft.ScrollMode.AUTO, auto_scroll=True)
    scores = ", ".join(f"{p} {format_score(s)}" for p, s in game.scores.items())
    return ft.Semantics(
        identifier="score-chart",
        label=table.prefs.nt("Score chart after {n} round: {scores}. Limit {limit}.",
                       "Score chart after {n} rounds: {scores}. Limit {limit}.", n=rounds, scores=scores,
                       limit=limit) if limit is not None
        else table.prefs.nt("Score chart after {n} round: {scores}.",
                            "Score chart after {n} rounds: {scores}.", n=rounds, scores=scores),
        container=True,
        content=ft.Column([_legend(table, emphasised), body], spacing=6),
    )


@view(lambda table: table.game is not None)
def ChartScreen(table: Table, app: AppState, prefs: Prefs) -> ft.Control:
    """The chart on its own screen (never over the round controls); Back returns to the Block."""
    return ft.Column(
        [top_bar(table.prefs.t("Chart"), app.back, table.prefs.t("Back")), ScoreChart(table, prefs)],
        scroll=ft.ScrollMode.AUTO, expand=True, spacing=8,
    )
