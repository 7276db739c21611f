"""The game screen: the Block is the screen, the round controls under it (phone) or beside it.

On a phone in portrait the names row stays on top, the rounds scroll under it
following the newest one, and the controls of the step the table is at sit
below. In landscape and on a desktop the Block and the controls stand side by
side, each scrolling on its own, so every control is reachable. While the
cards are played the trump colour fills the screen.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from scoring import Game

from ..draft import Phase
from ..state import AppState, Kind, Prefs, Table
from .backup import save_handler
from .block import NEWEST_KEY, BlockRows, ScoreHeader
from .call_panel import CallPanel
from .confirm import ConfirmButton
from .game_over import GameOver
from .join import JoinPanel
from .phones import PhonesPanel
from .table_display import TableDisplay
from .top_bar import icon_action, top_bar
from .tricks_entry import TricksEntry, counts_fit
from .view import view
from .widgets import Offer, act, low, notice_line

WIDE = 700
"""From this width (or in landscape) the Block and the controls stand side by side."""


@ft.component
def LongCall(game: Game, last_round: int | None, language: str,
             on_edit: Callable[[int], Awaitable[None]], controls: list[ft.Control]) -> ft.Control:
    """The Block's rounds and the call under them in one column that scrolls, opened as far down
    as the newest round stays whole on top (the call under it as whole as the screen holds, the
    older rounds above in what room is left), again after a round is added or undone."""
    page = ft.context.page
    # The newest row scrolled to the top, a slice of the one before above it: where the call is
    # shorter than what is left, the scroll stops at its end and more of the older rounds show.
    # (The whole row before the newest on top pushed the knock below the fold at 390×844 when the
    # newest round carried misdeal notes.)
    shown = len(game.rounds) if len(game.rounds) >= 2 else 0  # one round: on top already
    laid_out_at = ft.use_ref(None)  # the round brought into view once the client laid this out

    async def to_newest() -> None:
        # Asked of the page, which is never taken away: asked of this column, the answer could
        # come for a column a new layout had taken away, and Flet 1.0.5 then ends the connection.
        # The page scrolls the column the row lies in.
        if shown >= 1:
            await page.scroll_to(scroll_key=NEWEST_KEY)

    async def laid_out(_: ft.Event) -> None:
        # A new column's scroll, asked with the screen, can reach the client before it built the
        # rows (on a busy phone): the row is not found and nothing moves. Its first size comes
        # once it is laid out: asked again then, once.
        if laid_out_at.current != shown:
            laid_out_at.current = shown
            await to_newest()

    ft.use_effect(to_newest, [shown])  # a round added or undone: that row was built before
    return ft.Column([BlockRows(game, last_round, language, on_edit, scrolls=False), *controls],
                     spacing=6, expand=True, scroll=ft.ScrollMode.AUTO, on_size_change=laid_out)


def wide(prefs: Prefs) -> bool:
    return prefs.width >= WIDE or (prefs.height and prefs.width > prefs.height)


def _status(table: Table) -> ft.Control:
    """What the last command did: refused with the reason, or saved."""
    notice = table.notice
    if table.undone is not None:  # the undo's way back, for a few seconds, where the status is
        version = table.undone.version
        return Offer(notice.text if notice else "",
                     table.prefs.pt("snackbar: take back what was just done", "Undo"),
                     act(table.undo.redo_round), lambda: table.undo.end_offer(version), version)
    if notice is not None and notice.kind is not Kind.DONE:
        return ft.Semantics(identifier="status", content=notice_line(notice))
    # a change kept: with the theme's colours (a fixed green read at 3.9:1 on the light page),
    # and never as "saved" where only this tab's memory holds it
    icon, colour = ((ft.Icons.CLOUD_DONE, ft.Colors.PRIMARY) if table.open.lasting
                    else (ft.Icons.MEMORY, ft.Colors.ERROR))
    return ft.Semantics(
        identifier="saved",
        content=ft.Row([ft.Icon(icon, color=colour, size=18),
                        ft.Text(notice.text if notice else "", color=colour)], spacing=4),
        visible=notice is not None,
    )


def _undo(table: Table) -> ft.Control:
    """Undo the last round: at once, with "Undo" back in its offer for a few seconds; on a finished
    game, ask first."""
    game, t = table.game, table.prefs.t
    if game.finished:
        # icon-only like the other actions: a worded button squeezed "Spielende" to "Spi…"
        return ConfirmButton("", t("Undo round {n}? The game is over; undoing it reopens the game.",
                                   n=len(game.rounds)),
                             t("Undo"), t("Keep"), table.undo.undo_round,
                             identifier="undo", icon=ft.Icons.UNDO, label_text=t("Undo last round"))
    return icon_action(ft.Icons.UNDO, t("Undo last round"), act(table.undo.undo_round), "undo",
                       disabled=not table.undo.can_undo())


def _redo(table: Table) -> list[ft.Control]:
    """Put the rounds taken back in again, one per tap, in order: there while some are (on every
    phone, after the undo's offer is gone), greyed while a round is played or the next no longer
    fits."""
    number = table.undo.redo_number()
    if number is None:
        return []
    return [icon_action(ft.Icons.REDO, table.prefs.t("Put round {n} back", n=number),
                        act(table.undo.redo_round), "redo", disabled=not table.undo.can_redo())]


@view(lambda table: table.game is not None)
def GameScreen(table: Table, app: AppState, prefs: Prefs) -> ft.Control:
    """The Block with the controls of the step the table is at."""
    game = table.game
    phase = table.draft.phase if table.draft else None
    t = table.prefs.t
    number = table.round.next_number
    title = t("Game over") if game.finished else t("Round {n}", n=number)
    toggle = app.join.toggle_panel if app.join.gate is not None else (
        app.phones.toggle_panel if app.phones is not None else None)  # the LAN mode, or phone to phone
    phones = [icon_action(ft.Icons.PHONELINK, t("Other phones"), toggle, "other-phones")] if toggle \
        else []
    bar = top_bar(title, app.back, table.prefs.t("Games"), actions=[
        *phones,
        icon_action(ft.Icons.SHOW_CHART, table.prefs.t("Chart"), act(app.go, f"/game/{table.game_id}/chart"),
                    "chart", disabled=not game.rounds),
        icon_action(ft.Icons.DOWNLOAD, table.prefs.t("Export Block (CSV)"),
                    save_handler(table.block.exported, table.block.export_block), "export-block",
                    disabled=not game.rounds),
        _undo(table),
        *_redo(table),
    ], short_title=None if game.finished else f"#{number}", width=prefs.width)  # (# heads the Block's rounds)
    block = ft.Column([ScoreHeader(table),
                       BlockRows(game, table.last_round, prefs.language,
                                 app.go_round)],
                      spacing=2, expand=True)
    playing = phase is Phase.PLAY
    counting = phase is Phase.TRICKS
    side_by_side = wide(prefs)
    # A low, wide window with many players: the counts take the right side whole, Confirm goes
    # under the Block (a fifth row was half hidden under Confirm at 844×390).
    taking_part = len(game.players) - (len(table.draft.sat_out) if table.draft else 0)
    split = counting and side_by_side and not counts_fit(prefs.height, taking_part)
    if game.finished:
        controls: list[ft.Control] = [GameOver(table, app)]
    else:
        controls = [
            _status(table),
            ft.Container(CallPanel(table), visible=phase is Phase.CALL),
            ft.Container(TricksEntry(table, side_by_side, "counts" if split else "all"),
                         visible=counting, expand=counting),
        ]
    if split:
        block = ft.Column([block, TricksEntry(table, True, "ends")], spacing=4, expand=True)
    if side_by_side:
        # Side by side: the Block on the left, the controls on the right (each scrolls);
        # counting the tricks takes half the width (seven 48 px buttons beside each name).
        body: ft.Control = ft.Row(
            [ft.Container(block, expand=1 if counting else 3),
             # (the tricks entry scrolls itself: a scrolling column around it would be unbounded)
             ft.Container(ft.Column(controls, spacing=8, expand=True,
                                    scroll=None if counting else ft.ScrollMode.AUTO),
                          expand=1 if counting else 2)],
            expand=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.STRETCH,
            visible=not playing)
    elif table.round.long_call and phase is Phase.CALL:
        # Portrait, a long call (a dealer, misdeals, a bid, a knock: Württemberg): the names
        # with their scores stay on top; under them the Block and the call scroll as one,
        # opened at the newest round with the call under it, the older rounds a scroll up in
        # the whole height, each open for correction (a strip of one row between the names and
        # the newest round showed no more than a round at a time).
        body = ft.Column([ScoreHeader(table), LongCall(game, table.last_round, prefs.language,
                                                        app.go_round, controls)],
                         expand=True, spacing=6, visible=not playing)
    else:
        # Portrait: the Block takes the space, the controls sit under it. While the tricks
        # are counted the names row stays and the rounds give way to the counts.
        body = ft.Column(
            [ft.Container(block, expand=True, visible=not counting),
             ft.Container(ScoreHeader(table), visible=counting),
             ft.Column(controls, spacing=6, expand=counting or None)],
            expand=True, spacing=6, visible=not playing)
    return ft.Column(
        [bar, *([JoinPanel(app.join)] if app.join.show_panel else []),
         *([PhonesPanel(app.phones, table.game_id)]
           if app.phones is not None and app.phones.show_panel else []),
         body, ft.Container(TableDisplay(table, low=low(prefs)), visible=playing, expand=playing)],
        expand=True, spacing=6)
