"""The pad's words in the rule book's languages: English, German, Dutch.

Every phrase is written in English in the code, where Babel finds it
(``make translations``), and translated in one standard gettext catalogue per
language: ``app/locale/<lang>/LC_MESSAGES/block24.po``, compiled to ``.mo``
(``make catalogues``). At run time the standard library's :mod:`gettext` reads
the ``.mo`` of a language once, when that language is first asked for.

``text(language, "Round {n}", n=3)`` translates a phrase and fills in its
values; ``ntext(language, one, other, n=…)`` picks a plural by the
catalogue's Plural-Forms; ``ptext(language, context, message)`` tells apart
two phrases that read alike in English. A phrase looked up by a value (a
colour, a suit, an error code) is marked with :func:`N_` in a table keyed by
that value. Refusals of the engine and the store arrive as a code with values
(:func:`reason`); names are kept exactly as typed.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import gettext
import locale
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from scoring import Colour, Game, Happened, Note, ScoringError, Suit
from scoring.errors import KINDS, MESSAGES, N_

__all__ = [
    "LANGUAGES",
    "NAMES",
    "N_",
    "SHORT",
    "STORE",
    "WARNINGS",
    "default_language",
    "dotted",
    "format_date",
    "format_decimal",
    "format_percent",
    "format_score",
    "hint",
    "names_in",
    "note_words",
    "notes_of",
    "ntext",
    "ptext",
    "reason",
    "round_notes",
    "sentence",
    "text",
    "translations",
    "warning",
]

LANGUAGES = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
"""The pad's languages: each has its catalogue app/locale/<code>/LC_MESSAGES/block24.po."""

DOMAIN = "block24"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

NAMES: dict[Colour | Suit, str] = {
    Colour.RED: N_("Red"), Colour.YELLOW: N_("Yellow"), Colour.GREEN: N_("Green"), Colour.BLUE: N_("Blue"),
    Suit.CLUBS: N_("Clubs"), Suit.SPADES: N_("Spades"), Suit.HEARTS: N_("Hearts"),
    Suit.DIAMONDS: N_("Diamonds"),
}
"""A colour's (24) or a suit's (20 ab) name, as each language's table names it."""

SHORT: dict[Colour | Suit, str] = {
    # TRANSLATORS: a colour's or a suit's letters in a narrow cell of the Block or the chart
    Colour.RED: N_("R"), Colour.YELLOW: N_("Y"), Colour.GREEN: N_("G"), Colour.BLUE: N_("B"),
    # TRANSLATORS: a suit's letters in a narrow cell of the Block or the chart
    Suit.CLUBS: N_("C"), Suit.SPADES: N_("S"), Suit.HEARTS: N_("H"), Suit.DIAMONDS: N_("D"),
}
"""A colour's or a suit's letters where a whole name does not fit."""

_WHY = {"blind": N_("blind"), "knock": N_("knocking")}
"""Z9: the kinds of round nobody may sit out (the ``why`` of a refusal; a suit is named as one)."""

STORE: dict[str, str] = {
    "store": N_("the games could not be saved"),
    "game_not_found": N_("that game is no longer stored"),
    "game_changed_elsewhere": N_("the game was changed on another device"),
    "host_away": N_("the host's phone did not answer (is it on the same Wi-Fi, its screen on?)"),
    "host_refused": N_("the host's phone refused the change"),
    "file_damaged": N_("a data file is damaged ({reason})"),
    "disk_full": N_("the disk is full"),
    "folder_read_only": N_("the data folder cannot be written"),
    "folder_missing": N_("the data folder is gone"),
    "folder_unusable": N_("the data folder cannot be used ({reason})"),
    "folder_locked": N_("another program kept the data folder locked for {seconds} s"),
    "lock_unopenable": N_("the data folder's lock cannot be opened ({reason})"),
    "store_closed": N_("the games are closed (restart the app)"),
    "name_empty": N_("the name is empty"),
    "name_too_long": N_("the name has more than {maximum} characters"),
    "names_at_one_table": N_("{name} already plays beside {other} in a game"),
    "setting_invalid": N_("the setting {key} cannot be stored"),
    "import_refused": N_("game {game} of the file is not valid"),
    "name_control": N_("the name holds a control character"),
    "name_invisible": N_("the name holds an invisible character"),
    "backup_too_big": N_("the file has {value} bytes, more than {expected}"),
    "upload_incomplete": N_("the file did not arrive whole ({value} of {expected} bytes)"),
    "upload_late": N_("the file did not arrive within {seconds} s"),
}
"""The codes of :class:`app.store.StoreError`, worded."""

