// What a start from the memory snapshot needs, shared by the browser's worker
// (python-worker.js) and the build, which makes the snapshot and tries it in Node (web/snapshot.mjs).
//
// A snapshot holds Python's memory, not its file system: after a restore the wheels' files and
// the app's code are written again from python-files.bin, straight from its bytes (no copy,
// no archive to unpack in Python). Its layout: FILES_MAGIC, a little-endian uint32 n, n bytes of
// JSON [[path, size], ...], then every file's bytes in that order.
//
// Pyodide makes the memory of the size its module declares (30 MiB) and writes the snapshot into
// it: a snapshot of more does not restore ("offset is out of bounds"). withMemoryFor grows the
// memory to the snapshot's size before Pyodide sees it, so the snapshot may hold more of the app.

export const FILES_MAGIC = "BLOCK24-FILES 1\n";

// Python after a restore: the random generator's state is the build machine's, and the modules
// imported into the snapshot hold a stand-in for msgpack (web/snapshot.mjs), given the real one
// now (they look up its functions when called).
export const AFTER_RESTORE = `
import random, sys
random.seed()
_stand_in = sys.modules.pop("msgpack")
import msgpack
_stand_in.__dict__.update(msgpack.__dict__)
del _stand_in
`;

// Every file of a python-files.bin: [path, its bytes (a view into `bytes`)]. Throws if the bytes
// are not such a file or are cut short.
function filesIn(bytes) {
  const magic = new TextDecoder().decode(bytes.subarray(0, FILES_MAGIC.length));
  if (magic !== FILES_MAGIC) {
    throw new Error("not the Python files of this app");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const indexAt = FILES_MAGIC.length + 4;
  const indexLength = view.getUint32(FILES_MAGIC.length, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(indexAt, indexAt + indexLength)));
  const total = index.reduce((sum, [, size]) => sum + size, indexAt + indexLength);
  if (total !== bytes.length) {
    throw new Error(`the Python files are cut short (${bytes.length} of ${total} bytes)`);
  }
  let at = indexAt + indexLength;
  return index.map(([path, size]) => [path, bytes.subarray(at, at += size)]);
}

// Write every file of a python-files.bin into Pyodide's file system. The files keep views into
// `bytes` (nothing is copied). Throws if the bytes are not such a file or are cut short.
export function writeFiles(FS, bytes) {
  const files = filesIn(bytes);
  const folders = new Set();
  for (const [path, data] of files) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!folders.has(folder)) {
      FS.mkdirTree(folder);
      folders.add(folder);
    }
    FS.writeFile(path, data, { canOwn: true });
  }
  return files.length;
}

// The compiled modules among the Python files (msgpack's), their WebAssembly compiled now:
// [path, bytes, promise of the compiled module]. Imported after a restore, Python's import
// compiled msgpack's synchronously, in WebKit 0.2-2.2 s after the restore (beside Flutter's
// client); compiled while the snapshot restores, it is ready by then.
export function compileLibraries(bytes) {
  return filesIn(bytes).filter(([path]) => path.endsWith(".so")).map(([path, data]) => {
    const compiled = WebAssembly.compile(data);
    compiled.catch(() => {});  // then Python's import compiles it, as before
    return [path, data, compiled];
  });
}

// Load the libraries of compileLibraries into a restored Pyodide, as Pyodide loads a package's
// libraries before its import (so `import msgpack` finds its library loaded), each from its
// module compiled already.
export async function loadLibraries(pyodide, libraries) {
  for (const [path, data, compiled] of libraries) {
    const module = await compiled.catch(() => null);
    const instantiate = WebAssembly.instantiate;
    if (module) {  // Emscripten's instantiation of these bytes, from the module compiled already
      WebAssembly.instantiate = (binary, imports) => (binary?.byteLength === data.byteLength
        ? instantiate(module, imports).then((instance) => ({ module, instance }))
        : instantiate(binary, imports));
    }
    try {
      await pyodide._api.loadDynlib(path);
    } finally {
      WebAssembly.instantiate = instantiate;
    }
  }
}

