"""Recording a round while 10, 100 and 1 000 finished games of 20 rounds are stored.

``commit_ms_N_games``: :meth:`app.store.Store.save_game` of one more round in a
game being played (the atomic write with fsync, the backup link, the lock),
median over the rounds. Baseline ``stock_tinydb_commit_ms_N_games``: the same
data in one stock TinyDB ``JSONStorage`` file (every game a document) and the
same operation, an ``update`` of the game's document, in the same run.

``import_s_N_games``: :meth:`app.store.Store.import_records` of N finished
games of 20 rounds into an empty store (checked, written, archived). The 8 000
figure's baseline is the 1 000 one: linear time is a ratio near 8 (it
measured 0.7 s and 30 s, 43×, before the import was made linear).

``loop_lag_ms_*`` and ``other_save_ms_*``: what the other phones feel while one
phone imports a backup of 8 000 games into a store of the server. A ticker on
the event loop sleeps 10 ms again and again; its lag is how late it wakes
(every tap's handler waits as long). Meanwhile "another session" saves a round
of its own game from the loop every 100 ms (``other_save_ms``: the call's
time, which includes waiting for the import's transaction to release the
store's lock). Measured while the app's import runs (``Backup.import_file``:
steps in a worker thread), while the same import runs on the loop as it did
before the import left the loop (``_on_loop``), and idle for as long (the baseline), in the
same run.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from tinydb import TinyDB
from tinydb.storages import JSONStorage

from app.state.backup import Backup
from app.state.prefs import Prefs
from app.store import Store
from app.store.transfer import import_bytes
from scoring import Colour, Game, Round, game_to_record

SIZES = (10, 100, 1000)
IMPORT_SIZES = (1000, 8000)
LAG_GAMES = 8000
TICK_S = 0.01
OTHER_SAVE_EVERY_S = 0.1
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


async def _felt_during(store: Store, work) -> tuple[list[float], list[float]]:
    """Ticker lags and another session's save times (ms) while the coroutine ``work`` runs."""
    game = finished_game()
    game_id = store.create_game(game.__class__(game.players, game.settings, game.rounds[:5]))
    played = store.load_game(game_id).game
    lags: list[float] = []
    saves: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK_S)
            lags.append((time.perf_counter() - start - TICK_S) * 1000)

    async def other_session() -> None:
        while not done.is_set():
            start = time.perf_counter()
            store.save_game(game_id, played)  # as a tap's handler does: on the loop
            saves.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(OTHER_SAVE_EVERY_S)

    tasks = [asyncio.create_task(ticker()), asyncio.create_task(other_session())]
    await asyncio.sleep(0.05)
    try:
        await work
    finally:
        done.set()
        await asyncio.gather(*tasks)
    return lags, saves


def _felt(folder: Path, raw: bytes, how: str, seconds: float = 0.0) -> tuple[list[float], list[float], float]:
    """Lags and saves during an import of ``raw`` done ``how`` ("app", "on_loop") or idle ``seconds``."""
    store = Store.open(folder)
    began = time.perf_counter()

    async def work() -> None:
        if how == "app":
            assert await Backup(store, Prefs()).import_file("bench.json", raw)
        elif how == "on_loop":
            import_bytes(store, raw)
        else:
            await asyncio.sleep(seconds)

    try:
        lags, saves = asyncio.run(_felt_during(store, work()))
        return lags, saves, time.perf_counter() - began
    finally:
        store.close()


def measure_import_lag(root: Path, record: dict) -> dict:
    raw = json.dumps([{"id": f"imp{n:05d}", **record} for n in range(LAG_GAMES)]).encode()
    app_lags, app_saves, took = _felt(root / "lag-app", raw, "app")
    loop_lags, loop_saves, _ = _felt(root / "lag-loop", raw, "on_loop")
    idle_lags, idle_saves, _ = _felt(root / "lag-idle", raw, "idle", took)
    n = LAG_GAMES

    def ms(values: list[float], p: int | None, baseline: str | None = None, aim: str = "") -> dict:
        if p is None or len(values) < 2:
            value = max(values)
        else:
            value = statistics.quantiles(values, n=100, method="inclusive")[p - 1]
        q = statistics.quantiles(values, n=4) if len(values) > 1 else [0.0, 0.0, 0.0]
        return {"value": value, "unit": "ms", "runs": len(values), "spread": q[2] - q[0],
                "baseline": baseline, "aim": aim}

    return {
        "loop_lag_ms_idle_p95": ms(idle_lags, 95),
        "loop_lag_ms_idle_max": ms(idle_lags, None),
        f"loop_lag_ms_import_{n}_p95": ms(app_lags, 95, "loop_lag_ms_idle_p95"),
        f"loop_lag_ms_import_{n}_max": ms(app_lags, None, "loop_lag_ms_idle_max"),
        f"loop_lag_ms_import_{n}_on_loop_max": ms(loop_lags, None, "loop_lag_ms_idle_max",
                                                  "the import on the loop, as it once ran"),
        "other_save_ms_idle_p50": ms(idle_saves, 50),
        f"other_save_ms_import_{n}_p50": ms(app_saves, 50, "other_save_ms_idle_p50"),
        f"other_save_ms_import_{n}_max": ms(app_saves, None, "other_save_ms_idle_p50"),
        f"other_save_ms_import_{n}_on_loop_max": ms(loop_saves, None, "other_save_ms_idle_p50"),
        f"import_s_{n}_games_in_app": {"value": took, "unit": "s", "runs": 1, "spread": 0,
                                       "baseline": f"import_s_{n}_games", "aim": "steps in a worker thread"},
    }


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
        figures.update(measure_import_lag(root, record))
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
