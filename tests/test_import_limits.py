"""What an import takes: bounded ids, limits with codes, odd values refused in one line, escapes."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import sys
from pathlib import Path

import filelock
import pytest

from app import cli
from app import store as store_module
from app.store import ImportRefusedError, Store
from app.store.transfer import MAX_GAMES
from scoring import game_from_record, game_to_record
from tests.store_writer import FINISH_AT, game_with, stored_before_the_limits


def run(capfdbinary, *args: str) -> tuple[int, str, str]:
    status = cli.main(list(args))
    out, err = capfdbinary.readouterr()
    for opened in list(store_module.games._STORES.values()):
        opened.close()
    return status, out.decode(), err.decode()


def test_two_games_under_one_long_id_export_and_import_again(store: Store, tmp_path: Path) -> None:
    long_id = "a" * 64
    first = {**game_to_record(game_with(3)), "id": long_id}
    second = {**game_to_record(game_with(FINISH_AT)), "id": long_id}
    second["players"] = ["Xena", "Yuri", "Zoe"]
    second["rounds"] = [
        {**r, "caller": {"Anna": "Xena", "Ben": "Yuri", "Carl": "Zoe"}[r["caller"]],
         "tricks": dict(zip(second["players"], r["tricks"].values(), strict=True))}
        for r in second["rounds"]
    ]
    second["first_dealer"] = {"Anna": "Xena", "Ben": "Yuri", "Carl": "Zoe"}[second["first_dealer"]]
    report = store.import_records([first, second])
    assert len(report.added) == 2 and all(len(i) <= 64 for i in report.added)
    exported = store.export_records()
    other = Store.open(tmp_path / "other")
    assert len(other.import_records(exported).added) == 2
    assert len(other.import_records(exported).unchanged) == 2  # twice changes nothing
    other.close()


def test_too_many_games_are_refused_with_a_code(store: Store) -> None:
    records = [{"players": ["A", "B"]}] * (MAX_GAMES + 1)
    with pytest.raises(ImportRefusedError) as refused:
        store.import_records(records)
    assert refused.value.code == "too_many_games" and refused.value.values["expected"] == MAX_GAMES
    assert store.list_games() == []


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"created": "0001-01-01T00:00:00+01:00"}, "bad_time"),  # OverflowError in UTC
        ({"updated": "9999-12-31T23:59:59-01:00"}, "bad_time"),
        ({"created": 10**5000}, "bad_time"),
        ({"id": "A" * 65}, "import_refused"),
    ],
)
def test_odd_values_are_refused_in_one_line_and_nothing_is_imported(
    store: Store, tmp_path: Path, capfdbinary, change: dict, code: str
) -> None:
    record = {**game_to_record(game_with(2)), **change}
    with pytest.raises(ImportRefusedError) as refused:
        store.import_records([game_to_record(game_with(1)), record])
    assert refused.value.code == code and refused.value.values["game"] == 2
    assert store.list_games() == []
    sys.set_int_max_str_digits(0)  # json.dumps of a 5 000-digit number needs it (only in this test)
    try:
        text = json.dumps(record)
    finally:
        sys.set_int_max_str_digits(4300)
    (tmp_path / "bad.json").write_text(text)
    status, out, err = run(capfdbinary, "--data", str(store.folder), "import", str(tmp_path / "bad.json"))
    assert (status, out, err.count("\n")) == (2, "", 1) and "Traceback" not in err


def test_names_with_terminal_escapes_are_shown_escaped(tmp_path: Path, capfdbinary) -> None:
    record = game_to_record(game_with(2))
    evil = "\x1b[2J\x1b]0;pwned\x07Eve\u202e"
    record["players"][0] = evil
    record["first_dealer"] = evil if record["first_dealer"] == "Anna" else record["first_dealer"]
    record["rounds"] = [
        {**r, "caller": evil if r["caller"] == "Anna" else r["caller"],
         "tricks": {(evil if p == "Anna" else p): n for p, n in r["tricks"].items()}}
        for r in record["rounds"]
    ]
    store = Store.open(tmp_path / "data")
    with pytest.raises(ImportRefusedError, match="control character"):  # it would reach a terminal
        store.import_records([record])
    store.close()
    stored_before_the_limits(tmp_path / "data", game_from_record(record, new=False))
    status, out, _ = run(capfdbinary, "--data", str(tmp_path / "data"), "games")
    assert status == 0 and "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b[2J" in out and "Eve" in out


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "block24.lock"):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def test_an_unopenable_lock_file_fails_writes_in_one_line(tmp_path: Path, capfdbinary, monkeypatch) -> None:
    store = Store.open(tmp_path / "data")
    store.import_records([{**game_to_record(game_with(2)), "id": "kept"}])
    store.close()

    def refuse(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(filelock.FileLock, "acquire", refuse)
    status, out, _ = run(capfdbinary, "--data", str(tmp_path / "data"), "games")
    assert status == 0 and "kept" in out  # reads work without the lock
    (tmp_path / "r.json").write_text(json.dumps(game_to_record(game_with(1))))
    before = folder_digest(tmp_path / "data")
    status, out, err = run(capfdbinary, "--data", str(tmp_path / "data"), "import", str(tmp_path / "r.json"))
    assert status == 2 and err.count("\n") == 1 and "lock file" in err
    assert folder_digest(tmp_path / "data") == before
