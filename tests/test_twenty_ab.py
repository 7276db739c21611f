""""20 ab" (docs/RULES.md): every worked example of the rule book, every rule Z1–Z21, every option.

Games are played through their records (``replay_text``), the public contract,
and refused rounds are checked by their code, values and round.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from scoring import (
    BOOKS,
    LEHRBLATT,
    TEMMELS,
    WUERTTEMBERG,
    EndReason,
    Game,
    GameOverError,
    PlayersError,
    Round,
    RoundError,
    ScoringError,
    Settings,
    SettingsError,
    Suit,
    game_from_record,
    game_to_record,
    replay_text,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOUR = ["Anna", "Ben", "Carl", "Dora"]
THREE = ["Anna", "Ben", "Carl"]


def record(preset: str, players: list[str], rounds: list[dict], **options) -> dict:
    return {"players": players, "rules": {"book": "20ab", "preset": preset, **options},
            "rounds": rounds}


def rnd(caller: str, trump: str | None, tricks: str, players: list[str] = FOUR, **keys) -> dict:
    """A round; ``tricks`` as "2/1/2/0" for the players who played, in seat order."""
    sat_out = keys.get("sat_out", [])
    playing = [p for p in players if p not in sat_out]
    counts = [int(t) for t in tricks.split("/")]
    round_ = {"caller": caller, "tricks": dict(zip(playing, counts, strict=True)), **keys}
    if trump is not None:
        round_["trump"] = trump
    return round_


def replay(rec: dict) -> dict:
    return replay_text(json.dumps(rec))


def scores(rec: dict) -> list[list[int]]:
    """Each round's scores in seat order."""
    return [list(r["scores"].values()) for r in replay(rec)["rounds"]]


def deltas(rec: dict) -> list[list[int]]:
    return [list(r["deltas"].values()) for r in replay(rec)["rounds"]]


def refused(rec: dict) -> ScoringError:
    with pytest.raises(ScoringError) as info:
        replay(rec)
    return info.value


# -- the worked examples ------------------------------------------------------

L1 = rnd("Ben", "spades", "2/1/2/0", dealer="Anna")
L2 = rnd("Carl", "hearts", "3/2/0", dealer="Ben", sat_out=["Dora"])
L3 = rnd("Dora", "hearts", "0/3/2/0", dealer="Carl", blind=True)


def test_example_l1_lehrblatt_spades_z12():
    assert scores(record("lehrblatt", FOUR, [L1])) == [[18, 19, 18, 25]]


def test_example_l2_lehrblatt_hearts_sitting_out_z11_z13_z15():
    assert scores(record("lehrblatt", FOUR, [L1, L2]))[-1] == [12, 15, 38, 27]


def test_example_l3_lehrblatt_hearts_blind_z6_no_upper_limit_z19():
    report = replay(record("lehrblatt", FOUR, [L1, L2, L3]))
    assert list(report["scores"].values()) == [32, 3, 30, 67]
    assert not report["finished"] and report["reason"] is None


def test_example_l3_option_upper_limit_60_ends_by_limit_lowest_wins_z19_z20():
    report = replay(record("lehrblatt", FOUR, [L1, L2, L3], upper_limit=60))
    assert report["finished"] and report["reason"] == "limit" and report["winners"] == ["Ben"]


def test_example_l4_option_deck_german_double_five_players_z3():
    five = [*FOUR, "Emil"]
    rec = record("lehrblatt", five, [rnd("Anna", "diamonds", "1/3/2/0", five, dealer="Emil",
                                         sat_out=["Ben"])], deck="german_double")
    assert deltas(rec) == [[-1, 1, -3, -2, 5]]


L5 = [rnd("Anna", "hearts", "4/1/0", THREE), rnd("Ben", "hearts", "4/1/0", THREE),
      rnd("Carl", "spades", "1/2/2", THREE), rnd("Anna", "spades", "4/1/0", THREE),
      rnd("Ben", "diamonds", "3/1/1", THREE)]


def test_example_l5_option_end_exact_zero_z16_z19():
    rec = record("lehrblatt", THREE, L5, end="exact_zero")
    assert scores(rec) == [[12, 18, 30], [4, 16, 40], [3, 14, 38], [3, 13, 43], [0, 12, 42]]
    assert deltas(rec)[3] == [0, -1, 5]  # Anna short of exactly 0: stays at 3
    report = replay(rec)
    assert report["finished"] and report["winners"] == ["Anna"] and report["reason"] == "zero"


