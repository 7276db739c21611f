"""What a refused file costs: the worst input of each shape against a legal backup.

Every reader (``python -m scoring replay``, ``block24 import``, the app's
import) runs in its own process, so its peak memory is its own: ``ru_maxrss``
of that child (``os.wait4``), and its wall time from start to exit. Inputs,
written once into a temporary folder:

- ``legal``: a legal backup (``block24 export``'s indented JSON of at most 9 000
  games of 4 players, 60 or more rounds each, distinct ids), just under the reader's size cap;
- ``objects`` ``[{},{},…]``, ``lists`` ``[[],[],…]`` and ``brackets`` ``[[][]…]`` of the same size;
- ``rounds``: one record of 1 000 000 legal rounds (the issue's 58 MB);
- ``name``: one record whose first player's name fills the file;
- ``string``: a record with 600 ``[`` and then escaped quotes in a string never closed
  (a 64 KB one froze a server for 13 s when the scan was quadratic).

The command lines read up to ``scoring.record.MAX_INPUT_BYTES`` (64 MiB), the
app's picker up to ``MAX_BACKUP_BYTES`` (20 MB): each reader gets inputs just
under its own cap. Figures: ``refuse_<shape>_<reader>_s`` and ``_mb`` (medians
of ``RUNS``), each against ``legal_<reader>_parse_s`` / ``_mb``: a child that
reads and parses the legal backup of the same size with the same reader
(``scoring.loads``) — what any input of that size may cost before a single
game is checked. ``legal_import_s`` / ``_mb`` (the whole ``block24 import`` of
the legal backup into an empty store) and ``python_floor_mb`` (a child that
only imports the app) put the figures in scale.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scoring import Colour, Game, Round, Settings, game_to_record
from scoring.record import MAX_INPUT_BYTES

RUNS = 3
MAX_RECORDS = 9_000
"""Games in the legal backup at most (an import takes 10 000)."""
PLAYERS = ("Anna", "Ben", "Carl", "Dora")
ROUND = '{"caller":"A","trump":"red","tricks":{"A":2,"B":2,"C":2}}'
"""One legal round of three players, compact: a million of them are the issue's 58 MB record."""
ROOT = Path(__file__).resolve().parent.parent

CHILD = {
    "replay": ["scoring", "replay", "{path}"],
    "import": ["app.cli", "--data", "{data}", "import", "{path}"],
    "app": ["bench.refusals", "app", "{path}", "{data}"],
    "parse": ["bench.refusals", "parse", "{path}"],
    "floor": ["bench.refusals", "floor"],
}
"""Each reader as the module a child runs (with its arguments)."""

RUNNER = """import atexit, os, runpy, sys
def peak():  # the child's own high-water mark: ru_maxrss would include its parent's (fork, exec)
    with open("/proc/self/status") as f:
        kb = next(line.split()[1] for line in f if line.startswith("VmHWM"))
    with open(os.environ["BENCH_PEAK_FILE"], "w") as f:
        f.write(kb)
atexit.register(peak)
sys.argv = sys.argv[1:]
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
"""


def child(argv: list[str]) -> int:
    """The readers that are not a command line: the app's import, the bare parse, nothing."""
    what = argv[0]
    if what == "app":
        from app.store import Store
        from app.store.transfer import BackupRefused, import_bytes

        with open(argv[1], "rb") as f:
            raw = f.read()
        try:
            import_bytes(Store.open(argv[2]), raw)
        except BackupRefused:
            return 2
    elif what == "parse":
        from app.store.transfer import MAX_GAMES
        from scoring import loads, read_input

        loads(read_input(argv[1]), max_records=MAX_GAMES)
    else:
        pass
    return 0


def _legal_game(rng: random.Random, rounds: int) -> Game:
    """A legal game of ``rounds`` rounds that goes on (start 999: nobody reaches 0 or the limit)."""
    game = Game(PLAYERS, Settings(start_score=999))
    while len(game.rounds) < rounds:
        tricks = dict.fromkeys(PLAYERS, 0)
        for _ in range(6):
            tricks[rng.choice(PLAYERS)] += 1
        game = game.record(Round(game.next_caller, rng.choice(list(Colour)), tricks))
    return game


