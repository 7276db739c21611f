"""R1's names: when two names are one, and what a new name may not hold (docs/RULES.md, R1).

Two names are one player when they read the same: spaces around them, case
and the way an accent is typed (``é`` as one letter or as ``e`` and a
combining accent) do not tell them apart (:func:`name_key`).

A *new* name — typed in the new-game form, renamed in the store, or read from a
record from outside (an import, a replayed file) — also has the book's length
and may hold no character that does not show or that changes how the text
around it shows: no control character (a NUL, a newline, a terminal escape),
no format character (Unicode category Cf: zero-width spaces and joiners,
bidirectional controls such as U+202E that show "Ben" as "neB", a soft
hyphen). Decision: a zero-width joiner between two pictographs is part of an
emoji (👩‍👩‍👧) and allowed there, as are the tag characters of a flag such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿.
A new name must also show at least one letter or digit, or an emoji
(``"\u3164"``, a Hangul filler, is a letter that shows nothing; ``"\u2800"`` a
blank braille cell), and
may not *look like* a name already at the table: names are compared on their
confusable skeleton (Unicode TS #39, :func:`skeleton`: Cyrillic ``А`` and Greek
``Α`` are Latin ``A``, ``Ａ`` is ``A``, an invisible variation selector or
grapheme joiner is nothing), so "Аnna" beside "Anna" is refused with the name it
looks like. Decision: the confusables are Unicode's own table, as the
``confusable_homoglyphs`` package ships it (pure Python, so the offline web
build has it too); the skeleton is computed from it here, as TS #39 defines it.
Games stored before these limits keep their names (R1 itself only asks for
unique, non-empty text): :func:`name_problem` is asked where a name comes in.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from .book import RuleBook
from .errors import PlayersError

__all__ = ["CONTROL_CHARACTERS", "FORMAT_CHARACTERS", "look_alike_key", "looks_alike", "name_key",
           "name_problem", "skeleton", "tidy_name"]

CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""Control characters (Unicode Cc) and the line and paragraph separators."""

FORMAT_CHARACTERS = re.compile(
    "[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]")
"""The format characters (Unicode category Cf, Unicode 15; a test compares it with
:mod:`unicodedata`). A regex, so a 10 MB name is searched at C speed."""

DEFAULT_IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
"""Unicode's Default_Ignorable_Code_Point characters (DerivedCoreProperties.txt): drawn as
nothing, so TS #39's skeleton leaves them out."""

_JOINER = "\u200d"
_BLACK_FLAG = "\U0001f3f4"
_TAGS = range(0xE0020, 0xE0080)

_COMPOSED_UP_TO = 256
"""Decision: a longer name is compared case-folded but not composed. Composing puts runs of
combining marks in order with a cost of the square of the run (a name of 30 000 accents: seconds);
no name that may be typed or imported is this long (:attr:`scoring.parts.Seats.longest_name`), only
a name stored long ago might be."""


def name_key(name: str) -> str:
    """R1: the form in which two names are compared (spaces around ignored, case folded, composed)."""
    name = name.strip()
    if len(name) > _COMPOSED_UP_TO:
        return name.casefold()
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


@functools.cache
def _prototypes() -> tuple[dict[str, str], dict[str, str]]:
    """TS #39's confusables as two maps: a character to the one it stands for among its look-alikes
    (one class, one representative), and a character to a prototype of several characters.

    ``confusable_homoglyphs`` keeps Unicode's ``confusables.txt`` both ways (a source beside its
    prototype and the prototype beside its sources); the classes are the same either way round.
    Read at the first name compared, not at import (a start that compares no name reads nothing).
    """
    from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.get(char, char) != char:
            parent[char] = parent.get(parent[char], parent[char])
            char = parent[char]
        return char

    several: dict[str, str] = {}
    for char, entries in confusables.confusables_data.items():
        if len(char) != 1:
            continue  # a prototype of several characters beside its sources: read from the source
        for entry in entries:
            other = entry["c"].replace("\u200e", "")  # (right-to-left letters come wrapped in marks)
            if len(other) == 1:
                a, b = root(char), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            elif other:
                several[char] = other
    return {char: root(char) for char in parent}, several


