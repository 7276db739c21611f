"""The app state's commands, in process, on a real store in a temporary folder."""

from __future__ import annotations

import errno

import flet as ft
import pytest

from app import persistence
from app.draft import Phase
from app.i18n import format_score
from app.state import AppState, GameStatus, Screen
from app.store import Store
from scoring import Colour
from tests.helpers import refused, run, said


def test_a_round_from_the_block_back_to_the_block(app, table):
    table.start()
    t, run = app.table, table.run
    assert t.draft.caller == "Ben" and t.draft.phase is Phase.CALL  # R4
    run(t.call.call_trump(Colour.RED))
    assert t.draft.phase is Phase.PLAY
    run(t.play.flip_order())
    assert t.draft.one_high
    run(t.play.count_tricks())
    run(t.count.set_tricks("Anna", 3))
    run(t.count.set_tricks("Ben", 1))
    assert t.draft.tricks["Carl"] == 2  # filled in
    assert t.count.tricks_status() == "All 6 tricks given"
    assert t.count.changes() == [("Anna", -3), ("Ben", -1), ("Carl", -2)]
    run(t.count.confirm_round())
    assert t.open.saved and t.game.scores == {"Anna": 21, "Ben": 23, "Carl": 22}
    assert t.draft.caller == "Carl" and t.draft.phase is Phase.CALL
    assert app.store.load_game(t.game_id).game == t.game


def test_confirm_waits_for_a_valid_round_and_says_why_in_the_tables_language(app, table):
    table.start()
    t, run = app.table, table.run
    run(t.call.call_trump(Colour.BLUE))
    run(t.play.count_tricks())
    run(t.count.set_tricks("Anna", 5))
    assert t.count.round_problem() == "Tricks missing for Ben and Carl"
    assert t.count.tricks_status() == "1 trick left to give"  # a real singular (gettext)
    run(t.count.set_tricks("Ben", 5))
    assert t.count.tricks_status() == "4 tricks too many"
    run(t.count.set_tricks("Carl", 0))
    assert t.count.round_problem() == "Round 1: tricks add up to 10, not 6"  # a sentence: a capital
    assert t.count.problem_to_say() is None  # "4 tricks too many" says it: once, not twice
    app.prefs.language = "de"
    assert t.count.round_problem() == "Runde 1: die Stiche ergeben 10, nicht 6"
    run(t.count.confirm_round())
    assert not t.game.rounds and said(t) == "Runde 1: die Stiche ergeben 10, nicht 6" and refused(t)


def test_correct_a_past_round_and_a_refused_correction(app, table):
    table.start(sit_out=True, restrictions=True)
    t, run = app.table, table.run
    table.play(Colour.RED, {"Anna": 3, "Ben": 1})
    table.play(Colour.BLUE, {"Ben": 3, "Carl": 3}, sit_out=["Anna"])
    run(app.go_round(1))
    assert app.screen is Screen.EDIT and app.route == f"/game/{t.game_id}/round/1"
    for name in ("Anna", "Ben", "Carl"):
        run(t.count.set_tricks(name, 2))
    assert t.count.round_problem() is None
    assert run(t.correcting.save_edit())
    assert said(t) == "Round 1 corrected"
    assert t.game.scores == {"Anna": 22, "Ben": 19, "Carl": 19}
    run(app.go_round(1))
    run(t.call.call_trump(Colour.YELLOW))
    for name, made in (("Anna", 6), ("Ben", 0), ("Carl", 0)):
        run(t.count.set_tricks(name, made))
    assert t.count.round_problem() == (
        "Round 2: after changing round 1, the game ended after round 1; no round can follow")
    assert not run(t.correcting.save_edit())
    assert refused(t.correction)
    run(app.back())
    assert app.screen is Screen.GAME and not t.round.editing
    assert t.game.scores == {"Anna": 22, "Ben": 19, "Carl": 19}
    assert app.store.load_game(t.game_id).game == t.game


def test_the_game_order_sit_out_after_the_call_variant_b(app, table):
    table.start(("Anna", "Ben", "Carl", "Dora"), sit_out=True)
    t, run = app.table, table.run
    run(t.call.call_trump(Colour.GREEN))
    # the cards are seen: who sits out is said on the play screen, no step of its own
    assert t.draft.phase is Phase.PLAY and t.play.sitting_out_at_play()
    assert t.play.sit_out_reason("Ben") == "The caller always plays"
    run(t.play.toggle_sit_out("Dora"))
    assert t.draft.phase is Phase.PLAY and t.draft.sat_out == {"Dora"}
    run(t.play.count_tricks())
    run(t.count.set_tricks("Anna", 3))
    run(t.count.set_tricks("Ben", 2))
    run(t.count.confirm_round())
    assert t.game.rounds[-1].sat_out == {"Dora"}


