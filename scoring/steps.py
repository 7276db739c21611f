"""The rules as small named functions: a round's checks, its scoring steps, the end of the game.

A rule book (:mod:`scoring.rules`) lists which of these it plays, in its
order; :class:`scoring.Game` runs them. Each carries the numbers of the rules
it applies (R… for 24, Z… for 20 ab, docs/RULES.md): where the two books
share an idea they share the function, and the book's numbers say how much.

- A **check** ``(game, round_, before)`` raises the :class:`RoundError` of
  the first rule the round breaks, given :class:`Before` (the state after the
  previous round). Checks run before anything is scored.
- A **step** ``(game, round_, tally)`` adds its part to the round's
  :class:`Tally` (each player's change and the notes of what happened).
- :func:`r12_z19_end` says whether the scores after the round end the game.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from .errors import RoundError
from .values import Colour, EndReason, Happened, Note, Outcome, Round

__all__ = [
    "CHECKS",
    "MAX_MISDEALS",
    "Before",
    "Board",
    "Tally",
    "a_trump_change",
    "r4_caller",
    "r5_trump",
    "r6_blind",
    "r6_blind_flag",
    "r7_tricks",
    "r8_tricks_made",
    "r9_no_trick",
    "r10_caller_no_trick",
    "r11_sat_out",
    "r11_sitters",
    "r12_z19_end",
    "z4_dealer",
    "z7_bid",
    "z8_knock_flag",
    "z14_contract_missed",
    "z16_exact_zero",
    "z17_misdeal_strikes",
    "z17_misdeals",
    "z18_hundred_to_ten",
]

MAX_MISDEALS = 99
"""Decision (the source sets no number): at most 99 misdeals before one deal; more is a
mistake, and the bound keeps the strike count a small number."""


class Before(NamedTuple):
    """The game after the previous round: what a round's checks and steps read."""

    scores: tuple[int, ...]
    """Every player's score, in seat order."""

    streaks: tuple[int, ...]
    """Z9: how many rounds running each player has sat out."""

    strikes: tuple[int, ...]
    """Z17: each player's misdeal strikes."""


class Options(Protocol):
    """The options a table chose (:class:`scoring.Settings`), as a rule reads them."""

    def get(self, key: str, default: Any = None) -> Any:
        """The option ``key``, or ``default`` where the book has no such option."""


class Board(Protocol):
    """What a rule reads of the game it checks and scores: :class:`scoring.Game`, the one
    board every rule book is played on. Named here, not imported, because the game runs
    these rules: the rules know the board by what they ask of it."""

    @property
    def players(self) -> tuple[str, ...]:
        """R1/Z1: the names in seat order."""

    @property
    def seats(self) -> Mapping[str, int]:
        """Each player's seat (0-based)."""

    @property
    def book(self) -> Any:
        """The rule book played (:class:`scoring.book.RuleBook`; its rules import these steps)."""

    @property
    def settings(self) -> Options:
        """The options chosen."""

    @property
    def tricks_per_round(self) -> int:
        """R3/Z3: *T*."""

    @property
    def limit(self) -> int | None:
        """R12/Z19: the score that ends the game from above."""

    @property
    def blind_needs(self) -> int | None:
        """R6 (variant C) / Z6: the score a blind caller needs."""

    @property
    def sit_out_needs(self) -> int | None:
        """Variant C / Z9: the score a sitter needs."""

    def in_seat_order(self, names: Collection[str]) -> list[str]:
        """``names``, strangers first, then in seat order."""

    def left_of(self, player: str | None) -> str:
        """Z1: the next player clockwise."""

    def out(self, scores: Iterable[int]) -> list[str]:
        """R12/Z19: who is out with these scores."""

    def strike_cost(self, before: int, misdeals: int) -> int:
        """Z17: what more misdeal strikes cost."""

    def contract(self, round_: Any) -> int | None:
        """Z14: the tricks the caller must make."""

    def needs_bid(self, round_: Any) -> bool:
        """Z7: whether the caller bids."""

    def cost_of_sitting_out(self, trump: Any = None) -> int:
        """R11/Z15: what sitting out costs with ``trump``."""


