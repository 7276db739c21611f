// A Firefox driven over WebDriver BiDi (puppeteer-core), answering one JSON command per line
// on stdin with one JSON line on stdout: the Python side (tests/e2e/engines.py) drives it as it
// drives WebKit through Selenium, so one test flow runs in both engines.
//   {"cmd": "launch", "executable": PATH, "profile": DIR, "width": W, "height": H, "language": L,
//    "prefs": {NAME: VALUE} (optional), "display": ":N" (optional: headful on that X display)}
//   {"cmd": "goto", "url": URL}            {"cmd": "evaluate", "script": JS, "args": [...]}
//   {"cmd": "click", "x": X, "y": Y}        {"cmd": "type", "text": TEXT}
//   {"cmd": "screenshot", "path": PATH}     {"cmd": "close"}
//   {"cmd": "choose", "path": PATH}  the next file picker the page opens gets PATH (answers at once;
//                                    {"cmd": "chosen"} then says "chosen" or why not, null meanwhile)
// JS is the source of a function; its (awaited) result is the answer.
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";

// puppeteer-core is installed by `make browser` into .node/ (BLOCK24_NODE_MODULES names it).
const puppeteer = createRequire(path.join(process.env.BLOCK24_NODE_MODULES, "here.js"))("puppeteer-core");

let browser = null;
let page = null;
const blocked = [];
let chosen = null;

const commands = {
  async launch({ executable, profile, width, height, language, origin, prefs, display }) {
    browser = await puppeteer.launch({
      browser: "firefox", protocol: "webDriverBiDi", executablePath: executable,
      headless: !display,  // with a display: a window on it (an Xvfb screen a test grabs)
      env: display ? { ...process.env, DISPLAY: display } : process.env,
      userDataDir: profile, args: [`--width=${width}`, `--height=${height}`],
      extraPrefsFirefox: {
        "intl.accept_languages": language, "intl.locale.requested": language,
        "browser.startup.homepage_override.mstone": "ignore",
        "network.proxy.allow_hijacking_localhost": false,
        ...(prefs || {}),  // a test's own (WebRTC on the test's network: tests/e2e/table_net.py)
      },
    });
    page = (await browser.pages())[0] || await browser.newPage();
    await page.setViewport({ width, height });
    // Only the site under test: anything else (a CDN) fails, as in the Chromium tests.
    await page.setRequestInterception(true);
    page.on("request", (request) => {
      if (request.url().startsWith(origin) || request.url().startsWith("data:")
          || request.url().startsWith("blob:")) {
        request.continue();
      } else {
        blocked.push(request.url());
        request.abort();
      }
    });
    return (await browser.version());
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "domcontentloaded" });
    return null;
  },
  async evaluate({ script, args }) {
    return await page.evaluate(`(${script})(...${JSON.stringify(args || [])})`);
  },
  async click({ x, y }) {
    await page.mouse.click(x, y);
    return null;
  },
  async type({ text }) {
    await page.keyboard.type(text, { delay: 20 });
    return null;
  },
  async screenshot({ path }) {  // to the file, or without one as base64
    return path ? (await page.screenshot({ path }), null) : await page.screenshot({ encoding: "base64" });
  },
  // Headless Firefox closes a picker at once: over BiDi (puppeteer's user prompt handler
  // "ignore") the picker is reported instead and the file set on its input. Firefox opens it
  // only within its user activation (5 s after the tap), and the page hears "cancel" as well.
  async choose({ path }) {
    chosen = null;
    page.waitForFileChooser({ timeout: 120000 }).then(
      async (chooser) => { await chooser.accept([path]); chosen = "chosen"; },
      (error) => { chosen = String(error.message || error); });
    return null;
  },
  async chosen() {
    return chosen;
  },
  async blocked() {
    return blocked;
  },
  async close() {
    if (browser) {
      await browser.close();
      browser = null;
    }
    return null;
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const message = JSON.parse(line);
  let answer;
  try {
    answer = { ok: (await commands[message.cmd](message)) ?? null };
  } catch (error) {
    answer = { error: String(error && error.stack || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (message.cmd === "close") {
    break;
  }
}
process.exit(0);
