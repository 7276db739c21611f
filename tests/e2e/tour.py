"""A screenshot tour before a release: every screen at four sizes, light and dark, in en, de and nl.

``make shots`` (or ``.venv/bin/python -m tests.e2e.tour [--sizes phone,small,landscape,desktop]
[--themes light,dark] [--langs en,de,nl]``; default: all) fills a fresh temporary data folder with
a 24 game in progress (4 players, 8 rounds), a finished 24 game and two 20 ab games, serves the
app on it and, for each size × theme × language in a fresh browser context, sets the language
and the theme in Settings and photographs home, settings, the new-game form (24 and 20 ab
Württemberg), the Block while calling, the table display after a trump, the tricks half
given, the chart, the game-over screen, the 20 ab Block, a six-player Württemberg call and the
statistics (24 and 20 ab).

The shots go to ``screenshots/tour/{size}-{theme}-{lang}-{NN}-{screen}.png`` (git-ignored),
for a person to look at: nothing here asserts how a screen looks. The round begun at the table
is cancelled again, so every context starts from the same data. Not a pytest test.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
import traceback
from pathlib import Path

from playwright.sync_api import Browser, expect, sync_playwright

from app import books
from app.i18n import LANGUAGES, ntext, ptext, text
from app.store import Store
from scoring import Colour, Game, Round, Settings, game_from_record

from .conftest import CHROMIUM, LAUNCH_ARGS, SIZES, Server
from .pad import SHOTS, Pad

TOUR = SHOTS / "tour"
THEMES = ("light", "dark")
LANGS = ("en", "de", "nl")
TIMEOUT = 20_000

R, Y, G, B = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE
RUNNING = ("Anna", "Ben", "Carl", "Dora")
FINISHED = ("Eva", "Finn", "Gustav", "Hanna")
TWENTY_AB = ("Gina", "Hugo", "Ida", "🃏 Jan 👑")  # typed with emoji: drawn from the shipped fonts
SIX = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz")


# -- the games in the data folder ------------------------------------------------------------

def running_game() -> Game:
    """Eight rounds of four players (a yellow-blind one), still going: Anna 11, Ben 8, Carl 28, Dora 43."""
    callers = ("Ben", "Carl", "Dora", "Anna")
    counts = [(R, (2, 1, 3, 0)), (Y, (1, 2, 0, 3)), (G, (0, 3, 2, 1)), (B, (3, 1, 1, 1)),
              (Y, (2, 2, 2, 0)), (R, (1, 0, 4, 1)), (G, (2, 2, 1, 1)), (B, (1, 3, 1, 1))]
    rounds = tuple(Round(callers[i % 4], colour, dict(zip(RUNNING, made, strict=True)), blind=i == 4)
                   for i, (colour, made) in enumerate(counts))
    return Game(RUNNING, Settings(), rounds)


def finished_game() -> Game:
    """Three rounds; Hanna's yellow blind without a trick ends it at 84: Eva wins with 7."""
    return Game(FINISHED, Settings(), (
        Round("Finn", R, {"Eva": 3, "Finn": 2, "Gustav": 1, "Hanna": 0}),
        Round("Gustav", B, {"Eva": 2, "Finn": 2, "Gustav": 2, "Hanna": 0}),
        Round("Hanna", Y, {"Eva": 3, "Finn": 0, "Gustav": 3, "Hanna": 0}, blind=True),
    ))


def twenty_ab_game() -> Game:
    """Lehrblatt, three rounds, still going."""
    def made(*counts: int) -> dict[str, int]:
        return dict(zip(TWENTY_AB, counts, strict=True))
    return game_from_record({"players": list(TWENTY_AB), "rules": {"book": "20ab", "preset": "lehrblatt"},
                             "rounds": [{"caller": "Hugo", "trump": "hearts", "tricks": made(1, 2, 2, 0)},
                                        {"caller": "Ida", "trump": "spades", "tricks": made(2, 1, 1, 1)},
                                        {"caller": TWENTY_AB[3], "trump": "diamonds",
                                         "tricks": made(1, 1, 2, 1)}]})


def finished_twenty_ab_game() -> Game:
    """Lehrblatt from 20, upper limit 22 (Z19): Gina wins with 17 in one round. The statistics
    of 20 ab count finished games only: without it their table has no row to draw."""
    return game_from_record({"players": list(TWENTY_AB[:3]),
                             "rules": {"book": "20ab", "preset": "lehrblatt", "upper_limit": 22},
                             "rounds": [{"caller": "Hugo", "trump": "spades",
                                         "tricks": {"Gina": 3, "Hugo": 0, "Ida": 2}}]})


