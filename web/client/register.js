// The offline service worker first, then Flutter and Python (python.js, loaded from here): so on
// a first visit every file comes through the worker (this script is in the page: web/build.py), which fetches
// the build's gzipped copies, unpacks them and keeps them (service_worker.js). Without a worker
// (an insecure address, a browser without one, no answer in time) the page loads as it is.
// Once the app is up the worker is told to fetch the rest for offline use.
const WORKER_WAIT_MS = 5000;
// A host's code in the address ("#join=CODE", a phone's camera app followed the host's QR code):
// kept for table.js and taken out before Flutter reads its route.
globalThis.block24PeerInbox = [];
globalThis.block24JoinLink = /#join=[A-Za-z0-9_-]+$/.exec(location.hash)?.[0] || null;
if (globalThis.block24JoinLink) {
  history.replaceState(null, "", location.pathname + location.search);
}
// When Flutter drew its first frame (ms from navigation): where a start goes (bench.web).
addEventListener("flutter-first-frame", () => { globalThis.block24FirstFrameAt = performance.now(); },
                 { once: true });

// Whether the browser keeps this site's storage for good (the games live in IndexedDB; else it
// may evict them when space runs low), told to Python (web/main.py: the settings say so).
// Asking may put a prompt over the app (Firefox): it is asked once on this browser, at a moment
// the player understands (`why`: the pad was installed, or a game was finished); after a no it
// is not asked again.
const KEEP_ASKED = "block24.persist-asked";

async function block24GamesKept() {
  const kept = navigator.storage?.persisted ? await navigator.storage.persisted() : false;
  globalThis.block24Worker?.then((worker) => worker.postMessage({ block24: { persisted: kept } }));
  return kept;
}

async function block24KeepGames(why) {
  if (!navigator.storage?.persist || await block24GamesKept()) {
    return;
  }
  try {
    if (localStorage.getItem(KEEP_ASKED)) {
      return;  // asked before (and not granted): never again
    }
    localStorage.setItem(KEEP_ASKED, why);
  } catch (error) {
    return;  // no storage to remember the answer in: not asked, or it would be asked at every start
  }
  const granted = await navigator.storage.persist();
  console.log(`persistent storage (${why}):`, granted);
  await block24GamesKept();
}

globalThis.block24Ready = (async () => {
  if (!("serviceWorker" in navigator)) {
    return;
  }
  try {
    const registering = navigator.serviceWorker.register("service_worker.js");
    if (navigator.serviceWorker.controller) {
      registering.catch((error) => console.warn("offline service worker not updated:", error));
      return;  // served by it already; the browser checks for a new one meanwhile
    }
    await registering;
    await new Promise((done) => {
      navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
      setTimeout(done, WORKER_WAIT_MS);
    });
  } catch (error) {
    console.warn("offline service worker not registered:", error);
  }
})();

block24Ready.then(async () => {
  if (document.readyState === "loading") {
    await new Promise((done) => document.addEventListener("DOMContentLoaded", done, { once: true }));
  }
  for (const src of ["python.js", "flutter_bootstrap.js"]) {  // in this order (python.js: flet's bridge)
    const script = document.createElement("script");
    script.src = src;
    script.async = false;
    if (src === "python.js") {
      // What Python says to the table's phones (web/peer.py) waits until table.js is up.
      script.addEventListener("load", () => {
        globalThis.block24Worker?.then((worker) => worker.addEventListener("message", (event) => {
          const note = event.data && event.data.block24;
          if (note && typeof note.peer === "string") globalThis.block24PeerInbox?.push(note.peer);
        }));
      }, { once: true });
    }
    document.body.append(script);
  }
  await flet.flutterAppLoaded;
  globalThis.block24FlutterAt = performance.now();  // where a start goes (bench.web)
  // Installed on the home screen: the player chose to keep the pad, so its games are asked to
  // be kept too; else only whether they are (no prompt): Python asks once a game is finished.
  const installed = matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
  (installed ? block24KeepGames("installed") : block24GamesKept()).catch(() => {});
  await globalThis.block24PythonUp;  // the offline copy's downloads wait for the app's own
  // The table's phones (table.js and the peer layer, a module) once the app is up: nothing needs
  // them before. Loaded with the page, they cost a nearly full phone its first round's write
  // (the full-quota test; the cause is not pinned down).
  const table = document.createElement("script");
  table.type = "module";
  table.src = "table.js";
  document.body.append(table);
  const registration = await navigator.serviceWorker?.ready;
  registration?.active?.postMessage({
    block24Precache: performance.getEntriesByType("resource").map((entry) => entry.name),
  });
});
