"""The new-game form: the rule book, seats in clockwise order, the first dealer, its options.

The game is 24 (variants A–C, R10, a typed start score) or "20 ab" with a
preset (Lehrblatt, Württemberg, Temmels) whose options are drawn from the
rule book's own option list (:class:`app.books.Choice`): the form holds no rule
of its own, and a name's problems are the engine's (:func:`scoring.verify_name`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scoring import Game, Option, ScoringError, name_key, tidy_name, verify_name
from scoring.errors import N_

from ..books import FIRST, Choice, choice, chosen_options, preset_of, settings_for
from .notice import Notice
from .prefs import Prefs, Worded

__all__ = ["NewGameForm"]

NAME_WORDS: dict[str, str] = {
    "player_empty": N_("Enter a name"),
    "player_name_long": N_("At most {n} characters"),
    "player_name_control": N_("No control characters in a name"),
    "player_name_format": N_("No invisible characters in a name"),
    "player_not_text": N_("No control characters in a name"),
    "player_twice": N_("{name} is already playing"),
    "player_name_invisible": N_("A name needs a letter or a digit"),
    "player_look_alike": N_("{name} looks like {taken}, who is already playing"),
}
"""The form's words for the engine's refusal of a name (R1/Z1 and a new game's limits)."""

_DEFAULT = choice(FIRST, None)
assert _DEFAULT is not None


@ft.observable
@dataclass(eq=False)
class NewGameForm(Worded):
    """What has been filled in so far; :meth:`game` turns it into a checked :class:`Game`."""

    prefs: Prefs
    names: list[str] = field(default_factory=lambda: ["", "", ""])
    first_dealer: int = 0
    start_text: str = str(_DEFAULT.start)
    notice: Notice | None = None
    """Why the game cannot start (a refusal), shown above *Start game*."""
    known: list[str] = field(default_factory=list)
    """Players seen before (read from the store when the form opens, not while drawing)."""
    book: str = FIRST
    """The rule book: its key (the record's ``rules.book``)."""
    preset: str | None = None
    """The rule book's preset (20 ab: ``lehrblatt``, ``wuerttemberg``, ``temmels``)."""
    options: dict[str, Any] = field(
        default_factory=lambda: {o.key: o.default for o in _DEFAULT.options if o.allowed})
    """The chosen value of every option with a list of values (the start score and an upper
    limit are typed: :attr:`start_text`, :attr:`limit_text`)."""
    limit_text: str = ""
    """The upper limit as typed (empty: none, Z19), where the rule book has one."""

    def fill(self, known: list[str], players: tuple[str, ...] = (), first_dealer: int = 0,
             settings: Any = None) -> None:
        """Open the form, empty or filled (rematch: the same rule book and options)."""
        self.names = list(players) or ["", "", ""]
        self.first_dealer = first_dealer
        if settings is None:
            self.set_game(FIRST)
        else:
            self.set_game(*preset_of(settings))
            chosen = chosen_options(settings)
            self.options = {k: chosen[k] for k in self.options}
            self.start_text = str(settings.start)
            limit = settings.chosen_limit
            self.limit_text = "" if limit is None else str(limit)
        self.notice = None
        self.known = list(known)

    @property
    def chosen(self) -> Choice:
        """The rule book chosen, as the form offers it."""
        return choice(self.book, self.preset) or _DEFAULT

    def set_game(self, book: str, preset: str | None = None) -> None:
        """Choose the game: 24, or 20 ab and its preset; the options start at its defaults."""
        chosen = choice(book, preset)
        if chosen is None:
            return
        self.book, self.preset = book, preset
        self.options = {o.key: o.default for o in chosen.options if o.allowed}
        self.limit_text = ""
        self.start_text = str(chosen.start)
        while len(self.names) > chosen.seats[-1]:
            self.names.pop()
        while len(self.names) < chosen.seats[0]:
            self.names.append("")
        self.first_dealer = min(self.first_dealer, len(self.names) - 1)

    def choices(self) -> list[Option]:
        """The options the table may change (more than one allowed value), in the book's order."""
        return [o for o in self.chosen.options if o.allowed is not None and len(o.allowed) > 1]

    def typed(self) -> list[Option]:
        """The options typed as a number (24's start score, 20 ab's upper limit)."""
        return [o for o in self.chosen.options if o.allowed is None]

    def proposed(self, key: str) -> bool:
        """Another option chosen now proposes the opposite for ``key`` (A proposes R10 off)."""
        return any(o.proposes == key and self.options.get(o.key) for o in self.choices())

    def set_option(self, key: str, value: Any) -> None:
        """Choose an option's value (only one the rule book allows); an option that proposes
        another's opposite sets it too (variant A: R10 off), the table may change it after."""
        option = next((o for o in self.choices() if o.key == key), None)
        if option is None or not option.allows(value):
            return
        self.options = {**self.options, key: value}
        if option.proposes is not None and option.proposes in self.options:
            self.options = {**self.options, option.proposes: not value}
        if key == "start_score":
            self.start_text = str(value)

    def set_variant(self, name: str, on: bool) -> None:
        """Switch a variant of 24 (``trump_chaos``, ``sit_out``, ``restrictions``) or R10."""
        self.set_option(name, on)

    def set_limit_text(self, value: str) -> None:
        """Type the upper limit (Z19); empty for none (a value that is no text is no typing)."""
        if isinstance(value, str):
            self.limit_text = value

    def upper_limit(self) -> int | None:
        """Z19: the typed limit (``None``: none); ``-1`` when it is not a number above the start."""
        value = self.limit_text.strip()
        if not value:
            return None
        start = self.start_score() or 0
        if value.isascii() and value.isdigit() and start < int(value) <= self.chosen.highest:
            return int(value)
        return -1

    def set_name(self, seat: int, name: str) -> None:
        """Type the name in seat ``seat`` (kept exactly as typed: "de Vries" stays). A value that is
        no text (a crafted phone's) or a seat that is not one changes nothing."""
        if isinstance(name, str) and type(seat) is int and 0 <= seat < len(self.names):
            self.names[seat] = name

    def add_player(self, name: str = "") -> None:
        """Another seat (R1: at most 5, Z1: 5 or 6); a known name fills the first empty seat."""
        stripped = [n.strip() for n in self.names]
        if name and "" in stripped:
            self.names[stripped.index("")] = name
        elif self.can_add_player():
            self.names.append(name)

    def can_add_player(self) -> bool:
        """R1/Z1: fewer seats than the rule book allows."""
        return len(self.names) < self.chosen.seats[-1]

    def add_player_reason(self) -> str | None:
        """Why *Add player* is greyed out (R1/Z1: the table is full), or ``None``."""
        if self.can_add_player():
            return None
        return self.t("This game seats at most {n} players", n=self.chosen.seats[-1])

    def can_remove_player(self) -> bool:
        """R1/Z1: more seats than the rule book needs."""
        return len(self.names) > self.chosen.seats[0]

    def remove_player(self, seat: int) -> None:
        """Take a seat away (R1: at least 2 stay; Z1: 3)."""
        if self.can_remove_player():
            del self.names[seat]
            self.first_dealer = min(self.first_dealer, len(self.names) - 1)

    def move_up(self, seat: int) -> None:
        """Swap a seat with the one before it (seat order is clockwise)."""
        if seat > 0:
            names = self.names
            names[seat - 1], names[seat] = names[seat], names[seat - 1]

    def set_first_dealer(self, seat: int) -> None:
        """R4: who deals round 1."""
        self.first_dealer = seat

    def draw_first_dealer(self) -> None:
        """R4: draw the first dealer at random."""
        self.first_dealer = random.randrange(len(self.names))

    def set_start_text(self, value: str) -> None:
        """Type the start score (R2) (a value that is no text is no typing)."""
        if isinstance(value, str):
            self.start_text = value

    def unknown(self) -> list[str]:
        """Known players not seated yet (quick buttons)."""
        taken = {name_key(n) for n in self.names if n.strip()}
        return [n for n in self.known if name_key(n) not in taken]

    def name_error(self, seat: int) -> str | None:
        """R1 and a new name's limits, inline: the engine's answer for the name in ``seat``, worded
        (``None``: the name may be used)."""
        names = [tidy_name(n) for n in self.names]
        earlier = {name_key(n): n for n in names[:seat]}
        try:
            verify_name(names[seat], seat + 1, earlier, self.chosen.defaults.book, new=True)
        except ScoringError as error:
            return self.t(NAME_WORDS[error.code], name=names[seat], n=error.values.get("maximum"),
                          taken=error.values.get("taken"))
        return None

    def start_score(self) -> int | None:
        """R2: the typed start score, or ``None`` when it is not a whole number 1–999."""
        value = self.start_text.strip()
        # ASCII digits only: "²" and "١" are str.isdigit() but int() refuses them
        if value.isascii() and value.isdigit() and 1 <= int(value) <= self.chosen.highest:
            return int(value)
        return None

    def limit_error(self) -> str | None:
        """Z19, inline: why the typed upper limit cannot be used, or ``None``."""
        if self.upper_limit() != -1:
            return None
        return self.t("A whole number above {start}, at most {maximum}", start=self.start_score() or 0,
                      maximum=self.chosen.highest)

    def can_start(self) -> bool:
        """Every name is fine and the start score (and 20 ab's upper limit) is a number."""
        return self.start_score() is not None and self.limit_error() is None and not any(
            self.name_error(i) for i in range(len(self.names)))

    def game(self) -> Game | None:
        """The game this form describes (checked by scoring), or ``None`` with the refusal told."""
        start = self.start_score()
        if start is None or not self.can_start():
            self.report(self.t("A whole number from {lowest} to {highest}", **self.chosen.numbers())
                        if start is None else self.limit_error() or self.t("Enter a name"))
            return None
        players = tuple(tidy_name(n) for n in self.names)
        settings = settings_for(self.book, self.preset, self.options, start, self.upper_limit())
        return Game(tuple(players), settings, first_dealer=self.first_dealer)
