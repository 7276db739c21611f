"""The game record and ``python -m scoring replay`` (docs/RULES.md, "The game record").

Most refusals are checked in-process through :func:`scoring.replay_text` (fast);
a handful run the real command in a subprocess to check the contract: exit 2,
nothing on stdout, exactly one line on stderr, ``round K: `` naming the first
round at fault.
"""

from __future__ import annotations

import copy
import json
import pathlib
import subprocess
import sys

import pytest

from scoring import (
    Colour,
    Game,
    PlayersError,
    RecordError,
    Round,
    ScoringError,
    Settings,
    SettingsError,
    game_from_record,
    game_to_record,
    replay_text,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent

SPEC_RECORD = {
    "players": ["Anna", "Ben", "Carl"],
    "rules": {"start_score": 24, "trump_chaos": True, "sit_out": True,
              "restrictions": False, "caller_penalty": True},
    "rounds": [
        {"caller": "Ben", "trump": "yellow", "blind": False,
         "tricks": {"Anna": 2, "Ben": 4, "Carl": 0}},
        {"caller": "Carl", "trump": "red", "final_trump": "green", "sat_out": ["Anna"],
         "tricks": {"Ben": 1, "Carl": 5}},
    ],
}

SPEC_REPORT = {
    "scores": {"Anna": 20, "Ben": 15, "Carl": 31},
    "rounds": [
        {"deltas": {"Anna": -4, "Ben": -8, "Carl": 12},
         "scores": {"Anna": 20, "Ben": 16, "Carl": 36}},
        {"deltas": {"Anna": 0, "Ben": -1, "Carl": -5},
         "scores": {"Anna": 20, "Ben": 15, "Carl": 31}},
    ],
    "finished": False,
    "winners": [],
    "reason": None,
}


def run_replay(arg: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "replay", arg],
        input=stdin, capture_output=True, cwd=ROOT, timeout=60,
    )


def base(**rules) -> dict:
    """Three plain rounds (everyone 22, 20, 18), rules as given."""
    return {
        "players": ["Anna", "Ben", "Carl"],
        "rules": dict(rules),
        "rounds": [
            {"caller": "Ben", "trump": "red", "tricks": {"Anna": 2, "Ben": 2, "Carl": 2}},
            {"caller": "Carl", "trump": "red", "tricks": {"Anna": 2, "Ben": 2, "Carl": 2}},
            {"caller": "Anna", "trump": "red", "tricks": {"Anna": 2, "Ben": 2, "Carl": 2}},
        ],
    }


def with_round2(change: dict, drop: tuple[str, ...] = (), **rules) -> dict:
    record = base(**rules)
    record["rounds"][1].update(change)
    for key in drop:
        del record["rounds"][1][key]
    return record


def refused(text: str | bytes | dict) -> ScoringError:
    if isinstance(text, dict):
        text = json.dumps(text)
    with pytest.raises(ScoringError) as info:
        replay_text(text)
    return info.value


# -- the spec example --------------------------------------------------------


def test_record_spec_example_in_process():
    assert replay_text(json.dumps(SPEC_RECORD)) == SPEC_REPORT


def test_replay_cli_spec_example_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SPEC_RECORD), encoding="utf-8")
    done = run_replay(str(path))
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert json.loads(done.stdout) == SPEC_REPORT


def test_replay_cli_spec_example_stdin():
    done = run_replay("-", json.dumps(SPEC_RECORD).encode())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == SPEC_REPORT


def test_replay_cli_non_ascii_names_as_utf8():
    record = {"players": ["Jürgen", "Zoë", "李"], "rounds": [
        {"caller": "Zoë", "trump": "blue", "tricks": {"Jürgen": 6, "Zoë": 0, "李": 0}}]}
    done = run_replay("-", json.dumps(record, ensure_ascii=False).encode("utf-8"))
    assert done.returncode == 0
    report = json.loads(done.stdout.decode("utf-8"))
    assert report["scores"] == {"Jürgen": 18, "Zoë": 36, "李": 30}


