"""Structured refusals: every ScoringError has a catalogued code and the values its template needs."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from scoring import Colour, EditError, Game, RecordError, Round, ScoringError, Settings, replay_text
from scoring.errors import KINDS, MESSAGES, Shown

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "scoring").glob("*.py"))
ERRORS = {"ScoringError", "PlayersError", "SettingsError", "RoundError", "GameOverError",
          "EditError", "RecordError"}
NOT_BLANKS = {"round_number", "edited_round"}


def _blanks(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def _raise_sites() -> list[tuple[str, int, ast.Call]]:
    sites = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ERRORS):
                sites.append((path.name, node.lineno, node))
    return sites


SITES = _raise_sites()


def test_raise_sites_found():
    assert len(SITES) > 40


@pytest.mark.parametrize(("module", "line", "call"), SITES,
                         ids=[f"{m}:{n}" for m, n, _ in SITES])
def test_every_raise_site_uses_a_catalogued_code_with_its_blanks(module, line, call):
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Attribute) and first.attr == "code":
        # Re-raising another refusal's code (EditError, at_round) passes its values on whole.
        assert any(k.arg is None for k in call.keywords), (module, line)
        return
    assert isinstance(first, ast.Constant) and first.value in MESSAGES, (module, line)
    given = {k.arg for k in call.keywords if k.arg} - NOT_BLANKS
    blanks = _blanks(MESSAGES[first.value]) - {"round"}
    assert blanks <= given, f"{module}:{line} {first.value} lacks {blanks - given}"
    assert given - blanks <= {"player", "value"}, f"{module}:{line} extra {given - blanks}"


SAMPLES = {"player": "Anna", "value": 3, "expected": 6, "kind": KINDS["list"], "key": "tricks",
           "round": 2}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_code_formats_from_its_template(code):
    values = {b: SAMPLES.get(b, f"<{b}>") for b in _blanks(MESSAGES[code]) - {"round"}}
    error = ScoringError(code, round_number=2, **values)
    assert error.code == code and error.values == {**values, "round": 2}
    assert error.message == MESSAGES[code].format(**error.values)
    assert str(error) == f"round 2: {error.message}"
    assert "\n" not in str(error)


def test_every_code_is_raised_somewhere():
    raised = {call.args[0].value for _, _, call in SITES
              if call.args and isinstance(call.args[0], ast.Constant)}
    assert set(MESSAGES) - raised == set()


def test_codes_are_snake_case():
    for code in MESSAGES:
        assert code == code.lower() and code.replace("_", "").isalnum(), code


def test_unknown_code_is_a_bug_not_a_refusal():
    with pytest.raises(KeyError):
        ScoringError("no_such_code")


def test_error_codes_and_values_from_the_engine():
    game = Game(("Anna", "Ben", "Carl"))
    with pytest.raises(ScoringError) as info:
        game.record(Round("Ben", "purple", {"Anna": 2, "Ben": 4, "Carl": 0}))  # type: ignore[arg-type]
    assert info.value.code == "unknown_colour"
    assert info.value.values == {"value": "purple", "round": 1}
    assert str(info.value) == "round 1: unknown trump colour 'purple' (red, yellow, green or blue)"


def test_error_tricks_sum_names_value_and_expected():
    with pytest.raises(ScoringError) as info:
        replay_text(json.dumps({"players": ["A", "B"], "rounds": [
            {"caller": "A", "trump": "red", "tricks": {"A": 1, "B": 1}}]}))
    assert info.value.code == "tricks_sum"
    assert info.value.values == {"value": 2, "expected": 6, "round": 1}


def test_edit_error_keeps_the_later_refusal_code_and_edited_round():
    settings = Settings(sit_out=True, restrictions=True, start_score=18)
    game = Game(("Anna", "Ben", "Carl"), settings, (
        Round("Ben", Colour.RED, {"Anna": 3, "Ben": 3, "Carl": 0}),
        Round("Carl", Colour.RED, {"Anna": 6, "Carl": 0}, sat_out={"Ben"}),
    ))
    # Ben at 15 may sit out round 2; with round 1 changed to give him 6 tricks (12) he may not.
    with pytest.raises(EditError) as info:
        game.replace(1, Round("Ben", Colour.RED, {"Anna": 0, "Ben": 6, "Carl": 0}))
    error = info.value
    assert error.code == "sit_out_restricted" and error.edited_round == 1
    assert error.round_number == 2 and error.values["player"] == "Ben"
    assert str(error) == ("round 2: after changing round 1, Ben may not sit out with 12 points "
                          "(variant C: 12 or fewer)")


def test_error_values_are_clipped_to_show():
    error = RecordError("tricks_range", player="A", value=10**4000, expected=6)
    assert isinstance(error.value, Shown) and "4001 digits" in str(error)
    error = RecordError("player_not_name", seat=1, value=[[[]]])
    assert str(error) == "player 1 must be a name, not a list"
    error = RecordError("caller_not_player", value="x" * 10_000)
    assert len(str(error)) < 150