WARNINGS: dict[str, str] = {
    "folder_replaced": N_("One of the data folder's own folders was a link or a file; it was moved aside and "
                          "a new folder is used."),
    "live_missing": N_("The games' file was missing; its backup was used."),
    "live_damaged": N_("The games' file could not be read; it was moved aside and the backup from {then} is "
                       "used (changes after it are missing)."),
    "live_damaged_no_backup": N_("The games' file could not be read; it was moved aside and the pad starts "
                                 "with no games."),
    "foreign_keys": N_("The games' file holds games under foreign names; they are left out."),
    "backup_damaged": N_("The backup of the games' file could not be read either; it was moved aside."),
    "archive_refused": N_("Finished games could not be moved to the archive; they stay where they are."),
    "foreign_file": N_("A file in the data folder is no game's file; it is left as it is."),
    "finished_damaged": N_("A finished game could not be read; its file was moved aside."),
    "finished_damaged_left": N_("A finished game could not be read; its file is left as it is."),
    "deleted_damaged": N_("A deleted game could not be read; its file was moved aside."),
    "deleted_damaged_left": N_("A deleted game could not be read; its file is left as it is."),
}
"""The codes of :class:`app.store.StoreWarning`, worded for the table (the paths go to the log)."""

DOT = "\u00a0· "
"""The dot between parts of a line: a no-break space before it, so a line breaks after a dot,
never before one (a next line starting "· Ida leads")."""


def dotted(*parts: str) -> str:
    """``parts`` joined by :data:`DOT`; a translated part's own " · " made the same."""
    return DOT.join(part.replace(" · ", DOT) for part in parts if part)


def default_language() -> str:
    """The system's language when it is one of ours, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value[:2] in LANGUAGES:
            return value[:2]
    found = (locale.getlocale()[0] or "")[:2]
    return found if found in LANGUAGES else "en"


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English for an unknown one), read once.

    A phrase the catalogue lacks reads in English (gettext returns the msgid).
    A missing ``.mo`` of a translated language is a build mistake, said loudly.
    """
    language = language if language in LANGUAGES else "en"
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    except FileNotFoundError:
        if language == "en":  # the code's own English; gettext's default plural is English's
            return gettext.NullTranslations()
        raise FileNotFoundError(f"no compiled catalogue for {language!r} in {LOCALE_DIR}: "
                                "run `make catalogues` (python -m app.locale.build compile)") from None


def suit_name(language: str, suit: Colour | Suit) -> str:
    """A colour or a suit named inside a sentence of ``language``: as the value reads in English
    ("hearts blind"), as the table names it otherwise (German "Herz", Dutch small: "harten")."""
    if language == "en":
        return str(suit)
    named = text(language, NAMES[suit])
    return named.lower() if language == "nl" else named


def _filled(language: str, phrase: str, values: dict[str, object]) -> str:
    """``phrase`` with ``values`` filled in, a colour or a suit among them named in ``language``
    (a book's suit quoted in a help sentence reads in the table's words)."""
    if not values:
        return phrase
    return phrase.format(**{key: suit_name(language, value) if isinstance(value, Colour | Suit) else value
                            for key, value in values.items()})


def text(language: str, message: str, **values: object) -> str:
    """The English phrase ``message`` in ``language`` with ``values`` filled in."""
    return _filled(language, translations(language).gettext(message), values)


def ntext(language: str, one: str, other: str, **values: object) -> str:
    """The plural of ``one``/``other`` that ``values["n"]`` asks for, in ``language``, filled in."""
    count = values.get("n", 1)
    return _filled(language, translations(language).ngettext(
        one, other, count if isinstance(count, int) else 1), values)


def ptext(language: str, context: str, message: str, **values: object) -> str:
    """``message`` in ``language`` where ``context`` tells it apart from the same English elsewhere."""
    return _filled(language, translations(language).pgettext(context, message), values)


def format_score(value: int, signed: bool = False) -> str:
    """A score as the Block writes it: a real minus sign, ``+`` on gains when ``signed``."""
    if value < 0:
        return f"−{-value}"
    return f"+{value}" if signed and value > 0 else str(value)


