"""Every rule of docs/RULES.md (R1–R14, variants A–C) against the engine in scoring/.

Each test names the rule it checks (``test_r9_…``, ``test_variant_c_…``).
Seating for most tests: Anna, Ben, Carl; Anna deals round 1, so Ben calls it (R4).
"""

from __future__ import annotations

import dataclasses

import pytest

from scoring import (
    Colour,
    EditError,
    EndReason,
    Game,
    GameOverError,
    PlayersError,
    Round,
    RoundError,
    ScoringError,
    Settings,
    SettingsError,
    verify_players,
)

RED, YELLOW, GREEN, BLUE = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE
ABC = ("Anna", "Ben", "Carl")


def game(*rounds: Round, players=ABC, **settings) -> Game:
    return Game(tuple(players), Settings(**settings), tuple(rounds))


def play(g: Game, *rounds: Round) -> Game:
    for r in rounds:
        g = g.record(r)
    return g


def rnd(caller: str, trump: Colour, **tricks: int) -> Round:
    return Round(caller, trump, tricks)


def last_deltas(g: Game) -> dict[str, int]:
    return dict(zip(g.players, g.results[-1].deltas, strict=True))


# -- R1: the table -----------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r1_two_to_five_players(n):
    names = tuple("ABCDE"[:n])
    assert Game(names).players == names


@pytest.mark.parametrize("names", [(), ("Anna",), ("A", "B", "C", "D", "E", "F")])
def test_r1_fewer_than_two_or_more_than_five_players_refused(names):
    with pytest.raises(PlayersError, match="2 to 5 players"):
        Game(names)


@pytest.mark.parametrize("other", ["anna", " Anna", "ANNA  ", "\tanna\n"])
def test_r1_names_unique_case_insensitive_spaces_ignored(other):
    with pytest.raises(PlayersError, match="twice"):
        Game(("Anna", other))


@pytest.mark.parametrize("empty", ["", " ", "\t \n"])
def test_r1_empty_name_refused(empty):
    with pytest.raises(PlayersError, match="empty"):
        Game(("Anna", empty))


@pytest.mark.parametrize("bad", [None, 1, True, ["Anna"], {"n": 1}])
def test_r1_name_must_be_a_string(bad):
    with pytest.raises(PlayersError, match="player 2"):
        verify_players(["Anna", bad])


def test_r1_name_that_is_not_unicode_text_refused():
    # A lone surrogate (JSON "\ud800") cannot be written as UTF-8: not a name.
    with pytest.raises(PlayersError, match="player 1"):
        Game(("\ud800", "Ben"))


def test_r1_fixed_seat_order_kept():
    g = Game(("Carl", "Anna", "Ben"))
    assert g.players == ("Carl", "Anna", "Ben")
    assert list(g.scores) == ["Carl", "Anna", "Ben"]


# -- R2: start score and limit -----------------------------------------------


def test_r2_everyone_starts_with_24():
    assert game().scores == {"Anna": 24, "Ben": 24, "Carl": 24}
    assert Settings().start_score == 24
    assert Settings().limit == 48


@pytest.mark.parametrize("start", [1, 10, 30, 100])
def test_r2_start_score_setting_limit_is_twice(start):
    s = Settings(start_score=start)
    assert s.limit == 2 * start
    assert Game(ABC, s).scores == dict.fromkeys(ABC, start)


@pytest.mark.parametrize("bad", [0, -5, True, 2.0, "24"])
def test_r2_start_score_must_be_a_positive_whole_number(bad):
    with pytest.raises(SettingsError):
        Settings(start_score=bad)


def test_r2_r12_start_score_10_ends_at_limit_20():
    # Start 10: Carl (no trick, yellow) gains 12 → 22 ≥ 20 ends the game.
    g = game(rnd("Ben", YELLOW, Anna=3, Ben=3, Carl=0), start_score=10)
    assert g.scores == {"Anna": 4, "Ben": 4, "Carl": 22}
    assert g.finished and g.outcome.reason is EndReason.LIMIT
    assert g.outcome.winners == ("Anna", "Ben")


def test_r2_r12_start_score_30_does_not_end_at_48():
    g = game(rnd("Ben", YELLOW, Anna=3, Ben=3, Carl=0), start_score=30)
    assert g.scores["Carl"] == 42 and not g.finished
    g = play(g, rnd("Carl", RED, Anna=3, Ben=3, Carl=0))
    assert g.scores["Carl"] == 54 and not g.finished  # the limit is 60, not 48
    g = play(g, rnd("Anna", RED, Anna=3, Ben=3, Carl=0))
    assert g.scores["Carl"] == 60 and g.finished and g.outcome.reason is EndReason.LIMIT


