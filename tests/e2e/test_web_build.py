"""The offline phone build in Chromium: the whole pad runs in the browser under Pyodide.

``build/web/`` (``make web``; reused while its inputs are unchanged) is served
by a static server on 127.0.0.1; every other request is aborted (``Pad``), so
anything fetched from an index or a CDN at run time fails the test. One
browser profile lasts for the module, as a phone's browser does. The tests run
in order: a game is played, survives a reload, starts with the server gone, a
new build replaces the old one, the site is installable, and a second tab's
stale write is refused.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import re
import shutil
import signal

import pytest

from app.i18n import NAMES, text
from scoring import Colour, Game, Round, game_to_record
from web import build as web_build
from web.main import CHANNEL as STORE_CHANNEL

from .conftest import in_order
from .pad import Pad
from .web_site import StaticSite, build_version, open_pad, phone_profile, the_build, wait_for_service_worker

PLAYERS = ("Anna", "Ben", "Carl")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    """The current web build served on a free loopback port."""
    srv = StaticSite(the_build(), tmp_path_factory.mktemp("site") / "http.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def phone(browser, tmp_path_factory: pytest.TempPathFactory):
    """A persistent browser profile (IndexedDB, service worker and its cache last)."""
    context = phone_profile(browser.browser_type, tmp_path_factory.mktemp("profile"))
    yield context
    context.close()


def test_a_round_is_kept_in_indexeddb_across_a_reload(phone, site):
    pad = open_pad(phone, site.url)
    pad.see("New game")
    pad.shot("web-01-home")
    pad.tap("New game", then="Start game")
    pad.seat(PLAYERS)
    pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    pad.play_round("Red", {"Anna": 3, "Ben": 1})  # Carl's 2 fill in
    pad.score_is("Anna", "21")
    pad.shot("web-02-block-after-round-1")
    # The offline copy is completed once the app is up; wait for it so the next steps can go offline.
    wait_for_service_worker(pad, build_version(site.folder))
    # Chromium runs Flutter's WebAssembly client: the JavaScript one and both CanvasKits are never
    # fetched, the large files come gzipped (the host compresses nothing: http.server).
    fetched = {path for path, status in site.served() if status == 200}
    assert {"main.dart.wasm.gz", "canvaskit/skwasm.wasm.gz", "pyodide/pyodide.asm.wasm.gz"} <= fetched
    unused = {"main.dart.js", "canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm"}
    assert not {path for path in fetched if path.removesuffix(".gz") in unused}
    assert not fetched & {"main.dart.wasm", "pyodide/pyodide.asm.wasm"}  # never the plain copy as well
    print(f"\nfirst visit in Chromium: {site.bytes_sent() / 1e6:.1f} MB sent by the host")
    assert site.bytes_sent() <= 22e6  # (bench/README.md: what each megabyte is)

    pad.reload()
    pad.score_is("Anna", "21")
    pad.score_is("Carl", "22")
    pad.page.close()


def test_the_app_starts_from_the_cache_with_the_server_stopped(phone, site):
    site.stop()
    try:
        pad = open_pad(phone, site.url)
        pad.score_is("Anna", "21")
        pad.score_is("Ben", "23")
        pad.shot("web-03-offline")
        pad.page.close()
    finally:
        site.start()


def test_a_new_build_is_picked_up_once_it_is_served(phone, site, tmp_path):
    pad = open_pad(phone, site.url)
    old = build_version(site.folder)
    wait_for_service_worker(pad, old)
    # A new build: another page, so another hash of the files, so another service worker.
    new_folder = tmp_path / "web-v2"
    shutil.copytree(site.folder, new_folder)
    index = new_folder / "index.html"
    index.write_text(re.sub(r'(<meta name="block24-build" content=")[^"]*', r"\1next-build",
                            index.read_text()))
    new = web_build.stamp(new_folder)
    assert new != old
    site.stop()
    site.start(new_folder)
    try:
        pad.reload()  # the browser checks the worker, finds the new one, which takes over
        wait_for_service_worker(pad, new)  # (ends with a reload the new worker answers)
        assert pad.page.locator('meta[name="block24-build"]').get_attribute("content") == "next-build"
        # The snapshot is the old build's: Python starts the usual way (slower: 15–20 s here)
        pad.by_id("score-Anna").wait_for(timeout=90_000)
        pad.score_is("Anna", "21")
        # The old build's cache is gone; the new one holds every file.
        site.stop()
        pad.reload()
        pad.by_id("score-Anna").wait_for(timeout=90_000)
        pad.score_is("Anna", "21")
    finally:
        site.stop()
        # Served again as newer than the build above, as a host does with a new upload: else
        # http.server answers the browser's update check "304 Not Modified" (its file is older).
        os.utime(web_build.OUT / web_build.SERVICE_WORKER)
        site.start(web_build.OUT)
        pad.page.close()


def test_chromium_finds_the_site_installable(phone, site):
    pad = open_pad(phone, site.url)
    manifest = pad.page.evaluate("fetch('manifest.json').then(r => r.json())")
    assert manifest["name"] == "Block 24"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    cdp = phone.new_cdp_session(pad.page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    pad.page.close()


def test_a_second_tab_cannot_overwrite_the_first_tabs_round(phone, site):
    # One tab up before the next opens: two Pythons starting at once on a busy 2-core machine
    # outlasted the wait for the first tab's Block.
    first = open_pad(phone, site.url)
    first.score_is("Anna", "21")
    second = open_pad(phone, site.url)
    second.score_is("Anna", "21")
    # Round 2 in the first tab; the second tab still shows the Block after round 1.
    first.play_round("Blue", {"Anna": 1, "Ben": 1})  # Carl 4
    first.score_is("Carl", "18")
    second.tap("Green", then=re.compile("count tricks"))
    second.tap(re.compile("count tricks"), then="Confirm round")
    second.give_tricks({"Anna": 2, "Ben": 2})
    second.tap("Confirm round")
    second.see(re.compile("Changed on another device"))
    second.shot("web-04-stale-tab-refused")
    # The second tab now shows the first tab's round, and a reload finds it stored.
    second.score_is("Carl", "18")
    first.reload()
    first.score_is("Carl", "18")
    first.score_is("Anna", "20")
    first.page.close()
    second.page.close()


def test_backups_are_exported_and_imported_in_the_browser(phone, site):
    pad = open_pad(phone, site.url)
    pad.page.goto(site.url + "#/settings")
    pad.see("Export all games")
    # Headless Chromium declines navigator.storage.persist(): one calm line says what it means.
    pad.see("This browser may clear stored games when space runs low: keep a copy with "
            "“Export all games”.")
    with pad.page.expect_download() as download:
        pad.tap("Export all games")
    backup = download.value.path().read_bytes()
    assert b'"Anna"' in backup and b'"Blue"' in backup.replace(b'"blue"', b'"Blue"')
    # A damaged backup is refused whole, with the reason in the table's language.
    pad.tap("Deutsch", then="Sicherung einlesen")
    with pad.page.expect_file_chooser() as chooser:
        pad.tap("Sicherung einlesen")
    chooser.value.set_files(files=[{"name": "bad.json", "mimeType": "application/json",
                                    "buffer": backup[: len(backup) // 2]}])
    pad.see(re.compile("bad.json wurde nicht eingelesen: .+ Nichts wurde geändert."))
    pad.shot("web-05-bad-backup-refused-de")
    pad.tap("English", then="Import a backup")
    # The export itself comes back in: nothing new, nothing lost.
    with pad.page.expect_file_chooser() as chooser:
        pad.tap("Import a backup")
    chooser.value.set_files(files=[{"name": "phone.json", "mimeType": "application/json",
                                    "buffer": backup}])
    pad.see(re.compile("phone.json: .*already there"))
    pad.shot("web-05-backup-imported")
    pad.page.close()


# Run in the page of the same origin: the store's live file in IndexedDB (IDBFS keeps each file
# under its path in the database named after the mount) made unreadable, as a torn write would.
DAMAGE_LIVE_FILE = """() => new Promise((done, fail) => {
    const opened = indexedDB.open("/persist");
    opened.onerror = () => fail(opened.error);
    opened.onsuccess = () => {
        const db = opened.result;
        const store = db.transaction(["FILE_DATA"], "readwrite").objectStore("FILE_DATA");
        const path = "/persist/block24/block24.json";
        const read = store.get(path);
        read.onsuccess = () => {  // put in the same transaction, from its own callback
            const entry = read.result;
            if (!entry) { db.close(); done(false); return; }
            entry.contents = new TextEncoder().encode('{"_meta": {"schema": {"vers');
            entry.timestamp = new Date();
            const put = store.put(entry, path);
            put.onsuccess = () => { db.close(); done(true); };
            put.onerror = () => fail(put.error);
        };
    };
})"""


def test_a_damaged_file_in_the_browser_is_moved_aside_and_told(phone, site):
    pad = open_pad(phone, site.url)
    pad.score_is("Anna", "20")  # the game of the tests above, resumed
    pad.page.goto(site.url + "manifest.json")  # the same origin, the app not running
    assert pad.page.evaluate(DAMAGE_LIVE_FILE)
    pad.open()
    pad.tap("Games", then="New game")
    pad.see(re.compile(r"The games' file could not be read; it was moved aside and the backup from "
                       r"\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d is used"))  # the table's date; no path
    pad.shot("web-06-damaged-file-told")
    pad.tap("OK")
    pad.see(re.compile("Anna, Ben, Carl|Anna · Ben · Carl|Anna"))  # the backup's games are there
    pad.page.close()


# One phone's profile through the tests above, in their order: one worker runs them one after another.
TestOnePhone = in_order(
    test_a_round_is_kept_in_indexeddb_across_a_reload,
    test_the_app_starts_from_the_cache_with_the_server_stopped,
    test_a_new_build_is_picked_up_once_it_is_served,
    test_chromium_finds_the_site_installable,
    test_a_second_tab_cannot_overwrite_the_first_tabs_round,
    test_backups_are_exported_and_imported_in_the_browser,
    test_a_damaged_file_in_the_browser_is_moved_aside_and_told,
)


# Prepended to the Python worker: IndexedDB refuses to open, as in a private window or when the
# origin's quota is used up.
NO_INDEXEDDB = """Object.defineProperty(self, "indexedDB", {configurable: true, get: () => ({
    open() { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); },
})});
"""


def test_without_indexeddb_the_pad_says_so_and_keeps_the_game_in_memory(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)

    def worker_without_indexeddb(route):
        response = route.fetch()
        route.fulfill(response=response, body=NO_INDEXEDDB + response.text())

    context.route("**/python-worker.js", worker_without_indexeddb)
    try:
        pad = open_pad(context, site.url)
        pad.see("This browser keeps no data: games are kept in memory only, until the tab closes.")
        pad.shot("web-07-memory-only")
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        pad.tap("Red", then=re.compile("count tricks"))
        pad.tap(re.compile("count tricks"), then="Confirm round")
        pad.give_tricks({"Anna": 3, "Ben": 1})
        pad.tap("Confirm round", then=re.compile("Round 2"))
        pad.score_is("Anna", "21")  # played in memory
        pad.see("Kept in memory only (this browser keeps no data)")  # never "Saved"
        assert not pad.page.get_by_text("Saved", exact=True).count()
    finally:
        context.close()


def backup_of(count: int, rounds: int = 10) -> bytes:
    """A backup of ``count`` games of ``rounds`` rounds each (none of them over)."""
    game = Game(PLAYERS)
    for number in range(rounds):  # the caller makes all 6, or 2 each: scores stay 18–36
        caller = game.next_caller
        tricks = ({p: 6 if p == caller else 0 for p in PLAYERS} if number % 6 < 3
                  else dict.fromkeys(PLAYERS, 2))
        game = game.record(Round(caller, Colour.RED, tricks))
    assert not game.finished
    record = game_to_record(game)
    return json.dumps([{"id": f"g{n:05d}", **record} for n in range(count)]).encode()


def test_a_big_backup_is_imported_in_steps_with_its_progress_shown(browser, site):
    """Pyodide has no threads: the import checks a few games at a time and the screen follows."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        pad = open_pad(context, site.url)  # a new profile: an empty IndexedDB
        pad.page.goto(site.url + "#/settings")
        pad.see("Import a backup")
        with pad.page.expect_file_chooser() as chooser:
            pad.tap("Import a backup")
        chooser.value.set_files(files=[{"name": "big.json", "mimeType": "application/json",
                                        "buffer": backup_of(4000)}])
        # The bar is read as one control: its name is the words, its value the percentage.
        words = re.compile("^Importing [0-9\\s\u202f]+ of 4[\\s\u202f]000 games…")
        bar = pad.page.get_by_role("progressbar", name=words)
        bar.wait_for(state="visible", timeout=60_000)
        pad.shot("web-08-import-progress")
        pad.see(re.compile("big.json: 4000 new games, 0 updated, 0 already there"))
        assert pad.page.get_by_role("progressbar").count() == 0
    finally:
        context.close()