def test_replay_cli_finished_game_reports_winners_and_reason():
    record = {"players": ["Anna", "Ben", "Carl"], "rounds": [
        {"caller": "Ben", "trump": "yellow", "blind": True,
         "tricks": {"Anna": 6, "Ben": 0, "Carl": 0}}]}
    done = run_replay("-", json.dumps(record).encode())
    report = json.loads(done.stdout)
    assert report["finished"] is True
    assert report["winners"] == ["Anna"] and report["reason"] == "zero"
    assert report["scores"] == {"Anna": 0, "Ben": 72, "Carl": 48}


# -- defaults and ignored keys -----------------------------------------------


def test_record_rules_optional_defaults():
    game = game_from_record({"players": ["A", "B"], "rounds": []})
    assert game.settings == Settings()
    game = game_from_record({"players": ["A", "B"], "rules": {}, "rounds": []})
    assert game.settings == Settings(start_score=24, trump_chaos=False, sit_out=False, restrictions=False,
                                     caller_penalty=True)


def test_record_variant_a_missing_caller_penalty_is_true():
    game = game_from_record({"players": ["A", "B"], "rules": {"trump_chaos": True},
                             "rounds": []})
    assert game.settings.trump_chaos and game.settings.caller_penalty


def test_record_round_defaults_blind_final_trump_sat_out():
    game = game_from_record(base())
    r = game.rounds[0]
    assert (r.blind, r.final_trump, r.scored_trump, r.sat_out) == (
        False, None, Colour.RED, frozenset())


def test_record_unknown_keys_ignored():
    record = base()
    record.update({"date": "2026-01-01", "id": 7, "notes": {"x": [1, 2.5, None]}})
    record["rules"]["house_rule"] = "whatever"
    record["rounds"][0].update({"dealer": "Anna", "note": None, "when": 1.5})
    assert replay_text(json.dumps(record)) == replay_text(json.dumps(base()))


def test_record_start_score_other_than_24():
    record = base(start_score=10)
    report = replay_text(json.dumps(record))
    assert report["scores"] == {"Anna": 4, "Ben": 4, "Carl": 4}


def test_record_first_dealer_extra_key():
    record = base()
    record["first_dealer"] = "Carl"
    game = game_from_record(record)
    assert game.next_dealer == "Carl" and game.caller_of(1) == "Anna"
    record["first_dealer"] = "Nobody"
    assert game_from_record(record).dealer_of(1) == "Anna"


def test_record_utf8_bom_accepted():
    text = "\ufeff" + json.dumps(base())
    assert replay_text(text.encode("utf-8"))["scores"]["Anna"] == 18


def test_record_round_trip_keeps_everything():
    game = game_from_record(SPEC_RECORD)
    again = game_from_record(json.loads(json.dumps(game_to_record(game))))
    assert again == game and again.results == game.results


def test_record_to_record_writes_every_rule():
    game = Game(("A", "B"), Settings(trump_chaos=True, caller_penalty=False))
    record = game_to_record(game)
    assert record["rules"] == {"start_score": 24, "trump_chaos": True, "sit_out": False,
                               "restrictions": False, "caller_penalty": False}


# -- refusals: rules (R5–R14, variants) --------------------------------------