@dataclass(slots=True)
class Tally:
    """One round being scored: each player's change so far and what happened beyond it."""

    before: Before
    value: int
    """R8/Z11: what one trick is worth this round."""
    deltas: list[int]
    notes: list[Note]
    strikes: tuple[int, ...]
    """Z17: the strikes after this round (the dealer's grow by the round's misdeals)."""


# -- the checks -----------------------------------------------------------------


def r4_caller(game: Board, round_: Round, before: Before) -> None:
    """R4/Z4: the caller is a player."""
    if round_.caller not in game.players:
        raise RoundError("caller_not_player", player=round_.caller, value=round_.caller)


def z4_dealer(game: Board, round_: Round, before: Before) -> None:
    """Z4: a recorded dealer is a player; Württemberg records him in every round."""
    dealer = round_.dealer
    if dealer is None:
        rule = game.book.dealer
        if rule is not None and rule.required:
            raise RoundError("dealer_missing")
    elif dealer not in game.players:
        raise RoundError("dealer_not_player", value=dealer)


def z8_knock_flag(game: Board, round_: Round, before: Before) -> None:
    """Z8: ``knock`` is true or false (not 0 or 1)."""
    if round_.knock is not False and round_.knock is not True:
        raise RoundError("knock_not_bool", value=round_.knock)


def r6_blind_flag(game: Board, round_: Round, before: Before) -> None:
    """R6/Z6: ``blind`` is true or false."""
    if round_.blind is not False and round_.blind is not True:
        raise RoundError("blind_not_bool", value=round_.blind)


def r5_trump(game: Board, round_: Round, before: Before) -> None:
    """R5/Z5: trump is a suit of the book (Z8: in a knock round, the bottom card's or none);
    variant A's final trump too."""
    suits, trump = game.book.suits, round_.trump
    if round_.knock:
        _z8_knock(game, round_)
    elif type(trump) is not suits:  # an Enum: no subclasses
        if trump is None:  # only a knock round may have no trump (Z8)
            raise RoundError("trump_missing")
        _unknown_trump(game, trump)
    final = round_.final_trump
    if final is not None and type(final) is not suits:
        _unknown_trump(game, final)


def _unknown_trump(game: Board, trump: object) -> None:
    """R5/Z5: the refusal of a trump that is not one of the book's suits, listing them."""
    if game.book.suits is Colour:
        raise RoundError("unknown_colour", value=trump)
    raise RoundError("unknown_suit", value=trump)


def _z8_knock(game: Board, round_: Round) -> None:
    """Z8: a knock where the options allow it, never blind, with the bottom card's suit as
    trump (``knock_trump: bottom_card``) or none (``none``)."""
    settings, trump = game.settings, round_.trump
    if not settings.get("knock"):
        raise RoundError("knock_off")
    if round_.blind:
        blind = game.book.blind
        raise RoundError("knock_blind", suit=round_.trump if blind is None else blind.suit)
    if settings.get("knock_trump") == "none":
        if trump is not None:
            raise RoundError("knock_no_trump", value=trump)
    elif trump is None:
        raise RoundError("knock_needs_trump")
    elif type(trump) is not game.book.suits:
        _unknown_trump(game, trump)


def r6_blind(game: Board, round_: Round, before: Before) -> None:
    """R6/Z6, variant C: may this caller call the book's blind suit, with his score?"""
    if round_.blind:
        verify_blind(game, round_.caller, round_.dealer, round_.trump, before.scores)