def test_an_unchanged_build_is_not_made_again(site):
    """``make web`` (and this module) reuse build/web while nothing it is made from changed."""
    folder = web_build.build()  # up to date (the sources may have changed since the module began)
    inputs = folder / web_build.INPUTS
    kept = (inputs, folder / "index.html", folder / "app.tar.gz")
    before = {p: p.stat().st_mtime_ns for p in kept}
    assert web_build.build() == folder
    assert {p: p.stat().st_mtime_ns for p in before} == before
    # What it is made from is in the hash: another base path (or app, or source file) is another build.
    assert web_build.inputs_hash(web_build.BLOCK24, "/block24/") != inputs.read_text()
    assert web_build.inputs_hash(web_build.BLOCK24, "/") == inputs.read_text()



@pytest.mark.parametrize(("locale", "home", "left"), [
    ("de-DE", "Neues Spiel", "Noch 5 Stiche zu vergeben"),
    ("nl-NL", "Nieuw spel", "Nog 5 slagen te verdelen"),
])
def test_the_browser_build_speaks_german_and_dutch_from_its_compiled_catalogues(browser, site, locale, home,
                                                                                left):
    """Python in the browser reads the shipped .mo files with gettext, plurals included."""
    language = locale[:2]

    def t(message: str, **values: object) -> str:
        return text(language, message, **values)

    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                  locale=locale)
    try:
        pad = open_pad(context, site.url)  # a new profile: the first visit speaks the browser's language
        pad.tap(home, then=t("Start game"))
        pad.seat(PLAYERS, label=t("Player {n}", n="").strip(), add=t("Add player"))
        pad.tap(t("Start game"), then=t("Round {n}: {caller} calls trump", n=1, caller="Ben"))
        pad.tap(t(NAMES[Colour.RED]), then=t("Round over: count tricks"))
        pad.tap(t("Round over: count tricks"), then=t("Confirm round"))
        pad.tap_id("tricks-Anna-1", then=left)  # ngettext: 6 − 1 tricks left, the plural form
        pad.shot(f"web-09-{locale}")
    finally:
        context.close()


