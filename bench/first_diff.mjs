// `node bench/first_diff.mjs START BUILD_DIR...`: the first screen's diff in a web build's own
// Pyodide, restored from its snapshot as the worker restores it (web/client/python-worker.js),
// one fresh restore per build and per turn, the builds taking turns (bench/README.md).
//
// START is what the restart opens on: "home" (no game), "games" (home listing a game in progress
// and a finished one, none resumed), "resumed" (a game in progress: its screen at the call),
// "counted" (the same, its tricks being counted: the round's draft kept), "over" (a tab reloaded
// on a game just ended). The app runs on a Flet session whose connection serialises every
// message as the worker does and answers what it is asked (a pushed route taken); the
// page and the store as web.main leaves them without IndexedDB (Node has none). Prints one JSON
// line per restore: the build, the seconds of the first `page.render` (the first screen built,
// diffed and sent), from the app's start to the last patch sent (with "over", the game's screen
// the tab's address opens after home), the control classes Flet configured on the way and the
// Flet modules it imported.
//
// START:TAP (e.g. "home:New game", "resumed:Chart") then taps, once the first screen is sent, the
// control whose words (or the label around it) are TAP, as the client sends a tap
// (`Session.dispatch_event`), and adds the tap's own figures: "tap_s", the seconds from the tap
// to the last patch it sent (the second diff, Python's side), the classes Flet configured (and
// "tap_configuring_s", the seconds that took) and the Flet modules it imported on the way
// (tests/test_web_start.py: one tap from a first screen).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [start, ...builds] = process.argv.slice(2);
const TURNS = Number(process.env.TURNS || 5);
const HEADER = 64;

const PROBE = `
import asyncio, os, sys, time, types
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.messaging.connection import Connection
from flet.messaging.protocol import (Message, MessageAction, RegisterClientResponseBody,
                                     configure_encode_object_for_msgpack)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet.utils import validation
from app.draft import Phase, RoundDraft
from app.store import Store
from scoring import Colour, Game, Round, Settings

START, _, TAP = ${JSON.stringify(start)}.partition(":")
os.environ["BLOCK24_DATA"] = "/tmp/first-diff"
store = Store.open()
route = "/"
playing = Game(("Anna", "Dave", "Ben"), Settings(sit_out=True), rounds=(
    Round("Dave", Colour.GREEN, {"Anna": 2, "Dave": 4}, sat_out={"Ben"}),))
if START in ("resumed", "counted"):
    game_id = store.create_game(playing)
    store.set_setting("last_game", game_id)
    if START == "counted":
        draft = RoundDraft.fresh(playing, 2).with_trump(Colour.RED).at(Phase.TRICKS).with_tricks(playing, "Anna", 2)
        store.save_draft(game_id, {"round": 2, "draft": draft.to_json()})
elif START == "over":
    route = "/game/" + store.create_game(Game(("Anna", "Ben", "Carl"), rounds=(
        Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),)))
elif START == "games":  # home listing a game in progress and a finished one
    store.create_game(playing)
    store.create_game(Game(("Anna", "Ben", "Carl"), rounds=(
        Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),)))
elif START != "home":
    raise SystemExit(f"no start {START!r}")

flet_js = types.ModuleType("flet_js")
flet_js.device = {"languages": ["en-US"], "kept": {}}
sys.modules["flet_js"] = flet_js
import web.main as web_main
async def prepared():
    pass
web_main.prepare = prepared
encode = configure_encode_object_for_msgpack(BaseControl)
held = set(sys.modules)
compile_spec = validation._compile_class_spec
configured = compile_spec.cache_info().misses
loop = asyncio.get_running_loop()
patches = []

class Tab(Connection):
    def __init__(self):
        super().__init__()
        self.pubsubhub, self.loop = PubSubHub(loop=loop), loop
    def send_message(self, message):
        msgpack.packb([message.action, message.body], default=encode)
        if message.action == MessageAction.PATCH_CONTROL:
            patches.append(time.perf_counter())
        if message.action == MessageAction.INVOKE_METHOD:  # (a route pushed, a scroll: done)
            loop.call_soon(session.handle_invoke_method_results, message.body.control_id,
                           message.body.call_id, None, None)
    def dispose(self):
        pass

session = Session(Tab())
session.apply_page_patch({"web": True, "width": 390, "height": 844, "route": route})
session.connection.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
    session_id=session.id, page_patch=session.get_page_patch(), error="")))
page = session.page
renders = []
render = page.render
def timed(*args):
    began = time.perf_counter()
    render(*args)
    renders.append(time.perf_counter() - began)
page.render = timed
_context_page.set(page)
context.reset_auto_update()
began = time.perf_counter()
await web_main.main(page)
for _ in range(3000):
    if renders:
        break
    await asyncio.sleep(0.01)
await asyncio.sleep(0.5)  # (the route pushed, the screen it opens)
import json
figures = {"render_s": renders[0] if renders else None, "renders": len(renders),
           "screen_s": patches[-1] - began if patches else None,
           "configured": compile_spec.cache_info().misses - configured,
           "flet_imported": sorted(m for m in set(sys.modules) - held if m.startswith("flet"))}
if TAP:
    def words(control):
        for item in (control, control.parent, getattr(control.parent, "parent", None)):
            for key in ("label", "content", "title", "text"):
                said = getattr(getattr(item, key, None), "value", getattr(item, key, None))
                if isinstance(said, str) and said:
                    return said
    tapped = next((c for _, c in sorted(session.index.items())
                   if getattr(c, "on_click", None) is not None and words(c) == TAP), None)
    if tapped is None:
        raise SystemExit(f"no control says {TAP!r} on {START}")
    async def settled():
        while (session._Session__pending_updates or session._Session__pending_effects
               or session._Session__updates_ready.is_set()):
            await asyncio.sleep(0)
    held, configured, sent = set(sys.modules), compile_spec.cache_info().misses, len(patches)
    configuring = [0.0]
    def timed_spec(control):  # (the time of each class configured: a miss of Flet's cache)
        misses, spec_began = compile_spec.cache_info().misses, time.perf_counter()
        try:
            return compile_spec(control)
        finally:
            if compile_spec.cache_info().misses > misses:
                configuring[0] += time.perf_counter() - spec_began
    validation._compile_class_spec = timed_spec
    tap_began = time.perf_counter()
    await session.dispatch_event(tapped._i, "click", None)
    await settled()
    await asyncio.sleep(0.2)  # (a route pushed, an effect)
    await settled()
    figures.update({"tap_s": patches[-1] - tap_began if len(patches) > sent else None,
                    "tap_patches": len(patches) - sent,
                    "tap_configured": compile_spec.cache_info().misses - configured,
                    "tap_configuring_s": configuring[0],
                    "tap_imported": sorted(m for m in set(sys.modules) - held if m.startswith("flet"))})
json.dumps(figures)
`;

