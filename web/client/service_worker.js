// The offline copy of this build (web/build.py writes VERSION and FILES). VERSION is a hash of
// the files: a new build is a new worker, which fetches the new files, takes over at once and
// drops the old cache; the next start shows the new build.
//
// Each browser keeps one Flutter client, the one its loader picked (WebAssembly with skwasm in
// Chromium, JavaScript with CanvasKit elsewhere): the files of the others are never fetched.
// The build holds the large files twice, as they are and gzipped (FILE.gz); this worker fetches
// the gzipped copy and unpacks it (DecompressionStream), so the host needs no setting. Whatever
// fails on that road (no DecompressionStream, a copy cut short, a host that unpacked it already
// and sent other bytes) ends in the plain file from the network.
//
// Each file comes from the network once: requests for a file already on its way (the page's and
// the Python worker's, or the precache's) share that one download, and the file is kept before
// another is started. Every kept file carries the hash of its bytes (FILES, header HASH).
//
// The first visit: nothing is fetched at install (that made the app wait); the page waits for
// this worker (register.js), so every file it asks for comes through here and is kept, and once
// the app is up the page says so and the rest is fetched (PRECACHE). An update: the new worker
// fills its cache with the shared files and the client files the old cache held before it takes
// over, each file whose bytes did not change copied from the old cache (same hash), only the
// changed ones fetched; the old cache is dropped once the new one is whole (activate).
//
// The games come first: IndexedDB shares the site's quota with this cache, and a round refused for
// room is worse than no offline copy. A file is kept only while GAMES_ROOM stays free (where the
// browser gives an estimate); once the browser refuses one for room, the copy gives all its room
// back (a part of it is of no use offline) and nothing more is kept until the next start.
const VERSION = "__VERSION__";
const FILES = __FILES__;  // path → [bytes, a gzipped copy FILE.gz exists, hash of its bytes]
const PREFIX = "flet-web-build-";
const CACHE = PREFIX + VERSION;
const CLIENT = /^(main\.dart\.(wasm|mjs|js)|canvaskit\/)/;
const GAMES_ROOM = __GAMES_ROOM__;  // bytes
// Files kept only once asked for, not fetched for the offline copy (web/build.py, ON_DEMAND).
const ON_DEMAND = new Set(__ON_DEMAND__);
const COMPLETE = "block24-offline";  // kept in the cache once every file needed offline is there
const HASH = "X-Block24-Hash";  // on every kept file: the hash of its bytes (FILES)
const TYPES = {
  wasm: "application/wasm", js: "text/javascript", mjs: "text/javascript", json: "application/json",
  html: "text/html", ttf: "font/ttf", otf: "font/otf", woff2: "font/woff2", png: "image/png",
  zip: "application/zip", whl: "application/zip", gz: "application/gzip", bin: "application/octet-stream",
};

const scope = () => self.registration.scope;
const address = (path) => new URL(path, scope()).href;

