"""Replay as a player feels it: one long game, and a 10 000-round record beside the fold before.

- ``replay_60_rounds_ms``: a 60-round game of 20 ab (a long evening) replayed from its
  record's JSON text: parse, shapes, every rule checked, every score folded, the
  report built (``scoring.replay_text``). Aim: at most 2 ms.
- ``replay_ms_10k_rounds``: ``scoring.replay_text`` on 10 000 rounds of legal games
  (24 with a mix of variants, and the three presets of 20 ab with their options
  mixed), built deterministically (seeded) with the engine's own ``can_*`` questions.
- ``replay_before_ms_10k_rounds``: the same texts replayed by the engine as it was
  before it became one engine for every rule book (:data:`BEFORE`, taken from the
  repository's history). Aim: the replay at most 1.5× this. Left out where the
  history is not at hand. Both run in a child process holding only the texts.

Each figure is the fastest of ``RUNS`` runs in CPU time (the machine is shared: the
fastest run is the one least disturbed); ``spread`` is the interquartile range of the
runs, in the same unit.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

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
LONG_GAME = 60
BEFORE = "594fe170b74adb91be64c7040765b4271825745d"
"""The last commit with the engine before it ran every rule book as one (two folds, the
speed tricks): the 10 000-round figure is a ratio to it."""
ROOT = Path(__file__).resolve().parent.parent
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
        elif book.contract is not None:
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
        misdeals = rng.choice((0, 0, 0, 1)) if book.misdeals is not None else 0
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
    """Each work's fastest run in ms and the interquartile range of its runs (CPU time, the
    works taking turns so all see the same load)."""
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


def long_game_text() -> str:
    """The record of a 60-round Lehrblatt game (no upper limit: it runs that long)."""
    rng = random.Random(60)
    rules = Settings(LEHRBLATT, start_score=20)
    while True:
        game = Game(PLAYERS, rules)
        played: list[Round] = []
        while not game.finished and len(played) < LONG_GAME:
            played.append(_round_20ab(rng, game))
            game = Game(PLAYERS, rules, tuple(played))
        if len(played) == LONG_GAME and not game.finished:
            return json.dumps(game_to_record(game))


_REPLAY_RUN = """
import json, sys, time
from scoring import replay_text
texts = json.load(sys.stdin)
for text in texts:
    replay_text(text)
times = []
for _ in range(int(sys.argv[1])):
    start = time.process_time()
    for text in texts:
        replay_text(text)
    times.append((time.process_time() - start) * 1000)
print(json.dumps(times))
"""


def replay_in(folder: Path | str, texts: list[str], runs: int = RUNS) -> list[float]:
    """The texts replayed ``runs`` times by the engine in ``folder`` (ms per run), in a child
    process that holds nothing else (so both engines meet the same garbage collector)."""
    done = subprocess.run([sys.executable, "-c", _REPLAY_RUN, str(runs)], cwd=folder,
                          input=json.dumps(texts), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def replay_before(texts: list[str], runs: int = RUNS) -> list[float] | None:
    """The texts replayed by the engine of :data:`BEFORE`; ``None`` when the repository's
    history is not at hand."""
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "scoring"],
                                 capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        return replay_in(folder, texts, runs)


def run() -> dict[str, dict]:
    """Measure the long game and the 10 000 rounds, and the same rounds before."""
    games = build_games(ROUNDS // 2) + build_20ab_games(ROUNDS - ROUNDS // 2)
    assert sum(len(g.rounds) for g in games) == ROUNDS
    texts = [json.dumps(game_to_record(g)) for g in games]
    long_text = long_game_text()

    def long_game() -> None:
        replay_text(long_text)

    long_game()
    long_ms, long_spread = _fastest({"long": long_game})["long"]
    now: list[float] = []
    before: list[float] | None = []
    for _ in range(RUNS):  # taking turns run by run, so both see the same load
        now += replay_in(ROOT, texts, 1)
        if before is not None:
            runs = replay_before(texts, 1)
            before = None if runs is None else before + runs
    all_ms, q = min(now), statistics.quantiles(now, n=4)
    all_spread = q[2] - q[0]
    note = f"{len(games)} games of 4 players, 24 and 20 ab"
    result = {
        "replay_60_rounds_ms": {
            "value": long_ms, "unit": "ms", "runs": RUNS, "spread": long_spread,
            "baseline": None, "aim": "≤ 2 ms (a 60-round Lehrblatt game, JSON to report)",
        },
        "replay_ms_10k_rounds": {
            "value": all_ms, "unit": "ms", "runs": RUNS, "spread": all_spread,
            "baseline": "replay_before_ms_10k_rounds" if before else None,
            "aim": f"≤ 1.5× the engine before ({note})",
        },
    }
    if before:
        q = statistics.quantiles(before, n=4)
        result["replay_before_ms_10k_rounds"] = {
            "value": min(before), "unit": "ms", "runs": RUNS, "spread": q[2] - q[0],
            "baseline": None, "aim": f"the same texts, the engine of {BEFORE[:7]}",
        }
    return result
