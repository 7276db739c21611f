"""`python -m web.build`: the static, offline, installable web build in ``build/web/``.

Everything comes from what is pinned (pyproject.toml) and installed, never a CDN:
the Flutter client and Pyodide from the flet-web wheel, the app's wheels from
PyPI at the installed versions (cached in ``build/cache/``, so a second build
needs no network). The folder holds:

- the Flet web client (Flutter compiled to WebAssembly with skwasm and to JavaScript with
  CanvasKit: the browser's loader picks) with the files neither asks for left out;
- ``pyodide/`` with every wheel the app needs and a ``pyodide-lock.json`` that
  lists only them (Pyodide's ``loadPackage`` reads it; no index is ever asked), and
  Pyodide's standard library cut to what the shipped code imports (:func:`_stdlib`);
- ``app.tar.gz``: the app's code and a ``requirements.txt`` (no pyproject.toml:
  the worker would install its dependencies, flet-web included). With a snapshot, the
  wheels and this serve only a start whose Python files are unusable: not in the offline
  copy a first visit fetches (:data:`ON_DEMAND`);
- ``python.js`` / ``python-worker.js`` of this build (``web/client/``): Pyodide
  starts while Flutter loads instead of after it, from a memory snapshot with
  the app imported (``python-snapshot.bin``, made by ``web/snapshot.mjs`` in
  Node, and ``python-files.bin``, the files a restore writes, their bytecode included;
  ``python-start.mjs`` reads both);
- ``glance.js``: the open game's scores on the loading screen until the app is drawn;
- ``language.js``: the browser's languages without a tag Flutter cannot parse;
- a font with "✓" where Flutter looks for it, and a stub for Rive's runtime
  (the client would fetch it from a CDN): every request is answered by the build;
- ``manifest.json`` and icons made from ``assets/icon.png``;
- ``fonts/``: the fonts of ``assets/fonts`` (glyphs Roboto lacks: ✓, emoji in names);
- ``service_worker.js``: cache-first over every file, versioned by their hash.

A build whose inputs hash is unchanged is kept as it is (``--force`` rebuilds).
"""

from __future__ import annotations

import argparse
import ast
import base64
import fnmatch
import gzip
import hashlib
import importlib.metadata
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import flet_web
from flet.controls.types import RouteUrlStrategy, WebRenderer
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
CLIENT = Path(__file__).resolve().parent / "client"
CACHE = ROOT / "build" / "cache"
OUT = ROOT / "build" / "web"
ICON = ROOT / "assets" / "icon.png"
FONTS = ROOT / "assets" / "fonts"
"""The fonts the app falls back on (app.main.FONTS), served beside index.html as the app serves them."""
PILLOW = "12.0.0"
"""Only for making the icons at build time (not a dependency of the app)."""
INPUTS = ".inputs"
"""The file in the build folder that holds the hash of what it was built from."""
SERVICE_WORKER = "service_worker.js"
JSQR = ROOT / ".node" / "node_modules" / "jsqr" / "dist" / "jsQR.js"
"""The QR decoder of the phone-to-phone join (npm ``jsqr``, pinned in the Makefile): ``jsQR.js``."""
PEER_FILES = ("peer.js", "scan.js", "table.js")
"""Phones at one table with no computer (``web/client/peer.js``): the page's side."""
GAMES_ROOM = 16 * 1024 * 1024
"""Room the offline copy leaves free for the games (IndexedDB) on a nearly full phone: the worker
keeps a file only while this much of the site's quota stays free. 1 000 games take about 5 MB."""
THEME = "#3F51B5"  # Colors.INDIGO, the app's colour seed (app/main.py)
BACKGROUND = "#FFFFFF"

# Files the client never requests (74 MB → ~54 MB), and flet-web's files this build replaces. Both
# clients stay: Flutter compiled to WebAssembly with skwasm where the browser can run it (Chromium:
# as the served app; a confirm drawn in half the time, bench/README.md), else to JavaScript with
# CanvasKit (Safari, Firefox). skwasm_heavy is for a Chromium without image codecs, older than
# WebAssembly GC: it never loads the WebAssembly client.
PRUNE = (
    "canvaskit/wimp*", "canvaskit/skwasm_heavy*",
    "canvaskit/experimental_webparagraph", "*.symbols", "*.map", "flutter_service_worker.js",
    "pyodide/python", "pyodide/python.bat", "pyodide/python.exe", "pyodide/python_cli_entry.mjs",
    "pyodide/*.d.ts", "pyodide/package.json", "pyodide/pyodide.js", "pyodide/pyodide-lock.json",
    "python.js", "python-worker.js", "icons/*", "favicon.png",
    "pyodide/micropip-*.whl", "pyodide/packaging-*.whl",
    # Never drawn or run by the pad (bench/README.md, "What a first visit downloads"): the KaTeX
    # fonts of Flet's Markdown maths, the Cupertino icons, media_kit's HLS player, record's worklet
    # and flutter_map's logo. Flutter loads every font of FontManifest.json at start: they are
    # taken out of it too (_fonts).
    "assets/packages/flutter_math_fork", "assets/packages/cupertino_icons",
    "assets/packages/media_kit", "assets/packages/record_web", "assets/packages/flutter_map",
)
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
"""FontManifest.json's families whose files PRUNE leaves out."""
ON_DEMAND = ("pyodide/*.whl", "app.tar.gz", "assets/NOTICES")
"""In the build but not in the offline copy a first visit fetches: fetched (and kept) only when
asked for. The wheels and the app's package serve only a start without the snapshot whose
Python files cannot be read (python-worker.js); NOTICES only Flutter's licence page. (Not the
wheels' lock: Pyodide reads it at every start.)"""


