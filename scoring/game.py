"""The game of "24" as values: settings, rounds, and the fold that scores them.

A :class:`Game` is its players, its :class:`Settings` and the tuple of its
:class:`Round` values. Every score is derived by replaying the rounds
(:attr:`Game.results`); nothing stores a total. A ``Game`` is always valid:
constructing one checks every rule and raises a :class:`ScoringError` that names
the round, the player and the value at fault.

Commands follow one pattern (after pokerkit): ``verify_x`` raises when ``x`` is
not allowed, ``can_x`` answers the same question with a bool (to enable a
button), and ``x`` returns the new frozen value. Rule numbers refer to
``shared/RULES.md``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from operator import add
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, Protocol, cast

from .errors import (
    EditError,
    GameOverError,
    PlayersError,
    RoundError,
    ScoringError,
    SettingsError,
)
from .names import name_key
from .rules import MAX_START_SCORE, TWENTY_FOUR, RuleBook

__all__ = [
    "Colour",
    "EndReason",
    "Game",
    "Happened",
    "Note",
    "Outcome",
    "PlayedRound",
    "Round",
    "RoundResult",
    "RoundSteps",
    "Settings",
    "name_key",
    "verify_players",
]


class Colour(StrEnum):
    """R3/R5: the four suit colours; any of them can be trump."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"


_YELLOW = Colour.YELLOW  # read every round; an Enum's attribute is slow


class EndReason(StrEnum):
    """R13: why the game ended."""

    ZERO = "zero"
    """The lowest score is 0 or less."""

    LIMIT = "limit"
    """Someone reached the limit (48) and nobody is at 0 or below."""


class Happened(StrEnum):
    """What a round did beyond the trick count, as a :class:`Note` carries it.

    The Block and the preview word these; a bare change would hide them. Each
    kind names its rule and the blanks of :attr:`Note.values`.
    """

    SAT_OUT = "sat_out"
    """R11, Z9/Z15: the player sat the round out; ``points``: what it cost (0: free)."""

    CONTRACT_MISSED = "contract_missed"
    """Z14: the caller made ``made`` of the ``needed`` tricks; ``points``: the penalty."""

    SCORE_STAYED = "score_stayed"
    """Z16: the tricks would have taken him below 0; the score stays at ``score``."""

    THIRD_STRIKE = "third_strike"
    """Z17: a third misdeal strike (``strikes`` in all); ``points``: the penalty."""

    HUNDRED_TO_TEN = "hundred_to_ten"
    """Z18: the score after the round was exactly 100 and dropped to 10."""


class Note(NamedTuple):
    """One thing a round did to one player beyond his tricks (see :class:`Happened`).

    An immutable tuple (built at C speed in the fold, bench/replay.py).
    """

    happened: Happened
    """What happened."""

    player: str
    """To whom."""

    values: Mapping[str, int] = MappingProxyType({})
    """The figures of it (``points``, ``made``, ``needed``, ``score``, ``strikes``)."""


