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
// refused meanwhile were never sent), else the page reloaded (a fresh client at once; the app
// resumes the game, and the round being entered was kept at every tap).
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
    if (!banner.isConnected) document.body.appendChild(banner);
  }

  function hide() {
    if (banner !== null) {
      banner.remove();
      banner.lastChild.style.display = "none";
    }
  }

  // An answer is awaited at most WAIT_MS, a question asked every ASK_MS: a server that stops
  // answering is said within ASK_MS + WAIT_MS (1.3 s).
  const ASK_MS = 300;
  const WAIT_MS = 1000;
  let asking = false;

  function ask() {
    if (asking) return;
    asking = true;
    const stop = new AbortController();
    const timer = window.setTimeout(() => stop.abort(), WAIT_MS);
    fetch("/alive", { cache: "no-store", signal: stop.signal }).then(
      (response) => (response.ok ? answered() : unanswered()),
      () => unanswered(),
    ).finally(() => {
      window.clearTimeout(timer);
      asking = false;
    });
  }

  function unanswered() {
    if (!lost) {
      lost = true;
      show();
    }
  }

  function answered() {
    if (!lost) return;
    if (open > 0) {
      // the websocket stayed open (or the client opened another): the page is as it was
      lost = false;
      hide();
    } else {
      window.clearInterval(asker);
      window.location.reload(); // a fresh client at once (its own retry waits up to 10 s)
    }
  }

  function gone(opened) {
    // (a try that never opened leaves the count as it was: the client tries again while lost)
    if (opened) open = Math.max(0, open - 1);
    if (open === 0) unanswered();
  }

  function back() {
    open += 1;
    lost = false;
    hide();
  }

  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (/\/ws$/.test(new URL(String(url), window.location.href).pathname)) {
        let opened = false;
        this.addEventListener("open", () => {
          opened = true;
          back();
        });
        this.addEventListener("close", () => gone(opened));
      }
    }
  }
  window.WebSocket = Watched;
  const asker = window.setInterval(ask, ASK_MS);
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