@dataclass(frozen=True)
class Target:
    """What one build holds: the module run in the browser, its code and its distributions."""

    name: str
    module: str
    sources: tuple[str, ...]
    requires: tuple[str, ...]
    description: str
    snapshot: bool = False
    """Start Python from a memory snapshot made at build time (``web/snapshot.mjs``)."""
    fonts: bool = False
    """The app's own fonts (``app.main.FONTS``) are in FontManifest.json: the client loads them at
    its start, beside Python's, and the app does not ask for them (``page.fonts``) after its
    first screen, which was drawn blank until they came (``web/main.py``)."""
    first_screen: tuple[str, ...] | None = None
    """The Flet modules the first screen imports beyond the module's own imports: in the snapshot
    (the others are imported from their bytecode when a later screen names them). None: every
    Flet name the code names (:func:`flet_names`)."""


BLOCK24 = Target(
    name="Block 24",
    module="web.main",
    sources=("app", "scoring", "web/__init__.py", "web/main.py", "web/peer.py"),
    # segno draws the codes other phones scan (web/peer.py, app/state/phones.py).
    requires=("flet", "flet-charts", "tinydb", "filelock", "platformdirs", "segno",
              "confusable-homoglyphs"),  # (look-alike names: scoring.names)
    description="The score pad for the card game 24",
    snapshot=True,
    fonts=True,
    # Home, with games in progress or none, and a resumed game, as tests/test_web_start.py's first
    # screens import them (checked there), beside the modules of web.main.first_screen_controls.
    # Every name the app names made the snapshot 1.4 MB larger gzipped (bench/README.md).
    first_screen=(
        "flet.components.component", "flet.components.hooks", "flet.components.hooks.hook",
        "flet.components.hooks.use_dialog", "flet.components.hooks.use_effect",
        "flet.components.hooks.use_ref", "flet.components.hooks.use_state",
        "flet.controls.core.autofill_group", "flet.controls.core.text", "flet.controls.geometry",
        "flet.controls.material.expansion_tile", "flet.controls.material.form_field_control",
        "flet.controls.material.list_tile", "flet.controls.material.menu_bar",
        "flet.controls.material.navigation_rail", "flet.controls.material.popup_menu_button",
        "flet.controls.material.slider", "flet.controls.material.snack_bar", "flet.controls.material.tabs",
        "flet.controls.material.textfield", "flet.controls.services.shared_preferences",
        "flet.controls.theme",
    ),
)
COUNTER = Target(
    name="bare Flet",
    module="bench.bare_flet_app",
    sources=("bench/__init__.py", "bench/bare_flet_app.py"),
    requires=("flet",),
    description="A bare Flet counter, the baseline of bench.web",
    snapshot=True,  # like the pad: Python starts from a snapshot with flet imported
)
TARGETS = {"block24": BLOCK24, "counter": COUNTER}


CLIENT_FILES = ("python.js", "python-worker.js", "python-start.mjs")
"""The build's own files of ``web/client/`` served as they are (:data:`INLINE`: those in the page)."""


class BuildError(Exception):
    """The build cannot be made as asked (a missing wheel, a client file that changed shape)."""


# -- the Pyodide side -------------------------------------------------------------------------


def pyodide_lock() -> dict:
    """flet-web's Pyodide lock file (its ``info`` names the Python and the platform)."""
    return json.loads((Path(flet_web.get_package_web_dir()) / "pyodide" / "pyodide-lock.json").read_text())


def _environment(info: dict) -> dict[str, str]:
    """The marker environment of Pyodide's Python (which Requires-Dist hold there)."""
    full = info["python"]
    return {
        "sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
        "os_name": "posix", "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "python_version": ".".join(full.split(".")[:2]), "python_full_version": full, "extra": "",
    }