function pathOf(url) {
  const path = url.href.slice(scope().length).split(/[?#]/)[0];
  return path === "" || path === "index.html" ? "./" : path;
}

// A file of this build from the network: its gzipped copy unpacked, else the file itself.
// `mode`: the browser's HTTP cache's part ("no-cache": the host is asked whether it changed).
async function fetchFile(path, mode = "no-cache") {
  const [size, gzipped] = FILES[path] || [null, false];
  if (gzipped && typeof DecompressionStream === "function") {
    try {
      const response = await fetch(address(path) + ".gz", { cache: mode });
      if (!response.ok) {
        throw new Error(`HTTP ${response.status}`);
      }
      const packed = new Uint8Array(await response.arrayBuffer());
      const isGzip = packed[0] === 0x1f && packed[1] === 0x8b;
      const body = isGzip ? new Uint8Array(await new Response(
        new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer())
        : packed;  // a host that unpacked it on the way (Content-Encoding)
      if (body.byteLength !== size) {
        throw new Error(`${body.byteLength} of ${size} bytes`);
      }
      const type = TYPES[path.split(".").pop()] || "application/octet-stream";
      return new Response(body, { headers: { "Content-Type": type } });
    } catch (error) {
      if (mode === "force-cache") {
        throw error;  // perhaps an older build's copy kept by the browser: asked of the host
      }
      console.warn(`${path}.gz not usable (${error.message || error}): the file itself`);
    }
  }
  return fetch(address(path), { cache: mode });
}

async function hashOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// A file for the offline copy: the one the browser kept when the page loaded it before this
// worker served it (a first visit: the page, its scripts, icons), if it holds the bytes FILES
// names; else from the host.
async function fetchForCopy(path) {
  try {
    const response = await fetchFile(path, "force-cache");
    if (response.ok) {
      const bytes = await response.arrayBuffer();
      if (FILES[path] && await hashOf(bytes) === FILES[path][2]) {
        return new Response(bytes, { status: response.status, headers: response.headers });
      }
    }
  } catch (error) {  // not kept, not whole: from the host
  }
  return fetchFile(path);
}

let full = false;  // the browser refused a file for room: nothing more is kept until the next start

class NoRoom extends Error {
  constructor(bytes) {
    super(`no room for ${bytes} bytes beside the games' ${GAMES_ROOM}`);
    this.name = "QuotaExceededError";
  }
}

// Whether `bytes` more can be kept with GAMES_ROOM left free.
async function roomFor(bytes) {
  if (full) {
    return false;
  }
  try {
    const { usage, quota } = await navigator.storage.estimate();
    return quota - usage - bytes >= GAMES_ROOM;
  } catch (error) {
    return true;  // no estimate: the browser's own refusal says
  }
}

// A refusal for room: the copy gives its room back to the games.
async function noRoom(error) {
  if (!error || error.name !== "QuotaExceededError") {
    throw error;
  }
  full = true;
  await caches.delete(CACHE);
  console.warn(`no offline copy (${error.message}): the games keep the room`);
}

// `response` as kept: its body and type, and the hash of the bytes FILES names for `path`.
function withHash(path, response) {
  const headers = new Headers();
  for (const name of ["Content-Type", "Last-Modified", "ETag"]) {
    if (response.headers.has(name)) {
      headers.set(name, response.headers.get(name));
    }
  }
  headers.set(HASH, FILES[path] ? FILES[path][2] : "");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function put(cache, path, response) {
  const bytes = FILES[path] ? FILES[path][0] : 0;
  if (!await roomFor(bytes)) {
    throw new NoRoom(bytes);
  }
  await cache.put(address(path), withHash(path, response));
}

// Downloads under way: path → {response: a promise of it (never read; each asker reads a clone),
// kept: a promise that it is in the cache (or why not)}. Gone once kept.
const pending = new Map();

// `path` from the network, once: a download of it under way is shared, and kept in `cache`
// (unless the browser gives no room). {response: a promise of a Response for this asker alone,
// kept: a promise that the file is in the cache}.
function download(cache, path, fetching = fetchFile) {
  let entry = pending.get(path);
  if (!entry) {
    const response = fetching(path);
    const kept = response.then((got) => {
      if (!got.ok) {
        throw new Error(`${path}: HTTP ${got.status}`);
      }
      if (full) {
        throw new NoRoom(FILES[path] ? FILES[path][0] : 0);
      }
      return put(cache, path, got.clone());
    });
    entry = { response, kept };
    pending.set(path, entry);
    kept.catch(() => {}).finally(() => pending.delete(path));
  }
  return { response: entry.response.then((got) => got.clone()), kept: entry.kept };
}

// The copy of `path` with these very bytes in an older cache of this site, if there is one.
async function unchanged(path) {
  const wanted = FILES[path] && FILES[path][2];
  for (const key of await caches.keys()) {
    if (!key.startsWith(PREFIX) || key === CACHE) {
      continue;
    }
    const found = await (await caches.open(key)).match(address(path));
    if (found && wanted && found.headers.get(HASH) === wanted) {
      return found;
    }
  }
  return null;
}

async function keep(cache, path) {
  if (pending.has(path)) {
    await pending.get(path).kept;
    return;
  }
  if (await cache.match(address(path))) {
    return;
  }
  const old = await unchanged(path);
  if (old) {
    await put(cache, path, old);
    return;
  }
  await download(cache, path, fetchForCopy).kept;
}

// Every shared file and the client files this browser runs; then the mark that all are there.
// Nothing is fetched unless the whole copy fits.
async function precache(cache, client) {
  const wanted = Object.keys(FILES).filter((path) => !ON_DEMAND.has(path)
    && (!CLIENT.test(path) || client.includes(path)));
  let missing = 0;
  for (const path of wanted) {
    missing += await cache.match(address(path)) ? 0 : FILES[path][0];
  }
  if (!await roomFor(missing)) {
    throw new NoRoom(missing);
  }
  for (const path of wanted) {
    await keep(cache, path);
  }
  await cache.put(address(COMPLETE), new Response(JSON.stringify(client)));
}

// The client files a cache holds (this version's, or the one before it).
async function clientIn(cache) {
  const paths = (await cache.keys()).map((request) => pathOf(new URL(request.url)));
  return paths.filter((path) => CLIENT.test(path) && path in FILES);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let client = [];
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) {
        client = [...new Set([...client, ...await clientIn(await caches.open(key))])];
      }
    }
    if (client.length) {  // an update: offline as before from the moment it takes over
      await precache(cache, client).catch(async (error) => {
        await noRoom(error);
        throw error;  // no room: the old worker and its copy stay
      });
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) {
        await caches.delete(key);
      }
    }
    await self.clients.claim();
  })());
});

