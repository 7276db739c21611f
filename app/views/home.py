"""Home: games in progress first, "New game", finished games below; a game can be deleted."""

from __future__ import annotations

import flet as ft

from ..books import heading
from ..i18n import dotted, format_date
from ..state import GAMES_PAGE, TRASH_DAYS, AppState, GameStatus, GameSummary, Prefs
from .confirm import ConfirmButton
from .join import JoinPanel
from .phones import PhonesPanel
from .top_bar import icon_action
from .view import view
from .widgets import act, message_text, wide_button


def _game_tile(app: AppState, summary: GameSummary) -> ft.Control:
    """One game: a ListTile that opens it, and its delete button beside it (not inside: a button
    in a button is one tap target to a screen reader). No wrapper more than that: home draws a
    page of these on every return, each control costs the server's diff and the phone's layout."""
    if summary.status is GameStatus.FINISHED:
        line = app.nt("{winners} won", "{winners} won", winners=app.names(summary.winners),
                      n=len(summary.winners))
    elif summary.rounds:
        line = app.nt("Round {round} · {leader} leads", "Round {round} · {leader} lead",
                      round=summary.rounds + 1, leader=app.names(summary.leaders),
                     n=len(summary.leaders))
    else:
        line = app.t("Not started")
    players = " · ".join(summary.players)
    book = " ".join(app.t(w) for w in heading(summary.preset))  # which table's rules, where it has presets
    return ft.Row([
        ft.ListTile(
            title=ft.Text(players, size=18, weight=ft.FontWeight.W_600),
            subtitle=ft.Text(dotted(format_date(app.prefs.language, summary.created), book, line)),
            on_click=act(app.go, f"/game/{summary.id}"),
            expand=True,
        ),
        ConfirmButton("", app.t("Delete the game {players}? It leaves the lists and the statistics.",
                                players=players), app.t("Delete"), app.t("Keep"),
                      act(app.delete_game, summary.id), identifier=f"delete-{summary.id}",
                      icon=ft.Icons.DELETE_OUTLINE, label_text=app.t("Delete the game {players}",
                                                                     players=players)),
    ], spacing=0)


def _deleted_tile(app: AppState, summary: GameSummary) -> ft.Control:
    players = " · ".join(summary.players)
    when = format_date(app.prefs.language, summary.deleted) if summary.deleted else ""
    return ft.Row([
        ft.Container(ft.ListTile(
            title=ft.Text(players, size=16, weight=ft.FontWeight.W_600),
            subtitle=ft.Text(app.t("Deleted {date}", date=when)),
        ), expand=True),
        ft.Semantics(identifier=f"restore-{summary.id}", content=ft.OutlinedButton(
            app.t("Restore"), icon=ft.Icons.RESTORE_FROM_TRASH, height=48,
            on_click=act(app.restore_deleted, summary.id))),
    ], spacing=4)


def _trash(app: AppState) -> list[ft.Control]:
    """The deleted games: restorable until the trash is emptied, by hand or after its days."""
    if not app.trash:
        return []
    count = len(app.trash)
    toggle = ft.Semantics(identifier="deleted-games", content=ft.TextButton(
        content=app.t("Deleted games ({n})", n=count), height=48,
        icon=ft.Icons.EXPAND_LESS if app.show_trash else ft.Icons.DELETE_OUTLINE,
        on_click=app.toggle_trash))
    if not app.show_trash:
        return [toggle]
    return [
        toggle,
        ft.Text(app.nt("A deleted game is kept {n} day, then removed for good.",
                       "A deleted game is kept {n} days, then removed for good.", n=TRASH_DAYS),
                size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        *[_deleted_tile(app, g) for g in app.trash],
        ConfirmButton(app.t("Empty the trash"),
                      app.nt("Remove {n} deleted game for good? It cannot be restored.",
                             "Remove {n} deleted games for good? They cannot be restored.", n=count),
                      app.t("Remove for good"), app.t("Keep"), act(app.empty_trash),
                      identifier="empty-trash", icon=ft.Icons.DELETE_FOREVER)
        if app.can_empty_trash() else
        ft.Text(app.t("Only the host can remove deleted games for good"), size=14,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ]


@view()
def Home(app: AppState, prefs: Prefs) -> ft.Control:
    """The list of games and the way into a new one."""
    notices = [ft.Container(
        content=ft.Column([
            ft.Text(app.t("Note"), weight=ft.FontWeight.BOLD),
            *[ft.Text(words) for words in app.notice_words()],
            ft.TextButton(content=app.t("OK"), on_click=app.dismiss_notices, height=48),
        ]),
        bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=12, border_radius=8,
    )] if app.notices else []
    if not app.available:
        notices.append(message_text(
            app.t("This browser keeps no data: games are kept in memory only, until the tab closes.")))
    sections: list[ft.Control] = []
    for title, status, games in ((app.t("Games in progress"), GameStatus.PLAYING, app.running),
                                 (app.t("Finished games"), GameStatus.FINISHED, app.finished)):
        if not games:
            continue
        sections += [ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
                     *[_game_tile(app, g) for g in games]]
        hidden = app.more.get(status, 0)
        if hidden > 0:  # a page at a time: a long history must not slow home down
            sections.append(ft.TextButton(content=app.t("Show {n} more", n=min(hidden, GAMES_PAGE)),
                                          on_click=act(app.show_more, status), height=48))
    if not (app.running or app.finished):
        sections.append(message_text(app.t("No games yet. Tap “New game” to start."), error=False))
    sections += _trash(app)
    return ft.Column(
        [
            ft.Row([
                ft.Text(app.t("Block 24"), size=28, weight=ft.FontWeight.BOLD, expand=True),
                *([icon_action(ft.Icons.PHONELINK, app.t("Other phones"), app.phones.toggle_panel,
                               "other-phones")]
                  if app.phones is not None else []),
                icon_action(ft.Icons.SETTINGS, app.t("Settings"), act(app.go, "/settings"), "settings"),
            ]),
            *([PhonesPanel(app.phones, None)] if app.phones is not None and app.phones.show_panel else []),
            *notices,
            *([JoinPanel(app.join)] if app.join.host else []),  # (a joined phone: in a game)
            wide_button(app.t("New game"), act(app.go, "/new"), icon=ft.Icons.ADD),
            wide_button(app.t("Statistics"), act(app.go, "/stats"), icon=ft.Icons.LEADERBOARD,
                        primary=False),
            *sections,
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=12,
    )