def _older_build(body: bytes) -> bytes:
    """The snapshot's header names another build (a snapshot left from an older one)."""
    magic, build, rest = body.split(b"\n", 2)
    return b"\n".join((magic, bytes(reversed(build)), rest))


MB = 1 << 20
SNAPSHOT_FAULTS = {  # each answer small: 37 MB through Playwright's route took up to a minute here
    "missing": None,  # answered 404
    "stale": lambda body: _older_build(body[: 64 + MB]),  # refused on its header: the rest not needed
    "cut short": lambda body: body[: 64 + MB],
    "unreadable": lambda body: body[:64] + bytes(range(256)) * 4096,
    "files missing": None,  # python-files.bin, the files a restore writes again
    "files cut short": lambda body: body[: len(body) - 1000],
    "files unreadable": lambda body: bytes(range(256)) * 64,
}
REFUSED = {
    "missing": "python-snapshot.bin: HTTP 404",
    "stale": "a snapshot of build ",
    "cut short": "the snapshot is cut short",
    "unreadable": "the snapshot is cut short",  # (its length no longer matches its header)
    "files missing": "python-files.bin: HTTP 404",
    "files cut short": "the Python files are cut short",
    "files unreadable": "not the Python files of this app",
}
"""Why the worker gives up the snapshot, for each fault (in its words): each caught by its own check."""