def test_example_l5_default_end_zero_or_below_z19():
    report = replay(record("lehrblatt", THREE, L5[:4]))
    assert list(report["scores"].values()) == [-1, 13, 43]
    assert report["finished"] and report["winners"] == ["Anna"]
    assert len(report["rounds"]) == 4


L6 = [rnd("Anna", "hearts", "3/2/0/0"), rnd("Ben", "hearts", "2/3/0/0"),
      rnd("Carl", "hearts", "2/2/1/0"), rnd("Dora", "spades", "2/2/0/1")]


def test_example_l6_four_rounds():
    assert scores(record("lehrblatt", FOUR, L6)) == [
        [14, 16, 30, 30], [10, 10, 40, 40], [6, 6, 38, 50], [4, 4, 43, 49]]


def test_example_l6_two_out_equal_lowest_share_option_tie_break_lowest_z20():
    report = replay(record("lehrblatt", FOUR, [*L6, rnd("Anna", "hearts", "2/2/0/1")]))
    assert list(report["scores"].values()) == [0, 0, 53, 47]
    assert report["winners"] == ["Anna", "Ben"] and report["reason"] == "zero"


def test_example_l6_two_out_lowest_wins_z20():
    report = replay(record("lehrblatt", FOUR, [*L6, rnd("Anna", "hearts", "2/3/0/0")]))
    assert list(report["scores"].values()) == [0, -2, 53, 59]
    assert report["winners"] == ["Ben"]


def test_example_l6_option_tie_break_first_out_z20():
    last = rnd("Anna", "hearts", "2/3/0/0", first_out="Anna")
    report = replay(record("lehrblatt", FOUR, [*L6, last], tie_break="first_out"))
    assert report["winners"] == ["Anna"] and report["reason"] == "zero"


def test_example_l6_first_out_missing_or_not_out_refused_z20():
    two_out = rnd("Anna", "hearts", "2/3/0/0")
    error = refused(record("lehrblatt", FOUR, [*L6, two_out], tie_break="first_out"))
    assert error.code == "first_out_missing" and error.round_number == 5
    assert error.values["out"] == "Anna, Ben"
    carl = {**two_out, "first_out": "Carl"}
    error = refused(record("lehrblatt", FOUR, [*L6, carl], tie_break="first_out"))
    assert error.code == "first_out_not_out" and error.round_number == 5


T1 = rnd("Anna", "hearts", "0/4/1", THREE, dealer="Carl")


def test_example_t1_temmels():
    rec = record("temmels", THREE, [T1, rnd("Ben", "clubs", "0/2/3", THREE)])
    assert scores(rec) == [[40, 12, 18], [45, 10, 15]]


def test_example_t1_temmels_option_sit_out_off_by_default_z9():
    sat = rnd("Anna", "hearts", "0/5", THREE, dealer="Carl", sat_out=["Carl"])
    error = refused(record("temmels", THREE, [sat]))
    assert error.code == "sit_out_not_allowed" and error.round_number == 1
    assert deltas(record("temmels", THREE, [sat], sit_out=True)) == [[20, -10, 2]]


W1 = [rnd("Ben", "clubs", "1/3/0/2", dealer="Dora", bid=3),
      rnd("Carl", "hearts", "2/1/3", dealer="Anna", bid=4, sat_out=["Dora"])]


def test_example_w1_wuerttemberg_bids_z7_z14():
    assert scores(record("wuerttemberg", FOUR, W1)) == [[19, 17, 25, 18], [15, 15, 37, 18]]


def test_example_w1_option_contract_penalty_add_z14():
    assert scores(record("wuerttemberg", FOUR, W1, contract_penalty="add"))[1][2] == 31


W2 = [rnd("Dora", "hearts", "2/2/1/1", dealer="Carl", bid=6),
      rnd("Dora", "hearts", "2/2/1/1", dealer="Dora", bid=5),
      rnd("Carl", "spades", "1/1/4/0", dealer="Anna", bid=2),
      rnd("Dora", "hearts", "2/2/1/1", dealer="Carl", blind=True)]


def test_example_w2_wuerttemberg_hearts_blind_z6_z14():
    assert scores(record("wuerttemberg", FOUR, W2)) == [
        [16, 16, 18, 32], [12, 12, 16, 44], [11, 11, 12, 49], [3, 3, 8, 73]]


def test_example_w2_blind_too_low_or_not_left_of_dealer_refused_z6():
    error = refused(record("wuerttemberg", FOUR, [W2[0], W2[3]]))
    assert error.code == "blind_too_low" and error.round_number == 2
    assert error.values == {"player": "Dora", "suit": Suit.HEARTS, "value": 32, "expected": 40,
                            "round": 2}
    error = refused(record("wuerttemberg", FOUR, [*W2[:3], {**W2[3], "dealer": "Anna"}]))
    assert error.code == "blind_not_left_of_dealer" and error.round_number == 4
    assert error.values["expected"] == "Ben"