RULE_CASES = [
    # (id, record, round or None, words in the message)
    ("r7_wrong_trick_sum", with_round2({"tricks": {"Anna": 2, "Ben": 2, "Carl": 1}}), 2,
     "tricks add up to 5, not 6"),
    ("r7_too_many_tricks", with_round2({"tricks": {"Anna": 3, "Ben": 2, "Carl": 2}}), 2,
     "tricks add up to 7, not 6"),
    ("r5_unknown_colour", with_round2({"trump": "purple"}), 2, "unknown trump colour 'purple'"),
    ("r5_colour_case", with_round2({"trump": "Red"}), 2, "unknown trump colour 'Red'"),
    ("r5_colour_number", with_round2({"trump": 1}), 2, "unknown trump colour 1"),
    ("r5_colour_null", with_round2({"trump": None}), 2, "the trump is missing"),
    ("r5_white_is_no_trump", with_round2({"trump": "white"}), 2, "unknown trump colour"),
    ("variant_a_unknown_final_trump",
     with_round2({"final_trump": "purple"}, trump_chaos=True), 2, "unknown trump colour"),
    ("variant_a_null_final_trump",
     with_round2({"final_trump": None}, trump_chaos=True), 2, "final_trump"),
    ("r6_blind_with_other_colour", with_round2({"blind": True}), 2,
     "only yellow can be called blind"),
    ("r6_blind_not_bool", with_round2({"blind": "true"}), 2, "blind must be true or false"),
    ("r6_blind_one", with_round2({"blind": 1}), 2, "blind must be true or false"),
    ("r6_blind_null", with_round2({"blind": None}), 2, "blind must be true or false"),
    ("variant_a_trump_change_without_a", with_round2({"final_trump": "green"}), 2,
     "variant A"),
    ("variant_a_blind_changed",
     with_round2({"trump": "yellow", "blind": True, "final_trump": "green"}, trump_chaos=True),
     2, "yellow blind can never be changed"),
    ("variant_b_sat_out_without_b",
     with_round2({"sat_out": ["Anna"], "tricks": {"Ben": 3, "Carl": 3}}), 2,
     "sitting out is off"),
    ("variant_b_caller_sits_out",
     with_round2({"sat_out": ["Carl"], "tricks": {"Anna": 3, "Ben": 3}}, sit_out=True), 2,
     "the caller Carl cannot sit out"),
    ("variant_b_unknown_sits_out",
     with_round2({"sat_out": ["Dora"]}, sit_out=True), 2, "'Dora' sat out but is not a player"),
    ("variant_b_stranger_sits_out_for_a_player",
     with_round2({"sat_out": ["Dora"], "tricks": {"Ben": 3, "Carl": 3}}, sit_out=True), 2,
     "'Dora' sat out but is not a player"),
    ("variant_b_only_caller_left",
     with_round2({"sat_out": ["Anna", "Ben"], "tricks": {"Carl": 6}}, sit_out=True), 2,
     "at least 2 players"),
    ("variant_b_two_player_game",
     {"players": ["A", "B"], "rules": {"sit_out": True},
      "rounds": [{"caller": "B", "trump": "red", "sat_out": ["A"], "tricks": {"B": 6}}]}, 1,
     "at least 2 players"),
    ("r7_tricks_for_sat_out_player",
     with_round2({"sat_out": ["Anna"], "tricks": {"Anna": 0, "Ben": 3, "Carl": 3}},
                 sit_out=True), 2, "Anna sat out but has tricks"),
    ("variant_c_sit_out_at_12",
     {"players": ["Anna", "Ben", "Carl"],
      "rules": {"sit_out": True, "restrictions": True, "caller_penalty": False},
      "rounds": [
          {"caller": "Ben", "trump": "yellow", "tricks": {"Anna": 6, "Ben": 0, "Carl": 0}},
          {"caller": "Carl", "trump": "red", "sat_out": ["Anna"],
           "tricks": {"Ben": 3, "Carl": 3}}]}, 2, "Anna may not sit out with 12 points"),
    ("variant_c_blind_below_25",
     {"players": ["Anna", "Ben", "Carl"], "rules": {"restrictions": True},
      "rounds": [{"caller": "Ben", "trump": "yellow", "blind": True,
                  "tricks": {"Anna": 2, "Ben": 2, "Carl": 2}}]}, 1,
     "Ben may not call yellow blind with 24 points"),
    ("r14_round_after_the_end",
     {"players": ["Anna", "Ben", "Carl"],
      "rounds": [
          {"caller": "Ben", "trump": "yellow", "tricks": {"Anna": 0, "Ben": 0, "Carl": 6}},
          {"caller": "Carl", "trump": "red", "tricks": {"Anna": 2, "Ben": 2, "Carl": 2}}]}, 2,
     "the game ended after round 1"),
    ("r4_caller_unknown", with_round2({"caller": "Dora"}), 2, "the caller 'Dora' is not a player"),
    ("r4_caller_wrong_case", with_round2({"caller": "carl"}), 2, "not a player"),
    ("r4_caller_not_string", with_round2({"caller": 5}), 2, "the caller 5 is not a player"),
]