# -- R3: 6 tricks every round ------------------------------------------------


@pytest.mark.parametrize("tricks", [(2, 2, 1), (2, 2, 3), (0, 0, 0), (6, 6, 6)])
def test_r3_r7_every_round_has_exactly_six_tricks(tricks):
    a, b, c = tricks
    with pytest.raises(RoundError, match=f"add up to {a + b + c}, not 6") as info:
        game(rnd("Ben", RED, Anna=a, Ben=b, Carl=c))
    assert info.value.round_number == 1


def test_r3_tricks_left_while_entering():
    g = game()
    assert g.tricks_left({}) == 6
    assert g.tricks_left({"Anna": 2, "Ben": 1}) == 3
    assert g.tricks_left({"Anna": 4, "Ben": 4}) == -2


# -- R4: dealer and caller rotation ------------------------------------------


def test_r4_dealer_moves_one_seat_left_caller_is_left_of_dealer():
    g = Game(("A", "B", "C", "D"))
    assert (g.next_dealer, g.next_caller) == ("A", "B")
    dealers, callers = [], []
    for _ in range(5):
        dealers.append(g.next_dealer)
        callers.append(g.next_caller)
        g = g.record(Round(g.next_caller, RED, {"A": 1, "B": 2, "C": 2, "D": 1}))
    assert dealers == ["A", "B", "C", "D", "A"]
    assert callers == ["B", "C", "D", "A", "B"]
    assert [g.dealer_of(n) for n in (1, 2, 5)] == ["A", "B", "A"]
    assert [g.caller_of(n) for n in (1, 2, 5)] == ["B", "C", "B"]


def test_r4_first_dealer_setting():
    g = Game(ABC, first_dealer=2)
    assert (g.next_dealer, g.next_caller) == ("Carl", "Anna")


@pytest.mark.parametrize("bad", [-1, 3, True, "Anna"])
def test_r4_first_dealer_must_be_a_seat(bad):
    with pytest.raises(PlayersError):
        Game(ABC, first_dealer=bad)


def test_r4_table_may_override_caller_and_rotation_goes_on():
    g = game(rnd("Carl", RED, Anna=2, Ben=2, Carl=2))  # rotation proposed Ben
    assert g.rounds[0].caller == "Carl"
    assert (g.next_dealer, g.next_caller) == ("Ben", "Carl")


def test_r4_r10_the_recorded_caller_gets_the_double_gain():
    g = game(rnd("Carl", RED, Anna=3, Ben=3, Carl=0))
    assert last_deltas(g) == {"Anna": -3, "Ben": -3, "Carl": 12}


def test_r4_caller_must_be_a_player():
    with pytest.raises(RoundError, match="not a player") as info:
        game(rnd("Dora", RED, Anna=3, Ben=3, Carl=0))
    assert info.value.round_number == 1


# -- R5 / R6: trump and yellow blind -----------------------------------------


@pytest.mark.parametrize("colour", list(Colour))
def test_r5_any_of_the_four_colours_can_be_trump(colour):
    assert game(rnd("Ben", colour, Anna=2, Ben=2, Carl=2)).rounds[0].trump is colour


def test_r5_colours_are_exactly_red_yellow_green_blue():
    assert [c.value for c in Colour] == ["red", "yellow", "green", "blue"]


@pytest.mark.parametrize("bad", ["purple", "Red", "white", 1])
def test_r5_unknown_colour_refused(bad):
    with pytest.raises(RoundError, match="unknown trump colour"):
        game(Round("Ben", bad, {"Anna": 2, "Ben": 2, "Carl": 2}))


def test_r5_a_missing_trump_is_refused_as_missing():
    # Only a knock round (Z8) may have no trump: 24 has none, so the trump is missing.
    with pytest.raises(RoundError, match="the trump is missing"):
        game(Round("Ben", None, {"Anna": 2, "Ben": 2, "Carl": 2}))


def test_r6_yellow_can_be_called_blind():
    g = game(Round("Ben", YELLOW, {"Anna": 1, "Ben": 1, "Carl": 4}, blind=True))
    assert last_deltas(g) == {"Anna": -4, "Ben": -4, "Carl": -16}


@pytest.mark.parametrize("colour", [RED, GREEN, BLUE])
def test_r6_only_yellow_can_be_called_blind(colour):
    with pytest.raises(RoundError, match="only yellow can be called blind"):
        game(Round("Ben", colour, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=True))


