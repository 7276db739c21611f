"""The start of a round in the game's order: the caller (proposed, changeable), then blind or a
trump; under variant B / Z9, who sits out once the cards are seen.

20 ab adds what its rule book plays (docs/RULES.md): Württemberg's dealer with his misdeals
(Z17), the bid before the suit (Z7) and the knock with the bottom card's suit (Z8). Every
control that is refused says why, in the words the state gets from the engine.
"""

from __future__ import annotations

import flet as ft

from ..i18n import NAMES, format_score
from ..state import Table
from . import suits
from .block import letters
from .view import view
from .widgets import act, message_text, on_value, one_control, wide_button

PICKER_LETTERS = 9
"""About the letters a 150 px player picker shows: a longer name is cut with "…" there (it was
cut at the edge, "Anna-Katha"), whole in the menu that opens."""


def player_options(players: tuple[str, ...]) -> list[ft.DropdownOption]:
    """The pickers' players: each shown whole in the menu, cut with "…" in the closed picker."""
    return [ft.DropdownOption(key=p, text=p if letters(p) <= PICKER_LETTERS else _cut(p),
                              content=ft.Text(p, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS))
            for p in players]


def _cut(name: str) -> str:
    kept = ""
    for c in name:
        if letters(kept + c) > PICKER_LETTERS - 1:
            break
        kept += c
    return kept.rstrip() + "…"


def caller_picker(table: Table, caller: str) -> ft.Control:
    """R4/Z4: the proposed caller, changeable (Württemberg: the highest bidder or the knocker)."""
    title = table.prefs.t("Bidder") if table.deal.bids() else table.prefs.t("Caller")
    # (room above for the floating label: at the top of a scrolling column it was clipped,
    # "Höchstbietender" cut by the edge)
    return ft.Container(padding=ft.Padding.only(top=8), content=ft.Semantics(
        identifier="caller-picker",
        label=title,
        content=ft.Dropdown(
            label=title,
            value=caller,
            options=player_options(table.game.players),
            on_select=on_value(table.call.set_caller),
            width=150,  # the round title beside it keeps one line on a 390 px phone
            dense=True,
        ),
    ))


def dealer_row(table: Table, dealer: str, misdeals: int) -> ft.Control:
    """Z4/Z17: who deals (changeable) and his misdeals, the strikes and the +12 at the third."""
    picker = ft.Semantics(
        identifier="dealer-picker", label=table.prefs.t("Dealer"),
        content=ft.Dropdown(label=table.prefs.t("Dealer"), value=dealer, width=150, dense=True,
                            options=player_options(table.game.players),
                            on_select=on_value(table.deal.set_dealer)))
    note = table.deal.misdeal_note() or ""
    return ft.Column(
        [ft.Row([picker,
                 one_control(ft.IconButton(ft.Icons.REMOVE, disabled=misdeals == 0, width=48, height=48,
                                           on_click=act(table.deal.set_misdeals, misdeals - 1)),
                             table.prefs.t("Misdeal taken back"), identifier="misdeal-remove",
                             disabled=misdeals == 0),
                 one_control(ft.IconButton(ft.Icons.ADD, width=48, height=48,
                                           on_click=act(table.deal.set_misdeals, misdeals + 1)),
                             table.prefs.t("Misdeal"), identifier="misdeal-add"),
                 ft.Text(table.prefs.t("Misdeals"), size=14)],
                spacing=2, wrap=True),
         ft.Semantics(identifier="misdeal-note", label=note, exclude_semantics=True,
                      # red only when it costs: a running count is no error
                      content=ft.Text(note, size=14, weight=ft.FontWeight.W_600,
                                      color=ft.Colors.ERROR if table.deal.misdeal_costs()
                                      else ft.Colors.ON_SURFACE_VARIANT))],
        spacing=0,
    )


def bid_row(table: Table, bid: int | None) -> ft.Control:
    """Z7: the highest bid, 1 to T (one tap); the word above the numbers, which then fit one line
    on a small phone (beside them "6" wrapped under the others at 360 px)."""
    return ft.Column([
        ft.Text(table.prefs.t("Bid"), size=15, weight=ft.FontWeight.W_600),
        ft.Row([ft.MergeSemantics(content=ft.Semantics(
                    identifier=f"bid-{n}",
                    # 48 px wide (the least a finger needs): six fit a phone on its side's panel.
                    # The chosen bid is filled, without a check mark: "✓ 3" did not fit 48 px.
                    content=ft.Chip(label=ft.Text(str(n), size=17,
                                                  color=ft.Colors.ON_PRIMARY if bid == n else None),
                                    selected=bid == n, height=48, width=48, show_checkmark=False,
                                    selected_color=ft.Colors.PRIMARY,
                                    on_select=act(table.deal.set_bid, n))))
                for n in table.game.bids()],
               spacing=4, wrap=True, run_spacing=4),
    ], spacing=2)


