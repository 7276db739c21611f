"""A game's Block as CSV: a start row, then per round what was called, who sat out, changes and scores.

Everything is derived from the game (its rounds and :attr:`scoring.Game.results`
by replay), nothing from stored totals. Columns, left to right:

- ``round`` (``start`` on the first row), ``caller``;
- 24: ``trump`` (the called colour, R5), ``final_trump`` (variant A: the last
  colour named, empty when it never changed), ``blind`` (R6);
- 20 ab: ``dealer`` (Z4), ``trump`` (the suit, Z5; empty in a knock round
  without trump, Z8), ``blind`` (Z6), ``bid`` (Z7), ``knock`` (Z8),
  ``misdeals`` (Z17);
- ``sat_out`` (variant B, Z9: names separated by "; ");
- one tricks column per player (``<name> tricks``, R7/Z10: empty for a sitter), so the
  file gives back the whole round, as a player's own sheet does;
- one change column per player (``<name> change``), then one score column
  per player headed by the name alone (as the Block's names row).

``language=None`` (the command line, ``block24 csv``) writes a stable
English head and stable values (``red``, ``clubs``, ``blind``, ``knock``) for
scripts; a language (the app's export) words head and values in it. Names are
kept as typed. Every text cell is in double quotes and numbers are not: plain
integers with an ASCII minus, so a spreadsheet reads them as numbers and the
text as text.

A text cell a spreadsheet would take for a formula — a name such as
``=HYPERLINK("…")``, ``+1+1``, ``-2`` or ``@SUM(A1)``, in the head, the caller or
the sat-out column — starts with a single quote inside its double quotes, as
OWASP advises for CSV files: spreadsheets read it as text and do not show the
single quote (the double quotes keep a reader that guesses the separator, as
Gnumeric does, from taking the single quotes for one). Numbers are never
touched (a score of -2 stays a number).
"""

from __future__ import annotations

import csv
import io

from scoring import Colour, Game, Suit

from .books import book_of
from .i18n import N_, NAMES, text

__all__ = ["block_csv", "block_rows"]

WORDS = {
    "round": N_("Round"), "start": N_("Start"), "caller": N_("Caller"), "trump": N_("Trump"),
    "final_trump": N_("Final trump"), "blind": N_("blind"), "dealer": N_("Dealer"), "bid": N_("Bid"),
    "knock": N_("knock"), "misdeals": N_("Misdeals"), "sat_out": N_("Sat out"),
    "{name} change": N_("{name} change"), "{name} tricks": N_("{name} tricks"),
}
"""The head's and the cells' words: each key is the command line's own word (``language=None``: never
translated, never changed), each value the phrase a language reads."""
HEADS = {"blind": N_("Blind"), "knock": N_("Knock")}
"""A head that is a cell's word too: the head is a title ("Blind"), the cell a word ("blind")."""


def block_rows(game: Game, language: str | None = None) -> list[list[str | int]]:
    """The CSV's rows (head first) as lists of cells; see the module's docstring."""
    def word(key: str | Colour | Suit, **values: object) -> str:
        if key in NAMES:  # a colour or a suit: the command line writes its value
            return key.value if language is None else text(language, NAMES[key])
        return key.format(**values) if language is None else text(language, WORDS[key], **values)

    def title(key: str) -> str:
        return key if language is None else text(language, HEADS[key]) if key in HEADS else word(key)

    book = book_of(game)
    called = book.call_columns
    players = game.players
    head: list[str | int] = [title("round"), title("caller"), *(title(k) for k in called),
                             title("sat_out"), *(word("{name} tricks", name=p) for p in players),
                             *(word("{name} change", name=p) for p in players), *players]
    rows = [head, [word("start"), "", *([""] * len(called)), "", *([""] * (2 * len(players))),
                   *([game.settings.start] * len(players))]]
    for round_, result in zip(game.rounds, game.results, strict=True):
        calls = book.call_cells(round_, word)
        sat_out = "; ".join(p for p in players if p in round_.sat_out)  # seat order
        tricks = [round_.tricks.get(p, "") for p in players]  # a sitter made none: empty
        rows.append([result.number, round_.caller, *calls, sat_out, *tricks, *result.deltas,
                     *result.scores])
    return [[_as_text(cell) for cell in row] for row in rows]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a cell a spreadsheet runs as a formula starts (OWASP's list)."""


def _as_text(cell: str | int) -> str | int:
    """A text cell that no spreadsheet runs: a single quote before a formula's first character."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def block_csv(game: Game, language: str | None = None) -> str:
    """The Block as CSV text (``\\n`` line ends): the command line's without ``language``."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC).writerows(block_rows(game, language))
    return out.getvalue()
