// `node web/snapshot.mjs BUILD_DIR BUILD_ID MODULE FILES_DIR NAMES [WHOLE_STDLIB_ZIP]`: Python's memory with the app
// imported, made once at build time so that the browser's worker starts from it
// (web/client/python-worker.js), and the files a restore writes again.
//
// FILES_DIR holds the wheels' files and the app's code laid out from "/" (web/build.py). In
// three runs of the build's own Pyodide (BUILD_DIR/pyodide/):
//   1. the files get their bytecode (unchecked .pyc: a module first imported after a restore
//      is not compiled from source in the phone); BUILD_DIR/python-files.bin holds them as a
//      restore needs them (shippedFiles; layout: web/client/python-start.mjs);
//   2. MODULE, Flet's page and the Flet modules its first screen imports (NAMES, a JSON list of
//      "module:" or, for the counter, "module:name" for every Flet name its code names) are imported,
//      MODULE's configure_first_screen() run where it has one (Flet's configuring of the first
//      screen's control classes, web/main.py) and the memory is written to BUILD_DIR/python-snapshot.bin:
//      a 64-byte header ("BLOCK24-SNAPSHOT 2", BUILD_ID, the memory's length, the span of the
//      difference), then the memory (the build keeps a gzipped copy beside it for the download;
//      the service worker keeps it unpacked, so a restart reads it as it is). Two things make
//      the download smaller (9.96 MB gzipped before them): the free memory is zeroed (what the
//      boot and the imports freed is garbage that gzips badly), and the static data is shipped
//      as its difference from the fresh memory (python-start.mjs, undoDelta);
//   3. the snapshot is restored as the worker restores it, or the build fails.
// Nothing may hold a JS object at the snapshot (no loadPackage, no flet_js, no mount:
// "Unexpected hiwire entry"), and msgpack (a compiled module, whose function table a restore
// loses) is a stand-in until the restore.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const MAGIC = "BLOCK24-SNAPSHOT 2";
const HEADER = 64;

const [buildDir, buildId, module, filesDir, namesJson, wholeStdlib] = process.argv.slice(2);
if (!namesJson) {
  console.error("usage: node web/snapshot.mjs BUILD_DIR BUILD_ID MODULE FILES_DIR NAMES [WHOLE_STDLIB_ZIP]");
  process.exit(2);
}
const indexURL = path.resolve(buildDir, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const { AFTER_RESTORE, compileLibraries, loadLibraries, writeFiles, packFiles, undoDelta, withMemoryFor } = await import(
  pathToFileURL(path.resolve(buildDir, "python-start.mjs")).href);
const env = { HOME: "/home/pyodide" };
const quiet = { stdout: () => {}, stderr: (text) => console.error(text) };

// Never read by the app in the browser: type stubs, the wheels' software bills of materials.
const UNUSED = /\.pyi$|\.dist-info\/sboms\//;

function walk(folder, found = []) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    entry.isDirectory() ? walk(full, found) : found.push(full);
  }
  return found;
}

// 1. The files with their bytecode.
let files;
{
  // (compileall is not in the build's standard library, which holds only what the app imports)
  const stdLibURL = wholeStdlib ? path.resolve(wholeStdlib) : undefined;
  const py = await loadPyodide({ indexURL, env, ...quiet, ...(stdLibURL ? { stdLibURL } : {}) });
  const sources = walk(filesDir).sort();
  for (const file of sources) {
    const to = "/" + path.relative(filesDir, file).split(path.sep).join("/");
    py.FS.mkdirTree(path.posix.dirname(to));
    py.FS.writeFile(to, fs.readFileSync(file));
  }
  const roots = [...new Set(sources.map((file) => {
    const rel = path.relative(filesDir, file).split(path.sep);
    return "/" + rel.slice(0, rel[0] === "lib" ? 3 : 2).join("/");  // site-packages, the home
  }))];
  py.runPython(`
import compileall, py_compile, sys
for root in ${JSON.stringify(roots)}:
    if not compileall.compile_dir(root, quiet=2, workers=1,
                                  invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
        sys.exit(f"bytecode: {root} does not compile")
`);
  files = [];
  const add = (folder) => {
    for (const name of py.FS.readdir(folder).filter((n) => n !== "." && n !== "..").sort()) {
      const full = `${folder}/${name}`;
      if (py.FS.isDir(py.FS.stat(full).mode)) {
        add(full);
      } else if (!UNUSED.test(full)) {
        files.push([full, py.FS.readFile(full)]);
      }
    }
  };
  roots.forEach(add);
}

// The memory a fresh instance of Pyodide's WebAssembly starts with (its static data), kept by
// `keep` before anything runs.
function freshMemory(keep) {
  return async (settings) => {
    const { default: createPyodideModule } = await import(pathToFileURL(indexURL + "pyodide.asm.mjs").href);
    const instantiate = settings.instantiateWasm;
    settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, module) => {
      keep(new Uint8Array(instance.exports.memory.buffer).slice());
      receive(instance, module);
    });
    return createPyodideModule(settings);
  };
}

// Zero every free block of the C heap: what the boot and the imports freed is garbage, which the
// snapshot would carry (≈ 3 MB, 0.7 MB gzipped). Each size is taken while malloc has one, the
// memory not grown for it; then all are given back.
function zeroFreeMemory(module) {
  const grow = WebAssembly.Memory.prototype.grow;
  const taken = [];
  WebAssembly.Memory.prototype.grow = () => { throw new RangeError("not while the free memory is zeroed"); };
  try {
    for (let size = 1 << 26; size >= 16; size >>= 1) {
      for (let at = module._malloc(size); at; at = module._malloc(size)) {
        module.HEAPU8.fill(0, at, at + size);
        taken.push(at);
      }
    }
  } finally {
    WebAssembly.Memory.prototype.grow = grow;
    taken.forEach((at) => module._free(at));
  }
}

