// Phones at one table with no computer: the page's WebRTC layer (the web build; web/peer.py is
// the Python side in the worker, app/table.py the rules of what crosses).
//
// RTCPeerConnection exists only on the page, so the Python worker asks this file over its
// message port ({block24: {peer: ...}} both ways) and this file answers there.
//
// Joining takes two scans (QWBP's idea, magarcia/qwbp, with our own byte layout):
//   1. the guest scans the host's code: the host's DTLS fingerprint and its IPv4 host candidates;
//      from it the guest builds the host's offer (ICE ufrag and pwd derived from the host's
//      fingerprint by HKDF-SHA256) and answers with credentials derived from both fingerprints;
//   2. the host scans the guest's code: the guest's fingerprint. The host builds the guest's
//      answer itself and learns the guest's address from its connectivity checks.
// DTLS admits only the fingerprint the host scanned: a photo of the host's code alone gives a
// stranger nothing (no answer of its own is ever set on the host).
//
// Each phone keeps one certificate (IndexedDB): the same fingerprint after a reload, so the host
// knows a guest again, and a guest that reloads comes back over a standby connection the host
// prepared for it, without a scan.
//
// Everything a guest sends is hostile until checked: here only its size and rate (a message over
// MAX_MESSAGE or beyond the rate closes that guest's channel); its shape and the engine's rules
// are checked in Python (app/table.py).

const MAGIC = 0x42;  // "B": a code of Block 24's pad
const FORMAT = 1;    // this layout; a pad that reads another says "an older or newer pad"
const HOST = 0, GUEST = 1, STANDBY = 2;
const FINGERPRINT = 32;
const CANDIDATE = 6;  // IPv4 (4) + port (2); the code carries UDP host candidates only
const MAX_CANDIDATES = 3;
// A guest's standby is this many connections, answered one after the other while the guest is
// away: a Firefox host's answered connection lasts 5-10 s unheard (see Host.prepareStandby), so
// together they wait ~SPARES × 5 s for a guest's page to start again. Chromium's first lasts.
const SPARES = 8;
const HKDF_UFRAG = "BLOCK24-ICE-UFRAG-1", HKDF_PWD = "BLOCK24-ICE-PWD-1";
const MAX_MESSAGE = 256 * 1024;   // a game's record with 200 rounds is ~40 kB
const RATE = { per_s: 20, burst: 60 };  // the LAN gate's spirit: a table sends a few a second
const OPEN_TIMEOUT_MS = 20000;
const DB = "block24-peer";

export class PeerCodeError extends Error {
  // why: "not-pad" (some other code), "old-pad" (another format), "cut" (truncated), "kind"
  // (a host's code where a guest's was expected, or the other way round)
  constructor(why, message) {
    super(message || why);
    this.why = why;
  }
}

// -- bytes ---------------------------------------------------------------------------------

function b64(bytes) {  // standard base64: "+" and "/" are legal ICE characters, "-" and "_" not
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
}