def test_variant_b_costs_no_tap_when_nobody_sits_out(app, table):
    table.start(("Anna", "Ben", "Carl", "Dora"), sit_out=True)
    t, run = app.table, table.run
    run(t.call.call_trump(Colour.RED))  # 1
    run(t.play.count_tricks())  # 2
    for name in ("Anna", "Ben", "Carl"):  # 3, 4, 5 (Dora's fills in)
        run(t.count.set_tricks(name, 1))
    run(t.count.confirm_round())  # 6
    assert len(t.game.rounds) == 1 and not t.game.rounds[0].sat_out


def test_variant_c_disables_blind_and_sitting_out_with_reasons(app, table):
    table.start(sit_out=True, restrictions=True)
    t, run = app.table, table.run
    assert not t.call.can_call_blind()
    assert t.call.blind_reason() == "Blind needs 25 points (Ben has 24)"
    run(t.call.call_trump(Colour.YELLOW, True))  # refused: nothing happens
    assert t.draft.trump is None


def test_variant_c_no_sitting_out_at_12_and_no_exchange_at_6(app, table):
    table.start(start_text="14", sit_out=True, restrictions=True)
    t, run = app.table, table.run
    table.play(Colour.RED, {"Anna": 2, "Ben": 2})
    assert t.game.scores == {"Anna": 12, "Ben": 12, "Carl": 12}
    run(t.call.call_trump(Colour.RED))
    assert t.play.sit_out_reason("Anna") == "Anna has 12: may not sit out"
    run(t.play.toggle_sit_out("Anna"))
    assert not t.draft.sat_out
    run(t.round.cancel_round())
    table.play(Colour.YELLOW, {"Anna": 3, "Ben": 3})  # Anna and Ben → 6: no exchange
    assert t.game.no_exchange == ("Anna", "Ben")


def test_shared_win_ranking_and_rematch(app, table):
    table.start(sit_out=True, restrictions=True)
    t, run = app.table, table.run
    table.play(Colour.RED, {"Anna": 2, "Ben": 2})
    table.play(Colour.BLUE, {"Ben": 3, "Carl": 3}, sit_out=["Anna"])
    table.play(Colour.YELLOW, {"Anna": 0, "Ben": 3})
    table.play(Colour.YELLOW, {"Anna": 0, "Ben": 3})
    assert t.game.finished and t.draft is None
    assert t.block.outcome_lines() == ["Anna reached 58", "Ben and Carl share the win at 7, the lowest score"]
    assert t.block.ranking() == [(1, "Ben", 7), (1, "Carl", 7), (3, "Anna", 58)]
    old = t.game_id
    run(app.rematch())
    assert t.game_id != old and t.game.players == ("Anna", "Ben", "Carl")
    assert t.game.dealer_of(1) == "Ben"  # the next dealer deals first
    assert app.route == f"/game/{t.game_id}"
    assert t.evening.wins == () and t.block.evening_line() is None  # one game so far: no tally
    while not t.game.finished:  # the rematch, played out
        table.play(Colour.YELLOW, {"Anna": 0, "Ben": 3})
    first, second = t.game.outcome.winners, app.store.load_game(old).game.outcome.winners
    wins = {p: (p in first) + (p in second) for p in t.game.players}
    assert dict(t.evening.wins) == wins and list(t.evening.wins) == sorted(wins.items(), key=lambda w: -w[1])
    assert t.block.evening_line().startswith("Wins in 2 games tonight: ")
    app.prefs.language = "de"
    assert t.block.evening_line().startswith("Siege in 2 Spielen heute Abend: ")


def test_undo_can_be_taken_back_and_resume_mid_round_after_the_tab_closed(app, table, folder):
    table.start()
    t, run = app.table, table.run
    table.play(Colour.GREEN, {"Anna": 1, "Ben": 2})
    run(t.undo.undo_round())
    assert not t.game.rounds and said(t) == "Round 1 removed" and t.undone is not None
    run(t.undo.redo_round())  # the snackbar's "Undo"
    assert len(t.game.rounds) == 1 and t.undone is None and said(t) == "Round 1 is back"
    assert app.store.load_game(t.game_id).game == t.game
    run(t.undo.undo_round())
    run(t.call.call_trump(Colour.GREEN))
    run(t.play.count_tricks())
    run(t.count.set_tricks("Anna", 4))
    again = AppState.open(Store.open(folder))  # a new tab, same data
    assert again.screen is Screen.GAME and again.table.game_id == t.game_id
    assert again.table.draft.phase is Phase.TRICKS and again.table.draft.tricks == {"Anna": 4}