@pytest.mark.parametrize("bad", [1, 0, "true", None])
def test_r6_blind_must_be_a_bool(bad):
    with pytest.raises(RoundError, match="blind must be true or false"):
        game(Round("Ben", YELLOW, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=bad))


# -- R7: trick counts --------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 7, True, False, 2.0, "2", None])
def test_r7_each_count_is_a_whole_number_0_to_6(bad):
    with pytest.raises(RoundError, match="Anna's tricks must be a whole number") as info:
        game(Round("Ben", RED, {"Anna": bad, "Ben": 3, "Carl": 3}))
    assert info.value.player == "Anna"


def test_r7_a_player_may_make_all_six():
    g = game(rnd("Ben", RED, Anna=6, Ben=0, Carl=0))
    assert g.scores == {"Anna": 18, "Ben": 36, "Carl": 30}


def test_r7_every_player_who_took_part_is_named():
    with pytest.raises(RoundError, match="no tricks are given for Carl"):
        game(Round("Ben", RED, {"Anna": 3, "Ben": 3}))


def test_r7_tricks_for_someone_who_is_not_a_player_refused():
    with pytest.raises(RoundError, match="'Dora', who is not a player"):
        game(Round("Ben", RED, {"Anna": 3, "Ben": 3, "Carl": 0, "Dora": 0}))


def test_r7_names_in_rounds_are_exact_seat_names():
    # Decision (docs/RULES.md is silent): rounds name players exactly as seated.
    with pytest.raises(RoundError, match="not a player"):
        game(Round("Ben", RED, {"anna": 3, "Ben": 3, "Carl": 0}))


# -- R8 / R9 / R10: scoring --------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "blind", "value"), [(RED, False, 1), (GREEN, False, 1), (BLUE, False, 1),
                                  (YELLOW, False, 2), (YELLOW, True, 4)]
)
def test_r8_trick_loses_t_times_value(trump, blind, value):
    g = game(Round("Ben", trump, {"Anna": 1, "Ben": 2, "Carl": 3}, blind=blind))
    assert last_deltas(g) == {"Anna": -value, "Ben": -2 * value, "Carl": -3 * value}


@pytest.mark.parametrize(
    ("trump", "blind", "gain"), [(RED, False, 6), (YELLOW, False, 12), (YELLOW, True, 24)]
)
def test_r9_no_trick_gains_six_times_value(trump, blind, gain):
    g = game(Round("Ben", trump, {"Anna": 0, "Ben": 3, "Carl": 3}, blind=blind))
    assert last_deltas(g)["Anna"] == gain


def test_r8_worked_example_stefan_18_makes_two_tricks():
    players = ("Stefan", "Markus", "Eva")
    # Round 1: Stefan makes all six tricks with red trump: 24 → 18.
    first = Game(players).record(Round("Markus", RED, {"Stefan": 6, "Markus": 0, "Eva": 0}))
    assert first.scores["Stefan"] == 18
    two = {"Stefan": 2, "Markus": 2, "Eva": 2}
    assert first.record(Round("Eva", RED, two)).scores["Stefan"] == 16
    assert first.record(Round("Eva", YELLOW, two)).scores["Stefan"] == 14


def test_r9_worked_example_markus_14_no_trick_not_caller():
    players = ("Stefan", "Markus", "Eva")
    # Round 1: Markus makes 5 tricks with yellow trump: 24 → 14.
    first = Game(players).record(Round("Stefan", YELLOW, {"Stefan": 1, "Markus": 5, "Eva": 0}))
    assert first.scores["Markus"] == 14
    none = {"Stefan": 3, "Markus": 0, "Eva": 3}
    assert first.record(Round("Eva", RED, none)).scores["Markus"] == 20
    assert first.record(Round("Eva", YELLOW, none)).scores["Markus"] == 26


@pytest.mark.parametrize(
    ("trump", "blind", "gain"),
    [(RED, False, 12), (GREEN, False, 12), (BLUE, False, 12), (YELLOW, False, 24),
     (YELLOW, True, 48)],
)
def test_r10_worked_example_caller_no_trick_gain_doubled(trump, blind, gain):
    g = game(Round("Ben", trump, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=blind))
    assert last_deltas(g)["Ben"] == gain


def test_r10_worked_example_caller_48_ends_game_and_cannot_win():
    g = game(Round("Ben", YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True))
    assert g.scores == {"Anna": 12, "Ben": 72, "Carl": 12}
    assert g.finished and g.outcome.reason is EndReason.LIMIT
    assert "Ben" not in g.outcome.winners
    assert g.outcome.winners == ("Anna", "Carl") and g.outcome.score == 12