def wuerttemberg_game() -> Game:
    """Six players, 20 ab Württemberg, a misdeal, a bid and a knock behind them: the fullest call."""
    def made(*counts: int) -> dict[str, int]:
        return dict(zip(SIX, counts, strict=True))
    return game_from_record({"players": list(SIX), "rules": {"book": "20ab", "preset": "wuerttemberg"},
                             "rounds": [
        {"dealer": "Anna", "caller": "Ben", "trump": "hearts", "bid": 3, "misdeals": 1,
         "tricks": made(1, 3, 1, 0, 1, 0)},
        {"dealer": "Ben", "caller": "Carl", "trump": "clubs", "knock": True,
         "tricks": made(1, 1, 2, 1, 1, 0)}]})


def fill(folder: Path) -> None:
    games = (running_game(), finished_game(), twenty_ab_game(), finished_twenty_ab_game(),
             wuerttemberg_game())
    assert [g.finished for g in games] == [False, True, False, True, False]
    store = Store.open(folder)
    try:
        for game in games:
            store.create_game(game)
    finally:
        store.close()


# -- one tour: one size, theme and language --------------------------------------------------

def players(names: tuple[str, ...]) -> re.Pattern[str]:
    """The home tile of the game of exactly these players."""
    return re.compile("^" + re.escape(" · ".join(names)) + r"(?! ·)")


class Tour:
    """The screens of one size × theme × language, shot in order."""

    def __init__(self, pad: Pad, size: str, theme: str, lang: str) -> None:
        self.pad, self.lang = pad, lang
        self.prefix = f"{size}-{theme}-{lang}"
        self.dark = theme == "dark"
        self.count = 0

    def t(self, message: str, **values: object) -> str:
        return text(self.lang, message, **values)

    def left(self, n: int) -> str:
        return ntext(self.lang, "{n} trick left to give", "{n} tricks left to give", n=n)

    def shot(self, screen: str) -> None:
        self.count += 1
        name = f"{self.prefix}-{self.count:02d}-{screen}"
        self.pad.shot(f"tour/{name}")
        print(f"  {name}.png", flush=True)

    def home(self) -> None:
        """Back to home from wherever the app opened (it resumes the table's last game)."""
        pad = self.pad
        pad.page.wait_for_timeout(1000)
        for _ in range(3):
            if not pad.by_id("back").count():
                return
            pad.tap_id("back")
            pad.page.wait_for_timeout(1000)

    def settings(self) -> None:
        """Settings → the language and the theme (kept in this browser context only)."""
        pad, t = self.pad, self.t
        pad.tap_id("settings", then=re.compile("^(Language|Sprache|Taal)$"))
        pad.tap(LANGUAGES[self.lang], then=t("Language"))
        pad.tap(t("Dark") if self.dark else t("Light"), then=t("Theme"))
        pad.wait_dark(self.dark)

    def run(self) -> None:
        pad, t = self.pad, self.t
        pad.open()
        self.home()
        self.settings()
        pad.tap_id("back", then=t("New game"))
        self.shot("home")

        pad.tap_id("settings", then=t("Language"))
        self.shot("settings")
        pad.tap_id("back", then=t("Games in progress"))

        pad.tap(t("New game"), then=t("Start game"))
        self.shot("new-game")
        wuerttemberg = books.choice("20ab", "wuerttemberg")
        assert wuerttemberg is not None
        pad.tap_id("game-wuerttemberg", then=t(books.PRESETS["wuerttemberg"][1], **wuerttemberg.numbers()))
        self.shot("new-game-wuerttemberg")
        pad.tap_id("back", then=t("Games in progress"))

        # The game in progress: calling, playing, counting; then the round is cancelled.
        next_round = re.compile("^" + re.escape(t("Round {n}", n=9)) + ": ")
        pad.tap(players(RUNNING), then=next_round)
        pad.see(t("Tap a round to correct it"))
        self.shot("block-call")
        pad.tap(t("Red"), then=t("Round over: count tricks"))
        self.shot("play")
        pad.tap(t("Round over: count tricks"), then=t("Confirm round"))
        pad.tap_id(f"tricks-{RUNNING[0]}-2", then=self.left(4))
        pad.tap_id(f"tricks-{RUNNING[1]}-1", then=self.left(3))
        self.shot("tricks")
        pad.tap(t("Back to the table"), then=t("Round over: count tricks"))
        pad.tap_id("cancel-round", then=t("Cancel round {n}? What was entered is lost.", n=9))
        # The dialog's "Cancel round" is the last button of that name.
        confirm = pad.page.get_by_role("button", name=t("Cancel round"), exact=True).last
        for _ in range(4):
            confirm.click()
            try:
                expect(pad.page.get_by_text(next_round).first).to_be_visible(timeout=5_000)
                break
            except AssertionError:
                continue
        pad.see(next_round)
        pad.see(t("Tap a round to correct it"))

        pad.tap_id("chart")
        expect(pad.by_id("score-chart")).to_be_visible(timeout=TIMEOUT)
        pad.page.wait_for_url(re.compile(r"/chart$"), timeout=TIMEOUT)
        self.shot("chart")
        pad.tap_id("back", then=t("Tap a round to correct it"))
        pad.tap_id("back", then=t("Games in progress"))

        pad.tap(players(FINISHED), then=t("Rematch"))
        expect(pad.by_id("game-over")).to_be_visible(timeout=TIMEOUT)
        self.shot("game-over")
        pad.tap_id("back", then=t("Games in progress"))

        pad.tap(players(TWENTY_AB), then=re.compile("^" + re.escape(t("Round {n}", n=4)) + ": "))
        self.shot("block-20ab")
        # The undo's offer takes its own place above the call (never over a suit), then Undo
        # puts the round back (the next tour finds the game as it was).
        pad.undo(3, t("Undo last round"))
        offer = pad.by_id("offer")
        pad.reads(offer, t("Round {n} removed", n=3))
        self.shot("undo-offer")
        pad.tap(ptext(self.lang, "snackbar: take back what was just done", "Undo"),
                then=re.compile("^" + re.escape(t("Round {n}", n=4)) + ": "))
        pad.see(t("Round {n} is back", n=3))
        pad.tap_id("back", then=t("Games in progress"))

        pad.tap(players(SIX), then=re.compile("^" + re.escape(t("Round {n}", n=3)) + ": "))
        self.shot("call-wuerttemberg")
        pad.tap_id("back", then=t("Games in progress"))

        pad.tap(t("Statistics"), then=t("Tap a column to sort"))
        expect(pad.by_id("stats-table")).to_be_visible(timeout=TIMEOUT)
        self.shot("statistics")
        pad.tap(t("20 ab"), then=TWENTY_AB[0])
        self.shot("statistics-20ab")
        pad.tap_id("back", then=t("Games in progress"))