def test_no_undo_and_no_new_trump_while_a_round_is_played(app, table):
    """Crafted taps on hidden controls change nothing: the round in play stays."""
    table.start()
    t, run = app.table, table.run
    table.play(Colour.GREEN, {"Anna": 1, "Ben": 2})
    run(t.call.call_trump(Colour.RED))
    assert not t.undo.can_undo()
    run(t.undo.undo_round())
    run(t.call.call_trump(Colour.BLUE))  # the trump buttons are gone once play starts
    assert len(t.game.rounds) == 1 and t.draft.trump is Colour.RED and t.draft.phase is Phase.PLAY
    run(t.round.cancel_round())
    assert t.undo.can_undo()


def test_cancel_round_asks_only_when_something_was_entered(app, table):
    table.start()
    t, run = app.table, table.run
    assert not t.round.round_entered()
    run(t.call.call_trump(Colour.RED))
    assert t.round.round_entered()


def test_new_game_form_refuses_bad_names_inline_and_keeps_names_as_typed(app, table):
    run = table.run
    run(app.go("/new"))
    form = app.form
    form.set_name(0, "de Vries")
    form.set_name(1, " DE VRIES ")
    form.set_name(2, "x" * 17)
    assert form.name_error(1) == "DE VRIES is already playing"
    assert form.name_error(2) == "At most 16 characters"
    assert not form.can_start()
    for typed in ("abc", "²", "2²", "١٢", "0", "1000", "-5", "4" * 4300):  # AltGr+2, Arabic digits
        form.set_start_text(typed)
        assert form.start_score() is None, typed
    run(app.start_game())
    assert app.screen is Screen.NEW_GAME and refused(form)
    form.set_name(1, "Anna")
    form.set_name(2, "Ben")
    form.set_start_text("24")
    run(app.start_game())
    assert app.table.game.players == ("de Vries", "Anna", "Ben")


def test_variant_a_proposes_dropping_r10_and_trump_can_change(app, table):
    run = table.run
    run(app.go("/new"))
    app.form.set_variant("trump_chaos", True)
    assert app.form.options["caller_penalty"] is False  # A proposes R10 off
    table.start(("Anna", "Ben"), trump_chaos=True)
    t = app.table
    run(t.call.call_trump(Colour.RED))
    run(t.play.change_trump(Colour.YELLOW))
    run(t.play.count_tricks())
    run(t.count.set_tricks("Anna", 6))
    run(t.count.confirm_round())
    assert t.game.scores == {"Anna": 12, "Ben": 36}  # yellow counts: 6×2 lost, 6×2 gained


def test_routes_and_back_go_one_screen_back(app, table):
    run = table.run
    table.start()
    game = app.table.game_id
    table.play(Colour.RED, {"Anna": 3, "Ben": 1})
    run(app.go(f"/game/{game}/chart"))
    assert app.screen is Screen.CHART
    run(app.back())
    assert app.route == f"/game/{game}" and app.screen is Screen.GAME
    run(app.back())
    assert app.route == "/" and app.table.game is None
    for route, screen in (("/stats", Screen.STATS), ("/settings", Screen.SETTINGS),
                          ("/new", Screen.NEW_GAME)):
        run(app.go(route))
        assert app.screen is screen
    run(app.go("/game/nosuchgame"))
    assert app.route == "/" and said(app) == "That game is no longer stored"


def test_delete_a_game_from_home_and_bring_it_back(app, table):
    run = table.run
    table.start()
    game = app.table.game_id
    run(app.go("/"))
    run(app.delete_game(game))
    assert not app.running + app.finished and app.deleted is not None and said(app) == "Game deleted"
    run(app.restore_game())  # the offer's "Undo", on home
    assert [g.id for g in app.running] == [game] and said(app) is None
    run(app.delete_game(game))
    run(app.go("/stats"))
    assert not app.stats.rows  # the deleted game counts nowhere
    assert app.deleted is None and said(app) is None  # the offer ended with its screen
    run(app.go("/"))
    run(app.restore_game())  # a stale tap: nothing comes back
    assert not app.running + app.finished


