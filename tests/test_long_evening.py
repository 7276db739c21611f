"""What a table still tripped over in a long evening, on a real store (no browser needed).

The evening's tally: the games these players played with no pause of 3 hours between one's end
and the next one's start. Every game of that evening gives the same tally, whichever was started
or finished first; a tally that sums wins of 24 and of 20 ab says so.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import flet as ft
import pytest
from test_stats import twenty_ab_game
from test_store_clock import GAME, FakeClock, tally

from app.store import Store, clock
from scoring import LONG_PAUSE, Game
from tests.store_writer import FINISH_AT, PLAYERS, game_with

MINUTE = dt.timedelta(minutes=1)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    faked = FakeClock()
    monkeypatch.setattr(clock, "wall", faked.wall)
    monkeypatch.setattr(clock, "tick", faked.tick)
    return faked


def test_a_game_started_earlier_and_finished_later_gives_every_game_the_same_tally(store, fake) -> None:
    first = store.create_game(game_with(0))
    fake.passes(GAME)
    store.save_game(first, game_with(FINISH_AT))
    # a game is started, then left for another one played out meanwhile
    long_one = store.create_game(game_with(0))
    fake.passes(10 * MINUTE)
    quick = store.create_game(game_with(0))
    fake.passes(GAME)
    store.save_game(quick, game_with(FINISH_AT))
    fake.passes(GAME)
    store.save_game(long_one, game_with(FINISH_AT))  # finished last, started before the quick one
    fake.passes(LONG_PAUSE - MINUTE)  # a long dinner after the latest end: still the same evening
    last = store.create_game(game_with(0))
    fake.passes(GAME)
    store.save_game(last, game_with(FINISH_AT))
    lines = {game: tally(store, game) for game in (first, long_one, quick, last)}
    assert set(lines.values()) == {"Wins in 4 games tonight: Anna 4 · Ben 0 · Carl 0"}, lines


def test_a_long_pause_after_the_latest_end_starts_the_next_evening(store, fake) -> None:
    first = store.create_game(game_with(0))
    fake.passes(GAME)
    store.save_game(first, game_with(FINISH_AT))
    second = store.create_game(game_with(0))
    fake.passes(GAME)
    store.save_game(second, game_with(FINISH_AT))
    fake.passes(LONG_PAUSE)
    third = store.create_game(game_with(0))
    fake.passes(GAME)
    store.save_game(third, game_with(FINISH_AT))
    assert tally(store, first) == tally(store, second) == "Wins in 2 games tonight: Anna 2 · Ben 0 · Carl 0"
    assert tally(store, third) is None  # alone on its evening


def test_another_tables_games_in_the_pause_do_not_join_two_evenings(store, fake) -> None:
    """Anna, Ben and Carl play, go home; Dora and Eve play on the same phone through the night;
    Anna, Ben and Carl come back 4 h after their game: their next evening (it was one)."""
    from scoring import game_from_record

    def others() -> Game:  # over in one round (R13: from 2 points, both at 0 or below)
        played = {"caller": "Dora", "trump": "red", "tricks": {"Dora": 2, "Eve": 4}}
        game = game_from_record({"players": ["Dora", "Eve"], "rules": {"book": "24", "start_score": 2},
                                 "rounds": [played]})
        assert game.finished
        return game

    first = store.create_game(game_with(0))
    fake.passes(GAME)
    store.save_game(first, game_with(FINISH_AT))
    for _ in range(3):  # another table, with no pause of 3 hours between its games
        fake.passes(LONG_PAUSE / 3)
        store.create_game(others())
    fake.passes(LONG_PAUSE / 3)
    second = store.create_game(game_with(0))
    fake.passes(GAME)
    store.save_game(second, game_with(FINISH_AT))
    assert tally(store, first) is None and tally(store, second) is None


def test_a_tally_of_24_and_20_ab_together_says_so(store, fake) -> None:
    played = []
    for game in (game_with(FINISH_AT), twenty_ab_game()):
        game_id = store.create_game(game_with(0) if game.book.key == "24" else game)
        fake.passes(GAME)
        if game.book.key == "24":
            store.save_game(game_id, game)
        played.append(game_id)
    assert tally(store, played[0]) == tally(store, played[1]) == \
        "Wins in 2 games of 24 and 20 ab tonight: Anna 2 · Ben 0 · Carl 0"


def test_the_tally_says_so_in_every_language(store, fake) -> None:
    from app.state import AppState

    for game in (game_with(FINISH_AT), twenty_ab_game()):
        store.create_game(game)
        fake.passes(GAME)
    app = AppState.open(store)
    app.table.open.load(store.list_games()[0].id)
    said = {}
    for language in ("en", "de", "nl"):
        app.prefs.language = language
        said[language] = app.table.block.evening_line()
    assert "24" in said["de"] and "20 ab" in said["de"] and said["de"].startswith("Siege in 2 Spielen")
    assert "24" in said["nl"] and "20 ab" in said["nl"] and said["nl"] != said["en"]
    assert PLAYERS[0] in said["nl"]


def test_statistics_list_no_player_without_a_finished_game_in_that_rule_book(store) -> None:
    """"Eve 0 0 –" under 20 ab: she sat only at a game not finished. She is not listed, but can
    still be renamed or merged (the picker knows her)."""
    from app.state import Prefs, StatsBoard
    from scoring import game_from_record

    store.create_game(twenty_ab_game())  # Anna, Ben, Carl: finished
    store.create_game(game_from_record({"players": ["Anna", "Eve", "Carl"],
                                        "rules": {"book": "20ab", "preset": "lehrblatt"}, "rounds": []}))
    store.create_game(game_with(FINISH_AT))  # 24, finished: Anna, Ben, Carl
    board = StatsBoard(store, Prefs())
    board.refresh()
    board.choose_book("20ab")
    assert [r.name for r in board.rows if r.name == "Eve"] == []
    assert all(r.finished for r in board.rows) and {r.name for r in board.rows} == set(PLAYERS)
    assert "Eve" in board.names  # the rename picker still offers her
    board.choose_rename("Eve")
    assert board.rename_from == "Eve"


def test_statistics_of_only_unfinished_games_say_so_and_keep_the_rename(app) -> None:
    from app.views import stats_screen
    from scoring import game_from_record
    from tests.helpers import drawn, texts

    app.store.create_game(game_from_record({"players": ["Anna", "Eve"], "rules": {"book": "24"},
                                            "rounds": []}))
    app.stats.refresh()
    assert app.stats.rows == [] and app.stats.names == ["Anna", "Eve"]
    shown = texts(drawn(stats_screen.StatsScreen, app.stats, app))
    assert "No games stored yet." not in shown  # (they are: none finished, and it says so)
    assert "No finished game yet: the chart shows the wins once a game ends." in shown


def test_wuerttemberg_says_the_running_misdeal_count_apart_from_this_deals(app, table) -> None:
    """"Carl: 1 misdeal" in red at a round's start was the running count, not a misdeal of this
    deal; "3 misdeals +12" in a Block cell read poorly. Said apart, in all three languages, red
    only when it costs."""
    from test_app_twenty_ab import CLUBS, DIAMONDS, SPADES, play, start

    from app.views import block, call_panel

    run = table.run
    start(app, run, "wuerttemberg", names=("Anna", "Ben", "Carl"))
    t = app.table
    assert t.deal.misdeal_note() is None
    run(t.deal.set_misdeals(2))
    assert t.deal.misdeal_note() == "Anna: 2 misdeals in this deal" and not t.deal.misdeal_costs()
    play(app, run, SPADES, {"Anna": 1, "Ben": 3, "Carl": 2}, caller="Ben", knock=True, misdeals=2)
    play(app, run, DIAMONDS, {"Anna": 0, "Ben": 3, "Carl": 3}, caller="Carl", bid=2)
    play(app, run, SPADES, {"Anna": 3, "Ben": 1, "Carl": 2}, caller="Anna", bid=3)
    # Anna deals again: her two misdeals were earlier deals', none is entered for this one
    said = {}
    for language in ("en", "de", "nl"):
        app.prefs.language = language
        said[language] = t.deal.misdeal_note()
    assert said == {"en": "Anna: 2 misdeals so far", "de": "Anna: bisher 2 Fehlgaben",
                    "nl": "Anna: tot nu toe 2 misgiften"}
    assert not t.deal.misdeal_costs()
    note = next(c for c in _walk(_drawn_panel(call_panel, t)) if getattr(c, "value", None) == said["nl"])
    assert note.color != "error"  # a running count is not an error
    app.prefs.language = "en"
    run(t.deal.set_misdeals(1))
    assert t.deal.misdeal_note() == "Anna: 1 misdeal in this deal · 3 in all · +12 now"
    assert t.deal.misdeal_costs()
    play(app, run, CLUBS, {"Anna": 4, "Ben": 2, "Carl": 0}, caller="Anna", knock=True, misdeals=1)
    game = t.game
    cells = {language: block._notes(language, game, game.rounds[3], 4)["Anna"]
             for language in ("en", "de", "nl")}
    assert cells == {"en": ["1 misdeal", "3rd strike +12"], "de": ["1 Fehlgabe", "3. Strich +12"],
                     "nl": ["1 misgift", "3e streep +12"]}
    # on the Block the count is drawn as a count, the strike that costs as the cost it is
    from tests.helpers import drawn

    lines = {c.value: c for c in _walk(drawn(block.BlockRows, game, 4, "en", None))
             if isinstance(getattr(c, "value", None), str)}
    assert lines["1 misdeal"].color != "error" and lines["3rd strike +12"].color == "error"


def test_the_strike_that_costs_is_named_by_its_english_ordinal() -> None:
    """Z17: "misdeal 3: +12" read as three misdeals; the ordinal says which strike costs."""
    from app.i18n import strike_phrase, text

    said = {n: text("en", strike_phrase(n), n=n, points=12) for n in (1, 2, 3, 6, 11, 12, 13, 21, 22, 23)}
    assert said == {1: "1st strike +12", 2: "2nd strike +12", 3: "3rd strike +12", 6: "6th strike +12",
                    11: "11th strike +12", 12: "12th strike +12", 13: "13th strike +12",
                    21: "21st strike +12", 22: "22nd strike +12", 23: "23rd strike +12"}
    assert [text(language, strike_phrase(n), n=n, points=12) for language, n in (("de", 3), ("nl", 6))] \
        == ["3. Strich +12", "6e streep +12"]


def _drawn_panel(call_panel, t):
    from tests.helpers import drawn

    return drawn(call_panel.CallPanel, t)


def _walk(control):
    """Every control of a drawn tree, depth first."""
    stack = [control]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
            continue
        if item is None or isinstance(item, str | int | float | bool):
            continue
        yield item
        for attr in ("content", "controls"):
            stack.append(getattr(item, attr, None))


# -- two phones: the same caller and dealer after another phone's change ------------------------

@pytest.fixture
def two_phones(tmp_path: Path):
    """The serving phone and a guest on one real store, each told of the other's saves."""
    from app.lan import JoinGate
    from app.state import AppState

    opened = Store.open(tmp_path / "data")
    gate = JoinGate("10.0.0.2", code="424242")
    host = AppState.open(opened, gate=gate, client="10.0.0.2", join_url="http://10.0.0.2:8550/")
    guest = AppState.open(opened, gate=gate, client="10.0.0.7")
    for state, other in ((host, guest), (guest, host)):
        state.prefs.language = "en"
        state.table.announce = other.game_changed
    yield host, guest
    opened.close()


