"""No word on the Block is cut or wrapped: each badge under a name fits its tile on one line in every
language, at each size and number of players (20 ab: 3 to 6), or is shown by its sign; a caller
is marked, not cut to three letters; the Block shows a round's change where the preview does."""

from __future__ import annotations

import functools

import flet as ft
import pytest

from app.i18n import LANGUAGES, text
from app.views import block, suits
from scoring import Colour, Round, Suit

BADGES = ("deals", "calls", "no exchange", "sits out")
WINDOWS = (360, 390, 844, 1280)
"""The widths of the four sizes (a phone on its side is 844 px wide)."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_badge_fits_its_tile_on_one_line_or_is_a_sign(language, window, players):
    """A wrapped badge ("kiest / troef", "sagt / an" at 360 px) made the names row taller and
    pushed the newest round of a Württemberg call out of a small phone's view."""
    room = block.tile_room(window, players)
    assert room > 20
    narrow = players >= 5
    for key in BADGES:
        said = text(language, key)
        badge = block._badge(key, said, ft.Colors.BLUE, narrow, room)
        shown = badge.content
        if isinstance(shown, ft.Icon):
            assert badge.tooltip == said  # the words, on a long press
            assert shown.size + 2 * badge.padding.left <= room - 4
            continue
        assert shown.value == said and shown.no_wrap, (said, window, players)
        assert shown.size >= suits.SMALLEST_READ, (said, shown.size, window, players)
        # 0.58 em a letter: Roboto bold as measured in the screenshot tour (suits.fitting_size)
        assert 0.58 * shown.size * len(said) + 2 * badge.padding.left <= room, (said, shown.size, room)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("blind", [False, True])
def test_a_rounds_trump_on_the_block_is_a_readable_word_or_its_sign(language, players, blind):
    """20 ab's chip in the trump column: six players' narrow column drew "Diamonds" and
    "Klaveren" at 8 px (read by nobody across a table): the word at 10 px or more, else the sign."""
    width = block.trump_width(players)
    for suit in Suit:
        round_ = Round("Anna", suit, {"Anna": 3, "Ben": 2, "Carl": 1}, blind=blind)
        chip = suits.round_chip(lambda message, **values: text(language, message, **values), round_, width)
        first = chip.content.controls[0]
        word = text(language, suits.NAMES[suit])
        if isinstance(first, ft.Row):  # the sign and the word
            shown = first.controls[1]
            assert shown.value == word and shown.size >= suits.SMALLEST_READ, (word, shown.size, width)
            assert chip.tooltip is None
        else:
            assert chip.tooltip == word, (word, width)
        for line in chip.content.controls[1:]:  # "blind" under it
            assert line.size >= suits.SMALLEST_READ, (line.value, line.size, width)


def test_a_badge_is_a_word_where_the_word_fits():
    """The sign only where the words do not fit: a phone with three players reads "calls"."""
    for language in LANGUAGES:
        for key in BADGES:
            assert isinstance(block._badge(key, text(language, key), ft.Colors.BLUE, False,
                                           block.tile_room(390, 3)).content, ft.Text)


def test_the_help_sentences_take_their_numbers_from_the_rule_book(app):
    """Variant C, R10, Z9, Z8, Z14: the new-game form's help says the book's own numbers."""
    from app.views import new_game

    form = app.form

    def help_of(key: str) -> str:
        return new_game._words(form, next(o for o in form.chosen.options if o.key == key))[1]

    form.set_game(form.book)
    assert help_of("restrictions") == ("≤ 12 points: no sitting out · ≤ 6: no exchange · "
                                       "blind only with ≥ 25.")
    assert help_of("caller_penalty") == "The caller who makes no trick gains double (12, 24 or 48)."
    form.set_game("20ab", "wuerttemberg")
    assert "he must make 4 tricks" in help_of("knock")
    assert "gains 6 (hearts 12)" in help_of("contract_penalty")
    assert help_of("sit_out").startswith("A player with 6 points or more")


def _holder_of(control, words: str):
    """The row or column nearest around the button that says ``words``."""
    stack = [(control, None)]
    while stack:
        item, holder = stack.pop()
        if isinstance(item, ft.FilledButton) and getattr(item.content, "value", None) == words:
            return holder
        if isinstance(item, ft.Row | ft.Column):
            holder = item
        kids = [*(getattr(item, "controls", None) or []), getattr(item, "content", None)]
        stack += [(kid, holder) for kid in kids if isinstance(kid, ft.Control)]
    raise AssertionError(f"no button {words!r}")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("window", WINDOWS)
def test_confirm_round_never_wraps_beside_back_to_the_table(app, table, language, window):
    """At 360 px "Runde / eintragen" wrapped in its button beside "Zurück zum Tisch": side by side
    only where both fit one line, else stacked (each the whole width)."""
    from app.views import tricks_entry
    from scoring import Colour
    from tests.helpers import drawn, run

    table.start()
    app.prefs.language = language
    app.prefs.resize(window, 800)
    run(app.table.call.call_trump(Colour.RED))
    run(app.table.play.count_tricks())
    confirm, back = text(language, "Confirm round"), text(language, "Back to the table")
    shown = drawn(tricks_entry.TricksEntry, app.table)
    if isinstance(_holder_of(shown, confirm), ft.Row):
        panel = window if window < 700 else window / 2
        needed = 0.58 * 18 * len(confirm) + 80 + 0.55 * 16 * len(back) + 24
        assert needed <= panel - 16, (language, window, needed)


