// The browser's languages as Flutter can read them. A tag Flutter cannot parse (WebKit under a
// `C` locale reports "C": "invalid language tag") stopped the client before its first frame,
// on the logo for good. Such tags are left out; with none left the pad starts in English, or in
// the language chosen on this phone (the app's setting wins over the browser's anyway).
(function () {
  function valid(tag) {
    try {
      return typeof tag === "string" && Intl.getCanonicalLocales(tag).length === 1;
    } catch (error) {
      return false;
    }
  }

  const reported = [...(navigator.languages || []), navigator.language];
  if (reported.every(valid)) {
    return;
  }
  let chosen;
  try {
    chosen = JSON.parse(localStorage.getItem("flutter.block24.language"));
  } catch (error) {
    chosen = null;
  }
  const usable = [...new Set(reported.filter(valid))];
  const languages = usable.length ? usable : [valid(chosen) ? chosen : "en-US"];
  console.warn(`browser languages ${JSON.stringify(reported)} read as ${JSON.stringify(languages)}`);
  Object.defineProperty(navigator, "languages", { configurable: true, get: () => Object.freeze([...languages]) });
  Object.defineProperty(navigator, "language", { configurable: true, get: () => languages[0] });
})();
