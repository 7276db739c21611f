"""End of a round: tricks per player as one tap each (0–T), what is left, and each change.

T is the rule book's (24: 6; 20 ab: 5 or 6, Z3). The preview says what a bare
number would hide (a missed contract, "stays at 3", 100 → 10), and "who went
out first?" is asked only when the round puts two out under ``tie_break: first_out`` (Z20).
"""

from __future__ import annotations

import flet as ft

from ..draft import RoundDraft
from ..state import Table
from .view import view
from .widgets import act, message_text, quiet, wide_button


def _count_button(table: Table, player: str, made: int, chosen: bool, auto: bool) -> ft.Control:
    return ft.MergeSemantics(expand=True, content=ft.Semantics(  # read as one control
        identifier=f"tricks-{player}-{made}",
        label=f"{player} {made}",
        selected=chosen,
        button=True,
        expand=True,
        content=ft.Container(
            content=quiet(ft.Text(str(made), size=20, weight=ft.FontWeight.BOLD,
                                  color=ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE)),
            height=48,
            alignment=ft.Alignment.CENTER,
            border_radius=10,
            bgcolor=(ft.Colors.TERTIARY if auto else ft.Colors.PRIMARY) if chosen
            else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            on_click=act(table.count.set_tricks, player, made),
        ),
    ))


def tricks_rows(table: Table, draft: RoundDraft, beside: bool = False) -> list[ft.Control]:
    """One row per player who took part; players who sat out are shown as such.

    ``beside``: the name beside the counts (a wide, low window), not above them.
    """
    rows: list[ft.Control] = []
    top = table.game.tricks_per_round
    for name in table.game.players:
        if name in draft.sat_out:
            rows.append(ft.Text(f"{name}: {table.prefs.t('sits out')}", size=16, italic=True))
            continue
        made = draft.tricks.get(name)
        caller = table.prefs.t("Caller") if name == draft.caller else ""
        label: ft.Control
        if beside:  # 96 px beside the counts: "Caller" on a line of its own, never cut
            label = ft.Column([ft.Text(name, size=16, weight=ft.FontWeight.W_600, no_wrap=True,
                                       overflow=ft.TextOverflow.ELLIPSIS),
                               ft.Text(caller, size=12, color=ft.Colors.PRIMARY, no_wrap=True,
                                       visible=bool(caller))], spacing=0, width=96)
        else:
            label = ft.Text(name + (f" · {caller}" if caller else ""), size=16,
                            weight=ft.FontWeight.W_600, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS)
        counts = ft.Row([_count_button(table, name, n, made == n, name in draft.auto)
                         for n in range(top + 1)], spacing=2, expand=beside or None)
        rows.append(ft.Row([label, counts], spacing=4) if beside
                    else ft.Column([label, counts], spacing=1))
    return rows


def changes_line(table: Table) -> ft.Control:
    """What confirming will change ("Anna −2 · Dora +6"), once the round is complete."""
    changes = table.count.change_words()
    line = " · ".join(changes)
    return ft.Semantics(identifier="round-changes", label=line, exclude_semantics=True,
                        content=ft.Text(line, size=17, weight=ft.FontWeight.BOLD,
                                        color=ft.Colors.PRIMARY), visible=bool(changes))


def tricks_status(table: Table) -> ft.Control:
    """R7: the tricks still to give (read once by a screen reader)."""
    status = table.count.tricks_status()
    return ft.Semantics(identifier="tricks-left", label=status, exclude_semantics=True,
                        content=ft.Text(status, size=17, weight=ft.FontWeight.BOLD))


