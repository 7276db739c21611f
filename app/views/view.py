"""The decorator every screen component wears: draws nothing when its data is gone, never crashes.

Flet redraws each component subscribed to its observables on its own, in no
fixed order: a part of the old screen may redraw once more after a command
has moved the state on (the round editor after its round was saved). An
exception there would stop the session's updates for good, so a component
whose data is gone draws nothing, and an unexpected error draws a message
instead — and is logged with its traceback ("drawing X failed"), so the
browser tests' server log shows it and the test fails.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import flet as ft

logger = logging.getLogger("block24.views")


def view(when: Callable[[Any], bool] | None = None, memo: bool = False):
    """Make ``fn(first, ...)`` a component that draws only while ``when(first)`` holds, never raising.

    With ``memo`` it is redrawn only when its arguments change (they must then be
    plain values, not the observable state, which changes with every tap).
    """

    def decorate(fn: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
        @functools.wraps(fn)
        def guarded(first: Any, *args: Any, **kwargs: Any) -> ft.Control:
            try:
                if when is not None and not when(first):
                    return ft.Container()
                return fn(first, *args, **kwargs)
            except Exception as error:  # a drawing bug must not freeze the table's pad
                logger.exception("drawing %s failed", fn.__name__)
                return ft.Text(f"{fn.__name__}: {type(error).__name__}: {error}",
                               color=ft.Colors.ERROR)

        component = ft.component(guarded)
        return ft.memo(component) if memo else component

    return decorate