def knock_row(table: Table, caller: str) -> ft.Control:
    """Z8: a player knocked instead of bidding: who (any player, the picker) and the bottom card.

    The knocker is chosen here, not only as the proposed caller above: "Carl knocks" named
    the proposed caller and nothing said how to record that another player knocked.
    """
    t = table.prefs.t
    knocker = ft.Semantics(identifier="knocker-picker", label=t("Who knocked?"), content=ft.Dropdown(
        label=t("Who knocked?"), value=caller, width=150, dense=True,
        options=player_options(table.game.players),
        on_select=on_value(table.call.set_caller)))
    if not table.deal.knock_names_suit():
        knock = act(table.deal.call_knock, None)
        return ft.Row([knocker, ft.Container(wide_button(t("Knock (no trump)"), knock, primary=False),
                                             expand=True)])
    return ft.Column(
        [ft.Row([ft.Text(t("Or a knock: who, then the bottom card's suit"), size=15,
                         weight=ft.FontWeight.W_600, expand=True), knocker]),
         ft.Row([one_control(suits.trump_button(t, s, act(table.deal.call_knock, s), text="", height=48),
                             f"{t('knock')} {t(NAMES[s])}", identifier=f"knock-{s.value}", expand=True)
                 for s in table.call.suits()], spacing=6)],
        spacing=2,
    )


def sit_out_toggles(table: Table, sat_out: frozenset[str]) -> ft.Control:
    """Variant B / Z9: a toggle per player; a disabled one says why; what sitting out costs."""
    chips = []
    reasons = []
    cost = table.play.cost_of_sitting_out()
    for name in table.game.players:
        out = name in sat_out
        why = None if out else table.play.sit_out_reason(name)
        if why:
            reasons.append(why)
        said = table.prefs.t("sits out") + (f" ({format_score(cost, signed=True)})" if cost else "") \
            if out else table.prefs.t("plays")
        chips.append(ft.Chip(
            label=ft.Text(f"{name}: {said}", size=16),
            selected=out,
            on_select=act(table.play.toggle_sit_out, name),
            disabled=why is not None,
            tooltip=why,
            height=48,
        ))
    note = table.play.sit_out_note()
    return ft.Column(
        [ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
         *([ft.Text(note, size=14, weight=ft.FontWeight.W_600)] if note else []),
         *[ft.Text(r, size=13, color=ft.Colors.ON_SURFACE_VARIANT) for r in dict.fromkeys(reasons)]],
        spacing=4,
    )


def nobody_sits_out(table: Table) -> ft.Control:
    """B/Z9 when no chip is shown at all (clubs, hearts blind, a knock, too few players): why,
    in a line where the chips would be, so they do not vanish unexplained."""
    draft = table.draft
    reasons = [] if draft is None else [table.play.sit_out_reason(p) for p in table.game.players
                                        if p != draft.caller]
    shown = " · ".join(dict.fromkeys(r for r in reasons if r))
    return ft.Semantics(identifier="nobody-sits-out", content=ft.Text(
        shown, size=15, weight=ft.FontWeight.W_600), visible=bool(shown))


@view(lambda table: table.game is not None and table.draft is not None)
def CallPanel(table: Table) -> ft.Control:
    """The caller, blind first (disabled with its reason), big trump buttons; 20 ab's extras."""
    draft = table.draft
    t = table.prefs.t
    blind_reason = table.call.blind_reason()
    call_reason = table.call.call_reason()
    buttons = [suits.trump_button(t, s, act(table.call.call_trump, s), disabled=call_reason is not None,
                                  value=table.call.value_of(s))
               for s in table.call.suits()]
    blind = table.call.blind_button()
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Text(t("Round {n}: {caller} calls trump", n=table.round.next_number,
                              caller=draft.caller),
                            size=16, weight=ft.FontWeight.BOLD, expand=True),
                    caller_picker(table, draft.caller),
                ],
            ),
            *([dealer_row(table, draft.dealer, draft.misdeals)] if table.deal.counts_misdeals() else []),
            *([ft.Row([suits.trump_button(t, blind, act(table.call.call_trump, blind, True), blind=True,
                                          text=suits.label(t, blind, True,
                                                      value=table.call.value_of(blind, True)).upper(),
                                          disabled=blind_reason is not None, height=52)]),
               message_text(blind_reason, error=False)] if table.call.has_blind() else []),
            *([bid_row(table, draft.bid)] if table.deal.bids() else []),
            message_text(call_reason, error=False),
            ft.Row(buttons[:2], spacing=8),
            ft.Row(buttons[2:], spacing=8),
            *([knock_row(table, draft.caller)] if table.deal.can_knock() else []),
        ],
        spacing=6,
    )