W3 = [rnd("Ben", "spades", "1/3/2", THREE, dealer="Anna", misdeals=2, knock=True),
      rnd("Carl", "diamonds", "0/3/3", THREE, dealer="Ben", misdeals=1, bid=2),
      rnd("Anna", "spades", "3/1/2", THREE, dealer="Carl", bid=3),
      rnd("Anna", "clubs", "4/2/0", THREE, dealer="Anna", misdeals=1, knock=True)]


def test_example_w3_option_knock_and_misdeal_strikes_z8_z17():
    rec = record("wuerttemberg", THREE, W3)
    assert scores(rec) == [[19, 26, 18], [24, 23, 15], [21, 22, 13], [29, 20, 18]]
    assert deltas(rec)[3] == [8, -2, 5]  # Anna −4 and her third strike +12
    assert game_from_record(rec).strikes() == {"Anna": 3, "Ben": 1, "Carl": 0}


def test_example_w3_knock_round_hearts_at_the_bottom_z11():
    rec = record("wuerttemberg", THREE, [{**W3[0], "trump": "hearts"}])
    assert deltas(rec) == [[-2, 12, -4]]


def test_example_w3_option_knock_trump_none_z8():
    no_trump = {k: v for k, v in W3[0].items() if k != "trump"}
    assert deltas(record("wuerttemberg", THREE, [no_trump], knock_trump="none")) == [[-1, 6, -2]]
    error = refused(record("wuerttemberg", THREE, [no_trump]))
    assert error.code == "knock_needs_trump" and error.round_number == 1
    error = refused(record("wuerttemberg", THREE, [W3[0]], knock_trump="none"))
    assert error.code == "knock_no_trump" and error.round_number == 1


W4 = [rnd("Dora", "hearts", "2/2/2/0", dealer="Anna", bid=6),
      rnd("Dora", "hearts", "2/2/2/0", dealer="Ben", bid=6),
      rnd("Dora", "hearts", "2/2/2/0", dealer="Carl", blind=True),
      rnd("Anna", "hearts", "2/2/2/0", dealer="Dora", bid=2),
      rnd("Dora", "hearts", "2/2/2/0", dealer="Anna", bid=3)]


def test_example_w4_option_start_score_30_and_option_hundred_to_ten_z2_z18():
    rec = record("wuerttemberg", FOUR, W4, start_score=30)
    assert scores(rec) == [[26, 26, 26, 42], [22, 22, 22, 54], [14, 14, 14, 78],
                           [10, 10, 10, 88], [6, 6, 6, 10]]
    assert deltas(rec)[4][3] == -78


def test_example_w4_hundred_to_ten_off_z18():
    rec = record("wuerttemberg", FOUR, W4, start_score=30, hundred_to_ten=False)
    assert scores(rec)[4][3] == 100 and deltas(rec)[4][3] == 12


def test_example_sitting_out_three_times_refused_z9():
    free = [rnd("Ben", "spades", "2/2/2", sat_out=["Dora"], dealer="Anna", bid=2),
            rnd("Carl", "spades", "2/2/2", sat_out=["Dora"], dealer="Ben", bid=2)]
    assert scores(record("wuerttemberg", FOUR, free))[1][3] == 20  # free (Z15)
    third = rnd("Anna", "spades", "2/2/2", sat_out=["Dora"], dealer="Carl", bid=2)
    error = refused(record("wuerttemberg", FOUR, [*free, third]))
    assert error.code == "sit_out_streak" and str(error) == (
        "round 3: Dora sat out the 2 rounds before")


def test_example_record_of_section_8():
    rec = {"players": FOUR,
           "rules": {"book": "20ab", "preset": "wuerttemberg", "start_score": 20,
                     "contract_penalty": "replace", "tie_break": "lowest"},
           "rounds": [
               {"dealer": "Dora", "caller": "Ben", "trump": "clubs", "bid": 3,
                "tricks": {"Anna": 1, "Ben": 3, "Carl": 0, "Dora": 2}},
               {"dealer": "Anna", "caller": "Carl", "trump": "hearts", "bid": 4,
                "sat_out": ["Dora"], "tricks": {"Anna": 2, "Ben": 1, "Carl": 3}},
               {"dealer": "Ben", "misdeals": 1, "caller": "Dora", "knock": True,
                "trump": "spades", "tricks": {"Anna": 1, "Ben": 0, "Carl": 1, "Dora": 4}}]}
    report = replay(rec)
    assert report["scores"] == {"Anna": 14, "Ben": 20, "Carl": 36, "Dora": 14}
    assert not report["finished"]


