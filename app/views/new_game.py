"""New game: the game (24, or 20 ab and its preset), players in seat order, first dealer,
then that rule book's options (24: variants and start score; 20 ab: its preset's options)."""

from __future__ import annotations

import flet as ft

from scoring import Option

from ..books import BOOKS, OPTION_VALUES, PRESETS
from ..state import AppState, NewGameForm
from .top_bar import icon_action, top_bar
from .view import view
from .widgets import act, message_text, notice_line, on_value, wide_button

SWITCH_PADDING = ft.Padding.symmetric(horizontal=4, vertical=8)
"""A switch is 40 px high: with this padding its tap target is 48 (Material's minimum)."""


def _seat_row(form: NewGameForm, seat: int, name: str) -> ft.Control:
    label = form.t("Player {n}", n=seat + 1)
    shown = name.strip() or label
    return ft.Row(
        [
            ft.TextField(
                label=label,
                value=name,
                on_change=on_value(form.set_name, seat),
                error=form.name_error(seat) if name else None,
                expand=True,
                text_size=18,
                # Names are kept exactly as typed ("de Vries" stays): no automatic capitals.
                capitalization=ft.TextCapitalization.NONE,
            ),
            icon_action(ft.Icons.ARROW_UPWARD, form.t("Move {name} up", name=shown),
                        lambda: form.move_up(seat), f"seat-up-{seat}", disabled=seat == 0),
            icon_action(ft.Icons.CLOSE, form.t("Remove {name}", name=shown),
                        lambda: form.remove_player(seat), f"seat-remove-{seat}",
                        disabled=not form.can_remove_player()),
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def _game_choice(form: NewGameForm) -> ft.Control:
    """24, or 20 ab with its preset (the rule books of :data:`app.books.BOOKS`)."""
    games = [(c.key, c.preset) for book in BOOKS.values() for c in book.choices()]
    chips = [
        ft.Semantics(identifier=f"game-{preset or book}", content=ft.Chip(
            label=ft.Text(form.t(BOOKS[book].title) if preset is None
                          else f"{form.t(BOOKS[book].title)} · {form.t(PRESETS[preset][0])}",
                          size=16),
            selected=(book, preset) == (form.book, form.preset), height=48,
            on_select=lambda _, b=book, p=preset: form.set_game(b, p)))
        for book, preset in games
    ]
    return ft.Column(
        [ft.Text(form.t("Game"), size=16, weight=ft.FontWeight.BOLD),
         ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
         ft.Text(form.t(PRESETS[form.preset][1], **form.chosen.numbers()) if form.preset else "",
                 size=13,
                 color=ft.Colors.ON_SURFACE_VARIANT, visible=form.preset is not None)],
        spacing=4,
    )


def _value_name(form: NewGameForm, option: Option, value: object) -> str:
    return str(value) if isinstance(value, int) \
        else form.t(OPTION_VALUES[option.key, str(value)], **form.chosen.numbers())


def _words(form: NewGameForm, option: Option) -> tuple[str, str]:
    """An option's title and help line in the table's language (the help says so when another
    option chosen proposes its opposite: variant A proposes R10 off)."""
    book = BOOKS[form.book]
    title, help_text = book.option_words[option.key]
    if form.proposed(option.key):
        help_text = book.proposed_help.get(option.key, help_text)
    numbers = form.chosen.numbers()
    return form.t(title, **numbers), form.t(help_text, **numbers) if help_text else ""


def _help(words: str) -> list[ft.Control]:
    return [ft.Text(words, size=13, color=ft.Colors.ON_SURFACE_VARIANT)] if words else []


def _option(form: NewGameForm, option: Option) -> ft.Control:
    """One option: a switch (on/off) or a choice of values, with one line of help."""
    title, help_text = _words(form, option)
    value = form.options[option.key]
    if set(option.allowed) == {True, False}:
        return ft.Column([ft.Switch(label=title, value=bool(value), padding=SWITCH_PADDING,
                                    on_change=lambda e: form.set_option(option.key,
                                                                        bool(e.control.value))),
                          *_help(help_text)], spacing=0)
    chips = [ft.Chip(label=ft.Text(_value_name(form, option, v), size=15), selected=v == value,
                     height=48, on_select=lambda _, v=v: form.set_option(option.key, v))
             for v in option.allowed]
    return ft.Column([ft.Text(title, size=15, weight=ft.FontWeight.W_600),
                      ft.Row(chips, wrap=True, spacing=6, run_spacing=4), *_help(help_text)],
                     spacing=2)


def _typed(form: NewGameForm, option: Option) -> list[ft.Control]:
    """A number the table types: the start score (R2) or an upper limit (Z19, empty: none)."""
    title, help_text = _words(form, option)
    if option.key == "start_score":
        value, on_change = form.start_text, form.set_start_text
        error = None if form.start_score() is not None \
            else form.t("A whole number from {lowest} to {highest}", **form.chosen.numbers())
    else:
        value, on_change, error = form.limit_text, form.set_limit_text, form.limit_error()
    return [ft.TextField(label=title, value=value, on_change=lambda e: on_change(e.control.value),
                         keyboard_type=ft.KeyboardType.NUMBER, error=error, width=240),
            *_help(help_text)]


def _options(form: NewGameForm) -> list[ft.Control]:
    """The rule book's options: what the table chooses, then what it types."""
    return [*(_option(form, o) for o in form.choices()),
            *(c for o in form.typed() for c in _typed(form, o))]


@view()
def NewGame(form: NewGameForm, app: AppState) -> ft.Control:
    """The form that chooses the game, seats the players and sets the rules."""
    known = form.unknown()
    seats = [(i, n.strip() or form.t("Player {n}", n=i + 1)) for i, n in enumerate(form.names)]
    return ft.Column(
        [
            top_bar(form.t("New game"), app.back, form.t("Back")),
            _game_choice(form),
            ft.Text(form.t("Players (clockwise)"), size=16, weight=ft.FontWeight.BOLD),
            *[_seat_row(form, i, n) for i, n in enumerate(form.names)],
            ft.TextButton(content=ft.Text(form.t("Add player"), size=16), icon=ft.Icons.PERSON_ADD,
                          on_click=lambda: form.add_player(), disabled=not form.can_add_player(),
                          height=48),
            message_text(form.add_player_reason(), error=False),  # greyed out: why
            ft.Row(
                [ft.OutlinedButton(content=n, on_click=lambda _, n=n: form.add_player(n), height=48)
                 for n in known[:12]],
                wrap=True,
                visible=bool(known),
            ),
            ft.Text(form.t("First dealer"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    *[ft.Chip(label=ft.Text(n, size=16), selected=i == form.first_dealer, height=48,
                              on_select=lambda _, i=i: form.set_first_dealer(i))
                      for i, n in seats],
                    ft.OutlinedButton(content=form.t("Draw at random"), icon=ft.Icons.CASINO,
                                      on_click=form.draw_first_dealer, height=48),
                ],
                wrap=True,
            ),
            *_options(form),
            notice_line(form.notice),
            wide_button(form.t("Start game"), act(app.start_game), disabled=not form.can_start(),
                        icon=ft.Icons.PLAY_ARROW),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=10,
    )