def verify_blind(game: Board, caller: str, dealer: str | None, trump: object,
                 scores: Sequence[int]) -> None:
    """R6/Z6: only the blind suit; Württemberg only the player left of the dealer; the score
    the book asks (24 with variant C: 25 or more; Württemberg: above start + 20)."""
    rule = game.book.blind
    if rule is None:
        raise RoundError("blind_off")
    if trump is not rule.suit:
        raise RoundError("blind_not_suit", suit=rule.suit, value=trump)
    if rule.left_of_dealer:
        left = game.left_of(dealer) if dealer in game.players else None
        if caller != left:
            raise RoundError("blind_not_left_of_dealer", player=caller, suit=rule.suit,
                             dealer=dealer, expected=left)
    need = game.blind_needs
    if need is None:
        return
    score = scores[game.seats[caller]]
    if score < need:  # a bar an option switches on (24's variant C) says so
        if rule.restricted_by is not None:
            raise RoundError("blind_restricted", player=caller, suit=rule.suit, value=score,
                             expected=need)
        raise RoundError("blind_too_low", player=caller, suit=rule.suit, value=score,
                         expected=need - 1)


def a_trump_change(game: Board, round_: Round, before: Before) -> None:
    """Variant A: trump changes only with A on, and a blind call never changes."""
    final = round_.final_trump
    if final is None:
        return
    if not game.settings.get("trump_chaos"):
        raise RoundError("trump_change_off", trump=round_.trump, value=final)
    if round_.blind:
        raise RoundError("blind_changed", suit=round_.trump, value=final)


def z7_bid(game: Board, round_: Round, before: Before) -> None:
    """Z7: Württemberg's caller bids 1 to T, except in a blind or knock round; no bid elsewhere."""
    bid = round_.bid
    if game.needs_bid(round_):
        top = game.tricks_per_round
        if type(bid) is not int or not 1 <= bid <= top:
            if bid is None:
                raise RoundError("bid_missing")
            raise RoundError("bid_range", value=bid, expected=top)
    elif bid is not None:
        raise RoundError("bid_not_here", value=bid)


def r11_sitters(game: Board, round_: Round, before: Before) -> None:
    """R11, variants B/C, Z9: may everyone in ``sat_out`` sit this round out?"""
    if round_.sat_out:
        verify_sitters(game, round_.sat_out, round_.caller, round_.trump, round_.blind,
                       round_.knock, before)


def verify_sitters(game: Board, sat_out: Collection[str], caller: str, trump: object,
                   blind: bool, knock: bool, before: Before) -> None:
    """R11/Z9 for a set of sitters: each a player, sitting out on, never the caller, not in a
    round that forbids it (Z9: clubs, blind, knock), with the score the book asks (C: more than
    12; Z9: 6 or more), no third round running (Württemberg); at most the book's number
    sit out (Z9: two) and its ``min_playing`` (two) always play.

    ``trump`` ``None`` means "not named yet": the no-sitting-out suit is not held against him.
    """
    rule, seats = game.book.sit_out, game.seats
    sitters = game.in_seat_order(sat_out)
    why = None
    if rule is not None and rule.forbidding_suit is not None:  # Z9: nobody sits out these rounds
        why = "knock" if knock else "blind" if blind else \
            rule.forbidding_suit if trump is rule.forbidding_suit else None
    need = game.sit_out_needs
    for name in sitters:
        if name not in seats:
            raise RoundError("sit_out_stranger", player=name, value=name)
        if rule is None or not game.settings.get(rule.switched_by):
            raise RoundError("sit_out_not_allowed", player=name)
        if name == caller:
            raise RoundError("sit_out_caller", player=name, value=name)
        if why:
            raise RoundError("sit_out_not_with", player=name, why=why)
        seat = seats[name]
        if need is not None and before.scores[seat] < need:
            if rule.restricted_by is not None:  # a bar an option switches on (variant C)
                raise RoundError("sit_out_restricted", player=name, value=before.scores[seat],
                                 expected=need - 1)
            raise RoundError("sit_out_low", player=name, value=before.scores[seat],
                             expected=need)
        if rule.streak is not None and before.streaks[seat] >= rule.streak:
            raise RoundError("sit_out_streak", player=name, expected=rule.streak)
    if rule is None:  # nobody sat out
        return
    if rule.most is not None and len(sitters) > rule.most:
        raise RoundError("sit_out_too_many", value=len(sitters), expected=rule.most)
    if len(seats) - len(sitters) < rule.min_playing:
        raise RoundError("sit_out_too_few", player=sitters[-1], expected=rule.min_playing)


