"""The evening (scoring.evening): the games one group played with no pause of 3 hours between
one's end and the next one's start, and its tally of wins — property tests (hypothesis).

Whatever order the games were started and finished in, whatever other tables played at the same
store meanwhile, and whichever game of the evening asks, the tally is the same; it is the one a
plain model computes (games whose spans, each stretched by the pause, meet are one evening).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import LONG_PAUSE, Evening, Game, Played, evening_of
from tests.store_writer import FINISH_AT, game_with

BASE = dt.datetime(2026, 11, 27, 18, 0, tzinfo=dt.UTC)
GROUPS = (("Anna", "Ben", "Carl"), ("Anna", "Ben", "Carl", "Dora"), ("Eve", "Finn"))
STEP = dt.timedelta(minutes=30)  # (starts and lengths on a half-hour grid: pauses of exactly 3 h happen)

CHECKED = settings(max_examples=300, deadline=None)


@st.composite
def evenings(draw) -> list[Played]:
    """Games of up to three groups at one store, listed in the order they were started, each
    seated in any order, with any winners, of either book, finished in any order."""
    count = draw(st.integers(2, 9))
    games = []
    for key in range(count):
        group = GROUPS[draw(st.integers(0, len(GROUPS) - 1))]
        seats = tuple(draw(st.permutations(group)))
        winners = tuple(draw(st.lists(st.sampled_from(seats), min_size=1, max_size=2, unique=True)))
        start = BASE + draw(st.integers(0, 24)) * STEP
        end = start + draw(st.integers(0, 10)) * STEP
        games.append(Played(key, seats, winners, draw(st.sampled_from(("24", "20ab"))), start, end,
                            finished=draw(st.integers(0, 5)) > 0))
    return sorted(games, key=lambda p: p.start)  # (the store lists them as it started them)


def linked(played: list[Played], key: int) -> frozenset[int]:
    """The keys of the evening of ``key`` by the plain definition: the group's finished games
    whose spans, each stretched by the pause after its end, meet (directly or through others)."""
    this = next(p for p in played if p.key == key)
    games = [p for p in played if p.finished and set(p.players) == set(this.players)]
    keys = {this.key}
    grown = True
    while grown:
        grown = False
        for a in games:
            if a.key not in keys and any(
                    b.key in keys and a.start < b.end + LONG_PAUSE and b.start < a.end + LONG_PAUSE
                    for b in games):
                keys.add(a.key)
                grown = True
    return frozenset(keys)


def model(played: list[Played], key: int) -> Evening:
    """The tally of that evening: wins counted plainly, most first, then in the seats of the
    evening's first game."""
    this = next(p for p in played if p.key == key)
    run = [p for p in played if p.finished and p.key in linked(played, key)]
    if not this.finished or len(run) < 2:
        return Evening()
    wins = Counter(name for p in run for name in p.winners)
    seats = run[0].players
    ranked = sorted(((name, wins[name]) for name in seats), key=lambda item: (-item[1], seats.index(item[0])))
    return Evening(tuple(ranked), len(run), tuple(sorted({p.book for p in run})))


@CHECKED
@given(evenings())
def test_every_game_gives_the_tally_of_the_plain_definition(played: list[Played]) -> None:
    for game in played:
        assert evening_of(played, game.key) == model(played, game.key), game.key


@CHECKED
@given(evenings())
def test_every_game_of_one_evening_gives_the_same_tally(played: list[Played]) -> None:
    """Not the model's words: only that the games of one evening agree (the screens of a
    table show one line), and that an evening of two games or more has a tally."""
    for game in played:
        if not game.finished:
            continue
        evening = linked(played, game.key)
        tallies = {evening_of(played, key) for key in evening}
        assert len(tallies) == 1, (game.key, tallies)
        assert (next(iter(tallies)).games == len(evening)) if len(evening) > 1 else tallies == {Evening()}


@CHECKED
@given(evenings())
def test_other_tables_games_change_nothing(played: list[Played]) -> None:
    """Another group's games at the same store, whenever played, neither join nor split this
    group's evening."""
    group = set(played[0].players)
    own = [p for p in played if set(p.players) == group]
    for game in own:
        assert evening_of(played, game.key) == evening_of(own, game.key)


def test_a_game_started_earlier_and_finished_later_bridges_and_counts_once() -> None:
    seats = GROUPS[0]
    hour = dt.timedelta(hours=1)
    played = [
        Played(1, seats, ("Anna",), "24", BASE, BASE + hour),
        Played(2, seats, ("Ben",), "20ab", BASE + 2 * hour, BASE + 9 * hour),  # a long one
        Played(3, seats, ("Ben",), "24", BASE + 3 * hour, BASE + 4 * hour),
        Played(4, seats, ("Carl",), "24", BASE + 11 * hour, BASE + 12 * hour),  # 2 h after the long one
    ]
    tallies = {evening_of(played, key) for key in (1, 2, 3, 4)}
    assert tallies == {Evening((("Ben", 2), ("Anna", 1), ("Carl", 1)), 4, ("20ab", "24"))}
    assert next(iter(tallies)).mixed


def test_a_pause_of_exactly_three_hours_ends_the_evening_and_a_lone_game_has_no_tally() -> None:
    seats = GROUPS[2]
    hour = dt.timedelta(hours=1)
    played = [Played(1, seats, ("Eve",), "24", BASE, BASE + hour),
              Played(2, seats, ("Finn",), "24", BASE + hour + LONG_PAUSE, BASE + 5 * hour)]
    assert evening_of(played, 1) == evening_of(played, 2) == Evening()
    closer = [played[0], Played(2, seats, ("Finn",), "24", BASE + hour + LONG_PAUSE - dt.timedelta(minutes=1),
                                 BASE + 5 * hour)]
    assert evening_of(closer, 1) == evening_of(closer, 2) == Evening((("Eve", 1), ("Finn", 1)), 2, ("24",))
    assert not evening_of(closer, 1).mixed


def test_an_unfinished_or_unknown_game_has_no_tally() -> None:
    seats = GROUPS[0]
    finished = Played.of("a", game_with(FINISH_AT), BASE, BASE + STEP)
    assert finished.finished and finished.winners == ("Anna",)
    open_game = Played.of("b", Game(seats), BASE + STEP, BASE + 2 * STEP)
    assert not open_game.finished and open_game.winners == ()
    played = [finished, open_game, Played.of("c", game_with(FINISH_AT), BASE + 2 * STEP, BASE + 3 * STEP)]
    assert evening_of(played, "b") == Evening()
    assert evening_of(played, "missing") == Evening()
    assert evening_of(played, "a") == evening_of(played, "c") == Evening(
        (("Anna", 2), ("Ben", 0), ("Carl", 0)), 2, ("24",))