# -- Z1–Z21 one by one ----------------------------------------------------------


@pytest.mark.parametrize(("preset", "fewest", "most"),
                         [("lehrblatt", 3, 5), ("wuerttemberg", 3, 6), ("temmels", 3, 6)])
def test_z1_player_counts_per_preset(preset, fewest, most):
    names = [f"P{i}" for i in range(8)]
    for n in (fewest, most):
        assert game_from_record(record(preset, names[:n], [])).players == tuple(names[:n])
    for n in (fewest - 1, most + 1):
        with pytest.raises(PlayersError) as info:
            game_from_record(record(preset, names[:n], []))
        assert info.value.code == "players_count" and info.value.values["maximum"] == most


def test_z1_names_unique_case_insensitively():
    with pytest.raises(PlayersError) as info:
        game_from_record(record("lehrblatt", ["Anna", "Ben", " anna"], []))
    assert info.value.code == "player_twice"


def test_z2_option_start_score_allowed_values():
    assert game_from_record(record("wuerttemberg", THREE, [], start_score=30)).scores == {
        "Anna": 30, "Ben": 30, "Carl": 30}
    error = refused(record("lehrblatt", THREE, [], start_score=30))
    assert error.code == "option_not_allowed" and error.values["key"] == "start_score"
    assert str(error) == "rules.start_score: 30 not allowed with preset lehrblatt"


def test_z3_option_deck_sets_tricks_per_round():
    assert Settings(LEHRBLATT).tricks_per_round == 5
    assert Settings(LEHRBLATT, deck="german_double").tricks_per_round == 6
    assert Settings(WUERTTEMBERG).tricks_per_round == 6
    assert Settings(TEMMELS).tricks_per_round == 5
    error = refused(record("temmels", THREE, [], deck="german_double"))
    assert str(error) == 'rules.deck: "german_double" not allowed with preset temmels'


def test_z4_dealer_required_in_wuerttemberg_caller_and_dealer_are_players():
    no_dealer = {k: v for k, v in W1[0].items() if k != "dealer"}
    assert refused(record("wuerttemberg", FOUR, [no_dealer])).code == "dealer_missing"
    error = refused(record("lehrblatt", FOUR, [{**L1, "dealer": "Emil"}]))
    assert error.code == "dealer_not_player" and error.round_number == 1
    error = refused(record("lehrblatt", FOUR, [L1, {**L1, "caller": "Emil"}]))
    assert error.code == "caller_not_player" and error.round_number == 2
    # Lehrblatt: the dealer may be left out; the caller is recorded, whoever he is.
    assert scores(record("lehrblatt", FOUR, [{k: v for k, v in L1.items() if k != "dealer"}]))


def test_z5_trump_one_of_four_suits_exact_spelling():
    for bad, code in (("Hearts", "unknown_suit"), ("red", "unknown_suit"), (None, "trump_missing"),
                      (3, "unknown_suit")):
        error = refused(record("lehrblatt", FOUR, [{**L1, "trump": bad}]))
        assert error.code == code and error.round_number == 1
    assert [s.value for s in Suit] == ["clubs", "spades", "hearts", "diamonds"]


def test_z6_blind_only_hearts_and_not_in_temmels():
    error = refused(record("lehrblatt", FOUR, [{**L1, "blind": True}]))
    assert error.code == "blind_not_suit" and error.values["suit"] is Suit.HEARTS
    assert str(error) == "round 1: only hearts can be called blind, not spades"
    error = refused(record("temmels", THREE, [{**T1, "blind": True}]))
    assert error.code == "blind_off"
    error = refused(record("lehrblatt", FOUR, [{**L1, "blind": "yes"}]))
    assert error.code == "blind_not_bool"


def test_z6_lehrblatt_blind_without_score_condition():
    rec = record("lehrblatt", THREE, [rnd("Ben", "hearts", "1/2/2", THREE, blind=True)])
    assert scores(rec) == [[16, 12, 12]]


