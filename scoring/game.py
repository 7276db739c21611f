"""One engine for every rule book: the settings, the game, the fold that scores its rounds.

A :class:`Game` is its players, its :class:`Settings` (a rule book and the
options a table chose) and the tuple of its :class:`~scoring.Round` values.
Every score is derived by replaying the rounds (:attr:`Game.results`); nothing
stores a total. A ``Game`` is always valid: constructing one runs, round by
round, the checks and the scoring steps its rule book lists
(:mod:`scoring.steps`) and raises a :class:`ScoringError` naming the round,
the player and the value at fault.

The screens only ask. Commands and questions follow one pattern (after
pokerkit): ``verify_x`` raises when ``x`` is not allowed, ``can_x`` answers the
same question with a bool (to enable a button), ``x`` returns the new frozen
value; the plain questions (:meth:`Game.bids`, :meth:`Game.ranking`,
:meth:`Game.filled_tricks` …) answer what a screen draws. Rule numbers refer to
docs/RULES.md.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from operator import add
from types import MappingProxyType
from typing import Any

from . import steps
from .book import RuleBook
from .errors import (
    EditError,
    GameOverError,
    PlayersError,
    RoundError,
    ScoringError,
    SettingsError,
    Shown,
)
from .names import looks_alike, name_key, name_problem
from .rules import MAX_START_SCORE, TWENTY_FOUR
from .steps import MAX_MISDEALS, Before, Tally
from .values import Outcome, Round, RoundResult

__all__ = [
    "Game",
    "RoundSteps",
    "Settings",
    "best_score",
    "name_key",
    "verify_name",
    "verify_new_name",
    "verify_players",
    "worst_score",
]


# -- names (R1, Z1) ----------------------------------------------------------------


def verify_name(name: object, seat: int, taken: Mapping[str, str] = MappingProxyType({}),
                book: RuleBook = TWENTY_FOUR, new: bool = False) -> str:
    """R1/Z1: what is wrong with the name in ``seat`` (1-based), beside the names ``taken``
    (by :func:`scoring.names.name_key`); returns its key.

    Raises :class:`PlayersError`. A name is Unicode text UTF-8 can hold, not
    empty after trimming, and unlike every other. Decision: a name is kept
    exactly as given (surrounding spaces only count when comparing). ``new``:
    a name for a new game (the form, a rename, a record from outside) also
    passes :func:`verify_new_name`; a game already stored with a longer name
    still opens.
    """
    if not isinstance(name, str):
        raise PlayersError("player_not_name", seat=seat, value=name)
    if new:
        verify_new_name(name, seat, book)
    key = name_key(name)
    if not key:
        raise PlayersError("player_empty", seat=seat, value=name)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (a JSON "\ud800" escape)
        raise PlayersError("player_not_text", seat=seat, value=name) from None
    if key in taken:
        raise PlayersError("player_twice", player=name, value=name, taken=taken[key])
    if new:
        other = next((o for o in taken.values() if looks_alike(name, o)), None)
        if other is not None:
            raise PlayersError("player_look_alike", player=name, value=name, taken=other)
    return key


def verify_new_name(name: str, seat: int, book: RuleBook = TWENTY_FOUR, seated: Iterable[str] = ()) -> None:
    """The limits of a name for a new game, as :func:`scoring.names.name_problem` reads them
    (the book's length, no control or invisible character, a letter or digit that shows, unlike
    and not looking like the names ``seated`` before it). The refusal names the seat and never
    holds a name too long to show (it may be 60 MB)."""
    problem = name_problem(name, seat, book, seated)
    if problem is not None:
        raise problem


def verify_players(players: Iterable[object], book: RuleBook = TWENTY_FOUR,
                   new: bool = False) -> tuple[str, ...]:
    """R1/Z1: a seating order of the book's count of names (:func:`verify_name`); as a tuple."""
    seats = tuple(players)
    least, most = book.seats.least, book.seats.most
    if not least <= len(seats) <= most:
        raise PlayersError("players_count", minimum=least, maximum=most, value=len(seats))
    taken: dict[str, str] = {}
    names: list[str] = []
    for seat, name in enumerate(seats, start=1):
        taken[verify_name(name, seat, taken, book, new)] = str(name)
        names.append(str(name))
    return tuple(names)


# -- settings -----------------------------------------------------------------------


def _shown_option(value: object) -> object:
    """An option's value as the record writes it (``"german_double"``, ``true``, ``null``), so a
    refusal reads ``rules.deck: "german_double" not allowed with preset temmels``."""
    if isinstance(value, str | bool) or value is None:
        return Shown(json.dumps(value, ensure_ascii=False))
    return value