FOLLOWED = "files cut short"
"""The fault after which the usual start is followed until the game shows and is played: the worker
gives up a snapshot already restored (a stale one is refused before: the new build's test follows
that start). For the others the worker's word that it starts the usual way, and why, is enough."""
FALLING_BACK = "Python starts without its snapshot: usual: "
"""What the worker logs the moment it refuses the snapshot, before it starts the usual way."""


def test_python_starts_from_the_snapshot_and_without_it_when_it_is_faulty(browser, site):
    """The build's memory snapshot starts Python; a missing, stale, cut-short or
    unreadable one (or such a file of the Python files it needs) means the usual start, with the
    game as it was. Each fault is one page load; the usual start is waited for once (it is the
    same start whatever made the worker give up the snapshot)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                  service_workers="block")  # every fetch reaches the route below
    fault: list[str] = []

    def snapshot(route):
        files = route.request.url.endswith("/python-files.bin")
        if not fault or fault[-1].startswith("files") != files:
            route.continue_()
        elif SNAPSHOT_FAULTS[fault[-1]] is None:
            route.fulfill(status=404, body="")
        else:  # (the build's file read here: fetched through the route it took seconds more)
            body = (site.folder / route.request.url.rsplit("/", 1)[1]).read_bytes()
            route.fulfill(status=200, content_type="application/octet-stream",
                          body=SNAPSHOT_FAULTS[fault[-1]](body))

    context.route("**/python-snapshot.bin", snapshot)
    context.route("**/python-files.bin", snapshot)
    said: list[str] = []  # (the worker's console comes to the page's listeners)
    context.on("console", lambda message: message.text.startswith(FALLING_BACK) and said.append(message.text))

    def started(pad) -> str:
        """How Python started (the app is up once the Block shows; Python may be later)."""
        return pad.page.wait_for_function("globalThis.block24Python", timeout=60_000).json_value()

    try:
        pad = open_pad(context, site.url)
        assert started(pad) == "snapshot"
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        pad.play_round("Red", {"Anna": 3, "Ben": 1})
        pad.score_is("Anna", "21")
        for name in [name for name in SNAPSHOT_FAULTS if name != FOLLOWED]:
            fault.append(name)
            said.clear()
            pad.page.reload(wait_until="commit")
            for _ in range(600):
                if said:
                    break
                pad.page.wait_for_timeout(100)
            assert said and REFUSED[name] in said[0], (name, said)
        fault.append(FOLLOWED)
        pad.reload()
        how = started(pad)
        assert how.startswith("usual: ") and REFUSED[FOLLOWED] in how, (FOLLOWED, how)
        pad.score_is("Anna", "21")
        pad.score_is("Carl", "22")
        # Started the usual way, the pad still plays and saves.
        pad.play_round("Blue", {"Anna": 1, "Ben": 1})
        pad.score_is("Carl", "18")
        fault.clear()
        pad.reload()
        assert started(pad) == "snapshot"
        pad.score_is("Carl", "18")
    finally:
        context.close()


GLANCE = """() => [...document.querySelectorAll('#block24-glance .block24-glance-player')]
    .map(row => row.innerText.replace(/\\s+/g, ' ').trim())"""
KEPT_GLANCE = """() => new Promise((resolve, reject) => {
    const request = indexedDB.open("/persist");
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
        const got = request.result.transaction("FILE_DATA").objectStore("FILE_DATA")
            .get("/persist/glance.json");
        got.onsuccess = () => {
            request.result.close();
            resolve(got.result ? new TextDecoder().decode(got.result.contents) : null);
        };
    };
})"""
"""The loading screen's summary as IndexedDB holds it (web/main.py, GLANCE), or null."""
PUT_GLANCE = """(text) => new Promise((resolve, reject) => {
    const request = indexedDB.open("/persist");
    request.onsuccess = () => {
        const files = request.result.transaction("FILE_DATA", "readwrite").objectStore("FILE_DATA");
        const put = files.put({timestamp: new Date(), mode: 0o100644,
                               contents: new TextEncoder().encode(text)}, "/persist/glance.json");
        put.onsuccess = () => { request.result.close(); resolve(); };
        put.onerror = () => reject(put.error);
    };
})"""
"""A summary put where Python keeps it (edited by hand, or left by another version)."""
BAD_SUMMARIES = (
    "{not json",
    json.dumps({"v": 0, "lang": "en", "dark": False, "round": "Round 1", "players": [["Anna", "21"]]}),
    json.dumps({"v": 1, "lang": "en", "dark": False, "round": "Round 1", "players": "Anna 21"}),
    json.dumps({"v": 1, "lang": "en", "dark": "yes", "round": 1, "players": [["Anna", 21]]}),
)