def _said(state) -> str:
    return state.table.notice.text if state.table.notice else ""


def test_after_an_undo_on_another_phone_both_show_the_rotations_caller(two_phones) -> None:
    from scoring import Colour
    from tests.helpers import TablePlayer, run

    host, guest = two_phones
    TablePlayer(host).start(("Anna", "Ben", "Carl"))
    guest.enter_code(host.join.code)
    TablePlayer(host).play(Colour.RED, {"Anna": 2, "Ben": 2})
    assert guest.table.draft.caller == "Carl"  # round 2: Ben deals, Carl calls
    run(guest.table.call.call_trump(Colour.GREEN))  # the guest is entering round 2 …
    run(host.table.undo.undo_round())  # … when the host takes round 1 back
    h, g = host.table, guest.table
    assert g.round.next_number == h.round.next_number == 1
    assert g.draft.caller == h.draft.caller == "Ben"  # round 1's caller on both, not Carl
    assert g.game.next_dealer == h.game.next_dealer == "Anna"
    assert g.draft.trump is Colour.GREEN  # the guest's taps are kept
    assert "now round 1" in _said(guest)


def test_the_hosts_redo_after_its_undo_gives_the_guest_its_round_back_as_it_was(two_phones) -> None:
    """The host undid by mistake and put the round back ("Undo" → "Round n is back") while the
    guest was entering the next one: the guest's round is the next one again, with the
    rotation's caller, its taps kept (it was dropped as "recorded on another device")."""
    from scoring import Colour
    from tests.helpers import TablePlayer, run

    host, guest = two_phones
    TablePlayer(host).start(("Anna", "Ben", "Carl"))
    guest.enter_code(host.join.code)
    TablePlayer(host).play(Colour.RED, {"Anna": 2, "Ben": 2})
    TablePlayer(host).play(Colour.RED, {"Anna": 2, "Ben": 2})
    g, h = guest.table, host.table
    run(g.call.call_trump(Colour.GREEN))  # the guest calls round 3 (Anna) …
    run(h.undo.undo_round())  # … the host takes round 2 back, and round 1 …
    run(h.undo.undo_round())
    assert g.round.next_number == 1 and g.draft.caller == h.draft.caller == "Ben"
    run(h.undo.redo_round())  # … and puts round 1 back
    assert g.round.next_number == h.round.next_number == 2
    assert g.draft.caller == h.draft.caller == "Carl" and g.draft.trump is Colour.GREEN
    assert "now round 2" in _said(guest)