def tour(browser: Browser, url: str, size: str, theme: str, lang: str) -> int:
    """One fresh browser context; the number of shots taken."""
    for old in [*TOUR.glob(f"{size}-{theme}-{lang}-*.png"), TOUR / f"_failed-{size}-{theme}-{lang}.png"]:
        old.unlink(missing_ok=True)
    context = browser.new_context(viewport=SIZES[size], device_scale_factor=1)
    walk = Tour(Pad(context.new_page(), url), size, theme, lang)
    try:
        walk.run()
    except Exception:
        walk.pad.page.screenshot(path=TOUR / f"_failed-{walk.prefix}.png")
        raise
    finally:
        context.close()
    return walk.count


def choice(allowed: tuple[str, ...] | list[str]):
    def parse(value: str) -> list[str]:
        chosen = [v.strip() for v in value.split(",") if v.strip()]
        wrong = [v for v in chosen if v not in allowed]
        if wrong or not chosen:
            raise argparse.ArgumentTypeError(f"choose from {','.join(allowed)}")
        return chosen
    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.tour", description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=choice(list(SIZES)), default=list(SIZES))
    parser.add_argument("--themes", type=choice(THEMES), default=list(THEMES))
    parser.add_argument("--langs", type=choice(LANGS), default=list(LANGS))
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"Chromium not found at {CHROMIUM} (make browser)", file=sys.stderr)
        return 2
    TOUR.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    shots, failed = 0, []
    with tempfile.TemporaryDirectory(prefix="block24-tour-") as folder:
        data = Path(folder)
        fill(data)
        server = Server(data)
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
                try:
                    for size in args.sizes:
                        for theme in args.themes:
                            for lang in args.langs:
                                print(f"{size} {theme} {lang}", flush=True)
                                try:
                                    shots += tour(browser, server.url, size, theme, lang)
                                except Exception:
                                    traceback.print_exc()
                                    failed.append(f"{size}-{theme}-{lang}")
                finally:
                    browser.close()
        finally:
            try:
                server.stop()
            except AssertionError as error:
                print(error, file=sys.stderr)
                failed.append("server log")
    minutes, seconds = divmod(round(time.monotonic() - started), 60)
    print(f"{shots} shots in {minutes} min {seconds} s, in {TOUR}")
    if failed:
        print("FAILED: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
