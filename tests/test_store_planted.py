"""Planted files in the data folder: only regular files are read, ids are printed escaped.

A FIFO at ``archive/x.json`` hung ``block24 games`` (reading a pipe waits for a writer that never
comes); one at ``drafts/<open id>.json`` hung the app's start; an archived game whose id holds an
escape sequence was printed raw to the terminal. Each runs in a process of its own under a
timeout, so a hang fails the test instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.store import ARCHIVE_DIR, LIVE_NAME, TRASH_DIR, Store
from scoring import game_to_record
from tests.store_writer import FINISH_AT, game_with

ROOT = Path(__file__).resolve().parent.parent
HANG = 30
"""Seconds a process may take before it counts as hung (a start takes one or two)."""

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder with a finished game, one being played (the last open) and its draft."""
    folder = tmp_path / "data"
    store = Store.open(folder)
    try:
        done = store.create_game(game_with(0))
        store.save_game(done, game_with(FINISH_AT))
        going = store.create_game(game_with(6))
        store.set_setting("last_game", going)
        store.save_draft(going, {"round": 7, "draft": {}})
    finally:
        store.close()
    return folder


def going(data: Path) -> str:
    return json.loads((data / LIVE_NAME).read_text())["settings"]["last_game"]["value"]


def run(*args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    """The real command line (or ``code``) in a process of its own; a hang is a failure."""
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "app.cli", *args]
    try:
        return subprocess.run(command, capture_output=True, cwd=ROOT, timeout=HANG, text=True,
                              encoding="utf-8")
    except subprocess.TimeoutExpired:
        pytest.fail(f"hung for {HANG} s: {args}")


@pytest.mark.parametrize("where", [f"{ARCHIVE_DIR}/x", f"{ARCHIVE_DIR}/0123456789ab", f"{TRASH_DIR}/x",
                                   f"{ARCHIVE_DIR}/.index", f"{TRASH_DIR}/.index"])
def test_a_fifo_among_the_games_does_not_hang_the_list(data: Path, where: str) -> None:
    (data / TRASH_DIR).mkdir(exist_ok=True)
    fifo = data / (where if where.endswith(".index") else f"{where}.json")
    fifo.unlink(missing_ok=True)
    os.mkfifo(fifo)
    result = run("--data", str(data), "games")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 3  # both games, the pipe no game
    again = run("--data", str(data), "games")  # and again: nothing was left half-done
    assert again.returncode == 0 and again.stdout == result.stdout


def test_a_fifo_as_the_draft_does_not_hang_the_start(data: Path) -> None:
    game = going(data)
    draft = data / "drafts" / f"{game}.json"
    draft.unlink()
    os.mkfifo(draft)
    code = (
        "import sys\n"
        "from app.store import Store\n"
        "from app.state import AppState\n"
        "state = AppState.open(Store.open(sys.argv[1]))\n"
        "print(state.route, len(state.table.game.rounds))\n"
    )
    result = run(str(data), code=code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [f"/game/{game}", "6"]  # the game opens at its last round


def test_a_fifo_as_the_live_file_does_not_hang_the_start(data: Path) -> None:
    live = data / LIVE_NAME
    live.unlink()
    os.mkfifo(live)
    result = run("--data", str(data), "games")
    assert result.returncode == 0, result.stderr
    assert "could not be read" in result.stderr and "backup" in result.stderr
    assert len(result.stdout.splitlines()) == 3  # the backup held the game being played


def test_a_folder_or_a_link_in_place_of_a_game_is_no_game(data: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text("{}")
    os.symlink(secret, data / ARCHIVE_DIR / "aaaa.json")
    (data / ARCHIVE_DIR / "bbbb.json").mkdir()
    result = run("--data", str(data), "games")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 3
    assert secret.read_text() == "{}" and secret.exists()  # the link's target: never read, never moved


def test_an_id_with_escape_sequences_is_printed_escaped(data: Path) -> None:
    """A crafted archive file whose id holds ESC sequences (clear the screen, set the title)."""
    for crafted in ("\x1b[2J\x1b[Hx", "y\x1b]0;pwned\x07", "z\u202e"):
        doc = {"schema": 2, "id": crafted, "version": 1, "created": "2026-01-01T20:00:00+00:00",
               "updated": "2026-01-01T21:00:00+00:00", "finished": "2026-01-01T21:00:00+00:00",
               "record": game_to_record(game_with(FINISH_AT))}
        (data / ARCHIVE_DIR / f"{crafted}.json").write_text(json.dumps(doc))
    result = run("--data", str(data), "games")
    assert result.returncode == 0
    for stream in (result.stdout, result.stderr):
        assert "\x1b" not in stream and "\x07" not in stream and "\u202e" not in stream


@pytest.mark.parametrize("sub", [ARCHIVE_DIR, TRASH_DIR, "drafts"])
def test_a_link_in_place_of_a_subfolder_leads_nothing_outside(data: Path, tmp_path: Path, sub: str) -> None:
    """``archive``, ``trash`` or ``drafts`` planted as a link to a folder elsewhere: the store wrote
    finished games, deleted ones or drafts there, and read the games it found there. The link is
    moved aside (it is renamed, not what it leads to) and a folder of the store's own is used."""
    outside = tmp_path / "outside"
    outside.mkdir()
    planted = {"schema": 2, "id": "abcdef", "version": 1, "created": "2026-01-01T20:00:00+00:00",
               "updated": "2026-01-01T21:00:00+00:00", "finished": "2026-01-01T21:00:00+00:00",
               "record": game_to_record(game_with(FINISH_AT))}
    (outside / "abcdef.json").write_text(json.dumps(planted))
    (outside / f"{going(data)}.json").write_text('{"round": 3, "draft": {}}')
    before = {p.name: p.read_bytes() for p in outside.iterdir()}
    kept = data / sub
    if kept.exists():
        kept.rename(data / f"{sub}.kept")
    os.symlink(outside, kept)
    store = Store.open(data)
    try:
        assert "abcdef" not in {g.id for g in store.list_games()}  # the game planted outside: not read
        game_id = going(data)
        assert store.load_draft(game_id) != {"round": 3, "draft": {}}  # nor the draft planted outside
        store.save_draft(game_id, {"round": 7, "draft": {}})
        store.save_game(game_id, game_with(FINISH_AT))  # finished: written to the archive
        other = store.create_game(game_with(2))
        store.delete_game(other)  # written to the trash
        assert any(sub in w and "link" in w for w in store.warnings), store.warnings
    finally:
        store.close()
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == before  # nothing written there
    assert (data / sub).is_dir() and not (data / sub).is_symlink()
    assert [p.name for p in data.glob(f"{sub}.damaged-*") if p.is_symlink()]  # the link, kept aside
