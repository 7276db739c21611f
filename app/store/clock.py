"""The store's two clocks: the wall clock (dates people read) and a steady one (time that passed).

A phone's wall clock can be set a day back or a year ahead, by hand or by a dead battery. Dates
are only shown, never trusted for order: the store numbers games in the order it makes them
(``seq``), and measures the pause between two games with the steady clock, which no one sets.

The steady clock is the seconds since the machine started (Linux and Android:
``CLOCK_BOOTTIME``, counting sleep too), named by the boot it belongs to
(``/proc/sys/kernel/random/boot_id``), so readings of different processes of one boot compare.
Elsewhere it is :func:`time.monotonic` named by this process: readings of one run compare, and
readings of different boots or runs fall back to the wall clock (:func:`elapsed`).

Tests fake both by replacing :func:`wall` and :func:`tick` in this module (the store calls them
through it).
"""

from __future__ import annotations

import datetime as dt
import functools
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Tick", "elapsed", "tick", "wall"]


@dataclass(frozen=True)
class Tick:
    """A reading of the steady clock: which boot (or process) and the seconds counted in it."""

    boot: str
    seconds: float

    def to_json(self) -> list[object]:
        return [self.boot, round(self.seconds, 3)]

    @classmethod
    def from_json(cls, value: object) -> Tick | None:
        """The reading :meth:`to_json` wrote; ``None`` for anything else (an older file: none)."""
        if (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)
                and 0 < len(value[0]) <= 64 and type(value[1]) in (int, float) and value[1] >= 0):
            return cls(value[0], float(value[1]))
        return None


@functools.cache
def _steady_source() -> tuple[str, int | None]:
    """The name of this boot and the clock that counts from it (``None``: :func:`time.monotonic`)."""
    boottime = getattr(time, "CLOCK_BOOTTIME", None)
    if boottime is not None:
        try:
            boot = Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
            time.clock_gettime(boottime)
        except (OSError, ValueError):
            boot = ""
        if 0 < len(boot) <= 64:
            return boot, boottime
    return f"run-{uuid.uuid4().hex}"[:64], None


def wall() -> dt.datetime:
    """Now by the wall clock (UTC): what dates say."""
    return dt.datetime.now(dt.UTC)


def tick() -> Tick:
    """Now by the steady clock."""
    # named at the first reading, not at import: the offline build's memory snapshot imports
    # this module once for every later start, and each start is a run of its own
    boot, clock = _steady_source()
    seconds = time.clock_gettime(clock) if clock is not None else time.monotonic()
    return Tick(boot, seconds)


def elapsed(since: tuple[dt.datetime, Tick | None], until: tuple[dt.datetime, Tick | None]) -> dt.timedelta:
    """The time from one moment (wall time, steady reading) to a later one.

    By the steady clock when both readings are of one boot: a wall clock set back or ahead in
    between changes nothing. Else by the wall clocks (another boot, another machine, a game
    imported or stored before the steady clock was kept), where a clock that went back counts as
    no time: the moments are in this order (the store's sequence says so), so nothing longer
    passed that the clocks can tell.
    """
    (since_wall, since_tick), (until_wall, until_tick) = since, until
    if since_tick is not None and until_tick is not None and since_tick.boot == until_tick.boot:
        return dt.timedelta(seconds=max(0.0, until_tick.seconds - since_tick.seconds))
    return max(until_wall - since_wall, dt.timedelta(0))