def kept_glance_is(pad: Pad, test: str) -> None:
    """Wait until the summary IndexedDB holds passes ``test`` (JavaScript on ``kept``: text or null)."""
    script = f"async () => {{ const kept = await ({KEPT_GLANCE})(); return {test}; }}"
    pad.until(lambda: pad.page.evaluate(script), f"the kept summary: {test}")


def test_the_open_games_scores_show_before_the_app_and_a_saved_round_survives_a_reload(browser, site):
    """The loading screen shows the open game's names and scores (kept beside the games after
    every saved round) before Python is up; a summary of an older version or edited by hand is
    ignored; home clears it. "Saved" means in IndexedDB: a reload the moment it shows keeps the round."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        pad = open_pad(context, site.url)
        pad.page.wait_for_selector("#block24-glance", state="detached")  # a new phone: none
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        pad.play_round("Red", {"Anna": 3, "Ben": 1})  # returns the moment "Saved" shows
        pad.reload()
        pad.score_is("Anna", "21")
        pad.score_is("Carl", "22")

        kept_glance_is(pad, "kept?.includes('Round 1')")
        pad.page.reload(wait_until="domcontentloaded")
        pad.page.wait_for_selector("#block24-glance .block24-glance-player")
        assert pad.page.evaluate(GLANCE) == ["Anna 21", "Ben 23", "Carl 22"]
        assert pad.page.get_by_text("Round 1", exact=True).first.is_visible()
        pad.page.wait_for_function("globalThis.block24PythonAt", timeout=60_000)
        assert pad.page.evaluate("block24GlanceShown < block24PythonAt")
        pad.shot("web-09-scores-before-the-app")
        pad._started()
        pad.page.wait_for_selector("#block24-glance", state="detached", timeout=30_000)
        pad.score_is("Anna", "21")

        for bad in BAD_SUMMARIES:
            pad.page.evaluate(PUT_GLANCE, bad)
            pad.page.reload(wait_until="domcontentloaded")
            pad.page.wait_for_function("globalThis.block24PythonAt", timeout=60_000)
            assert pad.page.locator("#block24-glance").count() == 0, bad
            pad._started()
            pad.score_is("Anna", "21")  # the store is the record; the app writes a good summary again
            kept_glance_is(pad, "kept?.startsWith('{\"v\": 1')")

        # Another language chosen since the summary was worded: not shown; the app words it anew.
        pad.page.goto(site.url + "#/settings")
        pad.tap("Deutsch", then="Sprache")
        pad.page.reload(wait_until="domcontentloaded")
        pad.page.wait_for_function("globalThis.block24PythonAt", timeout=60_000)
        assert pad.page.locator("#block24-glance").count() == 0
        pad._started()
        kept_glance_is(pad, "kept?.includes('Runde 1')")
        pad.page.reload(wait_until="domcontentloaded")
        pad.page.wait_for_selector("#block24-glance .block24-glance-player")
        assert pad.page.evaluate(GLANCE) == ["Anna 21", "Ben 23", "Carl 22"]
        pad._started()
        pad.see("Sprache")  # the app is up again (on the settings, where it was)

        pad.page.goto(site.url + "#/")  # home: no open game, no summary
        kept_glance_is(pad, "kept === null")
        pad.page.reload(wait_until="domcontentloaded")
        pad.page.wait_for_function("globalThis.block24PythonAt", timeout=60_000)
        assert pad.page.locator("#block24-glance").count() == 0
    finally:
        context.close()


def _kill(profile: pathlib.Path) -> None:
    """The browser dies at once (SIGKILL of its main process, found by its profile): nothing it
    had not written yet is written."""
    for entry in pathlib.Path("/proc").iterdir():
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0") if entry.name.isdigit() else []
        except OSError:
            continue
        if f"--user-data-dir={profile}".encode() in argv and not any(a.startswith(b"--type=") for a in argv):
            os.kill(int(entry.name), signal.SIGKILL)
            return
    raise AssertionError(f"no browser process with the profile {profile}")


def test_a_browser_killed_the_moment_a_round_is_saved_shows_that_rounds_scores_or_none(browser, site,
                                                                                      tmp_path):
    """The loading screen's summary is never older than the game: the browser killed the moment
    "Saved" shows for round 2 (whatever it had still to write is lost, as when a phone's browser
    is killed) starts with round 2's scores on the loading screen or with none, never round 1's."""
    profile = tmp_path / "profile"
    context = phone_profile(browser.browser_type, profile)
    try:
        pad = open_pad(context, site.url)
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        pad.play_round("Red", {"Anna": 3, "Ben": 1})
        game = pad.page.url  # (the game's own address: a start there opens it, home would clear the summary)
        pad.reload()
        pad.page.reload(wait_until="domcontentloaded")  # round 1's summary is kept (a quiet close keeps it)
        pad.page.wait_for_selector("#block24-glance .block24-glance-player", timeout=60_000)
        assert pad.page.evaluate(GLANCE) == ["Anna 21", "Ben 23", "Carl 22"]
        pad._started()
    finally:
        context.close()
    context = phone_profile(browser.browser_type, profile)
    try:
        pad = Pad(context.new_page(), site.url)  # (the site's address: every request elsewhere fails)
        pad.page.goto(game)
        pad._started()
        pad.score_is("Anna", "21")
        pad.play_round("Blue", {"Anna": 1, "Ben": 1})  # returns the moment "Saved" shows
        _kill(profile)
    finally:
        with contextlib.suppress(Exception):  # (killed: closed already)
            context.close()
    context = phone_profile(browser.browser_type, profile)
    try:
        pad = Pad(context.new_page(), site.url)
        pad.page.goto(game, wait_until="domcontentloaded")
        pad.page.wait_for_function("globalThis.block24PythonAt", timeout=180_000)
        shown = pad.page.evaluate(GLANCE)  # (drawn before Python is up, gone only after the app draws)
        pad._started()
        pad.score_is("Ben", r"\d+")
        scores = [pad.by_id(f"score-{name}").inner_text().strip() for name in PLAYERS]
        assert scores != ["Anna 21", "Ben 23", "Carl 22"], "round 2 was not kept: the test shows nothing"
        assert shown in ([], scores), f"the loading screen showed {shown}, the game is at {scores}"
    finally:
        context.close()


# Before the page's scripts: the browser's wake lock, counted (headless Chromium has no screen to keep
# on); ``__wake.hide()`` does what the browser does when the page is hidden and shown again.
WAKE_LOCK = """(() => {
    const wake = window.__wake = {requests: 0, held: null, releases: 0};
    const request = async (type) => {
        wake.requests += 1;
        const listeners = [];
        const lock = {type, released: false, addEventListener: (name, fn) => listeners.push(fn),
                      release: async () => { lock.released = true; wake.releases += 1;
                                             wake.held = null; listeners.forEach(fn => fn()); }};
        wake.held = lock;
        return lock;
    };
    Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request}});
    wake.hide = () => {
        wake.held?.release();
        document.dispatchEvent(new Event("visibilitychange"));
    };
})()"""


def test_the_screen_is_kept_awake_while_a_game_is_played(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    context.add_init_script(WAKE_LOCK)
    try:
        pad = open_pad(context, site.url)
        assert pad.page.evaluate("__wake.requests") == 0  # home: nothing to keep awake
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        pad.page.wait_for_function("__wake.requests === 1 && __wake.held?.type === 'screen'")
        pad.page.evaluate("__wake.hide()")  # the phone was locked, then shown again
        pad.page.wait_for_function("__wake.requests === 2 && __wake.held !== null")
        pad.tap("Games", then="New game")
        pad.page.wait_for_function("__wake.held === null && __wake.releases === 2")
        pad.reload()  # the game is resumed at a start: asked for again
        pad.tap(re.compile("Anna"), then=re.compile("Round 1: Ben calls trump"))
        pad.page.wait_for_function("__wake.requests === 1")
    finally:
        context.close()


def test_every_request_of_the_build_is_answered_by_it(browser, site):
    """The "✓" of the correction screen comes from a font the build ships (Flutter's
    fallback file for it), Rive's runtime from a local stub: no 404, nothing asked of a CDN."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                  service_workers="block")  # every request reaches the server
    elsewhere: list[str] = []
    context.on("request", lambda request: None if request.url.startswith(site.url)
               or request.url.startswith(("data:", "blob:")) else elsewhere.append(request.url))
    answered: list[tuple[int, str]] = []
    context.on("response", lambda response: answered.append((response.status, response.url)))
    try:
        pad = open_pad(context, site.url)
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        pad.play_round("Red", {"Anna": 3, "Ben": 1})
        pad.tap(re.compile("^Round 1: Ben"), then="Save change")  # "✓ Red" on the correction screen
        # The "✓" comes from the app's own fonts (DejaVu Sans after Roboto: no download for one sign); should
        # Flutter still look for its fallback, the build answers that file too.
        pad.page.wait_for_function("""() => performance.getEntriesByType("resource")
            .some(entry => entry.name.includes("/assets/fonts/notosanssc/")
                           || entry.name.includes("DejaVuSans"))""", timeout=30_000)
        pad.shot("web-10-check-mark-drawn")  # (once two frames in a row agree)
    finally:
        context.close()
    assert elsewhere == []
    assert [(status, url) for status, url in answered if status >= 400] == []
    assert any("rive_native.js" in url for _, url in answered)


