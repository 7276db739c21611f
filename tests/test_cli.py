"""``block24``: serve by default, list, export (JSON and CSV) and import, with exit codes."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from app import cli
from app import store as store_module
from app.store import LIVE_NAME, Store
from scoring import Game, game_from_record, game_to_record
from tests.store_writer import FINISH_AT, PLAYERS, game_with

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder with a finished game and one being played."""
    folder = tmp_path / "data"
    store = Store.open(folder)
    store.import_records(
        [
            {**game_to_record(game_with(FINISH_AT)), "id": "done"},
            {**game_to_record(game_with(4)), "id": "going"},
        ]
    )
    store.close()
    return folder


def run(capfdbinary, *args: str) -> tuple[int, str, str]:
    """Run ``block24 ARGS`` in this process; the exit status, stdout and stderr."""
    status = cli.main(list(args))
    out, err = capfdbinary.readouterr()
    _close_all()
    return status, out.decode(), err.decode()


def _close_all() -> None:
    """Forget the stores the command opened: each run reads the files afresh, like a process."""
    for store in list(store_module.games._STORES.values()):
        store.close()


def test_no_arguments_serves_the_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = []
    fake = types.ModuleType("app.server")
    fake.serve = lambda main: calls.append("serve")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "app.server", fake)
    monkeypatch.setenv("BLOCK24_DATA", str(tmp_path / "before"))  # restored afterwards
    assert cli.main([]) == 0
    assert cli.main(["serve"]) == 0
    assert cli.main(["--data", str(tmp_path), "serve", "--lan"]) == 0
    assert calls == ["serve"] * 3
    assert os.environ["BLOCK24_DATA"] == str(tmp_path)  # the app opens that folder


def test_serve_passes_lan_when_the_app_takes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    fake = types.ModuleType("app.server")
    fake.serve = lambda main, lan=False: calls.append(lan)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "app.server", fake)
    assert cli.main(["serve", "--lan"]) == 0 and cli.main(["serve"]) == 0
    assert calls == [True, False]


def test_games(data: Path, capfdbinary) -> None:
    status, out, _ = run(capfdbinary, "--data", str(data), "games")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["ID", "DATE", "PLAYERS", "STATUS", "WINNERS"]
    done = next(line for line in lines if line.startswith("done"))
    assert "Anna, Ben, Carl" in done and "finished" in done and done.endswith("Anna")
    going = next(line for line in lines if line.startswith("going"))
    assert "playing" in going and going.endswith("-")


def test_games_when_empty(tmp_path: Path, capfdbinary) -> None:
    assert run(capfdbinary, "--data", str(tmp_path), "games") == (0, "no games stored\n", "")


def test_export_all_and_one(data: Path, tmp_path: Path, capfdbinary) -> None:
    status, out, _ = run(capfdbinary, "--data", str(data), "export")
    records = json.loads(out)
    assert status == 0 and isinstance(records, list) and len(records) == 2
    assert {r["id"] for r in records} == {"done", "going"}
    target = tmp_path / "one.json"
    assert run(capfdbinary, "--data", str(data), "export", "--game", "done", str(target))[0] == 0
    one = json.loads(target.read_text())
    assert one["id"] == "done" and one["outcome"]["winners"] == ["Anna"] and "created" in one
    assert game_from_record(one) == game_with(FINISH_AT)
    replay = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(target)], capture_output=True, cwd=ROOT
    )
    assert replay.returncode == 0 and json.loads(replay.stdout)["winners"] == ["Anna"]