def skeleton(text: str) -> str:
    """TS #39's skeleton of ``text``: decomposed, default-ignorable characters left out, each
    character replaced by its confusable prototype, decomposed again. Two texts that look alike
    have one skeleton (it is a key for comparing, never shown)."""
    one, several = _prototypes()
    text = DEFAULT_IGNORABLE.sub("", unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", "".join(several.get(c) or one.get(c, c) for c in text))


def look_alike_key(name: str) -> str:
    """R1's new names: the form in which two names that look alike are one (the skeleton, case
    folded, of the name without spaces around; the skeleton again, as folding may make a letter
    that has a look-alike)."""
    return skeleton(skeleton(name.strip()).casefold())


def looks_alike(name: str, other: str) -> bool:
    """Whether a new ``name`` would look like ``other`` at the table (and is not simply the
    same name: :func:`name_key`)."""
    return name_key(name) != name_key(other) and look_alike_key(name) == look_alike_key(other)


_BLANK_SYMBOLS = frozenset("\u2800")
"""Symbols drawn as nothing (a blank braille cell)."""


def _shows_a_letter_or_digit(name: str) -> bool:
    """Decision: a letter or digit that is not drawn as nothing, or a symbol that shows (an emoji
    is a name a table may choose: 👩‍👩‍👧)."""
    return any((unicodedata.category(c)[0] in "LN" and not DEFAULT_IGNORABLE.match(c))
               or (unicodedata.category(c) == "So" and c not in _BLANK_SYMBOLS) for c in name)


def tidy_name(name: str) -> str:
    """A name as a new game keeps it: without spaces around, its accents composed (NFC)."""
    name = name.strip()
    return unicodedata.normalize("NFC", name) if len(name) <= _COMPOSED_UP_TO else name


def name_problem(name: str, seat: int, rulebook: RuleBook,
                 seated: Iterable[str] = ()) -> PlayersError | None:
    """What is wrong with a new ``name`` at ``seat`` (from 1) in ``rulebook``, or ``None``.

    Checked in this order, each at most one pass over the name (it may be a
    60 MB string from a file): a control character, the length, a format
    character, nothing but spaces, no letter or digit that shows, one of the
    names ``seated`` before it (R1), a name that looks like one of them. The
    error names the seat and the character, never a name too long to show.
    """
    control = CONTROL_CHARACTERS.search(name)
    if control:
        return PlayersError("player_name_control", seat=seat, value=ascii(control.group())[1:-1])
    if len(name) > rulebook.seats.longest_name:
        return PlayersError("player_name_long", seat=seat, maximum=rulebook.seats.longest_name,
                            value=len(name))
    for found in FORMAT_CHARACTERS.finditer(name):
        if not _in_emoji(name, found.start()):
            return PlayersError("player_name_format", seat=seat, value=f"U+{ord(found.group()):04X}")
    if not name.strip():
        return PlayersError("player_empty", seat=seat, value=name)
    if not _shows_a_letter_or_digit(name):
        return PlayersError("player_name_invisible", seat=seat, value=name)
    if seated:
        key = name_key(name)
        for other in seated:
            if name_key(other) == key:
                return PlayersError("player_twice", player=name, value=name, taken=other)
        for other in seated:
            if looks_alike(name, other):
                return PlayersError("player_look_alike", player=name, value=name, taken=other)
    return None


def _in_emoji(name: str, at: int) -> bool:
    """The format character at ``at`` is part of an emoji: a joiner between two pictographs
    (a skin tone or a variation selector may follow the first), or a flag's tag."""
    char = name[at]
    if char == _JOINER:
        before = name[:at].rstrip("\ufe0e\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")
        after = name[at + 1:at + 2]
        return bool(before) and after != "" and _pictograph(before[-1]) and _pictograph(after)
    if ord(char) in _TAGS:
        flag = name[:at].rstrip("".join(map(chr, _TAGS)))
        return flag.endswith(_BLACK_FLAG)
    return False


def _pictograph(char: str) -> bool:
    """A symbol drawn as a picture (Unicode category So: emoji, ♥, ☂)."""
    return unicodedata.category(char) == "So"