def test_the_build_draws_emoji_names_from_its_own_fonts(browser, site):
    """The offline build ships the app's fonts: a name typed with emoji needs no font from the internet."""
    from .conftest import assert_own_fonts, fonts_answered, phone_recording_answers

    with phone_recording_answers(browser, site.url) as (pad, answers):
        pad.tap("New game", then="Start game")
        pad.seat(("Anna", "🃏 Dora 👑", "Carl"))
        pad.tap("Start game", then=re.compile("Round 1: 🃏 Dora 👑 calls trump"))
        fonts_answered(pad, answers)  # (then the shot waits for two frames alike)
        pad.shot("web-19-emoji-names")
        assert_own_fonts(answers)


OFFLINE_READY = """async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const keys = await caches.keys();
    return !!(reg && keys.length === 1
              && await (await caches.open(keys[0])).match(new URL("block24-offline", reg.scope).href));
}"""
ROOM = 8 * 1024 * 1024
"""Room left for the site (a phone nearly full): a game's files fit, the build's ≈ 70 MB do not.
(Chromium's ``navigator.storage.estimate`` does not show DevTools' quota: the worker learns it
from the refusal.)"""
KEPT = """async () => {
    let files = 0;
    for (const key of await caches.keys()) files += (await (await caches.open(key)).keys()).length;
    return files;
}"""
FILL = """async () => {
    const db = await new Promise((done) => {
        const opening = indexedDB.open("filler", 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore("bytes");
        opening.onsuccess = () => done(opening.result);
    });
    // To the brim: pieces of 64 KB until one is refused, then of 4 KB, then of 256 bytes (a game's
    // write must not fit in what a refused 64 KB left: it did now and then, on a busy machine)
    let chunks = 0;
    for (const size of [65536, 4096, 256]) {
        for (;; chunks++) {
            const chunk = new Uint8Array(size);
            crypto.getRandomValues(chunk);  // IndexedDB compresses: random bytes take their room
            const kept = await new Promise((done) => {
                const writing = db.transaction("bytes", "readwrite");
                writing.objectStore("bytes").put(chunk, chunks);
                writing.oncomplete = () => done(true);
                writing.onabort = () => done(false);
            });
            if (!kept) break;
        }
    }
    db.close();
    return chunks;
}"""
"""Another database of the site fills its quota to the brim (IndexedDB refuses a write once it is
over)."""
EMPTY = """() => new Promise((done) => { indexedDB.deleteDatabase("filler").onsuccess = done; })"""
HEAR_SAVED = f"""() => {{
    window.heardSaved = false;
    new BroadcastChannel({json.dumps(STORE_CHANNEL)}).onmessage = (event) => {{
        if (event.data === "saved") window.heardSaved = true;
    }};
}}"""