def test_r10_caller_penalty_off_caller_gains_like_anyone():
    g = game(Round("Ben", YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),
             caller_penalty=False)
    assert last_deltas(g)["Ben"] == 24


def test_r10_caller_penalty_on_by_default():
    assert Settings().caller_penalty is True


def test_r10_only_the_caller_is_doubled():
    g = game(rnd("Ben", RED, Anna=0, Ben=0, Carl=6))
    assert last_deltas(g) == {"Anna": 6, "Ben": 12, "Carl": -6}


# -- R11: sitting out --------------------------------------------------------


def test_r11_player_who_sat_out_keeps_score():
    g = game(Round("Ben", YELLOW, {"Ben": 2, "Carl": 4}, sat_out={"Anna"}), sit_out=True)
    assert last_deltas(g) == {"Anna": 0, "Ben": -4, "Carl": -8}
    assert g.scores["Anna"] == 24
    assert g.takes_part(g.rounds[0]) == ("Ben", "Carl")


def test_r11_sat_out_player_may_not_have_tricks():
    with pytest.raises(RoundError, match="Anna sat out but has tricks"):
        game(Round("Ben", RED, {"Anna": 0, "Ben": 2, "Carl": 4}, sat_out={"Anna"}),
             sit_out=True)


# -- R12 / R13: end of the game ----------------------------------------------


def test_r12_game_goes_on_between_1_and_47():
    g = game(rnd("Ben", RED, Anna=6, Ben=0, Carl=0))  # 18, 36, 30
    assert not g.finished and g.outcome is None


def test_r12_game_ends_at_zero_exactly():
    # Yellow: Anna loses 12 per round with 6 tricks: 24 → 12 → 0.
    g = game(rnd("Ben", YELLOW, Anna=6, Ben=0, Carl=0))
    assert g.scores == {"Anna": 12, "Ben": 48, "Carl": 36}
    assert g.finished  # Ben reached 48 (≥ limit)


def test_r12_game_ends_when_someone_reaches_zero_or_below():
    g = game(caller_penalty=False)
    g = play(g, rnd("Ben", YELLOW, Anna=6, Ben=0, Carl=0))  # 12, 36, 36
    assert not g.finished
    g = play(g, rnd("Carl", YELLOW, Anna=6, Ben=0, Carl=0))  # 0, 48, 48
    assert g.scores["Anna"] == 0 and g.finished
    assert g.outcome.reason is EndReason.ZERO and g.outcome.winners == ("Anna",)
    assert g.outcome.after_round == 2


def test_r12_game_ends_at_48_or_more():
    g = game(rnd("Ben", YELLOW, Anna=0, Ben=0, Carl=6))  # 36, 48, 12
    assert g.scores["Ben"] == 48
    assert g.finished and g.outcome.reason is EndReason.LIMIT
    assert g.outcome.winners == ("Carl",) and g.outcome.score == 12


def test_r12_checked_after_every_round():
    g = game(Round("Ben", YELLOW, {"Anna": 6, "Ben": 0, "Carl": 0}, blind=True))
    assert g.scores == {"Anna": 0, "Ben": 72, "Carl": 48}
    assert g.finished and g.outcome.after_round == 1


def test_r13_lowest_score_wins_furthest_below_zero():
    g = game(sit_out=True, caller_penalty=False)
    g = play(g, rnd("Ben", YELLOW, Anna=5, Ben=1, Carl=0))  # 14, 22, 36
    g = play(g, Round("Carl", YELLOW, {"Anna": 5, "Carl": 1}, blind=True, sat_out={"Ben"}))
    assert g.scores == {"Anna": -6, "Ben": 22, "Carl": 32}
    assert g.outcome.winners == ("Anna",) and g.outcome.score == -6
    assert g.outcome.reason is EndReason.ZERO


def test_r13_tied_lowest_share_the_win_in_seat_order():
    g = Game(("Dora", "Carl", "Ben", "Anna")).record(
        Round("Carl", YELLOW, {"Dora": 0, "Carl": 0, "Ben": 3, "Anna": 3}, blind=True)
    )
    # Ben and Anna: 24 - 12 = 12; Dora +24 = 48 → limit.
    assert g.outcome.winners == ("Ben", "Anna")
    assert g.outcome.reason is EndReason.LIMIT


def test_r13_tie_at_zero_shares_the_win():
    g = game(Round("Ben", YELLOW, {"Anna": 3, "Ben": 3, "Carl": 0}, blind=True),
             start_score=12)
    assert g.scores == {"Anna": 0, "Ben": 0, "Carl": 36}
    assert g.outcome.winners == ("Anna", "Ben") and g.outcome.reason is EndReason.ZERO


