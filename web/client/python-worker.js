// The web build's Python worker (replaces flet-web's python-worker.js). It works in two
// steps so that the slow part overlaps Flutter's start (see python.js):
//   1. the first message (sent when the page loads) boots Pyodide, unpacks the app,
//      loads its wheels from pyodide/ (pyodide-lock.json: never an index) and imports
//      the app's module;
//   2. the "connect" message (when Flutter connects) runs the module as __main__, whose
//      ft.run() starts the Flet connection.
// The module and package are fixed by the build; Dart's args are passed on as flet_js.args.
self.flet_js = {};
self.userAppRunning = false;
self.flet_js.userAppStarting = () => { self.userAppRunning = true; };

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

const PREPARE = `
import importlib, os, sys
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

import msgpack as _msgpack

def _send_python_output(text, is_stderr):
    # Framed like PyodideConnection.send_message: type byte 0x00, then [action, body].
    flet_js.receive_callback(bytes([0]) + _msgpack.packb([7, {"text": text, "is_stderr": bool(is_stderr)}]))

flet_js.send_python_output = _send_python_output
# Import now (while Flutter loads): running it as __main__ later finds everything imported.
importlib.import_module(flet_js.pythonModuleName)
del sys.modules[flet_js.pythonModuleName]  # runpy runs a fresh copy as __main__
`;

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
  const { loadPyodide } = await import(boot.pyodideUrl);
  self.pyodide = await loadPyodide({
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
  });
  self.flet_js.documentUrl = boot.documentUrl;
  self.flet_js.appPackageUrl = boot.appPackageUrl;
  self.flet_js.pythonModuleName = boot.pythonModuleName;
  self.pyodide.registerJsModule("flet_js", self.flet_js);
  await self.pyodide.runPythonAsync(PREPARE);
}

async function connect(args) {
  self.flet_js.args = args;
  await self.pyodide.runPythonAsync(RUN);
  if (typeof self.flet_js.start_connection !== "function") {
    self.postMessage("__flet_no_ui__:Script finished without starting a Flet UI.");
    return;
  }
  await self.flet_js.start_connection(self.receiveCallback);
  self.postMessage("initialized");
}

// `message` is a Pyodide proxy of Python bytes: transfer a fresh copy's buffer to the page.
self.receiveCallback = (message) => {
  const bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
};
self.flet_js.receive_callback = self.receiveCallback;

let booting = null;
let connected = false;
self.onmessage = async (event) => {
  if (booting === null) {
    booting = prepare(event.data);
    booting.catch(() => {});  // reported when Flutter connects
  } else if (!connected && event.data && event.data.connect) {
    connected = true;
    try {
      await booting;
      await connect(event.data.args);
    } catch (error) {
      self.postMessage(error.toString());
    }
  } else if (typeof self.flet_js.send === "function") {
    self.flet_js.send(event.data);
  } else {
    console.error("Flet: dropped a message for a Python app that never started.");
  }
};