def test_a_full_quota_during_precache_starts_the_pad_and_loses_no_round(browser, site, tmp_path):
    """The browser refuses the offline copy (``QuotaExceededError``: Chromium's own quota
    for the origin, lowered through DevTools' ``Storage.overrideQuotaForOrigin``, not a fake).
    The pad runs from the server meanwhile, "Saved" still means in IndexedDB, nothing alarming
    is said; once there is room, the next start precaches and the pad starts offline."""
    context = phone_profile(browser.browser_type, tmp_path / "profile")
    origin = site.url.rstrip("/")
    worker_said: list[str] = []  # (the service worker's console comes to its context)
    context.on("console", lambda message: worker_said.append(message.text))
    try:
        page = context.new_page()
        devtools = context.new_cdp_session(page)
        devtools.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": ROOM})
        pad = Pad(page, site.url)
        pad.python_in_page = True
        pad.open()
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        pad.play_round("Red", {"Anna": 3, "Ben": 1})  # while the worker precaches
        pad.until(lambda: any(line.startswith("no offline copy") for line in worker_said),
                  "the worker's word that the copy did not fit", timeout_s=60)
        assert not pad.page.evaluate(OFFLINE_READY)  # the offline copy did not fit
        assert pad.page.evaluate(KEPT) == 0  # and gave its room back to the games
        pad.play_round("Red", {"Anna": 3, "Ben": 1})
        pad.score_is("Anna", "18")
        pad.reload()  # from the server: both rounds were kept in IndexedDB
        pad.score_is("Anna", "18")
        pad.score_is("Carl", "20")
        for alarming in ("Not saved", "keeps no data", "Kept in memory only"):
            assert not pad.page.get_by_text(re.compile(alarming)).count(), alarming

        devtools.send("Storage.overrideQuotaForOrigin", {"origin": origin})  # room again
        pad.reload()
        wait_for_service_worker(pad, build_version(site.folder))
        site.stop()
        try:
            pad.reload()  # offline: every file from the worker's cache
            pad.score_is("Anna", "18")
            pad.score_is("Carl", "20")
        finally:
            site.start()
    finally:
        context.close()