def _is_text(name: str) -> bool:
    """Whether ``name`` can be written as UTF-8 (a JSON ``"\\ud800"`` escape cannot)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def verify_players(players: Iterable[object], rulebook: RuleBook = TWENTY_FOUR) -> tuple[str, ...]:
    """R1: check a seating order of 2–5 unique, non-empty names; return it as a tuple.

    Raises :class:`PlayersError` naming the bad name. Decisions (RULES.md is
    silent): a name is kept exactly as given (surrounding spaces included; they
    only count when comparing names), rounds must spell it the same way, and a
    name must be Unicode text that UTF-8 can hold (no lone surrogates), since
    the record and the replay report are UTF-8. Names are compared as
    :func:`scoring.names.name_key` reads them. The limits of a new name (its
    length, no control or invisible character: :func:`scoring.names.name_problem`)
    are not checked here: every stored game passes R1 on each read, and one
    stored with a longer name must still open. A new name gets them where it
    comes in (the form, a rename, a record from outside).
    """
    seats = tuple(players)
    if not rulebook.min_players <= len(seats) <= rulebook.max_players:
        raise PlayersError(
            "players_count",
            minimum=rulebook.min_players,
            maximum=rulebook.max_players,
            value=len(seats),
        )
    seen: dict[str, str] = {}
    for seat, name in enumerate(seats, start=1):
        if not isinstance(name, str):
            raise PlayersError("player_not_name", seat=seat, value=name)
        key = name_key(name)
        if not key:
            raise PlayersError("player_empty", seat=seat, value=name)
        if not _is_text(name):
            raise PlayersError("player_not_text", seat=seat, value=name)
        if key in seen:
            raise PlayersError("player_twice", player=name, value=name, taken=seen[key])
        seen[key] = name
    return cast(tuple[str, ...], seats)  # each checked above to be a name


@dataclass(frozen=True)
class Settings:
    """The settings of one game: start score, variants A–C and the caller penalty (R10).

    ``start_score`` defaults to the rule book's (24); the limit is always
    ``limit_factor ×`` it (R2). Decision (RULES.md sets no bounds): any whole
    number of at least 1 is a start score; the variant C thresholds (12, 6,
    25) stay the rule book's numbers whatever the start score.
    """

    start_score: int | None = None
    """R2: every player's score before the first round (``None``: the rule book's, 24)."""

    trump_chaos: bool = False
    """Variant A: a played "2" may change trump; the final trump scores."""

    sit_out: bool = False
    """Variant B: a player may sit a round out (R11)."""

    restrictions: bool = False
    """Variant C: low scores may not sit out or exchange; blind needs 25."""

    caller_penalty: bool = True
    """R10: the caller's gain for no trick is doubled."""

    rulebook: RuleBook = TWENTY_FOUR
    """The constants of the rule set these settings belong to."""

    def __post_init__(self) -> None:
        if self.start_score is None:
            object.__setattr__(self, "start_score", self.rulebook.default_start_score)
        start = self.start_score
        if type(start) is not int or not 1 <= start <= MAX_START_SCORE:
            raise SettingsError("start_score", value=start, maximum=MAX_START_SCORE)
        for name in ("trump_chaos", "sit_out", "restrictions", "caller_penalty"):
            flag = getattr(self, name)
            if type(flag) is not bool:
                raise SettingsError("setting_not_bool", setting=name, value=flag)

    @property
    def start(self) -> int:
        """R2: the start score, the rule book's when none was given (``__post_init__`` set it)."""
        return cast(int, self.start_score)

    @property
    def limit(self) -> int:
        """R12: a player at this score or above ends the game (twice the start score)."""
        return self.rulebook.limit(self.start)

    def with_trump_chaos(self, on: bool) -> Settings:
        """Variant A switched on or off, with the app's proposal for R10.

        Decision (RULES.md, variant A): switching A on proposes to drop the
        caller penalty (R10), as the rule book strongly recommends; switching it
        off proposes it back. The table may change ``caller_penalty`` afterwards.
        """
        return dataclasses.replace(self, trump_chaos=on, caller_penalty=not on)


@dataclass(frozen=True)
class Round:
    """One round as recorded on the Block.

    ``tricks`` maps every player who took part to the tricks they made (R7);
    players in ``sat_out`` (variant B) are not in it.
    """

    caller: str
    """R4: the player who called trump (the start player, unless the table overrode it)."""

    trump: Colour
    """R5: the trump colour the caller named."""

    tricks: Mapping[str, int]
    """R7: tricks per player who took part; they add up to 6."""

    blind: bool = False
    """R6: yellow was called blind (only yellow can be)."""

    final_trump: Colour | None = None
    """Variant A: the last trump colour named in the round; ``None`` when trump never changed.

    Decision: a final trump equal to ``trump`` is stored as ``None`` (no
    change), so it is allowed without variant A and with yellow blind.
    """

    sat_out: frozenset[str] = frozenset()
    """Variant B: the players who sat this round out."""

    # What a round of 24 never records (20 ab's rounds do): every round answers them.
    dealer: ClassVar[str | None] = None
    bid: ClassVar[int | None] = None
    knock: ClassVar[bool] = False
    misdeals: ClassVar[int] = 0
    first_out: ClassVar[str | None] = None

    def __post_init__(self) -> None:
        # Frozen all the way down: nobody can change a recorded round in place.
        object.__setattr__(self, "tricks", MappingProxyType(dict(self.tricks)))
        object.__setattr__(self, "sat_out", frozenset(self.sat_out))
        if self.final_trump == self.trump:
            object.__setattr__(self, "final_trump", None)

    @classmethod
    def read(
        cls, caller: str, trump: Colour, tricks: dict[str, int], blind: bool = False,
        final_trump: Colour | None = None, sat_out: frozenset[str] = frozenset(),
    ) -> Round:
        """The same round as ``Round(...)``, built without the frozen ``__init__`` from values a
        reader made for it alone (a parsed record's own ``tricks`` dict is wrapped, not copied).

        About three times as fast (bench/replay.py, the JSON replay); only readers use it.
        """
        round_ = object.__new__(cls)
        values = round_.__dict__  # stored one by one: no keyword dict to build
        values["caller"] = caller
        values["trump"] = trump
        values["tricks"] = MappingProxyType(tricks)
        values["blind"] = blind
        values["final_trump"] = None if final_trump == trump else final_trump
        values["sat_out"] = sat_out
        return round_

    @property
    def scored_trump(self) -> Colour:
        """Variant A: the trump colour that counts for scoring (the last one named)."""
        return self.trump if self.final_trump is None else self.final_trump


