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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from operator import add
from types import MappingProxyType

from .errors import (
    EditError,
    GameOverError,
    PlayersError,
    RoundError,
    ScoringError,
    SettingsError,
)
from .rules import MAX_START_SCORE, TWENTY_FOUR, RuleBook

__all__ = [
    "Colour",
    "EndReason",
    "Game",
    "Outcome",
    "Round",
    "RoundResult",
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


class EndReason(StrEnum):
    """R13: why the game ended."""

    ZERO = "zero"
    """The lowest score is 0 or less."""

    LIMIT = "limit"
    """Someone reached the limit (48) and nobody is at 0 or below."""


def name_key(name: str) -> str:
    """R1: the form in which two names are compared (spaces around ignored, case-insensitive)."""
    return name.strip().casefold()


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
    the record and the replay report are UTF-8. The rule book's
    ``max_name_length`` and the ban on control characters are not checked here:
    every stored game passes R1 on each read, and one stored with a longer name
    must still open. A record from outside gets them at its edge
    (:func:`scoring.record.verify_names`, issue 20).
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
    return seats


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
    def limit(self) -> int:
        """R12: a player at this score or above ends the game (twice the start score)."""
        return self.rulebook.limit(self.start_score)  # type: ignore[arg-type]

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

    def __post_init__(self) -> None:
        # Frozen all the way down: nobody can change a recorded round in place.
        object.__setattr__(self, "tricks", MappingProxyType(dict(self.tricks)))
        object.__setattr__(self, "sat_out", frozenset(self.sat_out))
        if self.final_trump == self.trump:
            object.__setattr__(self, "final_trump", None)

    @property
    def scored_trump(self) -> Colour:
        """Variant A: the trump colour that counts for scoring (the last one named)."""
        return self.trump if self.final_trump is None else self.final_trump


@dataclass(frozen=True)
class RoundResult:
    """What one round did to the scores, in seat order."""

    number: int
    """The round's 1-based number on the Block."""

    deltas: tuple[int, ...]
    """Each player's change this round (0 for a player who sat out)."""

    scores: tuple[int, ...]
    """Each player's score after this round."""


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


def _result(number: int, deltas: tuple[int, ...], scores: tuple[int, ...]) -> RoundResult:
    """A :class:`RoundResult` built without the frozen dataclass's ``__init__``.

    Same value, about twice as fast (bench/replay.py); only the fold uses it.
    """
    result = object.__new__(RoundResult)
    result.__dict__.update(number=number, deltas=deltas, scores=scores)
    return result


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

    rounds: tuple[Round, ...] = ()
    """Every round played, in order."""

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
        settings = self.settings
        rulebook = settings.rulebook
        players = self.players
        limit = settings.limit
        no_trick = rulebook.no_trick_factor
        caller_factor = rulebook.caller_no_trick_factor if settings.caller_penalty else 1
        values = {  # R8: the value of a trick by (final) trump; blind: blind_trick_value
            Colour.RED: rulebook.trick_value,
            Colour.YELLOW: rulebook.yellow_trick_value,
            Colour.GREEN: rulebook.trick_value,
            Colour.BLUE: rulebook.trick_value,
        }
        verify = self._verify_round_at
        scores = [settings.start_score] * len(players)
        results: list[RoundResult] = []
        outcome: Outcome | None = None
        for number, round_ in enumerate(self.rounds, start=1):
            verify(round_, number, scores, outcome)
            caller = round_.caller
            value = rulebook.blind_trick_value if round_.blind else values[round_.scored_trump]
            gain = no_trick * value
            caller_gain = gain * caller_factor
            get = round_.tricks.get
            deltas = [
                0  # R11: sat out
                if (made := get(name)) is None
                else -made * value  # R8
                if made
                else caller_gain  # R10
                if name == caller
                else gain  # R9
                for name in players
            ]
            scores = list(map(add, scores, deltas))
            results.append(_result(number, tuple(deltas), tuple(scores)))
            if min(scores) <= 0 or max(scores) >= limit:
                outcome = _outcome(players, scores, limit, number)
        object.__setattr__(self, "results", tuple(results))
        object.__setattr__(self, "outcome", outcome)

    def _verify_round_at(
        self, round_: Round, number: int, scores: list[int], outcome: Outcome | None
    ) -> None:
        """Check ``round_`` as round ``number``, given the scores before it."""
        if outcome is not None:  # R14
            raise GameOverError("game_over", after=outcome.after_round, round_number=number)
        try:
            self._verify_round(round_, scores)
        except ScoringError as error:
            raise error.at_round(number) from None

    def _verify_round(self, round_: Round, scores: list[int]) -> None:
        """R5–R7, R11 and variants A–C for one round, given the scores before it."""
        settings = self.settings
        players = self.players
        caller = round_.caller
        if caller not in players:
            raise RoundError("caller_not_player", player=caller, value=caller)
        trump, final = round_.trump, round_.scored_trump
        if type(trump) is not Colour or type(final) is not Colour:  # an Enum: no subclasses
            colour = trump if type(trump) is not Colour else final
            raise RoundError("unknown_colour", value=colour)
        if type(round_.blind) is not bool:
            raise RoundError("blind_not_bool", value=round_.blind)
        if round_.blind and trump is not Colour.YELLOW:  # R6
            raise RoundError("blind_not_yellow", value=trump)
        if final is not trump:
            if not settings.trump_chaos:
                raise RoundError("trump_change_off", trump=trump, value=final)
            if round_.blind:
                raise RoundError("blind_changed", value=final)
        if round_.blind:
            self._verify_blind(caller, scores)
        if round_.sat_out:
            for name in self._in_seat_order(round_.sat_out):
                self._verify_sit_out(name, caller, round_.sat_out, scores)
        self._verify_tricks(round_)

    def _in_seat_order(self, names: Iterable[str]) -> list[str]:
        """``names`` with non-players first (sorted), then players in seat order.

        So the error for a round with several faults names the same one every
        time, whatever the hash seed.
        """
        players = self.players
        strangers = sorted((n for n in names if n not in players), key=repr)
        return strangers + [p for p in players if p in names]

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

    def _verify_tricks(self, round_: Round) -> None:
        """R7: every player who took part has 0–6 tricks, nobody else does, and they add up to 6."""
        per_round = self.settings.rulebook.tricks_per_round
        players, sat_out, tricks = self.players, round_.sat_out, round_.tricks
        for name, made in tricks.items():
            if name not in players:
                raise RoundError("tricks_stranger", player=name, value=name)
            if name in sat_out:
                raise RoundError("tricks_sat_out", player=name, value=made)
            if type(made) is not int or not 0 <= made <= per_round:
                raise RoundError("tricks_range", player=name, value=made, expected=per_round)
        if len(tricks) + len(sat_out) != len(players):  # someone is neither counted nor out
            for name in players:
                if name not in tricks and name not in sat_out:
                    raise RoundError("tricks_missing", player=name)
        total = sum(tricks.values())
        if total != per_round:
            raise RoundError("tricks_sum", value=total, expected=per_round)

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
            return (self.settings.start_score,) * len(self.players)  # type: ignore[return-value]
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

    def takes_part(self, round_: Round) -> tuple[str, ...]:
        """The players who played ``round_`` (everyone but those who sat out), in seat order."""
        return tuple(p for p in self.players if p not in round_.sat_out)

    def tricks_left(self, tricks: Mapping[str, int]) -> int:
        """R7: tricks still to hand out while a round is entered (negative when too many)."""
        return self.settings.rulebook.tricks_per_round - sum(tricks.values())

    # -- questions for the controls ----------------------------------------

    def _scores_for(self, number: int | None) -> list[int]:
        number = len(self.rounds) + 1 if number is None else number
        return list(self.scores_before(number))

    def verify_call_blind(self, caller: str, number: int | None = None) -> None:
        """R6 and variant C: raise unless ``caller`` may call yellow blind in round ``number``.

        ``number`` defaults to the next round.
        """
        if number is None:
            self._verify_not_over()
        if caller not in self.players:
            raise RoundError("caller_not_player", player=caller, value=caller)
        self._verify_blind(caller, self._scores_for(number))

    def can_call_blind(self, caller: str, number: int | None = None) -> bool:
        """Whether ``caller`` may call yellow blind (variant C: 25 points or more)."""
        return _allowed(self.verify_call_blind, caller, number)

    def verify_sit_out(
        self,
        player: str,
        caller: str,
        sat_out: Iterable[str] = (),
        number: int | None = None,
    ) -> None:
        """Variant B/C: raise unless ``player`` may sit out beside ``sat_out``, ``caller`` calling.

        ``number`` defaults to the next round.
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
    ) -> bool:
        """Whether ``player`` may sit out (B on, not the caller, C's 12 points, two stay in)."""
        return _allowed(self.verify_sit_out, player, caller, sat_out, number)

    def _verify_not_over(self) -> None:
        if self.outcome is not None:  # R14
            raise GameOverError(
                "game_over", after=self.outcome.after_round, round_number=len(self.rounds) + 1
            )

    # -- commands ------------------------------------------------------------

    def verify_round(self, round_: Round) -> None:
        """Raise the :class:`ScoringError` that recording ``round_`` next would meet."""
        number = len(self.rounds) + 1
        self._verify_round_at(round_, number, list(self.scores_before(number)), self.outcome)

    def can_record(self, round_: Round) -> bool:
        """Whether ``round_`` can be recorded as the next round."""
        return _allowed(self.verify_round, round_)

    def record(self, round_: Round) -> Game:
        """The game with ``round_`` played next; raises when it breaks a rule (R5–R14)."""
        self.verify_round(round_)
        return dataclasses.replace(self, rounds=(*self.rounds, round_))

    def verify_replace(self, number: int, round_: Round) -> None:
        """Raise unless round ``number`` can become ``round_``, every later round still valid."""
        self.replace(number, round_)

    def can_replace(self, number: int, round_: Round) -> bool:
        """Whether round ``number`` can be changed to ``round_``."""
        return _allowed(self.verify_replace, number, round_)

    def replace(self, number: int, round_: Round) -> Game:
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

    def _with_rounds(self, rounds: list[Round], edited: int) -> Game:
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
