"""Crash test: writers killed with SIGKILL at random moments never cost an acknowledged round.

A writer prints a line only after ``save_game``/``create_game`` returned (see
``tests/store_writer.py``). After every kill the store must open without a
warning (no damaged file), hold exactly one copy of every game, and hold every
acknowledged round, in order; at most the one save in flight when the writer
died may have landed on top.
"""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.store import TMP_SUFFIX, Store
from scoring import game_to_record
from tests.store_writer import FINISH_AT, game_with

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")

WRITER = Path(__file__).with_name("store_writer.py")
KILLS = 120
ROOT = Path(__file__).resolve().parent.parent


class Acks:
    """What the writers acknowledged, per game: the most rounds (and version) seen saved.

    ``rounds``/``version`` also take what a check found on disk: a save that
    landed without its acknowledgement must stay too. Each writer may leave
    one such save on top of what is known.
    """

    def __init__(self) -> None:
        self.rounds: dict[str, int] = {}
        self.version: dict[str, int] = {}
        self.lines = 0

    def take(self, line: str) -> None:
        kind, *rest = line.split()
        if kind == "created":
            self.rounds.setdefault(rest[0], 0)
            self.version.setdefault(rest[0], 1)
        elif kind == "saved":
            game_id, version, rounds = rest[0], int(rest[1]), int(rest[2])
            self.rounds[game_id] = max(self.rounds.get(game_id, 0), rounds)
            self.version[game_id] = max(self.version.get(game_id, 0), version)
        else:
            return
        self.lines += 1


def _reader(stream, lines: queue.Queue) -> None:
    for raw in stream:
        lines.put(raw.decode().strip())
    lines.put(None)


def _gone(pid: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.001)
    raise AssertionError(f"writer {pid} did not die")


def check(folder: Path, acks: Acks) -> None:
    """The store opens cleanly and holds every acknowledged round."""
    store = Store.open(folder)
    try:
        assert store.warnings == []
        summaries = store.list_games()
        ids = [s.id for s in summaries]
        assert len(ids) == len(set(ids)), "a game is listed twice"
        stored = {s.id: s for s in summaries}
        for game_id, rounds in acks.rounds.items():
            assert game_id in stored, f"acknowledged game {game_id} is missing"
            summary = stored[game_id]
            assert rounds <= summary.rounds <= rounds + 1, (game_id, rounds, summary.rounds)
            assert acks.version[game_id] <= summary.version <= acks.version[game_id] + 1
            acks.rounds[game_id], acks.version[game_id] = summary.rounds, summary.version
        playing = [s for s in summaries if s.status == "playing"]
        assert len(playing) <= 1
        for summary in playing:  # the game being written: every round, in order
            game = store.load_game(summary.id).game
            assert game_to_record(game) == game_to_record(game_with(len(game.rounds)))
        leftovers = [p.name for p in folder.rglob(f"*{TMP_SUFFIX}")]
        assert leftovers == [], "temporary files were not swept"
        assert not [p for p in folder.rglob("*damaged*")]
    finally:
        store.close()


def test_sigkill_forked_writers(tmp_path: Path) -> None:
    """120 kills of writers forked from a process that has imported everything.

    What matters is checked after every kill (:func:`check`): every
    acknowledged write is there, the store opens without a warning, no
    temporary file is left. No speed is asserted: each writer is killed only
    after it acknowledged a write, so a busy machine makes the test slower,
    never failing; 120 kills then mean at least 120 writes, enough to finish
    games (40 rounds) and move them to the archive on the way.
    """
    rng = random.Random(24)
    acks = Acks()
    server = subprocess.Popen(
        [sys.executable, str(WRITER), "forkserver", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
    )
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_reader, args=(server.stdout, lines), daemon=True).start()

    def send(command: str) -> None:
        server.stdin.write(command.encode() + b"\n")
        server.stdin.flush()

    def until(prefix: str) -> str:
        while True:
            line = lines.get(timeout=60)
            assert line is not None, "the fork server died"
            if line.startswith(prefix):
                return line
            acks.take(line)

    def one_write() -> None:
        """Wait for the writer's next acknowledged write (the only writer alive)."""
        seen = acks.lines
        while acks.lines == seen:
            line = lines.get(timeout=60)
            assert line is not None, "the fork server died"
            acks.take(line)

    kills = 0
    try:
        while kills < KILLS:
            send("fork")
            pid = int(until("pid ").split()[1])
            one_write()
            time.sleep(rng.uniform(0.0, 0.01))  # then mid-save, mid-archive, mid-open of the next…
            os.kill(pid, signal.SIGKILL)
            _gone(pid)
            kills += 1
            send(f"ping {kills}")
            until(f"pong {kills}")  # every line the dead writer wrote is read by now
            check(tmp_path, acks)
        send("quit")
    finally:
        server.kill()
        server.wait()
    assert acks.lines >= KILLS  # one acknowledged write per kill, by construction
    finished = [g for g, r in acks.rounds.items() if r >= FINISH_AT]
    assert finished, "games finished (moved to the archive) on the way"


def test_sigkill_fresh_writer_processes(tmp_path: Path) -> None:
    """Some kills of writers started afresh (python start-up, imports, opening the store)."""
    rng = random.Random(48)
    acks = Acks()
    for _ in range(15):
        writer = subprocess.Popen(
            [sys.executable, str(WRITER), "run", str(tmp_path)], stdout=subprocess.PIPE, cwd=ROOT
        )
        stuck = threading.Timer(60, writer.kill)  # a hung writer fails the checks, not the run
        stuck.start()
        first = writer.stdout.readline().decode()  # killed after its first acknowledged write
        time.sleep(rng.uniform(0.0, 0.05))
        writer.kill()
        stuck.cancel()
        out, _ = writer.communicate()
        for line in (first + out.decode()).splitlines():
            acks.take(line)
        check(tmp_path, acks)
    assert acks.lines >= 15