def test_z7_bid_required_in_range_only_in_wuerttemberg():
    no_bid = {k: v for k, v in W1[0].items() if k != "bid"}
    assert refused(record("wuerttemberg", FOUR, [no_bid])).code == "bid_missing"
    for bad in (0, 7, 2.0, True, "3"):
        error = refused(record("wuerttemberg", FOUR, [{**W1[0], "bid": bad}]))
        assert error.code == "bid_range" and error.values["expected"] == 6
    assert refused(record("lehrblatt", FOUR, [{**L1, "bid": 2}])).code == "bid_not_here"
    blind_bid = record("wuerttemberg", FOUR, [*W2[:3], {**W2[3], "bid": 2}])
    assert refused(blind_bid).code == "bid_not_here"


def test_z8_option_knock_off_and_knock_rules():
    knock = {**L1, "knock": True}
    assert refused(record("lehrblatt", FOUR, [knock])).code == "knock_off"
    assert refused(record("wuerttemberg", THREE, [W3[0]], knock=False)).code == "knock_off"
    blind_knock = {**W3[0], "blind": True, "trump": "hearts"}
    assert refused(record("wuerttemberg", THREE, [blind_knock])).code == "knock_blind"
    assert refused(record("wuerttemberg", THREE, [{**W3[0], "knock": 1}])).code == \
        "knock_not_bool"


def test_z9_sitting_out_refusals():
    def sat(**keys):
        return rnd("Ben", keys.pop("trump", "spades"), keys.pop("tricks", "2/1/2"), **keys)

    cases = [
        ("lehrblatt", {"sat_out": ["Ben"], "tricks": "2/1/2"}, "sit_out_caller"),
        ("lehrblatt", {"sat_out": ["Dora"], "trump": "clubs"}, "sit_out_not_with"),
        ("lehrblatt", {"sat_out": ["Dora"], "trump": "hearts", "blind": True}, "sit_out_not_with"),
        ("lehrblatt", {"sat_out": ["Emil"], "tricks": "1/1/1/2"}, "sit_out_stranger"),
    ]
    for preset, keys, code in cases:
        round_ = sat(**keys)
        error = refused(record(preset, FOUR, [round_]))
        assert error.code == code and error.round_number == 1, (keys, error)


def test_z9_at_least_two_play():
    alone = rnd("Ben", "spades", "5", THREE, sat_out=["Anna", "Carl"])
    error = refused(record("lehrblatt", THREE, [alone]))
    assert error.code == "sit_out_too_few" and error.values["player"] == "Carl"


def test_z9_at_most_two_sit_out_in_lehrblatt_any_number_in_wuerttemberg():
    five = [*FOUR, "Emil"]
    three_out = rnd("Ben", "spades", "3/2", five, sat_out=["Carl", "Dora", "Emil"])
    error = refused(record("lehrblatt", five, [three_out]))
    assert error.code == "sit_out_too_many" and error.values == {
        "value": 3, "expected": 2, "round": 1}
    wue = rnd("Ben", "spades", "3/3", five, sat_out=["Carl", "Dora", "Emil"], dealer="Anna",
              bid=3)
    assert scores(record("wuerttemberg", five, [wue])) == [[17, 17, 20, 20, 20]]


def test_z9_sitter_needs_six_points():
    down = [rnd("Ben", "hearts", "5/0/0/0", dealer="Anna")]  # Anna 20 − 10 = 10
    down.append(rnd("Carl", "spades", "5/0/0/0", dealer="Ben"))  # Anna 5
    error = refused(record("lehrblatt", FOUR, [*down, rnd("Dora", "spades", "1/2/2",
                                                          sat_out=["Anna"])]))
    assert error.code == "sit_out_low" and error.values["value"] == 5
    assert error.values["expected"] == 6 and error.round_number == 3


def test_z9_knock_round_nobody_sits_out():
    rec = record("wuerttemberg", FOUR, [rnd("Ben", "spades", "2/4/0", dealer="Anna", knock=True,
                                            sat_out=["Dora"])])
    error = refused(rec)
    assert error.code == "sit_out_not_with" and error.values["why"] == "knock"


def test_z10_tricks_name_players_who_played_and_add_up_to_t():
    error = refused(record("lehrblatt", FOUR, [rnd("Ben", "spades", "2/1/2/1")]))
    assert error.code == "tricks_sum" and error.values == {"value": 6, "expected": 5, "round": 1}
    error = refused(record("lehrblatt", FOUR, [rnd("Ben", "spades", "6/0/0/0")]))
    assert error.code == "tricks_range"
    missing = {**L1, "tricks": {"Anna": 3, "Ben": 2}}
    assert refused(record("lehrblatt", FOUR, [missing])).code == "tricks_missing"