def test_r13_zero_and_limit_in_one_round_lowest_wins_reason_zero():
    g = game(Round("Ben", YELLOW, {"Anna": 6, "Ben": 0, "Carl": 0}, blind=True))
    assert g.scores == {"Anna": 0, "Ben": 72, "Carl": 48}
    assert g.outcome.winners == ("Anna",) and g.outcome.reason is EndReason.ZERO


def test_r13_reason_limit_when_lowest_above_zero():
    g = game(rnd("Ben", YELLOW, Anna=0, Ben=0, Carl=6))
    assert g.outcome.reason is EndReason.LIMIT
    assert EndReason.LIMIT.value == "limit" and EndReason.ZERO.value == "zero"


# -- R14: nothing after the end ----------------------------------------------


def test_r14_no_round_after_the_end():
    g = game(rnd("Ben", YELLOW, Anna=0, Ben=0, Carl=6))
    nxt = rnd("Carl", RED, Anna=2, Ben=2, Carl=2)
    assert not g.can_record(nxt)
    with pytest.raises(GameOverError, match="ended after round 1") as info:
        g.record(nxt)
    assert info.value.round_number == 2


def test_r14_game_with_a_round_after_the_end_cannot_be_built():
    with pytest.raises(GameOverError) as info:
        game(rnd("Ben", YELLOW, Anna=0, Ben=0, Carl=6), rnd("Carl", RED, Anna=2, Ben=2, Carl=2))
    assert info.value.round_number == 2


def test_r14_no_sit_out_or_blind_questions_after_the_end():
    g = game(rnd("Ben", YELLOW, Anna=0, Ben=0, Carl=6), sit_out=True)
    assert not g.can_call_blind("Carl")
    assert not g.can_sit_out("Anna", "Carl")


# -- Variant A: trump chaos --------------------------------------------------


def test_variant_a_final_trump_counts_for_scoring():
    r = Round("Ben", RED, {"Anna": 1, "Ben": 2, "Carl": 3}, final_trump=YELLOW)
    g = game(r, trump_chaos=True)
    assert last_deltas(g) == {"Anna": -2, "Ben": -4, "Carl": -6}
    assert g.rounds[0].scored_trump is YELLOW
    r = Round("Ben", YELLOW, {"Anna": 0, "Ben": 3, "Carl": 3}, final_trump=GREEN)
    assert last_deltas(game(r, trump_chaos=True))["Anna"] == 6


def test_variant_a_trump_change_without_a_refused():
    r = Round("Ben", RED, {"Anna": 2, "Ben": 2, "Carl": 2}, final_trump=GREEN)
    with pytest.raises(RoundError, match="variant A"):
        game(r)


def test_variant_a_final_trump_equal_to_trump_is_no_change():
    r = Round("Ben", RED, {"Anna": 2, "Ben": 2, "Carl": 2}, final_trump=RED)
    assert r.final_trump is None
    assert game(r).rounds[0].scored_trump is RED


def test_variant_a_unknown_final_trump_refused():
    r = Round("Ben", RED, {"Anna": 2, "Ben": 2, "Carl": 2}, final_trump="purple")
    with pytest.raises(RoundError, match="unknown trump colour 'purple'"):
        game(r, trump_chaos=True)


@pytest.mark.parametrize("final", [RED, GREEN, BLUE])
def test_variant_a_yellow_blind_can_never_be_changed(final):
    r = Round("Ben", YELLOW, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=True, final_trump=final)
    with pytest.raises(RoundError, match="yellow blind can never be changed"):
        game(r, trump_chaos=True)


def test_variant_a_turning_on_proposes_dropping_r10():
    s = Settings().with_trump_chaos(True)
    assert s.trump_chaos is True and s.caller_penalty is False
    back = s.with_trump_chaos(False)
    assert back.trump_chaos is False and back.caller_penalty is True


def test_variant_a_table_may_keep_r10():
    s = dataclasses.replace(Settings().with_trump_chaos(True), caller_penalty=True)
    g = Game(ABC, s).record(Round("Ben", RED, {"Anna": 3, "Ben": 0, "Carl": 3}, final_trump=BLUE))
    assert last_deltas(g)["Ben"] == 12


def test_variant_a_off_by_default():
    s = Settings()
    assert (s.trump_chaos, s.sit_out, s.restrictions) == (False, False, False)


# -- Variant B: sitting out --------------------------------------------------


