"""20 ab at the table (docs/RULES.md, Z1–Z21): the app state's commands on a real store, in process.

Each test plays through the state as the taps do (form → rounds → Block → game over)
and checks what the table sees: the scores of the rule book's worked examples, the previews,
the refusals worded in German, and that a refused tap saves nothing.
"""

from __future__ import annotations

import pytest

from app.draft import Phase, RoundDraft
from app.i18n import round_notes
from app.state import AppState, Screen
from app.views import block, call_panel, new_game, round_editor, score_chart, table_display, tricks_entry
from scoring import LEHRBLATT, WUERTTEMBERG, Game, Round, Settings, Suit
from tests.helpers import drawn as _drawn
from tests.helpers import refused, said
from tests.helpers import texts as _texts

CLUBS, SPADES, HEARTS, DIAMONDS = Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS
FOUR = ("Anna", "Ben", "Carl", "Dora")


def start(app: AppState, run, preset: str, names=FOUR, first_dealer: int = 0,
          limit: str = "", **options) -> AppState:
    """A new 20 ab game from the form: preset, seats, first dealer, options."""
    run(app.go("/new"))
    form = app.form
    form.set_game("20ab", preset)
    while len(form.names) < len(names):
        form.add_player()
    while len(form.names) > len(names):
        form.remove_player(len(form.names) - 1)
    for seat, name in enumerate(names):
        form.set_name(seat, name)
    for key, value in options.items():
        form.set_option(key, value)
        assert form.options[key] == value, key
    form.set_limit_text(limit)
    form.set_first_dealer(first_dealer)
    run(app.start_game())
    assert app.screen is Screen.GAME, said(form)
    return app


def play(app: AppState, run, trump: Suit | None, tricks: dict[str, int], *, caller: str | None = None,
         blind: bool = False, sit_out=(), bid: int | None = None, knock: bool = False,
         misdeals: int = 0, first_out: str | None = None) -> list[str]:
    """One round in the game's order; returns the preview the table saw before confirming."""
    t = app.table
    if misdeals:
        run(t.deal.set_misdeals(misdeals))
    if caller is not None and not blind:
        run(t.call.set_caller(caller))
    if knock:
        run(t.deal.call_knock(trump))
    else:
        if bid is not None:
            run(t.deal.set_bid(bid))
        run(t.call.call_trump(trump, blind))
        assert t.draft.called, said(t)
        for name in sit_out:
            assert t.play.sit_out_reason(name) is None, t.play.sit_out_reason(name)
            run(t.play.toggle_sit_out(name))
    assert t.draft.phase is Phase.PLAY
    run(t.play.count_tricks())
    for name, made in tricks.items():
        run(t.count.set_tricks(name, made))
    if first_out is not None:
        run(t.count.set_first_out(first_out))
    assert t.count.round_problem() is None, t.count.round_problem()
    preview = t.count.change_words()
    before = len(t.game.rounds)
    run(t.count.confirm_round())
    assert t.open.saved and len(t.game.rounds) == before + 1, said(t)
    return preview


def tricks_of(counts: tuple[int, ...]) -> dict[str, int]:
    """Anna's, Ben's, Carl's and Dora's tricks (the worked examples' A/B/C/D columns)."""
    return dict(zip(FOUR, counts, strict=True))


def stored(app: AppState) -> Game:
    """The game as the store has it (a fresh read from disk)."""
    game = app.store.load_game(app.table.game_id).game
    assert isinstance(game, Game)
    return game


# -- the shape: one draft keeps the taps; the engine says what follows from them ------------

