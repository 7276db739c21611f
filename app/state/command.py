"""One wrapper for every command: store writes between the persistence hooks, failures worded.

A command that fails on the disk (``StoreError``, ``OSError``) or is refused by
the rules (``ScoringError``) never reaches Flet as "Error running app": its
concern shows the reason in the table's language and nothing is half-saved
(the store writes atomically; the state changes only after a write returned).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from scoring import ScoringError

from .. import persistence
from ..i18n import reason, sentence
from ..store import StoreError

__all__ = ["FAILURES", "command", "written"]

logger = logging.getLogger("block24.state")

T = TypeVar("T")
FAILURES = (StoreError, OSError, ScoringError)
"""What a command may meet that is not a bug: a refusing disk or a refused rule."""


class Reporting(Protocol):
    prefs: Any

    def report(self, message: str) -> None: ...


async def written(write: Callable[[], T]) -> T:
    """Run one store write between the persistence hooks; return only once it is lasting.

    ``load`` brings in what another tab saved (so a stale write is refused),
    ``save`` returns when the write is kept (IndexedDB in the web build).
    """
    hook = persistence.current()
    await hook.load()
    result = write()
    await hook.save()
    return result


def command(fn: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T | None]]:
    """An async command of a concern whose failures become its ``report`` in the table's language
    (a part of the :class:`~app.state.table.Table` reports on its table)."""

    @functools.wraps(fn)
    async def run(self: Reporting, *args: Any, **kwargs: Any) -> T | None:
        try:
            return await fn(self, *args, **kwargs)
        except FAILURES as error:
            logger.warning("%s refused: %r", fn.__name__, error)
            owner = getattr(self, "_table", self)  # a part of the table reports on its table
            language = owner.prefs.language
            owner.report(owner.prefs.t("Not saved: {reason}", reason=reason(language, error))
                         if not isinstance(error, ScoringError)
                         else sentence(reason(language, error)))
            return None

    return run