TYPE_CASES = [
    ("count_true", with_round2({"tricks": {"Anna": True, "Ben": 2, "Carl": 3}}), 2,
     "Anna's tricks must be a whole number from 0 to 6, not True"),
    ("count_false", with_round2({"tricks": {"Anna": False, "Ben": 3, "Carl": 3}}), 2,
     "not False"),
    ("count_float", with_round2({"tricks": {"Anna": 2.0, "Ben": 2, "Carl": 2}}), 2,
     "not 2.0"),
    ("count_string", with_round2({"tricks": {"Anna": "2", "Ben": 2, "Carl": 2}}), 2,
     "not '2'"),
    ("count_null", with_round2({"tricks": {"Anna": None, "Ben": 3, "Carl": 3}}), 2, "not None"),
    ("count_negative", with_round2({"tricks": {"Anna": -1, "Ben": 4, "Carl": 3}}), 2,
     "not -1"),
    ("count_seven", with_round2({"tricks": {"Anna": 7, "Ben": 0, "Carl": 0}}), 2, "not 7"),
    ("count_1e400", '{"players": ["A", "B"], "rounds": [{"caller": "B", "trump": "red",'
     ' "tricks": {"A": 1e400, "B": 0}}]}', 1, "A's tricks must be a whole number"),
    ("count_huge_int", '{"players": ["A", "B"], "rounds": [{"caller": "B", "trump": "red",'
     ' "tricks": {"A": ' + "9" * 4000 + ', "B": 0}}]}', 1, "A's tricks must be a whole number"),
    ("tricks_unknown_player",
     with_round2({"tricks": {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 0}}), 2,
     "tricks are given for 'Dora', who is not a player"),
    ("tricks_missing_player", with_round2({"tricks": {"Anna": 3, "Ben": 3}}), 2,
     "no tricks are given for Carl"),
    ("tricks_not_object", with_round2({"tricks": [2, 2, 2]}), 2,
     "tricks must be a JSON object, not a list"),
    ("tricks_null", with_round2({"tricks": None}), 2, "tricks must be a JSON object"),
    ("round_is_list", {**base(), "rounds": [base()["rounds"][0], [1, 2]]}, 2,
     "must be a JSON object, not a list"),
    ("round_is_string", {**base(), "rounds": [base()["rounds"][0], "round"]}, 2,
     "must be a JSON object, not a string"),
    ("round_is_null", {**base(), "rounds": [base()["rounds"][0], None]}, 2,
     "must be a JSON object, not null"),
    ("round_missing_caller", with_round2({}, drop=("caller",)), 2, "'caller' is missing"),
    ("round_missing_trump", with_round2({}, drop=("trump",)), 2, "'trump' is missing"),
    ("round_missing_tricks", with_round2({}, drop=("tricks",)), 2, "'tricks' is missing"),
    ("sat_out_not_list", with_round2({"sat_out": "Anna"}, sit_out=True), 2,
     "sat_out must be a list"),
    ("sat_out_null", with_round2({"sat_out": None}, sit_out=True), 2, "sat_out must be a list"),
    ("sat_out_not_names", with_round2({"sat_out": [1]}, sit_out=True), 2,
     "sat_out must be a list"),
    ("sat_out_twice",
     with_round2({"sat_out": ["Anna", "Anna"], "tricks": {"Ben": 3, "Carl": 3}}, sit_out=True),
     2, "sat_out names 'Anna' twice"),
    ("round_key_twice",
     '{"players": ["A", "B"], "rounds": [{"caller": "B", "trump": "red", "trump": "blue",'
     ' "tricks": {"A": 3, "B": 3}}]}', 1, "names 'trump' twice"),
    ("tricks_key_twice",
     '{"players": ["A", "B"], "rounds": [{"caller": "B", "trump": "red",'
     ' "tricks": {"A": 3, "B": 3, "A": 3}}]}', 1, "tricks names 'A' twice"),
]