def test_the_draft_keeps_the_taps_and_the_engine_settles_them():
    game = Game(FOUR, Settings(LEHRBLATT))
    fresh = RoundDraft.fresh(game, 1)
    assert (fresh.dealer, fresh.caller) == ("Anna", "Ben")  # Z4: caller left of the dealer
    assert RoundDraft.fresh(Game(("Anna", "Ben")), 1).dealer is None  # 24 records no dealer
    blind = fresh.with_trump(HEARTS, blind=True).settled(game)
    assert blind.blind and not fresh.with_trump(SPADES, blind=True).settled(game).blind  # Z6
    wue = Game(FOUR, Settings(WUERTTEMBERG))
    knock = RoundDraft.fresh(wue, 1).with_bid(3).with_knock(SPADES).settled(wue)
    assert knock.knock and knock.bid is None and knock.phase is Phase.PLAY  # Z8
    round_ = knock.with_misdeals(2).to_round()
    assert isinstance(round_, Round) and round_.misdeals == 2 and round_.dealer == "Anna"
    assert RoundDraft.from_round(round_).to_round() == round_
    again = fresh.with_trump(HEARTS).with_sat_out("Dora", True).with_bid(2)
    assert RoundDraft.from_json(again.to_json(), game) == again
    with pytest.raises(ValueError):  # a suit of the other book is damage
        RoundDraft.from_json({**again.to_json(), "trump": "yellow"}, game)
    with pytest.raises(ValueError):
        fresh.to_round()


# -- the form -----------------------------------------------------------------------------

def test_the_form_offers_the_presets_options_and_player_counts(app, table):
    run = table.run
    run(app.go("/new"))
    form = app.form
    form.set_game("20ab", "lehrblatt")
    assert [o.key for o in form.choices()] == ["deck", "end", "sit_out", "tie_break"]
    assert form.start_text == "20"
    form.set_option("deck", "german_double")
    form.set_option("knock", True)  # not a Lehrblatt option: refused quietly
    assert form.options["deck"] == "german_double" and form.options["knock"] is False
    for _ in range(5):
        form.add_player()
    assert len(form.names) == 5 and not form.can_add_player()  # Z1: Lehrblatt 3–5
    form.set_game("20ab", "wuerttemberg")
    assert [o.key for o in form.choices()] == [
        "start_score", "sit_out", "knock", "knock_trump", "contract_penalty", "hundred_to_ten",
        "tie_break"]
    form.add_player()
    assert len(form.names) == 6 and not form.can_add_player()  # Z1: 3–6
    form.set_option("start_score", 30)
    assert form.start_text == "30"
    form.set_limit_text("25")
    assert form.limit_error() is not None and not form.can_start()
    form.set_limit_text("60")
    assert form.upper_limit() == 60
    form.set_game("20ab", "temmels")
    assert len(form.names) == 6 and form.options["sit_out"] is False
    form.set_game("24")
    assert len(form.names) == 5 and form.start_text == "24"  # R1: at most 5


# -- Lehrblatt and Temmels --------------------------------------------------------------------

def test_lehrblatt_l1_to_l3_with_sitting_out_blind_and_an_upper_limit(app, table):
    run = table.run
    start(app, run, "lehrblatt", limit="60")
    t = app.table
    assert (t.draft.dealer, t.draft.caller) == ("Anna", "Ben")
    assert play(app, run, SPADES, {"Anna": 2, "Ben": 1, "Carl": 2, "Dora": 0}) == [
        "Anna −2", "Ben −1", "Carl −2", "Dora +5"]  # L1
    assert t.draft.caller == "Carl"
    run(t.call.call_trump(HEARTS))
    assert t.draft.phase is Phase.PLAY and t.play.cost_of_sitting_out() == 2  # Z15: hearts +2
    assert t.play.sit_out_reason("Carl") == "The caller always plays"  # one hint in both books
    run(t.play.toggle_sit_out("Carl"))  # a refused tap: nothing changes
    assert not t.draft.sat_out
    run(t.play.toggle_sit_out("Dora"))
    run(t.play.count_tricks())
    for name, made in {"Anna": 3, "Ben": 2, "Carl": 0}.items():
        run(t.count.set_tricks(name, made))
    assert t.count.change_words() == ["Anna −6", "Ben −4", "Carl +20", "Dora +2"]  # L2
    run(t.count.confirm_round())
    assert t.game.scores == {"Anna": 12, "Ben": 15, "Carl": 38, "Dora": 27}
    assert t.call.blind_reason() is None  # Z6: the Lehrblatt's caller may always call blind
    play(app, run, HEARTS, {"Anna": 0, "Ben": 3, "Carl": 2, "Dora": 0}, blind=True)  # L3
    game = stored(app)
    assert game.scores == {"Anna": 32, "Ben": 3, "Carl": 30, "Dora": 67}
    assert game.finished and game.outcome.winners == ("Ben",)  # upper limit 60: reason limit
    assert t.block.outcome_lines() == ["Dora reached 67", "Ben wins with 3, the lowest score"]
    assert t.draft is None