class PlayedRound(Protocol):
    """What a round of every rule book answers (24's :class:`Round`, 20 ab's
    ``TwentyAbRound``): the commands of :class:`Game` take either, and each rule book's
    fold checks that it got its own kind (a 24 colour in a 20 ab round is refused)."""

    @property
    def caller(self) -> str: ...
    @property
    def trump(self) -> Any: ...
    @property
    def tricks(self) -> Mapping[str, int]: ...
    @property
    def blind(self) -> bool: ...
    @property
    def sat_out(self) -> frozenset[str]: ...
    @property
    def final_trump(self) -> Any: ...
    @property
    def dealer(self) -> str | None: ...
    @property
    def bid(self) -> int | None: ...
    @property
    def knock(self) -> bool: ...
    @property
    def misdeals(self) -> int: ...
    @property
    def first_out(self) -> str | None: ...


@dataclass(frozen=True)
class RoundResult:
    """What one round did to the scores, in seat order."""

    number: int
    """The round's 1-based number on the Block."""

    deltas: tuple[int, ...]
    """Each player's change this round (0 for a player who sat out)."""

    scores: tuple[int, ...]
    """Each player's score after this round."""

    notes: tuple[Note, ...] = ()
    """What the round did beyond the tricks (a sitter, a missed contract, …), in seat order."""


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

    rank_order: bool = False
    """24: the cards' rank order (11 high) flips when a 1 is played; shown at the table."""

    first_out: bool = False
    """Z20 (``tie_break: first_out``): who went out first is asked when two go out."""

    @property
    def long_call(self) -> bool:
        """The call holds more than the trump buttons (dealer, misdeals, bid, knock)."""
        return self.dealer or self.misdeals or self.bid or self.knock


@dataclass(frozen=True)
class Outcome:
    """R13: how a finished game ended."""

    reason: EndReason
    """``zero`` when the lowest score is 0 or less, else ``limit``."""

    winners: tuple[str, ...]
    """The players on the lowest score, in seat order (ties share the win)."""

    score: int
    """The winning (lowest) score."""

    after_round: int
    """The number of the round that ended the game."""

    exact_zero: bool = False
    """Z16/Z19: the game was played to exactly 0 (the classic 20 ab end)."""

    first_out: bool = False
    """Z20: the winner was named as the first out (he alone wins)."""


def _result(
    number: int, deltas: tuple[int, ...], scores: tuple[int, ...], notes: tuple[Note, ...] = ()
) -> RoundResult:
    """A :class:`RoundResult` built without the frozen dataclass's ``__init__``.

    Same value, about twice as fast (bench/replay.py); only the folds use it.
    """
    result = object.__new__(RoundResult)
    values = result.__dict__  # stored one by one: no keyword dict to build
    values["number"] = number
    values["deltas"] = deltas
    values["scores"] = scores
    values["notes"] = notes
    return result


def _note(happened: Happened, player: str, values: Mapping[str, int]) -> Note:
    """A :class:`Note` built without the named tuple's Python ``__new__`` (as :func:`_result`)."""
    return _tuple_new(Note, (happened, player, values))


_tuple_new = tuple.__new__
_SAT_OUT = Happened.SAT_OUT  # read every round with a sitter; an Enum's attribute is slow


_FREE = MappingProxyType({"points": 0})


def _sat_out_notes(players: tuple[str, ...], sat_out: frozenset[str], cost: int = 0
                   ) -> tuple[Note, ...]:
    """R11/Z15: a :data:`Happened.SAT_OUT` note for each sitter with what it cost, in seat order."""
    values = _FREE if cost == 0 else MappingProxyType({"points": cost})
    return tuple([_tuple_new(Note, (_SAT_OUT, p, values)) for p in players if p in sat_out])


