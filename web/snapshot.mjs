// `node web/snapshot.mjs BUILD_DIR BUILD_ID MODULE`: Python's memory with the app imported,
// made once at build time so that the browser's worker starts from it (web/client/python-worker.js).
//
// The build's own Pyodide (BUILD_DIR/pyodide/) boots in Node, the files of
// BUILD_DIR/python-files.tar.gz (every wheel's site-packages and the app's code) are
// unpacked by Python, MODULE and its imports are imported, then the memory is
// written to BUILD_DIR/python-snapshot.bin: a 64-byte header ("BLOCK24-SNAPSHOT 1",
// BUILD_ID, the raw length) and the memory gzipped. Nothing may hold a JS object at that
// moment (no loadPackage, no flet_js, no mount: "Unexpected hiwire entry"), msgpack (a
// compiled module, whose function table a restore loses) stays unimported, and the file
// system is not in it: the worker unpacks python-files.tar.gz again after the restore.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const MAGIC = "BLOCK24-SNAPSHOT 1";
const HEADER = 64;

const [buildDir, buildId, module] = process.argv.slice(2);
if (!module) {
  console.error("usage: node web/snapshot.mjs BUILD_DIR BUILD_ID MODULE");
  process.exit(2);
}
const indexURL = path.resolve(buildDir, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL, _makeSnapshot: true, env: { HOME: "/home/pyodide" } });
const bootHeap = py._module.HEAP8.length;
py.FS.writeFile("/tmp/python-files.tar", zlib.gunzipSync(fs.readFileSync(path.join(buildDir, "python-files.tar.gz"))));
py.runPython(`
import importlib, os, sys, tarfile
with tarfile.open("/tmp/python-files.tar") as tar:
    tar.extractall("/", filter="fully_trusted")
os.remove("/tmp/python-files.tar")
os.environ.pop("_", None)
importlib.import_module(${JSON.stringify(module)})
# ft.run() imports Flet's page (and its views, dialogs, app bars) after a restore: up to a
# second of importing and compiling on the way to the first screen, so it is imported now.
# Not more: a snapshot larger than Pyodide's memory at boot (30 MiB) does not restore
# ("offset is out of bounds"); Flet's theme module (ft.Theme, 0.6 s), or every control the
# app names, make it grow past that. flet.app and flet.messaging need msgpack: not now.
import flet.controls.page
del sys.modules[${JSON.stringify(module)}]  # the worker runs a fresh copy as __main__
assert "msgpack" not in sys.modules, "msgpack imported before the snapshot: it would crash after a restore"
sys._block24_snapshot = ${JSON.stringify(buildId)}  # the worker checks it after the restore
`);
if (py._module.HEAP8.length > bootHeap) {  // a restore writes it into a memory of the boot's size
  console.error(`Python's memory grew from ${bootHeap} to ${py._module.HEAP8.length} bytes while the app was imported: such a snapshot does not restore`);
  process.exit(1);
}
const memory = py.makeMemorySnapshot();
const header = Buffer.alloc(HEADER, " ");
header.write(`${MAGIC}\n${buildId}\n${memory.length}\n`, "ascii");
fs.writeFileSync(path.join(buildDir, "python-snapshot.bin"),
  Buffer.concat([header, zlib.gzipSync(memory, { level: 6 })]));