def test_lehrblatt_exact_zero_l5_says_stays_at_3(app, table):
    run = table.run
    start(app, run, "lehrblatt", names=("Anna", "Ben", "Carl"), first_dealer=2, end="exact_zero")
    t = app.table
    for caller, trump, tricks in (("Anna", HEARTS, (4, 1, 0)), ("Ben", HEARTS, (4, 1, 0)),
                                  ("Carl", SPADES, (1, 2, 2))):
        play(app, run, trump, dict(zip(("Anna", "Ben", "Carl"), tricks, strict=True)), caller=caller)
    preview = play(app, run, SPADES, {"Anna": 4, "Ben": 1, "Carl": 0}, caller="Anna")
    assert preview == ["Anna 0 (stays at 3)", "Ben −1", "Carl +5"]  # Z16
    assert round_notes(t.prefs.t, t.game, 4) == {"Anna": ["stays at 3"]}
    play(app, run, DIAMONDS, {"Anna": 3, "Ben": 1, "Carl": 1}, caller="Ben")
    assert stored(app).scores == {"Anna": 0, "Ben": 12, "Carl": 42}
    assert t.block.outcome_lines() == ["Anna wins with exactly 0"]


def test_temmels_t1_no_blind_no_sitting_out(app, table):
    run = table.run
    start(app, run, "temmels", names=("Anna", "Ben", "Carl"), first_dealer=2)
    t = app.table
    assert t.draft.caller == "Anna" and not t.call.can_call_blind()
    assert t.call.blind_reason() == "This rule book has no blind call"
    run(t.call.call_trump(HEARTS, True))  # refused: nothing called
    assert not t.draft.called
    run(t.call.call_trump(HEARTS))
    assert t.draft.phase is Phase.PLAY  # sitting out is off: straight to play
    run(t.play.count_tricks())
    for name, made in {"Anna": 0, "Ben": 4, "Carl": 1}.items():
        run(t.count.set_tricks(name, made))
    assert t.count.tricks_status() == "All 5 tricks given"
    run(t.count.confirm_round())
    play(app, run, CLUBS, {"Anna": 0, "Ben": 2, "Carl": 3})
    assert stored(app).scores == {"Anna": 45, "Ben": 10, "Carl": 15}


def test_lehrblatt_l6_who_went_out_first_is_asked_only_then(app, table):
    run = table.run
    start(app, run, "lehrblatt", first_dealer=3, tie_break="first_out")
    t = app.table
    for caller, trump, tricks in (("Anna", HEARTS, (3, 2, 0, 0)), ("Ben", HEARTS, (2, 3, 0, 0)),
                                  ("Carl", HEARTS, (2, 2, 1, 0)), ("Dora", SPADES, (2, 2, 0, 1))):
        play(app, run, trump, tricks_of(tricks), caller=caller)
        assert t.count.first_out_choices() == []
    assert t.game.scores == {"Anna": 4, "Ben": 4, "Carl": 43, "Dora": 49}
    run(t.call.call_trump(HEARTS))
    run(t.play.count_tricks())
    for name, made in zip(FOUR, (2, 3, 0, 0), strict=True):
        run(t.count.set_tricks(name, made))
    assert t.count.first_out_choices() == ["Anna", "Ben"]
    # asked as a question (its own row), not said as a refusal; the changes stay previewed
    assert t.count.problem_to_say() is None and t.count.round_problem() is not None
    preview = t.count.changes()
    assert preview and dict(preview)["Anna"] == -4
    app.prefs.language = "de"
    assert t.count.round_problem() == ("Runde 5: Anna und Ben sind nach dieser Runde draußen: "
                                 "wer war zuerst draußen?").replace("Anna und Ben",
                                                                              "Anna, Ben")
    run(t.count.confirm_round())  # refused with the reason, nothing saved
    assert len(stored(app).rounds) == 4 and refused(t)
    run(t.count.set_first_out("Carl"))  # not out: a refused tap
    assert t.draft.first_out is None
    run(t.count.set_first_out("Ben"))
    assert t.count.changes() == preview  # who was out first changes no score (Z20)
    run(t.count.set_first_out("Anna"))
    assert t.count.changes() == preview
    run(t.count.confirm_round())
    assert stored(app).outcome.winners == ("Anna",)
    assert t.block.outcome_lines() == ["Anna war zuerst aus und gewinnt mit 0"]


