// Reading a QR code on the page: from the camera (a full-screen view over the pad, with a
// button to stop) or from a photo (a file picker, for a phone that refuses the camera).
// No engine here has BarcodeDetector: jsQR (npm, pinned in the Makefile, copied by
// web/build.py as jsQR.js) reads the frames.

let _decoder = null;
function decoder() {
  if (globalThis.jsQR) return Promise.resolve(globalThis.jsQR);
  _decoder ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("jsQR.js", document.baseURI).href;
    script.onload = () => resolve(globalThis.jsQR);
    script.onerror = () => { _decoder = null; reject(new ScanError("no-decoder")); };
    document.head.appendChild(script);
  });
  return _decoder;
}

export class ScanError extends Error {
  // why: "camera-refused", "no-camera", "insecure" (the page is not HTTPS), "stopped",
  // "no-code" (a photo with no QR code in it), "no-decoder"
  constructor(why, message) {
    super(message || why);
    this.why = why;
  }
}

function read(jsQR, source, width, height) {
  const canvas = document.createElement("canvas");
  const scale = Math.min(1, 1024 / Math.max(width, height));  // a 12 MP photo: read at 1024 px
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
  return found ? found.data : null;
}

// The text of the first QR code the camera sees. `words` are the overlay's words in the table's
// language: {title, stop}. Rejects with ScanError.
export async function scanCamera(words = {}) {
  if (!window.isSecureContext) throw new ScanError("insecure");
  if (!navigator.mediaDevices?.getUserMedia) throw new ScanError("no-camera");
  const jsQR = await decoder();
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch (error) {
    throw new ScanError(error.name === "NotFoundError" ? "no-camera" : "camera-refused", String(error));
  }
  const overlay = document.createElement("div");
  overlay.id = "block24-scan";
  overlay.style.cssText = "position:fixed;inset:0;z-index:10000;background:#000;display:flex;"
    + "flex-direction:column;align-items:center;justify-content:center;gap:16px;font:18px sans-serif;color:#fff";
  const title = document.createElement("div");
  title.textContent = words.title || "";
  const video = document.createElement("video");
  video.setAttribute("playsinline", "");
  video.muted = true;
  video.style.cssText = "max-width:100%;max-height:70vh";
  const stop = document.createElement("button");
  stop.textContent = words.stop || "×";
  stop.style.cssText = "min-width:120px;min-height:48px;font:18px sans-serif";
  overlay.append(title, video, stop);
  document.body.appendChild(overlay);
  video.srcObject = stream;
  try {
    await video.play();
    return await new Promise((resolve, reject) => {
      stop.onclick = () => reject(new ScanError("stopped"));
      const look = () => {
        if (!overlay.isConnected) return;
        if (video.videoWidth) {
          const text = read(jsQR, video, video.videoWidth, video.videoHeight);
          if (text) return resolve(text);
        }
        setTimeout(look, 120);
      };
      look();
    });
  } finally {
    stream.getTracks().forEach((track) => track.stop());
    overlay.remove();
  }
}

// The text of the QR code in a photo (a File or Blob).
export async function scanPhoto(file) {
  const jsQR = await decoder();
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (error) {
    throw new ScanError("no-code", String(error));
  }
  const text = read(jsQR, bitmap, bitmap.width, bitmap.height);
  bitmap.close?.();
  if (!text) throw new ScanError("no-code");
  return text;
}

const CANCEL_GRACE_MS = 1500;

// A file picker for a photo, opened by a tap (browsers open pickers only from a user's gesture).
export function pickPhoto() {
  return new Promise((resolve, reject) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = "image/*";
    input.id = "block24-photo";
    input.style.cssText = "position:fixed;left:-1000px;top:0";
    input.onchange = () => {
      const file = input.files?.[0];
      input.remove();
      file ? resolve(scanPhoto(file)) : reject(new ScanError("stopped"));
    };
    // A picker driven over WebDriver (the tests' Firefox) says "cancel" and then sets the file,
    // or the other way round: a cancel counts once no file came for a moment.
    input.addEventListener("cancel", () => setTimeout(() => {
      if (!input.files?.length) { input.remove(); reject(new ScanError("stopped")); }
    }, CANCEL_GRACE_MS));
    document.body.appendChild(input);
    input.click();
  });
}
