// The offline service worker first, then Flutter and Python (python.js, loaded from here): so on
// a first visit every file comes through the worker (this script is in the page: web/build.py), which fetches
// the build's gzipped copies, unpacks them and keeps them (service_worker.js). Without a worker
// (an insecure address, a browser without one, no answer in time) the page loads as it is.
// Once the app is up the worker is told to fetch the rest for offline use, and the browser is
// asked to keep this site's storage (the games live in IndexedDB; without it the browser may
// evict them when space runs low).
const WORKER_WAIT_MS = 5000;
// When Flutter drew its first frame (ms from navigation): where a start goes (bench.web).
addEventListener("flutter-first-frame", () => { globalThis.block24FirstFrameAt = performance.now(); },
                 { once: true });

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
    document.body.append(script);
  }
  await flet.flutterAppLoaded;
  globalThis.block24FlutterAt = performance.now();  // where a start goes (bench.web)
  if (navigator.storage && navigator.storage.persist) {
    // Python is told (web/main.py): declined, the settings say the games may be cleared.
    navigator.storage.persist().then((granted) => {
      console.log("persistent storage:", granted);
      globalThis.block24Worker?.then((worker) => worker.postMessage({ block24: { persisted: granted } }));
    });
  }
  await globalThis.block24PythonUp;  // the offline copy's downloads wait for the app's own
  const registration = await navigator.serviceWorker?.ready;
  registration?.active?.postMessage({
    block24Precache: performance.getEntriesByType("resource").map((entry) => entry.name),
  });
});
