"""Properties of 20 ab over generated games (docs/RULES.md, Z10–Z21).

Random rounds, legal or not, are offered one after another to a game of a
random preset and options: a refused round names its round (the next one),
a recorded round's scores are the previous scores plus its deltas, and the
record of the game replays to the same report.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    BOOKS,
    Game,
    Round,
    ScoringError,
    Settings,
    Suit,
    game_to_record,
    replay_report,
    replay_text,
)

PROPERTY = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]


@st.composite
def games(draw) -> Game:
    preset = draw(st.sampled_from(sorted(BOOKS["20ab"])))
    book = BOOKS["20ab"][preset]
    chosen = {}
    for option in book.options:
        if option.allowed is not None:
            chosen[option.key] = draw(st.sampled_from(option.allowed))
    start = chosen["start_score"]
    chosen["upper_limit"] = draw(st.none() | st.integers(start + 1, start + 60))
    count = draw(st.integers(book.seats.least, book.seats.most))
    first = draw(st.integers(0, count - 1))
    return Game(tuple(NAMES[:count]), Settings(BOOKS["20ab"][preset], **chosen), (), first)


def _round(draw, game: Game) -> Round:
    """A round for ``game``: mostly what its preset plays, one time in four a mistake of any kind."""
    players = list(game.players)
    rules, book = game.settings, game.settings.book
    tricks_per_round = game.tricks_per_round
    number = len(game.rounds) + 1
    wild = draw(st.integers(0, 3)) == 0

    def pick(usual: list, odd: list):
        return draw(st.sampled_from(usual + odd if wild else usual))

    dealer = pick([game.dealer_of(number)], [None, *players])
    caller = pick([game.caller_of(number), *players], ["Zed"])
    knock = pick([False] * 5 + [True] * rules.knock, [True])
    blind = pick([False] * 5 + [True] * (book.blind is not None and not knock), [True])
    trump = Suit.HEARTS if blind else pick(list(Suit), [None, "red"])
    bid = None
    if book.contract is not None and not (knock or blind):
        bid = pick(list(range(1, tricks_per_round + 1)), [None, 0])
    else:
        bid = pick([None], [2])
    sat_out = pick([set()] * 3 + [{p} for p in players] * rules.sit_out, [set(players[:2])])
    playing = [p for p in players if p not in sat_out] or players[:1]
    counts = dict.fromkeys(playing, 0)
    for _ in range(tricks_per_round + pick([0], [1, -1])):
        counts[draw(st.sampled_from(playing))] += 1
    misdeals = pick([0, 0, 1, 2] if book.misdeals is not None else [0], [1, -1])
    first_out = pick([None], [*players])
    return Round(caller, trump, counts, blind=blind, bid=bid, knock=knock,
                         sat_out=frozenset(sat_out), dealer=dealer, misdeals=misdeals,
                         first_out=first_out)


@PROPERTY
@given(games(), st.data())
def test_property_scores_are_previous_plus_deltas_and_refusals_name_their_round(game, data):
    for _ in range(30):
        if game.finished:
            break
        round_ = _round(data.draw, game)
        number = len(game.rounds) + 1
        try:
            game = game.record(round_)
        except ScoringError as error:
            assert error.round_number == number
            assert str(error).startswith(f"round {number}: ")
            assert error.code and error.values["round"] == number
            continue
        previous = game.scores_before(number)
        result = game.results[-1]
        assert result.scores == tuple(map(int.__add__, previous, result.deltas))
    report = replay_report(game)
    assert replay_text(json.dumps(game_to_record(game))) == report
    if game.finished:
        assert report["reason"] in ("zero", "limit") and report["winners"]


@PROPERTY
@given(games(), st.data())
def test_property_replay_of_the_record_refuses_what_the_game_refuses(game, data):
    for _ in range(12):
        if game.finished:
            break
        round_ = _round(data.draw, game)
        record = game_to_record(game)
        refusal = None
        try:
            longer = game.record(round_)
        except ScoringError as error:
            refusal = error
        record["rounds"].append(_json(round_))
        if refusal is None:
            assert replay_text(json.dumps(record)) == replay_report(longer)
            game = longer
        else:
            try:
                replay_text(json.dumps(record))
            except ScoringError as error:
                assert error.round_number == refusal.round_number
            else:
                raise AssertionError(f"record replayed what the game refused: {refusal}")


def _json(round_: Round) -> dict:
    data = {"caller": round_.caller, "tricks": dict(round_.tricks), "blind": round_.blind,
            "knock": round_.knock, "bid": round_.bid, "dealer": round_.dealer,
            "misdeals": round_.misdeals, "first_out": round_.first_out,
            "sat_out": sorted(round_.sat_out)}
    if round_.trump is not None:
        data["trump"] = str(round_.trump)
    return data
