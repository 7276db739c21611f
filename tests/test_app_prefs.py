"""Each phone its own language and theme, on one real store shared by the phones."""

from __future__ import annotations

import asyncio

import pytest

from app.state import AppState, Prefs
from app.state.prefs import DEVICE_KEYS, our_language
from app.store import Store
from tests.helpers import said

run = asyncio.run  # one tap's command, run to the end



class Browser:
    """A browser's local storage as Flet's SharedPreferences gives it (get and set by key)."""

    def __init__(self, kept: dict[str, object] | None = None) -> None:
        self.kept = dict(kept or {})

    async def get(self, key: str) -> object | None:
        return self.kept.get(key)

    async def set(self, key: str, value: str | bool) -> bool:
        self.kept[key] = value
        return True


class Gone(Browser):
    """A tab that closed while the pad asked it (Flet's invoke raises RuntimeError)."""

    async def get(self, key: str) -> object | None:
        raise RuntimeError("Session closed")

    async def set(self, key: str, value: str | bool) -> bool:
        raise RuntimeError("Session closed")


def phone(store: Store, browser: Browser, languages: tuple[str, ...] = ("en-US",)) -> AppState:
    prefs = run(Prefs.load(browser, languages, store.get_setting("language", None),
                           store.get_setting("dark", None)))
    return AppState.open(store, prefs=prefs)


def test_two_phones_on_one_store_keep_their_own_language_and_theme(store):
    one_browser, two_browser = Browser(), Browser()
    one, two = phone(store, one_browser), phone(store, two_browser)
    run(one.set_language("de"))
    run(one.set_theme("dark"))
    assert (one.prefs.language, one.prefs.theme) == ("de", "dark")
    assert (two.prefs.language, two.prefs.theme) == ("en", "system")  # the phone's own by default
    assert one.t("New game") == "Neues Spiel" and two.t("New game") == "New game"
    assert one_browser.kept == {DEVICE_KEYS["language"]: "de", DEVICE_KEYS["dark"]: True}
    assert two_browser.kept == {}
    assert store.get_setting("language", None) is None  # nothing per server any more

    # a reload of each tab: each browser's own choice again
    one, two = phone(store, one_browser), phone(store, two_browser)
    assert (one.prefs.language, one.prefs.theme) == ("de", "dark")
    assert (two.prefs.language, two.prefs.theme) == ("en", "system")
    run(two.set_language("nl"))
    assert phone(store, one_browser).prefs.language == "de"
    assert phone(store, two_browser).prefs.language == "nl"


def test_a_new_phone_takes_its_browsers_language_when_the_pad_speaks_it(store):
    assert phone(store, Browser(), ("nl-BE", "en")).prefs.language == "nl"
    assert phone(store, Browser(), ("fr-FR", "de-AT", "en")).prefs.language == "de"
    # its own choice wins over the browser's language
    assert phone(store, Browser({DEVICE_KEYS["language"]: "en"}), ("de-DE",)).prefs.language == "en"


def test_the_old_per_server_setting_is_only_the_default_of_a_phone_with_no_choice(tmp_path):
    store = Store.open(tmp_path)
    store.set_setting("language", "de")  # chosen before settings moved to the phones
    store.set_setting("dark", True)
    assert (phone(store, Browser(), ("fr-FR",)).prefs.language) == "de"
    assert phone(store, Browser(), ("fr-FR",)).prefs.theme == "dark"
    assert phone(store, Browser(), ("nl",)).prefs.language == "nl"
    kept = Browser({DEVICE_KEYS["language"]: "en", DEVICE_KEYS["dark"]: False})
    assert (phone(store, kept).prefs.language, phone(store, kept).prefs.theme) == ("en", "light")


def test_the_theme_is_the_phones_own_until_one_is_chosen_and_old_choices_still_count(store):
    assert phone(store, Browser()).prefs.theme == "system"
    # kept before the phone's own choice was offered: the switch's True (dark) and False (light)
    assert phone(store, Browser({DEVICE_KEYS["dark"]: True})).prefs.theme == "dark"
    assert phone(store, Browser({DEVICE_KEYS["dark"]: False})).prefs.theme == "light"
    browser = Browser({DEVICE_KEYS["dark"]: True})
    app = phone(store, browser)
    run(app.set_theme("system"))
    assert browser.kept[DEVICE_KEYS["dark"]] == "system"
    assert phone(store, browser).prefs.theme == "system"
    run(app.set_theme("light"))
    assert browser.kept[DEVICE_KEYS["dark"]] is False  # what an older version reads as light
    assert phone(store, browser).prefs.theme == "light"
    with pytest.raises(ValueError):
        run(app.prefs.choose(theme="sepia"))


def test_a_device_that_does_not_answer_is_a_new_one_and_a_choice_still_shows(store):
    app = phone(store, Gone(), ("de",))
    assert app.prefs.language == "de"
    run(app.set_language("nl"))  # the tab is gone: shown for this session, nothing raised
    assert app.prefs.language == "nl"