def _download(dist: str, version: str, info: dict) -> Path:
    """The wheel of ``dist==version`` for Pyodide, from the cache or PyPI (pure or emscripten)."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    for wheel in folder.glob("*.whl"):
        name, found, *_ = parse_wheel_filename(wheel.name)
        if name == canonicalize_name(dist) and str(found) == version:
            return wheel
    py = "".join(info["python"].split(".")[:2])
    command = [
        sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
        "--only-binary=:all:", "--platform", f"pyemscripten_{info['abi_version']}_{info['arch']}",
        "--platform", "any", "--python-version", info["python"], "--implementation", "cp",
        "--abi", f"cp{py}", "--abi", "abi3", "--abi", "none", "-d", str(folder), f"{dist}=={version}",
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        raise BuildError(f"no Pyodide wheel for {dist}=={version}:\n{done.stderr.strip()}")
    return _download(dist, version, info)


def _metadata(wheel: Path) -> tuple[list[str], list[str]]:
    """A wheel's Requires-Dist lines and its top-level import names."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        requires = [line.split(":", 1)[1].strip() for line in z.read(meta).decode().splitlines()
                    if line.startswith("Requires-Dist:")]
    imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if (n.count("/") == 1 and n.endswith("/__init__.py"))
                      or ("/" not in n and n.endswith(".py"))})
    return requires, imports


def wheels(target: Target, info: dict) -> dict[str, tuple[Path, dict]]:
    """Every wheel ``target`` needs in Pyodide, with its lock entry, dependencies included.

    The versions are the ones installed here (pyproject.toml pins them), so the
    browser runs what the tests ran.
    """
    env = _environment(info)
    found: dict[str, tuple[Path, dict]] = {}
    todo = list(target.requires)
    while todo:
        dist = canonicalize_name(todo.pop())
        if dist in found:
            continue
        try:
            version = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError as missing:
            raise BuildError(f"{dist} is needed in the browser but not installed here") from missing
        wheel = _download(dist, version, info)
        requires, imports = _metadata(wheel)
        depends = []
        for line in requires:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate(env):
                depends.append(canonicalize_name(req.name))
        todo.extend(depends)
        found[dist] = (wheel, {
            "name": dist, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": sorted(depends), "unvendored_tests": False, "tool": {},
        })
    return found


def _app_package(target: Target, pins: dict[str, str]) -> bytes:
    """The app's code as the worker unpacks it, with a requirements.txt of exact pins."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.PAX_FORMAT) as tar:
        for path in _source_files(target):
            tar.add(path, arcname=path.relative_to(ROOT).as_posix(), recursive=False)
        requirements = "".join(f"{name}=={version}\n" for name, version in sorted(pins.items()))
        entry = tarfile.TarInfo("requirements.txt")
        entry.size = len(requirements.encode())
        tar.addfile(entry, io.BytesIO(requirements.encode()))
    return buffer.getvalue()


NOT_RUN = ("flet/testing", "flet/pytest_plugin.py", "flutter")
"""Of the wheels, what the browser never runs: Flet's test harness and pytest plugin, and
flet-charts' Dart sources (the client is built already)."""
SKIPPED = {".pyc", ".po", ".pot"}
"""Not shipped: bytecode, and the catalogues' sources (the app reads the compiled .mo files)."""
BUILD_ONLY = {"app/locale/build.py"}
"""Babel's build step of the catalogues: the web build ships what it compiled, not Babel."""


def _source_files(target: Target) -> list[Path]:
    files: list[Path] = []
    for source in target.sources:
        path = ROOT / source
        found = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        files.extend(p for p in found if "__pycache__" not in p.parts and p.suffix not in SKIPPED
                     and p.relative_to(ROOT).as_posix() not in BUILD_ONLY)
    return files


def _python_files(target: Target, needed: dict[str, tuple[Path, dict]], folder: Path) -> None:
    """Every wheel's files in site-packages and the app's code in the worker's home, laid out
    from ``/`` in ``folder``: what a snapshot's restore needs on the file system (the snapshot
    holds Python's memory only). ``web/snapshot.mjs`` adds their bytecode and packs them."""
    site = "lib/python{}/site-packages".format(".".join(pyodide_lock()["info"]["python"].split(".")[:2]))
    for wheel, _ in needed.values():
        with zipfile.ZipFile(wheel) as z:
            z.extractall(folder / site)
    for pattern in NOT_RUN:
        for path in (folder / site).glob(pattern):
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    for path in _source_files(target):
        to = folder / "home" / "pyodide" / path.relative_to(ROOT)
        to.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, to)


