"""Replaying 10 000 rounds: the fold (Game from Round values) and the full JSON path.

A game of 24 ends after a few rounds, so the 10 000 rounds are many legal
4-player games back to back, built deterministically (seeded) with the app's
own ``can_*`` queries and a mix of variants. Figures:

- ``replay_ms_10k_rounds``: constructing each :class:`scoring.Game` from its
  :class:`scoring.Round` values (every rule checked, every score folded).
- ``replay_json_ms_10k_rounds``: :func:`scoring.replay_text` on each game's
  record as JSON text (parse, check shapes, fold, build the report).
- ``baseline_sum_ms_10k_rounds``: a plain Python loop summing the tricks of the
  same rounds; the floor any per-round work stands on.
- ``replay_json_floor_ms_10k_rounds``: the least any JSON-to-report path must do
  beside the fold — C's ``json.loads`` of the texts and the report's two dicts a
  round — with no shape read and no rule checked; the JSON report cannot cost less
  than the replay plus this.
- ``replay_20ab_ms_10k_rounds`` and ``replay_20ab_json_ms_10k_rounds`` (and its
  floor): the same paths for 10 000 rounds of "20 ab" (legal games of the three presets with
  their options mixed: bids, knocks, blind, sitting out, misdeals, exact zero),
  compared with the 24 fold.

Each figure is the fastest of ``RUNS`` runs in CPU time (the machine is shared: the
fastest run is the one least disturbed), measured alternately so all see the same
load; ``spread`` is the interquartile range of the runs, in the same unit. The
aims (issue 17) are ratios in one run: the 24 replay ≤ 12× the summing loop, 20 ab
≤ 1.15× the 24 replay, the JSON report ≤ 1.5× its replay.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from scoring import (
    LEHRBLATT,
    TEMMELS,
    WUERTTEMBERG,
    Colour,
    Game,
    Round,
    Settings,
    Suit,
    game_to_record,
    replay_text,
)

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


TWENTY_AB_SETTINGS = (
    Settings(LEHRBLATT),
    Settings(WUERTTEMBERG),
    Settings(LEHRBLATT, deck="german_double", end="exact_zero"),
    Settings(TEMMELS, sit_out=True, upper_limit=60),
    Settings(WUERTTEMBERG, start_score=30, contract_penalty="add"),
)
SUITS = list(Suit)
MAX_GAME_ROUNDS = 300
"""A 20 ab game without an upper limit may run long; the bench stops one at this many rounds."""


def _round_20ab(rng: random.Random, game: Game) -> Round:
    """A legal round for ``game`` (tried until one is; most are at the first try)."""
    book = game.settings.book
    number = len(game.rounds) + 1
    dealer = game.dealer_of(number)
    while True:
        caller, knock, blind, bid = game.caller_of(number), False, False, None
        trump: Suit | None = rng.choice(SUITS)
        if game.settings.knock and rng.random() < 0.1:
            knock, caller = True, rng.choice(PLAYERS)
        elif rng.random() < 0.1 and game.can_call_blind(caller, dealer=dealer):
            blind, trump = True, Suit.HEARTS
        elif book.bids:
            bid, caller = rng.randint(1, 4), rng.choice(PLAYERS)
        sat_out: list[str] = []
        for p in PLAYERS:
            if (game.settings.sit_out and rng.random() < 0.15
                    and game.can_sit_out(p, caller, sat_out, trump=trump, blind=blind,
                                         knock=knock)):
                sat_out.append(p)
        takers = [p for p in PLAYERS if p not in sat_out]
        tricks = dict.fromkeys(takers, 0)
        for _ in range(game.tricks_per_round):
            tricks[rng.choice(takers)] += 1
        misdeals = rng.choice((0, 0, 0, 1)) if book.misdeals else 0
        round_ = Round(caller, trump, tricks, blind=blind, bid=bid, knock=knock,
                               sat_out=frozenset(sat_out), dealer=dealer, misdeals=misdeals)
        if game.can_record(round_):
            return round_


def build_20ab_games(rounds: int = ROUNDS, seed: int = 20) -> list[Game]:
    """Legal 20 ab games whose rounds add up to exactly ``rounds``."""
    rng = random.Random(seed)
    games: list[Game] = []
    total = 0
    while total < rounds:
        rules = TWENTY_AB_SETTINGS[len(games) % len(TWENTY_AB_SETTINGS)]
        game = Game(PLAYERS, rules, (), len(games) % len(PLAYERS))
        played: list[Round] = []
        while not game.finished and len(played) < min(MAX_GAME_ROUNDS, rounds - total):
            played.append(_round_20ab(rng, game))
            game = Game(PLAYERS, rules, tuple(played), game.first_dealer)
        games.append(game)
        total += len(game.rounds)
    return games


def _fastest(works: dict[str, object], runs: int = RUNS) -> dict[str, tuple[float, float]]:
    """Each work's fastest run in ms and the interquartile range of its runs.

    CPU time of this process (what another process on the machine does weighs less
    than in wall time), the works taking turns so all see the same load.
    """
    times: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(runs):
        for name, work in works.items():
            start = time.process_time()
            work()  # type: ignore[operator]
            times[name].append((time.process_time() - start) * 1000)
    result = {}
    for name, ms in times.items():
        q = statistics.quantiles(ms, n=4)
        result[name] = (min(ms), q[2] - q[0])
    return result


def run() -> dict[str, dict]:
    """Measure the figures on the same 10 000 rounds of each book."""
    games = build_games()
    inputs = [(g.players, g.settings, g.rounds, g.first_dealer) for g in games]
    texts = [json.dumps(game_to_record(g)) for g in games]
    assert sum(len(g.rounds) for g in games) == ROUNDS
    ab_games = build_20ab_games()
    ab_inputs = [(g.players, g.settings, g.rounds, g.first_dealer) for g in ab_games]
    ab_texts = [json.dumps(game_to_record(g)) for g in ab_games]
    assert sum(len(g.rounds) for g in ab_games) == ROUNDS

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

    def fold_20ab() -> None:
        for players, rules, rounds, first in ab_inputs:
            Game(players, rules, rounds, first)

    def from_json_20ab() -> None:
        for text in ab_texts:
            replay_text(text)

    def floor(texts: list[str], games: list) -> Callable[[], None]:
        """The least any JSON-to-report path does beside the fold: C's parse of the text and
        the report's two dicts a round (from results already folded): no shape, no check."""
        def work() -> None:
            for text in texts:
                json.loads(text)
            for game in games:
                players = game.players
                [{"deltas": dict(zip(players, r.deltas)),  # noqa: B905
                  "scores": dict(zip(players, r.scores))} for r in game.results]  # noqa: B905
        return work

    json_floor, ab_json_floor = floor(texts, games), floor(ab_texts, ab_games)
    for work in (fold, from_json, baseline, fold_20ab, from_json_20ab, json_floor,
                 ab_json_floor):  # warm up
        work()
    figures = _fastest({"base": baseline, "fold": fold, "json": from_json, "ab": fold_20ab,
                        "ab_json": from_json_20ab, "floor": json_floor,
                        "ab_floor": ab_json_floor})
    base_ms, base_spread = figures["base"]
    fold_ms, fold_spread = figures["fold"]
    json_ms, json_spread = figures["json"]
    ab_ms, ab_spread = figures["ab"]
    ab_json_ms, ab_json_spread = figures["ab_json"]
    floor_ms, floor_spread = figures["floor"]
    ab_floor_ms, ab_floor_spread = figures["ab_floor"]
    note = f"{len(games)} games of 4 players"
    ab_note = f"{len(ab_games)} games of 4 players, presets mixed"
    return {
        "baseline_sum_ms_10k_rounds": {
            "value": base_ms, "unit": "ms", "runs": RUNS, "spread": base_spread,
            "baseline": None, "aim": f"plain loop summing tricks ({note})",
        },
        "replay_ms_10k_rounds": {
            "value": fold_ms, "unit": "ms", "runs": RUNS, "spread": fold_spread,
            "baseline": "baseline_sum_ms_10k_rounds", "aim": "≤ 12× the summing loop",
        },
        "replay_json_ms_10k_rounds": {
            "value": json_ms, "unit": "ms", "runs": RUNS, "spread": json_spread,
            "baseline": "replay_ms_10k_rounds", "aim": "JSON text to report, ≤ 1.5× the replay",
        },
        "replay_20ab_ms_10k_rounds": {
            "value": ab_ms, "unit": "ms", "runs": RUNS, "spread": ab_spread,
            "baseline": "replay_ms_10k_rounds", "aim": f"≤ 1.15× 24's replay ({ab_note})",
        },
        "replay_json_floor_ms_10k_rounds": {
            "value": floor_ms, "unit": "ms", "runs": RUNS, "spread": floor_spread,
            "baseline": "replay_ms_10k_rounds",
            "aim": "parse + report dicts only: the JSON path is at least 1 + this × the replay",
        },
        "replay_20ab_json_floor_ms_10k_rounds": {
            "value": ab_floor_ms, "unit": "ms", "runs": RUNS, "spread": ab_floor_spread,
            "baseline": "replay_20ab_ms_10k_rounds",
            "aim": "parse + report dicts only: the JSON path is at least 1 + this × the replay",
        },
        "replay_20ab_json_ms_10k_rounds": {
            "value": ab_json_ms, "unit": "ms", "runs": RUNS, "spread": ab_json_spread,
            "baseline": "replay_20ab_ms_10k_rounds", "aim": "JSON text to report, ≤ 1.5× the replay",
        },
    }


if __name__ == "__main__":
    for name, figure in run().items():
        print(f"{name:32} {figure['value']:9.2f} ms ± {figure['spread']:.2f} ({figure['runs']} runs)")