# -- Württemberg --------------------------------------------------------------------------

def test_wuerttemberg_w1_a_missed_bid_and_free_sitting_out(app, table):
    run = table.run
    start(app, run, "wuerttemberg", first_dealer=3)
    t = app.table
    assert t.deal.bids() and t.call.call_reason() == "First the bid (1–6), then the suit"
    run(t.call.call_trump(CLUBS))  # no bid yet: refused with the reason
    assert not t.draft.called and said(t) == "First the bid (1–6), then the suit"
    play(app, run, CLUBS, {"Anna": 1, "Ben": 3, "Carl": 0, "Dora": 2}, caller="Ben", bid=3)
    assert t.draft.dealer == "Anna" and t.play.cost_of_sitting_out() == 0
    preview = play(app, run, HEARTS, {"Anna": 2, "Ben": 1, "Carl": 3}, caller="Carl", bid=4,
                   sit_out=["Dora"])
    assert preview == ["Anna −4", "Ben −2", "Carl +12 (made 3 of 4)"]  # Z14; Dora free
    assert stored(app).scores == {"Anna": 15, "Ben": 15, "Carl": 37, "Dora": 18}
    assert round_notes(t.prefs.t, t.game, 2) == {"Carl": ["made 3 of 4"]}
    assert t.game.rounds[1].bid == 4 and t.game.rounds[1].dealer == "Anna"


def test_wuerttemberg_w2_hearts_blind_only_left_of_the_dealer_above_40(app, table):
    run = table.run
    start(app, run, "wuerttemberg", first_dealer=2)
    t = app.table
    assert t.call.blind_caller() == "Dora" and not t.call.can_call_blind()
    assert t.call.blind_reason() == "Dora may not call hearts blind with 20 points (more than 40)"
    play(app, run, HEARTS, tricks_of((2, 2, 1, 1)), caller="Dora", bid=6)
    play(app, run, HEARTS, tricks_of((2, 2, 1, 1)), caller="Dora", bid=5)
    play(app, run, SPADES, tricks_of((1, 1, 4, 0)), caller="Carl", bid=2)
    assert t.game.scores["Dora"] == 49 and t.draft.dealer == "Ben"
    assert t.call.blind_caller() == "Carl" and t.call.can_call_blind() is False  # Carl has 12
    run(t.deal.set_dealer("Carl"))  # the table's dealer is fact (Z4): Dora sits left of him
    assert t.call.blind_caller() == "Dora" and t.call.blind_reason() is None
    preview = play(app, run, HEARTS, tricks_of((2, 2, 1, 1)), blind=True)
    assert preview == ["Anna −8", "Ben −8", "Carl −4", "Dora +24 (made 1 of 2)"]
    game = stored(app)
    assert game.scores == {"Anna": 3, "Ben": 3, "Carl": 8, "Dora": 73}
    assert game.rounds[3].blind and game.rounds[3].caller == "Dora" and game.rounds[3].bid is None
    run(t.deal.set_bid(1))
    run(t.call.call_trump(SPADES))
    app.prefs.language = "de"
    assert t.play.sit_out_reason("Anna") == "Anna darf mit 3 Punkten nicht aussetzen (ab 6 Punkten)"


def test_wuerttemberg_w3_knocks_and_a_third_misdeal_strike(app, table):
    run = table.run
    start(app, run, "wuerttemberg", names=("Anna", "Ben", "Carl"))
    t = app.table
    run(t.deal.set_misdeals(2))
    assert t.deal.misdeal_note() == "Anna: 2 misdeals in this deal"
    assert play(app, run, SPADES, {"Anna": 1, "Ben": 3, "Carl": 2}, caller="Ben", knock=True,
                misdeals=2) == ["Anna −1", "Ben +6 (made 3 of 4)", "Carl −2"]
    play(app, run, DIAMONDS, {"Anna": 0, "Ben": 3, "Carl": 3}, caller="Carl", bid=2, misdeals=1)
    play(app, run, SPADES, {"Anna": 3, "Ben": 1, "Carl": 2}, caller="Anna", bid=3)
    assert t.game.strikes_before(t.round.next_number) == {"Anna": 2, "Ben": 1, "Carl": 0}
    run(t.deal.set_misdeals(1))
    assert t.deal.misdeal_note() == "Anna: 1 misdeal in this deal · 3 in all · +12 now"
    preview = play(app, run, CLUBS, {"Anna": 4, "Ben": 2, "Carl": 0}, caller="Anna", knock=True,
                   misdeals=1)
    assert preview == ["Anna +8 (3rd strike +12)", "Ben −2", "Carl +5"]
    game = stored(app)
    assert game.scores == {"Anna": 29, "Ben": 20, "Carl": 18} and game.strikes()["Anna"] == 3
    assert game.rounds[0].knock and game.rounds[0].trump is SPADES and game.rounds[0].caller == "Ben"


