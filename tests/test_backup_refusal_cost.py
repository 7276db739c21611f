"""A backup of any shape is refused in no more work than a legal backup of its size is read.

``[`` + ``[]``×n + ``]`` (no comma: no list past its bound, no depth) used to cost the shape scan
a step in Python per character: 11.3 s of CPU at 10.5 MB, against 2.8 s to import a legal backup
of that size. The scan now refuses a text with more brackets and commas than any game record has
where they outnumber their share; each shape is refused within its first few thousand marks.
Work is counted in the scan's own steps (no clock): CPU figures are in ``bench/refusals.py``.
"""

from __future__ import annotations

import pytest

from bench.refusals import legal_backup, shapes
from scoring import ScoringError
from scoring.record import CHARS_PER_MARK, MARKS_SLACK, RecordError, loads

SIZE = 4_000_000


def test_brackets_without_a_comma_are_refused_near_their_start():
    with pytest.raises(RecordError) as refused:
        loads(shapes(SIZE)["brackets"], max_records=10_000)
    assert refused.value.code == "too_dense"
    assert refused.value.values["column"] < 2 * CHARS_PER_MARK * MARKS_SLACK  # its first marks only


@pytest.mark.parametrize("shape", ["objects", "lists"])
def test_a_list_past_its_bound_is_refused_for_that_first(shape):
    with pytest.raises(RecordError) as refused:
        loads(shapes(SIZE)[shape], max_records=10_000)
    assert refused.value.code != "too_dense"


def test_a_legal_backup_of_that_size_is_read():
    records = loads(legal_backup(SIZE), max_records=10_000)
    assert isinstance(records, list) and records


def test_compact_rounds_of_one_letter_names_are_not_too_dense():
    rounds = ",".join(['{"caller":"A","trump":"red","tricks":{"A":2,"B":2,"C":2,"D":0,"E":0,"F":0}}']
                      * 200_000)
    try:
        loads('{"players":["A","B","C","D","E","F"],"rounds":[' + rounds + "]}")
    except ScoringError as error:
        assert error.code != "too_dense", error