def test_a_caller_chosen_on_this_phone_stays_after_an_undo_and_it_says_so(two_phones) -> None:
    from scoring import Colour
    from tests.helpers import TablePlayer, run

    host, guest = two_phones
    TablePlayer(host).start(("Anna", "Ben", "Carl"))
    guest.enter_code(host.join.code)
    TablePlayer(host).play(Colour.RED, {"Anna": 2, "Ben": 2})
    run(guest.table.call.set_caller("Anna"))  # the table chose Anna on the guest
    run(guest.table.call.call_trump(Colour.GREEN))
    run(host.table.undo.undo_round())
    assert guest.table.draft.caller == "Anna"
    assert "Anna calls, as chosen on this phone" in _said(guest)


def _wuerttemberg_round_two(two_phones):
    """A Württemberg game of Anna, Ben and Carl on the host, the guest joined, round 1 played:
    both tables."""
    from tests.helpers import run
    from tests.test_app_twenty_ab import SPADES, play, start

    host, guest = two_phones
    start(host, run, "wuerttemberg", names=("Anna", "Ben", "Carl"))
    guest.enter_code(host.join.code)
    play(host, run, SPADES, {"Anna": 1, "Ben": 3, "Carl": 2}, caller="Ben", bid=2)
    return guest.table, host.table