def r7_tricks(game: Board, round_: Round, before: Before) -> None:
    """R7/Z10: everyone who played has 0–T tricks, nobody else has any, and they add up to T."""
    per_round, seats, sat_out = game.tricks_per_round, game.seats, round_.sat_out
    total = 0
    for name, made in round_.tricks.items():
        if name not in seats:
            raise RoundError("tricks_stranger", player=name, value=name)
        if name in sat_out:
            raise RoundError("tricks_sat_out", player=name, value=made)
        if type(made) is not int or not 0 <= made <= per_round:
            raise RoundError("tricks_range", player=name, value=made, expected=per_round)
        total += made
    if len(round_.tricks) + len(sat_out) != len(game.players):  # someone neither counted nor out
        for name in game.players:
            if name not in round_.tricks and name not in sat_out:
                raise RoundError("tricks_missing", player=name)
    if total != per_round:
        raise RoundError("tricks_sum", value=total, expected=per_round)


def z17_misdeals(game: Board, round_: Round, before: Before) -> None:
    """Z17: ``misdeals`` is a whole number 0–99, above 0 only where strikes are counted."""
    misdeals = round_.misdeals
    if type(misdeals) is not int or not 0 <= misdeals <= MAX_MISDEALS:
        raise RoundError("misdeals_range", value=misdeals, expected=MAX_MISDEALS)
    if misdeals and game.book.misdeals is None:
        raise RoundError("misdeals_off", value=misdeals)


CHECKS = (r4_caller, z4_dealer, z8_knock_flag, r6_blind_flag, r5_trump, r6_blind, a_trump_change,
          z7_bid, r11_sitters, r7_tricks, z17_misdeals)
"""A round's checks, for every book in one order: the order a round with several faults is
refused. Each refuses a field its book has no rule for, or checks it by the book's rule."""


# -- the scoring steps ------------------------------------------------------------


def r8_tricks_made(game: Board, round_: Round, tally: Tally) -> None:
    """R8/Z12: every trick a player made costs him the trick value."""
    for name, made in round_.tricks.items():
        if made:
            tally.deltas[game.seats[name]] = -made * tally.value


def r9_no_trick(game: Board, round_: Round, tally: Tally) -> None:
    """R9/Z12: a player who played and made no trick gains the book's number × v (24: 6, 20 ab: 5)."""
    gain = game.book.tricks.no_trick * tally.value
    for name, made in round_.tricks.items():
        if not made:
            tally.deltas[game.seats[name]] = gain


def r10_caller_no_trick(game: Board, round_: Round, tally: Tally) -> None:
    """R10/Z13: the caller without a trick gains the book's number × v instead (24: 12 while
    the caller penalty is on; Lehrblatt and Temmels: 10)."""
    rule = game.book.caller_no_trick
    if round_.tricks.get(round_.caller) == 0 and (
            rule.switched_by is None or game.settings.get(rule.switched_by)):
        tally.deltas[game.seats[round_.caller]] = rule.gain * tally.value


def r11_sat_out(game: Board, round_: Round, tally: Tally) -> None:
    """R11/Z15: a sitter's score changes by what sitting out costs (24 and Württemberg: nothing;
    Lehrblatt and Temmels: 1, 2 with hearts); a note says he sat out."""
    if not round_.sat_out:
        return
    cost = game.cost_of_sitting_out(round_.trump)
    values = MappingProxyType({"points": cost})
    for name in game.in_seat_order(round_.sat_out):
        tally.deltas[game.seats[name]] = cost
        tally.notes.append(Note(Happened.SAT_OUT, name, values))


def z14_contract_missed(game: Board, round_: Round, tally: Tally) -> None:
    """Z14: a caller short of his contract gains 6·v — instead of his tricks (``replace``), or
    on top of what Z12 gives them (``add``)."""
    needed = game.contract(round_)
    made = round_.tricks.get(round_.caller)
    if needed is None or made is None or made >= needed:
        return
    seat = game.seats[round_.caller]
    penalty = game.book.contract.penalty * tally.value
    add = game.settings.get("contract_penalty") == "add"
    tally.deltas[seat] = tally.deltas[seat] + penalty if add else penalty
    tally.notes.append(Note(Happened.CONTRACT_MISSED, round_.caller, MappingProxyType(
        {"made": made, "needed": needed, "points": tally.deltas[seat]})))