export function b64url(bytes) {
  return b64(bytes).replace(/\+/g, "-").replace(/\//g, "_");
}

export function unb64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new PeerCodeError("not-pad");
  const base = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base + "=".repeat((4 - base.length % 4) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function fingerprintLine(fp) {
  return Array.from(fp, (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
}

export function fingerprintOf(sdp) {
  const match = /a=fingerprint:sha-256 ([0-9A-Fa-f:]{95})/.exec(sdp);
  if (!match) throw new Error("no SHA-256 fingerprint in the description");
  return Uint8Array.from(match[1].split(":"), (h) => parseInt(h, 16));
}

async function hkdf(ikm, info, length) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(info) },
    key, length * 8);
  return new Uint8Array(bits);
}

// The ICE credentials of one side: the host's from its fingerprint, a guest's from both.
export async function credentials(...fingerprints) {
  const ikm = new Uint8Array(fingerprints.reduce((n, fp) => n + fp.length, 0));
  let at = 0;
  for (const fp of fingerprints) { ikm.set(fp, at); at += fp.length; }
  return { ufrag: b64(await hkdf(ikm, HKDF_UFRAG, 6)), pwd: b64(await hkdf(ikm, HKDF_PWD, 18)) };
}

// -- codes -----------------------------------------------------------------------------------

export function encodeCode(kind, fp, candidates = []) {
  const out = new Uint8Array(2 + FINGERPRINT + CANDIDATE * candidates.length);
  out[0] = MAGIC;
  out[1] = (FORMAT << 4) | kind;
  out.set(fp, 2);
  candidates.forEach(({ ip, port }, i) => {
    const at = 2 + FINGERPRINT + CANDIDATE * i;
    out.set(ip.split(".").map(Number), at);
    out[at + 4] = port >> 8;
    out[at + 5] = port & 0xff;
  });
  return b64url(out);
}

// A code's text (a link with "#join=CODE", or the bare code) → {kind, fp, candidates}.
export function decodeCode(text) {
  if (typeof text !== "string" || text.length > 512) throw new PeerCodeError("not-pad");
  const match = /(?:^|[#&]join=)([A-Za-z0-9_-]+)$/.exec(text.trim());
  if (!match) throw new PeerCodeError("not-pad");
  const bytes = unb64url(match[1]);
  if (bytes.length < 2 || bytes[0] !== MAGIC) throw new PeerCodeError("not-pad");
  if (bytes[1] >> 4 !== FORMAT) throw new PeerCodeError("old-pad");
  const kind = bytes[1] & 0x0f;
  if (![HOST, GUEST, STANDBY].includes(kind)) throw new PeerCodeError("old-pad");
  if (bytes.length < 2 + FINGERPRINT) throw new PeerCodeError("cut");
  const rest = bytes.length - 2 - FINGERPRINT;
  const most = kind === STANDBY ? MAX_CANDIDATES * SPARES : MAX_CANDIDATES;  // (a standby code never is a QR code)
  if (rest % CANDIDATE || (kind !== GUEST) !== (rest > 0) || rest / CANDIDATE > most) {
    throw new PeerCodeError("cut");
  }
  const candidates = [];
  for (let at = 2 + FINGERPRINT; at < bytes.length; at += CANDIDATE) {
    candidates.push({ ip: Array.from(bytes.subarray(at, at + 4)).join("."), port: (bytes[at + 4] << 8) | bytes[at + 5] });
  }
  return { kind, fp: bytes.slice(2, 2 + FINGERPRINT), candidates };
}

function hostCandidates(sdp) {
  const found = [];
  for (const line of sdp.split(/\r?\n/)) {
    const m = /^a=candidate:\S+ 1 udp \d+ (\d+\.\d+\.\d+\.\d+) (\d+) typ host/i.exec(line);
    if (m && !found.some((c) => c.ip === m[1])) found.push({ ip: m[1], port: Number(m[2]) });
  }
  return found.slice(0, MAX_CANDIDATES);
}

function description(fp, creds, setup, candidates = []) {
  const lines = [
    "v=0", `o=- ${parseInt(hex(fp.subarray(0, 6)), 16)} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0",
    "a=group:BUNDLE 0", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0", `a=ice-ufrag:${creds.ufrag}`, `a=ice-pwd:${creds.pwd}`,
    "a=ice-options:trickle", `a=fingerprint:sha-256 ${fingerprintLine(fp)}`, `a=setup:${setup}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  candidates.forEach(({ ip, port }, i) => {
    lines.push(`a=candidate:${i + 1} 1 udp ${2122260223 - i} ${ip} ${port} typ host generation 0`);
  });
  // The host's offer, as the guest builds it, names every address the host has. An answer the
  // host builds names none (the guest's address comes with its checks): it ends no list there.
  if (candidates.length) lines.push("a=end-of-candidates");
  return lines.join("\r\n") + "\r\n";
}

function withCredentials(sdp, creds) {
  return sdp.replace(/a=ice-ufrag:.*/g, `a=ice-ufrag:${creds.ufrag}`).replace(/a=ice-pwd:.*/g, `a=ice-pwd:${creds.pwd}`);
}

// -- this phone's certificate --------------------------------------------------------------

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore("kept");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function kept(key, value) {  // read (value undefined) or write one entry
  const db = await database();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction("kept", value === undefined ? "readonly" : "readwrite");
      const request = value === undefined ? tx.objectStore("kept").get(key)
        : value === null ? tx.objectStore("kept").delete(key) : tx.objectStore("kept").put(value, key);
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

// What a guest keeps for coming back (the newest standby code, the table's game): in IndexedDB,
// whose writes are on disk once their transaction completes. localStorage is written to disk
// seconds to minutes later (Chromium batches and rate-limits it): measured here, a browser
// killed 2 s after a write had lost it, so a killed guest came back with no code. (Also kept in
// localStorage, where a page without IndexedDB still finds it until the browser closes.)
export async function keep(key, value) {
  try { localStorage.setItem(`block24.peer.${key}`, value); } catch (error) { /* IndexedDB then */ }
  try { await kept(key, value); } catch (error) { /* localStorage only: a kill may lose it */ }
}

export async function keptValue(key) {
  try {
    const value = await kept(key);
    if (typeof value === "string") return value;
  } catch (error) { /* below */ }
  try { return localStorage.getItem(`block24.peer.${key}`); } catch (error) { return null; }
}

let _certificate = null;
async function certificate() {
  if (_certificate) return _certificate;
  let cert = null;
  try {
    cert = await kept("certificate");
  } catch (error) {  // no IndexedDB (private mode): a new fingerprint each start, rejoin needs a scan
    console.warn("peer: certificate not kept:", error.message || error);
  }
  if (!cert || cert.expires < Date.now() + 86400000) {
    cert = await RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256", expires: 365 * 86400000 });
    try { await kept("certificate", cert); } catch (error) { /* said above */ }
  }
  return (_certificate = cert);
}

// -- connections ------------------------------------------------------------------------------

function newConnection(cert) {
  const pc = new RTCPeerConnection({ iceServers: [], certificates: [cert] });
  const channel = pc.createDataChannel("block24", { negotiated: true, id: 0, ordered: true });
  return { pc, channel };
}

function gathered(pc, ms = 3000) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, ms);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
    });
  });
}

