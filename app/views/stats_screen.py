"""Statistics across all stored games: a small wins chart, a sortable table, rename and merge."""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from ..books import BOOKS
from ..i18n import N_, format_percent, format_score
from ..state import AppState, Notice, StatsBoard
from ..state.stats import COLUMNS, PlayerStats
from .top_bar import top_bar
from .view import view
from .widgets import act, low, notice_line

# The legend says "strong" and "pale": the same colour at full and a third strength keeps it
# true in light and in dark (primary_container is the darker one in dark).
WINS_COLOUR = ft.Colors.PRIMARY
FINISHED_COLOUR = ft.Colors.with_opacity(0.3, ft.Colors.PRIMARY)
SCROLLS_BELOW = 1000  # px: under this width the figures scroll sideways, and the hint says so
CHART_PLAYERS = 8
HEADS = {
    "name": N_("Player"), "finished": N_("Games (finished)"), "wins": N_("Wins"), "win_rate": N_("Win %"),
    "average": N_("Avg. final"), "best": N_("Best"), "worst": N_("Worst"), "no_trick": N_("No trick"),
    "calls": N_("Calls"), "calls_no_trick": N_("Own trump, no trick"),
    "blind_calls": N_("{blind_suit} blind"), "sat_out": N_("Sat out"),
}
"""The head of each column of :data:`app.state.stats.COLUMNS` in 24's words (a rule book may word a column
its own way: :attr:`app.books.Book.stats_words`); a ``{blank}`` takes the shown book's figure (its blind
suit: "Yellow blind", "Hearts blind")."""


def _number(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "–"
    if digits:
        return f"−{-value:.{digits}f}" if value < 0 else f"{value:.{digits}f}"
    return format_score(int(value))


def _cells(board: StatsBoard, row: PlayerStats) -> list[str]:
    t = board.t
    nt = board.nt
    shared = nt("{n} shared", "{n} shared", n=row.shared_wins)
    wins = str(row.wins) + (f" ({shared})" if row.shared_wins else "")
    blind = t("{n} · {clean} no trick · {points} pts", n=row.blind_calls, clean=row.blind_no_trick,
              points=format_score(row.blind_points, signed=True)) if row.blind_calls else "0"
    rate = "–" if row.win_rate is None else format_percent(board.prefs.language, row.win_rate)
    return [row.name, str(row.finished), wins, rate, _number(row.average, 1), _number(row.best),
            _number(row.worst), str(row.no_trick), str(row.calls), str(row.calls_no_trick), blind,
            str(row.sat_out)]


def _table(board: StatsBoard) -> ft.Control:
    """The name column stays put; the figures scroll sideways beside it (a phone is narrow)."""
    def column(c: str) -> ft.DataColumn:
        return ft.DataColumn(ft.Text(board.head(c, HEADS[c]), size=14, weight=ft.FontWeight.BOLD),
                             numeric=c != "name", on_sort=lambda _, c=c: board.sort_by(c))

    cells = [_cells(board, row) for row in board.rows]
    shape = dict(heading_row_height=48, data_row_min_height=48, data_row_max_height=48,
                 horizontal_margin=8, show_checkbox_column=False, sort_ascending=not board.descending)
    sorted_at = COLUMNS.index(board.sort)
    names = ft.DataTable(
        columns=[column("name")],
        rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(c[0], size=16, weight=ft.FontWeight.BOLD,
                                                    no_wrap=True))]) for c in cells],
        sort_column_index=0 if sorted_at == 0 else None, column_spacing=8, **shape)
    figures = ft.DataTable(
        columns=[column(c) for c in COLUMNS[1:]],
        rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(text, size=16, no_wrap=True)) for text in c[1:]])
              for c in cells],
        sort_column_index=sorted_at - 1 if sorted_at else None, column_spacing=18, **shape)
    return ft.Semantics(identifier="stats-table", content=ft.Row(
        [names, ft.Row([figures], scroll=ft.ScrollMode.AUTO, expand=True)],
        spacing=0, vertical_alignment=ft.CrossAxisAlignment.START))


def table_width(board: StatsBoard) -> float:
    """About how wide the table is drawn: each column as wide as its head (bold 14 px, with the sort
    arrow) or its widest cell (16 px), about 0.6 em a letter, and the spacing between them."""
    cells = [_cells(board, row) for row in board.rows]
    width = 2 * 8.0
    for i, c in enumerate(COLUMNS):
        widest = max((len(row[i]) for row in cells), default=0)
        width += max(0.6 * 14 * len(board.head(c, HEADS[c])) + 18, 0.6 * 16 * widest) + 18
    return width


def scrolls_sideways(board: StatsBoard, window: float) -> bool:
    """Whether the figures scroll sideways in this window: a phone's, or a window narrower than the
    table (at 1280 px 24's "Yellow blind" column was cut at the edge, and no hint said more lay beyond)."""
    return window > 0 and (window < SCROLLS_BELOW or table_width(board) > window - 80)


