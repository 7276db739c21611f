"""Errors of the rules core: one base class, a stable code for every refusal.

Every :class:`ScoringError` carries ``code`` (a snake_case name from
:data:`MESSAGES`) and ``values`` (the blanks of that code's template). The
English text is produced from the template, ``MESSAGES[code].format(**values)``,
so the app words the same refusal in German or Dutch by keeping one template
per code and language with the same blanks. ``str(error)`` prefixes
``round K: `` when a round is at fault (the line ``python -m scoring replay``
prints).

Blanks used by many codes (each code's comment lists its own):

- ``player``: a player's name as recorded; ``value``: the offending value;
  ``expected``: the bound or total the rule wants;
- ``kind``: what a JSON value was instead, one of the English phrases
  ``an object``, ``a list``, ``a string``, ``true/false``, ``a number``,
  ``null`` (see :data:`KINDS`);
- ``key``: a record key (not translated: the record's words);
- ``round``: added to ``values`` whenever the error names a round (1-based).

Templates use ``str.format`` syntax; ``{value!r}`` shows a value as Python
writes it (quotes around names), so a bad name stands out.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = [
    "KINDS",
    "MESSAGES",
    "N_",
    "EditError",
    "GameOverError",
    "PlayersError",
    "RecordError",
    "RoundError",
    "ScoringError",
    "SettingsError",
    "Shown",
]

def N_(message: str) -> str:
    """``message`` unchanged: marks a phrase for the translation catalogues (Babel extracts it)."""
    return message


KINDS = MappingProxyType({
    "object": N_("an object"), "list": N_("a list"), "string": N_("a string"), "boolean": N_("true/false"),
    "number": N_("a number"), "null": N_("null"),
})
"""The English phrase of each JSON kind, as the ``kind`` blank holds it."""

MESSAGES: Mapping[str, str] = MappingProxyType({
    # -- the table (R1, Z1) ---------------------------------------------------
    # minimum, maximum: the rule book's player counts; value: how many were given
    "players_count": N_("a game needs {minimum} to {maximum} players, not {value}"),
    # seat: 1-based seat; value: what stands there instead of a name
    "player_not_name": N_("player {seat} must be a name, not {value!r}"),
    # seat; value: the blank name
    "player_empty": N_("player {seat} has an empty name"),
    # seat; value: the name
    "player_not_text": N_("player {seat}'s name {value!r} is not Unicode text (a lone surrogate)"),
    # seat; maximum: the rule book's seats.longest_name; value: the name's length
    "player_name_long": N_("player {seat}'s name has {value} characters, more than {maximum}"),
    # seat; value: the control character, escaped (\x00, \n, \x1b)
    "player_name_control": N_("player {seat}'s name holds the control character {value}"),
    # seat; value: the character as U+200B (a zero-width space, a bidi control: Unicode Cf)
    "player_name_format": N_("player {seat}'s name holds the invisible character {value}"),
    # player, value: the second spelling; taken: the first spelling
    "player_twice": N_("the name {value!r} is taken twice ({taken!r} already plays)"),
    # seat; value: the name (nothing in it shows as a letter or a digit)
    "player_name_invisible": N_("player {seat}'s name {value!r} shows no letter or digit"),
    # player, value: the new name; taken: the name at the table it looks like (Unicode TS #39)
    "player_look_alike": N_("the name {value!r} looks like {taken!r}, who already plays"),
    # seats: number of seats; value: the first dealer given
    "first_dealer_seat": N_("the first dealer must be a seat from 1 to {seats}, not {value!r}"),
    # -- settings (R2, variants, 20 ab's options) -----------------------------
    # value: the start score given; minimum, maximum: the lowest and highest start score allowed
    "start_score": N_("the start score must be a whole number from {minimum} to {maximum}, not {value!r}"),
    # setting: the setting's key; value
    "setting_not_bool": N_("{setting} must be true or false, not {value!r}"),
    # value: the book given
    "unknown_book": N_("rules.book: {value!r} is not a rule book (\"24\" or \"20ab\")"),
    # value: the preset given (None when missing)
    "unknown_preset": N_("rules.preset: {value!r} is not a preset (lehrblatt, wuerttemberg, temmels)"),
    # key: the option; value: as the record writes it ("german_double", true); preset
    "option_not_allowed": N_("rules.{key}: {value} not allowed with preset {preset}"),
    # key: a 24 setting found in a 20ab record
    "option_of_other_book": N_("rules.{key}: a setting of 24, not of 20 ab"),
    # value; expected: the start score it must exceed
    "upper_limit": N_("rules.upper_limit: {value!r} must be a whole number above {expected}"),
    # -- every round ------------------------------------------------------------
    # after: the round that ended the game
    "game_over": N_("the game ended after round {after}; no round can follow"),
    # player, value: the caller given
    "caller_not_player": N_("the caller {value!r} is not a player"),
    # value: the trump given (R5)
    "unknown_colour": N_("unknown trump colour {value!r} (red, yellow, green or blue)"),
    # value: the trump given (Z5)
    "unknown_suit": N_("unknown trump {value!r} (clubs, spades, hearts or diamonds)"),
    # value
    "blind_not_bool": N_("blind must be true or false, not {value!r}"),
    # suit: the book's blind suit; value: the trump called blind (R6/Z6)
    "blind_not_suit": N_("only {suit} can be called blind, not {value}"),
    # trump, value: the final trump (variant A)
    "trump_change_off": N_("trump changed from {trump} to {value}, but variant A (trump chaos) is off"),
    # suit: the blind suit called, value: the final trump (variant A)
    "blind_changed": N_("{suit} blind can never be changed (final trump {value})"),
    # player, suit: the blind suit, value: his score, expected: the score needed (variant C)
    "blind_restricted": (
        N_("{player} may not call {suit} blind with {value} points (variant C: {expected} or more)")
    ),
    # player, value: the name that sat out
    "sit_out_stranger": N_("{value!r} sat out but is not a player"),
    # player: the caller
    "sit_out_caller": N_("the caller {player} cannot sit out"),
    # player, value: his score, expected: the bar (variant C)
    "sit_out_restricted": (
        N_("{player} may not sit out with {value} points (variant C: {expected} or fewer)")
    ),
    # player; expected: how many play at least (the book's min_playing)
    "sit_out_too_few": N_("{player} cannot sit out: at least {expected} players must take part"),
    # player, value: the name given tricks
    "tricks_stranger": N_("tricks are given for {value!r}, who is not a player"),
    # player, value: his tricks
    "tricks_sat_out": N_("{player} sat out but has tricks"),
    # player, value: the count, expected: tricks per round
    "tricks_range": N_("{player}'s tricks must be a whole number from 0 to {expected}, not {value!r}"),
    # player
    "tricks_missing": N_("no tricks are given for {player}"),
    # value: the sum, expected: tricks per round (R7, Z10)
    "tricks_sum": N_("tricks add up to {value}, not {expected}"),
    # -- 20 ab rounds -------------------------------------------------------------
    # (Z5) outside a knock round
    "trump_missing": N_("the trump is missing"),
    # player (variant B, Z9: sit_out off)
    "sit_out_not_allowed": N_("{player} sat out, but sitting out is off in this game"),
    # value: first_out given after a round that put nobody out (Z20)
    "first_out_nobody_out": N_("first_out {value!r}: nobody is out after this round"),
    # (Z4)
    "dealer_missing": N_("the dealer is missing (every Württemberg round names its dealer)"),
    # value: the dealer given
    "dealer_not_player": N_("the dealer {value!r} is not a player"),
    # (Z6)
    "blind_off": N_("this rule book has no blind call"),
    # player: the caller, suit: the blind suit, dealer: the recorded dealer, expected: who may
    # call it (Z6)
    "blind_not_left_of_dealer": (
        N_("{player} may not call {suit} blind: only {expected}, left of the dealer {dealer}, may")
    ),
    # player, suit: the blind suit, value: his score, expected: the score he must exceed (Z6)
    "blind_too_low": N_("{player} may not call {suit} blind with {value} points (more than {expected})"),
    # (Z7)
    "bid_missing": N_("the caller's bid is missing"),
    # value, expected: the highest bid (T)
    "bid_range": N_("the bid must be a whole number from 1 to {expected}, not {value!r}"),
    # value: the bid given where there is none (Z7)
    "bid_not_here": N_("a bid is only recorded in a Württemberg round that is neither blind nor knock"),
    # value (Z8)
    "knock_not_bool": N_("knock must be true or false, not {value!r}"),
    "knock_off": N_("knocking is off in this game"),
    # suit: the book's blind suit (Z8: a knock is never blind)
    "knock_blind": N_("a knock round cannot be {suit} blind"),
    "knock_needs_trump": N_("a knock round records the bottom card's suit as trump"),
    # value: the trump given
    "knock_no_trump": N_("a knock round has no trump with knock_trump none, not {value!r}"),
    # player: who sat out; why: the suit that forbids it (Z9: clubs), "blind" or "knock"
    "sit_out_not_with": N_("{player} cannot sit out a {why} round"),
    # player, value: his score, expected: 6 (Z9)
    "sit_out_low": N_("{player} may not sit out with {value} points ({expected} or more needed)"),
    # value: how many sat out, expected: at most this many (Z9)
    "sit_out_too_many": N_("{value} players sat out, at most {expected} may"),
    # player; expected: how many rounds running he may sit out (Z9, Württemberg)
    "sit_out_streak": N_("{player} sat out the {expected} rounds before"),
    # value, expected: the most misdeals before one deal (Z17)
    "misdeals_range": N_("misdeals must be a whole number from 0 to {expected}, not {value!r}"),
    "misdeals_off": N_("misdeals are only counted in Württemberg"),
    # value (Z20)
    "first_out_off": N_("first_out is only recorded with tie_break first_out"),
    # value: the name given; out: the players out after the round, joined by ", "
    "first_out_not_out": N_("first_out {value!r} is not among the players out ({out})"),
    # out: the players out after the round, joined by ", "
    "first_out_missing": N_("{out} are out after this round: who was out first?"),
    # key: a 24 round key in a 20ab round
    "key_of_other_book": N_("{key} is a key of 24, not of 20 ab"),
    # -- reading the game -------------------------------------------------------
    # value: the round number asked for
    "no_such_round": N_("there is no round {value}"),
    "no_round_to_change": N_("there is no round {value} to change"),
    "nothing_to_undo": N_("there is no round to undo"),
    "nothing_to_redo": N_("there is no round taken back to put back"),
    # -- the record (docs/RULES.md, "The game record") ----------------------------------
    # path: the file; reason: the system's words
    "file_unreadable": N_("cannot read {path}: {reason}"),
    # reason: the decoder's words
    "not_utf8": N_("the record is not UTF-8 text ({reason})"),
    # reason, line, column: the parser's words and place
    "not_json": N_("the record is not JSON: {reason} at line {line}, column {column}"),
    # value: NaN, Infinity or -Infinity
    "not_json_number": N_("the record is not usable JSON: {value} is not a JSON number"),
    # line, column: where the string that never ends starts
    "string_not_closed": N_("the record is not JSON: the file ends inside the string that starts at "
                            "line {line}, column {column}"),
    # expected: the deepest nesting allowed (record.MAX_DEPTH)
    "too_deep": N_("the record is not usable JSON: it is nested more than {expected} levels deep"),
    # line, column: where the scan stopped; expected: the characters a bracket or comma needs at least
    "too_dense": N_("the record is no game record: at line {line}, column {column} it holds more "
                    "brackets and commas than one in {expected} characters"),
    # expected: the most digits a number may have
    "number_too_long": N_("the record is not usable JSON: a number has more than {expected} digits"),
    # expected: the largest file accepted, in bytes
    "record_too_big": N_("the record is larger than {expected} bytes"),
    # kind
    "record_not_object": N_("the record must be a JSON object, not {kind}"),
    # key: rules or tricks; kind
    "key_not_object": N_("{key} must be a JSON object, not {kind}"),
    # kind (the round is named by the prefix and the blank)
    "round_not_object": N_("round {round} must be a JSON object, not {kind}"),
    # where: "the record", "rules", "round K" or "tricks"; value: the key named twice
    "key_twice": N_("{where} names {value!r} twice"),
    # key: the missing key
    "key_missing": N_("the key {key!r} is missing"),
    # kind
    "players_not_list": N_("players must be a list of names, not {kind}"),
    "rounds_not_list": N_("rounds must be a list, not {kind}"),
    # expected: the most records a file may hold (the reader's bound)
    "too_many_records": N_("the file holds more than {expected} game records"),
    # where: the key holding the list or object, or "the record"; expected: record.MAX_ENTRIES
    "too_many_entries": N_("{where} holds more than {expected} entries"),
    # value: the number of rounds, expected: the most a game may have
    "too_many_rounds": N_("the game has {value} rounds, more than {expected}"),
    "start_score_null": N_("rules: start_score must be a whole number, not null"),
    "sat_out_not_list": N_("sat_out must be a list of player names"),
    # value: the name given twice
    "sat_out_twice": N_("sat_out names {value!r} twice"),
    "final_trump_null": N_("final_trump must be a colour (red, yellow, green or blue), not null"),
})
"""Every refusal's code → its English template (blanks in ``{}``)."""