def test_variant_b_sitting_out_needs_b():
    r = Round("Ben", RED, {"Ben": 3, "Carl": 3}, sat_out={"Anna"})
    with pytest.raises(RoundError, match="sitting out is off in this game"):
        game(r)
    g = game()
    assert not g.can_sit_out("Anna", "Ben")


def test_variant_b_caller_never_sits_out():
    r = Round("Ben", RED, {"Anna": 3, "Carl": 3}, sat_out={"Ben"})
    with pytest.raises(RoundError, match="the caller Ben cannot sit out"):
        game(r, sit_out=True)
    g = game(sit_out=True)
    assert not g.can_sit_out("Ben", "Ben")
    with pytest.raises(RoundError, match="caller"):
        g.verify_sit_out("Ben", "Ben")


def test_variant_b_at_least_two_take_part():
    g = Game(("A", "B", "C", "D"), Settings(sit_out=True))
    assert g.can_sit_out("A", "B")
    assert g.can_sit_out("C", "B", ["A"])
    assert not g.can_sit_out("D", "B", ["A", "C"])
    r = Round("B", RED, {"B": 6}, sat_out={"A", "C", "D"})
    with pytest.raises(RoundError, match="at least 2 players must take part"):
        g.record(r)
    g = g.record(Round("B", RED, {"B": 2, "D": 4}, sat_out={"A", "C"}))
    assert g.scores == {"A": 24, "B": 22, "C": 24, "D": 20}


def test_variant_b_two_player_game_cannot_sit_out():
    g = Game(("A", "B"), Settings(sit_out=True))
    assert not g.can_sit_out("A", "B")
    assert not g.can_sit_out("B", "A")
    with pytest.raises(RoundError, match="at least 2 players"):
        g.record(Round("A", RED, {"A": 6}, sat_out={"B"}))


def test_variant_b_sit_out_of_unknown_player_refused():
    g = game(sit_out=True)
    with pytest.raises(RoundError, match="'Dora' sat out but is not a player"):
        g.record(Round("Ben", RED, {"Anna": 2, "Ben": 2, "Carl": 2}, sat_out={"Dora"}))


def test_variant_b_sit_out_error_is_deterministic_in_seat_order():
    # Several players at fault: the first in seat order is named, whatever the hash seed.
    g = Game(("A", "B", "C", "D", "E"), Settings(sit_out=True, restrictions=True, start_score=12))
    r = Round("E", RED, {"B": 2, "E": 2, "D": 2}, sat_out={"C", "A"})
    with pytest.raises(RoundError, match=r"^round 1: A may not sit out with 12"):
        g.record(r)


# -- Variant C: restrictions -------------------------------------------------