def test_z11_trick_value_one_two_four():
    plain = deltas(record("lehrblatt", THREE, [rnd("Anna", "diamonds", "1/2/2", THREE)]))
    hearts = deltas(record("lehrblatt", THREE, [rnd("Anna", "hearts", "1/2/2", THREE)]))
    blind = deltas(record("lehrblatt", THREE, [rnd("Anna", "hearts", "1/2/2", THREE,
                                                  blind=True)]))
    assert plain == [[-1, -2, -2]] and hearts == [[-2, -4, -4]] and blind == [[-4, -8, -8]]


def test_z12_no_trick_gains_five_v_also_in_wuerttemberg():
    assert deltas(record("lehrblatt", THREE, [rnd("Anna", "spades", "5/0/0", THREE)])) == [
        [-5, 5, 5]]
    wue = record("wuerttemberg", THREE, [rnd("Anna", "hearts", "6/0/0", THREE, dealer="Carl",
                                             bid=6)])
    assert deltas(wue) == [[-12, 10, 10]]


def test_z13_caller_without_trick_gains_ten_v():
    rec = record("temmels", THREE, [rnd("Anna", "spades", "0/3/2", THREE)])
    assert deltas(rec) == [[10, -3, -2]]


def test_z14_contract_blind_two_knock_four_option_contract_penalty():
    knock = rnd("Ben", "spades", "1/3/2", THREE, dealer="Anna", knock=True)
    assert deltas(record("wuerttemberg", THREE, [knock])) == [[-1, 6, -2]]
    assert deltas(record("wuerttemberg", THREE, [knock], contract_penalty="add")) == [
        [-1, 3, -2]]
    made = rnd("Ben", "spades", "1/4/1", THREE, dealer="Anna", knock=True)
    assert deltas(record("wuerttemberg", THREE, [made])) == [[-1, -4, -1]]
    error = refused(record("lehrblatt", THREE, [], contract_penalty="add"))
    assert error.code == "option_not_allowed"


def test_z15_sitting_out_costs_one_hearts_two_free_in_wuerttemberg():
    assert deltas(record("lehrblatt", FOUR, [L1, L2]))[1][3] == 2
    spades = rnd("Carl", "spades", "3/2/0", dealer="Ben", sat_out=["Dora"])
    assert deltas(record("lehrblatt", FOUR, [spades]))[0][3] == 1
    assert deltas(record("wuerttemberg", FOUR, W1))[1][3] == 0


def test_z16_exact_zero_penalties_always_apply():
    rec = record("lehrblatt", THREE, [*L5[:3], rnd("Carl", "spades", "5/0/0", THREE)],
                 end="exact_zero")
    assert deltas(rec)[3] == [0, 5, 10]  # Anna 3 − 5 < 0: stays; the others gain


def test_z17_misdeal_strikes_every_third_recurs():
    rounds = [rnd("Ben", "spades", "2/2/2", THREE, dealer="Anna", knock=True, misdeals=3)]
    rounds.append(rnd("Ben", "spades", "2/4/0", THREE, dealer="Anna", knock=True, misdeals=4))
    rec = record("wuerttemberg", THREE, rounds)
    assert deltas(rec) == [[-2 + 12, 6, -2], [-2 + 12, -4, 5]]  # strikes 3, then 7 (the 6th)
    six_at_once = {**rounds[0], "misdeals": 6}
    assert deltas(record("wuerttemberg", THREE, [six_at_once])) == [[-2 + 24, 6, -2]]
    error = refused(record("lehrblatt", FOUR, [{**L1, "misdeals": 1}]))
    assert error.code == "misdeals_off"
    error = refused(record("wuerttemberg", THREE, [{**rounds[0], "misdeals": -1}]))
    assert error.code == "misdeals_range"


def test_z18_hundred_to_ten_counts_the_misdeal_penalty():
    # Dora at 88 deals with her third misdeal (+12) and sits the round out (free): 100 → 10.
    fifth = rnd("Anna", "spades", "2/2/2", dealer="Dora", misdeals=3, bid=2, sat_out=["Dora"])
    rec = record("wuerttemberg", FOUR, [*W4[:4], fifth], start_score=30)
    assert scores(rec)[4] == [8, 8, 8, 10] and deltas(rec)[4][3] == -78
    off = record("wuerttemberg", FOUR, [*W4[:4], fifth], start_score=30, hundred_to_ten=False)
    assert scores(off)[4][3] == 100


def test_z19_end_zero_or_below_and_no_upper_limit_by_default():
    report = replay(record("lehrblatt", FOUR, [L1, L2, L3]))
    assert max(report["scores"].values()) == 67 and not report["finished"]