def test_a_failing_disk_is_a_worded_message_not_a_crash(app, table, monkeypatch):
    table.start()
    t, run = app.table, table.run
    run(t.call.call_trump(Colour.RED))
    run(t.play.count_tricks())
    run(t.count.set_tricks("Anna", 3))
    run(t.count.set_tricks("Ben", 1))

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(app.store, "save_game", full)
    app.prefs.language = "de"
    run(t.count.confirm_round())
    assert refused(t) and not t.open.saved and not t.game.rounds
    assert said(t).startswith("Nicht gespeichert: ")
    assert t.draft.phase is Phase.TRICKS  # nothing lost: the counts are still there


def test_saved_is_shown_only_after_the_persistence_hook_returned(app, table, monkeypatch):
    table.start()
    t = app.table
    seen = []

    class Slow(persistence.Persistence):
        async def save(self) -> None:
            seen.append(t.open.saved)

    monkeypatch.setattr(persistence, "_current", Slow())
    table.play(Colour.RED, {"Anna": 3, "Ben": 1})
    assert seen and not any(seen) and t.open.saved
    assert t.open.lasting


def test_a_browser_without_storage_never_says_saved(app, table, monkeypatch):
    class Memory(persistence.Persistence):
        available = False

    monkeypatch.setattr(persistence, "_current", Memory())
    table.start()
    table.play(Colour.RED, {"Anna": 3, "Ben": 1})
    assert app.table.open.saved and not app.table.open.lasting  # the view says "Kept in memory only"


def test_a_finished_game_is_worth_keeping_and_the_rounds_before_it_are_not(app, table, monkeypatch):
    """The web build asks the browser to keep its storage at that moment (web/client/register.js)."""
    asked = []

    class Asking(persistence.Persistence):
        def worth_keeping(self, why: str) -> None:
            asked.append((why, app.table.game.finished))

    monkeypatch.setattr(persistence, "_current", Asking())
    table.start()
    while not app.table.game.finished:
        assert asked == []
        table.play(Colour.RED, {"Anna": 4, "Ben": 1})
    assert asked == [("finished game", True)]


def test_stats_count_finished_games(app, table):
    table.start()
    table.play(Colour.RED, {"Anna": 3, "Ben": 1})
    table.run(app.go("/stats"))
    # no finished game: nobody in the table (an "Anna 0 0 –" reads as a lost game), yet renamable
    assert app.stats.rows == [] and "Anna" in app.stats.names


@pytest.mark.parametrize(("value", "signed", "shown"), [(-3, False, "−3"), (4, True, "+4"), (0, True, "0")])
def test_format_score_uses_a_real_minus(value, signed, shown):
    assert format_score(value, signed=signed) == shown


def _stored_games(store: Store) -> None:
    """Three games computed by hand (tests/test_stats.py): a shared win, a 2-player game, one going on."""
    from scoring import Game, Round, Settings

    y, r, g = Colour.YELLOW, Colour.RED, Colour.GREEN
    store.create_game(Game(("Anna", "Ben", "Carl"), rounds=(
        Round("Ben", y, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),)))
    store.create_game(Game(("Anna", "Ben"), rounds=(
        Round("Ben", r, {"Anna": 6, "Ben": 0}), Round("Anna", y, {"Anna": 6, "Ben": 0}))))
    store.create_game(Game(("anna", "Dave", "Ben"), Settings(sit_out=True), rounds=(
        Round("Dave", g, {"anna": 2, "Dave": 4}, sat_out={"Ben"}),)))


def test_backup_import_and_export(app, table, tmp_path):
    run = table.run
    other = Store.open(tmp_path / "other")
    _stored_games(other)
    source = AppState.open(other)
    name, data = source.backup.export_all()
    assert name.endswith(".json")
    assert not run(app.backup.import_file(name, b"{broken"))
    assert refused(app.backup) and "was not imported" in said(app.backup)
    assert run(app.backup.import_file(name, data))
    assert not refused(app.backup) and said(app.backup).endswith("3 new games, 0 updated, 0 already there")
    app.refresh_games()
    games = app.running + app.finished
    assert len(games) == 3
    run(app.go(f"/game/{games[-1].id}"))
    csv_name, csv = app.table.block.export_block()
    assert csv_name.startswith("block24-Anna-Ben-Carl-") and csv.startswith(b'"Round","Caller",')  # no id
    app.backup.exported(csv_name)
    assert said(app.backup) == f"{csv_name} saved"


