// The served pad's connection to its server (`make run`, `make serve`): a lost connection is said
// within 2 s in the table's language, a tap made meanwhile is answered (not silently dropped), and
// the page comes back with the Block as soon as the server answers again.
//
// Flet's web client reconnects by itself, waiting twice as long after each failed try (about
// 10 s after a short outage) and showing only a small "Working...". This script watches the
// client's websocket (the page's `WebSocket`, which the client opens on /ws) and asks the server
// (/alive, answered by app/connection.py) every ASK_MS: a server that stops answering without
// closing the socket (a laptop's lid closed, the Wi-Fi gone, the process frozen) sends no close.
// Once the server answers again: the page as it was if its websocket stayed open (the taps
// refused meanwhile were never sent); else the client's try, held while the server was away,
// goes at once (its own retry waits twice as long after each failed try: about 10 s after a
// short outage) and tells the device's settings, so the restarted server draws the Block at
// once (the app resumes the game; the round being entered was kept at every tap).
//
// The words come from the catalogues, written into the page by the server (app/connection.py):
// `window.block24Connection = {default: "en", en: {lost: ..., tapped: ...}, de: ..., nl: ...}`.
(function () {
  "use strict";
  const words = window.block24Connection || {};
  const Native = window.WebSocket;
  let open = 0;
  let lost = false;
  let banner = null;

  function language() {
    // The table's language as this device keeps it (Flet's SharedPreferences: local storage),
    // else the browser's, else the server's.
    let saved = null;
    try {
      const raw = window.localStorage.getItem("flutter.block24.language");
      saved = raw === null ? null : JSON.parse(raw);
    } catch (error) {
      saved = null;
    }
    if (typeof saved === "string" && words[saved]) return saved;
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const code = String(tag).slice(0, 2).toLowerCase();
      if (words[code]) return code;
    }
    return words[words.default] ? words.default : "en";
  }

  function said(key) {
    const phrases = words[language()] || words.en || {};
    return phrases[key] || "";
  }

  function show() {
    if (banner === null) {
      banner = document.createElement("div");
      banner.id = "block24-connection";
      banner.setAttribute("role", "alert");
      // Over the whole page: a tap lands here (and is answered), not on a Block that cannot save it.
      banner.style.cssText = [
        "position:fixed", "inset:0", "z-index:2147483647", "display:flex",
        "flex-direction:column", "justify-content:flex-start", "align-items:stretch",
        "background:rgba(0,0,0,0.35)", "font-family:sans-serif",
      ].join(";");
      const line = document.createElement("div");
      line.id = "block24-connection-lost";
      line.style.cssText = "background:#8c1d18;color:#fff;font-size:18px;font-weight:600;" +
        "padding:14px 16px;text-align:center";
      const tapped = document.createElement("div");
      tapped.id = "block24-connection-tapped";
      tapped.style.cssText = "background:#fff3cd;color:#1f1b16;font-size:16px;padding:12px 16px;" +
        "text-align:center;display:none";
      banner.append(line, tapped);
      const answer = (event) => {
        event.preventDefault();
        event.stopPropagation();
        tapped.textContent = said("tapped");
        tapped.style.display = "block";
      };
      banner.addEventListener("pointerdown", answer, true);
    }
    banner.firstChild.textContent = said("lost");
    shade();
    if (!banner.isConnected) document.body.appendChild(banner);
  }

  function dark() {
    // The theme as this device keeps it (true, false or "system"), else the phone's own.
    try {
      const kept = JSON.parse(window.localStorage.getItem("flutter.block24.dark"));
      if (typeof kept === "boolean") return kept;
    } catch (error) { /* nothing kept: the phone's own */ }
    return window.matchMedia("(prefers-color-scheme: dark)").matches;
  }

  function shade() {
    // The Block dimmed while its websocket is open; once it closed, the client shows its own
    // "Working..." (in English, whatever the table's language) instead: covered, our words only.
    if (banner === null) return;
    banner.style.background = open > 0 ? "rgba(0,0,0,0.35)" : dark() ? "#141218" : "#fef7ff";
  }

  function hide() {
    if (banner !== null) {
      banner.remove();
      banner.lastChild.style.display = "none";
    }
  }

  // An answer is awaited at most WAIT_MS, a question asked every ASK_MS: a server that stops
  // answering is said within ASK_MS + WAIT_MS (1.5 s; an answer slower than WAIT_MS on a busy
  // server shows the words until it comes, and the page stays as it is).
  const ASK_MS = 250;
  const WAIT_MS = 1250;
  let asking = false;

  function ask() {
    // (a page out of sight asks nothing: a phone in a pocket keeps its radio asleep)
    if (asking || document.hidden) return;
    asking = true;
    const stop = new AbortController();
    const timer = window.setTimeout(() => {  // (said now, not when the engine rejects the fetch)
      unanswered();
      stop.abort();
    }, WAIT_MS);
    fetch("/alive", { cache: "no-store", signal: stop.signal }).then(
      (response) => (response.ok ? answered() : unanswered()),
      () => unanswered(),
    ).finally(() => {
      window.clearTimeout(timer);
      asking = false;
    });
  }

  // The client's tries made while the server does not answer are held (each a WebSocket to be:
  // its own retry waits twice as long after every try that failed) and go the moment it answers.
  const RELOAD_AFTER_MS = 5000;
  let down = false;
  let held = [];
  let answering = 0;  // since when the server answers (after it did not)

  function unanswered() {
    down = true;
    if (!lost) {
      lost = true;
      show();
    }
  }

  function answered() {
    if (down) {
      down = false;
      answering = Date.now();
    }
    if (!lost) return;
    if (open > 0) {
      // the websocket stayed open (or the client opened another): the page is as it was
      lost = false;
      hide();
      return;
    }
    held.splice(0).forEach((attempt) => attempt.go());
    // A client that has not come back after the server answered a while: a fresh page (only
    // then: a page reloaded while the server is away is the browser's error page, no word of ours).
    if (Date.now() - answering > RELOAD_AFTER_MS) {
      lost = false;
      window.location.reload();
    }
  }

  function gone(opened) {
    // (a try that never opened leaves the count as it was: the client tries again while lost)
    if (opened) open = Math.max(0, open - 1);
    if (open === 0) unanswered();
    shade();
  }

  function back() {
    open += 1;
    lost = false;
    hide();
  }

  function watch(socket) {
    let opened = false;
    socket.addEventListener("open", () => {
      opened = openedOnce = true;
      back();
    });
    socket.addEventListener("close", () => gone(opened));
    return socket;
  }

  // A held try: what the client reads of a WebSocket, connecting until go() opens the real one.
  class Held extends EventTarget {
    constructor(url, protocols) {
      super();
      this.url = new URL(String(url), window.location.href).href;
      this.protocols = protocols;
      this.readyState = Native.CONNECTING;
      this.protocol = "";
      this.extensions = "";
      this.bufferedAmount = 0;
      this.kind = "blob";
      this.socket = null;
      this.onopen = this.onmessage = this.onerror = this.onclose = null;
    }

    get binaryType() { return this.socket ? this.socket.binaryType : this.kind; }
    set binaryType(kind) {
      this.kind = kind;
      if (this.socket) this.socket.binaryType = kind;
    }

    go() {
      if (this.socket !== null || this.readyState !== Native.CONNECTING) return;
      const socket = this.protocols === undefined ? new Native(this.url) : new Native(this.url, this.protocols);
      socket.binaryType = this.kind;
      this.socket = watch(socket);
      for (const type of ["open", "message", "error", "close"]) {
        socket.addEventListener(type, (event) => {
          this.readyState = socket.readyState;
          this.protocol = socket.protocol;
          this.extensions = socket.extensions;
          this.pass(type === "message" ? new MessageEvent("message", { data: event.data, origin: event.origin })
            : type === "close" ? new CloseEvent("close", { code: event.code, reason: event.reason,
                                                             wasClean: event.wasClean })
            : new Event(type));
        });
      }
    }

    pass(event) {
      this.dispatchEvent(event);
      const handler = this["on" + event.type];
      if (typeof handler === "function") handler.call(this, event);
    }

    send(data) {
      if (this.socket === null) throw new DOMException("Still in CONNECTING state.", "InvalidStateError");
      this.socket.send(data);
    }

    close(code, reason) {
      if (this.socket !== null) {
        this.socket.close(code, reason);
      } else if (this.readyState === Native.CONNECTING) {
        held = held.filter((attempt) => attempt !== this);
        this.readyState = Native.CLOSED;
        this.pass(new CloseEvent("close", { code: 1006, reason: "", wasClean: false }));
      }
    }
  }
  for (const [name, value] of [["CONNECTING", 0], ["OPEN", 1], ["CLOSING", 2], ["CLOSED", 3]]) {
    Object.defineProperty(Held.prototype, name, { value });
  }

  // A page that reconnects tells its device's languages and settings (Flet's SharedPreferences:
  // localStorage, "flutter." + key, JSON) in the websocket's address: a restarted server's
  // questions before its first frame go unanswered, and the page stayed blank while they waited.
  let openedOnce = false;
  function told(url) {
    const kept = {};
    try {
      for (let i = 0; i < window.localStorage.length; i++) {
        const key = window.localStorage.key(i);
        if (key && key.startsWith("flutter.block24.")) {
          try {
            kept[key.slice("flutter.".length)] = JSON.parse(window.localStorage.getItem(key));
          } catch (error) { /* not Flet's JSON: as if nothing were kept */ }
        }
      }
    } catch (error) {
      return url;  // no storage to read: the server asks, as at any start
    }
    const address = new URL(String(url), window.location.href);
    const languages = [...(navigator.languages || []), navigator.language].slice(0, 8);
    address.searchParams.set("told", JSON.stringify({ languages, kept }));
    return address.href;
  }

  class Watched extends Native {
    constructor(url, protocols) {
      const client = /\/ws$/.test(new URL(String(url), window.location.href).pathname);
      if (client && openedOnce) url = told(url);
      if (client && down) {
        const attempt = new Held(url, protocols);
        held.push(attempt);
        return attempt;
      }
      if (protocols === undefined) super(url);
      else super(url, protocols);
      if (client) watch(this);
    }
  }
  window.WebSocket = Watched;
  window.setInterval(ask, ASK_MS);
  document.addEventListener("visibilitychange", ask);  // back in sight: asked at once
  window.addEventListener("offline", unanswered);
  // A key pressed meanwhile is answered like a tap (it would land in the Block unsent).
  window.addEventListener("keydown", (event) => {
    if (!lost || banner === null) return;
    event.preventDefault();
    event.stopPropagation();
    banner.lastChild.textContent = said("tapped");
    banner.lastChild.style.display = "block";
  }, true);
})();
