"""Property tests (hypothesis) of the rules core and the record.

Random legal games are built the way the app builds them: with the ``can_*``
queries, round by round, until the game ends. Scores are recomputed here from
docs/RULES.md (R8–R13) independently of the engine's own helpers.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    TWENTY_FOUR,
    Colour,
    Game,
    Round,
    ScoringError,
    Settings,
    game_from_record,
    game_to_record,
    look_alike_key,
    name_key,
    name_problem,
    replay_report,
    replay_text,
)
from scoring.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
COLOURS = list(Colour)
MAX_ROUNDS = 40

FAST = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

names = st.text(  # a name a record from outside may hold: no control or invisible character
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Cf", "Zl", "Zp")), min_size=1, max_size=8
).filter(lambda n: bool(name_key(n)) and name_problem(n, 1, TWENTY_FOUR) is None)  # (it shows a letter)


@st.composite
def legal_games(draw, max_rounds: int = MAX_ROUNDS) -> Game:
    """A legal game of 2–5 players, random settings, rounds until it ends (or ``max_rounds``)."""
    players = tuple(draw(st.lists(names, min_size=2, max_size=5, unique_by=(name_key, look_alike_key))))
    rules = Settings(
        start_score=draw(st.sampled_from([24, 24, 1, 6, 12, 13, 25, 30, 50])),
        trump_chaos=draw(st.booleans()),
        sit_out=draw(st.booleans()),
        restrictions=draw(st.booleans()),
        caller_penalty=draw(st.booleans()),
    )
    game = Game(players, rules, (), draw(st.integers(0, len(players) - 1)))
    while not game.finished and len(game.rounds) < max_rounds:
        caller = game.next_caller
        if draw(st.integers(0, 9)) == 0:  # R4: the table overrides the caller
            caller = draw(st.sampled_from(players))
        blind = draw(st.booleans()) and game.can_call_blind(caller)
        trump = Colour.YELLOW if blind else draw(st.sampled_from(COLOURS))
        final = None
        if rules.trump_chaos and not blind and draw(st.booleans()):
            final = draw(st.sampled_from(COLOURS))
        sat_out: list[str] = []
        if rules.sit_out:
            for p in players:
                if draw(st.integers(0, 3)) == 0 and game.can_sit_out(p, caller, sat_out):
                    sat_out.append(p)
        takers = [p for p in players if p not in sat_out]
        winners = draw(st.lists(st.sampled_from(takers), min_size=6, max_size=6))
        tricks = {p: winners.count(p) for p in takers}
        round_ = Round(caller, trump, tricks, blind=blind, final_trump=final, sat_out=sat_out)
        assert game.can_record(round_), game.verify_round(round_)
        game = game.record(round_)
    return game


def expected(game: Game) -> tuple[list[list[int]], list[list[int]], object]:
    """Deltas and scores per round and the outcome, from docs/RULES.md alone."""
    s = game.settings
    scores = [s.start_score] * len(game.players)
    all_deltas, all_scores = [], []
    outcome = None
    for number, r in enumerate(game.rounds, start=1):
        assert outcome is None  # R14
        final = r.final_trump if r.final_trump is not None else r.trump
        value = 4 if r.blind else 2 if final == "yellow" else 1  # R8
        deltas = []
        for p in game.players:
            if p in r.sat_out:
                deltas.append(0)  # R11
            elif r.tricks[p] > 0:
                deltas.append(-r.tricks[p] * value)  # R8
            elif p == r.caller and s.caller_penalty:
                deltas.append(12 * value)  # R10
            else:
                deltas.append(6 * value)  # R9
        scores = [a + b for a, b in zip(scores, deltas, strict=True)]
        all_deltas.append(deltas)
        all_scores.append(scores)
        if min(scores) <= 0 or max(scores) >= 2 * s.start_score:  # R12
            low = min(scores)
            outcome = ([p for p, x in zip(game.players, scores, strict=True) if x == low],
                       "zero" if low <= 0 else "limit", number)  # R13
    return all_deltas, all_scores, outcome


@FAST
@given(legal_games())
def test_scoring_property_deltas_follow_from_tricks_and_trump(game):
    deltas, scores, outcome = expected(game)
    assert [list(r.deltas) for r in game.results] == deltas
    assert [list(r.scores) for r in game.results] == scores
    if outcome is None:
        assert not game.finished
        assert len(game.rounds) == MAX_ROUNDS or not game.rounds or not game.finished
    else:
        winners, reason, after = outcome
        assert game.finished
        assert list(game.outcome.winners) == winners
        assert game.outcome.reason == reason and game.outcome.after_round == after
        assert after == len(game.rounds)
    for r in game.rounds:
        assert sum(r.tricks.values()) == 6  # R7
        assert r.caller not in r.sat_out and len(r.tricks) >= 2  # variant B


@FAST
@given(legal_games())
def test_replay_property_record_round_trip_same_results(game):
    text = json.dumps(game_to_record(game), ensure_ascii=False)
    again = game_from_record(json.loads(text))
    assert again == game
    assert again.results == game.results and again.outcome == game.outcome
    assert replay_text(text.encode("utf-8")) == replay_report(game)


@FAST
@given(legal_games(max_rounds=12), st.randoms(use_true_random=False))
def test_replay_property_order_of_tricks_keys_never_matters(game, rng):
    record = game_to_record(game)
    for r in record["rounds"]:
        items = list(r["tricks"].items())
        rng.shuffle(items)
        r["tricks"] = dict(items)
        keys = list(r)
        rng.shuffle(keys)
        r.update({k: r.pop(k) for k in keys})
    assert replay_text(json.dumps(record)) == replay_report(game)


# -- arbitrary input: only ScoringError, never a traceback --------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6) | st.sampled_from(["red", "yellow", "Anna", "Ben", "tricks", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["players", "rules", "rounds", "caller", "trump", "tricks", "blind",
                         "final_trump", "sat_out", "start_score", "sit_out", "Anna", "x"])
        | st.text(max_size=4), inner, max_size=5),
    max_leaves=20,
)


def _check_replay(text: str | bytes) -> None:
    try:
        report = replay_text(text)
    except ScoringError as error:
        message = str(error)
        if error.round_number is not None:
            assert message.startswith(f"round {error.round_number}: ")
        return
    assert set(report) == {"scores", "rounds", "finished", "winners", "reason"}


@FAST
@given(json_values)
def test_replay_property_arbitrary_json_only_scoring_error(value):
    _check_replay(json.dumps(value))


@FAST
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_replay_property_arbitrary_text_only_scoring_error(text):
    _check_replay(text)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


@st.composite
def mutated_records(draw):
    record = game_to_record(draw(legal_games(max_rounds=8)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(record) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "small"]))
        if action == "delete":
            del parent[path[-1]]
        elif action == "small":
            parent[path[-1]] = draw(st.sampled_from(
                [0, 1, 2, 6, 7, -1, True, False, None, 2.0, "2", "red", "yellow", "purple",
                 [], {}, "Anna", 10**30]))
        else:
            parent[path[-1]] = draw(json_values)
    return record


@FAST
@given(mutated_records())
def test_replay_property_mutated_records_only_scoring_error(record):
    _check_replay(json.dumps(record))


def _run_main(data: bytes) -> tuple[int, bytes, bytes]:
    stdin = io.TextIOWrapper(io.BytesIO(data))
    out, err = io.TextIOWrapper(io.BytesIO()), io.TextIOWrapper(io.BytesIO())
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        old_stdin, sys.stdin = sys.stdin, stdin
        stack.callback(setattr, sys, "stdin", old_stdin)
        status = main(["replay", "-"])
    out.flush()
    err.flush()
    return status, out.buffer.getvalue(), err.buffer.getvalue()


@FAST
@given(mutated_records() | json_values)
def test_replay_property_cli_main_never_raises(record):
    status, out, err = _run_main(json.dumps(record).encode())
    assert status in (0, 2)
    if status == 2:
        assert out == b"" and err.count(b"\n") == 1 and err.endswith(b"\n")
    else:
        assert err == b"" and json.loads(out)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_replay_property_cli_subprocess_no_traceback(record):
    done = subprocess.run([sys.executable, "-m", "scoring", "replay", "-"],
                          input=json.dumps(record).encode(), capture_output=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode in (0, 2)
    assert b"Traceback" not in done.stderr
    if done.returncode == 2:
        assert done.stdout == b"" and done.stderr.count(b"\n") == 1


# -- checking a round before recording it agrees with replaying it ------------

FAULTS = ["caller", "trump", "final", "blind", "sit_out", "sat_out_plays", "count", "name",
          "missing", "sum", "negative", "none"]


@st.composite
def games_and_any_round(draw):
    """An open legal game and a next round: legal (often) or with one to three faults."""
    game = draw(legal_games(max_rounds=8))
    keep = draw(st.integers(0, max(0, len(game.rounds) - 1)))
    game = Game(game.players, game.settings, game.rounds[:keep], game.first_dealer)
    players = list(game.players)
    faults = set(draw(st.lists(st.sampled_from(FAULTS), min_size=1, max_size=3)))
    caller = draw(st.sampled_from(players))
    if "caller" in faults:
        caller = draw(st.sampled_from(["Zed", players[0].upper() + " ", 5]))
    blind = draw(st.booleans()) if game.can_call_blind(caller) or "blind" in faults else False
    trump = Colour.YELLOW if blind else draw(st.sampled_from(COLOURS))
    if "trump" in faults:
        trump = draw(st.sampled_from([*COLOURS, "purple", "red", None]))
    if "blind" in faults:
        blind = draw(st.sampled_from([True, 1, None]))
    final = None
    if "final" in faults or (game.settings.trump_chaos and not blind and draw(st.booleans())):
        final = draw(st.sampled_from([*COLOURS, "green"]))
    sat_out: list = []
    for p in players:
        if draw(st.integers(0, 3)) == 3 and (
            "sit_out" in faults or game.can_sit_out(p, caller, sat_out)
        ):
            sat_out.append(p)
    if "sit_out" in faults:
        others = [p for p in players if p != caller and p not in sat_out]
        sat_out.append(draw(st.sampled_from([*others, *others, caller, "Zed"])))
    takers = [p for p in players if p not in sat_out]
    if "sat_out_plays" in faults and sat_out and takers:
        takers[-1] = sat_out[0]
    if "missing" in faults and takers:
        takers.pop()
    if "name" in faults:
        takers.append(draw(st.sampled_from(["Zed", players[-1].lower() + " "])))
    winners = draw(st.lists(st.sampled_from(takers or ["Zed"]), min_size=6, max_size=6))
    counts = [winners.count(p) for p in takers]
    if "sum" in faults and counts:
        counts[-1] += draw(st.sampled_from([-1, 1, 7]))
    if "negative" in faults and len(counts) >= 2:
        counts[0], counts[1] = -1, counts[1] + counts[0] + 1  # still adds up to 6
    if "count" in faults and counts:
        counts[draw(st.integers(0, len(counts) - 1))] = draw(
            st.sampled_from([7, -1, True, False, 2.0, "2", None]))
    tricks = dict(zip(takers, counts, strict=True))
    return game, Round(caller, trump, tricks, blind=blind, final_trump=final, sat_out=sat_out)


def _outcome_of(action) -> str:
    try:
        action()
    except ScoringError as error:
        return f"{type(error).__name__}: {error}"
    return "ok"


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(games_and_any_round())
def test_scoring_property_verify_round_agrees_with_replaying_it(game_and_round):
    game, round_ = game_and_round
    full = _outcome_of(lambda: game.verify_round(round_))
    fold = _outcome_of(
        lambda: Game(game.players, game.settings, (*game.rounds, round_), game.first_dealer))
    assert fold == full
    if full == "ok":
        after = game.record(round_)
        assert [list(r.deltas) for r in after.results] == expected(after)[0]
