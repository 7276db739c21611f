"""R1: names that look alike are one name, and a new name holds nothing invisible.

The engine decides (:func:`scoring.name_problem`, :func:`scoring.name_key`);
the new-game form, an import, a replayed file and the store's rename ask it.
Each case is tried through all of them.
"""

from __future__ import annotations

import asyncio
import json
import re
import unicodedata
from pathlib import Path

import pytest

from app import cli
from app import store as store_module
from app.state import AppState
from app.store import ImportRefusedError, Store, StoreError
from scoring import (
    TWENTY_FOUR,
    Colour,
    Game,
    PlayersError,
    Round,
    name_key,
    name_problem,
    replay_text,
    tidy_name,
    verify_players,
)
from scoring.names import FORMAT_CHARACTERS
from tests.helpers import refused, said
from tests.store_writer import game_with, stored_before_the_limits

JOSE = "Jos\u00e9"  # é as one letter
JOSE_TYPED_APART = "Jose\u0301"  # e and a combining acute accent

LOOK_ALIKE = [  # two seats that read the same
    ("Anna", JOSE, JOSE_TYPED_APART),
    ("ANNA", "Ben", "anna "),
]

INVISIBLE = {  # a name holding something that does not show, and the character named
    "Anna\u200d": "U+200D",  # a zero-width joiner after a letter
    "\u2066Anna\u2069": "U+2066",  # a bidi isolate around the name
    "\u200b": "U+200B",  # a zero-width space, alone
    "\u202eBen": "U+202E",  # shows as "neB"
    "An\u00adna": "U+00AD",  # a soft hyphen
    "\ufeffAnna": "U+FEFF",
}

EMOJI = ["\U0001f469\u200d\U0001f469\u200d\U0001f467",  # a family: joiners between pictographs
         "\U0001f3f3\ufe0f\u200d\U0001f308",  # a rainbow flag: a selector before the joiner
         "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland's flag
         "\U0001f44d\U0001f3fd\u200d\u2640"]  # a skin tone before the joiner


def record(players: list[str]) -> dict:
    return {"players": players, "rounds": []}


# -- the engine -------------------------------------------------------------------------

def test_an_accent_typed_two_ways_is_one_name() -> None:
    assert JOSE != JOSE_TYPED_APART and name_key(JOSE) == name_key(JOSE_TYPED_APART)
    assert name_key("\u00c9mile") == name_key("E\u0301MILE")
    with pytest.raises(PlayersError) as twice:
        verify_players(["Anna", JOSE, JOSE_TYPED_APART])
    assert twice.value.code == "player_twice"
    assert tidy_name(f" {JOSE_TYPED_APART} ") == JOSE  # a new game keeps the composed name


@pytest.mark.parametrize("name", sorted(INVISIBLE))
def test_a_new_name_with_an_invisible_character_is_refused_naming_it(name: str) -> None:
    problem = name_problem(name, 2, TWENTY_FOUR)
    assert problem is not None and problem.code == "player_name_format"
    assert str(problem) == f"player 2's name holds the invisible character {INVISIBLE[name]}"


@pytest.mark.parametrize("name", EMOJI)
def test_the_joiners_and_tags_of_an_emoji_are_part_of_it(name: str) -> None:
    assert name_problem(name, 1, TWENTY_FOUR) is None
    assert name_problem("Anna" + name[-1:] + "\u200d", 1, TWENTY_FOUR) is not None


def test_the_format_characters_are_every_character_unicode_calls_so() -> None:
    every = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"]
    assert [c for c in every if not FORMAT_CHARACTERS.fullmatch(c)] == []


def test_the_seats_before_are_asked_as_r1_compares() -> None:
    problem = name_problem(JOSE_TYPED_APART, 3, TWENTY_FOUR, seated=["Anna", JOSE])
    assert problem is not None and problem.code == "player_twice"
    assert name_problem("Joseph", 3, TWENTY_FOUR, seated=["Anna", JOSE]) is None


# -- a replayed file and an import --------------------------------------------------------

@pytest.mark.parametrize("players", [list(p) for p in LOOK_ALIKE], ids=["accent", "case"])
def test_a_record_with_look_alike_names_is_refused(players: list[str], tmp_path: Path) -> None:
    with pytest.raises(PlayersError, match="is taken twice"):
        replay_text(json.dumps(record(players)))
    store = Store.open(tmp_path)
    with pytest.raises(ImportRefusedError, match="is taken twice"):
        store.import_records([record(players)])
    assert store.list_games() == []
    store.close()


@pytest.mark.parametrize("name", sorted(INVISIBLE))
def test_a_record_with_an_invisible_character_is_refused(name: str, tmp_path: Path, capfdbinary) -> None:
    players = ["Carl", name]
    with pytest.raises(PlayersError, match=re.escape(f"invisible character {INVISIBLE[name]}")):
        replay_text(json.dumps(record(players)))
    path = tmp_path / "names.json"
    path.write_text(json.dumps(record(players)))
    assert cli.main(["--data", str(tmp_path / "data"), "import", str(path)]) == 2
    _, err = capfdbinary.readouterr()
    assert err.decode() == (f"block24: game 1: player 2's name holds the invisible character "
                            f"{INVISIBLE[name]}; nothing was imported\n")
    for opened in list(store_module.games._STORES.values()):
        opened.close()
    assert Store.open(tmp_path / "data").list_games() == []


