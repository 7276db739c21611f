// What covers Flutter's view while the pad starts: the loading picture (index.html's #loading)
// and the open game's scores (the glance, below). Both stay until the app's first screen is
// drawn, in every engine: Flutter's loader took the picture away at Flutter's own first frame
// (the build removes that from flutter_bootstrap.js), and after it came Flet's "Working…" and
// frames with nothing on them until the app drew (Chromium 0.3-1.4 s, WebKit 3.5-8 s: grabs of
// the screen, tests/e2e/test_no_blank_frame.py). So a frame counts as drawn only when it has
// something on it: each frame Flutter puts on the page (a bitmap handed to a canvas with
// CanvasKit or skwasm, or a WebGL draw on the page's own canvas) is looked at, drawn small,
// from the app's first message on; the hooks go with the cover.
globalThis.block24Cover = (function () {
  const QUIET_MS = 200;  // the app's messages have stopped for this long
  const SETTLED_MS = 1000;  // ... or for this long, when no frame came after the last one
  const LATEST_MS = 20000;  // drawn or not: a client that never says so still gets the screen
  const covering = [];  // [element, what to do when it goes]
  const loading = document.getElementById("loading");
  if (loading) {
    Object.assign(loading.style, { zIndex: "2147483646", pointerEvents: "none" });
    covering.push([loading, () => { globalThis.block24LoadingGone = performance.now(); }]);
  }
  let firstMessage = 0;
  let lastMessage = 0;
  let drawnAt = -1;  // the latest frame looked at with something on it
  let blankAt = -1;  // the latest one with nothing (one colour)
  let timer = null;
  let gone = false;
  const drawImage = CanvasRenderingContext2D.prototype.drawImage;
  const probe = document.createElement("canvas");
  const probeContext = probe.getContext("2d", { willReadFrequently: true });

  // Whether a frame has anything on it: drawn at a quarter of its size, more than one colour.
  function look(source) {
    if (gone || firstMessage === 0) {
      return;  // before the app's first message: Flet's own "Working…", not the app
    }
    const at = performance.now();
    try {
      probe.width = Math.max(1, Math.ceil((source.width || 0) / 4));
      probe.height = Math.max(1, Math.ceil((source.height || 0) / 4));
      drawImage.call(probeContext, source, 0, 0, probe.width, probe.height);
      const pixels = new Uint32Array(
        probeContext.getImageData(0, 0, probe.width, probe.height).data.buffer);
      const first = pixels[0];
      if (pixels.some((pixel) => pixel !== first)) {
        drawnAt = at;
      } else {
        blankAt = at;
      }
    } catch (error) {  // cannot be looked at: taken as drawn, as before
      drawnAt = at;
    }
  }

  const hooks = [];
  const hook = (proto, name, wrap) => {
    const original = proto && proto[name];
    if (typeof original !== "function") {
      return;
    }
    proto[name] = wrap(original);
    hooks.push(() => { proto[name] = original; });
  };
  hook(globalThis.ImageBitmapRenderingContext?.prototype, "transferFromImageBitmap",
       (original) => function (bitmap, ...rest) {
         if (bitmap) look(bitmap);  // before it is handed on (and detached)
         return original.call(this, bitmap, ...rest);
       });
  // A page's canvas drawn on (a bitmap drawn into it, WebGL): looked at once the task that drew
  // has finished its frame (a WebGL drawing buffer is still there then, not yet shown).
  let pending = null;
  const drawnOn = (canvas) => {
    if (!pending && firstMessage && !gone && canvas && canvas !== probe) {
      pending = canvas;
      queueMicrotask(() => {
        const drawn = pending;
        pending = null;
        look(drawn);
      });
    }
  };
  hook(globalThis.CanvasRenderingContext2D?.prototype, "drawImage", (original) => function (...args) {
    const done = original.apply(this, args);
    drawnOn(this.canvas);
    return done;
  });
  for (const gl of [globalThis.WebGLRenderingContext, globalThis.WebGL2RenderingContext]) {
    for (const name of ["drawElements", "drawArrays"]) {
      hook(gl?.prototype, name, (original) => function (...args) {
        const done = original.apply(this, args);
        drawnOn(this.canvas);
        return done;
      });
    }
  }

  const remove = () => {
    if (gone) {
      return;
    }
    gone = true;
    clearTimeout(timer);
    hooks.forEach((undo) => undo());
    hooks.length = 0;
    for (const [element, then] of covering) {
      element.remove();
      then();
    }
  };
  // The app's first screen is on the page once its messages stopped and the latest frame looked
  // at has something on it (after the last message; or, quiet for longer, after the first).
  function check() {
    const quiet = performance.now() - lastMessage;
    const drawn = drawnAt > blankAt
      && ((quiet >= QUIET_MS && drawnAt > lastMessage) || (quiet >= SETTLED_MS && drawnAt > firstMessage));
    if (lastMessage > 0 && drawn) {
      requestAnimationFrame(remove);  // the frame drawn is composited with the cover gone
    } else {
      timer = setTimeout(check, 50);
    }
  }
  return {
    add(element, then) {  // one more element over the view, gone with the rest
      if (gone) return false;
      covering.push([element, then]);
      return true;
    },
    up: () => !gone,
    message() {  // python.js: each message of the app to Flutter
      lastMessage = performance.now();
      firstMessage ||= lastMessage;
    },
    end(failed) {  // python.js: Python is up (or failed: its error is shown at once)
      if (failed) {
        remove();
        return;
      }
      clearTimeout(timer);
      check();
      setTimeout(remove, LATEST_MS);
    },
  };
})();
// The scores before the app: while Flutter and Python start, the loading screen
// shows the open game as the app last saved it (names, scores, the round, already worded in
// the phone's language). Python keeps it in IndexedDB beside the games (web/main.py, GLANCE): a
// round's write removes the summary it outdates, the new one is written after it, so what is
// read here is the game's latest or nothing. It is a glance, never the record: anything
// unexpected (an older version's summary, one edited by hand, another language chosen since)
// and the usual loading screen stays.
(function () {
  const DATABASE = "/persist";  // Emscripten's IDBFS: the mount's path names the database
  const FILES = "FILE_DATA";  // its store: path → {timestamp, mode, contents}
  const KEY = "/persist/glance.json";
  try {
    localStorage.removeItem("block24.glance");  // where older builds kept it
  } catch (error) {  // no storage (private mode)
  }

  // The summary's text as Python last kept it, or null (none, no IndexedDB, no database yet:
  // none is made here).
  function keptSummary() {
    return new Promise((resolve) => {
      let request;
      try {
        request = indexedDB.open(DATABASE);
      } catch (error) {
        resolve(null);
        return;
      }
      request.onupgradeneeded = () => request.transaction.abort();  // no database: leave it so
      request.onerror = request.onblocked = () => resolve(null);
      request.onsuccess = () => {
        const db = request.result;
        try {
          const got = db.transaction(FILES, "readonly").objectStore(FILES).get(KEY);
          got.onsuccess = () => {
            db.close();
            const contents = got.result && got.result.contents;
            resolve(ArrayBuffer.isView(contents) ? new TextDecoder().decode(contents) : null);  // (an Int8Array)
          };
          got.onerror = () => {
            db.close();
            resolve(null);
          };
        } catch (error) {  // no such store
          db.close();
          resolve(null);
        }
      };
    });
  }
  const COLOURS = {  // the app's theme (Material 3, seed indigo): no flash when Flutter takes over
    light: { background: "#fbf8ff", text: "#1b1b21", accent: "#3f51b5", line: "#c6c5d0" },
    dark: { background: "#131318", text: "#e4e1e9", accent: "#bac3ff", line: "#46464f" },
  };

  function isText(value, longest) {
    return typeof value === "string" && value.length <= longest;
  }

  function read(text) {
    let summary;
    try {
      summary = JSON.parse(text);
    } catch (error) {
      return null;  // not JSON
    }
    if (!summary || summary.v !== 1 || !isText(summary.lang, 8) || !isText(summary.round, 80)
        || typeof summary.dark !== "boolean" || !Array.isArray(summary.players)
        || summary.players.length < 1 || summary.players.length > 12
        || !summary.players.every((p) => Array.isArray(p) && p.length === 2
                                        && isText(p[0], 80) && isText(p[1], 12))) {
      return null;
    }
    const chosen = stored("language");  // chosen since the summary was written: not its words
    if (chosen !== undefined && chosen !== summary.lang) {
      return null;
    }
    const dark = stored("dark");  // true, false, or "system": the phone's own (prefers-color-scheme)
    if (typeof dark === "boolean") {
      summary.dark = dark;
    } else if (dark === "system" || dark === undefined) {
      summary.dark = window.matchMedia("(prefers-color-scheme: dark)").matches;
    }
    return summary;
  }

  // The app's own setting (Flet's SharedPreferences: localStorage "flutter." + key, JSON).
  function stored(name) {
    try {
      const value = localStorage.getItem("flutter.block24." + name);
      return value === null ? undefined : JSON.parse(value);
    } catch (error) {
      return undefined;
    }
  }

  function element(tag, text, style) {
    const node = document.createElement(tag);
    if (text !== undefined) {
      node.textContent = text;  // never HTML: the summary may have been edited by hand
    }
    Object.assign(node.style, style || {});
    return node;
  }

  keptSummary().then((text) => {
    const summary = read(text);
    if (summary && block24Cover.up()) {
      show(summary);
    }
  });

  function show(summary) {
    const colours = summary.dark ? COLOURS.dark : COLOURS.light;
    // Over Flutter's view and the loading picture until the app's first screen is drawn
    // (block24Cover, above).
    const glance = element("div", undefined, {
      position: "fixed", inset: "0", zIndex: "2147483647", background: colours.background,
      color: colours.text, display: "flex", flexDirection: "column", alignItems: "center",
      justifyContent: "center", gap: "24px", pointerEvents: "none",
      font: "16px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    });
    glance.id = "block24-glance";
    glance.lang = summary.lang;
    glance.setAttribute("aria-busy", "true");
    const block = element("div", undefined, { width: "min(360px, 86vw)" });
    if (summary.round) {
      block.append(element("div", summary.round, { color: colours.accent, fontWeight: "600",
                                                    marginBottom: "8px" }));
    }
    for (const [name, score] of summary.players) {
      const row = element("div", undefined, {
        display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: "12px",
        padding: "6px 0", borderBottom: `1px solid ${colours.line}`,
      });
      row.className = "block24-glance-player";
      row.append(element("span", name, { fontSize: "20px", overflow: "hidden", textOverflow: "ellipsis",
                                         whiteSpace: "nowrap" }),
                 element("span", score, { fontSize: "28px", fontWeight: "700",
                                          fontVariantNumeric: "tabular-nums" }));
      block.append(row);
    }
    const picture = element("img", undefined, { width: "56px", height: "56px", opacity: "0.8" });
    picture.src = "icons/loading-animation.png";
    picture.alt = "";
    glance.append(block, picture);
    if (!block24Cover.add(glance, () => {
      document.documentElement.style.background = "";
      globalThis.block24GlanceGone = performance.now();
    })) {
      return;  // the app was drawn meanwhile
    }
    document.body.append(glance);
    document.documentElement.style.background = colours.background;
    globalThis.block24GlanceShown = performance.now();
  }
})();