function opened(channel, pc, ms = OPEN_TIMEOUT_MS) {
  return new Promise((resolve, reject) => {
    if (channel.readyState === "open") return resolve();
    const timer = setTimeout(() => reject(new PeerCodeError("unreached")), ms);
    channel.addEventListener("open", () => { clearTimeout(timer); resolve(); });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") { clearTimeout(timer); reject(new PeerCodeError("unreached")); }
    });
  });
}

// A channel's messages, size- and rate-limited: `deliver(text)` for each message within the
// limits, `abuse(why)` once when the other side breaks them (the channel is then closed).
function limited(channel, deliver, abuse) {
  let tokens = RATE.burst, at = performance.now(), closed = false;
  channel.addEventListener("message", (event) => {
    if (closed) return;
    const now = performance.now();
    tokens = Math.min(RATE.burst, tokens + (now - at) / 1000 * RATE.per_s);
    at = now;
    const size = typeof event.data === "string" ? event.data.length : (event.data.byteLength ?? event.data.size ?? Infinity);
    let why = null;
    if (typeof event.data !== "string") why = "shape";
    else if (size > MAX_MESSAGE) why = "size";
    else if (tokens < 1) why = "rate";
    if (why) {
      closed = true;
      abuse(why);
      channel.close();
      return;
    }
    tokens -= 1;
    deliver(event.data);
  });
}

// The host: one connection waiting for the next phone (its code is on screen), the joined guests.
export class Host {
  constructor(events) {
    this.events = events;  // {joined(id), left(id, why), message(id, text), code(text)}
    this.guests = new Map();  // guest id (fingerprint hex) → {pc, channel, fp}
    this.standby = new Map(); // guest id → {spares, armed}: a reloaded guest comes back here
    this.pending = null;
    this.known = new Set();   // guests admitted (by a scan) and not sent away
  }

  async start(baseUrl) {
    this.cert = await certificate();
    this.baseUrl = baseUrl;
    await this.next();
  }

  // A fresh connection for the next guest; its code (a link to the pad) is announced.
  async next() {
    const { pc, channel } = newConnection(this.cert);
    const offer = await pc.createOffer();
    this.fp = fingerprintOf(offer.sdp);
    this.creds ??= await credentials(this.fp);
    await pc.setLocalDescription({ type: "offer", sdp: withCredentials(offer.sdp, this.creds) });
    await gathered(pc);
    const candidates = hostCandidates(pc.localDescription.sdp);
    const code = encodeCode(HOST, this.fp, candidates);
    this.pending = { pc, channel, code, candidates };
    this.code = `${this.baseUrl}#join=${code}`;
    this.events.code?.(this.code, candidates);
    return this.code;
  }