def test_an_emoji_name_is_imported(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    assert len(store.import_records([record(["Anna", *EMOJI[:2]])]).added) == 1
    store.close()


def test_a_stored_game_with_an_invisible_character_still_opens(tmp_path: Path) -> None:
    """Stored before the limit: kept as it was, as a long name is, and it plays on."""
    game_id = stored_before_the_limits(tmp_path, Game(("Anna\u200b", "Ben", "Carl")))
    store = Store.open(tmp_path)
    game = store.load_game(game_id).game
    assert game.players[0] == "Anna\u200b"
    store.save_game(game_id, game.record(Round("Anna\u200b", Colour.RED, {p: 2 for p in game.players})))
    assert len(store.load_game(game_id).game.rounds) == 1
    store.close()


@pytest.mark.parametrize(("players", "code"), [
    (("Anna", "Anna\u200d", "Ben"), "player_name_format"),
    (("\u2066Anna\u2069", "Ben", "Carl"), "player_name_format"),
    (("\u202eBen", "Anna", "Carl"), "player_name_format"),
    (("\u200b", "Anna", "Ben"), "player_name_format"),
    (("Anna", "Ben", "\x1b[2JCarl"), "player_name_control"),
    (("Anna", "Ben", "x" * 17), "player_name_long"),
])
def test_the_store_refuses_a_new_game_with_a_name_the_form_refuses(players: tuple[str, ...], code: str,
                                                                   tmp_path: Path) -> None:
    """A new game is a way in for names too: the store asks the engine's question as the form does
    (two identical "Anna" columns, a blank one, "neB"), and neither stores nor remembers it."""
    store = Store.open(tmp_path)
    with pytest.raises(PlayersError) as refused:
        store.create_game(Game(players))
    assert refused.value.code == code
    assert store.list_games() == [] and store.known_players() == []
    store.close()


# -- the new-game form ------------------------------------------------------------------

@pytest.mark.parametrize(("names", "seat", "said"), [
    (["Anna", "Anna\u200d", "Ben"], 1, "No invisible characters in a name"),
    (["\u2066Anna\u2069", "Anna", "Ben"], 0, "No invisible characters in a name"),
    (["\u200b", "Anna", "Ben"], 0, "No invisible characters in a name"),
    (["\u202eBen", "Anna", "Carl"], 0, "No invisible characters in a name"),
    (["Anna", JOSE, JOSE_TYPED_APART], 2, f"{JOSE} is already playing"),
    (["Anna", "Ben", "  "], 2, "Enter a name"),
    (["Anna", "Ben", "x" * 17], 2, "At most 16 characters"),
    (["Anna", "Ben\tB", "Carl"], 1, "No control characters in a name"),
])
def test_the_form_words_the_engine_s_answer(app: AppState, names: list[str], seat: int, said: str) -> None:
    for i, name in enumerate(names):
        app.form.set_name(i, name)
    assert app.form.name_error(seat) == said
    assert not app.form.can_start() and app.form.game() is None


def test_the_form_keeps_an_accent_composed_and_takes_emoji(app: AppState) -> None:
    for i, name in enumerate([JOSE_TYPED_APART, EMOJI[0], "Ben"]):
        app.form.set_name(i, name)
    assert app.form.can_start()
    game = app.form.game()
    assert game is not None and game.players == (JOSE, EMOJI[0], "Ben")


@pytest.mark.parametrize("new", ["Anna\u200b", "\u202eBen"])
def test_the_statistics_rename_words_an_invisible_character(app: AppState, new: str) -> None:
    app.store.create_game(game_with(2))
    board = app.stats
    board.refresh()
    board.choose_rename("Anna")
    asyncio.run(board.rename(new))
    assert refused(board) and said(board) == "No invisible characters in a name"
    assert "Anna" in app.store.load_game(app.store.list_games()[0].id).game.players


# -- the store ----------------------------------------------------------------------------

@pytest.mark.parametrize("new", ["Anna\u200b", "\u202eBen"])
def test_a_rename_to_an_invisible_character_is_refused(new: str, tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store.create_game(game_with(2))
    with pytest.raises(StoreError) as refused:
        store.rename_player("Anna", new)
    assert refused.value.code == "name_invisible"
    assert "Anna" in store.load_game(store.list_games()[0].id).game.players
    store.close()


def test_a_rename_keeps_the_accent_composed(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store.create_game(game_with(2))
    store.rename_player("Anna", JOSE_TYPED_APART)
    assert JOSE in store.load_game(store.list_games()[0].id).game.players
    store.close()
