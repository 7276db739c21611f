"""What a phone downloads for the offline pad, counted at the host (Chromium; Firefox and WebKit in
``test_other_engines.py``): each file of a first visit once, and an update after a one-line change
in ``app/`` fetches only the files whose bytes changed, the others kept from the old copy.

The host is ``python -m http.server`` (it compresses nothing and logs every request); one browser
profile lasts for the module, as a phone's browser does. The update is a real second build of a
copy of the tree with one line of ``app/main.py`` changed.
"""

from __future__ import annotations

import fnmatch
import hashlib
import pathlib
import shutil
import subprocess
import sys

import pytest

from web import build as web_build

from .conftest import in_order
from .web_site import (
    StaticSite,
    build_version,
    bytes_fetched,
    fetched_twice,
    open_pad,
    phone_profile,
    requests_per_file,
    wait_for_service_worker,
)

TREE = ("app", "scoring", "web", "assets")
"""What ``web.build`` reads of the repository (``bench/`` only for the counter build)."""


def changed_build(into: pathlib.Path) -> pathlib.Path:
    """The build of a copy of this tree whose ``app/main.py`` has one line changed, made as
    ``make web`` makes it (the wheels come from the same cache)."""
    tree = into / "tree"
    for name in TREE:
        shutil.copytree(web_build.ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
    (tree / "build").mkdir()
    (tree / "build" / "cache").symlink_to(web_build.CACHE, target_is_directory=True)
    (tree / ".node").symlink_to(web_build.ROOT / ".node", target_is_directory=True)  # the pinned QR decoder
    main = tree / "app" / "main.py"
    lines = main.read_text().splitlines(keepends=True)
    assert lines[0].startswith('"""Start Block 24')
    lines[0] = lines[0].replace("Start Block 24", "Start Block 24 (the changed line)")
    main.write_text("".join(lines))
    out = into / "web"
    subprocess.run([sys.executable, "-m", "web.build", "--out", str(out)], cwd=tree, check=True)
    return out


def _digest(path: pathlib.Path) -> bytes:
    return hashlib.sha256(path.read_bytes()).digest()


def changed_files(old: pathlib.Path, new: pathlib.Path) -> set[str]:
    """The files of ``new`` that ``old`` lacks or holds with other bytes."""
    found = set()
    for path in new.rglob("*"):
        rel = path.relative_to(new).as_posix()
        if path.is_file() and (not (old / rel).is_file() or _digest(old / rel) != _digest(path)):
            found.add(rel)
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    srv = StaticSite(web_build.build(), tmp_path_factory.mktemp("bytes-site") / "http.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def phone(browser, tmp_path_factory: pytest.TempPathFactory):
    context = phone_profile(browser.browser_type, tmp_path_factory.mktemp("bytes-profile"))
    yield context
    context.close()


def test_a_first_visit_fetches_each_file_once(phone, site):
    pad = open_pad(phone, site.url)
    pad.see("New game")
    wait_for_service_worker(pad, build_version(site.folder))  # the offline copy is whole
    asked = requests_per_file(site)
    twice = fetched_twice(asked)
    sent = bytes_fetched(site)
    print(f"\nfirst visit in Chromium: {sent / 1e6:.1f} MB, {sum(asked.values())} requests, "
          f"{len(asked)} files")
    assert not twice, f"fetched more than once: {twice}"
    assert sent <= 22e6, f"{sent / 1e6:.2f} MB on a first visit"  # (Firefox, WebKit: test_other_engines.py)
    assert "pyodide/pyodide.asm.wasm.gz" in asked
    # Fetched only when asked for (a start without the snapshot whose Python files are unusable).
    assert not [path for path in asked if path.endswith((".whl", ".whl.gz")) or path.startswith("app.tar.gz")]
    pad.page.close()


def test_an_update_fetches_only_the_files_that_changed(phone, site, tmp_path):
    old = site.folder
    new = changed_build(tmp_path)
    changed = changed_files(old, new)
    assert {"python-files.bin", "index.html"} <= changed  # the line is in the app's code and its build id
    assert "pyodide/pyodide.asm.wasm" not in changed and "main.dart.wasm" not in changed
    before = len(site.served())
    site.stop()
    site.start(new)
    try:
        pad = open_pad(phone, site.url)  # the browser checks the worker, finds the new one
        wait_for_service_worker(pad, build_version(new))
        pad.see("New game")
        asked = requests_per_file(site, since=before)
        unchanged = sorted(path for path in asked if path not in changed)
        twice = fetched_twice(asked)
        fetched = bytes_fetched(site, since=before)
        # What changed, as this browser fetches it: the gzipped copy where there is one.
        # (Chromium runs the WebAssembly client: the JavaScript one is not its to fetch.)
        needed = sum((new / path).stat().st_size for path in changed
                     if not (new / (path + ".gz")).is_file() and path != web_build.INPUTS
                     and not path.startswith(("main.dart.js", "canvaskit/canvaskit"))
                     and not any(fnmatch.fnmatch(path.removesuffix(".gz"), p) for p in web_build.ON_DEMAND))
        print(f"\nupdate in Chromium: {fetched / 1e6:.2f} MB fetched, changed files {needed / 1e6:.2f} MB: "
              f"{sorted(asked)}")
        assert not unchanged, f"files whose bytes did not change were fetched again: {unchanged}"
        assert not twice, f"fetched more than once: {twice}"
        assert fetched <= 1.1 * needed
        # Offline from the new copy alone: the old one is gone.
        site.stop()
        pad.reload()
        pad.see("New game")
        pad.page.close()
    finally:
        site.stop()
        site.start(old)


# One phone's profile: the update finds the first visit's copy there. Side by side the second test
# ran on another worker, whose profile was new, and fetched every file as a first visit does.
TestOnePhone = in_order(
    test_a_first_visit_fetches_each_file_once,
    test_an_update_fetches_only_the_files_that_changed,
)