def test_z19_option_upper_limit_must_be_above_start():
    for bad in (20, 5, 20.5, "41", True):
        error = refused(record("lehrblatt", THREE, [], upper_limit=bad))
        assert error.code == "upper_limit" and error.values["expected"] == 20
    assert game_from_record(record("lehrblatt", THREE, [], upper_limit=41)).settings.limit == 41


def test_z20_first_out_refused_with_lowest_or_when_nobody_out():
    error = refused(record("lehrblatt", FOUR, [{**L1, "first_out": "Anna"}]))
    assert error.code == "first_out_off"
    error = refused(record("lehrblatt", FOUR, [{**L1, "first_out": "Anna"}],
                           tie_break="first_out"))
    assert error.code == "first_out_nobody_out"


def test_z21_no_round_after_the_end():
    rec = record("lehrblatt", THREE, [*L5[:4], L5[4]])
    error = refused(rec)
    assert isinstance(error, GameOverError) and error.round_number == 5
    assert error.values["after"] == 4


# -- which book, which preset ----------------------------------------------------------


def test_f1_unknown_book_preset_and_24_settings_refused():
    assert refused({"players": THREE, "rules": {"book": "25"}, "rounds": []}).code == \
        "unknown_book"
    assert refused({"players": THREE, "rules": {"book": "20ab"}, "rounds": []}).code == \
        "unknown_preset"
    assert refused(record("bavaria", THREE, [])).code == "unknown_preset"
    for key in ("trump_chaos", "restrictions", "caller_penalty"):
        error = refused(record("lehrblatt", THREE, [], **{key: False}))
        assert error.code == "option_of_other_book" and error.round_number is None
    assert replay(record("lehrblatt", THREE, [], trump_chaos=None))["scores"]


def test_f1_final_trump_in_a_20ab_round_names_it():
    error = refused(record("lehrblatt", FOUR, [L1, {**L1, "final_trump": "spades"}]))
    assert error.code == "key_of_other_book" and error.round_number == 2


def test_f1_option_types_are_strict_every_option():
    for key, bad in (("sit_out", 1), ("knock", "true"), ("hundred_to_ten", 0),
                     ("tie_break", "Lowest"), ("end", "zero"), ("knock_trump", "top"),
                     ("deck", "french"), ("contract_penalty", None), ("start_score", 20.0)):
        if bad is None:  # null is absent: the default
            assert game_from_record(record("wuerttemberg", THREE, [], **{key: bad}))
            continue
        error = refused(record("wuerttemberg", THREE, [], **{key: bad}))
        if type(bad) is not bool and WUERTTEMBERG.option(key).allowed in ((True, False),):
            # a switch: its refusal says what it takes, as 24's do
            assert error.code == "setting_not_bool" and error.values["setting"] == key
            continue
        assert error.code == "option_not_allowed" and error.values["key"] == key


def test_f2_null_counts_as_absent_in_a_20ab_round():
    full = {**L1, "blind": None, "bid": None, "knock": None, "sat_out": None, "misdeals": None,
            "first_out": None, "final_trump": None}
    assert scores(record("lehrblatt", FOUR, [full])) == [[18, 19, 18, 25]]


def test_f2_rounds_null_or_absent_is_a_game_not_begun():
    rec = record("temmels", THREE, [])
    assert replay({**rec, "rounds": None})["rounds"] == []
    del rec["rounds"]
    assert replay(rec)["scores"] == {"Anna": 20, "Ben": 20, "Carl": 20}
    assert refused({**rec, "rounds": {}}).code == "rounds_not_list"
    error = refused({**rec, "rounds": [T1, 5]})
    assert error.code == "round_not_object" and error.round_number == 2


def test_24_record_is_24_with_or_without_book():
    rec = {"players": THREE, "rounds": [
        {"caller": "Ben", "trump": "yellow", "tricks": {"Anna": 2, "Ben": 4, "Carl": 0},
         "bid": 3, "knock": True, "misdeals": 2, "dealer": "Zed"}]}
    plain = replay(rec)
    assert plain["scores"] == {"Anna": 20, "Ben": 16, "Carl": 36}
    assert replay({**rec, "rules": {"book": "24"}}) == plain
    assert replay({**rec, "rules": {"book": None, "preset": "temmels"}}) == plain


def test_record_round_trip_keeps_every_key():
    for rec in (record("wuerttemberg", THREE, W3), record("lehrblatt", FOUR, [L1, L2, L3],
                                                          upper_limit=99),
                record("lehrblatt", FOUR, [*L6, rnd("Anna", "hearts", "2/3/0/0",
                                                    first_out="Anna")], tie_break="first_out")):
        game = game_from_record(rec)
        again = game_from_record(json.loads(json.dumps(game_to_record(game))))
        assert again == game and replay(game_to_record(game)) == replay(rec)