def _outcome(
    players: tuple[str, ...], scores: list[int], limit: int, number: int
) -> Outcome | None:
    """R12/R13: the outcome when these scores end the game, else ``None``."""
    lowest = min(scores)
    if lowest > 0 and max(scores) < limit:
        return None
    winners = tuple(p for p, s in zip(players, scores, strict=True) if s == lowest)
    reason = EndReason.ZERO if lowest <= 0 else EndReason.LIMIT
    return Outcome(reason, winners, lowest, number)


@dataclass(frozen=True)
class Game:
    """A game of 24: players in clockwise seat order, settings, and the rounds played.

    Constructing a ``Game`` replays every round and raises the first
    :class:`ScoringError` it meets, naming that round. ``results`` and
    ``outcome`` are derived by that replay, never stored.

    Another rule book is a subclass (:class:`scoring.TwentyAbGame`) that keeps
    the commands, the rotation and the reading of results and overrides the
    hooks: ``_replay`` (the round's checks, its deltas, the end of the game),
    ``verify_round`` and the ``verify_x`` questions for the controls.
    """

    players: tuple[str, ...]
    """R1: 2–5 unique names in clockwise seat order."""

    settings: Settings = Settings()
    """Start score, variants, caller penalty."""

    rounds: tuple[PlayedRound, ...] = ()
    """Every round played, in order (:class:`Round` values)."""

    first_dealer: int = 0
    """R4: seat index (0-based) of the player who dealt round 1."""

    results: tuple[RoundResult, ...] = field(init=False, repr=False, compare=False)
    """Derived: one :class:`RoundResult` per round."""

    outcome: Outcome | None = field(init=False, repr=False, compare=False)
    """Derived: how the game ended, or ``None`` while it goes on."""

    def __post_init__(self) -> None:
        players = verify_players(self.players, self.settings.rulebook)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "rounds", tuple(self.rounds))
        if type(self.first_dealer) is not int or not 0 <= self.first_dealer < len(players):
            raise PlayersError("first_dealer_seat", seats=len(players), value=self.first_dealer)
        self._replay()

    # -- the fold -----------------------------------------------------------

    def _replay(self) -> None:
        """Score every round in order (R8–R13), checking each (R5–R7, R14, A–C) before it counts."""
        players, limit = self.players, self.settings.limit
        amounts = self._amounts()
        verify = self._verify_round_at
        scores = [self.settings.start] * len(players)
        results: list[RoundResult] = []
        outcome: Outcome | None = None
        for number, round_ in enumerate(self.rounds, start=1):
            verify(round_, number, scores, outcome)
            value = self._trick_value(round_)  # R8
            no_trick, caller_no_trick = amounts[value]
            caller, get = round_.caller, round_.tricks.get
            deltas = tuple([
                0 if (made := get(name)) is None  # R11: sat out
                else -made * value if made  # R8: every trick takes its value off
                else caller_no_trick if name == caller  # R10
                else no_trick  # R9
                for name in players
            ])
            scores = list(map(add, scores, deltas))
            notes = _sat_out_notes(players, round_.sat_out) if round_.sat_out else ()
            results.append(_result(number, deltas, tuple(scores), notes))
            if min(scores) <= 0 or max(scores) >= limit:  # R12
                outcome = _outcome(players, scores, limit, number)
        object.__setattr__(self, "results", tuple(results))
        object.__setattr__(self, "outcome", outcome)

    def _trick_value(self, round_: PlayedRound) -> int:
        """R8: what one trick is worth — yellow blind 4, yellow 2, else 1 (variant A: the
        final trump counts)."""
        rulebook = self.settings.rulebook
        if round_.blind is True:
            return rulebook.blind_trick_value
        final = round_.final_trump
        trump = round_.trump if final is None else final
        return rulebook.yellow_trick_value if trump is _YELLOW else rulebook.trick_value

    def _amounts(self) -> dict[int, tuple[int, int]]:
        """R9/R10 per trick value: what a player without a trick gains, and the caller."""
        rulebook = self.settings.rulebook
        values = {rulebook.trick_value, rulebook.yellow_trick_value, rulebook.blind_trick_value}
        return {v: (self._no_trick(v), self._caller_no_trick(v)) for v in values}

    def _no_trick(self, value: int) -> int:
        """R9: a player without a trick gains all the round's points (6 × the trick value)."""
        return self.settings.rulebook.no_trick_factor * value

    def _caller_no_trick(self, value: int) -> int:
        """R10: the caller without a trick gains double (when the setting is on)."""
        factor = self.settings.rulebook.caller_no_trick_factor if self.settings.caller_penalty else 1
        return self._no_trick(value) * factor

    def _verify_round_at(
        self, round_: PlayedRound, number: int, scores: list[int], outcome: Outcome | None
    ) -> None:
        """Check ``round_`` as round ``number``, given the scores before it."""
        if outcome is not None:  # R14
            raise GameOverError("game_over", after=outcome.after_round, round_number=number)
        try:
            self._verify_round(round_, scores)
        except ScoringError as error:
            raise error.at_round(number) from None

    def _verify_round(self, round_: PlayedRound, scores: list[int]) -> None:
        """R5–R7, R11 and variants A–C for one round, given the scores before it."""
        caller = round_.caller
        if caller not in self.players:  # R4
            raise RoundError("caller_not_player", player=caller, value=caller)
        trump, final, blind = round_.trump, round_.final_trump, round_.blind
        if type(trump) is not Colour:  # R5 (an Enum: no subclasses)
            raise RoundError("unknown_colour", value=trump)
        if final is not None and type(final) is not Colour:
            raise RoundError("unknown_colour", value=final)
        if blind is not False:
            if blind is not True:
                raise RoundError("blind_not_bool", value=blind)
            if trump is not _YELLOW:  # R6
                raise RoundError("blind_not_yellow", value=trump)
        if final is not None:  # variant A (Round stores an unchanged trump as None)
            self._verify_trump_change(trump, final, blind)
        if blind:
            self._verify_blind(caller, scores)
        if round_.sat_out:
            for name in self._in_seat_order(round_.sat_out):
                self._verify_sit_out(name, caller, round_.sat_out, scores)
        self._verify_tricks(round_)

    def _verify_trump_change(self, trump: Colour, final: Colour, blind: bool) -> None:
        """Variant A: trump changes only with A on, and yellow blind never changes."""
        if not self.settings.trump_chaos:
            raise RoundError("trump_change_off", trump=trump, value=final)
        if blind:
            raise RoundError("blind_changed", value=final)

    def _in_seat_order(self, names: Collection[str]) -> list[str]:
        """``names`` with non-players first (sorted), then players in seat order.

        So the error for a round with several faults names the same one every
        time, whatever the hash seed.
        """
        players = self.players
        seated = [p for p in players if p in names]
        if len(seated) == len(names):
            return seated  # the usual round: no stranger among them
        strangers = sorted((n for n in names if n not in players), key=repr)
        return strangers + seated

    def _verify_blind(self, caller: str, scores: list[int]) -> None:
        """Variant C: only a caller with 25 points or more may call yellow blind."""
        rulebook = self.settings.rulebook
        if not self.settings.restrictions:
            return
        score = scores[self.players.index(caller)]
        if score < rulebook.blind_needs_at_least:
            raise RoundError(
                "blind_restricted",
                player=caller,
                value=score,
                expected=rulebook.blind_needs_at_least,
            )

    def _verify_sit_out(
        self, name: str, caller: str, sat_out: Iterable[str], scores: list[int]
    ) -> None:
        """Variant B (and C): may ``name`` sit out, beside the others in ``sat_out``?"""
        settings = self.settings
        rulebook = settings.rulebook
        if name not in self.players:
            raise RoundError("sit_out_stranger", player=name, value=name)
        if not settings.sit_out:
            raise RoundError("sit_out_off", player=name, value=name)
        if name == caller:
            raise RoundError("sit_out_caller", player=name, value=name)
        score = scores[self.players.index(name)]
        if settings.restrictions and score <= rulebook.no_sit_out_at_or_below:
            raise RoundError(
                "sit_out_restricted",
                player=name,
                value=score,
                expected=rulebook.no_sit_out_at_or_below,
            )
        staying = len(self.players) - len(set(sat_out) | {name})
        if staying < 2:
            raise RoundError("sit_out_too_few", player=name, value=name)

    def _verify_tricks(self, round_: PlayedRound) -> None:
        """R7: every player who took part has 0–6 tricks, nobody else does, and they add up to 6.

        One pass that only sums while every count is good; the first bad one is
        then named by :meth:`_verify_trick` (the replay's speed, bench/replay.py).
        """
        per_round = self.settings.rulebook.tricks_per_round
        players, sat_out, tricks = self.players, round_.sat_out, round_.tricks
        total = 0
        for name, made in tricks.items():
            if made.__class__ is not int or not 0 <= made <= per_round or name not in players \
                    or name in sat_out:
                self._verify_trick(name, made, sat_out, per_round)
            total += made
        if len(tricks) + len(sat_out) != len(players):  # someone is neither counted nor out
            for name in players:
                if name not in tricks and name not in sat_out:
                    raise RoundError("tricks_missing", player=name)
        if total != per_round:
            raise RoundError("tricks_sum", value=total, expected=per_round)

    def _verify_trick(self, name: str, made: object, sat_out: frozenset[str], per_round: int) -> None:
        """R7 for one count: a player, who did not sit out, with a whole number 0–6."""
        if name not in self.players:
            raise RoundError("tricks_stranger", player=name, value=name)
        if name in sat_out:
            raise RoundError("tricks_sat_out", player=name, value=made)
        raise RoundError("tricks_range", player=name, value=made, expected=per_round)

    # -- reading the game ---------------------------------------------------

    @property
    def finished(self) -> bool:
        """R12: the game has ended."""
        return self.outcome is not None

    def scores_before(self, number: int) -> tuple[int, ...]:
        """Scores in seat order before round ``number`` (1-based; ``len(rounds)+1`` is the next)."""
        if not 1 <= number <= len(self.rounds) + 1:
            raise RoundError("no_such_round", value=number)
        if number == 1:
            return (self.settings.start,) * len(self.players)
        return self.results[number - 2].scores

    @property
    def scores(self) -> dict[str, int]:
        """The current score of every player, in seat order."""
        return dict(zip(self.players, self.scores_before(len(self.rounds) + 1), strict=True))

    def dealer_of(self, number: int) -> str:
        """R4: who deals round ``number``: one seat clockwise each round."""
        return self.players[(self.first_dealer + number - 1) % len(self.players)]

    def caller_of(self, number: int) -> str:
        """R4: the caller the rotation proposes for round ``number``: left of the dealer."""
        return self.players[(self.first_dealer + number) % len(self.players)]

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
        """Variant C: players who may not exchange cards now (6 points or fewer), in seat order."""
        if not self.settings.restrictions:
            return ()
        bar = self.settings.rulebook.no_exchange_at_or_below
        return tuple(p for p, s in self.scores.items() if s <= bar)

    def takes_part(self, round_: PlayedRound) -> tuple[str, ...]:
        """The players who played ``round_`` (everyone but those who sat out), in seat order."""
        return tuple(p for p in self.players if p not in round_.sat_out)

    def tricks_left(self, tricks: Mapping[str, int]) -> int:
        """R7: tricks still to hand out while a round is entered (negative when too many)."""
        return self.settings.rulebook.tricks_per_round - sum(tricks.values())

    # -- questions for the controls ----------------------------------------

    def _scores_for(self, number: int | None) -> list[int]:
        number = len(self.rounds) + 1 if number is None else number
        return list(self.scores_before(number))

    @property
    def steps(self) -> RoundSteps:
        """What a round of 24 records: the trump, yellow blind (R6), with variant A a new
        trump, with variant B who sits out; the rank order is shown at the table."""
        settings = self.settings
        return RoundSteps(trump_change=settings.trump_chaos, sit_out=settings.sit_out,
                          rank_order=True)

    def blind_caller(self, caller: str, dealer: str | None = None) -> str:
        """R6: who calls blind when ``caller`` is to call and ``dealer`` deals: the caller
        himself (20 ab's Württemberg answers the player left of the dealer, Z6)."""
        return caller

    def verify_call_blind(
        self, caller: str, number: int | None = None, dealer: str | None = None
    ) -> None:
        """R6 and variant C: raise unless ``caller`` may call yellow blind in round ``number``.

        ``number`` defaults to the next round; ``dealer`` does not matter in 24
        (the rule books share this question, RULES-20AB.md Z6).
        """
        if number is None:
            self._verify_not_over()
        if caller not in self.players:
            raise RoundError("caller_not_player", player=caller, value=caller)
        self._verify_blind(caller, self._scores_for(number))

    def can_call_blind(
        self, caller: str, number: int | None = None, dealer: str | None = None
    ) -> bool:
        """Whether ``caller`` may call yellow blind (variant C: 25 points or more)."""
        return _allowed(self.verify_call_blind, caller, number, dealer)

    def verify_sit_out(
        self,
        player: str,
        caller: str,
        sat_out: Iterable[str] = (),
        number: int | None = None,
        trump: object = None,
        blind: bool = False,
        knock: bool = False,
    ) -> None:
        """Variant B/C: raise unless ``player`` may sit out beside ``sat_out``, ``caller`` calling.

        ``number`` defaults to the next round. ``trump``, ``blind`` and ``knock``
        (the call so far) do not matter in 24; 20 ab's Z9 asks them.
        """
        if number is None:
            self._verify_not_over()
        self._verify_sit_out(player, caller, sat_out, self._scores_for(number))

    def can_sit_out(
        self,
        player: str,
        caller: str,
        sat_out: Iterable[str] = (),
        number: int | None = None,
        trump: object = None,
        blind: bool = False,
        knock: bool = False,
    ) -> bool:
        """Whether ``player`` may sit out (B on, not the caller, C's 12 points, two stay in)."""
        return _allowed(self.verify_sit_out, player, caller, sat_out, number, trump, blind, knock)

    def cost_of_sitting_out(self, trump: object = None) -> int:
        """R11: what sitting a round out costs (nothing in 24; 20 ab's Z15 charges)."""
        return 0

    def contract(self, round_: PlayedRound) -> int | None:
        """The tricks the caller must make (24 has no contract; Württemberg's Z14 has)."""
        return None

    def strikes_before(self, number: int | None = None) -> dict[str, int]:
        """Misdeal strikes per player before round ``number`` (none in 24; Z17)."""
        return {}

    def misdeal_penalty(self, dealer: str, misdeals: int, number: int | None = None) -> int:
        """What ``misdeals`` before round ``number`` cost ``dealer`` (nothing in 24; Z17)."""
        return 0

    def _verify_not_over(self) -> None:
        if self.outcome is not None:  # R14
            raise GameOverError(
                "game_over", after=self.outcome.after_round, round_number=len(self.rounds) + 1
            )

    # -- commands ------------------------------------------------------------

    def verify_round(self, round_: PlayedRound) -> None:
        """Raise the :class:`ScoringError` that recording ``round_`` next would meet."""
        number = len(self.rounds) + 1
        self._verify_round_at(round_, number, list(self.scores_before(number)), self.outcome)

    def can_record(self, round_: PlayedRound) -> bool:
        """Whether ``round_`` can be recorded as the next round."""
        return _allowed(self.verify_round, round_)

    def record(self, round_: PlayedRound) -> Game:
        """The game with ``round_`` played next; raises when it breaks a rule (R5–R14)."""
        self.verify_round(round_)
        return dataclasses.replace(self, rounds=(*self.rounds, round_))

    def verify_replace(self, number: int, round_: PlayedRound) -> None:
        """Raise unless round ``number`` can become ``round_``, every later round still valid."""
        self.replace(number, round_)

    def can_replace(self, number: int, round_: PlayedRound) -> bool:
        """Whether round ``number`` can be changed to ``round_``."""
        return _allowed(self.verify_replace, number, round_)

    def replace(self, number: int, round_: PlayedRound) -> Game:
        """The game with round ``number`` changed to ``round_``, every later round revalidated.

        When a later round would break (the game would now end earlier, a
        variant C restriction now bites, …) an :class:`EditError` names that
        round and why; nothing changes.
        """
        if not 1 <= number <= len(self.rounds):
            raise RoundError("no_round_to_change", value=number)
        rounds = list(self.rounds)
        rounds[number - 1] = round_
        return self._with_rounds(rounds, number)

    def undo(self) -> Game:
        """The game without its last round (nothing later can break)."""
        if not self.rounds:
            raise RoundError("nothing_to_undo")
        return dataclasses.replace(self, rounds=self.rounds[:-1])

    def _with_rounds(self, rounds: list[PlayedRound], edited: int) -> Game:
        try:
            return dataclasses.replace(self, rounds=tuple(rounds))
        except ScoringError as error:
            if error.round_number is None or error.round_number <= edited:
                raise
            values = {k: v for k, v in error.values.items() if k != "round"}
            raise EditError(
                error.code, edited_round=edited, round_number=error.round_number, **values
            ) from None


def _allowed(verify, *args) -> bool:
    try:
        verify(*args)
    except ScoringError:
        return False
    return True