def _wins_chart(board: StatsBoard) -> ft.Control:
    """Wins (strong) against finished games (pale), one bar per player; none finished: says so."""
    rows = [r for r in board.rows if r.finished][:CHART_PLAYERS]
    if not rows:  # an empty frame with axis numbers would look broken
        return ft.Semantics(identifier="wins-chart", content=ft.Text(
            board.t("No finished game yet: the chart shows the wins once a game ends."), size=15,
            color=ft.Colors.ON_SURFACE_VARIANT))
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
    title = board.t("Wins (strong bar) of finished games (pale bar behind it)")
    return ft.Semantics(
        identifier="wins-chart", label=f"{title}: {summary}", container=True,
        content=ft.Column([ft.Text(title,
                                   size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                           chart], spacing=4),
    )


def _books(board: StatsBoard) -> ft.Control:
    """24 or 20 ab (shown only when games of both are stored: their figures are never mixed)."""
    if len(board.books) < 2:
        return ft.Container()
    return ft.Row(
        [ft.Text(board.t("Rule book"), size=16),
         *(ft.Button(content=board.t(BOOKS[book].title), height=48,
                     on_click=lambda _, b=book: board.choose_book(b),
                     icon=ft.Icons.CHECK if book == board.book else None,
                     style=ft.ButtonStyle(side=ft.BorderSide(3, ft.Colors.PRIMARY)) if book == board.book
                     else None)
           for book in board.books)],
        wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _rename(board: StatsBoard) -> ft.Control:
    names = board.names
    others = [n for n in names if n != board.rename_from]
    # The new name being typed, for the player it was typed for (another chosen, e.g. by
    # switching the rule book: that player's name again).
    (typed_for, typed), set_pair = ft.use_state((board.rename_from, board.rename_from or ""))
    if typed_for != board.rename_from:
        typed = board.rename_from or ""

    def set_typed(value: str) -> None:
        set_pair((board.rename_from, value if isinstance(value, str) else ""))  # (a crafted phone's)

    async def rename() -> None:
        if await board.rename(typed):
            set_typed(board.rename_from or "")

    def choose(e: ft.Event) -> None:
        board.choose_rename(e.control.value)
        set_typed(e.control.value)

    return ft.Column(
        [
            ft.Text(board.t("Rename or merge a player"), size=16, weight=ft.FontWeight.BOLD),
            ft.Semantics(identifier="rename-player", label=board.t("Player"), content=ft.Dropdown(
                label=board.t("Player"), value=board.rename_from,
                options=[ft.DropdownOption(key=n, text=n) for n in names],
                on_select=choose, width=260, dense=True)),
            ft.Row([
                ft.TextField(label=board.t("New name"), value=typed, expand=True, dense=True,
                             on_change=lambda e: set_typed(e.control.value)),
                ft.FilledButton(content=board.t("Rename everywhere"), on_click=rename, height=48),
            ]),
            ft.Row([
                ft.Semantics(identifier="merge-into", label=board.t("Same person as"), content=ft.Dropdown(
                    label=board.t("Same person as"), value=board.merge_into,
                    options=[ft.DropdownOption(key=n, text=n) for n in others],
                    on_select=lambda e: board.choose_merge(e.control.value), width=200, dense=True)),
                ft.FilledButton(content=board.t("Merge"), on_click=act(board.merge), height=48,
                                disabled=board.merge_into is None),
            ], wrap=True),
            ft.Semantics(identifier="stats-message", content=notice_line(board.notice))
            if board.notice else ft.Container(),
        ],
        spacing=10,
    )


@view()
def StatsScreen(board: StatsBoard, app: AppState) -> ft.Control:
    """Every known player's figures over all stored games (finished games count, and it says so)."""
    if not board.names:
        body: list[ft.Control] = [notice_line(board.notice or Notice(board.t("No games stored yet.")))]
    elif not board.rows:  # games, none finished: the chart says so; names can still be mended
        body = [_books(board), _wins_chart(board), ft.Divider(), RenamePanel(board)]
    else:
        prefs = app.prefs
        hint = board.t("Tap a column to sort") + (" · " + board.t("swipe sideways for more columns")
                                                  if scrolls_sideways(board, prefs.width) else "")
        figures = [ft.Text(board.t("Counted over finished games only."), size=13,
                           color=ft.Colors.ON_SURFACE_VARIANT),
                   ft.Text(hint, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                   _table(board)]
        chart = [_wins_chart(board)]
        body = [_books(board), *(figures + chart if low(prefs) else chart + figures),
                ft.Divider(), RenamePanel(board)]
    return ft.Column(
        [top_bar(board.t("Statistics"), app.back, board.t("Back")), *body],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=10,
    )


RenamePanel = ft.component(_rename)
