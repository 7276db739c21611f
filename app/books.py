"""The rule books as the app meets them: one adapter per book, looked up by its key.

The engine answers every question of the rules (:attr:`scoring.Game.steps`,
its ``verify_x``/``can_x`` and plain questions, the notes on each round's
result). What is left differs between the books only in words and shape: the
book's name and its presets on the new-game form, the words of its options,
which settings a new game is made of, what a round's call writes in a CSV
Block. Each :class:`Book` holds that for one rule book; :func:`book_of` finds
it by the rule book's key, so a third rule book is a definition in
:mod:`scoring.rules`, its words in the catalogues and one more entry here — not
a search through the app. This is the one module of ``app/`` that names the
rule books (``tests/test_architecture.py`` holds the others to it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring import BOOKS as RULE_BOOKS
from scoring import MAX_START_SCORE, Game, Option, Round, RuleBook, Settings
from scoring.errors import N_

__all__ = ["BOOKS", "FIRST", "OPTION_VALUES", "PRESETS", "Book", "Choice", "book_of", "choice", "heading"]

Word = Callable[..., str]


@dataclass(frozen=True)
class Choice:
    """One rule book (and preset) as the new-game form offers it: the form's only view of it."""

    key: str
    """The book's key (the record's ``rules.book``)."""

    preset: str | None
    """The preset (20 ab), or ``None``."""

    defaults: Settings
    """The book with every option at its default."""

    @property
    def options(self) -> tuple[Option, ...]:
        """The options a table chooses, in the book's order."""
        return self.defaults.book.options

    @property
    def seats(self) -> range:
        """R1/Z1: how many may play."""
        return self.defaults.player_counts

    @property
    def start(self) -> int:
        """R2/Z2: the start score unless the table types another."""
        return self.defaults.start

    @property
    def highest(self) -> int:
        """The highest score the form takes as a start score or an upper limit."""
        return MAX_START_SCORE

    def numbers(self) -> dict[str, Any]:
        """The rule book's numbers and suits its help sentences quote (the engine's
        :meth:`scoring.Settings.figures`; :func:`app.i18n.text` names a suit in the language)."""
        return self.defaults.figures()


@dataclass(frozen=True)
class Book:
    """What the app needs of one rule book beyond the engine's answers."""

    key: str
    """The record's ``rules.book``."""

    title: str
    """The book's name on screen (a catalogue word)."""

    call_columns: tuple[str, ...]
    """The CSV Block's columns of a round's call (block_csv), in order."""

    call_cells: Callable[[Any, Word], list[str | int]]
    """A round's call as those cells (``word`` writes a suit or a word)."""

    option_words: Mapping[str, tuple[str, str]]
    """Each option's title and one line of help (catalogue words; ``{blanks}`` take
    :meth:`Choice.numbers`)."""

    proposed_help: Mapping[str, str]
    """The help of an option while another option proposes its opposite (variant A proposes
    R10 off)."""

    stats_words: Mapping[str, str] = field(default_factory=dict)
    """The statistics columns (:data:`app.state.stats.COLUMNS`) this book words its own way (the
    others read as in 24): a column is headed in the words of the game it counts."""

    def choices(self) -> tuple[Choice, ...]:
        """The book and its presets, as the new-game form offers them."""
        return tuple(Choice(self.key, preset, Settings(book))
                     for preset, book in RULE_BOOKS[self.key].items())

    def figures(self) -> dict[str, Any]:
        """The figures (:meth:`Choice.numbers`, the engine's) every preset that has the rule
        quotes alike: what a heading over all the book's games may name (its blind suit, where
        the presets with a blind call share one). A figure they differ on is left out."""
        said: dict[str, set[Any]] = {}
        for choice in self.choices():
            for key, value in choice.numbers().items():
                if value is not None:
                    said.setdefault(key, set()).add(value)
        return {key: next(iter(values)) for key, values in said.items() if len(values) == 1}


PRESETS: dict[str, tuple[str, str]] = {
    "lehrblatt": (N_("Lehrblatt"),
                  N_("{min_players}–{max_players} players, the caller sits left of the dealer, "
                     "{blind_suit} blind ×{blind_value}, sitting out costs {sit_out_cost}.")),
    "wuerttemberg": (N_("Württemberg"),
                     N_("{min_players}–{max_players} players, {tricks} tricks, bidding, knocking, "
                        "misdeal strikes, {drop_from} drops to {drop_to}.")),
    "temmels": (N_("Temmels"),
                N_("{min_players}–{max_players} players, {tricks} tricks, no blind, no sitting out "
                   "unless switched on.")),
}
"""20 ab: a preset's name and its one line of help (``{blanks}``: the engine's
:meth:`scoring.Settings.figures`)."""

OPTION_VALUES: dict[tuple[str, str], str] = {
    ("deck", "french32"): N_("32 French ({french32})"),
    ("deck", "german_double"): N_("German double ({german_double})"),
    ("end", "zero_or_below"): N_("0 or below"),
    ("end", "exact_zero"): N_("Exactly 0"),
    ("knock_trump", "bottom_card"): N_("Bottom card"),
    ("knock_trump", "none"): N_("No trump"),
    ("contract_penalty", "replace"): N_("Instead"),
    ("contract_penalty", "add"): N_("On top"),
    ("tie_break", "lowest"): N_("Lowest"),
    ("tie_break", "first_out"): N_("First out"),
}
"""20 ab: the words of the values an option offers (a switch has none; a number reads itself;
``{blanks}``: the engine's :meth:`scoring.Settings.figures`)."""