def test_books_catalogue_for_the_new_game_screen():
    assert set(BOOKS) == {"24", "20ab"}
    assert set(BOOKS["20ab"]) == {"lehrblatt", "wuerttemberg", "temmels"}
    for preset, book in BOOKS["20ab"].items():
        keys = [o.key for o in book.options]
        assert keys == ["start_score", "deck", "end", "sit_out", "knock", "knock_trump",
                        "contract_penalty", "hundred_to_ten", "tie_break", "upper_limit"]
        settings = Settings(BOOKS["20ab"][preset])
        for option in book.options:
            assert getattr(settings, option.key) == option.default
            assert option.help and option.rule.startswith("Z")
    assert [o.key for o in BOOKS["24"][None].options] == [
        "start_score", "trump_chaos", "sit_out", "restrictions", "caller_penalty"]


def test_engine_commands_for_the_app():
    game = game_from_record(record("wuerttemberg", FOUR, W2[:3]))
    assert isinstance(game, Game)
    assert game.can_call_blind("Dora", dealer="Carl")
    assert not game.can_call_blind("Dora", dealer="Anna")
    assert not game.can_call_blind("Dora", number=2, dealer="Carl")
    assert game.can_sit_out("Anna", "Ben", trump=Suit.SPADES)
    assert not game.can_sit_out("Anna", "Ben", trump=Suit.CLUBS)
    assert game.can_record(Round("Dora", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 1,
                                                                 "Dora": 1}, blind=True,
                                         dealer="Carl"))
    with pytest.raises(RoundError) as info:
        game.verify_round(Round("Dora", Suit.HEARTS, {"Anna": 6}, dealer="Carl",
                                        bid=2))
    assert info.value.round_number == 4
    assert game.undo().rounds == game.rounds[:2]
    assert game.replace(3, Round("Carl", Suit.SPADES, {"Anna": 1, "Ben": 1, "Carl": 4,
                                                                "Dora": 0}, dealer="Anna",
                                         bid=2)) == game


def test_one_game_type_runs_every_rule_book():
    assert type(Game(tuple(THREE), Settings())) is Game
    game = Game(tuple(THREE), Settings(TEMMELS))
    assert type(game) is Game and game.scores == {"Anna": 20, "Ben": 20, "Carl": 20}


def test_outcome_reason_values():
    report = replay(record("lehrblatt", THREE, L5[:4]))
    assert report["reason"] == EndReason.ZERO.value


def test_settings_refusal_is_a_settings_error():
    with pytest.raises(SettingsError):
        Settings(LEHRBLATT, knock=True)


def test_replay_command_20ab_refusal_one_line_names_round():
    rec = record("wuerttemberg", FOUR, [*W1, rnd("Anna", "spades", "2/2/2", dealer="Ben",
                                                  bid=1, sat_out=["Dora"]),
                                        rnd("Ben", "spades", "2/2/2", dealer="Carl", bid=1,
                                            sat_out=["Dora"])])
    done = subprocess.run([sys.executable, "-m", "scoring", "replay", "-"],
                          input=json.dumps(rec).encode(), capture_output=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr == b"round 4: Dora sat out the 2 rounds before\n"


def test_every_rule_z1_to_z21_and_every_option_is_named_by_a_test():
    names = [n for n in globals() if n.startswith("test_")]
    for rule in range(1, 22):
        assert any(f"_z{rule}_" in f"{n}_" for n in names), f"Z{rule}"
    for option in BOOKS["20ab"]["lehrblatt"].options:
        assert any(f"option_{option.key}" in n for n in names), option.key


def test_options_of_24_are_its_settings_with_their_defaults():
    book = BOOKS["24"][None]
    defaults = Settings()
    for option in book.options:
        assert getattr(defaults, option.key) == option.default
        assert option.allows(option.default)
    start = book.options[0]
    assert start.allows(1) and start.allows(999)
    assert not start.allows(0) and not start.allows(1000) and not start.allows(24.0)
    assert not start.allows(True) and not start.allows(None)


def test_option_allows_is_strict_about_types():
    sit_out = BOOKS["20ab"]["lehrblatt"].option("sit_out")
    assert sit_out.allows(True) and sit_out.allows(False)
    assert not sit_out.allows(1) and not sit_out.allows("true")
    upper = BOOKS["20ab"]["lehrblatt"].option("upper_limit")
    assert upper.allows(None) and upper.allows(41) and not upper.allows(41.0)
