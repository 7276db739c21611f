"""The CSV Block opened in a real spreadsheet runs no name as a formula, and numbers stay numbers.

Names such as ``=2*3`` or ``=HYPERLINK("…")`` are written so no spreadsheet
runs them (a single quote first, OWASP's advice); scores, changes and round
numbers — -2 included — are numbers. Gnumeric's ``ssconvert`` (Debian's
gnumeric, ``make spreadsheet``) reads the file and writes its own workbook,
whose cells say what it made of each: text, number or formula.
"""

from __future__ import annotations

import csv
import gzip
import io
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.block_csv import block_csv, block_rows
from scoring import Colour, Game, Round, Settings

FORMULAS = ["=2*3", '=HYPERLINK("http://example.com","x")', "-2", "@SUM(A1)", "+1+1"]
TEXT, NUMBER = "60", "40"
"""Gnumeric's ValueType of a cell: a string or a number (a formula has none)."""


def a_game() -> Game:
    """Five players named like formulas; the second round has a sitter, scores go below the start."""
    a, b, c, d, e = FORMULAS
    return Game(tuple(FORMULAS), Settings(sit_out=True), rounds=(
        Round(a, Colour.RED, {a: 2, b: 1, c: 1, d: 1, e: 1}),
        Round(b, Colour.BLUE, {a: 0, b: 3, c: 3, d: 0}, sat_out={e}),
    ))


def test_text_cells_that_start_like_a_formula_get_a_quote_and_numbers_stay_numbers() -> None:
    game = a_game()
    rows = block_rows(game)
    quoted = ["'" + name for name in FORMULAS]
    assert rows[0][-5:] == quoted
    assert rows[0][6:11] == [f"{q} tricks" for q in quoted]
    assert rows[0][11:16] == [f"{q} change" for q in quoted]
    assert [rows[2][1], rows[3][1]] == quoted[:2]  # the caller
    assert rows[3][5] == quoted[4]  # who sat out
    numbers = [*rows[1][-5:], *(cell for row in rows[2:] for cell in row[11:])]
    assert all(type(cell) is int or cell == "" for row in rows[2:] for cell in row[6:11])  # "": sat out
    assert all(type(cell) is int for cell in numbers) and min(numbers) < 0
    assert block_rows(game, "de")[0][-5:] == quoted
    assert next(csv.reader(io.StringIO(block_csv(game))))[-5:] == quoted


def _ssconvert() -> str:
    found = shutil.which("ssconvert")
    if found is None:
        message = "ssconvert is missing: `make spreadsheet` (as root) installs Debian's gnumeric"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def _cells(csv_text: str, folder: Path) -> dict[tuple[int, int], tuple[str | None, str]]:
    """What Gnumeric made of each cell of ``csv_text``: (row, column) → (value type, content)."""
    source, workbook = folder / "block.csv", folder / "block.gnumeric"
    source.write_text(csv_text, encoding="utf-8")
    subprocess.run([_ssconvert(), str(source), str(workbook)], check=True, capture_output=True,
                   timeout=120)
    root = ET.fromstring(gzip.decompress(workbook.read_bytes()))
    namespace = {"gnm": "http://www.gnumeric.org/v10.dtd"}
    assert root.find(".//gnm:HLink", namespace) is None  # no cell is a link
    return {(int(cell.get("Row", -1)), int(cell.get("Col", -1))): (cell.get("ValueType"), cell.text or "")
            for cell in root.iterfind(".//gnm:Cell", namespace)}


def a_longer_game() -> Game:
    """Two names like formulas beside a plain one, six rounds: on a file without quotes Gnumeric
    split it by its commas and made ``=2*3`` a formula (6) and ``=HYPERLINK`` a link."""
    a, b, c = FORMULAS[0], '=HYPERLINK("http://example.com")', "Carl"
    return Game((a, b, c), rounds=tuple(
        Round((b, c, a)[n % 3], Colour.RED, {a: 2, b: 2, c: 2}) for n in range(6)))


@pytest.mark.parametrize("language", [None, "de"])
@pytest.mark.parametrize("game", [a_longer_game(), a_game()], ids=["three", "five"])
def test_a_spreadsheet_reads_names_as_text_and_scores_as_numbers(tmp_path: Path, game: Game,
                                                                  language) -> None:
    rows = block_rows(game)
    cells = _cells(block_csv(game, language), tmp_path)
    assert not [place for place, (kind, _) in cells.items() if kind is None], "a cell became a formula"
    width, players = len(rows[0]), game.players
    head = [cells[0, column] for column in range(width - len(players), width)]
    assert head == [(TEXT, name) for name in players]  # =2*3 is text, not 6; no HYPERLINK
    assert [cells[row, 1] for row in range(2, len(rows))] == [(TEXT, r.caller) for r in game.rounds]
    numbers = [cells[row, column] for row in range(1, len(rows)) for column in range(6, width)
               if rows[row][column] != ""]
    assert {kind for kind, _ in numbers} == {NUMBER}
    assert any(value.startswith("-") for _, value in numbers)  # a negative change stays a number