RECORD_CASES = [
    # Faults outside the rounds: the message must not name a round.
    ("one_player", {"players": ["Anna"], "rounds": []}, PlayersError, "2 to 5 players, not 1"),
    ("six_players", {"players": list("ABCDEF"), "rounds": []}, PlayersError, "not 6"),
    ("no_players", {"players": [], "rounds": []}, PlayersError, "not 0"),
    ("empty_name", {"players": ["Anna", ""], "rounds": []}, PlayersError, "empty name"),
    ("blank_name", {"players": ["Anna", "  "], "rounds": []}, PlayersError, "empty name"),
    ("duplicate_name", {"players": ["Anna", " ANNA "], "rounds": []}, PlayersError, "twice"),
    ("name_not_string", {"players": ["Anna", 5], "rounds": []}, PlayersError, "player 2"),
    ("name_null", {"players": ["Anna", None], "rounds": []}, PlayersError, "player 2"),
    ("name_lone_surrogate", '{"players": ["\\ud800", "B"], "rounds": []}', PlayersError,
     "player 1"),
    ("players_not_list", {"players": "Anna, Ben", "rounds": []}, RecordError,
     "players must be a list"),
    ("players_missing", {"rounds": []}, RecordError, "'players' is missing"),
    ("rounds_missing", {"players": ["A", "B"]}, RecordError, "'rounds' is missing"),
    ("rounds_not_list", {"players": ["A", "B"], "rounds": {"1": {}}}, RecordError,
     "rounds must be a list, not an object"),
    ("rounds_null", {"players": ["A", "B"], "rounds": None}, RecordError,
     "rounds must be a list, not null"),
    ("rules_not_object", {"players": ["A", "B"], "rules": [], "rounds": []}, RecordError,
     "rules must be a JSON object"),
    ("rules_null", {"players": ["A", "B"], "rules": None, "rounds": []}, RecordError,
     "rules must be a JSON object"),
    ("flag_string", {"players": ["A", "B"], "rules": {"sit_out": "yes"}, "rounds": []},
     SettingsError, "sit_out must be true or false"),
    ("flag_int", {"players": ["A", "B"], "rules": {"trump_chaos": 1}, "rounds": []},
     SettingsError, "trump_chaos must be true or false"),
    ("flag_null", {"players": ["A", "B"], "rules": {"caller_penalty": None}, "rounds": []},
     SettingsError, "caller_penalty must be true or false"),
    ("flag_restrictions", {"players": ["A", "B"], "rules": {"restrictions": 0}, "rounds": []},
     SettingsError, "restrictions must be true or false"),
    ("start_score_string", {"players": ["A", "B"], "rules": {"start_score": "24"}, "rounds": []},
     SettingsError, "start score"),
    ("start_score_float", {"players": ["A", "B"], "rules": {"start_score": 24.0}, "rounds": []},
     SettingsError, "start score"),
    ("start_score_bool", {"players": ["A", "B"], "rules": {"start_score": True}, "rounds": []},
     SettingsError, "start score"),
    ("start_score_zero", {"players": ["A", "B"], "rules": {"start_score": 0}, "rounds": []},
     SettingsError, "start score"),
    ("start_score_null", {"players": ["A", "B"], "rules": {"start_score": None}, "rounds": []},
     RecordError, "start_score"),
    ("start_score_1e400", '{"players": ["A", "B"], "rules": {"start_score": 1e400},'
     ' "rounds": []}', SettingsError, "start score"),
    ("top_level_list", [], RecordError, "must be a JSON object, not a list"),
    ("top_level_string", '"game"', RecordError, "not a string"),
    ("top_level_number", 24, RecordError, "not a number"),
    ("top_level_null", None, RecordError, "not null"),
    ("top_key_twice", '{"players": ["A", "B"], "players": ["C", "D"], "rounds": []}',
     RecordError, "names 'players' twice"),
    ("rules_key_twice",
     '{"players": ["A", "B"], "rules": {"sit_out": true, "sit_out": false}, "rounds": []}',
     RecordError, "names 'sit_out' twice"),
    ("invalid_json", '{"players": ["A", "B"], "rounds": [}', RecordError, "not JSON"),
    ("empty_text", "", RecordError, "not JSON"),
    ("trailing_comma", '{"players": ["A", "B"], "rounds": [],}', RecordError, "not JSON"),
    ("nan", '{"players": ["A", "B"], "rounds": [], "note": NaN}', RecordError, "NaN"),
    ("infinity", '{"players": ["A", "B"], "rounds": [], "x": -Infinity}', RecordError,
     "Infinity"),
    ("invalid_utf8", b'{"players": ["A\xff", "B"], "rounds": []}', RecordError, "UTF-8"),
    ("huge_number_5000_digits",
     '{"players": ["A", "B"], "rounds": [], "x": ' + "7" * 5000 + "}", RecordError,
     "not usable JSON"),
    ("deep_nesting", '{"players": ["A", "B"], "rounds": [], "x": ' + "[" * 100_000
     + "]" * 100_000 + "}", RecordError, "not usable JSON"),
]


