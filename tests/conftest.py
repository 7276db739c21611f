"""Shared fixtures: a real store in a temporary folder, the app's state on it, a table to play at.

The one ``store`` of every unit test is here (``folder`` is its data folder: a module may
override ``folder`` to fill it first). Helpers live in :mod:`tests.helpers`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.locale.build import compile_missing
from app.state import AppState
from app.store import Store
from scoring import Colour, Game, Round, Settings
from tests.helpers import TablePlayer, drawn, refused, run, said, texts  # noqa: F401 (the helpers' old home)


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``-n N --dist loadscope`` (``make e2e``): the tests of one class go to one worker, in their
    order (they share a class- or module-scoped fixture and build on each other); every other
    test is a unit of its own, sent to whichever worker is free. (pytest-xdist's own loadscope
    keeps a whole module together; its ``xdist_group`` mark has no effect under pytest 9.)"""
    if config.getoption("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ClassTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path, _, names = nodeid.partition("::")
            cls, _, method = names.partition("::")
            return f"{path}::{cls}" if method else nodeid

    return ClassTogether(config, log)


def pytest_sessionstart(session: pytest.Session) -> None:
    """The compiled catalogues the app reads, for a bare `pytest` too (`make catalogues` does this)."""
    compile_missing()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The data folder of a test's store (empty; made by :meth:`Store.open`)."""
    return tmp_path / "data"


@pytest.fixture
def store(folder: Path) -> Iterator[Store]:
    """A real store (TinyDB files) in an empty temporary folder, closed after the test."""
    opened = Store.open(folder)
    yield opened
    opened.close()


@pytest.fixture
def app(store: Store) -> AppState:
    """The state of one browser tab on ``store``, in English."""
    state = AppState.open(store)
    state.prefs.language = "en"
    return state


@pytest.fixture
def table(app: AppState) -> TablePlayer:
    """Taps at the table on ``app``."""
    return TablePlayer(app)


# -- three hand-computed 24 games (statistics, backup, the stats screen) ----------------

@pytest.fixture(scope="session")
def shared_win_game() -> Game:
    """Ben calls yellow blind and makes no trick: +48 (R10) → 72 ends the game (limit);
    Anna and Carl make 3 each: −12 → 12 and 12, a shared win."""
    return Game(("Anna", "Ben", "Carl"), rounds=(
        Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),))


@pytest.fixture(scope="session")
def two_player_game() -> Game:
    """R1 red: Anna 6 → 18, Ben (caller) 0 → +12 → 36.
    R2 yellow, Anna calls: Anna 6 → −12 → 6, Ben 0 → +12 → 48: limit, Anna wins with 6."""
    return Game(("Anna", "Ben"), rounds=(
        Round("Ben", Colour.RED, {"Anna": 6, "Ben": 0}),
        Round("Anna", Colour.YELLOW, {"Anna": 6, "Ben": 0})))


@pytest.fixture(scope="session")
def unfinished_game() -> Game:
    """"anna" is Anna (R1 comparison); Ben sits out; green: anna 2 → 22, Dave 4 → 20."""
    return Game(("anna", "Dave", "Ben"), Settings(sit_out=True), rounds=(
        Round("Dave", Colour.GREEN, {"anna": 2, "Dave": 4}, sat_out={"Ben"}),))


@pytest.fixture(scope="session")
def sample_games(shared_win_game, two_player_game, unfinished_game) -> list[Game]:
    return [shared_win_game, two_player_game, unfinished_game]