FLET_IMPORT = re.compile(r"^\s*import (flet(?:[.\w]*)?) as (\w+)\s*$", re.MULTILINE)


def flet_names(target: Target) -> list[str]:
    """Every ``ALIAS.Name`` of a Flet module the target's code names (``ft.Theme``), as
    ``"flet:Theme"``: Flet imports a control's module the first time it is named; the snapshot
    imports them all at build time."""
    found: set[str] = set()
    for path in _source_files(target):
        if path.suffix != ".py":
            continue
        text = path.read_text()
        for module, alias in FLET_IMPORT.findall(text):
            found.update(f"{module}:{name}" for name in re.findall(rf"\b{alias}\.(\w+)", text))
    return sorted(found)


STDLIB_ALWAYS = (
    # Imported by the interpreter itself (C code), not by an import statement.
    "_strptime", "warnings", "traceback", "linecache", "site", "sitecustomize", "codecs", "io", "abc",
    "copyreg", "threading", "_collections_abc", "_sitebuiltins", "os", "posixpath", "genericpath", "stat",
    "zipimport", "importlib", "importlib._bootstrap", "importlib._bootstrap_external", "_pyodide", "pyodide",
    # The codecs the pad can meet (codecs.lookup imports them by name): UTF-8 and its kin, what zip
    # file names and the web use, and the byte codecs of codecs.encode.
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.utf_16",
    "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32", "encodings.utf_32_le",
    "encodings.utf_32_be", "encodings.ascii", "encodings.latin_1", "encodings.cp1252", "encodings.cp437",
    "encodings.charmap", "encodings.idna", "encodings.punycode", "encodings.raw_unicode_escape",
    "encodings.unicode_escape", "encodings.base64_codec", "encodings.hex_codec", "encodings.zlib_codec",
)
"""Standard modules kept whatever the import statements say (:func:`_stdlib`)."""
STDLIB_NEVER = ("pydoc", "pdb", "doctest", "unittest", "_pyrepl")
"""Standard modules for a person at a Python prompt (help(), the debugger, the REPL) or a test run:
named by import statements (``_sitebuiltins``' help(), a module's ``__main__`` tests), never run by
the pad."""