def _at(score: int, *, players=ABC, **settings) -> Game:
    """A game where Anna stands at ``score`` (24 - 6k with red tricks) before the next round."""
    g = Game(tuple(players), Settings(**settings))
    lost = 24 - score
    while lost:
        take = min(lost, 6)
        others = 6 - take
        tricks = {"Anna": take, "Ben": others - others // 2, "Carl": others // 2}
        g = g.record(Round(g.next_caller if g.next_caller != "Anna" else "Ben", RED, tricks))
        lost -= take
    assert g.scores["Anna"] == score
    return g


def test_variant_c_twelve_or_fewer_may_not_sit_out():
    g = _at(12, sit_out=True, restrictions=True)
    assert not g.can_sit_out("Anna", "Carl")
    with pytest.raises(RoundError, match="variant C"):
        g.verify_sit_out("Anna", "Carl")
    r = Round("Carl", RED, {"Ben": 3, "Carl": 3}, sat_out={"Anna"})
    with pytest.raises(RoundError, match="Anna may not sit out with 12 points") as info:
        g.record(r)
    assert info.value.round_number == len(g.rounds) + 1


def test_variant_c_thirteen_may_sit_out():
    g = _at(13, sit_out=True, restrictions=True)
    assert g.can_sit_out("Anna", "Carl")
    g.record(Round("Carl", RED, {"Ben": 3, "Carl": 3}, sat_out={"Anna"}))


def test_variant_c_sit_out_limit_needs_c():
    g = _at(12, sit_out=True)
    assert g.can_sit_out("Anna", "Carl")


def test_variant_c_six_or_fewer_may_not_exchange():
    assert _at(7, restrictions=True).no_exchange == ()
    assert _at(6, restrictions=True).no_exchange == ("Anna",)
    assert _at(6).no_exchange == ()  # without C nobody is barred


def test_variant_c_no_exchange_in_seat_order():
    g = Game(("A", "B", "C"), Settings(restrictions=True, start_score=8))
    assert g.no_exchange == ()
    g = g.record(Round("B", RED, {"A": 2, "B": 2, "C": 2}))  # 6, 6, 6
    assert g.no_exchange == ("A", "B", "C")


def test_variant_c_blind_needs_25():
    g = game(restrictions=True)  # everyone at 24
    assert not g.can_call_blind("Ben")
    with pytest.raises(RoundError, match="Ben may not call yellow blind with 24 points") as info:
        g.record(Round("Ben", YELLOW, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=True))
    assert info.value.round_number == 1
    g = g.record(rnd("Ben", RED, Anna=0, Ben=3, Carl=3))  # Anna 30
    assert g.can_call_blind("Anna")
    assert not g.can_call_blind("Ben")
    g.record(Round("Anna", YELLOW, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=True))


def test_variant_c_blind_at_exactly_25():
    g = game(restrictions=True, start_score=25)
    assert g.can_call_blind("Ben")


def test_variant_c_blind_without_c_needs_nothing():
    assert game().can_call_blind("Ben")
    assert game(start_score=2).can_call_blind("Ben")


def test_variant_c_blind_of_unknown_caller():
    assert not game().can_call_blind("Dora")


def test_variant_c_score_before_the_round_counts():
    # Ben is at 25 before the round; that he falls below during it does not matter.
    g = game(restrictions=True, start_score=25)
    g = g.record(Round("Ben", YELLOW, {"Anna": 0, "Ben": 5, "Carl": 1}, blind=True))
    assert g.scores["Ben"] == 5


def test_variant_c_queries_for_a_past_round():
    g = game(rnd("Ben", RED, Anna=0, Ben=3, Carl=3), restrictions=True)  # Anna 30
    assert not g.can_call_blind("Anna", 1)
    assert g.can_call_blind("Anna", 2)
    assert g.can_call_blind("Anna")


# -- Editing: replace and undo -----------------------------------------------


def test_edit_replace_rescores_later_rounds():
    g = game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2), rnd("Carl", RED, Anna=2, Ben=2, Carl=2))
    h = g.replace(1, rnd("Ben", YELLOW, Anna=2, Ben=2, Carl=2))
    assert h.scores == {"Anna": 18, "Ben": 18, "Carl": 18}
    assert g.scores == {"Anna": 20, "Ben": 20, "Carl": 20}  # the old value is unchanged
    assert h.rounds[1] == g.rounds[1]


def test_edit_replace_that_ends_game_earlier_refused_naming_later_round():
    g = game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2), rnd("Carl", RED, Anna=2, Ben=2, Carl=2),
             rnd("Anna", RED, Anna=2, Ben=2, Carl=2))
    ending = Round("Ben", YELLOW, {"Anna": 0, "Ben": 0, "Carl": 6})  # Ben 48
    assert not g.can_replace(1, ending)
    with pytest.raises(EditError, match="round 2: after changing round 1") as info:
        g.replace(1, ending)
    assert info.value.round_number == 2 and info.value.edited_round == 1
    with pytest.raises(EditError):
        g.verify_replace(1, ending)
    assert len(g.rounds) == 3 and not g.finished  # nothing changed


def test_edit_replace_making_variant_c_bite_later_refused():
    g = game(rnd("Ben", RED, Anna=0, Ben=3, Carl=3),  # Anna 30
             Round("Carl", RED, {"Anna": 2, "Ben": 2, "Carl": 2}),  # Anna 28
             Round("Anna", YELLOW, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=True),
             restrictions=True)
    assert g.scores["Anna"] == 20
    worse = rnd("Ben", RED, Anna=1, Ben=2, Carl=3)  # Anna 23 → 21 before round 3
    with pytest.raises(EditError, match=r"round 3: .*Anna may not call yellow blind") as info:
        g.replace(1, worse)
    assert info.value.round_number == 3 and info.value.edited_round == 1
    assert g.rounds[0].tricks["Anna"] == 0


def test_edit_replace_making_sit_out_restriction_bite_refused():
    g = game(rnd("Ben", RED, Anna=1, Ben=2, Carl=3),  # Anna 23
             Round("Carl", RED, {"Ben": 3, "Carl": 3}, sat_out={"Anna"}),
             sit_out=True, restrictions=True)
    with pytest.raises(EditError, match="round 2") as info:
        g.replace(1, Round("Ben", YELLOW, {"Anna": 6, "Ben": 0, "Carl": 0}))  # Anna 12
    assert isinstance(info.value, RoundError)