def test_wuerttemberg_w4_thirty_ab_and_100_to_10(app, table):
    run = table.run
    start(app, run, "wuerttemberg", start_score=30)
    t = app.table
    play(app, run, HEARTS, tricks_of((2, 2, 2, 0)), caller="Dora", bid=6)
    assert t.call.blind_reason() is not None  # dealer Ben: Carl is left of him
    play(app, run, HEARTS, tricks_of((2, 2, 2, 0)), caller="Dora", bid=6)
    assert t.call.blind_caller() == "Dora" and t.call.can_call_blind()  # 54 > 50
    play(app, run, HEARTS, tricks_of((2, 2, 2, 0)), blind=True)
    play(app, run, HEARTS, tricks_of((2, 2, 2, 0)), caller="Anna", bid=2)
    preview = play(app, run, HEARTS, tricks_of((2, 2, 2, 0)), caller="Dora", bid=3)
    assert preview[-1] == "Dora −78 (made 0 of 3) (100 drops to 10)"
    assert stored(app).scores == {"Anna": 6, "Ben": 6, "Carl": 6, "Dora": 10}
    assert round_notes(t.prefs.t, t.game, 5) == {"Dora": ["made 0 of 3", "100 drops to 10"]}


def test_wuerttemberg_nobody_sits_out_three_rounds_running(app, table):
    run = table.run
    start(app, run, "wuerttemberg")
    t = app.table
    play(app, run, SPADES, {"Anna": 2, "Ben": 2, "Carl": 2}, caller="Ben", bid=2, sit_out=["Dora"])
    play(app, run, SPADES, {"Anna": 2, "Ben": 2, "Carl": 2}, caller="Ben", bid=2, sit_out=["Dora"])
    assert t.game.scores["Dora"] == 20  # free (Z15)
    run(t.call.set_caller("Ben"))
    run(t.deal.set_bid(2))
    run(t.call.call_trump(SPADES))
    app.prefs.language = "de"
    assert t.play.sit_out_reason("Dora") == "Dora hat schon die 2 Runden davor ausgesetzt"
    run(t.play.toggle_sit_out("Dora"))
    assert not t.draft.sat_out


# -- refusals in German, nothing saved half --------------------------------------------------

def test_every_refusal_at_the_table_is_worded_in_german(app, table):
    run = table.run
    app.prefs.language = "de"
    start(app, run, "lehrblatt", names=("Anna", "Ben", "Carl", "Dora", "Emil"))
    t = app.table
    run(t.call.call_trump(CLUBS))
    assert t.play.sit_out_reason("Dora") == "Niemand setzt aus, wenn Kreuz Trumpf ist"
    run(t.round.cancel_round())
    run(t.call.call_trump(HEARTS, True))
    assert t.play.sit_out_reason("Dora") == "Niemand setzt in einer Blind-Runde aus"
    run(t.round.cancel_round())
    run(t.call.call_trump(SPADES))
    assert t.play.sit_out_reason("Ben") == "Der Ansager spielt immer"  # the hint of both books
    run(t.play.toggle_sit_out("Carl"))
    run(t.play.toggle_sit_out("Dora"))
    # Carl and Dora sat out: Emil is not counted in before he does ("3 sat out" when 2 had)
    assert t.play.sit_out_reason("Emil") == "Höchstens 2 Spieler dürfen aussetzen"
    run(t.play.count_tricks())
    for name, made in {"Anna": 3, "Ben": 3, "Emil": 0}.items():
        run(t.count.set_tricks(name, made))
    assert t.count.tricks_status() == "1 Stich zu viel"
    assert t.count.round_problem() == "Runde 1: die Stiche ergeben 6, nicht 5"
    run(t.count.confirm_round())
    assert said(t) == "Runde 1: die Stiche ergeben 6, nicht 5" and not stored(app).rounds
    run(t.count.set_tricks("Ben", 2))
    run(t.count.confirm_round())
    assert stored(app).scores == {"Anna": 17, "Ben": 18, "Carl": 21, "Dora": 21, "Emil": 25}


