// The page's side of "Other phones" in the offline pad: between the Python worker (web/peer.py,
// over the worker's messages {block24: {peer: JSON}}) and the peer layer (peer.js), the scanner
// (scan.js). The worker asks ({do: ...}); this file answers with events ({event: ...}).
//
// A pad opened from a host's code (a link ending "#join=CODE": the phone's camera app followed
// it) keeps the code for Python: register.js took it out of the address before Flutter read its
// route. This file is loaded once the app is up (register.js): what Python said before waits in
// block24PeerInbox.
// A guest keeps the host's standby code (peer.js) with the table's game: reloaded, it connects
// again with no scan.
import { Guest, Host, PeerCodeError, keep, keptValue } from "./peer.js";
import { ScanError, pickPhoto, scanCamera } from "./scan.js";

const KEPT = "guest";  // {game: ID} of the table this phone is a guest at (peer.js keeps it)

let link = globalThis.block24JoinLink || null;

function supported() {
  if (typeof RTCPeerConnection === "undefined") return "no-webrtc";
  if (!window.isSecureContext || !crypto.subtle) return "insecure";
  return null;
}

let worker = null;
const early = [];
function tell(event) {
  const message = { block24: { peer: JSON.stringify(event) } };
  worker ? worker.postMessage(message) : early.push(message);
}

let host = null, guest = null;

function why(error) {
  return error instanceof PeerCodeError || error instanceof ScanError ? error.why : "unreached";
}

let connectedOnce = false;
function guestEvents() {
  return {
    connected: () => { tries = 0; connectedOnce = here = true; tell({ event: "connected" }); },
    lost: (reason) => {
      if (!connectedOnce) return;  // still waiting for the host's scan: see waitForHost
      if (trying) return;  // a try of the standby that did not open: comeBack tries the next
      here = false;
      tell({ event: "lost", why: reason });
      comeBack();
    },
    message: (text) => tell({ event: "message", text }),
  };
}

// The guest's code is on screen until the host scans it, which may take a minute (another
// phone first, a photo). Its connectivity checks give up long before (Chromium: ~30 s), so a
// connection that failed unopened is made again for the same host's code: the same
// certificate gives the same guest code, the one on screen stays right.
function waitForHost(text) {
  const pc = guest.pc;
  pc.addEventListener("connectionstatechange", async () => {
    if (pc.connectionState !== "failed" || guest.pc !== pc || connectedOnce) return;
    try {
      await guest.scan(text);
      waitForHost(text);
    } catch (error) {
      tell({ event: "failed", why: why(error) });
    }
  });
}

// A guest that lost the channel (the Wi-Fi gone for a while, the host's phone asleep) or whose
// page reloaded tries the host's standby connection by itself, further apart each time (the host
// answers on it once it noticed the loss), and goes on trying every TRY_EVERY_MS for as long as
// the page lives: a phone whose Wi-Fi came back after minutes comes back by itself. After
// SAY_GONE_AFTER tries the panel says so and offers a scan of the host's code (the host's page
// may have reloaded, or its standby ended); a scan takes over from the tries.
// A try's connection is kept until the next try starts: checks that arrive late still open it.
const BACK_AFTER_MS = [0, 2000, 5000];
const TRY_EVERY_MS = 10000;
const TRY_MS = 8000;
const SAY_GONE_AFTER = 4;
let tries = 0, trying = false, here = false;
function comeBack() {
  const mine = guest;
  if (trying || !mine) return;
  trying = true;
  setTimeout(async () => {
    tries += 1;
    try {
      // A scan took over, or a try opened after its time. (Not the channel's readyState: the
      // dead channel reads "open" until its close event, which may come after the loss.)
      if (guest !== mine || here) return void (trying = false);
      const standby = await keptValue("standby");  // the newest code
      if (!standby) {  // (never joined as a guest here: nothing to try)
        trying = false;
        return void tell({ event: "failed", why: "host-gone" });
      }
      await mine.scan(standby);
      await mine.opened(TRY_MS);
      trying = false;
    } catch (error) {
      trying = false;
      if (tries === SAY_GONE_AFTER) tell({ event: "failed", why: "host-gone" });
      if (guest === mine) comeBack();
    }
  }, tries < BACK_AFTER_MS.length ? BACK_AFTER_MS[tries] : TRY_EVERY_MS);
}

async function join(text) {
  guest?.close();  // a guest whose host did not answer scans the host's code again
  guest = new Guest(guestEvents());
  connectedOnce = here = false;
  tries = 0;
  trying = false;
  const code = await guest.scan(text);
  waitForHost(text);
  tell({ event: "guest-code", code });
  globalThis.block24Table = { role: "guest", guest };
}

async function scanned(photo, words) {
  return photo ? pickPhoto() : scanCamera(words);
}

const asked = {
  async hello() {
    const missing = supported();
    if (missing) return tell({ event: "unsupported", why: missing });
    if (link) {
      tell({ event: "link", code: link });
      link = null;
      return;
    }
    let kept = null;
    try { kept = JSON.parse((await keptValue(KEPT)) || "null"); } catch (error) { /* none */ }
    const standby = await keptValue("standby");
    if (kept && standby) {  // a guest reloaded: back over the host's standby connection, no scan
      guest = new Guest(guestEvents());
      connectedOnce = true;  // (it was at the table: a lost try is tried again)
      globalThis.block24Table = { role: "guest", guest };
      tell({ event: "rejoining" });
      comeBack();
    }
  },
  async host({ game }) {
    host = new Host({
      code: (code) => tell({ event: "code", code }),
      joined: (id) => tell({ event: "joined", id }),
      left: (id, reason) => tell({ event: "left", id, why: reason }),
      message: (id, text) => tell({ event: "message", from: id, text }),
      failed: (reason) => tell({ event: "failed", why: "unreached", detail: reason }),
    });
    globalThis.block24Table = { role: "host", host, game };
    await host.start(location.origin + location.pathname);
  },
  async scan({ photo, as, words }) {
    const text = await scanned(photo, words);
    if (as === "host") {
      await host.admit(text);
    } else {
      await join(text);
    }
  },
  async join({ code }) {
    await join(code);
  },
  send({ to, text }) {
    if (host) {
      for (const id of to === "*" ? host.guests.keys() : [to]) host.send(id, text);
    } else {
      guest?.send(text);
    }
  },
  away({ id }) {
    host?.drop(id, "sent-away");
  },
  async keep({ game }) {  // a guest at the table of `game`: reloaded, it rejoins by itself
    await keep(KEPT, JSON.stringify({ game }));
  },
};

async function heard(text) {
  let message;
  try { message = JSON.parse(text); } catch (error) { return; }
  const act = asked[message.do];
  if (!act) return;
  try {
    await act(message);
  } catch (error) {
    console.warn("Other phones:", message.do, error);
    globalThis.block24TableError = `${message.do}: ${error?.stack || error}`;  // for the console
    tell({ event: "failed", why: why(error) });
  }
}

globalThis.block24Worker?.then((found) => {
  worker = found;
  const inbox = globalThis.block24PeerInbox || [];
  globalThis.block24PeerInbox = null;  // from now on heard here
  worker.addEventListener("message", (event) => {
    const note = event.data && event.data.block24;
    if (note && typeof note.peer === "string") heard(note.peer);
  });
  inbox.forEach(heard);
  early.splice(0).forEach((message) => worker.postMessage(message));
});