def test_edit_replace_with_invalid_round_names_that_round():
    g = game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2), rnd("Carl", RED, Anna=2, Ben=2, Carl=2))
    with pytest.raises(RoundError, match=r"^round 1: tricks add up to 7") as info:
        g.replace(1, rnd("Ben", RED, Anna=3, Ben=2, Carl=2))
    assert not isinstance(info.value, EditError)


@pytest.mark.parametrize("number", [0, 3, -1])
def test_edit_replace_unknown_round(number):
    g = game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2), rnd("Carl", RED, Anna=2, Ben=2, Carl=2))
    with pytest.raises(RoundError, match="no round"):
        g.replace(number, rnd("Ben", RED, Anna=2, Ben=2, Carl=2))


def test_edit_replace_last_round_of_finished_game_can_reopen_it():
    g = game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2),
             Round("Carl", YELLOW, {"Anna": 0, "Ben": 0, "Carl": 6}, blind=True))
    assert g.finished and g.scores == {"Anna": 46, "Ben": 46, "Carl": -2}
    h = g.replace(2, rnd("Carl", RED, Anna=2, Ben=2, Carl=2))
    assert not h.finished


def test_edit_undo_removes_the_last_round():
    g = game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2),
             Round("Carl", YELLOW, {"Anna": 0, "Ben": 0, "Carl": 6}, blind=True))
    assert g.finished
    h = g.undo()
    assert len(h.rounds) == 1 and not h.finished
    assert h.scores == {"Anna": 22, "Ben": 22, "Carl": 22}
    assert h.undo() == Game(ABC, taken_back=g.rounds)  # kept to be put back, in order
    assert h.undo().redo().redo() == g
    with pytest.raises(RoundError, match="no round to undo"):
        Game(ABC).undo()


def test_game_is_frozen_value():
    g = game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.rounds = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        g.rounds[0].tricks["Anna"] = 5  # type: ignore[index]
    assert g == game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2))


def test_errors_are_scoring_errors_with_round_prefix():
    with pytest.raises(ScoringError) as info:
        game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2), rnd("Carl", RED, Anna=2, Ben=2, Carl=1))
    assert str(info.value) == "round 2: tricks add up to 5, not 6"
    assert isinstance(info.value, ValueError)


def test_scores_before_round():
    g = game(rnd("Ben", RED, Anna=2, Ben=2, Carl=2))
    assert g.scores_before(1) == (24, 24, 24)
    assert g.scores_before(2) == (22, 22, 22)
    with pytest.raises(RoundError):
        g.scores_before(3)


# -- the fold (Game construction) refuses exactly what record() refuses ------

FOLD_CASES = [
    Round("Carl", RED, {"Ben": 3, "Carl": 3}, sat_out={"Dora"}),  # a stranger for Anna
    Round("Carl", RED, {"Ben": 3, "Carl": 3}, sat_out={"Anna"}),  # Anna at 12 (C)
    Round("Carl", RED, {"Anna": 3, "Ben": 3}, sat_out={"Carl"}),  # the caller
    Round("Carl", RED, {"Ben": 3, "Carl": 3}, sat_out={"Ben"}),  # plays although out
    Round("Carl", RED, {"Carl": 6}, sat_out={"Anna", "Ben"}),  # only the caller plays
    Round("Carl", RED, {"Anna": -1, "Ben": 4, "Carl": 3}),  # adds up to 6 with a -1
    Round("Carl", RED, {"Anna": 7, "Ben": -1, "Carl": 0}),
    Round("Carl", YELLOW, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=True),  # C: Carl at 24
    Round("Carl", YELLOW, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=True, final_trump=RED),
    Round("Carl", None, {"Anna": 2, "Ben": 2, "Carl": 2}),
    Round("Carl", RED, {"Anna": 2, "Ben": 2, "Carl": 2}, blind=1),
    Round("Carl", RED, {"Anna": 2, "Ben": 2, "Zed": 2}),
    Round("Carl", "red", {"Anna": 2, "Ben": 2, "Carl": 2}),
]


@pytest.mark.parametrize("chaos", [False, True])
@pytest.mark.parametrize("bad", FOLD_CASES)
def test_r7_variant_b_c_fold_refuses_what_record_refuses(bad, chaos):
    settings = Settings(sit_out=True, restrictions=True, trump_chaos=chaos, start_score=18)
    g = Game(ABC, settings).record(rnd("Ben", RED, Anna=6, Ben=0, Carl=0))  # Anna 12
    with pytest.raises(RoundError) as by_record:
        g.record(bad)
    with pytest.raises(RoundError) as by_fold:
        Game(ABC, settings, (*g.rounds, bad))
    assert str(by_fold.value) == str(by_record.value)
    assert by_fold.value.round_number == 2