def test_refusals_of_the_other_presets_in_german(app, table):
    run = table.run
    app.prefs.language = "de"
    start(app, run, "temmels", names=("Anna", "Ben", "Carl"))
    t = app.table
    assert t.call.blind_reason() == "In diesem Regelwerk gibt es keine Blindansage"
    run(t.call.call_trump(SPADES))
    assert t.play.sit_out_reason("Carl") == "Carl hat ausgesetzt, aber Aussetzen ist in diesem Spiel aus"
    run(app.go("/"))
    start(app, run, "wuerttemberg", names=("Anna", "Ben", "Carl"))
    assert t.call.call_reason() == "Erst das Gebot (1–6), dann die Farbe"
    assert t.call.blind_reason() == "Ben darf mit 20 Punkten nicht Herz blind ansagen (mehr als 40)"
    run(t.call.set_caller("Carl"))
    run(t.deal.call_knock(SPADES))
    assert t.play.sit_out_reason("Anna") == "Niemand setzt aus, wenn geklopft wurde"
    run(t.play.count_tricks())
    run(t.count.set_tricks("Anna", 6))
    run(t.count.set_tricks("Ben", 0))
    run(t.count.set_tricks("Carl", 0))
    assert t.count.change_words() == ["Anna −6", "Ben +5", "Carl +6 (0 von 4 gemacht)"]
    run(t.count.set_tricks("Anna", 2))
    run(t.count.set_tricks("Ben", 2))
    run(t.count.set_tricks("Carl", 0))
    assert t.count.tricks_status() == "Noch 2 Stiche zu vergeben"
    run(t.round.cancel_round())
    run(t.call.set_caller("Ben"))
    run(t.deal.set_bid(3))
    run(t.call.call_trump(SPADES))
    run(t.play.toggle_sit_out("Anna"))
    assert t.play.sit_out_reason("Carl") == "Mindestens 2 müssen mitspielen"
    assert not stored(app).rounds  # nothing of it was saved


# -- the screens draw every step of a 20 ab round (a drawing bug raises here) --------------------

def test_every_screen_of_a_wuerttemberg_round_draws_in_german(app, table):
    run = table.run
    app.prefs.language = "de"
    run(app.go("/new"))
    for preset in ("lehrblatt", "wuerttemberg", "temmels"):
        app.form.set_game("20ab", preset)
        shown = _texts(_drawn(new_game.NewGame, app.form, app))
        assert "Aussteigen" in shown or preset == "temmels"
    assert "Obergrenze (leer: keine)" in shown and "Zuerst aus" in shown
    start(app, run, "wuerttemberg")
    t = app.table
    shown = _texts(_drawn(call_panel.CallPanel, t))
    assert "HERZ BLIND ×4" in shown and "Herz ×2" in shown
    assert "Erst das Gebot (1–6), dann die Farbe" in shown
    run(t.deal.set_misdeals(3))
    assert "Anna: 3 Fehlgaben bei diesem Geben · jetzt +12" in _texts(_drawn(call_panel.CallPanel, t))
    run(t.deal.set_bid(3))
    run(t.call.call_trump(HEARTS))
    assert "Aussteigen ist frei (nie 3 Runden hintereinander)" in _texts(
        _drawn(table_display.TableDisplay, t))
    assert "Ben muss 3 machen" in _texts(_drawn(table_display.TableDisplay, t))
    run(t.play.count_tricks())
    for name, made in {"Anna": 1, "Ben": 2, "Carl": 1}.items():
        run(t.count.set_tricks(name, made))
    assert "Anna +10 (3. Strich +12) · Ben +12 (2 von 3 gemacht) · Carl −2 · Dora −4" in _texts(
        _drawn(tricks_entry.TricksEntry, t))
    run(t.count.confirm_round())
    rows = _texts(_drawn(block.BlockRows, t.game, 1, "de", None))
    assert "3. Strich +12" in rows and "2 von 3 gemacht" in rows and "Gebot 3" in rows
    assert t.correcting.edit_round(1)
    assert "Gebot" in _texts(_drawn(round_editor.RoundEditor, t, app))
    t.correcting.cancel_edit()
    chart = _texts(_drawn(score_chart.ScoreChart, t, app.prefs))
    assert not any("Grenze" in line for line in chart)  # no upper limit: no limit line (Z19)


