# Block 24 — `make run` serves the app, `make test` runs every test. Both install what is missing.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CHROMIUM := /usr/lib/chromium/chromium

.PHONY: run serve test check check-unit check-smoke unit e2e lint bench browser spreadsheet clean web shots catalogues translations

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

# The translations (app/locale/<lang>/LC_MESSAGES/block24.po): a .mo is compiled when missing or older.
catalogues: $(STAMP)
	@$(PY) -m app.locale.build compile

# After changing phrases in the code: refresh block24.pot from the code and merge it into every .po
# (new phrases come in empty, changed ones fuzzy; translate them, then `make catalogues`).
translations: $(STAMP)
	$(PY) -m app.locale.build update

run: $(STAMP) catalogues
	$(VENV)/bin/block24

# Serve on the LAN: other phones at the table scan the QR code and enter the join code.
serve: $(STAMP) catalogues
	$(VENV)/bin/block24 serve --lan

# Python's packages and the browser's driver download side by side (both mostly wait on the network).
# The unit tests run beside the browser tests, which mostly wait (a browser drawing, a server
# answering): each is kept green with the other's load (README "Tests").
test:
	$(MAKE) -j2 $(STAMP) browser
	$(MAKE) spreadsheet catalogues lint
	$(MAKE) -j2 --output-sync=target unit e2e

# The loop for every change (README "Tests", about 3 minutes): lint, every unit test and one whole
# round in the browser, side by side (the browser mostly waits). `make test` is all of it, as CI runs it.
SMOKE := tests/e2e/test_all_tricks.py
check: $(STAMP) catalogues
	@$(MAKE) --no-print-directory -j3 --output-sync=target lint check-unit check-smoke

# The unit tests mostly wait (servers starting, files synced): three workers take half the time
# alone (5 min 25 s -> 2 min 48 s). In `make test` they run in one, beside the browser tests.
check-unit: $(STAMP) catalogues spreadsheet
	$(PY) -m pytest -m "not e2e" --ignore=tests/e2e -q -p no:cacheprovider -n 3

check-smoke: $(STAMP) catalogues browser
	$(PY) -m pytest $(SMOKE) -q -p no:cacheprovider

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

unit: $(STAMP) catalogues spreadsheet
	$(PY) -m pytest -m "not e2e" --ignore=tests/e2e -q -p no:cacheprovider

# The browser tests in E2E_WORKERS pytest-xdist workers (one app server and one Chromium each).
# The tests of one class run on one worker in their order (tests/conftest.py); the rest one by one.
# Three workers on this 2-core machine: the browsers keep both cores busy by then (README "Tests").
E2E_WORKERS ?= 3
e2e: $(STAMP) web
	$(PY) -m pytest tests/e2e -q -p no:cacheprovider -n $(E2E_WORKERS) --dist loadscope --durations=25; status=$$?; [ $$status -eq 5 ] && exit 0 || exit $$status

# Browser tests need Debian's Chromium, Firefox ESR and WebKitGTK's WebDriver (under Xvfb), and
# puppeteer-core from npm (drives Firefox over WebDriver BiDi) in .node/. Installed when we can
# (root), else the tests that need them skip loudly (and fail under CI=true).
BROWSER_PACKAGES := chromium firefox-esr webkit2gtk-driver xvfb
PUPPETEER_CORE := 24.43.1
# The QR decoder of the phone-to-phone join (web/client/scan.js), pinned, from npm into .node/.
JSQR := 1.4.0
JSQR_JS := .node/node_modules/jsqr/dist/jsQR.js
browser: $(JSQR_JS)
	@missing=""; \
	[ -x $(CHROMIUM) ] || missing="$$missing chromium"; \
	[ -x /usr/lib/firefox-esr/firefox-esr ] || missing="$$missing firefox-esr"; \
	command -v WebKitWebDriver >/dev/null || missing="$$missing webkit2gtk-driver"; \
	command -v Xvfb >/dev/null || missing="$$missing xvfb"; \
	command -v npm >/dev/null || missing="$$missing npm"; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing for the browser tests:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@if [ "$$(cat .node/node_modules/puppeteer-core/package.json 2>/dev/null | grep -o '"version": *"[^"]*"')" \
			!= '"version": "$(PUPPETEER_CORE)"' ] && command -v npm >/dev/null; then \
		echo "installing puppeteer-core $(PUPPETEER_CORE) into .node/"; \
		npm install --prefix .node --no-audit --no-fund --ignore-scripts --save-exact --loglevel=error \
			puppeteer-core@$(PUPPETEER_CORE) >/dev/null; \
	fi

# The CSV check opens the Block in a real spreadsheet (Debian's gnumeric: ssconvert); install it when
# we can (root), else that test skips loudly (and fails under CI=true).
spreadsheet:
	@if ! command -v ssconvert >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing gnumeric for the CSV check"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gnumeric >/dev/null; \
	fi

# The offline phone build (README "On your phone"): a static folder build/web/ for any HTTPS host.
# WEB_BASE is the path it is served under (GitHub Pages: /REPO/). Unchanged inputs: kept as is.
WEB_BASE ?= /
web: $(STAMP) catalogues $(JSQR_JS)
	$(PY) -m web.build --base $(WEB_BASE)

$(JSQR_JS):
	npm install --prefix .node --no-audit --no-fund --ignore-scripts --save-exact --loglevel=error jsqr@$(JSQR)

bench: $(STAMP) catalogues browser
	$(PY) -m bench

# A screenshot tour before a release: every screen at four sizes, light and dark, en and de,
# into screenshots/tour/ (git ignores it). Look at them; nothing is asserted about their looks.
shots: $(STAMP) catalogues browser
	$(PY) -m tests.e2e.tour

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