def test_wuerttemberg_after_an_undo_the_rotations_dealer_and_caller(two_phones) -> None:
    from tests.helpers import run
    from tests.test_app_twenty_ab import DIAMONDS

    g, h = _wuerttemberg_round_two(two_phones)
    assert g.draft.dealer == "Ben" and g.draft.caller == "Carl"  # round 2
    run(g.deal.set_bid(2))
    run(g.call.call_trump(DIAMONDS))
    run(h.undo.undo_round())
    assert (g.draft.dealer, g.draft.caller) == (h.draft.dealer, h.draft.caller) == ("Anna", "Ben")
    assert g.draft.trump is DIAMONDS and g.draft.bid == 2


def test_wuerttemberg_a_dealer_chosen_on_this_phone_stays_after_an_undo_and_it_says_so(two_phones) -> None:
    from tests.helpers import run
    from tests.test_app_twenty_ab import DIAMONDS

    g, h = _wuerttemberg_round_two(two_phones)
    run(g.deal.set_dealer("Carl"))  # the table chose Carl to deal round 2 on the guest
    run(g.deal.set_bid(2))
    run(g.call.call_trump(DIAMONDS))
    run(h.undo.undo_round())
    assert (h.draft.dealer, h.draft.caller) == ("Anna", "Ben")  # the rotation's on the host
    assert (g.draft.dealer, g.draft.caller) == ("Carl", "Ben")  # the caller the rotation's
    assert "Carl deals, as chosen on this phone" in _said(two_phones[1])


