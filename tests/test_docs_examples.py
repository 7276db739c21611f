"""The worked examples of docs/RULES.md run as games: each table is read as it stands (its rules,
players, calls and tricks), replayed through its record, and every score in it, and how the game
ended, must be the engine's. The documentation cannot drift from the engine.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scoring import game_from_record, replay_report

RULES_MD = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"

EXAMPLE = re.compile(r"^\*\*(?P<title>[^*]+)\*\*(?P<intro>.*?)^(?P<table>\|.*?)\n(?:\n|$)",
                     re.DOTALL | re.MULTILINE)
"""An example: its bold title, the words up to its table (the rules in them), the table."""
RULES = re.compile(r"rules `(\{.*?\})`", re.DOTALL)
END = re.compile(r"\AEnds after round (\d+): (.+?) wins? \((zero|limit)\)\.")
CALLER = re.compile(r"\A(?P<caller>\w+)(?: bids (?P<bid>\d+)| (?P<knock>knocks))?: (?P<trump>.+)\Z")


def examples() -> dict[str, tuple[str, str, str]]:
    """Every worked example by its title: the words before its table, the table, and the words
    after it (up to the next example)."""
    text = RULES_MD.read_text(encoding="utf-8")
    section = text[text.index("## Worked examples"):text.index("## The game record")]
    found = {}
    matches = list(EXAMPLE.finditer(section))
    for match, after in zip(matches, [*matches[1:], None], strict=True):
        tail = section[match.end():after.start() if after else len(section)].strip()
        found[match["title"].strip()] = (match["intro"], match["table"], tail)
    return found


def call(cell: str) -> dict[str, Any]:
    """A round's call as its record writes it, from the table's words ("dealer Anna; Ben bids 3:
    clubs; Dora sits out")."""
    round_: dict[str, Any] = {}
    for part in cell.split("; "):
        if part.startswith("dealer "):
            round_["dealer"] = part.removeprefix("dealer ")
        elif part.endswith((" sits out", " sit out")):
            round_["sat_out"] = part.rsplit(" sit", 1)[0].split(" and ")
        elif part.endswith((" misdeal", " misdeals")):
            round_["misdeals"] = int(part.split()[0])
        elif part.startswith("first out "):
            round_["first_out"] = part.removeprefix("first out ")
        else:
            said = CALLER.match(part)
            assert said, f"not a call: {part!r}"
            round_["caller"] = said["caller"]
            if said["bid"]:
                round_["bid"] = int(said["bid"])
            if said["knock"]:
                round_["knock"] = True
            trump = said["trump"]
            if trump.endswith(" blind"):
                round_["blind"], trump = True, trump.removesuffix(" blind")
            if " → " in trump:
                trump, round_["final_trump"] = trump.split(" → ")
            if trump != "no trump":
                round_["trump"] = trump
    return round_


def game_of(intro: str, table: str) -> tuple[dict[str, Any], list[list[int]]]:
    """The record an example's table describes, and the scores it shows after every round."""
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()]
    header, body = rows[0], rows[2:]
    assert header[:3] == ["round", "call", "tricks"], header
    players = header[3:]
    rules = json.loads(" ".join(RULES.search(intro)[1].split()))  # type: ignore[index]
    rounds, scores = [], []
    for number, (count, said, tricks, *after) in enumerate(body, start=1):
        assert int(count) == number
        round_ = call(said)
        playing = [p for p in players if p not in round_.get("sat_out", [])]
        round_["tricks"] = dict(zip(playing, map(int, tricks.split("/")), strict=True))
        rounds.append(round_)
        scores.append([int(s) for s in after])
    first = rounds[0].get("dealer", players[0])
    return {"players": players, "first_dealer": first, "rules": rules, "rounds": rounds}, scores


EXAMPLES = examples()


def test_the_worked_examples_are_there():
    # 24's and the Lehrblatt's L1–L3 among them: a table the reader cannot find tests nothing
    titles = " ".join(EXAMPLES)
    for example in ("E1", "E2", "E3", "L1–L3", "L4", "L5", "T1", "W1"):
        assert example in titles


@pytest.mark.parametrize("title", EXAMPLES, ids=lambda t: t.split(" —")[0])
def test_a_worked_example_is_what_the_engine_scores(title):
    intro, table, tail = EXAMPLES[title]
    record, shown = game_of(intro, table)
    report = replay_report(game_from_record(record))
    assert [list(r["scores"].values()) for r in report["rounds"]] == shown
    ended = END.match(tail)
    assert report["finished"] == (ended is not None)
    if ended:
        assert len(report["rounds"]) == int(ended[1])
        assert report["winners"] == ended[2].split(" and ")
        assert report["reason"] == ended[3]


def test_a_wrong_number_in_an_example_is_caught():
    # the check itself: one score changed in L1 is no longer what the engine scores
    intro, table, _ = EXAMPLES[next(t for t in EXAMPLES if t.startswith("L1–L3"))]
    record, shown = game_of(intro, table.replace("| 18 | 19 | 18 | 25 |", "| 18 | 19 | 18 | 26 |", 1))
    report = replay_report(game_from_record(record))
    assert [list(r["scores"].values()) for r in report["rounds"]] != shown
