"""The web build's first screen asks the client nothing (``web/main.py``, run here on a real Flet
session and a real store).

The page hands Python the browser's languages and the pad's settings with Flutter's connect
(``web/client/python.js``); on a server the client is asked, and its word counts for its own
screen only (tests/test_lan_attacks.py).
"""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Awaitable, Callable

import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session

from app.state import Prefs
from app.state.prefs import DEVICE_KEYS
from tests.helpers import tab_session
from web import main as web_main

encode = configure_encode_object_for_msgpack(BaseControl)


def start(main, monkeypatch: pytest.MonkeyPatch, asked: bool = False, route: str = "/",
          size: tuple[int, int] = (390, 844),
          then: Callable[[Session, Callable[[], Awaitable[None]]], Awaitable[None]] | None = None,
          ) -> tuple[list[str], list[Prefs]]:
    """Run ``main`` on a new session of a browser tab (``size``, web, at ``route``) that answers
    no question (it takes a route pushed, as a browser does): the actions it sent and the prefs its
    first screen got, once every task the session ran has ended (nothing more can be sent), or
    (``asked``) the moment it asked the tab something. ``then`` (a tap) runs on the session after
    that, given a wait for the session to have sent all it will (its updates and effects run)."""
    sent: list[str] = []
    shown: list[Prefs] = []
    result: tuple[list[str], list[Prefs]] = ([], [])

    async def scenario() -> None:
        loop = asyncio.get_running_loop()

        def receive(message) -> None:
            msgpack.packb([message.action, message.body], default=encode)  # as the worker does
            sent.append(MessageAction(message.action).name)
            if message.action == MessageAction.INVOKE_METHOD and (
                    then is not None or message.body.name == "push_route"):
                # the browser takes the route pushed (a resumed game's), asking nothing; after
                # a tap it does what it is asked (a scroll, a file saved)
                loop.call_soon(session.handle_invoke_method_results, message.body.control_id,
                               message.body.call_id, None, None)

        session, tasks = tab_session(receive, size, route)
        # The register's answer, sent (serialised) as the worker sends it: the page is on the
        # client, and the first screen a change to it (unsent, the screen went nowhere).
        session.connection.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
            session_id=session.id, page_patch=session.get_page_patch(), error="")))
        page = session.page
        render = page.render
        monkeypatch.setattr(page, "render", lambda app, state, prefs, *rest: (
            shown.append(prefs), render(app, state, prefs, *rest)))
        await main(page)
        async def ended() -> None:
            while pending := [task for task in tasks if not task.done()]:
                await asyncio.wait([asyncio.wrap_future(task) for task in pending])
        async def question() -> None:
            while "INVOKE_METHOD" not in sent:
                await asyncio.sleep(0.01)  # (polled: the first action of that kind ends it)
        await asyncio.wait_for(question() if asked else ended(), 30)
        if then is not None:
            async def settled() -> None:
                while True:
                    await ended()
                    if not (session._Session__pending_updates or session._Session__pending_effects
                            or session._Session__updates_ready.is_set()):
                        return
                    await asyncio.sleep(0)  # (the session's scheduler runs them)
            await asyncio.wait_for(then(session, settled), 30)
        result[0].extend(sent)
        result[1].extend(shown)
        session.close()

    asyncio.run(scenario())
    return result


