// The web build's copy of flet-web's python.js. One change: the Python worker starts
// as soon as the page may load (register.js: once the offline service worker serves it), so
// Pyodide boots, installs the wheels and imports the app while Flutter loads; flet-web starts
// it only when Flutter connects, one after the other.
// The Dart side calls jsConnect / jsSend / jsDisconnect exactly as with flet-web's file.
let _apps = {};
const _documentUrl = document.URL;

function _startWorker() {
  const base = flet.entrypointBaseUrl.endsWith("/") ? flet.entrypointBaseUrl : flet.entrypointBaseUrl + "/";
  // A module worker: Pyodide >= 0.29 refuses classic workers.
  const worker = new Worker(base + "python-worker.js", { type: "module" });
  worker.postMessage({
    pyodideUrl: flet.pyodideUrl,
    appPackageUrl: new URL(flet.appPackageUrl, document.baseURI).href,
    pythonModuleName: flet.pythonModuleName,
    documentUrl: _documentUrl,
    timeOrigin: performance.timeOrigin,
    snapshotUrl: flet.snapshotUrl ? new URL(flet.snapshotUrl, document.baseURI).href : null,
    build: document.querySelector('meta[name="block24-build"]')?.content,
  });
  // How Python started (from the snapshot or the usual way, and why: for tests and the bench),
  // and whether a game is being played (the screen is kept on).
  worker.addEventListener("message", (event) => {
    const note = event.data && event.data.block24;
    if (note && "step" in note) {  // where a start goes (bench.web): ms from navigation
      globalThis.block24Steps ??= {};
      globalThis.block24Steps[note.step[0]] = note.step[1];
    } else if (note && "python" in note) {
      globalThis.block24Python = note.python;
      globalThis.block24PythonAt = performance.now();
      _pythonUp();
    } else if (note && "keep" in note) {  // a game finished: the moment to ask (register.js)
      block24KeepGames(note.keep).catch(() => {});
    } else if (note && "playing" in note) {
      _keepAwake(note.playing);
    }
  });
  return worker;
}

// The screen stays on while a game is being played (the phone lies on the table between
// rounds); the browser drops the lock when the page is hidden, so it is asked for again.
let _awake = { wanted: false, lock: null, asking: false };

async function _keepAwake(wanted) {
  _awake.wanted = wanted;
  if (!navigator.wakeLock) {
    return;
  }
  if (wanted && !_awake.lock && !_awake.asking && document.visibilityState === "visible") {
    _awake.asking = true;
    try {
      const lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { if (_awake.lock === lock) _awake.lock = null; });
      _awake.lock = lock;
      if (!_awake.wanted) {
        _keepAwake(false);
      }
    } catch (error) {  // refused (battery saver, no permission): the screen may sleep
      console.warn("screen wake lock not granted:", error.message || error);
    } finally {
      _awake.asking = false;
    }
  } else if (!wanted && _awake.lock) {
    const lock = _awake.lock;
    _awake.lock = null;
    lock.release();
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && _awake.wanted) {
    _keepAwake(true);
  }
});

let _pythonUp;
globalThis.block24PythonUp = new Promise((done) => { _pythonUp = done; });
let _earlyWorker = flet.pyodide ? globalThis.block24Ready.then(_startWorker) : null;
globalThis.block24Worker = _earlyWorker;  // register.js tells it whether storage is kept for good

// What the app's first screen would ask Flutter for, one round trip each (web/main.py): the
// browser's languages (as language.js left them) and the pad's settings as Flet's
// SharedPreferences keeps them (localStorage: "flutter." + key, JSON). Read at the connect,
// so a choice made in another tab meanwhile counts.
function _device() {
  const kept = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith("flutter.block24.")) {
        try {
          kept[key.slice("flutter.".length)] = JSON.parse(localStorage.getItem(key));
        } catch (error) {  // not Flet's JSON: as if nothing were kept
        }
      }
    }
  } catch (error) {  // no localStorage (private mode, blocked): a device that keeps nothing
  }
  return { languages: [...(navigator.languages || []), navigator.language], kept: kept };
}

// Called from Dart on backend.connect(); dartOnMessage receives each JSUint8Array.
globalThis.jsConnect = async function (appId, args, dartOnMessage) {
  globalThis.block24ConnectAt ??= performance.now();  // where a start goes (bench.web)
  const app = { dartOnMessage: dartOnMessage };
  _apps[appId] = app;
  app.worker = await (_earlyWorker || _startWorker());
  _earlyWorker = null;

  let error;
  const pythonInitialized = new Promise((resolve) => app.onPythonInitialized = resolve);
  app.worker.onmessage = (event) => {
    if (event.data && event.data.block24) {
      return;  // for the listener of _startWorker
    } else if (typeof event.data === "string") {
      if (event.data != "initialized") {
        error = event.data;
      }
      app.onPythonInitialized();
    } else {
      app.dartOnMessage(event.data);
      globalThis.block24FirstMessageAt ??= performance.now();
      globalThis.block24LastMessageAt = performance.now();
      globalThis.block24Cover?.message();
    }
  };
  app.worker.postMessage({ connect: true, args: args, device: _device() });
  await pythonInitialized;
  // The loading picture and the open game's scores (glance.js) give way to the app once it is
  // drawn; to Flet's word at once if Python failed.
  globalThis.block24Cover?.end(Boolean(error));
  if (error) {
    console.error("Python worker init error:", error);
    await jsDisconnect(appId);
    throw error;
  }
  console.log(`Python worker initialized: ${appId}`);
};

// Called from Dart on backend.send: the sender must not touch data afterwards.
globalThis.jsSend = async function (appId, data) {
  if (appId in _apps) {
    _apps[appId].worker.postMessage(data, [data.buffer]);
  }
};

// Called from Dart on channel.disconnect.
globalThis.jsDisconnect = async function (appId) {
  if (appId in _apps) {
    const app = _apps[appId];
    delete _apps[appId];
    app.worker.terminate();
    app.worker.onmessage = null;
  }
};