def _text(record: object) -> str | bytes:
    return record if isinstance(record, str | bytes) else json.dumps(record)


@pytest.mark.parametrize(("record", "number", "words"),
                         [c[1:] for c in RULE_CASES + TYPE_CASES],
                         ids=[c[0] for c in RULE_CASES + TYPE_CASES])
def test_replay_refuses_round_naming_it(record, number, words):
    error = refused(_text(record))
    assert error.round_number == number
    assert str(error).startswith(f"round {number}: ")
    assert words in str(error)


@pytest.mark.parametrize(("record", "kind", "words"), [c[1:] for c in RECORD_CASES],
                         ids=[c[0] for c in RECORD_CASES])
def test_replay_refuses_record_without_naming_a_round(record, kind, words):
    error = refused(_text(record))
    assert isinstance(error, kind)
    assert error.round_number is None and not str(error).startswith("round ")
    assert words in str(error)
    assert "\n" not in str(error)


def test_replay_deeply_nested_value_inside_a_round():
    record = with_round2({})
    text = json.dumps(record).replace('"caller": "Carl"', '"caller": ' + "[" * 500 + "]" * 500)
    error = refused(text)
    assert error.round_number == 2


# -- refusals: the FIRST round at fault ---------------------------------------


def test_replay_first_fault_rule_before_type():
    record = base()
    record["rounds"][1]["tricks"]["Anna"] = 3  # round 2: rule (sum 7)
    record["rounds"][2] = "not a round"  # round 3: shape
    assert str(refused(record)) == "round 2: tricks add up to 7, not 6"


def test_replay_first_fault_type_before_rule():
    record = base()
    record["rounds"][1]["tricks"] = [2, 2, 2]  # round 2: shape
    record["rounds"][2]["trump"] = "purple"  # round 3: rule
    assert refused(record).round_number == 2


def test_replay_first_fault_count_type_before_shape():
    record = base()
    record["rounds"][1]["tricks"]["Anna"] = "2"  # round 2: type checked by Game
    del record["rounds"][2]["caller"]  # round 3: shape checked by the reader
    error = refused(record)
    assert error.round_number == 2 and "'2'" in str(error)


def test_replay_first_fault_shape_in_round_1_before_rules_later():
    record = base()
    record["rounds"][0] = None
    record["rounds"][1]["trump"] = "purple"
    assert refused(record).round_number == 1


def test_replay_first_fault_round_after_end_before_later_shape():
    record = {"players": ["Anna", "Ben", "Carl"], "rounds": [
        {"caller": "Ben", "trump": "yellow", "tricks": {"Anna": 0, "Ben": 0, "Carl": 6}},
        {"caller": "Carl", "trump": "red", "tricks": {"Anna": 2, "Ben": 2, "Carl": 2}},
        7,
    ]}
    error = refused(record)
    assert error.round_number == 2 and "ended" in str(error)


def test_replay_bad_players_before_bad_rounds():
    record = base()
    record["players"] = ["Anna"]
    record["rounds"][0] = None
    assert isinstance(refused(record), PlayersError)