def _call_24(round_: Round, word: Word) -> list[str | int]:
    """24: the called colour, the final one under variant A, blind."""
    final = round_.final_trump
    return [word(round_.trump), word(final) if final is not None else "",
            word("blind") if round_.blind else ""]


def _call_20ab(round_: Round, word: Word) -> list[str | int]:
    """20 ab: dealer, suit, blind, bid, knock, misdeals before the deal."""
    return [round_.dealer or "", word(round_.trump) if round_.trump is not None else "",
            word("blind") if round_.blind else "", "" if round_.bid is None else round_.bid,
            word("knock") if round_.knock else "", round_.misdeals]


BOOKS: Mapping[str, Book] = {
    "24": Book(
        "24", N_("24"), ("trump", "final_trump", "blind"), _call_24,
        {
            "trump_chaos": (N_("A · Trump chaos"),
                            N_("A played 2 may name a new trump; the last one counts.")),
            "sit_out": (N_("B · Sitting out"),
                        N_("After seeing their cards a player may sit the round out (not the caller).")),
            "restrictions": (N_("C · Restrictions"),
                             N_("≤ {sit_out_bar} points: no sitting out · ≤ {no_exchange}: no exchange · "
                                "blind only with ≥ {blind_needs}.")),
            "caller_penalty": (N_("Own trump without a trick (double)"),
                               N_("The caller who makes no trick gains double "
                                  "({plain}, {doubled} or {blind}).")),
            "start_score": (N_("Start score"), ""),
        },
        {"caller_penalty": N_("Off by default with A (a changed trump is no longer the caller's own).")},
    ),
    "20ab": Book(
        "20ab", N_("20 ab"), ("dealer", "trump", "blind", "bid", "knock", "misdeals"), _call_20ab,
        {
            "start_score": (N_("Start score"),
                            N_("Every player starts with this many points (30: “30 ab”).")),
            "deck": (N_("Deck"), N_("32 French cards: {french32} tricks; the doubled German deck: "
                                    "{german_double}.")),
            "end": (N_("End"), N_("Out at 0 or below, or (classic) only at exactly 0: "
                                  "tricks past 0 do not count.")),
            "sit_out": (N_("Sitting out"),
                        N_("A player with {sit_out_needs} points or more may sit a round out "
                           "(never with {forbidding_suit}).")),
            "knock": (N_("Knocking"),
                      N_("A player may knock: no bidding, nobody sits out, he must make "
                         "{knock_contract} tricks.")),
            "knock_trump": (N_("Trump when knocking"),
                            N_("The bottom card's suit is trump, or there is no trump.")),
            "contract_penalty": (N_("Missed bid"),
                                 N_("Short of his bid the caller gains {missed} ({doubled_suit} "
                                    "{missed_doubled}) instead of, or on top of, his tricks.")),
            "hundred_to_ten": (N_("{drop_from} drops to {drop_to}"),
                               N_("Exactly {drop_from} points drop to {drop_to} (a zero is struck "
                                  "out).")),
            "tie_break": (N_("Two out at once"),
                          N_("The lowest score wins, or whoever went out first (asked then).")),
            "upper_limit": (N_("Upper limit (empty: none)"),
                            N_("The game also ends when someone reaches this many points.")),
        },
        {},
        # Z12: the caller without a trick (24: own trump); the blind column names the book's suit
        {"calls_no_trick": N_("Called, no trick")},
    ),
}
"""Every rule book's adapter by its key (``scoring.BOOKS`` has the same keys), in the order the
screens offer them."""

FIRST = next(iter(BOOKS))
"""The rule book a new game and the statistics start from (24)."""


def heading(preset: str | None) -> tuple[str, ...]:
    """The words a list of games puts before a game of ``preset``: its book's title and the
    preset's name (none for a book without presets: 24 is the pad's own game)."""
    for book in BOOKS.values():
        if preset is not None and preset in RULE_BOOKS[book.key]:
            return book.title, PRESETS[preset][0]
    return ()


def book_of(game: Game | Settings) -> Book:
    """The adapter of a game's (or a settings value's) rule book."""
    settings = game.settings if isinstance(game, Game) else game
    return BOOKS[settings.book.key]


def choice(key: str, preset: str | None) -> Choice | None:
    """The rule book ``key`` with ``preset`` as the form offers it (``None``: no such book)."""
    presets = RULE_BOOKS.get(key, {})
    return Choice(key, preset, Settings(presets[preset])) if preset in presets else None


def settings_for(key: str, preset: str | None, options: Mapping[str, Any], start: int,
                 upper_limit: int | None) -> Settings:
    """New-game settings from the form: the book, the chosen options, the start score typed and
    (where the book has one) the upper limit typed."""
    book: RuleBook = RULE_BOOKS[key][preset]
    chosen = {**options, "start_score": start}
    if any(o.key == "upper_limit" for o in book.options):
        chosen["upper_limit"] = upper_limit
    return Settings(book, chosen)


def chosen_options(settings: Settings) -> dict[str, Any]:
    """A game's options chosen from a list (a rematch starts from them; the start score and an
    upper limit are typed)."""
    return {o.key: settings.options[o.key] for o in settings.book.options if o.allowed}


def preset_of(settings: Settings) -> tuple[str, str | None]:
    """A game's rule book and preset (a rematch opens the form on them)."""
    return settings.book.key, settings.book.preset