def test_export_csv(data: Path, capfdbinary) -> None:
    status, out, _ = run(capfdbinary, "--data", str(data), "export", "--csv", "--game", "going")
    rows = list(csv.reader(io.StringIO(out)))
    assert status == 0
    assert rows[0] == ["round", "caller", "trump", "final_trump", "blind", "sat_out",
                       *(f"{p} tricks" for p in PLAYERS), *(f"{p} change" for p in PLAYERS),
                       *PLAYERS]  # a stable English head
    assert rows[1][0] == "start" and rows[1][-3:] == ["24", "24", "24"]
    results = game_with(4).results
    assert [row[0] for row in rows[2:]] == [str(r.number) for r in results]
    assert [row[-6:] for row in rows[2:]] == [[*map(str, r.deltas), *map(str, r.scores)]
                                              for r in results]
    assert rows[2][-3:] == ["18", "30", "30"]
    status, _, err = run(capfdbinary, "--data", str(data), "export", "--csv")
    assert status == 2 and "--game" in err


def test_export_unknown_game(data: Path, capfdbinary) -> None:
    status, out, err = run(capfdbinary, "--data", str(data), "export", "--game", "nope")
    assert (status, out) == (2, "") and "game nope" in err


def test_import_round_trip_and_twice(data: Path, tmp_path: Path, capfdbinary) -> None:
    exported = tmp_path / "all.json"
    run(capfdbinary, "--data", str(data), "export", str(exported))
    other = tmp_path / "other"
    status, out, _ = run(capfdbinary, "--data", str(other), "import", str(exported))
    assert status == 0 and "2 new" in out
    status, out, _ = run(capfdbinary, "--data", str(other), "import", str(exported))
    assert status == 0 and "0 new" in out and "2 already there" in out
    again = tmp_path / "again.json"
    run(capfdbinary, "--data", str(other), "export", str(again))
    assert json.loads(again.read_text()) == json.loads(exported.read_text())


def test_import_from_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfdbinary) -> None:
    record = json.dumps(game_to_record(game_with(2))).encode()
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BytesIO(record)))
    status, out, _ = run(capfdbinary, "--data", str(tmp_path), "import", "-")
    assert status == 0 and "1 new" in out


def test_import_refuses_a_bad_record(data: Path, tmp_path: Path, capfdbinary) -> None:
    bad = game_to_record(game_with(5))
    bad["rounds"][3]["blind"] = True  # round 4: blind with red trump
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([game_to_record(Game(("X", "Y"))), {**bad, "id": "b4d"}]))
    before = (data / LIVE_NAME).read_bytes()
    status, out, err = run(capfdbinary, "--data", str(data), "import", str(path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert "game 2 (id b4d): round 4:" in err and "nothing was imported" in err
    assert (data / LIVE_NAME).read_bytes() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"not json", "not JSON"), (b'"a string"', "record"), (b"[1]", "game 1")],
)
def test_import_refuses_what_is_not_records(
    tmp_path: Path, capfdbinary, content: bytes, message: str
) -> None:
    path = tmp_path / "in.json"
    path.write_bytes(content)
    status, _, err = run(capfdbinary, "--data", str(tmp_path / "d"), "import", str(path))
    assert status == 2 and message in err


def test_import_missing_file(tmp_path: Path, capfdbinary) -> None:
    status, _, err = run(capfdbinary, "--data", str(tmp_path), "import", str(tmp_path / "no.json"))
    assert status == 2 and "cannot read" in err


def test_warnings_go_to_stderr(data: Path, capfdbinary) -> None:
    (data / LIVE_NAME).write_bytes(b"\x00garbage")
    status, _, err = run(capfdbinary, "--data", str(data), "games")
    assert status == 0 and "warning:" in err and "damaged" in err


def test_the_entry_point(data: Path) -> None:
    """The real command in a fresh process: exit codes and one-line errors."""
    ok = subprocess.run(
        [sys.executable, "-m", "app.cli", "--data", str(data), "games"], capture_output=True, cwd=ROOT
    )
    assert ok.returncode == 0 and b"done" in ok.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "app.cli", "--data", str(data), "import", "-"],
        input=b'{"players": ["A", "A"], "rounds": []}',
        capture_output=True,
        cwd=ROOT,
    )
    assert bad.returncode == 2 and bad.stdout == b"" and bad.stderr.count(b"\n") == 1