NAMES = ("🃏 Jan 👑", "Gustav", "Hanna", "Ida", "Emil", "Fritz")


def _named(control, name: str):
    """The text that says ``name`` in a drawn tree."""
    stack = [control]
    while stack:
        item = stack.pop()
        if isinstance(item, ft.Text) and item.value == name:
            return item
        stack += [k for k in (*(getattr(item, "controls", None) or []), getattr(item, "content", None))
                  if isinstance(k, ft.Control)]
    raise AssertionError(f"{name!r} is not drawn")


@pytest.mark.parametrize(("window", "players"), [(360, 4), (390, 4), (844, 4), (1280, 6)])
def test_a_name_with_emoji_is_drawn_whole_on_its_tile(app, window, players):
    """"🃏 Jan 👑" was cut to "🃏 Jan …" at 360 and 390 px with four players: a name is made smaller
    (not under 11 px) until the whole of it fits its tile."""
    from scoring import game_from_record
    from tests.helpers import drawn

    names = list(NAMES[:players])
    rules = {"book": "20ab", "preset": "wuerttemberg"} if players > 5 else {}
    game_id = app.store.create_game(game_from_record({"players": names, "rules": rules, "rounds": []}))
    app.table.open.load(game_id)
    app.prefs.resize(window, 800)
    room = block.tile_room(window, players)
    header = drawn(block.ScoreHeader, app.table)
    for name in names:
        size = _named(header, name).size
        assert size >= block.NAME_SMALLEST
        assert 0.58 * size * block.letters(name) <= room - 4, (name, size, room)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_desktop_window_narrower_than_the_statistics_says_they_scroll_sideways(app, language):
    """At 1280 px the statistics of 24 were cut at the window's edge ("Gelb blin") and the hint said
    only "tap a column to sort": it says to swipe sideways wherever the table is wider than the window."""
    from app.views import stats_screen
    from tests.e2e.tour import finished_game
    from tests.helpers import drawn, texts

    app.store.create_game(finished_game())
    app.prefs.language = language
    board = app.stats
    board.refresh()
    swipe = text(language, "swipe sideways for more columns")
    app.prefs.resize(1280, 800)
    assert any(swipe in said for said in texts(drawn(stats_screen.StatsScreen, board, app)))
    app.prefs.resize(4000, 1200)  # room for every column: no such hint
    assert not any(swipe in said for said in texts(drawn(stats_screen.StatsScreen, board, app)))


def _played(book: str, preset: str | None, rounds: list[Round]):
    from scoring import Game, Settings, rule_book

    return Game(("Anna", "Ben", "Carl", "Dora"), Settings(rule_book(book, preset), sit_out=True), rounds)


@pytest.mark.parametrize(("game", "dora"), [
    # 24, variant B: Dora sits out free (a 0 that is not shown for her, but is for a player)
    pytest.param(lambda: _played("24", None, [
        Round("Anna", Colour.BLUE, {"Anna": 1, "Ben": 0, "Carl": 5}, sat_out={"Dora"})]), None, id="free"),
    # Lehrblatt: Dora sits out for +1 (Z15), Carl makes no trick and plays on: both shown
    pytest.param(lambda: _played("20ab", "lehrblatt", [
        Round("Anna", Suit.SPADES, {"Anna": 2, "Ben": 3, "Carl": 0}, sat_out={"Dora"})]),
        "+1", id="costly"),
])
def test_the_block_shows_a_change_where_the_round_preview_does(game, dora):
    """Which changes are shown is worded in one place (:func:`app.state.words.shows_change`): the
    Block's cells and the row a screen reader reads show a change exactly where the preview before
    a round is saved does (a free sitter's 0 hidden, a player's 0 shown)."""
    from app.i18n import format_score
    from app.state.words import changes

    played = game()
    round_, result = played.rounds[-1], played.results[-1]
    shown = dict(changes(played.players, result, round_.sat_out))
    t = functools.partial(text, "en")
    label = block.row_label(t, played, round_, result.scores, result.deltas, 1)
    said = dict(part.split(" ", 1) for part in label.split("; ", 1)[1].split(", "))
    for name, score, delta in zip(played.players, result.scores, result.deltas, strict=True):
        change = f"{format_score(delta, signed=True)}"
        assert (f"({change})" in said[name]) == (name in shown), (name, label, shown)
        cell = block._cell(t, score, delta, False, out=name in round_.sat_out)
        assert cell.controls[1].value.endswith(change) == (name in shown), (name, cell.controls[1].value)
    assert shown.get("Dora") == (None if dora is None else int(dora))
    assert said["Dora"].endswith("sits out" + ("" if dora is None else f" ({dora})")), label