  // The host scanned a guest's code: let that guest in over the waiting connection.
  async admit(text) {
    const { kind, fp } = decodeCode(text);
    if (kind !== GUEST) throw new PeerCodeError("kind");
    const id = hex(fp);
    const pending = this.pending;
    if (!pending) throw new PeerCodeError("unreached");
    this.pending = null;
    this.known.add(id);
    const creds = await credentials(this.fp, fp);
    const started = performance.now();
    try {
      await pending.pc.setRemoteDescription({ type: "answer", sdp: description(fp, creds, "passive") });
      await opened(pending.channel, pending.pc);
    } catch (error) {
      pending.pc.close();
      this.next().catch((e) => this.events.failed?.(String(e)));
      throw error instanceof PeerCodeError ? error : new PeerCodeError("unreached", String(error));
    }
    this.attach(id, fp, pending);
    this.next().catch((e) => this.events.failed?.(String(e)));
    return { id, ms: performance.now() - started };
  }

  attach(id, fp, { pc, channel }) {
    this.guests.get(id)?.pc.close();
    const guest = { pc, channel, fp };
    this.guests.set(id, guest);
    limited(channel, (text) => this.events.message?.(id, text), (why) => this.drop(id, why));
    const gone = () => {
      if (this.guests.get(id) === guest) {
        this.guests.delete(id);
        this.events.left?.(id, "lost");
        this.arm(id, fp);  // the guest holds the code of its standby: that one answers it now
      }
    };
    channel.addEventListener("close", gone);
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(pc.connectionState)) gone();
      // "disconnected" may pass by itself (a phone walking out of the Wi-Fi for a moment), or the
      // guest's page reloaded or died: its standby starts answering, the live one stays listed.
      else if (pc.connectionState === "disconnected" && this.guests.get(id) === guest) this.arm(id, fp);
    });
    this.events.joined?.(id);
    this.prepareStandby(id, fp);
  }

  // Connections kept ready for `id`: their code goes to that guest over the live channel, so
  // the guest, reloaded, connects to one of them with no scan (each connection has its own UDP
  // port, and a guest that comes back can only knock on the ports it was told; all of the host's
  // connections share its fingerprint and ICE credentials, so one code names them all).
  //
  // They wait with the host's offer only ("unanswered"), as the code on screen does, and are
  // answered (armed) one at a time once that guest's live connection is lost. Measured here: an
  // answered connection that hears no check fails after 5-10 s in Firefox (its ICE "trickle grace
  // period", 5 s by default), and then its port is gone for good; an unanswered one lives on in
  // both engines (Chromium keeps an answered one too: 120 s and more). So when the armed one
  // ends, the next is armed. Checks that arrive before the answer are sent again by the guest.
  async prepareStandby(id, fp) {
    if (!this.known.has(id)) return;
    this.closeStandby(id);
    const standby = { spares: [], armed: -1 };
    this.standby.set(id, standby);
    standby.spares = await Promise.all(Array.from({ length: SPARES }, async () => {
      const { pc, channel } = newConnection(this.cert);
      const offer = await pc.createOffer();
      await pc.setLocalDescription({ type: "offer", sdp: withCredentials(offer.sdp, this.creds) });
      await gathered(pc);
      return { pc, channel };
    }));
    if (this.standby.get(id) !== standby) return standby.spares.forEach(({ pc }) => pc.close());  // replaced
    standby.ready = true;
    standby.spares.forEach((spare, at) => {
      spare.channel.addEventListener("open", () => {
        if (this.standby.get(id) !== standby || !this.known.has(id)) return spare.pc.close();
        this.standby.delete(id);
        standby.spares.forEach(({ pc }) => { if (pc !== spare.pc) pc.close(); });
        this.attach(id, fp, spare);
      });
      spare.pc.addEventListener("connectionstatechange", () => {
        if (spare.pc.connectionState !== "failed" || this.standby.get(id) !== standby || standby.armed !== at) return;
        spare.pc.close();
        if (this.guests.get(id)?.channel.readyState === "open") {
          this.prepareStandby(id, fp);  // the guest is here (a moment's loss): new ones, a new code
        } else if (at + 1 < SPARES) {
          this.arm(id, fp);  // still away: the next one answers
        } else {
          this.closeStandby(id);  // away too long: it comes back with a scan of the host's code
        }
      });
    });
    const live = this.guests.get(id);
    if (live?.channel.readyState === "open" && live.pc.connectionState !== "disconnected") {
      const candidates = standby.spares.flatMap(({ pc }) => hostCandidates(pc.localDescription.sdp));
      live.channel.send(JSON.stringify({ standby: encodeCode(STANDBY, this.fp, candidates) }));
    } else {
      await this.arm(id, fp);  // lost while these were being made
    }
  }

  // The guest's live connection is lost: the next of its standby connections answers.
  async arm(id, fp) {
    const standby = this.standby.get(id);
    if (!standby?.ready || !this.known.has(id) || standby.armed + 1 >= standby.spares.length) return;
    const armed = standby.spares[standby.armed];
    if (armed && armed.pc.connectionState !== "failed" && armed.pc.connectionState !== "closed") return;  // still answering
    standby.armed += 1;
    try {
      const creds = await credentials(this.fp, fp);
      await standby.spares[standby.armed].pc.setRemoteDescription({ type: "answer", sdp: description(fp, creds, "passive") });
    } catch (error) {  // (closed meanwhile: sent away, or the guest is back)
      console.warn("peer: standby not answered:", error.message || error);
    }
  }

  closeStandby(id) {
    this.standby.get(id)?.spares.forEach(({ pc }) => pc.close());
    this.standby.delete(id);
  }

  send(id, text) {
    const guest = this.guests.get(id);
    if (guest?.channel.readyState === "open") guest.channel.send(text);
  }

  // Send a guest away: its certificate is forgotten, its connections closed.
  drop(id, why = "sent-away") {
    this.known.delete(id);
    this.closeStandby(id);
    const guest = this.guests.get(id);
    this.guests.delete(id);
    if (guest) {
      guest.pc.close();
      this.events.left?.(id, why);
    }
  }

  close() {
    for (const id of [...this.guests.keys()]) this.drop(id, "closed");
    this.pending?.pc.close();
    this.pending = null;
  }
}

