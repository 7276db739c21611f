"""The offline pad asks the browser to keep its games for good once, when a game is finished, never
at a start (Firefox puts its question over the app) and never again after a no (Chromium).

``navigator.storage.persist()`` is replaced before the page's scripts by one that counts the asks
(in localStorage: they last across reloads) and says no, as a player who declines would.
"""

from __future__ import annotations

import json
import re

import pytest

from scoring import Colour, Game, Round, game_to_record
from web import build as web_build

from .web_site import StaticSite, open_pad

PLAYERS = ("Anna", "Ben", "Carl")
TRICKS = {"Anna": 4, "Ben": 1, "Carl": 1}
ASKS = "Number(localStorage.getItem('test.persist-asks') || 0)"
SAYS_NO = """(() => {
    StorageManager.prototype.persist = function () {
        const asks = Number(localStorage.getItem("test.persist-asks") || 0) + 1;
        localStorage.setItem("test.persist-asks", String(asks));
        return Promise.resolve(false);
    };
})()"""


def one_round_from_the_end() -> bytes:
    """A backup of one game whose next round (Anna calls, red, 4-1-1) ends it: Anna reaches 0."""
    game = Game(PLAYERS)
    while not game.record(Round(game.next_caller, Colour.RED, TRICKS)).finished:
        game = game.record(Round(game.next_caller, Colour.RED, TRICKS))
    assert game.next_caller == "Anna"
    return json.dumps([{"id": "g00001", **game_to_record(game)}]).encode()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    srv = StaticSite(web_build.build(), tmp_path_factory.mktemp("keep-site") / "http.log")
    srv.start()
    yield srv
    srv.stop()


def test_the_browser_is_asked_to_keep_the_games_once_a_game_is_finished_and_not_again(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    context.add_init_script(SAYS_NO)
    try:
        pad = open_pad(context, site.url)
        pad.see("New game")
        pad.page.wait_for_function("globalThis.block24PythonAt && globalThis.block24FlutterAt")
        assert pad.page.evaluate(ASKS) == 0, "asked at the start"
        pad.page.goto(site.url + "#/settings")
        with pad.page.expect_file_chooser() as chooser:
            pad.tap("Import a backup")
        chooser.value.set_files(files=[{"name": "near.json", "mimeType": "application/json",
                                        "buffer": one_round_from_the_end()}])
        pad.see(re.compile("near.json: 1 new game"))
        pad.reload()
        pad.page.wait_for_function("globalThis.block24PythonAt && globalThis.block24FlutterAt")
        assert pad.page.evaluate(ASKS) == 0, "asked at a start"
        pad.page.goto(site.url + "#/game/g00001")
        pad.tap("Red", then=re.compile("count tricks"))
        pad.tap(re.compile("count tricks"), then="Confirm round")
        pad.give_tricks({"Anna": 4, "Ben": 1})
        assert pad.page.evaluate(ASKS) == 0  # the game is not over yet
        pad.tap("Confirm round")
        pad.page.wait_for_function(f"{ASKS} === 1", timeout=30_000)  # the game is over: asked once
        pad.shot("web-10-asked-once-the-game-is-over")
        # Said no: a start, or another finished game, does not ask again.
        pad.reload()
        pad.page.wait_for_function("globalThis.block24PythonAt && globalThis.block24FlutterAt")
        pad.page.evaluate("block24KeepGames('finished game')")  # awaited: asked or not by its end
        assert pad.page.evaluate(ASKS) == 1
    finally:
        context.close()