def test_a_phone_let_back_in_keeps_its_half_entered_round(two_phones) -> None:
    from scoring import Colour
    from tests.helpers import TablePlayer, run

    host, guest = two_phones
    TablePlayer(host).start(("Anna", "Ben", "Carl"))
    guest.enter_code(host.join.code)
    run(guest.table.call.call_trump(Colour.GREEN))  # the guest is calling round 1 …
    run(host.table.call.call_trump(Colour.RED))  # … and so is the host, on its own phone
    game_id = host.table.game_id
    host.join.revoke("10.0.0.7")  # sent away by mistake
    guest.gate_changed()
    assert guest.join.locked and guest.table.game is None  # no game data while locked out
    guest.enter_code(host.join.code)  # let back in
    assert guest.table.game_id == game_id and guest.route == f"/game/{game_id}"
    assert guest.table.draft.trump is Colour.GREEN  # its own round, not lost, not the host's
    assert host.table.draft.trump is Colour.RED


def test_a_phone_let_back_in_keeps_its_half_entered_round_though_its_page_was_reloaded(two_phones) -> None:
    """Sent away, the phone's page was reloaded (a new session of the same phone) before the
    host let it in again: the round it was entering comes back, not the host's."""
    from app.state import AppState
    from scoring import Colour
    from tests.helpers import TablePlayer, run

    host, guest = two_phones
    TablePlayer(host).start(("Anna", "Ben", "Carl"))
    guest.enter_code(host.join.code)
    TablePlayer(host).play(Colour.RED, {"Anna": 2, "Ben": 2})
    run(guest.table.call.set_caller("Anna"))  # the guest is entering round 2 …
    run(guest.table.call.call_trump(Colour.GREEN))
    run(host.table.call.call_trump(Colour.RED))  # … and the host too, on its own phone
    host.join.revoke("10.0.0.7")  # sent away by mistake
    guest.gate_changed()
    reloaded = AppState.open(host.store, gate=host.join.gate, client="10.0.0.7")
    reloaded.prefs.language = "en"
    assert reloaded.join.locked and reloaded.table.game is None
    reloaded.enter_code(host.join.code)  # let back in, on the reloaded page
    assert reloaded.table.game_id == host.table.game_id
    assert (reloaded.table.draft.caller, reloaded.table.draft.trump) == ("Anna", Colour.GREEN)
    assert host.table.draft.trump is Colour.RED
    assert host.join.gate.take_aside("10.0.0.7") is None  # taken back once


# -- the small cuts ------------------------------------------------------------------------------

def test_the_backups_time_on_home_is_written_the_tables_way() -> None:
    """"2026-11-27 03:44" in German was the ISO way: each language writes its own date."""
    from app.i18n import warning
    from app.store import StoreWarning

    said = StoreWarning("The data file could not be read (…); the backup from 2026-11-27 03:44 is used",
                        "live_damaged", then="2026-11-27 03:44")
    shown = {language: warning(language, said) for language in ("en", "de", "nl")}
    assert "27.11.2026 03:44" in shown["de"] and "2026-11-27" not in shown["de"]
    assert "27-11-2026 03:44" in shown["nl"]
    assert "27 Nov 2026, 03:44" in shown["en"]


def test_the_lan_warning_never_breaks_wi_fi_in_two() -> None:
    """The host's warning broke "Wi-" / "Fi." at a narrow phone's edge: one word, a no-break hyphen."""
    from app.lan import JoinGate
    from app.state.join import Join
    from app.state.prefs import Prefs

    join = Join(Prefs(), JoinGate("127.0.0.2", code="424242"), client="127.0.0.2", url="http://127.0.0.2:8550/")
    said = join.unreachable()
    assert said is not None and "Wi\u2011Fi" in said and "Wi-Fi" not in said