class Shown(str):
    """A stand-in for a value too big to show: its description, printed without quotes."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


_LONGEST = 80
"""Decision: a refused value is shown with at most this many characters."""


def _shown(value: Any) -> Any:
    """``value`` as a refusal's blank: numbers, names and flags as they are, anything big clipped.

    A record may hold a 4 000-digit count, a 1 MB name or a list 900 levels
    deep; its refusal still prints one short line (and formatting it cannot
    fail on Python's bound on integer digits).
    """
    if type(value) is int and not -(10**15) < value < 10**15:
        return Shown(f"a number of about {int(value.bit_length() * 0.30103) + 1} digits")
    if isinstance(value, str) and len(value) > _LONGEST:
        return value[: _LONGEST - 1] + "…"
    if isinstance(value, list | tuple | dict | set | frozenset):
        return Shown(KINDS["object" if isinstance(value, dict) else "list"])
    return value


class ScoringError(ValueError):
    """Base of every error raised by :mod:`scoring`: something breaks the rules.

    ``code`` names the refusal (a key of :data:`MESSAGES`), ``values`` holds the
    blanks of its template. ``message`` is the English text without the round;
    ``round_number`` (1-based) names the round at fault when there is one.
    ``player`` and ``value`` are the blanks of those names, or ``None``.
    """

    def __init__(self, code: str, *, round_number: int | None = None, **values: Any) -> None:
        if code not in MESSAGES:
            raise KeyError(f"no refusal code {code!r} in scoring.errors.MESSAGES")
        values = {key: _shown(value) for key, value in values.items()}
        if round_number is not None:
            values["round"] = round_number
        self.code = code
        self.values = values
        self.round_number = round_number
        self.message = MESSAGES[code].format(**values)
        super().__init__(str(self))

    @property
    def player(self) -> Any:
        """The player named by the refusal, or ``None``."""
        return self.values.get("player")

    @property
    def value(self) -> Any:
        """The offending value, or ``None``."""
        return self.values.get("value")

    def __str__(self) -> str:
        if self.round_number is None:
            return self.message
        return f"round {self.round_number}: {self.message}"

    def at_round(self, round_number: int) -> ScoringError:
        """The same error, naming ``round_number`` (used while replaying)."""
        values = {k: v for k, v in self.values.items() if k != "round"}
        return type(self)(self.code, round_number=round_number, **values)


class PlayersError(ScoringError):
    """R1/Z1: the list of players is not the rule book's count of unique, non-empty names."""


class SettingsError(ScoringError):
    """A game setting (start score, variant switch, rule book, preset, option) is impossible."""


class RoundError(ScoringError):
    """A round breaks a rule (R5–R11, variants A–C, Z4–Z20)."""


class GameOverError(RoundError):
    """R14/Z21: a round was to be recorded after the game had ended."""


class EditError(RoundError):
    """Changing or removing a past round would make a later round invalid.

    ``code`` and ``values`` are those of the later round's refusal;
    ``round_number`` names that round and ``edited_round`` the round the table
    tried to change. The English text reads ``after changing round E, …``.
    """

    def __init__(self, code: str, *, edited_round: int | None = None, **values: Any) -> None:
        self.edited_round = edited_round
        super().__init__(code, **values)
        if edited_round is not None:
            self.message = f"after changing round {edited_round}, {self.message}"
            self.args = (str(self),)

    def at_round(self, round_number: int) -> ScoringError:
        values = {k: v for k, v in self.values.items() if k != "round"}
        return EditError(self.code, edited_round=self.edited_round, round_number=round_number,
                         **values)


class RecordError(ScoringError):
    """A game record (JSON, docs/RULES.md) has a wrong shape or type, or exceeds a bound."""
