"""The rule books as the app meets them: one adapter per book, looked up by its key.

The engine answers every question of the rules (:attr:`scoring.Game.steps`,
its ``verify_x``/``can_x``, the notes on each round's result). What is left
differs between the books only in shape: which draft a round is entered in,
which settings a new game is made of, what a round's call writes in a CSV
Block. Each :class:`Book` holds that for one rule book; :func:`book_of` finds it
by the rule book's key (``rules.book``), so a third rule book is a definition in
:mod:`scoring.rules`, its words in the catalogues and one more entry here — not
a search through the app. This is the one module of ``app/`` that names the
rule books (``tests/test_architecture.py`` holds the others to it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring import Game, Round, Settings
from scoring.twenty_ab import TwentyAbRound, TwentyAbSettings

from .draft import RoundDraft, TwentyAbDraft
from .i18n import N_

__all__ = ["BOOKS", "Book", "book_of"]

Word = Callable[..., str]


@dataclass(frozen=True)
class Book:
    """What the app needs of one rule book beyond the engine's answers."""

    key: str
    """The record's ``rules.book``."""

    draft: type[RoundDraft]
    """The round being entered (and corrected)."""

    call_columns: tuple[str, ...]
    """The CSV Block's columns of a round's call (block_csv), in order."""

    call_cells: Callable[[Any, Word], list[str | int]]
    """A round's call as those cells (``word`` writes a suit or a word)."""

    settings_for: Callable[[str | None, Mapping[str, Any], int, int | None], Any]
    """New-game settings from the form: preset, chosen options, start score, upper limit."""

    options_of: Callable[[Any], dict[str, Any]]
    """A game's settings as the form's chosen options (a rematch starts from them)."""

    upper_limit_of: Callable[[Any], int | None]
    """The upper limit a table chose (Z19), where the rule book lets it choose one."""

    stats_words: Mapping[str, str] = field(default_factory=dict)
    """The statistics columns (:data:`app.stats.COLUMNS`) this book words its own way (the
    others read as in 24): a column is headed in the words of the game it counts."""


def _call_24(round_: Round, word: Word) -> list[str | int]:
    """24: the called colour, the final one under variant A, blind."""
    final = round_.final_trump
    return [word(round_.trump), word(final) if final is not None else "",
            word("blind") if round_.blind else ""]


def _call_20ab(round_: TwentyAbRound, word: Word) -> list[str | int]:
    """20 ab: dealer, suit, blind, bid, knock, misdeals before the deal."""
    return [round_.dealer or "", word(round_.trump) if round_.trump is not None else "",
            word("blind") if round_.blind else "", "" if round_.bid is None else round_.bid,
            word("knock") if round_.knock else "", round_.misdeals]


def _settings_24(preset: str | None, options: Mapping[str, Any], start: int,
                 upper_limit: int | None) -> Settings:
    return Settings(**{**options, "start_score": start})


def _settings_20ab(preset: str | None, options: Mapping[str, Any], start: int,
                   upper_limit: int | None) -> TwentyAbSettings:
    return TwentyAbSettings(preset, **{**options, "start_score": start},  # type: ignore[arg-type]
                            upper_limit=upper_limit)


def _options_24(settings: Settings) -> dict[str, Any]:
    return {o.key: getattr(settings, o.key) for o in settings.rulebook.options if o.allowed}


def _options_20ab(settings: TwentyAbSettings) -> dict[str, Any]:
    return {k: v for k, v in settings.options().items() if k != "upper_limit"}


BOOKS: Mapping[str, Book] = {
    "24": Book("24", RoundDraft, ("trump", "final_trump", "blind"), _call_24, _settings_24,
               _options_24, lambda settings: None),
    "20ab": Book("20ab", TwentyAbDraft, ("dealer", "trump", "blind", "bid", "knock", "misdeals"),
                 _call_20ab, _settings_20ab, _options_20ab, lambda settings: settings.upper_limit,
                 # Z12/Z6: the caller without a trick, and hearts blind (24: own trump, yellow blind)
                 {"calls_no_trick": N_("Called, no trick"), "blind_calls": N_("Hearts blind")}),
}
"""Every rule book's adapter by its key (``scoring.rules.BOOKS`` has the same keys)."""


def book_of(game: Game | Any) -> Book:
    """The adapter of a game's (or a settings value's) rule book."""
    settings = game.settings if isinstance(game, Game) else game
    return BOOKS[settings.rulebook.book]