# -- a closed tab, a correction, undo and a rematch keep the rule book -------------------------

def test_a_round_half_entered_survives_a_closed_tab(app, table):
    run = table.run
    start(app, run, "wuerttemberg", names=("Anna", "Ben", "Carl"))
    t = app.table
    run(t.deal.set_misdeals(1))
    run(t.deal.set_bid(4))
    run(t.call.call_trump(DIAMONDS))
    again = AppState.open(app.store)  # the tab is reopened
    draft = again.table.draft
    assert isinstance(draft, RoundDraft)
    assert (draft.bid, draft.misdeals, draft.trump, draft.dealer) == (4, 1, DIAMONDS, "Anna")
    assert draft.phase is Phase.PLAY  # who sits out is said while the cards are played


def test_correcting_a_wuerttemberg_round_and_a_refused_correction(app, table):
    run = table.run
    start(app, run, "wuerttemberg", names=("Anna", "Ben", "Carl"))
    t = app.table
    play(app, run, SPADES, {"Anna": 2, "Ben": 2, "Carl": 2}, bid=3)  # Ben 2 < 3: +6
    play(app, run, CLUBS, {"Anna": 2, "Ben": 2, "Carl": 2}, bid=2)
    assert t.game.scores == {"Anna": 16, "Ben": 24, "Carl": 16}
    run(app.go_round(1))
    assert isinstance(t.correction.draft, RoundDraft) and t.correction.draft.bid == 3
    run(t.deal.set_bid(2))  # Ben's bid was 2: he made it
    assert t.count.change_words() == ["Anna −2", "Ben −2", "Carl −2"]
    run(app.save_edit())
    assert stored(app).scores == {"Anna": 16, "Ben": 16, "Carl": 16}
    run(app.go_round(2))
    run(t.call.set_caller("Anna"))
    run(t.deal.call_knock(HEARTS))  # a knock round cannot be corrected into clubs' bid …
    edited = t.correction.draft
    assert edited.knock and edited.bid is None and edited.phase is Phase.TRICKS
    run(t.count.set_tricks("Anna", 6))
    run(t.count.set_tricks("Ben", 0))
    run(t.count.set_tricks("Carl", 0))
    assert t.count.change_words() == ["Anna −12", "Ben +10", "Carl +10"]
    run(t.count.set_tricks("Anna", 7))  # not a count the deck allows: the round stays unsaved
    run(app.save_edit())
    assert stored(app).rounds[1].trump is CLUBS


def test_undo_redo_and_rematch_keep_the_rule_book(app, table):
    run = table.run
    start(app, run, "temmels", names=("Anna", "Ben", "Carl"), limit="30")
    t = app.table
    play(app, run, HEARTS, {"Anna": 0, "Ben": 4, "Carl": 1})
    assert t.game.finished
    assert t.block.outcome_lines() == ["Anna reached 30", "Ben wins with 12, the lowest score"]
    run(t.undo.undo_round())
    assert not t.game.rounds and isinstance(t.draft, RoundDraft)
    run(t.undo.redo_round())
    assert t.game.finished
    run(app.rematch())
    game = app.table.game
    assert isinstance(game, Game) and game.settings.preset == "temmels"
    assert game.settings.upper_limit == 30 and game.next_dealer == "Ben"


