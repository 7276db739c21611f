// The web build's Python worker (replaces flet-web's python-worker.js). It works in two
// steps so that the slow part overlaps Flutter's start (see python.js):
//   1. the first message (sent when the page loads) starts Python with the app imported:
//      from the build's memory snapshot (web/snapshot.mjs) when it is there and belongs to
//      this build, else the usual way: boot Pyodide, write the Python files a restore writes
//      (python-files.bin), or if those are unusable unpack the app and load its wheels from
//      pyodide/ (pyodide-lock.json: never an index), and import the app's module;
//   2. the "connect" message (when Flutter connects) runs the module as __main__, whose
//      ft.run() starts the Flet connection.
// The module and package are fixed by the build; Dart's args are passed on as flet_js.args.
// How Python started is posted to the page as {block24: {python: "snapshot" | "usual: WHY"}},
// and when each step ended as {block24: {step: [NAME, ms from the page's navigation]}} (bench.web).
import { AFTER_RESTORE, compileLibraries, loadLibraries, withMemoryFor, writeFiles } from "./python-start.mjs";

self.flet_js = {};
let pageOrigin = performance.timeOrigin;
function step(name) {
  self.postMessage({ block24: { step: [name, performance.timeOrigin + performance.now() - pageOrigin] } });
}
self.userAppRunning = false;
self.flet_js.userAppStarting = () => { self.userAppRunning = true; };
// Whether a game is being played (python.js keeps the screen awake meanwhile; the game's summary
// for the loading screen Python keeps in IndexedDB itself: web/main.py, GLANCE).
self.flet_js.glance = (playing) => self.postMessage({ block24: { playing: !!playing } });
// The player has something worth keeping (a finished game): the page may ask the browser to keep
// the site's storage for good (register.js: once).
self.flet_js.keep = (why) => self.postMessage({ block24: { keep: String(why) } });

// Before the app runs, Python's output is boot diagnostics for the dev console; after,
// it goes to the page through the Flet protocol (as flet-web's worker does).
self.sendPythonOutput = function (text, isStderr) {
  if (!self.userAppRunning || !self.flet_js.send_python_output) {
    (isStderr ? console.error : console.log)(text);
    return;
  }
  // Pyodide calls these hooks with the GIL released: call back into Python later.
  queueMicrotask(() => self.flet_js.send_python_output(text, isStderr));
};

const FETCH_APP = `
import os
import flet_js
from pyodide.http import pyfetch

response = await pyfetch(flet_js.appPackageUrl)
if not response.ok:
    raise RuntimeError(f"Failed to download app package: HTTP {response.status} {flet_js.appPackageUrl}")
await response.unpack_archive(format="gztar")
if os.path.exists("requirements.txt"):
    with open("requirements.txt") as f:
        deps = [line.split("==")[0] for req in f if (line := req.strip()) and not line.startswith("#")]
    if deps:
        # Pyodide's own loader, straight from pyodide/pyodide-lock.json (every wheel of the
        # build, dependencies included): no micropip to load first, no index ever asked, the
        # wheels fetched at once. The lock pins the versions requirements.txt names.
        import pyodide_js
        await pyodide_js.loadPackage(deps)
`;

const PREPARE = `
import importlib, sys
import flet_js
import msgpack as _msgpack

def _send_python_output(text, is_stderr):
    # Framed like PyodideConnection.send_message: type byte 0x00, then [action, body].
    flet_js.receive_callback(bytes([0]) + _msgpack.packb([7, {"text": text, "is_stderr": bool(is_stderr)}]))

flet_js.send_python_output = _send_python_output
# Import now (while Flutter loads): running it as __main__ later finds everything imported.
# A module's prepare() runs now too (web/main.py: IndexedDB read, the store opened).
_module = importlib.import_module(flet_js.pythonModuleName)
if hasattr(_module, "prepare"):
    await _module.prepare()
del sys.modules[flet_js.pythonModuleName], _module  # runpy runs a fresh copy as __main__
`;

const SNAPSHOT_MAGIC = "BLOCK24-SNAPSHOT 2";  // (2: the memory a difference, web/snapshot.mjs)
const SNAPSHOT_HEADER = 64;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  return response;
}