@dataclass(frozen=True, init=False)
class Settings:
    """A rule book and the options a table chose, checked against the book's own option list.

    ``Settings()`` is 24 with its defaults; ``Settings(LEHRBLATT, deck="german_double")``
    a 20 ab preset. An option left out (or ``None``, unless ``None`` is a value
    of its own) takes the book's default. Each option reads as an attribute
    (``settings.sit_out``). Raises :class:`SettingsError` for a value the book
    does not allow (strict types: ``True`` is not ``1``) and ``TypeError`` for
    a key the book has no option of.

    Decisions: 24's start score is any whole number 1–999 and variant C's bars
    stay the book's numbers; 20 ab's ``upper_limit`` is a whole number above
    the start score.
    """

    book: RuleBook
    """The rule book."""

    options: Mapping[str, Any]
    """Every option's value, in the book's order (as a record's ``rules`` writes them)."""

    def __init__(self, book: RuleBook = TWENTY_FOUR, options: Mapping[str, Any] | None = None,
                 **chosen: Any) -> None:
        chosen = {**(options or {}), **chosen}
        unknown = set(chosen) - {o.key for o in book.options}
        if unknown:
            raise TypeError(f"{book.name} has no option {sorted(unknown)[0]!r}")
        values: dict[str, Any] = {}
        for option in book.options:
            value = chosen.get(option.key)
            if value is None and not option.nullable:
                value = option.default
            if option.nullable:
                start = values["start_score"]
                if value is not None and (type(value) is not int or value <= start):
                    raise SettingsError("upper_limit", value=value, expected=start)
            elif not option.allows(value):
                if option.allowed is None:
                    raise SettingsError("start_score", value=value, minimum=option.minimum,
                                        maximum=option.maximum)
                if all(type(a) is bool for a in option.allowed) and len(option.allowed) == 2:
                    raise SettingsError("setting_not_bool", setting=option.key, value=value)
                raise SettingsError("option_not_allowed", key=option.key,
                                    value=_shown_option(value), preset=book.preset)
            values[option.key] = value
        object.__setattr__(self, "book", book)
        object.__setattr__(self, "options", MappingProxyType(values))

    def __getattr__(self, key: str) -> Any:
        options = self.__dict__.get("options", {})
        if key in options:
            return options[key]
        raise AttributeError(key)

    def get(self, key: str, default: Any = None) -> Any:
        """The option ``key``, or ``default`` when the book has no such option."""
        return self.options.get(key, default)

    @property
    def preset(self) -> str | None:
        """The book's preset (20 ab's ``lehrblatt`` …; 24 has none)."""
        return self.book.preset

    @property
    def start(self) -> int:
        """R2/Z2: every player's score before the first round."""
        return int(self.options["start_score"])

    @property
    def limit(self) -> int | None:
        """R12/Z19: a player at this score or above ends the game (24: twice the start score;
        20 ab: the table's ``upper_limit``, or ``None``)."""
        if self.book.limit is not None:
            return self.book.limit.factor * self.start
        return self.options.get("upper_limit")

    @property
    def chosen_limit(self) -> int | None:
        """Z19: the upper limit the table chose (``None``: none chosen, or the book has no such
        option: 24's limit is its rule, R12)."""
        return self.options.get("upper_limit")

    @property
    def player_counts(self) -> range:
        """R1/Z1: how many may play a game of this book."""
        return range(self.book.seats.least, self.book.seats.most + 1)

    @property
    def tricks_per_round(self) -> int:
        """R3/Z3: *T*, the tricks of every round (the deck chosen decides it in the Lehrblatt)."""
        tricks = self.book.tricks
        return dict(tricks.decks).get(self.options.get("deck", ""), tricks.per_round)

    def figures(self) -> dict[str, Any]:
        """The numbers and suits of the rule book its sentences quote, by the ``{blank}`` each
        fills (the app's help, presets and hints write none: a book with other numbers or suits
        reads with its own). ``None`` where the book has no such rule."""
        book = self.book
        tricks, blind, sit_out = book.tricks, book.blind, book.sit_out
        contract, drop, exchange, caller = book.contract, book.drop, book.exchange, \
            book.caller_no_trick
        gain = 0 if caller is None else caller.gain  # R10/Z13 × R8/Z11: the caller's gains
        blind_value = None if blind is None else blind.value
        start = book.option("start_score")
        needs = None if sit_out is None else sit_out.needs
        return {
            "min_players": book.seats.least, "max_players": book.seats.most,
            "tricks": self.tricks_per_round, **dict(tricks.decks),
            "sit_out_bar": None if needs is None else needs - 1, "sit_out_needs": needs,
            "sit_out_cost": None if sit_out is None else sit_out.cost,
            "streak": None if sit_out is None else sit_out.never_running,
            "no_exchange": None if exchange is None else exchange.at_or_below,
            "blind_needs": None if blind is None else blind.needs, "blind_value": blind_value,
            "plain": gain * tricks.plain, "doubled": gain * tricks.doubled,
            "blind": gain * (blind_value or 0),
            "knock_contract": None if contract is None else contract.knock,
            "missed": None if contract is None else contract.penalty,
            "missed_doubled": None if contract is None else contract.penalty * tricks.doubled,
            "drop_from": None if drop is None else drop.high,
            "drop_to": None if drop is None else drop.low,
            # R6/Z6, R8/Z11, Z9: the suits a help sentence names
            "blind_suit": None if blind is None else blind.suit,
            "doubled_suit": tricks.doubled_suit,
            "forbidding_suit": None if sit_out is None else sit_out.forbidding_suit,
            "lowest": start.minimum or 1, "highest": MAX_START_SCORE,
        }

    def with_option(self, key: str, value: Any) -> Settings:
        """One option changed, with the proposal it makes for another (variant A proposes R10
        off, and back on when it is turned off; the table may change that afterwards)."""
        changed = {**self.options, key: value}
        proposes = self.book.option(key).proposes
        if proposes is not None:
            changed[proposes] = not value
        return Settings(self.book, changed)

    def with_trump_chaos(self, on: bool) -> Settings:
        """Variant A switched on or off, with its proposal for R10 (:meth:`with_option`)."""
        return self.with_option("trump_chaos", on)


