"""Recording a round while 10, 100 and 1 000 finished games of 20 rounds are stored.

``commit_ms_N_games``: :meth:`app.store.Store.save_game` of one more round in a
game being played (the atomic write with fsync, the backup link, the lock),
median over the rounds. Baseline ``stock_tinydb_commit_ms_N_games``: the same
data in one stock TinyDB ``JSONStorage`` file (every game a document) and the
same operation, an ``update`` of the game's document, in the same run.

``import_s_N_games``: :meth:`app.store.Store.import_records` of N finished
games of 20 rounds into an empty store (checked, written, archived). The 8 000
figure's baseline is the 1 000 one: linear time is a ratio near 8 (issue 12
measured 0.7 s and 30 s, 43×, before the import was made linear).
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from tinydb import TinyDB
from tinydb.storages import JSONStorage

from app.store import Store
from scoring import Colour, Game, Round, game_to_record

SIZES = (10, 100, 1000)
IMPORT_SIZES = (1000, 8000)
ROUNDS = 40  # rounds recorded (and timed) per figure
PLAYERS = ("Anna", "Ben", "Carl")


def _round(number: int) -> Round:
    """Round ``number`` (1-based) of a game that never ends: scores stay between 18 and 36."""
    i = (number - 1) % 6
    if i < 3:
        return Round(PLAYERS[i], Colour.RED, {p: 6 if j == i else 0 for j, p in enumerate(PLAYERS)})
    return Round(PLAYERS[i - 3], Colour.RED, dict.fromkeys(PLAYERS, 2))


def finished_game() -> Game:
    """A game of exactly 20 rounds that Anna wins (a yellow blind round ends it)."""
    game = Game(PLAYERS)
    for number in range(1, 20):
        game = game.record(_round(number))
    game = game.record(Round("Ben", Colour.YELLOW, {"Anna": 6, "Ben": 0, "Carl": 0}, blind=True))
    assert game.outcome is not None and len(game.rounds) == 20
    return game


def _ours(folder: Path, finished: list[dict]) -> list[float]:
    store = Store.open(folder)
    try:
        store.import_records(finished)
        game = Game(PLAYERS)
        game_id = store.create_game(game)
        version = 1
        times = []
        for number in range(1, ROUNDS + 1):
            game = game.record(_round(number))
            start = time.perf_counter()
            version = store.save_game(game_id, game, version)
            times.append(time.perf_counter() - start)
        assert len(store.list_games()) == len(finished) + 1
        return times
    finally:
        store.close()


def _stock(folder: Path, finished: list[dict]) -> list[float]:
    db = TinyDB(folder / "stock.json", storage=JSONStorage)
    try:
        games = db.table("games")
        games.insert_multiple({"record": r, "version": 1} for r in finished)
        game = Game(PLAYERS)
        doc_id = games.insert({"record": game_to_record(game), "version": 1})
        times = []
        for number in range(1, ROUNDS + 1):
            game = game.record(_round(number))
            start = time.perf_counter()
            games.update({"record": game_to_record(game), "version": number + 1}, doc_ids=[doc_id])
            times.append(time.perf_counter() - start)
        return times
    finally:
        db.close()


def _import_s(folder: Path, records: list[dict]) -> float:
    store = Store.open(folder)
    try:
        start = time.perf_counter()
        store.import_records(records)
        return time.perf_counter() - start
    finally:
        store.close()


def _figure(times: list[float], baseline: str | None, aim: str) -> dict:
    ms = [t * 1000 for t in times]
    quartiles = statistics.quantiles(ms, n=4)
    return {
        "value": statistics.median(ms),
        "unit": "ms",
        "runs": len(ms),
        "spread": quartiles[2] - quartiles[0],
        "baseline": baseline,
        "aim": aim,
    }


def run() -> dict:
    """Median milliseconds to record a round, ours and stock TinyDB's, per archive size."""
    record = game_to_record(finished_game())
    figures: dict[str, dict] = {}
    root = Path(tempfile.mkdtemp(prefix="block24-bench-"))
    try:
        for size in SIZES:
            finished = [{"id": f"old{n:05d}", **record} for n in range(size)]
            ours = _ours(root / f"ours{size}", finished)
            (root / f"stock{size}").mkdir()
            stock = _stock(root / f"stock{size}", finished)
            figures[f"stock_tinydb_commit_ms_{size}_games"] = _figure(stock, None, "")
            figures[f"commit_ms_{size}_games"] = _figure(
                ours,
                f"stock_tinydb_commit_ms_{size}_games",
                "≤ 10 ms, ≤ 1.5× commit_ms_10_games" if size == 1000 else "",
            )
        for size in IMPORT_SIZES:
            records = [{"id": f"imp{n:05d}", **record} for n in range(size)]
            seconds = _import_s(root / f"import{size}", records)
            figures[f"import_s_{size}_games"] = {
                "value": seconds,
                "unit": "s",
                "runs": 1,
                "spread": 0,
                "baseline": f"import_s_{IMPORT_SIZES[0]}_games" if size != IMPORT_SIZES[0] else None,
                "aim": "" if size == IMPORT_SIZES[0] else f"≤ {2 * size // IMPORT_SIZES[0]}× (linear)",
            }
    finally:
        shutil.rmtree(root, ignore_errors=True)
    figures["commit_ratio_1000_vs_10_games"] = {
        "value": figures["commit_ms_1000_games"]["value"] / figures["commit_ms_10_games"]["value"],
        "unit": "×",
        "runs": ROUNDS,
        "spread": 0,
        "baseline": None,
        "aim": "≤ 1.5",
    }
    return figures
