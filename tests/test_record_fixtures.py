"""Records of each rule book as the pad wrote them, kept as files: they read, replay to the same
report and are written back the same, whatever the engine becomes (docs/RULES.md, "The game
record": the same record always replays to the same report).

Each file in ``tests/records`` holds a ``record`` (``game_to_record`` of a legal game, written
by the pad before the rule books became one definition each) and the ``report`` it replayed
to then.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring import game_from_record, game_to_record, replay_report

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def test_every_book_has_a_stored_record():
    books = {"".join(path.stem.split("-")[:2]) for path in RECORDS}
    assert {"240", "20ablehrblatt", "20abwuerttemberg", "20abtemmels"} <= books


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_stored_record_replays_to_its_report(path):
    stored = json.loads(path.read_text(encoding="utf-8"))
    game = game_from_record(stored["record"])
    assert replay_report(game) == stored["report"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_stored_record_is_written_back_the_same(path):
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert game_to_record(game_from_record(stored["record"])) == stored["record"]
