"""The game record (docs/RULES.md, "The game record"): reading, writing, the replay report.

``rules.book`` picks the rule book: absent, ``null`` or ``"24"`` is 24 (every
record written before 20 ab existed), ``"20ab"`` is 20 ab with its
``rules.preset``; any other value is refused. One reader and one writer serve
every book: what a book's record holds — its options, its round fields, how it
reads ``null`` — is part of its definition (:class:`scoring.book.Record`).

The record is the project's exchange format (export, import, the replay
command). Reading is strict about shapes and types (a count is a JSON integer,
not ``true``, ``2.0`` or ``"2"``) and reports the *first* round at fault, in
round order, whether the fault is a wrong type or a broken rule.

Decisions where the rules are silent (for 24; a 20 ab record reads ``null``
as absent, as docs/RULES.md says):

- A key that is present must have the right type: ``null`` is not "missing"
  (``"rules": null``, ``"start_score": null``, ``"final_trump": null`` are
  refused; only an absent key takes its default).
- A JSON object the record defines (the record, ``rules``, a round, its
  ``tricks``) may not name a key twice, even a key replay ignores.
- ``sat_out`` may not name a player twice.
- Names in rounds (``caller``, ``tricks``, ``sat_out``) are spelled exactly as
  in ``players``; R1's case-insensitive comparison only keeps names apart.
- ``NaN`` and ``Infinity`` are not JSON and are refused; a UTF-8 byte order
  mark is allowed.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from .book import RuleBook
from .errors import KINDS, RecordError, SettingsError
from .game import Game, Settings, verify_new_name
from .rules import BOOKS, MAX_ROUNDS
from .values import Round

__all__ = ["game_from_record", "game_to_record", "loads", "read_input", "replay_report", "replay_text"]



class _JsonObject(dict):
    """A JSON object that remembers keys it saw twice (json keeps only the last)."""

    duplicates: tuple[str, ...] = ()


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj  # the usual object: a plain dict (the JSON replay's speed)
    marked = _JsonObject(pairs)
    seen: set[str] = set()
    twice: list[str] = []
    for key, _ in pairs:
        if key in seen:
            twice.append(key)
        seen.add(key)
    marked.duplicates = tuple(twice)
    return marked


class _NotJsonNumber(ValueError):
    """NaN, Infinity or -Infinity met while parsing."""


def _no_constant(name: str) -> Any:
    raise _NotJsonNumber(name)


_DECODER = json.JSONDecoder(object_pairs_hook=_object_pairs, parse_constant=_no_constant)
"""JSON as a record reads it: a key named twice remembered, no ``NaN`` or ``Infinity``."""


MAX_INPUT_BYTES = 64 * 1024 * 1024
"""Decision: the largest file ``read_input`` accepts (64 MiB). A game of the most
rounds allowed (:data:`~scoring.rules.MAX_ROUNDS`) is about 1.5 MB as JSON; a
backup of a few hundred long games fits easily, a runaway file does not fill
the memory of a phone. The rules bound no backup (10 000 games of up to
10 000 rounds would be gigabytes), so this size is the bound of what a legal
backup can be here, and the cost of any input is that of a legal backup of
its size at most: the counts are checked before parsing (:func:`loads`;
``bench/refusals.py`` measures it). The app's file picker reads at
most ``app.store.transfer.MAX_BACKUP_BYTES`` (20 MB: a phone's memory)."""


def read_input(path: str) -> bytes:
    """The bytes of the file ``path``, or of standard input for ``-`` (the command lines' FILE|-).

    Raises :class:`RecordError` naming the file when it cannot be read, or
    when it holds more than :data:`MAX_INPUT_BYTES`.
    """
    limit = MAX_INPUT_BYTES
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(limit + 1)
    except OSError as error:
        raise RecordError("file_unreadable", path=path, reason=error.strerror or str(error)) from None
    if len(data) > limit:
        raise RecordError("record_too_big", expected=limit)
    return data


MAX_DEPTH = 512
"""Decision: the deepest nesting of arrays and objects a record (or a backup holding
records) may have. A game record is four levels deep (record, rounds, round,
tricks); the bound leaves room for whatever extra keys hold, and refuses a
crafted 990-deep record the same way on every stack, well before Python's parser
would give up at a depth that depends on where it is called from.
"""

MAX_ENTRIES = MAX_ROUNDS
"""Decision: the most entries any list or object in a record may hold. The longest
legal list is a game's rounds (:data:`~scoring.rules.MAX_ROUNDS`); players,
tricks, ``sat_out`` and a record's keys are far shorter. A file of a list of
records may hold as many records as its reader allows (``max_records``)."""

_PLAIN = re.compile(r'(?:[^"\[\]{},]++|"(?:[^"\\]++|\\.)*+")*+', re.DOTALL)
"""Text up to the next bracket or comma: numbers, spaces, colons and whole strings (a bracket or a
comma in a string is text), escapes and all. Possessive: it never backtracks, so it reads each
character once whatever the text holds."""

_IN_STRING = re.compile(r'(?:[^"\\]++|\\.)*+', re.DOTALL)
"""The characters and escapes of a string (an escape: a backslash and the character after it)."""

_PIECE = 1 << 16
"""Characters one match reads at most: a worker thread reading a 20 MB string lets the other
sessions' taps in between (one C call holds Python's lock until it returns)."""

_KEY_BEFORE = re.compile(r'"((?:[^"\\]|\\.){0,40})"\s*:\s*\Z')
"""A key and its colon right before a list or object (a longer key does not name it)."""


@dataclass(slots=True)
class _Open:
    """A list or object the scan is inside."""

    bound: int
    """The most entries it may hold."""
    start: int
    """Where its bracket is."""
    commas: int = 0
    """Commas met in it so far (those of the lists and objects inside it not counted)."""


CHARS_PER_MARK = 4
"""Decision: the fewest characters per bracket or comma a long text may have. A game record has
about one in 6 or more (a round of one-letter names, ``{"caller":"A",…,"tricks":{"A":2,"B":2}}``,
has one in 6.5); ``[[][][]…]`` has one in one, and each costs the scan a step in Python: such a
text is refused where its marks outnumber this share (plus :data:`MARKS_SLACK`), so a refusal costs
the scan no more than a legal file of its size, which the replay then costs far more."""
MARKS_SLACK = 1 << 15
"""Marks any text may have beyond its share: enough that a list past its bound (10 001 ``{},`` or
``0,``) is refused for that, with its words, before it is too dense."""

GLANCE_CHARS = 1 << 20
"""Decision: a text of at most this many characters (1 Mi; the longest legal game record is
about 1.5 MB) is first counted at a glance (:func:`_within_bounds`); a longer one goes straight
to the scan, which stops at its first fault, so a hostile file costs no more than its bounds allow."""


def _within_bounds(text: str) -> bool:
    """Whether ``text`` is too short to break a bound: fewer commas than any list or object may
    hold entries and fewer brackets than the nesting allowed. A plain count of a short text; a
    game of an evening passes, and :func:`json.loads` reads it whole with nothing to fear."""
    return (len(text) <= GLANCE_CHARS and text.count(",") < MAX_ENTRIES
            and text.count("[") + text.count("{") <= MAX_DEPTH)


def _verify_shape(text: str, max_records: int) -> None:
    """Refuse ``text`` before it is parsed when a string in it never ends, it is nested deeper
    than :data:`MAX_DEPTH` or a list or object in it holds more entries than allowed.

    One pass from the start that stops at the first fault: a regex reads the
    plain text up to the next bracket or comma at C speed, whole strings
    included, and never backtracks; Python visits each bracket and comma. Each
    character is read once or twice, so the scan costs what the text's length
    does, and a refusal costs the text up to the fault: a 63 MB ``[{},{},…]``
    costs its first 10 001 entries, not 22 million objects. The scan keeps one
    :class:`_Open` per level it is inside, none of the text's values.
    """
    inside: list[_Open] = []
    pos, length, marks = 0, len(text), 0
    while pos < length:
        plain = _PLAIN.match(text, pos, pos + _PIECE)
        pos = plain.end() if plain else pos  # it always matches, if only nothing
        char = text[pos:pos + 1]
        marks += 1
        if marks > pos // CHARS_PER_MARK + MARKS_SLACK:
            line, column = _place(text, pos)
            raise RecordError("too_dense", line=line, column=column, expected=CHARS_PER_MARK)
        if char == '"':  # a string longer than a piece, or one that never ends
            end = _string_end(text, pos + 1)
            if end < 0:
                line, column = _place(text, pos)
                raise RecordError("string_not_closed", line=line, column=column)
            pos = end
        elif char == ",":
            pos += 1
            if inside:
                inside[-1].commas += 1
                if inside[-1].commas >= inside[-1].bound:
                    _too_many(text, inside, max_records)
        elif char in ("[", "{"):
            if len(inside) == MAX_DEPTH:
                raise RecordError("too_deep", expected=MAX_DEPTH)
            bound = max_records if not inside and char == "[" else MAX_ENTRIES
            inside.append(_Open(bound, pos))
            pos += 1
        elif char in ("]", "}"):
            pos += 1
            if inside:
                inside.pop()
        # else: the piece ended in plain text, read on from there


def _string_end(text: str, pos: int) -> int:
    """Where the string whose characters start at ``pos`` ends (after its closing quote), or -1
    when the text ends inside it (perhaps on a lone backslash). Read a piece at a time."""
    while True:
        found = _IN_STRING.match(text, pos, pos + _PIECE)
        end = found.end() if found else pos  # it always matches, if only nothing
        if end < len(text) and text[end] == '"':
            return end + 1
        if end == pos:
            return -1
        pos = end


def _place(text: str, pos: int) -> tuple[int, int]:
    """The line and column (both from 1) of the character at ``pos``, as JSON's parser counts them."""
    line_start = text.rfind("\n", 0, pos) + 1
    return text.count("\n", 0, pos) + 1, pos - line_start + 1


def _too_many(text: str, inside: list[_Open], max_records: int) -> None:
    """Refuse the innermost open list or object for holding more than its bound, naming the
    nearest key above it ("rounds", "tricks", …)."""
    if len(inside) == 1 and text[inside[0].start] == "[":
        _too_many_records(max_records)
    key = next(filter(None, (_key_of(text, open_.start) for open_ in reversed(inside))), "the record")
    raise RecordError("too_many_entries", where=key, expected=inside[-1].bound)


def _too_many_records(max_records: int) -> None:
    """Refuse a list of more records than ``max_records`` at the top of the text."""
    if not max_records:  # one record is wanted: the list is refused as game_from_record would
        raise RecordError("record_not_object", kind=KINDS["list"])
    raise RecordError("too_many_records", expected=max_records)


def _key_of(text: str, bracket: int) -> str | None:
    """The key whose value opens at ``bracket``, when it has a short one (read from the text
    just before it)."""
    found = _KEY_BEFORE.search(text, max(0, bracket - 64), bracket)
    if found is None:
        return None
    try:
        return json.loads(f'"{found.group(1)}"')  # its escapes read
    except ValueError:  # a bad escape: the parse refuses it; here it only names nothing
        return None


def loads(text: str | bytes, *, max_records: int = MAX_ENTRIES) -> Any:
    """Parse JSON text, keeping track of duplicate keys.

    ``max_records`` is the most records a list of records at the top may hold
    (0: the text must be one record, a list is refused at its first comma).
    Raises :class:`RecordError` when it is not JSON, a string in it never
    ends, it is nested deeper than :data:`MAX_DEPTH` or it holds a list or
    object past its bound (checked before parsing: counted at a glance in a
    short text, scanned in a long one, see :func:`_verify_shape`).
    Decisions: a UTF-8 byte order mark is allowed; ``NaN``, ``Infinity`` and
    ``-Infinity`` (which Python's json reads but JSON does not have) are refused
    wherever they are.
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError("not_utf8", reason=error.reason) from None
    small = _within_bounds(text)
    if not small:
        _verify_shape(text, max_records)
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as error:
        if error.msg.startswith("Unterminated string"):  # worded as the scan words it
            raise RecordError("string_not_closed", line=error.lineno, column=error.colno) from None
        raise RecordError(
            "not_json", reason=error.msg, line=error.lineno, column=error.colno
        ) from None
    except _NotJsonNumber as error:
        raise RecordError("not_json_number", value=str(error)) from None
    except RecursionError:
        raise RecordError("too_deep", expected=MAX_DEPTH) from None
    except ValueError:  # Python's bound on the digits of an integer
        raise RecordError("number_too_long", expected=sys.get_int_max_str_digits()) from None
    if small and isinstance(value, list) and len(value) > max(max_records, 1):
        _too_many_records(max_records)  # the scan's bound on a list of records, kept after the glance
    return value


def _object(value: Any, what: str, round_number: int | None = None) -> Mapping[str, Any]:
    """``value`` as a JSON object without a key named twice.

    ``what`` is ``"the record"``, ``"rules"``, ``"tricks"`` or (with
    ``round_number``) ``"round"``.
    """
    if not isinstance(value, dict):
        if what == "the record":
            raise RecordError("record_not_object", kind=_kind(value))
        if what == "round":
            raise RecordError("round_not_object", kind=_kind(value), round_number=round_number)
        raise RecordError("key_not_object", key=what, kind=_kind(value), round_number=round_number)
    duplicates = value.duplicates if type(value) is _JsonObject else ()
    if duplicates:
        where = f"round {round_number}" if what == "round" else what
        raise RecordError(
            "key_twice", where=where, value=duplicates[0], round_number=round_number
        )
    return value


def _kind(value: Any) -> str:
    """The ``kind`` blank: the English phrase of a JSON value's kind (errors.KINDS)."""
    return KINDS[
        {
            dict: "object",
            _JsonObject: "object",
            list: "list",
            str: "string",
            bool: "boolean",
            int: "number",
            float: "number",
            type(None): "null",
        }.get(type(value), "object")
    ]


def _book(rules: Mapping[str, Any], books: Mapping[str, Mapping[str | None, RuleBook]]
          ) -> RuleBook:
    """The rule book ``rules.book`` and ``rules.preset`` name; no book is the first (24: every
    record written before 20 ab existed names none); a book without presets ignores
    ``preset``."""
    key = rules.get("book")
    presets = books.get(next(iter(books)) if key is None else key) if type(key) in (str, type(None)) \
        else None
    if presets is None:  # "book" is reserved
        raise SettingsError("unknown_book", value=key)
    if None in presets:
        return presets[None]
    preset = rules.get("preset")
    book = presets.get(preset) if type(preset) is str else None
    if book is None:
        raise SettingsError("unknown_preset", value=preset)
    return book


def _settings(rules: Mapping[str, Any], book: RuleBook,
              books: Mapping[str, Mapping[str | None, RuleBook]]) -> Settings:
    """The options ``rules`` choose for ``book``: an absent key takes its default. Where the
    book reads ``null`` as absent, an option of another book is refused; elsewhere ``null`` is
    a wrong type and other keys are ignored."""
    lenient = book.record.null_is_absent
    ours = {option.key for option in book.options}
    if lenient:
        for other in books.values():
            for other_book in other.values():
                for option in other_book.options:
                    if option.key not in ours and rules.get(option.key) is not None:
                        raise SettingsError("option_of_other_book", key=option.key)
    chosen: dict[str, Any] = {}
    for option in book.options:
        if option.key in rules:
            value = rules[option.key]
            if value is None and not lenient:
                if option.allowed is None:
                    raise RecordError("start_score_null")
                raise SettingsError("setting_not_bool", setting=option.key, value=None)
            chosen[option.key] = value
    return Settings(book, chosen)


_ABSENT: dict[str, Any] = {f.name: f.default for f in fields(Round)}
"""What each field of a round is when the record leaves it out (``trump``: none)."""
_ABSENT["trump"] = None


def _round(raw: Any, number: int, book: RuleBook, suits: Mapping[str, Any],
           foreign: tuple[str, ...]) -> Round:
    """One round from its JSON, the fields its book records (``book.record``); raises
    :class:`RecordError` for a wrong shape.

    Values of the right shape but wrong content (an unknown suit, a count of
    ``"2"``) are passed on for :class:`Game` to refuse, so each rule is
    checked in one place. ``suits`` reads a suit by its record's word; ``foreign``
    lists the round keys of other books this book refuses.
    """
    if type(raw) is not dict:  # the usual round is a plain dict: nothing to refuse
        raw = _object(raw, "round", number)
    form = book.record
    lenient = form.null_is_absent
    for key in foreign:
        if raw.get(key) is not None:
            raise RecordError("key_of_other_book", key=key, round_number=number)
    for key in form.required:
        if key not in raw or (lenient and raw[key] is None):
            raise RecordError("key_missing", key=key, round_number=number)
    values: dict[str, Any] = {}
    for key in form.round_fields:
        if key not in raw or (lenient and raw[key] is None):
            continue
        value = raw[key]
        if key == "tricks":
            if type(value) is not dict:
                value = _object(value, "tricks", number)
        elif key == "sat_out":
            value = _sat_out(value, number)
        elif key == "final_trump" and value is None and raw.get("trump") is not None:
            raise RecordError("final_trump_null", round_number=number)  # None reads "no change"
        if type(value) is str and key in _SUIT_FIELDS:  # an unknown suit stays: Game names it (R5)
            value = suits.get(value, value)
        values[key] = value
    caller, trump, tricks = values.pop("caller"), values.pop("trump", None), values.pop("tricks")
    return Round(caller, trump, tricks, **values)


_SUIT_FIELDS = ("trump", "final_trump")


def _sat_out(sat_out: Any, number: int) -> frozenset[str]:
    """``sat_out`` as a set: a list of names, each once (both books)."""
    if not isinstance(sat_out, list) or not all(isinstance(n, str) for n in sat_out):
        raise RecordError("sat_out_not_list", round_number=number)
    seen: set[str] = set()
    for name in sat_out:  # a set as it goes: a list of 10 000 names costs 10 000 steps, not 10 000²
        if name in seen:
            raise RecordError("sat_out_twice", round_number=number, value=name)
        seen.add(name)
    return frozenset(seen)


def verify_names(players: list[Any], book: RuleBook) -> None:
    """The limits of a new name (:func:`scoring.verify_new_name`, which asks
    :func:`scoring.names.name_problem`) on the names of a record from outside, every seat
    before R1; values that are not names are left to R1."""
    for seat, name in enumerate(players, start=1):
        if isinstance(name, str):
            seated = [p for p in players[:seat - 1] if isinstance(p, str)] if seat <= book.seats.most else ()
            verify_new_name(name, seat, book, seated)


def _foreign_fields(book: RuleBook, books: Mapping[str, Mapping[str | None, RuleBook]]
                    ) -> tuple[str, ...]:
    """The round keys of other books that ``book`` refuses (where it reads ``null`` as absent;
    elsewhere a key the book does not record is ignored)."""
    if not book.record.null_is_absent:
        return ()
    ours = set(book.record.round_fields)
    return tuple(dict.fromkeys(key for presets in books.values() for other in presets.values()
                               for key in other.record.round_fields if key not in ours))


def game_from_record(record: Any, *, new: bool = True,
                     books: Mapping[str, Mapping[str | None, RuleBook]] = BOOKS) -> Game:
    """The :class:`Game` a game record describes.

    Raises :class:`ScoringError` naming the fault (the first round at fault).

    The record's ``tricks`` objects become the rounds' (wrapped read-only, not
    copied: the JSON replay's speed), so a caller does not change a record after
    reading it. Keys the record does not define are ignored. The optional extra key
    ``first_dealer`` (a player's name) sets who dealt round 1 (R4); a name
    that is not a player is ignored, like any other unknown value.

    ``new``: the record comes from outside (a file replayed or imported), so
    its names get the new-game form's limits (:func:`verify_names`).
    Decision: the limits live here, at the record's edge, not in
    R1 (:func:`scoring.verify_players`), because every game the store holds is
    read through this function too: the store passes ``new=False``, so a game
    stored before the limits (a name longer than the form allows today) still
    opens, plays on and exports; importing such an export is refused with the
    name's seat.

    ``books``: the rule books a record may name (by ``rules.book`` and ``rules.preset``).
    """
    record = _object(record, "the record")
    if "players" not in record:
        raise RecordError("key_missing", key="players")
    players = record["players"]
    if not isinstance(players, list):
        raise RecordError("players_not_list", kind=_kind(players))
    rules = _object(record["rules"], "rules") if "rules" in record else {}
    book = _book(rules, books)
    settings = _settings(rules, book, books)
    if new:
        verify_names(players, book)
    if book.record.null_is_absent and record.get("rounds") is None:
        raw_rounds: Any = []  # rounds absent or null is a game not begun
    elif "rounds" not in record:
        raise RecordError("key_missing", key="rounds")
    else:
        raw_rounds = record["rounds"]
    if not isinstance(raw_rounds, list):
        raise RecordError("rounds_not_list", kind=_kind(raw_rounds))
    if len(raw_rounds) > MAX_ROUNDS:
        raise RecordError("too_many_rounds", value=len(raw_rounds), expected=MAX_ROUNDS)
    suits = {suit.value: suit for suit in book.suits}
    foreign = _foreign_fields(book, books)
    first = record.get("first_dealer")
    first_dealer = players.index(first) if isinstance(first, str) and first in players else 0
    rounds: list[Any] = []
    for number, raw in enumerate(raw_rounds, start=1):
        try:
            rounds.append(_round(raw, number, book, suits, foreign))
        except RecordError:
            # Bad players (R1/Z1), then an earlier round that breaks a rule, are the first fault.
            Game(tuple(players), settings, tuple(rounds), first_dealer)
            raise
    game = Game(tuple(players), settings, tuple(rounds), first_dealer)
    if new or "taken_back" not in record:
        # A record from outside (replayed, imported) is its rounds: its taken-back rounds are a
        # key the replay does not know, ignored like any other (docs/RULES.md, "The game record").
        return game
    return _with_taken_back(game, record["taken_back"], book, suits, foreign)


def _with_taken_back(game: Game, raw: Any, book: RuleBook, suits: Mapping[str, Any],
                     foreign: tuple[str, ...]) -> Game:
    """``game`` with the rounds undo took back (the record's ``taken_back``), each read as the
    round it would be again (its shape here; its rules when it comes back, ``Game.redo``)."""
    if not isinstance(raw, list):
        raise RecordError("rounds_not_list", kind=_kind(raw))
    played = len(game.rounds)
    if played + len(raw) > MAX_ROUNDS:
        raise RecordError("too_many_rounds", value=played + len(raw), expected=MAX_ROUNDS)
    taken_back = tuple(_round(one, played + n, book, suits, foreign) for n, one in enumerate(raw, start=1))
    return dataclasses.replace(game, taken_back=taken_back)


def game_to_record(game: Game) -> dict[str, Any]:
    """The record of ``game``, every rule written out, each round the fields its book records
    (``book.record``) where they differ from a round's defaults, plus ``first_dealer`` and the
    rounds undo took back (``taken_back``, only when there are some)."""
    book, options = game.book, game.settings.options
    rules = {"book": book.key, "preset": book.preset, **options} if book.record.names_book \
        else dict(options)
    fields_ = book.record.round_fields
    return {
        "players": list(game.players),
        "first_dealer": game.dealer_of(1),
        "rules": rules,
        "rounds": [_round_record(game, r, fields_) for r in game.rounds],
    } | ({"taken_back": [_round_record(game, r, fields_) for r in game.taken_back]}
         if game.taken_back else {})


def _round_record(game: Game, round_: Round, fields_: tuple[str, ...]) -> dict[str, Any]:
    record: dict[str, Any] = {}
    for key in fields_:
        value = getattr(round_, key)
        if key in ("caller", "tricks") or value != _ABSENT[key]:
            if key == "tricks":
                value = {p: value[p] for p in game.players if p in value}
            elif key == "sat_out":
                value = [p for p in game.players if p in value]
            elif key in _SUIT_FIELDS:
                value = value.value
            record[key] = value
    return record


def replay_report(game: Game) -> dict[str, Any]:
    """The result ``python -m scoring replay`` prints for ``game``."""
    players = game.players
    outcome = game.outcome
    return {
        "scores": game.scores,
        "rounds": [
            {"deltas": dict(zip(players, r.deltas, strict=True)),
             "scores": dict(zip(players, r.scores, strict=True))}
            for r in game.results
        ],
        "finished": outcome is not None,
        "winners": list(outcome.winners) if outcome else [],
        "reason": outcome.reason.value if outcome else None,
    }


def replay_text(text: str | bytes) -> dict[str, Any]:
    """Parse a record and return its replay report; raises :class:`~scoring.ScoringError`."""
    return replay_report(game_from_record(loads(text, max_records=0)))