def test_a_knock_without_trump_under_knock_trump_none(app, table):
    run = table.run
    start(app, run, "wuerttemberg", names=("Anna", "Ben", "Carl"), knock_trump="none")
    t = app.table
    assert not t.deal.knock_names_suit()
    run(t.deal.call_knock(SPADES))  # under "none" there is no bottom card to name: refused
    assert not t.draft.called
    run(t.deal.call_knock(None))
    assert t.draft.called and t.draft.trump is None and t.draft.phase is Phase.PLAY
    assert t.play.contract_line() == "Ben must make 4"
    run(t.play.count_tricks())
    for name, made in {"Anna": 1, "Ben": 3}.items():
        run(t.count.set_tricks(name, made))
    assert t.count.change_words() == ["Anna −1", "Ben +6 (made 3 of 4)", "Carl −2"]  # v = 1 (Z11)
    run(t.count.confirm_round())
    round_ = stored(app).rounds[0]
    assert round_.knock and round_.trump is None and round_.caller == "Ben"
    assert "no trump" in block.row_label(t.prefs.t, t.game, round_, t.game.results[0].scores,
                                         t.game.results[0].deltas, 1).casefold()


def test_lehrblatt_l4_german_deck_five_players_six_tricks(app, table):
    run = table.run
    start(app, run, "lehrblatt", names=(*FOUR, "Emil"), first_dealer=4, deck="german_double")
    t = app.table
    assert t.draft.caller == "Anna" and t.game.settings.tricks_per_round == 6  # Z3
    preview = play(app, run, DIAMONDS, {"Anna": 1, "Carl": 3, "Dora": 2}, sit_out=["Ben"])
    assert preview == ["Anna −1", "Ben +1", "Carl −3", "Dora −2", "Emil +5"]  # +5 with six tricks too
    assert stored(app).results[0].deltas == (-1, 1, -3, -2, 5)


def test_once_the_cards_are_played_the_call_is_settled(app, table):
    """Crafted taps: no bid, misdeal, dealer or knock changes while a round is played."""
    run = table.run
    start(app, run, "wuerttemberg", names=("Anna", "Ben", "Carl"))
    t = app.table
    run(t.deal.set_bid(2))
    run(t.call.call_trump(SPADES))
    before = t.draft
    run(t.deal.set_bid(5))
    run(t.deal.set_misdeals(3))
    run(t.deal.set_dealer("Carl"))
    run(t.deal.call_knock(SPADES))
    run(t.call.call_trump(HEARTS))
    assert t.draft == before and not t.deal.can_knock()


def test_home_says_which_20_ab_and_a_long_suit_name_shrinks_into_its_chip(app, table):
    from app.views import home, suits

    start(app, table.run, "wuerttemberg")
    table.run(app.go("/"))
    lines = _texts(_drawn(home.Home, app, app.prefs))
    assert any("20 ab Württemberg\u00a0· " in line for line in lines), lines
    # a line breaks after a dot, never before one: no next line starting "· Ida leads"
    assert not any(" ·" in line for line in lines if "20 ab" in line), lines
    # "Diamonds", "klaveren" (8 letters) beside the sign in a 70 px chip: smaller type, not cut
    room = 70 - 8 - 15
    assert suits.fitting_size("Clubs", room) == 12
    assert 8 <= suits.fitting_size("Diamonds", room) < 11
    assert suits.fitting_size("Diamonds", room) * 0.58 * len("Diamonds") <= room


def _temmels_first_out_tie() -> Game:
    """Temmels, ``tie_break: first_out``: Anna and Ben lose 4 a round (hearts, 2 tricks each)
    and reach 0 together in round 5; Ben was out first (Z20)."""
    from scoring import TEMMELS

    rounds = [Round("Carl", HEARTS, {"Anna": 2, "Ben": 2, "Carl": 1}) for _ in range(4)]
    rounds.append(Round("Carl", HEARTS, {"Anna": 2, "Ben": 2, "Carl": 1}, first_out="Ben"))
    return Game(("Anna", "Ben", "Carl"), Settings(TEMMELS, tie_break="first_out"), tuple(rounds))


def test_a_first_out_tie_ranks_the_first_out_first_and_the_other_second(app):
    """R13/Z20: at a Temmels first-out tie the ranking reads 1. the first out, 2. the other."""
    game = _temmels_first_out_tie()
    assert game.outcome is not None and game.outcome.winners == ("Ben",)
    assert game.scores == {"Anna": 0, "Ben": 0, "Carl": 10}
    t = app.table
    t.open.load(app.store.create_game(game))
    assert t.block.outcome_lines() == ["Ben was out first and wins with 0"]
    assert t.block.ranking() == [(1, "Ben", 0), (2, "Anna", 0), (3, "Carl", 10)]
