"""A wrong count of tricks is refused once, in the table's language, in process on the real state and a
real store (moved from the browser: these are words and a greyed button, which the state and the drawn
screen answer; the browser keeps the taps and what is drawn)."""

from __future__ import annotations

import re

from app.views import tricks_entry
from scoring import Colour
from tests.helpers import button, drawn, said, texts


def counted(table, names: tuple[str, ...], tricks: dict[str, int]):
    """A game of 24 with ``names``; round 1 red, the tricks tapped: the tricks step as drawn."""
    app = table.start(names)
    t = app.table
    run = table.run
    run(t.call.call_trump(Colour.RED))
    run(t.play.count_tricks())
    for name, made in tricks.items():
        run(t.count.set_tricks(name, made))
    return t, drawn(tricks_entry.TricksEntry, t)


def test_a_wrong_trick_sum_is_said_once(table):
    t, step = counted(table, ("Anna", "Ben", "Carl"), {"Anna": 5, "Ben": 2, "Carl": 0})
    shown = texts(step)
    assert "1 trick too many" in shown, shown
    assert button(step, "Confirm round").disabled
    assert not [line for line in [*shown, said(t) or ""] if re.search("add up to", line)]


def test_a_german_table_sees_a_refusal_in_german(table):
    table.app.prefs.language = "de"
    t, step = counted(table, ("de Vries", "Ben", "Carl"), {"de Vries": 5, "Ben": 5, "Carl": 0})
    assert t.game.players[0] == "de Vries" and t.game.scores["de Vries"] == 24  # kept exactly as typed
    shown = texts(step)
    assert "4 Stiche zu viel" in shown, shown  # said once: not also "die Stiche ergeben 10, nicht 6"
    assert not [line for line in [*shown, said(t) or ""] if re.search("ergeben 10", line)]
    assert button(step, "Runde eintragen").disabled
