"""What the unit tests share besides fixtures: the table player, a tap's command run to the end,
what a concern says, a screen's texts. ``from tests.helpers import said, TablePlayer`` (``tests``
is a package; pytest puts the project's folder on the path: pyproject's ``pythonpath``).

Commands that write are async (they await the persistence hooks); :class:`TablePlayer`
runs them to the end, as Flet does for a tap.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from flet.components.component import Renderer
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message
from flet.pubsub.pubsub_hub import PubSubHub

from app.state import AppState, Screen
from scoring import Colour, Game, Round, Settings, game_from_record


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
        run(table.call.call_trump(trump, blind))
        for name in sit_out:
            run(table.play.toggle_sit_out(name))
        run(table.play.count_tricks())
        for name, made in tricks.items():
            run(table.count.set_tricks(name, made))
        assert table.count.round_problem() is None, table.count.round_problem()
        run(table.count.confirm_round())
        assert table.open.saved, said(table)


class Tab(Connection):
    """A browser tab as a real Flet session (``flet.messaging.session.Session``) sees it, on the
    running loop: every message the session sends it goes to ``receive``."""

    def __init__(self, receive: Callable[[Message], None]) -> None:
        super().__init__()
        self.loop = asyncio.get_running_loop()
        self.pubsubhub, self.receive = PubSubHub(loop=self.loop), receive

    def send_message(self, message: Message) -> None:
        self.receive(message)

    def dispose(self) -> None:
        pass


def tab_session(receive: Callable[[Message], None], size: tuple[int, int] = (390, 844), route: str = "/",
                ) -> tuple[Any, list[Any]]:
    """A real Flet session of a browser tab (web, ``size``, at ``route``) on the running loop, its
    page the current one, and the tasks its page runs (``page.run_task``: the app's start and its
    effects), appended as they start, so a test can wait until they ended."""
    from flet.controls.context import _context_page, context
    from flet.messaging.session import Session

    session = Session(Tab(receive))
    session.apply_page_patch({"web": True, "width": size[0], "height": size[1], "route": route})
    page = session.page
    tasks: list[Any] = []
    run_task = page.run_task

    def tracked(*args: Any, **kwargs: Any) -> Any:
        tasks.append(run_task(*args, **kwargs))
        return tasks[-1]

    page.run_task = tracked  # (an instance attribute: this page only)
    _context_page.set(page)
    context.reset_auto_update()
    return session, tasks


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


def first_control(control, matches, missing: str):
    """The first control in a control tree (its content, controls and actions, depth first) that
    ``matches``; failing with ``missing`` when none does."""
    stack = [control]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
        elif hasattr(item, "__dict__"):
            if matches(item):
                return item
            for key in ("content", "controls", "actions"):
                stack.append(getattr(item, key, None))
    raise AssertionError(missing)


def button(control, words: str):
    """The button in a control tree whose own words are ``words`` (its ``disabled`` is what a tap finds)."""
    def says(item) -> bool:
        content = getattr(item, "content", None)
        return hasattr(item, "on_click") and words in (getattr(content, "value", None), content)

    return first_control(control, says, f"no button says {words!r}")


# -- two stored games of the chart and statistics tests (in process and in the browser) --------

def long_game() -> Game:
    """Four players, seven rounds (a yellow-blind one), still going."""
    players = ("Anna", "Ben", "Carl", "Dora")
    rounds = [
        Round("Ben", Colour.RED, {"Anna": 2, "Ben": 1, "Carl": 3, "Dora": 0}),
        Round("Carl", Colour.YELLOW, {"Anna": 1, "Ben": 2, "Carl": 0, "Dora": 3}),
        Round("Dora", Colour.GREEN, {"Anna": 0, "Ben": 3, "Carl": 2, "Dora": 1}),
        Round("Anna", Colour.BLUE, {"Anna": 3, "Ben": 1, "Carl": 1, "Dora": 1}),
        Round("Ben", Colour.YELLOW, {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 0}, blind=True),
        Round("Carl", Colour.RED, {"Anna": 1, "Ben": 0, "Carl": 4, "Dora": 1}),
        Round("Dora", Colour.GREEN, {"Anna": 2, "Ben": 2, "Carl": 1, "Dora": 1}),
    ]
    return Game(players, Settings(), tuple(rounds))


def twenty_ab_game() -> Game:
    """Lehrblatt from 20, upper limit 22 (Z19): Hugo calls spades without a trick (+10 → 30), Gina 17 wins."""
    return game_from_record({"players": ["Gina", "Hugo", "Ida"],
                             "rules": {"book": "20ab", "preset": "lehrblatt", "upper_limit": 22},
                             "rounds": [{"caller": "Hugo", "trump": "spades",
                                         "tricks": {"Gina": 3, "Hugo": 0, "Ida": 2}}]})
