"""Home: games in progress first, "New game", finished games below."""

from __future__ import annotations

import flet as ft

from ..state import AppState
from ..store import GameStatus, GameSummary
from .join import JoinPanel
from .top_bar import icon_action
from .view import view
from .widgets import message_text, wide_button


def _game_tile(app: AppState, summary: GameSummary) -> ft.Control:
    if summary.status is GameStatus.FINISHED:
        line = app.t("won_line", winners=app.names(summary.winners))
    elif summary.rounds:
        line = app.t("game_line", round=summary.rounds + 1, leader=app.names(summary.leaders))
    else:
        line = app.t("game_line_start")
    return ft.ListTile(
        title=ft.Text(" · ".join(summary.players), size=18, weight=ft.FontWeight.W_600),
        subtitle=ft.Text(f"{summary.created.astimezone():%d.%m.%Y %H:%M} · {line}"),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        on_click=lambda: app.open_game(summary.id),
    )


@view()
def Home(app: AppState) -> ft.Control:
    """The list of games and the way into a new one."""
    running = [g for g in app.games if g.status is GameStatus.PLAYING]
    finished = [g for g in app.games if g.status is GameStatus.FINISHED]
    notices = [
        ft.Container(
            content=ft.Column([
                ft.Text(app.t("notice"), weight=ft.FontWeight.BOLD),
                *[ft.Text(n) for n in app.notices],
                ft.TextButton(content="OK", on_click=app.dismiss_notices),
            ]),
            bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=12, border_radius=8,
        )
    ] if app.notices else []
    sections: list[ft.Control] = []
    if running:
        sections += [ft.Text(app.t("open_games"), size=16, weight=ft.FontWeight.BOLD),
                     *[_game_tile(app, g) for g in running]]
    if finished:
        sections += [ft.Text(app.t("finished_games"), size=16, weight=ft.FontWeight.BOLD),
                     *[_game_tile(app, g) for g in finished]]
    if not app.games:
        sections.append(message_text(app.t("no_games"), error=False))
    return ft.Column(
        [
            ft.Row([
                ft.Text(app.t("app_title"), size=28, weight=ft.FontWeight.BOLD, expand=True),
                icon_action(ft.Icons.SETTINGS, app.t("settings"), app.open_settings, "settings"),
            ]),
            *notices,
            JoinPanel(app),
            wide_button(app.t("new_game"), lambda: app.new_game_form(), icon=ft.Icons.ADD),
            wide_button(app.t("statistics"), app.open_stats, icon=ft.Icons.LEADERBOARD, primary=False),
            *sections,
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=12,
    )