def test_replay_sit_out_faults_name_first_in_seat_order_whatever_the_hash_seed():
    record = {"players": ["A", "B", "C", "D", "E"],
              "rules": {"sit_out": True, "restrictions": True, "start_score": 12},
              "rounds": [{"caller": "E", "trump": "red", "sat_out": ["D", "C"],
                          "tricks": {"A": 2, "B": 2, "E": 2}}]}
    text = json.dumps(record).encode()
    messages = set()
    for seed in ("0", "1", "2"):
        done = subprocess.run([sys.executable, "-m", "scoring", "replay", "-"], input=text,
                              capture_output=True, cwd=ROOT, timeout=60,
                              env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"})
        messages.add(done.stderr)
    assert messages == {b"round 1: C may not sit out with 12 points (variant C: 12 or fewer)\n"}


# -- the command line contract ----------------------------------------------


def case(name: str) -> object:
    return {c[0]: c[1] for c in RULE_CASES + TYPE_CASES + RECORD_CASES}[name]


CLI_CASES = [
    (case("r7_wrong_trick_sum"), "round 2: tricks add up to 5, not 6"),
    (case("count_float"), "round 2: Anna's tricks must be a whole number from 0 to 6, not 2.0"),
    (case("variant_c_sit_out_at_12"), "round 2: Anna may not sit out with 12 points"),
    (case("r14_round_after_the_end"), "round 2: the game ended after round 1"),
    (case("round_is_null"), "round 2: "),
    (case("tricks_key_twice"), "round 1: tricks names 'A' twice"),
    ({"players": ["Anna"], "rounds": []}, "a game needs 2 to 5 players, not 1"),
    ('{"players": ["A", "B"], "rounds": [}', "the record is not JSON"),
    (b'\xff\xfe{"players": []}', "the record is not UTF-8 text"),
    ('{"players": ["A", "B"], "rounds": [], "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
     "the record is not usable JSON"),
    ('{"players": ["A", "B"], "rounds": [], "x": ' + "1" * 5000 + "}",
     "the record is not usable JSON"),
    ('{"players": ["\\ud800", "B"], "rounds": []}', "player 1"),
    ({"players": ["A\nB", "a\nb"], "rounds": []}, "player 1's name holds the control character \\n"),
]


@pytest.mark.parametrize(("record", "start"), CLI_CASES)
def test_replay_cli_refusal_contract(record, start):
    text = _text(record)
    done = run_replay("-", text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    assert done.returncode == 2
    assert done.stdout == b""
    lines = done.stderr.decode("utf-8").splitlines()
    assert len(lines) == 1 and done.stderr.endswith(b"\n"), done.stderr
    assert lines[0].startswith(start)
    assert "Traceback" not in lines[0]


def test_replay_cli_name_with_newline_still_one_line():
    record = with_round2({"caller": "Dora\nand\r\nmore"})
    done = run_replay("-", json.dumps(record).encode())
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.count(b"\n") == 1 and done.stderr.startswith(b"round 2: ")


def test_replay_cli_file_from_disk_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(RULE_CASES[0][1]))
    done = run_replay(str(path))
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == b"round 2: tricks add up to 5, not 6\n"


def test_replay_cli_missing_file(tmp_path):
    done = run_replay(str(tmp_path / "nope.json"))
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.count(b"\n") == 1 and b"cannot read" in done.stderr


def test_replay_in_process_game_from_record_equals_built_game():
    game = game_from_record(SPEC_RECORD)
    built = Game(("Anna", "Ben", "Carl"),
                 Settings(trump_chaos=True, sit_out=True),
                 (Round("Ben", Colour.YELLOW, {"Anna": 2, "Ben": 4, "Carl": 0}),
                  Round("Carl", Colour.RED, {"Ben": 1, "Carl": 5}, final_trump=Colour.GREEN,
                        sat_out={"Anna"})))
    assert game == built


def test_replay_record_copy_not_mutated():
    record = copy.deepcopy(SPEC_RECORD)
    game_from_record(record)
    assert record == SPEC_RECORD
