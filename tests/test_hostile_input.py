"""A refused input costs what the bounds allow, not what the file holds.

The reader (:func:`scoring.loads`) scans the text before parsing it and stops at
the first list or object past its bound (or the first string that never ends).
Each shape is refused by all three readers (``python -m scoring replay``,
``block24 import``, the app's import) with the usual one line and exit 2, and
the memory it took is checked with ``tracemalloc``: a few objects per level,
never the parsed values (the timings and the ratios against a legal backup are
in ``bench/refusals.py``).
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from app import cli
from app import store as store_module
from app.store import Store
from app.store.transfer import MAX_GAMES, BackupRefused, import_bytes
from scoring import RecordError, loads, replay_text
from scoring.__main__ import main as replay_main
from scoring.record import MAX_DEPTH, MAX_ENTRIES
from tests.store_writer import stored_before_the_limits

ROUND = '{"caller":"A","trump":"red","tricks":{"A":3,"B":3}}'


def shapes(size: int) -> dict[str, str]:
    """The issue's worst shapes, each about ``size`` characters."""
    rounds = max(size // (len(ROUND) + 1), MAX_ENTRIES + 1)
    return {
        "objects": "[" + "{}," * (size // 3) + "{}]",
        "lists": "[" + "[]," * (size // 3) + "[]]",
        "rounds": '{"players":["A","B"],"rounds":[' + f"{ROUND}," * rounds + ROUND + "]}",
        "numbers": '{"players":["A","B"],"rounds":[],"x":[' + "0," * (size // 2) + "0]}",
        "unclosed": '{"players":["A","B"],"rounds":[' + "0," * (size // 2),
    }


# what each reader says: replay wants one record, an import a list of them
EXPECTED = {
    "objects": ("the record must be a JSON object, not a list",
                f"the file holds more than {MAX_GAMES} game records"),
    "lists": ("the record must be a JSON object, not a list",
              f"the file holds more than {MAX_GAMES} game records"),
    "rounds": (f"rounds holds more than {MAX_ENTRIES} entries",) * 2,
    "numbers": (f"x holds more than {MAX_ENTRIES} entries",) * 2,
    "unclosed": (f"rounds holds more than {MAX_ENTRIES} entries",) * 2,
}


@pytest.mark.parametrize("shape", sorted(EXPECTED))
def test_each_shape_is_refused_before_it_is_parsed(shape: str) -> None:
    text = shapes(8_000_000)[shape]
    tracemalloc.start()
    try:
        with pytest.raises(RecordError) as info:
            replay_text(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(info.value) == EXPECTED[shape][0]
    # the scan keeps no copy of the text and none of its values: parsing it was 30-40 times
    # the text (2.3 GB for 63 MB of {})
    assert peak < 10 * 2**20, peak
    with pytest.raises(RecordError) as info:
        loads(text, max_records=MAX_GAMES)
    assert str(info.value) == EXPECTED[shape][1]


@pytest.mark.parametrize("shape", sorted(EXPECTED))
def test_every_reader_refuses_in_one_line_and_exit_2(shape: str, tmp_path: Path, capfdbinary) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(shapes(400_000)[shape])
    assert replay_main(["replay", str(path)]) == 2
    out, err = capfdbinary.readouterr()
    assert out == b"" and err.decode() == EXPECTED[shape][0] + "\n"

    data = tmp_path / "data"
    assert cli.main(["--data", str(data), "import", str(path)]) == 2
    out, err = capfdbinary.readouterr()
    assert err.decode() == f"block24: {path}: {EXPECTED[shape][1]}\n"
    for opened in list(store_module.games._STORES.values()):
        opened.close()

    store = Store.open(data)
    with pytest.raises(BackupRefused) as refused:
        import_bytes(store, path.read_bytes())
    assert str(refused.value) == EXPECTED[shape][1]
    assert refused.value.__cause__.code in ("too_many_records", "too_many_entries")
    assert store.list_games() == []
    store.close()


def test_bounds_are_exact_and_strings_do_not_count() -> None:
    full = "[" + ",".join(["{}"] * MAX_ENTRIES) + "]"
    assert len(loads(full)) == MAX_ENTRIES
    with pytest.raises(RecordError, match="more than"):
        loads("[{}," + full[1:])
    # brackets and commas inside names are text, not entries or levels
    name = '"' + "[{,\\\"" * 20_000 + '"'
    assert loads("[" + name + "]") == ["[{,\"" * 20_000]
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert loads(deep) is not None
    with pytest.raises(RecordError, match=f"more than {MAX_DEPTH} levels"):
        loads("[" + deep + "]")


def test_the_nearest_key_is_named() -> None:
    tricks = '{"players":["A","B"],"rounds":[{"caller":"A","trump":"red","tricks":{' + \
        ",".join(f'"p{i}":0' for i in range(MAX_ENTRIES + 1)) + "}}]}"
    with pytest.raises(RecordError, match=r"^tricks holds more than"):
        loads(tricks)
    inner = '{"players":[["A"],[' + "0," * MAX_ENTRIES + "0]]}"
    with pytest.raises(RecordError, match=r"^players holds more than"):
        loads(inner)
    keys = "{" + ",".join(f'"k{i}":0' for i in range(MAX_ENTRIES + 1)) + "}"
    with pytest.raises(RecordError, match=r"^the record holds more than"):
        loads(keys)


def test_a_legal_backup_reads_as_before(tmp_path: Path) -> None:
    records = [{"players": ["A", "B"], "rounds": [json.loads(ROUND)] * 50, "id": f"g{i}"}
               for i in range(300)]
    assert loads(json.dumps(records, indent=2), max_records=MAX_GAMES) == records


# -- item 3: names get the new-game form's limits ---------------------------------------

LONG_NAME = {"players": ["x" * 10_000_000, "Ben"], "rounds": []}
NUL_NAME = {"players": ["Anna", "\x00" * 10_000_000], "rounds": []}


@pytest.mark.parametrize(("record", "line"), [
    (LONG_NAME, "player 1's name has 10000000 characters, more than 16"),
    (NUL_NAME, "player 2's name holds the control character \\x00"),
    ({"players": ["Anna", "Ben\u2028Carl"], "rounds": []},
     "player 2's name holds the control character \\u2028"),
    ({"players": ["Anna", "x" * 17], "rules": {"book": "20ab", "preset": "lehrblatt"}, "rounds": []},
     "player 2's name has 17 characters, more than 16"),
])
def test_a_record_s_names_have_the_form_s_limits(record: dict, line: str, tmp_path: Path,
                                                 capfdbinary) -> None:
    path = tmp_path / "names.json"
    path.write_text(json.dumps(record))
    assert replay_main(["replay", str(path)]) == 2
    out, err = capfdbinary.readouterr()
    assert out == b"" and err.decode() == line + "\n"  # the round-free line, never the name
    data = tmp_path / "data"
    assert cli.main(["--data", str(data), "import", str(path)]) == 2
    _, err = capfdbinary.readouterr()
    assert err.decode() == f"block24: game 1: {line}; nothing was imported\n"
    for opened in list(store_module.games._STORES.values()):
        opened.close()
    store = Store.open(data)
    with pytest.raises(BackupRefused, match=r"player|more than 20000000"):  # the app reads 20 MB
        import_bytes(store, path.read_bytes())
    assert store.list_games() == []
    store.close()


def test_names_within_the_limits_still_replay() -> None:
    emoji = "👩\u200d👩\u200d👧 Lü"  # a zero-width joiner is a format character, not a control
    record = {"players": ["x" * 16, emoji], "rounds": []}
    assert replay_text(json.dumps(record))["scores"] == {"x" * 16: 24, emoji: 24}


def test_a_stored_game_with_a_longer_name_still_opens_and_plays(tmp_path: Path, table) -> None:
    """Games stored before the limits keep their names: opened, played on, exported."""
    from app.state import AppState, Screen
    from scoring import Colour, Game

    long = "Annabella-Maria Theresa von Hohenzollern"
    game_id = stored_before_the_limits(tmp_path / "old", Game((long, "Ben", "Carl")))
    store = Store.open(tmp_path / "old")
    store.set_setting("last_game", game_id)
    store.close()
    app = AppState.open(Store.open(tmp_path / "old"))
    assert app.screen is Screen.GAME and app.table.game.players[0] == long
    table.app = app
    table.play(Colour.RED, {long: 2, "Ben": 3, "Carl": 1})
    assert len(Store.open(tmp_path / "old").load_game(game_id).game.rounds) == 1
    assert Store.open(tmp_path / "old").export_records()[0]["players"][0] == long


def test_the_form_refuses_a_control_character(app) -> None:
    app.form.set_name(0, "Anna\tB")
    assert app.form.name_error(0) == "No control characters in a name"
    assert not app.form.can_start()


TEXTS = [
    '{"a":[1,2,3],"b":"x,y,[z]{,}","c":[[1],[2,3,4,5]]}',
    '["a\\"[,]\\"b", {"k":"v,,,,"}, [1,2], "' + "[,{" * 30 + '"]',
    '{"players":["A","B"],"rounds":[' + ",".join(['{"caller":"A","t":{"A":1}}'] * 6) + "]}",
    '[[[[[[1,2]]]]],"' + "x" * 50 + '",[1,2,3,4,5]]',
    '{"name":"' + "\\\\" * 20 + '","rounds":[1,2,3,4,5,6,7]',  # never closed
    '["unterminated, [1,2,3,4,5',
    '{"a\\"b":{"k\\\\":[1,2,3,4,5]}}',  # keys with escaped quotes and backslashes
    '{"n":"\\u005b,\\"","x":' + " " * 30 + '[' + '"a,b",' * 5 + '1]}',
]


@pytest.mark.parametrize("piece", [2, 3, 5, 7, 13, 1 << 16])
def test_the_scan_knows_strings_escapes_counts_and_nesting_whatever_its_pieces(monkeypatch,
                                                                             piece: int) -> None:
    """Strings, escapes, counts and nesting cut anywhere by a piece: the same verdicts."""
    from scoring import record as record_module

    def verdicts() -> list[str | None]:
        said = []
        for text in TEXTS:
            try:
                record_module._verify_shape(text, 3)
                said.append(None)
            except RecordError as error:
                said.append(str(error))
        return said

    monkeypatch.setattr(record_module, "MAX_ENTRIES", 4)
    monkeypatch.setattr(record_module, "MAX_DEPTH", 5)
    monkeypatch.setattr(record_module, "_PIECE", piece)
    assert verdicts() == [
        None,
        "the file holds more than 3 game records",
        "rounds holds more than 4 entries",
        "the record is not usable JSON: it is nested more than 5 levels deep",
        "rounds holds more than 4 entries",
        "the record is not JSON: the file ends inside the string that starts at line 1, column 2",
        'k\\ holds more than 4 entries',
        "x holds more than 4 entries",
    ]