def test_the_game_over_line_never_leaves_the_score_alone_on_a_line(app, table) -> None:
    """Landscape game over wrote "share the win at" / "7": the score is bound to the word before."""
    from app.views import game_over
    from scoring import Colour
    from tests.helpers import drawn, texts

    table.start(("Anna", "Ben", "Carl"))
    table.play(Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True)  # Ben +48 …
    t = app.table
    while not t.game.finished:
        table.play(Colour.RED, {"Anna": 2, "Ben": 0, "Carl": 4})
    for language, bound in (("en", "share the win at\u00a0"), ("de", "teilen sich den Sieg mit\u00a0")):
        app.prefs.language = language
        shown = texts(drawn(game_over.GameOver, t, app))
        assert any(bound in line for line in shown), shown


def test_the_no_exchange_sign_is_explained_where_its_words_do_not_fit(app) -> None:
    """At 390 px the badge is a crossed-arrows sign (its words do not fit a tile): a line under
    the names says who may not exchange and from what score (the engine's bar), in words."""
    from app.views import block
    from scoring import game_from_record
    from tests.helpers import drawn, texts

    def round_(caller: str, trump: str, anna: int) -> dict:
        tricks = {"Anna": anna, "Ben": 5 - anna, "Carl": 0, "Dora": 0}
        return {"caller": caller, "trump": trump, "tricks": tricks}

    game = game_from_record({"players": ["Anna", "Ben", "Carl", "Dora"],
                             "rules": {"book": "20ab", "preset": "lehrblatt"},
                             "rounds": [round_("Ben", "hearts", 5), round_("Carl", "diamonds", 5),
                                        round_("Dora", "diamonds", 2)]})
    assert game.no_exchange == ("Anna",) and game.no_exchange_at_or_below == 3
    app.table.open.load(app.store.create_game(game))
    app.prefs.width, app.prefs.height = 390, 844
    t = app.table
    shown = {}
    for language in ("en", "de", "nl"):
        app.prefs.language = language
        shown[language] = texts(drawn(block.ScoreHeader, t))
    assert "no exchange" not in shown["en"]  # the sign, not the words, on Anna's tile …
    assert "Anna: no exchange (3 points or fewer)" in shown["en"]  # … and what it means
    assert "Anna: kein Tausch (3 Punkte oder weniger)" in shown["de"]
    assert "Anna: niet ruilen (3 punten of minder)" in shown["nl"]


def _drawn_sign(suit, n: int = 120) -> list[list[bool]]:
    """The suit's sign (its circles and polygons) filled on an n × n grid, as the canvas paints it."""
    from app.views import suits

    def inside(polygon, x: float, y: float) -> bool:
        hit = False
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        return hit

    grid = []
    for row in range(n):
        y = (row + 0.5) / n
        grid.append([any((x - cx) ** 2 + (y - cy) ** 2 <= r * r for cx, cy, r in suits._CIRCLES[suit])
                     or any(inside(list(p), x, y) for p in suits._POLYGONS[suit])
                     for x in ((col + 0.5) / n for col in range(n))])
    return grid


def test_every_suit_sign_is_one_shape_without_a_gap_where_its_parts_meet() -> None:
    """The clubs sign had a small gap where its three leaves meet (a hole in the middle)."""
    from scoring import Suit

    for suit in Suit:
        grid = _drawn_sign(suit)
        n = len(grid)
        # the empty part reached from the border: any other empty pixel is a hole inside the sign
        seen, todo = set(), [(r, c) for r in range(n) for c in (0, n - 1)] + \
            [(r, c) for c in range(n) for r in (0, n - 1)]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen or not (0 <= r < n and 0 <= c < n) or grid[r][c]:
                continue
            seen.add((r, c))
            todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        holes = [(r, c) for r in range(n) for c in range(n) if not grid[r][c] and (r, c) not in seen]
        # (a pixel or two where a curve crosses a straight edge is the grid's, not a gap: a gap
        # seen on a phone is a screen pixel of a 24 px sign, 25 of these)
        assert len(holes) < 5, f"{suit.name}: {len(holes)} px of gap inside the sign, e.g. {holes[:3]}"
        # and the leaves touch one another over more than a hair (no notch between them at the join)
        if suit is Suit.CLUBS:
            middle = grid[int(0.55 * n)]
            assert all(middle[int(0.3 * n):int(0.7 * n)]), "the leaves do not meet in the middle"


