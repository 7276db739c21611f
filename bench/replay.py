"""Replaying 10 000 rounds: the fold (Game from Round values) and the full JSON path.

A game of 24 ends after a few rounds, so the 10 000 rounds are many legal
4-player games back to back, built deterministically (seeded) with the app's
own ``can_*`` queries and a mix of variants. Figures (medians over ``RUNS``):

- ``replay_ms_10k_rounds``: constructing each :class:`scoring.Game` from its
  :class:`scoring.Round` values (every rule checked, every score folded).
- ``replay_json_ms_10k_rounds``: :func:`scoring.replay_text` on each game's
  record as JSON text (parse, check shapes, fold, build the report).
- ``baseline_sum_ms_10k_rounds``: a plain Python loop summing the tricks of the
  same rounds; the floor any per-round work stands on.

``spread`` is the interquartile range of the runs, in the same unit.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from scoring import Colour, Game, Round, Settings, game_to_record, replay_text

ROUNDS = 10_000
RUNS = 15
PLAYERS = ("Anna", "Ben", "Carl", "Dora")
SETTINGS = (
    Settings(),
    Settings(sit_out=True),
    Settings(trump_chaos=True, caller_penalty=False),
    Settings(trump_chaos=True, sit_out=True, restrictions=True),
)
COLOURS = list(Colour)


def _game(rng: random.Random, rules: Settings, first_dealer: int) -> Game:
    """One legal game, played until it ends (R12)."""
    game = Game(PLAYERS, rules, (), first_dealer)
    while not game.finished:
        caller = game.next_caller
        blind = rng.random() < 0.1 and game.can_call_blind(caller)
        trump = Colour.YELLOW if blind else rng.choice(COLOURS)
        changes = rules.trump_chaos and not blind and rng.random() < 0.3
        final = rng.choice(COLOURS) if changes else None
        sat_out: list[str] = []
        for p in PLAYERS:
            if rules.sit_out and rng.random() < 0.15 and game.can_sit_out(p, caller, sat_out):
                sat_out.append(p)
        takers = [p for p in PLAYERS if p not in sat_out]
        tricks = dict.fromkeys(takers, 0)
        for _ in range(6):
            tricks[rng.choice(takers)] += 1
        game = game.record(Round(caller, trump, tricks, blind=blind, final_trump=final,
                                 sat_out=sat_out))
    return game


def build_games(rounds: int = ROUNDS, seed: int = 24) -> list[Game]:
    """Legal games whose rounds add up to exactly ``rounds`` (the last game may stop early)."""
    rng = random.Random(seed)
    games: list[Game] = []
    total = 0
    while total < rounds:
        game = _game(rng, SETTINGS[len(games) % len(SETTINGS)], len(games) % len(PLAYERS))
        if total + len(game.rounds) > rounds:
            game = Game(game.players, game.settings, game.rounds[: rounds - total],
                        game.first_dealer)
        games.append(game)
        total += len(game.rounds)
    return games


def _median_ms(work, runs: int = RUNS) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    q = statistics.quantiles(times, n=4)
    return statistics.median(times), q[2] - q[0]


def run() -> dict[str, dict]:
    """Measure the three figures on the same 10 000 rounds."""
    games = build_games()
    inputs = [(g.players, g.settings, g.rounds, g.first_dealer) for g in games]
    texts = [json.dumps(game_to_record(g)) for g in games]
    assert sum(len(g.rounds) for g in games) == ROUNDS

    def fold() -> None:
        for players, rules, rounds, first in inputs:
            Game(players, rules, rounds, first)

    def from_json() -> None:
        for text in texts:
            replay_text(text)

    def baseline() -> None:
        total = 0
        for _, _, rounds, _ in inputs:
            for r in rounds:
                for made in r.tricks.values():
                    total += made
        assert total == 6 * ROUNDS

    for work in (fold, from_json, baseline):  # warm up
        work()
    base_ms, base_spread = _median_ms(baseline)
    fold_ms, fold_spread = _median_ms(fold)
    json_ms, json_spread = _median_ms(from_json)
    note = f"{len(games)} games of 4 players"
    return {
        "baseline_sum_ms_10k_rounds": {
            "value": base_ms, "unit": "ms", "runs": RUNS, "spread": base_spread,
            "baseline": None, "aim": f"plain loop summing tricks ({note})",
        },
        "replay_ms_10k_rounds": {
            "value": fold_ms, "unit": "ms", "runs": RUNS, "spread": fold_spread,
            "baseline": "baseline_sum_ms_10k_rounds", "aim": "≤ 50 ms",
        },
        "replay_json_ms_10k_rounds": {
            "value": json_ms, "unit": "ms", "runs": RUNS, "spread": json_spread,
            "baseline": "replay_ms_10k_rounds", "aim": "JSON text to report",
        },
    }


if __name__ == "__main__":
    for name, figure in run().items():
        print(f"{name:32} {figure['value']:9.2f} ms ± {figure['spread']:.2f} ({figure['runs']} runs)")