// The snapshot's memory if it is this build's and whole, and the span over which it is a
// difference from Pyodide's fresh memory (python-start.mjs, undoDelta); else an error saying why not.
function snapshotMemory(bytes, boot) {
  const [magic, build, length, span] = new TextDecoder().decode(bytes.subarray(0, SNAPSHOT_HEADER)).split("\n");
  if (magic !== SNAPSHOT_MAGIC) {
    throw new Error("not a snapshot of this app");
  }
  if (build !== boot.build) {
    throw new Error(`a snapshot of build ${build}, not of ${boot.build}`);
  }
  const memory = bytes.subarray(SNAPSHOT_HEADER);
  if (memory.length !== Number(length)) {
    throw new Error(`the snapshot is cut short (${memory.length} of ${length} bytes)`);
  }
  if (!(Number(span) >= 0)) {
    throw new Error("the snapshot's header is unreadable");
  }
  return [memory, Number(span)];
}

const KEPT = "flet-web-build-";  // the service worker's caches (service_worker.js)

// The snapshot's memory and (a promise of) its Python files' bytes. Both are kept as they are
// (the service worker unpacks the download once), read straight from its cache where it holds
// this build's (in WebKit 30 MB handed on by the service worker took 2 s), else fetched.
async function snapshotAndFiles(boot) {
  const filesUrl = new URL("python-files.bin", boot.snapshotUrl).href;
  const keys = self.caches ? await caches.keys().catch(() => []) : [];
  for (const key of keys.filter((name) => name.startsWith(KEPT)).reverse()) {  // the newest first
    try {
      const cache = await caches.open(key);
      const files = cache.match(filesUrl);
      const response = await cache.match(boot.snapshotUrl);
      if (!response || !(await files)) {
        continue;
      }
      const [memory, span] = snapshotMemory(new Uint8Array(await response.arrayBuffer()), boot);
      step("snapshot read");
      return [memory, span, files.then((found) => found.arrayBuffer())];
    } catch (error) {  // another build's (an update under way), or unreadable: the next, or the network
      console.warn(`snapshot in ${key} not used:`, error.message || error);
    }
  }
  const files = fetchOk(filesUrl).then((response) => response.arrayBuffer());
  files.catch(() => {});  // awaited later, unless the snapshot is refused first
  const [memory, span] = snapshotMemory(new Uint8Array(await (await fetchOk(boot.snapshotUrl)).arrayBuffer()), boot);
  step("snapshot read");
  return [memory, span, files];
}

// Run `start` with Pyodide's request for its WebAssembly (`url`) answered without a download
// while `compiled` (the module compiled from the one download) is there: withMemoryFor hands
// Pyodide that module and never reads the answer. Only if the compile failed is the file
// fetched again, for Pyodide to compile itself.
async function handOver(url, compiled, start) {
  if (!compiled) {
    return start();
  }
  const ownFetch = self.fetch;
  self.fetch = function (resource, init) {
    const asked = resource instanceof Request ? resource.url : String(resource);
    if (asked !== url) {
      return ownFetch.call(this, resource, init);
    }
    return compiled.then(() => new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } }),
                         () => ownFetch.call(this, resource, init));
  };
  try {
    return await start();
  } finally {
    self.fetch = ownFetch;
  }
}

async function fromSnapshot(boot, options) {
  const pyodideUrl = new URL(boot.pyodideUrl, boot.documentUrl);
  // Compiled while the snapshot is read (Pyodide compiles it only once it has the snapshot),
  // from the one download of it: Pyodide's own request is answered by handOver.
  const wasmUrl = new URL("pyodide.asm.wasm", pyodideUrl).href;
  const compiled = WebAssembly.compileStreaming?.(fetch(wasmUrl));
  compiled?.catch(() => {});  // then Pyodide compiles it itself
  const read = snapshotAndFiles(boot);
  const memory = read.then(([bytes]) => bytes);
  const span = read.then(([, delta]) => delta);
  span.catch(() => {});  // (the memory's promise says why)
  const files = read.then(([, , filesRead]) => filesRead).then((buffer) => new Uint8Array(buffer));
  const libraries = files.then(compileLibraries);  // compiled while the snapshot restores
  libraries.catch(() => {});  // awaited after the restore
  const pyodide = await handOver(wasmUrl, compiled, () => loadPyodide({
    ...options, _loadSnapshot: memory, createPyodideModule: withMemoryFor(pyodideUrl, memory, compiled, span),
  }));
  step("restored");
  if (pyodide.runPython("getattr(__import__('sys'), '_block24_snapshot', None)") !== boot.build) {
    throw new Error("the restored memory is not this build's");
  }
  writeFiles(pyodide.FS, await files);
  step("files written");
  await loadLibraries(pyodide, await libraries);
  step("libraries loaded");
  pyodide.runPython(AFTER_RESTORE);
  step("after restore");
  return pyodide;
}