def test_a_long_name_in_a_player_picker_is_cut_with_an_ellipsis(app, table) -> None:
    """At 360 px the caller picker cut "Anna-Katharina" at its edge ("Anna-Katha", no "…"): the
    closed picker shows "Anna-Kat…", the menu the whole name, the choice is the whole name."""
    from app.views import call_panel

    table.start(("Anna-Katharina", "Ben", "Carl"))
    panel = _drawn_panel(call_panel, app.table)
    pickers = [c for c in _walk(panel) if isinstance(c, ft.Dropdown)]
    assert pickers
    for picker in pickers:
        shown = {o.key: o.text for o in picker.options}
        assert shown["Anna-Katharina"].endswith("…") and len(shown["Anna-Katharina"]) <= 10
        assert shown["Ben"] == "Ben"
        assert {o.content.value for o in picker.options} == {"Anna-Katharina", "Ben", "Carl"}
    run = table.run
    run(app.table.call.set_caller("Anna-Katharina"))
    assert app.table.draft.caller == "Anna-Katharina"


def test_the_chosen_bid_is_filled_not_checked_so_its_number_fits(app, table) -> None:
    """Z7: a chosen bid chip 48 px wide read "✓ 3" squeezed against its edge (the check mark took
    the room of the number): it is filled in the theme's strong colour instead, the number whole."""
    from test_app_twenty_ab import start

    from app.views import call_panel

    start(app, table.run, "wuerttemberg", names=("Anna", "Ben", "Carl"))
    table.run(app.table.deal.set_bid(3))
    chips = {c.label.value: c for c in _walk(_drawn_panel(call_panel, app.table)) if isinstance(c, ft.Chip)}
    assert [n for n, chip in chips.items() if chip.selected] == ["3"]
    for chip in chips.values():
        assert chip.show_checkmark is False and chip.width == 48
    assert chips["3"].selected_color == ft.Colors.PRIMARY and chips["3"].label.color == ft.Colors.ON_PRIMARY
    assert chips["2"].label.color is None


# -- redo: every round taken back, one per tap, on every phone -------------------------------------

EVENING = [({"Anna": 2, "Ben": 2}, "red"), ({"Anna": 1, "Ben": 4}, "green"),
           ({"Anna": 3, "Ben": 0}, "blue"), ({"Anna": 0, "Ben": 5}, "yellow")]
"""Four rounds of Anna, Ben and Carl, each its own tricks (Carl takes the rest)."""


def _play_evening(state, rounds=EVENING):
    from scoring import Colour
    from tests.helpers import TablePlayer

    for tricks, trump in rounds:
        TablePlayer(state).play(Colour(trump), tricks)
    return state.table.game.rounds


def test_redo_walks_forward_through_every_round_taken_back_on_every_phone(two_phones) -> None:
    """Three rounds taken back by mistake: each tap of redo puts the next one back, in the order
    they were played, whichever phone taps (a redo brought back only the last round undone)."""
    from tests.helpers import TablePlayer, run

    host, guest = two_phones
    TablePlayer(host).start(("Anna", "Ben", "Carl"))
    guest.enter_code(host.join.code)
    played = _play_evening(host)
    for _ in range(3):
        run(host.table.undo.undo_round())
    assert host.table.game.rounds == guest.table.game.rounds == played[:1]
    for n, phone in ((2, host), (3, guest), (4, host)):
        run(phone.table.undo.redo_round())
        assert _said(phone) == f"Round {n} is back"
        assert host.table.game.rounds == guest.table.game.rounds == played[:n]
    run(guest.table.undo.redo_round())  # nothing left to put back: nothing changes
    stored = host.store.load_game(host.table.game_id)
    assert stored.game.rounds == played and stored.version == host.table.version


