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

  // Python up before the summary was read (it never is, in practice): no glance at all.
  let late = false;
  globalThis.block24GlanceEnd = () => { late = true; };
  keptSummary().then((text) => {
    const summary = late ? null : read(text);
    if (summary) {
      show(summary);
    } else if (!late) {
      globalThis.block24GlanceEnd = undefined;
    }
  });

  function show(summary) {
    const colours = summary.dark ? COLOURS.dark : COLOURS.light;
    // Over Flutter's view until the app's first screen is drawn (python.js calls
    // block24GlanceEnd once Python is up; see below): Flutter's own loading screen goes earlier.
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
    document.body.append(glance);
    document.documentElement.style.background = colours.background;
    globalThis.block24GlanceShown = performance.now();

    // Gone once Flutter has drawn the app's first screen: Python is up (python.js calls
    // block24GlanceEnd), the app's messages to Flutter have come and been quiet for a moment
    // (python.js ticks on each), and a frame was drawn after the last of them. WebKit draws
    // nothing for seconds after the messages (it loads the app's fonts): taken away at the quiet
    // alone, the glance left a blank page meanwhile. A frame is
    // seen where Flutter puts it on the page: a bitmap handed to a canvas (CanvasKit, skwasm) or a
    // WebGL draw (CanvasKit on the page's own canvas); the hooks go with the glance.
    const QUIET_MS = 200;
    const LATEST_MS = 20000;  // drawn or not: a client that never says so still gets the screen
    let lastMessage = 0;
    let lastFrame = -1;
    let timer = null;
    const hooks = [];
    const hook = (proto, name) => {
      const original = proto && proto[name];
      if (typeof original !== "function") {
        return;
      }
      proto[name] = function (...args) {
        lastFrame = performance.now();
        return original.apply(this, args);
      };
      hooks.push(() => { proto[name] = original; });
    };
    hook(globalThis.ImageBitmapRenderingContext?.prototype, "transferFromImageBitmap");
    hook(globalThis.CanvasRenderingContext2D?.prototype, "drawImage");
    for (const gl of [globalThis.WebGLRenderingContext, globalThis.WebGL2RenderingContext]) {
      hook(gl?.prototype, "drawElements");
      hook(gl?.prototype, "drawArrays");
    }
    const remove = () => {
      clearTimeout(timer);
      hooks.forEach((undo) => undo());
      hooks.length = 0;
      glance.remove();
      document.documentElement.style.background = "";
      globalThis.block24GlanceGone = performance.now();
      globalThis.block24GlanceTick = globalThis.block24GlanceEnd = undefined;
    };
    // The app's content is on screen once the messages stopped and a frame came after them.
    function check() {
      if (lastMessage > 0 && performance.now() - lastMessage >= QUIET_MS && lastFrame > lastMessage) {
        requestAnimationFrame(remove);  // the frame drawn is composited with the glance gone
      } else {
        timer = setTimeout(check, 50);
      }
    }
    globalThis.block24GlanceTick = () => {
      lastMessage = performance.now();
    };
    globalThis.block24GlanceEnd = () => {
      check();
      setTimeout(() => glance.isConnected && remove(), LATEST_MS);
    };
  }
})();
