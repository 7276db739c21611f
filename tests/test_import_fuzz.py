"""Fuzz: ``block24 import`` of generated malformed backups exits 2 with one line and changes nothing.

Mutations of a real export (seeded, so a failure repeats): values swapped for
odd ones (huge or negative numbers, deep nesting, control characters, wrong
types, times out of range), keys dropped, bytes cut or flipped, invalid
UTF-8. A mutation that happens to stay a valid backup may import (exit 0).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from app import cli
from app import store as store_module
from app.store import Store
from scoring import game_to_record
from tests.store_writer import FINISH_AT, game_with

CASES = 240
ODD_VALUES = [
    None, True, -1, 0, 2**63, 10**400, 1.5, float("1e308"), "", "\x1b[31m", "²", "١", "x" * 10_000,
    [], {}, [[[[[[[[]]]]]]]], {"a": {"b": {"c": {}}}}, "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59-14:00", "not a date", ["Anna", "Anna"], {"Anna": -5},
]
RAW_TAILS = [b"[" * 5000, b"1" * 5000, b"\xff\xfe", b'{"a":1,"a":2}', b"NaN", b"\x00"]


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "block24.lock"):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def paths(value, prefix=()):
    """Every place in a JSON value (as key/index paths)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*prefix, i))


def mutated(records: list, rng: random.Random) -> bytes:
    kind = rng.randrange(5)
    data = copy.deepcopy(records)
    places = [p for p in paths(data) if p]
    if kind <= 1:  # one or two odd values
        for _ in range(kind + 1):
            *parent, last = rng.choice(places)
            holder = data
            for step in parent:
                holder = holder[step]
            holder[last] = copy.deepcopy(rng.choice(ODD_VALUES))
            places = [p for p in paths(data) if p]
    elif kind == 2:  # a key dropped
        dict_places = [p for p in places if isinstance(p[-1], str)]
        *parent, last = rng.choice(dict_places)
        holder = data
        for step in parent:
            holder = holder[step]
        del holder[last]
    sys.set_int_max_str_digits(0)
    try:
        raw = json.dumps(data, ensure_ascii=rng.random() < 0.5).encode()
    finally:
        sys.set_int_max_str_digits(4300)
    if kind == 3:  # cut or flipped
        at = rng.randrange(len(raw))
        raw = raw[:at] if rng.random() < 0.5 else raw[:at] + bytes([raw[at] ^ 0x55]) + raw[at + 1 :]
    elif kind == 4:
        raw = raw[: rng.randrange(len(raw))] + rng.choice(RAW_TAILS)
    return raw


@pytest.fixture(scope="module")
def backup(tmp_path_factory) -> list:
    store = Store.open(tmp_path_factory.mktemp("source"))
    store.import_records([
        {**game_to_record(game_with(FINISH_AT)), "id": "done"},
        {**game_to_record(game_with(5)), "id": "going"},
    ])
    records = store.export_records()
    store.close()
    return records


def test_malformed_backups_exit_2_with_one_line_and_change_nothing(backup, tmp_path: Path, capfdbinary):
    folder = tmp_path / "data"
    store = Store.open(folder)
    store.import_records([{**game_to_record(game_with(3)), "id": "mine"}])
    store.close()
    rng = random.Random(12)
    refused = 0
    for case in range(CASES):
        raw = mutated(backup, rng)
        path = tmp_path / f"case{case}.json"
        path.write_bytes(raw)
        before = folder_digest(folder)
        status = cli.main(["--data", str(folder), "import", str(path)])
        out, err = capfdbinary.readouterr()
        for opened in list(store_module.games._STORES.values()):
            opened.close()
        if status == 0:  # still a valid backup: it imported
            continue
        refused += 1
        assert status == 2, (case, err)
        assert out == b"" and err.count(b"\n") == 1 and b"Traceback" not in err, (case, err)
        assert b"\x1b" not in err, (case, err)
        assert folder_digest(folder) == before, case
        path.unlink()
    assert refused > CASES // 2
    final = Store.open(folder)
    assert "mine" in {s.id for s in final.list_games()}
    final.close()
