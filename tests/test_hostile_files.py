"""A damaged side file read at start never blanks the app.

A real store on disk, the app's state opened in process as a new tab does; the
draft of the round being entered (``drafts/<id>.json``) and the game files are
damaged in every way a crash, a full disk or a hand can damage them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.i18n import LANGUAGES, WARNINGS
from app.state import AppState, Screen
from app.store import Store
from scoring import Colour
from tests.helpers import refused, said
from tests.store_writer import FINISH_AT, game_with

DAMAGED_DRAFTS = {
    "huge_number": b'{"round": 2, "draft": {"caller": "Ben", "phase": "tricks", "trump": "red",'
                   b' "tricks": {"Anna": 1e400}}}',
    "deep_nesting": b"[" * 100_000 + b"]" * 100_000,
    "deep_object": b'{"round": 2, "draft": ' + b'{"a":' * 50_000 + b"1" + b"}" * 50_001,
    "not_json": b"{damaged",
    "not_utf8": b"\xff\xfe{}",
    "list": b"[1, 2, 3]",
    "draft_a_string": b'{"round": 2, "draft": "caller"}',
    "tricks_a_list": b'{"round": 2, "draft": {"caller": "Ben", "phase": "play", "tricks": [1, 2]}}',
    "unknown_phase": b'{"round": 2, "draft": {"caller": "Ben", "phase": "dance"}}',
    "unknown_trump": b'{"round": 2, "draft": {"caller": "Ben", "phase": "play", "trump": "mauve"}}',
    "too_big": b'{"round": 2, "pad": "' + b"x" * 200_000 + b'"}',
}


def _game_with_a_round(app: AppState, table) -> str:
    table.start()
    table.play(Colour.GREEN, {"Anna": 1, "Ben": 2})
    app.table.notice = None
    return app.table.game_id


@pytest.mark.parametrize("damage", sorted(DAMAGED_DRAFTS))
def test_a_damaged_draft_is_set_aside_and_the_game_opens_at_its_last_round(
        app: AppState, table, folder: Path, damage: str) -> None:
    game_id = _game_with_a_round(app, table)
    draft = folder / "drafts" / f"{game_id}.json"
    draft.write_bytes(DAMAGED_DRAFTS[damage])

    again = AppState.open(Store.open(folder))  # a new tab, or the server restarted
    again.prefs.language = "en"
    assert again.screen is Screen.GAME and again.table.game_id == game_id
    assert len(again.table.game.rounds) == 1  # the last confirmed round
    assert again.table.draft.caller == again.table.game.caller_of(2) and not again.table.draft.called
    assert said(again.table) == "The round being entered could not be read: it was set aside"
    assert not refused(again.table)
    aside = [p.name for p in draft.parent.iterdir()]
    assert len(aside) == 1 and aside[0].startswith(f"{game_id}.json.damaged-")
    assert (draft.parent / aside[0]).read_bytes() == DAMAGED_DRAFTS[damage]  # kept, not lost

    third = AppState.open(Store.open(folder))  # said once: the next tab opens quietly
    assert said(third.table) is None and third.screen is Screen.GAME
    run = table.run  # and the table plays on: the next round is entered and kept
    run(third.table.call.call_trump(Colour.RED))
    assert json.loads(draft.read_bytes())["draft"]["trump"] == "red"


def test_a_draft_of_a_recorded_round_is_not_damage(app: AppState, table, folder: Path) -> None:
    """A draft of round 1 after round 1 was recorded elsewhere: unused, nothing set aside or said."""
    game_id = _game_with_a_round(app, table)
    draft = folder / "drafts" / f"{game_id}.json"
    draft.write_text(json.dumps({"round": 1, "draft": {"caller": "Anna", "phase": "call"}}))
    again = AppState.open(Store.open(folder))
    assert said(again.table) is None and not again.table.draft.called
    assert [p.name for p in draft.parent.iterdir()] == [draft.name]


@pytest.mark.parametrize("damage", ["huge_number", "deep_nesting", "not_json"])
@pytest.mark.parametrize("where", ["archive", "trash", "live"])
def test_damaged_game_files_never_blank_the_app(tmp_path: Path, where: str, damage: str) -> None:
    """The other files read at start: set aside with a message on home, the rest opens."""
    store = Store.open(tmp_path)
    playing = store.create_game(game_with(2))
    finished = store.create_game(game_with(FINISH_AT))
    if where == "trash":
        store.delete_game(finished)
    store.close()
    path = {"archive": tmp_path / "archive" / f"{finished}.json",
            "trash": tmp_path / "trash" / f"{finished}.json",
            "live": tmp_path / "block24.json"}[where]
    raw = DAMAGED_DRAFTS[damage]
    if damage == "huge_number":
        raw = path.read_bytes().replace(b'"version":', b'"version":1e400,"v":', 1)
    path.write_bytes(raw)
    app = AppState.open(Store.open(tmp_path))
    assert any(".damaged-" in n for n in app.notices), app.notices  # the log's line names the file
    for language in LANGUAGES:  # the table's words: its language, no path, no game id
        app.prefs.language = language
        for words in app.notice_words():
            assert str(tmp_path) not in words and ".damaged-" not in words, words
            assert playing not in words and finished not in words, words
            assert language == "en" or words not in WARNINGS.values(), (language, words)
    ids = {g.id for g in app.running + app.finished}
    assert playing in ids  # the live file falls back to its backup
    assert (finished in ids) is (where == "live")  # a damaged game file costs that game only


ODD_VALUES = [[1], {"x": 1}, 5, None, "xx", 1e300, True]


@pytest.mark.parametrize("value", ODD_VALUES)
@pytest.mark.parametrize("key", ["language", "dark", "last_game"])
def test_odd_settings_in_the_data_file_never_blank_the_app(tmp_path: Path, key: str, value) -> None:
    store = Store.open(tmp_path)
    store.set_setting(key, value)
    app = AppState.open(store)
    assert app.screen is Screen.HOME and app.prefs.language in ("en", "de", "nl")


@pytest.mark.parametrize("value", ODD_VALUES)
def test_odd_values_kept_on_the_device_are_a_device_that_kept_nothing(value) -> None:
    import asyncio

    from app.state.prefs import Prefs

    class Device:
        async def get(self, key: str) -> object:
            return value

        async def set(self, key: str, kept: object) -> bool:
            return True

    prefs = asyncio.run(Prefs.load(Device(), [value, "nl-NL"]))
    assert prefs.language == "nl" and prefs.dark in (True, False)


def test_a_draft_the_system_will_not_read_is_simply_unused(app: AppState, table, folder: Path) -> None:
    game_id = _game_with_a_round(app, table)
    draft = folder / "drafts" / f"{game_id}.json"
    draft.unlink(missing_ok=True)
    draft.mkdir()  # a folder where the file goes
    again = AppState.open(Store.open(folder))
    assert again.screen is Screen.GAME and said(again.table) is None
    assert len(again.table.game.rounds) == 1 and not again.table.draft.called
