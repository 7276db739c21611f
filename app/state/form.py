"""The new-game form: seats in clockwise order, the first dealer, variants, the start score."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import flet as ft

from scoring import TWENTY_FOUR, Game, Settings, name_key

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

    def fill(self, known: list[str], players: tuple[str, ...] = (), first_dealer: int = 0,
             settings: Settings | None = None) -> None:
        """Open the form, empty or filled (rematch)."""
        self.names = list(players) or ["", "", ""]
        self.first_dealer = first_dealer
        self.settings = settings or Settings()
        self.start_text = str(self.settings.start_score)
        self.error = None
        self.known = list(known)

    def report(self, message: str) -> None:
        self.error = message

    def set_name(self, seat: int, name: str) -> None:
        """Type the name in seat ``seat`` (kept exactly as typed: "de Vries" stays)."""
        self.names[seat] = name

    def add_player(self, name: str = "") -> None:
        """Another seat (R1: at most 5); a known name fills the first empty seat."""
        stripped = [n.strip() for n in self.names]
        if name and "" in stripped:
            self.names[stripped.index("")] = name
        elif len(self.names) < TWENTY_FOUR.max_players:
            self.names.append(name)

    def can_add_player(self) -> bool:
        """R1: fewer than 5 seats."""
        return len(self.names) < TWENTY_FOUR.max_players

    def remove_player(self, seat: int) -> None:
        """Take a seat away (R1: at least 2 stay)."""
        if len(self.names) > TWENTY_FOUR.min_players:
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
        if len(name.strip()) > TWENTY_FOUR.max_name_length:
            return self.t("name_long", n=TWENTY_FOUR.max_name_length)
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

    def can_start(self) -> bool:
        """Every name is fine and the start score is a number."""
        return self.start_score() is not None and not any(
            self.name_error(i) for i in range(len(self.names)))

    def game(self) -> Game | None:
        """The game this form describes (checked by scoring), or ``None`` with :attr:`error` set."""
        start = self.start_score()
        if start is None or not self.can_start():
            self.error = self.t("start_score_bad") if start is None else self.t("name_empty")
            return None
        players = tuple(n.strip() for n in self.names)
        return Game(players, replace(self.settings, start_score=start), first_dealer=self.first_dealer)