def _imports(source: str, module: str, package: bool) -> set[str]:
    """Every module an import statement of ``source`` names, anywhere in it (functions and
    ``try`` blocks included), with their parent packages; relative imports resolved."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # newer syntax than this Python's (Pyodide's is 3.14): read the lines
        return _imported_lines(source, module, package)
    named: set[str] = set()
    for node in ast.walk(tree):  # (not the body of ``if __name__ == "__main__":``, a script's part)
        test = ast.unparse(node.test) if isinstance(node, ast.If) else ""
        if "__main__" in test and "__name__" in test:
            node.body = []
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".") if package else module.split(".")[:-1]
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            named.add(base)
            named.update(f"{base}.{alias.name}" for alias in node.names)  # (a name may be a module)
    return {".".join(name.split(".")[:i]) for name in named for i in range(1, name.count(".") + 2)}


IMPORT_LINE = re.compile(r"^\s*(?:import\s+([\w., ]+)|from\s+(\.*[\w.]*)\s+import\s+\(?([\w, ]*))",
                         re.MULTILINE)


def _imported_lines(source: str, module: str, package: bool) -> set[str]:
    """:func:`_imports` read from the lines (more than the statements: a docstring's too)."""
    named: set[str] = set()
    for plain, base, names in IMPORT_LINE.findall(source):
        if plain:
            named.update(part.split(" as ")[0].strip() for part in plain.split(","))
            continue
        dots = len(base) - len(base.lstrip("."))
        if dots:
            parts = module.split(".") if package else module.split(".")[:-1]
            rest = base.lstrip(".")
            base = ".".join(parts[:len(parts) - dots + 1] + ([rest] if rest else []))
        named.add(base)
        named.update(f"{base}.{name.split(' as ')[0].strip()}" for name in names.split(",") if name.strip())
    return {".".join(name.split(".")[:i]) for name in named if name for i in range(1, name.count(".") + 2)}


def _stdlib(archive: Path, roots: list[Path]) -> None:
    """Pyodide's standard library (``python_stdlib.zip``, 2.5 MB) with only the modules the shipped
    code can import: every module an import statement of the app or a wheel names, and what those
    import in turn, and :data:`STDLIB_ALWAYS`. Everything else (unittest, pdb, xmlrpc, the other
    codecs …) is left out: 2.55 MB → 1.42 MB gzipped. Written before the snapshot (whose import
    system has read the zip)."""
    with zipfile.ZipFile(archive) as z:
        entries = {info.filename: (info, z.read(info)) for info in z.infolist()}

    def source_of(module: str) -> str | None:
        path = module.replace(".", "/")
        return next((name for name in (path + ".py", path + "/__init__.py") if name in entries), None)

    todo = set(STDLIB_ALWAYS)
    for root in roots:
        for path in root.rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            package = parts[-1] == "__init__"
            module = ".".join(parts[:-1] if package else parts)
            todo |= _imports(path.read_text(errors="replace"), module, package)
    kept: set[str] = set()
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen or module.split(".")[0] in STDLIB_NEVER:
            continue
        seen.add(module)
        if (name := source_of(module)) is not None:
            kept.add(name)
            todo |= _imports(entries[name][1].decode(errors="replace"), module, name.endswith("/__init__.py"))
    kept |= {name for name in entries if name.startswith(("_pyodide/", "pyodide/", "_sysconfigdata"))
             or not name.endswith(".py")}
    # Stored, not deflated file by file: gzipped whole (compress) it is smaller (1.42 against
    # 1.55 MB), and the phone keeps it unpacked (Python reads its modules without inflating them).
    with zipfile.ZipFile(archive, "w") as z:
        for name, (info, data) in entries.items():
            if name in kept:
                z.writestr(info, data, compress_type=zipfile.ZIP_STORED)


def _snapshot(out: Path, target: Target, needed: dict[str, tuple[Path, dict]], inputs: str) -> None:
    """``python-files.bin`` and ``python-snapshot.bin`` (Node runs the build's Pyodide)."""
    node = shutil.which("node")
    with tempfile.TemporaryDirectory(prefix="block24-web-") as work:
        files, names = Path(work) / "files", Path(work) / "names.json"
        _python_files(target, needed, files)
        site = next((files / "lib").glob("python*/site-packages"))
        whole = Path(work) / "python_stdlib.zip"  # (the bytecode is made with compileall: not shipped)
        shutil.copy2(out / "pyodide" / "python_stdlib.zip", whole)
        _stdlib(out / "pyodide" / "python_stdlib.zip", [site, files / "home" / "pyodide"])
        first = flet_names(target) if target.first_screen is None else [f"{m}:" for m in target.first_screen]
        names.write_text(json.dumps(first))
        done = subprocess.run([node, str(CLIENT.parent / "snapshot.mjs"), str(out), inputs, target.module,
                               str(files), str(names), str(whole)], capture_output=True, text=True)
    if done.returncode or not (out / "python-snapshot.bin").exists():
        raise BuildError(f"the memory snapshot failed:\n{done.stderr.strip()[-2000:]}")


# -- the page, the manifest, the icons, the service worker ------------------------------------


def _pillow():
    """Pillow for the icons, downloaded once into the cache (the app does not depend on it)."""
    folder = CACHE / f"pillow-{PILLOW}"
    if not folder.exists():
        wheels_dir = CACHE / "tools"
        wheels_dir.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                        "--no-deps", "--only-binary=:all:", "-d", str(wheels_dir), f"pillow=={PILLOW}"],
                       check=True)
        wheel = next(wheels_dir.glob(f"pillow-{PILLOW}-*.whl"))
        with zipfile.ZipFile(wheel) as z:
            z.extractall(folder.with_suffix(".tmp"))
        folder.with_suffix(".tmp").rename(folder)
    sys.path.insert(0, str(folder))
    from PIL import Image

    return Image