# -- what a round records ---------------------------------------------------------


@dataclass(frozen=True)
class RoundSteps:
    """What the table records in a round of this game, in the order it happens.

    The rule books answer it (:attr:`Game.steps`), so the app draws a step
    because the game has it, never because of which rule book it is.
    """

    dealer: bool = False
    """Z4: the dealer is recorded and may be changed (Württemberg); else only proposed (R4)."""

    misdeals: bool = False
    """Z17: the dealer's misdeals before the deal are counted."""

    bid: bool = False
    """Z7: the caller's bid is recorded (his contract, Z14)."""

    knock: bool = False
    """Z8: a player may knock instead of bidding."""

    knock_names_suit: bool = False
    """Z8 (``knock_trump: bottom_card``): a knock round records the bottom card's suit."""

    blind: bool = True
    """R6/Z6: the blind call exists (not in Temmels)."""

    trump_change: bool = False
    """Variant A: a played 2 may name a new trump."""

    sit_out: bool = False
    """Variant B/Z9: players may sit a round out."""

    sit_out_streak: int | None = None
    """Z9 (Württemberg): nobody sits out more than this many rounds running (``None``: no bound)."""

    sit_out_never: int | None = None
    """Z9 (Württemberg): nobody sits out this many rounds running (``None``: no bound)."""

    rank_order: bool = False
    """24: the cards' rank order (11 high) flips when a 1 is played; shown at the table."""

    first_out: bool = False
    """Z20 (``tie_break: first_out``): who went out first is asked when two go out."""

    @property
    def long_call(self) -> bool:
        """The call holds more than the trump buttons (dealer, misdeals, bid, knock)."""
        return self.dealer or self.misdeals or self.bid or self.knock


