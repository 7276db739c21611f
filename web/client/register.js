// After the Flutter app has loaded (registering earlier made the first visit wait ~4 s):
// the offline service worker, and a request that the browser keep this site's storage
// (the games live in IndexedDB; without it the browser may evict them when space runs low).
flet.flutterAppLoaded.then(() => {
  globalThis.block24FlutterAt = performance.now();  // where a start goes (bench.web)
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("service_worker.js")
      .catch((error) => console.warn("offline service worker not registered:", error));
  }
  if (navigator.storage && navigator.storage.persist) {
    // Python is told (web/main.py): declined, the settings say the games may be cleared.
    navigator.storage.persist().then((granted) => {
      console.log("persistent storage:", granted);
      globalThis.block24Worker?.postMessage({ block24: { persisted: granted } });
    });
  }
});