def test_statistics_sort_rename_merge(app, table):
    run = table.run
    _stored_games(app.store)
    app.store.remember_players(["Anna"])  # the preferred spelling
    run(app.go("/stats"))
    board = app.stats
    assert [r.name for r in board.rows][:2] == ["Anna", "Carl"]  # most wins
    board.sort_by("average")  # numbers start with the largest
    assert [r.name for r in board.rows] == ["Ben", "Carl", "Anna"]  # Dave: no finished game
    board.sort_by("name")
    assert [r.name for r in board.rows] == ["Anna", "Ben", "Carl"]
    assert board.names == ["Anna", "Ben", "Carl", "Dave"]  # he can still be renamed or merged
    board.choose_rename("Carl")
    run(board.rename("Ben"))  # Carl and Ben sat at one table: refused with the reason
    assert refused(board) and said(board) == "Not saved: Ben already plays beside Carl in a game"
    run(board.rename("Karl"))
    assert not refused(board) and said(board) == "Carl is now Karl (1 game)"
    board.choose_rename("Dave")
    board.choose_merge("Karl")
    run(board.merge())
    assert said(board) == "Dave merged into Karl (1 game)"
    karl = next(r for r in board.rows if r.name == "Karl")
    assert karl.games == 2 and karl.wins == 1 and karl.shared_wins == 1


def test_renaming_the_open_game_reloads_it(app, table):
    run = table.run
    table.start()
    game = app.table.game_id
    run(app.go("/stats"))
    app.stats.choose_rename("Ben")
    run(app.stats.rename("Benno"))
    run(app.go(f"/game/{game}"))
    assert app.table.game.players == ("Anna", "Benno", "Carl") and app.table.draft.caller == "Benno"
    table.play(Colour.RED, {"Anna": 2, "Benno": 2})  # the version was reloaded: no stale refusal


def test_home_lists_finished_games_a_page_at_a_time(app, table, shared_win_game):
    """1 000 stored games must not make home slow to draw: 8 at first (a phone's screen), then 20 more."""
    from app.views import home
    from scoring import game_to_record
    from tests.helpers import drawn, texts

    record = game_to_record(shared_win_game)
    app.store.import_records([{"id": f"g{n:03d}", **record} for n in range(45)])
    table.run(app.go("/"))

    def shown() -> tuple[int, list[str]]:
        lines = texts(drawn(home.Home, app, app.prefs))
        return sum(line == "Anna · Ben · Carl" for line in lines), [x for x in lines if "more" in x]

    assert len(app.finished) == 8 and app.more[GameStatus.FINISHED] == 37
    assert shown() == (8, ["Show 20 more"])
    app.show_more(GameStatus.FINISHED)
    assert shown() == (28, ["Show 17 more"])
    app.show_more(GameStatus.FINISHED)
    assert shown() == (45, [])


def test_every_concern_says_what_happened_in_one_notice_shown_one_way(app, table):
    """A refusal anywhere is a refused Notice drawn in the error colour; what was done, in the
    calm one — the table, the form, statistics, backup and home alike."""
    from app.state import Kind
    from app.views.widgets import notice_line

    def refused_drawn(concern) -> None:
        assert concern.notice.kind is Kind.REFUSED, concern
        assert notice_line(concern.notice).color == ft.Colors.ERROR

    table.start()
    t = app.table
    run(t.call.call_trump(Colour.RED))
    run(t.play.count_tricks())
    for name, made in (("Anna", 4), ("Ben", 4)):
        run(t.count.set_tricks(name, made))
    run(t.count.confirm_round())  # 8 tricks: refused by the engine
    refused_drawn(t)
    run(app.go("/new"))
    run(app.start_game())  # no names: refused
    refused_drawn(app.form)
    assert not run(app.backup.import_file("x.json", b"{broken"))
    refused_drawn(app.backup)
    run(app.go("/stats"))
    run(app.stats.rename(""))
    refused_drawn(app.stats)
    run(app.go("/game/nosuchgame"))
    assert app.notice.kind is Kind.INFO and notice_line(app.notice).color == ft.Colors.PRIMARY
    app.backup.exported("block.csv")
    assert app.backup.notice.text == "block.csv saved"
    assert notice_line(app.backup.notice).color == ft.Colors.PRIMARY
