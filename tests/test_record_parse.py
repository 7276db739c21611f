"""``scoring.loads`` parses a record without its duplicate-key hook only when that is proven safe.

The plain parse is kept when the text's colons are exactly the keys of the
objects a record defines (``scoring.record._keys_in_records``); these tests
try every way that count could be fooled and compare with the hook's parse.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RecordError, loads, replay_text
from scoring.record import _JsonObject, _object_pairs

RECORD = {"players": ["Anna", "Ben"], "rounds": [
    {"caller": "Ben", "trump": "red", "tricks": {"Anna": 2, "Ben": 4}}]}


def _with_hook(text: str) -> object:
    return json.loads(text, object_pairs_hook=_object_pairs)


def _duplicates(value: object) -> list[tuple[str, ...]]:
    """Every object's keys named twice, depth first (what the reader refuses)."""
    found: list[tuple[str, ...]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if type(item) is _JsonObject:
                found.append(item.duplicates)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def test_a_plain_record_is_parsed_plain():
    value = loads(json.dumps(RECORD))
    assert value == RECORD and _duplicates(value) == []


@pytest.mark.parametrize("text", [
    # a key twice in each object the record defines
    '{"players": ["A", "B"], "players": ["A", "B"], "rounds": []}',
    '{"players": ["A", "B"], "rules": {"sit_out": true, "sit_out": true}, "rounds": []}',
    '{"players": ["A", "B"], "rounds": [{"caller": "B", "caller": "B", "trump": "red",'
    ' "tricks": {"A": 3, "B": 3}}]}',
    '{"players": ["A", "B"], "rounds": [{"caller": "B", "trump": "red",'
    ' "tricks": {"A": 3, "B": 3, "A": 3}}]}',
    # a colon in a name beside a key twice: the colons no longer match the keys
    '{"players": ["A:1", "B"], "rounds": [{"caller": "B", "trump": "red",'
    ' "tricks": {"A:1": 3, "B": 3, "B": 3}}]}',
    # a key twice in an object the record does not define (allowed: ignored)
    '{"players": ["A", "B"], "rounds": [], "note": {"x": 1, "x": 2}}',
    '{"players": ["A", "B"], "rounds": [{"caller": "B", "trump": "red",'
    ' "tricks": {"A": 3, "B": 3}, "extra": [{"y": 1, "y": 1}]}]}',
    # a list of records, one of them with a key twice
    '[{"players": ["A"]}, {"players": ["A"], "players": ["B"]}]',
])
def test_every_key_twice_is_seen_as_the_hook_sees_it(text):
    assert _duplicates(loads(text, max_records=10)) == _duplicates(_with_hook(text))
    assert _duplicates(_with_hook(text))  # the case does hold a key twice


def test_a_colon_in_a_name_reads_the_same():
    record = {"players": ["A: 1", "B"], "rounds": [
        {"caller": "B", "trump": "red", "tricks": {"A: 1": 2, "B": 4}}]}
    assert replay_text(json.dumps(record))["scores"] == {"A: 1": 22, "B": 20}


def test_a_key_twice_in_a_round_is_still_refused_naming_it():
    text = ('{"players": ["A:", "B"], "rounds": [{"caller": "B", "trump": "red",'
            ' "tricks": {"A:": 3, "B": 3}}, {"caller": "A:", "trump": "red", "trump": "blue",'
            ' "tricks": {"A:": 3, "B": 3}}]}')
    with pytest.raises(RecordError, match="round 2: round 2 names 'trump' twice"):
        replay_text(text)


_NAMES = st.sampled_from(["A", "B", "a:b", "caller", "tricks", "rounds", "rules", ":"])
_SCALARS = st.one_of(st.integers(-3, 9), st.booleans(), st.none(), _NAMES)


def _objects(children):
    # lists of pairs, so a key may come twice
    return st.lists(st.tuples(_NAMES, children), max_size=4)


_VALUES = st.recursive(_SCALARS, lambda children: st.one_of(
    st.lists(children, max_size=3), _objects(children)), max_leaves=12)


def _text(value: object) -> str:
    """JSON text of ``value``, where a list of pairs is an object (its keys may repeat)."""
    if isinstance(value, list) and value and all(isinstance(p, tuple) for p in value):
        return "{" + ", ".join(f"{json.dumps(k)}: {_text(v)}" for k, v in value) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    return json.dumps(value)


@settings(max_examples=300, deadline=None)
@given(_VALUES)
def test_loads_agrees_with_the_hook_on_any_text(value):
    text = _text(value)
    try:
        expected = _with_hook(text)
    except RecursionError:  # pragma: no cover - bounded by max_leaves
        return
    got = loads(text, max_records=100)
    assert got == expected
    assert _duplicates(got) == _duplicates(expected)


_KEYS = st.sampled_from(["caller", "trump", "tricks", "sat_out", "x:y"])
_ROUND = st.lists(st.tuples(_KEYS, st.one_of(
    _SCALARS, st.lists(st.tuples(_NAMES, st.integers(0, 6)), max_size=3))), max_size=5)
_RECORD = st.lists(st.tuples(st.sampled_from(["players", "rules", "rounds", "first_dealer"]),
                             st.one_of(_SCALARS, st.lists(_ROUND, max_size=3), _ROUND)),
                   max_size=5)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_RECORD, st.lists(_RECORD, max_size=3)))
def test_loads_agrees_with_the_hook_on_record_shaped_text(value):
    """Rounds and tricks with or without their keys, some twice, in one record or a list."""
    text = _text(value)
    expected = _with_hook(text)
    got = loads(text, max_records=100)
    assert got == expected
    assert _duplicates(got) == _duplicates(expected)