# -- the game -----------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A game in any rule book: players in clockwise seat order, settings, the rounds played.

    Constructing a ``Game`` replays every round and raises the first
    :class:`ScoringError` it meets, naming that round. ``results``,
    ``outcome`` and the state before each round are derived, never stored.
    """

    players: tuple[str, ...]
    """R1/Z1: unique names in clockwise seat order."""

    settings: Settings = Settings()
    """The rule book and the options chosen."""

    rounds: tuple[Round, ...] = ()
    """Every round played, in order."""

    first_dealer: int = 0
    """R4/Z4: seat index (0-based) of the player who dealt round 1."""

    taken_back: tuple[Round, ...] = ()
    """The rounds undo took back, in the order they were played: redo plays the first of them
    again, one per tap; recording another round ends them. Checked when one comes back (a
    correction meanwhile may have made it break a rule), never scored before."""

    results: tuple[RoundResult, ...] = field(init=False, repr=False, compare=False)
    """Derived: one :class:`RoundResult` per round."""

    outcome: Outcome | None = field(init=False, repr=False, compare=False)
    """Derived: how the game ended, or ``None`` while it goes on."""

    history: tuple[Before, ...] = field(init=False, repr=False, compare=False)
    """Derived: the state before each round, and after the last (``len(rounds) + 1``)."""

    book: RuleBook = field(init=False, repr=False, compare=False)
    """Derived: the rule book the game is played by."""

    seats: Mapping[str, int] = field(init=False, repr=False, compare=False)
    """Derived: each player's seat (0-based)."""

    tricks_per_round: int = field(init=False, repr=False, compare=False)
    """Derived: R3/Z3, *T*, the tricks every round has."""

    limit: int | None = field(init=False, repr=False, compare=False)
    """Derived: R12/Z19, the score that ends the game from above (``None``: none)."""

    def __post_init__(self) -> None:
        players = verify_players(self.players, self.settings.book)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "rounds", tuple(self.rounds))
        object.__setattr__(self, "taken_back", tuple(self.taken_back))
        if type(self.first_dealer) is not int or not 0 <= self.first_dealer < len(players):
            raise PlayersError("first_dealer_seat", seats=len(players), value=self.first_dealer)
        # what every rule asks of the game, worked out once (the steps read them every round)
        object.__setattr__(self, "book", self.settings.book)
        object.__setattr__(self, "seats", {name: seat for seat, name in enumerate(players)})
        object.__setattr__(self, "tricks_per_round", self.settings.tricks_per_round)
        object.__setattr__(self, "limit", self.settings.limit)
        self._replay()

    # -- the fold -------------------------------------------------------------------

    def _replay(self) -> None:
        """Check and score every round in order; the state after each is the next one's."""
        n = len(self.players)
        before = Before((self.settings.start,) * n, (0,) * n, (0,) * n)
        history, results = [before], []
        outcome: Outcome | None = None
        for number, round_ in enumerate(self.rounds, start=1):
            if outcome is not None:  # R14/Z21
                raise GameOverError("game_over", after=outcome.after_round, round_number=number)
            try:
                result, outcome, before = self._play(round_, number, before)
            except ScoringError as error:
                raise error.at_round(number) from None
            results.append(result)
            history.append(before)
        object.__setattr__(self, "results", tuple(results))
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "history", tuple(history))

    def _play(self, round_: Round, number: int, before: Before
              ) -> tuple[RoundResult, Outcome | None, Before]:
        """Round ``number``: its checks, its scoring steps, then whether the game ends."""
        tally = self._tally(round_, before)
        scores = tuple(map(add, before.scores, tally.deltas))
        outcome = steps.r12_z19_end(self, round_, number, scores)
        notes = tally.notes
        if len(notes) > 1:
            notes.sort(key=lambda note: self.seats[note.player])
        result = RoundResult(number, tuple(tally.deltas), scores, tuple(notes))
        return result, outcome, Before(scores, self._streaks(round_, before.streaks),
                                       tally.strikes)

    def _tally(self, round_: Round, before: Before) -> Tally:
        """The round checked (raises) and scored, step by step, from the state ``before``."""
        for check in steps.CHECKS:
            check(self, round_, before)
        tally = Tally(before, self.trick_value(round_), [0] * len(self.players), [],
                      before.strikes)
        for step in self.book.scoring_steps:
            step(self, round_, tally)
        return tally

    def _streaks(self, round_: Round, streaks: tuple[int, ...]) -> tuple[int, ...]:
        """Z9: how many rounds running each player has sat out, after ``round_`` (counted only
        where the book bounds them)."""
        rule = self.book.sit_out
        if rule is None or rule.streak is None or (not round_.sat_out and not any(streaks)):
            return streaks
        return tuple(s + 1 if p in round_.sat_out else 0
                     for p, s in zip(self.players, streaks, strict=True))

    # -- what the rules ask of the game (the steps read these) ------------------------

    def _restricted(self, bar: int | None, switch: str | None) -> int | None:
        """A score bar of the book, or ``None`` while the option ``switch`` that switches it
        is off (``None``: always on)."""
        return None if switch is not None and not self.settings.get(switch) else bar

    @property
    def blind_needs(self) -> int | None:
        """R6 (variant C) / Z6: the score a blind caller needs at least (``None``: any)."""
        rule = self.book.blind
        if rule is None:
            return None
        need = self._restricted(rule.needs, rule.restricted_by)
        if need is not None and rule.needs_above_start:
            need += self.settings.start
        return need

    @property
    def sit_out_needs(self) -> int | None:
        """Variant C / Z9: the score a sitter needs at least (``None``: any)."""
        rule = self.book.sit_out
        return None if rule is None else self._restricted(rule.needs, rule.restricted_by)

    @property
    def no_exchange_at_or_below(self) -> int | None:
        """Variant C / the exchange reminder: at this score or less a player may not exchange."""
        rule = self.book.exchange
        return None if rule is None else self._restricted(rule.at_or_below, rule.restricted_by)

    def in_seat_order(self, names: Collection[str]) -> list[str]:
        """``names`` with strangers first (sorted), then the players in seat order: a round
        with several faults is refused for the same one every time, whatever the hash seed."""
        seated = [p for p in self.players if p in names]
        if len(seated) == len(names):
            return seated  # the usual round: no stranger among them
        strangers = sorted((n for n in names if n not in self.seats), key=repr)
        return strangers + seated

    def left_of(self, player: str | None) -> str:
        """Z1: the next name in the seating order (the last one's left is the first)."""
        return self.players[(self.seats[str(player)] + 1) % len(self.players)]

    def out(self, scores: Iterable[int]) -> list[str]:
        """R12/Z19: the players out with these scores (0 or below; the classic end: exactly 0)."""
        exact = self.settings.get("end") == "exact_zero"
        return [p for p, s in zip(self.players, scores, strict=True)
                if (s == 0 if exact else s <= 0)]

    def strike_cost(self, before: int, misdeals: int) -> int:
        """Z17: what ``misdeals`` more strikes cost a dealer who had ``before``: the penalty for
        every multiple of the book's ``misdeals.strikes`` (three) they reach."""
        rule = self.book.misdeals
        if rule is None:
            return 0
        return rule.cost * ((before + misdeals) // rule.strikes - before // rule.strikes)

    # -- reading the game ---------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """R12/Z19: the game has ended."""
        return self.outcome is not None

    def _before(self, number: int | None) -> Before:
        """The state before round ``number`` (default: the next)."""
        number = len(self.rounds) + 1 if number is None else number
        if not 1 <= number <= len(self.rounds) + 1:
            raise RoundError("no_such_round", value=number)
        return self.history[number - 1]

    def scores_before(self, number: int) -> tuple[int, ...]:
        """Scores in seat order before round ``number`` (1-based; ``len(rounds)+1`` is the next)."""
        return self._before(number).scores

    @property
    def scores(self) -> dict[str, int]:
        """The current score of every player, in seat order."""
        return dict(zip(self.players, self.history[-1].scores, strict=True))

    def dealer_of(self, number: int) -> str:
        """R4/Z4: who deals round ``number``: one seat clockwise each round."""
        return self.players[(self.first_dealer + number - 1) % len(self.players)]

    def caller_of(self, number: int) -> str:
        """R4/Z4: the caller the rotation proposes for round ``number``: left of the dealer."""
        return self.players[(self.first_dealer + number) % len(self.players)]

    def proposed_dealer(self, number: int) -> str | None:
        """Z4: the dealer a new round records, as the rotation proposes him (``None`` where the
        book records none)."""
        return self.dealer_of(number) if self.book.dealer is not None else None

    @property
    def next_dealer(self) -> str:
        """R4: who deals the next round."""
        return self.dealer_of(len(self.rounds) + 1)

    @property
    def next_caller(self) -> str:
        """R4: the caller proposed for the next round."""
        return self.caller_of(len(self.rounds) + 1)

    @property
    def no_exchange(self) -> tuple[str, ...]:
        """Variant C / the exchange reminder: who may not exchange cards now, in seat order."""
        bar = self.no_exchange_at_or_below
        if bar is None:
            return ()
        return tuple(p for p, s in self.scores.items() if s <= bar)

    def takes_part(self, round_: Round) -> tuple[str, ...]:
        """The players who play ``round_`` (everyone but those who sit out), in seat order."""
        return tuple(p for p in self.players if p not in round_.sat_out)

    def strikes_before(self, number: int | None = None) -> dict[str, int]:
        """Z17: each player's misdeal strikes before round ``number`` (default: the next);
        empty where misdeals are not counted."""
        if self.book.misdeals is None:
            return {}
        return dict(zip(self.players, self._before(number).strikes, strict=True))

    def strikes(self) -> dict[str, int]:
        """Z17: each player's misdeal strikes so far, in seat order."""
        return self.strikes_before()

    # -- the questions a screen asks --------------------------------------------------

    @property
    def steps(self) -> RoundSteps:
        """What a round of this game records, in the order it happens."""
        book, settings, sitting = self.book, self.settings, self.book.sit_out
        sit_out = sitting is not None and bool(settings.get(sitting.switched_by))
        return RoundSteps(
            dealer=book.dealer is not None and book.dealer.required,
            misdeals=book.misdeals is not None, bid=book.contract is not None,
            knock=bool(settings.get("knock")),
            knock_names_suit=settings.get("knock_trump") == "bottom_card",
            blind=book.blind is not None, trump_change=bool(settings.get("trump_chaos")),
            sit_out=sit_out, sit_out_streak=sitting.streak if sitting and sit_out else None,
            sit_out_never=sitting.never_running if sitting and sit_out else None,
            rank_order=book.rank_order is not None,
            first_out=settings.get("tie_break") == "first_out")

    @property
    def suits(self) -> tuple[Any, ...]:
        """R5/Z5: the suits trump is named from, in the buttons' order."""
        return tuple(self.book.suits)

    def suit_named(self, name: str) -> Any:
        """The suit of the book called ``name`` (``"hearts"``), or ``None`` when there is none."""
        try:
            return self.book.suits(name)
        except ValueError:
            return None

    @property
    def blind_suits(self) -> tuple[Any, ...]:
        """R6/Z6: the suits that may be called blind (one, or none in Temmels)."""
        return () if self.book.blind is None else (self.book.blind.suit,)

    def settled(self, round_: Round) -> Round:
        """What follows from a round's call, as the rules read it: the caller never sits out
        (R11/Z9), only the blind suit is called blind (R6/Z6), a blind call never changes
        (variant A) and has no bid (Z7), a knock is no blind call, has no bid and nobody sits
        out (Z8), a sitter has no count (R7/Z10)."""
        rule = self.book.blind
        blind = round_.blind is True and not round_.knock and rule is not None \
            and round_.trump is not None and round_.trump is rule.suit
        sat_out = frozenset() if round_.knock else round_.sat_out - {round_.caller}
        return dataclasses.replace(
            round_, blind=blind, final_trump=None if blind else round_.final_trump,
            bid=None if blind or round_.knock else round_.bid, sat_out=sat_out,
            tricks={p: n for p, n in round_.tricks.items() if p not in sat_out})

    def needs_bid(self, round_: Round) -> bool:
        """Z7: the caller of ``round_`` (recorded, or still being entered) bids before naming trump: in
        Württemberg, unless he calls blind or knocks."""
        return self.book.contract is not None and not round_.blind and not round_.knock

    def may_change_trump(self, round_: Round) -> bool:
        """Variant A: a played 2 may name a new trump in ``round_`` — never after a blind call."""
        return bool(self.settings.get("trump_chaos")) and not round_.blind

    def bids(self) -> range:
        """Z7: the bids a caller may make (1 to *T*); empty where nobody bids."""
        return range(1, self.tricks_per_round + 1) if self.book.contract is not None else range(0)

    def misdeal_counts(self) -> range:
        """Z17: the misdeal counts a round may record (0 only where misdeals are not counted)."""
        return range(MAX_MISDEALS + 1 if self.book.misdeals is not None else 1)

    def trick_value(self, round_: Round) -> int:
        """R8/Z11: what one trick of ``round_`` is worth: the doubled suit 2, blind 4, else 1
        (variant A: the final trump counts; a knock round without trump: 1)."""
        tricks = self.book.tricks
        if round_.blind is True and self.book.blind is not None:
            return self.book.blind.value
        trump = round_.scored_trump
        return tricks.doubled if trump is not None and trump is tricks.doubled_suit else tricks.plain

    def value_of(self, trump: Any, blind: bool = False) -> int:
        """R8/Z11: what a trick is worth with ``trump`` named (``blind``: called blind)."""
        return self.trick_value(Round("", trump, {}, blind=blind))

    def blind_caller(self, caller: str, dealer: str | None = None) -> str:
        """R6/Z6: who calls blind when ``caller`` is to call and ``dealer`` deals: the caller
        himself, or in Württemberg the player left of the dealer (he becomes the caller)."""
        rule = self.book.blind
        if rule is not None and rule.left_of_dealer and dealer in self.players:
            return self.left_of(dealer)
        return caller

    def verify_call_blind(self, caller: str, number: int | None = None,
                          dealer: str | None = None) -> None:
        """R6/Z6 and variant C: raise unless ``caller`` may call blind in round ``number``
        (default: the next); ``dealer`` defaults to the one the rotation proposes."""
        if number is None:
            self._verify_not_over()
            number = len(self.rounds) + 1
        if caller not in self.players:
            raise RoundError("caller_not_player", player=caller, value=caller)
        dealer = self.dealer_of(number) if dealer is None else dealer
        if dealer not in self.players:
            raise RoundError("dealer_not_player", value=dealer)
        blind = self.book.blind
        steps.verify_blind(self, caller, dealer, None if blind is None else blind.suit,
                           self.scores_before(number))

    def can_call_blind(self, caller: str, number: int | None = None,
                       dealer: str | None = None) -> bool:
        """Whether ``caller`` may call blind (:meth:`verify_call_blind`)."""
        return _allowed(self.verify_call_blind, caller, number, dealer)

    def verify_sit_out(self, player: str, caller: str, sat_out: Iterable[str] = (),
                       number: int | None = None, trump: Any = None, blind: bool = False,
                       knock: bool = False) -> None:
        """R11/B/C/Z9: raise unless ``player`` may sit out beside ``sat_out``, ``caller`` calling,
        in round ``number`` (default: the next). ``trump`` ``None`` means "not named yet"."""
        if number is None:
            self._verify_not_over()
        steps.verify_sitters(self, frozenset((player, *sat_out)), caller, trump, blind, knock,
                             self._before(number))

    def can_sit_out(self, player: str, caller: str, sat_out: Iterable[str] = (),
                    number: int | None = None, trump: Any = None, blind: bool = False,
                    knock: bool = False) -> bool:
        """Whether ``player`` may sit out (:meth:`verify_sit_out`)."""
        return _allowed(self.verify_sit_out, player, caller, sat_out, number, trump, blind, knock)

    def cost_of_sitting_out(self, trump: Any = None) -> int:
        """R11/Z15: what sitting out costs with ``trump`` (the doubled suit doubles it)."""
        rule = self.book.sit_out
        cost = 0 if rule is None else rule.cost
        return cost * 2 if trump is not None and trump is self.book.tricks.doubled_suit else cost

    def contract(self, round_: Round) -> int | None:
        """Z14: the tricks the caller must make — blind 2, knocking 4, else his bid (``None``:
        the book has no contract, or no bid yet)."""
        rule = self.book.contract
        if rule is None:
            return None
        return rule.blind if round_.blind else rule.knock if round_.knock else round_.bid

    def misdeal_penalty(self, dealer: str, misdeals: int, number: int | None = None) -> int:
        """Z17: what ``misdeals`` before round ``number`` would cost ``dealer`` (12 at a third
        strike, else 0)."""
        before = self.strikes_before(number).get(dealer)
        return 0 if before is None else self.strike_cost(before, misdeals)

    def tricks_left(self, tricks: Mapping[str, int]) -> int:
        """R7/Z10: tricks still to hand out while a round is entered (negative when too many)."""
        return self.tricks_per_round - sum(tricks.values())

    def tricks_missing(self, tricks: Mapping[str, int], sat_out: Collection[str] = ()
                       ) -> list[str]:
        """R7/Z10: the players who play and have no count yet, in seat order."""
        return [p for p in self.players if p not in sat_out and p not in tricks]

    def filled_tricks(self, tricks: Mapping[str, int], sat_out: Collection[str] = ()
                      ) -> dict[str, int]:
        """R7/Z10: the counts that follow from those given: when one player has every trick,
        the others made none; when one count is missing, it is what is left of *T*."""
        missing = self.tricks_missing(tricks, sat_out)
        if not missing:
            return {}
        if self.tricks_per_round in tricks.values():
            return dict.fromkeys(missing, 0)
        left = self.tricks_left(tricks)
        if len(missing) == 1 and 0 <= left <= self.tricks_per_round:
            return {missing[0]: left}
        return {}

    def first_out_choices(self, round_: Round, number: int | None = None) -> list[str]:
        """Z20: who may be named first out of ``round_`` as round ``number`` (default: the
        next): the players it puts out, when it puts two or more out under ``tie_break:
        first_out``; else nobody (the table is not asked)."""
        if self.settings.get("tie_break") != "first_out":
            return []
        try:
            tally = self._tally(dataclasses.replace(round_, first_out=None),
                                self._before(number))
        except ScoringError:
            return []
        out = self.out(map(add, tally.before.scores, tally.deltas))
        return out if len(out) >= 2 else []

    def preview(self, round_: Round, number: int | None = None) -> RoundResult:
        """What ``round_`` scores as round ``number`` (default: the next; a played one: as its
        correction, every later round checked again); raises the refusal its confirm would meet
        — but for who was out first: Z20 names the winner and never changes a score, so the
        changes are known while the table is still asked (any player out gives the same result)."""
        number = len(self.rounds) + 1 if number is None else number
        choices = self.first_out_choices(round_, number) if round_.first_out is None else []
        if choices:
            round_ = dataclasses.replace(round_, first_out=choices[0])
        game = self.record(round_) if number == len(self.rounds) + 1 else self.replace(number, round_)
        return game.results[number - 1]

    def ranking(self) -> list[tuple[int, str, int]]:
        """R13/Z20: (place, name, score), best first: the lowest score first and ties share a
        place — but a winner named first out (Z20) is first alone, the others after him."""
        scores, outcome = self.scores, self.outcome
        first = outcome.winners[0] if outcome is not None and outcome.first_out else None
        order = sorted(self.players, key=lambda p: (p != first, scores[p]))
        places: list[tuple[int, str, int]] = []
        for i, name in enumerate(order):
            tied = places and name != first and places[-1][1] != first \
                and scores[name] == places[-1][2]
            places.append((places[-1][0] if tied else i + 1, name, scores[name]))
        return places

    @property
    def leaders(self) -> tuple[str, ...]:
        """R13/Z20: who is ahead now (the lowest score; the winners once the game is over)."""
        if self.outcome is not None:
            return self.outcome.winners
        lowest = min(self.scores.values())
        return tuple(p for p, s in self.scores.items() if s == lowest)

    def reached_limit(self) -> tuple[str, ...]:
        """R12/Z19: the players at or above the upper limit now, in seat order."""
        limit = self.limit
        return () if limit is None else tuple(p for p, s in self.scores.items() if s >= limit)

    def _verify_not_over(self) -> None:
        if self.outcome is not None:  # R14/Z21
            raise GameOverError("game_over", after=self.outcome.after_round,
                                round_number=len(self.rounds) + 1)

    # -- commands -------------------------------------------------------------------

    def verify_round(self, round_: Round) -> None:
        """Raise the :class:`ScoringError` that recording ``round_`` next would meet."""
        self._verify_not_over()
        number = len(self.rounds) + 1
        try:
            self._play(round_, number, self.history[-1])
        except ScoringError as error:
            raise error.at_round(number) from None

    def can_record(self, round_: Round) -> bool:
        """Whether ``round_`` can be recorded as the next round."""
        return _allowed(self.verify_round, round_)

    def record(self, round_: Round) -> Game:
        """The game with ``round_`` played next; raises when it breaks a rule. A new round ends
        what undo took back (:attr:`taken_back`): the table played on from here."""
        self.verify_round(round_)
        return dataclasses.replace(self, rounds=(*self.rounds, round_), taken_back=())

    def verify_replace(self, number: int, round_: Round) -> None:
        """Raise unless round ``number`` can become ``round_``, every later round still valid."""
        self.replace(number, round_)

    def can_replace(self, number: int, round_: Round) -> bool:
        """Whether round ``number`` can be changed to ``round_``."""
        return _allowed(self.verify_replace, number, round_)

    def replace(self, number: int, round_: Round) -> Game:
        """The game with round ``number`` changed to ``round_``, every later round revalidated.

        When a later round would break (the game would now end earlier, a
        restriction now bites, …) an :class:`EditError` names that round and
        why; nothing changes.
        """
        if not 1 <= number <= len(self.rounds):
            raise RoundError("no_round_to_change", value=number)
        rounds = list(self.rounds)
        rounds[number - 1] = round_
        try:
            return dataclasses.replace(self, rounds=tuple(rounds))
        except ScoringError as error:
            if error.round_number is None or error.round_number <= number:
                raise
            values = {k: v for k, v in error.values.items() if k != "round"}
            raise EditError(error.code, edited_round=number, round_number=error.round_number,
                            **values) from None

    def undo(self) -> Game:
        """The game without its last round (nothing later can break), kept to be put back
        (:meth:`redo`) before the rounds taken back earlier."""
        if not self.rounds:
            raise RoundError("nothing_to_undo")
        return dataclasses.replace(self, rounds=self.rounds[:-1],
                                   taken_back=(self.rounds[-1], *self.taken_back))

    def can_redo(self) -> bool:
        """A round taken back that can be played again as the next round."""
        return bool(self.taken_back) and self.can_record(self.taken_back[0])

    def redo(self) -> Game:
        """The game with the first round taken back played again as it was, the others still
        to come (one undo put back per call, in the order they were played); raises when none
        is left or it no longer fits (a correction since), naming its round."""
        if not self.taken_back:
            raise RoundError("nothing_to_redo")
        back, *rest = self.taken_back
        self.verify_round(back)
        return dataclasses.replace(self, rounds=(*self.rounds, back), taken_back=tuple(rest))


def best_score(scores: Iterable[int]) -> int | None:
    """R13/Z20: the best of ``scores`` — in every rule book the lowest wins (``None``: none)."""
    return min(scores, default=None)


def worst_score(scores: Iterable[int]) -> int | None:
    """R13/Z20: the worst of ``scores``, the highest (``None``: none)."""
    return max(scores, default=None)


def _allowed(verify: Any, *args: Any) -> bool:
    try:
        verify(*args)
    except ScoringError:
        return False
    return True
