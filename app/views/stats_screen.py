"""Statistics across all stored games: a small wins chart, a sortable table, rename and merge."""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from ..state import AppState, format_score
from ..stats import COLUMNS, PlayerStats
from .top_bar import top_bar
from .view import view
from .widgets import message_text

WINS_COLOUR = "#1A237E"
FINISHED_COLOUR = "#C5CAE9"
CHART_PLAYERS = 8


def _number(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "–"
    if digits:
        return f"−{-value:.{digits}f}" if value < 0 else f"{value:.{digits}f}"
    return format_score(int(value))


def _cells(app: AppState, row: PlayerStats) -> list[str]:
    wins = str(row.wins) + (f" ({app.t('shared_n', n=row.shared_wins)})" if row.shared_wins else "")
    blind = app.t("blind_cell", n=row.blind_calls, clean=row.blind_no_trick,
                  points=format_score(row.blind_points, signed=True)) if row.blind_calls else "0"
    rate = "–" if row.win_rate is None else f"{round(row.win_rate * 100)} %"
    return [row.name, str(row.games), wins, rate, _number(row.average, 1), _number(row.best),
            _number(row.worst), str(row.no_trick), str(row.calls), str(row.calls_no_trick), blind,
            str(row.sat_out)]


def _table(app: AppState) -> ft.Control:
    columns = [
        ft.DataColumn(
            ft.Text(app.t(f"col_{c}"), size=14, weight=ft.FontWeight.BOLD),
            numeric=c != "name",
            on_sort=lambda _, c=c: app.sort_by(c),
        )
        for c in COLUMNS
    ]
    rows = [
        ft.DataRow(cells=[
            ft.DataCell(ft.Text(text, size=16, weight=ft.FontWeight.BOLD if i == 0 else None,
                                no_wrap=True))
            for i, text in enumerate(_cells(app, row))
        ])
        for row in app.stats
    ]
    table = ft.DataTable(
        columns=columns,
        rows=rows,
        sort_column_index=COLUMNS.index(app.stats_sort),
        sort_ascending=not app.stats_descending,
        column_spacing=18,
        horizontal_margin=8,
        heading_row_height=44,
        data_row_min_height=44,
        show_checkbox_column=False,
    )
    return ft.Semantics(identifier="stats-table", content=ft.Row([table], scroll=ft.ScrollMode.AUTO))


def _wins_chart(app: AppState) -> ft.Control:
    """Wins (dark) against finished games (light), one bar per player."""
    rows = [r for r in app.stats if r.games][:CHART_PLAYERS]
    top = max([r.finished for r in rows] + [1])
    groups = [
        fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=r.wins, width=22, color=WINS_COLOUR, border_radius=3,
            bg_from_y=0, bg_to_y=r.finished, bgcolor=FINISHED_COLOUR,
            tooltip=f"{r.name}: {r.wins}/{r.finished}")])
        for i, r in enumerate(rows)
    ]
    bottom = fch.ChartAxis(labels=[
        fch.ChartAxisLabel(value=i, label=ft.Text(r.name, size=12, no_wrap=True,
                                                   overflow=ft.TextOverflow.ELLIPSIS, width=56,
                                                   text_align=ft.TextAlign.CENTER))
        for i, r in enumerate(rows)], label_size=24)
    left = fch.ChartAxis(labels=[
        fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=12))
        for v in sorted({0, top, top // 2})], label_size=28)
    chart = fch.BarChart(groups=groups, max_y=top, min_y=0, bottom_axis=bottom, left_axis=left,
                         horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT,
                                                                  width=0.5, interval=max(1, top // 2)),
                         height=170, interactive=True)
    summary = ", ".join(f"{r.name} {r.wins}/{r.finished}" for r in rows)
    return ft.Semantics(
        identifier="wins-chart", label=f"{app.t('wins_chart')}: {summary}", container=True,
        content=ft.Column([ft.Text(app.t("wins_chart"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                           chart], spacing=4),
    )


def _rename(app: AppState) -> ft.Control:
    names = [r.name for r in app.stats]
    others = [n for n in names if n != app.rename_from]
    return ft.Column(
        [
            ft.Text(app.t("rename_title"), size=16, weight=ft.FontWeight.BOLD),
            ft.Semantics(identifier="rename-player", label=app.t("player"), content=ft.Dropdown(
                label=app.t("player"), value=app.rename_from,
                options=[ft.DropdownOption(key=n, text=n) for n in names],
                on_select=lambda e: app.choose_rename(e.control.value), width=260, dense=True)),
            ft.Row([
                ft.TextField(label=app.t("new_name"), value=app.rename_text, expand=True, dense=True,
                             on_change=lambda e: app.set_rename_text(e.control.value)),
                ft.FilledButton(content=app.t("rename"), on_click=app.rename_player, height=48),
            ]),
            ft.Row([
                ft.Semantics(identifier="merge-into", label=app.t("same_person"), content=ft.Dropdown(
                    label=app.t("same_person"), value=app.merge_into,
                    options=[ft.DropdownOption(key=n, text=n) for n in others],
                    on_select=lambda e: app.choose_merge(e.control.value), width=200, dense=True)),
                ft.FilledButton(content=app.t("merge"), on_click=app.merge_players, height=48,
                                disabled=app.merge_into is None),
            ], wrap=True),
            ft.Semantics(identifier="stats-message",
                         content=message_text(app.stats_message, error=app.stats_error))
            if app.stats_message else ft.Container(),
        ],
        spacing=10,
    )


@view()
def StatsScreen(app: AppState) -> ft.Control:
    """Every known player's figures over all stored games."""
    if not app.stats:
        body: list[ft.Control] = [message_text(app.stats_message or app.t("no_stats"),
                                               error=app.stats_error)]
    else:
        body = [
            _wins_chart(app),
            ft.Text(app.t("sort_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            _table(app),
            ft.Divider(),
            _rename(app),
        ]
    return ft.Column(
        [top_bar(app.t("statistics"), app.go_home, app.t("back")), *body],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=10,
    )
