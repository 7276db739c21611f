"""Two phones on one game served with ``--lan``: join code, live updates, a stale change refused."""

from __future__ import annotations

import re

import pytest

from .conftest import PHONE, Server
from .pad import Pad


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("lan"), lan=True)
    server.start()
    yield server
    server.stop()


def phone(browser, server: Server, locale: str = "en-US") -> Pad:
    page = browser.new_context(viewport=PHONE, locale=locale).new_page()
    pad = Pad(page, server.url)
    pad.open()
    return pad


def join(pad: Pad, code: str, then: str | re.Pattern[str]) -> None:
    pad.see("Join the table")
    pad.type("Join code", code)
    pad.tap("Join", then=then)


def test_each_phone_keeps_its_own_language(browser, lan_server):
    """The language lives on the phone; the first visit speaks the browser's."""
    code = lan_server.join_code
    one = phone(browser, lan_server, locale="nl-NL")
    one.see("Aan tafel meedoen")  # the join screen in the browser's language
    one.type("Deelcode", code)
    one.tap("Meedoen", then="Nieuw spel")
    two = phone(browser, lan_server, locale="en-US")
    join(two, code, "New game")

    one.tap_id("settings", then="Instellingen")
    one.tap("Deutsch", then="Einstellungen")  # Dutch browser, German chosen on this phone
    one.see("Sprache")
    one.tap("Dunkel", then="Design")
    one.wait_dark()
    two.see("New game")
    two.tap_id("settings", then="Settings")
    one.shot("33-own-language-de")
    two.shot("34-own-language-en")

    for pad in (one, two):
        pad.reload()
    one.see("Einstellungen")
    one.see("Sprache")
    two.see("Language")
    assert "Einstellungen" not in two.page.locator("body").aria_snapshot()
    one.wait_dark()  # dark kept here
    two.wait_dark(False)  # not there (the phone's own theme: this browser's is light)


def test_two_phones_keep_one_game_in_step(browser, lan_server):
    code = lan_server.join_code
    one = phone(browser, lan_server)
    join(one, "000000", "Wrong code")  # a wrong code: nothing but the join screen
    assert "New game" not in one.page.locator("body").aria_snapshot()
    one.shot("30-join-refused")
    join(one, code, "New game")
    one.tap("New game", then="Start game")
    one.seat(["Anna", "Ben", "Carl"])
    one.tap("Start game", then=re.compile("Round 1: Ben calls trump"))

    two = phone(browser, lan_server)
    join(two, code, re.compile("Round 1: Ben calls trump"))  # resumes the table's game

    # a round recorded on one phone appears on the other
    one.tap("Green", then=re.compile("count tricks"))
    one.tap(re.compile("count tricks"), then="Confirm round")
    one.give_tricks({"Anna": 1, "Ben": 2})
    one.tap("Confirm round", then="Saved")
    two.score_is("Anna", "23")
    two.score_is("Carl", "21")
    two.see(re.compile("Round 2: Carl calls trump"))
    two.shot("31-second-phone")

    # both correct round 1 at once: the second save is refused on the stale phone
    for pad in (one, two):
        pad.tap_id("round-1", then="Correct round 1")
    for pad, counts in ((one, {"Anna": 3, "Ben": 2, "Carl": 1}), (two, {"Anna": 0, "Ben": 3, "Carl": 3})):
        for name, made in counts.items():
            pad.tap_id(f"tricks-{name}-{made}")
        pad.see("All 6 tricks given")
    one.tap("Save change", then="Round 1 corrected")
    two.tap("Save change", then=re.compile("Changed on another device"))
    two.see(re.compile("Round 2: Carl calls trump"))
    two.shot("32-stale-refused")
    two.score_is("Anna", "21")  # the fresh Block: round 1 as the first phone corrected it
    two.score_is("Carl", "23")