// From the page once the app is up: fetch the rest (the page's own requests are kept already;
// `loaded` names what it fetched before this worker took over, if it did not wait for it).
let precaching = null;
self.addEventListener("message", (event) => {
  const loaded = event.data && event.data.block24Precache;
  if (!Array.isArray(loaded)) {
    return;
  }
  precaching ||= (async () => {
    full = false;  // each start asks once more: there may be room now
    const cache = await caches.open(CACHE);
    const named = loaded.map((url) => pathOf(new URL(url, scope())));
    const client = [...new Set([...await clientIn(cache),
                                ...named.filter((path) => CLIENT.test(path) && path in FILES)])];
    await precache(cache, client);
  })().catch(noRoom).catch((error) => {
    console.warn("offline copy not complete:", error);  // asked again at the next start
  }).finally(() => { precaching = null; });
  event.waitUntil(precaching);
});

// The pad's word that IndexedDB refused a game for room (web/main.py): an offline copy being made
// gives its room back to the games ("giving", then "given" once its cache is gone). A whole copy
// stays: the pad must still start offline.
const room = new BroadcastChannel("block24-room");
room.onmessage = async (event) => {
  if (event.data !== "wanted" || !precaching) {
    return;
  }
  room.postMessage("giving");
  full = true;  // the copy stops at its next file and its cache is deleted (noRoom)
  await precaching;
  room.postMessage("given");
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || !url.href.startsWith(scope())) {
    return;
  }
  const asked = pathOf(url);
  const path = request.mode === "navigate" && !(asked in FILES) ? "./" : asked;  // the app's routes
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(address(path));
    if (hit) {
      return hit;
    }
    if (!(path in FILES)) {
      return fetch(request);
    }
    const { response, kept } = download(cache, path);
    // Not kept: from the network next time (a refusal for room, unless it is known already).
    event.waitUntil(kept.catch((error) => full ? null : noRoom(error)).catch(() => {}));
    return response;
  })());
});