// A guest: scans the host's code, shows its own, then talks to the host over one channel.
export class Guest {
  constructor(events) {
    this.events = events;  // {connected(), lost(), message(text)}
    this.channel = null;
  }

  // The host's code was scanned (or a standby code kept from the last connection): connect.
  // Returns the guest's own code (for the host to scan; unneeded for a standby code).
  async scan(text) {
    const { kind, fp, candidates } = decodeCode(text);
    if (kind === GUEST) throw new PeerCodeError("kind");
    this.cert = await certificate();
    this.close();
    const { pc, channel } = newConnection(this.cert);
    this.pc = pc;
    this.channel = channel;
    this.hostFp = fp;
    await pc.setRemoteDescription({ type: "offer", sdp: description(fp, await credentials(fp), "actpass", candidates) });
    const answer = await pc.createAnswer();
    const mine = fingerprintOf(answer.sdp);
    // The guest answers as the DTLS server (passive): the host then starts DTLS, on the one
    // connection its ICE chose. As a server the host would take a ClientHello from any address
    // whose checks passed, and the host's ICE credentials are in its code: a stranger holding a
    // photo of it could break the guest's handshake.
    const sdp = withCredentials(answer.sdp, await credentials(fp, mine)).replace(/a=setup:\w+/, "a=setup:passive");
    await pc.setLocalDescription({ type: "answer", sdp });
    this.id = hex(mine);
    limited(channel, (data) => this.heard(data), (why) => { this.events.lost?.(why); });
    channel.addEventListener("open", () => this.events.connected?.());
    channel.addEventListener("close", () => { if (this.channel === channel) this.events.lost?.("closed"); });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" && this.pc === pc) this.events.lost?.("failed");
    });
    this.code = encodeCode(GUEST, mine);
    return this.code;
  }

  heard(text) {
    let standby = null;
    try { standby = JSON.parse(text).standby; } catch (error) { /* the host's record: for Python */ }
    if (typeof standby === "string") {
      keep("standby", standby);
      return;
    }
    this.events.message?.(text);
  }

  opened(ms) {
    return opened(this.channel, this.pc, ms);
  }

  send(text) {
    if (this.channel?.readyState === "open") this.channel.send(text);
  }

  close() {
    this.pc?.close();
    this.pc = this.channel = null;
  }
}

export const limits = { MAX_MESSAGE, RATE, MAX_CANDIDATES };