def names_in(language: str, names: tuple[str, ...] | list[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carl`` (names exactly as typed)."""
    if len(names) == 1:
        return names[0]
    conjunction = text(language, "and")
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


class _Blanks(dict):
    """Values for a template; a blank the error did not fill reads "?" instead of failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def _localised(language: str, values: dict[str, object]) -> _Blanks:
    """A refusal's values in ``language``: colours and suits named, JSON kinds worded, names kept as typed."""
    shown = _Blanks()
    for key, value in values.items():
        if isinstance(value, Colour | Suit):  # either book's
            value = suit_name(language, value)
        elif key == "why" and language != "en" and value in _WHY:  # Z9: a round nobody may sit out
            value = text(language, _WHY[value]).lower() if language == "nl" else text(language, _WHY[value])
        elif key == "kind" and isinstance(value, str) and language != "en" and value in KINDS.values():
            value = text(language, value)
        elif key == "then" and isinstance(value, str):  # a store's local time: the table's date
            with contextlib.suppress(ValueError):  # (any other string: shown as it is)
                value = format_date(language, dt.datetime.strptime(value, "%Y-%m-%d %H:%M"))
        shown[key] = value
    return shown


def reason(language: str, error: BaseException) -> str:
    """Why a command failed, in ``language``, worded from the error's code and values.

    The engine's :class:`scoring.ScoringError` and the store's errors carry a
    ``code`` with its ``values``: the rules' refusals are worded from the
    engine's English template (:data:`scoring.errors.MESSAGES`) as the
    catalogue translates it, the store's from :data:`STORE`, with the round at
    fault named first. An OS error is worded from its errno. No internal id or
    path is shown.
    """
    code = getattr(error, "code", None)
    values = dict(getattr(error, "values", None) or {})
    if isinstance(error, ScoringError) and code in MESSAGES:
        words = text(language, MESSAGES[code]).format_map(_localised(language, values))
        edited = getattr(error, "edited_round", None)
        if edited is not None:
            words = text(language, "after changing round {n}, {reason}", n=edited, reason=words)
        if error.round_number is not None:
            words = text(language, "round {n}: {reason}", n=error.round_number, reason=words)
        return words
    cause = getattr(error, "cause", None) or error.__cause__ or error.__context__
    if isinstance(cause, ScoringError) and code == "import_refused":  # which game, then the rule
        return text(language, "game {n} of the file: {reason}", n=values.get("game", "?"),
                    reason=reason(language, cause))
    if code in STORE:
        words = text(language, STORE[code]).format_map(_localised(language, values))
        return text(language, "round {n}: {reason}", n=values["round"], reason=words) \
            if isinstance(values.get("round"), int) and code == "import_refused" else words
    if isinstance(error, OSError):
        return text(language, "the device refused to save ({reason})",
                    reason=error.strerror or type(error).__name__)
    return str(error)


def warning(language: str, said: str) -> str:
    """A store's warning (:class:`app.store.StoreWarning`) in ``language``; English as it is
    when it carries no known code."""
    code = getattr(said, "code", None)
    if code not in WARNINGS:
        return said
    return text(language, WARNINGS[code]).format_map(_localised(language, dict(getattr(said, "values", {}))))


def sentence(words: str) -> str:
    """``words`` shown on their own, as a sentence: its first letter a capital.

    A refusal is worded to fit inside another sentence ("Not saved: {reason}"), so it
    starts in lower case ("round 6: …"); alone on the screen it starts with a capital.
    """
    return words[:1].upper() + words[1:]


HINTS: dict[str, str] = {
    "blind_restricted": N_("Blind needs {need} points ({caller} has {score})"),
    "sit_out_caller": N_("The caller always plays"),
    "sit_out_restricted": N_("{name} has {score}: may not sit out"),
    "sit_out_too_few": N_("{need} players must play"),
    # Z9: said under a greyed chip before anyone else sits out ("3 sat out" would count him in)
    "sit_out_too_many": N_("At most {need} players may sit out"),
}
"""A disabled control's reason in a few words, by the engine's refusal code (the refusal's
own words serve where none is listed)."""
NOBODY_SITS_OUT: dict[str, str] = {
    "suit": N_("Nobody sits out with {suit} as trump"),
    "blind": N_("Nobody sits out a blind round"),
    "knock": N_("Nobody sits out when someone knocked"),
}
"""Z9: the rounds nobody sits out (the ``why`` of the refusal), said where the chips would be."""


def hint(language: str, error: BaseException) -> str:
    """Why a control is disabled: the engine's refusal, in the control's few words."""
    code = getattr(error, "code", None)
    values = dict(getattr(error, "values", None) or {})
    why = values.get("why", "")
    if code == "sit_out_not_with":  # Z9: the round's kind, or the suit of the book that forbids it
        nobody = NOBODY_SITS_OUT.get(why if why in _WHY else "suit")
        return text(language, nobody, suit=why)  # a suit: named in the language by text()
    if code not in HINTS:
        return sentence(reason(language, error))
    player, value = values.get("player", ""), values.get("value")
    score = format_score(value) if isinstance(value, int) else value
    return text(language, HINTS[code], need=values.get("expected"), caller=player, name=player,
                score=score)


STRIKE_PHRASES = (N_("{n}th strike +{points}"), N_("{n}st strike +{points}"),
                  N_("{n}nd strike +{points}"), N_("{n}rd strike +{points}"))
"""Z17's penalty by the strike that costs ("3rd strike +12": "misdeal 3: +12" read as three
misdeals), one phrase per English ordinal ending; German and Dutch write "3." and "3e". The
strike, as Z17 and a paper Block call it ("3. Strich", "3e streep"), under the grey count of
misdeals: "3rd misdeal +12" wrapped in a cell of four players at 390 px."""


def strike_phrase(nth: int) -> str:
    """The phrase of :data:`STRIKE_PHRASES` with the ending English gives the ordinal ``nth``
    (1st, 2nd, 3rd, 4th, 11th–13th, 21st …): grammar, not a rule."""
    last = nth % 10
    return STRIKE_PHRASES[last if last in (1, 2, 3) and nth % 100 not in (11, 12, 13) else 0]


def note_words(t: Callable[..., str], note: Note) -> str | None:
    """What a round did beyond its tricks (a :class:`scoring.Note`), in the words of ``t``
    (a language's :func:`text`); ``None`` where the Block already shows it (a sitter)."""
    values = note.values
    if note.happened is Happened.CONTRACT_MISSED:  # Z14
        return t("made {made} of {contract}", made=values["made"], contract=values["needed"])
    if note.happened is Happened.SCORE_STAYED:  # Z16
        return t("stays at {score}", score=format_score(values["score"]))
    if note.happened is Happened.STRIKE_PENALTY:  # Z17
        # the dealer's misdeals so far: a penalty comes at the book's count (3, 6 …), not at 1
        return t(strike_phrase(values["strikes"]), n=values["strikes"], points=values["points"])
    if note.happened is Happened.HUNDRED_TO_TEN:  # Z18
        return t("{drop_from} drops to {drop_to}", drop_from=values["from"], drop_to=values["to"])
    return None


def round_notes(t: Callable[..., str], game: Game, number: int) -> dict[str, list[str]]:
    """The worded notes of round ``number`` per player (only players with one)."""
    return notes_of(t, game.results[number - 1].notes)


def notes_of(t: Callable[..., str], notes: Iterable[Note]) -> dict[str, list[str]]:
    """A round's notes worded, per player (only players with one)."""
    worded: dict[str, list[str]] = {}
    for note in notes:
        words = note_words(t, note)
        if words is not None:
            worded.setdefault(note.player, []).append(words)
    return worded


_MONTHS = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
}


def format_date(language: str, moment: dt.datetime) -> str:
    """A date and time the language's way.

    ``22 Nov 2026, 15:30`` (en), ``22.11.2026 15:30`` (de), ``22-11-2026 15:30`` (nl).
    """
    local = moment.astimezone()
    if language == "de":
        return f"{local:%d.%m.%Y %H:%M}"
    if language == "nl":
        return f"{local.day}-{local:%m-%Y %H:%M}"
    return f"{local.day} {_MONTHS['en'][local.month - 1]} {local:%Y, %H:%M}"


def format_decimal(language: str, value: float, digits: int = 1) -> str:
    """``22.5`` in English, ``22,5`` in German and Dutch; a real minus sign."""
    shown = f"{abs(value):.{digits}f}"
    if language in ("de", "nl"):
        shown = shown.replace(".", ",")
    return f"−{shown}" if value < 0 else shown


def format_percent(language: str, share: float) -> str:
    """A share 0–1 as a percentage: ``67%`` (en, nl), ``67 %`` (de)."""
    number = round(share * 100)
    return f"{number} %" if language == "de" else f"{number}%"