// The bytes of a python-files.bin holding `files` ([path, Uint8Array] pairs).
export function packFiles(files) {
  const index = new TextEncoder().encode(JSON.stringify(files.map(([path, data]) => [path, data.length])));
  const head = new TextEncoder().encode(FILES_MAGIC);
  const out = new Uint8Array(head.length + 4 + index.length + files.reduce((sum, [, d]) => sum + d.length, 0));
  out.set(head, 0);
  new DataView(out.buffer).setUint32(head.length, index.length, true);
  out.set(index, head.length + 4);
  let at = head.length + 4 + index.length;
  for (const [, data] of files) {
    out.set(data, at);
    at += data.length;
  }
  return out;
}

// The snapshot is shipped as its difference from the memory Pyodide's WebAssembly starts with
// (its static data: the same bytes are in pyodide.asm.wasm, so the phone fetched them already):
// the first `span` bytes of the memory XOR those of a fresh instance. Most of the static data is
// unchanged at the snapshot, so that part gzips to almost nothing (web/snapshot.mjs). XOR with the
// fresh memory again gives the memory back; `snapshot` is Pyodide's snapshot (its own header,
// then the memory), changed in place.
export function undoDelta(snapshot, fresh, span) {
  const heapAt = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
  const heap = snapshot.subarray(heapAt);
  const length = Math.min(span, heap.length, fresh.length);
  let done = 0;
  if (heap.byteOffset % 4 === 0 && fresh.byteOffset % 4 === 0) {
    const words = length >>> 2;
    const into = new Uint32Array(heap.buffer, heap.byteOffset, words);
    const from = new Uint32Array(fresh.buffer, fresh.byteOffset, words);
    for (let i = 0; i < words; i++) {
      into[i] ^= from[i];
    }
    done = words * 4;
  }
  for (let i = done; i < length; i++) {
    heap[i] ^= fresh[i];
  }
}

// loadPyodide's option `createPyodideModule` for `snapshot` (its bytes, or a promise of them):
// Pyodide's own module, its WebAssembly memory grown to hold the snapshot before Pyodide writes
// it there. `pyodideUrl`: the address of pyodide.mjs (or of its folder, ending in "/").
// `compiled` (optional): a promise of pyodide.asm.wasm compiled, started before the snapshot was
// read (Pyodide starts compiling only once it has the snapshot). `span` (or a promise of it): the
// snapshot is a difference from the fresh memory over that many bytes (undoDelta), undone here.
export function withMemoryFor(pyodideUrl, snapshot, compiled, span = 0) {
  return async (settings) => {
    const [{ default: createPyodideModule }, bytes, delta] = await Promise.all([
      import(new URL("pyodide.asm.mjs", pyodideUrl).href), snapshot, span]);
    const instantiate = settings.instantiateWasm;
    if (typeof instantiate === "function") {
      settings.instantiateWasm = (imports, receive) => {
        const streaming = WebAssembly.instantiateStreaming;
        if (compiled) {  // Pyodide's own instantiation, from the module compiled already
          WebAssembly.instantiateStreaming = async (response, wasmImports) => {
            WebAssembly.instantiateStreaming = streaming;
            try {
              const module = await compiled;
              return { module, instance: await WebAssembly.instantiate(module, wasmImports) };
            } catch (error) {
              return streaming(response, wasmImports);
            }
          };
        }
        return instantiate(imports, (instance, module) => {
          WebAssembly.instantiateStreaming = streaming;
          const memory = instance.exports.memory;
          if (delta) {  // before anything ran: the memory is the module's own start
            undoDelta(bytes, new Uint8Array(memory.buffer), delta);
          }
          const short = bytes.length - memory.buffer.byteLength;
          if (short > 0) {
            memory.grow(Math.ceil(short / 65536));
          }
          receive(instance, module);
        });
      };
    }
    return createPyodideModule(settings);
  };
}