def _icons(out: Path) -> None:
    """The manifest's icons, the iOS icon, the favicon and the loading picture from ``assets/icon.png``."""
    image = _pillow()
    icon = image.open(ICON).convert("RGBA")
    (out / "icons").mkdir(exist_ok=True)
    for size, name in ((192, "icon-192.png"), (512, "icon-512.png"), (192, "apple-touch-icon-192.png"),
                       (256, "loading-animation.png")):
        icon.resize((size, size), image.Resampling.LANCZOS).save(out / "icons" / name, optimize=True)
    icon.resize((32, 32), image.Resampling.LANCZOS).save(out / "favicon.png", optimize=True)
    # Maskable: the launcher may crop to a circle, so the picture sits inside the middle 80 %.
    for size in (192, 512):
        canvas = image.new("RGBA", (size, size), BACKGROUND)
        inner = round(size * 0.8)
        small = icon.resize((inner, inner), image.Resampling.LANCZOS)
        canvas.alpha_composite(small, ((size - inner) // 2, (size - inner) // 2))
        canvas.save(out / "icons" / f"icon-maskable-{size}.png", optimize=True)


def _index(out: Path, target: Target, base: str, inputs: str, snapshot: bool) -> None:
    index = out / "index.html"
    flet_web.patch_index_html(
        str(index), base_href=base, app_name=target.name, app_description=target.description,
        pyodide=True, pyodide_script_path=f"{target.module}.py", app_package_url="app.tar.gz",
        web_renderer=WebRenderer.AUTO,
        route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True,
    )
    html = index.read_text()
    # pyodideUrl must be absolute: the worker import()s it (WEB-BUILD.md, "Pitfall").
    snapshot_url = 'flet.snapshotUrl="python-snapshot.bin";' if snapshot else ""
    extra = (f'<script>flet.pyodideUrl="{base}pyodide/pyodide.mjs";{snapshot_url}</script>\n'
             f'  <meta name="theme-color" content="{THEME}">\n'
             f'  <meta name="block24-build" content="{inputs}">\n'
             f'  {_inline("register.js")}')
    html = _replace_once(html, '<script src="python.js"></script>', extra, "index.html")
    html = html.replace('content="black"', 'content="default"')
    # The open game's scores on the loading screen, before Flutter and Python are up.
    # Flutter's loader and python.js are started by register.js once the offline service worker
    # serves the page.
    html = _replace_once(html, '<script src="flutter_bootstrap.js" async></script>',
                         f'{_inline("language.js")}\n  {_inline("glance.js")}', "index.html")
    # What the page shows before the worker serves it is in the page: not fetched twice.
    for attribute, name in (("href", "favicon.png"), ("src", "icons/loading-animation.png")):
        data = base64.b64encode((out / name).read_bytes()).decode()
        html = _replace_once(html, f'{attribute}="{name}"', f'{attribute}="data:image/png;base64,{data}"',
                             "index.html")
    index.write_text(html)


INLINE = ("register.js", "language.js", "glance.js")
"""The page's own scripts, written into index.html: on a first visit everything the page loads
before the offline service worker serves it is fetched twice (once more for the offline copy)."""


def _inline(name: str) -> str:
    text = (CLIENT / name).read_text()
    if "</script" in text.lower():
        raise BuildError(f"{name} cannot be written into index.html: it holds </script")
    return f"<script>/* {name} */\n{text}</script>"


def _bootstrap(out: Path) -> None:
    """Flutter's loader must not register its own (stub) service worker: ours is register.js's.
    Nor may it take the loading picture away at Flutter's first frame: it stays until the app
    is drawn (glance.js, ``block24Cover``)."""
    path = out / "flutter_bootstrap.js"
    text, found = re.subn(r"\n\s*serviceWorkerSettings:\s*\{[^{}]*\},", "", path.read_text())
    if found != 1:
        raise BuildError("flutter_bootstrap.js changed shape: its serviceWorkerSettings were not removed")
    text = _replace_once(text, "document.getElementById('loading')?.remove();",
                         "/* the loading picture stays until the app is drawn (glance.js) */",
                         "flutter_bootstrap.js")
    path.write_text(text)


RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
RIVE_STUB = "rive/"
"""The client loads Rive's runtime from a CDN at start (flet-web compiles it in; no Rive here):
the build points it at a stub whose ``RiveNative()`` never settles, as a blocked request did."""


RIVE_STUB_WASM = "rive/" + "-" * (len(RIVE_CDN) - len("rive/") - 1) + "/"
"""The stub's folder for the WebAssembly client: its strings are names in the module's imports,
so the address is replaced by one of the same length in place."""


def _rive(out: Path) -> None:
    path = out / "main.dart.js"
    path.write_text(_replace_once(path.read_text(), f'"{RIVE_CDN}"', f'"{RIVE_STUB}"', "main.dart.js"))
    wasm = out / "main.dart.wasm"
    data = wasm.read_bytes()
    if data.count(RIVE_CDN.encode()) != 1:
        raise BuildError("main.dart.wasm changed: Rive's address is not in it once")
    wasm.write_bytes(data.replace(RIVE_CDN.encode(), RIVE_STUB_WASM.encode()))
    stub = "// Rive is not used by this app: its runtime is never loaded (web/build.py).\n" \
           "globalThis.RiveNative = () => new Promise(() => {});\n"
    for stub_folder in (RIVE_STUB, RIVE_STUB_WASM):
        for folder in ("wasm", "wasm_compatibility"):
            (out / stub_folder / folder).mkdir(parents=True, exist_ok=True)
            (out / stub_folder / folder / "rive_native.js").write_text(stub)


CHECK_MARKS = ROOT / "web" / "fonts" / "check-marks.ttf"
"""✓ ✔ ✗ ✘ from DejaVu Sans Bold (free licence, in the file): Roboto has no check mark."""
CHECK_MARK_FALLBACK = ("notosanssc/v37/k3kCo84MPvpLmixcA63oeAL7Iqp5IZJF9bmaG9_FnYkldv7JjxkkgFsFSSOPMOkySAZ73"
                       "y9ViAt3acb8NexQ2w.87.woff2")
"""The file of Flutter's font fallback list that it fetches for "✓" (from ``assets/fonts/``).
It is not in flet-web (its fallback fonts come from a CDN): answered with ours, the mark is drawn."""


def _check_marks(out: Path) -> None:
    if f'"{CHECK_MARK_FALLBACK}"' not in (out / "main.dart.js").read_text():
        raise BuildError("main.dart.js changed: its fallback font for ✓ is no longer " + CHECK_MARK_FALLBACK)
    target = out / "assets" / "fonts" / CHECK_MARK_FALLBACK
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(CHECK_MARKS, target)


def _fonts(manifest: Path, target: Target) -> None:
    """FontManifest.json without the families PRUNE left out (Flutter would fetch them at start),
    with the app's own fonts where the target says so (``Target.fonts``)."""
    families = json.loads(manifest.read_text())
    kept = [family for family in families if not any(
        font["asset"].startswith(UNUSED_FONTS) for font in family["fonts"])]
    if len(kept) == len(families):
        raise BuildError("FontManifest.json changed: no unused font family found in it")
    if target.fonts:
        from app.main import FONTS as APP_FONTS

        # Flutter asks for "assets/" + the asset: the files beside index.html, as page.fonts names them.
        kept += [{"family": family, "fonts": [{"asset": f"../{path}"}]} for family, path in APP_FONTS.items()]
    manifest.write_text(json.dumps(kept))


def _replace_once(text: str, old: str, new: str, where: str) -> str:
    if text.count(old) != 1:
        raise BuildError(f"{where} changed shape: {old!r} is not there exactly once")
    return text.replace(old, new)


GZIP_AT_LEAST = 16 * 1024
"""Smaller files are not worth a second copy (the request costs more than the bytes saved)."""
GZIP_SAVES = 0.9
"""A gzipped copy is kept only where it is at most this share of the file (not for wheels,
the snapshot, images: they are compressed already)."""


def _is_copy(path: Path) -> bool:
    """A gzipped copy made by :func:`compress` (``app.tar.gz`` is a file of the build itself)."""
    return path.suffix == ".gz" and path.with_suffix("").is_file()


def compress(out: Path) -> None:
    """Beside each large file that gzip shrinks, its gzipped copy ``FILE.gz``, which the service
    worker fetches and unpacks (the host needs no setting; the file itself stays for a browser
    that cannot). Deterministic (no time in the header): the same build, the same bytes."""
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        if _is_copy(path) or path.name in (SERVICE_WORKER, INPUTS) or path.stat().st_size < GZIP_AT_LEAST:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= GZIP_SAVES * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)


def _file_hash(path: Path) -> str:
    """The hash of a file's bytes as the service worker keeps it (128 bits of SHA-256)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:32]


def stamp(out: Path) -> str:
    """Write the service worker over every file of ``out``; return its version (their hash).

    Any changed byte gives a new version, so the browser installs the new
    worker, which fetches the changed files, copies the others from the old
    cache and drops it. Each file is listed with its size (a gzipped copy
    unpacked to another size is refused), whether it has a gzipped copy, and
    the hash of its bytes (how an update tells an unchanged file).
    """
    digest = hashlib.sha256()
    index = out / "index.html"
    files: dict[str, list] = {"./": [index.stat().st_size, False, _file_hash(index)]}
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        rel = path.relative_to(out).as_posix()
        if rel in (SERVICE_WORKER, INPUTS) or _is_copy(path):
            continue
        copy = path.with_name(path.name + ".gz")
        listed = [path.stat().st_size, copy.is_file(), _file_hash(path)]
        digest.update(rel.encode() + b"\0" + bytes.fromhex(listed[2]))
        if rel != "index.html":  # kept as "./" (the worker answers both with it)
            files[rel] = listed
        if copy.is_file():
            digest.update(hashlib.sha256(copy.read_bytes()).digest())
    version = digest.hexdigest()[:16]
    template = (CLIENT / "service_worker.js").read_text()
    template = _replace_once(template, "__VERSION__", version, "service_worker.js")
    listed = json.dumps(files, separators=(",", ":"))
    template = _replace_once(template, "__FILES__", listed, "service_worker.js")
    template = _replace_once(template, "__GAMES_ROOM__", str(GAMES_ROOM), "service_worker.js")
    # Without the snapshot the wheels and the app's package are how Python starts: kept offline.
    snapshot = (out / "python-files.bin").is_file()
    spare = sorted(path for path in files if snapshot and any(fnmatch.fnmatch(path, p) for p in ON_DEMAND))
    template = _replace_once(template, "__ON_DEMAND__", json.dumps(spare), "service_worker.js")
    (out / SERVICE_WORKER).write_text(template)
    return version


# -- the build --------------------------------------------------------------------------------


def inputs_hash(target: Target, base: str) -> str:
    """A hash of everything the build is made from: a build with the same hash is the same build."""
    digest = hashlib.sha256()
    digest.update(f"{target}|{base}|flet-web {importlib.metadata.version('flet-web')}".encode())
    for dist in ("flet", "flet-charts", "tinydb", "filelock", "platformdirs", "msgpack", "repath", "six",
                 "segno", "confusable-homoglyphs"):
        digest.update(f"{dist} {importlib.metadata.version(dist)}".encode())
    own = sorted(p for p in (ROOT / "web").rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    decoder = [JSQR] if JSQR.is_file() else []
    for path in [*own, *_source_files(target), ICON, *sorted(FONTS.iterdir()), *decoder]:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def build(out: Path = OUT, target: Target = BLOCK24, base: str = "/", force: bool = False) -> Path:
    """Write the web build of ``target`` to ``out`` unless the one there has the same inputs."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    inputs = inputs_hash(target, base)
    if not force and (out / INPUTS).exists() and (out / INPUTS).read_text() == inputs:
        return out
    temp = out.with_name(out.name + ".tmp")
    shutil.rmtree(temp, ignore_errors=True)
    web = Path(flet_web.get_package_web_dir())

    def pruned(folder: str, names: list[str]) -> list[str]:
        rel = Path(folder).relative_to(web)
        return [n for n in names if any(fnmatch.fnmatch((rel / n).as_posix(), p) for p in PRUNE)]

    shutil.copytree(web, temp, ignore=pruned)
    lock = pyodide_lock()
    needed = wheels(target, lock["info"])
    for wheel, _ in needed.values():
        shutil.copy2(wheel, temp / "pyodide" / wheel.name)
    # Only the app's wheels: the worker loads them with Pyodide's own loader (no micropip).
    packages = {name: entry for name, (_, entry) in needed.items()}
    (temp / "pyodide" / "pyodide-lock.json").write_text(
        json.dumps({"info": lock["info"], "packages": packages}))
    roots = {canonicalize_name(name) for name in target.requires}
    pins = {name: entry["version"] for name, (_, entry) in needed.items() if name in roots}
    (temp / "app.tar.gz").write_bytes(_app_package(target, pins))
    for name in CLIENT_FILES:
        shutil.copy2(CLIENT / name, temp / name)
    for name in PEER_FILES:
        shutil.copy2(CLIENT / name, temp / name)
    if not JSQR.is_file():
        raise BuildError(f"{JSQR} is missing: `make web` installs it (npm jsqr, pinned in the Makefile)")
    shutil.copy2(JSQR, temp / "jsQR.js")
    _icons(temp)
    shutil.copytree(FONTS, temp / "fonts")
    flet_web.patch_manifest_json(str(temp / "manifest.json"), app_name=target.name,
                                 app_description=target.description,
                                 background_color=BACKGROUND, theme_color=THEME)
    # Roboto is bundled but not in Flutter's font list: without this no text is drawn offline.
    flet_web.patch_font_manifest_json(str(temp / "assets" / "FontManifest.json"))
    _fonts(temp / "assets" / "FontManifest.json", target)
    # Without Node the build has no snapshot and the worker starts Python the usual way.
    snapshot = target.snapshot and shutil.which("node") is not None
    if target.snapshot and not snapshot:
        print("web build: no node on PATH, so no memory snapshot (Python starts the usual way)",
              file=sys.stderr)
    _index(temp, target, base, inputs, snapshot)
    if snapshot:
        _snapshot(temp, target, needed, inputs)
    _bootstrap(temp)
    _rive(temp)
    _check_marks(temp)
    compress(temp)
    stamp(temp)
    (temp / INPUTS).write_text(inputs)
    shutil.rmtree(out, ignore_errors=True)
    temp.rename(out)
    return out


def size(out: Path) -> tuple[int, int]:
    """Bytes of the build and how many files it has."""
    files = [p for p in out.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.build", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write (default build/web)")
    parser.add_argument("--base", default="/", help="the path the site is served under, e.g. /block24/")
    parser.add_argument("--app", choices=sorted(TARGETS), default="block24")
    parser.add_argument("--force", action="store_true", help="rebuild even if the inputs are unchanged")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, TARGETS[args.app], args.base, args.force)
    except BuildError as error:
        print(f"web build failed: {error}", file=sys.stderr)
        return 1
    total, count = size(out)
    print(f"{out}: {count} files, {total / 1e6:.1f} MB (serve it over HTTPS; see README 'On your phone')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
