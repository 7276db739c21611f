"""The new-game form: the rule book, seats in clockwise order, the first dealer, its options.

The game is 24 (variants A–C, R10, a typed start score) or "20 ab" with a
preset (Lehrblatt, Württemberg, Temmels) whose options are drawn from
:data:`scoring.rules.BOOKS` (RULES-20AB.md §6): the form holds no rule of its own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from scoring import TWENTY_FOUR, Game, Settings, name_key
from scoring.record import CONTROL_CHARACTERS
from scoring.rules import BOOKS, Option, RuleBook, TwentyAbBook
from scoring.twenty_ab import TwentyAbSettings, game_for

from .prefs import Prefs, Worded

__all__ = ["MAX_START_SCORE", "NewGameForm"]

MAX_START_SCORE = 999


@ft.observable
@dataclass(eq=False)
class NewGameForm(Worded):
    """What has been filled in so far; :meth:`game` turns it into a checked :class:`Game`."""

    prefs: Prefs
    names: list[str] = field(default_factory=lambda: ["", "", ""])
    first_dealer: int = 0
    settings: Settings = field(default_factory=Settings)
    start_text: str = str(TWENTY_FOUR.default_start_score)
    error: str | None = None
    known: list[str] = field(default_factory=list)
    """Players seen before (read from the store when the form opens, not while drawing)."""
    book: str = "24"
    """The rule book: ``24`` or ``20ab`` (the record's ``rules.book``)."""
    preset: str | None = None
    """20 ab's preset (``lehrblatt``, ``wuerttemberg``, ``temmels``); ``None`` for 24."""
    options: dict[str, Any] = field(default_factory=dict)
    """20 ab: the chosen value of every option but the upper limit (§6)."""
    limit_text: str = ""
    """20 ab: the upper limit as typed (empty: none, Z19)."""

    def fill(self, known: list[str], players: tuple[str, ...] = (), first_dealer: int = 0,
             settings: Settings | TwentyAbSettings | None = None) -> None:
        """Open the form, empty or filled (rematch: the same rule book and options)."""
        self.names = list(players) or ["", "", ""]
        self.first_dealer = first_dealer
        if isinstance(settings, TwentyAbSettings):
            self.set_game("20ab", settings.preset)
            chosen = settings.options()
            self.options = {k: chosen[k] for k in self.options}
            self.limit_text = "" if settings.upper_limit is None else str(settings.upper_limit)
        else:
            self.set_game("24")
            self.settings = settings or Settings()
            self.start_text = str(self.settings.start_score)
        self.error = None
        self.known = list(known)

    @property
    def rulebook(self) -> RuleBook | TwentyAbBook:
        """The rule book chosen (24's, or the 20 ab preset's)."""
        return BOOKS[self.book][self.preset]

    def set_game(self, book: str, preset: str | None = None) -> None:
        """Choose the game: 24, or 20 ab and its preset; the options start at its defaults."""
        if book not in BOOKS or preset not in BOOKS[book]:
            return
        self.book, self.preset = book, preset
        rulebook = self.rulebook
        if isinstance(rulebook, TwentyAbBook):
            self.options = {o.key: o.default for o in rulebook.options if not o.nullable}
            self.limit_text = ""
        else:
            self.settings = Settings()
            self.options = {}
        self.start_text = str(rulebook.default_start_score)
        while len(self.names) > rulebook.max_players:
            self.names.pop()
        while len(self.names) < rulebook.min_players:
            self.names.append("")
        self.first_dealer = min(self.first_dealer, len(self.names) - 1)

    def choices(self) -> list[Option]:
        """20 ab: the options the table may change (more than one allowed value), in §6's order."""
        rulebook = self.rulebook
        if not isinstance(rulebook, TwentyAbBook):
            return []
        return [o for o in rulebook.options if o.allowed is not None and len(o.allowed) > 1]

    def set_option(self, key: str, value: Any) -> None:
        """20 ab: choose an option's value (only one the preset allows)."""
        option = next((o for o in self.choices() if o.key == key), None)
        if option is not None and option.allows(value):
            self.options = {**self.options, key: value}
            if key == "start_score":
                self.start_text = str(value)

    def set_limit_text(self, value: str) -> None:
        """20 ab: type the upper limit (Z19); empty for none."""
        self.limit_text = value

    def upper_limit(self) -> int | None:
        """Z19: the typed limit (``None``: none); ``-1`` when it is not a number above the start."""
        value = self.limit_text.strip()
        if not value:
            return None
        start = self.start_score() or 0
        if value.isascii() and value.isdigit() and start < int(value) <= MAX_START_SCORE:
            return int(value)
        return -1

    def report(self, message: str) -> None:
        self.error = message

    def set_name(self, seat: int, name: str) -> None:
        """Type the name in seat ``seat`` (kept exactly as typed: "de Vries" stays)."""
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
        return len(self.names) < self.rulebook.max_players

    def can_remove_player(self) -> bool:
        """R1/Z1: more seats than the rule book needs."""
        return len(self.names) > self.rulebook.min_players

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

    def set_variant(self, name: str, on: bool) -> None:
        """Switch a variant (``trump_chaos``, ``sit_out``, ``restrictions``) or R10."""
        if name == "trump_chaos":  # variant A proposes dropping R10 (RULES.md decision)
            self.settings = self.settings.with_trump_chaos(on)
        else:
            self.settings = replace(self.settings, **{name: on})

    def set_start_text(self, value: str) -> None:
        """Type the start score (R2)."""
        self.start_text = value

    def unknown(self) -> list[str]:
        """Known players not seated yet (quick buttons)."""
        taken = {name_key(n) for n in self.names if n.strip()}
        return [n for n in self.known if name_key(n) not in taken]

    def name_error(self, seat: int) -> str | None:
        """R1, inline: why the name in ``seat`` cannot be used, or ``None``."""
        name = self.names[seat]
        if not name.strip():
            return self.t("name_empty")
        if len(name.strip()) > self.rulebook.max_name_length:
            return self.t("name_long", n=self.rulebook.max_name_length)
        if CONTROL_CHARACTERS.search(name):  # the record's limit too (issue 20)
            return self.t("name_control")
        earlier = [name_key(n) for n in self.names[:seat]]
        if name_key(name) in earlier:
            return self.t("name_taken", name=name.strip())
        return None

    def start_score(self) -> int | None:
        """R2: the typed start score, or ``None`` when it is not a whole number 1–999."""
        value = self.start_text.strip()
        # ASCII digits only: "²" and "١" are str.isdigit() but int() refuses them (issue 12)
        if value.isascii() and value.isdigit() and 1 <= int(value) <= MAX_START_SCORE:
            return int(value)
        return None

    def limit_error(self) -> str | None:
        """Z19, inline: why the typed upper limit cannot be used, or ``None``."""
        if self.upper_limit() != -1:
            return None
        return self.t("upper_limit_bad", start=self.start_score() or 0, maximum=MAX_START_SCORE)

    def can_start(self) -> bool:
        """Every name is fine and the start score (and 20 ab's upper limit) is a number."""
        return self.start_score() is not None and self.limit_error() is None and not any(
            self.name_error(i) for i in range(len(self.names)))

    def game(self) -> Game | None:
        """The game this form describes (checked by scoring), or ``None`` with :attr:`error` set."""
        start = self.start_score()
        if start is None or not self.can_start():
            self.error = self.t("start_score_bad") if start is None \
                else self.limit_error() or self.t("name_empty")
            return None
        players = tuple(n.strip() for n in self.names)
        if self.book == "20ab":
            settings: Settings | TwentyAbSettings = TwentyAbSettings(
                self.preset, **{**self.options, "start_score": start},
                upper_limit=self.upper_limit())
        else:
            settings = replace(self.settings, start_score=start)
        return game_for(players, settings, first_dealer=self.first_dealer)