def first_out_row(table: Table, chosen: str | None) -> ft.Control:
    """Z20: two went out in this round: who was out first (asked only then)."""
    choices = table.count.first_out_choices()
    return ft.Column(
        [ft.Text(table.prefs.t("Who went out first?"), size=16, weight=ft.FontWeight.BOLD),
         ft.Row([ft.MergeSemantics(content=ft.Semantics(
                     identifier=f"first-out-{name}",
                     content=ft.Chip(label=ft.Text(name, size=16), selected=name == chosen, height=48,
                                     on_select=act(table.count.set_first_out, name))))
                 for name in choices], wrap=True, spacing=6)],
        spacing=4, visible=bool(choices),
    )


def side_by_side(window: float, confirm: str, back: str) -> bool:
    """Whether *Confirm round* and *Back to the table* fit one line beside each other: on a phone
    "Runde / eintragen" wrapped in its button beside "Zurück zum Tisch"; then they are stacked.

    The panel has the window (half of a wide one); a letter takes about 0.58 em in bold, 0.55 em
    in plain Roboto (``suits.fitting_size``); the confirm button adds its icon and padding.
    """
    panel = window if 0 < window < 700 else max(window * 0.5, 390)
    return 0.58 * 18 * len(confirm) + 80 + 0.55 * 16 * len(back) + 24 <= panel - 16


def complete(table: Table, draft: RoundDraft) -> bool:
    """Every player who took part has a count (only then is a refusal worth showing in red)."""
    return all(p in draft.tricks for p in table.game.players if p not in draft.sat_out)


ROW = 52
"""px: one player's counts in a wide, low window (48 px buttons and the space between)."""
BESIDE_REST = 170
"""px of a wide, low window that are not the counts: the bar, what is left, Confirm."""


def counts_fit(height: float, players: int) -> bool:
    """Whether every player's counts and Confirm under them fit a wide window ``height`` px high
    (at 844×390 a fifth player's row was half hidden until scrolled): else Confirm goes under
    the Block (:func:`TricksEntry`'s ``part``)."""
    return not height or ROW * players <= height - BESIDE_REST


@view(lambda table: table.game is not None and table.draft is not None
      and table.draft.called)
def TricksEntry(table: Table, beside: bool = False, part: str = "all") -> ft.Control:
    """Count the tricks and confirm; the confirm button waits until the round is valid.

    ``beside`` (a wide, low window): names beside the counts, no title (the bar has it).
    ``part``: ``"counts"`` or ``"ends"`` (what is left, the changes, Confirm) alone, where a
    low window has them side by side; ``"all"`` both.
    """
    draft = table.draft
    problem = table.count.round_problem()
    back_words, confirm_words = table.prefs.t("Back to the table"), table.prefs.t("Confirm round")
    back = ft.TextButton(content=ft.Text(back_words, size=16), on_click=act(table.count.back_to_play),
                         height=48)
    confirm = wide_button(confirm_words, act(table.count.confirm_round),
                          disabled=problem is not None, icon=ft.Icons.CHECK)
    ends = ft.Row([ft.Container(confirm, expand=True), back]) \
        if side_by_side(table.prefs.width, confirm_words, back_words) \
        else ft.Column([confirm, ft.Row([back], alignment=ft.MainAxisAlignment.CENTER)], spacing=0)
    # The counts scroll; what ends the step (what is left, the changes, the reason, Confirm) stays
    # under them on screen at every size, 2–6 players.
    counts = [
        ft.Text(table.prefs.t("Tricks") + " · " + table.prefs.t("Round {n}", n=table.round.next_number),
                size=18,
                weight=ft.FontWeight.BOLD, visible=not beside),
        ft.Column(tricks_rows(table, draft, beside), scroll=ft.ScrollMode.AUTO, expand=True,
                  spacing=4 if beside else 8),
    ]
    rest = [
        ft.Row([tricks_status(table), changes_line(table)], wrap=True, spacing=12),
        first_out_row(table, draft.first_out),
        message_text(table.count.problem_to_say() if complete(table, draft) else None),
        ends,
    ]
    shown = counts if part == "counts" else rest if part == "ends" else counts + rest
    return ft.Column(shown, expand=part != "ends", spacing=4 if beside else 6)
