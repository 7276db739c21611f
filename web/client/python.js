// The web build's copy of flet-web's python.js. One change: the Python worker starts
// as soon as the page loads, so Pyodide boots, installs the wheels and imports the app
// while Flutter loads; flet-web starts it only when Flutter connects, one after the other.
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
  });
  return worker;
}

let _earlyWorker = flet.pyodide ? _startWorker() : null;

// Called from Dart on backend.connect(); dartOnMessage receives each JSUint8Array.
globalThis.jsConnect = async function (appId, args, dartOnMessage) {
  const app = { dartOnMessage: dartOnMessage };
  _apps[appId] = app;
  app.worker = _earlyWorker || _startWorker();
  _earlyWorker = null;

  let error;
  const pythonInitialized = new Promise((resolve) => app.onPythonInitialized = resolve);
  app.worker.onmessage = (event) => {
    if (typeof event.data === "string") {
      if (event.data != "initialized") {
        error = event.data;
      }
      app.onPythonInitialized();
    } else {
      app.dartOnMessage(event.data);
    }
  };
  app.worker.postMessage({ connect: true, args: args });
  await pythonInitialized;
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