def test_a_kept_value_of_the_wrong_kind_is_ignored(store):
    for odd in ("yes", 1, 0, "dark", None, ["system"]):
        browser = Browser({DEVICE_KEYS["language"]: "xx", DEVICE_KEYS["dark"]: odd})
        prefs = asyncio.run(Prefs.load(browser, ("de-CH",)))
        assert (prefs.language, prefs.theme) == ("de", "system")


@pytest.mark.parametrize(("tags", "found"), [
    (("de-DE",), "de"), (("EN-gb",), "en"), (("pt-BR", None, "nl"), "nl"), (("fr", ""), None), ((), None),
])
def test_our_language_picks_the_first_the_pad_speaks(tags, found):
    assert our_language(tags) == found


# -- a phone whose connection slept (app.main.follow_other_devices, on a real Flet Session) ------


@pytest.mark.filterwarnings("error::RuntimeWarning")  # a coroutine never awaited (the old bug) fails
def test_a_phone_that_slept_catches_up_and_a_closed_tab_hears_nothing(store):
    """Flet 1.0's Session drops the redraws of a disconnected session and has no loop to
    run a task on (``run_task`` raised, leaving "coroutine ... never awaited"): the news
    waits for the reconnect. A closed session is unsubscribed by Flet's ``Session.close``."""
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.connection import Connection
    from flet.messaging.protocol import configure_encode_object_for_msgpack
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from app.main import follow_other_devices
    from scoring import Colour

    encode = configure_encode_object_for_msgpack(BaseControl)

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        hub = PubSubHub(loop=loop)

        class Socket(Connection):
            """Serializes every message as the websocket does (patches are found by it)."""

            def __init__(self) -> None:
                super().__init__()
                self.pubsubhub, self.loop = hub, loop

            def send_message(self, message) -> None:
                msgpack.packb([message.action, message.body], default=encode)

            def dispose(self) -> None:
                pass

        async def settle() -> None:
            for _ in range(20):
                await asyncio.sleep(0.01)

        async def play_round(state: AppState, colour: Colour, tricks: dict[str, int]) -> None:
            table = state.table
            await table.call.call_trump(colour)
            await table.play.count_tricks()
            for name, made in tricks.items():
                await table.count.set_tricks(name, made)
            await table.count.confirm_round()
            assert table.open.saved, said(table)

        one_session, two_session = Session(Socket()), Session(Socket())
        one, two = AppState.open(store), AppState.open(store)
        follow_other_devices(one_session.page, one)
        follow_other_devices(two_session.page, two)
        one.form.fill([])
        for seat, name in enumerate(("Anna", "Ben", "Carl")):
            one.form.set_name(seat, name)
        await one.start_game()
        game_id = one.table.game_id
        await two.go(f"/game/{game_id}")

        await play_round(one, Colour.GREEN, {"Anna": 1, "Ben": 2})  # both awake: at once
        await settle()
        assert two.table.version == one.table.version and len(two.table.game.rounds) == 1

        await two_session.disconnect(60)  # the second phone's screen goes off
        await play_round(one, Colour.RED, {"Anna": 3, "Ben": 1})
        await settle()
        assert len(two.table.game.rounds) == 1  # nothing drawn while asleep (and nothing raised)
        await two_session.connect(Socket())  # back: it catches up
        await settle()
        assert two.table.version == one.table.version and len(two.table.game.rounds) == 2

        two_session.close()  # the tab closed and its session ended
        await play_round(one, Colour.BLUE, {"Anna": 2, "Ben": 2})
        await settle()
        assert len(two.table.game.rounds) == 2

    asyncio.run(scenario())


class Silent(Browser):
    """A tab back after a server restart: the handle asked before the first frame never answers."""

    async def get(self, key: str) -> object | None:
        await asyncio.sleep(3600)


def test_a_device_silent_at_start_is_asked_again_and_its_choice_wins(monkeypatch):
    monkeypatch.setattr("app.state.prefs.FIRST_ASK_S", 0.05)
    prefs = run(Prefs.load(Silent(), ("en-US",)))
    assert (prefs.language, prefs.answered) == ("en", False)  # the first frame: the browser's
    kept = Browser({DEVICE_KEYS["language"]: "de", DEVICE_KEYS["dark"]: True})
    run(prefs.recall(kept))
    assert (prefs.language, prefs.theme, prefs.answered) == ("de", "dark", True)
    assert prefs.t("New game") == "Neues Spiel"

    # a choice made while the device was silent is kept (and kept on the device)
    prefs = run(Prefs.load(Silent(), ("en-US",)))
    run(prefs.choose(language="nl"))
    run(prefs.recall(kept))
    assert prefs.language == "nl" and kept.kept[DEVICE_KEYS["language"]] == "nl"
    run(prefs.recall(Silent()))  # asked when answered already: nothing happens