def legal_backup(size: int) -> bytes:
    """A legal backup as ``block24 export`` writes it, just under ``size`` bytes."""
    rounds = 60
    while True:  # longer games until the file holds at most MAX_RECORDS of them
        rng = random.Random(20)
        games = [game_to_record(_legal_game(rng, rounds)) for _ in range(24)]
        one = len(json.dumps(games[0], indent=2)) + 4
        if size // one <= MAX_RECORDS:
            break
        rounds = rounds * (size // one) // MAX_RECORDS + 1
    count = size // one
    while True:  # nested in the list each line is indented further: fit to the size
        records = [{"id": f"g{i}", **games[i % len(games)]} for i in range(count)]
        raw = (json.dumps(records, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        if len(raw) <= size:
            return raw
        count = count * size // len(raw)


def shapes(size: int) -> dict[str, bytes]:
    """The worst refused input of each shape, about ``size`` bytes."""
    rounds = 1_000_000 if size > 40_000_000 else size // (len(ROUND) + 2)
    return {
        "objects": b"[" + b"{}," * (size // 3 - 1) + b"{}]",
        "lists": b"[" + b"[]," * (size // 3 - 1) + b"[]]",
        "brackets": b"[" + b"[]" * (size // 2 - 1) + b"]",
        "rounds": ('{"players":["A","B","C"],"rounds":[' + f"{ROUND}," * (rounds - 1)
                   + ROUND + "]}").encode(),
        "name": b'{"players": ["' + b"x" * (size - 100) + b'", "Ben"], "rounds": []}',
        "string": b'{"players":["A","B","C"],"x":"' + b"[" * 600 + b'\\"' * ((size - 700) // 2),
    }


def _child(reader: str, path: Path, data: Path) -> tuple[float, float, int]:
    """Seconds, peak MB (``VmHWM``) and exit status of one child running ``reader`` on ``path``."""
    peak_file = data.with_name(data.name + ".peak")
    args = [sys.executable, "-c", RUNNER, *(a.format(path=path, data=data) for a in CHILD[reader])]
    env = dict(os.environ, BENCH_PEAK_FILE=str(peak_file), PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    status = subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            check=False).returncode
    seconds = time.perf_counter() - start
    return seconds, int(peak_file.read_text()) / 1024, status


def _figure(values: list[float], unit: str, baseline: str | None, aim: str) -> dict:
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return {"value": statistics.median(values), "unit": unit, "runs": len(values),
            "spread": q[2] - q[0], "baseline": baseline, "aim": aim}


def run() -> dict[str, dict]:
    """Measure every reader on every shape and on a legal backup of the same size."""
    from app.store.transfer import MAX_BACKUP_BYTES

    figures: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        caps = {"cli": MAX_INPUT_BYTES - 1024 * 1024, "app": MAX_BACKUP_BYTES - 500_000}
        files: dict[tuple[str, str], Path] = {}
        for cap, size in caps.items():
            for shape, raw in {"legal": legal_backup(size), **shapes(size)}.items():
                path = folder / f"{cap}-{shape}.json"
                path.write_bytes(raw)
                files[cap, shape] = path
        floor = [_child("floor", files["cli", "legal"], folder / "d")[1] for _ in range(RUNS)]
        figures["python_floor_mb"] = _figure(floor, "MB", None, "a child that only imports the app")
        for cap, readers in (("cli", ("replay", "import")), ("app", ("app",))):
            size_mb = files[cap, "legal"].stat().st_size / 1e6
            parse = [_child("parse", files[cap, "legal"], folder / "d") for _ in range(RUNS)]
            assert all(status == 0 for *_, status in parse)
            base = f"legal_{cap}_parse"
            figures[f"{base}_s"] = _figure([p[0] for p in parse], "s", None,
                                           f"parse a legal {size_mb:.0f} MB backup")
            figures[f"{base}_mb"] = _figure([p[1] for p in parse], "MB", "python_floor_mb",
                                            f"parse a legal {size_mb:.0f} MB backup")
            for reader in readers:
                for shape in ("objects", "lists", "rounds", "name", "string"):
                    runs = []
                    for n in range(RUNS):
                        data = folder / f"data-{reader}-{shape}-{n}"
                        runs.append(_child(reader, files[cap, shape], data))
                    assert all(status == 2 for *_, status in runs), (reader, shape, runs)
                    mb = files[cap, shape].stat().st_size / 1e6
                    aim = f"refused: {shape} {mb:.0f} MB; ≤ 1× the legal parse"
                    figures[f"refuse_{shape}_{reader}_s"] = _figure(
                        [r[0] for r in runs], "s", f"{base}_s", aim)
                    figures[f"refuse_{shape}_{reader}_mb"] = _figure(
                        [r[1] for r in runs], "MB", f"{base}_mb", aim)
        whole = [_child("import", files["cli", "legal"], folder / f"legal-{n}") for n in range(2)]
        assert all(status == 0 for *_, status in whole), whole
        figures["legal_import_s"] = _figure([w[0] for w in whole], "s", "legal_cli_parse_s",
                                            "block24 import of the legal backup, every game checked")
        figures["legal_import_mb"] = _figure([w[1] for w in whole], "MB", "legal_cli_parse_mb",
                                             "block24 import of the legal backup")
    return figures


if __name__ == "__main__":
    if sys.argv[1:2] and sys.argv[1] in ("app", "parse", "floor"):
        sys.exit(child(sys.argv[1:]))
    for name, figure in run().items():
        print(f"{name:34} {figure['value']:9.2f} {figure['unit']}")