def test_a_write_refused_for_room_is_tried_again_and_kept_once_there_is_room(browser, site, tmp_path):
    """IndexedDB refuses the new game's write (the site's quota is full); a moment later there is
    room again (as when the worker gives its copy's room back): the game is saved, not kept in
    memory. No service worker here: its copy would free room of its own at any moment."""
    context = phone_profile(browser.browser_type, tmp_path / "profile", service_workers="block")
    try:
        page = context.new_page()
        devtools = context.new_cdp_session(page)
        devtools.send("Storage.overrideQuotaForOrigin", {"origin": site.url.rstrip("/"), "quotaSize": ROOM})
        pad = Pad(page, site.url)
        pad.python_in_page = True
        pad.open()
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        assert pad.page.evaluate(FILL) > 0
        told: list[str] = []
        page.on("console", lambda message: told.append(message.text))
        pad.tap("Start game")
        pad.until(lambda: any("IndexedDB" in line for line in told), "IndexedDB's refusal told",
                  timeout_s=120)
        assert [line for line in told if "IndexedDB" in line] == [
            "IndexedDB refused a write (QuotaExceededError): trying again in 0.5 s"]
        # The store says "saved" to the page's other copies once IndexedDB took the write: a
        # reload before that would test nothing but a write still waiting for its next try.
        pad.page.evaluate(HEAR_SAVED)
        pad.page.evaluate(EMPTY)
        pad.see(re.compile("Round 1: Ben calls trump"))
        pad.page.wait_for_function("window.heardSaved === true", timeout=120_000)
        pad.reload()
        pad.see(re.compile("Round 1: Ben calls trump"))
        assert not pad.page.get_by_text(re.compile("Kept in memory only|keeps no data")).count()
    finally:
        context.close()


# Before the page's scripts: the browser reports a language tag no parser takes, as WebKit does
# under a ``C`` locale ("C"); Flutter stopped on it ("invalid language tag") before its first frame.
UNREADABLE_LANGUAGE = """(() => {
    Object.defineProperty(Navigator.prototype, "languages", {configurable: true, get: () => ["C"]});
    Object.defineProperty(Navigator.prototype, "language", {configurable: true, get: () => "C"});
})()"""


def test_a_browser_language_flutter_cannot_read_starts_the_pad_in_english_or_the_chosen_one(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    context.add_init_script(UNREADABLE_LANGUAGE)
    try:
        pad = open_pad(context, site.url)  # a new phone: English
        pad.page.get_by_text("New game").first.wait_for(timeout=90_000)  # Python may come much later
        pad.page.goto(site.url + "#/settings")
        pad.tap("Deutsch", then="Sprache")
        pad.page.goto(site.url + "#/")
        pad.reload()  # the language chosen on this phone
        pad.page.get_by_text("Neues Spiel").first.wait_for(timeout=90_000)
    finally:
        context.close()


def _faulty_copy(folder: pathlib.Path, into: pathlib.Path, fault: str) -> pathlib.Path:
    """The build with its files linked, and one fault: gzipped copies cut in half, or a service
    worker without ``DecompressionStream`` (an older browser)."""
    shutil.copytree(folder, into, copy_function=os.symlink)
    if fault == "cut short":
        for name in ("main.dart.wasm.gz", "pyodide/pyodide.asm.wasm.gz"):
            data = (folder / name).read_bytes()
            (into / name).unlink()
            (into / name).write_bytes(data[: len(data) // 2])
    else:
        worker = into / web_build.SERVICE_WORKER
        text = worker.read_text()
        worker.unlink()
        worker.write_text("self.DecompressionStream = undefined;\n" + text)
    return into


@pytest.mark.parametrize("fault", ["cut short", "no DecompressionStream"])
def test_a_faulty_compressed_copy_falls_back_to_the_file_and_the_pad_works_offline(browser, site, tmp_path,
                                                                                  fault):
    folder = _faulty_copy(site.folder, tmp_path / "site", fault)
    served = StaticSite(folder, tmp_path / "http.log")
    served.start()
    context = phone_profile(browser.browser_type, tmp_path / "profile")
    try:
        pad = open_pad(context, served.url)
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        pad.play_round("Red", {"Anna": 3, "Ben": 1})
        wait_for_service_worker(pad, build_version(folder))
        paths = {path for path, status in served.served() if status == 200}
        assert {"main.dart.wasm", "pyodide/pyodide.asm.wasm"} <= paths  # from the plain files
        served.stop()
        pad.reload()  # offline: the copies the worker kept are whole
        pad.by_id("score-Anna").wait_for(timeout=90_000)
        pad.score_is("Anna", "21")
    finally:
        context.close()
        served.stop()