def z16_exact_zero(game: Board, round_: Round, tally: Tally) -> None:
    """Z16 (``end: exact_zero``): tricks that would take a player below 0 do not count; his score
    stays (penalties always apply)."""
    if game.settings.get("end") != "exact_zero":
        return
    for seat, (old, delta) in enumerate(zip(tally.before.scores, tally.deltas, strict=True)):
        if delta < 0 and old + delta < 0:
            tally.deltas[seat] = 0
            tally.notes.append(Note(Happened.SCORE_STAYED, game.players[seat],
                                    MappingProxyType({"score": old})))


def z17_misdeal_strikes(game: Board, round_: Round, tally: Tally) -> None:
    """Z17: the dealer's misdeals are strikes; every third one costs 12 (the book's numbers),
    booked in this round."""
    if not round_.misdeals or round_.dealer is None:
        return
    seat = game.seats[round_.dealer]
    before = tally.strikes[seat]
    strikes = list(tally.strikes)
    strikes[seat] = before + round_.misdeals
    tally.strikes = tuple(strikes)
    penalty = game.strike_cost(before, round_.misdeals)
    if penalty:
        tally.deltas[seat] += penalty
        tally.notes.append(Note(Happened.STRIKE_PENALTY, round_.dealer, MappingProxyType(
            {"strikes": tally.strikes[seat], "points": penalty})))


def z18_hundred_to_ten(game: Board, round_: Round, tally: Tally) -> None:
    """Z18: a score of exactly 100 after the round drops to 10 (the book's ``drop`` rule; the
    change reported is the true one: 88 → 10 is −78)."""
    if not game.settings.get("hundred_to_ten"):
        return
    drop = game.book.drop
    high, low = drop.high, drop.low
    for seat, old in enumerate(tally.before.scores):
        if old + tally.deltas[seat] == high:
            tally.deltas[seat] -= high - low
            tally.notes.append(Note(Happened.HUNDRED_TO_TEN, game.players[seat],
                                    MappingProxyType({"from": high, "to": low})))


# -- the end --------------------------------------------------------------------------


def r12_z19_end(game: Board, round_: Round, number: int, scores: Sequence[int]) -> Outcome | None:
    """R12/Z19: the game ends when someone is out (0 or below; the classic 20 ab end: exactly
    0) or someone reached the upper limit. R13/Z20: the lowest score wins, equal lowest share —
    unless the table names the first out (``tie_break: first_out``), who wins alone.

    Z20: a round that puts two or more out under ``first_out`` must name him; a round may
    name only a player it put out, and only under ``first_out``.
    """
    first, limit = round_.first_out, game.limit
    if first is None and min(scores) > 0 and (limit is None or max(scores) < limit):
        return None  # nobody out, nobody at the limit: the usual round
    out = game.out(scores)
    tie_break = game.settings.get("tie_break")
    if first is not None:
        if tie_break != "first_out":
            raise RoundError("first_out_off", value=first)
        if not out:
            raise RoundError("first_out_nobody_out", value=first)
        if first not in out:
            raise RoundError("first_out_not_out", value=first, out=", ".join(out))
    elif tie_break == "first_out" and len(out) >= 2:
        raise RoundError("first_out_missing", out=", ".join(out))
    if not out and (limit is None or max(scores) < limit):
        return None
    exact = game.settings.get("end") == "exact_zero"
    if first is not None:
        return Outcome(EndReason.ZERO, (first,), scores[game.seats[first]], number,
                       exact_zero=exact, first_out=True)
    lowest = min(scores)
    winners = tuple(p for p, s in zip(game.players, scores, strict=True) if s == lowest)
    return Outcome(EndReason.ZERO if out else EndReason.LIMIT, winners, lowest, number,
                   exact_zero=exact)