def test_the_rounds_taken_back_outlive_a_restart_as_the_undo_does(tmp_path: Path) -> None:
    """The undo is saved with the game; the rounds it took back are too, in the same write: the
    app closed and opened again, redo puts them back in order."""
    from app.state import AppState
    from tests.helpers import TablePlayer, run

    store = Store.open(tmp_path / "data")
    state = AppState.open(store)
    state.prefs.language = "en"
    TablePlayer(state).start(("Anna", "Ben", "Carl"))
    game_id = state.table.game_id
    played = _play_evening(state)
    run(state.table.undo.undo_round())
    run(state.table.undo.undo_round())
    store.close()
    store = Store.open(tmp_path / "data")
    try:
        again = AppState.open(store)
        again.prefs.language = "en"
        run(again.go(f"/game/{game_id}"))
        assert again.table.game.rounds == played[:2]
        run(again.table.undo.redo_round())
        run(again.table.undo.redo_round())
        assert again.table.game.rounds == store.load_game(game_id).game.rounds == played
    finally:
        store.close()


def test_a_new_round_ends_what_undo_took_back(two_phones) -> None:
    """Two rounds taken back, then another round played: redo has nothing to put back (the table
    played on), on either phone, and the record keeps nothing of them."""
    from scoring import Colour, game_to_record
    from tests.helpers import TablePlayer, run

    host, guest = two_phones
    TablePlayer(host).start(("Anna", "Ben", "Carl"))
    guest.enter_code(host.join.code)
    played = _play_evening(host)
    run(host.table.undo.undo_round())
    run(host.table.undo.undo_round())
    assert guest.table.undo.can_redo()
    TablePlayer(guest).play(Colour.RED, {"Anna": 6, "Ben": 0})
    new = guest.table.game.rounds
    assert new[:2] == played[:2] and len(new) == 3
    for phone in (host, guest):
        assert not phone.table.undo.can_redo() and phone.table.undo.redo_number() is None
        run(phone.table.undo.redo_round())
        assert phone.table.game.rounds == new
    assert "taken_back" not in game_to_record(host.store.load_game(host.table.game_id).game)


def test_the_engine_puts_back_what_undo_took_in_order_and_checks_each_as_it_comes_back() -> None:
    """scoring decides what can be redone: the rounds taken back are the game's (its record
    carries them), a correction meanwhile keeps them, one that no longer fits is refused by name."""
    from dataclasses import replace

    from scoring import RoundError, ScoringError, game_from_record, game_to_record

    rounds = [{"caller": c, "trump": "red", "tricks": {"Anna": a, "Ben": b, "Carl": 6 - a - b}}
              for c, a, b in (("Ben", 2, 2), ("Carl", 1, 4), ("Anna", 3, 0), ("Ben", 0, 5))]
    game = game_from_record({"players": ["Anna", "Ben", "Carl"], "rules": {"book": "24"}, "rounds": rounds})
    taken = game.undo().undo().undo()
    assert taken.rounds == game.rounds[:1] and taken.taken_back == game.rounds[1:]
    assert game_from_record(game_to_record(taken), new=False) == taken  # the store keeps them, in order
    assert game_from_record(game_to_record(taken)) == replace(taken, taken_back=())  # a replay ignores them
    assert taken.redo().redo().redo() == game and not game.can_redo()
    with pytest.raises(RoundError):
        game.redo()
    assert taken.record(game.rounds[1]).taken_back == ()  # a new round ends them
    # a correction keeps them; each is checked as it comes back
    corrected = taken.replace(1, replace(game.rounds[0], tricks={"Anna": 3, "Ben": 1, "Carl": 2}))
    assert corrected.taken_back == taken.taken_back and corrected.can_redo()
    short = game_from_record({**game_to_record(taken), "rules": {"book": "24"},
                              "taken_back": [{**rounds[1], "caller": "Dora"}]}, new=False)
    assert not short.can_redo()
    with pytest.raises(ScoringError) as refused:
        short.redo()
    assert refused.value.round_number == 2
