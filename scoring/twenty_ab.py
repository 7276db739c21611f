""""20 ab" as values: its settings, its rounds, and the fold that scores them.

The rule book is ``shared/RULES-20AB.md`` (rules Z1–Z21, options §6). A
:class:`TwentyAbGame` is a :class:`scoring.Game` whose settings name a preset
(:data:`scoring.rules.LEHRBLATT`, ``WUERTTEMBERG``, ``TEMMELS``): the commands
(``record``, ``replace``, ``undo``, ``verify_x``/``can_x``), the seat rotation
and the reading of results are the same; the round's checks, its deltas and the
end of the game are this module's, asking the preset what it plays (as a
python-chess variant overrides its board's hooks).

Decisions where RULES-20AB.md is silent, as a table of 20 ab would play it:

- ``verify_call_blind`` takes the dealer the rotation proposes unless the app
  passes the dealer the table recorded (Z4: the recorded dealer is fact).
- ``verify_sit_out`` with no trump named yet does not hold clubs against the
  sitter; the round is checked again in full when it is recorded.
- A refused ``first_out`` is checked after the round's scores are known (Z20
  needs them); the round is still refused as a whole, nothing half-recorded.
- The ``out`` blank of a Z20 refusal lists the players out in seat order.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from operator import add
from types import MappingProxyType
from typing import ClassVar, NamedTuple, cast

from .errors import GameOverError, RoundError, ScoringError, SettingsError, Shown
from .game import (
    EndReason,
    Game,
    Happened,
    Note,
    Outcome,
    PlayedRound,
    RoundResult,
    RoundSteps,
    Settings,
    _note,
    _result,
    _sat_out_notes,
)
from .rules import BOOKS, TwentyAbBook

__all__ = ["Suit", "TwentyAbGame", "TwentyAbRound", "TwentyAbSettings", "game_for"]


class Suit(StrEnum):
    """Z5: the four suits (Kreuz, Pik, Herz, Karo); hearts counts double (Z11)."""

    CLUBS = "clubs"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"


MAX_MISDEALS = 99
"""Decision (the source sets no number): at most 99 misdeals before one deal; a record
asking for more is a mistake, and the bound keeps the strike count a small number."""

_HEARTS, _CLUBS = Suit.HEARTS, Suit.CLUBS  # read every round; an Enum's attribute is slow
_NO_VALUES: Mapping[str, int] = MappingProxyType({})
_CONTRACT_MISSED, _SCORE_STAYED, _THIRD_STRIKE, _HUNDRED_TO_TEN = (
    Happened.CONTRACT_MISSED, Happened.SCORE_STAYED, Happened.THIRD_STRIKE,
    Happened.HUNDRED_TO_TEN)

OPTION_KEYS = ("start_score", "deck", "end", "sit_out", "knock", "knock_trump",
               "contract_penalty", "hundred_to_ten", "tie_break", "upper_limit")
"""§6: the option keys, in the order a record writes them."""


@dataclass(frozen=True)
class TwentyAbSettings:
    """A preset and its options (§6). An option left ``None`` takes the preset's default.

    Raises :class:`SettingsError` (F1) for an unknown preset, a value the
    preset does not allow (strict types) or an ``upper_limit`` that is not a
    whole number above the start score.

    How each option is read against RULES-20AB.md's text (where the text leaves
    a choice, the choice and why; where it is silent, said so):

    - ``start_score`` (Z2): 30 moves Württemberg's blind threshold to more than
      50 (Z6: start + 20); nothing else depends on it.
    - ``deck`` (Z3): ``german_double`` only changes *T* to 6 (tricks, bids up to
      6); the penalties stay +5·v and +10·v, as Z3 decides.
    - ``end`` (Z16, Z19): ``exact_zero`` keeps a score whose *tricks* would take it
      below 0 (a negative change is dropped whole, as "bleibt der Punktestand
      bestehen"); positive amounts always count. The text is silent on a caller's
      contract under exact zero: no preset allows both, so the question never
      arises. Winners at exact zero are everyone at 0 (the lowest score).
    - ``sit_out`` (Z9, Z15): when on, a preset's own conditions and cost apply
      (Temmels switched on plays the Lehrblatt's, Z9).
    - ``knock``/``knock_trump`` (Z8): ``none`` means the round has no trump and
      v = 1; ``bottom_card`` records the suit, which doubles with hearts (Z11).
    - ``contract_penalty`` (Z14): ``replace`` — the caller short of his contract
      gains 6·v and his tricks do not count; ``add`` — his tricks score as Z12
      (−t·v, or +5·v with none) and 6·v is added (no trick, hearts: +10 + 12 =
      +22).
    - ``hundred_to_ten`` (Z18): read on the score after every other amount of
      the round (misdeal penalties included), before the end check (Z19), so a
      score that drops to 10 does not reach an upper limit of 100.
    - ``tie_break`` (Z20): ``first_out`` must name the first out when two or more
      are out, may name him when one is, may not when none is; he alone wins. The
      text is silent on ``first_out`` when the game ends by the upper limit with
      nobody out: nobody can be named (no one is out) and the lowest wins.
    - ``upper_limit`` (Z19): "that many or more" ends the game; with nobody at 0
      the reason is ``limit`` and the lowest score wins, equal lowest share.
    """

    preset: str = "lehrblatt"
    """``lehrblatt``, ``wuerttemberg`` or ``temmels``."""

    start_score: int | None = None
    """Z2: 20 (Württemberg also 30)."""

    deck: str | None = None
    """Z3: ``french32`` (*T* = 5) or ``german_double`` (*T* = 6)."""

    end: str | None = None
    """Z16/Z19: ``zero_or_below`` or (Lehrblatt) ``exact_zero``."""

    sit_out: bool | None = None
    """Z9: players may sit a round out."""

    knock: bool | None = None
    """Z8 (Württemberg): a player may knock."""

    knock_trump: str | None = None
    """Z8: ``bottom_card`` (the bottom card's suit is trump) or ``none``."""

    contract_penalty: str | None = None
    """Z14: ``replace`` (+6·v instead of the tricks) or ``add`` (on top)."""

    hundred_to_ten: bool | None = None
    """Z18: exactly 100 drops to 10."""

    tie_break: str | None = None
    """Z20: ``lowest`` or ``first_out``."""

    upper_limit: int | None = None
    """Z19: the game also ends when someone has this many points (``None``: no limit)."""

    rulebook: TwentyAbBook = field(init=False, repr=False, compare=False)
    """Derived: the preset's definition, its *T* set by ``deck`` (Z3)."""

    def __post_init__(self) -> None:
        presets = BOOKS["20ab"]
        if type(self.preset) is not str or self.preset not in presets:
            raise SettingsError("unknown_preset", value=self.preset)
        book = presets[self.preset]
        assert isinstance(book, TwentyAbBook)
        for option in book.options:
            value = getattr(self, option.key)
            if value is None and not option.nullable:
                object.__setattr__(self, option.key, option.default)
            elif option.key == "upper_limit":
                if value is not None and (type(value) is not int or value <= self.start):
                    raise SettingsError("upper_limit", value=value, expected=self.start_score)
            elif not option.allows(value):
                raise SettingsError("option_not_allowed", key=option.key, value=_as_json(value),
                                    preset=self.preset)
        if self.deck == "german_double":
            book = dataclasses.replace(book, tricks_per_round=6)
        object.__setattr__(self, "rulebook", book)

    @property
    def start(self) -> int:
        """Z2: the start score, the preset's when none was given (``__post_init__`` set it)."""
        return cast(int, self.start_score)

    @property
    def limit(self) -> int | None:
        """Z19: the upper limit, or ``None``."""
        return self.upper_limit

    def options(self) -> dict[str, object]:
        """Every option's value, as a record's ``rules`` writes them (§6)."""
        return {k: getattr(self, k) for k in OPTION_KEYS}


def _as_json(value: object) -> object:
    """An option's value as the record writes it (``"german_double"``, ``true``, ``null``),
    so a refusal reads as RULES-20AB.md §10's example; numbers and the rest as they are."""
    if isinstance(value, str | bool) or value is None:
        return Shown(json.dumps(value, ensure_ascii=False))
    return value


@dataclass(frozen=True)
class TwentyAbRound:
    """One round of 20 ab as recorded (§8).

    ``tricks`` maps every player who played to his tricks (Z10); ``sat_out``
    (Z9) are the others. ``trump`` is ``None`` only in a knock round under
    ``knock_trump: none`` (Z8).
    """

    caller: str
    """Z4: who called trump (Württemberg: the highest bidder, the blind caller, the knocker)."""

    trump: Suit | None
    """Z5: the trump suit (a knock round: the bottom card's)."""

    tricks: Mapping[str, int]
    """Z10: tricks per player who played; they add up to *T*."""

    blind: bool = False
    """Z6: hearts blind."""

    bid: int | None = None
    """Z7 (Württemberg): the caller's bid, his contract (Z14)."""

    knock: bool = False
    """Z8 (Württemberg): the caller knocked (contract 4)."""

    sat_out: frozenset[str] = frozenset()
    """Z9: the players who did not play."""

    dealer: str | None = None
    """Z4: who dealt (required in Württemberg)."""

    misdeals: int = 0
    """Z17: how often the dealer dealt wrongly before this round's deal."""

    first_out: str | None = None
    """Z20 (``tie_break: first_out``): who was out first after this round."""

    final_trump: ClassVar[None] = None
    """20 ab has no trump chaos: trump never changes during play (every round answers it)."""

    @property
    def scored_trump(self) -> Suit | None:
        """The trump that counts (the one called)."""
        return self.trump

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", MappingProxyType(dict(self.tricks)))
        object.__setattr__(self, "sat_out", frozenset(self.sat_out))

    @classmethod
    def read(
        cls, caller: str, trump: Suit | None, tricks: dict[str, int], blind: bool,
        bid: int | None, knock: bool, sat_out: frozenset[str], dealer: str | None,
        misdeals: int, first_out: str | None,
    ) -> TwentyAbRound:
        """The same round as ``TwentyAbRound(...)``, built without the frozen ``__init__`` from
        values a reader made for it alone (as :meth:`scoring.Round.read`: the record's own
        ``tricks`` dict is wrapped, not copied)."""
        round_ = object.__new__(cls)
        values = round_.__dict__  # stored one by one: no keyword dict to build
        values["caller"] = caller
        values["trump"] = trump
        values["tricks"] = MappingProxyType(tricks)
        values["blind"] = blind
        values["bid"] = bid
        values["knock"] = knock
        values["sat_out"] = sat_out
        values["dealer"] = dealer
        values["misdeals"] = misdeals
        values["first_out"] = first_out
        return round_


class _Plan(NamedTuple):
    """What a game's rounds play, read once per game from its preset and options."""

    contracts: bool
    """Z14: the caller has a contract (else Z13)."""
    exact_zero: bool
    """Z16: a score stays rather than fall below 0."""
    hundred_to_ten: bool
    """Z18."""
    streaks: bool
    """Z9: sit-out streaks are counted."""
    limit: int | None
    """Z19: the upper limit."""
    no_trick: int
    """Z12: a player without a trick gains this × v."""
    caller_no_trick: int
    """Z13: the caller without a trick gains this × v."""
    penalty: int
    """Z14: a caller short of his contract gains this × v."""
    add: bool
    """Z14 ``add``: the penalty comes on top of his tricks."""
    seats: dict[str, int]
    """Each player's seat (0-based)."""
    dealer_required: bool
    """Z4: every round names its dealer."""
    tricks: int
    """Z3: *T*, the tricks of a round."""


@dataclass(frozen=True)
class TwentyAbGame(Game):
    """A game of 20 ab: players in seat order, a preset with options, the rounds played.

    Constructing one replays every round (Z4–Z21) and raises the first
    :class:`ScoringError`, naming its round. Scores, misdeal strikes and
    sit-out streaks are derived, never stored.

    A round is scored in steps, one per rule, each applied only where it
    applies (:meth:`_play`): Z11 the trick value, Z12 every player who played,
    Z15 the sitters, Z13 or Z14 the caller, Z16 the exact-zero game, Z17 the
    dealer's misdeals, Z18 100 → 10, Z19/Z20 the end. A step that changes what
    a bare trick count would give leaves a :class:`~scoring.Note` on the round's
    result, so the app words what the engine did and never works it out again.
    """

    settings: TwentyAbSettings = TwentyAbSettings()  # type: ignore[assignment]
    """The preset and its options."""

    rounds: tuple[TwentyAbRound, ...] = ()
    """Every round played, in order."""

    # -- the fold -----------------------------------------------------------

    def _replay(self) -> None:
        """Check and score every round in order; the state after each is the next one's input."""
        n = len(self.players)
        scores: Sequence[int] = [self.settings.start] * n
        streaks, strikes = [0] * n, [0] * n  # Z9 rounds sat out running; Z17 strikes
        results: list[RoundResult] = []
        outcome: Outcome | None = None
        play = self._play
        for number, round_ in enumerate(self.rounds, start=1):
            if outcome is not None:  # Z21
                raise GameOverError("game_over", after=outcome.after_round, round_number=number)
            try:
                result, outcome = play(round_, number, scores, streaks, strikes)
            except ScoringError as error:
                raise error.at_round(number) from None
            scores = result.scores
            results.append(result)
        object.__setattr__(self, "results", tuple(results))
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "_after", (tuple(streaks), tuple(strikes)))

    @functools.cached_property
    def _plan(self) -> _Plan:
        """Which of the round's steps this game plays and their amounts, read once per game."""
        settings, book = self.settings, self.settings.rulebook
        return _Plan(
            contracts=book.bids, exact_zero=settings.end == "exact_zero",
            hundred_to_ten=bool(settings.hundred_to_ten),
            streaks=book.sit_out_streak is not None, limit=settings.upper_limit,
            no_trick=book.no_trick, caller_no_trick=book.caller_no_trick or 0,
            penalty=book.contract_penalty, add=settings.contract_penalty == "add",
            seats={name: seat for seat, name in enumerate(self.players)},
            dealer_required=book.dealer_required, tricks=book.tricks_per_round)

    def _play(
        self, round_: PlayedRound, number: int, scores: Sequence[int], streaks: list[int],
        strikes: list[int],
    ) -> tuple[RoundResult, Outcome | None]:
        """Round ``number``: check it (§10), score it (Z11–Z18), see whether the game ends (Z19).

        ``scores`` are the scores before it; ``streaks`` and ``strikes`` are
        brought up to date in place (only once the round is known good). Each
        step runs only where it applies (the replay's speed, bench/replay.py).
        """
        plan = self._plan
        sat_out, misdeals = round_.sat_out, round_.misdeals
        self._verify_call(round_, scores)
        if sat_out:
            self._verify_sitters(sat_out, round_.caller, round_.trump, round_.blind,
                                 round_.knock, scores, streaks)
        self._verify_tricks(round_)
        if misdeals.__class__ is not int or misdeals:
            self._verify_misdeals(round_)

        v = self._trick_value(round_)  # Z11
        deltas = self._played(round_, v, plan.no_trick)  # Z12
        notes: list[Note] = []
        if sat_out:
            self._sitting_out(round_, deltas, notes)  # Z15
        made = round_.tricks.get(round_.caller)  # None: refused above (Z9, the caller plays)
        if plan.contracts:
            needed = self.contract(round_)
            if made is not None and needed is not None and made < needed:
                self._contract_missed(round_, v, needed, deltas, notes)  # Z14
        elif made == 0:
            deltas[plan.seats[round_.caller]] = self._caller_no_trick(v)  # Z13
        new = list(map(add, scores, deltas))
        if plan.exact_zero and min(new) < 0:
            self._exact_zero(scores, deltas, new, notes)  # Z16
        if misdeals:
            self._misdeal_strikes(round_, strikes, deltas, new, notes)  # Z17
        if plan.hundred_to_ten and 100 in new:
            self._hundred_to_ten(new, deltas, notes)  # Z18
        limit = plan.limit
        if round_.first_out is None and min(new) > 0 and (limit is None or max(new) < limit):
            outcome = None  # Z19: nobody out, no limit reached
        else:
            outcome = self._end(round_, number, new)  # Z19, Z20
        if plan.streaks and (sat_out or any(streaks)):
            self._count_sitters(sat_out, streaks)  # Z9, for the rounds to come
        if not notes:
            return _result(number, tuple(deltas), tuple(new)), outcome
        if len(notes) > 1:
            notes.sort(key=lambda note: plan.seats[note.player])
        return _result(number, tuple(deltas), tuple(new), tuple(notes)), outcome

    # -- the scoring steps, one per rule --------------------------------------

    def _trick_value(self, round_: PlayedRound) -> int:
        """Z11: a trick counts 1; 2 with hearts trump; 4 hearts blind (a knock round: its
        bottom card's suit, Z8)."""
        return 4 if round_.blind else 2 if round_.trump is _HEARTS else 1

    def _played(self, round_: PlayedRound, v: int, no_trick: int) -> list[int]:
        """Z12: a player who played loses t·v for his t tricks, or gains ``no_trick``·v (5·v)
        with none; a sitter's amount is Z15's (0 here)."""
        gain = no_trick * v
        get = round_.tricks.get
        return [0 if (made := get(name)) is None else -made * v if made else gain
                for name in self.players]

    def _sitting_out(self, round_: PlayedRound, deltas: list[int], notes: list[Note]) -> None:
        """Z15: a sitter gains the preset's cost × (2 with hearts): Lehrblatt/Temmels +1/+2,
        Württemberg 0."""
        cost, seats = self.cost_of_sitting_out(round_.trump), self._plan.seats
        for name in round_.sat_out:
            deltas[seats[name]] = cost
        notes.extend(_sat_out_notes(self.players, round_.sat_out, cost))

    def _caller_no_trick(self, v: int) -> int:
        """Z13 (Lehrblatt, Temmels): the caller without a trick gains 10·v instead of 5·v."""
        return self._plan.caller_no_trick * v

    def _contract_missed(self, round_: PlayedRound, v: int, needed: int, deltas: list[int],
                         notes: list[Note]) -> None:
        """Z14: a caller short of his contract gains 6·v — instead of his tricks (``replace``),
        or on top of what Z12 gives his tricks (``add``: −t·v, or +5·v for none)."""
        plan, caller = self._plan, round_.caller
        seat = plan.seats[caller]
        penalty = plan.penalty * v
        deltas[seat] = deltas[seat] + penalty if plan.add else penalty
        notes.append(_note(_CONTRACT_MISSED, caller, MappingProxyType(
            {"made": round_.tricks[caller], "needed": needed,
             "points": deltas[seat]})))

    def _exact_zero(self, scores: Sequence[int], deltas: list[int], new: list[int],
                    notes: list[Note]) -> None:
        """Z16 (``end: exact_zero``): tricks that would take a player below 0 do not count;
        his score stays (penalties always apply)."""
        for seat, (old, delta) in enumerate(zip(scores, deltas, strict=True)):
            if delta < 0 and old + delta < 0:
                deltas[seat], new[seat] = 0, old
                notes.append(_note(_SCORE_STAYED, self.players[seat],
                                  MappingProxyType({"score": old})))

    def _misdeal_strikes(self, round_: PlayedRound, strikes: list[int], deltas: list[int],
                         new: list[int], notes: list[Note]) -> None:
        """Z17: the dealer's misdeals are strikes; every third one costs 12, booked here."""
        seat = self.players.index(round_.dealer)
        before = strikes[seat]
        penalty = self._strike_cost(before, round_.misdeals)
        strikes[seat] = before + round_.misdeals
        if penalty:
            deltas[seat] += penalty
            new[seat] += penalty
            notes.append(_note(_THIRD_STRIKE, round_.dealer, MappingProxyType(  # type: ignore[arg-type]
                {"strikes": strikes[seat], "points": penalty})))

    def _strike_cost(self, before: int, misdeals: int) -> int:
        """Z17: what ``misdeals`` more strikes cost a dealer who had ``before``: 12 for every
        multiple of three they reach."""
        return self.settings.rulebook.strike_penalty * ((before + misdeals) // 3 - before // 3)

    def _hundred_to_ten(self, scores: list[int], deltas: list[int], notes: list[Note]) -> None:
        """Z18: a score of exactly 100 after the round drops to 10 (the delta is the true
        change: 88 → 10 is −78)."""
        for seat, score in enumerate(scores):
            if score == 100:
                scores[seat] = 10
                deltas[seat] -= 90
                notes.append(_note(_HUNDRED_TO_TEN, self.players[seat], _NO_VALUES))

    def _count_sitters(self, sat_out: frozenset[str], streaks: list[int]) -> None:
        """Z9 (Württemberg): how many rounds running each player has sat out."""
        if sat_out:
            for seat, name in enumerate(self.players):
                streaks[seat] = streaks[seat] + 1 if name in sat_out else 0
        elif any(streaks):
            streaks[:] = [0] * len(self.players)

    # -- the checks (§10) -----------------------------------------------------

    def _verify_call(self, round_: PlayedRound, scores: Sequence[int]) -> None:
        """Z4–Z8: caller, dealer, knock, trump, blind and bid of one round."""
        plan, players = self._plan, self.players
        caller, dealer, trump = round_.caller, round_.dealer, round_.trump
        blind, knock = round_.blind, round_.knock
        if caller not in players:  # Z4
            raise RoundError("caller_not_player", player=caller, value=caller)
        if dealer is None:
            if plan.dealer_required:
                raise RoundError("dealer_missing")
        elif dealer not in players:
            raise RoundError("dealer_not_player", value=dealer)
        if knock is not False and knock is not True:  # Z8 (a bool, not 0 or 1)
            raise RoundError("knock_not_bool", value=knock)
        if blind is not False and blind is not True:
            raise RoundError("blind_not_bool", value=blind)
        if knock:
            self._verify_knock(trump, blind)
        elif trump.__class__ is not Suit:  # Z5 (an Enum: no subclasses)
            if trump is None:
                raise RoundError("trump_missing")
            raise RoundError("unknown_suit", value=trump)
        if blind:  # Z6
            self._verify_blind_call(caller, dealer, trump, scores)
        bid = round_.bid
        if plan.contracts and not blind and not knock:  # Z7
            if bid.__class__ is not int or not 1 <= bid <= plan.tricks:
                if bid is None:
                    raise RoundError("bid_missing")
                raise RoundError("bid_range", value=bid, expected=plan.tricks)
        elif bid is not None:
            raise RoundError("bid_not_here", value=bid)

    def _verify_knock(self, trump: Suit | None, blind: bool) -> None:
        """Z8: a knock where the options allow it, never blind, with the bottom card's suit
        as trump (``knock_trump: bottom_card``) or none (``none``)."""
        settings = self.settings
        if not settings.knock:
            raise RoundError("knock_off")
        if blind:
            raise RoundError("knock_blind")
        if settings.knock_trump == "none":
            if trump is not None:
                raise RoundError("knock_no_trump", value=trump)
        elif trump is None:
            raise RoundError("knock_needs_trump")
        elif trump.__class__ is not Suit:
            raise RoundError("unknown_suit", value=trump)

    def _verify_misdeals(self, round_: PlayedRound) -> None:
        """Z17: ``misdeals`` is a whole number 0–99, above 0 only where strikes are counted."""
        misdeals = round_.misdeals
        if type(misdeals) is not int or not 0 <= misdeals <= MAX_MISDEALS:
            raise RoundError("misdeals_range", value=misdeals, expected=MAX_MISDEALS)
        if misdeals and not self.settings.rulebook.misdeals:
            raise RoundError("misdeals_off", value=misdeals)

    def _verify_blind_call(
        self, caller: str, dealer: str | None, trump: Suit | None, scores: Iterable[int]
    ) -> None:
        """Z6: may ``caller`` call hearts blind, ``dealer`` dealing, with these scores?"""
        book = self.settings.rulebook
        if book.blind is None:
            raise RoundError("blind_off")
        if trump is not _HEARTS:
            raise RoundError("blind_not_hearts", value=trump)
        if book.blind == "left_of_dealer":
            left = self._left_of(dealer)  # type: ignore[arg-type]
            if caller != left:
                raise RoundError("blind_not_left_of_dealer", player=caller, dealer=dealer,
                                 expected=left)
            score = list(scores)[self.players.index(caller)]
            need = self.settings.start_score + book.blind_margin  # type: ignore[operator]
            if score <= need:
                raise RoundError("blind_too_low", player=caller, value=score, expected=need)

    def _left_of(self, player: str) -> str:
        """Z1: the next name in the seating order (the last one's left is the first)."""
        players = self.players
        return players[(players.index(player) + 1) % len(players)]

    def _verify_sitters(
        self, sat_out: Collection[str], caller: str, trump: Suit | None, blind: bool, knock: bool,
        scores: Sequence[int], streaks: Sequence[int],
    ) -> None:
        """Z9: may everyone in ``sat_out`` sit this round out?"""
        settings, book, players = self.settings, self.settings.rulebook, self.players
        sitters = self._in_seat_order(sat_out)
        why = "knock" if knock else "blind" if blind else "clubs" if trump is _CLUBS else None
        for name in sitters:
            if name not in players:
                raise RoundError("sit_out_stranger", player=name, value=name)
            if not settings.sit_out:
                raise RoundError("sit_out_not_allowed", player=name)
            if name == caller:
                raise RoundError("sit_out_caller", player=name)
            if why:
                raise RoundError("sit_out_not_with", player=name, why=why)
            seat = players.index(name)
            if scores[seat] < book.sit_out_needs:
                raise RoundError("sit_out_low", player=name, value=scores[seat],
                                 expected=book.sit_out_needs)
            if book.sit_out_streak is not None and streaks[seat] >= book.sit_out_streak:
                raise RoundError("sit_out_streak", player=name)
        if book.sit_out_max is not None and len(sitters) > book.sit_out_max:
            raise RoundError("sit_out_too_many", value=len(sitters), expected=book.sit_out_max)
        if len(players) - len(sitters) < 2:
            raise RoundError("sit_out_too_few", player=sitters[-1])

    def _end(self, round_: PlayedRound, number: int, scores: list[int]) -> Outcome | None:
        """Z19/Z20: how the game ends after round ``number`` with these scores, or ``None``."""
        settings, players = self.settings, self.players
        limit, first = settings.upper_limit, round_.first_out
        if settings.end == "exact_zero":
            out = [p for p, s in zip(players, scores, strict=True) if s == 0]
        else:
            out = [p for p, s in zip(players, scores, strict=True) if s <= 0]
        if first is not None:
            if settings.tie_break != "first_out":
                raise RoundError("first_out_off", value=first)
            if not out:
                raise RoundError("first_out_nobody_out", value=first)
            if first not in out:
                raise RoundError("first_out_not_out", value=first, out=", ".join(out))
        elif settings.tie_break == "first_out" and len(out) >= 2:
            raise RoundError("first_out_missing", out=", ".join(out))
        if not out and (limit is None or max(scores) < limit):
            return None
        exact = settings.end == "exact_zero"
        if first is not None:
            return Outcome(EndReason.ZERO, (first,), scores[players.index(first)], number,
                           exact_zero=exact, first_out=True)
        lowest = min(scores)
        winners = tuple(p for p, s in zip(players, scores, strict=True) if s == lowest)
        return Outcome(EndReason.ZERO if out else EndReason.LIMIT, winners, lowest, number,
                       exact_zero=exact)

    # -- commands and questions (the same as 24's, Z-rules behind them) -------

    def verify_round(self, round_: PlayedRound) -> None:
        """Raise the :class:`ScoringError` that recording ``round_`` next would meet."""
        self._verify_not_over()
        number = len(self.rounds) + 1
        streaks, strikes = self._state_before(number)
        try:
            self._play(round_, number, list(self.scores_before(number)), streaks, strikes)
        except ScoringError as error:
            raise error.at_round(number) from None

    def _state_before(self, number: int) -> tuple[list[int], list[int]]:
        """Z9 streaks and Z17 strikes before round ``number`` (copies)."""
        if number == len(self.rounds) + 1:
            streaks, strikes = self._after  # type: ignore[attr-defined]
        else:
            self.scores_before(number)  # refuses a round that does not exist
            earlier = dataclasses.replace(self, rounds=self.rounds[: number - 1])
            streaks, strikes = earlier._after  # type: ignore[attr-defined]
        return list(streaks), list(strikes)

    @property
    def steps(self) -> RoundSteps:
        """What a round of this preset records (Z4–Z9, Z17, Z20)."""
        settings, book = self.settings, self.settings.rulebook
        return RoundSteps(
            dealer=book.dealer_required, misdeals=book.misdeals, bid=book.bids,
            knock=bool(settings.knock), knock_names_suit=settings.knock_trump == "bottom_card",
            blind=book.blind is not None, sit_out=bool(settings.sit_out),
            sit_out_streak=book.sit_out_streak if settings.sit_out else None,
            first_out=settings.tie_break == "first_out")

    def blind_caller(self, caller: str, dealer: str | None = None) -> str:
        """Z6: who calls hearts blind — in Württemberg the player left of the dealer (he
        becomes the caller), else the caller himself."""
        if self.settings.rulebook.blind == "left_of_dealer" and dealer in self.players:
            return self._left_of(dealer)
        return caller

    def verify_call_blind(
        self, caller: str, number: int | None = None, dealer: str | None = None
    ) -> None:
        """Z6: raise unless ``caller`` may call hearts blind in round ``number`` (default: next).

        ``dealer`` defaults to the dealer the rotation proposes for that round.
        """
        if number is None:
            self._verify_not_over()
            number = len(self.rounds) + 1
        if caller not in self.players:
            raise RoundError("caller_not_player", player=caller, value=caller)
        dealer = self.dealer_of(number) if dealer is None else dealer
        if dealer not in self.players:
            raise RoundError("dealer_not_player", value=dealer)
        self._verify_blind_call(caller, dealer, Suit.HEARTS, self.scores_before(number))

    def verify_sit_out(
        self, player: str, caller: str, sat_out: Iterable[str] = (), number: int | None = None,
        trump: object = None, blind: bool = False, knock: bool = False,
    ) -> None:
        """Z9: raise unless ``player`` may sit out beside ``sat_out`` (trump, blind, knock given).

        ``trump`` ``None`` means "not named yet": clubs is then not held against him.
        """
        if number is None:
            self._verify_not_over()
            number = len(self.rounds) + 1
        streaks, _ = self._state_before(number)
        self._verify_sitters(frozenset((player, *sat_out)), caller, trump, blind, knock,  # type: ignore[arg-type]
                             list(self.scores_before(number)), streaks)

    def cost_of_sitting_out(self, trump: object = None) -> int:
        """Z15: what sitting out costs with ``trump`` (hearts doubles; Württemberg: free)."""
        cost = self.settings.rulebook.sit_out_cost
        return cost * 2 if trump is _HEARTS else cost

    def contract(self, round_: object) -> int | None:
        """Z14: the tricks a Württemberg caller must make — 2 blind, 4 knocking, else his bid
        (``None``: the preset has no contract, or the bid is not given yet). ``round_`` is a
        round or anything with its ``blind``, ``knock`` and ``bid`` (a draft)."""
        if not self._plan.contracts:
            return None
        return 2 if round_.blind else 4 if round_.knock else round_.bid  # type: ignore[attr-defined]

    def strikes_before(self, number: int | None = None) -> dict[str, int]:
        """Z17: each player's misdeal strikes before round ``number`` (default: the next)."""
        number = len(self.rounds) + 1 if number is None else number
        if not self.settings.rulebook.misdeals:
            return {}
        _, strikes = self._state_before(number)
        return dict(zip(self.players, strikes, strict=True))

    def misdeal_penalty(self, dealer: str, misdeals: int, number: int | None = None) -> int:
        """Z17: what ``misdeals`` before round ``number`` would cost ``dealer`` (12 at a third
        strike, else 0)."""
        before = self.strikes_before(number).get(dealer)
        return 0 if before is None else self._strike_cost(before, misdeals)

    def strikes(self) -> dict[str, int]:
        """Z17: each player's misdeal strikes so far, in seat order."""
        return dict(zip(self.players, self._after[1], strict=True))  # type: ignore[attr-defined]

    @property
    def no_exchange(self) -> tuple[str, ...]:
        """§6 reminder: players who may not exchange cards now (Lehrblatt 3 points or fewer,
        Temmels fewer than 10; nobody in Württemberg is barred by score)."""
        bar = self.settings.rulebook.no_exchange_at_or_below
        if bar is None:
            return ()
        return tuple(p for p, s in self.scores.items() if s <= bar)


def game_for(
    players: Iterable[str], settings: Settings | TwentyAbSettings, rounds: Iterable = (),
    first_dealer: int = 0,
) -> Game:
    """The game of the rule book ``settings`` belong to: a :class:`Game` for 24's
    :class:`Settings`, a :class:`TwentyAbGame` for :class:`TwentyAbSettings`."""
    game_class = TwentyAbGame if isinstance(settings, TwentyAbSettings) else Game
    return game_class(tuple(players), settings, tuple(rounds), first_dealer)  # type: ignore[arg-type]