async function once(buildDir) {
  const indexURL = path.resolve(buildDir, "pyodide") + "/";
  const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href + `?${buildDir}`);
  const start = await import(pathToFileURL(path.resolve(buildDir, "python-start.mjs")).href);
  const bytes = fs.readFileSync(path.join(buildDir, "python-snapshot.bin"));
  const [, , , span] = bytes.subarray(0, HEADER).toString("ascii").split("\n");
  const memory = new Uint8Array(bytes.subarray(HEADER));
  const began = performance.now();
  const py = await loadPyodide({ indexURL, env: { HOME: "/home/pyodide" }, stdout: () => {},
                                 stderr: (text) => console.error(text), _loadSnapshot: memory,
                                 createPyodideModule: start.withMemoryFor(pathToFileURL(indexURL).href, memory,
                                                                          undefined, Number(span)) });
  const files = new Uint8Array(fs.readFileSync(path.join(buildDir, "python-files.bin")));
  start.writeFiles(py.FS, files);
  await start.loadLibraries(py, start.compileLibraries(files));
  py.runPython(start.AFTER_RESTORE);
  const restored = (performance.now() - began) / 1000;
  const result = JSON.parse(await py.runPythonAsync(PROBE));
  return { build: buildDir, start: process.argv[2], restore_s: restored, ...result };
}

// One restore per process (a restored Pyodide keeps its classes configured): this script runs
// itself once per build and turn.
if (process.env.FIRST_DIFF_ONE) {
  console.log(JSON.stringify(await once(builds[0])));
} else {
  const { execFileSync } = await import("node:child_process");
  for (let turn = 0; turn < TURNS; turn++) {
    for (const build of builds) {
      process.stdout.write(execFileSync(process.execPath, [process.argv[1], start, build],
                                        { env: { ...process.env, FIRST_DIFF_ONE: "1" } }));
    }
  }
}