// The files a restore writes: a module in the snapshot keeps its source (a start without the
// snapshot compiles it; a traceback quotes it), its bytecode is never read again; any other module
// is its bytecode alone, where the source was (`X.pyc` beside the package's files, which Python
// imports without a source), since its source would only be read by a traceback.
function shippedFiles(all, inSnapshot, tag) {
  const byPath = new Map(all);
  const cacheOf = (file) => file.replace(/([^/]+)\.py$/, `__pycache__/$1.${tag}.pyc`);
  const shipped = [];
  for (const [file, data] of all) {
    if (file.includes("/__pycache__/")) {
      continue;  // (with its source, below)
    }
    const bytecode = file.endsWith(".py") ? cacheOf(file) : null;
    if (bytecode && !inSnapshot.has(bytecode) && byPath.has(bytecode)) {
      shipped.push([file + "c", byPath.get(bytecode)]);
    } else {
      shipped.push([file, data]);
    }
  }
  return shipped;
}

// 2. The snapshot.
let memory, packed, fresh;
{
  const py = await loadPyodide({ indexURL, env, ...quiet, _makeSnapshot: true,
                                 createPyodideModule: freshMemory((bytes) => { fresh = bytes; }) });
  writeFiles(py.FS, packFiles(files));
  const imported = py.runPython(`
import importlib, os, sys
os.environ.pop("_", None)
importlib.import_module(${JSON.stringify(module)})
# Flet imports its page, its app and its messaging when ft.run() is called, and a control's
# module the first time the app names it (ft.Theme: 0.6 s): all of it is imported now, not on
# the way to the first screen. They use msgpack (a compiled module, whose function table a
# restore loses) only when called, so they import a stand-in now, which the worker fills
# with the real msgpack after the restore (python-worker.js, AFTER_RESTORE).
import types
sys.modules["msgpack"] = types.ModuleType("msgpack", "stand-in until the restore")
import flet.app, flet.controls.page, flet.messaging.session
for named in ${JSON.stringify(JSON.parse(fs.readFileSync(namesJson, "utf8")))}:
    where, name = named.split(":")
    if not name:  # a module of the first screen (web/build.py, Target.first_screen): it must be there
        importlib.import_module(where)
        continue
    try:
        getattr(importlib.import_module(where), name)
    except (ImportError, AttributeError):
        pass
# The first icon named reads Flet's table of icons (a JSON file, through importlib.resources).
getattr(importlib.import_module("flet").Icons, "ADD")
# Flet's work the first time a control class is sent, for the first screen's (web/main.py).
getattr(sys.modules[${JSON.stringify(module)}], "configure_first_screen", lambda: None)()
del sys.modules[${JSON.stringify(module)}]  # the worker runs a fresh copy as __main__
assert not [m for m in sys.modules if m.startswith("msgpack.")], "msgpack imported before the snapshot: it would crash after a restore"
sys._block24_snapshot = ${JSON.stringify(buildId)}  # the worker checks it after the restore
import importlib.util
[importlib.util.cache_from_source(m.__file__) for m in list(sys.modules.values())
 if (getattr(m, "__file__", None) or "").endswith(".py")]
`);
  // The bytecode of a module in the snapshot is never read again: not shipped.
  const inSnapshot = new Set(imported.toJs());
  imported.destroy();
  py.runPython("import gc; gc.collect()");
  const size = py._module.HEAP8.length;
  zeroFreeMemory(py._module);
  if (py._module.HEAP8.length !== size) {
    throw new Error("the memory grew while its free blocks were zeroed");
  }
  memory = py.makeMemorySnapshot();
  packed = packFiles(shippedFiles(files, inSnapshot, py.runPython("sys.implementation.cache_tag")));
}
fs.writeFileSync(path.join(buildDir, "python-files.bin"), packed);
// The difference from the fresh memory over its static data (up to its last byte not zero).
let span = fresh.length;
while (span > 0 && fresh[span - 1] === 0) {
  span--;
}
span = Math.ceil(span / 4) * 4;
const delta = memory.slice();
undoDelta(delta, fresh, span);  // (XOR: the same step makes the difference and undoes it)
const header = Buffer.alloc(HEADER, " ");
header.write(`${MAGIC}\n${buildId}\n${memory.length}\n${span}\n`, "ascii");
fs.writeFileSync(path.join(buildDir, "python-snapshot.bin"), Buffer.concat([header, delta]));

// 3. It restores as the worker restores it, and a module imported after it is found.
{
  const shipped = delta.slice();  // restored as the worker restores it: from the difference
  const py = await loadPyodide({ indexURL, env, ...quiet, _loadSnapshot: shipped,
                                 createPyodideModule: withMemoryFor(pathToFileURL(indexURL).href, shipped,
                                                                    undefined, span) });
  if (!shipped.every((byte, at) => byte === memory[at])) {
    console.error("the snapshot's difference did not give the memory back");
    process.exit(1);
  }
  const restoredFiles = packed.slice();
  writeFiles(py.FS, restoredFiles);
  await loadLibraries(py, compileLibraries(restoredFiles));
  const restored = py.runPython(AFTER_RESTORE + `
import flet.messaging.protocol
import flet.controls.material.progress_bar  # (a backup's import progress, not in the snapshot: its bytecode alone)
assert flet.controls.material.progress_bar.__file__.endswith("progress_bar.pyc"), flet.controls.material.progress_bar.__file__
flet.messaging.protocol.msgpack.packb([1]) and getattr(sys, "_block24_snapshot", None)
`);
  if (restored !== buildId) {
    console.error(`the snapshot did not restore: ${restored}`);
    process.exit(1);
  }
}
