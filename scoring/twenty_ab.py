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
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from .errors import GameOverError, RoundError, ScoringError, SettingsError, Shown
from .game import EndReason, Game, Outcome, RoundResult, Settings, _result
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

OPTION_KEYS = ("start_score", "deck", "end", "sit_out", "knock", "knock_trump",
               "contract_penalty", "hundred_to_ten", "tie_break", "upper_limit")
"""§6: the option keys, in the order a record writes them."""


@dataclass(frozen=True)
class TwentyAbSettings:
    """A preset and its options (§6). An option left ``None`` takes the preset's default.

    Raises :class:`SettingsError` (F1) for an unknown preset, a value the
    preset does not allow (strict types) or an ``upper_limit`` that is not a
    whole number above the start score.
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
                if value is not None and (type(value) is not int or value <= self.start_score):
                    raise SettingsError("upper_limit", value=value, expected=self.start_score)
            elif not option.allows(value):
                raise SettingsError("option_not_allowed", key=option.key, value=_as_json(value),
                                    preset=self.preset)
        if self.deck == "german_double":
            book = dataclasses.replace(book, tricks_per_round=6)
        object.__setattr__(self, "rulebook", book)

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

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", MappingProxyType(dict(self.tricks)))
        object.__setattr__(self, "sat_out", frozenset(self.sat_out))


@dataclass(frozen=True)
class TwentyAbGame(Game):
    """A game of 20 ab: players in seat order, a preset with options, the rounds played.

    Constructing one replays every round (Z4–Z21) and raises the first
    :class:`ScoringError`, naming its round. Scores, misdeal strikes and
    sit-out streaks are derived, never stored.
    """

    settings: TwentyAbSettings = TwentyAbSettings()  # type: ignore[assignment]
    """The preset and its options."""

    rounds: tuple[TwentyAbRound, ...] = ()  # type: ignore[assignment]
    """Every round played, in order."""

    # -- the fold -----------------------------------------------------------

    def _replay(self) -> None:
        """Check and score every round in order; the state after each is the next one's input."""
        n = len(self.players)
        settings, book = self.settings, self.settings.rulebook
        # Per game, not per round: Z12, Z13, Z15, Z14 (and contract_penalty), Z16.
        object.__setattr__(self, "_amounts", (
            book.no_trick, book.caller_no_trick or book.no_trick, book.sit_out_cost,
            book.contract_penalty, settings.contract_penalty == "add",
            settings.end == "exact_zero",
        ))
        scores = [settings.start_score] * n
        streaks, strikes = [0] * n, [0] * n  # Z9 rounds sat out running; Z17 strikes
        results: list[RoundResult] = []
        outcome: Outcome | None = None
        play = self._play
        for number, round_ in enumerate(self.rounds, start=1):
            if outcome is not None:  # Z21
                raise GameOverError("game_over", after=outcome.after_round, round_number=number)
            try:
                deltas, scores, outcome = play(round_, number, scores, streaks, strikes)
            except ScoringError as error:
                raise error.at_round(number) from None
            results.append(_result(number, deltas, tuple(scores)))
        object.__setattr__(self, "results", tuple(results))
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "_after", (tuple(streaks), tuple(strikes)))

    def _play(
        self, round_: TwentyAbRound, number: int, scores: list[int], streaks: list[int],
        strikes: list[int],
    ) -> tuple[tuple[int, ...], list[int], Outcome | None]:
        """Round ``number``: check it (§10), score it (Z11–Z18), see whether the game ends (Z19).

        ``scores`` are the scores before it; ``streaks`` and ``strikes`` are
        brought up to date in place (only once the round is known good).
        """
        book, players = self.settings.rulebook, self.players
        caller, trump, blind, knock = round_.caller, round_.trump, round_.blind, round_.knock
        self._verify_call(round_, scores)
        sat_out, tricks = round_.sat_out, round_.tricks
        if sat_out:
            self._verify_sitters(sat_out, caller, trump, blind, knock, scores, streaks)
        self._verify_tricks(round_)
        misdeals = round_.misdeals
        if type(misdeals) is not int or not 0 <= misdeals <= MAX_MISDEALS:  # Z17
            raise RoundError("misdeals_range", value=misdeals, expected=MAX_MISDEALS)
        if misdeals and not book.misdeals:
            raise RoundError("misdeals_off", value=misdeals)

        hearts = trump is _HEARTS
        v = 4 if blind else 2 if hearts else 1  # Z11
        no_trick, caller_no_trick, sitting, failed, add, exact = self._amounts
        no_trick *= v  # Z12
        caller_no_trick *= v  # Z13 (Württemberg: Z12)
        if hearts:
            sitting *= 2  # Z15
        # Z14: the contract of a Württemberg caller: 2 blind, 4 knocking, else his bid.
        contract = (2 if blind else 4 if knock else round_.bid) if book.bids else 0
        get = tricks.get
        new = [
            old + sitting  # Z15
            if (made := get(name)) is None
            else old + (failed - made if add else failed) * v  # Z14 (contract 0 but Württemberg)
            if made < contract and name == caller
            else old + (caller_no_trick if name == caller else no_trick)  # Z13 / Z12
            if not made
            else old  # Z16: short of exactly 0, the score stays
            if exact and old < made * v
            else old - made * v  # Z12
            for name, old in zip(players, scores, strict=True)
        ]
        if misdeals:  # Z17: every third strike of the dealer costs 12
            seat = players.index(round_.dealer)  # type: ignore[arg-type]
            before = strikes[seat]
            new[seat] += book.strike_penalty * ((before + misdeals) // 3 - before // 3)
        if 100 in new and self.settings.hundred_to_ten:  # Z18
            new = [10 if score == 100 else score for score in new]
        limit = self.settings.upper_limit
        if round_.first_out is None and min(new) > 0 and (limit is None or max(new) < limit):
            outcome = None  # nobody out, no limit reached: the usual round (Z19)
        else:
            outcome = self._end(round_, number, new)
        if misdeals:
            strikes[players.index(round_.dealer)] += misdeals  # type: ignore[arg-type]
        if sat_out:
            for seat, name in enumerate(players):
                streaks[seat] = streaks[seat] + 1 if name in sat_out else 0
        elif any(streaks):
            streaks[:] = [0] * len(players)
        return tuple(map(int.__sub__, new, scores)), new, outcome

    def _verify_call(self, round_: TwentyAbRound, scores: list[int]) -> None:
        """Z4–Z8: caller, dealer, knock, trump, blind and bid of one round."""
        settings, book, players = self.settings, self.settings.rulebook, self.players
        caller, dealer, trump = round_.caller, round_.dealer, round_.trump
        blind, knock = round_.blind, round_.knock
        if caller not in players:  # Z4
            raise RoundError("caller_not_player", player=caller, value=caller)
        if dealer is None:
            if book.dealer_required:
                raise RoundError("dealer_missing")
        elif dealer not in players:
            raise RoundError("dealer_not_player", value=dealer)
        if type(knock) is not bool:  # Z8
            raise RoundError("knock_not_bool", value=knock)
        if type(blind) is not bool:
            raise RoundError("blind_not_bool", value=blind)
        if knock:
            if not settings.knock:
                raise RoundError("knock_off")
            if blind:
                raise RoundError("knock_blind")
            if settings.knock_trump == "none":
                if trump is not None:
                    raise RoundError("knock_no_trump", value=trump)
            elif trump is None:
                raise RoundError("knock_needs_trump")
        elif trump is None:  # Z5
            raise RoundError("trump_missing")
        if trump is not None and type(trump) is not Suit:
            raise RoundError("unknown_suit", value=trump)
        if blind:  # Z6
            self._verify_blind_call(caller, dealer, trump, scores)
        bid = round_.bid
        if book.bids and not blind and not knock:  # Z7
            if bid is None:
                raise RoundError("bid_missing")
            if type(bid) is not int or not 1 <= bid <= book.tricks_per_round:
                raise RoundError("bid_range", value=bid, expected=book.tricks_per_round)
        elif bid is not None:
            raise RoundError("bid_not_here", value=bid)

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
            players = self.players
            left = players[(players.index(dealer) + 1) % len(players)]  # type: ignore[arg-type]
            if caller != left:
                raise RoundError("blind_not_left_of_dealer", player=caller, dealer=dealer,
                                 expected=left)
            score = list(scores)[players.index(caller)]
            need = self.settings.start_score + book.blind_margin  # type: ignore[operator]
            if score <= need:
                raise RoundError("blind_too_low", player=caller, value=score, expected=need)

    def _verify_sitters(
        self, sat_out: Iterable[str], caller: str, trump: Suit | None, blind: bool, knock: bool,
        scores: list[int], streaks: list[int],
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

    def _end(self, round_: TwentyAbRound, number: int, scores: list[int]) -> Outcome | None:
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
        if first is not None:
            return Outcome(EndReason.ZERO, (first,), scores[players.index(first)], number)
        lowest = min(scores)
        winners = tuple(p for p, s in zip(players, scores, strict=True) if s == lowest)
        return Outcome(EndReason.ZERO if out else EndReason.LIMIT, winners, lowest, number)

    # -- commands ------------------------------------------------------------

    def verify_round(self, round_: TwentyAbRound) -> None:  # type: ignore[override]
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

    def verify_call_blind(  # type: ignore[override]
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

    def can_call_blind(  # type: ignore[override]
        self, caller: str, number: int | None = None, dealer: str | None = None
    ) -> bool:
        """Whether ``caller`` may call hearts blind (Z6)."""
        try:
            self.verify_call_blind(caller, number, dealer)
        except ScoringError:
            return False
        return True

    def verify_sit_out(  # type: ignore[override]
        self, player: str, caller: str, sat_out: Iterable[str] = (), number: int | None = None,
        trump: Suit | None = None, blind: bool = False, knock: bool = False,
    ) -> None:
        """Z9: raise unless ``player`` may sit out beside ``sat_out`` (trump, blind, knock given).

        ``trump`` ``None`` means "not named yet": clubs is then not held against him.
        """
        if number is None:
            self._verify_not_over()
            number = len(self.rounds) + 1
        streaks, _ = self._state_before(number)
        self._verify_sitters({player, *sat_out}, caller, trump, blind, knock,
                             list(self.scores_before(number)), streaks)

    def can_sit_out(  # type: ignore[override]
        self, player: str, caller: str, sat_out: Iterable[str] = (), number: int | None = None,
        trump: Suit | None = None, blind: bool = False, knock: bool = False,
    ) -> bool:
        """Whether ``player`` may sit out (Z9)."""
        try:
            self.verify_sit_out(player, caller, sat_out, number, trump, blind, knock)
        except ScoringError:
            return False
        return True

    def strikes(self) -> dict[str, int]:
        """Z17: each player's misdeal strikes so far, in seat order."""
        return dict(zip(self.players, self._after[1], strict=True))  # type: ignore[attr-defined]

    @property
    def no_exchange(self) -> tuple[str, ...]:
        """§6 reminder: players who may not exchange cards now (Lehrblatt 3 points or fewer,
        Temmels fewer than 10; nobody in Württemberg is barred by score)."""
        bar = {"lehrblatt": 3, "temmels": 9}.get(self.settings.preset)
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