@pytest.fixture
def tab(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """A tab of the web build: the data folder ready (as ``prepare`` leaves it) and ``flet_js``,
    the worker's module, whose ``device`` the test sets as the page would."""
    monkeypatch.setenv("BLOCK24_DATA", str(tmp_path))

    async def prepared() -> None:
        pass

    monkeypatch.setattr(web_main, "prepare", prepared)
    flet_js = types.ModuleType("flet_js")
    monkeypatch.setitem(sys.modules, "flet_js", flet_js)
    return flet_js


def test_the_first_screen_goes_out_with_no_question_to_the_client(tab, monkeypatch):
    tab.device = {"languages": ["C", "de-DE", "en-US"],
                  "kept": {DEVICE_KEYS["dark"]: True, "block24.glance": "{}"}}
    sent, shown = start(web_main.main, monkeypatch)
    assert "INVOKE_METHOD" not in sent, sent
    assert len(shown) == 1, "the first screen waited for an answer"
    assert (shown[0].language, shown[0].theme, shown[0].answered) == ("de", "dark", True)
    assert tab.device is None  # taken once: a reconnect of the tab asks the client

    # the language chosen on this phone wins over the browser's; a choice is kept on the device
    tab.device = {"languages": ["de-DE"], "kept": {DEVICE_KEYS["language"]: "nl"}}
    sent, shown = start(web_main.main, monkeypatch)
    assert "INVOKE_METHOD" not in sent and shown[0].language == "nl"


@pytest.mark.parametrize("told", [None, "nonsense", {"languages": "de", "kept": {}}, {"kept": []}])
def test_a_page_that_told_nothing_usable_leaves_the_client_asked(tab, monkeypatch, told):
    """As on a server: the questions go to the client (this one never answers: the first screen
    waits for it, up to prefs.FIRST_ASK_S)."""
    tab.device = told
    sent, shown = start(web_main.main, monkeypatch, asked=True)
    assert "INVOKE_METHOD" in sent and not shown


def test_what_the_page_tells_is_checked_as_an_answer_would_be():
    told = web_main.told({"languages": ["xx", 3, None, "nl-BE"],
                          "kept": {DEVICE_KEYS["language"]: "klingon", DEVICE_KEYS["dark"]: "maybe",
                                   "other": "x"}})
    assert told is not None and told.languages == ("xx", "nl-BE")
    assert "other" not in told.kept
    prefs = asyncio.run(Prefs.load(told.device(_Nowhere()), told.languages))
    assert (prefs.language, prefs.theme) == ("nl", "system")


class _Nowhere:
    async def get(self, key: str) -> object | None:
        raise AssertionError("asked the device")

    async def set(self, key: str, value: str | bool) -> bool:
        return True


FIRST_SCREEN = """
import inspect, json, os, re, sys, tempfile, types, pytest
for name in ("web.main", "flet.app", "flet.controls.page", "flet.messaging.session"):
    __import__(name)  # (in the snapshot whatever the list says)
getattr(sys.modules["web.main"], "configure_first_screen", lambda: None)()  # (as web/snapshot.mjs does)
held = set(sys.modules)
import flet as ft
from flet.controls import base_control
from flet.utils import validation
from app.draft import Phase, RoundDraft
from scoring import WUERTTEMBERG, Colour, Game, Round, Settings
from app.store import Store
from tests.test_web_start import start, web_main
validated, configured = set(), set()
validate, compile_spec = validation.validate, validation._compile_class_spec
def validate_seen(control, **options):
    validated.add(type(control).__qualname__)
    return validate(control, **options)
def compile_seen(control):
    misses = compile_spec.cache_info().misses
    try:
        return compile_spec(control)
    finally:
        if compile_spec.cache_info().misses > misses:
            configured.add(f"{control.__module__}.{control.__qualname__}")
PLAYING = Game(("Anna", "Dave", "Ben"), Settings(sit_out=True), rounds=(
    Round("Dave", Colour.GREEN, {"Anna": 2, "Dave": 4}, sat_out={"Ben"}),))
OVER = Game(("Anna", "Ben", "Carl"), rounds=(  # R10: Ben's +48 reaches the limit
    Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),))
WUERTTEMBERG_PLAYING = Game(("Anna", "Ben", "Carl"), Settings(WUERTTEMBERG))
def resumed(game, phase=None):
    # the last game opened still played: a restart resumes it (mid-round with a draft kept)
    def fill(store):
        game_id = store.create_game(game)
        store.set_setting("last_game", game_id)
        if phase is not None:
            draft = RoundDraft.fresh(game, len(game.rounds) + 1).with_trump(Colour.RED).at(phase)
            if phase is Phase.TRICKS:
                draft = draft.with_tricks(game, "Anna", 2)
            store.save_draft(game_id, {"round": len(game.rounds) + 1, "draft": draft.to_json()})
        return "/"
    return fill
def corrected(store):  # a tab reloaded while a round of the resumed game was corrected
    game_id = store.create_game(PLAYING)
    store.set_setting("last_game", game_id)
    return f"/game/{game_id}/round/1"
def game_over(store):  # a tab reloaded on the game that just ended (a finished game is not resumed)
    return "/game/" + store.create_game(OVER)
def home(*games, deleted=()):
    def fill(store):
        for game in games:
            store.create_game(game)
        for game in deleted:
            store.delete_game(store.create_game(game))
        return "/"
    return fill
# (a command is tapped on the first of these that shows it: home's fullest first, its statistics
# with games in them)
STARTS = {"home with games": (home(PLAYING, OVER), (390, 844)),
          "home with a deleted game": (home(OVER, deleted=(PLAYING,)), (390, 844)),
          "home": (home(), (390, 844)),
          "resumed": (resumed(PLAYING), (390, 844)), "resumed wide": (resumed(PLAYING), (844, 390)),
          "resumed, played": (resumed(PLAYING, Phase.PLAY), (390, 844)),
          "resumed, counted": (resumed(PLAYING, Phase.TRICKS), (390, 844)),
          "resumed, counted wide": (resumed(PLAYING, Phase.TRICKS), (844, 390)),
          "resumed 20 ab": (resumed(WUERTTEMBERG_PLAYING), (390, 844)),
          "round corrected": (corrected, (390, 844)),
          "game over": (game_over, (390, 844))}
def run(fill, size, then=None):
    with pytest.MonkeyPatch.context() as monkeypatch:
        folder = tempfile.mkdtemp(dir=sys.argv[1])
        monkeypatch.setenv("BLOCK24_DATA", folder)
        store = Store.open(folder)
        route = fill(store)
        async def prepared():
            pass
        monkeypatch.setattr(web_main, "prepare", prepared)
        # the worker's module, with the page's side of other phones (web/peer.py: "Other phones")
        flet_js = types.ModuleType("flet_js")
        flet_js.device = {"languages": ["en-US"], "kept": {}}
        flet_js.peer, flet_js.peer_inbox = lambda text: None, lambda: []
        ffi = types.ModuleType("pyodide.ffi")
        ffi.create_proxy = lambda function: function
        for name, module in (("flet_js", flet_js), ("pyodide", types.ModuleType("pyodide")),
                             ("pyodide.ffi", ffi)):
            monkeypatch.setitem(sys.modules, name, module)
        monkeypatch.setattr(base_control, "validate", validate_seen)
        monkeypatch.setattr(validation, "_compile_class_spec", compile_seen)
        start(web_main.main, monkeypatch, route=route, size=size, then=then)
# One tap from each first screen, on a first screen of its own: every control a player can tap
# there (shown, not greyed), as the client sends the tap.
def tappable(control):
    if getattr(control, "on_click", None) is not None:
        return "click", None
    if isinstance(control, ft.Chip) and control.on_select is not None:
        return "select", "true"
    if isinstance(control, ft.Switch) and control.on_change is not None:
        return "change", {"value": not control.value}
    if isinstance(control, ft.Dropdown) and control.on_select is not None and control.options:
        other = next((o.key for o in control.options if o.key != control.value), None)
        return ("select", {"value": other}) if other is not None else None
    return None
def shown(control):
    while control is not None:
        if control.visible is False or getattr(control, "disabled", None) is True:
            return False
        control = control.parent
    return True
def command(control, event):
    # what a tap runs: the app's command in its handler (``act``, ``on_value``) and the routes it
    # is given, or the handler itself
    def function(handler):
        return inspect.unwrap(getattr(handler, "__func__", handler))
    handler = function(getattr(control, f"on_{event}"))
    cells = dict(zip(handler.__code__.co_freevars, (c.cell_contents for c in handler.__closure__ or ())))
    inner = function(cells.get("command", handler))
    routes = (re.sub("/game/[^/]+", "/game/ID", a) for a in cells.get("args", ()) if str(a).startswith("/"))
    return inner.__code__, tuple(routes)
def taps(session, commands):
    # one tap per command: taps that run one command with other values (a player's 0 to 6 tricks,
    # each trump) draw the same controls, as it does from another first screen (the chart from
    # any step of a round); other routes, other screens
    found = []
    for _, control in sorted(session.index.items()):
        how = tappable(control)
        if how is not None and shown(control) and (what := command(control, how[0])) not in commands:
            commands.add(what)
            found.append((control, how))
    return found
def called(control):
    # the tap's name: its words, or the label of the Semantics around it (an icon button)
    for item in (control, control.parent, getattr(control.parent, "parent", None)):
        for key in ("label", "content", "title", "text"):
            said = getattr(item, key, None)
            said = getattr(said, "value", said)
            if isinstance(said, str) and said:
                return said
    return type(control).__name__
shown_taps, commands = {}, set()
for name, (fill, size) in STARTS.items():
    async def look(session, settled, name=name):
        shown_taps[name] = (set(commands), [called(control) for control, _ in taps(session, commands)])
    run(fill, size, look)
first = {"imported": sorted(m for m in set(sys.modules) - held if m.startswith("flet")),
         "validated": sorted(validated), "configured": sorted(configured)}

__import__(web_main.LEFT_OUT)  # (kept out of the snapshot by choice, with what it imports)
tapped, before, validated_first = {}, set(sys.modules), set(validated)
for name, (fill, size) in STARTS.items():
    tapped_before, found = shown_taps[name]
    for k, said in enumerate(found):
        async def tap(session, settled, k=k, said=said):
            control, (event, data) = taps(session, set(tapped_before))[k]
            assert called(control) == said, (name, said, called(control))
            if isinstance(data, dict):  # the client changes the value, then says so
                session.apply_patch(control._i, data)
                data = data["value"]
            configured.clear()
            await session.dispatch_event(control._i, event, data)
            await settled()
        run(fill, size, tap)
        tapped[f"{name}: {said}"] = sorted(configured)
tap_imported = sorted(m for m in set(sys.modules) - before - held if m.startswith("flet"))
print(json.dumps({**first, "tapped": tapped, "tap_validated": sorted(validated - validated_first),
                  "tap_imported": tap_imported}))
"""


@pytest.fixture(scope="module")
def first_screen(tmp_path_factory) -> dict[str, list[str]]:
    """What the first screens did (home; a resumed game at each step of a round, its round
    corrected, its game over: ``STARTS`` in :data:`FIRST_SCREEN`) in a fresh interpreter (in this
    one other tests did it already) that holds what the web build's snapshot holds: the Flet
    modules they imported, the control classes whose controls Flet checked before sending them,
    and those it configured for that; then what one tap on each first screen did (``tapped``:
    the classes each tap configured, ``tap_imported``: the Flet modules the taps imported)."""
    import json
    import subprocess

    from web import build as web_build

    done = subprocess.run([sys.executable, "-c", FIRST_SCREEN, str(tmp_path_factory.mktemp("first"))],
                          capture_output=True, text=True, cwd=web_build.ROOT, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_snapshot_holds_every_flet_module_the_first_screen_imports(first_screen):
    """The web build's snapshot imports the Flet modules of the first screen only
    (``web.build.BLOCK24.first_screen``, and those of ``web.main.first_screen_controls``): one
    the first screen imports beyond them would be read from its bytecode on every start, on the
    way to the first screen."""
    from web import build as web_build

    imported = set(first_screen["imported"])
    assert imported, "the first screen imported no Flet module of its own: the check sees nothing"
    listed = set(web_build.BLOCK24.first_screen)
    missing = sorted(imported - listed)
    assert imported <= listed, f"imported by the first screen, not in the snapshot: {missing}"


def test_the_snapshot_holds_the_first_screens_control_classes_configured(first_screen):
    """Flet configures a control class the first time one is sent: it resolves the type hints of
    the class and its bases into the rules it checks (``validate``): most of the first screen's
    diff in Pyodide (bench/README.md). The snapshot has done it for the first screen's classes
    (``web.main.configure_first_screen``): no first screen configures one, home's nor a resumed
    game's (a restart opens on the game being played)."""
    assert {"Page", "View", "Column", "FilledButton", "ListTile",  # home
            "Dropdown", "Chip", "TextButton", "Canvas", "Divider"} <= set(first_screen["validated"]), (
        f"the first screen was not sent: the check sees nothing ({first_screen['validated']})")
    assert not first_screen["configured"], (
        f"configured on the way to the first screen, not in web.main.first_screen_controls: "
        f"{first_screen['configured']}")


def test_one_tap_from_a_first_screen_configures_no_class_and_imports_no_module(first_screen):
    """The first tap after a restart (New game, Settings, Statistics, a game's chart, a game's
    deletion asked, a round's correction, the undo's offer: every control a first screen shows,
    once per command) sends controls whose classes the snapshot has configured too
    (``web.main.first_screen_controls``) and imports no Flet module the snapshot lacks: else
    that tap's answer waits for Flet's first-time work per class, as the first screen did."""
    from web import build as web_build

    tapped = first_screen["tapped"]
    assert {"home with games: New game", "home with games: Settings", "home with games: Statistics",
            "resumed: Chart",
            "home with games: Delete the game Anna · Dave · Ben", "resumed: Undo last round",
            "round corrected: Save change", "game over: Rematch"} <= set(tapped), (
        f"a first screen's tap was not made: the check sees nothing ({sorted(tapped)})")
    assert {"TextField", "Switch", "AlertDialog", "DataTable", "BarChart", "LineChart"} <= set(
        first_screen["tap_validated"]), f"a tap's screen was not sent ({first_screen['tap_validated']})"
    configured = {tap: kept for tap, classes in tapped.items()
                  if (kept := [c for c in classes if not c.startswith(web_main.LEFT_OUT)])}
    assert not configured, (
        f"configured on a first screen's tap, not in web.main.first_screen_controls: {configured}")
    missing = sorted(set(first_screen["tap_imported"]) - set(web_build.BLOCK24.first_screen))
    assert not missing, f"imported by a first screen's tap, not in the snapshot: {missing}"
