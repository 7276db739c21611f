"""Shared fixtures: the app's state on a real store in a temporary folder, and a table to play at.

Commands that write are async (they await the persistence hooks); the
``table`` fixture runs them to the end, as Flet does for a tap.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

import pytest
from flet.components.component import Renderer

from app.locale.build import compile_missing
from app.state import AppState, Screen
from app.store import Store
from scoring import Colour, Game, Round, Settings


def pytest_sessionstart(session: pytest.Session) -> None:
    """The compiled catalogues the app reads, for a bare `pytest` too (`make catalogues` does this)."""
    compile_missing()


def said(concern: Any) -> str | None:
    """What a concern (or a correction) tells the table now, in words (``None``: nothing)."""
    return None if concern.notice is None else concern.notice.text


def refused(concern: Any) -> bool:
    """What the concern tells the table now is a refusal."""
    return concern.notice is not None and concern.notice.refused


def run(step: Awaitable[Any]) -> Any:
    """One tap's command, run to the end."""
    return asyncio.run(step)


class TablePlayer:
    """Drives :class:`AppState` as the taps at the table do (each command run to the end)."""

    def __init__(self, app: AppState) -> None:
        self.app = app
        self.run = run

    def start(self, names: tuple[str, ...] = ("Anna", "Ben", "Carl"), start_text: str | None = None,
              **variants: bool) -> AppState:
        """New game from the form: names, variants, start score; its Block opens."""
        app = self.app
        if app.screen is not Screen.NEW_GAME:
            run(app.go("/new"))
        form = app.form
        while len(form.names) > len(names):
            form.remove_player(len(form.names) - 1)
        for seat, name in enumerate(names):
            if seat >= len(form.names):
                form.add_player()
            form.set_name(seat, name)
        for variant, on in variants.items():
            form.set_variant(variant, on)
        if start_text is not None:
            form.set_start_text(start_text)
        run(app.start_game())
        assert app.screen is Screen.GAME, said(form)
        return app

    def play(self, trump: Colour, tricks: dict[str, int], *, blind: bool = False,
             sit_out: tuple[str, ...] | list[str] = ()) -> None:
        """A whole round in the game's order: trump, who sits out (B), play, tricks, confirm."""
        table = self.app.table
        run(table.call_trump(trump, blind))
        for name in sit_out:
            run(table.toggle_sit_out(name))
        run(table.count_tricks())
        for name, made in tricks.items():
            run(table.set_tricks(name, made))
        assert table.round_problem() is None, table.round_problem()
        run(table.confirm_round())
        assert table.saved, said(table)


@pytest.fixture
def app_store(tmp_path) -> Store:
    """A real store (TinyDB files) in an empty temporary folder."""
    return Store.open(tmp_path)


@pytest.fixture
def app(app_store: Store) -> AppState:
    """The state of one browser tab on ``store``, in English."""
    state = AppState.open(app_store)
    state.prefs.language = "en"
    return state


@pytest.fixture
def table(app: AppState) -> TablePlayer:
    """Taps at the table on ``app``."""
    return TablePlayer(app)


def drawn(component, *args):
    """Run a screen component's own function (under the view guard) inside a Flet renderer."""
    fn = component
    while hasattr(fn, "__wrapped__") or fn.__name__ == "memo_wrapper":  # ft.component, ft.memo
        fn = getattr(fn, "__wrapped__", None) or fn.__closure__[0].cell_contents
    with Renderer().with_context():
        return fn(*args)


def texts(control) -> list[str]:
    """Every string a control tree shows (Text values, labels), depth first."""
    found: list[str] = []
    stack = [control]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif hasattr(item, "__dict__"):
            for key in ("value", "label", "text", "content", "controls", "actions", "title", "subtitle"):
                stack.append(getattr(item, key, None))
    return found


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