// Without the snapshot: the Python files a restore writes (every wheel's files and the app's
// code, kept offline), else the app's package and its wheels (fetched only now: web/build.py,
// ON_DEMAND).
async function usualStart(options, boot) {
  const pyodide = await loadPyodide(options);
  pyodide.registerJsModule("flet_js", self.flet_js);
  if (boot.snapshotUrl) {
    try {
      const files = await fetchOk(new URL("python-files.bin", boot.snapshotUrl).href);
      writeFiles(pyodide.FS, new Uint8Array(await files.arrayBuffer()));
      return pyodide;
    } catch (error) {  // (checked whole before a file is written)
      console.warn("the Python files are not usable, the wheels instead:", error.message || error);
    }
  }
  await pyodide.runPythonAsync(FETCH_APP);
  return pyodide;
}

let loadPyodide;

const RUN = `
import runpy
import flet_js

flet_js.userAppStarting()
try:
    runpy.run_module(flet_js.pythonModuleName, run_name="__main__")
except SystemExit as exit_:
    if exit_.code not in (None, 0):
        raise
`;

async function prepare(boot) {
  pageOrigin = boot.timeOrigin ?? pageOrigin;
  step("worker");
  ({ loadPyodide } = await import(boot.pyodideUrl));
  const options = {
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
  };
  self.flet_js.documentUrl = boot.documentUrl;
  self.flet_js.appPackageUrl = boot.appPackageUrl;
  self.flet_js.pythonModuleName = boot.pythonModuleName;
  let how = "usual: this build has no snapshot";
  if (boot.snapshotUrl) {
    try {
      self.pyodide = await fromSnapshot(boot, options);
      self.pyodide.registerJsModule("flet_js", self.flet_js);
      how = "snapshot";
    } catch (error) {
      // Missing, stale, cut short, unreadable: start the usual way, which needs none of it.
      self.pyodide = null;
      how = `usual: ${error.message || error}`;
      console.warn("Python starts without its snapshot:", how);
    }
  }
  if (!self.pyodide) {
    self.pyodide = await usualStart(options, boot);
  }
  self.postMessage({ block24: { python: how } });
  await self.pyodide.runPythonAsync(PREPARE);
  step("prepared");
}

async function connect(args) {
  self.flet_js.args = args;
  step("connect");
  await self.pyodide.runPythonAsync(RUN);
  step("run");
  if (typeof self.flet_js.start_connection !== "function") {
    self.postMessage("__flet_no_ui__:Script finished without starting a Flet UI.");
    return;
  }
  await self.flet_js.start_connection(self.receiveCallback);
  step("connected");
  self.postMessage("initialized");
}

// `message` is a Pyodide proxy of Python bytes: transfer a fresh copy's buffer to the page.
let sent = 0, received = 0;
const STEPPED = 12;  // the first messages each way are stamped: the start's round trips
self.receiveCallback = (message) => {
  const bytes = message.toJs();
  if (++sent <= STEPPED) step(`out ${sent} ${bytes.length}`);
  self.postMessage(bytes, [bytes.buffer]);
};
self.flet_js.receive_callback = self.receiveCallback;

let booting = null;
let connected = false;
// Other phones: what the page said before Python listened, and Python's way to the page.
const peerInbox = [];
self.flet_js.peer_inbox = () => peerInbox.splice(0);
self.flet_js.peer = (text) => self.postMessage({ block24: { peer: String(text) } });
self.onmessage = async (event) => {
  if (booting === null) {
    booting = prepare(event.data);
    booting.catch(() => {});  // reported when Flutter connects
  } else if (typeof event.data?.block24?.peer === "string") {
    // Other phones (web/client/table.js ↔ web/peer.py): kept until Python listens.
    self.flet_js.on_peer ? self.flet_js.on_peer(event.data.block24.peer) : peerInbox.push(event.data.block24.peer);
  } else if (event.data && event.data.block24) {
    // From the page, not Flet: whether the browser keeps the storage for good (web/main.py).
    self.flet_js.persisted = event.data.block24.persisted;
    self.flet_js.on_persisted?.(event.data.block24.persisted);
  } else if (!connected && event.data && event.data.connect) {
    connected = true;
    self.flet_js.device = event.data.device;  // the page's word: see python.js, web/main.py
    try {
      await booting;
      await connect(event.data.args);
    } catch (error) {
      self.postMessage(error.toString());
    }
  } else if (typeof self.flet_js.send === "function") {
    if (++received <= STEPPED) step(`in ${received} ${event.data.length}`);
    self.flet_js.send(event.data);
  } else {
    console.error("Flet: dropped a message for a Python app that never started.");
  }
};
